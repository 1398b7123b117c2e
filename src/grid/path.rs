//! Pathfinding over the terrain for one mover: a full Dijkstra field from the mover's
//! cell (what it can reach and by which path) and a multi-source field towards a set of
//! goal cells (how far each cell still is from the nearest goal). Costs are
//! lexicographic: first the number of avoided cells entered, then movement points.

use super::{Cell, TerrainMap};

/// Cost of a path: avoided cells entered, then movement points spent (difficult terrain
/// costs 2 to enter unless flying; on alternating-metric boards every second diagonal
/// costs 2). Ordered lexicographically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PathCost {
    pub avoided: u32,
    pub steps: u32,
}

/// What a mover may pass and what its controller wants avoided. Slices are indexed by
/// [`crate::grid::Grid::index`] and have one entry per cell.
#[derive(Clone, Copy, Debug)]
pub struct Passage<'a> {
    pub map: &'a TerrainMap,
    /// Cells the mover may not pass through (enemy figures).
    pub blocked: &'a [bool],
    /// Cells the controller would rather not enter (difficult, hazardous, own traps).
    /// Entering one adds 1 to [`PathCost::avoided`].
    pub avoided: &'a [bool],
    /// Ignores difficult terrain costs and may pass over `blocked` cells.
    pub flying: bool,
    /// May pass through walls and obstacles (but the caller must not end a move there).
    pub intangible: bool,
}

/// Result of a Dijkstra search: best cost and predecessor for every reached cell.
#[derive(Clone, Debug)]
pub struct MoveField {
    // implementation-defined
}

impl MoveField {
    /// Best cost from the source(s) to `c`, `None` when unreachable.
    pub fn cost(&self, c: Cell) -> Option<PathCost> {
        todo!()
    }

    /// The cells walked from the source to `c` (source excluded, `c` included); empty when
    /// `c` is a source or unreachable. For a goal field this walks from `c` towards the
    /// nearest goal instead (c excluded, goal included).
    pub fn path(&self, c: Cell) -> Vec<Cell> {
        todo!()
    }
}

/// Dijkstra from `start` over every cell the mover can reach. Ties between equal-cost
/// predecessors are broken by reading order of the predecessor, so paths are
/// deterministic.
pub fn move_field(passage: &Passage, start: Cell) -> MoveField {
    todo!()
}

/// Multi-source Dijkstra: for every cell, the cost of walking from it to the nearest of
/// `goals` under the same passage rules (entering a cell costs what entering it costs in
/// the forward direction).
pub fn goal_field(passage: &Passage, goals: &[Cell]) -> MoveField {
    todo!()
}

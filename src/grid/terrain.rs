//! Terrain per cell and thin walls on the edges between cells, with the movement and
//! sight questions every controller asks of them.

use super::{Cell, Grid};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    #[default]
    Floor,
    /// Blocks movement, sight and proximity.
    Wall,
    /// Blocks movement only.
    Obstacle,
    /// Costs 2 to enter.
    Difficult,
    /// Harms whoever enters; monsters avoid it.
    Hazardous,
    /// A figure entering slides on in the same direction.
    Icy,
    /// Blocks movement and sight.
    ClosedDoor,
    /// Floor for all purposes.
    OpenDoor,
}

impl Terrain {
    pub fn blocks_movement(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::Obstacle | Terrain::ClosedDoor)
    }
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::ClosedDoor)
    }
}

/// The board's terrain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainMap {
    pub grid: Grid,
    cells: Vec<Terrain>,
    /// Thin walls, each stored once as (smaller cell, larger cell).
    thin_walls: BTreeSet<(Cell, Cell)>,
}

impl TerrainMap {
    /// An all-floor map.
    pub fn new(grid: Grid) -> TerrainMap {
        TerrainMap { grid, cells: vec![Terrain::Floor; grid.len()], thin_walls: BTreeSet::new() }
    }

    pub fn terrain(&self, c: Cell) -> Terrain {
        self.cells[self.grid.index(c)]
    }

    pub fn set(&mut self, c: Cell, t: Terrain) {
        let i = self.grid.index(c);
        self.cells[i] = t;
    }

    /// Adds a thin wall on the edge between two adjacent cells.
    pub fn add_thin_wall(&mut self, a: Cell, b: Cell) {
        self.thin_walls.insert(if a < b { (a, b) } else { (b, a) });
    }

    pub fn thin_walls(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.thin_walls.iter().copied()
    }

    /// True when a thin wall separates two adjacent cells.
    pub fn thin_wall_between(&self, a: Cell, b: Cell) -> bool {
        self.thin_walls.contains(&if a < b { (a, b) } else { (b, a) })
    }

    /// Can a walker step directly from `a` to the neighbouring cell `b`, terrain-wise?
    /// False when `b` blocks movement, a thin wall separates them, or (square grids) the
    /// step is diagonal and both cells beside the diagonal block movement (or a thin wall
    /// closes the corner on both sides). Passing one blocked corner is allowed.
    pub fn step_open(&self, a: Cell, b: Cell) -> bool {
        todo!()
    }

    /// Like [`TerrainMap::step_open`] but only walls, closed doors and thin walls matter
    /// (used for proximity and range, which count around walls, not obstacles).
    pub fn step_open_for_range(&self, a: Cell, b: Cell) -> bool {
        todo!()
    }

    /// Steps from `from` to every cell, counted around walls (not obstacles or figures),
    /// with the grid metric. `None` where no route exists. Indexed by [`Grid::index`].
    pub fn range_distances(&self, from: Cell) -> Vec<Option<u32>> {
        todo!()
    }
}

//! Grid kinds (square with a distance metric, or flat-topped hex with offset columns),
//! bounds, neighbours and plain distances that ignore terrain.

use super::Cell;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How steps are counted on a square grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Diagonal steps cost 1.
    #[default]
    Chebyshev,
    /// No diagonal steps.
    Manhattan,
    /// Every second diagonal step costs 2 (the 5-10-5 rule).
    Alternating,
}

/// The shape of the board's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    Square(Metric),
    /// Flat-topped hexes in offset columns: odd columns (B, D, ...) sit half a hex lower.
    Hex,
}

/// A rectangular board of `width` columns and `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub kind: GridKind,
    pub width: u32,
    pub height: u32,
}

impl Grid {
    pub fn new(kind: GridKind, width: u32, height: u32) -> Grid {
        Grid { kind, width, height }
    }

    pub fn contains(&self, c: Cell) -> bool {
        todo!()
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        todo!()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of an in-bounds cell (row-major).
    pub fn index(&self, c: Cell) -> usize {
        todo!()
    }

    /// Inverse of [`Grid::index`].
    pub fn cell_at(&self, index: usize) -> Cell {
        todo!()
    }

    /// All cells in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len()).map(|i| self.cell_at(i))
    }

    /// In-bounds neighbours in a fixed order. Square grids: 8 (4 with Manhattan); hex: 6.
    pub fn neighbours(&self, c: Cell) -> Vec<Cell> {
        todo!()
    }

    /// True when `a` and `b` are diagonal neighbours on a square grid.
    pub fn is_diagonal(&self, a: Cell, b: Cell) -> bool {
        todo!()
    }

    /// True when the two cells are neighbours on this grid (ignores terrain).
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        todo!()
    }

    /// Steps between two cells on an empty board, under the grid's metric.
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        todo!()
    }

    /// In-bounds cells within `radius` steps of `centre` (including it), reading order.
    pub fn within(&self, centre: Cell, radius: u32) -> Vec<Cell> {
        todo!()
    }
}

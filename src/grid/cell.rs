//! A cell address and its human name (`A1` is the top-left cell; columns are letters,
//! rows are numbers counted from 1), as printed by `show` and used in narration.

use std::fmt;

/// A cell on the board. Ordering is reading order (row first, then column), which is the
/// fixed tie rule used wherever the rules leave several equal cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: i32,
    pub col: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a cell name: {reason} (cells are named like `A1` or `C12`: column letters, then the row number)")]
pub struct CellNameError {
    pub text: String,
    pub reason: String,
}

impl Cell {
    pub const fn new(col: i32, row: i32) -> Cell {
        Cell { row, col }
    }

    /// The cell's label: column letters (A..Z, AA..) then the 1-based row.
    pub fn name(self) -> String {
        todo!()
    }

    /// Parses a label such as `c4` or `AB12` (letters are case-insensitive).
    pub fn parse(text: &str) -> Result<Cell, CellNameError> {
        todo!()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

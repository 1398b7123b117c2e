//! Where gloom's hexes land on our board. gloom draws flat-topped hexes in columns with
//! row 0 at the bottom and odd columns half a hex higher; our boards count rows from the
//! top with odd columns half a hex lower. Turning the rows over and lifting the odd
//! columns by one row keeps the picture as gloom shows it: the board is one row taller
//! than gloom's grid, and the two half rows gloom has no hexes in (the top hex of each
//! even column, the bottom hex of each odd one) are walls.
//!
//! gloom's area picker already has our picture's layout (rows downwards, odd columns
//! half a hex lower), so an area is written as it is picked.

use super::scenario::{AOE_CENTER, AOE_SIDE, GRID_HEIGHT, GRID_WIDTH};
use crate::area_text;
use crate::grid::Cell;
use crate::grid::layout::axial;

/// Our board's width, in columns.
pub const WIDTH: usize = GRID_WIDTH;
/// Our board's height, in rows.
pub const HEIGHT: usize = GRID_HEIGHT + 1;

/// Our cell for a gloom location (`column × 25 + row`).
pub(crate) fn cell_of(location: usize) -> Cell {
    let column = location / GRID_HEIGHT;
    let row = location % GRID_HEIGHT;
    Cell::new(column as i32, (GRID_HEIGHT - row - column % 2) as i32)
}

/// True for the cells of our board that are no gloom hex.
pub(crate) fn is_filler(cell: Cell) -> bool {
    let even = cell.col % 2 == 0;
    (even && cell.row == 0) || (!even && cell.row == GRID_HEIGHT as i32)
}

/// The hex across a gloom hex's edge `side` (0: top, 1: upper right, 2: lower right), if
/// that is a gloom hex too.
pub(crate) fn across(cell: Cell, side: usize) -> Option<Cell> {
    let even = cell.col % 2 == 0;
    let other = match (side, even) {
        (0, _) => Cell::new(cell.col, cell.row - 1),
        (1, true) => Cell::new(cell.col + 1, cell.row - 1),
        (1, false) => Cell::new(cell.col + 1, cell.row),
        (_, true) => Cell::new(cell.col + 1, cell.row),
        (_, false) => Cell::new(cell.col + 1, cell.row + 1),
    };
    let on_board = other.col >= 0
        && other.row >= 0
        && (other.col as usize) < WIDTH
        && (other.row as usize) < HEIGHT;
    (on_board && !is_filler(other)).then_some(other)
}

/// The area as our picture (`X` area hexes, `@` the attacker for a melee area); `None`
/// when it has no area hex.
pub(crate) fn area_picture(aoe: &[usize], melee: bool) -> Option<String> {
    let hex = |i: usize| axial(Cell::new((i / AOE_SIDE) as i32, (i % AOE_SIDE) as i32));
    let hexes: Vec<_> = aoe
        .iter()
        .filter(|&&i| !(melee && i == AOE_CENTER))
        .map(|&i| hex(i))
        .collect();
    if hexes.is_empty() {
        return None;
    }
    Some(area_text(&hexes, melee.then(|| hex(AOE_CENTER))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gloom_hexes_keep_their_neighbours() {
        // gloom column 0, row 0 (bottom left) is our A26; its upper-right neighbour, column
        // 1 row 0, sits half a hex higher: B25.
        assert_eq!(cell_of(0).name(), "A26");
        assert_eq!(cell_of(25).name(), "B25");
        assert_eq!(across(cell_of(0), 1), Some(cell_of(25)));
        // Its top neighbour is column 0, row 1.
        assert_eq!(across(cell_of(0), 0), Some(cell_of(1)));
        // Column 1 row 0's lower-right neighbour is column 2 row 0.
        assert_eq!(across(cell_of(25), 2), Some(cell_of(50)));
        // The top hex of an even column has nothing above it.
        assert_eq!(across(cell_of(24), 0), None);
        assert!(is_filler(Cell::new(0, 0)) && is_filler(Cell::new(1, 25)));
        assert!(!is_filler(cell_of(24)) && !is_filler(cell_of(49)));
    }

    #[test]
    fn areas_are_pictured_as_picked() {
        // Centre (column 3, row 3) and the hex below it (column 3, row 4): a melee line.
        assert_eq!(area_picture(&[24, 25], true).as_deref(), Some("@//X"));
        // A ranged triangle: column 2 row 3, column 3 row 3, column 2 row 4.
        assert_eq!(
            area_picture(&[17, 18, 24], false).as_deref(),
            Some("X/  X/X")
        );
        assert_eq!(area_picture(&[24], true), None);
    }
}

//! Pictures of a board for people: a text map for the terminal (Unicode box drawing or
//! plain ASCII, optionally coloured) and an SVG drawing. Both are byte-stable, so golden
//! files can pin them.
//!
//! Everything here reads a [`Fight`] and never changes it. The parts both pictures share
//! live in this module: each creature's short marker ([`markers`]), the cell names along
//! the edges, and the walked paths read from a `--json` event document ([`paths`]).

pub mod disc_label;
pub mod heading;
pub mod layout;
pub mod legend;
pub mod markers;
pub mod odds;
pub mod paths;
pub mod svg;
pub mod svg_key;
pub mod svg_parts;
pub mod svg_paths;
pub mod table;
pub mod terminal;

pub use markers::markers;
pub use paths::{Drawing, WalkedPath, read_paths};

use crate::board::Fight;
use crate::grid::Cell;

pub use crate::board::overlay::Overlay;

/// The name of column `col` (`A`, `B`, …, `AA`, …), as used in cell names.
pub fn column_name(col: i32) -> String {
    let name = Cell::new(col, 0).name();
    name.trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

/// The creature standing on each cell, indexed like the grid (`None` for an empty cell).
pub(crate) fn occupants(fight: &Fight) -> Vec<Option<usize>> {
    let g = fight.grid();
    let mut at = vec![None; g.len()];
    for i in 0..fight.board.creatures.len() {
        for c in fight.cells_of(i).filter(|&c| g.contains(c)) {
            at[g.index(c)] = Some(i);
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_match_cell_names() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(999), "ALL");
    }
}

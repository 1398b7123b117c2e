//! What a system adds to the pictures of its boards (`show`): labels on cells and lines
//! of text. A plain description, so that a system can say it without knowing how the
//! pictures are drawn.

use super::Fight;
use crate::grid::Cell;

/// What a system adds to the pictures of its boards: short labels on cells (a large
/// monster's facing and blind spot) and lines of text under the map (its decks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// A cell, its two-character label, and what the label means (for the key).
    pub marks: Vec<(Cell, String, String)>,
    /// Lines of text shown under the map, in order.
    pub lines: Vec<String>,
}

impl Overlay {
    /// Each cell's label, indexed like the grid.
    pub fn labels(&self, fight: &Fight) -> Vec<Option<String>> {
        let g = fight.grid();
        let mut at = vec![None; g.len()];
        for (c, label, _) in self.marks.iter().filter(|(c, _, _)| g.contains(*c)) {
            at[g.index(*c)] = Some(label.clone());
        }
        at
    }
}

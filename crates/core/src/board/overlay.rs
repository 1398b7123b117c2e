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
    /// Lines of text under the map and key, in order.
    pub lines: Vec<String>,
    /// What stands in place of a creature's hit points, by creature id, where the system
    /// measures its health otherwise (an AI deck's cards, Life, a survivor's armour).
    pub health: std::collections::BTreeMap<String, String>,
    /// The system's own words for a creature's state, by creature id, shown with its
    /// statuses (an AI-deck survivor knocked down, the status cards it holds).
    pub notes: std::collections::BTreeMap<String, Vec<String>>,
    /// The rank a system gives a creature above the ordinary, by creature id (an ability
    /// deck's `elite`): told after its type and drawn with a gold ring.
    pub ranks: std::collections::BTreeMap<String, String>,
}

impl Overlay {
    /// What the pictures say of creature `id`'s health: the system's words, else its HP.
    pub fn health_of(&self, id: &str, hp: i32, max_hp: i32) -> String {
        self.health
            .get(id)
            .cloned()
            .unwrap_or_else(|| format!("{hp}/{max_hp}"))
    }

    /// The system's words for creature `id`'s state (none when it has none).
    pub fn notes_of(&self, id: &str) -> &[String] {
        self.notes.get(id).map_or(&[], Vec::as_slice)
    }

    /// The rank of creature `id`, when its system gives it one.
    pub fn rank_of(&self, id: &str) -> Option<&str> {
        self.ranks.get(id).map(String::as_str)
    }

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

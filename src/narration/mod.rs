//! Turning events into output: readable text for the table, or one JSON document.

pub mod json;
pub mod text;

use std::collections::BTreeMap;

/// Display names by creature id, gathered before and after the command (so the dead and
/// the newly arrived can both be named).
#[derive(Clone, Debug, Default)]
pub struct Names(pub BTreeMap<String, String>);

impl Names {
    pub fn add_from(&mut self, board: &crate::board::Board) {
        for c in board
            .creatures
            .iter()
            .chain(board.fallen.iter().map(|f| &f.creature))
        {
            self.0
                .entry(c.id.clone())
                .or_insert_with(|| c.display_name().to_string());
        }
    }

    pub fn of(&self, id: &str) -> String {
        self.0.get(id).cloned().unwrap_or_else(|| id.to_string())
    }
}

//! `check` for a scheme file of ability-deck monsters, and the stats a board's creatures
//! of these types get when the board is loaded.

use super::compile::{AbilityDecks, load_decks};
use crate::board::load::load_board;
use crate::board::{Saves, StatSource, Stats, Trait};
use crate::error::Result;
use crate::io::load::read_text;

impl StatSource for AbilityDecks {
    /// The type's normal line at its lowest level, one character: what a board needs to
    /// check its creatures. A turn reads the exact line (level, elite, characters).
    fn stats(&self, kind: &str) -> Option<Stats> {
        let t = self.get(kind)?;
        let (_, (normal, _)) = t.levels.iter().next()?;
        let mut traits = Vec::new();
        if normal.flying {
            traits.push(Trait::Flying);
        }
        Some(Stats {
            max_hp: normal.hp.value(1).clamp(1, i64::from(i32::MAX)) as i32,
            defence: 0,
            speed: normal.movement.value(1).clamp(0, 1000) as u32,
            range: normal.range.max(1),
            saves: Saves::default(),
            traits,
            boss: t.boss,
            retaliation: None,
        })
    }
    fn kinds(&self) -> Vec<String> {
        self.types.iter().map(|t| t.name.clone()).collect()
    }
}

/// Validates an ability-deck scheme file and, optionally, a board against it.
pub fn check(file: &str, text: &str, board: Option<&str>) -> Result<String> {
    let decks = load_decks(file, text)?;
    let n = decks.types.len();
    let cards: usize = decks.types.iter().map(|t| t.cards.len()).sum();
    let mut summary = format!(
        "{file}: {n} monster type{} OK ({cards} ability cards)",
        if n == 1 { "" } else { "s" }
    );
    if let Some(b) = board {
        let fight = load_board(b, &read_text(b)?, &decks)?;
        summary.push_str(&format!(
            "\n{b}: {} creatures on a {}x{} board OK",
            fight.board.creatures.len(),
            fight.grid().width,
            fight.grid().height
        ));
    }
    Ok(summary)
}

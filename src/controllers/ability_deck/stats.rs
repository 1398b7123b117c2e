//! The stats a board's creatures of ability-deck types get when the board is loaded (the
//! exact line of each is filled in afterwards by `turn::prepare`).

use super::compile::AbilityDecks;
use crate::board::{Saves, StatSource, Stats, Trait};

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
            opportunity: None,
        })
    }
    fn kinds(&self) -> Vec<String> {
        self.types.iter().map(|t| t.name.clone()).collect()
    }
    /// The Gloomhaven family has no opportunity attacks.
    fn opportunity_attacks(&self) -> bool {
        false
    }
}

//! The stats a board's creatures of ability-deck types get when the board is loaded (the
//! exact line of each is filled in afterwards by `stat_line::prepare`), and the other
//! numbers the scenario level sets: hazardous terrain's damage and a money token's gold.

use super::compile::AbilityDecks;
use super::stat_line::{characters_on, line_at, stats_of};
use super::state::{RuleVariant, board_level, board_rule_variant};
use crate::board::{Board, Creature, Fight, Saves, StatSource, Stats, Trait};

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
    /// A character attacks with `record attack` (its card and the modifier it drew).
    fn players_commands(&self) -> Option<&'static str> {
        Some(
            "`move`, `record BOARD attack` (CHARACTER TARGET ATTACK CARD [pierce N] [CONDITION ...]) and the other player commands (heal, status, door, ...)",
        )
    }
    /// The exact line: the board's level, elite or normal, its characters counted.
    fn creature_stats(&self, board: &Board, creature: &Creature) -> Option<Stats> {
        let t = self.get(creature.kind.as_deref()?)?;
        let l = line_at(t, board_level(board), characters_on(board), creature.elite)?;
        Some(stats_of(t, &l))
    }
    /// Each card of the round's turn order stands at its initiative.
    fn card_initiative(&self, fight: &Fight, card: &str) -> Option<u32> {
        super::initiative::of_card(fight, self, card)
    }
    /// An elite monster's turn header says so.
    fn rank(&self, fight: &Fight, id: &str) -> Option<&'static str> {
        is_elite(fight, id).then_some("elite")
    }
    /// A boss whose `hp` is written with `C`.
    fn max_hp_counts_characters(&self, kind: &str) -> bool {
        self.get(kind).is_some_and(|t| {
            t.levels.values().any(|(normal, elite)| {
                normal.hp.per_character != 0
                    || elite.as_ref().is_some_and(|e| e.hp.per_character != 0)
            })
        })
    }
    /// Hazardous terrain deals damage by scenario level (see [`hazard_damage`]).
    fn hazard_damage(&self, board: &Board) -> Option<i32> {
        Some(hazard_damage(board_rule_variant(board), board_level(board)))
    }
}

/// Whether monster `id` on the board is elite: the one place the narration's words ask
/// (its turn header).
fn is_elite(fight: &Fight, id: &str) -> bool {
    fight
        .index_of(id)
        .is_some_and(|i| fight.board.creatures[i].elite)
}

/// What hazardous terrain deals at scenario `level`: in Gloomhaven half the trap damage
/// (2 + level) rounded down; in Frosthaven and Jaws of the Lion 1 + level / 3 rounded up.
pub(crate) fn hazard_damage(variant: RuleVariant, level: u32) -> i32 {
    let level = level.min(1000) as i32;
    match variant {
        RuleVariant::Gloomhaven => (2 + level) / 2,
        RuleVariant::Frosthaven | RuleVariant::JawsOfTheLion => 1 + (level + 2) / 3,
    }
}

/// The gold one money token is worth at scenario `level`, from the printed table of the
/// Gloomhaven family: 2, 2, 3, 3, 4, 4, 5, 6 for levels 0 to 7. The games stop at level 7;
/// a board above it keeps level 7's 6 (docs/ability-decks.md, "Loot").
pub(crate) fn gold_per_token(level: u32) -> u32 {
    const TABLE: [u32; 8] = [2, 2, 3, 3, 4, 4, 5, 6];
    TABLE[(level as usize).min(TABLE.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_money_token_is_worth_more_at_higher_levels() {
        let by: Vec<u32> = (0..=9).map(gold_per_token).collect();
        assert_eq!(by, [2, 2, 3, 3, 4, 4, 5, 6, 6, 6]);
        assert_eq!(gold_per_token(u32::MAX), 6);
    }

    #[test]
    fn hazard_damage_by_level() {
        let by = |v| (0..=7).map(|l| hazard_damage(v, l)).collect::<Vec<_>>();
        assert_eq!(by(RuleVariant::Gloomhaven), [1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(by(RuleVariant::Frosthaven), [1, 2, 2, 2, 3, 3, 3, 4]);
        assert_eq!(by(RuleVariant::JawsOfTheLion), [1, 2, 2, 2, 3, 3, 3, 4]);
    }
}

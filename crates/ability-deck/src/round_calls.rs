//! The characters' initiatives each round asks for: which round the next deal starts,
//! whose initiative is recorded for it, and the refusal to deal a round while some are
//! missing (a round never reuses last round's initiatives unless the players say so with
//! `record BOARD initiative keep`).
//!
//! A character's initiative counts for a round when `recorded_for` names that round. On
//! a board that has never dealt a round (no turn order yet) every initiative given counts
//! for the first one.

use super::state::{initiatives, recorded_for};
use crate::board::{Board, Fight};
use crate::rules::world::World;

/// Whether cards of this round are still to come for someone on the board: then the
/// round is under way and initiatives recorded now are for the next one.
pub(crate) fn under_way(fight: &Fight) -> bool {
    let b = &fight.board;
    b.turn_order
        .iter()
        .skip(b.cards_drawn as usize)
        .any(|card| {
            b.creatures
                .iter()
                .any(|c| c.id == *card || c.kind.as_deref() == Some(card.as_str()))
        })
}

/// The round the next deal starts (the board's own round when it has never dealt one).
pub(crate) fn coming_round(board: &Board) -> u32 {
    if board.turn_order.is_empty() {
        board.round
    } else {
        board.round + 1
    }
}

/// The characters whose initiative is not recorded for `round`; `first` when that round
/// is the board's first deal (initiatives given without a round count for it).
pub(crate) fn missing_for(fight: &Fight, round: u32, first: bool) -> Vec<String> {
    let given = initiatives(fight);
    let rounds = recorded_for(fight);
    fight
        .board
        .character_ids()
        .into_iter()
        .filter(|id| {
            // Before the first deal any initiative given counts (`round` numbers that
            // deal one past the board's round, `next` does not).
            let counts = if first {
                given.contains_key(id)
            } else {
                rounds.get(id) == Some(&round)
            };
            !counts
        })
        .collect()
}

/// The characters whose initiative is still to record for the coming round (none while
/// a round is under way: theirs are laid in its turn order).
pub(crate) fn missing(fight: &Fight) -> Vec<String> {
    if under_way(fight) {
        return Vec::new();
    }
    let b = &fight.board;
    missing_for(fight, coming_round(b), b.turn_order.is_empty())
}

/// The command that records `ids`' initiatives, with a placeholder number each.
pub(crate) fn record_command(ids: &[String]) -> String {
    let each: Vec<String> = ids.iter().map(|id| format!("{id}=NN")).collect();
    format!("monster-ai record BOARD initiative {}", each.join(" "))
}

/// Before round `round` is dealt (the board's round already set to it): stops the
/// command when a character's initiative for it is not recorded. Returns whether the
/// deal may go on.
pub(crate) fn ready_to_deal(world: &mut World, first: bool) -> bool {
    let round = world.fight().board.round;
    let missing = missing_for(world.fight(), round, first);
    if missing.is_empty() {
        return true;
    }
    let names: Vec<String> = missing.iter().map(|id| world.name(id)).collect();
    world.stop(
        format!(
            "round {round} needs every character's initiative, and {} not recorded for it: {}",
            if missing.len() == 1 { "one is" } else { "some are" },
            names.join(", ")
        ),
        format!(
            "record them first: `{}` (or keep last round's: `monster-ai record BOARD initiative keep`)",
            record_command(&missing)
        ),
    );
    false
}

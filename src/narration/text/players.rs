//! The characters' turns and the players' commands: whose turn it is and what it plays
//! under, its end, and the creatures and gold the players add, remove, place or change.

use crate::narration::Names;
use crate::rules::events::Event;
use std::fmt::Write;

/// The line telling a character's turn or a player's command; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::CharacterTurn {
            creature,
            commands,
            conditions,
        } => {
            let commands = commands
                .as_deref()
                .unwrap_or("the player commands (hit, move, heal, ...)");
            write!(
                s,
                "  It is {}'s turn. Play it, record it with {commands}, then run `next`.",
                n.of(creature)
            )
            .ok()?;
            for c in conditions {
                write!(s, "\n    {} {}.", n.of(creature), held(c)).ok()?;
            }
        }
        // Told on standard error as a warning by the command (`cli::follow`).
        Event::OutOfTurn { .. } => return None,
        Event::CharacterTurnOver { creature } => {
            write!(s, "{}'s turn is over.", n.of(creature)).ok()?
        }
        Event::Added {
            creature,
            side,
            kind,
            cell,
            hp,
            max_hp,
            health,
            ..
        } => {
            let what = if kind.is_empty() {
                format!("on the {side}' side")
            } else {
                format!("{kind}, on the {side}' side")
            };
            let with = match health {
                Some(words) => words.clone(),
                None => format!("{hp}/{max_hp} HP"),
            };
            write!(
                s,
                "  {} ({what}) joins the fight on {cell} with {with}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::Removed { creature, cell, .. } => {
            write!(s, "  {} is taken off the board at {cell}.", n.of(creature)).ok()?
        }
        Event::Placed { creature, from, to } => {
            write!(s, "  {} is placed on {to} (from {from}).", n.of(creature)).ok()?
        }
        Event::GoldChanged {
            creature,
            change,
            gold,
        } => {
            let verb = if *change < 0 { "loses" } else { "gains" };
            write!(
                s,
                "  {} {verb} {} gold, now {gold}.",
                n.of(creature),
                change.unsigned_abs()
            )
            .ok()?
        }
        _ => return None,
    }
    Some(s)
}

/// A status a character plays its turn under, told as what it means for the turn:
/// "is muddled until the end of this turn: disadvantage on their attacks".
fn held(c: &crate::rules::events::Held) -> String {
    use crate::board::{StatusKind as K, Until};
    let n = c.amount.unwrap_or(0);
    let what = match c.status {
        K::Dazed => "disadvantage on their attacks and saving throws".to_string(),
        K::Disarmed => "they cannot attack".to_string(),
        K::Immobilized => "they cannot move".to_string(),
        K::Stunned => "they cannot act".to_string(),
        K::Withered => format!("their attacks deal {n} less"),
        K::Shielded => format!("each attack on them deals {n} less"),
        K::Terrified => "they are frightened".to_string(),
        K::Retreating => "they leave the fight".to_string(),
        K::Poisoned => {
            "every attack on them gains +1; a heal cures it instead of healing".to_string()
        }
        K::Wounded => "1 damage at the start of each of their turns; a heal cures it".to_string(),
        K::Muddled => "disadvantage on their attacks".to_string(),
        K::Strengthened => "advantage on their attacks".to_string(),
        K::Invisible => "enemies cannot focus on or attack them".to_string(),
        K::Retaliating => format!(
            "an enemy attacking them from within {} takes {n}",
            c.range.unwrap_or(1)
        ),
    };
    let amount = match (c.status.measured(), c.range) {
        (true, Some(r)) => format!(" {n} (range {r})"),
        (true, None) => format!(" {n}"),
        _ => String::new(),
    };
    let until = match c.until {
        Until::EndOfNextTurn => " until the end of this turn",
        Until::StartOfNextTurn => " until the start of their next turn",
        Until::Healed => " until healed",
        Until::Removed => "",
    };
    format!("is {}{amount}{until}: {what}", c.status.label())
}

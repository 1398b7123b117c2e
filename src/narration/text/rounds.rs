//! Rounds and the turn-order deck: a round begins, a card is drawn or passed over,
//! the round's order, and the fight's end (a side wins, or a stalemate).

use crate::narration::Names;
use crate::rules::events::Event;
use std::fmt::Write;

/// The line telling a round, a card of the turn-order deck or the fight's end; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::RoundStart { round } => write!(s, "=== Round {round} begins ===").ok()?,
        Event::CardDrawn {
            card,
            position,
            size,
            entered,
        } => write!(
            s,
            "\n-- Card {position} of {size}: {}{} --",
            n.of(card),
            crate::rules::words::entered_mark(*entered)
        )
        .ok()?,
        Event::CardPassed { card, reason } => {
            write!(s, "  Passing over {}: {reason}.", n.of(card)).ok()?
        }
        Event::TurnOrder {
            cards, by_players, ..
        } if *by_players => {
            let names: Vec<String> = cards.iter().map(|c| n.of(c)).collect();
            write!(
                s,
                "Your turn-order deck this round: {} ({} cards); shuffle it and turn up one card for each `next`",
                names.join(", "),
                cards.len()
            )
            .ok()?
        }
        Event::TurnOrder {
            cards, initiatives, ..
        } => {
            // "3. Grave Warden (22)": each card at its initiative, when the round has them.
            let list: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| match initiatives.get(i) {
                    Some(init) => format!("{}. {} ({init})", i + 1, n.of(c)),
                    None => format!("{}. {}", i + 1, n.of(c)),
                })
                .collect();
            write!(s, "Turn order: {}", list.join(", ")).ok()?
        }
        Event::FightOver { winner } => {
            let who = if winner == "players" {
                "the heroes win: no monsters are left"
            } else {
                "the monsters win: no heroes are left"
            };
            write!(s, "\n*** The fight is over: {who}. ***").ok()?
        }
        Event::Stalemate { rounds } => write!(
            s,
            "\n*** The fight is over: a stalemate. {rounds} rounds in a row went by with no HP lost or gained, no status gained, nothing changing hands and no one getting closer to an enemy it can reach. ***"
        )
        .ok()?,
        _ => return None,
    }
    Some(s)
}

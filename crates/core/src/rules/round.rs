//! The start of a round, the same for every system: fires burn down, statuses run out,
//! and creatures due this round arrive. The system's own round-start work (Monster A.I.
//! charges) and the round's turn-order deck come in through [`RoundHooks`].

use super::events::Event;
use super::stalemate::{QuietHooks, round_ended};
use super::targeting::closest_free;
use super::world::World;
use crate::board::Creature;
use crate::grid::Cell;

/// What a system does at the start of a round (and what makes a round quiet).
pub trait RoundHooks: QuietHooks {
    /// Right after the new round is announced, before fires burn down: the system's own
    /// round-start work (charges come off).
    fn round_started(&self, _world: &mut World) {}
    /// Lays out the new round's turn-order deck (after the shared round start has run).
    fn order_round(&self, world: &mut World);
    /// Whether the turn-order deck is a shuffled deck the players may draw from
    /// themselves (`next --cards`). No by default: an order by initiative is known.
    fn turn_cards_drawn(&self) -> bool {
        false
    }
    /// The last round that may be played, when there is one (`simulate --rounds`): once
    /// its deck is spent no new round begins. None by default: the fight goes on.
    fn last_round(&self) -> Option<u32> {
        None
    }
}

/// Begins the next round: round number, the system's round start, fires, statuses,
/// arrivals. The new round's turn-order deck is laid out by `hooks.order_round`
/// afterwards. Returns false, beginning nothing, when the round that ended was the last
/// quiet round of a stalemate.
pub fn begin_round(world: &mut World, hooks: &(impl RoundHooks + ?Sized)) -> bool {
    if round_ended(world, hooks) {
        return false;
    }
    let round = world.next_round();
    world.emit(Event::RoundStart { round });
    hooks.round_started(world);
    world.burn_down();
    world.expire_character_statuses(round);
    arrive(world, round);
    world.revive_due(round);
    true
}

fn arrive(world: &mut World, round: u32) {
    for a in world.take_arrivals_due(round) {
        for _ in 0..a.count {
            let kind = if a.types.len() == 1 {
                a.types[0].clone()
            } else {
                let pick = world.tie(&format!("which monster answers {}'s call", a.by), &a.types);
                a.types[pick].clone()
            };
            place(world, &kind, a.side, a.near);
        }
    }
}

/// Puts a new monster of `kind` in the free cell closest to `near`.
fn place(world: &mut World, kind: &str, side: crate::board::Side, near: Cell) {
    let Some(stats) = world.stat_source().stats(kind) else {
        return;
    };
    let tied = closest_free(world.fight(), near);
    if tied.is_empty() || !crate::board::limits::room_for_one_more(&world.fight().board) {
        world.emit(Event::NoRoom {
            what: format!("the {kind}"),
            near: near.name(),
            later: false,
        });
        return;
    }
    let names: Vec<String> = tied.iter().map(|c| c.name()).collect();
    let cell = tied[world.tie(&format!("where the {kind} arrives"), &names)];
    let id = fresh_id(world, kind);
    let name = fresh_name(kind, &id);
    let creature = Creature {
        name: Some(name.clone()),
        ..Creature::fresh(id.clone(), side, Some(kind.to_string()), cell, stats.max_hp)
    };
    let event = Event::Arrived {
        creature: id,
        name,
        kind: kind.to_string(),
        cell: cell.name(),
    };
    world.place_creature(creature, stats, event);
}

/// The display name of a creature that arrives during the fight: its type's words, each
/// with a capital, and the number of its id (`ghoul-bat` and `ghoul-bat-2` give
/// `Ghoul Bat 2`), so narration names it like the creatures a board was drawn with.
pub fn fresh_name(kind: &str, id: &str) -> String {
    let words: Vec<String> = kind
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next().map_or(String::new(), |f| {
                f.to_uppercase().collect::<String>() + cs.as_str()
            })
        })
        .collect();
    let number = id.rsplit('-').next().unwrap_or(id);
    format!("{} {number}", words.join(" "))
}

/// `goblin-warrior-3`: the type's name in lower case with dashes, and the next number
/// no creature on the board or among the fallen uses.
pub fn fresh_id(world: &World, kind: &str) -> String {
    let stem: String = kind
        .to_ascii_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let taken = |id: &str| {
        world
            .fight()
            .board
            .creatures
            .iter()
            .chain(world.fight().board.fallen.iter().map(|f| &f.creature))
            .any(|c| c.id == id)
    };
    (1..)
        .map(|n| format!("{stem}-{n}"))
        .find(|id| !taken(id))
        .expect("some number is free")
}

#[cfg(test)]
mod tests {
    use super::fresh_name;

    #[test]
    fn arrivals_are_named_like_the_rest() {
        assert_eq!(fresh_name("ghoul-bat", "ghoul-bat-2"), "Ghoul Bat 2");
        assert_eq!(
            fresh_name("Goblin Warrior", "goblin-warrior-4"),
            "Goblin Warrior 4"
        );
    }
}

//! Playing the turn-order deck card by card (`next`): end the character turn in progress,
//! start a round when the deck is spent, reveal the top card, and tell whether the fight
//! is over. How a round's deck is laid out is the system's business: it comes in as
//! a hook.

use super::events::{Event, Held};
use super::round::{RoundHooks, begin_round};
use super::stalemate::{first_round, round_ended};
use super::world::World;
use crate::board::{Fight, Side};

/// Where a monster type's turn card was drawn: position (1-based) in a deck of `size`
/// cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TurnCard {
    /// Where the card lay in the deck, from 1.
    pub position: u32,
    /// How many cards the deck held.
    pub size: u32,
}

/// What the revealed card asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Revealed {
    /// All monsters of this type act now.
    Monsters {
        /// The monster type whose card it is.
        kind: String,
        /// Where the card lay in the deck.
        card: TurnCard,
    },
    /// This character's turn: the players act, then run `next` again.
    Character(String),
    /// The deck of the last round the hooks allow ([`RoundHooks::last_round`]) is spent:
    /// no new round begins (a stalemate its end brings is still told).
    LastRoundOver,
}

/// The side that has won, when the other has no creature left and none still due (an
/// arrival, a resurrection, or any a system still holds off the board, which `waiting`
/// says: the ability decks' monsters behind a closed door); an empty board with nothing
/// due counts as the monsters' win: no hero is left standing.
pub fn winner(fight: &Fight, waiting: &dyn Fn(Side) -> bool) -> Option<Side> {
    // A side with reinforcements or a resurrection still due is still in the fight.
    let alive = |s: Side| {
        fight.board.creatures.iter().any(|c| c.side == s)
            || fight
                .board
                .arrivals
                .iter()
                .any(|a| a.side == s && a.count > 0)
            || fight
                .board
                .resurrections
                .iter()
                .any(|r| r.creature.side == s)
            || waiting(s)
    };
    match (alive(Side::Players), alive(Side::Monsters)) {
        (true, false) => Some(Side::Players),
        (false, true) => Some(Side::Monsters),
        (false, false) => Some(Side::Monsters),
        _ => None,
    }
}

/// Why the fight is over, in words, when it is: a stalemate, or a side that has won
/// ([`winner`], `waiting` as there).
pub fn why_over(fight: &Fight, waiting: &dyn Fn(Side) -> bool) -> Option<String> {
    if fight.board.stalemate.reached() {
        return Some(format!(
            "a stalemate, {} quiet rounds in a row",
            fight.board.stalemate.quiet
        ));
    }
    winner(fight, waiting).map(|side| {
        match side {
            Side::Players => "the heroes won: no monsters are left",
            Side::Monsters => "the monsters won: no heroes are left",
        }
        .to_string()
    })
}

/// The side that has won the fight `world` plays, if any ([`winner`]), counting the
/// creatures its system holds off the board ([`World::waiting`]).
pub fn winner_in(world: &World) -> Option<Side> {
    winner(world.fight(), &|side| world.waiting(side))
}

/// Ends the character turn in progress, if any: its statuses lasting "until the end of
/// its next turn" run out.
pub fn end_character_turn(world: &mut World) {
    if let Some(id) = world.fight().board.acting.clone() {
        world.set_acting_character(None);
        world.emit(Event::CharacterTurnOver {
            creature: id.clone(),
        });
        world.end_turn(&id);
    }
}

/// Reveals the next card, starting a round first when the deck is spent (or was never
/// laid out) and the hooks allow another: `hooks` start the round and put its deck in
/// order. A character's card starts that character's turn (shields end, fire burns).
/// Cards of creatures no longer on the board are passed over.
pub fn reveal(world: &mut World, hooks: &(impl RoundHooks + ?Sized)) -> Option<Revealed> {
    loop {
        let board = &world.fight().board;
        if board.stalemate.reached() {
            return None;
        }
        if board.turn_order.is_empty() {
            world.emit(Event::RoundStart { round: board.round });
            first_round(world, hooks);
            hooks.order_round(world);
        } else if board.cards_drawn as usize >= board.turn_order.len() {
            if hooks.last_round().is_some_and(|last| board.round >= last) {
                // The round is over all the same: its quiet count is taken.
                if round_ended(world, hooks) {
                    return None;
                }
                return Some(Revealed::LastRoundOver);
            }
            if !begin_round(world, hooks) {
                return None;
            }
            hooks.order_round(world);
        }
        // The system may refuse to deal the round (the players owe it something).
        if world.failed() {
            return None;
        }
        let entered = hooks.turn_cards_drawn() && world.enter_turn_card();
        let (name, position, size) = world.draw_turn_card()?;
        world.emit(Event::CardDrawn {
            card: name.clone(),
            position,
            size,
            entered,
        });
        let kind_alive = world
            .fight()
            .board
            .creatures
            .iter()
            .any(|c| c.kind.as_deref() == Some(name.as_str()) && c.side == Side::Monsters);
        if kind_alive {
            return Some(Revealed::Monsters {
                kind: name,
                card: TurnCard { position, size },
            });
        }
        if world.alive(&name) {
            // A character's wound bleeds as its turn begins.
            if world.start_turn(&name) && world.wound_bleeds(&name) {
                let commands = world.stat_source().players_commands().map(str::to_string);
                let conditions = held(world.fight(), &name);
                world.emit(Event::CharacterTurn {
                    creature: name.clone(),
                    commands,
                    conditions,
                });
                world.set_acting_character(Some(name.clone()));
                return Some(Revealed::Character(name));
            }
            continue;
        }
        world.emit(Event::CardPassed {
            card: name,
            reason: "no one it stands for is left on the board".into(),
        });
        if winner_in(world).is_some() {
            return None;
        }
    }
}

/// The statuses character `id` plays its turn under, as they stand now.
fn held(fight: &Fight, id: &str) -> Vec<Held> {
    fight.index_of(id).map_or_else(Vec::new, |i| {
        fight.board.creatures[i]
            .statuses
            .iter()
            .map(|s| Held {
                status: s.status,
                amount: s.amount,
                range: s.range.filter(|r| *r != 1),
                until: s.until,
            })
            .collect()
    })
}

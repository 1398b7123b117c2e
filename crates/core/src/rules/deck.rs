//! Playing the turn-order deck card by card (`next`): end the character turn in progress,
//! start a round when the deck is spent, reveal the top card, and tell whether the fight
//! is over, how, and in which round ([`ending`]). How a round's deck is laid out is the system's business: it comes in as
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

/// How a fight ended: the round it ended in (the board's round counter, which no round
/// passes once the fight is over) and who won, or a stalemate of `quiet` rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The round the fight ended in.
    pub round: u32,
    /// The side that won; `None` for a stalemate.
    pub winner: Option<Side>,
    /// The quiet rounds in a row that made the stalemate (0 for a win).
    pub quiet: u32,
}

impl Ending {
    /// What ended it, in words: `the heroes won`, `the monsters won`, `a stalemate`.
    pub fn outcome(&self) -> &'static str {
        match self.winner {
            Some(Side::Players) => "the heroes won",
            Some(Side::Monsters) => "the monsters won",
            None => "a stalemate",
        }
    }

    /// Why, in words: `no monsters are left`, `10 quiet rounds in a row`.
    pub fn reason(&self) -> String {
        match self.winner {
            Some(Side::Players) => "no monsters are left".to_string(),
            Some(Side::Monsters) => "no heroes are left".to_string(),
            None => format!("{} quiet rounds in a row", self.quiet),
        }
    }
}

/// How the fight ended, when it is over: a stalemate, or a side that has won
/// ([`winner`], `waiting` as there), in the round the board stands at.
pub fn ending(fight: &Fight, waiting: &dyn Fn(Side) -> bool) -> Option<Ending> {
    let st = &fight.board.stalemate;
    let winner = if st.reached() {
        None
    } else {
        Some(winner(fight, waiting)?)
    };
    Some(Ending {
        round: fight.board.round,
        winner,
        quiet: if winner.is_none() { st.quiet } else { 0 },
    })
}

/// Why the fight is over, in words, when it is ([`ending`]): `a stalemate, 10 quiet
/// rounds in a row`, `the heroes won: no monsters are left`.
pub fn why_over(fight: &Fight, waiting: &dyn Fn(Side) -> bool) -> Option<String> {
    ending(fight, waiting).map(|e| match e.winner {
        None => format!("{}, {}", e.outcome(), e.reason()),
        Some(_) => format!("{}: {}", e.outcome(), e.reason()),
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
                let commands = world.players_commands().map(str::to_string);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NoMonsterTypes;
    use crate::board::load::load_board;

    /// A 3×1 strip: Aria on A1 and, unless `alone`, a goblin on C1; round 4.
    fn fight(alone: bool, extra: &str) -> Fight {
        let goblin = if alone {
            ""
        } else {
            r#", {"id": "g", "side": "monsters", "position": "C1", "hp": 3}"#
        };
        let text = format!(
            r#"{{"format": 2, "round": 4, "grid": {{"kind": "square", "width": 3, "height": 1}},
            "creatures": [{{"id": "aria", "name": "Aria", "side": "players", "position": "A1", "hp": 5}}{goblin}]{extra}}}"#
        );
        load_board("b.json", &text, &NoMonsterTypes).unwrap()
    }

    #[test]
    fn a_fight_under_way_has_no_ending() {
        assert_eq!(ending(&fight(false, ""), &|_| false), None);
        assert_eq!(why_over(&fight(false, ""), &|_| false), None);
    }

    /// The goblin gone: the heroes won, in the round the board stands at (4); a monster
    /// still held off the board keeps the fight going.
    #[test]
    fn a_win_is_told_with_its_round() {
        let f = fight(true, "");
        let e = ending(&f, &|_| false).unwrap();
        assert_eq!(
            e,
            Ending {
                round: 4,
                winner: Some(Side::Players),
                quiet: 0
            }
        );
        assert_eq!(
            (e.outcome(), e.reason().as_str()),
            ("the heroes won", "no monsters are left")
        );
        assert_eq!(
            why_over(&f, &|_| false).unwrap(),
            "the heroes won: no monsters are left"
        );
        assert_eq!(ending(&f, &|side| side == Side::Monsters), None);
    }

    /// Ten quiet rounds in a row of the ten the board allows: a stalemate, both sides
    /// still standing.
    #[test]
    fn a_stalemate_is_told_with_its_quiet_rounds() {
        let f = fight(false, r#", "stalemate": {"after": 10, "quiet": 10}"#);
        let e = ending(&f, &|_| false).unwrap();
        assert_eq!((e.round, e.winner, e.quiet), (4, None, 10));
        assert_eq!(
            why_over(&f, &|_| false).unwrap(),
            "a stalemate, 10 quiet rounds in a row"
        );
    }
}

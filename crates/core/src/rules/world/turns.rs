//! Turns and rounds: a creature's turn starting (shields end, a retreat, fire burns) and
//! ending, the round's number, and the turn-order deck (laid out, drawn from, joined).

use super::World;
use super::ground::FIRE_DAMAGE;
use super::harm::Harm;
use crate::board::stalemate::Mark;
use crate::board::{StatusKind, Trait, Until};
use crate::rules::events::Event;

impl World<'_> {
    /// Starts `id`'s turn: shields and other start-of-turn statuses end, a creature due to
    /// retreat leaves, and one standing in fire burns. Returns false when the creature is
    /// gone and the turn is over.
    pub fn start_turn(&mut self, id: &str) -> bool {
        self.acting = Some(id.to_string());
        let Some(i) = self.idx(id) else { return false };
        let c = &self.fight.board.creatures[i];
        let (name, kind, cell, hp) = (
            c.display_name().to_string(),
            c.kind.clone(),
            c.position.name(),
            c.hp,
        );
        let max_hp = self.fight.stats[i].max_hp;
        let health = self.health(id);
        let rank = self.rank(id);
        self.emit(Event::TurnStart {
            monster: id.to_string(),
            name,
            kind,
            rank,
            cell,
            hp,
            max_hp,
            health,
        });
        let ending: Vec<StatusKind> = self.fight.board.creatures[i]
            .statuses
            .iter()
            .filter(|s| s.until == Until::StartOfNextTurn)
            .map(|s| s.status)
            .collect();
        for s in ending {
            if s == StatusKind::Retreating {
                self.retreat(id);
                return false;
            }
            self.remove_status(id, s, "its turn began");
        }
        let Some(i) = self.idx(id) else { return false };
        let cell = self.fight.board.creatures[i].position;
        let unaffected =
            self.fight.has_trait(i, &Trait::Flying) || self.fight.has_trait(i, &Trait::Floating);
        if self.fight.fire_at(cell) && !unaffected {
            let what = format!(
                "damage from fire at {} to {}",
                cell.name(),
                self.name_of(id)
            );
            let r = self.roll(&FIRE_DAMAGE, &what);
            self.damage(
                id,
                r.total,
                Harm::new("fire").rolled(&r).of_kind(Some("fire")),
            );
        }
        self.alive(id)
    }

    /// Ends `id`'s turn: statuses lasting "until the end of its next turn" run out, unless
    /// they were gained during this very turn.
    pub fn end_turn(&mut self, id: &str) {
        self.acting = None;
        let Some(i) = self.idx(id) else { return };
        let mut ended = Vec::new();
        let c = &mut self.fight.board.creatures[i];
        c.statuses.retain_mut(|s| {
            if s.until != Until::EndOfNextTurn {
                return true;
            }
            if s.fresh {
                s.fresh = false;
                return true;
            }
            ended.push(s.status);
            false
        });
        for s in ended {
            self.emit(Event::StatusEnded {
                creature: id.to_string(),
                status: s.label().to_string(),
                reason: "its turn ended".into(),
                remains: None,
            });
        }
        self.emit(Event::TurnEnd {
            monster: id.to_string(),
        });
        if let Some(hooks) = self.hooks {
            hooks.turn_ended(self, id);
        }
    }

    /// No creature's turn is in progress (the one acting has died).
    pub fn clear_acting(&mut self) {
        self.acting = None;
    }

    /// Lays out the round's turn-order deck (already in order) and starts drawing from
    /// its top.
    pub fn set_turn_order(&mut self, order: Vec<String>) {
        self.lay_out(order, false);
    }

    /// Lays out a round's freshly shuffled turn-order deck (top first): when the players
    /// shuffle and reveal their own this command, it is told as the deck's cards, not as
    /// an order.
    pub fn set_shuffled_turn_order(&mut self, order: Vec<String>) {
        let by_players = self.entered.as_deref().is_some_and(|e| e.draws_cards());
        self.lay_out(order, by_players);
    }

    /// The round's deck laid out, drawn from its top, and told.
    fn lay_out(&mut self, order: Vec<String>, by_players: bool) {
        self.fight.board.turn_order = order;
        self.fight.board.cards_drawn = 0;
        self.tell_turn_order(by_players);
    }

    /// Puts `card` into this round's turn order at `at` (no earlier than the cards
    /// already revealed), and tells the new order: a card that joins the round mid-way
    /// (the ability decks' monsters revealed by an opened door).
    pub fn insert_turn_card(&mut self, at: usize, card: &str) {
        let board = &mut self.fight.board;
        let at = at
            .max(board.cards_drawn as usize)
            .min(board.turn_order.len());
        board.turn_order.insert(at, card.to_string());
        self.tell_turn_order(false);
    }

    /// The `TurnOrder` event for the round's order as it stands. When the players
    /// shuffle their own turn-order deck, the tool's order is its model only: the deck's
    /// cards are told sorted.
    fn tell_turn_order(&mut self, by_players: bool) {
        let mut cards = self.fight.board.turn_order.clone();
        if by_players {
            cards.sort_by_key(|c| (self.name_of(c), c.clone()));
        }
        // A card is a character's when it names one (a character has no type).
        let characters = cards
            .iter()
            .filter(|card| {
                self.idx(card)
                    .is_some_and(|i| self.fight.board.creatures[i].kind.is_none())
            })
            .cloned()
            .collect();
        // Each card's initiative, when the system tells one for every card.
        let initiatives = cards
            .iter()
            .map(|card| self.card_initiative(card))
            .collect::<Option<Vec<u32>>>()
            .unwrap_or_default();
        self.emit(Event::TurnOrder {
            cards,
            characters,
            initiatives,
            by_players,
        });
    }

    /// Draws the next card of the round's turn-order deck: its name, its position (from
    /// 1) and the deck's size. `None` when the deck is empty.
    pub(crate) fn draw_turn_card(&mut self) -> Option<(String, u32, u32)> {
        let board = &mut self.fight.board;
        let size = board.turn_order.len() as u32;
        if size == 0 {
            return None;
        }
        let position = board.cards_drawn + 1;
        let name = board.turn_order[board.cards_drawn as usize].clone();
        board.cards_drawn += 1;
        Some((name, position, size))
    }

    /// The players reveal the next turn card from their own deck (`World::entered_card`
    /// among the cards left, by the names on them): it is moved to the top of what is left, the others keeping
    /// their order. Returns whether a card was entered.
    pub(crate) fn enter_turn_card(&mut self) -> bool {
        let from = self.fight.board.cards_drawn as usize;
        let left: Vec<String> = self
            .fight
            .board
            .turn_order
            .get(from..)
            .map(<[String]>::to_vec)
            .unwrap_or_default();
        if left.is_empty() {
            return false;
        }
        let what = format!(
            "turn card {} of {}",
            from + 1,
            self.fight.board.turn_order.len()
        );
        // The players know the cards by the names printed on them.
        let names: Vec<String> = left.iter().map(|c| self.name_of(c)).collect();
        let Some(k) = self
            .entered_card(&what, &names)
            .and_then(|card| names.iter().position(|c| *c == card))
        else {
            return false;
        };
        let card = self.fight.board.turn_order.remove(from + k);
        self.fight.board.turn_order.insert(from, card);
        true
    }

    /// The next round begins: returns its number.
    pub(crate) fn next_round(&mut self) -> u32 {
        self.fight.board.round += 1;
        self.fight.board.round
    }

    /// Character `id` is taking its turn between commands (`None`: no character is).
    pub(crate) fn set_acting_character(&mut self, id: Option<String>) {
        self.fight.board.acting = id;
    }

    /// Keeps the board as it stands at a round's start (`mark`) and the count of quiet
    /// rounds in a row so far (`rules::stalemate`).
    pub(crate) fn count_quiet_rounds(&mut self, mark: Mark, quiet: u32) {
        let st = &mut self.fight.board.stalemate;
        st.mark = Some(mark);
        st.quiet = quiet;
    }
}

//! Changing the round's turn order after it was laid out, as a `World` method: a card
//! that joins the round mid-way (the ability decks' monsters revealed by an opened door);
//! and the event that tells the order, for it and for `World::set_turn_order`.

use super::events::Event;
use crate::rules::world::World;

impl World<'_> {
    /// Puts `card` into this round's turn order at `at` (no earlier than the cards
    /// already revealed), and tells the new order.
    pub fn insert_turn_card(&mut self, at: usize, card: &str) {
        let board = &mut self.fight.board;
        let at = at
            .max(board.cards_drawn as usize)
            .min(board.turn_order.len());
        board.turn_order.insert(at, card.to_string());
        self.tell_turn_order();
    }

    /// The `TurnOrder` event for the round's order as it stands.
    pub(in crate::rules) fn tell_turn_order(&mut self) {
        let cards = self.fight.board.turn_order.clone();
        // A card is a character's when it names one (a character has no type).
        let characters = cards
            .iter()
            .filter(|card| {
                self.idx(card)
                    .is_some_and(|i| self.fight.board.creatures[i].kind.is_none())
            })
            .cloned()
            .collect();
        self.emit(Event::TurnOrder { cards, characters });
    }
}

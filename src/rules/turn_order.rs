//! Changing the round's turn order after it was laid out, as a `World` method: a card
//! that joins the round mid-way (the ability decks' monsters revealed by an opened door).

use super::events::Event;
use crate::rules::world::World;

impl World<'_> {
    /// Puts `card` into this round's turn order at `at` (no earlier than the cards
    /// already revealed), and tells the new order.
    pub fn insert_turn_card(&mut self, at: usize, card: &str) {
        let board = &mut self.fight.board;
        let at = at.clamp(board.cards_drawn as usize, board.turn_order.len());
        board.turn_order.insert(at, card.to_string());
        let cards = board.turn_order.clone();
        let characters = cards
            .iter()
            .filter(|c| {
                self.idx(c)
                    .is_some_and(|i| self.fight.board.creatures[i].kind.is_none())
            })
            .cloned()
            .collect();
        self.emit(Event::TurnOrder { cards, characters });
    }
}

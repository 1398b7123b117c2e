//! Drawing ability cards: one per type each round. The drawn card is this round's card
//! (it sets the type's initiative and its actions). When the drawn card has the shuffle
//! flag, the discards and the card go back into the deck at the end of the round; an
//! empty deck is shuffled from the discards before drawing.

use super::compile::DeckType;
pub(crate) use super::state::TypeDeck;
use crate::chance::rng::GameRng;

impl TypeDeck {
    /// Draws this round's card: ends the last round's card first (shuffling the deck if
    /// that card says so), then draws, shuffling when the draw pile is empty.
    pub(crate) fn draw_card(&mut self, kind: &DeckType, rng: &mut GameRng) -> u32 {
        self.end_round(kind, rng);
        let valid = |n: &u32| (1..=kind.cards.len() as u32).contains(n);
        self.draw.retain(valid);
        self.discard.retain(valid);
        if self.draw.is_empty() {
            let mut all: Vec<u32> = (1..=kind.cards.len() as u32).collect();
            self.discard.clear();
            rng.shuffle(&mut all);
            self.draw = all;
        }
        let at = self
            .drawn
            .take()
            .and_then(|d| self.draw.iter().position(|&c| c == d))
            .unwrap_or(0);
        let card = self.draw.remove(at);
        self.current = Some(card);
        card
    }

    /// The cards the next deal may draw: the draw pile once this round's card has gone
    /// (every card when it has the shuffle flag, or when the pile is empty), in pile order.
    pub(crate) fn pile_at_deal(&self, kind: &DeckType) -> Vec<u32> {
        let all = || (1..=kind.cards.len() as u32).collect::<Vec<u32>>();
        let valid = |n: &u32| (1..=kind.cards.len() as u32).contains(n);
        let shuffles = self
            .current
            .and_then(|c| kind.cards.get((c as usize).wrapping_sub(1)))
            .is_some_and(|c| c.shuffle);
        let pile: Vec<u32> = self.draw.iter().copied().filter(valid).collect();
        if shuffles || pile.is_empty() {
            all()
        } else {
            pile
        }
    }

    /// Puts the current card on the discards; a card with the shuffle flag sends every
    /// card back into a shuffled deck.
    pub(crate) fn end_round(&mut self, kind: &DeckType, rng: &mut GameRng) {
        let Some(card) = self.current.take() else {
            return;
        };
        self.discard.push(card);
        let shuffle = kind
            .cards
            .get((card as usize).wrapping_sub(1))
            .is_some_and(|c| c.shuffle);
        if shuffle {
            self.draw.append(&mut self.discard);
            rng.shuffle(&mut self.draw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::load_decks;

    /// The crypt's decks (schemes/crypt.toml).
    fn crypt() -> crate::AbilityDecks {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemes/crypt.toml"
        ))
        .unwrap();
        load_decks("crypt.toml", &text).unwrap()
    }

    #[test]
    fn a_shuffle_card_sends_the_deck_back() {
        let decks = crypt();
        let warden = decks.get("grave-warden").unwrap();
        let mut rng = GameRng::from_seed(3);
        let mut deck = TypeDeck::default();
        let mut seen = Vec::new();
        for _ in 0..5 {
            seen.push(deck.draw_card(warden, &mut rng));
        }
        // Five cards, each once, until a shuffle card comes up.
        let first_shuffle = seen
            .iter()
            .position(|&c| warden.cards[c as usize - 1].shuffle)
            .unwrap();
        let mut distinct = seen[..=first_shuffle].to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), first_shuffle + 1);
        // Shuffle card number 3 drawn: at the end of its round all five are back.
        let mut deck = TypeDeck {
            draw: vec![1],
            discard: vec![2, 4],
            current: Some(3),
            drawn: None,
        };
        // Warden cards: 1 Iron Stride 44, 2 Cleaving Sweep 58, 3 Shield Wall 22
        // (shuffle), 4 Crushing Blow 71, 5 Grim Advance 39. After the shuffle card every
        // card can come next.
        assert_eq!(deck.pile_at_deal(warden), vec![1, 2, 3, 4, 5]);
        deck.end_round(warden, &mut rng);
        assert_eq!(deck.draw.len(), 4);
        assert!(deck.discard.is_empty());
        // An empty draw pile is refilled before drawing.
        let mut deck = TypeDeck {
            draw: vec![],
            discard: vec![1, 2],
            current: Some(4),
            drawn: None,
        };
        assert_eq!(deck.pile_at_deal(warden), vec![1, 2, 3, 4, 5]);
        deck.draw_card(warden, &mut rng);
        assert_eq!(deck.draw.len(), 4);
    }

    #[test]
    fn a_card_the_players_drew_leaves_the_pile_as_a_drawn_one_would() {
        let decks = crypt();
        let warden = decks.get("grave-warden").unwrap();
        // Pile 5, 1, 2 (top first); Crushing Blow (4) was this round's card, no shuffle.
        let mut deck = TypeDeck {
            draw: vec![5, 1, 2],
            discard: vec![3],
            current: Some(4),
            drawn: Some(1),
        };
        assert_eq!(deck.pile_at_deal(warden), vec![5, 1, 2]);
        let mut rng = GameRng::from_seed(1);
        assert_eq!(deck.draw_card(warden, &mut rng), 1);
        assert_eq!(deck.draw, vec![5, 2]);
        assert_eq!(deck.discard, vec![3, 4]);
        assert_eq!(deck.current, Some(1));
        assert_eq!(deck.drawn, None);
    }
}

//! The monster attack-modifier deck: twenty cards (six +0, five +1, five −1, one +2, one
//! −2, one ×2, one null) plus any blessings and curses. Drawn cards go to a discard pile;
//! after a round in which ×2 or null was drawn the whole deck is shuffled (see
//! [`ModifierDeck::end_round`]); an empty draw pile is shuffled from the discards at
//! once. Bless and curse leave the deck when drawn.

pub(crate) use super::state::{Modifier, ModifierDeck};
use super::state::{hero_decks, set_hero_decks, set_modifier_deck};
use crate::chance::rng::GameRng;
use crate::rules::entered::Draws;
use crate::rules::world::World;

impl Modifier {
    /// The attack after this card.
    pub(crate) fn apply(self, attack: i32) -> i32 {
        match self {
            Modifier::Plus0 => attack,
            Modifier::Plus1 => attack + 1,
            Modifier::Plus2 => attack + 2,
            Modifier::Minus1 => (attack - 1).max(0),
            Modifier::Minus2 => (attack - 2).max(0),
            Modifier::Double | Modifier::Bless => attack * 2,
            Modifier::Null | Modifier::Curse => 0,
        }
    }

    /// Ranks cards for advantage: higher is better for the attacker.
    fn rank(self) -> i32 {
        match self {
            Modifier::Null | Modifier::Curse => 0,
            Modifier::Minus2 => 1,
            Modifier::Minus1 => 2,
            Modifier::Plus0 => 3,
            Modifier::Plus1 => 4,
            Modifier::Plus2 => 5,
            Modifier::Double | Modifier::Bless => 6,
        }
    }

    /// The card as narration writes it (`+1`, `x2`, `null`).
    pub(crate) fn label(self) -> &'static str {
        match self {
            Modifier::Plus0 => "+0",
            Modifier::Plus1 => "+1",
            Modifier::Plus2 => "+2",
            Modifier::Minus1 => "-1",
            Modifier::Minus2 => "-2",
            Modifier::Double => "x2",
            Modifier::Null => "null",
            Modifier::Bless => "bless",
            Modifier::Curse => "curse",
        }
    }

    /// The card a player names (`+1`, `-2`, `x2` or `×2`, `null`, `bless`, `curse`; `+0`
    /// also as `0`), in any case.
    pub(crate) fn from_word(word: &str) -> Option<Modifier> {
        let w = word.trim().to_ascii_lowercase();
        let card = match w.as_str() {
            "0" | "+0" | "-0" => Modifier::Plus0,
            "×2" | "2x" | "*2" => Modifier::Double,
            _ => return ALL.into_iter().find(|c| c.label() == w),
        };
        Some(card)
    }

    /// Cards that call for a shuffle at the end of the round.
    fn reshuffles(self) -> bool {
        matches!(self, Modifier::Double | Modifier::Null)
    }
}

/// Of two cards drawn for an attack of value `attack`, with advantage (`advantage`) or
/// disadvantage, whether the first is the one that counts: the one that deals more (or
/// less) on this attack, equal results going by the card (×2 above +2 above +1 …), and
/// a full tie to the first.
pub(crate) fn first_counts(
    first: Modifier,
    second: Modifier,
    advantage: bool,
    attack: i32,
) -> bool {
    let worth = |m: Modifier| (m.apply(attack), m.rank());
    if advantage {
        worth(first) >= worth(second)
    } else {
        worth(first) <= worth(second)
    }
}

/// Every kind of card, as [`Modifier::label`] writes them.
pub(crate) const ALL: [Modifier; 9] = [
    Modifier::Plus0,
    Modifier::Plus1,
    Modifier::Plus2,
    Modifier::Minus1,
    Modifier::Minus2,
    Modifier::Double,
    Modifier::Null,
    Modifier::Bless,
    Modifier::Curse,
];

/// The words a player may name a card with, for hints.
pub(crate) const CARD_WORDS: &str = "+0, +1, -1, +2, -2, x2, null, bless or curse";

/// The standard twenty cards.
pub(crate) fn standard() -> Vec<Modifier> {
    use Modifier::*;
    let mut cards = vec![Plus0; 6];
    cards.extend([Plus1; 5]);
    cards.extend([Minus1; 5]);
    cards.extend([Plus2, Minus2, Double, Null]);
    cards
}

/// The monsters' deck from the board, taken out to be changed and put back with
/// `set_modifier_deck`; a board without one gets the standard twenty, shuffled.
pub(crate) fn take_deck(world: &mut World) -> ModifierDeck {
    super::state::take_modifier_deck(world).unwrap_or_else(|| ModifierDeck::fresh(world.rng()))
}

/// The deck attacker `id` draws from: its own when it is a character the tool plays (it
/// has a deck in `hero_decks`), else the monsters' deck. Put it back with [`put_deck_of`].
pub(crate) fn take_deck_of(world: &mut World, id: &str) -> ModifierDeck {
    match hero_decks(world.fight()).remove(id) {
        Some(deck) => deck,
        None => take_deck(world),
    }
}

/// Puts back the deck [`take_deck_of`] gave attacker `id`.
pub(crate) fn put_deck_of(world: &mut World, id: &str, deck: ModifierDeck) {
    let mut heroes = hero_decks(world.fight());
    if let Some(own) = heroes.get_mut(id) {
        *own = deck;
        set_hero_decks(world, &heroes);
    } else {
        set_modifier_deck(world, deck);
    }
}

/// The end of a round for the characters' own decks: each shuffles when a ×2 or null was
/// drawn from it.
pub(crate) fn end_round_of_hero_decks(world: &mut World) {
    let mut heroes = hero_decks(world.fight());
    if heroes.is_empty() {
        return;
    }
    for deck in heroes.values_mut() {
        deck.end_round(world.rng());
    }
    set_hero_decks(world, &heroes);
}

/// A curse the monsters gave character `id` goes into its own deck when the tool keeps
/// one (`simulate`); otherwise the players shuffle it in themselves.
pub(crate) fn curse_hero_deck(world: &mut World, id: &str) {
    let mut heroes = hero_decks(world.fight());
    let Some(deck) = heroes.get_mut(id) else {
        return;
    };
    deck.add(Modifier::Curse, world.rng());
    set_hero_decks(world, &heroes);
}

/// Most blessings or curses in the deck at once.
pub(crate) const MAX_BLESS_CURSE: usize = 10;

/// What an attack drew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Draw {
    /// Every card turned over, in order.
    pub drawn: Vec<Modifier>,
    /// The card that counts.
    pub used: Modifier,
    /// Whether the players drew the cards from their own deck and entered them.
    pub entered: bool,
}

impl ModifierDeck {
    /// A fresh standard deck, shuffled.
    pub(crate) fn fresh(rng: &mut GameRng) -> ModifierDeck {
        let mut draw = standard();
        rng.shuffle(&mut draw);
        ModifierDeck {
            draw,
            discard: Vec::new(),
            shuffle_due: false,
        }
    }

    /// How many of `card` are in the draw pile.
    pub(crate) fn count(&self, card: Modifier) -> usize {
        self.draw.iter().filter(|&&c| c == card).count()
    }

    /// Shuffles a blessing or a curse into the draw pile (at most ten of each).
    pub(crate) fn add(&mut self, card: Modifier, rng: &mut GameRng) -> bool {
        if self.count(card) >= MAX_BLESS_CURSE {
            return false;
        }
        self.draw.push(card);
        rng.shuffle(&mut self.draw);
        true
    }

    /// Everything back into the draw pile, shuffled; blessings and curses still in the
    /// draw pile stay.
    pub(crate) fn shuffle(&mut self, rng: &mut GameRng) {
        self.draw.append(&mut self.discard);
        rng.shuffle(&mut self.draw);
        self.shuffle_due = false;
    }

    fn draw_one(&mut self, from: &mut dyn Draws, what: &str) -> (Modifier, bool) {
        if self.draw.is_empty() {
            self.shuffle(from.rng());
        }
        if self.draw.is_empty() {
            // Only possible for a corrupt board: start over from the standard cards.
            *self = ModifierDeck::fresh(from.rng());
        }
        // The card the players drew, when they draw their own, leaves the pile instead
        // of the top card.
        let pile: Vec<String> = self.draw.iter().map(|c| c.label().to_string()).collect();
        let picked = from
            .pick(what, &pile)
            .and_then(|c| Modifier::from_word(&c))
            .and_then(|c| self.draw.iter().position(|&d| d == c));
        let at = picked.unwrap_or(0);
        let card = self.draw.remove(at);
        if !matches!(card, Modifier::Bless | Modifier::Curse) {
            self.discard.push(card);
        }
        if card.reshuffles() {
            self.shuffle_due = true;
        }
        (card, picked.is_some())
    }

    /// Draws for one attack of value `attack`: one card, or with advantage/disadvantage
    /// two, keeping the one that deals more/less (both set: they cancel). Better is judged
    /// on this attack: on Attack 1, ×2 (2) is worse than +2 (3); equal results go by the
    /// card (×2 above +2 above +1 …).
    ///
    /// `what` says what the cards are drawn for, when the players draw their own.
    pub(crate) fn draw(
        &mut self,
        from: &mut dyn Draws,
        what: &str,
        advantage: bool,
        disadvantage: bool,
        attack: i32,
    ) -> Draw {
        if advantage == disadvantage {
            let (first, entered) = self.draw_one(from, what);
            return Draw {
                drawn: vec![first],
                used: first,
                entered,
            };
        }
        let (first, entered) = self.draw_one(from, &format!("{what}, card 1 of 2"));
        let (second, also) = self.draw_one(from, &format!("{what}, card 2 of 2"));
        let keep_first = first_counts(first, second, advantage, attack);
        Draw {
            drawn: vec![first, second],
            used: if keep_first { first } else { second },
            entered: entered || also,
        }
    }

    /// At the end of a round: shuffle when a ×2 or null was drawn.
    pub(crate) fn end_round(&mut self, rng: &mut GameRng) -> bool {
        let due = self.shuffle_due;
        if due {
            self.shuffle(rng);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Modifier::*;

    #[test]
    fn the_standard_deck_has_twenty_cards() {
        let cards = standard();
        assert_eq!(cards.len(), 20);
        assert_eq!(cards.iter().map(|c| c.apply(3) - 3).sum::<i32>(), 3 - 3);
    }

    #[test]
    fn a_player_names_a_card_as_it_is_printed() {
        for (word, card) in [
            ("+0", Plus0),
            ("0", Plus0),
            ("+1", Plus1),
            ("-2", Minus2),
            ("x2", Double),
            ("X2", Double),
            ("×2", Double),
            ("Null", Null),
            ("bless", Bless),
            ("curse", Curse),
        ] {
            assert_eq!(Modifier::from_word(word), Some(card), "{word}");
        }
        for word in ["+3", "x3", "", "plus1"] {
            assert_eq!(Modifier::from_word(word), None, "{word}");
        }
    }

    #[test]
    fn values() {
        assert_eq!(Plus2.apply(3), 5);
        assert_eq!(Minus2.apply(1), 0);
        assert_eq!(Double.apply(3), 6);
        assert_eq!(Bless.apply(3), 6);
        assert_eq!(Null.apply(3), 0);
        assert_eq!(Curse.apply(3), 0);
    }

    #[test]
    fn advantage_keeps_the_better_card() {
        let mut rng = GameRng::from_seed(1);
        let mut deck = ModifierDeck {
            draw: vec![Minus1, Plus2, Null, Plus1],
            ..Default::default()
        };
        let d = deck.draw(&mut rng, "", true, false, 3);
        assert_eq!((d.drawn, d.used), (vec![Minus1, Plus2], Plus2));
        let d = deck.draw(&mut rng, "", false, true, 3);
        assert_eq!((d.drawn, d.used), (vec![Null, Plus1], Null));
        assert!(deck.shuffle_due);
        assert!(deck.end_round(&mut rng));
        assert_eq!(deck.draw.len(), 4);
        assert!(deck.discard.is_empty());
    }

    /// With advantage the card that deals more on this attack is kept: on Attack 1, +2
    /// (3) beats ×2 (2); on Attack 3, ×2 (6) beats +2 (5); on Attack 2 both give 4 and
    /// the ×2 is kept. With disadvantage, on Attack 1 the ×2 (2) is the worse.
    #[test]
    fn advantage_judges_the_cards_on_the_attack() {
        let mut rng = GameRng::from_seed(1);
        let mut deck = ModifierDeck {
            draw: vec![Double, Plus2, Double, Plus2, Plus2, Double, Double, Plus2],
            ..Default::default()
        };
        assert_eq!(deck.draw(&mut rng, "", true, false, 1).used, Plus2);
        assert_eq!(deck.draw(&mut rng, "", true, false, 3).used, Double);
        assert_eq!(deck.draw(&mut rng, "", true, false, 2).used, Double);
        assert_eq!(deck.draw(&mut rng, "", false, true, 1).used, Double);
    }

    #[test]
    fn bless_and_curse_leave_the_deck() {
        let mut rng = GameRng::from_seed(1);
        let mut deck = ModifierDeck {
            draw: vec![Bless, Curse, Plus0],
            ..Default::default()
        };
        assert_eq!(deck.draw(&mut rng, "", false, false, 3).used, Bless);
        assert_eq!(deck.draw(&mut rng, "", false, false, 3).used, Curse);
        assert_eq!(deck.draw(&mut rng, "", false, false, 3).used, Plus0);
        assert_eq!(deck.discard, vec![Plus0]);
        assert!(!deck.shuffle_due);
        // An empty draw pile is shuffled from the discards at once.
        assert_eq!(deck.draw(&mut rng, "", false, false, 3).used, Plus0);
    }

    #[test]
    fn at_most_ten_blessings() {
        let mut rng = GameRng::from_seed(1);
        let mut deck = ModifierDeck::fresh(&mut rng);
        for _ in 0..MAX_BLESS_CURSE {
            assert!(deck.add(Bless, &mut rng));
        }
        assert!(!deck.add(Bless, &mut rng));
        assert_eq!(deck.draw.len(), 30);
    }
}

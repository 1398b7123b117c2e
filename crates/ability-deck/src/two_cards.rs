//! The two-card draws the monsters' modifier-deck odds add (SPEC §14): a monster on the
//! board that is strengthened draws two cards for each attack and the better counts; a
//! muddled one draws two and the worse counts (both: they cancel, one card). For each,
//! the chance that the card that counts is `null`, and `x2`, counted over every ordered
//! pair of cards the two draws can give, with the rule the draw itself keeps
//! ([`first_counts`]). Better is judged on an attack of 2 (any attack of 2 or more orders
//! the cards alike; on Attack 1 a +2 beats a ×2, and a ×2 counts less often).

use super::modifiers::{Modifier, ModifierDeck, first_counts};
use crate::board::odds::{Chance, MonsterDraw};
use crate::board::{Fight, Side, StatusKind};

/// The attack value the cards are judged on.
const ATTACK: i32 = 2;

/// Each monster on the board that would draw two cards, with the chances of the card that
/// counts. `pile`: the cards the first comes from (as the deck's odds count them).
pub(crate) fn two_card_draws(
    fight: &Fight,
    deck: &ModifierDeck,
    pile: &[Modifier],
) -> Vec<MonsterDraw> {
    let mut out = Vec::new();
    for (i, c) in fight.board.creatures.iter().enumerate() {
        if c.side != Side::Monsters {
            continue;
        }
        let advantage = fight.has_status(i, StatusKind::Strengthened);
        if advantage == fight.has_status(i, StatusKind::Muddled) {
            continue;
        }
        let (pairs, of) = pairs_counting(deck, pile, advantage);
        let note = if advantage {
            "strengthened: two cards, the better counts"
        } else {
            "muddled: two cards, the worse counts"
        };
        out.push(MonsterDraw {
            monster: c.id.clone(),
            name: c.display_name().to_string(),
            draws: None,
            left_means: None,
            next: [Modifier::Null, Modifier::Double]
                .into_iter()
                .map(|m| Chance::new(m.label(), pairs(m), of))
                .collect(),
            notes: vec![note.to_string()],
        });
    }
    out
}

/// For each card, how many of the ordered pairs the two draws can give make it the one
/// that counts, and how many pairs there are. The second card comes from what the first
/// leaves; when the first was the last, from the discard pile shuffled (the first among
/// it, unless a bless or curse, which leaves the deck).
fn pairs_counting(
    deck: &ModifierDeck,
    pile: &[Modifier],
    advantage: bool,
) -> (impl Fn(Modifier) -> usize, usize) {
    let mut counted: Vec<Modifier> = Vec::new();
    let mut of = 0;
    for (i, &first) in pile.iter().enumerate() {
        let mut rest: Vec<Modifier> = pile
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &m)| m)
            .collect();
        if rest.is_empty() {
            // The draw pile held only this card (an empty one counts its discards as the
            // pile already): the discards are shuffled for the second.
            if !deck.draw.is_empty() {
                rest.extend(&deck.discard);
            }
            if !matches!(first, Modifier::Bless | Modifier::Curse) {
                rest.push(first);
            }
        }
        for &second in &rest {
            of += 1;
            counted.push(if first_counts(first, second, advantage, ATTACK) {
                first
            } else {
                second
            });
        }
    }
    (
        move |m: Modifier| counted.iter().filter(|&&c| c == m).count(),
        of,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use Modifier::*;

    fn chance(deck: &ModifierDeck, advantage: bool, m: Modifier) -> String {
        let (pairs, of) = pairs_counting(deck, &deck.draw, advantage);
        Chance::new("", pairs(m), of).chance.to_string()
    }

    /// The standard twenty: 20 × 19 = 380 ordered pairs, 38 holding the ×2 (19 with it
    /// first, 19 second) and 38 the null. With advantage nothing beats the ×2 (no bless),
    /// so it counts in all 38: 1/10; the null never counts (no curse to tie it): 0. With
    /// disadvantage the other way round: null 1/10, ×2 0.
    #[test]
    fn the_standard_deck_with_two_cards() {
        let deck = ModifierDeck {
            draw: super::super::modifiers::standard(),
            ..ModifierDeck::default()
        };
        assert_eq!(chance(&deck, true, Double), "1/10");
        assert_eq!(chance(&deck, true, Null), "0/1");
        assert_eq!(chance(&deck, false, Null), "1/10");
        assert_eq!(chance(&deck, false, Double), "0/1");
    }

    /// ×2, bless, null, curse, +0: 5 × 4 = 20 ordered pairs. Equal cards (×2 and bless,
    /// null and curse) go to the first drawn. Advantage: ×2 counts in (×2, bless) and in
    /// its six pairs with null, curse and +0 either way: 7/20; null only in (null, curse):
    /// 1/20. Disadvantage: null counts when first (4 pairs) and when second after ×2,
    /// bless or +0 (3; after the curse the curse counts): 7/20; ×2 only in (×2, bless):
    /// 1/20.
    #[test]
    fn ties_go_to_the_first_card() {
        let deck = ModifierDeck {
            draw: vec![Double, Bless, Null, Curse, Plus0],
            ..ModifierDeck::default()
        };
        assert_eq!(chance(&deck, true, Double), "7/20");
        assert_eq!(chance(&deck, true, Null), "1/20");
        assert_eq!(chance(&deck, false, Null), "7/20");
        assert_eq!(chance(&deck, false, Double), "1/20");
    }

    /// One card left, a null, with +1, ×2 and −1 discarded: the null comes first, then the
    /// discards and the null are shuffled for the second (4 cards). Disadvantage: the null
    /// counts whatever comes (a second null ties: the first): 1/1. Advantage: the second
    /// counts unless it is the null again: ×2 1/4, null 1/4.
    #[test]
    fn the_last_card_then_the_discards() {
        let deck = ModifierDeck {
            draw: vec![Null],
            discard: vec![Plus1, Double, Minus1],
            ..ModifierDeck::default()
        };
        assert_eq!(chance(&deck, false, Null), "1/1");
        assert_eq!(chance(&deck, true, Double), "1/4");
        assert_eq!(chance(&deck, true, Null), "1/4");
    }
}

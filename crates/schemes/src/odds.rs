//! The odds `show` lists for a Monster A.I. board (SPEC §14): the turn-order deck, its
//! cards left this round (or, once the round's deck is spent or not laid out, the next
//! round's) and the chance each monster type's or character's card is the next one.
//!
//! The Haste rule makes the chances uneven: the other cards are cut in half, the Haste
//! cards shuffled into the top half (the smaller when the count is odd), and that half
//! goes on top (`turn_order::shuffle_deck`). So the top `T` places (the Haste cards and
//! half the others) hold every Haste card and a random half of the others, in random
//! order. With `d` cards revealed, all from the top, the next card is one of the `T - d`
//! places left in the top half: each Haste card not yet seen is there for sure, and each
//! other card left is one of the `R'` unseen others, `k` of which still fill the top
//! half. So a Haste card comes next 1 time in `T - d`, another card `k / (R' (T - d))`.
//! Once the top half is spent, every card left is as likely as the others.

use super::turn_order::cards_for;
use crate::board::Fight;
use crate::board::odds::{Chance, DeckOdds, Fraction};

/// The turn-order deck's odds (none for a board without creatures).
pub(crate) fn odds(fight: &Fight) -> Vec<DeckOdds> {
    let b = &fight.board;
    let whole = cards_for(fight);
    let mut notes = Vec::new();
    let (laid, drawn): (Vec<String>, usize) = if (b.cards_drawn as usize) < b.turn_order.len() {
        (b.turn_order.clone(), b.cards_drawn as usize)
    } else {
        notes.push("a new round's deck, shuffled when the round starts".to_string());
        (whole.iter().map(|c| c.name.clone()).collect(), 0)
    };
    let pile = &laid[drawn..];
    if pile.is_empty() {
        return Vec::new();
    }
    let haste = |n: &str| whole.iter().any(|c| c.haste && c.name == n);
    let weights = next_card_weights(&laid, drawn, &haste);
    let top_left = weights.top_left;
    if top_left > 0 && pile.iter().any(|n| haste(n)) {
        notes.push(format!(
            "Haste cards lie in the top half, among the next {top_left}"
        ));
    }
    let mut names: Vec<&String> = pile.iter().collect();
    names.sort();
    names.dedup();
    let cards: Vec<Chance> = names
        .into_iter()
        .map(|n| {
            let count = pile.iter().filter(|&p| p == n).count();
            let what = fight
                .index_of(n)
                .map_or(n.clone(), |i| b.creatures[i].display_name().to_string());
            Chance {
                what,
                count,
                chance: Fraction::of(count * weights.of(haste(n)), weights.total),
            }
        })
        .collect();
    vec![DeckOdds {
        deck: "turn-order deck".to_string(),
        kind: None,
        name: "turn-order deck".to_string(),
        monsters: Vec::new(),
        left: pile.len(),
        left_means: None,
        next: cards.clone(),
        notes,
        cards,
    }]
}

/// Each card's weight for coming next, over `total`: a Haste card's and another card's.
#[derive(Debug, PartialEq, Eq)]
struct Weights {
    haste: usize,
    other: usize,
    total: usize,
    /// Places left in the top half (0 once it is spent, or when it never held a Haste
    /// card).
    top_left: usize,
}

impl Weights {
    fn of(&self, haste: bool) -> usize {
        if haste { self.haste } else { self.other }
    }
}

/// The weights of the next card of `laid` after `drawn` cards, by the Haste rule.
fn next_card_weights(laid: &[String], drawn: usize, haste: &dyn Fn(&str) -> bool) -> Weights {
    let hastes = laid.iter().filter(|n| haste(n)).count();
    let others = laid.len() - hastes;
    let top = others / 2 + hastes;
    let left = laid.len() - drawn;
    if hastes == 0 || drawn >= top {
        // Every card left is as likely as any other.
        return Weights {
            haste: 1,
            other: 1,
            total: left,
            top_left: 0,
        };
    }
    let seen_others = laid[..drawn].iter().filter(|n| !haste(n)).count();
    // Others still to place in the top half, among the others not yet seen.
    let k = (others / 2).saturating_sub(seen_others);
    let unseen = (others - seen_others).max(1);
    let slots = top - drawn;
    Weights {
        haste: unseen,
        other: k,
        total: unseen * slots,
        top_left: slots,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// Every way the Haste rule can lay the deck out, each as likely: every order of the
    /// others (their first half is the cut), then every order of the top half. Returns,
    /// for the decks whose first `seen` cards are those given, how often each card comes
    /// next, and how many such decks there are.
    fn enumerate(others: &[&str], hastes: &[&str], seen: &[&str]) -> (Vec<(String, usize)>, usize) {
        fn perms(v: &[String]) -> Vec<Vec<String>> {
            if v.len() <= 1 {
                return vec![v.to_vec()];
            }
            let mut out = Vec::new();
            for i in 0..v.len() {
                let mut rest = v.to_vec();
                let x = rest.remove(i);
                for mut p in perms(&rest) {
                    p.insert(0, x.clone());
                    out.push(p);
                }
            }
            out
        }
        let mut counts: Vec<(String, usize)> = Vec::new();
        let mut total = 0;
        for o in perms(&names(others)) {
            let (cut, bottom) = o.split_at(o.len() / 2);
            let mut top = cut.to_vec();
            top.extend(names(hastes));
            for t in perms(&top) {
                let deck: Vec<String> = t.iter().chain(bottom).cloned().collect();
                if deck[..seen.len()] != names(seen)[..] {
                    continue;
                }
                total += 1;
                let next = deck[seen.len()].clone();
                match counts.iter_mut().find(|(n, _)| *n == next) {
                    Some(c) => c.1 += 1,
                    None => counts.push((next, 1)),
                }
            }
        }
        (counts, total)
    }

    /// The weights agree with counting every layout: a new deck, after an other card and
    /// after a Haste card, with an even and an odd count of others.
    #[test]
    fn the_weights_agree_with_every_layout() {
        let haste = |n: &str| n.starts_with('W');
        for (others, hastes, seen) in [
            (&["a", "b", "c", "d"][..], &["W"][..], &[][..]),
            (&["a", "b", "c", "d"][..], &["W"][..], &["a"][..]),
            (&["a", "b", "c", "d", "e"][..], &["W", "Wx"][..], &["W"][..]),
            (&["a", "b", "c", "d", "e"][..], &["W"][..], &["b", "c"][..]),
        ] {
            let (counts, total) = enumerate(others, hastes, seen);
            // Lay one deck with these cards seen first, for the weights.
            let mut laid = names(seen);
            laid.extend(
                others
                    .iter()
                    .chain(hastes)
                    .filter(|n| !seen.contains(n))
                    .map(|s| s.to_string()),
            );
            let w = next_card_weights(&laid, seen.len(), &haste);
            for (name, n) in &counts {
                assert_eq!(
                    Fraction::of(*n, total),
                    Fraction::of(w.of(haste(name)), w.total),
                    "{name} after {seen:?}"
                );
            }
        }
    }

    /// A new deck of four others and a Warg (Haste), worked by hand: the top half holds
    /// 2 others and the Warg, 3 places. The Warg comes first 1 time in 3; each other is in
    /// the top half 2 times in 4 and then first 1 time in 3: 2/(4·3) = 1/6.
    #[test]
    fn a_new_deck_of_four_others_and_a_warg() {
        let laid = names(&["a", "b", "c", "d", "Warg"]);
        let w = next_card_weights(&laid, 0, &|n| n == "Warg");
        assert_eq!(Fraction::of(w.haste, w.total).to_string(), "1/3");
        assert_eq!(Fraction::of(w.other, w.total).to_string(), "1/6");
        assert_eq!(w.top_left, 3);
    }
}

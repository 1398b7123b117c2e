//! The odds `show` lists for a Monster A.I. board (SPEC §14): the turn-order deck, its
//! cards left this round (or, once the round's deck is spent or not laid out, the next
//! round's) and the chance each monster type's or character's card is the next one. The
//! Haste rule puts Haste cards in the top half, so with one left the chances are not
//! even and only the count is told.

use super::turn_order::cards_for;
use crate::board::Fight;
use crate::board::odds::{DeckOdds, each_card};

/// The turn-order deck's odds (none for a board without creatures).
pub(crate) fn odds(fight: &Fight) -> Vec<DeckOdds> {
    let b = &fight.board;
    let drawn = b.cards_drawn as usize;
    let whole = cards_for(fight);
    let mut notes = Vec::new();
    let pile: Vec<String> = if drawn < b.turn_order.len() {
        b.turn_order[drawn..].to_vec()
    } else {
        notes.push("a new round's deck, shuffled when the round starts".to_string());
        whole.iter().map(|c| c.name.clone()).collect()
    };
    if pile.is_empty() {
        return Vec::new();
    }
    let haste = pile
        .iter()
        .any(|n| whole.iter().any(|c| c.haste && c.name == *n));
    let cards = if haste {
        notes.push("Haste cards lie in the top half: the chances are not even".to_string());
        Vec::new()
    } else {
        let mut sorted = pile.clone();
        sorted.sort();
        each_card(&sorted, |n| {
            fight
                .index_of(n)
                .map_or(n.clone(), |i| b.creatures[i].display_name().to_string())
        })
    };
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

//! Initiatives as the focus rules read them: a character's from the saved state's
//! `initiatives`, an ability-deck monster's from its type's card this round, and a summon
//! without its own entry acts on its summoner's.

use super::AbilityDecks;
use super::state::{TypeDeck, initiatives, type_decks};
use crate::board::Fight;
use std::collections::BTreeMap;

/// What the board's state says about initiatives this round: the characters' own, and
/// each type's card.
pub(crate) struct Known {
    characters: BTreeMap<String, u32>,
    decks: BTreeMap<String, TypeDeck>,
}

impl Known {
    /// What `fight`'s state says.
    pub(crate) fn of(fight: &Fight) -> Known {
        Known {
            characters: initiatives(fight),
            decks: type_decks(fight),
        }
    }
}

/// The initiative a turn-order card stands at this round: a character's own (by its id),
/// or a monster type's card's (by the type's name).
pub(crate) fn of_card(fight: &Fight, decks: &AbilityDecks, card: &str) -> Option<u32> {
    let known = Known::of(fight);
    if let Some(init) = known.characters.get(card) {
        return Some(*init);
    }
    let n = known.decks.get(card)?.current?;
    decks
        .get(card)?
        .cards
        .get((n as usize).checked_sub(1)?)
        .map(|c| c.initiative)
}

/// The initiative of creature `j` this round, when the board (`known`) tells it.
pub(crate) fn initiative(
    fight: &Fight,
    known: &Known,
    decks: &AbilityDecks,
    j: usize,
) -> Option<u32> {
    own(fight, known, decks, j).or_else(|| {
        let summoner = fight.board.creatures[j].summoner.as_deref()?;
        own(fight, known, decks, fight.index_of(summoner)?)
    })
}

fn own(fight: &Fight, known: &Known, decks: &AbilityDecks, j: usize) -> Option<u32> {
    let c = &fight.board.creatures[j];
    if let Some(init) = known.characters.get(&c.id) {
        return Some(*init);
    }
    let kind = c.kind.as_deref()?;
    let t = decks.get(kind)?;
    let n = known.decks.get(kind)?.current?;
    t.cards
        .get((n as usize).checked_sub(1)?)
        .map(|card| card.initiative)
}

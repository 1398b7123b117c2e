//! Initiatives as the focus rules read them: a character's from the saved state's
//! `initiatives`, an ability-deck monster's from its type's card this round, and a summon
//! without its own entry acts on its summoner's.

use super::AbilityDecks;
use super::state::DeckState;
use crate::board::Fight;

/// The initiative of creature `j` this round, when the board (its `state`) knows it.
pub fn initiative(fight: &Fight, state: &DeckState, decks: &AbilityDecks, j: usize) -> Option<u32> {
    own(fight, state, decks, j).or_else(|| {
        let summoner = fight.board.creatures[j].summoner.as_deref()?;
        own(fight, state, decks, fight.index_of(summoner)?)
    })
}

fn own(fight: &Fight, state: &DeckState, decks: &AbilityDecks, j: usize) -> Option<u32> {
    let c = &fight.board.creatures[j];
    if let Some(init) = state.initiatives.get(&c.id) {
        return Some(*init);
    }
    let kind = c.kind.as_deref()?;
    let t = decks.get(kind)?;
    let n = state.ability_decks.get(kind)?.current?;
    t.cards
        .get((n as usize).checked_sub(1)?)
        .map(|card| card.initiative)
}

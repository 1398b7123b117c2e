//! Initiatives as the focus rules read them: a character's from the board's
//! `initiatives`, an ability-deck monster's from its type's card this round, and a summon
//! without its own entry acts on its summoner's.

use super::AbilityDecks;
use crate::board::Fight;

/// The initiative of creature `j` this round, when the board knows it.
pub fn initiative(fight: &Fight, decks: &AbilityDecks, j: usize) -> Option<u32> {
    own(fight, decks, j).or_else(|| {
        let summoner = fight.board.creatures[j].summoner.as_deref()?;
        own(fight, decks, fight.index_of(summoner)?)
    })
}

fn own(fight: &Fight, decks: &AbilityDecks, j: usize) -> Option<u32> {
    let c = &fight.board.creatures[j];
    if let Some(init) = fight.board.initiatives.get(&c.id) {
        return Some(*init);
    }
    let kind = c.kind.as_deref()?;
    let t = decks.get(kind)?;
    let n = fight.board.ability_decks.get(kind)?.current?;
    t.cards
        .get((n as usize).checked_sub(1)?)
        .map(|card| card.initiative)
}

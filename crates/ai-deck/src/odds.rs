//! The odds `show` lists for an AI-deck board (SPEC §14): each type's AI deck in play,
//! the cards left (and the wounds that defeat the monster), and, where the card's
//! pick-target list decides it, the chance that the next card targets each survivor:
//! each card left has its list walked against the board as it stands (`would_pick`),
//! and the cards that pick a survivor are counted over the cards left.

use super::compile::{AiDecks, AiType};
use super::deck::recipe_size;
use super::pick::{survivors, would_pick};
use super::state::{self, AiState, TypeDeck};
use super::turn::{Ctx, scene_of};
use crate::board::Fight;
use crate::board::odds::{Chance, DeckOdds, each_card};
use crate::rules::words::plural;

/// The odds of each type's AI deck with a monster on the board.
pub(crate) fn odds(decks: &AiDecks, fight: &Fight) -> Vec<DeckOdds> {
    let st = state::read(fight);
    decks
        .types
        .iter()
        .filter_map(|t| {
            let first = fight
                .board
                .creatures
                .iter()
                .find(|c| c.kind.as_deref() == Some(t.name.as_str()))?;
            Some(deck_odds(decks, t, &st, fight, &first.id))
        })
        .collect()
}

/// Type `t`'s deck, its next card's targets judged for monster `id` (the type's first).
fn deck_odds(decks: &AiDecks, t: &AiType, st: &AiState, fight: &Fight, id: &str) -> DeckOdds {
    let deck_name = format!("{} AI deck", t.name);
    let Some(deck) = st.decks.get(&t.name) else {
        let n = recipe_size(t, st.level) as usize;
        return DeckOdds {
            deck: deck_name,
            left: n,
            left_means: None,
            next: Vec::new(),
            notes: vec![format!(
                "not built yet: the card{} dealt when the showdown starts",
                plural(n)
            )],
            cards: Vec::new(),
        };
    };
    let (pile, mut notes) = next_pile(deck);
    let life = st.monsters.get(id).and_then(|m| m.life);
    let held = deck.deck.len() + deck.discard.len() + usize::from(deck.face_up.is_some());
    let left_means = Some(match life {
        Some(life) => format!(
            "Life {life}: {life} wound{} to defeat",
            plural(life as usize)
        ),
        None => format!("{} wound{} to defeat", held + 1, plural(held + 1)),
    });
    let ctx = Ctx { decks, t };
    let mut picks: Vec<(String, usize)> = survivors(fight)
        .into_iter()
        .map(|i| {
            (
                format!("targets {}", fight.board.creatures[i].display_name()),
                0,
            )
        })
        .collect();
    let all = survivors(fight);
    let (mut nobody, mut undecided) = (0, 0);
    for name in &pile {
        let Some(card) = t.card(name).filter(|c| !c.front.pick.is_empty()) else {
            continue;
        };
        let Some(scene) = scene_of(fight, ctx, st, id, card.shape.as_ref()) else {
            continue;
        };
        match would_pick(fight, &scene, &card.front.pick).as_slice() {
            [] => nobody += 1,
            [one] => {
                if let Some(k) = all.iter().position(|i| i == one) {
                    picks[k].1 += 1;
                }
            }
            _ => undecided += 1,
        }
    }
    let mut next: Vec<Chance> = picks
        .into_iter()
        .map(|(what, n)| Chance::new(what, n, pile.len()))
        .collect();
    if nobody > 0 {
        next.push(Chance::new("picks no one", nobody, pile.len()));
    }
    if undecided > 0 {
        next.push(Chance::new(
            "picks among several (dice or tie decide)",
            undecided,
            pile.len(),
        ));
    }
    if fight
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.as_deref() == Some(t.name.as_str()))
        .count()
        > 1
    {
        notes.push(format!("targets as {id} would pick them"));
    }
    let mut sorted = pile.clone();
    sorted.sort();
    DeckOdds {
        deck: deck_name,
        left: pile
            .len()
            .max(deck.deck.len() + usize::from(deck.face_up.is_some())),
        left_means,
        next,
        notes,
        cards: each_card(&sorted, String::clone),
    }
}

/// The cards the next draw comes from: the face-up card (for sure), else the draw pile,
/// else the discard pile shuffled in; and what the players should know of it.
fn next_pile(deck: &TypeDeck) -> (Vec<String>, Vec<String>) {
    if let Some(f) = &deck.face_up {
        return (
            vec![f.card.clone()],
            vec![format!("\"{}\" lies face up: it comes next", f.card)],
        );
    }
    if deck.deck.is_empty() && !deck.discard.is_empty() {
        return (
            deck.discard.clone(),
            vec!["the discard pile is shuffled in first".to_string()],
        );
    }
    (deck.deck.clone(), Vec::new())
}

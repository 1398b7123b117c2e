//! A type's AI deck: building it for a level (each pool shuffled on its own, the
//! recipe's count drawn from each, combined and shuffled; the level's specials put in
//! play, but for survivor status cards, which the survivors hold), drawing (the face-up card first, the discard pile shuffled back in when the
//! deck runs out), and wounds (the top card, or the face-up card, to the wound stack;
//! Life instead when the monster has it; defeat when nothing is left).

use super::card::{Card, CardKind, Pool, Until};
use super::compile::{AiType, Recipe};
use super::state::{AiState, FaceUp, TypeDeck};
use crate::chance::rng::GameRng;
use crate::rules::entered::Draws;

/// The deck for `level` (the nearest defined level at or below it, else the lowest).
pub(crate) fn build(t: &AiType, level: u32, rng: &mut GameRng) -> TypeDeck {
    let Some(recipe) = recipe(t, level) else {
        return TypeDeck::default();
    };
    let mut deck = Vec::new();
    // With an overtone count the overtone cards make a stack of their own, dealt last.
    let apart = |c: &&Card| recipe.overtone.is_some() && c.kind == CardKind::Overtone;
    for pool in [Pool::Basic, Pool::Advanced, Pool::Legendary] {
        let mut stack: Vec<String> = t
            .cards
            .iter()
            .filter(|c| c.pool == pool && !apart(c))
            .map(|c| c.name.clone())
            .collect();
        rng.shuffle(&mut stack);
        stack.truncate(recipe.count(pool) as usize);
        deck.extend(stack);
    }
    if let Some(n) = recipe.overtone {
        let mut stack: Vec<String> = t
            .cards
            .iter()
            .filter(|c| c.kind == CardKind::Overtone && c.pool != Pool::Special)
            .map(|c| c.name.clone())
            .collect();
        rng.shuffle(&mut stack);
        stack.truncate(n as usize);
        deck.extend(stack);
    }
    rng.shuffle(&mut deck);
    // Survivor status cards among the specials go to the survivors, not into play.
    let in_play = recipe
        .specials
        .iter()
        .filter(|n| t.card(n).is_none_or(|c| c.kind != CardKind::Status))
        .cloned()
        .collect();
    TypeDeck {
        deck,
        in_play,
        ..TypeDeck::default()
    }
}

/// The Life a new monster of the type starts with at `level`, if it has the trait: the
/// level's own and what the specials starting in play give, added up.
pub(crate) fn starting_life(t: &AiType, level: u32) -> Option<u32> {
    let r = recipe(t, level)?;
    let from_cards = r
        .specials
        .iter()
        .filter_map(|n| t.card(n).and_then(|c| c.life));
    let all: Vec<u32> = r.life.into_iter().chain(from_cards).collect();
    (!all.is_empty()).then(|| {
        all.iter()
            .fold(0u32, |a, &b| a.saturating_add(b))
            .min(super::state::MAX_LIFE)
    })
}

/// The recipe of `level`: the nearest defined level at or below it, else the lowest.
pub(crate) fn recipe(t: &AiType, level: u32) -> Option<&Recipe> {
    t.levels
        .range(..=level)
        .next_back()
        .or_else(|| t.levels.iter().next())
        .map(|(_, r)| r)
}

/// How many cards the deck of `level` holds when built.
pub(crate) fn recipe_size(t: &AiType, level: u32) -> u32 {
    recipe(t, level).map_or(0, |r| {
        let overtone = |c: &Card| c.kind == CardKind::Overtone;
        let pools: u32 = [Pool::Basic, Pool::Advanced, Pool::Legendary]
            .into_iter()
            .map(|p| {
                let held = t
                    .cards
                    .iter()
                    .filter(|c| c.pool == p && !(r.overtone.is_some() && overtone(c)))
                    .count() as u32;
                r.count(p).min(held)
            })
            .sum();
        let held = t
            .cards
            .iter()
            .filter(|c| overtone(c) && c.pool != Pool::Special)
            .count() as u32;
        pools + r.overtone.map_or(0, |n| n.min(held))
    })
}

/// What a draw gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Drawn {
    /// A card from the deck (`reshuffled`: the discard pile was shuffled in first).
    Card {
        /// The card's title.
        name: String,
        /// How many discarded cards were shuffled into the empty deck first (0: none).
        reshuffled: usize,
        /// The players drew it from their own deck and entered it.
        entered: bool,
    },
    /// The duration or repeat card lying face up on the deck.
    FaceUp(FaceUp),
    /// Deck and discard pile are empty.
    Nothing,
}

/// Draws for a type: the face-up card first; an empty deck takes the shuffled discard
/// pile. The players' own card for `what`, when they draw their own (`from.pick`), leaves
/// the deck instead of the top card.
pub(super) fn draw(deck: &mut TypeDeck, from: &mut dyn Draws, what: &str) -> Drawn {
    if let Some(f) = deck.face_up.take() {
        return Drawn::FaceUp(f);
    }
    let mut reshuffled = 0;
    if deck.deck.is_empty() {
        if deck.discard.is_empty() {
            return Drawn::Nothing;
        }
        reshuffled = deck.discard.len();
        deck.deck = std::mem::take(&mut deck.discard);
        from.rng().shuffle(&mut deck.deck);
    }
    let picked = from
        .pick(what, &deck.deck)
        .and_then(|c| deck.deck.iter().position(|d| *d == c));
    let name = deck.deck.remove(picked.unwrap_or(0));
    Drawn::Card {
        name,
        reshuffled,
        entered: picked.is_some(),
    }
}

/// What a wound did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Wounded {
    /// This card went to the wound stack (`reshuffled`: the discard pile first became
    /// the deck).
    Card {
        /// The card's title.
        name: String,
        /// How many discarded cards became the deck first (0: none).
        reshuffled: usize,
    },
    /// The face-up duration or repeat card went to the wound stack (or to the discard
    /// pile, with Life).
    FaceUp {
        /// The card's title.
        name: String,
        /// It went to the discard pile (the monster has Life) rather than the wound stack.
        to_discard: bool,
    },
    /// Life went down to this.
    Life(u32),
    /// The monster is defeated.
    Defeated,
}

/// Wounds monster `id` of type `t`: the deck and the monster's facts change in `state`.
/// Moods that leave when the monster is wounded go to the discard pile; the monster
/// loses its overtone token, and an overtone no monster holds a token for leaves play.
/// `others_with_token` says whether another monster of the type still holds one.
pub(crate) fn wound(
    state: &mut AiState,
    t: &AiType,
    id: &str,
    rng: &mut GameRng,
    others_with_token: bool,
) -> Vec<Wounded> {
    let mut out = Vec::new();
    let facts = state.monsters.entry(id.to_string()).or_default();
    let life = facts.life;
    facts.overtone = false;
    let deck = state.decks.entry(t.name.clone()).or_default();
    // Defeat is judged on the deck as the wound finds it: moods in play do not save it.
    if life.is_none() && deck.face_up.is_none() && deck.deck.is_empty() && deck.discard.is_empty() {
        return vec![Wounded::Defeated];
    }
    if let Some(f) = deck.face_up.take() {
        out.push(Wounded::FaceUp {
            name: f.card.clone(),
            to_discard: life.is_some(),
        });
        if life.is_some() {
            deck.discard.push(f.card);
        } else {
            deck.wounds.push(f.card);
        }
    } else if life.is_none() {
        let mut reshuffled = 0;
        if deck.deck.is_empty() {
            reshuffled = deck.discard.len();
            deck.deck = std::mem::take(&mut deck.discard);
            rng.shuffle(&mut deck.deck);
        }
        let name = deck.deck.remove(0);
        deck.wounds.push(name.clone());
        out.push(Wounded::Card { name, reshuffled });
    }
    let leaving: Vec<String> = deck
        .in_play
        .iter()
        .filter(|n| {
            t.card(n).is_some_and(|c| {
                (c.kind == CardKind::Mood && c.until == Until::Wounded)
                    || (c.kind == CardKind::Overtone && !others_with_token)
            })
        })
        .cloned()
        .collect();
    for n in leaving {
        deck.in_play.retain(|x| *x != n);
        deck.discard.push(n);
    }
    if let Some(life) = life {
        let left = life.saturating_sub(1);
        state.monsters.entry(id.to_string()).or_default().life = Some(left);
        out.push(if left == 0 {
            Wounded::Defeated
        } else {
            Wounded::Life(left)
        });
    }
    out
}

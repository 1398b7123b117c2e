//! The odds `show` lists for an AI-deck board (SPEC §14): each type's AI deck in play,
//! the cards left (and the wounds that defeat the monster), and, where the card's
//! pick-target list decides it, the chance that the next card targets each survivor:
//! each card left has its list walked against the board as it stands (`would_pick`),
//! and the cards that pick a survivor are counted over the cards left.
//!
//! Monsters of one type share one deck and draw from it in board order on the type's
//! turn, one card each. When several do, each gets its own chances, judged from where it
//! stands: with nothing known of the order of the cards, the card the second monster
//! draws is as likely to be any card left as the first one's is.

use super::compile::{AiDecks, AiType};
use super::deck::recipe_size;
use super::pick::{survivors, would_pick};
use super::state::{self, AiState, TypeDeck};
use super::turn::{Ctx, scene_of};
use crate::board::Fight;
use crate::board::Side;
use crate::board::odds::{Chance, DeckOdds, MonsterDraw, each_card};
use crate::rules::words::{Names, plural};

/// The odds of each type's AI deck with a monster on the board.
pub(crate) fn odds(decks: &AiDecks, fight: &Fight) -> Vec<DeckOdds> {
    let st = state::read(fight);
    let names = Names::of_board(&fight.board);
    decks
        .types
        .iter()
        .filter_map(|t| {
            let drawers: Vec<&str> = fight
                .board
                .creatures
                .iter()
                .filter(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(&t.name))
                .map(|c| c.id.as_str())
                .collect();
            if drawers.is_empty() {
                return None;
            }
            let shown = format!("{}'s AI deck", names.of(&t.name));
            Some(deck_odds(decks, t, &st, fight, &drawers, shown))
        })
        .collect()
}

/// Type `t`'s deck (`shown`: its name for players), drawn from by `drawers` in order.
fn deck_odds(
    decks: &AiDecks,
    t: &AiType,
    st: &AiState,
    fight: &Fight,
    drawers: &[&str],
    shown: String,
) -> DeckOdds {
    let mut out = DeckOdds {
        deck: format!("{} AI deck", t.name),
        kind: Some(t.name.clone()),
        name: shown,
        left: 0,
        left_means: None,
        next: Vec::new(),
        notes: Vec::new(),
        cards: Vec::new(),
        monsters: Vec::new(),
    };
    let Some(deck) = st.decks.get(&t.name) else {
        let n = recipe_size(t, st.level) as usize;
        out.left = n;
        out.notes.push(format!(
            "not built yet: the card{} dealt when the showdown starts",
            plural(n)
        ));
        return out;
    };
    let (pile, notes) = next_pile(deck);
    out.notes = notes;
    let held = deck.deck.len() + deck.discard.len() + usize::from(deck.face_up.is_some());
    let by_deck = format!("{} wound{} to defeat", held + 1, plural(held + 1));
    let ctx = Ctx { decks, t };
    if let [only] = drawers {
        out.left_means = Some(life_words(st, only).unwrap_or(by_deck));
        out.next = targets(fight, ctx, st, only, &pile);
    } else {
        if drawers.iter().all(|id| life_words(st, id).is_none()) {
            out.left_means = Some(by_deck);
        }
        out.monsters = drawers
            .iter()
            .enumerate()
            .map(|(k, id)| monster_draw(fight, ctx, st, deck, &pile, id, k + 1))
            .collect();
        out.next = out.monsters[0].next.clone();
    }
    let mut sorted = pile.clone();
    sorted.sort();
    out.left = pile
        .len()
        .max(deck.deck.len() + usize::from(deck.face_up.is_some()));
    out.cards = each_card(&sorted, String::clone);
    out
}

/// What monster `id`, the `draws`-th to draw from `deck` on its type's turn, draws: a
/// card of `pile` (the pile the deck's next card comes from), as likely any of them, as
/// long as each monster before it draws one card and the pile lasts that long; a face-up
/// card is the first one's, and what follows it hangs on that card.
fn monster_draw(
    fight: &Fight,
    ctx: Ctx,
    st: &AiState,
    deck: &TypeDeck,
    pile: &[String],
    id: &str,
    draws: usize,
) -> MonsterDraw {
    let left_means = life_words(st, id);
    let mut notes = Vec::new();
    let next = match &deck.face_up {
        Some(_) if draws == 1 => targets(fight, ctx, st, id, pile),
        Some(f) => {
            notes.push(format!(
                "draws after the face-up \"{}\": what comes then hangs on that card",
                f.card
            ));
            Vec::new()
        }
        None if draws <= pile.len() => {
            if draws > 1 {
                notes.push("if each monster before it draws one card".to_string());
            }
            targets(fight, ctx, st, id, pile)
        }
        None => {
            notes.push(format!(
                "the pile ({} card{}) runs out before its draw: it draws from the discard pile, shuffled with the cards played before it",
                pile.len(),
                plural(pile.len())
            ));
            Vec::new()
        }
    };
    let name = fight
        .index_of(id)
        .map_or(id, |i| fight.board.creatures[i].display_name())
        .to_string();
    MonsterDraw {
        monster: id.to_string(),
        name,
        draws: Some(draws),
        left_means,
        next,
        notes,
    }
}

/// Monster `id`'s Life as the wounds that defeat it, when it has Life.
fn life_words(st: &AiState, id: &str) -> Option<String> {
    let life = st.monsters.get(id)?.life?;
    Some(format!(
        "Life {life}: {life} wound{} to defeat",
        plural(life as usize)
    ))
}

/// The chance that monster `id`'s card, one of `pile`, targets each survivor: each card's
/// pick-target list walked against the board as it stands, from where `id` stands.
fn targets(fight: &Fight, ctx: Ctx, st: &AiState, id: &str, pile: &[String]) -> Vec<Chance> {
    let all = survivors(fight);
    let mut picks: Vec<(String, usize)> = all
        .iter()
        .map(|&i| {
            (
                format!("targets {}", fight.board.creatures[i].display_name()),
                0,
            )
        })
        .collect();
    let (mut nobody, mut undecided) = (0, 0);
    for name in pile {
        let Some(card) = ctx.t.card(name).filter(|c| !c.front.pick.is_empty()) else {
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
    next
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

//! The odds `show` lists for an ability-deck board (SPEC §14): each type's ability deck
//! in play (cards left for the next deal, the chance that card is a shuffle card) and the
//! monsters' attack-modifier deck (cards left, the chance of null and of ×2, the
//! blessings and curses inside).

use super::compile::{AbilityDecks, DeckType};
use super::modifiers::{Modifier, ModifierDeck, standard};
use super::state::{TypeDeck, modifier_deck, type_decks};
use crate::board::Fight;
use crate::board::odds::{Chance, DeckOdds, each_card};
use crate::rules::words::Names;

/// The odds of every deck in play: each type's with a monster on the board, then the
/// monsters' modifier deck (the standard twenty before any is drawn).
pub(crate) fn odds(fight: &Fight, decks: &AbilityDecks) -> Vec<DeckOdds> {
    let drawn = type_decks(fight);
    let names = Names::of_board(&fight.board);
    let mut out: Vec<DeckOdds> = decks
        .in_play(&fight.board)
        .into_iter()
        .map(|t| {
            let deck = drawn.get(&t.name).cloned().unwrap_or_default();
            ability_odds(t, &names.of(&t.name), &deck)
        })
        .collect();
    let deck = modifier_deck(fight).unwrap_or_else(|| ModifierDeck {
        draw: standard(),
        ..ModifierDeck::default()
    });
    out.push(modifier_odds(fight, &deck));
    out
}

/// A type's ability deck (`shown`: the type's name as players read it): the pile the
/// next deal draws from and its shuffle cards.
fn ability_odds(t: &DeckType, shown: &str, deck: &TypeDeck) -> DeckOdds {
    let pile = deck.pile_at_deal(t);
    let card = |n: &u32| t.cards.get((*n as usize).wrapping_sub(1));
    let shuffles = pile
        .iter()
        .filter(|n| card(n).is_some_and(|c| c.shuffle))
        .count();
    let mut notes = Vec::new();
    let started = deck.current.is_some() || !deck.discard.is_empty();
    if started && pile != deck.draw {
        notes.push("reshuffled before the next deal".to_string());
    }
    let mut sorted = pile.clone();
    sorted.sort_unstable();
    DeckOdds {
        deck: format!("{} ability deck", t.name),
        kind: Some(t.name.clone()),
        name: format!("{shown}'s ability deck"),
        left: pile.len(),
        left_means: None,
        next: vec![Chance::new("a shuffle card", shuffles, pile.len())],
        notes,
        monsters: Vec::new(),
        cards: each_card(&sorted, |n| match card(n) {
            Some(c) => format!(
                "\"{}\" ({}{})",
                c.label,
                c.initiative,
                if c.shuffle { ", shuffle" } else { "" }
            ),
            None => format!("card {n}"),
        }),
    }
}

/// The monsters' modifier deck: the pile the next card comes from (every card, when the
/// draw pile is empty and the next draw shuffles), null and ×2, blessings and curses, and
/// the card that counts for each monster that would draw two.
fn modifier_odds(fight: &Fight, deck: &ModifierDeck) -> DeckOdds {
    let mut notes = Vec::new();
    let pile: Vec<Modifier> = if deck.draw.is_empty() {
        notes.push("shuffled before the next card".to_string());
        deck.draw.iter().chain(&deck.discard).copied().collect()
    } else {
        deck.draw.clone()
    };
    let count = |m: Modifier| pile.iter().filter(|&&c| c == m).count();
    let inside: Vec<String> = [Modifier::Bless, Modifier::Curse]
        .into_iter()
        .filter(|&m| count(m) > 0)
        .map(|m| format!("{} {}", count(m), m.label()))
        .collect();
    if !inside.is_empty() {
        notes.insert(0, format!("{} among them", inside.join(", ")));
    }
    if deck.shuffle_due {
        notes.push("shuffled at the end of the round".to_string());
    }
    let mut sorted = pile.clone();
    sorted.sort_by_key(|m| super::modifiers::ALL.iter().position(|a| a == m));
    DeckOdds {
        deck: "monsters' modifier deck".to_string(),
        kind: None,
        name: "monsters' modifier deck".to_string(),
        monsters: super::two_cards::two_card_draws(fight, deck, &pile),
        left: pile.len(),
        left_means: None,
        next: vec![
            Chance::new("null", count(Modifier::Null), pile.len()),
            Chance::new("x2", count(Modifier::Double), pile.len()),
        ],
        notes,
        cards: each_card(&sorted, |m| m.label().to_string()),
    }
}

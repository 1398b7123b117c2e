//! Ability cards the players drew from their own decks (SPEC §14): `record BOARD drew
//! grave-warden="Shield Wall" bone-archer=31` names, for the next deal, the card each type
//! drew, by its name or its initiative. Each is checked against the tool's model of the
//! deck (the draw pile as it will stand at that deal) and kept in the type's deck
//! (`drawn`); the deal then takes exactly that card out of the pile, so reshuffles stay
//! right. On a board whose table draws its own cards (`table.own_cards`), a round is dealt
//! only once every type on the board has its card.

use super::AbilityDecks;
use super::compile::DeckType;
use super::events::DeckEvent;
use super::round_calls::coming_round;
use super::state::{set_type_deck, type_decks};
use crate::board::Fight;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::events::Event;
use crate::rules::words::Names;
use crate::rules::world::World;

/// How `record drew` is written, for hints.
const USAGE: &str = "write `record BOARD drew TYPE=CARD ...`, CARD the card's name (quoted when \
it has spaces) or its initiative: `record BOARD drew grave-warden=\"Shield Wall\" bone-archer=31`";

/// `drew TYPE=CARD ...`: the cards the types drew for the next deal. Every entry is
/// checked before any is kept.
pub(crate) fn record_drew(
    world: &mut World,
    decks: &AbilityDecks,
    words: &[String],
) -> Result<(), Diagnostic> {
    let mut chosen: Vec<(&DeckType, u32)> = Vec::new();
    for word in words {
        let Some((kind, card)) = word.split_once('=') else {
            return Err(Diagnostic::plain(format!("`{word}` is not TYPE=CARD")).with_hint(USAGE));
        };
        let t = monster_type(decks, kind.trim())?;
        if chosen.iter().any(|(c, _)| c.name == t.name) {
            return Err(Diagnostic::plain(format!("{} is given twice", t.name))
                .with_hint("give one card for each type"));
        }
        let deck = type_decks(world.fight())
            .remove(&t.name)
            .unwrap_or_default();
        let n = card_in_pile(t, &deck.pile_at_deal(t), card.trim())?;
        chosen.push((t, n));
    }
    let round = coming_round(&world.fight().board);
    for (t, n) in chosen {
        let mut deck = type_decks(world.fight())
            .remove(&t.name)
            .unwrap_or_default();
        deck.drawn = Some(n);
        set_type_deck(world, &t.name, deck);
        let card = &t.cards[n as usize - 1];
        world.emit(Event::system(DeckEvent::AbilityCardGiven {
            kind: t.name.clone(),
            card: n,
            label: card.label.clone(),
            initiative: card.initiative,
            round,
        }));
    }
    Ok(())
}

/// The monster type named `kind` (any case).
fn monster_type<'a>(decks: &'a AbilityDecks, kind: &str) -> Result<&'a DeckType, Diagnostic> {
    if let Some(t) = decks
        .types
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(kind))
    {
        return Ok(t);
    }
    let names: Vec<&str> = decks.types.iter().map(|t| t.name.as_str()).collect();
    let mut d = Diagnostic::plain(format!("no monster type `{kind}` in the monster file"));
    d = match did_you_mean(kind, &names) {
        Some(close) => d.with_hint(format!(
            "did you mean `{close}`? The types: {}",
            names.join(", ")
        )),
        None => d.with_hint(format!("the types: {}", names.join(", "))),
    };
    Err(d)
}

/// A card in words: `"Shield Wall" (22)`.
fn told(t: &DeckType, n: u32) -> String {
    let c = &t.cards[n as usize - 1];
    format!("\"{}\" ({})", c.label, c.initiative)
}

/// The number of the card `text` names (its name, any case, or its initiative) among the
/// cards of `pile`; refused, with the cards the pile holds, when it is not there. They are
/// told in the monster file's order: the model's draw order must not give the next card away.
fn card_in_pile(t: &DeckType, pile: &[u32], text: &str) -> Result<u32, Diagnostic> {
    let mut in_file_order = pile.to_vec();
    in_file_order.sort_unstable();
    let pile = in_file_order.as_slice();
    let holds = || {
        let cards: Vec<String> = pile.iter().map(|&n| told(t, n)).collect();
        format!("{}'s draw pile holds {}", t.name, cards.join(", "))
    };
    let text = text.trim_matches('"');
    let matching: Vec<u32> = match text.parse::<u32>() {
        Ok(init) => (1..=t.cards.len() as u32)
            .filter(|&n| t.cards[n as usize - 1].initiative == init)
            .collect(),
        Err(_) => (1..=t.cards.len() as u32)
            .filter(|&n| t.cards[n as usize - 1].label.eq_ignore_ascii_case(text))
            .collect(),
    };
    let in_pile: Vec<u32> = matching
        .iter()
        .copied()
        .filter(|n| pile.contains(n))
        .collect();
    match in_pile.as_slice() {
        [n] => return Ok(*n),
        [_, _, ..] => {
            let cards: Vec<String> = in_pile.iter().map(|&n| told(t, n)).collect();
            return Err(Diagnostic::plain(format!(
                "{}: `{text}` could be {}",
                t.name,
                cards.join(" or ")
            ))
            .with_hint("name the card"));
        }
        [] => {}
    }
    if let Some(&n) = matching.first() {
        return Err(Diagnostic::plain(format!(
            "{}: {} is not in the draw pile (it was drawn since the last shuffle)",
            t.name,
            told(t, n)
        ))
        .with_hint(format!("{}; give the card you drew", holds())));
    }
    let labels: Vec<&str> = pile
        .iter()
        .map(|&n| t.cards[n as usize - 1].label.as_str())
        .collect();
    let close = did_you_mean(text, &labels)
        .map(|c| format!("did you mean \"{c}\"? "))
        .unwrap_or_default();
    Err(
        Diagnostic::plain(format!("{}: no card `{text}` in its deck", t.name))
            .with_hint(format!("{close}{}", holds())),
    )
}

/// On a board whose table draws its own cards: stops the deal of `round` when a monster
/// type on the board has no card given for it. Returns whether the deal may go on.
pub(crate) fn ready_to_deal(world: &mut World, decks: &AbilityDecks) -> bool {
    if !world.fight().board.table.own_cards {
        return true;
    }
    let missing: Vec<&str> = given_for_the_deal(world.fight(), decks)
        .into_iter()
        .filter(|(_, card)| card.is_none())
        .map(|(t, _)| t.name.as_str())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let round = world.fight().board.round;
    world.stop(
        format!(
            "round {round} needs the ability card each monster type drew (the board's table \
             draws its own cards), and {} none: {}",
            if missing.len() == 1 {
                "one has"
            } else {
                "some have"
            },
            missing.join(", ")
        ),
        format!(
            "record them first: `{}` (CARD: the card's name or initiative)",
            record_command(&missing)
        ),
    );
    false
}

/// The command that records the cards of `kinds`.
fn record_command(kinds: &[&str]) -> String {
    let each: Vec<String> = kinds.iter().map(|k| format!("{k}=CARD")).collect();
    format!("monster-ai record BOARD drew {}", each.join(" "))
}

/// Each type with a monster on the board, and the card given for its next deal (`None`:
/// none yet).
fn given_for_the_deal<'a>(
    fight: &Fight,
    decks: &'a AbilityDecks,
) -> Vec<(&'a DeckType, Option<u32>)> {
    let given = type_decks(fight);
    decks
        .in_play(&fight.board)
        .into_iter()
        .map(|t| (t, given.get(&t.name).and_then(|d| d.drawn)))
        .collect()
}

/// For `show`: the cards given for the coming deal, and, on a table that draws its own,
/// the types whose card is still to be given with the command to give it. Nothing when
/// no card is given and the tool draws them.
pub(crate) fn drawn_line(fight: &Fight, decks: &AbilityDecks) -> Option<String> {
    let types = given_for_the_deal(fight, decks);
    let own = fight.board.table.own_cards;
    if !own && types.iter().all(|(_, card)| card.is_none()) {
        return None;
    }
    let names = Names::of_board(&fight.board);
    let given: Vec<String> = types
        .iter()
        .filter_map(|(t, card)| Some(format!("{} {}", names.of(&t.name), told(t, (*card)?))))
        .collect();
    let owed: Vec<&str> = types
        .iter()
        .filter(|(_, card)| card.is_none())
        .map(|(t, _)| t.name.as_str())
        .collect();
    let mut line = format!(
        "Ability cards drawn for round {}: ",
        coming_round(&fight.board)
    );
    line.push_str(&if given.is_empty() {
        "none recorded yet".to_string()
    } else {
        given.join(", ")
    });
    if own && !owed.is_empty() {
        let names: Vec<String> = owed.iter().map(|k| names.of(k)).collect();
        line.push_str(&format!(
            "; still to draw: {} (`{}`)",
            names.join(", "),
            record_command(&owed)
        ));
    }
    Some(line)
}

//! What the players record on ability-deck boards (`monster-ai record BOARD ...`):
//! `curse [N]` — a character's curse shuffled into the monsters' attack-modifier deck —
//! and `bless [N]`, a blessing (N from 1 to 10, default 1; the deck holds at most ten of
//! each); `initiative ID N [M]`, a character's initiative for the round (and its second
//! card's, which breaks ties between characters); `door CELL open` (also `monster-ai
//! door`), a character opening a door, which reveals the rooms behind it.

use super::AbilityDecks;
use super::events::DeckEvent;
use super::modifiers::{MAX_BLESS_CURSE, Modifier, take_deck};
use super::state::{set_initiative, set_modifier_deck};
use crate::controllers::RecordWord;
use crate::io::diagnostic::Diagnostic;
use crate::rules::events::Event;
use crate::rules::world::World;

/// The words ability-deck boards take in `monster-ai record`.
pub const RECORD_WORDS: &[RecordWord] = &[
    RecordWord {
        word: "curse",
        args: "[N]",
        help: "a character shuffles N curses into the monsters' attack-modifier deck",
    },
    RecordWord {
        word: "bless",
        args: "[N]",
        help: "N blessings go into the monsters' attack-modifier deck",
    },
    RecordWord {
        word: "initiative",
        args: "ID N [M]",
        help: "a character's initiative this round (M: its second card's, for ties)",
    },
    RecordWord {
        word: "door",
        args: "CELL open",
        help: "a character opens a door; the room behind it is revealed",
    },
];

pub fn record(world: &mut World, decks: &AbilityDecks, words: &[String]) -> Result<(), Diagnostic> {
    let what = words.first().map_or("", String::as_str);
    if what == "initiative" {
        return record_initiative(world, &words[1..]);
    }
    if what == "door" {
        return super::rooms::open_door(world, decks, &words[1..]);
    }
    let card = match what {
        "curse" => Modifier::Curse,
        "bless" => Modifier::Bless,
        _ => {
            return Err(Diagnostic::plain(format!(
                "`record {what}`: ability-deck boards record `curse`, `bless`, `initiative` or `door`"
            ))
            .with_hint("e.g. `record BOARD curse` shuffles a curse into the monsters' deck"));
        }
    };
    if words.len() > 2 {
        return Err(
            Diagnostic::plain(format!("`record {}`: too many words", words.join(" ")))
                .with_hint(format!("write `record BOARD {what} [N]`")),
        );
    }
    let count = match words.get(1) {
        None => 1,
        Some(n) => n
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_BLESS_CURSE).contains(n))
            .ok_or_else(|| {
                Diagnostic::plain(format!("`record {what} {n}`: `{n}` is not a count"))
                    .with_hint(format!("give a number from 1 to {MAX_BLESS_CURSE}"))
            })?,
    };
    let mut deck = take_deck(world);
    let held = deck.count(card);
    if held + count > MAX_BLESS_CURSE {
        return Err(Diagnostic::plain(format!(
            "the monsters' deck holds {held} {what} card(s): {count} more would pass {MAX_BLESS_CURSE}"
        ))
        .with_hint(format!(
            "add at most {}",
            MAX_BLESS_CURSE.saturating_sub(held)
        )));
    }
    for _ in 0..count {
        deck.add(card, world.rng());
    }
    set_modifier_deck(world, deck);
    world.emit(Event::system(DeckEvent::ModifiersAdded {
        card: card.label().to_string(),
        count,
        held: held + count,
    }));
    Ok(())
}

/// `initiative ID N [M]`: character ID acts at N this round; M, its second card, breaks a
/// tie with another character.
fn record_initiative(world: &mut World, words: &[String]) -> Result<(), Diagnostic> {
    let usage = "write `record BOARD initiative ID N [M]`, N and M from 0 to 99";
    let [id, rest @ ..] = words else {
        return Err(Diagnostic::plain("`record initiative`: which character?").with_hint(usage));
    };
    let number = |w: Option<&String>| -> Result<Option<u32>, Diagnostic> {
        match w {
            None => Ok(None),
            Some(w) => w
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 99)
                .map(Some)
                .ok_or_else(|| {
                    Diagnostic::plain(format!("`{w}` is not an initiative")).with_hint(usage)
                }),
        }
    };
    let Some(initiative) = number(rest.first())? else {
        return Err(
            Diagnostic::plain(format!("`record initiative {id}`: at what initiative?"))
                .with_hint(usage),
        );
    };
    let second = number(rest.get(1))?;
    if rest.len() > 2 {
        return Err(Diagnostic::plain("`record initiative`: too many words").with_hint(usage));
    }
    let character = world.idx(id).filter(|&i| {
        let c = &world.fight().board.creatures[i];
        c.side == crate::board::Side::Players && c.kind.is_none()
    });
    if character.is_none() {
        return Err(
            Diagnostic::plain(format!("`{id}` is not a character on the board"))
                .with_hint("give the id of a players' creature without a monster type"),
        );
    }
    set_initiative(world, id, initiative, second);
    world.emit(Event::system(DeckEvent::InitiativeSet {
        creature: id.clone(),
        initiative,
        second,
    }));
    Ok(())
}

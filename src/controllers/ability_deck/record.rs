//! What the players record on ability-deck boards (`monster-ai record BOARD ...`):
//! `curse [N]` — a character's curse shuffled into the monsters' attack-modifier deck —
//! and `bless [N]`, a blessing (N from 1 to 10, default 1; the deck holds at most ten of
//! each).

use super::modifiers::{MAX_BLESS_CURSE, Modifier, ModifierDeck};
use super::state::{set_modifier_deck, take_modifier_deck};
use crate::io::diagnostic::Diagnostic;
use crate::rules::events::Event;
use crate::rules::world::World;

pub fn record(world: &mut World, words: &[String]) -> Result<(), Diagnostic> {
    let what = words.first().map_or("", String::as_str);
    let card = match what {
        "curse" => Modifier::Curse,
        "bless" => Modifier::Bless,
        _ => {
            return Err(Diagnostic::plain(format!(
                "`record {what}`: ability-deck boards record `curse` or `bless`"
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
    let mut deck = take_modifier_deck(world).unwrap_or_else(|| ModifierDeck::fresh(world.rng()));
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
    world.emit(Event::ModifiersAdded {
        card: card.label().to_string(),
        count,
        held: held + count,
    });
    Ok(())
}

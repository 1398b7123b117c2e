//! Elements in play on a board that tracks them (`systems.ability-deck.elements`): the
//! first monster of a type to act consumes the elements its card asks for that are strong
//! or waning, and every monster of the type then plays the card with that bonus this
//! round; a monster infuses its card's elements at the end of its turn (they become
//! strong); at the end of each round the elements wane. The players record their own
//! characters' infusions and consumptions with `record BOARD element fire=strong`.
//! On a board that does not track elements the cards' element lines are skipped, told
//! once per command.

use super::compile::{AbilityCard, DeckType};
use super::elements::{self, Element, ElementBoard, Strength};
use super::events::DeckEvent;
use super::state::{consumed, elements, set_consumed, set_elements};
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::events::Event;
use crate::rules::world::World;
use std::borrow::Cow;

/// The card monster `id` of type `t` plays as it acts (on the board, not stunned): the
/// type's elements consumed (by this monster when it is the first of its type to act this
/// round), their bonuses made.
/// A card without element bonuses is played as it is, without a copy.
pub(crate) fn card_to_play<'a>(
    world: &mut World,
    t: &DeckType,
    card: &'a AbilityCard,
    id: &str,
) -> Cow<'a, AbilityCard> {
    let wanted = card.elements_to_consume();
    if wanted.is_empty() {
        return Cow::Borrowed(card);
    }
    if let Some(done) = consumed(world.fight()).get(&t.name) {
        return Cow::Owned(card.with_consumed(done));
    }
    let Some(mut board) = elements(world.fight()) else {
        untracked(world, &t.name);
        return Cow::Borrowed(card);
    };
    let mut taken = Vec::new();
    for e in wanted {
        let was = elements::strength(&board, e);
        if !was.available() {
            continue;
        }
        elements::set(&mut board, e, Strength::Inert);
        taken.push(e);
        world.emit(Event::system(DeckEvent::ElementConsumed {
            creature: id.to_string(),
            kind: t.name.clone(),
            element: e.word().to_string(),
            was: was.word().to_string(),
        }));
    }
    if !taken.is_empty() {
        set_elements(world, &board);
    }
    set_consumed(world, &t.name, taken.clone());
    Cow::Owned(card.with_consumed(&taken))
}

/// The end of the turn monster `id` acted in: its card's elements become strong (not when
/// it fell during the turn).
pub(crate) fn infuse(world: &mut World, kind: &str, card: &AbilityCard, id: &str) {
    if card.infuse.is_empty() || !world.alive(id) {
        return;
    }
    let Some(mut board) = elements(world.fight()) else {
        untracked(world, kind);
        return;
    };
    for &e in &card.infuse {
        elements::set(&mut board, e, Strength::Strong);
        world.emit(Event::system(DeckEvent::ElementInfused {
            creature: id.to_string(),
            element: e.word().to_string(),
        }));
    }
    set_elements(world, &board);
}

/// The end of a round (told when the next one is dealt): every tracked element wanes.
pub(crate) fn wane(world: &mut World) {
    let Some(board) = elements(world.fight()) else {
        return;
    };
    let after = elements::wane(&board);
    if after != board {
        set_elements(world, &after);
        world.emit(Event::system(DeckEvent::ElementsWaned {
            now: elements::describe(&after),
        }));
    }
}

/// Tells, once per command, that a type's element lines are skipped.
fn untracked(world: &mut World, kind: &str) {
    let told = world.events().iter().any(|e| {
        e.system_event::<DeckEvent>()
            .is_some_and(|d| matches!(d, DeckEvent::ElementsUntracked { .. }))
    });
    if !told {
        world.emit(Event::system(DeckEvent::ElementsUntracked {
            kind: kind.to_string(),
        }));
    }
}

/// How `record element` is written, for hints.
const USAGE: &str = "write `record BOARD element fire=strong ice=inert ...` (strong, waning or inert; \
`fire` alone is `fire=strong`); the elements: fire, ice, air, earth, light, dark";

/// `record BOARD element fire=strong dark=waning ice=inert` (or `fire`: strong): what
/// the characters infused or consumed. A board that did not track elements does from
/// now on. Every word is checked before anything changes.
pub(crate) fn record_elements(world: &mut World, words: &[String]) -> Result<(), Diagnostic> {
    if words.is_empty() {
        return Err(Diagnostic::plain("`record element`: which element?").with_hint(USAGE));
    }
    let mut board: ElementBoard = elements(world.fight()).unwrap_or_default();
    let mut seen: Vec<Element> = Vec::new();
    let mut changes = Vec::new();
    for word in words {
        let (name, value) = word.split_once('=').unwrap_or((word, "strong"));
        let element = Element::parse(name).ok_or_else(|| {
            let hint = match did_you_mean(&name.to_ascii_lowercase(), &Element::words()) {
                Some(g) => format!("did you mean `{g}`?"),
                None => USAGE.to_string(),
            };
            Diagnostic::plain(format!(
                "`record element {word}`: `{name}` is not an element"
            ))
            .with_hint(hint)
        })?;
        let strength = Strength::parse(value).ok_or_else(|| {
            Diagnostic::plain(format!(
                "`record element {word}`: `{value}` is not a strength"
            ))
            .with_hint("an element is strong, waning or inert, e.g. `fire=waning`")
        })?;
        if seen.contains(&element) {
            return Err(Diagnostic::plain(format!(
                "`record element`: {} is given twice",
                element.word()
            ))
            .with_hint("give each element once"));
        }
        seen.push(element);
        changes.push((element, strength));
    }
    for (e, s) in changes {
        elements::set(&mut board, e, s);
        world.emit(Event::system(DeckEvent::ElementRecorded {
            element: e.word().to_string(),
            strength: s.word().to_string(),
        }));
    }
    set_elements(world, &board);
    Ok(())
}

/// `show`'s line for the elements, when the board tracks them.
pub(crate) fn element_line(fight: &crate::board::Fight) -> Option<String> {
    let board = elements(fight)?;
    Some(format!("Elements: {}", elements::describe(&board)))
}

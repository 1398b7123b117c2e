//! The AI-deck system's notes: one line of narration about a monster or survivor
//! (`ai-note`), with the decision it records as data when there is one.

use super::events::{AiEvent, Fact};
use crate::rules::events::Event;
use crate::rules::words::plural;
use crate::rules::world::World;

/// Says that the discard pile (`cards` of them, when any) became the deck.
pub(crate) fn note_reshuffle(world: &mut World, id: &str, cards: usize) {
    if cards > 0 {
        let detail = format!(
            "its AI deck is empty: the discard pile ({cards} card{}) is shuffled to form a new deck",
            plural(cards)
        );
        note(world, id, detail);
    }
}

/// Adds a bookkeeping note about `who` that records no decision.
pub(super) fn note(world: &mut World, who: &str, detail: impl Into<String>) {
    note_fact(world, who, detail, None);
}

/// A note that also records a decision as data (`fact`, for `--json`).
pub(crate) fn note_fact(
    world: &mut World,
    who: &str,
    detail: impl Into<String>,
    fact: Option<Fact>,
) {
    world.emit(Event::system(AiEvent::AiNote {
        creature: who.to_string(),
        detail: detail.into(),
        fact,
    }));
}

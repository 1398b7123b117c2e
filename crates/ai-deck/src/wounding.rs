//! A wound to an AI-deck monster, however it came (`record wound`, a survivor's attack):
//! the top card (or the face-up one, or Life) taken, each card's destination told and
//! recorded as data, a monster with nothing left defeated.

use super::card::Release;
use super::compile::AiType;
use super::deck::{self, Wounded};
use super::events::Fact;
use super::notes::{note, note_fact, note_reshuffle};
use super::state;
use super::status;
use super::turn::ensure_deck;
use crate::rules::world::World;
use crate::systems::assembled::monsters_of;

/// A wound to monster `id` of type `t`, by survivor `by` when known.
pub(crate) fn wound(world: &mut World, t: &AiType, id: &str, by: Option<&str>) {
    ensure_deck(world, t);
    let mut st = state::read(world.fight());
    let others_with_token = monsters_of(world, &t.name, None)
        .iter()
        .any(|m| m != id && st.monsters.get(m).is_some_and(|f| f.overtone));
    let before = st
        .decks
        .get(&t.name)
        .map(|d| d.in_play.clone())
        .unwrap_or_default();
    let had_token = st.monsters.get(id).is_some_and(|m| m.overtone);
    if let Some(s) = by {
        st.monsters.entry(id.to_string()).or_default().last_to_wound = Some(s.to_string());
    }
    let outcome = deck::wound(&mut st, t, id, world.rng(), others_with_token);
    state::write(world, &st);
    if let Some(s) = by {
        note(world, id, format!("is wounded by {}", world.name(s)));
    }
    for w in outcome {
        match w {
            Wounded::Card { name, reshuffled } => {
                note_reshuffle(world, id, reshuffled);
                let detail =
                    format!("the wound takes the top AI card, \"{name}\", to the wound stack");
                let fact = Fact::CardPlaced {
                    card: name,
                    to: "wound stack".into(),
                };
                note_fact(world, id, detail, Some(fact));
            }
            Wounded::FaceUp { name, to_discard } => {
                let (to, place) = if to_discard {
                    ("the discard pile", "discard")
                } else {
                    ("the wound stack", "wound stack")
                };
                let detail =
                    format!("the wound takes the face-up \"{name}\" to {to}, tokens and all");
                let fact = Fact::CardPlaced {
                    card: name,
                    to: place.into(),
                };
                note_fact(world, id, detail, Some(fact));
            }
            Wounded::Life(left) => note(world, id, format!("Life goes down to {left}")),
            Wounded::Defeated => {
                note(
                    world,
                    id,
                    "is wounded with nothing left to lose: it is defeated",
                );
                world.die(id);
            }
        }
    }
    if had_token {
        note(world, id, "loses its overtone token");
    }
    let after = st
        .decks
        .get(&t.name)
        .map(|d| d.in_play.clone())
        .unwrap_or_default();
    for gone in before.iter().filter(|n| !after.contains(n)) {
        let fact = Fact::CardPlaced {
            card: gone.clone(),
            to: "discard".into(),
        };
        let detail = format!("\"{gone}\" leaves play for the discard pile");
        note_fact(world, id, detail, Some(fact));
    }
}

/// Survivor `by` wounded a monster of type `t` (`id`): it loses the status cards of the
/// type it keeps only until it wounds the monster. Called once the wounding action is
/// done (a whole attack, or a recorded wound).
pub(crate) fn wounded_by(world: &mut World, t: &AiType, id: &str, by: &str) {
    // The monster may have fallen to the wound: its name is then among the fallen.
    let name = match world.idx(id) {
        Some(_) => world.name(id),
        None => world
            .fight()
            .board
            .fallen
            .iter()
            .rev()
            .find(|f| f.creature.id == id)
            .map_or(id.to_string(), |f| f.creature.display_name().to_string()),
    };
    let why = format!(": it wounded {name}");
    status::release(world, by, Release::Wounds, Some(&t.name), &why);
}

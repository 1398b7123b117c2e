//! The Monster A.I. system's saved state in a board (`systems.monster-ai`): for each
//! monster type, the charges left on its behaviours and the once-per-combat behaviours
//! the whole type has used; for each monster, the once-per-monster behaviours it has
//! used; and the board's extra turn cards for each boss type. Reading it, changing it,
//! ticking charges at the round start, letting go of a monster that leaves the board,
//! and checking it when a board is loaded. (Older boards kept `boss_cards` at the top and
//! `used` on each creature; the core moves them here as it reads them.)

use super::compile::{Behaviour, Scheme};
use super::events::SchemeEvent;
use crate::board::load::unknown_type_hint;
use crate::board::{Fight, StatSource};
use crate::io::load::path_key;
use crate::rules::events::Event;
use crate::rules::world::World;
use crate::systems::state::{StateProblem, read_state};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The system's name: its `system` key in monster files and its key under a board's
/// `systems`.
pub(crate) const SYSTEM_NAME: &str = "monster-ai";

/// The state: per monster type (types without any are left out).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SchemeState {
    /// Each monster type's charges and uses, by type name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub types: BTreeMap<String, TypeState>,
    /// Extra turn cards shuffled into the deck for each boss type (0 to 10).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub boss_cards: u32,
    /// Once-per-monster behaviours each monster has used (1-based numbers), by its id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub used: BTreeMap<String, BTreeSet<u32>>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most extra turn cards a boss type may have.
const MAX_BOSS_CARDS: u32 = 10;

/// Charges and once-per-combat uses for one monster type's behaviours (1-based numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TypeState {
    /// Behaviours still charging: behaviour number to the round starts left.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub charges: BTreeMap<u32, u32>,
    /// Once-per-combat behaviours already used, by number.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub used: BTreeSet<u32>,
}

impl TypeState {
    fn is_empty(&self) -> bool {
        self.charges.is_empty() && self.used.is_empty()
    }
}

/// The board's state (checked when the board was loaded).
pub(crate) fn read(fight: &Fight) -> SchemeState {
    fight.system_state(SYSTEM_NAME).unwrap_or_default()
}

fn write(world: &mut World, state: &SchemeState) {
    world.set_system_state(SYSTEM_NAME, state);
}

/// Behaviour `number` of monster type `kind`, once per combat for the whole type, was used.
pub(crate) fn mark_type_used(world: &mut World, kind: &str, number: u32) {
    let mut state = read(world.fight());
    state
        .types
        .entry(kind.to_string())
        .or_default()
        .used
        .insert(number);
    write(world, &state);
}

/// Monster `id` used its once-per-monster behaviour `number`.
pub(crate) fn mark_monster_used(world: &mut World, id: &str, number: u32) {
    let mut state = read(world.fight());
    state.used.entry(id.to_string()).or_default().insert(number);
    write(world, &state);
}

/// Whether monster `id` has used its once-per-monster behaviour `number`.
pub(crate) fn monster_used(fight: &Fight, id: &str, number: u32) -> bool {
    read(fight)
        .used
        .get(id)
        .is_some_and(|u| u.contains(&number))
}

/// Creature `id` left the board: what the state holds for it goes.
pub(crate) fn forget(world: &mut World, id: &str) {
    let mut state = read(world.fight());
    if state.used.remove(id).is_some() {
        write(world, &state);
    }
}

/// Charge N: the behaviour is unavailable until N round starts have passed.
pub(crate) fn set_charges(world: &mut World, kind: &str, b: &Behaviour, charges: u32) {
    let number = b.number;
    let mut state = read(world.fight());
    state
        .types
        .entry(kind.to_string())
        .or_default()
        .charges
        .insert(number, charges);
    write(world, &state);
    world.emit(Event::system(SchemeEvent::Charged {
        kind: kind.to_string(),
        behaviour: number,
        label: b.label.clone(),
        charges,
    }));
}

/// A round starts: every charge comes off by one (`scheme` names the behaviours).
pub(crate) fn tick_charges(world: &mut World, scheme: &Scheme) {
    let mut state = read(world.fight());
    if state.types.is_empty() {
        return;
    }
    let mut ticks = Vec::new();
    for (kind, t) in state.types.iter_mut() {
        for (b, n) in t.charges.iter_mut() {
            if *n > 0 {
                *n -= 1;
                let label = scheme
                    .get(kind)
                    .and_then(|t| t.behaviours.iter().find(|x| x.number == *b))
                    .map_or_else(|| format!("behaviour {b}"), |x| x.label.clone());
                ticks.push(Event::system(SchemeEvent::ChargeTick {
                    kind: kind.clone(),
                    behaviour: *b,
                    label,
                    charges: *n,
                }));
            }
        }
        t.charges.retain(|_, n| *n > 0);
    }
    state.types.retain(|_, t| !t.is_empty());
    write(world, &state);
    for t in ticks {
        world.emit(t);
    }
}

/// The state's problems: its shape, monster types the scheme file does not define,
/// uses of creatures not on the board, and too many boss cards.
pub(crate) fn check(fight: &Fight, schemes: &dyn StatSource) -> Vec<StateProblem> {
    let state: SchemeState = match read_state(fight, SYSTEM_NAME) {
        Ok(state) => state,
        Err(p) => return vec![p],
    };
    let mut problems: Vec<StateProblem> = state
        .types
        .keys()
        .filter(|kind| schemes.stats(kind).is_none())
        .map(|kind| StateProblem {
            path: format!("types{}", path_key(kind, false)),
            message: format!("unknown monster type `{kind}`"),
            hint: Some(unknown_type_hint(kind, schemes)),
        })
        .collect();
    problems.extend(
        state
            .used
            .keys()
            .filter(|id| fight.index_of(id).is_none())
            .map(|id| StateProblem {
                path: format!("used{}", path_key(id, false)),
                message: format!("there is no creature `{id}` on the board"),
                hint: Some(
                    "a monster's uses go with it when it leaves the board: remove the entry".into(),
                ),
            }),
    );
    if state.boss_cards > MAX_BOSS_CARDS {
        problems.push(StateProblem {
            path: "boss_cards".into(),
            message: format!("{} extra boss cards is too many", state.boss_cards),
            hint: Some(format!(
                "use 0 to {MAX_BOSS_CARDS} extra turn cards per boss type"
            )),
        });
    }
    problems
}

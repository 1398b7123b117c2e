//! Perform the need: each planned action carried out through `World` (moves, attacks,
//! doors) or on the system's state (items, locks, the remembered direction), with its
//! event.

use super::compile::NeedsType;
use super::events::NeedsEvent;
use super::rate::{Plan, Way};
use super::state::NeedsState;
use crate::board::Creature;
use crate::grid::{Cell, Terrain};
use crate::rules::attack::perform_attack;
use crate::rules::events::Event;
use crate::rules::targeting::Priority;
use crate::rules::ties::TiePolicy;
use crate::rules::world::{MoveCause, World};

/// Carries out `plan` for monster `id`; a wandering step never goes to `back` (where the
/// monster stood before its last step). Returns true when the turn is over (after an
/// attack).
pub(crate) fn perform(
    world: &mut World,
    id: &str,
    t: &NeedsType,
    plan: &Plan,
    state: &mut NeedsState,
    back: Option<Cell>,
) -> bool {
    let Some(i) = world.idx(id) else { return true };
    let here = world.fight().board.creatures[i].position;
    let item_event = |world: &mut World, verb: &str, it: &super::state::Item, cell: Cell| {
        world.emit(Event::system(NeedsEvent::item(id, verb, it, cell)));
    };
    match plan {
        Plan::Open(c) => world.set_door(*c, Terrain::OpenDoor, Some(id), "opens"),
        Plan::Lockpick(c) => {
            state.locked.retain(|l| l != c);
            world.emit(Event::Door {
                creature: Some(id.to_string()),
                cell: c.name(),
                change: "unlocks".into(),
            });
        }
        Plan::Drop(k) => {
            let it = &mut state.items[*k];
            it.carrier = None;
            it.equipped = false;
            it.at = Some(here);
            item_event(world, "drops", it, here);
        }
        Plan::PickUp(k) => {
            let it = &mut state.items[*k];
            it.at = None;
            it.carrier = Some(id.to_string());
            item_event(world, "picks up", it, here);
        }
        Plan::Equip(k) => {
            let it = &mut state.items[*k];
            it.equipped = true;
            item_event(world, "equips", it, here);
        }
        Plan::Step(way, to) => {
            let to = match way {
                Way::Wander => wander_step(world, id, here, state, back),
                _ => to.first().copied(),
            };
            if let Some(to) = to {
                remember_direction(world, id, here, to, state);
                on_the_board(world, state, |world| {
                    world.move_along(id, &[to], MoveCause::Walk);
                });
            }
        }
        Plan::Attack(target, ai) => {
            on_the_board(world, state, |world| {
                perform_attack(world, id, &t.attacks[*ai].attack, target, Priority::Closest);
            });
            return true;
        }
        // The turn resolves a tie before performing; the first option otherwise.
        Plan::OneOf(_, options) => {
            if let Some((_, first)) = options.first() {
                return perform(world, id, t, first, state, back);
            }
        }
    }
    false
}

/// A wandering step: on in the remembered direction while that cell is free, else a free
/// direction drawn from the board's generator, or chosen by the player under `--ties ask`
/// (none when boxed in). Never back to `back`.
fn wander_step(
    world: &mut World,
    id: &str,
    here: Cell,
    state: &NeedsState,
    back: Option<Cell>,
) -> Option<Cell> {
    let grid = world.fight().grid();
    let names = grid.direction_names();
    let free = |world: &World, c: Cell| {
        let fight = world.fight();
        fight.map.step_open(here, c) && fight.creature_at(c).is_none() && Some(c) != back
    };
    if let Some(d) = state
        .wander
        .get(id)
        .and_then(|w| names.iter().position(|n| n == w))
        && let Some(c) = grid.neighbour_in(here, d)
        && free(world, c)
    {
        return Some(c);
    }
    let options: Vec<Cell> = (0..names.len())
        .filter_map(|d| grid.neighbour_in(here, d))
        .filter(|&c| free(world, c))
        .collect();
    if options.is_empty() {
        return None;
    }
    let k = if world.tie_policy() == TiePolicy::Ask {
        let labels: Vec<String> = options.iter().map(|c| c.name()).collect();
        world.tie("the direction to wander in", &labels)
    } else {
        world.rng().below(options.len() as u32) as usize
    };
    Some(options[k])
}

/// Remembers the direction of a step from `from` to its neighbour `to`.
fn remember_direction(world: &World, id: &str, from: Cell, to: Cell, state: &mut NeedsState) {
    let grid = world.fight().grid();
    let names = grid.direction_names();
    if let Some(d) = (0..names.len()).find(|&d| grid.neighbour_in(from, d) == Some(to)) {
        state.wander.insert(id.to_string(), names[d].to_string());
    }
}

/// Runs `action` (a move, an attack) with the state written to the board first and read
/// back after: a creature that leaves the board meanwhile (it falls, it retreats) has what
/// it held let go on the board's copy by the system's hook (`left_board`), and the turn
/// goes on from there.
fn on_the_board(world: &mut World, state: &mut NeedsState, action: impl FnOnce(&mut World)) {
    world.set_system_state(super::state::NAME, state);
    action(world);
    *state = super::state::read(world.fight());
}

/// `creature` left the board (it fell, retreated or was taken off): what it carried falls
/// where it stood, or, when it hovered over an obstacle, on the nearest cell a creature
/// can stand on (ties: the tie policy; when none can be reached, the items are lost with
/// it), each told as a drop; its own entries go.
pub(crate) fn let_go(world: &mut World, creature: &Creature) {
    let mut state = super::state::read(world.fight());
    let before = state.clone();
    let id = creature.id.as_str();
    let mut landing: Option<Option<Cell>> = None;
    let mut lost = Vec::new();
    for (k, it) in state.items.iter_mut().enumerate() {
        if it.carrier.as_deref() != Some(id) {
            continue;
        }
        let cell = *landing.get_or_insert_with(|| {
            let what = format!("where what {} carried falls", creature.display_name());
            world.nearest_ground(creature.position, &what)
        });
        it.carrier = None;
        it.equipped = false;
        match cell {
            Some(cell) => {
                it.at = Some(cell);
                world.emit(Event::system(NeedsEvent::item(id, "drops", it, cell)));
            }
            None => {
                let at = creature.position;
                world.emit(Event::system(NeedsEvent::item(id, "loses", it, at)));
                lost.push(k);
            }
        }
    }
    for k in lost.into_iter().rev() {
        state.items.remove(k);
    }
    state.creatures.remove(id);
    state.wander.remove(id);
    if state != before {
        world.set_system_state(super::state::NAME, &state);
    }
}

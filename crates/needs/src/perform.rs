//! Perform the need: each planned action carried out through `World` (moves, attacks,
//! doors) or on the system's state (items, locks, the remembered direction), with its
//! event.

use super::compile::NeedsType;
use super::events::NeedsEvent;
use super::rate::{Plan, Way};
use super::state::NeedsState;
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
                world.move_along(id, &[to], MoveCause::Walk);
            }
        }
        Plan::Attack(target, ai) => {
            let carriers = carriers(world, state);
            perform_attack(world, id, &t.attacks[*ai].attack, target, Priority::Closest);
            drop_for_the_fallen(world, &carriers, state);
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

/// Where each creature carrying something stands.
fn carriers(world: &World, state: &NeedsState) -> Vec<(String, Cell)> {
    let fight = world.fight();
    let mut out: Vec<(String, Cell)> = Vec::new();
    for it in &state.items {
        if let Some(who) = &it.carrier
            && !out.iter().any(|(w, _)| w == who)
            && let Some(j) = fight.index_of(who)
        {
            out.push((who.clone(), fight.board.creatures[j].position));
        }
    }
    out
}

/// The belongings of a creature that has left the board fall where it stood.
fn drop_for_the_fallen(world: &mut World, carriers: &[(String, Cell)], state: &mut NeedsState) {
    for (who, cell) in carriers {
        if world.alive(who) {
            continue;
        }
        state.wander.remove(who);
        for it in state
            .items
            .iter_mut()
            .filter(|it| it.carrier.as_ref() == Some(who))
        {
            it.carrier = None;
            it.equipped = false;
            it.at = Some(*cell);
            world.emit(Event::system(NeedsEvent::item(who, "drops", it, *cell)));
        }
    }
}

//! Resurrect: a creature with the trait that dies comes back to life 1d4 rounds later with
//! half its max HP (rounded up), on the cell where it fell or the free cell closest to it.

use super::events::Event;
use super::targeting::closest_free;
use super::world::World;
use crate::board::load::resolve_stats;
use crate::board::{Creature, Resurrection};
use crate::chance::dice::Dice;

/// How many rounds a resurrecting creature stays dead.
pub const DELAY: Dice = Dice {
    count: 1,
    sides: 4,
    modifier: 0,
};

/// Called as `creature` (with Resurrect, maximum `max_hp`) dies: rolls when it comes back
/// and keeps it in the board's `resurrections`.
pub fn schedule(world: &mut World, creature: &Creature, max_hp: i32) {
    let roll = world.roll(&DELAY);
    let round = world.fight.board.round + roll.total.max(1) as u32;
    let mut record = creature.clone();
    record.hp = (max_hp + 1) / 2;
    record.statuses.clear();
    record.retaliated = None;
    world.fight.board.resurrections.push(Resurrection {
        round,
        creature: record,
    });
    world.emit(Event::ResurrectionScheduled {
        creature: creature.id.clone(),
        roll: (&roll).into(),
        round,
    });
}

/// At the start of `round`: every creature due back by then returns, in the order they
/// died.
pub fn revive_due(world: &mut World, round: u32) {
    let (due, later): (Vec<Resurrection>, Vec<Resurrection>) = world
        .fight
        .board
        .resurrections
        .drain(..)
        .partition(|r| r.round <= round);
    world.fight.board.resurrections = later;
    for r in due {
        revive(world, r.creature);
    }
}

fn revive(world: &mut World, mut creature: Creature) {
    let Ok(stats) = resolve_stats(&creature, &world.fight.board, world.schemes) else {
        return;
    };
    let options = closest_free(world.fight, creature.position);
    if options.is_empty() {
        // No room now: it tries again at the start of the next round.
        let near = creature.position.name();
        world.emit(Event::NoRoom {
            what: creature.display_name().to_string(),
            near,
            later: true,
        });
        let round = world.fight.board.round + 1;
        world
            .fight
            .board
            .resurrections
            .push(Resurrection { round, creature });
        return;
    }
    let names: Vec<String> = options.iter().map(|c| c.name()).collect();
    let what = format!("where {} comes back", creature.display_name());
    let cell = options[world.tie(&what, &names)];
    creature.position = cell;
    let event = Event::Resurrected {
        creature: creature.id.clone(),
        name: creature.display_name().to_string(),
        cell: cell.name(),
        hp: creature.hp,
        max_hp: stats.max_hp,
    };
    world.place_creature(creature, stats, event);
}

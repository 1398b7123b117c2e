//! The turn skeleton every system shares, so that a system only decides: the turn
//! starts (start-of-turn statuses end, fire burns), a terrified coward flees, the system's
//! own start-of-turn work runs, a stunned monster loses its turn, the system acts, and the
//! turn ends for a monster still standing.

use crate::board::{StatusKind, Trait};
use crate::rules::events::Event;
use crate::rules::world::World;

/// What a system does within the shared turn of one monster.
pub trait Activation {
    /// The system's own start of turn, after the shared one (wounds, stat-line shields).
    fn begin(&mut self, _world: &mut World, _id: &str) {}
    /// The decision and its actions.
    fn act(&mut self, world: &mut World, id: &str);
}

/// Runs monster `id`'s whole turn around `activation`.
pub fn run_turn(world: &mut World, id: &str, activation: &mut dyn Activation) {
    if !world.start_turn(id) {
        return;
    }
    if play_started_turn(world, id, activation) {
        world.end_turn(id);
    } else {
        world.clear_acting();
    }
}

/// The turn of `id` once started, up to its end: a terrified coward flees, the system's
/// own start of turn runs, a stunned creature loses the turn, else `activation` acts.
/// Returns whether `id` is still on the board to end its turn. (A character played by
/// `simulate` starts and ends its turn with its card, and has only this part.)
pub fn play_started_turn(world: &mut World, id: &str, activation: &mut dyn Activation) -> bool {
    let Some(i) = world.idx(id) else { return false };
    if world.fight().has_status(i, StatusKind::Terrified)
        && world.fight().has_trait(i, &Trait::Cowardly)
    {
        world.trait_note(id, "cowardly", "is terrified and flees");
        world.retreat(id);
        return false;
    }
    activation.begin(world, id);
    let Some(i) = world.idx(id) else { return false };
    if world.fight().has_status(i, StatusKind::Stunned) {
        world.emit(Event::TurnSkipped {
            monster: id.to_string(),
            reason: "it is stunned".into(),
        });
        return true;
    }
    activation.act(world, id);
    world.alive(id)
}

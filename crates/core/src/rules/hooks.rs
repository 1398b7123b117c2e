//! The hooks a system gets from the core, whatever path led there: [`World::die`] calls
//! `fell` once a creature is off the board (felled by a player's `hit`, an attack, a
//! retaliation, a hazard, a wound, an explosion), and [`World::end_turn`] calls
//! `turn_ended` when any creature's turn ends. The system may then change the fight
//! through `World` as usual (the ability decks drop a money token where a normal or elite
//! monster fell, and a character ending its turn on loot picks it up).

use crate::board::Creature;
use crate::rules::world::World;

/// What the core tells a system of every death and turn end.
pub trait SystemHooks {
    /// `creature` fell; it is as it was, on the cell it fell from, already off the board.
    fn fell(&self, world: &mut World, creature: &Creature);
    /// `id`'s turn ended (it may be gone).
    fn turn_ended(&self, world: &mut World, id: &str);
}

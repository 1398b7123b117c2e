//! The hooks a system gets from the core, whatever path led there. Every creature that
//! leaves the board goes through one place, `World`'s taking off (it fell: a player's
//! `hit`, an attack, a retaliation, a hazard, a wound, an explosion; it retreated: the
//! `retreating` status, Test Morale, a coward's flight, a scheme's retreat; it was taken
//! off with `remove`), which calls `left` once the departure is told; and
//! [`World::end_turn`] calls `turn_ended` when any creature's turn ends. The system may
//! then change the fight through `World` as usual (the ability decks drop a money token
//! where a normal or elite monster fell, the need-driven monsters' items fall where their
//! carrier stood, a character ending its turn on loot picks it up).

use super::World;
use crate::board::{Creature, Fight, Side};

/// How a creature left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// It died.
    Fell,
    /// It left the fight alive (the `retreating` status, a failed morale test, a
    /// coward's flight, a scheme's `retreat`).
    Retreated,
    /// A player took it off the board (`remove`).
    Removed,
}

/// What the core tells a system of every departure and turn end.
pub trait SystemHooks {
    /// `creature` left the board (`how`); it is as it was, on the cell it left from (a
    /// fallen one with 0 HP), already off the board.
    fn left(&self, world: &mut World, creature: &Creature, how: Leaving);
    /// `id`'s turn ended (it may be gone).
    fn turn_ended(&self, world: &mut World, id: &str);
    /// Whether `side` still has creatures the system holds off the board (the ability
    /// decks' monsters in rooms behind closed doors): while it does, that side is still
    /// in the fight.
    fn waiting(&self, fight: &Fight, side: Side) -> bool {
        let _ = (fight, side);
        false
    }
    /// What stands in place of creature `id`'s hit points under the system's rules, when
    /// it measures its health otherwise (an AI deck's cards, Life, a survivor's armour);
    /// `None`: its hit points.
    fn health(&self, fight: &Fight, id: &str) -> Option<String> {
        let _ = (fight, id);
        None
    }
    /// The commands the players record a character's turn with under the system's
    /// rules, for the prompt of `next`; `None`: the player commands (hit, move, heal).
    fn players_commands(&self) -> Option<&'static str> {
        None
    }
    /// Creature `id`'s rank under the system's rules, told before its type as its turn
    /// starts (`elite`); `None` when its rules give it none to tell.
    fn rank(&self, fight: &Fight, id: &str) -> Option<&'static str> {
        let _ = (fight, id);
        None
    }
    /// The initiative turn-order card `card` (a monster type or a character's id) stands
    /// at this round, when the system orders a round by initiative.
    fn card_initiative(&self, fight: &Fight, card: &str) -> Option<u32> {
        let _ = (fight, card);
        None
    }
    /// The system's loaded monsters as their own type, for the system's own code that
    /// needs them while it plays (the AI decks' survivors wound a monster card by card).
    fn monsters_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

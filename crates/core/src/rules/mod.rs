//! The rules core shared by every system: targeting, attacks, statuses, rounds and
//! the turn-order deck, tie policies, and the one place where the board is changed,
//! [`world::World`] (which also records the events narration is built from, and holds a
//! blow, its effects and the reactions World itself sets off).

pub mod attack;
pub mod deck;
pub mod entered;
pub mod events;
pub mod player;
pub mod retaliate;
pub mod round;
pub mod stalemate;
pub mod targeting;
pub mod ties;
pub mod words;
pub mod world;

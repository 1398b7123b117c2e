//! The rules core shared by every controller: targeting, attacks, effects, statuses,
//! rounds and the turn-order deck, tie policies, and the one place where the board is
//! changed, [`world::World`] (which also records the events narration is built from).

pub mod attack;
pub mod deck;
pub mod doors;
pub mod effects;
pub mod events;
pub mod hooks;
pub mod player;
pub mod resurrect;
pub mod retaliate;
pub mod round;
pub mod stalemate;
pub mod strike;
pub mod system_state;
pub mod targeting;
pub mod ties;
pub mod turn_order;
pub mod words;
pub mod world;
pub mod wound;

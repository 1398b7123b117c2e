//! The rules core shared by every controller: dice and the seeded RNG, the condition
//! language, targeting, movement choice, effects, and the one place where the board is
//! changed (which also records the events narration is built from).

pub mod attack;
pub mod deck;
pub mod effects;
pub mod events;
pub mod player;
pub mod resurrect;
pub mod retaliate;
pub mod round;
pub mod targeting;
pub mod ties;
pub mod world;

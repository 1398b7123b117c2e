//! The rules core shared by every controller: dice and the seeded RNG, the condition
//! language, targeting, movement choice, effects, and the one place where the board is
//! changed (which also records the events narration is built from).

pub mod ability_state;
pub mod action;
pub mod aim;
pub mod attack;
pub mod condition;
pub mod deck;
pub mod dice;
pub mod effects;
pub mod events;
pub mod focus;
pub mod movement;
pub mod player;
pub mod resurrect;
pub mod retaliate;
pub mod rng;
pub mod round;
pub mod targeting;
pub mod ties;
pub mod turn_order;
pub mod world;

//! monster-ai's core: what every automation system shares, and the seam they plug into.
//!
//! One module per layer, each importing only those below it: [`grid`] answers geometry
//! questions, [`chance`] rolls dice, [`io`] and [`error`] read files and report problems,
//! [`board`] holds the fight, [`rules`] resolves what monsters and characters do (targets,
//! movement, rolls, effects) and records events, and [`systems`] is the seam: the traits
//! a system implements (`System`, `Monsters`, …) and the turn every system shares. Each
//! system is a crate of its own on top of this one; the app (`monster-ai`) lists them in
//! its registry.

pub mod board;
pub mod chance;
pub mod error;
pub mod grid;
pub mod io;
pub mod rules;
pub mod systems;

//! monster-ai: decides what tabletop monsters do on their turn under published
//! automation systems, narrates it, and writes the board back.
//!
//! The pipeline, one module per stage: [`io`] loads files, [`board`] holds the fight,
//! [`grid`] answers geometry questions, [`controllers`] pick a behaviour, [`rules`]
//! resolves it (targets, movement, rolls, effects) and records events, [`narration`]
//! renders those events, and [`cli`] ties it together.

// Errors carry a full located diagnostic; they only travel on the failure path, so their
// size does not matter.
#![allow(clippy::result_large_err)]
// Every public item says what it is for (the `unreachable_pub` lint in Cargo.toml keeps
// `pub` to what is reachable, so this covers the library's whole public face).
#![warn(missing_docs)]

pub mod board;
pub mod chance;
pub mod cli;
pub mod controllers;
pub mod error;
pub mod fight;
pub mod grid;
pub(crate) mod import;
pub mod io;
pub mod narration;
pub mod render;
pub mod rules;
pub mod simulate;

//! monster-ai: decides what tabletop monsters do on their turn under published
//! automation systems, narrates it, and writes the board back.
//!
//! This crate is the app: [`cli`] ties the commands together, [`fight`] loads a board
//! with its monsters, [`simulate`] plays fights to their end, [`narration`] renders
//! events and [`render`] draws boards; [`registry`] lists the systems, and is the one
//! place that names them. What every system shares (the grid, dice, files, the board,
//! the rules and the seam a system plugs into) is the core crate, `monster_ai_core`;
//! each system is a crate of its own (`crates/` beside this one; docs/ARCHITECTURE.md).

// The core's layers and the readers of other tools' files, so that paths read
// `crate::board::…` here as in the core.
use monster_ai_core::{board, chance, error, grid, io, rules, systems};
use monster_ai_import as import;

pub mod cli;
pub mod fight;
pub mod narration;
pub mod registry;
pub mod render;
pub mod simulate;

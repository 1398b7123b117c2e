//! The Monster A.I. system (`system = "monster-ai"`, the default): each monster type
//! has a scheme of ordered behaviours with special and proximity conditions, target
//! priority, charges, and the two-moves fallback; the turn-order deck is shuffled.
//!
//! - `format`, `compile`, `action_text`, `vocabulary`, `condition`: reading and checking
//!   the monster file (the condition language is this system's own).
//! - `system`: the [`crate::systems::System`] implementation.
//! - `turn`, `target`, `aim`, `movement`, `perform`: one monster's turn.
//! - `turn_order`: the shuffled deck with Haste.
//! - `state`: what it saves in a board (charges, once-per-combat uses per type).

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{board, chance, grid, io, rules, systems};

mod action_text;
mod aim;
mod characters;
mod compile;
mod condition;
mod events;
mod format;
mod knob;
mod movement;
mod odds;
mod perform;
mod state;
mod system;
mod target;
mod turn;
mod turn_order;
mod vocabulary;

pub use system::SYSTEM;

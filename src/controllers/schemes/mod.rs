//! The Monster A.I. controller (`system = "monster-ai"`, the default): each monster type
//! has a scheme of ordered behaviours with special and proximity conditions, target
//! priority, charges, and the two-moves fallback; the turn-order deck is shuffled.
//!
//! - `format`, `compile`, `action_text`, `vocabulary`, `condition`: reading and checking
//!   the monster file (the condition language is this system's own).
//! - `system`: the [`crate::controllers::Controller`] implementation.
//! - `turn`, `target`, `aim`, `movement`, `perform`: one monster's turn.
//! - `turn_order`: the shuffled deck with Haste.
//! - `state`: what it saves in a board (charges, once-per-combat uses per type).

pub mod action_text;
pub mod aim;
pub mod compile;
pub mod condition;
pub mod events;
pub mod format;
pub mod heroes;
mod knob;
pub mod movement;
pub mod perform;
pub mod state;
pub mod system;
pub mod target;
pub mod turn;
pub mod turn_order;
pub mod vocabulary;

pub use compile::{Scheme, load_scheme};

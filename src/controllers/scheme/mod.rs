//! The scheme controller (Monster A.I.): ordered behaviours with special and proximity
//! conditions, target priority, charges, and the two-moves fallback.

pub mod action_text;
pub mod aim;
pub mod compile;
pub mod condition;
pub mod format;
pub mod movement;
pub mod perform;
pub mod system;
pub mod target;
pub mod turn;
pub mod turn_order;
pub mod vocabulary;

pub use compile::{Scheme, load_scheme};

//! The scheme controller (Monster A.I.): ordered behaviours with special and proximity
//! conditions, target priority, charges, and the two-moves fallback.

pub mod action_text;
pub mod compile;
pub mod format;
pub mod perform;
pub mod target;
pub mod turn;
pub mod vocabulary;

pub use compile::{Scheme, load_scheme};

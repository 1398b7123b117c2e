//! Need-driven monsters (`system = "needs"`, seed 002): each monster observes what it
//! perceives, gives every creature and object a fear/love and a hate value, finds the
//! most feared, loved and hated and the centres of fear/love and hate, rates each of its
//! actions by urgency and performs the most urgent, then observes again, as many times
//! as its speed allows.
//!
//! - `format`, `compile`: reading and checking the monster file.
//! - `state`: what it keeps in a board (`systems.needs`): items, locked doors, strength
//!   and race per creature, remembered wandering directions.
//! - `perceive`: perception, help values, fear/love and hate, the centres.
//! - `rate`: the action ratings; `perform`: carrying the chosen one out; `plane`: points,
//!   directions and straight lines between cells.
//! - `crowd`: what one activation keeps between its cycles.
//! - `turn`: the observe → rate → perform cycles; `story`: a cycle in plain words;
//!   `system`: the system.
//! - `commands`: the players' `item` and `door` commands; `sketch`: what `show` draws.

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{board, chance, grid, io, rules, systems};

mod compile;
mod crowd;
mod events;
mod format;
mod knob;
mod overlay;
mod perceive;
mod perform;
mod plane;
mod rate;
mod record;
mod state;
mod story;
mod system;
#[cfg(test)]
mod tests;
mod turn;
mod words;

/// A value for narration: at most two decimals, without trailing zeros (`166.67`, `0.5`,
/// `-125`).
pub(crate) fn num(x: f64) -> String {
    let t = format!("{x:.2}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" || t.is_empty() {
        "0".to_string()
    } else {
        t.to_string()
    }
}

pub use system::SYSTEM;

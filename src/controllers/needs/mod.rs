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
//!   `system`: the controller.
//! - `commands`: the players' `item` and `door` commands; `sketch`: what `show` draws.

pub mod commands;
pub mod compile;
pub mod crowd;
pub mod events;
pub mod format;
mod knob;
pub mod perceive;
pub mod perform;
pub mod plane;
pub mod rate;
pub mod sketch;
pub mod state;
pub mod story;
pub mod system;
pub mod turn;

pub use compile::{NeedsMonsters, load_needs};

/// A value for narration: at most two decimals, without trailing zeros (`166.67`, `0.5`,
/// `-125`).
pub fn num(x: f64) -> String {
    let t = format!("{x:.2}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" || t.is_empty() {
        "0".to_string()
    } else {
        t.to_string()
    }
}

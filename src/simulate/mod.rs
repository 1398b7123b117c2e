//! `simulate`: the fight played to its end many times from the board's current state,
//! with the characters playing themselves, and what the runs say together: win rates,
//! rounds, who falls and when, damage, and the behaviours and cards used.
//!
//! Run `i` of a simulation seeded `S` uses its own RNG seeded from `S` and `i` alone, and
//! the runs are summed in run order, so the report is the same for any number of threads.

pub mod play;
pub mod record;
pub mod report;
pub(crate) mod svg;
pub mod sweep;
pub(crate) mod text;

pub use play::{Setup, characters, play_fight, run_seed};
pub use report::Report;

use rayon::prelude::*;

/// Plays runs `0..runs` in parallel on the current rayon pool, calling `tick` after each
/// fight (for a progress bar), and sums them up.
pub fn simulate(setup: &Setup, seed: u64, runs: u64, tick: &(dyn Fn() + Sync)) -> Report {
    let records: Vec<_> = (0..runs)
        .into_par_iter()
        .map(|i| {
            let (record, _) = play_fight(setup, run_seed(seed, i), false);
            tick();
            record
        })
        .collect();
    Report::of(setup, seed, &records)
}

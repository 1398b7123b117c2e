//! Playing a sweep: every row (one value of each varied number) is made ready first, so
//! a value the files refuse stops the sweep before any fight; then each row's runs are
//! played on the rayon pool. Run `i` of every row plays with the same seed (common random
//! numbers), so rows differ by their values alone, and each row's fights are summed into
//! a [`Tally`], which does not depend on the order they end in. `--precision` plays a row
//! in batches (200 fights, then 100 at a time) and stops once the players' win rate's
//! interval is narrow enough; `--target` bisects the range; `--shard K/N` plays only the
//! K-th of N slices of the work.

use super::super::play::{Setup, play_fight, run_seed};
use super::super::report::wilson;
use super::tally::{Fought, Tally};
use super::values::{Base, Param, Prepared, prepare};
use crate::error::Result;
use crate::rules::ties::TiePolicy;
use rayon::prelude::*;
use std::ops::Range;

/// The fewest fights a row plays before `--precision` may stop it.
pub const FIRST_BATCH: u64 = 200;
/// The fights `--precision` adds to a row at a time after the first batch.
pub const BATCH: u64 = 100;

/// How the rows are played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The sweep's seed.
    pub seed: u64,
    /// Fights a row (the most, with `precision`).
    pub runs: u64,
    /// The round cap.
    pub max_rounds: u32,
    /// How ties are settled.
    pub ties: TiePolicy,
    /// Stop a row once the interval's half-width is at most this (a share).
    pub precision: Option<f64>,
    /// Bisect for the value whose players' win rate is nearest this.
    pub target: Option<f64>,
    /// Play only slice K of N (1-based).
    pub shard: Option<(u32, u32)>,
}

/// Every row of the sweep: each combination of the varied numbers' `values`, the first
/// outermost.
pub fn rows(values: &[&[i64]]) -> Vec<Vec<i64>> {
    let mut rows: Vec<Vec<i64>> = vec![Vec::new()];
    for vs in values {
        rows = rows
            .into_iter()
            .flat_map(|row| {
                vs.iter().map(move |v| {
                    let mut r = row.clone();
                    r.push(*v);
                    r
                })
            })
            .collect();
    }
    rows
}

/// The most rows the bisection of `n` values plays: both ends, then one a halving.
pub fn most_probes(n: usize) -> usize {
    if n <= 2 {
        return n;
    }
    2 + (usize::BITS - (n - 2).leading_zeros()) as usize
}

/// What a sweep (or a shard of it) played: for each row it played, the runs and their
/// tally, in row order; and, for `--target`, the rows in the order the bisection played
/// them.
pub struct Played {
    /// Row index (into [`rows`]), the runs played, and their tally.
    pub rows: Vec<(usize, Range<u64>, Tally)>,
    /// The bisection's order of play.
    pub order: Option<Vec<usize>>,
}

/// The rows (and, with a shard, the runs of each) that this command plays, when it does
/// not bisect: every row's runs, or slice K of N of them (whole rows with `--precision`,
/// which decides a row's length as it goes; else a share of all the rows' runs in order).
pub fn slice(rows: usize, plan: &Plan) -> Vec<(usize, Range<u64>)> {
    let all = |r: usize| (r, 0..plan.runs);
    let Some((k, n)) = plan.shard else {
        return (0..rows).map(all).collect();
    };
    let (k, n) = (u128::from(k - 1), u128::from(n));
    if plan.precision.is_some() {
        let cut = |i: u128| (i * rows as u128 / n) as usize;
        return (cut(k)..cut(k + 1)).map(all).collect();
    }
    let total = rows as u128 * u128::from(plan.runs);
    let (lo, hi) = (total * k / n, total * (k + 1) / n);
    let runs = u128::from(plan.runs);
    (0..rows)
        .filter_map(|r| {
            let (start, end) = (r as u128 * runs, (r as u128 + 1) * runs);
            let (a, b) = (lo.max(start), hi.min(end));
            (a < b).then(|| (r, (a - start) as u64..(b - start) as u64))
        })
        .collect()
}

/// Plays the sweep of `params` by `plan` on the current rayon pool, calling `tick` after
/// each fight. Every row is made ready first; a refused value stops it before any fight.
pub fn play(
    base: &Base,
    params: &[Param],
    plan: &Plan,
    tick: &(dyn Fn() + Sync),
) -> Result<Played> {
    let grid = rows(&values_of(params));
    let plays = slice(grid.len(), plan);
    // Every row is checked; those this command plays are kept.
    let mut ready: Vec<Option<Prepared>> = Vec::with_capacity(grid.len());
    for (i, values) in grid.iter().enumerate() {
        let p = prepare(base, params, values)?;
        let keep = plan.target.is_some() || plays.iter().any(|(r, _)| *r == i);
        ready.push(keep.then_some(p));
    }
    let mut play_row = |i: usize, runs: Range<u64>| -> Tally {
        let p = ready[i].take().expect("each row is played once");
        let setup = Setup {
            fight: &p.fight,
            monsters: p.monsters(base),
            characters: p.characters.as_ref(),
            max_rounds: plan.max_rounds,
            ties: plan.ties,
        };
        let mut tally = Tally::default();
        match plan.precision {
            Some(p) if plan.shard.is_none() || runs == (0..plan.runs) => {
                let mut next = runs.start + FIRST_BATCH.min(runs.end - runs.start);
                play_runs(&setup, plan.seed, runs.start..next, &mut tally, tick);
                while next < runs.end && half_width(&tally) > p {
                    let to = (next + BATCH).min(runs.end);
                    play_runs(&setup, plan.seed, next..to, &mut tally, tick);
                    next = to;
                }
            }
            _ => play_runs(&setup, plan.seed, runs, &mut tally, tick),
        }
        tally
    };
    let Some(rate) = plan.target else {
        let rows = plays
            .into_iter()
            .map(|(i, runs)| {
                let tally = play_row(i, runs.clone());
                let played = runs.start..runs.start + tally.fights;
                (i, played, tally)
            })
            .collect();
        return Ok(Played { rows, order: None });
    };
    let mut played: Vec<(usize, Range<u64>, Tally)> = Vec::new();
    let mut order = Vec::new();
    let mut probe = |i: usize, played: &mut Vec<(usize, Range<u64>, Tally)>| -> f64 {
        let tally = play_row(i, 0..plan.runs);
        let r = share(&tally);
        order.push(i);
        played.push((i, 0..tally.fights, tally));
        r
    };
    let (mut lo, mut hi) = (0, grid.len() - 1);
    let at_lo = probe(lo, &mut played);
    if hi > lo {
        let at_hi = probe(hi, &mut played);
        let rising = at_hi >= at_lo;
        // Bisect only when the ends lie either side of the rate.
        if (at_lo.min(at_hi)..=at_lo.max(at_hi)).contains(&rate) {
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let at = probe(mid, &mut played);
                if (at < rate) == rising {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
        }
    }
    played.sort_by_key(|(i, _, _)| *i);
    Ok(Played {
        rows: played,
        order: Some(order),
    })
}

/// Each varied number's values.
pub fn values_of(params: &[Param]) -> Vec<&[i64]> {
    params.iter().map(|p| p.values.as_slice()).collect()
}

/// Plays runs `runs` of `setup` in parallel and adds them to `tally`.
fn play_runs(
    setup: &Setup,
    seed: u64,
    runs: Range<u64>,
    tally: &mut Tally,
    tick: &(dyn Fn() + Sync),
) {
    let fought: Vec<Fought> = runs
        .into_par_iter()
        .map(|i| {
            let (record, _) = play_fight(setup, run_seed(seed, i), false);
            tick();
            Fought::of(i, record)
        })
        .collect();
    for f in fought {
        tally.add(f);
    }
}

/// The players' win rate of a tally.
fn share(t: &Tally) -> f64 {
    if t.fights == 0 {
        0.0
    } else {
        t.players as f64 / t.fights as f64
    }
}

/// Half the width of the players' win rate's 95% interval.
fn half_width(t: &Tally) -> f64 {
    let (lo, hi) = wilson(t.players, t.fights);
    (hi - lo) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(runs: u64, shard: Option<(u32, u32)>, precision: Option<f64>) -> Plan {
        Plan {
            seed: 1,
            runs,
            max_rounds: 30,
            ties: TiePolicy::Random,
            precision,
            target: None,
            shard,
        }
    }

    #[test]
    fn shards_cut_the_runs_of_all_rows_in_order() {
        // 3 rows of 10 runs: 30 fights, slices of 7, 8, 7, 8 (30 × k / 4 rounded down).
        let cut: Vec<_> = (1..=4)
            .map(|k| slice(3, &plan(10, Some((k, 4)), None)))
            .collect();
        assert_eq!(cut[0], vec![(0, 0..7)]);
        assert_eq!(cut[1], vec![(0, 7..10), (1, 0..5)]);
        assert_eq!(cut[2], vec![(1, 5..10), (2, 0..2)]);
        assert_eq!(cut[3], vec![(2, 2..10)]);
        // More slices than fights: some are empty.
        assert_eq!(slice(1, &plan(2, Some((1, 3)), None)), vec![]);
        // With --precision, whole rows: 3 rows in 2 slices are 1 and 2.
        assert_eq!(
            slice(3, &plan(10, Some((1, 2)), Some(0.02))),
            vec![(0, 0..10)]
        );
        assert_eq!(
            slice(3, &plan(10, Some((2, 2)), Some(0.02))),
            vec![(1, 0..10), (2, 0..10)]
        );
    }

    #[test]
    fn the_bisection_plays_at_most_the_ends_and_one_row_a_halving() {
        // 9 values: ends 0 and 8, then 4, 2 or 6, then one of 1, 3, 5, 7.
        assert_eq!(most_probes(9), 5);
        assert_eq!(most_probes(2), 2);
        assert_eq!(most_probes(3), 3);
        assert_eq!(most_probes(31), 7);
    }
}

//! Summing up the runs: each side's win rate with a 95% interval, the rounds fights took
//! (quartiles and a histogram), each creature's chance to fall and when, the damage it
//! dealt and took, the behaviours and cards used, and the seeds of the shortest and the
//! longest fight. Sums go in run order, so the report does not depend on threads.

use super::play::Setup;
use super::record::FightRecord;
use crate::board::Side;
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole report, also the `--json` document.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The board's name, when it has one.
    pub board: Option<String>,
    /// The simulation's seed (run 0 plays with it).
    pub seed: u64,
    /// How many fights were played.
    pub runs: u64,
    /// The round cap of each fight.
    pub max_rounds: u32,
    /// How the fights ended.
    pub outcomes: Outcomes,
    /// How many rounds the fights took.
    pub rounds: Rounds,
    /// The fight with the fewest rounds (the first such run).
    pub shortest: Replay,
    /// The fight with the most rounds (the first such run).
    pub longest: Replay,
    /// Each creature's fate, in board order, then those that joined during fights.
    pub creatures: Vec<CreatureSummary>,
    /// The behaviours and cards used, most used first.
    pub used: Vec<Usage>,
    /// Characters that fought with the default attack (no heroes-file entry).
    pub default_heroes: Vec<String>,
}

/// How the fights ended.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Outcomes {
    /// Fights the players' side won.
    pub players: Share,
    /// Fights the monsters won.
    pub monsters: Share,
    /// Quiet rounds in a row ended the fight (see `rules::stalemate`).
    pub stalemate: Share,
    /// How many quiet rounds in a row make a stalemate on this board (0: never).
    pub quiet_rounds: u32,
    /// The round cap came first.
    pub undecided: Share,
    /// Fights stopped because the rules refused a change (a defect worth reporting).
    pub failed: u64,
    /// The first such refusal, to report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

/// A count out of the runs, its rate and the rate's 95% Wilson score interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Share {
    /// How many fights.
    pub fights: u64,
    /// Their share of the runs, 0 to 1 (four decimals).
    pub rate: f64,
    /// The interval's lower end, 0 to 1.
    pub low: f64,
    /// The interval's upper end, 0 to 1.
    pub high: f64,
}

impl Share {
    /// `fights` out of `runs`, with the rate's interval.
    pub(crate) fn of(fights: u64, runs: u64) -> Share {
        let (low, high) = wilson(fights, runs);
        let rate = if runs == 0 {
            0.0
        } else {
            fights as f64 / runs as f64
        };
        Share {
            fights,
            rate: round4(rate),
            low: round4(low),
            high: round4(high),
        }
    }
}

/// Rounds to the end: nearest-rank quartiles (`median` is the lower middle for an even
/// number of fights) and how many fights took each number of rounds.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rounds {
    /// The fewest rounds a fight took.
    pub min: u32,
    /// The first quartile.
    pub q1: u32,
    /// The median.
    pub median: u32,
    /// The third quartile.
    pub q3: u32,
    /// The most rounds a fight took.
    pub max: u32,
    /// One bin per number of rounds that occurred, fewest first.
    pub histogram: Vec<Bin>,
}

/// One bar of the rounds histogram.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Bin {
    /// A number of rounds.
    pub rounds: u32,
    /// How many fights took exactly that many.
    pub fights: u64,
}

/// A fight to replay: `simulate --runs 1 --seed SEED --narrate` tells it turn by turn.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Replay {
    /// The seed that replays it.
    pub seed: u64,
    /// How many rounds it took.
    pub rounds: u32,
}

/// One creature's fate over all the fights.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CreatureSummary {
    /// Its id on the board.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// `players`, `monsters`, or `joined` for a creature that came during fights.
    pub side: String,
    /// The fights it fell in.
    pub falls: Share,
    /// The median round it fell in, over the fights it fell in.
    pub usually_falls_in: Option<u32>,
    /// Mean damage per fight: hit points, or what `dealt_in` names.
    pub dealt: f64,
    /// Mean damage taken per fight: hit points, or what `taken_in` names.
    pub taken: f64,
    /// When its system counts the harm it dealt in a unit of its own (an AI deck's
    /// "hits dealt", "wounds dealt"), that count: `dealt` is its mean.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealt_in: Option<String>,
    /// The same for the harm it took ("wounds taken", "hits taken").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taken_in: Option<String>,
    /// What its system counts for it (cards drawn, wounds dealt, severe injuries,
    /// deaths), as means per fight, by name.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub counts: BTreeMap<String, f64>,
}

/// How often one behaviour or card was used.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Usage {
    /// "Type: behaviour" or "Type: card".
    pub what: String,
    /// Uses over all fights.
    pub times: u64,
    /// Mean uses per fight.
    pub per_fight: f64,
}

impl Report {
    /// Sums up one record per run, given in run order.
    pub(super) fn of(setup: &Setup, seed: u64, records: &[FightRecord]) -> Report {
        let runs = records.len() as u64;
        let count =
            |f: &dyn Fn(&FightRecord) -> bool| records.iter().filter(|r| f(r)).count() as u64;
        let failed = count(&|r| r.failure.is_some());
        let outcomes = Outcomes {
            players: Share::of(count(&|r| r.winner == Some(Side::Players)), runs),
            monsters: Share::of(count(&|r| r.winner == Some(Side::Monsters)), runs),
            stalemate: Share::of(count(&|r| r.stalemate), runs),
            quiet_rounds: setup.fight.board.stalemate.rounds(),
            undecided: Share::of(
                count(&|r| r.winner.is_none() && r.failure.is_none() && !r.stalemate),
                runs,
            ),
            failed,
            failure: records.iter().find_map(|r| r.failure.clone()),
        };
        let mut rounds: Vec<u32> = records.iter().map(|r| r.rounds).collect();
        rounds.sort_unstable();
        let mut histogram: BTreeMap<u32, u64> = BTreeMap::new();
        for r in &rounds {
            *histogram.entry(*r).or_default() += 1;
        }
        // Ties go to the earliest run, so the pick does not depend on threads either.
        let pick = |better: &dyn Fn(u32, u32) -> bool| {
            let mut best: Option<&FightRecord> = None;
            for r in records {
                if best.is_none_or(|b| better(r.rounds, b.rounds)) {
                    best = Some(r);
                }
            }
            best.map_or(Replay { seed, rounds: 0 }, |b| Replay {
                seed: b.seed,
                rounds: b.rounds,
            })
        };
        Report {
            board: setup.fight.board.name.clone(),
            seed,
            runs,
            max_rounds: setup.max_rounds,
            outcomes,
            rounds: Rounds {
                min: rank(&rounds, 0.0),
                q1: rank(&rounds, 0.25),
                median: rank(&rounds, 0.5),
                q3: rank(&rounds, 0.75),
                max: rounds.last().copied().unwrap_or(0),
                histogram: histogram
                    .into_iter()
                    .map(|(rounds, fights)| Bin { rounds, fights })
                    .collect(),
            },
            shortest: pick(&|a, b| a < b),
            longest: pick(&|a, b| a > b),
            creatures: creatures(setup, records),
            used: usage(records),
            default_heroes: setup.characters.defaulted(),
        }
    }
}

/// The board's creatures in board order, then any that joined during fights, by id.
fn creatures(setup: &Setup, records: &[FightRecord]) -> Vec<CreatureSummary> {
    let runs = records.len() as u64;
    let mut order: Vec<(String, String, String)> = setup
        .fight
        .board
        .creatures
        .iter()
        .map(|c| {
            let side = match c.side {
                Side::Players => "players",
                Side::Monsters => "monsters",
            };
            (c.id.clone(), c.display_name().to_string(), side.to_string())
        })
        .collect();
    let mut newcomers: Vec<&String> = records
        .iter()
        .flat_map(|r| r.creatures.keys())
        .filter(|id| !order.iter().any(|(known, _, _)| known == *id))
        .collect();
    newcomers.sort();
    newcomers.dedup();
    // A creature that joined goes by the name it arrived with (its id if none was told).
    order.extend(newcomers.into_iter().map(|id| {
        let name = records
            .iter()
            .find_map(|r| r.creatures.get(id).and_then(|c| c.name.clone()))
            .unwrap_or_else(|| id.clone());
        (id.clone(), name, "joined".to_string())
    }));
    let mut summaries: Vec<CreatureSummary> = order
        .into_iter()
        .map(|(id, name, side)| {
            let mut fell: Vec<u32> = Vec::new();
            let (mut dealt, mut taken) = (0i64, 0i64);
            let (mut dealt_in, mut taken_in) = (None, None);
            let mut counts: BTreeMap<&str, i64> = BTreeMap::new();
            for r in records {
                if let Some(c) = r.creatures.get(&id) {
                    fell.extend(c.fell_in);
                    dealt += c.dealt;
                    taken += c.taken;
                    dealt_in = dealt_in.or(c.dealt_in);
                    taken_in = taken_in.or(c.taken_in);
                    for (what, n) in &c.tallies {
                        *counts.entry(what).or_default() += i64::from(*n);
                    }
                }
            }
            fell.sort_unstable();
            // Harm in the system's own unit stands where no hit points were dealt or taken.
            let dealt_in = dealt_in.filter(|_| dealt == 0);
            let taken_in = taken_in.filter(|_| taken == 0);
            let in_unit = |unit: Option<&str>, hp: i64| {
                unit.map_or(hp, |u| counts.get(u).copied().unwrap_or(0))
            };
            CreatureSummary {
                falls: Share::of(fell.len() as u64, runs),
                usually_falls_in: (!fell.is_empty()).then(|| rank(&fell, 0.5)),
                dealt: mean(in_unit(dealt_in, dealt), runs),
                taken: mean(in_unit(taken_in, taken), runs),
                dealt_in: dealt_in.map(str::to_string),
                taken_in: taken_in.map(str::to_string),
                counts: counts
                    .into_iter()
                    .map(|(what, n)| (what.to_string(), mean(n, runs)))
                    .collect(),
                id,
                name,
                side,
            }
        })
        .collect();
    // A count one creature of a side has, every creature of that side shows (0 if need be).
    let named: Vec<(String, String)> = summaries
        .iter()
        .flat_map(|c| c.counts.keys().map(|k| (c.side.clone(), k.clone())))
        .collect();
    for c in &mut summaries {
        for (side, what) in &named {
            if *side == c.side {
                c.counts.entry(what.clone()).or_insert(0.0);
            }
        }
    }
    summaries
}

/// Behaviours and cards, the most used first (then by name).
fn usage(records: &[FightRecord]) -> Vec<Usage> {
    let mut times: BTreeMap<&str, u64> = BTreeMap::new();
    for r in records {
        for (what, n) in &r.used {
            *times.entry(what).or_default() += u64::from(*n);
        }
    }
    let runs = records.len() as u64;
    let mut used: Vec<Usage> = times
        .into_iter()
        .map(|(what, times)| Usage {
            what: what.to_string(),
            times,
            per_fight: mean(times as i64, runs),
        })
        .collect();
    used.sort_by(|a, b| b.times.cmp(&a.times).then_with(|| a.what.cmp(&b.what)));
    used
}

/// The nearest-rank `p` quantile of sorted values (0 when there are none).
fn rank(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let k = (p * sorted.len() as f64).ceil() as usize;
    sorted[k.clamp(1, sorted.len()) - 1]
}

fn mean(total: i64, runs: u64) -> f64 {
    if runs == 0 {
        0.0
    } else {
        round4(total as f64 / runs as f64)
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub(super) fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_worked_values() {
        // 7 of 10: p = 0.7, z² = 3.8415; centre = (0.7 + 0.19207) / 1.38415 = 0.64450;
        // half = 1.95996 / 1.38415 × sqrt(0.021 + 0.0096037) = 1.41600 × 0.17494 = 0.24772.
        let (lo, hi) = wilson(7, 10);
        assert!((lo - 0.3968).abs() < 1e-3, "{lo}");
        assert!((hi - 0.8922).abs() < 1e-3, "{hi}");
        // All of them: the top is 1, the bottom n / (n + z²) = 100 / 103.8415 = 0.9630.
        let (lo, hi) = wilson(100, 100);
        assert!((lo - 0.9630).abs() < 1e-3, "{lo}");
        assert_eq!(hi, 1.0);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn nearest_rank_quartiles() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8];
        // ceil(0.25 × 8) = 2nd, ceil(0.5 × 8) = 4th, ceil(0.75 × 8) = 6th.
        assert_eq!((rank(&v, 0.25), rank(&v, 0.5), rank(&v, 0.75)), (2, 4, 6));
        assert_eq!(rank(&v, 0.0), 1);
        assert_eq!(rank(&[9], 0.5), 9);
        assert_eq!(rank(&[], 0.5), 0);
    }
}

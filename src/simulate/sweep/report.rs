//! A sweep's report, also its `--json` document: what was swept, one row per value (the
//! players' win rate with its 95% interval, the monsters' rate, stalemates, undecided
//! fights, median rounds and who falls first most often), where the players' win rate
//! crosses each rate asked for (interpolated between rows), and what `--target` found. It
//! is made from the header and the rows' tallies alone, so a merged set of shards gives
//! the same bytes as the whole sweep.

use super::super::report::Share;
use super::tally::Tally;
use serde::{Deserialize, Serialize};

/// What was swept and how: everything of the report but the rows' results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The board's name, when it has one.
    pub board: Option<String>,
    /// The sweep's seed: run `i` of every value plays with the same seed.
    pub seed: u64,
    /// Fights a value (the most, with `precision`).
    pub runs: u64,
    /// The round cap of each fight.
    pub max_rounds: u32,
    /// How fights settle choices the rules leave open (`first`, `random`).
    pub ties: String,
    /// `--precision`: a value stops once its interval's half-width is at most this (a
    /// share, 0 to 1), never before 200 fights.
    pub precision: Option<f64>,
    /// `--target`: the players' win rate the bisection looks for.
    pub target: Option<f64>,
    /// The rates whose crossings are reported.
    pub at: Vec<f64>,
    /// The numbers varied, the first outermost.
    pub vary: Vec<Varied>,
    /// The board's creatures in board order (for names, and ties of who falls first).
    pub creatures: Vec<Named>,
    /// Characters that fought with their system's default (no heroes-file entry).
    pub default_heroes: Vec<String>,
}

/// One varied number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Varied {
    /// `Warg.hp`, `aria.attack`, `count:Goblin Warrior`, `level`.
    pub what: String,
    /// What the files say now, when they say it.
    pub now: Option<i64>,
    /// The values of the range, smallest first.
    pub values: Vec<i64>,
}

/// A creature's id and name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// What was swept.
    #[serde(flatten)]
    pub header: Header,
    /// One row per value played, in the order of the values (the first varied number
    /// outermost).
    pub rows: Vec<Row>,
    /// Where the players' win rate crosses each rate of `at`.
    pub crossings: Vec<Crossing>,
    /// What `--target` found (`found` in JSON: `target` is the header's rate).
    #[serde(rename = "found", skip_serializing_if = "Option::is_none")]
    pub target: Option<Found>,
}

/// One value's fights.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The value of each varied number.
    pub values: Vec<i64>,
    /// Fights played.
    pub fights: u64,
    /// The players' side won.
    pub players: Share,
    /// The monsters won.
    pub monsters: Share,
    /// Quiet rounds ended the fight.
    pub stalemate: Share,
    /// The round cap came first.
    pub undecided: Share,
    /// Fights the rules had to stop (a defect worth reporting).
    pub failed: u64,
    /// The first such refusal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// The median number of rounds (nearest rank, the lower middle).
    pub median_rounds: u32,
    /// The creature that fell first most often, when any fell.
    pub falls_first: Option<FirstFall>,
}

/// Who fell first most often in a row's fights.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstFall {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The fights it fell first in, out of the row's.
    pub share: Share,
}

/// Where the players' win rate crosses a rate asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crossing {
    /// The rate asked for.
    pub rate: f64,
    /// With two varied numbers: the first one's value; the crossing is along the second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with: Option<i64>,
    /// The value where the rate is crossed, interpolated linearly between the two rows
    /// either side (two decimals); `None` when it is never crossed.
    pub value: Option<f64>,
    /// The rows either side: `[value, players' win rate]` each (the same row twice when
    /// a row's rate is the rate itself).
    pub between: Option<[Point; 2]>,
}

/// A value and the players' win rate it gave.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    /// The varied number's value.
    pub value: i64,
    /// The players' win rate there.
    pub rate: f64,
}

/// What the bisection of `--target` found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Found {
    /// The rate looked for.
    pub rate: f64,
    /// The value whose players' win rate came closest.
    pub value: i64,
    /// Its players' win rate with its interval.
    pub players: Share,
    /// The values played, in the order the bisection played them.
    pub played: Vec<i64>,
    /// Whether the rates of the range's ends lie either side of the rate (else the value
    /// is the end nearer to it).
    pub within: bool,
}

impl SweepReport {
    /// The report of `rows` (each row's values and tally), in row order; `played` is
    /// the values the bisection played, in its order, when there was one.
    pub fn of(
        header: Header,
        rows: Vec<(Vec<i64>, Tally)>,
        played: Option<Vec<i64>>,
    ) -> SweepReport {
        let order: Vec<String> = header.creatures.iter().map(|c| c.id.clone()).collect();
        let name = |id: &str| {
            header
                .creatures
                .iter()
                .find(|c| c.id == id)
                .map_or(id.to_string(), |c| c.name.clone())
        };
        let out: Vec<Row> = rows
            .iter()
            .map(|(values, t)| Row {
                values: values.clone(),
                fights: t.fights,
                players: Share::of(t.players, t.fights),
                monsters: Share::of(t.monsters, t.fights),
                stalemate: Share::of(t.stalemates, t.fights),
                undecided: Share::of(t.undecided, t.fights),
                failed: t.failed,
                failure: t.failure.as_ref().map(|(_, m)| m.clone()),
                median_rounds: t.median_rounds(),
                falls_first: t.falls_first(&order).map(|(id, n)| FirstFall {
                    id: id.to_string(),
                    name: name(id),
                    share: Share::of(n, t.fights),
                }),
            })
            .collect();
        let crossings = crossings(&header, &out);
        let target = match (header.target, played) {
            (Some(rate), Some(played)) => found(rate, &out, played),
            _ => None,
        };
        SweepReport {
            header,
            rows: out,
            crossings,
            target,
        }
    }
}

/// The crossings of every rate of `at`: along the only varied number, or along the
/// second for each value of the first.
fn crossings(header: &Header, rows: &[Row]) -> Vec<Crossing> {
    let mut out = Vec::new();
    let lines: Vec<(Option<i64>, Vec<&Row>)> = match header.vary.len() {
        1 => vec![(None, rows.iter().collect())],
        _ => header.vary[0]
            .values
            .iter()
            .map(|v| {
                let line = rows.iter().filter(|r| r.values[0] == *v).collect();
                (Some(*v), line)
            })
            .collect(),
    };
    for &rate in &header.at {
        for (with, line) in &lines {
            let points: Vec<Point> = line
                .iter()
                .map(|r| Point {
                    value: *r.values.last().expect("a row has values"),
                    rate: r.players.rate,
                })
                .collect();
            let found = cross(&points, rate);
            if found.is_empty() {
                out.push(Crossing {
                    rate,
                    with: *with,
                    value: None,
                    between: None,
                });
            }
            for (value, between) in found {
                out.push(Crossing {
                    rate,
                    with: *with,
                    value: Some(value),
                    between: Some(between),
                });
            }
        }
    }
    out
}

/// Where the line through `points` (in value order) meets `rate`: a point at the rate
/// itself, or between two points either side of it, interpolated.
fn cross(points: &[Point], rate: f64) -> Vec<(f64, [Point; 2])> {
    let mut out = Vec::new();
    for (i, p) in points.iter().enumerate() {
        if p.rate == rate {
            out.push((p.value as f64, [*p, *p]));
            continue;
        }
        let Some(q) = points.get(i + 1) else { break };
        if q.rate != rate && (p.rate < rate) != (q.rate < rate) {
            let t = (rate - p.rate) / (q.rate - p.rate);
            let value = p.value as f64 + t * (q.value - p.value) as f64;
            out.push(((value * 100.0).round() / 100.0, [*p, *q]));
        }
    }
    out
}

/// The bisection's answer: of the rows played, the one nearest the rate (ties: the
/// smaller value).
fn found(rate: f64, out: &[Row], played: Vec<i64>) -> Option<Found> {
    let best = out.iter().min_by(|a, b| {
        let d = |r: &Row| (r.players.rate - rate).abs();
        d(a).total_cmp(&d(b)).then(a.values[0].cmp(&b.values[0]))
    })?;
    let (first, last) = (out.first()?, out.last()?);
    let lo = first.players.rate.min(last.players.rate);
    let hi = first.players.rate.max(last.players.rate);
    Some(Found {
        rate,
        value: best.values[0],
        players: best.players,
        played,
        within: (lo..=hi).contains(&rate),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(value: i64, rate: f64) -> Point {
        Point { value, rate }
    }

    #[test]
    fn a_crossing_is_interpolated_between_the_rows_either_side() {
        // 70% at 10, 40% at 20: 50% is 0.2 / 0.3 = two thirds of the way, at 16.67.
        let points = [p(10, 0.7), p(20, 0.4), p(30, 0.2)];
        let found = cross(&points, 0.5);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, 16.67);
        assert_eq!(found[0].1, [p(10, 0.7), p(20, 0.4)]);
        // A row at the rate itself is the crossing, not interpolated.
        assert_eq!(cross(&points, 0.4), vec![(20.0, [p(20, 0.4), p(20, 0.4)])]);
        // Never reached.
        assert!(cross(&points, 0.9).is_empty());
        // Up and down again: two crossings.
        let bumpy = [p(1, 0.4), p(2, 0.6), p(3, 0.4)];
        let found = cross(&bumpy, 0.5);
        assert_eq!(
            found.iter().map(|f| f.0).collect::<Vec<_>>(),
            vec![1.5, 2.5]
        );
    }
}

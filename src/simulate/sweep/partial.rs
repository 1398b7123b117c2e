//! A shard's part of a sweep (`simulate --vary … --shard K/N`, a JSON document) and
//! `simulate merge`, which adds the parts' tallies row by row into the report the whole
//! sweep gives: the same bytes, since the report is made from the header and the tallies
//! alone. Merge refuses parts of different sweeps (another header or other files), a
//! shard given twice or missing, and runs played twice or not at all.

use super::report::{Header, SweepReport};
use super::run::{Played, rows};
use super::spec::MAX_VALUES;
use super::tally::Tally;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::parse_json;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The partial document's format version.
pub const PARTIAL_FORMAT: u32 = 1;

/// A shard's document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// [`PARTIAL_FORMAT`].
    pub format: u32,
    /// Always `simulate`.
    pub command: String,
    /// The part itself.
    pub partial: Part,
}

/// What a shard played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// `[K, N]`: slice K of N.
    pub shard: [u32; 2],
    /// A digest of the files the sweep read.
    pub inputs: String,
    /// The sweep, as its report heads it.
    pub sweep: Header,
    /// Each row this shard played some of.
    pub rows: Vec<PartRow>,
}

/// A shard's runs of one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartRow {
    /// The row's place in the sweep (the first varied number outermost).
    pub row: usize,
    /// The runs played, `[from, to)`.
    pub runs: [u64; 2],
    /// Their tally.
    pub tally: Tally,
}

impl Partial {
    /// Shard `(k, n)`'s document.
    pub fn of(sweep: Header, inputs: String, (k, n): (u32, u32), played: Played) -> Partial {
        Partial {
            format: PARTIAL_FORMAT,
            command: "simulate".into(),
            partial: Part {
                shard: [k, n],
                inputs,
                sweep,
                rows: played
                    .rows
                    .into_iter()
                    .map(|(row, runs, tally)| PartRow {
                        row,
                        runs: [runs.start, runs.end],
                        tally,
                    })
                    .collect(),
            },
        }
    }
}

/// The report of the parts `files` (each a path and its text): the same as the whole
/// sweep's.
pub fn merge(files: &[(String, String)]) -> Result<SweepReport, Diagnostic> {
    let mut parts: Vec<(&str, Partial)> = Vec::new();
    for (path, text) in files {
        let p: Partial = parse_json(path, text)?;
        if p.format != PARTIAL_FORMAT || p.command != "simulate" {
            return Err(Diagnostic::at_json_path(
                path,
                text,
                "format",
                format!("{path} is not a part of a `simulate --shard` sweep this version reads"),
            )
            .with_hint(format!(
                "merge the JSON written by `simulate --vary … --shard K/N` (format {PARTIAL_FORMAT})"
            )));
        }
        parts.push((path, p));
    }
    let Some((first_path, first)) = parts.first() else {
        return Err(Diagnostic::plain("`simulate merge` was given no parts")
            .with_hint("give every shard's JSON: `simulate merge part-*.json`"));
    };
    let n = first.partial.shard[1];
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    for (path, p) in &parts {
        let part = &p.partial;
        if part.sweep != first.partial.sweep || part.inputs != first.partial.inputs {
            let what = if part.inputs != first.partial.inputs {
                "read other files"
            } else {
                "was asked otherwise (seed, runs, rounds, values or rates)"
            };
            return Err(Diagnostic::plain(format!(
                "{path} is a part of another sweep than {first_path}: it {what}"
            ))
            .with_hint("merge the parts of one `simulate --vary … --shard K/N` sweep, each run with the same files and arguments"));
        }
        let [k, of] = part.shard;
        if of != n || k == 0 || k > n {
            return Err(Diagnostic::plain(format!(
                "{path} is slice {k}/{of}, but {first_path} is one of {n}"
            ))
            .with_hint("cut every part with the same --shard K/N count"));
        }
        if let Some(other) = seen.insert(k, path) {
            return Err(
                Diagnostic::plain(format!("{path} and {other} are both slice {k}/{n}"))
                    .with_hint("give each slice once"),
            );
        }
    }
    let missing: Vec<String> = (1..=n)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::plain(format!(
            "slice{} {} of the sweep {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        ))
        .with_hint(
            "run the missing slices with --shard K/N and give every part to `simulate merge`",
        ));
    }
    let header = first.partial.sweep.clone();
    let cells = header
        .vary
        .iter()
        .try_fold(1usize, |n, v| n.checked_mul(v.values.len()));
    // A part's runs are at most the sweep's, and those few enough that no sum overflows.
    if header.runs > u64::from(u32::MAX)
        || !(1..=2).contains(&header.vary.len())
        || !cells.is_some_and(|n| (1..=MAX_VALUES).contains(&n))
    {
        return Err(Diagnostic::at_json_path(
            first_path,
            &files[0].1,
            "partial.sweep.vary",
            format!("{first_path} does not describe a sweep `simulate --vary` makes"),
        )
        .with_hint(format!(
            "a sweep varies one or two numbers, with 1 to {MAX_VALUES} values in all; merge the parts `--shard` wrote"
        )));
    }
    let grid = rows_of(&header);
    let mut tallies: BTreeMap<usize, (Tally, Vec<[u64; 2]>)> = BTreeMap::new();
    for (path, p) in &parts {
        for r in &p.partial.rows {
            if r.row >= grid.len() {
                return Err(Diagnostic::plain(format!(
                    "{path} holds row {}, but the sweep has {}",
                    r.row,
                    grid.len()
                )));
            }
            if !r.tally.adds_up()
                || r.runs[1].checked_sub(r.runs[0]) != Some(r.tally.fights)
                || r.runs[1] > header.runs
            {
                return Err(Diagnostic::plain(format!(
                    "{path}: the tally of row {} does not add up to its runs",
                    r.row
                ))
                .with_hint("merge the parts as `--shard` wrote them"));
            }
            let (tally, runs) = tallies.entry(r.row).or_default();
            tally.merge(&r.tally);
            runs.push(r.runs);
        }
    }
    for (row, (tally, runs)) in &mut tallies {
        runs.sort_unstable();
        let tiled = runs.windows(2).all(|w| w[0][1] == w[1][0])
            && runs.first().is_some_and(|r| r[0] == 0)
            && runs.last().is_some_and(|r| r[1] == tally.fights);
        if !tiled {
            return Err(Diagnostic::plain(format!(
                "the parts do not hold each run of row {row} once"
            ))
            .with_hint("merge the parts of one sweep, each slice once, as `--shard` wrote them"));
        }
    }
    if tallies.len() != grid.len() {
        return Err(Diagnostic::plain(format!(
            "the parts hold {} of the sweep's {} rows",
            tallies.len(),
            grid.len()
        )));
    }
    let rows = tallies
        .into_iter()
        .map(|(i, (t, _))| (grid[i].clone(), t))
        .collect();
    Ok(SweepReport::of(header, rows, None))
}

/// The rows a header's varied numbers make.
fn rows_of(header: &Header) -> Vec<Vec<i64>> {
    let values: Vec<&[i64]> = header.vary.iter().map(|v| v.values.as_slice()).collect();
    rows(&values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part whose sweep varies nothing (or too much) is refused, not played out.
    #[test]
    fn a_part_that_varies_nothing_is_refused() {
        let part = r#"{"format": 1, "command": "simulate", "partial": {"shard": [1, 1], "inputs": "0",
            "sweep": {"board": null, "seed": 0, "runs": 1, "max_rounds": 1, "ties": "random",
                      "precision": null, "target": null, "at": [0.5], "vary": [],
                      "creatures": [], "default_heroes": []},
            "rows": []}}"#;
        let d = merge(&[("p.json".into(), part.into())]).unwrap_err();
        assert_eq!(
            d.message,
            "p.json does not describe a sweep `simulate --vary` makes"
        );
        let many = part.replace(
            r#""vary": []"#,
            &format!(
                r#""vary": [{{"what": "a.hp", "now": null, "values": {:?}}}, {{"what": "b.hp", "now": null, "values": {:?}}}]"#,
                (0..100).collect::<Vec<i64>>(),
                (0..100).collect::<Vec<i64>>()
            ),
        );
        assert!(merge(&[("p.json".into(), many)]).is_err());
        // A tally whose counts do not add up to its fights.
        let one = part.replace(
            r#""vary": []"#,
            r#""vary": [{"what": "a.hp", "now": null, "values": [1]}]"#,
        );
        let bad = one.replace(
            r#""rows": []"#,
            r#""rows": [{"row": 0, "runs": [0, 1], "tally": {"fights": 1, "players": 5,
                "monsters": 0, "stalemates": 0, "undecided": 0, "failed": 0,
                "rounds": {"1": 1}, "first_falls": {}}}]"#,
        );
        let d = merge(&[("p.json".into(), bad.clone())]).unwrap_err();
        assert_eq!(
            d.message,
            "p.json: the tally of row 0 does not add up to its runs"
        );
        let good = bad.replace(r#""players": 5"#, r#""players": 1"#);
        let report = merge(&[("p.json".into(), good)]).unwrap();
        assert_eq!(report.rows[0].players.rate, 1.0);
    }
}

//! A sweep's report as text: a heading saying what was swept, the table of rows, then
//! the crossings (said to be interpolated) and what `--target` found.

use super::report::{Crossing, Row, SweepReport};
use crate::render::svg::num;
use crate::simulate::report::Share;

/// The report as text.
pub(crate) fn render(r: &SweepReport) -> String {
    let h = &r.header;
    let mut out = String::new();
    let board = h
        .board
        .as_ref()
        .map_or_else(String::new, |b| format!(" of \"{b}\""));
    let what: Vec<String> = h.vary.iter().map(describe).collect();
    out.push_str(&format!(
        "Balance sweep{board}: {} (seed {}, at most {} rounds a fight).\n",
        what.join("; "),
        h.seed,
        h.max_rounds
    ));
    let fights = match h.precision {
        Some(p) => format!(
            "Each value plays up to {} fights, stopping once the players' win rate is known within ±{} points (never before 200)",
            h.runs,
            points(p)
        ),
        None => format!("Each value plays {} fights", h.runs),
    };
    out.push_str(&format!(
        "{fights}; run i of every value uses the same seed, so the rows differ by the values alone.\n"
    ));
    if !h.default_heroes.is_empty() {
        out.push_str(&format!(
            "{} fought with their system's default; give them their own with --heroes FILE.\n",
            h.default_heroes.join(", ")
        ));
    }
    if let Some(t) = &r.target {
        out.push_str(&format!(
            "Rows played by the bisection for --target {}.\n",
            percent(t.rate)
        ));
    }
    out.push('\n');
    out.push_str(&table(r));
    let failed: Vec<&Row> = r.rows.iter().filter(|row| row.failed > 0).collect();
    for row in failed {
        out.push_str(&format!(
            "With {}: {} fight{} stopped by the rules ({}).\n",
            values(r, &row.values),
            row.failed,
            if row.failed == 1 { " was" } else { "s were" },
            row.failure.as_deref().unwrap_or("no reason given")
        ));
    }
    if !r.crossings.is_empty() || r.target.is_some() {
        out.push('\n');
    }
    let last = h.vary.last().map_or("", |v| v.what.as_str());
    for c in &r.crossings {
        let with = match (c.with, h.vary.first()) {
            (Some(v), Some(first)) => format!("With {} = {v}, the", first.what),
            _ => "The".to_string(),
        };
        out.push_str(&format!(
            "{with} players' win rate {}.\n",
            crossing(c, last, &r.rows, h.vary.len())
        ));
    }
    if let Some(t) = &r.target {
        let played: Vec<String> = t.played.iter().map(i64::to_string).collect();
        if t.within {
            out.push_str(&format!(
                "--target {}: {last} = {} comes closest, the players winning {} ({}); the bisection played {} in that order.\n",
                percent(t.rate),
                t.value,
                percent(t.players.rate),
                interval(&t.players),
                played.join(", ")
            ));
        } else {
            out.push_str(&format!(
                "--target {}: the range's ends do not reach it; the nearer, {last} = {}, gives the players {} ({}).\n",
                percent(t.rate),
                t.value,
                percent(t.players.rate),
                interval(&t.players)
            ));
        }
    }
    out
}

/// `Warg.hp from 10 to 40 by 5 (22 in the files)`.
fn describe(v: &super::report::Varied) -> String {
    let vs = &v.values;
    let span = match vs.as_slice() {
        [] => String::new(),
        [one] => format!(" = {one}"),
        [a, b, ..] => {
            let last = vs[vs.len() - 1];
            if b - a == 1 {
                format!(" from {a} to {last}")
            } else {
                format!(" from {a} to {last} by {}", b - a)
            }
        }
    };
    let now = v
        .now
        .map_or_else(String::new, |n| format!(" ({n} in the files)"));
    format!("{}{span}{now}", v.what)
}

/// The rows as an aligned table.
fn table(r: &SweepReport) -> String {
    let mut head: Vec<String> = r.header.vary.iter().map(|v| v.what.clone()).collect();
    head.extend(
        [
            "fights",
            "players win",
            "95% interval",
            "monsters win",
            "stalemate",
            "undecided",
            "median rounds",
            "falls first most often",
        ]
        .map(str::to_string),
    );
    let mut lines = vec![head];
    for row in &r.rows {
        let mut cells: Vec<String> = row.values.iter().map(i64::to_string).collect();
        cells.push(row.fights.to_string());
        cells.push(percent(row.players.rate));
        cells.push(interval(&row.players));
        cells.push(percent(row.monsters.rate));
        cells.push(percent(row.stalemate.rate));
        cells.push(percent(row.undecided.rate));
        cells.push(row.median_rounds.to_string());
        cells.push(match &row.falls_first {
            Some(f) => format!("{} ({})", f.name, percent(f.share.rate)),
            None => "no one".to_string(),
        });
        lines.push(cells);
    }
    let columns = lines[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in &lines {
        let mut text = String::new();
        for (c, cell) in line.iter().enumerate() {
            if c > 0 {
                text.push_str("  ");
            }
            let pad = " ".repeat(widths[c] - cell.chars().count());
            if c + 1 == columns {
                text.push_str(cell);
            } else {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// What a crossing says, after "the players' win rate".
fn crossing(c: &Crossing, what: &str, rows: &[Row], params: usize) -> String {
    let rate = percent(c.rate);
    match (c.value, &c.between) {
        (Some(_), Some([a, b])) if a.value == b.value => {
            format!("is {rate} at {what} = {}", a.value)
        }
        (Some(v), Some([a, b])) => format!(
            "crosses {rate} between {what} = {} ({}) and {} ({}): at about {} (interpolated between those rows)",
            a.value,
            percent(a.rate),
            b.value,
            percent(b.rate),
            num(v)
        ),
        _ => {
            let line: Vec<&Row> = rows
                .iter()
                .filter(|r| params == 1 || Some(r.values[0]) == c.with)
                .collect();
            match (line.first(), line.last()) {
                (Some(a), Some(b)) => format!(
                    "does not cross {rate} over {what} = {} to {} ({} to {})",
                    a.values[params - 1],
                    b.values[params - 1],
                    percent(a.players.rate),
                    percent(b.players.rate)
                ),
                _ => format!("does not cross {rate}"),
            }
        }
    }
}

/// Row `values` named: `Warg.hp = 10, count:Goblin Warrior = 2`.
fn values(r: &SweepReport, values: &[i64]) -> String {
    r.header
        .vary
        .iter()
        .zip(values)
        .map(|(v, x)| format!("{} = {x}", v.what))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `62.3%`.
pub(super) fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

/// `59.1%-65.4%`.
fn interval(s: &Share) -> String {
    format!("{:.1}%-{:.1}%", s.low * 100.0, s.high * 100.0)
}

/// `2` or `2.5` points.
fn points(share: f64) -> String {
    num(share * 100.0)
}

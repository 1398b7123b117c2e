//! The report as text: outcomes with their intervals, rounds with a histogram, each
//! creature's fate, the behaviours and cards used, and how to replay a fight.

use super::report::{Report, Share};
use std::fmt::Write;

/// The widest histogram bar, in characters.
const BAR: u64 = 40;

/// The report as the text `simulate` prints.
pub(crate) fn render(report: &Report) -> String {
    let mut out = String::new();
    let board = report
        .board
        .as_deref()
        .map_or(String::new(), |n| format!(" of \"{n}\""));
    let _ = writeln!(
        out,
        "Simulated {} fight{}{board} (seed {}, at most {} rounds each).",
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        report.seed,
        report.max_rounds
    );
    if !report.default_heroes.is_empty() {
        let _ = writeln!(
            out,
            "{} fought with the default attack; give them their own with --heroes FILE.",
            report.default_heroes.join(", ")
        );
    }
    let o = &report.outcomes;
    let _ = writeln!(out, "\nOutcome          share    95% interval");
    for (label, share) in [
        ("players win", &o.players),
        ("monsters win", &o.monsters),
        ("stalemate", &o.stalemate),
        ("undecided", &o.undecided),
    ] {
        let _ = writeln!(out, "  {label:<14} {}", share_text(share));
    }
    if o.stalemate.fights > 0 {
        let _ = writeln!(
            out,
            "  A stalemate: {} rounds in a row with no HP lost or gained, no status gained, nothing changing hands and no one closer to an enemy it can reach.",
            o.quiet_rounds
        );
    }
    if o.undecided.fights > 0 {
        let _ = writeln!(
            out,
            "  Undecided: the cap of {} rounds came first (raise it with --rounds).",
            report.max_rounds
        );
    }
    if o.failed > 0 {
        let _ = writeln!(
            out,
            "  {} fight(s) stopped: {}",
            o.failed,
            o.failure.as_deref().unwrap_or("")
        );
    }
    let r = &report.rounds;
    let _ = writeln!(
        out,
        "\nRounds to the end: median {}, quartiles {}-{}, from {} to {}.",
        r.median, r.q1, r.q3, r.min, r.max
    );
    let most = r
        .histogram
        .iter()
        .map(|b| b.fights)
        .max()
        .unwrap_or(1)
        .max(1);
    for bin in &r.histogram {
        let width = (bin.fights * BAR).div_ceil(most) as usize;
        let _ = writeln!(
            out,
            "  {:>3} | {:<w$} {}",
            bin.rounds,
            "#".repeat(width),
            bin.fights,
            w = BAR as usize
        );
    }
    let name_width = report
        .creatures
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0)
        .max("creature".len());
    // Harm is in hit points, or in the unit a system counts it in ("2.6 wounds").
    let harm = |n: f64, unit: &Option<String>| match unit {
        Some(u) => format!("{n:.1} {}", u.split(' ').next().unwrap_or(u)),
        None => format!("{n:.1}"),
    };
    let cells: Vec<(String, String)> = report
        .creatures
        .iter()
        .map(|c| (harm(c.dealt, &c.dealt_in), harm(c.taken, &c.taken_in)))
        .collect();
    let width = |pick: fn(&(String, String)) -> &String| {
        cells
            .iter()
            .map(|c| pick(c).chars().count())
            .max()
            .unwrap_or(0)
            .max(6)
    };
    let (dw, tw) = (width(|c| &c.0), width(|c| &c.1));
    let _ = writeln!(
        out,
        "\n{:<name_width$}  side      falls   usually in  {:>dw$}  {:>tw$}",
        "creature", "dealt", "taken"
    );
    for (c, (dealt, taken)) in report.creatures.iter().zip(&cells) {
        let falls_in = c
            .usually_falls_in
            .map_or("-".to_string(), |r| format!("round {r}"));
        let _ = writeln!(
            out,
            "{:<name_width$}  {:<8} {:>6}   {:<11} {:>dw$}  {:>tw$}",
            c.name,
            c.side,
            percent(c.falls.rate),
            falls_in,
            dealt,
            taken
        );
    }
    let counted: Vec<_> = report
        .creatures
        .iter()
        .filter(|c| !c.counts.is_empty())
        .collect();
    if !counted.is_empty() {
        let _ = writeln!(out, "\nCounts (mean per fight):");
        for c in counted {
            let list: Vec<String> = c
                .counts
                .iter()
                .map(|(what, n)| format!("{n:.2} {what}"))
                .collect();
            let _ = writeln!(out, "  {:<name_width$}  {}", c.name, list.join(", "));
        }
    }
    if !report.used.is_empty() {
        let _ = writeln!(out, "\nBehaviours and cards (times per fight):");
        for u in &report.used {
            let _ = writeln!(out, "  {:>6.2}  {}", u.per_fight, u.what);
        }
    }
    if o.undecided.fights == report.runs {
        let _ = writeln!(out, "\nNo fight ended within {} rounds.", report.max_rounds);
    } else {
        let _ = writeln!(
            out,
            "\nShortest fight: {} round{} (seed {}); longest: {} round{} (seed {}).",
            report.shortest.rounds,
            if report.shortest.rounds == 1 { "" } else { "s" },
            report.shortest.seed,
            report.longest.rounds,
            if report.longest.rounds == 1 { "" } else { "s" },
            report.longest.seed
        );
    }
    let _ = writeln!(
        out,
        "Replay one with `simulate BOARD --runs 1 --narrate --seed SEED`."
    );
    out
}

fn share_text(s: &Share) -> String {
    format!(
        "{:>6}   {}-{}",
        percent(s.rate),
        percent(s.low),
        percent(s.high)
    )
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

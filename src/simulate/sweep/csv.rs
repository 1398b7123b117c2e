//! A sweep's rows as CSV (`--csv FILE`): one line per row, a column per varied number
//! and per figure; rates are shares from 0 to 1 with four decimals, as in `--json`.

use super::report::SweepReport;

/// The rows as CSV text, with a header line.
pub(crate) fn render(r: &SweepReport) -> String {
    let mut head: Vec<String> = r.header.vary.iter().map(|v| field(&v.what)).collect();
    head.extend(
        [
            "fights",
            "players",
            "players_low",
            "players_high",
            "monsters",
            "stalemate",
            "undecided",
            "failed",
            "median_rounds",
            "falls_first",
            "falls_first_share",
        ]
        .map(str::to_string),
    );
    let mut out = head.join(",");
    out.push('\n');
    for row in &r.rows {
        let mut cells: Vec<String> = row.values.iter().map(i64::to_string).collect();
        cells.push(row.fights.to_string());
        for rate in [
            row.players.rate,
            row.players.low,
            row.players.high,
            row.monsters.rate,
            row.stalemate.rate,
            row.undecided.rate,
        ] {
            cells.push(rate.to_string());
        }
        cells.push(row.failed.to_string());
        cells.push(row.median_rounds.to_string());
        match &row.falls_first {
            Some(f) => {
                cells.push(field(&f.name));
                cells.push(f.share.rate.to_string());
            }
            None => cells.extend([String::new(), String::new()]),
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        assert_eq!(field("Warg.hp"), "Warg.hp");
        assert_eq!(field("Orc, Shaman"), "\"Orc, Shaman\"");
        assert_eq!(field("the \"king\""), "\"the \"\"king\"\"\"");
    }
}

//! Calibration (SPEC §15, issue 41 point 9): every shipped scenario, played by `simulate`
//! with the characters it ships (its board's `heroes_file`, else the default), stays in
//! the outcome band docs/simulate.md states for it ("Intended outcomes of the shipped
//! scenarios"). The bands are read from that table, so the docs and this test cannot
//! drift apart; every scenario must have a row. 200 fights each, seeded: a band is wide
//! enough that 200 fights of a scenario that plays as meant stay inside it.

use crate::common::{repo, run_in, tracked};
use serde_json::Value;

/// One row of the docs' table: the board, the share it bounds and the band.
struct Band {
    board: String,
    share: String,
    low: f64,
    high: f64,
}

/// The rows of the table under the heading "Intended outcomes of the shipped scenarios".
fn bands() -> Vec<Band> {
    let docs = std::fs::read_to_string(repo().join("docs/simulate.md")).unwrap();
    let start = docs
        .find("### Intended outcomes of the shipped scenarios")
        .expect("docs/simulate.md has the calibration section");
    let mut out = Vec::new();
    for line in docs[start..].lines().skip(1) {
        if line.starts_with('#') {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | `board` | characters | share | band | what it means | measured |
        if cells.len() < 7 || !cells[1].starts_with('`') {
            continue;
        }
        let percent = |t: &str| -> f64 {
            t.trim()
                .trim_end_matches('%')
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("a band of `a% to b%`: {line}"))
                / 100.0
        };
        let (low, high) = cells[4]
            .split_once(" to ")
            .unwrap_or_else(|| panic!("a band of `a% to b%`: {line}"));
        out.push(Band {
            board: cells[1].trim_matches('`').to_string(),
            share: cells[3].to_string(),
            low: percent(low),
            high: percent(high),
        });
    }
    out
}

#[test]
fn every_shipped_scenario_plays_in_its_stated_band() {
    let bands = bands();
    let shipped: Vec<String> = tracked("scenarios")
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let named: Vec<&str> = bands.iter().map(|b| b.board.as_str()).collect();
    assert_eq!(
        {
            let mut n = named.clone();
            n.sort_unstable();
            n
        },
        shipped.iter().map(String::as_str).collect::<Vec<_>>(),
        "docs/simulate.md states one band for each shipped scenario"
    );
    let mut outside = Vec::new();
    for band in &bands {
        let board = format!("scenarios/{}", band.board);
        let r = run_in(
            &repo(),
            &["simulate", &board, "--runs", "200", "--seed", "1", "--json"],
            "",
        );
        assert_eq!(r.code, 0, "{board}: {}", r.stderr);
        let doc: Value = serde_json::from_str(&r.stdout).unwrap();
        let outcomes = &doc["report"]["outcomes"];
        let key = match band.share.as_str() {
            "players win" => "players",
            "stalemate" => "stalemate",
            other => panic!("{board}: a band bounds `players win` or `stalemate`, not {other}"),
        };
        let rate = outcomes[key]["rate"].as_f64().unwrap();
        assert_eq!(outcomes["failed"], 0, "{board}");
        if !(band.low..=band.high).contains(&rate) {
            outside.push(format!(
                "{board}: {} {:.1}%, outside {:.0}% to {:.0}%",
                band.share,
                rate * 100.0,
                band.low * 100.0,
                band.high * 100.0
            ));
        }
    }
    assert!(outside.is_empty(), "{}", outside.join("\n"));
}

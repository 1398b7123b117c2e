//! The second shipped need-driven scenario, `scenarios/needs-kobold-warren.json`: two
//! adventurers against a kobold den. It plays to an end with `next` (nobody records a blow
//! for the adventurers, so the monsters win), and `simulate` finds both sides winning some
//! fights and none left undecided.

use crate::common::{repo, run_in, temp_dir};

const SCENARIO: &str = "scenarios/needs-kobold-warren.json";

/// The share of an outcome row of `simulate`'s report (`  players win     89.3%  ...`).
fn share(report: &str, outcome: &str) -> f64 {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with(outcome))
        .unwrap_or_else(|| panic!("no `{outcome}` row in:\n{report}"));
    let pct = line[line.find(outcome).unwrap() + outcome.len()..]
        .split_whitespace()
        .next()
        .unwrap();
    pct.trim_end_matches('%').parse().unwrap()
}

#[test]
fn both_sides_win_some_fights_and_every_fight_ends() {
    let run = run_in(&repo(), &["simulate", SCENARIO, "--runs", "200"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (players, monsters) = (
        share(&run.stdout, "players win"),
        share(&run.stdout, "monsters win"),
    );
    assert!(players > 50.0 && players < 99.0, "{}", run.stdout);
    assert!(monsters > 1.0, "{}", run.stdout);
    assert_eq!(share(&run.stdout, "stalemate"), 0.0, "{}", run.stdout);
    assert_eq!(share(&run.stdout, "undecided"), 0.0, "{}", run.stdout);
}

#[test]
fn next_plays_the_warren_to_its_end() {
    let dir = temp_dir("needs-warren");
    let text = std::fs::read_to_string(repo().join(SCENARIO)).unwrap();
    let schemes = repo().join("schemes/needs-dungeon.toml");
    let text = text.replace("../schemes/needs-dungeon.toml", schemes.to_str().unwrap());
    std::fs::write(dir.join("w.json"), text).unwrap();
    let mut end = None;
    for n in 1..=200 {
        let run = run_in(&dir, &["next", "w.json"], "");
        assert_eq!(run.code, 0, "next {n}: {}", run.stderr);
        if run.stdout.contains("The fight is over") {
            end = Some((n, run.stdout));
            break;
        }
    }
    let (n, last) = end.expect("the warren ends within 200 `next`");
    assert!(
        last.contains("the monsters win: no heroes are left"),
        "after {n}: {last}"
    );
    let refused = run_in(&dir, &["next", "w.json"], "");
    assert_ne!(refused.code, 0, "next goes on after the end");
    std::fs::remove_dir_all(&dir).unwrap();
}

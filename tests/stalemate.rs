//! A fight ends as a stalemate after `stalemate.after` quiet rounds in a row (docs/board.md,
//! "Stalemate"). Worked by hand: a Goblin Warrior walled off from the hero can never
//! reach her, so nothing happens. The deck holds two cards, one `next` each.
//!
//! ```text
//!   A B C D E
//! 1 # # # # #
//! 2 # W # H #
//! 3 # # # # #
//! ```
//!
//! With `after` 2: the first `next` lays out round 1 and remembers the board. The third
//! `next` starts round 2: round 1 was quiet (1). The fifth would start round 3: round 2
//! was quiet too (2 of 2), so the fight ends there as a stalemate and the sixth refuses.
//! A hit recorded in round 2 makes it a lively round: the count starts again.

use crate::common::{board_with, goblins, monster, player, run_in, temp_dir};
use serde_json::json;
use std::path::Path;

const PICTURE: &str = "
    # # # # #
    # W # H #
    # # # # #";

/// A folder with the board `b.json`, its stalemate after `after` quiet rounds.
fn setup(name: &str, after: u32) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let b = board_with(
        PICTURE,
        &[
            ('W', monster("warrior-1", "Goblin Warrior")),
            ('H', player("hero", 12, 14)),
        ],
        json!({ "stalemate": { "after": after } }),
    );
    std::fs::write(dir.join("b.json"), b.to_string()).unwrap();
    dir
}

fn next(dir: &Path) -> crate::common::Run {
    run_in(dir, &["next", "b.json", "--monsters", &goblins()], "")
}

fn quiet(dir: &Path) -> u64 {
    let b: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("b.json")).unwrap()).unwrap();
    b["stalemate"]["quiet"].as_u64().unwrap_or(0)
}

#[test]
fn quiet_rounds_end_the_fight_and_next_refuses_to_go_on() {
    let dir = setup("stalemate-quiet", 2);
    let counts: Vec<u64> = (0..4)
        .map(|_| {
            let r = next(&dir);
            assert_eq!(r.code, 0, "{}", r.stderr);
            assert!(!r.stdout.contains("stalemate"), "{}", r.stdout);
            quiet(&dir)
        })
        .collect();
    assert_eq!(counts, [0, 0, 1, 1]);
    let r = next(&dir);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("The fight is over: a stalemate. 2 rounds in a row"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("Round 3 begins"), "{}", r.stdout);
    let before = std::fs::read_to_string(dir.join("b.json")).unwrap();
    let r = next(&dir);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("the fight is over: a stalemate, 2 quiet rounds in a row"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(dir.join("b.json")).unwrap(), before);
}

#[test]
fn a_hit_makes_the_round_lively_and_the_count_starts_again() {
    let dir = setup("stalemate-lively", 2);
    for _ in 0..3 {
        assert_eq!(next(&dir).code, 0);
    }
    assert_eq!(quiet(&dir), 1);
    let r = run_in(
        &dir,
        &["hit", "b.json", "hero", "2", "--monsters", &goblins()],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(next(&dir).code, 0);
    // Round 3 starts: round 2 lost HP, so it was not quiet.
    let r = next(&dir);
    assert!(!r.stdout.contains("stalemate"), "{}", r.stdout);
    assert_eq!(quiet(&dir), 0);
}

#[test]
fn too_many_quiet_rounds_are_refused_with_the_field() {
    let dir = setup("stalemate-bad", 5000);
    let r = next(&dir);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("stalemate.after"), "{}", r.stderr);
}

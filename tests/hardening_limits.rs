//! Hostile numbers, words and paths (issue 27): no file or argument may make monster-ai
//! keep a copy of a file per problem, allocate in proportion to a number it read, wrap a
//! number, print or save a control character, write its output onto a file it reads, or
//! leave a board that `undo` cannot restore. Each refusal exits 2 with a located message
//! and leaves every file as it was.

#![cfg(unix)]

use crate::common::*;
use serde_json::{Value, json};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

/// A shipped scenario in a fresh folder as `board.json`, its `monster_file` pointing at the
/// shipped monster file (absolute), with `change` applied to it first.
fn shipped(name: &str, scenario: &str, change: impl FnOnce(&mut Value)) -> Table {
    let text = std::fs::read_to_string(repo().join("scenarios").join(scenario)).unwrap();
    let mut b: Value = serde_json::from_str(&text).unwrap();
    let scheme = b["monster_file"].as_str().unwrap().replace("../", "");
    b["monster_file"] = json!(repo().join(scheme).display().to_string());
    if let Some(heroes) = b["heroes_file"].as_str() {
        let path = repo().join("scenarios").join(heroes);
        b["heroes_file"] = json!(path.display().to_string());
    }
    change(&mut b);
    Table::new(name, &b)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// `args` must exit 2 and leave `board.json` (and its absent history) as they were;
/// returns the error output, which must hold no control character but line breaks.
fn refused(t: &Table, args: &[&str]) -> String {
    let before = bytes(&t.dir.join("board.json"));
    let r = t.run(args);
    assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
    assert_eq!(bytes(&t.dir.join("board.json")), before, "{args:?} wrote");
    assert!(
        !t.dir.join("board.json.history").exists(),
        "{args:?} kept history"
    );
    printable(&r.stdout);
    printable(&r.stderr);
    r.stderr
}

fn printable(text: &str) {
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character was printed: {text:?}"
    );
}

#[test]
fn problems_beyond_fifty_are_counted_not_kept() {
    // 10 000 fires on a wall cell: each is a problem at its own place in a 500 KB file.
    let t = shipped("many-problems", "goblin-ambush.json", |b| {
        b["fires"] = json!(vec![json!({ "cell": "A1", "rounds_left": 1 }); 10_000]);
    });
    let start = Instant::now();
    let err = refused(&t, &["check", "board.json"]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "check took {:?}",
        start.elapsed()
    );
    assert!(
        err.trim_end().ends_with(
            "error: 10000 problems in board.json; the first 50 are shown, 9950 more were not"
        ),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert_eq!(
        err.matches("\nerror: ").count() + 1,
        51,
        "50 problems and the summary"
    );
    assert!(err.len() < 50 * 1024, "{} bytes of diagnostics", err.len());
}

#[test]
fn a_face_up_card_holds_at_most_a_hundred_tokens() {
    let t = shipped("face-up-tokens", "stag-hunt.json", |b| {
        b["systems"]["ai-deck"]["decks"] = json!({
            "gaunt-stag": { "deck": [], "face_up": { "card": "Hunted Scent", "tokens": 100_000_000 } }
        });
    });
    let err = refused(&t, &["next", "board.json"]);
    assert!(
        err.contains("error: 100000000 tokens on a card is out of range"),
        "{err}"
    );
    assert!(
        err.contains("(systems.ai-deck.decks.gaunt-stag.face_up.tokens)"),
        "{err}"
    );
    assert!(
        err.contains("a face-up card holds 0 to 100 tokens"),
        "{err}"
    );
}

#[test]
fn survivor_numbers_stay_within_their_ranges() {
    for (field, value, message) in [
        (
            "evasion",
            json!(2_147_483_647),
            "evasion 2147483647 is out of range",
        ),
        (
            "tokens",
            json!({ "bleeding": 4_294_967_295u64 }),
            "4294967295 bleeding tokens is out of range",
        ),
    ] {
        let t = shipped(&format!("survivor-{field}"), "stag-hunt.json", |b| {
            b["systems"]["ai-deck"]["survivors"]["osk"][field] = value;
        });
        let err = refused(&t, &["next", "board.json"]);
        assert!(err.contains(message), "{err}");
    }
    // At the limit, a gain is lost rather than wrapped.
    let t = shipped("survivor-token-limit", "stag-hunt.json", |b| {
        b["systems"]["ai-deck"]["survivors"]["osk"]["tokens"] = json!({ "bleeding": 1000 });
    });
    let r = t.run(&["record", "board.json", "token", "osk", "bleeding", "+1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("has 1000 bleeding tokens"),
        "{}",
        r.stdout
    );
    assert_eq!(
        t.board()["systems"]["ai-deck"]["survivors"]["osk"]["tokens"]["bleeding"],
        1000
    );
}

#[test]
fn record_refuses_control_characters_in_its_words() {
    let t = shipped("record-control", "stag-hunt.json", |_| {});
    for words in [
        &["token", "osk", "\u{1b}]0;pwned\u{7}", "+1"][..],
        &["injury", "stag", "Torn\u{1b}[2J Ear"][..],
    ] {
        let mut args = vec!["record", "board.json"];
        args.extend_from_slice(words);
        let err = refused(&t, &args);
        assert!(
            err.contains("a word to record: text may not hold control characters (found U+001B)"),
            "{err}"
        );
    }
    assert_eq!(t.run(&["check", "board.json"]).code, 0);
}

#[test]
fn options_after_records_words_are_options() {
    let t = shipped("record-options", "stag-hunt.json", |_| {});
    let before = bytes(&t.dir.join("board.json"));
    let r = t.run(&[
        "record",
        "board.json",
        "token",
        "osk",
        "bleeding",
        "-1",
        "--dry-run",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("has 0 bleeding tokens"), "{}", r.stdout);
    assert_eq!(bytes(&t.dir.join("board.json")), before, "--dry-run wrote");
    let r = t.run(&[
        "record",
        "board.json",
        "wound",
        "stag",
        "--by",
        "osk",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.trim_start().starts_with('{'), "{}", r.stdout);
}

#[test]
fn output_never_lands_on_a_file_the_command_reads() {
    let t = shipped("output-onto-input", "goblin-ambush.json", |_| {});
    let scheme = repo().join("schemes/goblins.toml").display().to_string();
    std::fs::copy(&scheme, t.dir.join("goblins.toml")).unwrap();
    let mut b = t.board();
    b["monster_file"] = json!("goblins.toml");
    std::fs::write(t.dir.join("board.json"), b.to_string()).unwrap();
    std::os::unix::fs::symlink("board.json", t.dir.join("alias.svg")).unwrap();
    let monsters = bytes(&t.dir.join("goblins.toml"));
    for args in [
        &["show", "board.json", "--svg", "board.json"][..],
        &["show", "board.json", "--svg", "./alias.svg"][..],
        &["show", "board.json", "--svg", "goblins.toml"][..],
        &[
            "simulate",
            "board.json",
            "--runs",
            "3",
            "--svg",
            "board.json",
        ][..],
        &[
            "simulate",
            "board.json",
            "--runs",
            "3",
            "--svg",
            "goblins.toml",
        ][..],
        &["turn", "goblins.toml", "board.json", "-o", "goblins.toml"][..],
        &["next", "board.json", "-o", "board.json.history"][..],
    ] {
        let err = refused(&t, args);
        assert!(
            err.contains("a file this command reads, so it is not replaced"),
            "{args:?}: {err}"
        );
        assert_eq!(bytes(&t.dir.join("goblins.toml")), monsters, "{args:?}");
    }
}

#[test]
fn undo_restores_what_was_played_with_another_monster_file() {
    // The board names `../schemes/goblins.toml`, which does not exist from its folder:
    // it is played with `--monsters`, and undo still takes every step back.
    let text = std::fs::read_to_string(repo().join("scenarios/goblin-ambush.json")).unwrap();
    let t = Table::new("undo-elsewhere", &serde_json::from_str(&text).unwrap());
    let original = bytes(&t.dir.join("board.json"));
    let scheme = goblins();
    for _ in 0..3 {
        let r = t.run(&["next", "board.json", "--monsters", &scheme]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    let r = t.run(&["undo", "board.json", "--steps", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("Undid 3 commands (next, next, next)"),
        "{}",
        r.stdout
    );
    assert_eq!(bytes(&t.dir.join("board.json")), original);
}

#[test]
fn a_json_key_is_written_once_per_object() {
    let t = Table::new("duplicate-key", &lone_board());
    let text = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
    let doubled = text.replacen("\"hp\": 10", "\"hp\": 10, \"hp\": 1", 1);
    assert_ne!(doubled, text);
    std::fs::write(t.dir.join("board.json"), &doubled).unwrap();
    let err = refused(&t, &["check", "board.json"]);
    let line = doubled
        .lines()
        .position(|l| l.contains("\"hp\": 1"))
        .unwrap()
        + 1;
    assert!(
        err.starts_with("error: field `hp` is given twice\n"),
        "{err}"
    );
    assert!(err.contains(&format!("--> board.json:{line}:")), "{err}");
    assert!(err.contains("(creatures[0])"), "{err}");
    assert!(err.contains("write each key of an object once"), "{err}");
}

fn lone_board() -> Value {
    let mut b = board(". . .\n. # .", &[]);
    b["creatures"] = json!([{ "id": "aria", "side": "players", "position": "A1", "hp": 10 }]);
    b
}

#[test]
fn ability_deck_state_values_are_range_checked() {
    let t = shipped("deck-level", "crypt-gate.json", |b| {
        b["systems"]["ability-deck"]["level"] = json!(4_294_967_295u64);
    });
    let err = refused(&t, &["check", "board.json"]);
    assert!(err.contains("level 4294967295 is out of range"), "{err}");
    assert!(err.contains("levels run from 0 to 20"), "{err}");
    let t = shipped("deck-loot-wall", "crypt-gate.json", |b| {
        b["systems"]["ability-deck"]["loot"] = json!([{ "cell": "A1", "gold": 2 }]);
    });
    let err = refused(&t, &["check", "board.json"]);
    assert!(
        err.contains("loot at A1 lies where no one can stand"),
        "{err}"
    );
    assert!(err.contains("(systems.ability-deck.loot[0].cell)"), "{err}");
}

#[test]
fn a_board_written_elsewhere_keeps_the_source_boards_mode() {
    let t = shipped("output-mode", "goblin-ambush.json", |_| {});
    let board = t.dir.join("board.json");
    std::fs::set_permissions(&board, std::fs::Permissions::from_mode(0o600)).unwrap();
    let r = t.run(&["next", "board.json", "-o", "new.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mode = std::fs::metadata(t.dir.join("new.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn a_simulation_that_could_take_hours_is_refused_before_it_starts() {
    // 1000 characters on 200×200 with no monsters would be over at once; one goblin keeps
    // the fight going. 1000 × 40 000 × 30 × 1000 is far over 10 000 000 000.
    let mut b = json!({
        "format": 2,
        "monster_file": goblins(),
        "grid": { "kind": "square", "width": 200, "height": 200 },
        "creatures": [{ "id": "g", "type": "Goblin Warrior", "side": "monsters", "position": "GR200", "hp": 7 }]
    });
    let creatures = b["creatures"].as_array_mut().unwrap();
    creatures.extend((0..999).map(|i| {
        json!({ "id": format!("h{i}"), "side": "players", "position": cell_name(i % 200, i / 200), "hp": 5 })
    }));
    let t = Table::new("simulate-bound", &b);
    let start = Instant::now();
    let err = refused(&t, &["simulate", "board.json"]);
    assert!(start.elapsed() < Duration::from_secs(20));
    assert!(err.contains("could take hours"), "{err}");
    assert!(
        err.contains("this board allows at most 8 fights of 30 rounds"),
        "{err}"
    );
}

#[test]
fn a_board_over_the_work_limit_is_refused_with_the_most_it_may_hold() {
    // 1000×1000 cells hold at most 62 creatures (creatures × cells ≤ 62 500 000).
    let mut b = json!({
        "format": 2,
        "grid": { "kind": "square", "width": 1000, "height": 1000 },
        "creatures": []
    });
    b["creatures"] = (0..63)
        .map(|i| json!({ "id": format!("h{i}"), "side": "players", "position": cell_name(i, 0), "hp": 5 }))
        .collect();
    let t = Table::new("work-limit", &b);
    let err = refused(&t, &["check", "board.json"]);
    assert!(
        err.contains("63 creatures is too many for a board of 1000000 cells"),
        "{err}"
    );
    assert!(err.contains("holds at most 62 creatures"), "{err}");
}

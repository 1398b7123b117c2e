//! AI-deck monsters need no `hp` on the board (issue 32, part 3): their deck or Life is
//! their health. Such a board plays and is saved without `hp`; an older board that wrote
//! it plays the same and keeps it; any other creature without `hp` is still refused.

use crate::common::{Run, repo, run_in, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A shipped scenario in a fresh folder as `board.json`, its monster file named by full
/// path, `edit` applied to its text.
fn scenario(name: &str, file: &str, monsters: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = temp_dir(name);
    let text = std::fs::read_to_string(repo().join("scenarios").join(file)).unwrap();
    let full = repo().join("schemes").join(monsters);
    let text = text.replace(&format!("../schemes/{monsters}"), full.to_str().unwrap());
    std::fs::write(dir.join("board.json"), edit(text)).unwrap();
    dir
}

fn creature(dir: &Path, id: &str) -> Value {
    let board: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("board.json")).unwrap()).unwrap();
    board["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("{id} is on the board"))
}

/// The stag's turn, Wren's turn, and Wren's attack, each of which must succeed.
fn play(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for args in [
        &["next", "board.json"][..],
        &["next", "board.json"],
        &["record", "board.json", "attack", "wren", "stag", "3/6+/2"],
    ] {
        let r = run_in(dir, args, "");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        out.push(r.stdout);
    }
    out
}

/// The shipped stag hunt leaves the Gaunt Stag's `hp` out. `next` (the stag's card),
/// `next` (Wren's turn) and `record attack` play it; the saved stag still has no `hp`
/// nor `max_hp`. The same showdown from a board that writes `"hp": 9` (the stag's
/// toughness, what older boards held) tells the same story word for word, and its saved
/// board differs only by that line, which it keeps.
#[test]
fn a_stag_without_hp_plays_and_is_saved_without_it() {
    let shipped = std::fs::read_to_string(repo().join("scenarios/stag-hunt.json")).unwrap();
    assert!(shipped.contains(r#""type": "gaunt-stag", "side": "monsters", "position": "G5" }"#));
    let without = scenario("hp-left-out", "stag-hunt.json", "gaunt-stag.toml", |t| t);
    let with = scenario("hp-written", "stag-hunt.json", "gaunt-stag.toml", |t| {
        t.replace(r#""position": "G5" }"#, r#""position": "G5", "hp": 9 }"#)
    });
    let told = play(&without);
    assert!(
        told[2].contains("Gaunt Stag: is wounded by Wren."),
        "{}",
        told[2]
    );
    assert_eq!(told, play(&with), "the same story either way");

    let stag = creature(&without, "stag");
    assert!(
        stag.get("hp").is_none() && stag.get("max_hp").is_none(),
        "{stag}"
    );
    assert_eq!(creature(&with, "stag")["hp"], 9);
    let saved = |dir: &Path| std::fs::read_to_string(dir.join("board.json")).unwrap();
    let (a, b) = (saved(&without), saved(&with));
    let position = r#""position": "D9""#;
    assert!(a.contains(position), "the stag walked to D9:\n{a}");
    assert_eq!(
        b,
        a.replace(position, &format!("{position},\n      \"hp\": 9")),
        "the older board is written back with its `hp` and nothing else changed"
    );
    let _ = std::fs::remove_dir_all(&without);
    let _ = std::fs::remove_dir_all(&with);
}

/// A monster of another system without `hp` is refused as before: exit 2, at the
/// creature, with the field and the fix named, the board left as it was.
fn refused(dir: &Path, args: &[&str], at: &str) -> Run {
    let before = std::fs::read(dir.join("board.json")).unwrap();
    let r = run_in(dir, args, "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("missing field `hp`"), "{}", r.stderr);
    assert!(
        r.stderr.contains(&format!("board.json:{at}")),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("add `\"hp\": ...` to this object"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(dir.join("board.json")).unwrap(), before);
    r
}

/// The goblin ambush's first warg (a schemes monster) without `hp`.
#[test]
fn a_goblin_without_hp_is_refused() {
    let dir = scenario("hp-goblin", "goblin-ambush.json", "goblins.toml", |t| {
        t.replacen(r#""position": "N3", "hp": 22"#, r#""position": "N3""#, 1)
    });
    let r = refused(&dir, &["next", "board.json"], "");
    assert!(r.stderr.contains("(creatures[4])"), "{}", r.stderr);
    refused(&dir, &["check", "board.json"], "");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A survivor on an AI-deck board needs its `hp` like any character.
#[test]
fn a_survivor_without_hp_is_refused() {
    let dir = scenario("hp-survivor", "stag-hunt.json", "gaunt-stag.toml", |t| {
        t.replace(r#""position": "C10", "hp": 10 }"#, r#""position": "C10" }"#)
    });
    let r = refused(&dir, &["next", "board.json"], "31:5");
    assert!(r.stderr.contains("(creatures[0])"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `add --monster` on an AI-deck board writes no `hp` for the new monster unless `--hp`
/// is given, and tells its health as the deck it fights with, not as hit points.
#[test]
fn an_added_ai_deck_monster_is_saved_without_hp() {
    let dir = scenario("hp-add", "stag-hunt.json", "gaunt-stag.toml", |t| t);
    let ok = |args: &str| {
        let args: Vec<&str> = args.split(' ').collect();
        let r = run_in(&dir, &args, "");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r.stdout
    };
    ok("remove board.json stag");
    let told = ok("add board.json stag-2 H6 --monster gaunt-stag");
    assert!(
        told.contains("joins the fight on H6 with AI deck 8 cards (not built yet)."),
        "{told}"
    );
    assert!(creature(&dir, "stag-2").get("hp").is_none());
    ok("remove board.json stag-2");
    ok("add board.json stag-3 H6 --monster gaunt-stag --hp 5");
    assert_eq!(creature(&dir, "stag-3")["hp"], 5);
    let _ = std::fs::remove_dir_all(&dir);
}

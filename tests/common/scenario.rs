//! Helpers for scenarios that define their own small monster types: scheme text, stat
//! blocks, characters, and checks on the events.

#![allow(dead_code)]

use super::{Table, events, player};
use serde_json::{Value, json};

/// `v` with the fields of `more` added.
pub(crate) fn with(mut v: Value, more: Value) -> Value {
    for (k, x) in more.as_object().unwrap() {
        v[k] = x.clone();
    }
    v
}

pub(crate) fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The status names a creature of the board carries.
pub(crate) fn statuses(c: &Value) -> Vec<String> {
    c["statuses"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| s["status"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A monster file with the given `[[monster]]` tables.
pub(crate) fn scheme(body: &str) -> String {
    format!("format = 1\n{body}")
}

/// `turn` with the test's own scheme (`scheme.toml`), `--json`, writing the board back.
pub(crate) fn play(t: &Table, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["turn", "scheme.toml", "board.json", "--json"];
    args.extend_from_slice(extra);
    let r = t.run(&args);
    assert_eq!(r.code, 0, "turn failed: {}", r.stderr);
    events(&r.stdout)
}

/// One monster type: stats and traits in `head` (TOML lines), then its behaviours.
pub(crate) fn kind(name: &str, head: &str, behaviours: &[&str]) -> String {
    let mut s = format!("\n[[monster]]\nname = \"{name}\"\n");
    for (key, value) in [
        ("hp", "20"),
        ("defence", "10"),
        ("speed", "6"),
        ("range", "1"),
    ] {
        if !head
            .lines()
            .any(|l| l.trim_start().starts_with(&format!("{key} =")))
        {
            s.push_str(&format!("{key} = {value}\n"));
        }
    }
    s.push_str(head);
    s.push('\n');
    for b in behaviours {
        s.push_str(&format!("\n[[monster.behaviour]]\n{b}\n"));
    }
    s
}

/// A character with defence 0 (every roll but a natural 1 hits it) and these saves.
pub(crate) fn hero(id: &str, hp: i32, saves: Value) -> Value {
    let mut h = player(id, hp, 0);
    h["saves"] = saves;
    h
}

pub(crate) fn custom(id: &str, kind: &str, hp: i32) -> Value {
    json!({ "id": id, "type": kind, "side": "monsters", "hp": hp })
}

/// Attacks must hit: the seed was chosen so that the d20 is not a natural 1.
pub(crate) fn assert_hit(attack: &Value) {
    assert_ne!(attack["kept"], 1, "the seed rolled a natural 1: {attack}");
    assert_eq!(attack["hit"], true, "{attack}");
}

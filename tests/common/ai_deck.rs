//! Shared builders of the AI-deck tests (tests/ai_deck*.rs): survivors and monsters, a
//! board holding an `ai-deck` state with its monster file, `record` on it, and reading the
//! saved state and the turn's notes back.

use super::{Run, Table, board_with, events, of};
use serde_json::{Value, json};

/// A survivor with 10 hit points.
pub(crate) fn survivor(id: &str) -> Value {
    json!({ "id": id, "side": "players", "hp": 10 })
}

/// A monster of the test type `kind` with `hp` hit points.
pub(crate) fn creature(id: &str, kind: &str, hp: i32) -> Value {
    json!({ "id": id, "type": kind, "side": "monsters", "hp": hp })
}

/// A table in a fresh folder named `dir`: the picture's creatures, `state` as
/// `systems.ai-deck`, the dice at `seed` when one is given, and `scheme` as `scheme.toml`.
pub(crate) fn table(
    dir: &str,
    picture: &str,
    creatures: &[(char, Value)],
    state: Value,
    seed: Option<u64>,
    scheme: &str,
) -> Table {
    let mut extra = json!({ "format": 2, "systems": { "ai-deck": state } });
    if let Some(seed) = seed {
        extra["rng"] = json!({ "seed": seed, "position": 0 });
    }
    Table::new(dir, &board_with(picture, creatures, extra)).with_scheme(scheme)
}

/// One monster type's deck: `cards` to draw from the top, nothing discarded or wounded.
pub(crate) fn deck(cards: &[&str]) -> Value {
    json!({ "deck": cards, "discard": [], "wounds": [] })
}

/// `record board.json --monsters scheme.toml WORDS` on the table, with its exit code.
pub(crate) fn record(t: &Table, words: &[&str]) -> Run {
    let mut args = vec!["record", "board.json", "--monsters", "scheme.toml"];
    args.extend_from_slice(words);
    t.run(&args)
}

/// The same with `--json`, which must succeed; its events.
pub(crate) fn recorded(t: &Table, words: &[&str]) -> Vec<Value> {
    let mut words = words.to_vec();
    words.push("--json");
    let r = record(t, &words);
    assert_eq!(r.code, 0, "record {words:?}: {}", r.stderr);
    events(&r.stdout)
}

/// The board's `systems.ai-deck`.
pub(crate) fn ai(t: &Table) -> Value {
    t.board()["systems"]["ai-deck"].clone()
}

/// What the board's AI-deck state holds of survivor `id`.
pub(crate) fn facts(t: &Table, id: &str) -> Value {
    ai(t)["survivors"][id].clone()
}

/// The details of the `ai-note` events, in order.
pub(crate) fn notes(events: &[Value]) -> Vec<String> {
    of(events, "ai-note")
        .iter()
        .map(|e| e["detail"].as_str().unwrap().to_string())
        .collect()
}

/// Whether some `ai-note` holds `what`.
pub(crate) fn said(events: &[Value], what: &str) -> bool {
    notes(events).iter().any(|n| n.contains(what))
}

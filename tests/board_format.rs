//! Board format 2 and reading format 1 (docs/board.md): a format-1 board is written back
//! as format 2 with each system's fields under `systems`, and a problem in a system's
//! state is shown where the file being read has it.

use crate::common::{Table, board_with, goblins, monster, player, repo};
use serde_json::{Value, json};

fn crypt() -> String {
    repo().join("schemes/crypt.toml").display().to_string()
}

/// Every format-1 system field, with values of the right types.
fn legacy_fields() -> Value {
    json!({
        "scheme_state": { "Warg": { "charges": { "1": 2 }, "used": [3] } },
        "level": 2,
        "variant": "frosthaven",
        "ability_decks": { "brute": { "draw": [2, 1], "discard": [3], "current": 4 } },
        "modifier_deck": { "draw": ["plus0", "double"], "discard": ["minus1"], "shuffle_due": true },
        "fresh_summons": ["imp-1"],
        "loot": [{ "cell": "C1", "gold": 3 }],
        "initiatives": { "aria": 40 },
    })
}

fn heroes_and_warg(extra: Value) -> Value {
    board_with(
        "a . w",
        &[
            ('a', player("aria", 10, 12)),
            ('w', monster("warg-1", "Warg")),
        ],
        extra,
    )
}

#[test]
fn a_format_1_board_with_every_legacy_field_is_written_as_format_2() {
    let t = Table::new("format-upgrade", &heroes_and_warg(legacy_fields()));
    let g = goblins();
    let r = t.run(&["gold", "board.json", "aria", "+1", "--monsters", &g]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b = t.board();
    assert_eq!(b["format"], 2);
    let legacy = legacy_fields();
    for key in legacy.as_object().unwrap().keys() {
        assert!(b.get(key).is_none(), "`{key}` is still at the top level");
    }
    let mut deck = legacy.clone();
    let deck = deck.as_object_mut().unwrap();
    let types = deck.remove("scheme_state").unwrap();
    assert_eq!(
        b["systems"],
        json!({ "monster-ai": { "types": types }, "ability-deck": deck })
    );
    // Read again as format 2, the board is written unchanged.
    let before = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
    let r = t.run(&["gold", "board.json", "aria", "+0", "--monsters", &g]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b2 = t.board();
    assert_eq!(b2["systems"], b["systems"], "{before}");
}

#[test]
fn an_unknown_type_in_the_scheme_state_is_shown_where_the_file_has_it() {
    let g = goblins();
    let v1 = heroes_and_warg(json!({ "scheme_state": { "Wrag": { "used": [1] } } }));
    let t = Table::new("format-v1-type", &v1);
    let r = t.run(&["check", &g, "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("unknown monster type `Wrag`"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("did you mean `Warg`?"), "{}", r.stderr);
    assert!(r.stderr.contains("(scheme_state.Wrag)"), "{}", r.stderr);
    assert!(r.stderr.contains("board.json:"), "{}", r.stderr);

    let mut v2 = heroes_and_warg(json!({}));
    v2["format"] = json!(2);
    v2["systems"] = json!({ "monster-ai": { "types": { "Wrag": { "used": [1] } } } });
    let t = Table::new("format-v2-type", &v2);
    let r = t.run(&["turn", &g, "board.json", "--dry-run"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("(systems.monster-ai.types.Wrag)"),
        "{}",
        r.stderr
    );
}

/// A board of characters only, for the ability-deck checks.
fn heroes(format: u32, extra: Value) -> Table {
    let mut b = board_with("a . .", &[('a', player("aria", 10, 12))], json!({}));
    b["format"] = json!(format);
    for (k, v) in extra.as_object().unwrap() {
        b[k] = v.clone();
    }
    Table::new(&format!("format-heroes-{format}-{}", extra), &b)
}

#[test]
fn type_errors_inside_a_state_are_located_in_either_format() {
    let c = crypt();
    for (format, extra, path, message) in [
        (
            1,
            json!({ "level": "two" }),
            "(level)",
            "expected a whole number",
        ),
        (
            2,
            json!({ "systems": { "ability-deck": { "level": "two" } } }),
            "(systems.ability-deck.level)",
            "expected a whole number",
        ),
        (
            1,
            json!({ "ability_decks": { "brute": { "draw": ["x"] } } }),
            "(ability_decks.brute.draw[0])",
            "expected a whole number",
        ),
        (
            1,
            json!({ "modifier_deck": ["plus0"] }),
            "(modifier_deck)",
            "expected an object, found an array",
        ),
        (
            2,
            json!({ "systems": { "ability-deck": { "levle": 2 } } }),
            "(systems.ability-deck.levle)",
            "unknown field `levle`",
        ),
    ] {
        let t = heroes(format, extra.clone());
        let r = t.run(&["check", &c, "board.json"]);
        assert_eq!(r.code, 2, "{extra}: {}", r.stderr);
        assert!(r.stderr.contains(path), "{extra}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{extra}: {}", r.stderr);
        assert!(r.stderr.contains("board.json:"), "{extra}: {}", r.stderr);
    }
}

#[test]
fn a_state_must_be_an_object_and_formats_do_not_mix() {
    let c = crypt();
    let t = heroes(2, json!({ "systems": { "ability-deck": [1] } }));
    let r = t.run(&["check", &c, "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("systems"), "{}", r.stderr);

    let t = heroes(1, json!({ "level": 2, "systems": {} }));
    let r = t.run(&["check", &c, "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("`systems` is a format 2 key"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_board_schema_describes_format_2_with_each_systems_state() {
    let t = heroes(2, json!({ "name": "schema" }));
    let r = t.run(&["schema", "board"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s: Value = serde_json::from_str(&r.stdout).unwrap();
    let systems = &s["properties"]["systems"]["properties"];
    assert!(
        systems["monster-ai"]["properties"]["types"].is_object(),
        "{systems}"
    );
    assert!(
        systems["ability-deck"]["properties"]["level"].is_object(),
        "{systems}"
    );
    assert!(s["definitions"]["TypeDeck"].is_object());
    assert!(s["properties"].get("scheme_state").is_none());
}

/// The board's monster file was once named `scheme_file`, and `--monsters` was
/// `--schemes`: both older spellings still work. A board read with the old field is
/// written back with the new one.
#[test]
fn the_older_names_of_the_monster_file_still_work() {
    let old_field = ["scheme", "_file"].concat();
    let mut board = heroes_and_warg(json!({}));
    board[&old_field] = json!(goblins());
    let t = Table::new("old-monster-file-field", &board);
    let r = t.run(&["hit", "board.json", "warg-1", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = t.board();
    assert_eq!(after["monster_file"], json!(goblins()), "{after}");
    assert!(after.get(&old_field).is_none(), "{after}");
    assert_eq!(t.creature("warg-1").unwrap()["hp"], 20, "a Warg has 22 HP");

    let t = Table::new("old-monsters-option", &heroes_and_warg(json!({})));
    let old_option = ["--", "schemes"].concat();
    let r = t.run(&["hit", "board.json", "warg-1", "2", &old_option, &goblins()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("warg-1").unwrap()["hp"], 20);
}

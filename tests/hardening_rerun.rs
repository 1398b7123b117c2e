//! The rest of a full reliability rerun (issue 43, point 9): a board that is a link to a
//! file that is not a board leaves nothing behind; a picture is as private as its board;
//! what `check` accepts (a monster file, a hidden room, saved initiatives) never makes a
//! board that stops loading; every word of a record counts; an output that cannot be
//! written is exit code 1; two names of one field are pointed at; a flyer may be moved
//! onto an obstacle.

#![cfg(unix)]

use crate::common::*;
use serde_json::{Value, json};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn board_of(t: &Table) -> Value {
    serde_json::from_str(&std::fs::read_to_string(t.dir.join("b.json")).unwrap()).unwrap()
}

fn write_board(t: &Table, b: &Value) {
    std::fs::write(
        t.dir.join("b.json"),
        serde_json::to_string_pretty(b).unwrap(),
    )
    .unwrap();
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

// ---- A link in place of a board: no lock, nothing written, until it is known a board ----

#[test]
fn a_board_linked_to_a_file_that_is_not_a_board_leaves_nothing_beside_that_file() {
    let dir = temp_dir("link-not-a-board");
    let elsewhere = dir.join("etc");
    std::fs::create_dir(&elsewhere).unwrap();
    let victim = elsewhere.join("passwd");
    std::fs::write(&victim, "root:x:0:0:root:/root:/bin/sh\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("board.json")).unwrap();
    let g = goblins();
    for args in [
        &["gold", "board.json", "aria", "+1"][..],
        &["hit", "board.json", "aria", "1"],
        &["move", "board.json", "aria", "B2"],
        &["next", "board.json"],
        &["round", &g, "board.json"],
        &["turn", &g, "board.json"],
        &["record", "board.json", "curse"],
        &["door", "board.json", "B2", "open"],
        &["undo", "board.json"],
        &["gold", "board.json", "aria", "+1", "-o", "out.json"],
    ] {
        let r = run_in(&dir, args, "");
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        assert_eq!(
            names_in(&elsewhere),
            ["passwd"],
            "{args:?} left a file beside the link's target"
        );
        assert_eq!(
            names_in(&dir),
            ["board.json", "etc"],
            "{args:?} left a file beside the link"
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "root:x:0:0:root:/root:/bin/sh\n"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_linked_to_a_board_is_still_locked_and_saved_at_its_file() {
    let dir = temp_dir("link-a-board");
    let mut b = board(". . .\n. . .", &[]);
    b["creatures"] = json!([{ "id": "aria", "side": "players", "position": "A1", "hp": 10 }]);
    std::fs::write(dir.join("real.json"), b.to_string()).unwrap();
    std::os::unix::fs::symlink("real.json", dir.join("board.json")).unwrap();
    let r = run_in(&dir, &["gold", "board.json", "aria", "+3"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(dir.join("real.json.lock").exists());
    assert!(dir.join("real.json.history").exists());
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("real.json")).unwrap()).unwrap();
    assert_eq!(saved["creatures"][0]["gold"], 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- A picture is as private as its board ------------------------------------------------

#[test]
fn a_picture_of_a_private_board_is_private() {
    let mut b = board(". . .\n. . .", &[]);
    b["creatures"] = json!([{ "id": "aria", "side": "players", "position": "A1", "hp": 10 }]);
    let t = Table::new("private-svg", &b);
    let board_file = t.dir.join("board.json");
    for m in [0o600, 0o640] {
        std::fs::set_permissions(&board_file, std::fs::Permissions::from_mode(m)).unwrap();
        let _ = std::fs::remove_file(t.dir.join("pic.svg"));
        let r = t.run(&["show", "board.json", "--svg", "pic.svg"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(mode(&t.dir.join("pic.svg")), m, "as `-o` gives a new board");
        let r = t.run(&[
            "gold",
            "board.json",
            "aria",
            "+1",
            "-o",
            &format!("copy-{m:o}.json"),
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(mode(&t.dir.join(format!("copy-{m:o}.json"))), m);
    }
    // A picture written over an existing file keeps that file's permissions, as `-o` does.
    std::fs::set_permissions(
        t.dir.join("pic.svg"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let r = t.run(&["show", "board.json", "--svg", "pic.svg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(mode(&t.dir.join("pic.svg")), 0o644);
}

// ---- What `check` accepts never makes a board that stops loading -------------------------

#[test]
fn an_ai_deck_level_naming_a_special_card_twice_is_refused() {
    let t = shipped("special-twice", "stag-hunt.json", "gaunt-stag.toml");
    let file = t.dir.join("gaunt-stag.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let text = text.replacen(
        "specials = [\"Thick Hide\"]",
        "specials = [\"Thick Hide\", \"Thick Hide\"]",
        1,
    );
    std::fs::write(&file, text).unwrap();
    refused_untouched(
        &t,
        &["check", "gaunt-stag.toml"],
        2,
        &[
            "`Thick Hide` is named twice in `specials`",
            "specials[1]",
            "name a special card once",
        ],
    );
    // Before, `check` passed and the first turn wrote a board that no longer loaded.
    refused_untouched(&t, &["next", "b.json"], 2, &["named twice in `specials`"]);
}

/// The crypt gate with its hidden room's `field` set to `value`.
fn crypt_room(name: &str, field: &str, value: Value) -> Table {
    let t = shipped(name, "crypt-gate.json", "crypt.toml");
    let mut b = board_of(&t);
    b["systems"]["ability-deck"]["rooms"][0][field] = value;
    write_board(&t, &b);
    t
}

#[test]
fn what_a_hidden_room_holds_is_checked_as_if_it_were_on_the_board() {
    for (field, value, wanted) in [
        (
            "loot",
            json!([{ "cell": "O5", "gold": 1001 }]),
            &[
                "1001 gold in one loot token is out of range",
                "systems.ability-deck.rooms[0].loot[0].gold",
            ][..],
        ),
        (
            "loot",
            json!([{ "cell": "P5", "gold": 1 }]),
            &[
                "loot at P5 lies where no one can stand",
                "systems.ability-deck.rooms[0].loot[0].cell",
            ],
        ),
        (
            "monsters",
            json!([{ "id": "grave warden", "type": "grave-warden", "position": "M4" }]),
            &[
                "creature id `grave warden` is not usable on the command line",
                "systems.ability-deck.rooms[0].monsters[0].id",
            ],
        ),
    ] {
        let t = crypt_room("room-holds", field, value);
        refused_untouched(&t, &["check", "b.json"], 2, wanted);
        refused_untouched(&t, &["door", "b.json", "J4", "open"], 2, wanted);
    }
}

#[test]
fn money_tokens_heaped_on_one_hex_stop_at_the_most_a_token_holds() {
    // The board's loot and the room's lie on the same hex: together past 1000, which the
    // board would refuse, so the heap holds 1000.
    let t = crypt_room("room-heap", "loot", json!([{ "cell": "O5", "gold": 600 }]));
    let mut b = board_of(&t);
    b["systems"]["ability-deck"]["loot"] = json!([{ "cell": "O5", "gold": 700 }]);
    write_board(&t, &b);
    let r = t.run(&["door", "b.json", "J4", "open"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let loot = &board_of(&t)["systems"]["ability-deck"]["loot"];
    assert_eq!(loot, &json!([{ "cell": "O5", "gold": 1000 }]));
    let r = t.run(&["check", "b.json"]);
    assert_eq!(r.code, 0, "the board still loads: {}", r.stderr);
}

#[test]
fn saved_initiatives_keep_the_rule_record_keeps() {
    let cases: [(&str, Value, &[&str]); 5] = [
        (
            "initiatives",
            json!({ "vela": 100, "tor": 40, "mira": 77 }),
            &[
                "vela's initiative 100 is out of range",
                "systems.ability-deck.initiatives.vela",
                "an initiative is a whole number from 0 to 99",
            ],
        ),
        (
            "next_initiatives",
            json!({ "vela": { "initiative": 100 } }),
            &[
                "vela's initiative 100 is out of range",
                "systems.ability-deck.next_initiatives.vela",
            ],
        ),
        (
            "next_initiatives",
            json!({ "tor": { "initiative": 10, "second": 120 } }),
            &["tor's second card's initiative 120 is out of range"],
        ),
        (
            "initiatives",
            json!({ "vela": 15, "tor": 40, "mira": 77, "grave-warden-1": 5 }),
            &["`grave-warden-1` is not a character"],
        ),
        (
            "consumed",
            json!({ "nobody": ["fire"] }),
            &[
                "no monster type `nobody` in the monster file",
                "systems.ability-deck.consumed.nobody",
            ],
        ),
    ];
    for (field, value, wanted) in cases {
        let t = shipped("initiative-rule", "crypt-gate.json", "crypt.toml");
        let mut b = board_of(&t);
        b["systems"]["ability-deck"][field] = value;
        write_board(&t, &b);
        refused_untouched(&t, &["check", "b.json"], 2, wanted);
    }
    // `record` says the same of the same numbers.
    let t = shipped("initiative-record", "crypt-gate.json", "crypt.toml");
    refused_untouched(
        &t,
        &["record", "b.json", "initiative", "vela=100"],
        2,
        &[
            "word 1: vela's initiative 100 is out of range",
            "an initiative is a whole number from 0 to 99",
        ],
    );
    refused_untouched(
        &t,
        &["record", "b.json", "initiative", "grave-warden-1", "5"],
        2,
        &["`grave-warden-1` is not a character"],
    );
}

// ---- Every word of a record counts ------------------------------------------------------

#[test]
fn words_left_over_are_refused_in_every_system() {
    let needs = shipped(
        "extra-words-needs",
        "needs-kobold-story.json",
        "needs-dungeon.toml",
    );
    for args in [
        &["door", "b.json", "G5", "open", "now"][..],
        &["record", "b.json", "door", "G5", "open", "now"],
        &["item", "b.json", "sword-1", "equip", "now"],
        &["item", "b.json", "sword-1", "unequip", "now"],
        &["item", "b.json", "sword-1", "drop", "C5", "now"],
    ] {
        refused_untouched(&needs, args, 2, &["unexpected argument 'now' found"]);
    }
    refused_untouched(
        &needs,
        &["door", "b.json", "G5", "lock", "tight"],
        2,
        &["unexpected argument 'tight' found"],
    );
    refused_untouched(
        &needs,
        &["item", "b.json", "sword-1", "give", "aria", "now"],
        2,
        &["unexpected argument 'now' found"],
    );
    refused_untouched(
        &needs,
        &["door", "b.json", "G5"],
        2,
        &["required arguments were not provided: <ACTION>"],
    );
    // The words alone still work.
    let r = needs.run(&["door", "b.json", "G5", "open", "--dry-run"]);
    assert_eq!(r.code, 0, "{}", r.stderr);

    let crypt = shipped("extra-words-crypt", "crypt-gate.json", "crypt.toml");
    for args in [
        &["door", "b.json", "J4", "open", "now"][..],
        &["record", "b.json", "curse", "1", "more"],
        &["record", "b.json", "initiative", "vela", "10", "20", "30"],
    ] {
        let r = crypt.run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    }

    let stag = shipped("extra-words-stag", "stag-hunt.json", "gaunt-stag.toml");
    for args in [
        &["record", "b.json", "knock-down", "wren", "now"][..],
        &["record", "b.json", "facing", "stag", "north", "now"],
        &["record", "b.json", "evasion", "wren", "2", "now"],
    ] {
        let r = stag.run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    }
}

// ---- An output that cannot be written is exit code 1 ---------------------------------------

#[test]
fn an_output_into_a_missing_folder_is_exit_code_1_naming_the_folder() {
    let mut b = board(". . .\n. . .", &[]);
    b["creatures"] = json!([{ "id": "aria", "side": "players", "position": "A1", "hp": 10 }]);
    let t = Table::new("missing-folder", &b);
    for args in [
        &["gold", "board.json", "aria", "+1", "-o", "nope/x.json"][..],
        &["show", "board.json", "--svg", "nope/x.svg"],
    ] {
        let before = std::fs::read(t.dir.join("board.json")).unwrap();
        let r = t.run(args);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("the folder `nope` does not exist"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("cannot read"), "{}", r.stderr);
        assert!(!t.dir.join("nope").exists());
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
    let r = t.run(&[
        "gold",
        "board.json",
        "aria",
        "+1",
        "-o",
        "nope/x.json",
        "--json",
    ]);
    let doc: Value = serde_json::from_str(&r.stderr).unwrap();
    assert_eq!(doc["exit_code"], 1, "{}", r.stderr);
}

// ---- Two names of one field ---------------------------------------------------------------

#[test]
fn a_board_giving_both_names_of_its_monster_file_is_refused_at_the_second() {
    for (first, second) in [
        ("monster_file", "scheme_file"),
        ("scheme_file", "monster_file"),
    ] {
        let text = format!(
            "{{\n  \"format\": 2,\n  \"{first}\": \"a.toml\",\n  \"{second}\": \"a.toml\",\n  \"grid\": {{ \"kind\": \"square\", \"width\": 3, \"height\": 3 }},\n  \"creatures\": []\n}}\n"
        );
        let dir = temp_dir("both-names");
        std::fs::write(dir.join("b.json"), &text).unwrap();
        let r = run_in(&dir, &["check", "b.json"], "");
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(
            r.stderr.contains(&format!(
                "the board gives both `{first}` and `{second}`, two names of one field"
            )),
            "{}",
            r.stderr
        );
        assert!(
            r.stderr.contains(&format!("--> b.json:4:3 ({second})")),
            "{}",
            r.stderr
        );
        assert!(
            r.stderr
                .contains("keep only `monster_file` (`scheme_file` is its older name)"),
            "{}",
            r.stderr
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

// ---- A flyer may end a move on an obstacle --------------------------------------------------

#[test]
fn a_flyer_is_moved_onto_an_obstacle_and_the_board_still_loads() {
    for place in [false, true] {
        let t = shipped("flyer-obstacle", "crypt-gate.json", "crypt.toml");
        let mut args = vec!["move", "b.json", "ghoul-bat-1", "E3", "--json"];
        if place {
            args.push("--place");
        }
        let r = t.run(&args);
        assert_eq!(r.code, 0, "--place {place}: {}", r.stderr);
        let b = board_of(&t);
        let bat = b["creatures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == "ghoul-bat-1")
            .unwrap();
        assert_eq!(bat["position"], "E3");
        let r = t.run(&["check", "b.json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        // One that does not fly is still kept off it.
        let mut args = vec!["move", "b.json", "grave-warden-2", "E3"];
        if place {
            args.push("--place");
        }
        refused_untouched(&t, &args, 2, &["CELL E3 is an obstacle"]);
    }
}

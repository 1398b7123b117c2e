//! `monster-ai import ghs`: GHS monster and deck files written here by our own writer (from
//! GHS's data format, with made-up monsters) are imported; the monster file must pass
//! `check`, carry every stat line and card, and list everything it leaves out.

use crate::common::gloom_link::{character, link, melee, monster};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_monster-ai"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("import-ghs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A stat entry as GHS writes it.
fn stat(level: u32, rank: &str, hp: Value, movement: u32, attack: u32) -> Value {
    json!({ "type": rank, "level": level, "health": hp, "movement": movement, "attack": attack })
}

/// A monster file: `lines` are its stat entries.
fn monster_file(name: &str, deck: &str, lines: Vec<Value>) -> Value {
    json!({ "name": name, "edition": "test", "count": 6, "deck": deck, "stats": lines })
}

/// An action: `type`, `value`, optional `valueType` and `subActions`.
fn act(kind: &str, value: Value, value_type: Option<&str>, subs: Vec<Value>) -> Value {
    let mut a = json!({ "type": kind, "value": value });
    if let Some(vt) = value_type {
        a["valueType"] = json!(vt);
    }
    if !subs.is_empty() {
        a["subActions"] = json!(subs);
    }
    a
}

fn card(id: u32, initiative: u32, shuffle: bool, actions: Vec<Value>) -> Value {
    json!({ "cardId": id, "initiative": initiative, "shuffle": shuffle, "actions": actions })
}

fn deck_file(name: &str, cards: Vec<Value>) -> Value {
    json!({ "name": name, "edition": "test", "abilities": cards })
}

/// A monster of one level, `(hp, move, attack)` for its normal and elite lines.
fn one_level(
    dir: &Path,
    file: &str,
    name: &str,
    level: u32,
    normal: (u32, u32, u32),
    elite: (u32, u32, u32),
) -> String {
    let lines = vec![
        stat(level, "normal", json!(normal.0), normal.1, normal.2),
        stat(level, "elite", json!(elite.0), elite.1, elite.2),
    ];
    write(dir, file, &monster_file(name, name, lines))
}

fn write(dir: &Path, name: &str, v: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(v).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn check_passes(file: &str) {
    let out = run(&["check", file]);
    assert!(
        out.status.success(),
        "check {file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn toml_of(file: &str) -> toml::Value {
    toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// A guard with eight levels (hp 5 + level, move 2, attack 2 + level / 2; elites +3 hp, a
/// shield 1 from level 2 on) and a deck that uses every action our language can say.
fn guard(dir: &Path) -> (String, String) {
    let mut lines = Vec::new();
    for level in 0..8u32 {
        lines.push(stat(level, "normal", json!(5 + level), 2, 2 + level / 2));
        let mut elite = stat(level, "elite", json!(8 + level), 2, 3 + level / 2);
        if level >= 2 {
            elite["actions"] = json!([{ "type": "shield", "value": 1 }]);
        }
        lines.push(elite);
    }
    let m = write(
        dir,
        "guard.json",
        &monster_file("test-guard", "test-guard-deck", lines),
    );
    let cards = vec![
        card(
            1,
            15,
            false,
            vec![
                act("move", json!(1), Some("plus"), vec![]),
                act(
                    "attack",
                    json!(1),
                    Some("minus"),
                    vec![
                        act("range", json!(3), Some("fixed"), vec![]),
                        act("target", json!(2), None, vec![]),
                        act("pierce", json!(1), None, vec![]),
                        act("condition", json!("poison"), None, vec![]),
                    ],
                ),
            ],
        ),
        card(
            2,
            50,
            true,
            vec![
                act("shield", json!(2), None, vec![]),
                act(
                    "retaliate",
                    json!(1),
                    None,
                    vec![act("range", json!(3), None, vec![])],
                ),
                act(
                    "heal",
                    json!(2),
                    None,
                    vec![act("specialTarget", json!("self"), None, vec![])],
                ),
            ],
        ),
        card(
            3,
            72,
            false,
            vec![
                act(
                    "move",
                    json!(0),
                    Some("plus"),
                    vec![act("jump", json!(""), None, vec![])],
                ),
                act(
                    "attack",
                    json!(0),
                    Some("plus"),
                    vec![
                        act(
                            "area",
                            json!("(0,0,active)|(1,0,target)|(2,0,target)"),
                            None,
                            vec![],
                        ),
                        act("push", json!(2), None, vec![]),
                    ],
                ),
                act(
                    "condition",
                    json!("strengthen"),
                    None,
                    vec![act("specialTarget", json!("self"), None, vec![])],
                ),
                act("loot", json!(1), None, vec![]),
            ],
        ),
        card(
            4,
            88,
            true,
            vec![
                act(
                    "heal",
                    json!(3),
                    None,
                    vec![act("range", json!(2), None, vec![])],
                ),
                act(
                    "attack",
                    json!(2),
                    Some("plus"),
                    vec![act("condition", json!("curse"), None, vec![])],
                ),
                act(
                    "condition",
                    json!("bless"),
                    None,
                    vec![act("specialTarget", json!("self"), None, vec![])],
                ),
            ],
        ),
    ];
    let d = write(dir, "guard-deck.json", &deck_file("test-guard-deck", cards));
    (m, d)
}

#[test]
fn every_stat_line_and_card_comes_through() {
    let dir = scratch("guard");
    let (m, d) = guard(&dir);
    let out_file = dir.join("guard.toml").to_string_lossy().into_owned();
    let out = run(&["import", "ghs", &m, &d, "-o", &out_file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("wrote {out_file}: 1 monster type (test-guard), 0 things left out\n")
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_passes(&out_file);
    let t = toml_of(&out_file);
    assert_eq!(t["system"].as_str(), Some("ability-deck"));
    let m = &t["monster"][0];
    assert_eq!(m["name"].as_str(), Some("test-guard"));
    assert_eq!(m["standees"].as_integer(), Some(6));
    let levels = m["level"].as_array().unwrap();
    assert_eq!(levels.len(), 8);
    for (level, l) in levels.iter().enumerate() {
        let level = level as i64;
        assert_eq!(l["level"].as_integer(), Some(level));
        assert_eq!(l["normal"]["hp"].as_integer(), Some(5 + level));
        assert_eq!(l["normal"]["move"].as_integer(), Some(2));
        assert_eq!(l["normal"]["attack"].as_integer(), Some(2 + level / 2));
        assert_eq!(l["elite"]["hp"].as_integer(), Some(8 + level));
        assert_eq!(l["elite"]["attack"].as_integer(), Some(3 + level / 2));
        let traits = l["elite"]
            .get("traits")
            .and_then(|t| t.as_array())
            .cloned()
            .unwrap_or_default();
        assert_eq!(traits.len(), usize::from(level >= 2));
    }
    let cards = m["card"].as_array().unwrap();
    let summary: Vec<(i64, bool, Vec<&str>)> = cards
        .iter()
        .map(|c| {
            (
                c["initiative"].as_integer().unwrap(),
                c.get("shuffle").and_then(|s| s.as_bool()).unwrap_or(false),
                c["actions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap())
                    .collect(),
            )
        })
        .collect();
    // The area (0,0,active)|(1,0,target)|(2,0,target) is a straight line of two from the
    // attacker in GHS's rows; with the axes swapped it runs down a column of ours.
    assert_eq!(
        summary,
        [
            (
                15,
                false,
                vec![
                    "move +1",
                    "attack -1",
                    "range 3",
                    "target 2",
                    "pierce 1",
                    "poison"
                ]
            ),
            (
                50,
                true,
                vec!["shield 2", "retaliate 1 range 3", "heal 2 self"]
            ),
            (
                72,
                false,
                vec![
                    "move jump",
                    "attack",
                    "aoe @//X//X",
                    "push 2",
                    "strengthen",
                    "loot 1"
                ]
            ),
            (
                88,
                true,
                vec!["heal 3 range 2", "attack +2", "curse", "bless"]
            ),
        ]
    );
    assert_eq!(cards[0]["name"].as_str(), Some("card 1"));
}

#[test]
fn several_monsters_a_boss_summons_and_its_special_actions() {
    let dir = scratch("boss");
    let rat = one_level(&dir, "rat.json", "test-rat", 1, (2, 3, 1), (4, 3, 2));
    let rat_deck = write(
        &dir,
        "rat-deck.json",
        &deck_file(
            "test-rat",
            vec![card(
                7,
                30,
                false,
                vec![
                    act("move", json!(1), Some("plus"), vec![]),
                    act("attack", json!(0), Some("plus"), vec![]),
                ],
            )],
        ),
    );
    let mut boss = json!({
        "name": "test-king", "edition": "test", "boss": true, "count": 1, "deck": "test-boss",
        "baseStat": {
            "type": "boss",
            "immunities": ["stun", "push"],
            "special": [
                [ { "type": "summon", "value": "%data.monster.test-rat%" } ],
                [ { "type": "attack", "value": 1, "valueType": "plus", "subActions": [ { "type": "target", "value": 3 } ] } ]
            ]
        },
        "stats": [
            { "level": 1, "health": "10xC", "movement": 2, "attack": 4 },
            { "level": 2, "health": "C x 12 + 2", "movement": 2, "attack": 5 }
        ]
    });
    boss["flying"] = json!(true);
    let boss_file = write(&dir, "king.json", &boss);
    let boss_deck = write(
        &dir,
        "boss-deck.json",
        &deck_file(
            "test-boss",
            vec![
                card(10, 11, false, vec![act("special", json!(1), None, vec![])]),
                card(
                    11,
                    52,
                    true,
                    vec![
                        act("move", json!(0), Some("plus"), vec![]),
                        act("special", json!(2), None, vec![]),
                    ],
                ),
            ],
        ),
    );
    let out_file = dir.join("both.toml").to_string_lossy().into_owned();
    let out = run(&[
        "import", "ghs", &boss_file, &boss_deck, &rat, &rat_deck, "-o", &out_file, "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["types"], json!(["test-king", "test-rat"]));
    // `push` is no condition of ours: told once, with its file and place.
    let dropped = report["dropped"].as_array().unwrap();
    assert_eq!(dropped.len(), 1, "{dropped:?}");
    assert_eq!(dropped[0]["file"], boss_file.as_str());
    assert_eq!(dropped[0]["place"], "level 1 boss, stats[0].immunities[1]");
    check_passes(&out_file);
    let t = toml_of(&out_file);
    let king = &t["monster"][0];
    assert_eq!(king["boss"].as_bool(), Some(true));
    assert_eq!(king["immune"].as_array().unwrap()[0].as_str(), Some("stun"));
    assert_eq!(king["level"][0]["normal"]["hp"].as_str(), Some("10xC"));
    assert_eq!(king["level"][1]["normal"]["hp"].as_str(), Some("12xC+2"));
    assert_eq!(
        king["level"][0]["normal"]["traits"][0].as_str(),
        Some("flying")
    );
    let actions: Vec<Vec<&str>> = king["card"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        actions,
        [
            vec!["summon test-rat"],
            vec!["move", "attack +1", "target 3"]
        ]
    );
}

#[test]
fn what_cannot_be_said_is_listed_and_strict_refuses_it() {
    let dir = scratch("dropped");
    let m = one_level(&dir, "imp.json", "test-imp", 0, (3, 2, 1), (5, 2, 2));
    let d = write(
        &dir,
        "imp-deck.json",
        &deck_file(
            "test-imp",
            vec![
                card(
                    1,
                    20,
                    false,
                    vec![
                        act(
                            "attack",
                            json!(1),
                            Some("plus"),
                            vec![act("specialTarget", json!("enemyOneAll"), None, vec![])],
                        ),
                        act("element", json!("fire"), None, vec![]),
                    ],
                ),
                card(
                    2,
                    60,
                    false,
                    vec![act("custom", json!("dance"), None, vec![])],
                ),
            ],
        ),
    );
    let out_file = dir.join("imp.toml").to_string_lossy().into_owned();
    let out = run(&["import", "ghs", &m, &d, "-o", &out_file]);
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let warnings: Vec<&str> = err.lines().collect();
    assert_eq!(warnings.len(), 4, "{err}");
    assert!(
        warnings[0]
            .contains("test-imp card 1 (initiative 20), abilities[0].actions[0].subActions[0]"),
        "{err}"
    );
    assert!(
        warnings[1].contains("abilities[0].actions[1]") && warnings[1].contains("element fire"),
        "{err}"
    );
    assert!(warnings[3].contains("the whole card is left out"), "{err}");
    check_passes(&out_file);
    assert_eq!(
        toml_of(&out_file)["monster"][0]["card"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // --strict: exit 2, every note an error, nothing written.
    let strict_file = dir.join("strict.toml");
    let out = bin()
        .args(["import", "ghs", &m, &d, "--strict", "-o"])
        .arg(&strict_file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error: 4 problems"));
    assert!(!strict_file.exists());
}

fn fails(args: &[&str], out_file: &Path) -> String {
    let out = bin().args(args).arg("-o").arg(out_file).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out_file.exists(), "nothing is written");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn bad_input_is_located_and_nothing_is_written() {
    let dir = scratch("bad");
    let out_file = dir.join("out.toml");
    let (m, d) = guard(&dir);
    // Not JSON: file, line and column.
    let not_json = dir.join("broken.json");
    std::fs::write(&not_json, "{\n  \"name\": \"x\",\n  \"stats\": [ }\n").unwrap();
    let e = fails(&["import", "ghs", not_json.to_str().unwrap()], &out_file);
    assert!(e.contains("broken.json:3:"), "{e}");
    // A deck where the monster file was expected.
    let e = fails(&["import", "ghs", &d, &m], &out_file);
    assert!(
        e.contains("is a deck file, but a monster file comes first"),
        "{e}"
    );
    // Neither kind.
    let other = write(&dir, "other.json", &json!({ "hello": 1 }));
    let e = fails(&["import", "ghs", &other], &out_file);
    assert!(
        e.contains("neither a GHS monster file nor a deck file"),
        "{e}"
    );
    // An unknown action type, at its path, with a suggestion.
    let mut deck: Value = serde_json::from_str(&std::fs::read_to_string(&d).unwrap()).unwrap();
    deck["abilities"][1]["actions"][0]["type"] = json!("sheild");
    let bad_deck = write(&dir, "bad-deck.json", &deck);
    let e = fails(&["import", "ghs", &m, &bad_deck], &out_file);
    assert!(
        e.contains("`sheild` is not a GHS action type")
            && e.contains("abilities[1].actions[0].type")
            && e.contains("did you mean `shield`?"),
        "{e}"
    );
    // Absurd numbers.
    deck["abilities"][1]["actions"][0]["type"] = json!("shield");
    deck["abilities"][2]["initiative"] = json!(150);
    let bad_deck = write(&dir, "bad-deck.json", &deck);
    let e = fails(&["import", "ghs", &m, &bad_deck], &out_file);
    assert!(
        e.contains("initiative 150 is out of range") && e.contains("abilities[2].initiative"),
        "{e}"
    );
    let mut monster: Value = serde_json::from_str(&std::fs::read_to_string(&m).unwrap()).unwrap();
    monster["stats"][3]["health"] = json!(1e12);
    let bad_monster = write(&dir, "bad-guard.json", &monster);
    let e = fails(&["import", "ghs", &bad_monster, &d], &out_file);
    assert!(e.contains("stats[3].health"), "{e}");
    // A character-count stat on a monster that is no boss.
    monster["stats"][3]["health"] = json!("4xC");
    let bad_monster = write(&dir, "bad-guard.json", &monster);
    let e = fails(&["import", "ghs", &bad_monster, &d], &out_file);
    assert!(e.contains("`4xC` cannot be carried over"), "{e}");
    // A deck that is nobody's.
    let (_, other_deck) = guard(&scratch("bad-other"));
    let mut renamed: Value =
        serde_json::from_str(&std::fs::read_to_string(&other_deck).unwrap()).unwrap();
    renamed["name"] = json!("nobody");
    let stray = write(&dir, "stray.json", &renamed);
    let e = fails(&["import", "ghs", &m, &d, &stray], &out_file);
    assert!(
        e.contains("the deck `nobody` is the deck of none of the monsters given"),
        "{e}"
    );
    // Another edition than asked for.
    let e = fails(&["import", "ghs", &m, &d, "--edition", "fh"], &out_file);
    assert!(
        e.contains("this file is of edition `test`, not `fh`"),
        "{e}"
    );
}

#[test]
fn an_input_is_never_overwritten() {
    let dir = scratch("overwrite");
    let (m, d) = guard(&dir);
    let before = std::fs::read(&d).unwrap();
    let out = run(&["import", "ghs", &m, &d, "-o", &d]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a file this command reads"));
    assert_eq!(std::fs::read(&d).unwrap(), before);
}

#[test]
fn a_deck_is_found_where_ghs_keeps_it() {
    let dir = scratch("layout");
    std::fs::create_dir_all(dir.join("monster")).unwrap();
    std::fs::create_dir_all(dir.join("deck")).unwrap();
    let (m, d) = guard(&dir);
    std::fs::rename(&m, dir.join("monster/guard.json")).unwrap();
    std::fs::rename(&d, dir.join("deck/test-guard-deck.json")).unwrap();
    let monster = dir
        .join("monster/guard.json")
        .to_string_lossy()
        .into_owned();
    let out = run(&["import", "ghs", &monster]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("initiative = 88"));
    // Without the deck anywhere: an error naming what to give.
    std::fs::remove_file(dir.join("deck/test-guard-deck.json")).unwrap();
    let out = run(&["import", "ghs", &monster]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("was not given and is not where GHS keeps it")
    );
}

/// The imported monster file and a gloom board with its monsters typed play: `next`
/// resolves the round.
#[test]
fn an_imported_monster_plays_on_an_imported_board() {
    let dir = scratch("play");
    let (m, d) = guard(&dir);
    let monsters = dir.join("guard.toml").to_string_lossy().into_owned();
    assert!(
        run(&["import", "ghs", &m, &d, "-o", &monsters])
            .status
            .success()
    );
    let link = gloom_link_two_figures();
    let board = dir.join("board.json").to_string_lossy().into_owned();
    let out = run(&[
        "import",
        "gloom",
        &link,
        "-o",
        &board,
        "--monsters",
        &monsters,
        "--type",
        "test-guard",
        "--level",
        "3",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let b: Value = serde_json::from_str(&std::fs::read_to_string(&board).unwrap()).unwrap();
    assert_eq!(b["monster_file"], "guard.toml");
    // Level 3 normal: hp 5 + 3.
    assert_eq!(b["creatures"][1]["hp"], 8);
    assert_eq!(b["creatures"][1]["type"], "test-guard");
    check_passes(&board);
    let out = run(&["next", &board]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A monster (initiative 1) at E11 with Move 2 and a melee attack, and a character
/// (initiative 2) two hexes above it at E9.
fn gloom_link_two_figures() -> String {
    link(
        &melee(2),
        Some("E11"),
        &[monster("E11", 1), character("E9", 2)],
    )
}

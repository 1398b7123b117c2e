//! `monster-ai import gloom`: links written here by our own writer for gloom's bit format
//! (from the format: fields least-significant bit first, URL-safe base64 without padding)
//! are imported, the board is checked, and the `options` command the import prints is run
//! and compared with answers worked out by hand.
//!
//! Pictures use our board's cell names. gloom's grid has 29 columns of 25 hexes; our board
//! is one row taller (26 rows): gloom column `c`, row `r` (row 0 at the bottom) is our
//! column `c`, row index `25 - r - c % 2`. Hex distances below use axial coordinates
//! `q = column`, `r = row index - (column - column % 2) / 2`, distance
//! `(|dq| + |dr| + |dq + dr|) / 2`. An even column's neighbours in the columns beside it
//! are rows `R-1` and `R`, an odd column's rows `R` and `R+1`.

use crate::common::gloom_link::{
    Action, Writer, at, character, link, location, melee, monster, terrain,
};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_monster-ai"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("import-gloom-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Imports `link` into a board in a fresh folder; returns the board's path and the
/// import's JSON report.
fn import(name: &str, link: &str) -> (PathBuf, Value) {
    let board = scratch(name).join("board.json");
    let out = bin()
        .args(["import", "gloom", link, "-o"])
        .arg(&board)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let check = bin().arg("check").arg(&board).output().unwrap();
    assert!(
        check.status.success(),
        "check: {}",
        String::from_utf8_lossy(&check.stderr)
    );
    (board, serde_json::from_slice(&out.stdout).unwrap())
}

/// Runs the import's `options` command with `--json`.
fn options(report: &Value) -> Value {
    let argv: Vec<String> = report["options"]["argv"]
        .as_array()
        .expect("an options command")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let out = bin().args(&argv).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

fn board_json(board: &PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(board).unwrap()).unwrap()
}

#[test]
fn the_writer_and_the_cell_mapping_agree_with_the_reader() {
    // gloom column 0 row 0 is our A26; column 1 row 0 is B25 (odd columns sit higher).
    assert_eq!(location("A26"), 0);
    assert_eq!(location("B25"), 25);
    assert_eq!(location("A2"), 24);
}

/// ```text
///  E7   A (initiative 5)          column E (4), rows 7..15
///  E11  M, melee, move 2
///  E15  B (initiative 3)
/// ```
/// Both are 4 hexes from M straight up and down; the nearest hex beside either is 3 away
/// (E8 or E14: every other hex beside them is 4 away), so both cost 3 move points and are
/// out of reach this turn, at proximity 4 both. Initiative breaks the tie: B (3) is the
/// focus. The only hex beside B at 3 is E14; from E11 a 2-point move gets closest to it at
/// E13 (1 away: D13 and F13, its other neighbours, are 3 from M), by the only 2-hex path,
/// E12 then E13. No attack this turn.
#[test]
fn initiative_breaks_a_focus_tie_and_the_monster_heads_for_its_hex() {
    let marks = [character("E7", 5), monster("E11", 4), character("E15", 3)];
    let (board, report) = import("tie", &link(&melee(2), Some("E11"), &marks));
    assert_eq!(report["active"], "monster-1");
    let b = board_json(&board);
    assert_eq!(
        b["systems"]["ability-deck"]["initiatives"],
        serde_json::json!({ "character-1": 5, "character-2": 3, "monster-1": 4 })
    );
    let o = options(&report);
    let foci = o["foci"].as_array().unwrap();
    assert_eq!(foci.len(), 1);
    assert_eq!(foci[0]["focus"], "character-2");
    assert_eq!(foci[0]["steps"], 3);
    assert_eq!(foci[0]["proximity"], 4);
    let outcomes = foci[0]["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0]["destination"], "E13");
    assert_eq!(strings(&outcomes[0]["path"]), ["E12", "E13"]);
    assert_eq!(outcomes[0]["toward"], "E14");
    assert!(outcomes[0]["targets"].as_array().unwrap().is_empty());
}

/// ```text
///        E9  A                A's neighbours: E8, E10, D8, D9, F8, F9
///   D9 o     F9               D9 an obstacle; a thin wall between E9 and E10
///  D10   E10   F10 ~          F10 difficult
///        E11 M  (melee, move 2)
/// ```
/// E10 touches A only across the thin wall, so a melee attack from there is not allowed;
/// D9 is an obstacle. E8, D8 and F8 are 3 hexes from M. F9 is 2 away by two ways: through
/// F10 (difficult: 2 + 1 = 3 points) or through E10 (1 + 1 = 2): the monster walks E10,
/// F9 and attacks A this turn.
#[test]
fn a_thin_wall_an_obstacle_and_difficult_terrain_shape_the_move() {
    let mut wall_below_a = at("E9");
    // E9 is column 4 (even); E10 is the hex under it, so the wall is on E10's top edge.
    wall_below_a.cell = "E10";
    wall_below_a.walls = [true, false, false];
    let marks = [
        character("E9", 2),
        terrain("D9", 1),
        wall_below_a,
        terrain("F10", 5),
        monster("E11", 1),
    ];
    let (board, report) = import("wall", &link(&melee(2), Some("E11"), &marks));
    let b = board_json(&board);
    assert_eq!(b["thin_walls"], serde_json::json!([["E10", "E9"]]));
    assert_eq!(&b["map"][8].as_str().unwrap()[3..4], "o");
    assert_eq!(&b["map"][9].as_str().unwrap()[5..6], "~");
    let o = options(&report);
    let foci = o["foci"].as_array().unwrap();
    assert_eq!(foci[0]["focus"], "character-1");
    let outcomes = foci[0]["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0]["destination"], "F9");
    assert_eq!(strings(&outcomes[0]["path"]), ["E10", "F9"]);
    assert_eq!(strings(&outcomes[0]["targets"]), ["character-1"]);
}

/// ```text
///  E9   A (initiative 1)
///  E10  B (initiative 9)
///  E11  M: no move, range 2, target "all"
/// ```
/// Both are within range 2 and in sight from where M stands, so both cost 0 points; B is
/// nearer (proximity 1 against 2) and so the focus despite its later initiative. Target
/// "all" with two enemies is target 2: M attacks B and A, B at disadvantage (a ranged
/// attack on a neighbour). The same with Frosthaven rules.
#[test]
fn a_ranged_attack_on_every_enemy_in_frosthaven() {
    let action = Action {
        move_points: 0,
        range: 2,
        target: 6,
        rules: 0,
        ..melee(0)
    };
    let marks = [character("E9", 1), character("E10", 9), monster("E11", 5)];
    let (board, report) = import("ranged", &link(&action, Some("E11"), &marks));
    assert_eq!(
        board_json(&board)["systems"]["ability-deck"]["variant"],
        "frosthaven"
    );
    let argv = strings(&report["options"]["argv"]);
    assert!(
        argv.ends_with(&["--range", "2", "--targets", "2", "--variant", "frosthaven"]),
        "{argv:?}"
    );
    let o = options(&report);
    let foci = o["foci"].as_array().unwrap();
    assert_eq!(foci[0]["focus"], "character-2");
    let outcome = &foci[0]["outcomes"][0];
    assert_eq!(outcome["destination"], "E11");
    assert_eq!(strings(&outcome["targets"]), ["character-2", "character-1"]);
    assert_eq!(strings(&outcome["disadvantage"]), ["character-2"]);
}

/// Every terrain, a trap, thin walls on all three edges, a character acting (its enemies
/// are the monsters), jump, muddle and a melee area come through.
#[test]
fn everything_a_link_holds_lands_on_the_board() {
    let mut walled = terrain("H5", 0);
    walled.walls = [true, true, true];
    let marks = [
        terrain("B3", 1),
        terrain("C3", 2),
        terrain("D3", 3),
        terrain("E3", 4),
        terrain("F3", 5),
        terrain("G3", 6),
        walled,
        monster("J9", 3),
        character("K10", 2),
    ];
    let action = Action {
        move_points: 3,
        mobility: 1,
        muddled: true,
        characters_act: true,
        rules: 2,
        // The attacker's hex (24) and the hex below it (25): a melee line of one.
        aoe: vec![24, 25],
        ..melee(3)
    };
    let (board, report) = import("all", &link(&action, Some("K10"), &marks));
    let b = board_json(&board);
    let row3 = b["map"][2].as_str().unwrap();
    assert_eq!(&row3[1..7], "o#.^~*");
    // H5 is column 7 (odd): its top neighbour H4, upper right I5, lower right I6.
    assert_eq!(
        b["thin_walls"],
        serde_json::json!([["H5", "H4"], ["H5", "I5"], ["H5", "I6"]])
    );
    assert_eq!(b["traps"][0]["cell"], "D3");
    assert_eq!(b["traps"][0]["damage"], "3");
    assert_eq!(b["creatures"][0]["id"], "monster-1");
    assert_eq!(b["creatures"][1]["side"], "players");
    assert_eq!(b["systems"]["ability-deck"]["variant"], "jaws-of-the-lion");
    assert_eq!(report["active"], "character-1");
    assert_eq!(
        strings(&report["options"]["argv"]),
        [
            "options",
            board.to_str().unwrap(),
            "character-1",
            "--move",
            "3",
            "--melee",
            "--aoe",
            "@//X",
            "--jump",
            "--muddled",
            "--variant",
            "jaws-of-the-lion"
        ]
    );
    // Filler hexes gloom does not have are walls: A1 (top of an even column), B26.
    assert_eq!(&b["map"][0].as_str().unwrap()[0..1], "#");
    assert_eq!(&b["map"][25].as_str().unwrap()[1..2], "#");
    // The character's options run (its enemy is the monster).
    let o = options(&report);
    assert_eq!(o["foci"][0]["focus"], "monster-1");
}

/// A flyer that teleports (issue 43, point 8): the import asks `options` with both
/// `--flying` and `--teleport`, and lists nothing as left out.
///
/// ```text
///  E9   A (initiative 2)       its neighbours: E8, E10, D8, D9, F8, F9
///  E10  o (an obstacle)
///  E12  M: teleport 2, flying, melee
/// ```
/// From E12 (axial q 4, r 9): E10 (q 4, r 7) is 2 away; D9 (q 3, r 7) and F9 (q 5, r 6)
/// are 3; D8, E8 and F8 are 4 or more. So the only hex beside A within the teleport is
/// E10, an obstacle: a flyer may end there, so M lands on E10 (its path that hex alone)
/// and attacks A this turn. Asked as a plain teleport, as before, it could not.
#[test]
fn a_flyer_that_teleports_is_asked_as_both() {
    let action = Action {
        mobility: 2,
        teleport: true,
        ..melee(2)
    };
    let marks = [character("E9", 2), terrain("E10", 1), monster("E12", 5)];
    let (board, report) = import("fly-teleport", &link(&action, Some("E12"), &marks));
    assert_eq!(&board_json(&board)["map"][9].as_str().unwrap()[4..5], "o");
    assert_eq!(
        strings(&report["options"]["argv"])[3..],
        [
            "--move",
            "2",
            "--melee",
            "--flying",
            "--teleport",
            "--variant",
            "gloomhaven"
        ]
    );
    assert!(
        report["dropped"].as_array().is_none_or(|d| d.is_empty()),
        "nothing left out: {report}"
    );
    let o = options(&report);
    let foci = o["foci"].as_array().unwrap();
    assert_eq!(foci.len(), 1);
    assert_eq!(foci[0]["focus"], "character-1");
    let outcomes = foci[0]["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0]["destination"], "E10");
    assert_eq!(strings(&outcomes[0]["path"]), ["E10"]);
    assert_eq!(strings(&outcomes[0]["targets"]), ["character-1"]);
    // Without `--flying` (what the import used to print) E10 is out of the question.
    let walker: Vec<&str> = strings(&report["options"]["argv"])
        .into_iter()
        .filter(|w| *w != "--flying")
        .collect();
    let out = bin().args(&walker).arg("--json").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("\"E10\""), "{text}");
}

/// A jump that is also a teleport is still asked as a teleport (`options` takes one of
/// the two) and the import says so.
#[test]
fn a_jump_that_teleports_is_asked_as_a_teleport_and_listed() {
    let action = Action {
        mobility: 1,
        teleport: true,
        ..melee(2)
    };
    let marks = [character("E9", 2), monster("E12", 5)];
    let (_, report) = import("jump-teleport", &link(&action, Some("E12"), &marks));
    let argv = strings(&report["options"]["argv"]);
    assert!(
        argv.contains(&"--teleport") && !argv.contains(&"--jump"),
        "{argv:?}"
    );
    let dropped = report["dropped"].as_array().expect("a left-out list");
    assert!(
        dropped
            .iter()
            .any(|d| d["what"].as_str().unwrap().contains("teleports and jumps")),
        "{dropped:?}"
    );
}

fn import_fails(link: &str) -> String {
    let dir = scratch("bad");
    let board = dir.join("board.json");
    let out = bin()
        .args(["import", "gloom", link, "-o"])
        .arg(&board)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!board.exists(), "nothing is written");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn malformed_links_are_located() {
    let good = link(
        &melee(2),
        Some("E11"),
        &[monster("E11", 1), character("E9", 2)],
    );
    // Cut short: the end of the link is marked.
    let cut = &good[..good.len() - 4];
    let e = import_fails(&format!("https://example.org/{cut}"));
    assert!(e.contains("ends before the scenario does"), "{e}");
    assert!(e.contains("the link:1:"), "{e}");
    // A character that is not base64, with its column.
    let e = import_fails(&format!(
        "https://example.org/{}*{}",
        &good[..5],
        &good[5..]
    ));
    assert!(e.contains("character 26 of the link"), "{e}");
    // A version this reader does not know (bits 0-9, the first two characters).
    let mut w = Writer::default();
    w.put(4, 2);
    w.put(28, 0);
    let e = import_fails(&URL_SAFE_NO_PAD.encode(&w.bytes));
    assert!(
        e.contains("data version 2.0.0") && e.contains("bits 0-9"),
        "{e}"
    );
    // Move 12 (bits 10-13).
    let mut bad_move = melee(2);
    bad_move.move_points = 12;
    let e = import_fails(&link(&bad_move, None, &[]));
    assert!(e.contains("move is 12") && e.contains("bits 10-13"), "{e}");
    // Text added after the link.
    let e = import_fails(&format!("{good}AAAA"));
    assert!(e.contains("left over"), "{e}");
    // An active hex without a monster.
    let e = import_fails(&link(&melee(2), Some("E11"), &[character("E9", 2)]));
    assert!(e.contains("holds no monster"), "{e}");
    // No scenario at all.
    let e = import_fails("https://example.org/");
    assert!(e.contains("holds no scenario"), "{e}");
}

#[test]
fn the_board_goes_to_standard_output_and_the_command_to_standard_error() {
    let l = link(
        &melee(2),
        Some("E11"),
        &[monster("E11", 1), character("E9", 2)],
    );
    let out = bin().args(["import", "gloom", &l]).output().unwrap();
    assert!(out.status.success());
    let board: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(board["grid"]["width"], 29);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "options: monster-ai options BOARD.json monster-1 --move 2 --melee --variant gloomhaven"
        ),
        "{err}"
    );
}

/// ```text
///  E7   A (initiative 5)
///  E11  M, typed as the crypt's grave-warden, elite (level 1: 11 HP)
/// ```
/// With `--monsters FILE --type NAME --elite` the monsters are elites of that type: the
/// ability-deck system lists them in its state (no creature field says so), they enter
/// with their elite line's HP, and the board checks against the file.
#[test]
fn typed_elites_are_listed_in_the_systems_state() {
    let marks = [character("E7", 5), monster("E11", 4)];
    let l = link(&melee(2), Some("E11"), &marks);
    let board = scratch("elites").join("board.json");
    let crypt = crate::common::repo().join("schemes/crypt.toml");
    let out = bin()
        .args([
            "import",
            "gloom",
            &l,
            "--level",
            "1",
            "--type",
            "grave-warden",
        ])
        .arg("--monsters")
        .arg(&crypt)
        .args(["--elite", "-o"])
        .arg(&board)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let b = board_json(&board);
    assert_eq!(
        b["systems"]["ability-deck"]["elite"],
        serde_json::json!(["grave-warden-1"])
    );
    let warden = &b["creatures"][1];
    assert_eq!(warden["id"], "grave-warden-1", "{b}");
    assert!(warden.get("elite").is_none(), "{warden}");
    assert_eq!(warden["hp"], 11);
    let check = bin().arg("check").arg(&board).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

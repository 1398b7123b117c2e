//! What a command writes, every command reads (SPEC §10), in the three ways the command
//! sequences of `sequences.rs` once broke it, each on a fresh copy of a shipped scenario
//! played by the binary:
//!
//! - a creature leaves the board (`remove`, the `retreating` status, a death) while a
//!   system's state still names it: the one hook every departure goes through
//!   (`Monsters::left_board`) lets each system drop or hand on what it holds for it;
//! - a boss whose maximum HP counts the characters (`C`) keeps the maximum it entered
//!   with when a character leaves;
//! - a monster dies where no figure can stand (a flyer over an obstacle): its money token
//!   lands on the nearest hex a figure can stand on.

use crate::common::{Run, repo, run_in};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh copy of shipped scenario `name` as `scenarios/board.json` in a folder of its
/// own, beside the shipped monster and heroes files (`schemes/` one folder up); the
/// folder the commands run in.
fn shipped(name: &str, label: &str) -> PathBuf {
    let root = crate::common::temp_dir(&format!("leaving-{label}"));
    for folder in ["scenarios", "schemes"] {
        fs::create_dir_all(root.join(folder)).unwrap();
        for e in fs::read_dir(repo().join(folder)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                fs::copy(&p, root.join(folder).join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    let dir = root.join("scenarios");
    fs::copy(
        repo().join("scenarios").join(format!("{name}.json")),
        dir.join("board.json"),
    )
    .unwrap();
    dir
}

/// Runs `monster-ai WORDS` in `dir` (on `board.json`); it must succeed.
fn ok(dir: &Path, words: &str) -> Run {
    let args: Vec<&str> = words.split_whitespace().collect();
    let run = run_in(dir, &args, "");
    assert_eq!(run.code, 0, "`{words}` failed: {}", run.stderr);
    run
}

/// The command's narration holds `line`.
fn says(run: &Run, line: &str) {
    assert!(run.stdout.contains(line), "{line}\n{}", run.stdout);
}

/// `check`, `show` and `next --dry-run` all read the board.
fn readable(dir: &Path) {
    for words in [
        "check board.json",
        "show board.json",
        "next board.json --dry-run",
    ] {
        ok(dir, words);
    }
}

fn board(dir: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(dir.join("board.json")).unwrap()).unwrap()
}

fn ids(b: &Value) -> Vec<String> {
    b["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}

/// Where a need-driven item lies (`at`) or who carries it.
fn item(b: &Value, id: &str) -> (Option<String>, Option<String>) {
    let it = b["systems"]["needs"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id}"));
    let text = |v: &Value| v.as_str().map(str::to_string);
    (text(&it["at"]), text(&it["carrier"]))
}

/// The crypt gate, as the first three `next`s leave it: the Ghoul Bat (a flyer) has
/// flown H4 -> G4 -> F3 -> E3 and hovers over the obstacle on E3.
///
/// ```text
///         D     E     F            flat-topped hexes; even columns (A, C, E) sit
///   2    .     .     1B            half a hex higher, so E3 touches E2 and E4 in its
///   3    .     GB    .             column and D2, D3, F2, F3 beside it
///              (o)                 (o): the obstacle under the bat
///   4          $2                  E4: the scenario's loot (2 tokens)
/// ```
///
/// A hit of 3 kills it (3 HP). Its money token cannot lie on E3; all six neighbours are
/// floor, one step away: a tie of six, listed in reading order (D2, E2, F2, D3, F3, E4),
/// and `--ties first` takes D2. A figure standing there (Bone Archer 1 on F2) does not
/// matter: loot lies under figures.
fn bat_killed_over_the_obstacle(dir: &Path) {
    let hit = ok(dir, "hit board.json ghoul-bat-1 3");
    says(
        &hit,
        "Tie on where Ghoul Bat 1's money token lands between D2, E2, F2, D3, F3, E4: D2 (first in order taken).",
    );
    says(
        &hit,
        "No figure can stand on E3: Ghoul Bat 1's money token lands on D2, the nearest hex one can stand on.",
    );
    let b = board(dir);
    let loot = &b["systems"]["ability-deck"]["loot"];
    assert_eq!(loot[0]["cell"], "E4");
    assert_eq!(loot[0]["gold"], 2);
    assert_eq!(loot[1]["cell"], "D2");
    assert_eq!(loot[1]["gold"], 1);
    assert_eq!(loot.as_array().unwrap().len(), 2);
    readable(dir);
}

#[test]
fn the_crypt_gates_bat_killed_over_the_obstacle_drops_its_token_beside_it() {
    let dir = shipped("crypt-gate", "bat-next");
    for _ in 0..3 {
        ok(&dir, "next board.json");
    }
    bat_killed_over_the_obstacle(&dir);
}

/// `round` then `turn` plays the same first round's cards (the board's seed), so the bat
/// again ends on E3.
#[test]
fn the_bat_over_the_obstacle_after_round_and_turn() {
    let dir = shipped("crypt-gate", "bat-round");
    ok(&dir, "round board.json");
    let turn = ok(&dir, "turn board.json");
    says(
        &turn,
        "Ghoul Bat 1 moves H4 -> G4 -> F3 -> E3 (3 spaces), ending on E3.",
    );
    bat_killed_over_the_obstacle(&dir);
}

/// The stag hunt keeps facts about each survivor (`systems.ai-deck.survivors`): Wren
/// taken off the board takes its record along.
#[test]
fn a_survivor_taken_off_the_stag_hunt_takes_its_record_along() {
    let dir = shipped("stag-hunt", "wren");
    assert!(board(&dir)["systems"]["ai-deck"]["survivors"]["wren"].is_object());
    ok(&dir, "remove board.json wren");
    let b = board(&dir);
    assert!(b["systems"]["ai-deck"]["survivors"].get("wren").is_none());
    readable(&dir);
}

/// Osk, retreating, leaves the fight when its turn opens (the third card: the stag, Wren,
/// Osk); its record goes with it.
#[test]
fn a_survivor_that_retreats_from_the_stag_hunt_takes_its_record_along() {
    let dir = shipped("stag-hunt", "osk");
    ok(&dir, "status board.json osk add retreating");
    ok(&dir, "next board.json");
    ok(&dir, "next board.json");
    let third = ok(&dir, "next board.json");
    says(&third, "Osk retreats from E11 and leaves the fight.");
    let b = board(&dir);
    assert!(!ids(&b).contains(&"osk".to_string()));
    assert!(b["systems"]["ai-deck"]["survivors"].get("osk").is_none());
    readable(&dir);
}

/// The mire pair's twins have Life kept per monster (`systems.ai-deck.monsters`).
#[test]
fn a_mire_twin_that_leaves_takes_its_life_along() {
    let dir = shipped("mire-pair", "twin-removed");
    ok(&dir, "next board.json");
    assert!(board(&dir)["systems"]["ai-deck"]["monsters"]["twin-1"].is_object());
    ok(&dir, "remove board.json twin-1");
    assert!(
        board(&dir)["systems"]["ai-deck"]["monsters"]
            .get("twin-1")
            .is_none()
    );
    readable(&dir);

    let dir = shipped("mire-pair", "twin-retreats");
    ok(&dir, "status board.json twin-1 add retreating");
    let next = ok(&dir, "next board.json");
    says(&next, "Mire Twin 1 retreats from I2 and leaves the fight.");
    let b = board(&dir);
    assert!(b["systems"]["ai-deck"]["monsters"].get("twin-1").is_none());
    assert!(b["systems"]["ai-deck"]["monsters"]["twin-2"].is_object());
    readable(&dir);
}

/// Kobold 1 of the kobold story carries a short sword and leather armour on C5; it
/// retreats when its turn opens, and both fall on C5, told.
#[test]
fn what_a_retreating_kobold_carried_falls_where_it_stood() {
    let dir = shipped("needs-kobold-story", "kobold");
    ok(&dir, "status board.json kobold-1 add retreating");
    let next = ok(&dir, "next board.json");
    for line in [
        "Kobold 1 retreats from C5 and leaves the fight.",
        "Kobold 1 drops short sword at C5.",
        "Kobold 1 drops leather armour at C5.",
    ] {
        says(&next, line);
    }
    let b = board(&dir);
    assert_eq!(item(&b, "sword-1"), (Some("C5".into()), None));
    assert_eq!(item(&b, "leather-1"), (Some("C5".into()), None));
    readable(&dir);
}

/// In the warren, gold handed to creatures that then leave, each a different way: Aria
/// is taken off on B8, Skeleton 2 is killed on J6, the Goblin Slinger retreats from K5 at
/// its turn (the third card: kobolds, skeletons, the slinger; three `next`s reach it).
#[test]
fn gold_handed_to_creatures_that_leave_the_warren_falls_where_they_stood() {
    let dir = shipped("needs-kobold-warren", "gold");
    ok(&dir, "item board.json gold-1 give aria");
    let removed = ok(&dir, "remove board.json aria");
    says(&removed, "Aria drops gold coins at B8.");
    let b = board(&dir);
    assert_eq!(item(&b, "gold-1"), (Some("B8".into()), None));
    assert_eq!(item(&b, "sword-a"), (Some("B8".into()), None));
    readable(&dir);

    ok(&dir, "item board.json gold-1 give skeleton-2");
    let killed = ok(&dir, "hit board.json skeleton-2 30");
    says(&killed, "Skeleton 2 drops gold coins at J6.");
    assert_eq!(item(&board(&dir), "gold-1"), (Some("J6".into()), None));
    readable(&dir);

    ok(&dir, "item board.json gold-2 give goblin-slinger-1");
    ok(&dir, "status board.json goblin-slinger-1 add retreating");
    let mut told = String::new();
    for _ in 0..3 {
        told.push_str(&ok(&dir, "next board.json").stdout);
    }
    for line in [
        "Goblin Slinger retreats from K5 and leaves the fight.",
        "Goblin Slinger drops gold coins at K5.",
    ] {
        assert!(told.contains(line), "{line}\n{told}");
    }
    assert_eq!(item(&board(&dir), "gold-2"), (Some("K5".into()), None));
    readable(&dir);
}

/// The Hollow King's `hp = "9xC"`: added to the crypt gate's three characters it has
/// 9 × 3 = 27 HP, its maximum saved in the board; Mira taken off leaves two characters
/// (9 × 2 = 18), yet its maximum stays 27.
#[test]
fn a_boss_keeps_the_maximum_it_entered_with_when_a_character_leaves() {
    let dir = shipped("crypt-gate", "boss");
    let added = ok(&dir, "add board.json guard-39 I5 --monster the-hollow-king");
    says(&added, "with 27/27 HP");
    let king = |b: &Value| {
        b["creatures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == "guard-39")
            .cloned()
            .unwrap()
    };
    assert_eq!(king(&board(&dir))["max_hp"], 27);
    ok(&dir, "remove board.json mira");
    let b = board(&dir);
    assert_eq!(
        (king(&b)["hp"].clone(), king(&b)["max_hp"].clone()),
        (27.into(), 27.into())
    );
    readable(&dir);
}

/// A board written before the maximum was saved (the boss without `max_hp`): its
/// maximum is still counted from the characters when it loads (3 → 27), and the first
/// time a character leaves (Mira falls) it is kept as it was.
#[test]
fn an_old_boards_boss_keeps_its_maximum_when_a_character_falls() {
    let dir = shipped("crypt-gate", "old-boss");
    let mut b = board(&dir);
    b["creatures"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "id": "king", "name": "The Hollow King", "type": "the-hollow-king",
            "side": "monsters", "position": "I5", "hp": 27
        }));
    fs::write(
        dir.join("board.json"),
        serde_json::to_string_pretty(&b).unwrap(),
    )
    .unwrap();
    readable(&dir);
    ok(&dir, "hit board.json mira 8");
    let b = board(&dir);
    let king = b["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "king")
        .unwrap();
    assert_eq!(
        (king["hp"].clone(), king["max_hp"].clone()),
        (27.into(), 27.into())
    );
    readable(&dir);
}

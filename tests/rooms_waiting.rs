//! Monsters in a room behind a closed door keep the monsters' side in the fight (the
//! ability decks answer `Monsters::waiting`; the core's `winner` asks through the hooks),
//! and `simulate`, whose characters open no doors, plays on what is revealed.
//!
//! The board of the door golden: Vela alone on the board, a Grave Warden in the room
//! behind the closed door on C1.

use crate::common::{repo, run_in, temp_dir};
use serde_json::Value;

/// The door golden's board in a fresh folder beside a copy of the crypt's monster file;
/// `empty_room` takes the warden out of the room.
fn lay(name: &str, empty_room: bool) -> std::path::PathBuf {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("schemes")).unwrap();
    std::fs::create_dir_all(dir.join("boards")).unwrap();
    std::fs::copy(
        repo().join("schemes/crypt.toml"),
        dir.join("schemes/crypt.toml"),
    )
    .unwrap();
    let text = std::fs::read_to_string(
        repo().join("tests/golden/ability-deck-door-reveals-room/board.json"),
    )
    .unwrap();
    let mut board: Value = serde_json::from_str(&text).unwrap();
    if empty_room {
        board["systems"]["ability-deck"]["rooms"][0]["monsters"] = serde_json::json!([]);
    }
    std::fs::write(dir.join("boards/board.json"), board.to_string()).unwrap();
    dir.join("boards")
}

#[test]
fn a_monster_behind_a_closed_door_keeps_the_fight_going() {
    let dir = lay("rooms-waiting", false);
    // Not over: `next` goes on to deal a new round, and asks for Vela's initiative.
    let next = run_in(&dir, &["next", "board.json", "--dry-run"], "");
    assert!(
        !next.stderr.contains("the fight is over"),
        "{}",
        next.stderr
    );
    assert!(
        next.stderr
            .contains("round 2 needs every character's initiative"),
        "{}",
        next.stderr
    );
    // Opened, the door lets the warden in: the fight goes on with it on the board.
    let door = run_in(&dir, &["door", "board.json", "C1", "open"], "");
    assert_eq!(door.code, 0, "{}", door.stderr);
    let board: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("board.json")).unwrap()).unwrap();
    let ids: Vec<&str> = board["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["vela", "warden-1"]);
}

#[test]
fn an_empty_room_leaves_the_heroes_the_winners() {
    let dir = lay("rooms-empty", true);
    let next = run_in(&dir, &["next", "board.json", "--dry-run"], "");
    assert_eq!(next.code, 2, "{}", next.stdout);
    assert!(
        next.stderr.contains("the fight is over: the heroes won"),
        "{}",
        next.stderr
    );
}

#[test]
fn simulate_plays_on_what_is_revealed() {
    // The warden waits behind the door, so the fight is not over; but simulated
    // characters open no doors, so each fight ends at once with the heroes the winners.
    let dir = lay("rooms-simulate", false);
    let run = run_in(
        &dir,
        &[
            "simulate",
            "board.json",
            "--runs",
            "5",
            "--seed",
            "1",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["report"]["outcomes"]["players"]["fights"], 5,
        "{}",
        run.stdout
    );
}

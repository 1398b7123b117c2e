//! Initiatives every round on ability-deck boards (issue 26, parts 1 and 8): `next`
//! never deals a round on last round's character initiatives; `record BOARD initiative`
//! takes them all at once (or `keep`s last round's); `show` names whose are missing; bad
//! words are refused, located, with the board untouched.
//!
//! The board is the shipped crypt gate (three characters: vela, tor, mira). Its round 1
//! initiatives are on the board (vela 15, tor 40, mira 77), so round 1 is dealt by the
//! first `next`; it has six cards (three types and three characters), so the seventh
//! `next` would deal round 2.

use crate::common::{Run, events, one, repo, run_in, temp_dir};
use std::path::{Path, PathBuf};

fn crypt(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let text = std::fs::read_to_string(repo().join("scenarios/crypt-gate.json"))
        .unwrap()
        .replace("../schemes/crypt.toml", "crypt.toml");
    std::fs::write(dir.join("b.json"), text).unwrap();
    std::fs::copy(repo().join("schemes/crypt.toml"), dir.join("crypt.toml")).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_in(dir, args, "")
}

/// Plays round 1 to its last card (six `next`s), each succeeding.
fn play_round_one(dir: &Path) {
    for _ in 0..6 {
        let r = run(dir, &["next", "b.json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
}

#[test]
fn next_waits_for_this_rounds_initiatives() {
    let dir = crypt("ad-init-wait");
    play_round_one(&dir);
    let before = std::fs::read(dir.join("b.json")).unwrap();
    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("round 2 needs every character's initiative, and some are not recorded for it: Vela, Tor, Mira"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("monster-ai record b.json initiative vela=NN tor=NN mira=NN"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read(dir.join("b.json")).unwrap(),
        before,
        "untouched"
    );
    // `show` says the same.
    let r = run(&dir, &["show", "b.json", "--ascii"]);
    assert!(
        r.stdout.contains(
            "Initiatives for round 2: none recorded yet; still to record: Vela, Tor, Mira"
        ),
        "{}",
        r.stdout
    );
    // Two at once: Mira is still owed, and named.
    let r = run(
        &dir,
        &[
            "record",
            "b.json",
            "--json",
            "initiative",
            "vela=50",
            "tor=8/60",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert_eq!(
        one(&ev, "initiatives-missing")["missing"],
        serde_json::json!(["mira"])
    );
    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("one is not recorded for it: Mira"),
        "{}",
        r.stderr
    );
    let r = run(&dir, &["show", "b.json", "--ascii"]);
    assert!(
        r.stdout
            .contains("Initiatives for round 2: Vela 50, Tor 8; still to record: Mira (`monster-ai record b.json initiative mira=NN`)"),
        "{}",
        r.stdout
    );
    let r = run(&dir, &["record", "b.json", "initiative", "mira=30"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "Mira acts at initiative 30 in round 2.\n");
    // Round 2 is dealt with the new numbers: Tor (8) first of the characters, then Mira
    // (30), then Vela (50).
    let r = run(&dir, &["next", "b.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("b.json")).unwrap()).unwrap();
    let order: Vec<&str> = b["turn_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .filter(|c| ["vela", "tor", "mira"].contains(c))
        .collect();
    assert_eq!(order, ["tor", "mira", "vela"]);
    assert_eq!(b["round"], 2);
}

#[test]
fn keep_deals_the_next_round_on_last_rounds_initiatives() {
    let dir = crypt("ad-init-keep");
    play_round_one(&dir);
    let r = run(&dir, &["record", "b.json", "initiative", "keep"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Vela acts at initiative 15 in round 2."),
        "{}",
        r.stdout
    );
    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Round 2 begins"), "{}", r.stdout);
}

#[test]
fn initiatives_recorded_mid_round_wait_for_the_next_one() {
    let dir = crypt("ad-init-mid");
    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(
        &dir,
        &[
            "record",
            "b.json",
            "initiative",
            "vela=3",
            "tor=4",
            "mira=5",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Vela acts at initiative 3 in round 2."),
        "{}",
        r.stdout
    );
    let b: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("b.json")).unwrap()).unwrap();
    let state = &b["systems"]["ability-deck"];
    assert_eq!(state["initiatives"]["vela"], 15, "round 1's stay in play");
    assert_eq!(state["next_initiatives"]["vela"]["initiative"], 3);
    for _ in 0..5 {
        assert_eq!(run(&dir, &["next", "b.json"]).code, 0);
    }
    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("b.json")).unwrap()).unwrap();
    assert_eq!(b["systems"]["ability-deck"]["initiatives"]["vela"], 3);
    assert!(
        b["systems"]["ability-deck"]
            .get("next_initiatives")
            .is_none()
    );
}

#[test]
fn bad_initiatives_are_refused_and_the_board_is_untouched() {
    let dir = crypt("ad-init-bad");
    let before = std::fs::read(dir.join("b.json")).unwrap();
    for (words, message) in [
        (
            &["vila=12"][..],
            "word 1: `vila` is not a character on the board",
        ),
        (
            &["vela=12", "tor=3", "vela=40"][..],
            "word 3 `vela=40`: vela's initiative is given twice",
        ),
        (
            &["vela=120"][..],
            "word 1: vela's initiative 120 is out of range",
        ),
        (&["vela=-1"][..], "word 1: `-1` is not an initiative"),
        (&["vela=1/x"][..], "word 1: `x` is not an initiative"),
        (&["vela="][..], "word 1 `vela=`: the initiative is missing"),
        (&["vela=4", "tor"][..], "word 2 `tor`: give it as ID=N"),
        (&["tor"][..], "`record initiative tor`: at what initiative?"),
        (&[][..], "required arguments were not provided"),
        (
            &["grave-warden-1=10"][..],
            "`grave-warden-1` is not a character",
        ),
    ] {
        let mut args = vec!["record", "b.json", "initiative"];
        args.extend_from_slice(words);
        let r = run(&dir, &args);
        assert_eq!(r.code, 2, "{words:?}: {}", r.stdout);
        assert!(r.stderr.contains(message), "{words:?}: {}", r.stderr);
        assert_eq!(
            std::fs::read(dir.join("b.json")).unwrap(),
            before,
            "{words:?}"
        );
    }
    let r = run(&dir, &["record", "b.json", "initiative", "vila=12"]);
    assert!(r.stderr.contains("did you mean `vela`?"), "{}", r.stderr);
}

/// `show` tells what is in play (issue 26, part 2). Round 1 of the crypt: the cards
/// drawn are "Shield Wall" (grave-warden, 22: shield 2, retaliate 1 range 1, attack -1),
/// "Fall Back" (bone-archer, 12) and "Blood Drink" (ghoul-bat, 18); the order is
/// bone-archer, Vela, ghoul-bat, grave-warden, Tor, Mira. After the fourth `next` the
/// elite Grave Warden 1 holds its stat line's shield 2 and the card's shield 2: one total,
/// `shielded 4`. Elites are named in the legend and ringed in the picture.
#[test]
fn show_tells_the_cards_the_deck_the_elites_and_summed_statuses() {
    let dir = crypt("ad-show-in-play");
    for _ in 0..4 {
        let r = run(&dir, &["next", "b.json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    let r = run(&dir, &["show", "b.json", "--ascii"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    for part in [
        "grave-warden (elite)",
        "bone-archer (elite)",
        "shielded 4, retaliating 1",
        "Ability cards this round:",
        "  Grave Warden: \"Shield Wall\" (initiative 22): shield 2, retaliate 1 range 1, attack -1 melee",
        "  Ghoul Bat: \"Blood Drink\" (initiative 18):",
        "Monsters' modifier deck: ",
        "Initiatives in round 1: Vela 15, Tor 40, Mira 77",
        "Loot: E4 (2)",
    ] {
        assert!(out.contains(part), "missing {part:?} in\n{out}");
    }
    assert!(!out.contains("shielded 2, shielded 2"), "{out}");
    let r = run(&dir, &["show", "b.json", "--svg", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("SHI4"), "summed in the picture");
    assert!(
        r.stdout.contains("Ability cards this round:"),
        "lines drawn"
    );
    assert!(
        r.stdout.contains(r##"stroke="#d4a017""##),
        "an elite's ring"
    );
    // With its last monster gone, a type's card is no longer shown.
    let r = run(&dir, &["remove", "b.json", "ghoul-bat-1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = run(&dir, &["show", "b.json", "--ascii"]).stdout;
    assert!(!out.contains("Ghoul Bat: \"Blood Drink\""), "{out}");
    assert!(out.contains("  Grave Warden: \"Shield Wall\""), "{out}");
}

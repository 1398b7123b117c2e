//! Player commands follow the turn (SPEC §10): `move`, `hit --by` and the record words
//! that name who acts, for a character whose turn is not the open one, warn on standard
//! error (and in `--json` with the `out-of-turn` event) naming whose turn it is;
//! `--strict` refuses (exit 2, the board untouched, saying what to type); `--reaction`
//! marks a reaction out of turn, which passes silently. Before the first `next` of a
//! round there is no turn to follow.
//!
//! The crypt gate (scenarios/crypt-gate.json, seed 7) deals round 1 as the shipped
//! fights show it (tests/fights/crypt-door): the Bone Archers draw Fall Back
//! (initiative 12), the Ghoul Bat Blood Drink (18), the Grave Wardens Shield Wall (22);
//! the characters hold Vela 15, Tor 40, Mira 77. So the deck is, lowest first:
//!
//! ```text
//! 1 Bone Archer (12)  2 Vela (15)  3 Ghoul Bat (18)  4 Grave Warden (22)  5 Tor (40)  6 Mira (77)
//! ```
//!
//! The first `next` plays card 1 (the archers move to F4 and F2) and opens no turn; the
//! second opens Vela's.

use crate::common::{Run, repo, run_in, temp_dir};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the crypt gate in a folder of its own, its monster file beside it.
fn crypt(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let text = fs::read_to_string(repo().join("scenarios/crypt-gate.json")).unwrap();
    let text = text.replace("\"../schemes/crypt.toml\"", "\"crypt.toml\"");
    fs::write(dir.join("board.json"), text).unwrap();
    fs::copy(repo().join("schemes/crypt.toml"), dir.join("crypt.toml")).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_in(dir, args, "")
}

fn ok(dir: &Path, args: &[&str]) -> Run {
    let r = run(dir, args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r
}

fn board(dir: &Path) -> String {
    fs::read_to_string(dir.join("board.json")).unwrap()
}

/// `args` is refused with exit 2, the board byte for byte as it was, and `message` and
/// `hint` in what it says.
fn refused(dir: &Path, args: &[&str], message: &str, hint: &str) {
    let before = board(dir);
    let r = run(dir, args);
    assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
    assert_eq!(board(dir), before, "{args:?} changed the board");
    assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    assert!(r.stderr.contains(hint), "{args:?}: {}", r.stderr);
}

/// A command line's words, written as one string.
fn w(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn events(stdout: &str) -> Vec<Value> {
    crate::common::events(stdout)
}

#[test]
fn before_the_first_next_there_is_no_turn_to_follow() {
    let dir = crypt("turns-fresh");
    // No turn order dealt: a table playing with `turn`, or not started yet.
    let r = ok(&dir, &w("move board.json vela C3"));
    assert_eq!(r.stderr, "");
    let r = ok(&dir, &w("hit board.json ghoul-bat-1 1 --by tor"));
    assert_eq!(r.stderr, "");
    // `round` lays out a round's deck, but reveals no card of it: still nothing to follow.
    ok(&dir, &w("round board.json"));
    let r = ok(&dir, &w("move board.json vela C4 --strict"));
    assert_eq!(r.stderr, "");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn between_two_turns_a_character_is_warned_and_strict_refuses() {
    let dir = crypt("turns-between");
    ok(&dir, &w("next board.json"));
    // Card 1 (the archers) is played; Vela's card is the next one.
    refused(
        &dir,
        &w("hit board.json ghoul-bat-1 1 --by tor --strict"),
        "error: Tor acts out of turn: no character's turn is open; the next card is Vela (2 of 6)",
        "hint: run `monster-ai next board.json` until Tor's card comes up; for a reaction out of turn (an opportunity attack, a retaliation) add --reaction",
    );
    let r = ok(&dir, &w("move board.json vela C3 --json"));
    assert_eq!(
        r.stderr,
        "warning: Vela acts out of turn: no turn is open, and Vela's card (2 of 6) is not revealed yet (done all the same)\n  = hint: run `monster-ai next board.json` first: it opens Vela's turn; mark a reaction out of turn (an opportunity attack, a retaliation) with --reaction, or refuse with --strict\n"
    );
    let ev = events(&r.stdout);
    assert_eq!(
        ev[0],
        serde_json::json!({ "event": "out-of-turn", "creature": "vela",
            "next": { "kind": "card", "card": "vela", "position": 2, "size": 6 } })
    );
    assert_eq!(ev[1]["event"], "move", "the move is made all the same");
    // In plain text the warning is on standard error only.
    let r = ok(&dir, &w("move board.json vela B3"));
    assert!(r.stderr.starts_with("warning: Vela acts out of turn"));
    assert_eq!(r.stdout, "  Vela moves C3 -> B3 (1 space), ending on B3.\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn in_its_turn_a_character_acts_and_the_others_react_with_reaction() {
    let dir = crypt("turns-open");
    ok(&dir, &w("next board.json"));
    let r = ok(&dir, &w("next board.json"));
    assert!(r.stdout.contains("It is Vela's turn."), "{}", r.stdout);
    // Vela's own turn: nothing to say.
    let r = ok(&dir, &w("move board.json vela C3 --strict"));
    assert_eq!(r.stderr, "");
    let r = ok(
        &dir,
        &w("hit board.json bone-archer-1 1 --by vela --strict"),
    );
    assert_eq!(r.stderr, "");
    // Tor out of Vela's turn.
    let r = ok(&dir, &w("hit board.json bone-archer-2 1 --by tor --json"));
    assert_eq!(
        r.stderr,
        "warning: Tor acts out of turn: it is Vela's turn (done all the same)\n  = hint: when Vela's turn is played, run `monster-ai next board.json` until Tor's card comes up; mark a reaction out of turn (an opportunity attack, a retaliation) with --reaction, or refuse with --strict\n"
    );
    assert_eq!(
        events(&r.stdout)[0],
        serde_json::json!({ "event": "out-of-turn", "creature": "tor", "acting": "vela",
            "next": { "kind": "card", "card": "ghoul-bat", "position": 3, "size": 6 } })
    );
    refused(
        &dir,
        &w("move board.json mira C5 --strict"),
        "error: Mira acts out of turn: it is Vela's turn",
        "hint: when Vela's turn is played, run `monster-ai next board.json` until Mira's card comes up",
    );
    // A reaction passes, --strict or not, and says nothing.
    let r = ok(
        &dir,
        &w("hit board.json bone-archer-2 1 --by tor --reaction --strict"),
    );
    assert_eq!(r.stderr, "");
    assert!(!r.stdout.contains("out of turn"));
    // What names no acting character is not checked: damage without an attacker, a
    // monster's blow, a creature put in place, a record that names nobody.
    for line in [
        "hit board.json grave-warden-2 1 --strict",
        "hit board.json mira 1 --by grave-warden-2 --strict",
        "move board.json mira C6 --place --strict",
        "record board.json bless --strict",
        "record board.json initiative mira 60 --strict",
    ] {
        let r = ok(&dir, &w(line));
        assert_eq!(r.stderr, "", "{line}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Round 1 of the crypt gate saved with all six cards revealed and no turn open (as
/// after a monsters' last card): a character acting now is between rounds.
#[test]
fn after_the_rounds_last_card_a_character_waits_for_the_next_round() {
    let dir = crypt("turns-spent");
    let text = board(&dir).replacen(
        "\"creatures\"",
        "\"turn_order\": [\"bone-archer\", \"vela\", \"ghoul-bat\", \"grave-warden\", \"tor\", \"mira\"],\n  \"cards_drawn\": 6,\n  \"creatures\"",
        1,
    );
    fs::write(dir.join("board.json"), text).unwrap();
    refused(
        &dir,
        &w("move board.json vela C3 --strict"),
        "error: Vela acts out of turn: round 1's cards are all revealed",
        "hint: run `monster-ai next board.json` to start round 2, then until Vela's card comes up",
    );
    let _ = fs::remove_dir_all(&dir);
}

/// The record words that name who acts follow the turn too: on the stag hunt (AI decks,
/// the monster's card first, then the survivors Wren, Osk, Lio, Tamsin), after the first
/// `next` no survivor's turn is open; after the second, Wren's is.
#[test]
fn record_words_naming_a_survivor_follow_the_turn() {
    let dir = temp_dir("turns-stag");
    let text = fs::read_to_string(repo().join("scenarios/stag-hunt.json")).unwrap();
    let file = "\"../schemes/gaunt-stag.toml\"";
    assert!(text.contains(file), "the stag hunt's monster file moved");
    fs::write(
        dir.join("board.json"),
        text.replace(file, "\"gaunt-stag.toml\""),
    )
    .unwrap();
    fs::copy(
        repo().join("schemes/gaunt-stag.toml"),
        dir.join("gaunt-stag.toml"),
    )
    .unwrap();
    ok(&dir, &w("next board.json"));
    refused(
        &dir,
        &w("record board.json attack wren stag 1/7+/2 --strict"),
        "error: Wren acts out of turn: no turn is open, and Wren's card (2 of 5) is not revealed yet",
        "run `monster-ai next board.json` first: it opens Wren's turn",
    );
    ok(&dir, &w("next board.json"));
    let r = ok(
        &dir,
        &w("record board.json attack wren stag 1/7+/2 --strict"),
    );
    assert_eq!(r.stderr, "");
    refused(
        &dir,
        &w("record board.json wound stag --by osk --strict"),
        "error: Osk acts out of turn: it is Wren's turn",
        "until Osk's card comes up",
    );
    let r = ok(&dir, &w("record board.json wound stag --by osk"));
    assert!(
        r.stderr
            .starts_with("warning: Osk acts out of turn: it is Wren's turn")
    );
    let r = ok(&dir, &w("record board.json wound stag --by osk --reaction"));
    assert_eq!(r.stderr, "");
    let _ = fs::remove_dir_all(&dir);
}

//! Older boards' system words (issue 39, point 2): `boss_cards` at the top and `used` on a
//! creature are the Monster A.I. system's and live under `systems.monster-ai` now. A
//! board with them in the old places is still read, and written back with them in the
//! new ones; a problem in a moved value is placed where the file has it; a word in both
//! places is refused.
//!
//! ```text
//!      A B C D E F
//!   1  H . . . . a        the Goblin Hag (a boss) and Aria, 5 steps apart
//! ```

use crate::common::{Table, board, goblins, monster, player};
use serde_json::{Value, json};

fn hag_and_aria() -> Value {
    board(
        "H . . . . a",
        &[
            ('H', monster("hag", "Goblin Hag")),
            ('a', player("aria", 40, 30)),
        ],
    )
}

#[test]
fn old_boss_cards_are_read_and_written_in_the_new_place() {
    let mut b = hag_and_aria();
    b["boss_cards"] = json!(2);
    let t = Table::new("words-boss-cards", &b);
    // `round` deals the deck: the Hag's card and her two extra ones, and Aria's.
    let r = t.run(&["round", &goblins(), "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = t.board();
    assert!(after.get("boss_cards").is_none(), "{after}");
    assert_eq!(after["systems"]["monster-ai"]["boss_cards"], 2, "{after}");
    let hags = after["turn_order"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| *c == "Goblin Hag")
        .count();
    assert_eq!(hags, 3);
}

#[test]
fn old_uses_are_read_and_written_in_the_new_place() {
    let mut b = hag_and_aria();
    b["creatures"][0]["used"] = json!([2]);
    let t = Table::new("words-used", &b);
    let r = t.run(&["check", &goblins(), "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = t.run(&["gold", "board.json", "aria", "+1", "--monsters", &goblins()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = t.board();
    assert!(after["creatures"][0].get("used").is_none(), "{after}");
    assert_eq!(
        after["systems"]["monster-ai"]["used"],
        json!({ "hag": [2] })
    );
}

#[test]
fn a_monster_that_leaves_takes_its_uses_with_it() {
    let mut b = hag_and_aria();
    b["systems"] = json!({ "monster-ai": { "used": { "hag": [2] } } });
    let t = Table::new("words-used-leave", &b);
    let r = t.run(&["remove", "board.json", "hag", "--monsters", &goblins()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = t.board();
    assert!(after["systems"].get("monster-ai").is_none(), "{after}");
    let r = t.run(&["check", &goblins(), "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn problems_in_moved_words_are_placed_where_the_file_has_them() {
    let mut b = hag_and_aria();
    b["boss_cards"] = json!(11);
    let t = Table::new("words-too-many", &b);
    let before = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
    let r = t.run(&["check", &goblins(), "board.json"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("11 extra boss cards is too many"),
        "{}",
        r.stderr
    );
    // The message points at the top-level `boss_cards` line of the file.
    let line = before
        .lines()
        .position(|l| l.contains("\"boss_cards\""))
        .map(|n| n + 1)
        .unwrap();
    assert!(
        r.stderr.contains(&format!("board.json:{line}:")),
        "{}",
        r.stderr
    );

    let mut b = hag_and_aria();
    b["creatures"][0]["used"] = json!(["two"]);
    let t = Table::new("words-bad-used", &b);
    let r = t.run(&["check", &goblins(), "board.json"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("creatures[0].used[0]"), "{}", r.stderr);
}

#[test]
fn a_word_in_both_places_is_refused() {
    let mut b = hag_and_aria();
    b["boss_cards"] = json!(1);
    b["systems"] = json!({ "monster-ai": { "boss_cards": 2 } });
    let t = Table::new("words-twice", &b);
    let before = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
    let r = t.run(&["gold", "board.json", "aria", "+1", "--monsters", &goblins()]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("`boss_cards` is also written in its new place under `systems`"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read_to_string(t.dir.join("board.json")).unwrap(),
        before
    );
}

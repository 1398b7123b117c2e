//! Ability decks, the rules a Gloomhaven player used to do by hand (issue 11, points 8
//! and 11): push and pull on cards, curses given to characters, money tokens dropped by
//! killed monsters, summons limited by standees, and loot picked up at the end of a
//! character's turn. Each case is a small hex board drawn as in `tests/focus.rs`, with
//! its answer worked out from the rules in the comment before the program was run.
//!
//! Hex pictures: flat-topped hexes, odd columns (B, D, …) half a hex lower, so a board
//! row takes two text lines, even columns on the first and odd columns on the second:
//!
//! ```text
//! A1  C1  E1
//!   B1  D1
//! A2  C2  E2
//!   B2  D2
//! ```
//!
//! A hex at column `c` (0 for A), row `r` has as neighbours the hexes above and below it
//! and, for an even column, `(c±1, r-1)` and `(c±1, r)`; for an odd column `(c±1, r)`
//! and `(c±1, r+1)`. So on a one-row board the hexes A1, B1, C1, … form a chain, and the
//! distance along it is the difference of the columns.

use crate::common::{Table, of, one};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A hex board from a picture (see the module documentation): `.` floor, `#` wall,
/// `o` obstacle, `+` a closed door; a letter is the creature given for it.
pub(crate) fn hex(picture: &str, who: &[(char, Value)], state: Value) -> Value {
    let lines: Vec<&str> = picture.lines().filter(|l| !l.trim().is_empty()).collect();
    let indent = lines
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap();
    let mut cells = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        for (pos, ch) in line[indent..].char_indices() {
            if ch == ' ' {
                continue;
            }
            assert!(
                pos % 2 == 0 && (pos / 2) % 2 == n % 2,
                "`{ch}` is not on a hex"
            );
            cells.push((pos / 2, n / 2, ch));
        }
    }
    let width = cells.iter().map(|c| c.0).max().unwrap() + 1;
    let height = cells.iter().map(|c| c.1).max().unwrap() + 1;
    let mut map = vec![vec!['#'; width]; height];
    let mut creatures = Vec::new();
    for &(c, r, ch) in &cells {
        map[r][c] = match ch {
            '#' | 'o' => ch,
            '+' => '+',
            _ => '.',
        };
        if ch.is_ascii_alphabetic() && ch != 'o' {
            let (_, spec) = who
                .iter()
                .find(|(k, _)| *k == ch)
                .unwrap_or_else(|| panic!("no creature for `{ch}`"));
            let mut spec = spec.clone();
            spec["position"] = json!(crate::common::cell_name(c, r));
            creatures.push(spec);
        }
    }
    json!({
        "format": 2,
        "grid": { "kind": "hex", "width": width, "height": height },
        "map": map.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>(),
        "creatures": creatures,
        "rng": { "seed": 1, "position": 0 },
        "monster_file": "scheme.toml",
        "systems": { "ability-deck": state },
    })
}

/// The test file: a brute whose deck is `cards`, a boss and an imp with six standees
/// unless `imps` says otherwise.
pub(crate) fn scheme(cards: &[&str], imps: &str) -> String {
    let mut s = String::from(
        r#"format = 1
system = "ability-deck"
[[monster]]
name = "brute"
[[monster.level]]
level = 1
normal = { hp = 6, move = 2, attack = 2 }
elite = { hp = 9, move = 2, attack = 3 }
"#,
    );
    for c in cards {
        s.push_str(&format!("[[monster.card]]\n{c}\n"));
    }
    s.push_str(&format!(
        r#"[[monster]]
name = "imp"
{imps}
[[monster.level]]
level = 1
normal = {{ hp = 2, move = 1, attack = 1 }}
elite = {{ hp = 3, move = 1, attack = 1 }}
[[monster.card]]
initiative = 90
actions = ["move +0"]
[[monster]]
name = "tyrant"
boss = true
[[monster.level]]
level = 1
normal = {{ hp = 5, move = 1, attack = 1 }}
[[monster.card]]
initiative = 95
actions = ["move +0"]
"#
    ));
    s
}

pub(crate) fn brute(id: &str) -> Value {
    json!({ "id": id, "type": "brute", "side": "monsters", "hp": 6 })
}

pub(crate) fn hero(id: &str) -> Value {
    json!({ "id": id, "side": "players", "hp": 10, "max_hp": 10 })
}

static TABLES: AtomicUsize = AtomicUsize::new(0);

/// A table whose brute plays its first card with a +0 modifier.
fn table(picture: &str, who: &[(char, Value)], cards: &[&str], state: Value) -> Table {
    let mut state = state;
    state["ability_decks"] = json!({ "brute": { "draw": [1] } });
    state["modifier_deck"] = json!({ "draw": ["plus0", "plus0", "plus0"] });
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    Table::new(&format!("spoils-{n}"), &hex(picture, who, state)).with_scheme(&scheme(cards, ""))
}

fn at(t: &Table, id: &str) -> String {
    t.creature(id).unwrap()["position"]
        .as_str()
        .unwrap()
        .to_string()
}

fn state(t: &Table) -> Value {
    t.board()["systems"]["ability-deck"].clone()
}

const PUSH_2: &str = "initiative = 40\nactions = [\"attack +0\", \"push 2\"]";

/// ```text
/// M   .   .          M = brute-1 on A1, A = aria on B1 (a 5×2 board)
///   A   .
/// .   .   .
///   .   .
/// ```
/// The brute attacks aria (melee, 2 damage) and pushes her 2. From B1 (1 from A1) her
/// neighbours are A1 (the brute), C1, A2, B2 and C2. Farther from A1 than 1: C1, B2 and
/// C2 (all 2 away; A2 is 1 away). The players' choice: the first tie policy takes reading
/// order, C1. From C1 its neighbours are B1 (1), C2 (2) and D1 (3): only D1 is farther.
/// So aria ends on D1. (Every valid answer: C1→D1, C2→D1, C2→D2, or B2, where no hex is
/// farther and the push stops after one step.)
#[test]
fn push_2_moves_the_target_two_hexes_away() {
    let t = table(
        "
        M   .   .
          A   .
        .   .   .
          .   .
        ",
        &[('M', brute("brute-1")), ('A', hero("aria"))],
        &[PUSH_2],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(
        one(&ev, "ability-card")["actions"][0]
            .as_str()
            .unwrap()
            .ends_with("push 2"),
        "{ev:#?}"
    );
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    let pushed = one(&ev, "move");
    assert_eq!(pushed["creature"], "aria");
    assert_eq!(at(&t, "aria"), "D1");
    assert_eq!(at(&t, "brute-1"), "A1");
}

/// ```text
/// M   .          M = brute-1 on A1, A = aria on B1, D1 a wall (one row: a chain)
///   A   #
/// ```
/// Push 2: C1 is farther from A1 (2 against 1), then from C1 the only farther hex, D1, is
/// a wall: the push stops short on C1.
#[test]
fn a_wall_stops_a_push_short() {
    let t = table(
        "
        M   .
          A   #
        ",
        &[('M', brute("brute-1")), ('A', hero("aria"))],
        &[PUSH_2],
        json!({}),
    );
    t.turn(&[]);
    assert_eq!(at(&t, "aria"), "C1");
}

/// ```text
/// M   .   .      M = brute-1 on A1, A = aria on B1, B = bo on D1 (one row)
///   A   B
/// ```
/// Push 2: aria goes to C1; the next farther hex, D1, holds bo: she stops on C1 and bo
/// stays where he is.
#[test]
fn a_figure_stops_a_push_short() {
    let t = table(
        "
        M   .   .
          A   B
        ",
        &[
            ('M', brute("brute-1")),
            ('A', hero("aria")),
            ('B', hero("bo")),
        ],
        &[PUSH_2],
        json!({}),
    );
    t.turn(&[]);
    assert_eq!(at(&t, "aria"), "C1");
    assert_eq!(at(&t, "bo"), "D1");
    assert_eq!(t.creature("bo").unwrap()["hp"], 10);
}

/// ```text
/// M   A          M = brute-1 on A1, A = aria on C1 (one row)
///   .   .
/// ```
/// A range-2 attack with pull 1, no move: aria (2 away) is attacked from where the brute
/// stands and pulled one hex closer: B1 (1 away) is the only hex nearer the brute.
#[test]
fn pull_1_draws_the_target_one_hex_closer() {
    let t = table(
        "
        M   A
          .   .
        ",
        &[('M', brute("brute-1")), ('A', hero("aria"))],
        &["initiative = 40\nactions = [\"attack +0\", \"range 2\", \"pull 1\"]"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "move").iter().all(|m| m["creature"] == "aria"));
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    assert_eq!(at(&t, "aria"), "B1");
}

/// ```text
/// M   .          M = brute-1 on A1, A = aria on B1
///   A
/// ```
/// The attack hits aria and its curse goes into her own modifier deck: the board counts
/// it for the players, and a second curse counts two. Then a board where the brute's only
/// neighbour is aria's wolf (a summon) on B1: the wolf is attacked, aria gets the curse.
#[test]
fn a_cursing_attack_gives_the_character_a_curse() {
    let t = table(
        "
        M   .
          A
        ",
        &[('M', brute("brute-1")), ('A', hero("aria"))],
        &["initiative = 40\nactions = [\"attack +0\", \"curse\"]"],
        json!({ "curses_given": { "aria": 1 } }),
    );
    let ev = t.turn(&[]);
    let c = one(&ev, "curse-given");
    assert_eq!(
        (c["creature"].as_str(), c["given"].as_u64()),
        (Some("aria"), Some(2))
    );
    assert_eq!(state(&t)["curses_given"], json!({ "aria": 2 }));
    // The monsters' own deck is untouched.
    assert_eq!(
        state(&t)["modifier_deck"]["draw"],
        json!(["plus0", "plus0"])
    );
    // A summon's curse goes to its summoner: aria's wolf on B1, aria away on D1.
    let mut wolf = hero("wolf");
    wolf["summoner"] = json!("aria");
    let t = table(
        "
        M   .   .
          W   A
        ",
        &[('M', brute("brute-1")), ('W', wolf), ('A', hero("aria"))],
        &["initiative = 40\nactions = [\"attack +0\", \"curse\"]"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "curse-given")["creature"], "aria");
    assert_eq!(state(&t)["curses_given"], json!({ "aria": 1 }));
}

/// ```text
/// A   T   .      A = aria on A1, M = brute-1 on B1, T = the tyrant (a boss) on C1,
///   M   I        I = imp-1 on D1 (an imp the brute summoned)
/// ```
/// aria hits brute-1 for 6 (all its HP): a normal monster, so a money token falls on B1.
/// She then hits the summoned imp (no token: summons drop none) and the boss (none).
#[test]
fn a_killed_normal_monster_drops_a_money_token() {
    let t = table(
        "
        A   T   .
          M   I
        ",
        &[
            ('A', hero("aria")),
            ('M', brute("brute-1")),
            (
                'I',
                json!({ "id": "imp-1", "type": "imp", "side": "monsters", "hp": 2 }),
            ),
            (
                'T',
                json!({ "id": "tyrant", "type": "tyrant", "side": "monsters", "hp": 5 }),
            ),
        ],
        &[PUSH_2],
        json!({ "summoned": ["imp-1"] }),
    );
    for (id, hp) in [("brute-1", "6"), ("imp-1", "2"), ("tyrant", "5")] {
        let r = t.run(&["hit", "board.json", id, hp, "--by", "aria", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = crate::common::events(&r.stdout);
        assert_eq!(
            of(&ev, "coin-dropped").len(),
            usize::from(id == "brute-1"),
            "{id}"
        );
    }
    assert_eq!(state(&t)["loot"], json!([{ "cell": "B1", "gold": 1 }]));
    // The fallen summon is forgotten.
    assert!(state(&t).get("summoned").is_none());
}

/// ```text
/// M   .          M = brute-1 on A1 (2 HP left), A = aria on B1, retaliating 3
///   A
/// ```
/// The brute attacks aria and her retaliate 3 kills it: a money token falls on A1, where
/// the brute stood.
#[test]
fn a_monster_killed_by_retaliate_drops_a_money_token() {
    let mut b = brute("brute-1");
    b["hp"] = json!(2);
    let mut a = hero("aria");
    a["statuses"] = json!([{ "status": "retaliating", "amount": 3, "until": "removed" }]);
    let t = table(
        "
        M   .
          A
        ",
        &[('M', b), ('A', a)],
        &["initiative = 40\nactions = [\"attack +0\"]"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "coin-dropped")["cell"], "A1");
    assert_eq!(state(&t)["loot"], json!([{ "cell": "A1", "gold": 1 }]));
}

/// ```text
/// M   .   I   J      M = brute-1 on A1 (summons an imp), A = aria on F1, I and J imps
///   .   .   A        on E1 and G1 (J only in the first case)
/// ```
/// The imp type has two standees. With both imps on the board the summon fails; with
/// only I it succeeds, on B1, the one free neighbour of A1 on this one-row board.
#[test]
fn a_summon_with_no_standee_left_fails() {
    let imp = |id: &str| json!({ "id": id, "type": "imp", "side": "monsters", "hp": 2 });
    for (imps, placed) in [(2, false), (1, true)] {
        let mut who = vec![
            ('M', brute("brute-1")),
            ('A', hero("aria")),
            ('I', imp("imp-1")),
        ];
        if imps == 2 {
            who.push(('J', imp("imp-2")));
        }
        let picture = if imps == 2 {
            "
            M   .   I   J
              .   .   A
            "
        } else {
            "
            M   .   I   .
              .   .   A
            "
        };
        let mut state = json!({});
        state["ability_decks"] = json!({ "brute": { "draw": [1] } });
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let t =
            Table::new(&format!("spoils-{n}"), &hex(picture, &who, state)).with_scheme(&scheme(
                &["initiative = 40\nactions = [\"summon imp\"]"],
                "standees = 2",
            ));
        let ev = t.turn(&[]);
        assert_eq!(of(&ev, "arrived").len(), usize::from(placed), "{imps} imps");
        if !placed {
            let skipped = one(&ev, "action-skipped");
            assert!(
                skipped["reason"]
                    .as_str()
                    .unwrap()
                    .contains("all 2 standees"),
                "{skipped}"
            );
        }
    }
}

/// ```text
/// A   $          A = aria on A1, acting (her turn is open), 2 coins on A1 and 1 on C1,
///   .   M        M = brute-1 on D1
/// ```
/// `show` marks both loot hexes. `next` ends aria's turn: she stands on loot, so she
/// picks up the 2 tokens on A1, which leave the board; the token on C1 stays. The board
/// is at scenario level 1, where a token is worth 2 gold: she gains 4 gold.
#[test]
fn a_character_ending_its_turn_on_loot_picks_it_up() {
    let mut b = hex(
        "
        A   .
          .   M
        ",
        &[('A', hero("aria")), ('M', brute("brute-1"))],
        json!({ "loot": [{ "cell": "A1", "gold": 2 }, { "cell": "C1", "gold": 1 }], "initiatives": { "aria": 99 } }),
    );
    b["acting"] = json!("aria");
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    let t = Table::new(&format!("spoils-{n}"), &b).with_scheme(&scheme(&[PUSH_2], ""));
    let r = t.run(&["show", "board.json", "--ascii"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("$2"), "{}", r.stdout);
    assert!(r.stdout.contains("$1"), "{}", r.stdout);
    let r = t.run(&["next", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    let picked = one(&ev, "loot-picked");
    assert_eq!(
        (picked["cell"].as_str(), picked["tokens"].as_u64()),
        (Some("A1"), Some(2))
    );
    assert_eq!(
        (picked["each"].as_u64(), picked["gold"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(t.creature("aria").unwrap()["gold"], 4);
    assert_eq!(state(&t)["loot"], json!([{ "cell": "C1", "gold": 1 }]));
}

/// Bad `push`, `pull`, `curse` and `standees` are located in the monster file; the
/// board is not touched.
#[test]
fn bad_push_pull_curse_and_standees_are_located() {
    let cases = [
        (
            scheme(
                &["initiative = 40\nactions = [\"attack +0\", \"push 0\"]"],
                "",
            ),
            "push runs from 1 to 20",
            "card[0].actions[1]",
        ),
        (
            scheme(
                &["initiative = 40\nactions = [\"attack +0\", \"pull x\"]"],
                "",
            ),
            "pull needs a number",
            "card[0].actions[1]",
        ),
        (
            scheme(
                &["initiative = 40\nactions = [\"move +0\", \"push 1\"]"],
                "",
            ),
            "no attack comes before it",
            "card[0].actions[1]",
        ),
        (
            scheme(&["initiative = 40\nactions = [\"curse\"]"], ""),
            "no attack comes before it",
            "card[0].actions[0]",
        ),
        (
            scheme(
                &["initiative = 40\nactions = [\"attack +0\", \"push 1\", \"pull 1\"]"],
                "",
            ),
            "already pushes or pulls",
            "card[0].actions[2]",
        ),
        (
            scheme(&[PUSH_2], "standees = 0"),
            "imp has 0 standees",
            "monster[1].standees",
        ),
        (
            scheme(&[PUSH_2], "standees = 31"),
            "imp has 31 standees",
            "monster[1].standees",
        ),
    ];
    for (toml, message, path) in cases {
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let b = hex(
            "A   M",
            &[('A', hero("aria")), ('M', brute("brute-1"))],
            json!({}),
        );
        let t = Table::new(&format!("spoils-{n}"), &b).with_scheme(&toml);
        let before = std::fs::read(t.dir.join("board.json")).unwrap();
        for args in [
            &["check", "scheme.toml"][..],
            &["turn", "scheme.toml", "board.json"],
        ] {
            let r = t.run(args);
            assert_eq!(r.code, 2, "{message}: {}", r.stdout);
            assert!(
                r.stderr.contains(message),
                "want `{message}` in:\n{}",
                r.stderr
            );
            assert!(r.stderr.contains(path), "want `{path}` in:\n{}", r.stderr);
            assert!(r.stderr.contains("scheme.toml:"), "{}", r.stderr);
        }
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
}

/// A board in the middle of a round: bo (A1, initiative 50) and aria (B1, initiative 30)
/// have cards; aria's turn is open. Behind the closed door on C1 lies a room (D1, E1)
/// with brute-1 waiting on E1 and a coin on D1. The brute's deck is fixed to one card of
/// initiative `brute_init` ("move +0, attack +0").
///
/// ```text
/// B   +   .        B = bo on A1, A = aria on B1, + the door on C1,
///   A   .          then D1 and E1, the room (one row: A1 B1 C1 D1 E1 in a chain)
/// ```
fn before_the_door(brute_init: u32) -> Table {
    let mut b = hex(
        "
        B   +   .
          A   .
        ",
        &[('B', hero("bo")), ('A', hero("aria"))],
        json!({
            "initiatives": { "aria": 30, "bo": 50 },
            "ability_decks": { "brute": { "draw": [1] } },
            "modifier_deck": { "draw": ["plus0", "plus0"] },
            "rooms": [{
                "doors": ["C1"],
                "cells": ["D1", "E1"],
                "monsters": [{ "id": "brute-1", "type": "brute", "position": "E1" }],
                "loot": [{ "cell": "D1", "gold": 1 }]
            }]
        }),
    );
    b["round"] = json!(1);
    b["turn_order"] = json!(["aria", "bo"]);
    b["cards_drawn"] = json!(1);
    b["acting"] = json!("aria");
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    let card = format!("initiative = {brute_init}\nactions = [\"move +0\", \"attack +0\"]");
    Table::new(&format!("spoils-{n}"), &b).with_scheme(&scheme(&[&card], ""))
}

/// aria opens the door on C1 during her turn (initiative 30). The room is revealed:
/// brute-1 is placed on E1 with its normal line's 6 HP, the coin appears on D1, and the
/// brute type, which has no card this round, draws its card.
///
/// - Card 40: still to come (after aria's 30, before bo's 50): order aria, brute, bo.
///   `next` ends aria's turn and the brute acts: its focus is aria, whom it can attack
///   from C1, 2 steps away through the open door; bo on A1 could only be attacked from
///   B1, where aria stands, so he has no attack hex. It walks E1 → D1 → C1 (move 2) and
///   attacks aria for 2 (+0): aria 8.
/// - Card 60: after bo's 50: order aria, bo, brute; `next` gives bo his turn.
/// - Card 10: its initiative has passed (below aria's 30): the brute acts right after
///   aria, as with card 40.
#[test]
fn opening_a_door_reveals_the_room_and_its_monsters_join_the_round() {
    for (init, order, brute_next) in [
        (40, ["aria", "brute", "bo"], true),
        (60, ["aria", "bo", "brute"], false),
        (10, ["aria", "brute", "bo"], true),
    ] {
        let t = before_the_door(init);
        let shown = t.run(&["show", "board.json", "--ascii"]);
        assert_eq!(shown.code, 0, "{}", shown.stderr);
        assert!(!shown.stdout.contains("brute-1"), "{}", shown.stdout);
        assert!(shown.stdout.contains("Unrevealed room"), "{}", shown.stdout);
        let before = std::fs::read(t.dir.join("board.json")).unwrap();
        let r = t.run(&["door", "board.json", "C1", "open", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = crate::common::events(&r.stdout);
        let room = one(&ev, "room-revealed");
        assert_eq!(room["monsters"], json!(["brute-1"]));
        assert_eq!(room["coins"], 1);
        assert_eq!(one(&ev, "arrived")["cell"], "E1");
        assert_eq!(one(&ev, "ability-card")["initiative"], init);
        let b = t.board();
        assert_eq!(b["turn_order"], json!(order), "card {init}");
        assert_eq!(b["cards_drawn"], 1);
        assert_eq!(t.creature("brute-1").unwrap()["hp"], 6);
        assert_eq!(state(&t)["loot"], json!([{ "cell": "D1", "gold": 1 }]));
        assert!(state(&t).get("rooms").is_none());
        let shown = t.run(&["show", "board.json", "--ascii"]);
        assert!(shown.stdout.contains("Loot: D1 (1)"), "{}", shown.stdout);
        // The next card.
        let r = t.run(&["next", "board.json", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = crate::common::events(&r.stdout);
        if brute_next {
            assert_eq!(at(&t, "brute-1"), "C1", "card {init}");
            assert_eq!(t.creature("aria").unwrap()["hp"], 8, "card {init}");
        } else {
            assert!(of(&ev, "move").is_empty(), "card {init}");
            assert_eq!(at(&t, "brute-1"), "E1");
            assert_eq!(t.creature("aria").unwrap()["hp"], 10);
        }
        // Undo takes back the `next`, then the door.
        for _ in 0..2 {
            let r = t.run(&["undo", "board.json"]);
            assert_eq!(r.code, 0, "{}", r.stderr);
        }
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
}

/// A door with no room behind it just opens; doors that do not open, cells that are not
/// closed doors and bad rooms are refused with their place named, the board untouched.
#[test]
fn bad_doors_and_rooms_are_refused() {
    let t = before_the_door(40);
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    for (args, message) in [
        (
            &["door", "board.json", "D1", "open"][..],
            "no closed door on D1",
        ),
        (
            &["door", "board.json", "C1", "close"][..],
            "only opens doors",
        ),
        (
            &["door", "board.json", "Z9", "open"][..],
            "not a cell of the board",
        ),
        (
            &["record", "board.json", "door", "C1"][..],
            "`record door`: the following required arguments were not provided: <open>",
        ),
    ] {
        let r = t.run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        assert!(
            r.stderr.contains(message),
            "want `{message}` in:\n{}",
            r.stderr
        );
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
    let mut board: Value = serde_json::from_slice(&before).unwrap();
    let rooms = &mut board["systems"]["ability-deck"]["rooms"][0];
    rooms["doors"] = json!(["D1"]);
    rooms["monsters"][0]["type"] = json!("dragon");
    rooms["monsters"][0]["position"] = json!("B1");
    std::fs::write(
        t.dir.join("board.json"),
        serde_json::to_string(&board).unwrap(),
    )
    .unwrap();
    let r = t.run(&["check", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    for (message, path) in [
        (
            "D1 is not a closed door",
            "systems.ability-deck.rooms[0].doors[0]",
        ),
        (
            "no monster type `dragon`",
            "systems.ability-deck.rooms[0].monsters[0].type",
        ),
    ] {
        assert!(
            r.stderr.contains(message),
            "want `{message}` in:\n{}",
            r.stderr
        );
        assert!(r.stderr.contains(path), "want `{path}` in:\n{}", r.stderr);
    }
}

/// A room monster whose id a creature took since (here a brute already on the board as
/// brute-1) comes with a new id, brute-2; the SVG picture outlines the loot hex.
#[test]
fn a_revealed_monster_whose_id_was_taken_gets_a_new_one() {
    let t = before_the_door(40);
    let mut b = t.board();
    b["creatures"].as_array_mut().unwrap().push(
        json!({ "id": "brute-1", "type": "brute", "side": "monsters", "hp": 6, "position": "D1" }),
    );
    std::fs::write(t.dir.join("board.json"), serde_json::to_string(&b).unwrap()).unwrap();
    let r = t.run(&["door", "board.json", "C1", "open", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    let arrived = one(&ev, "arrived");
    assert_eq!(
        (arrived["creature"].as_str(), arrived["cell"].as_str()),
        (Some("brute-2"), Some("E1"))
    );
    let r = t.run(&["show", "board.json", "--svg", "map.svg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let svg = std::fs::read_to_string(t.dir.join("map.svg")).unwrap();
    assert!(svg.contains("Loot: D1 (1)"), "{svg}");
}

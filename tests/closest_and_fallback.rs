//! How "closest" and the two-moves fallback read (docs/rules.md, "Choosing a target" and
//! "The fallback"): enemies equally few steps away are ordered by their own distance
//! counted around walls before any tie policy; the fallback still closes in when every
//! cell next to its enemy is taken; a fallback tie settled by target priority is told; a
//! monster with no movement is not called immobilized. Every grid is worked by hand in
//! the comment above its test (Chebyshev steps: a diagonal counts 1).

use crate::common::{Table, board, monster, of, one, player};
use serde_json::json;

/// A monster file of one type (5 HP, defence 10) with this speed, range, target priority
/// and behaviours.
fn one_type(speed: u32, range: u32, priority: &str, behaviours: &str) -> String {
    format!(
        "format = 1\n[[monster]]\nname = \"Lurker\"\nhp = 5\ndefence = 10\nspeed = {speed}\n\
         range = {range}\ntarget_priority = \"{priority}\"\n{behaviours}\n"
    )
}

/// A behaviour that only strikes an adjacent enemy, without moving: far from everyone,
/// no behaviour holds and the Lurker falls back.
const ONLY_ADJACENT: &str =
    "[[monster.behaviour]]\nproximity = \"1\"\ndo = [\"melee attack +2 1d4\"]";

fn lurker(id: &str) -> serde_json::Value {
    let mut m = monster(id, "Lurker");
    m["hp"] = json!(5);
    m
}

/// ```text
///      A B C D E F G H I
///   1  b . . . . . X . a
/// ```
/// The Goblin Archer (Speed 6, Range 8) has Borin 6 spaces away and Aria 2 spaces away,
/// nobody adjacent: behaviour 1 ("1") finds no one, behaviour 2 ("2+", move and shoot)
/// holds with both as candidates. Both are already in range and sight from G1, so both
/// count 0 steps to a cell it could shoot from; their own distance decides: Aria (2)
/// before Borin (6), although Borin comes first in board order (the tie policy `first`
/// would have taken him). It does not move (G1 is in range, no enemy next to it) and
/// shoots Aria.
#[test]
fn the_archer_shoots_the_nearer_of_two_enemies_in_range() {
    let b = board(
        "b . . . . . X . a",
        &[
            ('X', monster("archer", "Goblin Archer")),
            ('a', player("aria", 10, 10)),
            ('b', player("borin", 10, 10)),
        ],
    );
    let t = Table::new("closest-archer", &b);
    let ev = t.turn(&["--explain"]);
    let target = one(&ev, "target");
    assert_eq!(
        (target["target"].as_str(), target["reason"].as_str()),
        (Some("aria"), Some("target priority: closest"))
    );
    assert_eq!(target["candidates"], json!(["borin", "aria"]));
    assert!(of(&ev, "tie").is_empty(), "no tie is left to the policy");
    assert_eq!(one(&ev, "attack")["target"], "aria");
    assert_eq!(t.creature("archer").unwrap()["position"], "G1");
}

/// ```text
///      A B C D E F G
///   1  . # . . o . .
///   2  a # W . o b .
///   3  . # . . o . .
///   4  . # . . o . .
///   5  . . . . . . .
/// ```
/// The Goblin Warrior W (Speed 6, effective range 7) on C2. Aria on A2 is 2 spaces away
/// in a straight line, but the wall B1-B4 is in the way: counted around it (C3, C4, B5,
/// A4, A3, A2) she is 6 away. Borin on F2 is 3 away; the obstacles E1-E4 block walking,
/// not range. Walking, each is 5 steps from a free cell next to them: A3 for Aria (C3,
/// C4, B5, A4, A3), F3 for Borin (D3, D4, E5, F4, F3). Equal steps, so the own distance
/// decides: Borin (3) before Aria (6). Aria comes first in board order, which the tie
/// policy would have taken. Next to Borin, F3 and G3 are both 5 steps away: a tie of
/// cells, F3 first. It attacks Borin from there.
#[test]
fn a_wall_makes_the_straight_line_nearer_enemy_the_farther() {
    let b = board(
        "
        . # . . o . .
        a # W . o b .
        . # . . o . .
        . # . . o . .
        . . . . . . .",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
            ('b', player("borin", 10, 10)),
        ],
    );
    let t = Table::new("closest-around-walls", &b);
    let ev = t.turn(&[]);
    let target = one(&ev, "target");
    assert_eq!(target["target"], "borin");
    assert_eq!(target["candidates"], json!(["aria", "borin"]));
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["to"].as_str(), mv["path"].as_array().unwrap().len()),
        (Some("F3"), 5)
    );
    assert_eq!(one(&ev, "attack")["target"], "borin");
}

/// The same board for the fallback: a Lurker (Speed 6, melee) whose only behaviour needs
/// an adjacent enemy, so none holds and it takes two moves toward its closest enemy.
/// Aria and Borin are both 5 steps from a free cell next to them; Borin is 3 spaces away
/// around walls, Aria 6: it goes for Borin and, with 12 spaces to move, ends on F3.
#[test]
fn the_fallback_orders_equally_near_enemies_by_their_distance_around_walls() {
    let scheme = one_type(6, 1, "closest", ONLY_ADJACENT);
    let b = board(
        "
        . # . . o . .
        a # L . o b .
        . # . . o . .
        . # . . o . .
        . . . . . . .",
        &[
            ('L', lurker("l")),
            ('a', player("aria", 10, 10)),
            ('b', player("borin", 10, 10)),
        ],
    );
    let t = Table::new("fallback-around-walls", &b).with_scheme(&scheme);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "fallback")["monster"], "l");
    let target = one(&ev, "target");
    assert_eq!(
        (target["target"].as_str(), target["reason"].as_str()),
        (Some("borin"), Some("the closest enemy"))
    );
    assert!(
        of(&ev, "tie")
            .iter()
            .all(|t| t["what"] != "which closest enemy to move toward")
    );
    assert_eq!(t.creature("l").unwrap()["position"], "F3");
}

/// ```text
///      A B C D E
///   1  a . L . b
/// ```
/// The Lurker (lowest HP first) finds no behaviour that holds. Aria and Borin are both
/// 1 step from a free cell next to them (B1, D1) and 2 spaces away: equally close. Target
/// priority breaks the tie: Borin has 6 HP, Aria 9. The narration says so, and it steps
/// to D1.
#[test]
fn a_fallback_tie_broken_by_target_priority_is_told() {
    let scheme = one_type(3, 1, "lowest-hp", ONLY_ADJACENT);
    let b = board(
        "a . L . b",
        &[
            ('L', lurker("l")),
            ('a', player("aria", 9, 10)),
            ('b', player("borin", 6, 10)),
        ],
    );
    let t = Table::new("fallback-priority-tie", &b).with_scheme(&scheme);
    let text = t.run(&["turn", "scheme.toml", "board.json", "--dry-run"]);
    assert!(
        text.stdout.contains(
            "  Target: borin (equally close, tie broken by target priority: lowest HP from aria, borin)."
        ),
        "{}",
        text.stdout
    );
    let ev = t.turn(&[]);
    let target = one(&ev, "target");
    assert_eq!(
        (target["target"].as_str(), target["reason"].as_str()),
        (
            Some("borin"),
            Some("equally close, tie broken by target priority: lowest HP")
        )
    );
    assert_eq!(target["candidates"], json!(["aria", "borin"]));
    assert!(of(&ev, "tie").is_empty());
    assert_eq!(t.creature("l").unwrap()["position"], "D1");
}

/// ```text
///      A B C D E F G H
///   1  # # # # # # # #
///   2  a 1 . . 2 . . .
///   3  # # # # # # # #
/// ```
/// A corridor one cell wide. Warrior 1 stands next to Aria on B2, the only cell next to
/// her. Warrior 2 on E2 has no free cell next to her it could reach, so behaviour 2 does
/// not hold and it falls back to its two moves toward her. It still closes in: B2 is 3
/// steps away (through D2 and C2); C2 leaves 1 step to it, D2 leaves 2, so it walks
/// E2 -> D2 -> C2 and waits behind warrior 1.
#[test]
fn the_rear_of_a_corridor_queue_advances() {
    let b = board(
        "
        # # # # # # # #
        a 1 . . 2 . . .
        # # # # # # # #",
        &[
            ('1', monster("w-1", "Goblin Warrior")),
            ('2', monster("w-2", "Goblin Warrior")),
            ('a', player("aria", 30, 10)),
        ],
    );
    let t = Table::new("corridor-queue", &b);
    let ev = t.turn(&["--monster", "w-2"]);
    assert_eq!(one(&ev, "fallback")["monster"], "w-2");
    assert_eq!(one(&ev, "target")["target"], "aria");
    let mv = one(&ev, "move");
    assert_eq!(mv["path"], json!(["D2", "C2"]));
    assert!(of(&ev, "stay").is_empty());
    assert_eq!(t.creature("w-2").unwrap()["position"], "C2");
    // Right behind warrior 1 now, no move gets it closer: it stays put.
    let ev = t.turn(&["--monster", "w-2"]);
    assert_eq!(
        one(&ev, "stay")["reason"],
        "no space it can reach gets it closer"
    );
    assert_eq!(t.creature("w-2").unwrap()["position"], "C2");
}

/// ```text
///      A B C D E F G
///   1  . . . . . . .
///   2  . 1 2 3 . . .
///   3  . 4 a 5 . . .
///   4  . 6 7 8 . . .
///   5  . . . . . . .
///   6  . . . . . . 9
/// ```
/// Eight warriors surround Aria. The ninth, on G6, cannot reach a free cell next to her:
/// it falls back and closes in on the ring. The cells 1 step from the ring that it
/// reaches with the fewest steps are E4 and E5 (2 steps each: F5 then E4, or F6/F5 then
/// E5); reading order takes E4.
#[test]
fn a_ninth_goblin_closes_in_on_a_surrounded_hero() {
    let b = board(
        "
        . . . . . . .
        . 1 2 3 . . .
        . 4 a 5 . . .
        . 6 7 8 . . .
        . . . . . . .
        . . . . . . 9",
        &[
            ('1', monster("w-1", "Goblin Warrior")),
            ('2', monster("w-2", "Goblin Warrior")),
            ('3', monster("w-3", "Goblin Warrior")),
            ('4', monster("w-4", "Goblin Warrior")),
            ('5', monster("w-5", "Goblin Warrior")),
            ('6', monster("w-6", "Goblin Warrior")),
            ('7', monster("w-7", "Goblin Warrior")),
            ('8', monster("w-8", "Goblin Warrior")),
            ('9', monster("w-9", "Goblin Warrior")),
            ('a', player("aria", 30, 10)),
        ],
    );
    let t = Table::new("surrounded", &b);
    let ev = t.turn(&["--monster", "w-9"]);
    assert_eq!(one(&ev, "fallback")["monster"], "w-9");
    let tie = one(&ev, "tie");
    assert_eq!(tie["options"], json!(["E4", "E5"]));
    assert_eq!(one(&ev, "move")["path"], json!(["F5", "E4"]));
    assert_eq!(t.creature("w-9").unwrap()["position"], "E4");
}

/// ```text
///      A B C
///   1  T . a
/// ```
/// A Lurker with Speed 0 (move, then a melee attack) cannot reach Aria 2 spaces away:
/// its effective range is 0 + 1, so the behaviour does not hold and it falls back. It has
/// no movement at all, which is not the same as being immobilized: the narration says so.
#[test]
fn a_speed_0_monster_is_not_called_immobilized() {
    let scheme = one_type(
        0,
        1,
        "closest",
        "[[monster.behaviour]]\nproximity = \"1+\"\ndo = [\"move\", \"melee attack +2 1d4\"]",
    );
    let b = board(
        "T . a",
        &[('T', lurker("t")), ('a', player("aria", 10, 10))],
    );
    let t = Table::new("speed-0", &b).with_scheme(&scheme);
    let text = t.run(&["turn", "scheme.toml", "board.json", "--dry-run"]);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "stay")["reason"], "it has no movement (Speed 0)");
    assert!(
        text.stdout
            .contains("stays put: it has no movement (Speed 0)."),
        "{}",
        text.stdout
    );
    assert!(!text.stdout.contains("immobilized"), "{}", text.stdout);
}

//! Ice, healing a withered creature, and who counts as adjacent: rules fixed after review,
//! each on a board drawn below with the outcome worked out by hand.

use crate::common::{Table, board, monster, of, one, player};
use serde_json::json;

/// ```text
///      A B C D E F G
///   1  # # # # # # #
///   2  W * * . . . a
///   3  # # # # # # #
/// ```
/// The only way to Aria crosses the ice (B2, C2), so the Warrior takes it even though it
/// would rather not. Stepping onto B2 eastward it slides on: C2 is ice too, so it keeps
/// going and stops on D2, the first cell past the ice. D2 is on its planned path
/// (B2 C2 D2 E2 F2, 5 of its 6 spaces), so it walks on to F2 and attacks Aria (G2).
#[test]
fn a_walker_slides_across_ice_until_the_ice_ends() {
    let b = board(
        "
        # # # # # # #
        W * * . . . a
        # # # # # # #",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    let t = Table::new("ice-slide", &b);
    let ev = t.turn(&[]);
    let moves = of(&ev, "move");
    assert_eq!(moves.len(), 2, "{ev:#?}");
    assert_eq!(moves[0]["path"], json!(["B2", "C2", "D2"]));
    assert_eq!(one(&ev, "slide")["to"], "D2");
    assert_eq!(moves[1]["path"], json!(["E2", "F2"]));
    assert_eq!(t.creature("w").unwrap()["position"], "F2");
    assert_eq!(one(&ev, "attack")["target"], "aria");
}

/// ```text
///      A B C D E
///   1  # # # # #
///   2  W * * o #
///   3  # # . . a
/// ```
/// The Warrior avoids ice where it can: its way to Aria runs B2 (ice, unavoidable), C3,
/// D3. Stepping east onto B2 it slides on to C2; the obstacle on D2 stops the slide
/// there. C2 is not on its path, so its move ends.
#[test]
fn a_slide_stops_against_an_obstacle() {
    let b = board(
        "
        # # # # #
        W * * o #
        # # . . a",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    let t = Table::new("ice-obstacle", &b);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "move")["path"], json!(["B2", "C2"]));
    assert!(of(&ev, "slide").len() == 1);
    assert_eq!(t.creature("w").unwrap()["position"], "C2");
}

/// A custom medic heals an ally below half HP; the ally is withered, so the heal only
/// removes the wither and restores nothing.
///
/// ```text
///      A B C
///   1  M g .   p far away on E1
/// ```
#[test]
fn healing_a_withered_creature_only_cures_the_wither() {
    let scheme = r#"
format = 1
[[monster]]
name = "Medic"
hp = 10
defence = 10
speed = 3
range = 3
[[monster.behaviour]]
when = "allies.below_half >= 1"
do = ["ranged heal 5"]

[[monster]]
name = "Grunt"
hp = 10
defence = 10
speed = 3
range = 1
[[monster.behaviour]]
proximity = "1"
do = ["melee attack +1 1d4"]
"#;
    let mut grunt = monster("g", "Grunt");
    grunt["hp"] = json!(3);
    grunt["statuses"] = json!([{ "status": "withered", "amount": 2, "until": "healed" }]);
    let mut medic = monster("m", "Medic");
    medic["hp"] = json!(10);
    let b = board(
        "M g . . p",
        &[('M', medic), ('g', grunt), ('p', player("pia", 10, 10))],
    );
    let t = Table::new("withered-heal", &b).with_scheme(scheme);
    let r = t.run(&[
        "turn",
        "scheme.toml",
        "board.json",
        "--json",
        "--monster",
        "m",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    let heal = one(&ev, "heal");
    assert_eq!(
        (heal["creature"].as_str(), heal["amount"].as_i64()),
        (Some("g"), Some(0))
    );
    let ended = one(&ev, "status-ended");
    assert_eq!(ended["status"], "withered");
    let g = t.creature("g").unwrap();
    assert_eq!(g["hp"], 3);
    assert!(g.get("statuses").is_none());
}

/// ```text
///      A B C
///   1  a S .
/// ```
/// Aria is stunned, but she still stands next to the Orc Shaman: "target all adjacent
/// enemies" pushes her all the same.
#[test]
fn a_stunned_enemy_still_counts_as_adjacent() {
    let mut aria = player("aria", 10, 10);
    aria["statuses"] = json!([{ "status": "stunned", "until": "end-of-next-turn" }]);
    let b = board(
        "a S . .",
        &[('S', monster("shaman", "Orc Shaman")), ('a', aria)],
    );
    let t = Table::new("stunned-adjacent", &b);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "behaviour")["label"], "shove back");
    assert!(of(&ev, "action-skipped").is_empty(), "{ev:#?}");
    assert_eq!(one(&ev, "save")["creature"], "aria");
}

/// ```text
///      A B C D E F G
///   1  # # # # # # #
///   2  W g h . . . a      (B2, under goblin g, is ice)
///   3  # # # # # # #
/// ```
/// The Warrior may walk through its allies g and h on the way to Aria. Stepping onto B2 it
/// starts to slide east, but h on C2 blocks the slide at once, so it stops on g's cell,
/// which is on its path: it walks on through h (C2 D2 E2 F2) and attacks Aria.
#[test]
fn a_slide_blocked_at_once_walks_on_through_allies() {
    let mut b = board(
        "
        # # # # # # #
        W g h . . . a
        # # # # # # #",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('g', monster("g", "Goblin Warrior")),
            ('h', monster("h", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    b["map"][1] = json!(".*.....");
    let t = Table::new("ice-walk-on", &b);
    let ev = t.turn(&["--monster", "w"]);
    let moves = of(&ev, "move");
    assert_eq!(moves.len(), 2, "{ev:#?}");
    assert_eq!(moves[0]["path"], json!(["B2"]));
    assert_eq!(moves[1]["path"], json!(["C2", "D2", "E2", "F2"]));
    assert_eq!(t.creature("w").unwrap()["position"], "F2");
    assert_eq!(one(&ev, "attack")["target"], "aria");
}

/// ```text
///      A B C D E F G
///   1  # # # # # # #
///   2  W g . . . . a      (a trap that immobilizes lies under goblin g on B2)
///   3  # # # # # # #
/// ```
/// The Warrior walks through g, springs the trap on B2 and is immobilized there, on g's
/// cell. A move never ends on another creature: it steps back to A2.
#[test]
fn a_move_stopped_on_an_ally_steps_back() {
    let mut b = board(
        "
        # # # # # # #
        W g . . . . a
        # # # # # # #",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('g', monster("g", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    b["traps"] = json!([{ "cell": "B2", "side": "players", "statuses": ["immobilized"] }]);
    let t = Table::new("trap-step-back", &b);
    let ev = t.turn(&["--monster", "w"]);
    let moves = of(&ev, "move");
    assert_eq!(moves.len(), 2, "{ev:#?}");
    assert_eq!(
        (
            moves[0]["to"].as_str(),
            moves[1]["cause"].as_str(),
            moves[1]["to"].as_str()
        ),
        (Some("B2"), Some("step back"), Some("A2"))
    );
    assert_eq!(t.creature("w").unwrap()["position"], "A2");
}

//! Bad need-driven monster files and boards: each is refused with exit code 2, a message
//! that names the problem and where it is (file, line and column, and the field's path),
//! and the board file is left byte for byte as it was.

use crate::common::{run_in, temp_dir};

const MONSTERS: &str = r#"format = 1
system = "needs"

[[monster]]
name = "kobold"
hp = 8
defence = 12
speed = 4
mind = "mind"
strength = 6
[[monster.attack]]
name = "spear"
reach = "melee"
damage = "1d6"
"#;

const BOARD: &str = r#"{
  "format": 2,
  "grid": { "kind": "square", "width": 5, "height": 3 },
  "map": [".....", "..+..", "....."],
  "creatures": [
    { "id": "kobold-1", "type": "kobold", "side": "monsters", "position": "A1", "hp": 8 },
    { "id": "aria", "side": "players", "position": "E3", "hp": 10 }
  ],
  "systems": { "needs": {
    "items": [
      { "id": "spear-1", "kind": "weapon", "carrier": "kobold-1", "danger": 2, "weight": 3 },
      { "id": "gold-1", "kind": "treasure", "at": "B3", "weight": 1 }
    ]
  } }
}
"#;

/// Runs `turn` on the given files and checks the refusal: exit 2, every `expect` text
/// in the error output, the board unchanged.
fn refused(name: &str, monsters: &str, board: &str, expect: &[&str]) {
    let dir = temp_dir(&format!("needs-bad-{name}"));
    std::fs::write(dir.join("m.toml"), monsters).unwrap();
    std::fs::write(dir.join("b.json"), board).unwrap();
    let run = run_in(&dir, &["turn", "m.toml", "b.json"], "");
    assert_eq!(run.code, 2, "{name}: {}{}", run.stdout, run.stderr);
    for e in expect {
        assert!(
            run.stderr.contains(e),
            "{name}: no `{e}` in:\n{}",
            run.stderr
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("b.json")).unwrap(),
        board,
        "{name}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn monsters_with(from: &str, to: &str) -> String {
    assert!(MONSTERS.contains(from), "{from}");
    MONSTERS.replacen(from, to, 1)
}

fn board_with(from: &str, to: &str) -> String {
    assert!(BOARD.contains(from), "{from}");
    BOARD.replacen(from, to, 1)
}

#[test]
fn the_good_files_play() {
    let dir = temp_dir("needs-good");
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let run = run_in(&dir, &["turn", "m.toml", "b.json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("equips spear-1"), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_mind() {
    refused(
        "mind",
        &monsters_with("mind = \"mind\"", "mind = \"clever\""),
        BOARD,
        &["m.toml:9:", "clever"],
    );
}

#[test]
fn strength_zero() {
    refused(
        "strength",
        &monsters_with("strength = 6", "strength = 0"),
        BOARD,
        &[
            "`strength` is 0, out of range",
            "m.toml:10:12",
            "monster[0].strength",
        ],
    );
}

#[test]
fn a_negative_perception() {
    refused(
        "perception",
        &monsters_with("strength = 6", "strength = 6\nperception = -2"),
        BOARD,
        &[
            "`perception` is -2",
            "m.toml:11:14",
            "monster[0].perception",
        ],
    );
}

#[test]
fn an_unknown_field_in_a_type() {
    refused(
        "field",
        &monsters_with("strength = 6", "strength = 6\nfearz = { snake = 3 }"),
        BOARD,
        &["fearz", "m.toml:11:"],
    );
}

#[test]
fn an_unknown_action() {
    refused(
        "action",
        &monsters_with(
            "strength = 6",
            "strength = 6\nactions = [\"move\", \"opne\"]",
        ),
        BOARD,
        &[
            "unknown action `opne`",
            "did you mean `open`?",
            "monster[0].actions[1]",
        ],
    );
}

#[test]
fn an_action_twice() {
    refused(
        "action-twice",
        &monsters_with(
            "strength = 6",
            "strength = 6\nactions = [\"move\", \"move\"]",
        ),
        BOARD,
        &["action `move` is listed twice", "m.toml:11:"],
    );
}

#[test]
fn a_ranged_attack_without_range() {
    refused(
        "range",
        &monsters_with("reach = \"melee\"", "reach = \"ranged\""),
        BOARD,
        &["needs a range", "monster[0].attack[0].range"],
    );
}

#[test]
fn bad_damage_dice() {
    refused(
        "dice",
        &monsters_with("damage = \"1d6\"", "damage = \"1d\""),
        BOARD,
        &[
            "bad damage `1d`",
            "m.toml:14:10",
            "monster[0].attack[0].damage",
        ],
    );
}

#[test]
fn priorities_that_do_not_rise() {
    refused(
        "priorities",
        &monsters_with(
            "strength = 6",
            "strength = 6\npriorities = { low = 100, normal = 50 }",
        ),
        BOARD,
        &["the priorities must rise", "monster[0].priorities"],
    );
}

#[test]
fn a_falloff_out_of_range() {
    refused(
        "falloff",
        &monsters_with("strength = 6", "strength = 6\nfalloff = { fear = 9 }"),
        BOARD,
        &["`falloff.fear` is 9", "m.toml:11:"],
    );
}

#[test]
fn an_attacker_without_an_attack() {
    let text = MONSTERS
        .split("[[monster.attack]]")
        .next()
        .unwrap()
        .to_string();
    refused(
        "no-attack",
        &text,
        BOARD,
        &["kobold can attack but has no attack", "monster[0].attack"],
    );
}

#[test]
fn an_item_both_lying_and_carried() {
    refused(
        "both",
        MONSTERS,
        &board_with("\"at\": \"B3\"", "\"at\": \"B3\", \"carrier\": \"aria\""),
        &[
            "must either lie on a cell",
            "systems.needs.items[1].at",
            "b.json:",
        ],
    );
}

#[test]
fn an_item_carried_by_nobody_on_the_board() {
    refused(
        "carrier",
        MONSTERS,
        &board_with("\"carrier\": \"kobold-1\"", "\"carrier\": \"kobold-9\""),
        &["carried by `kobold-9`", "systems.needs.items[0].carrier"],
    );
}

#[test]
fn an_item_inside_a_door() {
    refused(
        "in-door",
        MONSTERS,
        &board_with("\"at\": \"B3\"", "\"at\": \"C2\""),
        &[
            "inside a wall, obstacle or closed door at C2",
            "systems.needs.items[1].at",
        ],
    );
}

#[test]
fn a_lock_on_floor() {
    refused(
        "lock",
        MONSTERS,
        &board_with(
            "\"items\": [",
            "\"locked\": [\"C2\", \"D2\"],\n    \"items\": [",
        ),
        &[
            "D2 is locked but is not a closed door",
            "systems.needs.locked[1]",
        ],
    );
}

#[test]
fn equipped_treasure() {
    refused(
        "equipped",
        MONSTERS,
        &board_with(
            "\"at\": \"B3\"",
            "\"carrier\": \"aria\", \"equipped\": true",
        ),
        &[
            "treasure with no `slot`: it cannot be equipped",
            "systems.needs.items[1].equipped",
        ],
    );
}

#[test]
fn two_weapons_equipped() {
    refused(
        "two-weapons",
        MONSTERS,
        &board_with(
            "\"danger\": 2, \"weight\": 3 },",
            "\"danger\": 2, \"weight\": 3, \"equipped\": true },\n      { \"id\": \"axe-1\", \"kind\": \"weapon\", \"carrier\": \"kobold-1\", \"equipped\": true },",
        ),
        &[
            "`kobold-1` has two items equipped in its weapon slot",
            "systems.needs.items[1].equipped",
        ],
    );
}

#[test]
fn an_item_id_used_twice() {
    refused(
        "twice",
        MONSTERS,
        &board_with("\"id\": \"gold-1\"", "\"id\": \"aria\""),
        &["id `aria` is used twice", "systems.needs.items[1].id"],
    );
}

#[test]
fn an_unknown_item_field() {
    refused(
        "item-field",
        MONSTERS,
        &board_with("\"weight\": 1 }", "\"weight\": 1, \"colour\": \"gold\" }"),
        &["colour", "systems.needs.items[1]"],
    );
}

#[test]
fn an_unknown_item_kind() {
    refused(
        "kind",
        MONSTERS,
        &board_with("\"kind\": \"treasure\"", "\"kind\": \"jewel\""),
        &["jewel", "systems.needs.items[1].kind"],
    );
}

#[test]
fn a_wander_direction_not_on_the_grid() {
    refused(
        "wander",
        MONSTERS,
        &board_with(
            "\"items\": [",
            "\"wander\": { \"kobold-1\": \"UP\" },\n    \"items\": [",
        ),
        &[
            "`UP` is not a direction on this grid",
            "systems.needs.wander.kobold-1",
        ],
    );
}

#[test]
fn a_negative_strength_on_the_board() {
    refused(
        "board-strength",
        MONSTERS,
        &board_with(
            "\"items\": [",
            "\"creatures\": { \"aria\": { \"strength\": -3 } },\n    \"items\": [",
        ),
        &[
            "`aria`'s strength -3 is out of range",
            "systems.needs.creatures.aria.strength",
        ],
    );
}

#[test]
fn a_negative_weight() {
    refused(
        "weight",
        MONSTERS,
        &board_with("\"weight\": 1 }", "\"weight\": -1 }"),
        &["weight -1 is out of range", "systems.needs.items[1].weight"],
    );
}

/// Runs a player command on the good files and returns the run and the board after it.
fn command(name: &str, args: &[&str]) -> (crate::common::Run, String) {
    let dir = temp_dir(&format!("needs-cmd-{name}"));
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let mut all = args.to_vec();
    all.extend(["--monsters", "m.toml"]);
    let run = run_in(&dir, &all, "");
    let after = std::fs::read_to_string(dir.join("b.json")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (run, after)
}

#[test]
fn items_are_given_equipped_and_dropped_by_the_players() {
    let (run, after) = command("give", &["item", "b.json", "spear-1", "give", "aria"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("aria is given spear-1 at E3"),
        "{}",
        run.stdout
    );
    assert!(after.contains("\"carrier\": \"aria\""), "{after}");
    let (run, after) = command("equip", &["item", "b.json", "spear-1", "equip"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(after.contains("\"equipped\": true"), "{after}");
    let (run, after) = command("drop", &["item", "b.json", "spear-1", "drop", "A2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(after.contains("\"at\": \"A2\""), "{after}");
}

#[test]
fn doors_are_opened_locked_and_refused_by_the_players() {
    let (run, after) = command("open", &["door", "b.json", "C2", "open"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("The door at C2 is opened."),
        "{}",
        run.stdout
    );
    assert!(after.contains("\"open-door\""), "{after}");
    let (run, after) = command("lock", &["door", "b.json", "C2", "lock"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(after.contains("\"locked\""), "{after}");
    let (run, after) = command("not-a-door", &["door", "b.json", "B2", "open"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("B2 is not a door"), "{}", run.stderr);
    assert_eq!(after, BOARD);
    let (run, after) = command("lying", &["item", "b.json", "gold-1", "equip"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("`gold-1` is not carried"),
        "{}",
        run.stderr
    );
    assert_eq!(after, BOARD);
}

/// C2 is a closed, unlocked door (`+`): closing or unlocking it does not fit it, and
/// `shut` is no door action at all (the command line takes only the four words). Each is
/// refused with exit 2 and the board as it was.
#[test]
fn door_actions_that_do_not_fit_the_door_are_refused() {
    for action in ["close", "unlock"] {
        let (run, after) = command(action, &["door", "b.json", "C2", action]);
        assert_eq!(run.code, 2, "{action}: {}", run.stderr);
        let wanted = format!("cannot {action} the door at C2: it is closed and unlocked");
        assert!(run.stderr.contains(&wanted), "{}", run.stderr);
        assert_eq!(after, BOARD);
    }
    let (run, after) = command("shut", &["door", "b.json", "C2", "shut"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    for wanted in ["'shut'", "open, close, lock, unlock"] {
        assert!(run.stderr.contains(wanted), "{}", run.stderr);
    }
    assert_eq!(after, BOARD);
}

#[test]
fn show_draws_items_and_with_minds_each_monsters_view() {
    let dir = temp_dir("needs-show");
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let run = run_in(
        &dir,
        &["show", "m.toml", "b.json", "--ascii", "--minds"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The gold lies at B3: its mark is drawn in row 3, column B.
    let row3 = run.stdout.lines().find(|l| l.starts_with("3 ")).unwrap();
    assert!(row3.starts_with("3 |  |$$|"), "{row3}");
    assert!(
        run.stdout
            .contains("gold-1 (gold-1): treasure, weight 1, at B3"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("spear-1 (spear-1): weapon, danger 2, weight 3, carried by kobold-1")
    );
    // The kobold at A1 sees the gold 2 away (love 500 / 2 = 250) and Aria at E3, 4 away:
    // -(500 × 10/6 + 500 × 0/1) / 4 = -208.33, hate 1000 / 4 = 250. Taken nearest first:
    // total 250 - 208.33 = 41.67.
    assert!(
        run.stdout.contains("kobold-1: fear/love 41.67 at "),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A kobold carrying its spear falls to a player's blow (`hit`): the board still loads,
/// and the spear lies where it fell, for the next need-driven turn to see.
#[test]
fn what_a_fallen_creature_carried_lies_where_it_fell() {
    let dir = temp_dir("needs-fallen");
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let run = run_in(
        &dir,
        &["hit", "b.json", "kobold-1", "20", "--monsters", "m.toml"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = run_in(&dir, &["show", "m.toml", "b.json", "--ascii"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("spear-1 (spear-1): weapon, danger 2, weight 3, at A1"),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_svg_picture_marks_items_too() {
    let dir = temp_dir("needs-svg");
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let run = run_in(&dir, &["show", "m.toml", "b.json", "--svg", "-"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.matches(r#"class="mark""#).count(),
        1,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains(">$</text>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Taking a carrier off the board (`remove`, not a death) leaves what it carried on the
/// cell it stood on, and the board stays loadable: the kobold at A1 carried the spear,
/// which then lies at A1, and a later command reads the board.
#[test]
fn removing_a_carrier_leaves_its_items_behind() {
    let dir = temp_dir("needs-remove-carrier");
    std::fs::write(dir.join("m.toml"), MONSTERS).unwrap();
    std::fs::write(dir.join("b.json"), BOARD).unwrap();
    let r = run_in(
        &dir,
        &["remove", "b.json", "kobold-1", "--monsters", "m.toml"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let board: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("b.json")).unwrap()).unwrap();
    let spear = &board["systems"]["needs"]["items"][0];
    assert_eq!(spear["id"], "spear-1");
    assert_eq!(spear["at"], "A1");
    assert!(spear.get("carrier").is_none());
    let r = run_in(&dir, &["check", "m.toml", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn a_speed_over_the_bound() {
    refused(
        "speed",
        &monsters_with("speed = 4", "speed = 11"),
        BOARD,
        &[
            "`speed` is 11, out of range",
            "m.toml:8:9",
            "monster[0].speed",
            "from 0 to 10",
        ],
    );
}

#[test]
fn a_perception_over_the_bound() {
    refused(
        "perception-far",
        &monsters_with("strength = 6", "strength = 6\nperception = 17"),
        BOARD,
        &[
            "`perception` is 17, out of range",
            "m.toml:11:14",
            "from 0 to 16",
        ],
    );
}

#[test]
fn an_action_priority_for_no_action() {
    refused(
        "action-priority",
        &monsters_with(
            "strength = 6",
            "strength = 6\naction_priority = { pickup = 350 }",
        ),
        BOARD,
        &[
            "`action_priority` names no action `pickup`",
            "m.toml:11:30",
            "monster[0].action_priority.pickup",
            "did you mean `pick-up`?",
        ],
    );
}

#[test]
fn two_rings_in_one_slot() {
    refused(
        "two-rings",
        MONSTERS,
        &board_with(
            r#"{ "id": "gold-1", "kind": "treasure", "at": "B3", "weight": 1 }"#,
            r#"{ "id": "ring-1", "kind": "other", "slot": "ring", "carrier": "kobold-1", "equipped": true },
      { "id": "ring-2", "kind": "other", "slot": "ring", "carrier": "kobold-1", "equipped": true }"#,
        ),
        &[
            "`kobold-1` has two items equipped in its ring slot",
            "systems.needs.items[2].equipped",
        ],
    );
}

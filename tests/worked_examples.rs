//! The two worked examples of the scheme rules (the Warg and the Orc Shaman), played on
//! boards drawn below, with the expected choices worked out by hand in the comments.

use crate::common::{Table, board, monster, of, one, player};
use serde_json::{Value, json};

fn warg_at(hp: i32) -> Value {
    let mut w = monster("warg", "Warg");
    w["hp"] = json!(hp);
    w
}

/// Columns A..Q, rows 1..3. The Warg (Speed 10, Range 1) has an effective range of 11.
///
/// ```text
///      A B C D E F G H I J K L M N O P Q
///   1  . . . . . . . . . . . . . . . . .
///   2  W . . . . . . . a . . b . . c . .
///   3  . . . . . . . . . . . . . . . . .
/// ```
/// Aria (20 HP) is 8 spaces away, Borin (25 HP) 11, Cass (30 HP) 14. Only Aria and Borin
/// are within 11, so the highest-HP priority picks Borin, not Cass. The Warg ends its
/// move next to Borin: K1, K2 and K3 are each 10 steps away (it walks around Aria, who
/// blocks row 2), so that is a tie the `first` policy settles in reading order: K1.
/// Walking past Aria it leaves her reach, but it is Slippery, so it disengages.
#[test]
fn warg_moves_to_and_attacks_the_highest_hp_enemy_in_effective_range() {
    let mut borin = player("borin", 25, 0);
    borin["saves"] = json!({ "str": -30 });
    let b = board(
        "
        . . . . . . . . . . . . . . . . .
        W . . . . . . . a . . b . . c . .
        . . . . . . . . . . . . . . . . .",
        &[
            ('W', warg_at(22)),
            ('a', player("aria", 20, 15)),
            ('b', borin),
            ('c', player("cass", 30, 15)),
        ],
    );
    let t = Table::new("warg-attack", &b);
    let ev = t.turn(&["--seed", "4"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 2);
    let target = one(&ev, "target");
    assert_eq!(target["target"], "borin");
    assert_eq!(target["candidates"], json!(["aria", "borin"]));
    let tie = of(&ev, "tie")
        .into_iter()
        .find(|e| e["what"].as_str().unwrap().contains("moves"))
        .expect("a destination tie");
    assert_eq!(tie["options"], json!(["K1", "K2", "K3"]));
    let mv = one(&ev, "move");
    assert_eq!(mv["to"], "K1");
    assert_eq!(mv["path"].as_array().unwrap().len(), 10);
    assert_eq!(one(&ev, "disengage")["creature"], "warg");
    assert!(of(&ev, "provoke").is_empty());
    let attack = one(&ev, "attack");
    assert_eq!(
        (attack["target"].as_str(), attack["bonus"].as_i64()),
        (Some("borin"), Some(4))
    );
    assert_eq!(
        attack["hit"], true,
        "defence 0: only a natural 1 misses, and seed 4 does not roll one"
    );
    let dmg = one(&ev, "damage");
    assert_eq!(dmg["roll"]["dice"], "1d6+2");
    let dealt = dmg["amount"].as_i64().unwrap();
    assert!((3..=8).contains(&dealt));
    assert_eq!(one(&ev, "save")["dc"], 12);
    assert_eq!(one(&ev, "status-gained")["status"], "immobilized");
    let after = t.creature("borin").unwrap();
    assert_eq!(after["hp"].as_i64().unwrap(), 25 - dealt);
    assert_eq!(after["statuses"][0]["status"], "immobilized");
}

/// The same Warg at 10 HP: "10 or less HP" holds, so it heals itself 1d8+1 and its heal
/// behaviour takes three charges. A second activation in the same round finds the heal
/// charging and attacks instead. Three round starts later the charges are gone.
///
/// ```text
///      A B C
///   1  W a .
/// ```
#[test]
fn warg_heals_at_ten_hp_then_charges_for_three_rounds() {
    let b = board("W a .", &[('W', warg_at(10)), ('a', player("aria", 20, 0))]);
    let t = Table::new("warg-heal", &b);
    let ev = t.turn(&["--seed", "2"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 1);
    let heal = one(&ev, "heal");
    let rolled = heal["roll"]["total"].as_i64().unwrap();
    assert!((2..=9).contains(&rolled));
    assert_eq!(
        t.creature("warg").unwrap()["hp"].as_i64().unwrap(),
        (10 + rolled).min(22)
    );
    assert_eq!(
        t.board()["systems"]["monster-ai"]["types"]["Warg"]["charges"]["1"],
        3
    );
    assert!(of(&ev, "attack").is_empty());

    // Set its HP back to 10: the heal is still charging, so the attack behaviour runs.
    let mut board = t.board();
    board["creatures"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["id"] == "warg")
        .unwrap()["hp"] = json!(10);
    std::fs::write(
        t.dir.join("board.json"),
        serde_json::to_string_pretty(&board).unwrap(),
    )
    .unwrap();
    let ev = t.turn(&["--explain"]);
    let check = of(&ev, "check")
        .into_iter()
        .find(|c| c["behaviour"] == 1)
        .unwrap()
        .clone();
    assert_eq!(check["holds"], false);
    assert!(
        check["why"]
            .as_str()
            .unwrap()
            .contains("recharging (ready again in 3 rounds)")
    );
    assert_eq!(one(&ev, "behaviour")["behaviour"], 2);

    let g = crate::common::goblins();
    for left in [2, 1] {
        assert_eq!(t.run(&["round", &g, "board.json"]).code, 0);
        assert_eq!(
            t.board()["systems"]["monster-ai"]["types"]["Warg"]["charges"]["1"],
            left
        );
    }
    assert_eq!(t.run(&["round", &g, "board.json"]).code, 0);
    assert!(
        t.board().get("systems").is_none(),
        "no charges left: {}",
        t.board()
    );
    let ev = t.turn(&[]);
    assert_eq!(
        one(&ev, "behaviour")["behaviour"],
        1,
        "the heal is ready again after three rounds"
    );
}

fn shaman() -> Value {
    monster("shaman", "Orc Shaman")
}

fn warrior(id: &str, hp: i32) -> Value {
    let mut w = monster(id, "Goblin Warrior");
    w["hp"] = json!(hp);
    w
}

/// The Orc Shaman (Speed 6, Range 3: effective range 9) heals when it or an ally is below
/// half HP, choosing the one that lost the most HP within its effective range.
///
/// ```text
///      A B C D E F G H I J K L M N
///   1  . . . . . . . . . . . . . p
///   2  S . . . . w . . . . . . G .
///   3  . . . . . . x . . . . . . .
/// ```
/// Warrior w (F2) has 3 of 7 HP (lost 4, below half), warrior x (G3) 6 of 7 (lost 1), the
/// Warg G (M2) 5 of 22 (lost 17) but 12 spaces away, beyond 9; the Shaman itself is at
/// full HP, so it is no candidate (a heal is for someone who has lost HP). So the
/// candidates are w and x, and the target is w. The
/// Ranged Heal reaches 3 spaces: w is 5 away, so the Shaman moves the least it can, 2
/// steps, to a cell within 3 of F2: C1, C2 or C3 — a tie, settled in reading order: C1.
#[test]
fn orc_shaman_heals_the_most_damaged_ally_in_effective_range() {
    let b = board(
        "
        . . . . . . . . . . . . . p
        S . . . . w . . . . . . G .
        . . . . . . x . . . . . . .",
        &[
            ('S', shaman()),
            ('w', warrior("w", 3)),
            ('x', warrior("x", 6)),
            ('G', warg_at(5)),
            ('p', player("pia", 12, 12)),
        ],
    );
    let t = Table::new("shaman-heal", &b);
    let ev = t.turn(&["--monster", "shaman", "--seed", "1"]);
    assert_eq!(one(&ev, "behaviour")["label"], "mend");
    let target = one(&ev, "target");
    assert_eq!(target["target"], "w");
    assert_eq!(target["candidates"], json!(["w", "x"]));
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["to"].as_str(), mv["path"].as_array().unwrap().len()),
        (Some("C1"), 2)
    );
    let heal = one(&ev, "heal");
    assert_eq!(heal["creature"], "w");
    let rolled = heal["roll"]["total"].as_i64().unwrap();
    assert_eq!(
        t.creature("w").unwrap()["hp"].as_i64().unwrap(),
        (3 + rolled).min(7)
    );
    assert_eq!(
        t.board()["systems"]["monster-ai"]["types"]["Orc Shaman"]["charges"]["1"],
        2
    );
}

/// A heal needs someone who has lost HP within reach (SPEC §5 item 6). The Shaman (A2,
/// 15/15 HP) sees the Warg G (P2, 5 of 22 HP: below half) so "mend"'s condition holds,
/// but the Warg is 15 spaces away, beyond its effective range of 6 + 3 = 9, and the
/// Shaman itself has lost nothing: "mend" has no one to heal, so it does not hold and no
/// charge is spent.
///
/// ```text
///      A B C D E F G H I J K L M N O P
///   1  . . . . . . . . . . . . . . . .
///   2  S . . . a . . . . . . . . . . G
///   3  . . . . . . . . . . . . . . . p
/// ```
/// "shove back" (proximity 1) finds no one next to it. Behaviour 3 (`2+`): Aria (E2) is 4
/// away, within 9 and not adjacent; Pia (P3) 15 away, beyond. So it blasts Aria, moving
/// as little as it can to be within 3 of E2: one step, to B1, B2 or B3 (each 3 from E2
/// and next to no enemy), reading order: B1.
#[test]
fn orc_shaman_does_not_mend_when_no_one_within_reach_has_lost_hp() {
    let b = board(
        "
        . . . . . . . . . . . . . . . .
        S . . . a . . . . . . . . . . G
        . . . . . . . . . . . . . . . p",
        &[
            ('S', shaman()),
            ('a', player("aria", 20, 10)),
            ('G', warg_at(5)),
            ('p', player("pia", 12, 12)),
        ],
    );
    let t = Table::new("shaman-no-mend", &b);
    let ev = t.turn(&["--monster", "shaman", "--seed", "1", "--explain"]);
    let mend = of(&ev, "check")
        .into_iter()
        .find(|c| c["behaviour"] == 1)
        .expect("mend is checked");
    assert_eq!(mend["holds"], false);
    assert_eq!(
        mend["why"],
        "no one who has lost HP within its effective range of 9"
    );
    assert_eq!(one(&ev, "behaviour")["behaviour"], 3);
    assert_eq!(one(&ev, "target")["target"], "aria");
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["to"].as_str(), mv["path"].as_array().unwrap().len()),
        (Some("B1"), 1)
    );
    // Only the bolt's roll table may heal it (2-3: heal self 2, nothing to give at 15/15).
    assert!(of(&ev, "heal").iter().all(|h| h["creature"] == "shaman"));
    assert!(of(&ev, "charged").is_empty());
    assert!(
        t.board().get("systems").is_none(),
        "no charge spent: {}",
        t.board()
    );
    assert_eq!(t.creature("warg").unwrap()["hp"], 5);
}

/// "mend"'s condition names a need (an ally below half HP), not its target: the Warg G
/// (P2, 5 of 22) far off makes it hold, and the heal goes to the one within reach that
/// has lost HP, Warrior x (C2, 6 of 7: lost 1, not below half).
///
/// ```text
///      A B C D E F G H I J K L M N O P
///   1  . . . . . . . . . . . . . . . .
///   2  S . x . . . . . . . . . . . . G
///   3  . . . . . . . . . . . . . . . p
/// ```
/// Candidates: x alone (the Shaman has lost nothing; the Warg is 15 away, beyond 9). x is
/// 2 away, within the heal's range 3: no move. 1d8 heals at most the 1 HP x lost: 7/7.
/// Charge 2.
#[test]
fn orc_shaman_mends_whoever_within_reach_has_lost_hp() {
    let b = board(
        "
        . . . . . . . . . . . . . . . .
        S . x . . . . . . . . . . . . G
        . . . . . . . . . . . . . . . p",
        &[
            ('S', shaman()),
            ('x', warrior("x", 6)),
            ('G', warg_at(5)),
            ('p', player("pia", 12, 12)),
        ],
    );
    let t = Table::new("shaman-mends-x", &b);
    let ev = t.turn(&["--monster", "shaman", "--seed", "1"]);
    assert_eq!(one(&ev, "behaviour")["label"], "mend");
    let target = one(&ev, "target");
    assert_eq!(target["target"], "x");
    assert_eq!(target["candidates"], json!(["x"]));
    assert!(of(&ev, "move").is_empty());
    let heal = one(&ev, "heal");
    assert_eq!(
        (heal["creature"].as_str(), heal["amount"].as_i64()),
        (Some("x"), Some(1))
    );
    assert_eq!(t.creature("x").unwrap()["hp"], 7);
    assert_eq!(t.creature("warg").unwrap()["hp"], 5);
    assert_eq!(
        t.board()["systems"]["monster-ai"]["types"]["Orc Shaman"]["charges"]["1"],
        2
    );
}

/// When its target is already within range the Shaman heals without moving.
///
/// ```text
///      A B C D
///   1  S . . w   . . p (far away)
/// ```
#[test]
fn orc_shaman_does_not_move_when_the_heal_already_reaches() {
    let b = board(
        "S . . w . . . p",
        &[
            ('S', shaman()),
            ('w', warrior("w", 2)),
            ('p', player("pia", 12, 12)),
        ],
    );
    let t = Table::new("shaman-heal-in-range", &b);
    let ev = t.turn(&["--monster", "shaman", "--seed", "1"]);
    assert_eq!(one(&ev, "target")["target"], "w");
    assert!(of(&ev, "move").is_empty());
    assert_eq!(one(&ev, "heal")["creature"], "w");
}

/// Nobody is hurt, two enemies stand next to the Shaman: "1" holds, and every adjacent
/// enemy is pushed 1 space (each step strictly farther from C2) and must make a CON 11
/// save against Daze.
///
/// ```text
///      A B C D E
///   1  . . . . .
///   2  . a S b .
///   3  . . . . .
/// ```
/// Aria (B2) can be pushed to A1, A2 or A3 (all 2 away from C2): reading order picks A1.
/// Borin (D2) to E1, E2 or E3: E1. Aria's CON is -30 (she fails), Borin's +30 (he saves).
#[test]
fn orc_shaman_pushes_and_dazes_every_adjacent_enemy() {
    let mut aria = player("aria", 20, 12);
    aria["saves"] = json!({ "con": -30 });
    let mut borin = player("borin", 20, 12);
    borin["saves"] = json!({ "con": 30 });
    let b = board(
        "
        . . . . .
        . a S b .
        . . . . .",
        &[('S', shaman()), ('a', aria), ('b', borin)],
    );
    let t = Table::new("shaman-push", &b);
    let ev = t.turn(&["--seed", "1"]);
    assert_eq!(one(&ev, "behaviour")["label"], "shove back");
    let pushes: Vec<(&str, &str)> = of(&ev, "move")
        .iter()
        .map(|m| (m["creature"].as_str().unwrap(), m["to"].as_str().unwrap()))
        .collect();
    assert_eq!(pushes, vec![("aria", "A1"), ("borin", "E1")]);
    assert_eq!(
        t.creature("aria").unwrap()["statuses"][0]["status"],
        "dazed"
    );
    assert!(t.creature("borin").unwrap().get("statuses").is_none());
}

/// "2+": a Move then a Ranged Magic Attack on the lowest-HP enemy within 9.
///
/// ```text
///      A B C D E F G H I J K L M N O
///   1  . . . . . . . . . . . . . . .
///   2  . . . . . . . . . . . . . . .
///   3  S . . . a . . b . . . . c . .
///   4  . . . . . . . . . . . . . . .
///   5  . . . . . . . . . . . . . . .
/// ```
/// Aria (E3, 20 HP) is 4 away, Borin (H3, 9 HP) 7, Cass (M3, 3 HP) 12: beyond 9. Lowest HP
/// within reach: Borin. The Shaman must get within 3 of H3 and, to avoid disadvantage,
/// onto a cell next to no enemy: columns E-G are next to Aria or Borin in rows 2-4, so
/// the nearest good cells are E1 and E5, 4 steps away (row 3's D-column cells are out of
/// range). Tie, reading order: E1. From there the attack has no disadvantage.
#[test]
fn orc_shaman_steps_clear_of_disadvantage_to_blast_the_lowest_hp_enemy() {
    let b = board(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        S . . . a . . b . . . . c . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        &[
            ('S', shaman()),
            ('a', player("aria", 20, 10)),
            ('b', player("borin", 9, 10)),
            ('c', player("cass", 3, 10)),
        ],
    );
    let t = Table::new("shaman-blast", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 3);
    let target = one(&ev, "target");
    assert_eq!(target["target"], "borin");
    assert_eq!(target["candidates"], json!(["aria", "borin"]));
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["to"].as_str(), mv["path"].as_array().unwrap().len()),
        (Some("E1"), 4)
    );
    let attack = one(&ev, "attack");
    assert_eq!(
        (
            attack["kind"].as_str(),
            attack["edge"].as_str(),
            attack["bonus"].as_i64()
        ),
        (Some("magic ranged"), Some("normal"), Some(3))
    );
    if attack["hit"] == true {
        assert_eq!(one(&ev, "damage")["roll"]["dice"], "1d10");
        assert_eq!(one(&ev, "table-roll")["roll"]["dice"], "1d4");
    }
}

//! Core scheme rules end to end: the two-moves fallback, the tie policies, a monster that
//! cannot move at all, and how proximity conditions pick their candidates.

use crate::common::{Table, board, goblins, monster, of, one, player, run_in};
use serde_json::json;

/// ```text
///      A B C D E F G H I J K L M N O
///   1  W . . . . . . . . . . . . . a
/// ```
/// The Goblin Warrior (Speed 6, Range 1) sees Aria 14 spaces away, beyond its effective
/// range of 7, so no behaviour holds. It takes two moves (12 spaces) toward her: the
/// cell next to her, N1, is 13 away, so it stops on M1, as close as it gets.
/// A monster file of one type (5 HP, defence 10, closest first) with this speed, range
/// and behaviours (`[[monster.behaviour]]` tables).
fn one_type(name: &str, speed: u32, range: u32, behaviours: &str) -> String {
    format!(
        "format = 1\n[[monster]]\nname = \"{name}\"\nhp = 5\ndefence = 10\nspeed = {speed}\n\
         range = {range}\ntarget_priority = \"closest\"\n{behaviours}\n"
    )
}

#[test]
fn fallback_takes_two_moves_toward_the_closest_enemy() {
    let b = board(
        "W . . . . . . . . . . . . . a",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    let t = Table::new("fallback", &b);
    let ev = t.turn(&["--explain"]);
    assert_eq!(one(&ev, "fallback")["monster"], "w");
    assert_eq!(one(&ev, "target")["target"], "aria");
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["to"].as_str(), mv["path"].as_array().unwrap().len()),
        (Some("M1"), 12)
    );
    assert!(of(&ev, "attack").is_empty());
    assert_eq!(t.creature("w").unwrap()["position"], "M1");
}

/// ```text
///      A B C
///   1  a W b
/// ```
/// Both enemies are next to the Warrior: equally close, a tie the policy settles.
fn tie_board() -> serde_json::Value {
    board(
        "a W b",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
            ('b', player("borin", 10, 10)),
        ],
    )
}

fn tie_event(ev: &[serde_json::Value]) -> serde_json::Value {
    of(ev, "tie")
        .into_iter()
        .find(|t| t["what"] == "which target to choose")
        .expect("a target tie")
        .clone()
}

#[test]
fn tie_policy_first_takes_the_first_in_board_order() {
    let t = Table::new("tie-first", &tie_board());
    let ev = t.turn(&["--ties", "first"]);
    let tie = tie_event(&ev);
    assert_eq!(
        (tie["chosen"].as_str(), tie["policy"].as_str()),
        (Some("aria"), Some("first"))
    );
    assert_eq!(tie["options"], json!(["aria", "borin"]));
    assert_eq!(one(&ev, "attack")["target"], "aria");
}

#[test]
fn tie_policy_random_uses_the_seeded_generator() {
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let t = Table::new(&format!("tie-random-{seed}"), &tie_board());
        let ev = t.turn(&["--ties", "random", "--seed", &seed.to_string()]);
        let tie = tie_event(&ev);
        assert_eq!(tie["policy"], "random");
        assert_eq!(one(&ev, "attack")["target"], tie["chosen"]);
        chosen.insert(tie["chosen"].as_str().unwrap().to_string());
        // The same seed gives the same pick.
        let again = Table::new(&format!("tie-random-again-{seed}"), &tie_board());
        assert_eq!(
            tie_event(&again.turn(&["--ties", "random", "--seed", &seed.to_string()]))["chosen"],
            tie["chosen"]
        );
    }
    assert_eq!(chosen.len(), 2, "over 12 seeds both targets come up");
}

#[test]
fn tie_policy_ask_reads_the_choice_from_standard_input() {
    let t = Table::new("tie-ask", &tie_board());
    let g = goblins();
    let r = run_in(
        &t.dir,
        &["turn", &g, "board.json", "--json", "--ties", "ask"],
        "2\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("1) aria") && r.stderr.contains("2) borin"),
        "{}",
        r.stderr
    );
    // The question comes after the narration of what led to it: the monster's turn
    // header is on standard error before "Tie:".
    let asked = r.stderr.find("Tie:").expect("a question");
    assert!(r.stderr[..asked].contains("== "), "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    assert_eq!(tie_event(&ev)["chosen"], "borin");
    assert_eq!(tie_event(&ev)["policy"], "ask");

    // No answer: exit 2 and the board is untouched.
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = run_in(&t.dir, &["turn", &g, "board.json", "--ties", "ask"], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("--ties ask needs an answer"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
}

/// ```text
///      A B C D E
///   1  # # # . .
///   2  # W # . a
///   3  # # # . .
/// ```
/// The Warrior is walled in: no enemy can be reached, no behaviour holds, and the
/// fallback's two moves lead nowhere, so it stays where it is.
#[test]
fn a_monster_walled_in_stays_put() {
    let b = board(
        "
        # # # . .
        # W # . a
        # # # . .",
        &[
            ('W', monster("w", "Goblin Warrior")),
            ('a', player("aria", 10, 10)),
        ],
    );
    let t = Table::new("walled-in", &b);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "fallback")["monster"], "w");
    assert!(
        one(&ev, "stay")["reason"]
            .as_str()
            .unwrap()
            .contains("reachable")
    );
    assert!(of(&ev, "move").is_empty());
    assert_eq!(t.creature("w").unwrap()["position"], "B2");
}

/// A custom archer whose only behaviour is "2+": shoot someone 2 or more spaces away.
///
/// ```text
///      A B C D E F
///   1  a X . . b .
/// ```
/// Aria is adjacent (1 space) and so not a candidate of "2+"; Borin (4 spaces) is, even
/// though Aria is closer.
#[test]
fn proximity_n_plus_leaves_out_nearer_enemies() {
    let scheme = one_type(
        "Sniper",
        0,
        6,
        r#"[[monster.behaviour]]
proximity = "2+"
do = ["ranged attack +2 1d4"]"#,
    );
    let mut x = monster("x", "Sniper");
    x["hp"] = json!(5);
    let b = board(
        "a X . . b .",
        &[
            ('X', x),
            ('a', player("aria", 10, 10)),
            ('b', player("borin", 10, 10)),
        ],
    );
    let t = Table::new("prox-plus", &b).with_scheme(&scheme);
    let ev = t.turn(&[]);
    let target = one(&ev, "target");
    assert_eq!(
        (target["target"].as_str(), target["candidates"].clone()),
        (Some("borin"), json!(["borin"]))
    );
    let attack = one(&ev, "attack");
    assert_eq!(
        attack["edge"], "disadvantage",
        "Aria stands next to the sniper"
    );
}

/// ```text
///      A B C D
///   1  H . . a
/// ```
/// The Hag's first behaviour ("1": melee on adjacent enemies) finds nobody adjacent, so
/// the second ("2+": move and shoot) runs; `--explain` says why the first failed.
#[test]
fn a_behaviour_without_a_target_passes_to_the_next() {
    let b = board(
        "H . . a",
        &[
            ('H', monster("hag", "Goblin Hag")),
            ('a', player("aria", 10, 10)),
        ],
    );
    let t = Table::new("next-behaviour", &b);
    let ev = t.turn(&["--explain"]);
    let first = of(&ev, "check")
        .into_iter()
        .find(|c| c["behaviour"] == 1)
        .unwrap()
        .clone();
    assert_eq!(first["holds"], false);
    assert!(
        first["why"]
            .as_str()
            .unwrap()
            .contains("no targetable enemy meeting proximity 1")
    );
    assert_eq!(one(&ev, "behaviour")["behaviour"], 2);
    // Range 6 already reaches Aria 3 spaces away with no one adjacent: no move needed.
    assert!(of(&ev, "move").iter().all(|m| m["cause"] != "move"));
    assert_eq!(one(&ev, "attack")["target"], "aria");
}

/// A behaviour that only heals the monster itself has no one to heal at full HP (SPEC §5
/// item 6): it does not hold, no charge is spent, and the next behaviour is checked.
///
/// ```text
///      A B C
///   1  T . a      T: a troll (10 HP, Speed 0, Range 3), aria on C1
/// ```
/// At 10/10 "regrow" (heal self 3, charge 2) finds no one, so "spit" (ranged attack on
/// Aria, 2 away, within Range 3) runs and the board keeps no charge. At 8/10 "regrow"
/// holds: the troll regains the 2 it lost (3 rolled, capped at its maximum) and rests two
/// rounds.
#[test]
fn a_self_heal_at_full_hp_passes_to_the_next_behaviour() {
    let scheme = one_type(
        "Troll",
        0,
        3,
        r#"
[[monster.behaviour]]
name = "regrow"
do = ["heal self 3"]
charge = 2
[[monster.behaviour]]
name = "spit"
do = ["ranged attack +0 1d4"]"#,
    )
    .replace("hp = 5", "hp = 10");
    for (hp, label, healed) in [(10, "spit", None), (8, "regrow", Some(2))] {
        let b = board(
            "T . a",
            &[
                (
                    'T',
                    json!({ "id": "t", "type": "Troll", "side": "monsters", "hp": hp }),
                ),
                ('a', player("aria", 30, 10)),
            ],
        );
        let t = Table::new(&format!("self-heal-{hp}"), &b).with_scheme(&scheme);
        let ev = t.turn(&["--explain"]);
        assert_eq!(one(&ev, "behaviour")["label"], label, "at {hp} HP");
        let regrow = of(&ev, "check")
            .into_iter()
            .find(|c| c["behaviour"] == 1)
            .unwrap()
            .clone();
        match healed {
            None => {
                assert_eq!(regrow["holds"], false);
                assert_eq!(regrow["why"], "its heal finds no one: it has lost no HP");
                assert!(of(&ev, "heal").is_empty());
                assert_eq!(one(&ev, "attack")["target"], "aria");
                assert!(t.board().get("systems").is_none(), "{}", t.board());
            }
            Some(n) => {
                assert_eq!(regrow["holds"], true);
                assert_eq!(one(&ev, "heal")["amount"], n);
                assert_eq!(t.creature("t").unwrap()["hp"], 10);
                assert!(of(&ev, "attack").is_empty());
                assert_eq!(
                    t.board()["systems"]["monster-ai"]["types"]["Troll"]["charges"]["1"],
                    2
                );
            }
        }
    }
}

/// Characters take their turns outside monster-ai, so a status that lasts until the end of
/// a character's next turn, gained in round 1, is still there after the start of round 2
/// (the character may act after the monster that dazed it) and gone at the start of
/// round 3 (by then it has surely had that turn). A monster's own status is untouched by
/// `round`: it ends with the monster's next turn.
#[test]
fn character_statuses_end_once_a_whole_round_has_passed() {
    let mut aria = player("aria", 10, 10);
    aria["statuses"] = json!([{ "status": "dazed", "until": "end-of-next-turn", "round": 1 }]);
    let mut w = monster("w", "Goblin Warrior");
    w["statuses"] = json!([{ "status": "immobilized", "until": "end-of-next-turn", "round": 1 }]);
    let b = board("a . . . W", &[('W', w), ('a', aria)]);
    let t = Table::new("character-status", &b);
    let g = goblins();
    assert_eq!(t.run(&["round", &g, "board.json"]).code, 0);
    assert_eq!(
        t.creature("aria").unwrap()["statuses"][0]["status"],
        "dazed"
    );
    let r = t.run(&["round", &g, "board.json", "--json"]);
    let ev = crate::common::events(&r.stdout);
    let ended = one(&ev, "status-ended");
    assert_eq!(
        (ended["creature"].as_str(), ended["status"].as_str()),
        (Some("aria"), Some("dazed"))
    );
    assert!(t.creature("aria").unwrap().get("statuses").is_none());
    assert_eq!(
        t.creature("w").unwrap()["statuses"][0]["status"],
        "immobilized"
    );
}

/// ```text
///      A B C D E
///   1  a . . 1 2
/// ```
/// Two Goblin Warriors act in ascending number, unless `--ties ask` lets the player order
/// them: answering 2 sends warrior 2 first. It walks through its ally to B1, the only cell
/// next to Aria, and attacks; warrior 1 then finds no free cell next to her, so it closes
/// in as far as it can: C1, next to warrior 2 (one step from B1, where it started two).
#[test]
fn ties_ask_lets_the_player_order_monsters_of_one_type() {
    let b = board(
        "a . . 1 2",
        &[
            ('1', monster("w-1", "Goblin Warrior")),
            ('2', monster("w-2", "Goblin Warrior")),
            ('a', player("aria", 30, 10)),
        ],
    );
    let t = Table::new("ask-order", &b);
    let g = goblins();
    let first = t.run(&["turn", &g, "board.json", "--json", "--dry-run"]);
    let starts: Vec<String> = of(&crate::common::events(&first.stdout), "turn-start")
        .iter()
        .map(|e| e["monster"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(starts, ["w-1", "w-2"], "ascending by default");

    let r = run_in(
        &t.dir,
        &["turn", &g, "board.json", "--json", "--ties", "ask"],
        "2\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("which Goblin Warrior acts next"),
        "{}",
        r.stderr
    );
    let ev = crate::common::events(&r.stdout);
    let starts: Vec<&str> = of(&ev, "turn-start")
        .iter()
        .map(|e| e["monster"].as_str().unwrap())
        .collect();
    assert_eq!(starts, ["w-2", "w-1"]);
    assert_eq!(t.creature("w-2").unwrap()["position"], "B1");
    assert_eq!(t.creature("w-1").unwrap()["position"], "C1");
}

/// A long chain of explosions: 2000 characters in a block, each with 1 HP and
/// `explode 1`. One hit sets off the first, whose burst kills its neighbours, and so on
/// until the whole block is gone. The chain is worked off as a queue, so it ends cleanly
/// however long it is.
#[test]
fn a_long_chain_of_explosions_ends_cleanly() {
    let mut creatures = Vec::new();
    for row in 0..20 {
        for col in 0..50 {
            creatures.push(json!({
                "id": format!("x{col}_{row}"), "side": "players", "hp": 1, "max_hp": 1,
                "position": crate::common::cell_name(col, row), "traits": ["explode 1"]
            }));
        }
    }
    let b = json!({ "format": 1, "grid": { "kind": "square", "width": 50, "height": 40 }, "creatures": creatures });
    let t = Table::new("explosion-chain", &b);
    let r = t.run(&["hit", "board.json", "x0_0", "1", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    assert_eq!(of(&ev, "died").len(), 1000);
    assert!(t.board()["creatures"].as_array().unwrap().is_empty());
}

/// ```text
///      A B C D E F
///   1  m e # . . a
///   2  . . . . . .
/// ```
/// The monster's behaviour holds while an enemy is adjacent; its target (highest HP) is
/// Aria. It first pushes the adjacent enemy e from B1 to C2, the only cell strictly farther
/// away, then moves toward Aria. The move must be planned on the board as it is after the
/// push: with e on C2 and a wall on C1 the way is shut, so it stays, and it never walks
/// through e.
#[test]
fn a_move_after_a_push_sees_where_the_pushed_enemy_went() {
    let scheme = r#"
format = 1
[[monster]]
name = "Shover"
hp = 10
defence = 10
speed = 6
range = 1
target_priority = "highest-hp"
[[monster.behaviour]]
when = "enemies.adjacent >= 1"
do = ["target adjacent enemies", "push 1", "move"]
"#;
    let mut m = monster("m", "Shover");
    m["hp"] = json!(10);
    let b = board(
        "
        m e # . . a
        . . . . . .",
        &[
            ('m', m),
            ('e', player("e", 5, 10)),
            ('a', player("aria", 30, 10)),
        ],
    );
    let t = Table::new("push-then-move", &b).with_scheme(scheme);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "target")["target"], "aria");
    assert_eq!(t.creature("e").unwrap()["position"], "C2");
    assert!(
        of(&ev, "move").iter().all(|m| m["creature"] != "m"),
        "{ev:#?}"
    );
    assert_eq!(t.creature("m").unwrap()["position"], "A1");
}

/// An area's primary target must be within the attacker's range; only the area's other
/// cells may reach beyond it (issue 14, item 11; seed 000 on areas).
///
/// ```text
///      A B C D E F G
///   1  X . a . . . .     X: a bomber, speed 0, range 2, radius-1 area; aria on C1
///   1  X . . a . . .     the same with aria on D1
/// ```
/// Aria on C1 is 2 away, within range: the bomb goes off. On D1 she is 3 away: the area
/// centred on C1 would hold her, but the old reading (range + radius) no longer counts,
/// so the bomber finds no target for the bomb (and cannot move to close in).
#[test]
fn an_area_reaches_no_farther_than_the_range() {
    let scheme = one_type(
        "Bomber",
        0,
        2,
        r#"[[monster.behaviour]]
name = "bomb"
do = ["ranged aoe attack radius 1"]"#,
    );
    for (cell, bombs) in [("C1", true), ("D1", false)] {
        let mut x = monster("x", "Bomber");
        x["hp"] = json!(5);
        let mut a = player("aria", 10, 10);
        a["position"] = json!(cell);
        let mut b = board("X . . . . . .", &[('X', x)]);
        b["creatures"].as_array_mut().unwrap().push(a);
        let t = Table::new(&format!("area-reach-{cell}"), &b).with_scheme(&scheme);
        let ev = t.turn(&[]);
        let bombed = of(&ev, "behaviour").iter().any(|e| e["label"] == "bomb");
        assert_eq!(bombed, bombs, "aria on {cell}: {ev:?}");
    }
}

/// An effect with no attack picks its target as an attack would and walks to reach it
/// (issue 14, item 12; seed 000: "select a target just as you would with an Attack").
///
/// ```text
///      A B C D E
///   1  g . . . a      g: a grappler, speed 3, range 1; aria 4 spaces away
/// ```
/// It walks B1, C1, D1 to stand next to Aria, who then saves against STR 30 (she cannot
/// make it) and is immobilized.
#[test]
fn an_effect_without_an_attack_finds_its_target() {
    let scheme = one_type(
        "Grappler",
        3,
        1,
        r#"[[monster.behaviour]]
name = "grab"
do = ["move", "immobilize save STR 30"]"#,
    );
    let mut g = monster("g", "Grappler");
    g["hp"] = json!(5);
    let b = board("g . . . a", &[('g', g), ('a', player("aria", 10, 10))]);
    let t = Table::new("effect-target", &b).with_scheme(&scheme);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "behaviour")["label"], "grab");
    assert_eq!(one(&ev, "target")["target"], "aria");
    assert_eq!(t.creature("g").unwrap()["position"], "D1");
    assert_eq!(one(&ev, "save")["success"], false);
    let statuses = &t.creature("aria").unwrap()["statuses"];
    assert_eq!(statuses[0]["status"], "immobilized", "{statuses}");
}

/// The same without a move: a hexer (Range 3) dazes Aria 3 spaces away, picking her as
/// an attack would; before, the line found no one to affect.
///
/// ```text
///      A B C D
///   1  h . . a
/// ```
#[test]
fn an_effect_alone_targets_within_the_types_range() {
    let scheme = one_type(
        "Hexer",
        3,
        3,
        r#"[[monster.behaviour]]
name = "hex"
do = ["daze save CON 30"]"#,
    );
    let mut h = monster("h", "Hexer");
    h["hp"] = json!(5);
    let b = board("h . . a", &[('h', h), ('a', player("aria", 10, 10))]);
    let t = Table::new("effect-alone", &b).with_scheme(&scheme);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "target")["target"], "aria");
    assert_eq!(one(&ev, "save")["success"], false);
    assert_eq!(
        t.creature("aria").unwrap()["statuses"][0]["status"],
        "dazed"
    );
}

/// `heal adjacent ally DICE` heals an ally next to the monster, never itself, the one
/// that lost the most HP first (issue 14, item 15).
///
/// ```text
///      A B C D
///   1  w m v .      m: a medic (hurt itself), w: a warg down 6 HP, v: a warg down 2 HP
///   2  . . . a      a: aria, far enough that the medic has no one to fight
/// ```
/// The medic heals Warg w (6 lost beats 2 lost) by 3, and not itself.
#[test]
fn a_heal_of_an_adjacent_ally_picks_the_most_hurt_neighbour() {
    let scheme = r#"
format = 1
[[monster]]
name = "Medic"
hp = 10
defence = 10
speed = 0
range = 1
target_priority = "closest"
[[monster.behaviour]]
name = "patch up"
do = ["heal adjacent ally 3"]
[[monster]]
name = "Warg"
hp = 20
defence = 10
speed = 0
range = 1
[[monster.behaviour]]
do = ["move"]
"#;
    let mut m = monster("m", "Medic");
    m["hp"] = json!(1);
    let mut w = monster("w", "Warg");
    w["hp"] = json!(14);
    let mut v = monster("v", "Warg");
    v["hp"] = json!(18);
    let b = board(
        "w m v .\n. . . a",
        &[('m', m), ('w', w), ('v', v), ('a', player("aria", 10, 10))],
    );
    let t = Table::new("heal-adjacent", &b).with_scheme(scheme);
    let r = t.run(&[
        "turn",
        "scheme.toml",
        "board.json",
        "--type",
        "Medic",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    assert_eq!(one(&ev, "target")["target"], "w");
    assert_eq!(one(&ev, "heal")["creature"], "w");
    assert_eq!(t.creature("w").unwrap()["hp"], 17);
    assert_eq!(t.creature("m").unwrap()["hp"], 1);
}

/// An area attack may carry a saving throw against its damage: `save DEX 13 half`. Each
/// creature caught rolls; one that makes it takes half, rounded down (issue 14, item 15).
///
/// ```text
///      A B C
///   1  X . a      X: a bomber (range 2, radius-1 area); aria on C1
/// ```
/// Against DC 1 every save succeeds (d20 + 0 >= 1): the damage is halved. Against DC 30
/// none can: the full roll lands.
#[test]
fn an_area_save_against_damage_halves_it() {
    for (dc, halved) in [(1, true), (30, false)] {
        let scheme = one_type(
            "Bomber",
            0,
            2,
            &format!(
                "[[monster.behaviour]]\ndo = [\"ranged aoe attack 4d6 radius 1 save DEX {dc} half\"]"
            ),
        );
        let mut x = monster("x", "Bomber");
        x["hp"] = json!(5);
        let b = board("X . a", &[('X', x), ('a', player("aria", 40, 10))]);
        let t = Table::new(&format!("area-save-{dc}"), &b).with_scheme(&scheme);
        let ev = t.turn(&[]);
        let save = one(&ev, "save");
        assert_eq!(save["success"], halved, "DC {dc}");
        let damage = one(&ev, "damage");
        let rolled = damage["roll"]["total"].as_i64().unwrap();
        let expected = if halved { rolled / 2 } else { rolled };
        assert_eq!(
            damage["amount"].as_i64(),
            Some(expected),
            "DC {dc}: {damage}"
        );
        assert_eq!(
            damage["modifiers"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m == "halved by the save"),
            halved
        );
    }
}

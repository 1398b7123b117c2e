// End-to-end scenarios for the effects of the scheme system (seed 000, SPEC §5.7): each
// test draws its board, works out the expected outcome by hand from the rules, runs the
// built binary and checks the `--json` events and the board written back.
//
// Dice are taken out of the picture by construction: damage `1d1+N`, defence 0 with a
// +30 bonus (only a natural 1 misses, and the seeds used here do not roll one), and save
// modifiers of -30 (always fails) or +30 (always succeeds).

use crate::common::scenario::*;
use crate::common::*;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------
// Helpers local to these scenarios.

/// `round` with the given monster file, `--json`, writing the board back.
fn round(t: &Table, schemes: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["round", schemes, "board.json", "--json"];
    args.extend_from_slice(extra);
    let r = t.run(&args);
    assert_eq!(r.code, 0, "round failed: {}", r.stderr);
    events(&r.stdout)
}

/// A status as the board records it when gained in round 1 (every board here starts there).
fn status(kind: &str, until: &str) -> Value {
    json!({ "status": kind, "until": until, "round": 1 })
}

/// (column, row), both from 0, of a cell name such as `C4`.
fn coords(name: &str) -> (i32, i32) {
    let letters: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let col = letters
        .chars()
        .fold(0, |n, c| n * 26 + (c as i32 - 'A' as i32 + 1))
        - 1;
    let row: i32 = name[letters.len()..].parse().unwrap();
    (col, row - 1)
}

/// Chebyshev distance (the default square metric: a diagonal step is 1).
fn dist(a: &str, b: &str) -> i32 {
    let (ac, ar) = coords(a);
    let (bc, br) = coords(b);
    (ac - bc).abs().max((ar - br).abs())
}

fn gold(c: &Value) -> u64 {
    c["gold"].as_u64().unwrap_or(0)
}

fn fire_cells(b: &Value) -> Vec<String> {
    b["fires"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| f["cell"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Daze

#[test]
fn daze_on_a_failed_save_then_dazed_attacker_and_dazed_saver_roll_at_disadvantage() {
    // The brute at B2 is next to the hero at C2: no move needed, melee attack +30 against
    // defence 0 hits (the d20 of seed 3 is 2, not a natural 1), 1d1+4 = 5 damage (30 -> 25),
    // then DEX 12 save with DEX -30: at most 20-30 = -10 < 12, it fails -> dazed until the
    // end of the hero's next turn.
    let picture = "
        . . . .
        . m h .
        . . . .
    ";
    let toml = scheme(&kind(
        "Brute",
        "",
        &[r#"proximity = "1"
do = ["melee attack +30 1d1+4", "daze save DEX 12"]"#],
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 30, json!({ "dex": -30 }))),
        ],
    );
    let t = Table::new("daze-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "damage")["amount"], 5);
    assert_eq!(one(&ev, "save")["success"], false);
    let gained = one(&ev, "status-gained");
    assert_eq!(
        (gained["creature"].as_str(), gained["status"].as_str()),
        (Some("hero"), Some("dazed"))
    );
    let h = t.creature("hero").unwrap();
    assert_eq!(h["hp"], 25);
    assert_eq!(h["statuses"], json!([status("dazed", "end-of-next-turn")]));

    // Now the brute itself is dazed and the hero still is: the brute's attack has
    // disadvantage (two d20s, the lower kept) and the hero's save too.
    let b = board(
        picture,
        &[
            (
                'm',
                with(
                    custom("m", "Brute", 20),
                    json!({ "statuses": [status("dazed", "end-of-next-turn")] }),
                ),
            ),
            (
                'h',
                with(
                    hero("hero", 30, json!({ "dex": -30 })),
                    json!({ "statuses": [status("dazed", "end-of-next-turn")] }),
                ),
            ),
        ],
    );
    let t = Table::new("daze-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(a["edge"], "disadvantage");
    assert!(
        strings(&a["edge_reasons"]).contains(&"dazed".to_string()),
        "{a}"
    );
    let faces: Vec<u64> = a["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap())
        .collect();
    assert_eq!(faces.len(), 2);
    assert_eq!(a["kept"].as_u64().unwrap(), *faces.iter().min().unwrap());
    assert_hit(a);
    let s = one(&ev, "save");
    assert_eq!(s["edge"], "disadvantage");
    assert_eq!(s["faces"].as_array().unwrap().len(), 2);
    // The brute's own daze runs out at the end of this turn (it was not gained in it).
    assert!(
        of(&ev, "status-ended")
            .iter()
            .any(|e| e["creature"] == "m" && e["status"] == "dazed")
    );
    assert!(statuses(&t.creature("m").unwrap()).is_empty());
}

// ---------------------------------------------------------------------------------------
// Disarm

#[test]
fn disarm_on_a_failed_save_and_a_disarmed_monster_cannot_attack() {
    // B2 brute next to the hero at C2; the hit (seed 3: d20 = 2) deals 1 and the STR 12
    // save with STR -30 fails -> disarmed.
    let picture = "
        . . . .
        . m h .
        . . . .
    ";
    let toml = scheme(&kind(
        "Brute",
        "",
        &[r#"proximity = "1"
do = ["melee attack +30 1d1", "disarm save STR 12"]"#],
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 30, json!({ "str": -30 }))),
        ],
    );
    let t = Table::new("disarm-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "save")["success"], false);
    let h = t.creature("hero").unwrap();
    assert_eq!(h["hp"], 29);
    assert_eq!(
        h["statuses"],
        json!([status("disarmed", "end-of-next-turn")])
    );

    // A disarmed brute: same place, but it cannot attack this turn -> the attack is
    // skipped, the hero keeps its HP, and the status ends with the brute's turn.
    let b = board(
        picture,
        &[
            (
                'm',
                with(
                    custom("m", "Brute", 20),
                    json!({ "statuses": [status("disarmed", "end-of-next-turn")] }),
                ),
            ),
            ('h', hero("hero", 30, json!({ "str": -30 }))),
        ],
    );
    let t = Table::new("disarm-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert!(of(&ev, "attack").is_empty(), "{ev:#?}");
    let skipped = one(&ev, "action-skipped");
    assert_eq!(skipped["reason"], "it is disarmed");
    assert_eq!(t.creature("hero").unwrap()["hp"], 30);
    assert!(statuses(&t.creature("m").unwrap()).is_empty());
}

// ---------------------------------------------------------------------------------------
// Immobilize

#[test]
fn immobilize_from_a_warg_bite_and_an_immobilized_warg_stays_put() {
    // The shipped Warg (22 HP: its heal behaviour needs <= 10, so behaviour 2 runs:
    // move, melee attack +4 1d6+2, immobilize save STR 12). The hero at C2 is already
    // adjacent to the Warg at B2: no move; seed 3 rolls d20 = 2, 2+4 = 6 >= defence 0
    // hits; STR -30 fails the save -> immobilized.
    let picture = "
        . . . . .
        . w h . .
        . . . . .
    ";
    let b = board(
        picture,
        &[
            ('w', monster("warg", "Warg")),
            ('h', hero("hero", 40, json!({ "str": -30 }))),
        ],
    );
    let t = Table::new("immobilize-1", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "save")["success"], false);
    let h = t.creature("hero").unwrap();
    assert_eq!(
        h["statuses"],
        json!([status("immobilized", "end-of-next-turn")])
    );
    assert_eq!(t.creature("warg").unwrap()["position"], "B2");

    // An immobilized Warg at A1 with the hero at E1, 4 spaces away (effective range
    // 10+1): it picks the hero, but cannot move (`stay`, "it is immobilized"), so its
    // melee attack is out of reach; the status ends with this turn.
    let picture = "
        w . . . h
        . . . . .
    ";
    let b = board(
        picture,
        &[
            (
                'w',
                with(
                    monster("warg", "Warg"),
                    json!({ "statuses": [status("immobilized", "end-of-next-turn")] }),
                ),
            ),
            ('h', hero("hero", 40, json!({}))),
        ],
    );
    let t = Table::new("immobilize-2", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "target")["target"], "hero");
    let stay = one(&ev, "stay");
    assert_eq!(
        (stay["creature"].as_str(), stay["reason"].as_str()),
        (Some("warg"), Some("it is immobilized"))
    );
    assert!(of(&ev, "move").is_empty());
    assert!(of(&ev, "attack").is_empty());
    let w = t.creature("warg").unwrap();
    assert_eq!(w["position"], "A1");
    assert!(
        statuses(&w).is_empty(),
        "immobilized ends at the end of the turn: {w}"
    );

    // Immobilized during its own turn: the warrior walks down the corridor toward the
    // hero at H2 and steps on the heroes' immobilize trap at D2 (the only way). The walk
    // stops there. The status was gained in this turn, so it survives this turn's end;
    // on the NEXT turn the warrior cannot move (`stay`), and the status then runs out.
    let picture = "
        # # # # # # # # #
        # w . . . . . h #
        # # # # # # # # #
    ";
    let b = board_with(
        picture,
        &[
            ('w', monster("warrior", "Goblin Warrior")),
            ('h', hero("hero", 40, json!({}))),
        ],
        json!({ "traps": [{ "cell": "D2", "side": "players", "statuses": ["immobilized"] }] }),
    );
    let t = Table::new("immobilize-3", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "trap-sprung")["cell"], "D2");
    assert_eq!(one(&ev, "move")["to"], "D2");
    assert!(of(&ev, "attack").is_empty());
    let w = t.creature("warrior").unwrap();
    assert_eq!(w["position"], "D2");
    assert_eq!(statuses(&w), ["immobilized"]);
    let ev = t.turn(&["--seed", "4"]);
    assert_eq!(one(&ev, "stay")["reason"], "it is immobilized");
    assert!(of(&ev, "move").is_empty());
    assert_eq!(t.creature("warrior").unwrap()["position"], "D2");
    assert!(statuses(&t.creature("warrior").unwrap()).is_empty());
    // Free again: the turn after, it walks on (to G2, next to the hero).
    let ev = t.turn(&["--seed", "5"]);
    assert_eq!(one(&ev, "move")["to"], "G2");
}

// ---------------------------------------------------------------------------------------
// Pull

/// The Hag's second behaviour without the move: `ranged attack +30 1d1` then
/// `pull 4 save STR 13 else pull 2`, in a corridor with the hero 6 spaces away.
fn pull_scenario(name: &str, str_save: i32) -> (Vec<Value>, Table) {
    let picture = "
        # # # # # # # # #
        # m . . . . . h #
        # # # # # # # # #
    ";
    let toml = scheme(&kind(
        "Crone",
        "range = 6",
        &[r#"proximity = "2+"
do = ["ranged attack +30 1d1", "pull 4 save STR 13 else pull 2"]"#],
    ));
    let b = board(
        picture,
        &[
            ('m', custom("crone", "Crone", 20)),
            ('h', hero("hero", 30, json!({ "str": str_save }))),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    (ev, t)
}

fn assert_each_step_closer(mv: &Value, from: &str, to: &str) {
    let mut d = dist(mv["from"].as_str().unwrap(), to);
    assert_eq!(mv["from"], from);
    for c in strings(&mv["path"]) {
        let nd = dist(&c, to);
        assert!(nd < d, "step to {c} is not closer to {to}: {mv}");
        d = nd;
    }
}

#[test]
fn pull_four_on_a_failed_save_each_step_closer() {
    // Crone at B2, hero at H2: distance 6 = range, in sight along the corridor; no adjacent
    // enemy so no disadvantage; the d20 of seed 3 is 2 -> hit. STR -30 fails the STR 13
    // save -> pull 4: G2 (5), F2 (4), E2 (3), D2 (2), each step strictly closer.
    let (ev, t) = pull_scenario("pull-fail", -30);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "save")["success"], false);
    let mv = one(&ev, "move");
    assert_eq!(mv["cause"], "pull");
    assert_eq!(strings(&mv["path"]), ["G2", "F2", "E2", "D2"]);
    assert_each_step_closer(mv, "H2", "B2");
    assert_eq!(t.creature("hero").unwrap()["position"], "D2");
}

#[test]
fn pull_two_instead_on_a_successful_save() {
    // Same shot; STR +30 makes the STR 13 save (d20+30 >= 31) -> the `else` branch:
    // pull 2 only: G2, F2.
    let (ev, t) = pull_scenario("pull-save", 30);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "save")["success"], true);
    let mv = one(&ev, "move");
    assert_eq!(mv["cause"], "pull");
    assert_eq!(strings(&mv["path"]), ["G2", "F2"]);
    assert_each_step_closer(mv, "H2", "B2");
    assert_eq!(t.creature("hero").unwrap()["position"], "F2");
}

// ---------------------------------------------------------------------------------------
// Push

fn shover(push: u32) -> String {
    scheme(&kind(
        "Shover",
        "",
        &[&format!(
            "proximity = \"1\"\ndo = [\"melee attack +30 1d1\", \"push {push}\"]"
        )],
    ))
}

fn assert_each_step_farther(mv: &Value, from: &str, away_from: &str) {
    assert_eq!(mv["from"], from);
    let mut d = dist(from, away_from);
    for c in strings(&mv["path"]) {
        let nd = dist(&c, away_from);
        assert!(nd > d, "step to {c} is not farther from {away_from}: {mv}");
        d = nd;
    }
}

#[test]
fn push_two_each_step_strictly_farther() {
    // Shover at B2 hits the hero at C2 (seed 3: d20 = 2) and pushes 2 down the
    // corridor: D2 (distance 2), E2 (distance 3).
    let picture = "
        # # # # # # # #
        # m h . . . . #
        # # # # # # # #
    ";
    let b = board(
        picture,
        &[
            ('m', custom("m", "Shover", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("push-2", &b).with_scheme(&shover(2));
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let mv = one(&ev, "move");
    assert_eq!(mv["cause"], "push");
    assert_eq!(strings(&mv["path"]), ["D2", "E2"]);
    assert_each_step_farther(mv, "C2", "B2");
    assert_eq!(t.creature("hero").unwrap()["position"], "E2");
}

#[test]
fn push_stops_at_a_wall() {
    // Push 5, but only D2 and E2 are free before the wall at F2: after E2 no neighbour is
    // both open and farther from B2, so the push stops there after 2 steps.
    let picture = "
        # # # # # #
        # m h . . #
        # # # # # #
    ";
    let b = board(
        picture,
        &[
            ('m', custom("m", "Shover", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("push-wall", &b).with_scheme(&shover(5));
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let mv = one(&ev, "move");
    assert_eq!(strings(&mv["path"]), ["D2", "E2"]);
    assert_each_step_farther(mv, "C2", "B2");
    assert_eq!(t.creature("hero").unwrap()["position"], "E2");
}

// ---------------------------------------------------------------------------------------
// Retreat

#[test]
fn retreat_removes_the_monster_without_a_death() {
    // Behaviour 1 (`self.hp <= 5`) holds for a runner at 4 HP: it retreats. Retreat is
    // not a death: the runner is gone from the creatures and not among the fallen.
    let picture = "
        r . . h
    ";
    let toml = scheme(&kind(
        "Runner",
        "",
        &[
            "when = \"self.hp <= 5\"\ndo = [\"retreat\"]",
            "proximity = \"1+\"\ndo = [\"move\", \"melee attack +30 1d1\"]",
        ],
    ));
    let b = board(
        picture,
        &[
            ('r', custom("runner", "Runner", 4)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("retreat", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 1);
    let r = one(&ev, "retreat");
    assert_eq!(
        (r["creature"].as_str(), r["cell"].as_str()),
        (Some("runner"), Some("A1"))
    );
    assert!(of(&ev, "attack").is_empty());
    assert!(of(&ev, "died").is_empty());
    let after = t.board();
    assert!(t.creature("runner").is_none());
    assert!(
        after
            .get("fallen")
            .is_none_or(|f| f.as_array().unwrap().is_empty())
    );
}

#[test]
fn thief_steals_then_retreats_at_the_start_of_its_next_turn() {
    // Goblin Thief at B2, card drawn first (1/6) -> "snatch and run": move (speed 7) to
    // E2 next to the hero at F2 (the only free cell next to it in the corridor), steal 3d6
    // gold (at most 18 of the hero's 50), and gain `retreating`. On its next turn it
    // leaves at once: removed, not dead, nothing else happens.
    let picture = "
        # # # # # # #
        # t . . . h #
        # # # # # # #
    ";
    let b = board(
        picture,
        &[
            ('t', monster("thief", "Goblin Thief")),
            (
                'h',
                with(hero("hero", 20, json!({})), json!({ "gold": 50 })),
            ),
        ],
    );
    let t = Table::new("thief", &b);
    let ev = t.turn(&["--seed", "3", "--card", "1/6"]);
    assert_eq!(one(&ev, "behaviour")["label"], "snatch and run");
    assert_eq!(one(&ev, "move")["to"], "E2");
    let g = one(&ev, "gold");
    let amount = g["amount"].as_u64().unwrap();
    assert_eq!(
        g["rolled"]["total"].as_u64().unwrap(),
        amount,
        "50 gold is more than 3d6"
    );
    assert!((3..=18).contains(&amount));
    assert_eq!(gold(&t.creature("hero").unwrap()), 50 - amount);
    let thief = t.creature("thief").unwrap();
    assert_eq!(gold(&thief), amount);
    assert_eq!(
        thief["statuses"],
        json!([status("retreating", "start-of-next-turn")])
    );
    assert!(one(&ev, "status-gained")["status"] == "retreating");

    let ev = t.turn(&["--seed", "4"]);
    let r = one(&ev, "retreat");
    assert_eq!(r["creature"], "thief");
    assert!(of(&ev, "behaviour").is_empty() && of(&ev, "attack").is_empty());
    assert!(t.creature("thief").is_none());
    assert!(t.board().get("fallen").is_none());
    assert_eq!(gold(&t.creature("hero").unwrap()), 50 - amount);
}

// ---------------------------------------------------------------------------------------
// Shield

#[test]
fn shield_self_until_next_turn_and_shield_reduces_attack_damage() {
    // A guard whose only behaviour is `shield 2`: the effect has no target, so it goes
    // on the guard itself, until the start of its next turn.
    let toml = scheme(&format!(
        "{}{}",
        kind("Guard", "", &["do = [\"shield 2\"]"]),
        kind(
            "Brute",
            "",
            &["proximity = \"1\"\ndo = [\"melee attack +30 1d1+4\"]"]
        )
    ));
    let b = board(
        "
        g . . h
        ",
        &[
            ('g', custom("guard", "Guard", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("shield-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "guard", "--seed", "3"]);
    let gained = one(&ev, "status-gained");
    assert_eq!(
        (gained["creature"].as_str(), gained["status"].as_str()),
        (Some("guard"), Some("shielded"))
    );
    assert_eq!(gained["amount"], 2);
    assert_eq!(
        t.creature("guard").unwrap()["statuses"],
        json!([{ "status": "shielded", "amount": 2, "until": "start-of-next-turn", "round": 1 }])
    );
    // Its next turn starts: the old shield ends, and the behaviour raises a new one.
    let ev = play(&t, &["--monster", "guard", "--seed", "3"]);
    let ended = one(&ev, "status-ended");
    assert_eq!(
        (ended["status"].as_str(), ended["reason"].as_str()),
        (Some("shielded"), Some("its turn began"))
    );

    // A hero with shield 3 takes a 1d1+4 = 5 hit (seed 3: d20 = 2): 3 prevented, 2 taken.
    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            (
                'h',
                with(
                    hero("hero", 30, json!({})),
                    json!({ "statuses": [{ "status": "shielded", "amount": 3, "until": "start-of-next-turn" }] }),
                ),
            ),
        ],
    );
    let t = Table::new("shield-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "m", "--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let d = one(&ev, "damage");
    assert_eq!(
        (d["amount"].as_i64(), d["prevented"].as_i64()),
        (Some(2), Some(3))
    );
    assert_eq!(t.creature("hero").unwrap()["hp"], 28);
}

// ---------------------------------------------------------------------------------------
// Stun

#[test]
fn stun_on_a_failed_save_and_a_stunned_monster_skips_its_turn() {
    // Hit (seed 3: d20 = 2), CON 12 save with CON -30 fails -> stunned.
    let picture = "
        . . . .
        . m h .
    ";
    let toml = scheme(&kind(
        "Brute",
        "",
        &[r#"proximity = "1"
do = ["move", "melee attack +30 1d1", "stun save CON 12"]"#],
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 30, json!({ "con": -30 }))),
        ],
    );
    let t = Table::new("stun-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "save")["success"], false);
    assert_eq!(
        t.creature("hero").unwrap()["statuses"],
        json!([status("stunned", "end-of-next-turn")])
    );

    // A stunned brute next to the hero: its turn is skipped (no behaviour, no move, no
    // attack) and the stun runs out at the end of that turn.
    let b = board(
        picture,
        &[
            (
                'm',
                with(
                    custom("m", "Brute", 20),
                    json!({ "statuses": [status("stunned", "end-of-next-turn")] }),
                ),
            ),
            ('h', hero("hero", 30, json!({ "con": -30 }))),
        ],
    );
    let t = Table::new("stun-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "turn-skipped")["reason"], "it is stunned");
    assert!(
        of(&ev, "behaviour").is_empty()
            && of(&ev, "attack").is_empty()
            && of(&ev, "move").is_empty()
    );
    assert_eq!(t.creature("hero").unwrap()["hp"], 30);
    assert!(statuses(&t.creature("m").unwrap()).is_empty());
}

// ---------------------------------------------------------------------------------------
// Summon

#[test]
fn summon_when_two_allies_died_this_round_then_round_places_the_arrivals() {
    // Round 1, two goblin archers fell this round (the `fallen` record), so the Goblin
    // Warrior's behaviour 1 holds: it retreats and summons 1d4 goblins for round 2,
    // near its cell C3. `round` then places them: the first in C3 itself (now free,
    // distance 0), the next ones in the distance-1 cells in reading order: B2, C2, D2.
    // The type is a choice left to the GM: tie policy `first` -> Goblin Warrior.
    let picture = "
        . . . . . . .
        . . . . . . .
        . . w . . . .
        . . . . . . .
        . . . . . . h
    ";
    let fallen = |id: &str, cell: &str| json!({ "round": 1, "creature": { "id": id, "type": "Goblin Archer", "side": "monsters", "position": cell, "hp": 0 } });
    let b = board_with(
        picture,
        &[
            ('w', monster("warrior-1", "Goblin Warrior")),
            ('h', hero("hero", 30, json!({}))),
        ],
        json!({ "round": 1, "fallen": [fallen("archer-1", "A1"), fallen("archer-2", "B1")] }),
    );
    let t = Table::new("summon", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["label"], "sound the retreat");
    assert_eq!(one(&ev, "retreat")["creature"], "warrior-1");
    let s = one(&ev, "arrival-scheduled");
    let n = s["count"].as_u64().unwrap();
    assert!((1..=4).contains(&n));
    assert_eq!(s["roll"]["total"].as_u64().unwrap(), n);
    assert_eq!(
        (s["round"].as_u64(), s["near"].as_str()),
        (Some(2), Some("C3"))
    );
    let after = t.board();
    assert!(t.creature("warrior-1").is_none());
    assert_eq!(after["arrivals"][0]["count"].as_u64().unwrap(), n);
    assert_eq!(
        after["systems"]["monster-ai"]["types"]["Goblin Warrior"]["used"],
        json!([1])
    );

    let ev = round(&t, &goblins(), &[]);
    let arrived = of(&ev, "arrived");
    assert_eq!(arrived.len() as u64, n);
    let expected = ["C3", "B2", "C2", "D2"];
    for (k, a) in arrived.iter().enumerate() {
        assert_eq!(a["cell"], expected[k], "{a}");
        assert_eq!(a["kind"], "Goblin Warrior");
        assert_eq!(a["creature"], format!("goblin-warrior-{}", k + 1));
    }
    let after = t.board();
    assert_eq!(after["round"], 2);
    assert!(after.get("arrivals").is_none());
    for (k, cell) in expected.iter().enumerate().take(n as usize) {
        let c = t.creature(&format!("goblin-warrior-{}", k + 1)).unwrap();
        assert_eq!(
            (c["position"].as_str(), c["hp"].as_i64()),
            (Some(*cell), Some(7))
        );
    }
}

// ---------------------------------------------------------------------------------------
// Target X

#[test]
fn target_two_attacks_the_two_best_targets_separately() {
    // Three heroes next to the sweeper at B2; priority lowest HP: primary b (10 HP),
    // second target the next by priority, c (15 HP); a (20 HP) is left alone. Two separate
    // attack rolls (seed 3 rolls no natural 1), 1 damage each.
    let picture = "
        . a .
        b m c
        . . .
    ";
    let toml = scheme(&kind(
        "Sweeper",
        "target_priority = \"lowest-hp\"",
        &["proximity = \"1\"\ndo = [\"melee attack +30 1d1 target 2\"]"],
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Sweeper", 20)),
            ('a', hero("a", 20, json!({}))),
            ('b', hero("b", 10, json!({}))),
            ('c', hero("c", 15, json!({}))),
        ],
    );
    let t = Table::new("target-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "target")["target"], "b");
    let attacks = of(&ev, "attack");
    let targets: Vec<&str> = attacks
        .iter()
        .map(|a| a["target"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["b", "c"]);
    for a in &attacks {
        assert_hit(a);
    }
    assert_eq!(t.creature("a").unwrap()["hp"], 20);
    assert_eq!(t.creature("b").unwrap()["hp"], 9);
    assert_eq!(t.creature("c").unwrap()["hp"], 14);
}

// ---------------------------------------------------------------------------------------
// AoE and fire

#[test]
fn torcher_firebomb_burns_the_area_with_the_most_enemies() {
    // Goblin Torcher at A2 (range 6); heroes at E2, F3, G4 — none adjacent, so behaviour 1
    // (proximity 1) fails and the firebomb (proximity 2+) runs. Whichever hero is the
    // target, the radius-1 area must contain it; the area centred on F3 holds all three
    // heroes (E2..G4), every other area at most two, so it is the one. It is in range
    // from where the torcher stands (E2 is 4 away) without an adjacent enemy, so it does
    // not move. No damage dice: the area just catches fire, 9 cells for 2 rounds, and the
    // behaviour charges 3.
    let picture = "
        . . . . . . . . .
        t . . . a . . . .
        . . . . . b . . .
        . . . . . . c . .
        . . . . . . . . .
    ";
    let b = board(
        picture,
        &[
            ('t', monster("torcher", "Goblin Torcher")),
            ('a', hero("a", 20, json!({}))),
            ('b', hero("b", 20, json!({}))),
            ('c', hero("c", 20, json!({}))),
        ],
    );
    let t = Table::new("firebomb", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["label"], "firebomb");
    assert!(of(&ev, "move").is_empty());
    let area: Vec<String> = ["E2", "F2", "G2", "E3", "F3", "G3", "E4", "F4", "G4"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let hits = of(&ev, "area-hit");
    let mut caught: Vec<&str> = hits.iter().map(|h| h["target"].as_str().unwrap()).collect();
    caught.sort();
    assert_eq!(caught, ["a", "b", "c"]);
    let mut cells = strings(&hits[0]["cells"]);
    cells.sort_by_key(|c| (coords(c).1, coords(c).0));
    assert_eq!(cells, area);
    let set = one(&ev, "fire-set");
    assert_eq!(set["rounds"], 2);
    let after = t.board();
    let mut fires = fire_cells(&after);
    fires.sort_by_key(|c| (coords(c).1, coords(c).0));
    assert_eq!(fires, area);
    assert!(
        after["fires"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["rounds_left"] == 2)
    );
    assert_eq!(
        after["systems"]["monster-ai"]["types"]["Goblin Torcher"]["charges"],
        json!({ "2": 3 })
    );
    for id in ["a", "b", "c"] {
        assert_eq!(
            t.creature(id).unwrap()["hp"],
            20,
            "no damage dice in the firebomb"
        );
    }
}

#[test]
fn torcher_melee_sets_fire_to_the_targeted_spaces() {
    // Torcher at B2 with a (A1) and b (C2) adjacent: behaviour 1, melee attack +3 1d6
    // target 2 then set fire. Both heroes are targets (equal closeness, board order: a
    // first); defence 0 -> both hit unless a natural 1 (seed 3: none). Fire goes on the
    // targeted spaces only: A1 and C2 — not the torcher's cell, not c's C4.
    let picture = "
        a . .
        . t b
        . . .
        . . c
    ";
    let b = board(
        picture,
        &[
            ('t', monster("torcher", "Goblin Torcher")),
            ('a', hero("a", 20, json!({}))),
            ('b', hero("b", 20, json!({}))),
            ('c', hero("c", 20, json!({}))),
        ],
    );
    let t = Table::new("torch-melee", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 1);
    let attacks = of(&ev, "attack");
    assert_eq!(attacks.len(), 2);
    for a in &attacks {
        assert_hit(a);
    }
    let mut fires = fire_cells(&t.board());
    fires.sort();
    assert_eq!(fires, ["A1", "C2"]);
}

#[test]
fn standing_in_fire_at_turn_start_deals_1d4_fire_damage() {
    // The warrior at B2 starts its turn on a burning cell: 1d4 fire damage before it
    // does anything (7 HP, so it survives), then it attacks the adjacent hero.
    let picture = "
        . . . .
        . w h .
    ";
    let b = board_with(
        picture,
        &[
            ('w', monster("warrior", "Goblin Warrior")),
            ('h', hero("hero", 30, json!({}))),
        ],
        json!({ "fires": [{ "cell": "B2", "rounds_left": 2 }] }),
    );
    let t = Table::new("fire-start", &b);
    let ev = t.turn(&["--seed", "3"]);
    let pos = |k: &str| ev.iter().position(|e| e["event"] == k).unwrap();
    let d = &ev[pos("damage")];
    assert_eq!(
        (d["target"].as_str(), d["source"].as_str()),
        (Some("warrior"), Some("fire"))
    );
    let n = d["amount"].as_i64().unwrap();
    assert!((1..=4).contains(&n));
    assert_eq!(d["roll"]["dice"], "1d4");
    assert_eq!(d["roll"]["total"].as_i64().unwrap(), n);
    assert!(
        pos("damage") < pos("behaviour"),
        "fire burns at the start of the turn"
    );
    assert_eq!(
        t.creature("warrior").unwrap()["hp"].as_i64().unwrap(),
        7 - n
    );
}

// ---------------------------------------------------------------------------------------
// Wither

#[test]
fn wither_lowers_attack_damage_until_a_heal_removes_it() {
    let toml = scheme(&kind(
        "Hexer",
        "",
        &[
            "when = \"self.hp <= 10\"\ndo = [\"heal self 1d1+1\"]",
            "proximity = \"1\"\ndo = [\"melee attack +30 1d1+4\", \"wither 2 save CON 13\"]",
        ],
    ));
    let picture = "
        m h .
    ";
    // 1. The hexer (20 HP, behaviour 2) hits (seed 3: d20 = 2) for 5, the hero fails CON
    //    13 with CON -30 -> withered 2, until healed.
    let b = board(
        picture,
        &[
            ('m', custom("m", "Hexer", 20)),
            ('h', hero("hero", 30, json!({ "con": -30 }))),
        ],
    );
    let t = Table::new("wither-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(
        t.creature("hero").unwrap()["statuses"],
        json!([{ "status": "withered", "amount": 2, "until": "healed", "round": 1 }])
    );

    // 2. A withered hexer deals 2 less: 1d1+4 - 2 = 3.
    let withered =
        json!({ "statuses": [{ "status": "withered", "amount": 2, "until": "healed" }] });
    let b = board(
        picture,
        &[
            ('m', with(custom("m", "Hexer", 20), withered.clone())),
            ('h', hero("hero", 30, json!({ "con": 30 }))),
        ],
    );
    let t = Table::new("wither-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let d = one(&ev, "damage");
    assert_eq!(d["amount"], 3);
    assert!(
        strings(&d["modifiers"]).contains(&"-2 withered".to_string()),
        "{d}"
    );
    assert_eq!(t.creature("hero").unwrap()["hp"], 27);
    assert_eq!(
        statuses(&t.creature("m").unwrap()),
        ["withered"],
        "the wither stays"
    );

    // 3. At 10 HP the hexer heals itself 1d1+1 = 2, but it is withered: by the rules a heal
    //    removes the wither and restores no HP, so it stays on 10.
    let b = board(
        picture,
        &[
            ('m', with(custom("m", "Hexer", 10), withered)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("wither-3", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "heal")["amount"], 0);
    let ended = one(&ev, "status-ended");
    assert_eq!(
        (ended["status"].as_str(), ended["reason"].as_str()),
        (Some("withered"), Some("the heal only cures the wither"))
    );
    let m = t.creature("m").unwrap();
    assert_eq!(m["hp"], 10);
    assert!(statuses(&m).is_empty());
}

// ---------------------------------------------------------------------------------------
// Steal gold

#[test]
fn steal_goes_for_the_most_gold_and_takes_no_more_than_the_target_has() {
    // Goblin Thief at A2, card drawn first -> snatch and run (priority MOST GOLD). p at B2
    // is next to it but carries 1 gold; r at E2 carries 3 and is within the effective
    // range 7+1, so r is the target. The thief moves next to r and rolls 3d6 (at least
    // 3): it can only take the 3 r has.
    let picture = "
        . . . . . .
        t p . . r .
        . . . . . .
    ";
    let b = board(
        picture,
        &[
            ('t', monster("thief", "Goblin Thief")),
            ('p', with(hero("p", 20, json!({})), json!({ "gold": 1 }))),
            ('r', with(hero("r", 20, json!({})), json!({ "gold": 3 }))),
        ],
    );
    let t = Table::new("steal", &b);
    let ev = t.turn(&["--seed", "3", "--card", "1/4"]);
    assert_eq!(one(&ev, "target")["target"], "r");
    let g = one(&ev, "gold");
    assert_eq!(
        (g["from"].as_str(), g["to"].as_str()),
        (Some("r"), Some("thief"))
    );
    assert_eq!(g["amount"], 3);
    assert!(
        g["rolled"]["total"].as_u64().unwrap() > 3,
        "the cap shows only when more is rolled: {g}"
    );
    let thief = t.creature("thief").unwrap();
    assert_eq!(dist(thief["position"].as_str().unwrap(), "E2"), 1);
    assert_eq!(gold(&thief), 3);
    assert_eq!(gold(&t.creature("r").unwrap()), 0);
    assert_eq!(gold(&t.creature("p").unwrap()), 1);
}

// ---------------------------------------------------------------------------------------
// Traps

#[test]
fn trap_goes_next_to_the_monster_closest_to_an_enemy_and_its_side_walks_around_it() {
    // Trapper at D2 (proximity 3: the hero at D5 is 3 steps away through the gap D3).
    // Free cells next to it: C1, E1 (4 from D5), C2, E2 (3), D3 (2) — D1 holds the walker,
    // C3/E3 are walls -> the trap goes in D3.
    // Then the walker at D1 goes for the hero: through the trap it would be 3 steps to D4,
    // but its own side's trap is avoided while another way exists: D1 E2 F2 G3 F4 E4
    // (5 steps, E4 next to D5; E5 is an obstacle, D4 would be 6; E1 or E2 as the first
    // step are equally short).
    let picture = "
        . . . w . . .
        . . . t . . .
        # # # . # # .
        . . . . . . .
        . . . h o . .
    ";
    let toml = scheme(&format!(
        "{}{}",
        kind(
            "Trapper",
            "",
            &["proximity = \"3\"\ndo = [\"trap 1d6 immobilize\"]"]
        ),
        kind(
            "Walker",
            "",
            &["proximity = \"1+\"\ndo = [\"move\", \"melee attack +30 1d1\"]"]
        )
    ));
    let b = board(
        picture,
        &[
            ('w', custom("walker", "Walker", 20)),
            ('t', custom("trapper", "Trapper", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("trap", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "trapper", "--seed", "3"]);
    assert_eq!(one(&ev, "trap-set")["cell"], "D3");
    assert_eq!(
        t.board()["traps"],
        json!([{ "cell": "D3", "side": "monsters", "damage": "1d6", "statuses": ["immobilized"] }])
    );

    let ev = play(&t, &["--monster", "walker", "--seed", "3"]);
    let mv = one(&ev, "move");
    let path = strings(&mv["path"]);
    assert_eq!(mv["to"], "E4");
    assert_eq!(path.len(), 5, "{path:?}");
    assert!(
        path.contains(&"G3".to_string()) && !path.contains(&"D3".to_string()),
        "{path:?}"
    );
    assert!(of(&ev, "trap-sprung").is_empty());
    assert_hit(one(&ev, "attack"));
    assert_eq!(
        t.board()["traps"].as_array().unwrap().len(),
        1,
        "the trap is still armed"
    );
}

#[test]
fn trap_closeness_is_counted_around_walls() {
    // Trapper at B2, a wall line C1-C3 between it and the hero at D2; the way round is
    // through row 4. Free cells next to the trapper: A1, B1, A2, A3, B3. Counted around the
    // wall (as ENGINE.md counts distances), B3 is 3 steps from the hero (C4, D3, D2) and
    // B1 is 5 (B2, B3, C4, D3, D2); the A cells are farther still -> the trap goes in B3,
    // on the hero's way. (The engine measures straight through the wall, finds B1 and B3
    // both 2 away, and the tie policy puts the trap in B1, behind the trapper.)
    let picture = "
        . . # . .
        . t # h .
        . . # . .
        . . . . .
    ";
    let toml = scheme(&kind("Trapper", "", &["do = [\"trap 1d6 immobilize\"]"]));
    let b = board(
        picture,
        &[
            ('t', custom("trapper", "Trapper", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("trap-walls", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert!(of(&ev, "tie").is_empty(), "B3 is strictly closest: {ev:#?}");
    assert_eq!(one(&ev, "trap-set")["cell"], "B3");
    assert_eq!(t.board()["traps"][0]["cell"], "B3");
}

// ---------------------------------------------------------------------------------------
// Roll for effect

fn table_scenario(name: &str, table: &str, shaman_hp: i32) -> (Vec<Value>, Table) {
    // The shaman at A1, the hero at C1: 2 spaces, within range 3, no move, no adjacent
    // enemy; the magic attack hits (seed 3: d20 = 2), then the table is rolled.
    let toml = scheme(&kind(
        "Shaman",
        "range = 3",
        &[&format!(
            "proximity = \"2+\"\ndo = [\"ranged magic attack +30 1d1\", \"{table}\"]"
        )],
    ));
    let b = board(
        "
        s . h .
        ",
        &[
            ('s', custom("shaman", "Shaman", shaman_hp)),
            ('h', hero("hero", 30, json!({ "str": -30 }))),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    (ev, t)
}

#[test]
fn roll_for_effect_table_applies_the_rolled_entry() {
    // Every face of the d4 leads to the same entry, so the outcome is certain.
    // Disarm entry: STR -30 fails the STR 12 save -> the hero is disarmed.
    let (ev, t) = table_scenario("table-disarm", "roll 1d4: 1-4 disarm save STR 12", 20);
    let r = one(&ev, "table-roll");
    assert_eq!(r["entry"], "entry 1-4");
    assert!((1..=4).contains(&r["roll"]["total"].as_i64().unwrap()));
    assert_eq!(statuses(&t.creature("hero").unwrap()), ["disarmed"]);

    // Heal-self entry: the shaman (10 of 20 HP) heals 2, not the hero.
    let (ev, t) = table_scenario("table-heal", "roll 1d4: 1-4 heal self 2", 10);
    assert_eq!(one(&ev, "table-roll")["entry"], "entry 1-4");
    let h = one(&ev, "heal");
    assert_eq!(
        (h["creature"].as_str(), h["amount"].as_i64()),
        (Some("shaman"), Some(2))
    );
    assert_eq!(t.creature("shaman").unwrap()["hp"], 12);
    assert_eq!(t.creature("hero").unwrap()["hp"], 29);

    // The Orc Shaman's printed table: whatever the die shows, the entry follows it.
    let (ev, t) = table_scenario(
        "table-orc",
        "roll 1d4: 1 nothing; 2-3 heal self 2; 4 disarm save STR 12",
        10,
    );
    let r = one(&ev, "table-roll");
    let shaman = t.creature("shaman").unwrap();
    let hero = t.creature("hero").unwrap();
    match r["roll"]["total"].as_i64().unwrap() {
        1 => {
            assert_eq!(r["entry"], "nothing");
            assert_eq!(shaman["hp"], 10);
            assert!(statuses(&hero).is_empty());
        }
        2 | 3 => {
            assert_eq!(r["entry"], "entry 2-3");
            assert_eq!(shaman["hp"], 12);
        }
        4 => {
            assert_eq!(r["entry"], "entry 4");
            assert_eq!(statuses(&hero), ["disarmed"]);
        }
        other => panic!("1d4 rolled {other}"),
    }
}

#[test]
fn a_table_whose_target_fell_is_skipped_and_said() {
    // s . h : the shaman at A1, the hero (1 HP) at C1, 2 spaces off: behaviour `2+`.
    // The magic attack +30 hits (seed 3: d20 = 2, 32 vs defence) for 1d1 = 1: the hero
    // falls. The table adds an effect to a hit on a target that is gone: it is not
    // rolled (its heal-self entry neither), and the narration says so.
    let toml = scheme(&kind(
        "Shaman",
        "range = 3",
        &[
            "proximity = \"2+\"\ndo = [\"ranged magic attack +30 1d1\", \"roll 1d4: 1-4 heal self 2\"]",
        ],
    ));
    let b = board(
        "
        s . h .
        ",
        &[
            ('s', custom("shaman", "Shaman", 10)),
            ('h', with(hero("hero", 30, json!({})), json!({ "hp": 1 }))),
        ],
    );
    let t = Table::new("table-fallen", &b).with_scheme(&toml);
    let r = t.run(&[
        "turn",
        "scheme.toml",
        "board.json",
        "--seed",
        "3",
        "--dry-run",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("  shaman cannot roll 1d4 for effect: its target, hero, has fallen.\n"),
        "{}",
        r.stdout
    );
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "died")["creature"], "hero");
    assert!(of(&ev, "table-roll").is_empty(), "{ev:#?}");
    assert!(of(&ev, "heal").is_empty(), "{ev:#?}");
    let skipped = one(&ev, "action-skipped");
    assert_eq!(skipped["creature"], "shaman");
    assert_eq!(skipped["action"], "roll 1d4 for effect");
    assert_eq!(t.creature("shaman").unwrap()["hp"], 10);
}

// ---------------------------------------------------------------------------------------
// Heals

#[test]
fn warg_at_ten_hp_or_less_heals_itself() {
    // Warg at 8 of 22 HP: behaviour 1 (`self.hp <= 10`) runs: heal self 1d8+1 (2..9,
    // never past 22), no attack, and the behaviour charges 3.
    let picture = "
        w h .
    ";
    let b = board(
        picture,
        &[
            ('w', with(monster("warg", "Warg"), json!({ "hp": 8 }))),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("warg-heal", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["label"], "lick its wounds");
    let h = one(&ev, "heal");
    assert_eq!(h["creature"], "warg");
    let n = h["roll"]["total"].as_i64().unwrap();
    assert!((2..=9).contains(&n));
    assert_eq!(h["amount"].as_i64().unwrap(), n);
    assert!(of(&ev, "attack").is_empty());
    assert_eq!(t.creature("warg").unwrap()["hp"].as_i64().unwrap(), 8 + n);
    assert_eq!(
        t.board()["systems"]["monster-ai"]["types"]["Warg"]["charges"],
        json!({ "1": 3 })
    );
}

#[test]
fn orc_shaman_ranged_heal_goes_to_the_ally_that_lost_most_hp_in_range() {
    // The Orc Shaman (A1, full HP) mends: the warrior at C1 (3/7) is below half, so the
    // condition holds. Candidates within its effective range 6+3: itself (lost 0), the
    // warrior (lost 4), the warg at D1 (12/22, lost 10). The warg at N1 lost 20 but is 13
    // away: no cell within 3 of it is reachable. -> heal the D1 warg; it is 3 away, in
    // range already, so no move. 1d8 (<= 8 < 10 lost) all goes in. Charge 2.
    let picture = "
        s . w g . . . . . . . . . G
        . . . . . . . . . . . . . .
        . . . . . . . . . . . . . h
    ";
    let b = board(
        picture,
        &[
            ('s', monster("shaman", "Orc Shaman")),
            (
                'w',
                with(monster("warrior", "Goblin Warrior"), json!({ "hp": 3 })),
            ),
            ('g', with(monster("warg-1", "Warg"), json!({ "hp": 12 }))),
            ('G', with(monster("warg-2", "Warg"), json!({ "hp": 2 }))),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("ranged-heal", &b);
    let ev = t.turn(&["--monster", "shaman", "--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["label"], "mend");
    assert_eq!(one(&ev, "target")["target"], "warg-1");
    assert!(of(&ev, "move").is_empty());
    let h = one(&ev, "heal");
    assert_eq!(h["creature"], "warg-1");
    let n = h["roll"]["total"].as_i64().unwrap();
    assert_eq!(h["amount"].as_i64().unwrap(), n);
    assert_eq!(
        t.creature("warg-1").unwrap()["hp"].as_i64().unwrap(),
        12 + n
    );
    assert_eq!(t.creature("warg-2").unwrap()["hp"], 2);
    assert_eq!(t.creature("warrior").unwrap()["hp"], 3);
    assert_eq!(
        t.board()["systems"]["monster-ai"]["types"]["Orc Shaman"]["charges"],
        json!({ "1": 2 })
    );
}

// ---------------------------------------------------------------------------------------
// Charges

#[test]
fn charged_behaviour_is_skipped_until_round_ticks_the_charges_off() {
    // Warg at 1 HP next to the hero: heals (1d8+1 -> at most 10 HP, so `self.hp <= 10`
    // still holds afterwards) and charges 3.
    let picture = "
        w h .
    ";
    let b = board(
        picture,
        &[
            ('w', with(monster("warg", "Warg"), json!({ "hp": 1 }))),
            ('h', hero("hero", 60, json!({ "str": 30 }))),
        ],
    );
    let t = Table::new("charges", &b);
    let ev = t.turn(&["--seed", "3"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 1);
    let c = one(&ev, "charged");
    assert_eq!(
        (c["behaviour"].as_u64(), c["charges"].as_u64()),
        (Some(1), Some(3))
    );
    assert!(t.creature("warg").unwrap()["hp"].as_i64().unwrap() <= 10);

    // Next turn in the same round: behaviour 1 is charging -> skipped; behaviour 2 (move,
    // bite) runs instead.
    let ev = t.turn(&["--seed", "4"]);
    let checks = of(&ev, "check");
    assert_eq!(checks[0]["behaviour"], 1);
    assert_eq!(checks[0]["holds"], false);
    assert!(
        checks[0]["why"].as_str().unwrap().contains("charging"),
        "{}",
        checks[0]
    );
    assert_eq!(one(&ev, "behaviour")["behaviour"], 2);
    assert!(of(&ev, "heal").is_empty());

    // Each round start removes one charge: 3 -> 2 -> 1 -> 0 (gone).
    for left in [2u64, 1, 0] {
        let ev = round(&t, &goblins(), &[]);
        let tick = one(&ev, "charge-tick");
        assert_eq!(
            (tick["kind"].as_str(), tick["charges"].as_u64()),
            (Some("Warg"), Some(left))
        );
        let state = t.board()["systems"]["monster-ai"]["types"].clone();
        if left > 0 {
            assert_eq!(state["Warg"]["charges"], json!({ "1": left }));
        } else {
            assert!(state.is_null(), "no charges left: {state}");
        }
    }
    // Charged off: the heal is available again.
    let ev = t.turn(&["--seed", "5"]);
    assert_eq!(one(&ev, "behaviour")["behaviour"], 1);
    assert_eq!(one(&ev, "heal")["creature"], "warg");
}

// The traits that react to what happens to a creature, set off from the player commands
// (and, for Retaliate, from a monster's turn): Retaliate, Explode, Frenzy, Aim for the
// Head, Ethereal, Resurrect and Test Morale. Each test draws its board and works out the
// outcome by hand.
//
// Dice are certain by construction: `1d1+N` damage, defence 0 with +30 (only a natural 1
// misses; the seeds used do not roll one), saves of -30 (always fail).

use crate::common::scenario::*;
use crate::common::*;
use serde_json::{Value, json};

/// A player command on `board.json` with the test's `scheme.toml`, `--json`; the events.
fn cmd(t: &Table, args: &[&str]) -> Vec<Value> {
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(&["--monsters", "scheme.toml", "--json"]);
    let r = t.run(&all);
    assert_eq!(r.code, 0, "{args:?} failed: {}", r.stderr);
    events(&r.stdout)
}

fn round(t: &Table) -> Vec<Value> {
    let r = t.run(&["round", "scheme.toml", "board.json", "--json"]);
    assert_eq!(r.code, 0, "round failed: {}", r.stderr);
    events(&r.stdout)
}

fn hp(t: &Table, id: &str) -> i64 {
    t.creature(id).unwrap()["hp"].as_i64().unwrap()
}

fn traits(v: Value, list: &[&str]) -> Value {
    with(v, json!({ "traits": list }))
}

/// Brute: Range 1, defence 0, Retaliate; its weakest attack is `+30 1d1+1` (2 damage),
/// the other one deals 1d1+5. Sniper: Range 3, Retaliate, `ranged attack +30 1d1+2`.
fn retaliators() -> String {
    scheme(&format!(
        "{}{}",
        kind(
            "Brute",
            "hp = 30\ndefence = 0\ntraits = [\"retaliate\"]",
            &[
                "proximity = \"1\"\ndo = [\"melee attack +30 1d1+5\", \"daze\"]",
                "do = [\"melee attack +30 1d1+1\", \"push 1\"]",
            ],
        ),
        kind(
            "Sniper",
            "hp = 30\ndefence = 0\nrange = 3\ntraits = [\"retaliate\"]",
            &["do = [\"ranged attack +30 1d1+2\"]"],
        )
    ))
}

#[test]
fn retaliate_adjacent_range_one_monster_hits_back_once_per_round() {
    // Hero (30 HP, defence 0) hits the adjacent Brute for 3. The Brute retaliates with its
    // weakest attack, 1d1+1 = 2, without its push: Hero 30 -> 28, still on A1. A second
    // hit in the same round: no retaliation (28 stays). After `round`, it retaliates again
    // (28 -> 26).
    let b = board(
        "h b .",
        &[
            ('h', hero("hero", 30, json!({}))),
            ('b', custom("brute", "Brute", 30)),
        ],
    );
    let t = Table::new("retaliate-adjacent", &b).with_scheme(&retaliators());
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "brute",
            "3",
            "--by",
            "hero",
            "--seed",
            "5",
        ],
    );
    let note = one(&ev, "trait-triggered");
    assert_eq!(
        (note["creature"].as_str(), note["name"].as_str()),
        (Some("brute"), Some("retaliate"))
    );
    let a = one(&ev, "attack");
    assert_eq!(
        (a["attacker"].as_str(), a["target"].as_str()),
        (Some("brute"), Some("hero"))
    );
    assert_hit(a);
    assert_eq!(a["bonus"], 30);
    assert!(of(&ev, "move").is_empty(), "no push on a retaliation");
    assert_eq!(hp(&t, "brute"), 27);
    assert_eq!(hp(&t, "hero"), if a["critical"] == true { 27 } else { 28 });
    let hero_hp = hp(&t, "hero");
    assert_eq!(t.creature("brute").unwrap()["retaliated"], 1);

    let ev = cmd(&t, &["hit", "board.json", "brute", "3", "--by", "hero"]);
    assert!(of(&ev, "attack").is_empty() && of(&ev, "trait-triggered").is_empty());
    assert_eq!(hp(&t, "hero"), hero_hp);

    round(&t);
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "brute",
            "3",
            "--by",
            "hero",
            "--seed",
            "5",
        ],
    );
    assert_hit(one(&ev, "attack"));
    assert!(hp(&t, "hero") < hero_hp);
}

#[test]
fn retaliate_range_three_monster_ignores_adjacent_attackers() {
    // The Sniper (Range 3) is hit by the adjacent Hero: no retaliation. Hit by Kay from 3
    // spaces away (A1 -> D1), it shoots back: 1d1+2 = 3, Kay 30 -> 27.
    let b = board(
        "
        k . . s h
        ",
        &[
            ('k', hero("kay", 30, json!({}))),
            ('s', custom("sniper", "Sniper", 30)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("retaliate-range", &b).with_scheme(&retaliators());
    let ev = cmd(&t, &["hit", "board.json", "sniper", "2", "--by", "hero"]);
    assert!(of(&ev, "attack").is_empty() && of(&ev, "trait-triggered").is_empty());
    assert_eq!(hp(&t, "hero"), 30);

    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "sniper",
            "2",
            "--by",
            "kay",
            "--seed",
            "5",
        ],
    );
    let a = one(&ev, "attack");
    assert_hit(a);
    assert_eq!(
        (a["attacker"].as_str(), a["kind"].as_str()),
        (Some("sniper"), Some("ranged"))
    );
    assert_eq!(hp(&t, "kay"), if a["critical"] == true { 26 } else { 27 });
}

#[test]
fn retaliate_character_strikes_back_at_a_monster_during_its_turn() {
    // A Biter (defence 0) attacks the adjacent Hero (`retaliate +5 1d8`) for 1d1 = 1
    // (30 -> 29). Hero retaliates: d20 + 5 against defence 0 hits unless a natural 1, for
    // 1d8 (2d8 on a natural 20): the Biter loses exactly the damage event's amount.
    let toml = scheme(&kind(
        "Biter",
        "hp = 30\ndefence = 0",
        &["proximity = \"1\"\ndo = [\"melee attack +30 1d1\"]"],
    ));
    let b = board(
        "m h",
        &[
            ('m', custom("biter", "Biter", 30)),
            (
                'h',
                traits(hero("hero", 30, json!({})), &["retaliate +5 1d8"]),
            ),
        ],
    );
    let t = Table::new("retaliate-character", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "5"]);
    let attacks = of(&ev, "attack");
    assert_eq!(attacks.len(), 2, "{ev:#?}");
    assert_eq!(attacks[0]["attacker"], "biter");
    assert_hit(attacks[0]);
    assert_eq!(
        (
            attacks[1]["attacker"].as_str(),
            attacks[1]["bonus"].as_i64()
        ),
        (Some("hero"), Some(5))
    );
    assert_hit(attacks[1]);
    assert_eq!(one(&ev, "trait-triggered")["name"], "retaliate");
    let damage = of(&ev, "damage");
    let dealt = damage[1]["amount"].as_i64().unwrap();
    let most = if attacks[1]["critical"] == true {
        16
    } else {
        8
    };
    assert!((1..=most).contains(&dealt), "{dealt}");
    assert_eq!(hp(&t, "biter"), 30 - dealt);
}

#[test]
fn explode_killing_a_torcher_with_hit() {
    // The Goblin Torcher (8 HP, explode 3) takes 8 and dies on B1; its blast deals 3 to the
    // Hero (A1) and to the Warrior (C1): Hero 30 -> 27, Warrior 7 -> 4. The Archer at E1 is
    // not adjacent.
    let b = board(
        "h t w . r",
        &[
            ('h', hero("hero", 30, json!({}))),
            ('t', monster("torcher", "Goblin Torcher")),
            ('w', monster("warrior", "Goblin Warrior")),
            ('r', monster("archer", "Goblin Archer")),
        ],
    );
    let t = Table::new("explode", &b);
    let g = goblins();
    let r = t.run(&[
        "hit",
        "board.json",
        "torcher",
        "8",
        "--by",
        "hero",
        "--monsters",
        &g,
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert_eq!(one(&ev, "died")["creature"], "torcher");
    assert_eq!(one(&ev, "trait-triggered")["name"], "explode 3");
    assert_eq!(hp(&t, "hero"), 27);
    assert_eq!(hp(&t, "warrior"), 4);
    assert_eq!(hp(&t, "archer"), 7);
    assert!(t.creature("torcher").is_none());
}

#[test]
fn frenzy_character_misses_and_lashes_out() {
    // Hero (`frenzy 2`) attacks the Brute (defence 0 in the scheme, 40 on the board) with
    // --roll -30: only a natural 20 could hit, and seed 1 does not roll one. The miss deals
    // 2 to every creature next to the Hero: the Brute (30 -> 28) and Kay (30 -> 28). Then
    // the Brute, attacked, retaliates at the adjacent Hero (1d1+1 = 2: 30 -> 28).
    let b = board(
        "
        k h b
        ",
        &[
            ('k', hero("kay", 30, json!({}))),
            ('h', traits(hero("hero", 30, json!({})), &["frenzy 2"])),
            (
                'b',
                with(custom("brute", "Brute", 30), json!({ "defence": 40 })),
            ),
        ],
    );
    let t = Table::new("frenzy", &b).with_scheme(&retaliators());
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "brute",
            "5",
            "--by",
            "hero",
            "--roll",
            "-30",
            "--seed",
            "1",
        ],
    );
    let a = &of(&ev, "attack")[0];
    assert_ne!(a["kept"], 20, "the seed rolled a natural 20");
    assert_eq!(a["hit"], false);
    assert_eq!(of(&ev, "trait-triggered")[0]["name"], "frenzy 2");
    assert_eq!(hp(&t, "kay"), 28);
    assert_eq!(hp(&t, "brute"), 28);
    let back = &of(&ev, "attack")[1];
    assert_eq!(back["attacker"], "brute");
    assert_hit(back);
    assert_eq!(
        hp(&t, "hero"),
        if back["critical"] == true { 27 } else { 28 }
    );
}

#[test]
fn aim_for_the_head_dies_to_a_declared_critical() {
    // A 30-HP Skull (aim for the head) hit for 1 with --crit dies at once; a Brute hit the
    // same way takes the doubled dice: 2d1+1 = 3 (30 -> 27).
    let toml = scheme(&format!(
        "{}{}",
        kind(
            "Skull",
            "hp = 30\ntraits = [\"aim for the head\"]",
            &["do = [\"melee attack +0 1d1\"]"]
        ),
        kind("Brute", "hp = 30", &["do = [\"melee attack +0 1d1\"]"])
    ));
    let b = board(
        "s . b . h",
        &[
            ('s', custom("skull", "Skull", 30)),
            ('b', custom("brute", "Brute", 30)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("aim", &b).with_scheme(&toml);
    let ev = cmd(&t, &["hit", "board.json", "skull", "1", "--crit"]);
    assert_eq!(one(&ev, "trait-triggered")["name"], "aim for the head");
    assert_eq!(one(&ev, "died")["creature"], "skull");
    assert!(of(&ev, "damage").is_empty());
    assert!(t.creature("skull").is_none());
    let ev = cmd(&t, &["hit", "board.json", "brute", "1d1+1", "--crit"]);
    let d = one(&ev, "damage");
    assert_eq!(d["amount"], 3);
    assert_eq!(hp(&t, "brute"), 27);
}

#[test]
fn ethereal_gives_magic_attacks_advantage() {
    // A magic attack on the Ghost (ethereal) rolls two d20s and keeps the higher; a plain
    // one rolls one.
    let toml = scheme(&kind(
        "Ghost",
        "hp = 30\ndefence = 0\ntraits = [\"ethereal\"]",
        &["do = [\"move\"]"],
    ));
    let b = board(
        "g h",
        &[
            ('g', custom("ghost", "Ghost", 30)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("ethereal", &b).with_scheme(&toml);
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "ghost",
            "1",
            "--by",
            "hero",
            "--roll",
            "+30",
            "--magic",
            "--seed",
            "5",
        ],
    );
    let a = one(&ev, "attack");
    assert_eq!(a["edge"], "advantage");
    assert_eq!(a["faces"].as_array().unwrap().len(), 2);
    assert_eq!(a["kind"], "magic melee");
    assert_hit(a);
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "ghost",
            "1",
            "--by",
            "hero",
            "--roll",
            "+30",
        ],
    );
    assert_eq!(one(&ev, "attack")["edge"], "normal");
}

#[test]
fn resurrect_comes_back_with_half_its_hp() {
    // The Lich (25 HP, resurrect) dies on B1 to 25 damage. It is scheduled for round
    // 1 + 1d4; each `round` before that leaves it gone; at that round's start it is back on
    // B1 with 13 HP (25 / 2 rounded up). Kay standing on B1 by then pushes it to the free
    // cell closest to B1.
    let toml = scheme(&kind(
        "Lich",
        "hp = 25\ntraits = [\"resurrect\"]",
        &["do = [\"move\"]"],
    ));
    let b = board(
        "h l .",
        &[
            ('h', hero("hero", 30, json!({}))),
            ('l', custom("lich", "Lich", 25)),
        ],
    );
    let t = Table::new("resurrect", &b).with_scheme(&toml);
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "lich",
            "25",
            "--by",
            "hero",
            "--seed",
            "5",
        ],
    );
    assert_eq!(one(&ev, "died")["creature"], "lich");
    let s = one(&ev, "resurrection-scheduled");
    let due = s["round"].as_u64().unwrap();
    let rolled = s["roll"]["total"].as_u64().unwrap();
    assert!((1..=4).contains(&rolled));
    assert_eq!(due, 1 + rolled);
    assert!(t.creature("lich").is_none());
    assert_eq!(t.board()["resurrections"][0]["creature"]["hp"], 13);
    // Kay is added where the Lich fell.
    cmd(
        &t,
        &[
            "add",
            "board.json",
            "kay",
            "B1",
            "--character",
            "--hp",
            "10",
        ],
    );
    for r in 2..due {
        let ev = round(&t);
        assert!(of(&ev, "resurrected").is_empty(), "round {r}");
        assert!(t.creature("lich").is_none());
    }
    let ev = round(&t);
    let back = one(&ev, "resurrected");
    assert_eq!(
        (back["hp"].as_i64(), back["max_hp"].as_i64()),
        (Some(13), Some(25))
    );
    assert_eq!(back["cell"], "C1");
    let lich = t.creature("lich").unwrap();
    assert_eq!(
        (lich["hp"].as_i64(), lich["position"].as_str()),
        (Some(13), Some("C1"))
    );
    assert!(t.board().get("resurrections").is_none());
}

#[test]
fn test_morale_a_hit_below_half_makes_it_retreat() {
    // The Grunt (20 HP, test morale, WIS -30) takes 11: 9 HP is below half of 20, the WIS
    // 10 save (d20 - 30) fails, and it retreats (not a death).
    let toml = scheme(&kind(
        "Grunt",
        "hp = 20\nsaves = { wis = -30 }\ntraits = [\"test morale\"]",
        &["do = [\"move\"]"],
    ));
    let b = board(
        "h g",
        &[
            ('h', hero("hero", 30, json!({}))),
            ('g', custom("grunt", "Grunt", 20)),
        ],
    );
    let t = Table::new("morale", &b).with_scheme(&toml);
    let ev = cmd(&t, &["hit", "board.json", "grunt", "11", "--by", "hero"]);
    assert_eq!(one(&ev, "damage")["hp"], 9);
    assert_eq!(one(&ev, "trait-triggered")["name"], "test morale");
    assert_eq!(one(&ev, "save")["success"], false);
    assert_eq!(one(&ev, "retreat")["creature"], "grunt");
    assert!(of(&ev, "died").is_empty());
    assert!(t.creature("grunt").is_none());
}

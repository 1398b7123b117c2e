// End-to-end scenarios for the special traits of the scheme system (seed 000 "Special
// Traits", ENGINE.md): each test draws its board, works out the expected outcome by hand,
// runs the built binary and checks the `--json` events and the board written back.
// Characters carry traits too (board field `traits`).
//
// Dice are taken out of the picture by construction: damage `1d1+N`, defence 0 with a
// +30 bonus (only a natural 1 misses; the seeds used do not roll one), save modifiers of
// -30 (always fails) or +30 (always succeeds).

use crate::common::scenario::*;
use crate::common::*;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------
// Helpers local to these scenarios.

/// A melee brute: move, then the quoted action lines in `attack` (e.g. `"melee attack +30 1d1"`).
fn brute(name: &str, head: &str, attack: &str) -> String {
    kind(
        name,
        head,
        &[&format!("proximity = \"1+\"\ndo = [\"move\", {attack}]")],
    )
}

fn traits(v: Value, list: &[&str]) -> Value {
    with(v, json!({ "traits": list }))
}

fn faces(v: &Value) -> Vec<u64> {
    v["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap())
        .collect()
}

fn fallen_ids(b: &Value) -> Vec<String> {
    b["fallen"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| f["creature"]["id"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn reasons(attack: &Value) -> String {
    strings(&attack["edge_reasons"]).join("; ")
}

// ---------------------------------------------------------------------------------------
// Cowardly

#[test]
fn cowardly_terrified_monster_retreats_at_its_turn() {
    // A terrified Goblin Warrior (Cowardly) flees when its turn starts: retreat, no
    // behaviour. A terrified Warg (not Cowardly) just acts.
    let picture = "
        w h .
        . . .
        g k .
    ";
    let terrified = json!({ "statuses": [{ "status": "terrified", "until": "removed" }] });
    let b = board(
        picture,
        &[
            (
                'w',
                with(monster("warrior", "Goblin Warrior"), terrified.clone()),
            ),
            ('h', hero("hero", 30, json!({ "str": 30 }))),
            ('g', with(monster("warg", "Warg"), terrified)),
            ('k', hero("kay", 30, json!({ "str": 30 }))),
        ],
    );
    let t = Table::new("cowardly", &b);
    let ev = t.turn(&["--monster", "warrior", "--seed", "3"]);
    let note = one(&ev, "trait-triggered");
    assert_eq!(
        (note["creature"].as_str(), note["name"].as_str()),
        (Some("warrior"), Some("cowardly"))
    );
    assert_eq!(one(&ev, "retreat")["creature"], "warrior");
    assert!(of(&ev, "behaviour").is_empty() && of(&ev, "attack").is_empty());
    assert!(t.creature("warrior").is_none());
    assert!(
        fallen_ids(&t.board()).is_empty(),
        "a retreat is not a death"
    );

    let ev = t.turn(&["--monster", "warg", "--seed", "3"]);
    assert!(of(&ev, "retreat").is_empty());
    assert_eq!(one(&ev, "behaviour")["behaviour"], 2);
    assert!(t.creature("warg").is_some());

    // A Cowardly character who becomes terrified (a `terrify` effect) flees at once.
    let toml = scheme(&kind(
        "Bogey",
        "",
        &["proximity = \"1\"\ndo = [\"target adjacent enemies\", \"terrify\"]"],
    ));
    let b = board(
        "
        m c .
        ",
        &[
            ('m', custom("bogey", "Bogey", 20)),
            ('c', traits(hero("coward", 30, json!({})), &["cowardly"])),
        ],
    );
    let t = Table::new("cowardly-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "status-gained")["status"], "terrified");
    assert_eq!(one(&ev, "retreat")["creature"], "coward");
    assert!(t.creature("coward").is_none());
}

// ---------------------------------------------------------------------------------------
// Slippery

/// A monster at B2 next to a weak hero (C2, 5 HP) goes for the strong one (G2, 40 HP,
/// highest-HP priority) 5 spaces away: walking there takes it out of the weak hero's
/// reach.
fn leave_reach(name: &str, trait_line: &str) -> Vec<Value> {
    let picture = "
        . . . . . . . .
        . m w . . . b .
        . . . . . . . .
    ";
    let toml = scheme(&brute(
        "Runner",
        &format!("target_priority = \"highest-hp\"\n{trait_line}"),
        "\"melee attack +30 1d1\"",
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Runner", 20)),
            ('w', hero("weak", 5, json!({}))),
            ('b', hero("big", 40, json!({}))),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_eq!(one(&ev, "target")["target"], "big");
    let to = one(&ev, "move")["to"].as_str().unwrap().to_string();
    assert!(
        !["B1", "B2", "B3", "C1", "C3", "D1", "D2", "D3"].contains(&to.as_str()),
        "{to}"
    );
    ev
}

#[test]
fn slippery_disengages_while_a_plain_monster_provokes() {
    let ev = leave_reach("slippery", "traits = [\"slippery\"]");
    assert_eq!(one(&ev, "disengage")["creature"], "m");
    assert!(of(&ev, "provoke").is_empty());

    let ev = leave_reach("not-slippery", "");
    let p = one(&ev, "provoke");
    assert_eq!(
        (p["creature"].as_str(), p["enemy"].as_str()),
        (Some("m"), Some("weak"))
    );
    assert!(of(&ev, "disengage").is_empty());
}

// ---------------------------------------------------------------------------------------
// Evasive

#[test]
fn attacks_against_an_evasive_character_have_disadvantage() {
    // Two d20s, the lower kept; the reason names the evasive target.
    let toml = scheme(&brute("Brute", "", "\"melee attack +30 1d1\""));
    let b = board(
        "
        m e .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            ('e', traits(hero("eel", 30, json!({})), &["evasive"])),
        ],
    );
    let t = Table::new("evasive", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(a["edge"], "disadvantage");
    assert!(reasons(a).contains("evasive"), "{a}");
    let f = faces(a);
    assert_eq!(f.len(), 2);
    assert_eq!(a["kept"].as_u64().unwrap(), *f.iter().min().unwrap());
    assert_eq!(a["hit"], a["kept"] != 1);
}

// ---------------------------------------------------------------------------------------
// Haste

#[test]
fn haste_puts_the_warg_card_in_the_top_half_after_round() {
    // The shipped scenario has 7 turn cards: aria, borin, cass, dain, Warg (Haste), Orc
    // Shaman, Goblin Warrior. The 6 others are shuffled and cut 3/3; the Warg card is
    // shuffled into the top stack, which goes on top: it is always one of the first 4.
    let text = std::fs::read_to_string(repo().join("scenarios/goblin-ambush.json")).unwrap();
    let scenario: Value = serde_json::from_str(&text).unwrap();
    let g = goblins();
    let mut spots = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let t = Table::new(&format!("haste-{seed}"), &scenario);
        let s = seed.to_string();
        let r = t.run(&["round", &g, "board.json", "--json", "--seed", &s]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = events(&r.stdout);
        let order = t.board()["turn_order"].clone();
        assert_eq!(one(&ev, "turn-order")["cards"], order);
        let cards = strings(&order);
        assert_eq!(cards.len(), 7, "{cards:?}");
        let at = cards.iter().position(|c| c == "Warg").unwrap();
        assert!(at < 4, "seed {seed}: Warg drawn at {} in {cards:?}", at + 1);
        spots.insert(at);
    }
    assert!(
        spots.len() > 1,
        "the Warg card is shuffled, not fixed: {spots:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Explode

#[test]
fn torcher_at_1_hp_burning_at_turn_start_explodes_on_its_neighbours() {
    // The torcher (Explode 3) at B2 stands in fire with 1 HP: the 1d4 fire damage at the
    // start of its turn kills it; it deals 3 to each adjacent creature: the hero at C2
    // (10 -> 7) and the warrior at A1, its own ally (7 -> 4). The hero at E3 is 3 away:
    // untouched. The torcher is among the fallen; it takes no action.
    let picture = "
        w . . . .
        . t h . .
        . . . . f
    ";
    let b = board_with(
        picture,
        &[
            ('w', monster("warrior", "Goblin Warrior")),
            (
                't',
                with(monster("torcher", "Goblin Torcher"), json!({ "hp": 1 })),
            ),
            ('h', hero("hero", 10, json!({}))),
            ('f', hero("far", 10, json!({}))),
        ],
        json!({ "fires": [{ "cell": "B2", "rounds_left": 2 }] }),
    );
    let t = Table::new("explode", &b);
    let ev = t.turn(&["--monster", "torcher", "--seed", "3"]);
    assert_eq!(one(&ev, "died")["creature"], "torcher");
    let note = one(&ev, "trait-triggered");
    assert_eq!(note["name"], "explode 3");
    let blasts: Vec<(&str, i64)> = of(&ev, "damage")
        .iter()
        .filter(|d| d["source"] == "torcher's explosion")
        .map(|d| (d["target"].as_str().unwrap(), d["amount"].as_i64().unwrap()))
        .collect();
    assert_eq!(blasts, [("warrior", 3), ("hero", 3)]);
    assert!(of(&ev, "behaviour").is_empty());
    assert_eq!(t.creature("hero").unwrap()["hp"], 7);
    assert_eq!(t.creature("warrior").unwrap()["hp"], 4);
    assert_eq!(t.creature("far").unwrap()["hp"], 10);
    assert!(t.creature("torcher").is_none());
    assert_eq!(fallen_ids(&t.board()), ["torcher"]);
}

// ---------------------------------------------------------------------------------------
// The Hag's aura

#[test]
fn hag_aura_adds_one_damage_to_another_goblins_attack() {
    // The warrior at A2 bites the hero at B2 (seed 3: d20 = 2, +4 = 6 >= defence 0). The
    // Hag is on the board (far away, not acting): +1 to the damage, listed as a modifier.
    let picture = "
        . . . . g
        w h . . .
    ";
    let b = board(
        picture,
        &[
            (
                'g',
                with(
                    monster("hag", "Goblin Hag"),
                    json!({ "name": "Goblin Hag" }),
                ),
            ),
            ('w', monster("warrior", "Goblin Warrior")),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("aura", &b);
    let ev = t.turn(&["--monster", "warrior", "--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let d = one(&ev, "damage");
    let rolled = d["roll"]["total"].as_i64().unwrap();
    assert_eq!(d["amount"].as_i64().unwrap(), rolled + 1);
    assert_eq!(strings(&d["modifiers"]), ["+1 from Goblin Hag's aura"]);
    assert_eq!(
        t.creature("hero").unwrap()["hp"].as_i64().unwrap(),
        30 - rolled - 1
    );
}

// ---------------------------------------------------------------------------------------
// Flying

#[test]
fn flying_character_cannot_be_the_target_of_melee_attacks() {
    let toml = scheme(&brute("Brute", "", "\"melee attack +30 1d1\""));
    // The flyer at B1 is next to the brute (A1); the walker at E1 is 4 away. Melee cannot
    // reach a flyer, so the walker is the only candidate: move to D1, attack it.
    let b = board(
        "
        m f . . w
        . . . . .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            ('f', traits(hero("flyer", 30, json!({})), &["flying"])),
            ('w', hero("walker", 30, json!({}))),
        ],
    );
    let t = Table::new("flying-1", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let target = one(&ev, "target");
    assert_eq!(target["target"], "walker");
    assert_eq!(strings(&target["candidates"]), ["walker"]);
    let a = one(&ev, "attack");
    assert_eq!(a["target"], "walker");
    assert_eq!(t.creature("flyer").unwrap()["hp"], 30);

    // Only the flyer: no behaviour holds -> fallback: two moves toward the closest enemy,
    // and no attack at all.
    let b = board(
        "
        m . . . f
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            ('f', traits(hero("flyer", 30, json!({})), &["flying"])),
        ],
    );
    let t = Table::new("flying-2", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    one(&ev, "fallback");
    assert!(of(&ev, "attack").is_empty());
    assert_eq!(one(&ev, "move")["to"], "D1");
    assert_eq!(t.creature("flyer").unwrap()["hp"], 30);
}

// ---------------------------------------------------------------------------------------
// Floating / flying over difficult terrain

/// The corridor B2 -> F2 has two difficult cells (C2, D2); the other way round, B3 C4
/// D4 E4 to F3, is 5 steps of plain floor. The hero is at F2; its free neighbours are E2
/// and F3 only.
fn over_difficult(name: &str, trait_line: &str) -> Value {
    let picture = "
        # # # # # # #
        # m ~ ~ . h #
        # . # # # . #
        # . . . . . #
        # # # # # # #
    ";
    let toml = scheme(&brute("Mover", trait_line, "\"melee attack +30 1d1\""));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Mover", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    one(&ev, "move").clone()
}

#[test]
fn walker_goes_around_difficult_terrain() {
    // Monsters avoid difficult terrain when another way reaches the target: around, 5
    // steps, to F3 (E2 that way would be 6).
    let mv = over_difficult("difficult-walker", "");
    assert_eq!(strings(&mv["path"]), ["B3", "C4", "D4", "E4", "F3"]);
}

#[test]
fn floating_and_flying_go_straight_over_difficult_terrain() {
    // Unaffected by difficult terrain: straight down the corridor, C2 D2 E2, 3 steps.
    for t in ["floating", "flying"] {
        let mv = over_difficult(&format!("difficult-{t}"), &format!("traits = [\"{t}\"]"));
        assert_eq!(strings(&mv["path"]), ["C2", "D2", "E2"], "{t}");
    }
}

// ---------------------------------------------------------------------------------------
// Intangible

/// A wall line at E2 between the monster (B2) and the hero (H2); the way round is
/// B3 C4 D4 E4 F4 G4 H3 (7 steps; H3 is next to H2, G3 is a wall). Speed 7, so both
/// ways fit in one move and the hero (8 steps around the walls) is within the effective
/// range 7+1.
fn through_wall(name: &str, trait_line: &str) -> Value {
    let picture = "
        # # # # # # # # #
        # m . . # . . h #
        # . # # # # # . #
        # . . . . . . . #
        # # # # # # # # #
    ";
    let toml = scheme(&brute(
        "Mover",
        &format!("speed = 7\n{trait_line}"),
        "\"melee attack +30 1d1\"",
    ));
    let b = board(
        picture,
        &[
            ('m', custom("m", "Mover", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    one(&ev, "move").clone()
}

#[test]
fn intangible_passes_through_a_wall_line() {
    // Through the wall: C2 D2 E2(wall) F2 G2 — 5 steps, ending on G2 (not in the wall).
    let mv = through_wall("intangible", "traits = [\"intangible\"]");
    assert_eq!(strings(&mv["path"]), ["C2", "D2", "E2", "F2", "G2"]);
    // Without the trait: the long way round.
    let mv = through_wall("not-intangible", "");
    assert_eq!(
        strings(&mv["path"]),
        ["B3", "C4", "D4", "E4", "F4", "G4", "H3"]
    );
}

// ---------------------------------------------------------------------------------------
// Inspiring and Intimidate

#[test]
fn inspiring_ally_next_to_the_attacker_gives_advantage() {
    // The banner (Inspiring) at B1 is next to the brute at B2: advantage, two d20s, the
    // higher kept. With the banner at E1 instead (not adjacent): a plain roll.
    let toml = scheme(&format!(
        "{}{}",
        brute("Brute", "", "\"melee attack +30 1d1\""),
        kind(
            "Banner",
            "traits = [\"inspiring\"]",
            &["do = [\"nothing\"]"]
        )
    ));
    let b = board(
        "
        . i . . .
        . m h . .
        ",
        &[
            (
                'i',
                with(custom("banner", "Banner", 20), json!({ "name": "Banner" })),
            ),
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("inspiring", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "m", "--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(a["edge"], "advantage");
    assert_eq!(reasons(a), "inspired by Banner");
    let f = faces(a);
    assert_eq!(f.len(), 2);
    assert_eq!(a["kept"].as_u64().unwrap(), *f.iter().max().unwrap());

    let b = board(
        "
        . . . . i
        . m h . .
        ",
        &[
            ('i', custom("banner", "Banner", 20)),
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
    );
    let t = Table::new("inspiring-far", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "m", "--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(a["edge"], "normal");
    assert_eq!(faces(a).len(), 1);
}

#[test]
fn intimidating_enemy_next_to_the_attacker_gives_disadvantage() {
    // The ogre (Intimidate) at B1 is next to the brute at B2, which attacks the hero at
    // C2 (lowest HP: 10 against the ogre's 30): standing next to the ogre, it rolls with
    // disadvantage, the lower d20 kept.
    let toml = scheme(&brute(
        "Brute",
        "target_priority = \"lowest-hp\"",
        "\"melee attack +30 1d1\"",
    ));
    let b = board(
        "
        . g . .
        . m h .
        ",
        &[
            (
                'g',
                traits(
                    with(hero("ogre", 30, json!({})), json!({ "name": "Ogre" })),
                    &["intimidate"],
                ),
            ),
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 10, json!({}))),
        ],
    );
    let t = Table::new("intimidate", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(a["target"], "hero");
    assert_eq!(a["edge"], "disadvantage");
    assert_eq!(reasons(a), "intimidated by Ogre");
    let f = faces(a);
    assert_eq!(f.len(), 2);
    assert_eq!(a["kept"].as_u64().unwrap(), *f.iter().min().unwrap());
}

// ---------------------------------------------------------------------------------------
// Invulnerable and Immunity

#[test]
fn invulnerable_character_takes_no_damage_and_no_statuses() {
    // A sure hit (seed 3: d20 = 2) for 1d1+4 = 5 and a daze whose DEX save fails (-30):
    // the invulnerable hero takes 0 (5 prevented) and is not dazed.
    let toml = scheme(&brute(
        "Brute",
        "",
        "\"melee attack +30 1d1+4\", \"daze save DEX 12\"",
    ));
    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            (
                'h',
                traits(hero("hero", 30, json!({ "dex": -30 })), &["invulnerable"]),
            ),
        ],
    );
    let t = Table::new("invulnerable", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    let d = one(&ev, "damage");
    assert_eq!(
        (d["amount"].as_i64(), d["prevented"].as_i64()),
        (Some(0), Some(5))
    );
    assert!(of(&ev, "status-gained").is_empty());
    let h = t.creature("hero").unwrap();
    assert_eq!(h["hp"], 30);
    assert!(statuses(&h).is_empty());
}

#[test]
fn immunity_immobilized_blocks_that_status_only() {
    // A Warg-style bite: 1d1+2 and `immobilize save STR 12` with STR -30 (fails). The
    // hero immune to `immobilized` takes the 3 damage but is not immobilized.
    let toml = scheme(&brute(
        "Biter",
        "",
        "\"melee attack +30 1d1+2\", \"immobilize save STR 12\"",
    ));
    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Biter", 20)),
            (
                'h',
                traits(
                    hero("hero", 30, json!({ "str": -30 })),
                    &["immunity immobilized"],
                ),
            ),
        ],
    );
    let t = Table::new("immunity", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "damage")["amount"], 3);
    let note = one(&ev, "trait-triggered");
    assert_eq!(note["name"], "immunity immobilized");
    assert!(of(&ev, "status-gained").is_empty());
    let h = t.creature("hero").unwrap();
    assert_eq!(h["hp"], 27);
    assert!(statuses(&h).is_empty());
}

#[test]
fn immunity_fire_takes_no_fire_damage_at_turn_start() {
    // A fire-immune brute starting its turn in fire: the 1d4 is rolled but nothing taken.
    let toml = scheme(&brute(
        "Salamander",
        "traits = [\"immunity fire\"]",
        "\"melee attack +30 1d1\"",
    ));
    let b = board_with(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Salamander", 20)),
            ('h', hero("hero", 30, json!({}))),
        ],
        json!({ "fires": [{ "cell": "A1", "rounds_left": 2 }] }),
    );
    let t = Table::new("immunity-fire", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let burn = of(&ev, "damage")
        .into_iter()
        .find(|d| d["source"] == "fire")
        .expect("the fire is rolled");
    assert_eq!(burn["amount"], 0);
    assert_eq!(t.creature("m").unwrap()["hp"], 20);
}

// ---------------------------------------------------------------------------------------
// Resistance, Weakness, Boss Resistance

#[test]
fn resistance_weakness_and_boss_resistance_set_the_save_edge() {
    // The shouter at B2 targets all four adjacent heroes with `daze save DEX 12` (no
    // attack roll). Each rolls its own save:
    //   r (A1) resistance dazed -> advantage (higher of two d20s)
    //   w (B1) weakness dazed   -> disadvantage (lower of two)
    //   b (A2) boss resistance  -> advantage on every save
    //   p (C2) resistance fire  -> not about dazed: a plain roll
    let toml = scheme(&kind(
        "Shouter",
        "",
        &["proximity = \"1\"\ndo = [\"target adjacent enemies\", \"daze save DEX 12\"]"],
    ));
    let b = board(
        "
        r w .
        b m p
        ",
        &[
            ('r', traits(hero("r", 30, json!({})), &["resistance dazed"])),
            ('w', traits(hero("w", 30, json!({})), &["weakness dazed"])),
            ('b', traits(hero("b", 30, json!({})), &["boss resistance"])),
            ('m', custom("m", "Shouter", 20)),
            ('p', traits(hero("p", 30, json!({})), &["resistance fire"])),
        ],
    );
    let t = Table::new("save-edges", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    let saves = of(&ev, "save");
    let got: Vec<(&str, &str)> = saves
        .iter()
        .map(|s| (s["creature"].as_str().unwrap(), s["edge"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            ("r", "advantage"),
            ("w", "disadvantage"),
            ("b", "advantage"),
            ("p", "normal")
        ]
    );
    for s in &saves {
        let f = faces(s);
        let kept = s["total"].as_i64().unwrap() - s["modifier"].as_i64().unwrap();
        let want = match s["edge"].as_str().unwrap() {
            "advantage" => *f.iter().max().unwrap(),
            "disadvantage" => *f.iter().min().unwrap(),
            _ => {
                assert_eq!(f.len(), 1);
                f[0]
            }
        };
        assert_eq!(kept as u64, want, "{s}");
        assert_eq!(s["success"], kept >= 12, "{s}");
    }
}

// ---------------------------------------------------------------------------------------
// Frenzy

#[test]
fn frenzy_miss_deals_damage_to_every_adjacent_creature() {
    // The berserker (Frenzy 2) at B2 attacks +0 against defence 50: seed 3's d20 is 2 (not
    // a natural 20) -> miss. Frenzy: 2 damage to every adjacent creature — the hero at C2
    // and its own ally at A1 — but not the hero at E3, 3 away.
    let toml = scheme(&format!(
        "{}{}",
        brute(
            "Berserker",
            "traits = [\"frenzy 2\"]",
            "\"melee attack +0 1d1\""
        ),
        kind("Pal", "", &["do = [\"nothing\"]"])
    ));
    let b = board(
        "
        a . . . .
        . m h . .
        . . . . f
        ",
        &[
            ('a', custom("pal", "Pal", 10)),
            ('m', custom("m", "Berserker", 20)),
            ('h', player("hero", 20, 50)),
            ('f', player("far", 20, 50)),
        ],
    );
    let t = Table::new("frenzy", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "m", "--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(
        (a["hit"].as_bool(), a["critical"].as_bool()),
        (Some(false), Some(false))
    );
    assert_eq!(one(&ev, "trait-triggered")["name"], "frenzy 2");
    let mut hurt: Vec<(&str, i64)> = of(&ev, "damage")
        .iter()
        .map(|d| (d["target"].as_str().unwrap(), d["amount"].as_i64().unwrap()))
        .collect();
    hurt.sort();
    assert_eq!(hurt, [("hero", 2), ("pal", 2)]);
    assert_eq!(t.creature("hero").unwrap()["hp"], 18);
    assert_eq!(t.creature("pal").unwrap()["hp"], 8);
    assert_eq!(t.creature("far").unwrap()["hp"], 20);
}

// ---------------------------------------------------------------------------------------
// Aim for the Head

#[test]
fn aim_for_the_head_dies_to_a_critical_hit() {
    // Seed 5's first d20 is a 20: a critical hit. The hero with 100 HP and Aim for the
    // Head dies at once; the same roll against a plain hero doubles the dice instead
    // (1d1+1 -> 2d1+1 = 3).
    let toml = scheme(&brute("Brute", "", "\"melee attack +0 1d1+1\""));
    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            (
                'h',
                traits(hero("hero", 100, json!({})), &["aim for the head"]),
            ),
        ],
    );
    let t = Table::new("aim-head", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "5"]);
    let a = one(&ev, "attack");
    assert_eq!(faces(a), [20]);
    assert_eq!(a["critical"], true);
    assert_eq!(one(&ev, "trait-triggered")["name"], "aim for the head");
    assert_eq!(one(&ev, "died")["creature"], "hero");
    assert!(of(&ev, "damage").is_empty());
    assert!(t.creature("hero").is_none());
    assert_eq!(fallen_ids(&t.board()), ["hero"]);

    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            ('h', hero("hero", 100, json!({}))),
        ],
    );
    let t = Table::new("aim-head-plain", &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "5"]);
    assert_eq!(one(&ev, "attack")["critical"], true);
    let d = one(&ev, "damage");
    assert_eq!(d["roll"]["dice"], "2d1+1");
    assert_eq!(d["amount"], 3);
    assert_eq!(t.creature("hero").unwrap()["hp"], 97);
}

// ---------------------------------------------------------------------------------------
// Ethereal

#[test]
fn magic_attacks_have_advantage_against_an_ethereal_target() {
    // From A1 to the ghost at C1 (2 away, range 3, nobody adjacent): a magic ranged
    // attack rolls with advantage; a plain ranged attack rolls normally.
    let toml = scheme(&format!(
        "{}{}",
        kind(
            "Mage",
            "range = 3",
            &["proximity = \"2+\"\ndo = [\"ranged magic attack +30 1d1\"]"]
        ),
        kind(
            "Archer",
            "range = 3",
            &["proximity = \"2+\"\ndo = [\"ranged attack +30 1d1\"]"]
        )
    ));
    let b = board(
        "
        m . g .
        . . . .
        a . . .
        ",
        &[
            ('m', custom("mage", "Mage", 20)),
            ('a', custom("archer", "Archer", 20)),
            ('g', traits(hero("ghost", 30, json!({})), &["ethereal"])),
        ],
    );
    let t = Table::new("ethereal", &b).with_scheme(&toml);
    let ev = play(&t, &["--monster", "mage", "--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(
        (a["kind"].as_str(), a["edge"].as_str()),
        (Some("magic ranged"), Some("advantage"))
    );
    assert!(reasons(a).contains("ethereal"), "{a}");
    assert_eq!(a["kept"].as_u64().unwrap(), *faces(a).iter().max().unwrap());

    let ev = play(&t, &["--monster", "archer", "--seed", "3"]);
    let a = one(&ev, "attack");
    assert_eq!(
        (a["kind"].as_str(), a["edge"].as_str()),
        (Some("ranged"), Some("normal"))
    );
    assert_eq!(faces(a).len(), 1);
}

// ---------------------------------------------------------------------------------------
// Test Morale

fn morale(name: &str, wis: i32) -> (Vec<Value>, Table) {
    // A 1d1+5 = 6 hit on a hero with Test Morale at 15 of 20 HP: 9 is below half of 20,
    // the first time -> WIS 10 save.
    let toml = scheme(&brute("Brute", "", "\"melee attack +30 1d1+5\""));
    let b = board(
        "
        m h .
        ",
        &[
            ('m', custom("m", "Brute", 20)),
            (
                'h',
                traits(
                    with(
                        hero("hero", 15, json!({ "wis": wis })),
                        json!({ "max_hp": 20 }),
                    ),
                    &["test morale"],
                ),
            ),
        ],
    );
    let t = Table::new(name, &b).with_scheme(&toml);
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert_eq!(one(&ev, "damage")["hp"], 9);
    assert_eq!(one(&ev, "trait-triggered")["name"], "test morale");
    let s = one(&ev, "save");
    assert_eq!(
        (s["ability"].as_str(), s["dc"].as_i64()),
        (Some("WIS"), Some(10))
    );
    (ev, t)
}

#[test]
fn test_morale_failed_save_below_half_hp_retreats() {
    // WIS -30: the save fails -> the hero retreats (removed, not dead).
    let (ev, t) = morale("morale-fail", -30);
    assert_eq!(one(&ev, "save")["success"], false);
    assert_eq!(one(&ev, "retreat")["creature"], "hero");
    assert!(t.creature("hero").is_none());
    assert!(fallen_ids(&t.board()).is_empty());
}

#[test]
fn test_morale_made_save_stays_and_is_not_tested_again() {
    // WIS +30: the save succeeds, the hero stays at 9 HP, and the test is spent.
    let (ev, t) = morale("morale-pass", 30);
    assert_eq!(one(&ev, "save")["success"], true);
    assert!(of(&ev, "retreat").is_empty());
    let h = t.creature("hero").unwrap();
    assert_eq!(
        (h["hp"].as_i64(), h["morale_tested"].as_bool()),
        (Some(9), Some(true))
    );
    // Hit again (9 -> 3): once per combat, so no second test.
    let ev = play(&t, &["--seed", "3"]);
    assert_hit(one(&ev, "attack"));
    assert!(of(&ev, "save").is_empty() && of(&ev, "trait-triggered").is_empty());
    assert_eq!(t.creature("hero").unwrap()["hp"], 3);
}

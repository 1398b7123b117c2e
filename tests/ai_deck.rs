//! The AI-deck system (seed 003) worked by hand: each case draws its map, fixes the AI
//! deck in the board (so the card drawn is known) and uses accuracy 1+ (every d10 hits)
//! or 11+ (none can) where dice would otherwise decide. The reasoning is in the comment
//! above each case; the program must agree with it.
//!
//! Two test types share every card: `beast`, a 2×2 monster (its position is the top-left
//! square of its block) with movement 4, and `imp`, one square with movement 6.

use crate::common::ai_deck::{self, ai, creature, deck, recorded, said, survivor};
use crate::common::{Table, board_with, of, one};
use monster_ai::registry::Registry;
use serde_json::{Value, json};

/// Every card, written once for each test type.
const CARDS: &str = r#"
[[monster.card]]
name = "Pick Closest"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick View"
level = "basic"
pick = ["closest survivor, in field of view"]
no_target = "nothing"
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Facing"
level = "basic"
pick = ["closest survivor, facing"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Blind"
level = "basic"
pick = ["blind spot"]
no_target = "nothing"
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Range"
level = "basic"
pick = ["closest survivor, in range"]
no_target = "nothing"
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Range 2"
level = "basic"
pick = ["in range (2)", "most bleeding survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Threat"
level = "basic"
pick = ["closest threat"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Random"
level = "basic"
pick = ["random survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Last"
level = "basic"
pick = ["last to wound", "closest survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Hearing"
level = "basic"
pick = ["closest non-deaf survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Most"
level = "basic"
pick = ["most bleeding survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Least"
level = "basic"
pick = ["least insanity survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick None"
level = "basic"
pick = ["knocked down survivor"]
actions = ["alert: picked"]

[[monster.card]]
name = "Pick Nothing"
level = "basic"
pick = ["knocked down survivor"]
no_target = "nothing"
actions = ["alert: picked"]

[[monster.card]]
name = "Charge"
level = "basic"
pick = ["closest survivor"]
actions = ["move & attack 2/1+/3"]

[[monster.card]]
name = "Volley"
level = "basic"
pick = ["closest threat"]
actions = ["move into range 6 & attack 1/1+/1"]

[[monster.card]]
name = "Whirl"
level = "basic"
type = "repeat"
pick = ["closest survivor"]
actions = ["attack 1+T/11+/1+T"]

[[monster.card]]
name = "Fury"
level = "basic"
type = "mood"
effects = ["damage +1"]

[[monster.card]]
name = "Graze"
level = "basic"
type = "mood"
effects = ["no draws"]

[[monster.card]]
name = "Frenzy"
level = "basic"
type = "duration"
pick = ["closest survivor"]
actions = ["alert: face down"]
face_up = ["alert: face up"]
effects = ["movement +2"]

[[monster.card]]
name = "Surge"
level = "basic"
type = "duration"
pick = ["closest survivor, in range"]
no_target = "nothing"
actions = ["alert: surge down"]
face_up = ["alert: surge up"]
effects = ["movement +2"]

[[monster.card]]
name = "Prowl"
level = "basic"
type = "relentless"
pick = ["closest survivor"]
actions = ["alert: prowl"]

[[monster.card]]
name = "Stalk"
level = "basic"
type = "relentless"
pick = ["closest survivor"]
actions = ["alert: stalk"]

[[monster.card]]
name = "Hum"
level = "basic"
type = "overtone"
effects = ["speed +1"]

[[monster.card]]
name = "Chorus"
level = "basic"
type = "harmony"
pick = ["closest survivor"]
actions = ["alert: chorus"]

[[monster.card]]
name = "Shake"
level = "basic"
actions = ["shuffle"]

[[monster.card]]
name = "Gore"
level = "basic"
pick = ["closest survivor"]
actions = ["attack 1/1+/2", "injury Torn Eye: alert: blinded", "draw"]

[[monster.card]]
name = "Roar"
level = "basic"
pick = ["closest survivor"]
actions = ["intimidate 3"]

[[monster.card]]
name = "Guarded"
level = "basic"
pick = ["closest survivor"]
actions = ["if target adjacent: knock down", "if target knocked down: give 2 bleeding"]

[[monster.card]]
name = "Hide"
level = "special"
type = "trait"
effects = ["movement +1"]
"#;

fn monster_file() -> String {
    let mut s = String::from("format = 1\nsystem = \"ai-deck\"\n");
    for (name, size, movement, life) in [
        ("beast", 2, 4, ""),
        ("imp", 1, 6, ""),
        ("wisp", 1, 3, "life = 3\n"),
    ] {
        s.push_str(&format!(
            "\n[[monster]]\nname = \"{name}\"\nmovement = {movement}\ntoughness = 8\nsize = {size}\n\
             basic_action = {{ pick = [\"closest survivor\"], actions = [\"alert: basic action\"] }}\n\
             instinct = {{ pick = [\"closest survivor\"], actions = [\"alert: instinct\"] }}\n\
             [[monster.level]]\nlevel = 1\nbasic = 3\nspecials = [\"Hide\"]\n{life}{CARDS}"
        ));
    }
    s
}

fn beast(id: &str) -> Value {
    creature(id, "beast", 8)
}

fn imp(id: &str) -> Value {
    creature(id, "imp", 8)
}

/// A table with the test monsters, the picture's creatures and this `ai-deck` state.
fn table(name: &str, picture: &str, creatures: &[(char, Value)], state: Value) -> Table {
    ai_deck::table(
        &format!("ai-{name}"),
        picture,
        creatures,
        state,
        None,
        &monster_file(),
    )
}

fn target(events: &[Value]) -> String {
    one(events, "target")["target"]
        .as_str()
        .unwrap()
        .to_string()
}

// ---------------------------------------------------------------------------------
// The seed's worked examples.

/// The seed's range attack: the closest threat, Allister, is adjacent; the monster moves
/// until it is 6 spaces away, turns to face Allister and attacks.
///
/// ```text
///     A B C D E F G H I J
///   1 a m . . . . . . . .     a = Allister, m = imp (movement 6), facing east
/// ```
/// Corners 6 spaces from A1: G1 only; it is 5 steps away (within movement 6). The imp
/// walks B1 -> G1, turns west to face Allister (6 columns beyond its west edge) and rolls
/// one d10 needing 1+: one hit.
#[test]
fn seed_example_the_range_attack_backs_away_to_6_spaces() {
    let t = table(
        "range",
        "a m . . . . . . . .",
        &[('a', survivor("allister")), ('m', imp("imp"))],
        json!({ "decks": { "imp": deck(&["Volley"]) }, "monsters": { "imp": { "facing": "east" } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(target(&ev), "allister");
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["from"].as_str(), mv["to"].as_str()),
        (Some("B1"), Some("G1"))
    );
    assert_eq!(mv["path"].as_array().unwrap().len(), 5);
    assert_eq!(ai(&t)["monsters"]["imp"]["facing"], "west");
    let roll = one(&ev, "speed-roll");
    assert_eq!(roll["hits"], 1);
}

/// The repeat card gains a token each time it is drawn: `attack 1+T/11+/1+T` rolls 2,
/// then 3, then 4 dice, and goes back face up on the deck with 1, 2, 3 tokens.
///
/// ```text
///     A B C
///   1 a m .     a next to the imp: the attack needs no move
/// ```
#[test]
fn seed_example_a_repeat_card_gains_a_token_each_time() {
    let t = table(
        "repeat",
        "a m .",
        &[('a', survivor("a")), ('m', imp("imp"))],
        json!({ "decks": { "imp": deck(&["Whirl", "Charge"]) } }),
    );
    for tokens in 1..=3u64 {
        let ev = t.turn(&[]);
        assert_eq!(one(&ev, "ai-card")["card"], "Whirl");
        assert_eq!(
            one(&ev, "speed-roll")["faces"].as_array().unwrap().len() as u64,
            1 + tokens
        );
        let up = &ai(&t)["decks"]["imp"]["face_up"];
        assert_eq!(up["card"], "Whirl");
        assert_eq!(up["tokens"], tokens);
        assert_eq!(
            ai(&t)["decks"]["imp"]["deck"],
            json!(["Charge"]),
            "the repeat card never reaches the discard pile"
        );
    }
}

// ---------------------------------------------------------------------------------
// Pick-target terms.

/// closest: b is 2 spaces from the imp, a is 4.
/// ```text
///     A B C D E
///   1 a . . . m
///   2 . . b . .
/// ```
#[test]
fn pick_closest() {
    let t = table(
        "closest",
        "a . . . m\n. . b . .",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Closest"]) } }),
    );
    assert_eq!(target(&t.turn(&[])), "b");
}

/// in field of view: b is 2 spaces west of the imp but behind a wall that runs the
/// whole height of the board; a is 4 spaces away in plain view.
/// ```text
///     A B C D E
///   1 . . # . .
///   2 . . # . .
///   3 . b # m .
///   4 . . # . .
///   5 . . # . .
///   6 . . # . .
///   7 . . # . a
/// ```
#[test]
fn pick_in_field_of_view_skips_a_survivor_behind_a_wall() {
    let pic = ". . # . .\n. . # . .\n. b # m .\n. . # . .\n. . # . .\n. . # . .\n. . # . a";
    let t = table(
        "view",
        pic,
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick View"]) } }),
    );
    assert_eq!(target(&t.turn(&[])), "a");
}

/// facing: the imp faces north; b (south, 1 space) is not in front, a (north, 2 spaces)
/// is.
/// ```text
///     A B C
///   1 . a .
///   2 . . .
///   3 . m .     facing north
///   4 . b .
/// ```
#[test]
fn pick_facing() {
    let t = table(
        "facing",
        ". a .\n. . .\n. m .\n. b .",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Facing"]) }, "monsters": { "m": { "facing": "north" } } }),
    );
    assert_eq!(target(&t.turn(&[])), "a");
}

/// blind spot of a 2×2 beast on B2-C3 facing north: B4 and C4. b on C4 is in it; a on
/// D4 (diagonal behind) is not.
/// ```text
///     A B C D
///   1 . . . .
///   2 . M M .
///   3 . M M .
///   4 . . b a
/// ```
#[test]
fn pick_blind_spot_of_a_2x2_monster() {
    let t = table(
        "blind",
        ". . . .\n. M . .\n. . . .\n. . b a",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('M', beast("m")),
        ],
        json!({ "decks": { "beast": deck(&["Pick Blind"]) }, "monsters": { "m": { "facing": "north" } } }),
    );
    assert_eq!(target(&t.turn(&[])), "b");
}

/// The same beast facing east: its blind spot is A2 and A3; nobody stands there, so the
/// card picks no one and (no target: nothing) is discarded.
#[test]
fn pick_blind_spot_follows_the_facing() {
    let t = table(
        "blind-east",
        ". . . .\n. M . .\n. . . .\n. . b a",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('M', beast("m")),
        ],
        json!({ "decks": { "beast": deck(&["Pick Blind"]) }, "monsters": { "m": { "facing": "east" } } }),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "target").is_empty());
    assert_eq!(ai(&t)["decks"]["beast"]["discard"], json!(["Pick Blind"]));
}

/// in range: the imp's movement is 6; a survivor is in range when the spaces between
/// them (distance − 1) are at most 6. a at distance 8 (7 between) is not; the card picks
/// no one.
/// ```text
///     A B C D E F G H I
///   1 m . . . . . . . a
/// ```
#[test]
fn pick_in_range_counts_the_spaces_between() {
    let t = table(
        "range-out",
        "m . . . . . . . a",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Range", "Charge"]) } }),
    );
    assert!(of(&t.turn(&[]), "target").is_empty());
    // One space nearer (distance 7, 6 between): in range.
    let t = table(
        "range-in",
        "m . . . . . . a .",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Range"]) } }),
    );
    assert_eq!(target(&t.turn(&[])), "a");
}

/// in range (2) replaces the movement: a is 4 away (3 between), so the first condition
/// fails; the second picks the survivor with most bleeding tokens, a (1) over b (0).
/// ```text
///     A B C D E F G
///   1 a . . . m . .
///   2 . . . . . . b     b: 2 away (1 between) -- in range (2)!
/// ```
/// So b meets the first condition and is picked.
#[test]
fn pick_in_range_with_a_number() {
    let t = table(
        "range-n",
        "a . . . m . .\n. . . . . . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Range 2"]) }, "survivors": { "a": { "tokens": { "bleeding": 1 } } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(target(&ev), "b");
    assert_eq!(one(&ev, "target")["reason"], "in range (2)");
}

/// threat: b is closer but knocked down, so the closest threat is a.
/// ```text
///     A B C D E
///   1 a . . b m
/// ```
#[test]
fn pick_threat_skips_the_knocked_down() {
    let t = table(
        "threat",
        "a . . b m",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Threat"]) }, "survivors": { "b": { "knocked_down": true } } }),
    );
    assert_eq!(target(&t.turn(&[])), "a");
}

/// random: either survivor, from the board's seed; the same board and seed give the same
/// pick, and over several seeds both are picked.
#[test]
fn pick_random_uses_the_board_seed() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        let t = table(
            &format!("random-{seed}"),
            "a . m . b",
            &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
            json!({ "decks": { "imp": deck(&["Pick Random"]) } }),
        );
        let s = seed.to_string();
        let first = target(&t.turn(&["--seed", &s, "--dry-run"]));
        assert_eq!(target(&t.turn(&["--seed", &s, "--dry-run"])), first);
        seen.insert(first);
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
}

/// last to wound: b (farther) wounded the imp, so "last to wound" picks b over the
/// closer a.
/// ```text
///     A B C D E
///   1 a m . . b
/// ```
#[test]
fn pick_last_to_wound() {
    let t = table(
        "last",
        "a m . . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Closest", "Pick Last", "Charge"]) } }),
    );
    recorded(&t, &["wound", "m", "--by", "b"]);
    assert_eq!(ai(&t)["monsters"]["m"]["last_to_wound"], "b");
    // The wound took the top card (Pick Closest); Pick Last is drawn.
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["card"], "Pick Last");
    assert_eq!(target(&ev), "b");
}

/// non-deaf: a is closer but deaf.
/// ```text
///     A B C D
///   1 a m . b
/// ```
#[test]
fn pick_non_deaf() {
    let t = table(
        "deaf",
        "a m . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Hearing"]) } }),
    );
    recorded(&t, &["deaf", "a"]);
    assert_eq!(target(&t.turn(&[])), "b");
}

/// most X: b has 2 bleeding tokens, a 1, c none.
#[test]
fn pick_most_tokens() {
    let t = table(
        "most",
        "a m b c",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('c', survivor("c")),
            ('m', imp("m")),
        ],
        json!({ "decks": { "imp": deck(&["Pick Most"]) }, "survivors": { "a": { "tokens": { "bleeding": 1 } }, "b": { "tokens": { "bleeding": 2 } } } }),
    );
    assert_eq!(target(&t.turn(&[])), "b");
}

/// least X: zero counts. a has 2 insanity, b 1, c none: c is picked; with c at 3, b.
#[test]
fn pick_least_tokens_zero_counts() {
    let t = table(
        "least",
        "a m b c",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('c', survivor("c")),
            ('m', imp("m")),
        ],
        json!({ "decks": { "imp": deck(&["Pick Least"]) }, "survivors": { "a": { "tokens": { "insanity": 2 } }, "b": { "tokens": { "insanity": 1 } } } }),
    );
    assert_eq!(target(&t.turn(&[])), "c");
    recorded(&t, &["token", "c", "insanity", "+3"]);
    assert_eq!(target(&t.turn(&[])), "b");
}

/// Equally close survivors: the tie policy decides (first: board order).
/// ```text
///     A B C
///   1 a m b
/// ```
#[test]
fn pick_ties_go_to_the_tie_policy() {
    let t = table(
        "tie",
        "a m b",
        &[('b', survivor("b")), ('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Closest"]) } }),
    );
    let ev = t.turn(&[]);
    let tie = one(&ev, "tie");
    assert_eq!(
        tie["chosen"], "a",
        "board order: a is placed first (reading order)"
    );
    assert_eq!(target(&ev), "a");
}

// ---------------------------------------------------------------------------------
// No target.

/// No one is knocked down: the card's only condition fails, so it is discarded and the
/// monster performs its instinct instead (which picks the closest survivor).
#[test]
fn no_target_falls_through_to_the_instinct() {
    let t = table(
        "instinct",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick None"]) } }),
    );
    let ev = t.turn(&[]);
    assert!(said(
        &ev,
        "no survivor meets any condition of \"Pick None\""
    ));
    assert!(said(&ev, "alert: instinct"));
    assert!(!said(&ev, "alert: picked"));
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Pick None"]));
}

/// With `no_target = "nothing"` the card is only discarded.
#[test]
fn no_target_nothing_only_discards() {
    let t = table(
        "nothing",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Nothing"]) } }),
    );
    let ev = t.turn(&[]);
    assert!(!said(&ev, "alert: instinct") && !said(&ev, "alert: picked"));
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Pick Nothing"]));
}

// ---------------------------------------------------------------------------------
// Moving, facing, attacking.

/// Move & attack with a 2×2 beast (movement 4) facing north toward a on G3.
/// ```text
///     A B C D E F G
///   1 . . . . . . .
///   2 . M M . . . .
///   3 . M M . . . a
///   4 . . . . . . .
/// ```
/// Corners from which the block touches G3: its right column must be F (corner column
/// E) with its rows within one of row 3: corners E1, E2, E3, E4, each 3 steps from B2
/// (diagonal steps cost 1). Among equals the place with the target straight ahead of a
/// side wins: from E2 (rows 2-3) and E3 (rows 3-4) G3 is level with the east edge, from
/// E1 and E4 it is off a corner. E2 comes first in reading order. It walks
/// B2 -> C2 -> D2 -> E2, turns east and rolls 2 dice needing 1+: 2 hits of 3 damage.
#[test]
fn move_and_attack_with_a_2x2_monster() {
    let t = table(
        "charge",
        ". . . . . . .\n. M . . . . .\n. . . . . . a\n. . . . . . .",
        &[('a', survivor("a")), ('M', beast("m"))],
        json!({ "decks": { "beast": deck(&["Charge"]) }, "monsters": { "m": { "facing": "north" } } }),
    );
    let ev = t.turn(&[]);
    let mv = one(&ev, "move");
    assert_eq!(mv["to"], "E2");
    assert_eq!(mv["path"], json!(["C2", "D2", "E2"]));
    assert_eq!(ai(&t)["monsters"]["m"]["facing"], "east");
    assert_eq!(one(&ev, "speed-roll")["hits"], 2);
    let hits = of(&ev, "hit-location");
    assert_eq!(hits.len(), 2);
    assert!(hits.iter().all(|h| h["damage"] == 3));
    let locations = ["head", "arms", "body", "waist", "legs"];
    assert!(
        hits.iter()
            .all(|h| locations.contains(&h["location"].as_str().unwrap()))
    );
}

/// A survivor cannot stand inside the beast's block, and the beast's block cannot pass
/// the gap between two walls one square wide: a on the far side of a 1-wide gap cannot
/// be reached in one move; the beast walks as far as it can toward it (and does not
/// attack).
/// ```text
///     A B C D E F G
///   1 M M . # . . .
///   2 M M . . . . a      the wall at D1 and D3..D4 leave D2 open: one square wide
///   3 . . . # . . .
///   4 . . . # . . .
/// ```
#[test]
fn a_large_monster_does_not_squeeze_through_a_narrow_gap() {
    let t = table(
        "gap",
        "M . . # . . .\n. . . . . . a\n. . . # . . .\n. . . # . . .",
        &[('a', survivor("a")), ('M', beast("m"))],
        json!({ "decks": { "beast": deck(&["Charge"]) } }),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "speed-roll").is_empty(), "it cannot reach a");
    let skipped = one(&ev, "action-skipped");
    assert!(skipped["reason"].as_str().unwrap().contains("not adjacent"));
    let b = t.creature("m").unwrap();
    let col = b["position"].as_str().unwrap().chars().next().unwrap();
    assert!(
        col <= 'B',
        "the block's right column stays west of the wall: {b}"
    );
}

/// Attack effects with their triggers, and guarded actions: a is adjacent, so `if target
/// adjacent: knock down` happens, then `if target knocked down: give 2 bleeding`.
#[test]
fn conditional_actions_and_effects() {
    let t = table(
        "guard",
        "a m . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Guarded"]) } }),
    );
    t.turn(&[]);
    let s = ai(&t)["survivors"]["a"].clone();
    assert_eq!(s["knocked_down"], true);
    assert_eq!(s["tokens"]["bleeding"], 2);
}

/// Intimidate is not an attack: no dice, brain damage for the players to record.
#[test]
fn intimidate_deals_brain_damage_without_dice() {
    let t = table(
        "roar",
        "a . . m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Roar"]) } }),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "speed-roll").is_empty());
    assert!(said(&ev, "suffers 3 brain damage"));
}

/// Evasion adds to the accuracy each die needs: accuracy 1+ with evasion 1 needs 2+.
#[test]
fn evasion_raises_the_number_each_die_needs() {
    let t = table(
        "evasion",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Charge"]) }, "survivors": { "a": { "evasion": 1 } } }),
    );
    let ev = t.turn(&[]);
    let roll = one(&ev, "speed-roll");
    assert_eq!(roll["evasion"], 1);
    let faces: Vec<u64> = roll["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap())
        .collect();
    assert_eq!(
        roll["hits"].as_u64().unwrap(),
        faces.iter().filter(|&&f| f >= 2).count() as u64
    );
}

// ---------------------------------------------------------------------------------
// Card types.

/// A mood stays in play and its rule applies (damage +1: Charge's 3 becomes 4); a wound
/// sends it to the discard pile.
#[test]
fn a_mood_stays_in_play_until_the_monster_is_wounded() {
    let t = table(
        "mood",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Fury", "Charge", "Pick Closest", "Pick Least"]) } }),
    );
    t.turn(&[]);
    assert_eq!(ai(&t)["decks"]["imp"]["in_play"], json!(["Fury"]));
    let ev = t.turn(&[]);
    assert!(of(&ev, "hit-location").iter().all(|h| h["damage"] == 4));
    let ev = recorded(&t, &["wound", "m"]);
    assert!(said(&ev, "\"Fury\" leaves play"));
    let d = ai(&t)["decks"]["imp"].clone();
    assert!(d["in_play"].is_null());
    assert_eq!(d["discard"], json!(["Charge", "Fury"]));
    assert_eq!(d["wounds"], json!(["Pick Closest"]));
}

/// The players may take a mood out of play (an item removed it): it goes to the discard
/// pile and its rule no longer holds.
#[test]
fn a_mood_can_be_taken_out_of_play() {
    let t = table(
        "leave",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": ["Charge"], "discard": [], "wounds": [], "in_play": ["Fury"] } } }),
    );
    recorded(&t, &["leave-play", "m", "Fury"]);
    let d = ai(&t)["decks"]["imp"].clone();
    assert!(d["in_play"].is_null());
    assert_eq!(d["discard"], json!(["Fury"]));
    let ev = t.turn(&[]);
    assert!(
        of(&ev, "hit-location").iter().all(|h| h["damage"] == 3),
        "Charge's own 3 damage"
    );
}

/// A special trait listed for the level starts in play when the deck is built (Hide:
/// movement +1, so the imp's range term reaches 7 spaces between).
#[test]
fn a_special_trait_starts_in_play() {
    let t = table(
        "trait",
        "m . . . . . . . a",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(said(&ev, "in play: Hide"));
    let d = ai(&t)["decks"]["imp"].clone();
    assert_eq!(d["in_play"], json!(["Hide"]));
    assert_eq!(
        d["deck"].as_array().unwrap().len() + d["discard"].as_array().unwrap().len(),
        3 - usize::from(d["face_up"].is_object())
    );
}

/// A mood with "no draws": the monster performs its basic action instead of drawing.
#[test]
fn a_no_draws_mood_means_the_basic_action() {
    let t = table(
        "graze",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Graze", "Charge"]) } }),
    );
    t.turn(&[]);
    let ev = t.turn(&[]);
    assert!(of(&ev, "ai-card").is_empty());
    assert!(said(&ev, "alert: basic action"));
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Charge"]));
}

/// A duration is drawn twice: face down (its first actions), then it lies face up on the
/// deck (movement +2 while there), then face up (its second actions) and discarded.
#[test]
fn a_duration_is_drawn_twice() {
    let t = table(
        "duration",
        "a . . . . . . . . . . m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Frenzy", "Pick Range"]) } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["face"], "face down");
    assert!(said(&ev, "alert: face down"));
    assert_eq!(ai(&t)["decks"]["imp"]["face_up"]["card"], "Frenzy");
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["face"], "face up");
    assert!(said(&ev, "alert: face up"));
    let d = ai(&t)["decks"]["imp"].clone();
    assert!(d["face_up"].is_null());
    assert_eq!(d["discard"], json!(["Frenzy"]));
    // Frenzy gone: movement 6, a is 11 away (10 between): not in range.
    assert!(of(&t.turn(&[]), "target").is_empty());
}

/// While a duration lies face up its rules hold, up to and including its face-up draw:
/// Surge gives movement +2, so with Surge face up a survivor 9 spaces away (8 between)
/// is in range (6 + 2); drawn fresh (face down, not yet in force) the same survivor is
/// out of range and the card is discarded.
/// ```text
///     A B C D E F G H I J
///   1 a . . . . . . . . m
/// ```
#[test]
fn a_face_up_duration_applies_its_rules() {
    let pic = "a . . . . . . . . m";
    let who = [('a', survivor("a")), ('m', imp("m"))];
    let t = table(
        "duration-rule",
        pic,
        &who,
        json!({ "decks": { "imp": { "deck": [], "discard": [], "wounds": [], "face_up": { "card": "Surge" } } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(target(&ev), "a");
    assert!(said(&ev, "alert: surge up"));
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Surge"]));
    assert!(ai(&t)["decks"]["imp"]["face_up"].is_null());
    let t = table(
        "duration-rule-2",
        pic,
        &who,
        json!({ "decks": { "imp": deck(&["Surge"]) } }),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "target").is_empty());
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Surge"]));
}

/// A wound while a duration lies face up sends the duration to the wound stack, not the
/// top card.
#[test]
fn a_wound_takes_the_face_up_duration() {
    let t = table(
        "wound-duration",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Frenzy", "Charge"]) } }),
    );
    t.turn(&[]);
    recorded(&t, &["wound", "m"]);
    let d = ai(&t)["decks"]["imp"].clone();
    assert_eq!(d["wounds"], json!(["Frenzy"]));
    assert_eq!(d["deck"], json!(["Charge"]));
    assert!(d["face_up"].is_null());
}

/// Deck manipulation is ignored while a repeat card lies face up: the card "shuffle" and
/// the players' `bury` change nothing.
#[test]
fn deck_manipulation_is_ignored_while_a_repeat_is_face_up() {
    let t = table(
        "manip",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": ["Charge", "Roar"], "discard": [], "wounds": [], "face_up": { "card": "Whirl", "tokens": 1 } } } }),
    );
    let ev = recorded(&t, &["bury", "m"]);
    assert!(said(&ev, "lies face up"));
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Charge", "Roar"]));
    // Without a face-up card the top card goes to the bottom.
    let t = table(
        "manip-2",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Charge", "Roar"]) } }),
    );
    recorded(&t, &["bury", "m"]);
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Roar", "Charge"]));
}

/// Relentless: at its end a threat is in view, so the next card is revealed; Stalk is
/// relentless too and is played; then Roar is revealed and stays on top.
#[test]
fn relentless_cards_chain_while_a_threat_is_in_view() {
    let t = table(
        "relentless",
        "a . m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Prowl", "Stalk", "Roar"]) } }),
    );
    let ev = t.turn(&[]);
    let played: Vec<&str> = of(&ev, "ai-card")
        .iter()
        .map(|e| e["card"].as_str().unwrap())
        .collect();
    assert_eq!(played, ["Prowl", "Stalk"]);
    assert!(said(&ev, "reveals \"Roar\", which is not relentless"));
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Roar"]));
}

/// Relentless with no threat in view (the only survivor is knocked down): nothing is
/// revealed.
#[test]
fn relentless_stops_without_a_threat() {
    let t = table(
        "relentless-no",
        "a . m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Prowl", "Stalk"]) }, "survivors": { "a": { "knocked_down": true } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(of(&ev, "ai-card").len(), 1);
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Stalk"]));
}

/// Overtone: both imps get a token and roll one more speed die; a wound takes one imp's
/// token; the card leaves play when the second imp is wounded too.
#[test]
fn an_overtone_gives_tokens_and_leaves_when_none_is_left() {
    let t = table(
        "overtone",
        "a m . n",
        &[('a', survivor("a")), ('m', imp("m")), ('n', imp("n"))],
        json!({ "decks": { "imp": deck(&["Hum", "Charge", "Pick Closest", "Pick Least", "Pick Range"]) } }),
    );
    let ev = t.turn(&["--monster", "m"]);
    assert!(said(&ev, "overtone tokens go to m, n"));
    let ev = t.turn(&["--monster", "m"]);
    assert_eq!(
        one(&ev, "speed-roll")["faces"].as_array().unwrap().len(),
        3,
        "Charge's 2 dice + 1"
    );
    recorded(&t, &["wound", "m"]);
    assert_eq!(
        ai(&t)["decks"]["imp"]["in_play"],
        json!(["Hum"]),
        "n still holds a token"
    );
    assert!(ai(&t)["monsters"]["m"].is_null() || ai(&t)["monsters"]["m"]["overtone"].is_null());
    let ev = recorded(&t, &["wound", "n"]);
    assert!(said(&ev, "\"Hum\" leaves play"));
    assert!(ai(&t)["decks"]["imp"]["in_play"].is_null());
}

/// Harmony: every imp performs the card, in the tie policy's order (first: board order),
/// and it is discarded once.
#[test]
fn a_harmony_is_performed_by_every_monster() {
    let t = table(
        "harmony",
        "a m . n",
        &[('a', survivor("a")), ('m', imp("m")), ('n', imp("n"))],
        json!({ "decks": { "imp": deck(&["Chorus", "Pick Closest"]) } }),
    );
    let ev = t.turn(&["--monster", "n"]);
    let performers: Vec<&str> = of(&ev, "ai-note")
        .iter()
        .filter(|e| {
            e["detail"]
                .as_str()
                .unwrap()
                .starts_with("performs the harmony")
        })
        .map(|e| e["creature"].as_str().unwrap())
        .collect();
    assert_eq!(performers, ["m", "n"]);
    assert_eq!(of(&ev, "target").len(), 2);
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Chorus"]));
}

/// A persistent injury in play replaces the card: Gore's attack and draw are not
/// performed, the injury's line is.
#[test]
fn a_persistent_injury_replaces_the_card() {
    let t = table(
        "injury",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Gore", "Roar"]) } }),
    );
    recorded(&t, &["injury", "m", "Torn", "Eye"]);
    let ev = t.turn(&[]);
    assert!(said(&ev, "persistent injury \"Torn Eye\""));
    assert!(said(&ev, "alert: blinded"));
    assert!(of(&ev, "speed-roll").is_empty());
    assert_eq!(of(&ev, "ai-card").len(), 1, "the draw was replaced too");
}

/// Without the injury, Gore attacks and then draws another card (Roar), after finishing
/// itself (Gore is discarded before Roar is played).
#[test]
fn draw_another_card_finishes_this_one_first() {
    let t = table(
        "draw",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Gore", "Roar"]) } }),
    );
    let ev = t.turn(&[]);
    let played: Vec<&str> = of(&ev, "ai-card")
        .iter()
        .map(|e| e["card"].as_str().unwrap())
        .collect();
    assert_eq!(played, ["Gore", "Roar"]);
    assert_eq!(ai(&t)["decks"]["imp"]["discard"], json!(["Gore", "Roar"]));
}

// ---------------------------------------------------------------------------------
// Deck exhaustion, wounds, defeat, Life.

/// An empty deck: the discard pile is shuffled in and drawn from.
#[test]
fn an_empty_deck_reshuffles_the_discard_pile() {
    let t = table(
        "reshuffle",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": [], "discard": ["Roar"], "wounds": ["Charge"] } } }),
    );
    let ev = t.turn(&[]);
    assert!(said(&ev, "the discard pile (1 card) is shuffled"));
    assert_eq!(one(&ev, "ai-card")["card"], "Roar");
}

/// Deck and discard empty: the basic action.
#[test]
fn no_cards_at_all_means_the_basic_action() {
    let t = table(
        "basic",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": [], "discard": [], "wounds": ["Charge"] } } }),
    );
    let ev = t.turn(&[]);
    assert!(said(&ev, "alert: basic action"));
}

/// A wound with an empty deck but a discard pile: the discard becomes the deck first.
/// A wound with both empty defeats the monster; a mood in play does not save it.
#[test]
fn defeat_with_and_without_moods() {
    let t = table(
        "defeat",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": [], "discard": ["Roar"], "wounds": [] } } }),
    );
    recorded(&t, &["wound", "m"]);
    assert_eq!(ai(&t)["decks"]["imp"]["wounds"], json!(["Roar"]));
    assert!(t.creature("m").is_some());
    let ev = recorded(&t, &["wound", "m"]);
    assert!(said(&ev, "it is defeated"));
    assert!(t.creature("m").is_none());

    let t = table(
        "defeat-mood",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": { "deck": [], "discard": [], "wounds": ["Roar"], "in_play": ["Fury"] } } }),
    );
    let ev = recorded(&t, &["wound", "m"]);
    assert!(said(&ev, "it is defeated"));
    assert!(t.creature("m").is_none());
}

/// Life: the wisp's level gives Life 3; wounds lower it and leave the deck whole, a heal
/// raises it no higher than 3, and the third wound at 1 kills it.
#[test]
fn the_life_trait_replaces_the_deck_as_health() {
    let wisp = json!({ "id": "w", "type": "wisp", "side": "monsters", "hp": 8 });
    let t = table(
        "life",
        "a w",
        &[('a', survivor("a")), ('w', wisp)],
        json!({}),
    );
    recorded(&t, &["wound", "w"]);
    let s = ai(&t);
    assert_eq!(s["monsters"]["w"]["life"], 2);
    assert_eq!(s["monsters"]["w"]["life_start"], 3);
    assert_eq!(
        s["decks"]["wisp"]["deck"].as_array().unwrap().len(),
        3,
        "no card is lost"
    );
    assert_eq!(s["decks"]["wisp"]["wounds"], json!([]));
    recorded(&t, &["heal", "w", "5"]);
    assert_eq!(ai(&t)["monsters"]["w"]["life"], 3);
    recorded(&t, &["wound", "w"]);
    recorded(&t, &["wound", "w"]);
    let ev = recorded(&t, &["wound", "w"]);
    assert!(said(&ev, "it is defeated"));
    assert!(t.creature("w").is_none());
}

/// With Life, a wound takes a face-up repeat card off its loop to the discard pile.
#[test]
fn with_life_a_wound_sends_the_face_up_repeat_to_the_discard() {
    let wisp = json!({ "id": "w", "type": "wisp", "side": "monsters", "hp": 8 });
    let t = table(
        "life-repeat",
        "a w",
        &[('a', survivor("a")), ('w', wisp)],
        json!({ "decks": { "wisp": deck(&["Whirl", "Charge"]) } }),
    );
    t.turn(&[]);
    recorded(&t, &["wound", "w"]);
    let d = ai(&t)["decks"]["wisp"].clone();
    assert_eq!(d["discard"], json!(["Whirl"]));
    assert!(d["face_up"].is_null());
    assert_eq!(d["wounds"], json!([]));
}

/// `undo` puts the board back as it was before a record.
#[test]
fn undo_covers_the_records() {
    let t = table(
        "undo",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Charge", "Roar"]) } }),
    );
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    recorded(&t, &["wound", "m", "--by", "a"]);
    recorded(&t, &["knock-down", "a"]);
    assert_ne!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    let r = t.run(&["undo", "board.json", "--steps", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after: Value =
        serde_json::from_slice(&std::fs::read(t.dir.join("board.json")).unwrap()).unwrap();
    let before: Value = serde_json::from_slice(&before).unwrap();
    assert_eq!(after["systems"], before["systems"]);
}

/// `round` lays out the monster phase, then the survivors in board order; `next` plays
/// the monster type.
#[test]
fn round_and_next_play_the_monster_phase_first() {
    let t = table(
        "round",
        "a m . b",
        &[('a', survivor("a")), ('m', imp("m")), ('b', survivor("b"))],
        json!({ "decks": { "imp": deck(&["Roar"]) } }),
    );
    let r = t.run(&["round", "scheme.toml", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.board()["turn_order"], json!(["imp", "a", "b"]));
    let b = t.board();
    let mut b2 = b.clone();
    b2["monster_file"] = json!("scheme.toml");
    std::fs::write(
        t.dir.join("board.json"),
        serde_json::to_string_pretty(&b2).unwrap(),
    )
    .unwrap();
    let r = t.run(&["next", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\"Roar\""));
}

// ---------------------------------------------------------------------------------
// The large monster on the board: show, and the players' moves.

/// `show` draws the 2×2 beast on all four of its squares, its blind spot (`bs`) along its
/// back edge and arrows on the squares in front, and lists the deck.
/// ```text
///     A  B  C  D
///   1    ^^ ^^        facing north: the row above the block
///   2    Mm Mm
///   3    Mm Mm
///   4 Ar bs bs        its blind spot: B4, C4
/// ```
#[test]
fn show_draws_the_block_its_facing_and_blind_spot() {
    let t = table(
        "show",
        ". . . .\n. M . .\n. . . .\na . . .",
        &[('a', survivor("a")), ('M', beast("m"))],
        json!({ "decks": { "beast": { "deck": ["Roar", "Charge"], "discard": ["Gore"], "wounds": ["Fury"], "in_play": ["Hide"] } }, "monsters": { "m": { "facing": "north" } } }),
    );
    let r = t.run(&["show", "scheme.toml", "board.json", "--ascii"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .collect();
    let cells = |row: &str| -> Vec<String> {
        row.split('|')
            .skip(1)
            .map(|c| c.trim().to_string())
            .collect()
    };
    assert_eq!(cells(rows[0])[..3], ["", "^^", "^^"]);
    assert_eq!(cells(rows[1])[1], cells(rows[1])[2]);
    assert!(!cells(rows[1])[1].is_empty());
    assert_eq!(cells(rows[2])[1..3], cells(rows[1])[1..3]);
    assert_eq!(cells(rows[3])[1..3], ["bs", "bs"]);
    assert!(
        r.stdout
            .contains("m: 2×2 from B2, facing north, blind spot B4 C4"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Beast's AI deck: 2 cards; discard: Gore; wound stack: Fury; in play: Hide"),
        "{}",
        r.stdout
    );
    let r = t.run(&["show", "scheme.toml", "board.json", "--svg", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.matches(r#"class="large""#).count(), 4);
    assert_eq!(r.stdout.matches(r#"class="mark""#).count(), 4);
}

/// A survivor cannot be put on any square of the beast's block, and walks around it.
/// ```text
///     A B C D
///   1 a M M .     a wants D1: B1 and C1 belong to the beast, so it goes round below
///   2 . M M .
///   3 . . . .
/// ```
#[test]
fn survivors_cannot_enter_the_block() {
    let t = table(
        "block",
        "a M . .\n. . . .\n. . . .",
        &[('a', survivor("a")), ('M', beast("m"))],
        json!({}),
    );
    let r = t.run(&["move", "board.json", "a", "C2", "--monsters", "scheme.toml"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("taken by"), "{}", r.stderr);
    let r = t.run(&[
        "move",
        "board.json",
        "a",
        "D1",
        "--monsters",
        "scheme.toml",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mv = crate::common::events(&r.stdout);
    assert_eq!(
        one(&mv, "move")["path"],
        json!(["A2", "B3", "C3", "D2", "D1"])
    );
}

// ---------------------------------------------------------------------------------
// The shipped content.

/// Plays each shipped scenario for several rounds with `next`, the players wounding the
/// monsters now and then: every command succeeds (until the twins, with Life 4, fall to
/// their fourth wound), and two copies played the same way end byte for byte the same.
#[test]
fn the_shipped_scenarios_play_the_same_way_twice() {
    for (scenario, scheme, monsters) in [
        ("stag-hunt.json", "gaunt-stag.toml", &["stag"][..]),
        (
            "mire-pair.json",
            "mire-twins.toml",
            &["twin-1", "twin-2"][..],
        ),
    ] {
        let mut boards = Vec::new();
        for copy in 0..2 {
            let dir = crate::common::temp_dir(&format!("ai-play-{scenario}-{copy}"));
            let text =
                std::fs::read_to_string(crate::common::repo().join("scenarios").join(scenario))
                    .unwrap();
            let monster_file_path = crate::common::repo().join("schemes").join(scheme);
            let text = text.replace(
                &format!("../schemes/{scheme}"),
                monster_file_path.to_str().unwrap(),
            );
            std::fs::write(dir.join("board.json"), text).unwrap();
            let r = crate::common::run_in(&dir, &["check", "board.json"], "");
            assert_eq!(r.code, 0, "{}", r.stderr);
            for step in 0..24 {
                let r = crate::common::run_in(&dir, &["next", "board.json"], "");
                if r.stderr.contains("the fight is over") {
                    assert!(
                        scenario.starts_with("mire"),
                        "the stag outlives four wounds"
                    );
                    break;
                }
                assert_eq!(r.code, 0, "{scenario} step {step}: {}", r.stderr);
                if step % 5 == 4 {
                    for m in monsters {
                        let r =
                            crate::common::run_in(&dir, &["record", "board.json", "wound", m], "");
                        assert!(
                            r.code == 0 || r.stderr.contains("no creature"),
                            "{}",
                            r.stderr
                        );
                    }
                }
            }
            boards.push(std::fs::read(dir.join("board.json")).unwrap());
            let _ = std::fs::remove_dir_all(&dir);
        }
        assert_eq!(boards[0], boards[1], "{scenario}");
    }
}

/// `--explain` narrates each pick-target condition tried: Pick Last's first condition
/// ("last to wound") fails, no one having wounded the imp; its second picks a.
#[test]
fn explain_shows_every_condition_tried() {
    let t = table(
        "explain",
        "a m",
        &[('a', survivor("a")), ('m', imp("m"))],
        json!({ "decks": { "imp": deck(&["Pick Last"]) } }),
    );
    let r = t.run(&[
        "turn",
        "scheme.toml",
        "board.json",
        "--explain",
        "--dry-run",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("[check] pick \"last to wound\" is not met: no survivor meets it."),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("[check] pick \"closest survivor\" is met: a meets it."),
        "{}",
        r.stdout
    );
    let plain = t.run(&["turn", "scheme.toml", "board.json", "--dry-run"]);
    assert!(!plain.stdout.contains("[check]"));
}

/// Every square of a large monster's block is taken: the free cells closest to one of its
/// squares (where arrivals and the resurrected are placed) lie outside the block.
#[test]
fn the_closest_free_cells_are_outside_a_large_block() {
    //     A B C D
    //   1 . b b .     the 2×2 beast stands on B1 and covers B1 C1 B2 C2
    //   2 . b b .
    //   3 . . . .
    // From C1: C1 itself is taken; one step away lie B1 B2 C2 (the block) and D1 D2.
    let b = board_with(
        "\n.B..\n....\n....",
        &[('B', beast("beast-1"))],
        json!({ "format": 2 }),
    );
    let decks = Registry::builtin()
        .load("scheme.toml", &monster_file())
        .unwrap();
    let fight = monster_ai_core::board::load::load_board("board.json", &b.to_string(), &*decks)
        .unwrap_or_else(|e| panic!("{e}"));
    let free = monster_ai_core::rules::targeting::closest_free(
        &fight,
        monster_ai_core::grid::Cell::parse("C1").unwrap(),
    );
    let names: Vec<String> = free.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["D1", "D2"]);
}

//! AI-deck survivors (issue 43, point 4; SPEC §7, §12; seed 003): +1 accuracy from the
//! monster's blind spot, knocked-down survivors held in place until they stand, the end
//! of the showdown, and survivor status cards. Worked by hand on maps drawn in each test.
//!
//! The test monster `hulk` is a 2×2 beast (its board position is the top-left square of
//! its block) with one hit location, `body`, toughness 6 and no evasion; its AI deck is
//! fixed in each board so the card drawn is known. Its status cards:
//!
//! | card | rules on the holder | lost |
//! |---|---|---|
//! | Dread | accuracy -1 | never (every survivor holds it from the start, level 2) |
//! | Marked | evasion -1 | when the holder wounds the hulk |
//! | Dazed | not a threat, speed -1 | at the end of the next monster turn |
//! | Braced | evasion +2, strength +1 | when the holder is knocked down |
//! | Keen | accuracy +1, speed +1 | never |
//! | Haunted | watches `in field of view`: 1 brain damage | never |

use crate::common::ai_deck::{self, ai, facts, notes, record, recorded, survivor};
use crate::common::{Table, events, of, one};
use serde_json::{Value, json};

const HULK: &str = r#"format = 1
system = "ai-deck"

[[monster]]
name = "hulk"
movement = 4
toughness = 6
size = 2
hit_locations = ["body"]
basic_action = { pick = ["closest survivor"], actions = ["alert: basic action"] }
instinct = { pick = ["closest survivor"], actions = ["alert: instinct"] }

[[monster.level]]
level = 1
basic = 2

[[monster.level]]
level = 2
basic = 2
specials = ["Dread"]

[[monster.card]]
name = "Watch"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: it watches"]

[[monster.card]]
name = "Stare"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: it stares"]

[[monster.card]]
name = "Mark"
level = "basic"
pick = ["closest survivor"]
actions = ["attack 1/1+/0", "on hit: give status marked"]

[[monster.card]]
name = "Hunt the Marked"
level = "basic"
pick = ["closest survivor holding Marked", "closest survivor"]
actions = ["if target holds Marked: alert: it sniffs out the mark", "remove status Marked"]

[[monster.card]]
name = "Daze"
level = "basic"
pick = ["every survivor"]
actions = ["give status Dazed"]

[[monster.card]]
name = "Threat Check"
level = "basic"
pick = ["closest threat"]
no_target = "nothing"
actions = ["alert: a threat"]

[[monster.card]]
name = "Shove"
level = "basic"
pick = ["closest survivor"]
actions = ["knock down"]

[[monster.card]]
name = "Trip"
level = "basic"
pick = ["closest survivor"]
actions = ["knock down"]

[[monster.card]]
name = "Swat"
level = "basic"
pick = ["closest survivor"]
actions = ["attack 6/6+/0"]

[[monster.card]]
name = "Haunt"
level = "basic"
pick = ["closest survivor"]
actions = ["give status Haunted"]

[[monster.card]]
name = "Dread"
level = "special"
type = "status"
effects = ["accuracy -1"]
definitions = ["Dread: the hulk's stare unsettles every survivor for the whole showdown."]

[[monster.card]]
name = "Marked"
level = "special"
type = "status"
effects = ["evasion -1"]
until = "wounds the monster"

[[monster.card]]
name = "Dazed"
level = "special"
type = "status"
effects = ["not a threat", "speed -1"]
until = "end of monster turn"

[[monster.card]]
name = "Braced"
level = "special"
type = "status"
effects = ["evasion +2", "strength +1"]
until = "knocked down"

[[monster.card]]
name = "Keen"
level = "special"
type = "status"
effects = ["accuracy +1", "speed +1"]

[[monster.card]]
name = "Haunted"
level = "special"
type = "status"
watch = "in field of view"
triggered = ["brain damage 1"]
"#;

fn hulk() -> Value {
    json!({ "id": "m", "name": "Hulk", "type": "hulk", "side": "monsters" })
}

/// A table with the hulk (`M`, the top-left square of its block), the survivors of the
/// picture and `state` as `systems.ai-deck`.
fn table(name: &str, picture: &str, ids: &[char], state: Value, seed: u64) -> Table {
    let mut creatures: Vec<(char, Value)> =
        ids.iter().map(|c| (*c, survivor(&c.to_string()))).collect();
    creatures.push(('M', hulk()));
    ai_deck::table(
        &format!("kd-surv-{name}"),
        picture,
        &creatures,
        state,
        Some(seed),
        HULK,
    )
}

/// Eight cards to lose to wounds (none of them played in the tests that use them).
const EIGHT: [&str; 8] = [
    "Watch",
    "Stare",
    "Mark",
    "Daze",
    "Threat Check",
    "Shove",
    "Swat",
    "Haunt",
];

fn deck(cards: &[&str]) -> Value {
    json!({ "hulk": ai_deck::deck(cards) })
}

fn held(t: &Table, id: &str) -> Vec<String> {
    facts(t, id)["status_cards"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|h| h["card"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------
// +1 accuracy from the blind spot.

/// ```text
///     A B C D
///   1 . . . .
///   2 . M M b     M: the hulk on B2-C3, facing north
///   3 . M M .     its blind spot: the row behind its back edge, B4 and C4
///   4 . a . .     a on B4 (in it); b on D2 (beside it, not behind)
/// ```
/// `record attack a m 4/6+/0`: a's dice each need 6 + evasion 0 - 1 (the blind spot) =
/// 5; b's the same weapon needs 6. Each wound roll d10 + 0 must beat toughness 6 (7+).
/// Checked against every die over several seeds, with the narration's reason.
#[test]
fn an_attack_from_the_blind_spot_needs_one_less_on_each_die() {
    for seed in 0..6u64 {
        let t = table(
            &format!("blind-{seed}"),
            ". . . .\n. M . b\n. . . .\n. a . .",
            &['a', 'b'],
            json!({ "decks": deck(&EIGHT),
                    "monsters": { "m": { "facing": "north" } } }),
            seed,
        );
        for (who, need, from_behind) in [("a", 5, true), ("b", 6, false)] {
            let r = record(&t, &["attack", who, "m", "4/6+/0", "--json"]);
            assert_eq!(r.code, 0, "{}", r.stderr);
            let ev = events(&r.stdout);
            let roll = one(&ev, "speed-roll");
            let faces: Vec<u64> = roll["faces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_u64().unwrap())
                .collect();
            assert_eq!(faces.len(), 4);
            let hits = faces.iter().filter(|&&f| f >= need).count();
            assert_eq!(roll["hits"], hits, "{who}, seed {seed}: {roll}");
            assert_eq!(roll["accuracy"], 6);
            if from_behind {
                assert_eq!(
                    roll["modifiers"],
                    json!([{ "term": "accuracy", "amount": 1, "from": "the blind spot" }])
                );
            } else {
                assert!(roll.get("modifiers").is_none(), "{roll}");
            }
            let text = t.run(&[
                "record",
                "board.json",
                "--monsters",
                "scheme.toml",
                "attack",
                who,
                "m",
                "1/6+/0",
                "--dry-run",
            ]);
            let why = format!("each {need}+ hits (accuracy 6, evasion 0");
            assert!(text.stdout.contains(&why), "{}", text.stdout);
            assert_eq!(
                text.stdout.contains("; +1 accuracy from the blind spot)"),
                from_behind,
                "{}",
                text.stdout
            );
        }
    }
}

/// The blind spot turns with the monster: facing east, the hulk on B2-C3 has its blind
/// spot on A2 and A3, so a on B4 gains nothing (and c on A3 does).
/// ```text
///     A B C D
///   1 . . . .
///   2 . M M .     facing east: blind spot A2, A3
///   3 c M M .
///   4 . a . .
/// ```
#[test]
fn the_blind_spot_follows_the_facing() {
    let t = table(
        "blind-east",
        ". . . .\n. M . .\nc . . .\n. a . .",
        &['a', 'c'],
        json!({ "decks": deck(&["Watch"]), "monsters": { "m": { "facing": "east" } } }),
        1,
    );
    let ev = recorded(&t, &["attack", "a", "m", "2/6+/0"]);
    assert!(one(&ev, "speed-roll").get("modifiers").is_none());
    let ev = recorded(&t, &["attack", "c", "m", "2/6+/0"]);
    assert_eq!(
        one(&ev, "speed-roll")["modifiers"][0]["from"],
        "the blind spot"
    );
}

/// `simulate`'s survivors walk into the blind spot when they can reach it. One survivor
/// with a 1/2+/0 weapon (6 of 10 faces... every face 2 or more hits: with the blind spot,
/// 1+: every die hits) fights a hulk whose deck only watches.
/// ```text
///     A B C D E
///   1 . . . . .
///   2 . M M . .     the hulk facing north: blind spot B4, C4
///   3 . M M . .
///   4 . . . . .
///   5 . . . . a     a on E5: B4 is 3 steps away, within its 5 spaces
/// ```
/// In its first turn a walks E5 -> D5 -> C4 (2 steps, the nearest blind-spot square,
/// reading order after B4's 3 steps) and attacks: 1 die needing 2 - 1 = 1: a hit.
#[test]
fn simulate_survivors_attack_from_the_blind_spot() {
    let t = table(
        "sim-blind",
        ". . . . .\n. M . . .\n. . . . .\n. . . . .\n. . . . a",
        &['a'],
        json!({ "decks": deck(&["Watch", "Stare"]), "monsters": { "m": { "facing": "north" } } }),
        2,
    );
    std::fs::write(
        t.dir.join("heroes.toml"),
        "format = 1\n[[hero]]\nid = \"a\"\nweapon = \"1/2+/0\"\n",
    )
    .unwrap();
    let r = t.run(&[
        "simulate",
        "board.json",
        "--monsters",
        "scheme.toml",
        "--heroes",
        "heroes.toml",
        "--runs",
        "1",
        "--narrate",
        "--rounds",
        "1",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("E5 -> D5 -> C4"),
        "a walks into the blind spot: {}",
        r.stdout
    );
    assert!(
        r.stdout.contains("1d10 [")
            && r.stdout.contains(
                "each 1+ hits (accuracy 2, evasion 0; +1 accuracy from the blind spot): 1 hit"
            ),
        "{}",
        r.stdout
    );
}

// ---------------------------------------------------------------------------------
// Knocked down: no move, no attack until it stands.

/// ```text
///     A B C D
///   1 a M M .     a knocked down on A1, next to the hulk (B1-C2)
///   2 . M M .
///   3 . . . b
/// ```
/// While a lies knocked down, `record attack` and `move` are refused (exit code 2, the
/// board untouched) with when it stands: at the end of the next monster turn. `move
/// --place` (a knockback) still puts it elsewhere. After the monster's turn ("Watch") it
/// stands, and its attack is rolled.
#[test]
fn a_knocked_down_survivor_neither_moves_nor_attacks_until_it_stands() {
    let t = table(
        "down",
        "a M . .\n. . . .\n. . . b",
        &['a', 'b'],
        json!({ "decks": deck(&["Watch", "Stare"]), "survivors": { "a": { "knocked_down": true } } }),
        3,
    );
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = record(&t, &["attack", "a", "m", "2/6+/1"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("a is knocked down and cannot attack until it stands up, at the end of the next monster turn"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("record BOARD stand a"), "{}", r.stderr);
    let r = t.run(&["move", "board.json", "a", "A3", "--monsters", "scheme.toml"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("a is knocked down and cannot move until it stands up"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("move --place"), "{}", r.stderr);
    assert_eq!(
        std::fs::read(t.dir.join("board.json")).unwrap(),
        before,
        "the refused commands left the board as it was"
    );
    // b is up: its commands go through.
    let r = t.run(&[
        "move",
        "board.json",
        "b",
        "C3",
        "--monsters",
        "scheme.toml",
        "--dry-run",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = t.run(&[
        "move",
        "board.json",
        "a",
        "A2",
        "--place",
        "--monsters",
        "scheme.toml",
        "--dry-run",
    ]);
    assert_eq!(r.code, 0, "a knockback still places it: {}", r.stderr);
    t.turn(&[]);
    assert!(facts(&t, "a").is_null(), "a stood up: {}", facts(&t, "a"));
    recorded(&t, &["attack", "a", "m", "2/6+/1"]);
}

/// With the turn order dealt by `next`, the message names the round. Round 1's order is
/// the hulk, then a, then b. `record knock-down b` during a's turn: the hulk has played
/// this round, so b stands at the end of its turn in round 2; the refusal says so.
/// ```text
///     A B C D
///   1 a M M .
///   2 . M M .
///   3 . . . b
/// ```
#[test]
fn the_refusal_names_the_monster_turn_it_stands_after() {
    let t = table(
        "down-round",
        "a M . .\n. . . .\n. . . b",
        &['a', 'b'],
        json!({ "decks": deck(&["Watch", "Stare"]) }),
        4,
    );
    let next = || {
        let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        events(&r.stdout)
    };
    next(); // the hulk's turn
    next(); // a's turn
    let ev = recorded(&t, &["knock-down", "b"]);
    assert!(
        notes(&ev).contains(
            &"is knocked down: it stands at the end of Hulk's next turn, in round 2".to_string()
        ),
        "{:?}",
        notes(&ev)
    );
    let r = record(&t, &["attack", "b", "m", "1/6+/0"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "cannot attack until it stands up, at the end of Hulk's next turn, in round 2"
        ),
        "{}",
        r.stderr
    );
    next(); // b's turn: still down
    let ev = next(); // round 2: the hulk's turn, at whose end b stands
    assert!(
        of(&ev, "ai-note")
            .iter()
            .any(|n| n["creature"] == "b" && n["detail"].as_str().unwrap().starts_with("stands up")),
        "{ev:#?}"
    );
    assert!(facts(&t, "b").is_null());
}

/// Knocked down again while down, a survivor stands at the end of the monster turn
/// after the latest knock-down.
/// ```text
///     A B C
///   1 a M M      a knocked down; the deck: Shove, Watch, Trip (both knock down), Stare
///   2 . M M
/// ```
/// Turn 1 (Shove): a, down since before the turn, is knocked down again during it: it
/// stays down. The survivors' phase: `record knock-down a` once more (the players'
/// rule). Turn 2 (Watch): the latest knock-down was before this turn: a stands at its
/// end. Turn 3 (Trip) knocks it down again; turn 4 (Stare) ends with it up.
#[test]
fn knocked_down_again_it_stands_after_the_turn_after_the_latest() {
    let t = table(
        "again",
        "a M .\n. . .",
        &['a'],
        json!({ "decks": deck(&["Shove", "Watch", "Trip", "Stare"]),
                "survivors": { "a": { "knocked_down": true } } }),
        5,
    );
    let ev = t.turn(&[]);
    assert!(
        notes(&ev).iter().any(|n| n == "is knocked down"),
        "{:?}",
        notes(&ev)
    );
    assert_eq!(
        facts(&t, "a")["knocked_down"],
        true,
        "down again during turn 1"
    );
    let ev = recorded(&t, &["knock-down", "a"]);
    assert!(
        notes(&ev)[0].starts_with(
            "is knocked down again while down: it stands at the end of the next monster turn"
        ),
        "{:?}",
        notes(&ev)
    );
    t.turn(&[]); // Watch
    assert!(facts(&t, "a").is_null(), "up after turn 2");
    t.turn(&[]); // Trip: down during turn 3
    assert_eq!(facts(&t, "a")["knocked_down"], true);
    t.turn(&[]); // Stare: a was down before it and not knocked down in it: up
    assert!(facts(&t, "a").is_null());
    // `stand` on a survivor that is up is refused.
    let r = record(&t, &["stand", "a"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("`a` is not knocked down"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------------
// The end of the showdown.

/// Every survivor knocked down is not the end: they are still in the showdown. `next`
/// plays on (no `fight-over`), `show` says whose turn is next and marks them knocked
/// down, `check` accepts the board, and after the hulk's turn they stand.
/// ```text
///     A B C D
///   1 a M M b     a and b knocked down
///   2 . M M .
/// ```
#[test]
fn knocked_down_survivors_are_still_in_the_showdown() {
    let t = table(
        "all-down",
        "a M . b\n. . . .",
        &['a', 'b'],
        json!({ "decks": deck(&["Watch", "Stare"]),
                "survivors": { "a": { "knocked_down": true }, "b": { "knocked_down": true } } }),
        6,
    );
    let r = t.run(&["show", "board.json", "--monsters", "scheme.toml", "--ascii"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("won"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("a: knocked down (it stands at the end of the next monster turn)"),
        "{}",
        r.stdout
    );
    let row = r
        .stdout
        .lines()
        .find(|l| l.contains(" a ") && l.contains("players"))
        .unwrap();
    assert!(row.trim_end().ends_with("knocked down"), "{row}");
    let r = t.run(&["show", "board.json", "--monsters", "scheme.toml", "--json"]);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["creatures"][0]["notes"], json!(["knocked down"]));
    assert_eq!(v["turn"]["next"]["kind"], "first-deal");
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert!(of(&ev, "fight-over").is_empty(), "{ev:#?}");
    assert!(facts(&t, "a").is_null() && facts(&t, "b").is_null());
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(one(&events(&r.stdout), "character-turn")["creature"], "a");
}

/// `simulate` of a showdown whose survivors all start knocked down: none of its fights
/// is lost for it (the hulk only watches, the survivors stand, walk up and wound it with
/// sure hits) and none is called a stalemate.
/// ```text
///     A B C D E
///   1 a . M M b
///   2 . . M M .
/// ```
#[test]
fn simulate_plays_on_while_every_survivor_is_down() {
    let t = table(
        "sim-down",
        "a . M . b\n. . . . .",
        &['a', 'b'],
        json!({ "decks": deck(&["Watch", "Stare"]),
                "survivors": { "a": { "knocked_down": true }, "b": { "knocked_down": true } } }),
        7,
    );
    std::fs::write(
        t.dir.join("heroes.toml"),
        "format = 1\n[[hero]]\nid = \"a\"\nweapon = \"3/1+/9\"\n[[hero]]\nid = \"b\"\nweapon = \"3/1+/9\"\n",
    )
    .unwrap();
    let r = t.run(&[
        "simulate",
        "board.json",
        "--monsters",
        "scheme.toml",
        "--heroes",
        "heroes.toml",
        "--runs",
        "20",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let outcomes = &v["report"]["outcomes"];
    assert_eq!(outcomes["players"]["fights"], 20, "{outcomes}");
    assert_eq!(outcomes["stalemate"]["fights"], 0, "{outcomes}");
}

// ---------------------------------------------------------------------------------
// Survivor status cards.

/// Level 2 lists the status card "Dread" among its specials: when the deck is built
/// (the first monster turn) every survivor gains it, and it is not put in play. Its rule
/// (accuracy -1) makes each die of their attacks need one more.
/// ```text
///     A B C D
///   1 a M M .
///   2 . M M b
/// ```
/// Then `show` lists the cards: in the legend's statuses column, in the lines under the
/// key (with the rules), and in the SVG (a short label over the disc and its key entry).
#[test]
fn a_levels_status_card_goes_to_every_survivor_at_the_start() {
    let t = table(
        "start",
        "a M . .\n. . . b",
        &['a', 'b'],
        json!({ "level": 2 }),
        8,
    );
    // The first record against the hulk builds its deck: the showdown starts.
    let ev = recorded(&t, &["attack", "a", "m", "2/6+/0"]);
    let gained: Vec<&Value> = of(&ev, "ai-note")
        .into_iter()
        .filter(|n| n["fact"] == "status-gained")
        .collect();
    assert_eq!(gained.len(), 2, "{ev:#?}");
    assert_eq!(
        gained[0]["detail"],
        "gains the status card \"Dread\" (accuracy -1): every survivor holds it from the start of the showdown"
    );
    assert_eq!(
        (gained[0]["card"].clone(), gained[0]["of"].clone()),
        (json!("Dread"), json!("hulk"))
    );
    assert_eq!(held(&t, "a"), ["Dread"]);
    assert_eq!(held(&t, "b"), ["Dread"]);
    assert_eq!(ai(&t)["decks"]["hulk"].get("in_play"), None, "not in play");
    let roll = one(&ev, "speed-roll");
    assert_eq!(
        roll["modifiers"],
        json!([{ "term": "accuracy", "amount": -1, "from": "\"Dread\"" }])
    );
    let faces = roll["faces"].as_array().unwrap();
    let hits = faces.iter().filter(|f| f.as_u64().unwrap() >= 7).count();
    assert_eq!(roll["hits"], hits);
    let r = t.run(&["show", "board.json", "--monsters", "scheme.toml", "--ascii"]);
    assert!(
        r.stdout.contains("a: status cards: Dread (accuracy -1)"),
        "{}",
        r.stdout
    );
    let row = r
        .stdout
        .lines()
        .find(|l| l.contains(" b ") && l.contains("players"))
        .unwrap();
    assert!(row.trim_end().ends_with("Dread"), "{row}");
    let r = t.run(&[
        "show",
        "board.json",
        "--monsters",
        "scheme.toml",
        "--svg",
        "-",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(">DRE</text>"), "the label over the disc");
    assert!(r.stdout.contains("Dread"), "the key");
    let r = t.run(&["show", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["command"], "show");
    let a = &v["creatures"][0];
    assert_eq!(
        (a["id"].clone(), a["notes"].clone()),
        (json!("a"), json!(["Dread"]))
    );
    assert!(
        v["lines"]
            .as_array()
            .unwrap()
            .contains(&json!("a: status cards: Dread (accuracy -1)")),
        "{}",
        v["lines"]
    );
    let r = t.run(&[
        "show",
        "board.json",
        "--monsters",
        "scheme.toml",
        "--json",
        "--svg",
        "-",
    ]);
    assert_eq!(r.code, 2, "both on standard output");
}

/// An AI card gives a status card (`on hit: give status marked`, any case), a pick list
/// looks for its holder (`holding Marked`), a condition asks for it (`if target holds
/// Marked:`) and an action takes it away (`remove status Marked`).
/// ```text
///     A B C D
///   1 . M M .
///   2 . M M b     b nearer the hulk than a
///   3 . . . .
///   4 a . . .
/// ```
/// Mark: "closest survivor" is b; `attack 1/1+/0` always hits: b gains Marked. Hunt the
/// Marked: "closest survivor holding Marked" is b; its alert runs; b loses the card. A
/// second Hunt: nobody holds it, so the list falls to "closest survivor", b, whose
/// condition fails, and there is nothing to remove.
#[test]
fn cards_give_find_and_take_status_cards() {
    let t = table(
        "give",
        ". M . .\n. . . b\n. . . .\na . . .",
        &['a', 'b'],
        json!({ "decks": deck(&["Mark", "Hunt the Marked"]) }),
        9,
    );
    let ev = t.turn(&[]);
    assert!(
        notes(&ev).contains(
            &"gains the status card \"Marked\" (evasion -1, until it wounds the monster)"
                .to_string()
        ),
        "{:?}",
        notes(&ev)
    );
    assert_eq!(held(&t, "b"), ["Marked"]);
    let ev = t.turn(&[]);
    assert_eq!(
        one(&ev, "target")["reason"],
        "closest survivor holding Marked"
    );
    assert!(notes(&ev).contains(&"alert: it sniffs out the mark".to_string()));
    assert!(notes(&ev).contains(&"loses the status card \"Marked\"".to_string()));
    assert!(held(&t, "b").is_empty());
    // Hunt the Marked again (back on top of the deck).
    let mut b = t.board();
    b["systems"]["ai-deck"]["decks"]["hulk"] =
        json!({ "deck": ["Hunt the Marked"], "discard": ["Mark"], "wounds": [] });
    std::fs::write(t.dir.join("board.json"), serde_json::to_string(&b).unwrap()).unwrap();
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "target")["reason"], "closest survivor");
    assert!(
        notes(&ev)
            .iter()
            .any(|n| n.contains("skips `if target holds Marked"))
    );
    assert!(notes(&ev).contains(&"holds no status card \"Marked\" to lose".to_string()));
}

/// A status card's evasion changes what the monster's dice need against its holder:
/// "Swat" rolls 6 dice at 6+; against b (Marked, evasion -1) each needs 5, against b
/// Braced as well (evasion +2) 7. The narration says where the change comes from.
/// ```text
///     A B C
///   1 . M M
///   2 b M M
/// ```
#[test]
fn a_status_cards_evasion_changes_the_monsters_dice() {
    for (cards, need) in [(json!(["Marked"]), 5), (json!(["Marked", "Braced"]), 7)] {
        let held: Vec<Value> = cards
            .as_array()
            .unwrap()
            .iter()
            .map(|c| json!({ "card": c, "of": "hulk" }))
            .collect();
        let t = table(
            "evasion",
            ". M .\nb . .",
            &['b'],
            json!({ "decks": deck(&["Swat"]), "survivors": { "b": { "status_cards": held } } }),
            10,
        );
        let ev = t.turn(&[]);
        let roll = one(&ev, "speed-roll");
        let hits = roll["faces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f.as_u64().unwrap() >= need)
            .count();
        assert_eq!(roll["hits"], hits, "{roll}");
        assert_eq!(roll["modifiers"][0]["from"], "\"Marked\"");
    }
    let t = table(
        "evasion-text",
        ". M .\nb . .",
        &['b'],
        json!({ "decks": deck(&["Swat"]),
                "survivors": { "b": { "status_cards": [{ "card": "Marked", "of": "hulk" }] } } }),
        10,
    );
    let r = t.run(&["turn", "scheme.toml", "board.json", "--dry-run"]);
    assert!(
        r.stdout
            .contains("each 5+ hits (accuracy 6, evasion 0; -1 evasion from \"Marked\")"),
        "{}",
        r.stdout
    );
}

/// A status card's accuracy, speed and strength change its holder's attacks: b holds
/// Keen (accuracy +1, speed +1) and Braced (strength +1). `record attack b m 2/6+/5`
/// rolls 3 dice, each needing 5; each wound roll is d10 + 5 + 1 against toughness 6, so
/// every one wounds.
/// ```text
///     A B C
///   1 . M M
///   2 b M M
/// ```
/// The hulk's deck has 8 cards, more than 3 wounds take.
#[test]
fn a_status_cards_accuracy_speed_and_strength_change_the_survivors_attack() {
    let t = table(
        "keen",
        ". M .\nb . .",
        &['b'],
        json!({ "decks": deck(&EIGHT),
                "survivors": { "b": { "status_cards": [{ "card": "Keen", "of": "hulk" }, { "card": "Braced", "of": "hulk" }] } } }),
        11,
    );
    let ev = recorded(&t, &["attack", "b", "m", "2/6+/5"]);
    let roll = one(&ev, "speed-roll");
    let faces = roll["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 3, "speed 2 + 1");
    let hits = faces.iter().filter(|f| f.as_u64().unwrap() >= 5).count();
    assert_eq!(roll["hits"], hits);
    let wounds = of(&ev, "wound-roll");
    assert_eq!(wounds.len(), hits);
    for w in wounds {
        assert_eq!(w["strength"], 5);
        assert_eq!(
            w["modifiers"],
            json!([{ "term": "strength", "amount": 1, "from": "\"Braced\"" }])
        );
        assert_eq!(w["wounds"], true, "{w}");
    }
}

/// A card lost on a wound ("Marked": `until = "wounds the monster"`) goes when its
/// holder wounds the hulk (`record wound m --by b`: the top card, Haunt, goes to the
/// wound stack); one for a monster turn ("Dazed") lasts to the end of the monster turn
/// after the one that gave it (Daze, then Watch); one lost when knocked down ("Braced")
/// goes with the knock-down (Shove).
/// ```text
///     A B C
///   1 . M M
///   2 b M M
/// ```
#[test]
fn status_cards_are_lost_as_the_card_says() {
    let t = table(
        "lost",
        ". M .\nb . .",
        &['b'],
        json!({ "decks": deck(&["Haunt", "Daze", "Watch", "Shove", "Stare"]),
                "survivors": { "b": { "status_cards": [{ "card": "Marked", "of": "hulk" }, { "card": "Braced", "of": "hulk" }] } } }),
        12,
    );
    let ev = recorded(&t, &["wound", "m", "--by", "b"]);
    assert!(
        notes(&ev).contains(&"loses the status card \"Marked\": it wounded Hulk".to_string()),
        "{:?}",
        notes(&ev)
    );
    assert_eq!(held(&t, "b"), ["Braced"]);
    t.turn(&[]); // Daze: b gains Dazed during this turn
    assert_eq!(held(&t, "b"), ["Braced", "Dazed"]);
    let ev = t.turn(&[]); // Watch: Dazed was held before this turn: it goes at its end
    assert!(
        notes(&ev).contains(
            &"loses the status card \"Dazed\": the monster turn after it gained it is over"
                .to_string()
        ),
        "{:?}",
        notes(&ev)
    );
    assert_eq!(held(&t, "b"), ["Braced"]);
    let ev = t.turn(&[]); // Shove: knocked down, it loses Braced
    assert!(
        notes(&ev).contains(&"loses the status card \"Braced\": it is knocked down".to_string())
    );
    assert!(held(&t, "b").is_empty());
}

/// "not a threat": a survivor holding Dazed is passed over by "closest threat"; with
/// every survivor dazed (given again: Dazed lasts one monster turn), "Threat Check"
/// finds no one and does nothing.
/// ```text
///     A B C D
///   1 a M M .
///   2 . M M .
///   3 . . . b     a is nearer, but Dazed
/// ```
#[test]
fn a_status_card_can_make_its_holder_no_threat() {
    let dazed = json!([{ "card": "Dazed", "of": "hulk" }]);
    let t = table(
        "threat",
        "a M . .\n. . . .\n. . . b",
        &['a', 'b'],
        json!({ "decks": deck(&["Threat Check"]),
                "survivors": { "a": { "status_cards": dazed } } }),
        13,
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "target")["target"], "b");
    assert!(held(&t, "a").is_empty(), "Dazed lasted one monster turn");
    let mut b = t.board();
    b["systems"]["ai-deck"]["survivors"] =
        json!({ "a": { "status_cards": dazed }, "b": { "status_cards": dazed } });
    std::fs::write(t.dir.join("board.json"), serde_json::to_string(&b).unwrap()).unwrap();
    let ev = t.turn(&[]);
    assert!(of(&ev, "target").is_empty());
}

/// A status card that watches: at the start of each hulk turn, a holder of "Haunted" in
/// the hulk's field of view suffers 1 brain damage; one in its blind spot does not.
/// ```text
///     A B C D
///   1 . M M .     the hulk facing north: blind spot B3, C3
///   2 . M M a
///   3 . b . .
/// ```
#[test]
fn a_status_card_watches_its_holder() {
    let haunted = json!([{ "card": "Haunted", "of": "hulk" }]);
    let t = table(
        "haunt",
        ". M . .\n. . . a\n. b . .",
        &['a', 'b'],
        json!({ "decks": deck(&["Watch"]), "monsters": { "m": { "facing": "north" } },
                "survivors": { "a": { "status_cards": haunted }, "b": { "status_cards": haunted } } }),
        14,
    );
    let ev = t.turn(&[]);
    let n = notes(&ev);
    assert!(
        n.contains(
            &"a's status card \"Haunted\": a meets `in field of view`, so it acts".to_string()
        ),
        "{n:?}"
    );
    assert!(n.contains(&"suffers 1 brain damage".to_string()), "{n:?}");
    assert!(
        n.contains(&"b's status card \"Haunted\": b does not meet `in field of view`".to_string()),
        "{n:?}"
    );
    let brain: Vec<&Value> = of(&ev, "ai-note")
        .into_iter()
        .filter(|e| e["detail"] == "suffers 1 brain damage")
        .collect();
    assert_eq!(brain.len(), 1);
    assert_eq!(brain[0]["creature"], "a");
}

/// The players give and take status cards at the table: `give-status` (any case, with a
/// "did you mean" for a misspelt card), `remove-status`; each can be undone. A card held
/// already, one not held, a card that is not a status card, or a monster are refused
/// (exit code 2, the board untouched).
#[test]
fn the_players_record_status_cards() {
    let t = table(
        "record",
        "a M . .\n. . . .",
        &['a'],
        json!({ "decks": deck(&["Watch"]) }),
        15,
    );
    let ev = recorded(&t, &["give-status", "a", "keen"]);
    assert_eq!(
        notes(&ev),
        ["gains the status card \"Keen\" (accuracy +1, speed +1), as the players record"]
    );
    assert_eq!(one(&ev, "ai-note")["fact"], "status-gained");
    assert_eq!(held(&t, "a"), ["Keen"]);
    let before = t.board();
    for (words, says) in [
        (
            &["give-status", "a", "Keen"][..],
            "`a` already holds the status card \"Keen\"",
        ),
        (
            &["give-status", "a", "Keene"][..],
            "there is no survivor status card `Keene`",
        ),
        (
            &["give-status", "a", "Watch"][..],
            "there is no survivor status card `Watch`",
        ),
        (&["give-status", "m", "Keen"][..], "`m` is not a survivor"),
        (
            &["give-status", "a", "Keen", "--of", "ox"][..],
            "there is no AI-deck monster type `ox`",
        ),
        (
            &["remove-status", "a", "Dazed"][..],
            "`a` holds no status card `Dazed`",
        ),
        (
            &["give-status", "a"][..],
            "required arguments were not provided:\n  <CARD>",
        ),
    ] {
        let r = record(&t, words);
        assert_eq!(r.code, 2, "{words:?}");
        assert!(r.stderr.contains(says), "{words:?}: {}", r.stderr);
    }
    let r = record(&t, &["give-status", "a", "Keene"]);
    assert!(r.stderr.contains("did you mean `Keen`?"), "{}", r.stderr);
    assert_eq!(t.board(), before);
    let ev = recorded(&t, &["remove-status", "a", "KEEN"]);
    assert_eq!(
        notes(&ev),
        ["loses the status card \"Keen\", as the players record"]
    );
    assert!(held(&t, "a").is_empty());
    let r = t.run(&["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(held(&t, "a"), ["Keen"]);
    let r = recorded(&t, &["give-status", "a", "Braced", "--of", "hulk"]);
    assert_eq!(one(&r, "ai-note")["of"], "hulk");
}

/// The board's held status cards are checked when it is loaded (every command): the
/// type, the card (a status card of it), held once; and a status card never lies in a
/// deck's stacks. Each problem is located at its path, exit code 2.
#[test]
fn held_status_cards_are_checked_in_the_board() {
    let cases = [
        (
            json!({ "survivors": { "a": { "status_cards": [{ "card": "Keen", "of": "ox" }] } } }),
            "(systems.ai-deck.survivors.a.status_cards[0].of)",
            "there is no AI-deck monster type `ox`",
        ),
        (
            json!({ "survivors": { "a": { "status_cards": [{ "card": "Keem", "of": "hulk" }] } } }),
            "(systems.ai-deck.survivors.a.status_cards[0].card)",
            "did you mean `Keen`?",
        ),
        (
            json!({ "survivors": { "a": { "status_cards": [{ "card": "Watch", "of": "hulk" }] } } }),
            "(systems.ai-deck.survivors.a.status_cards[0].card)",
            "`Watch` is a normal card, not a survivor status card",
        ),
        (
            json!({ "survivors": { "a": { "status_cards": [{ "card": "Keen", "of": "hulk" }, { "card": "Keen", "of": "hulk" }] } } }),
            "(systems.ai-deck.survivors.a.status_cards[1])",
            "`a` holds `Keen` twice",
        ),
        (
            json!({ "decks": { "hulk": { "deck": ["Watch", "Keen"], "discard": [], "wounds": [] } } }),
            "(systems.ai-deck.decks.hulk.deck[1])",
            "`Keen` is a survivor status card: it never enters the AI deck",
        ),
        (
            json!({ "survivors": { "a": { "status_cards": ["Keen"] } } }),
            "(systems.ai-deck.survivors.a.status_cards[0])",
            "",
        ),
    ];
    for (i, (state, path, says)) in cases.into_iter().enumerate() {
        let t = table(
            &format!("bad-held-{i}"),
            "a M . .\n. . . .",
            &['a'],
            state,
            16,
        );
        let before = t.board();
        let r = t.run(&["check", "scheme.toml", "board.json"]);
        assert_eq!(r.code, 2, "case {i}: {}", r.stdout);
        assert!(r.stderr.contains(path), "case {i}: {}", r.stderr);
        assert!(r.stderr.contains(says), "case {i}: {}", r.stderr);
        let r = t.run(&["turn", "scheme.toml", "board.json"]);
        assert_eq!(r.code, 2, "case {i}");
        assert_eq!(t.board(), before);
    }
}

/// The monster file's status cards are checked, each problem at its line and field: a
/// status card is special, is never drawn (no pick list, no actions), keeps commas and
/// colons out of its name, has survivors' rules and a known release; a line naming a
/// status card names one of the type.
#[test]
fn status_cards_in_the_monster_file_are_checked() {
    let bad = |card: &str, extra: &str| -> String {
        format!(
            "{}\n[[monster.card]]\nname = \"Odd\"\nlevel = \"basic\"\npick = [\"closest survivor\"]\nactions = [\"{extra}\"]\n{card}",
            HULK
        )
    };
    let cases = [
        (
            bad("", "give status Keeen"),
            "there is no survivor status card `keeen`",
            "did you mean `Keen`?",
        ),
        (
            bad("", "if target holds Nothing: flow"),
            "there is no survivor status card `nothing`",
            "monster[0].card[16].actions[0]",
        ),
        (
            HULK.replace(
                "pick = [\"closest survivor holding Marked\", \"closest survivor\"]",
                "pick = [\"closest survivor holding Markd\"]",
            ),
            "there is no survivor status card `markd`",
            "did you mean `Marked`?",
        ),
        (
            HULK.replace(
                "name = \"Keen\"\nlevel = \"special\"",
                "name = \"Keen\"\nlevel = \"basic\"",
            ),
            "a survivor status card is a special card",
            "set level = \"special\"",
        ),
        (
            HULK.replace(
                "effects = [\"accuracy +1\", \"speed +1\"]",
                "effects = [\"accuracy +1\", \"speed +1\"]\npick = [\"closest survivor\"]",
            ),
            "a survivor status card is held by a survivor, never drawn: it has no `pick`",
            "monster[0].card[14].pick",
        ),
        (
            HULK.replace(
                "effects = [\"accuracy +1\", \"speed +1\"]",
                "effects = [\"no draws\"]",
            ),
            "`no draws` is not a survivor's rule",
            "monster[0].card[14].effects[0]",
        ),
        (
            HULK.replace("until = \"knocked down\"", "until = \"wounded\""),
            "`wounded` is not when a survivor loses a status card",
            "write one of: never, knocked down, wounds the monster, end of monster turn",
        ),
        (
            HULK.replace("name = \"Haunted\"", "name = \"Haunted: at night\""),
            "holds a comma or a colon",
            "monster[0].card[15].name",
        ),
    ];
    for (i, (file, says, also)) in cases.into_iter().enumerate() {
        let t = Table::new(&format!("kd-surv-bad-file-{i}"), &json!({})).with_scheme(&file);
        let r = t.run(&["check", "scheme.toml"]);
        assert_eq!(r.code, 2, "case {i}: {}", r.stdout);
        assert!(r.stderr.contains(says), "case {i}: {}", r.stderr);
        assert!(r.stderr.contains(also), "case {i}: {}", r.stderr);
    }
}

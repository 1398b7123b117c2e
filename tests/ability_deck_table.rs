//! Gloomhaven characters at the table (SPEC §12, issue 43 point 3): a character's attack
//! recorded with `record BOARD attack CHARACTER TARGET ATTACK CARD [pierce N]
//! [CONDITION ...]` lands as a monster's does — +1 against a poisoned target before the
//! card, the card the player drew, the target's shield less pierce, the conditions, the
//! target's retaliate against an attacker within its range — through the same code
//! (`ability_deck::blow`, `rules::retaliate`); `hit --pierce N` lowers the shield too; and
//! the character's own conditions are listed when `next` opens its turn.
//!
//! Boards are hex rows drawn as in `ability_deck_spoils` (even columns on the first text
//! line, odd columns on the second): on one row A1, B1, C1, … form a chain, and the
//! distance along it is the difference of the columns.

use crate::ability_deck_spoils::{brute, hero, hex, scheme};
use crate::common::{Table, events, of, one};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

static TABLES: AtomicUsize = AtomicUsize::new(0);

fn table(picture: &str, who: &[(char, Value)], state: Value, imps: &str) -> Table {
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    let card = "initiative = 40\nactions = [\"attack +0\"]";
    Table::new(&format!("gloom-table-{n}"), &hex(picture, who, state))
        .with_scheme(&scheme(&[card], imps))
}

/// A command line's words, written as one string.
fn w(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn hp(t: &Table, id: &str) -> i64 {
    t.creature(id).map_or(0, |c| c["hp"].as_i64().unwrap())
}

fn record(t: &Table, words: &[&str]) -> Vec<Value> {
    let mut args = vec!["record", "board.json"];
    args.extend_from_slice(words);
    args.push("--json");
    let r = t.run(&args);
    assert_eq!(r.code, 0, "{words:?}: {}", r.stderr);
    events(&r.stdout)
}

/// The brute on B1 (6 HP) is poisoned, has a standing shield 2 and a standing retaliate 2
/// of range 2. Aria (A1) is 1 hex from it, Cole (D1) 2, Dora (E1) 3; C1 is empty:
///
/// ```text
///  __    __    __
/// /A1\__/C1\__/E1\      A1 aria, B1 brute-1, D1 cole, E1 dora
/// \__/B1\__/D1\__/
///    \__/  \__/
/// ```
///
/// 1. Aria, `3 +1 pierce 1`: 3, +1 for the poison = 4; the +1 card: 5; the shield 2 less
///    pierce 1 stops 1: the brute takes 4 (6 → 2). Aria is within range 2: the brute's
///    retaliate 2 answers (Aria 10 → 8).
/// 2. Dora, `1 null`: 1 + 1 = 2, null: 0; nothing to take. Dora stands 3 away: no
///    retaliate (Dora stays at 10).
/// 3. Cole, `1 -1 wound muddle`: 1 + 1 = 2, −1: 1; the shield 2 stops it all (0, 1
///    prevented). The brute is wounded and muddled; Cole, 2 away, takes the retaliate 2
///    (10 → 8).
/// 4. Aria, `1 x2`: (1 + 1) × 2 = 4, the shield stops 2: 2 taken, the brute falls (2 → 0)
///    and drops a money token; a fallen brute does not retaliate (Aria stays at 8). It
///    was the last monster: the heroes win.
#[test]
fn a_recorded_attack_gets_the_poison_the_card_the_shield_less_pierce_and_the_retaliate() {
    let mut b = brute("brute-1");
    b["statuses"] = json!([
        { "status": "poisoned", "until": "healed" },
        { "status": "shielded", "amount": 2, "until": "removed" },
        { "status": "retaliating", "amount": 2, "range": 2, "until": "removed" }
    ]);
    let t = table(
        "a   .   e\n  b   c",
        &[
            ('a', hero("aria")),
            ('b', b),
            ('c', hero("cole")),
            ('e', hero("dora")),
        ],
        json!({}),
        "",
    );
    let ev = record(&t, &w("attack aria brute-1 3 +1 pierce 1"));
    assert_eq!(
        one(&ev, "modifier-drawn"),
        &json!({ "event": "modifier-drawn", "attacker": "aria", "target": "brute-1",
                 "drawn": ["+1"], "used": "+1", "base": 4, "attack": 5, "poisoned": true })
    );
    let hits = of(&ev, "damage");
    assert_eq!(
        (
            &hits[0]["target"],
            &hits[0]["amount"],
            &hits[0]["prevented"],
            &hits[0]["modifiers"]
        ),
        (
            &json!("brute-1"),
            &json!(4),
            &json!(1),
            &json!(["pierce 1"])
        )
    );
    assert_eq!(
        (&hits[1]["target"], &hits[1]["amount"], &hits[1]["dealer"]),
        (&json!("aria"), &json!(2), &json!("brute-1"))
    );
    assert_eq!((hp(&t, "brute-1"), hp(&t, "aria")), (2, 8));

    let ev = record(&t, &w("attack dora brute-1 1 null"));
    let m = one(&ev, "modifier-drawn");
    assert_eq!((&m["base"], &m["attack"]), (&json!(2), &json!(0)));
    assert_eq!((hp(&t, "brute-1"), hp(&t, "dora")), (2, 10));
    assert!(of(&ev, "trait-triggered").is_empty());

    let ev = record(&t, &w("attack cole brute-1 1 -1 wound muddle"));
    let m = one(&ev, "modifier-drawn");
    assert_eq!((&m["base"], &m["attack"]), (&json!(2), &json!(1)));
    let gained: Vec<&str> = of(&ev, "status-gained")
        .iter()
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(gained, ["wounded", "muddled"]);
    assert_eq!((hp(&t, "brute-1"), hp(&t, "cole")), (2, 8));

    // The same told in words.
    let r = t.run(&w("record board.json attack aria brute-1 1 x2 --dry-run"));
    assert_eq!(
        r.stdout,
        "  Attack 2 on brute-1 (poisoned: +1): modifier x2 -> 4.\n  Damage from aria's attack: brute-1 takes 2 (2 prevented), now 0/6 HP.\n  brute-1 falls on B1.\n  brute-1 drops a money token on B1.\n\n*** The fight is over: the heroes win: no monsters are left. ***\n"
    );
    let ev = record(&t, &w("attack aria brute-1 1 x2"));
    one(&ev, "coin-dropped");
    assert!(t.creature("brute-1").is_none());
    assert_eq!(hp(&t, "aria"), 8);
}

/// A type immune to poison is not poisoned by a character's attack, as by a monster's.
/// Aria on A1, the imp (2 HP) on B1: `attack aria imp-1 1 +0 poison` deals 1.
#[test]
fn an_immune_type_shrugs_off_the_condition() {
    let t = table(
        "a\n  i",
        &[
            ('a', hero("aria")),
            (
                'i',
                json!({ "id": "imp-1", "type": "imp", "side": "monsters", "hp": 2 }),
            ),
        ],
        json!({}),
        "immune = [\"poison\"]",
    );
    let ev = record(&t, &w("attack aria imp-1 1 +0 poison"));
    assert_eq!(one(&ev, "trait-triggered")["detail"], "is immune to poison");
    assert!(of(&ev, "status-gained").is_empty());
    assert_eq!(hp(&t, "imp-1"), 1);
}

/// What `record attack` refuses, each with exit 2 and the board untouched.
#[test]
fn a_wrong_attack_is_refused_and_changes_nothing() {
    let mut disarmed = hero("cole");
    disarmed["statuses"] =
        json!([{ "status": "disarmed", "until": "end-of-next-turn", "round": 1 }]);
    let t = table(
        "a   c\n  b",
        &[
            ('a', hero("aria")),
            ('b', brute("brute-1")),
            ('c', disarmed),
        ],
        json!({}),
        "",
    );
    let before = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
    for (words, message) in [
        (
            "attack aria brute-1 3",
            "`record attack`: the following required arguments were not provided: <CARD>",
        ),
        (
            "attack arai brute-1 3 +1",
            "the attacker `arai` is not on the board",
        ),
        (
            "attack brute-1 aria 3 +1",
            "brute-1 is a monster, and monsters attack on their own turns",
        ),
        ("attack aria cole 3 +1", "cole is on aria's side"),
        (
            "attack cole brute-1 3 +1",
            "cole is disarmed and cannot attack",
        ),
        (
            "attack aria brute-1 3 +3",
            "`+3` is not an attack-modifier card",
        ),
        ("attack aria brute-1 three +1", "`three` is not an attack"),
        ("attack aria brute-1 3 +1 posion", "did you mean `poison`?"),
        (
            "attack aria brute-1 3 +1 pierce 0",
            "`pierce 0` needs a number from 1 to 20",
        ),
        (
            "attack aria brute-1 3 +1 pierce 1 pierce 2",
            "pierce is given twice",
        ),
        ("attack aria brute-1 3 +1 stun stun", "stun is given twice"),
        (
            "attack aria brute-1 3 +1 strengthen",
            "`strengthen` is not something an attack gives",
        ),
    ] {
        let mut args = vec!["record", "board.json"];
        args.extend(words.split_whitespace());
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{words:?}: {}", r.stdout);
        assert!(r.stderr.contains(message), "{words:?}: {}", r.stderr);
        let now = std::fs::read_to_string(t.dir.join("board.json")).unwrap();
        assert_eq!(now, before, "{words:?} changed the board");
    }
    let r = t.run(&w("record board.json attack cole brute-1 3 +1"));
    assert!(
        r.stderr
            .contains("if the table says otherwise, take it off first: `monster-ai status BOARD cole remove disarmed`"),
        "{}",
        r.stderr
    );
    let r = t.run(&w("record board.json attack aria brute-1 3 +3"));
    assert!(
        r.stderr
            .contains("+0, +1, -1, +2, -2, x2, null, bless or curse"),
        "{}",
        r.stderr
    );
}

/// `hit --pierce N` lowers the target's shield by N for that blow (never below 0). The
/// brute on B1 has a standing shield 2; Aria on A1 hits it for 3, then 3 again.
#[test]
fn hit_pierce_lowers_the_shield() {
    let mut b = brute("brute-1");
    b["statuses"] = json!([{ "status": "shielded", "amount": 2, "until": "removed" }]);
    let t = table("a\n  b", &[('a', hero("aria")), ('b', b)], json!({}), "");
    let hit = |pierce: &str| {
        let r = t.run(&[
            "hit",
            "board.json",
            "brute-1",
            "3",
            "--by",
            "aria",
            "--pierce",
            pierce,
            "--json",
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        one(&events(&r.stdout), "damage").clone()
    };
    // Shield 2 less pierce 1 stops 1: 2 taken (6 → 4).
    let d = hit("1");
    assert_eq!(
        (&d["amount"], &d["prevented"], &d["modifiers"]),
        (&json!(2), &json!(1), &json!(["pierce 1"]))
    );
    // Pierce 5 goes through the whole shield (told as the 2 it ignored): 3 taken (4 → 1).
    let d = hit("5");
    assert_eq!(
        (&d["amount"], &d["prevented"], &d["modifiers"]),
        (&json!(3), &json!(0), &json!(["pierce 2"]))
    );
    assert_eq!(hp(&t, "brute-1"), 1);
}

/// A monster's attack on a poisoned character says the +1 too. The brute (B1, attack 2,
/// its card `attack +0`, the deck's top card +0) hits the poisoned Aria (A1) for 3.
#[test]
fn a_monsters_attack_on_a_poisoned_target_tells_the_plus_one() {
    let mut a = hero("aria");
    a["statuses"] = json!([{ "status": "poisoned", "until": "healed" }]);
    let t = table(
        "a\n  b",
        &[('a', a), ('b', brute("brute-1"))],
        json!({ "ability_decks": { "brute": { "draw": [1] } },
                "modifier_deck": { "draw": ["plus0"] } }),
        "",
    );
    let r = t.run(&w("turn scheme.toml board.json --type brute"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("  Attack 3 on aria (poisoned: +1): modifier +0 -> 3.\n"),
        "{}",
        r.stdout
    );
    assert_eq!(hp(&t, "aria"), 7);
}

/// When `next` opens a character's turn it lists the conditions the character plays it
/// under. Aria (initiative 10) acts before the brute's card (40); she carries, in this
/// order, muddled (until the end of her next turn, gained in round 1), poisoned, a
/// standing shield 1 and a standing retaliate 1 of range 2. The round is dealt by this
/// `next` (no turn order yet), so none of them has run out, and none ends as her turn
/// begins (only "until the start of the next turn" ones would).
#[test]
fn the_turn_opens_with_the_characters_own_conditions() {
    let mut a = hero("aria");
    a["statuses"] = json!([
        { "status": "muddled", "until": "end-of-next-turn", "round": 1 },
        { "status": "poisoned", "until": "healed" },
        { "status": "shielded", "amount": 1, "until": "removed" },
        { "status": "retaliating", "amount": 1, "range": 2, "until": "removed" }
    ]);
    let state = json!({ "initiatives": { "aria": 10, "cole": 90 },
                        "ability_decks": { "brute": { "draw": [1] } } });
    let who = [('a', a), ('b', brute("brute-1")), ('c', hero("cole"))];
    let t = table("a   c\n  b", &who, state.clone(), "");
    let r = t.run(&["next", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert_eq!(
        one(&ev, "character-turn")["conditions"],
        json!([
            { "status": "muddled", "until": "end-of-next-turn" },
            { "status": "poisoned", "until": "healed" },
            { "status": "shielded", "amount": 1, "until": "removed" },
            { "status": "retaliating", "amount": 1, "range": 2, "until": "removed" }
        ])
    );
    let t = table("a   c\n  b", &who, state, "");
    let r = t.run(&["next", "board.json"]);
    assert!(
        r.stdout.ends_with(
            "    aria is muddled until the end of this turn: disadvantage on their attacks.
    aria is poisoned until healed: every attack on them gains +1; a heal cures it instead of healing.
    aria is shielded 1: each attack on them deals 1 less.
    aria is retaliating 1 (range 2): an enemy attacking them from within 2 takes 1.
"
        ),
        "{}",
        r.stdout
    );
    // Cole acting in Aria's turn is out of turn, his attack recorded all the same.
    let r = t.run(&w("record board.json attack cole brute-1 1 +0"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("warning: cole acts out of turn: it is aria's turn"),
        "{}",
        r.stderr
    );
}

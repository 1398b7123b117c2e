//! What the seed's AI cards can say, worked by hand (docs/ai-decks.md): a pick-target
//! line that targets every survivor in a zone (facing, adjacent, within N, a shape
//! drawn on the card with its own blind spot), collateral damage, Materialize &
//! Attack, an alert that ends the card, moods with triggered actions, Life given by
//! cards, overtone counts in the level recipe, and a repeat card that finds no target.
//!
//! Each case draws its map and fixes the AI deck in the board. Attacks use accuracy 1+
//! (every d10 hits) and the test types hit only the `body`, so no die decides anything.
//! `brute` is a 2×2 monster (its position is its block's top-left square), `imp` one
//! square; both move 1 space, so any longer way is not a walk.

use crate::common::ai_deck::{self, ai, creature, deck, said, survivor};
use crate::common::{Table, of, one};
use serde_json::{Value, json};

const CARDS: &str = r#"
[[monster.card]]
name = "Antler Sweep"
level = "basic"
pick = ["every threat, facing, adjacent"]
actions = ["attack 1/1+/1", "collateral adjacent: knock down"]

[[monster.card]]
name = "Near Hum"
level = "basic"
pick = ["every survivor within 2"]
actions = ["give 1 bleeding"]

[[monster.card]]
name = "Wing Punch"
level = "basic"
pick = ["closest survivor"]
actions = ["materialize & attack 1/1+/1"]

[[monster.card]]
name = "Blink"
level = "basic"
pick = ["closest survivor"]
actions = ["materialize"]

[[monster.card]]
name = "Savour"
level = "basic"
pick = ["closest survivor"]
actions = ["if target knocked down: alert end: it savours the fall", "attack 1/1+/1"]

[[monster.card]]
name = "Second Wind"
level = "basic"
type = "trait"
life = 4

[[monster.card]]
name = "Stub"
level = "basic"
pick = ["closest survivor"]
no_target = "nothing"
actions = ["alert: stub"]

[[monster.card]]
name = "Whirl"
level = "basic"
type = "repeat"
pick = ["closest threat"]
no_target = "nothing"
actions = ["attack 1+T/1+/1"]

[[monster.card]]
name = "Hardy"
level = "special"
type = "trait"
life = 2
"#;

/// Cards drawn for the 1-square imp only (their drawings hold a 1-square monster).
const IMP_CARDS: &str = r#"
[[monster.card]]
name = "Ground Guard"
level = "basic"
type = "mood"
effects = ["no draws"]
zone = ["x x x", ". M ."]
watch = "threat in zone"
triggered = ["basic action"]
[[monster.card]]
name = "Spit Cone"
level = "basic"
zone = ["x x x", ". M ."]
pick = ["every threat in zone"]
actions = ["attack 1/1+/2", "collateral in zone: 1 damage"]

[[monster.card]]
name = "Tail Flick"
level = "basic"
zone = [". M .", "b . ."]
pick = ["closest survivor, blind spot"]
no_target = "nothing"
actions = ["give 1 bleeding"]
"#;

fn monster_file() -> String {
    let mut s = String::from("format = 1\nsystem = \"ai-deck\"\n");
    for (name, size, level, extra) in [
        ("brute", 2, "basic = 1", ""),
        ("imp", 1, "basic = 1", IMP_CARDS),
        ("wisp", 1, "basic = 1\nlife = 3\nspecials = [\"Hardy\"]", ""),
    ] {
        s.push_str(&format!(
            "\n[[monster]]\nname = \"{name}\"\nmovement = 1\ntoughness = 8\nsize = {size}\n\
             hit_locations = [\"body\"]\n\
             basic_action = {{ pick = [\"closest survivor\"], actions = [\"attack 1/1+/1\"] }}\n\
             instinct = {{ pick = [\"closest survivor\"], actions = [\"alert: instinct\"] }}\n\
             [[monster.level]]\nlevel = 1\n{level}\n{CARDS}{extra}"
        ));
    }
    s
}

fn monster(id: &str, kind: &str) -> Value {
    creature(id, kind, 8)
}

fn table(name: &str, picture: &str, creatures: &[(char, Value)], state: Value) -> Table {
    ai_deck::table(
        &format!("aicards-{name}"),
        picture,
        creatures,
        state,
        None,
        &monster_file(),
    )
}

/// Armour points on the body, tracked.
fn armoured(n: u32) -> Value {
    json!({ "locations": { "body": { "armour": n } } })
}

fn targets(events: &[Value]) -> Vec<String> {
    of(events, "target")
        .iter()
        .map(|e| e["target"].as_str().unwrap().to_string())
        .collect()
}

fn rolled_at(events: &[Value]) -> Vec<String> {
    of(events, "speed-roll")
        .iter()
        .map(|e| e["target"].as_str().unwrap().to_string())
        .collect()
}

fn body_armour(t: &Table, who: &str) -> Value {
    ai(t)["survivors"][who]["locations"]["body"]["armour"].clone()
}

// ---------------------------------------------------------------------------------
// Zones.

/// A zone card hitting three survivors. "every threat, facing, adjacent": the brute
/// (2×2 on C3-D4) faces north, so the squares in front of it are the rows above row 3;
/// adjacent ones are B2, C2, D2 (diagonals count one space).
///
/// ```text
///     A B C D E F
///   1 . . . . . .
///   2 . a b c . .     a, b, c: in front and adjacent -> the three targets
///   3 . . M M . .     M: brute, facing north
///   4 . . M M e .     e: adjacent but beside it, not in front -> collateral only
///   5 . . . . . .
/// ```
/// Each target is attacked in turn (board order a, b, c): one die needing 1+ hits, the
/// body's 2 armour takes the 1 damage, 1 left. Then "collateral adjacent: knock down"
/// reaches every adjacent survivor who is not a target: e alone, knocked down, its armour
/// untouched.
#[test]
fn a_zone_card_hits_three_survivors_and_its_collateral_knocks_down_the_fourth() {
    let t = table(
        "sweep",
        // The block's other squares are left empty in the picture: M is its corner.
        ". . . . . .\n. a b c . .\n. . M . . .\n. . . . e .\n. . . . . .",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('c', survivor("c")),
            ('M', monster("brute", "brute")),
            ('e', survivor("e")),
        ],
        json!({
            "decks": { "brute": deck(&["Antler Sweep"]) },
            "monsters": { "brute": { "facing": "north" } },
            "survivors": { "a": armoured(2), "b": armoured(2), "c": armoured(2), "e": armoured(2) }
        }),
    );
    let ev = t.turn(&[]);
    assert_eq!(targets(&ev), ["a", "b", "c"]);
    assert_eq!(rolled_at(&ev), ["a", "b", "c"]);
    for who in ["a", "b", "c"] {
        assert_eq!(body_armour(&t, who), 1, "{who}'s armour took the hit");
        assert!(ai(&t)["survivors"][who]["knocked_down"].is_null());
    }
    assert_eq!(ai(&t)["survivors"]["e"]["knocked_down"], true);
    assert_eq!(body_armour(&t, "e"), 2, "collateral knocks down, no hit");
    assert!(said(&ev, "collateral damage reaches e (not targets)"));
    assert_eq!(ai(&t)["decks"]["brute"]["discard"], json!(["Antler Sweep"]));
}

/// "every survivor within 2": at most 2 steps from the nearest square of the monster.
///
/// ```text
///     A B C D E F
///   1 m a b c . .     m: imp on A1; a 1 step, b 2 steps, c 3 steps away
/// ```
/// a and b gain a bleeding token; c does not.
#[test]
fn within_n_counts_steps_from_the_monster() {
    let t = table(
        "within",
        "m a b c . .",
        &[
            ('m', monster("imp", "imp")),
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('c', survivor("c")),
        ],
        json!({ "decks": { "imp": deck(&["Near Hum"]) } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(targets(&ev), ["a", "b"]);
    let s = ai(&t)["survivors"].clone();
    assert_eq!(
        (
            s["a"]["tokens"]["bleeding"].clone(),
            s["b"]["tokens"]["bleeding"].clone()
        ),
        (json!(1), json!(1))
    );
    assert!(s["c"].is_null());
}

/// A zone drawn on the card, turned with the monster. Drawn facing north as
/// `x x x / . M .`: the three squares in front. The imp on C3 faces east, so the zone
/// is the column in front of its east side: D2, D3, D4.
///
/// ```text
///     A B C D E F
///   1 . . . . . .
///   2 . . . p . .     p: in the zone, a threat -> target
///   3 . . m r . u     r: in the zone, knocked down (no threat) -> collateral
///   4 . . . t . .     t: in the zone, a threat -> target
///   5 . . . . . .     u: F3, outside the zone -> untouched
/// ```
/// p and t are attacked (1/1+/2: one hit of 2 on the body, armour 5 -> 3). "collateral
/// in zone: 1 damage" reaches r (armour 5 -> 4), never the targets a second time.
#[test]
fn a_drawn_zone_turns_with_the_facing_and_collateral_reaches_the_rest_of_it() {
    let t = table(
        "cone",
        ". . . . . .\n. . . p . .\n. . m r . u\n. . . t . .\n. . . . . .",
        &[
            ('p', survivor("p")),
            ('m', monster("imp", "imp")),
            ('r', survivor("r")),
            ('u', survivor("u")),
            ('t', survivor("t")),
        ],
        json!({
            "decks": { "imp": deck(&["Spit Cone"]) },
            "monsters": { "imp": { "facing": "east" } },
            "survivors": {
                "p": armoured(5), "t": armoured(5), "u": armoured(5),
                "r": { "knocked_down": true, "locations": { "body": { "armour": 5 } } }
            }
        }),
    );
    let ev = t.turn(&[]);
    assert_eq!(targets(&ev), ["p", "t"]);
    assert_eq!(rolled_at(&ev), ["p", "t"]);
    assert_eq!(body_armour(&t, "p"), 3);
    assert_eq!(body_armour(&t, "t"), 3);
    assert_eq!(body_armour(&t, "r"), 4, "collateral: one hit of 1");
    assert_eq!(body_armour(&t, "u"), 5, "outside the zone");
    let hits: Vec<&str> = of(&ev, "hit-location")
        .iter()
        .map(|e| e["target"].as_str().unwrap())
        .collect();
    assert_eq!(hits, ["p", "t", "r"]);
}

/// A card that draws its own blind spot: `. M . / b . .` puts it behind the monster's
/// back-left corner. The imp on C3 faces east: its back is west, its left north, so the
/// card's blind spot is B2 alone, not the usual B3.
///
/// ```text
///     A B C D
///   1 . . . .
///   2 . w . .     w: B2, the card's blind spot -> target
///   3 . q m .     q: B3, the usual blind spot, not this card's
/// ```
#[test]
fn a_card_may_draw_its_own_blind_spot() {
    let t = table(
        "blind",
        ". . . .\n. w . .\n. q m .",
        &[
            ('w', survivor("w")),
            ('q', survivor("q")),
            ('m', monster("imp", "imp")),
        ],
        json!({
            "decks": { "imp": deck(&["Tail Flick"]) },
            "monsters": { "imp": { "facing": "east" } }
        }),
    );
    let ev = t.turn(&[]);
    assert_eq!(targets(&ev), ["w"]);
    assert_eq!(ai(&t)["survivors"]["w"]["tokens"]["bleeding"], 1);
}

// ---------------------------------------------------------------------------------
// Materialize.

/// Materialize & Attack: the brute (2×2 on A1-B2, movement 1) appears next to a, far
/// beyond its movement, without walking.
///
/// ```text
///     A B C D E F G H
///   1 M M . . . . . .
///   2 M M . . . . . .
///   3 . . . . . . . .
///   4 . . . . * * . .     *: where it materializes (E4-F5)
///   5 . . . . * * . .
///   6 . . . . . a . .     a: F6
///   7 . . . . . . . .
/// ```
/// Free blocks next to F6 with a straight ahead of one side: E4, F4 (above), E7, F7
/// (below), D5, D6 (left), G5, G6 (right), by top-left square. Nearest to where it
/// stood (A1): E4 and D5, 4 spaces each; reading order takes E4. It faces south (a lies
/// below it) and attacks: one die needing 1+, one hit.
#[test]
fn materialize_and_attack_places_the_monster_next_to_its_target_facing_it() {
    let t = table(
        "materialize",
        "M . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
         . . . . . . . .\n. . . . . a . .\n. . . . . . . .",
        &[('M', monster("brute", "brute")), ('a', survivor("a"))],
        json!({ "decks": { "brute": deck(&["Wing Punch"]) }, "monsters": { "brute": { "facing": "north" } } }),
    );
    let ev = t.turn(&[]);
    let mv = one(&ev, "move");
    assert_eq!(
        (mv["from"].as_str(), mv["to"].as_str()),
        (Some("A1"), Some("E4"))
    );
    assert_eq!(
        mv["path"],
        json!(["E4"]),
        "no walk: only the square it lands on"
    );
    assert_eq!(t.creature("brute").unwrap()["position"], "E4");
    // South is the default facing, which the board leaves out.
    let facing = &ai(&t)["monsters"]["brute"]["facing"];
    assert!(facing.is_null() || facing == "south", "{facing}");
    assert!(said(&ev, "turns to face a (south)"));
    assert_eq!(one(&ev, "speed-roll")["hits"], 1);
    assert!(said(&ev, "materializes next to a without walking"));
}

/// Plain `materialize`: placed, no attack. With the only free square next to the target
/// taken on every side but one, that one is where it appears.
///
/// ```text
///     A B C D E
///   1 m . . . .     m: imp on A1 (movement 1)
///   2 . . # # #     #: walls
///   3 . . # a .     a: D3; free squares next to it: E3, C4, D4, E4
///   4 . . # # #        (C4, D4, E4 walls too) -> E3
/// ```
#[test]
fn materialize_alone_only_places_the_monster() {
    let t = table(
        "blink",
        "m . . . .\n. . # # #\n. . # a .\n. . # # #",
        &[('m', monster("imp", "imp")), ('a', survivor("a"))],
        json!({ "decks": { "imp": deck(&["Blink"]) } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(t.creature("imp").unwrap()["position"], "E3");
    assert_eq!(ai(&t)["monsters"]["imp"]["facing"], "west");
    assert!(of(&ev, "speed-roll").is_empty());
}

// ---------------------------------------------------------------------------------
// Alerts that end the card.

/// "if target knocked down: alert end: ..." then "attack": with a knocked down, the
/// card ends at the alert and no attack is rolled; standing, the alert is skipped and
/// the attack follows.
///
/// ```text
///     A B
///   1 m a
/// ```
#[test]
fn an_alert_can_end_the_card() {
    let run = |down: bool| {
        let survivors = if down {
            json!({ "a": { "knocked_down": true } })
        } else {
            json!({})
        };
        let t = table(
            if down { "end-down" } else { "end-up" },
            "m a",
            &[('m', monster("imp", "imp")), ('a', survivor("a"))],
            json!({ "decks": { "imp": deck(&["Savour"]) }, "survivors": survivors }),
        );
        let ev = t.turn(&[]);
        assert_eq!(
            ai(&t)["decks"]["imp"]["discard"],
            json!(["Savour"]),
            "the card is discarded either way"
        );
        ev
    };
    let ev = run(true);
    assert!(said(&ev, "alert: it savours the fall; the card ends here"));
    assert!(of(&ev, "speed-roll").is_empty());
    let ev = run(false);
    assert!(!said(&ev, "the card ends here"));
    assert_eq!(rolled_at(&ev), ["a"]);
}

// ---------------------------------------------------------------------------------
// Moods with triggered actions.

/// "Ground Guard" is in play: no draws, and each round every threat in its zone (the
/// three squares in front, drawn `x x x / . M .`) suffers the basic action (attack
/// 1/1+/1). The imp on C3 faces north: zone B2, C2, D2.
///
/// ```text
///     A B C D E
///   1 . . . . .
///   2 . a . b .     a: B2, in the zone, a threat -> attacked
///   3 . . m . .     b: D2, in the zone but knocked down -> not a threat
///   4 . . . . .
///   5 . . c . .     c: C5, outside the zone
/// ```
/// Its deck is not drawn ("Stub" stays on top). b stands up at the end of that turn, so
/// once a has left the zone the next turn attacks b; when no threat stands in the zone,
/// nothing happens and still nothing is drawn.
#[test]
fn a_mood_watches_its_zone_and_replaces_the_draws() {
    let t = table(
        "mood",
        ". . . . .\n. a . b .\n. . m . .\n. . . . .\n. . c . .",
        &[
            ('a', survivor("a")),
            ('b', survivor("b")),
            ('m', monster("imp", "imp")),
            ('c', survivor("c")),
        ],
        json!({
            "decks": { "imp": { "deck": ["Stub"], "discard": [], "wounds": [], "in_play": ["Ground Guard"] } },
            "monsters": { "imp": { "facing": "north" } },
            "survivors": { "b": { "knocked_down": true } }
        }),
    );
    let ev = t.turn(&[]);
    assert_eq!(rolled_at(&ev), ["a"]);
    assert!(said(
        &ev,
        "\"Ground Guard\" in play: a meets `threat in zone`, so it acts"
    ));
    assert!(said(
        &ev,
        "draws no AI card: \"Ground Guard\" in play replaces its draws"
    ));
    assert!(of(&ev, "ai-card").is_empty());
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Stub"]));
    // b stood up at the end of that monster turn (SPEC §12); a steps out of the zone
    // (to A1). The condition is checked again: now b is the threat in the zone.
    assert!(ai(&t)["survivors"]["b"]["knocked_down"].is_null());
    let step = |who: &str, to: &str| {
        let r = t.run(&["move", "board.json", who, to, "--monsters", "scheme.toml"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    };
    step("a", "A1");
    let ev = t.turn(&[]);
    assert_eq!(rolled_at(&ev), ["b"]);
    // b steps out too (to E1): nobody meets it, nothing is done, still nothing drawn.
    step("b", "E1");
    let ev = t.turn(&[]);
    assert!(rolled_at(&ev).is_empty());
    assert!(said(&ev, "no survivor meets `threat in zone`"));
    assert_eq!(ai(&t)["decks"]["imp"]["deck"], json!(["Stub"]));
}

/// A mood drawn this turn starts watching from the next turn: its first draw puts it
/// in play, and a in its zone is not attacked until the turn after.
///
/// ```text
///     A B C
///   1 . a .     a: B1, in front of the imp
///   2 . m .     m: imp on B2 facing north
/// ```
#[test]
fn a_mood_drawn_now_watches_from_the_next_turn() {
    let t = table(
        "mood-drawn",
        ". a .\n. m .",
        &[('a', survivor("a")), ('m', monster("imp", "imp"))],
        json!({ "decks": { "imp": deck(&["Ground Guard", "Stub"]) }, "monsters": { "imp": { "facing": "north" } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["card"], "Ground Guard");
    assert!(rolled_at(&ev).is_empty());
    assert_eq!(ai(&t)["decks"]["imp"]["in_play"], json!(["Ground Guard"]));
    let ev = t.turn(&[]);
    assert_eq!(rolled_at(&ev), ["a"]);
    assert!(of(&ev, "ai-card").is_empty());
}

// ---------------------------------------------------------------------------------
// Life from cards.

/// The wisp's level gives Life 3 and its special "Hardy" (in play from the start) gives
/// Life 2: combined, it starts at Life 5. Drawing the trait "Second Wind" (Life 4) adds
/// to both: 9/9.
///
/// ```text
///     A B
///   1 w a
/// ```
#[test]
fn life_given_twice_is_added_up() {
    let t = table(
        "life",
        "w a",
        &[('w', monster("wisp", "wisp")), ('a', survivor("a"))],
        json!({ "decks": { "wisp": { "deck": ["Stub", "Second Wind"], "discard": [], "wounds": [], "in_play": ["Hardy"] } } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["card"], "Stub");
    let m = &ai(&t)["monsters"]["wisp"];
    assert_eq!(
        (m["life"].clone(), m["life_start"].clone()),
        (json!(5), json!(5))
    );
    let ev = t.turn(&[]);
    let m = &ai(&t)["monsters"]["wisp"];
    assert_eq!(
        (m["life"].clone(), m["life_start"].clone()),
        (json!(9), json!(9))
    );
    assert!(said(&ev, "\"Second Wind\" gives it Life 4: Life 9/9"));
}

/// A wounded monster keeps its wounds: Life 2/5, then Life 4 more: 6/9.
#[test]
fn life_from_a_card_adds_to_a_wounded_monster() {
    let t = table(
        "life-wounded",
        "w a",
        &[('w', monster("wisp", "wisp")), ('a', survivor("a"))],
        json!({
            "decks": { "wisp": { "deck": ["Second Wind"], "discard": [], "wounds": [], "in_play": ["Hardy"] } },
            "monsters": { "wisp": { "life": 2, "life_start": 5 } }
        }),
    );
    t.turn(&[]);
    let m = &ai(&t)["monsters"]["wisp"];
    assert_eq!(
        (m["life"].clone(), m["life_start"].clone()),
        (json!(6), json!(9))
    );
}

// ---------------------------------------------------------------------------------
// Overtone counts in the level recipe.

// ---------------------------------------------------------------------------------
// SPEC §7: a repeat card that finds no target is discarded, which ends its loop.

/// "Whirl" lies face up with 2 tokens; its list wants a threat, and the only survivor
/// is knocked down. The card gains its third token when drawn, picks no one, and goes
/// to the discard pile: nothing is face up any more.
///
/// ```text
///     A B
///   1 m a     a: knocked down
/// ```
#[test]
fn a_repeat_card_that_finds_no_target_leaves_its_loop() {
    let t = table(
        "repeat-none",
        "m a",
        &[('m', monster("imp", "imp")), ('a', survivor("a"))],
        json!({
            "decks": { "imp": { "deck": ["Stub"], "discard": [], "wounds": [],
                                "face_up": { "card": "Whirl", "tokens": 2 } } },
            "survivors": { "a": { "knocked_down": true } }
        }),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ai-card")["card"], "Whirl");
    assert!(rolled_at(&ev).is_empty());
    let d = &ai(&t)["decks"]["imp"];
    assert!(d["face_up"].is_null(), "the loop has ended");
    assert_eq!(d["discard"], json!(["Whirl"]));
    assert_eq!(d["deck"], json!(["Stub"]));
}

// ---------------------------------------------------------------------------------
// Bad input: every new field refused at its line and field path, exit code 2, the
// board untouched.

/// The test file with `from` (its first occurrence) replaced by `to`; `turn` must be
/// refused on the line where `to` begins, naming `path`, saying `message`.
fn refused_file(name: &str, from: &str, to: &str, message: &str, path: &str) {
    refused_file_at(name, from, to, 0, message, path);
}

/// As [`refused_file`], the problem `below` lines under where `to` begins.
fn refused_file_at(name: &str, from: &str, to: &str, below: usize, message: &str, path: &str) {
    let good = monster_file();
    let at = good.find(from).unwrap_or_else(|| panic!("{from}"));
    let line = good[..at].matches('\n').count() + 1 + below;
    let t = table(
        &format!("bad-{name}"),
        "m a",
        &[('m', monster("imp", "imp")), ('a', survivor("a"))],
        json!({}),
    );
    std::fs::write(t.dir.join("scheme.toml"), good.replacen(from, to, 1)).unwrap();
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = t.run(&["turn", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 2, "{name}: {}{}", r.stdout, r.stderr);
    assert_eq!(
        std::fs::read(t.dir.join("board.json")).unwrap(),
        before,
        "{name}: the board changed"
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(r.stderr.contains(message), "{name}: {}", r.stderr);
    assert!(
        r.stderr.contains(path),
        "{name}: no path `{path}`: {}",
        r.stderr
    );
    assert!(
        r.stderr.contains(&format!("scheme.toml:{line}:")),
        "{name}: not at line {line}: {}",
        r.stderr
    );
}

#[test]
fn bad_zone_targets_and_drawings_are_located() {
    refused_file(
        "within-0",
        "every survivor within 2",
        "every survivor within 0",
        "within 0",
        "monster[0].card[1].pick[0]",
    );
    refused_file(
        "within-big",
        "every survivor within 2",
        "every survivor within 5000",
        "too large",
        "monster[0].card[1].pick[0]",
    );
    refused_file(
        "within-what",
        "every survivor within 2",
        "every survivor within",
        "within how many",
        "monster[0].card[1].pick[0]",
    );
    refused_file(
        "every-closest",
        "every survivor within 2",
        "every closest survivor",
        "chooses two ways",
        "monster[0].card[1].pick[0]",
    );
    refused_file(
        "no-zone",
        "every survivor within 2",
        "every survivor in zone",
        "the card draws none",
        "monster[0].card[1].pick[0]",
    );
    refused_file(
        "zone-char",
        "zone = [\"x x x\", \". M .\"]\npick",
        "zone = [\"x x x\", \". M ?\"]\npick",
        "row 2, square 3",
        "monster[1].card[10].zone",
    );
    refused_file(
        "zone-no-m",
        "zone = [\"x x x\", \". M .\"]\npick",
        "zone = [\"x x x\"]\npick",
        "no monster",
        "monster[1].card[10].zone",
    );
    refused_file(
        "zone-size",
        "zone = [\"x x x\", \". M .\"]\npick",
        "zone = [\"x x x\", \"M M .\", \"M M .\"]\npick",
        "is 2×2 but imp is 1×1",
        "monster[1].card[10].zone",
    );
}

#[test]
fn bad_collateral_lines_are_located() {
    let from = "collateral adjacent: knock down";
    let path = "monster[0].card[0].actions[1]";
    refused_file(
        "coll-colon",
        from,
        "collateral adjacent knock down",
        "ends with `:`",
        path,
    );
    refused_file(
        "coll-zone",
        from,
        "collateral : knock down",
        "needs a zone",
        path,
    );
    refused_file(
        "coll-choose",
        from,
        "collateral closest adjacent: knock down",
        "chooses no one",
        path,
    );
    refused_file(
        "coll-big",
        from,
        "collateral adjacent: 99 damage",
        "too large",
        path,
    );
    refused_file(
        "coll-what",
        from,
        "collateral adjacent: explode",
        "is not collateral damage",
        path,
    );
    refused_file(
        "coll-term",
        from,
        "collateral nearby: 1 damage",
        "`nearby` is not a pick-target term",
        path,
    );
}

#[test]
fn bad_watches_life_and_overtone_counts_are_located() {
    let guard = "watch = \"threat in zone\"";
    refused_file(
        "watch-term",
        guard,
        "watch = \"threat in zoo\"",
        "`in` is not a pick-target term",
        "monster[1].card[9].watch",
    );
    refused_file(
        "watch-closest",
        guard,
        "watch = \"closest threat\"",
        "a watch acts on everyone",
        "monster[1].card[9].watch",
    );
    refused_file(
        "watch-alone",
        "watch = \"threat in zone\"\ntriggered = [\"basic action\"]",
        guard,
        "a `watch` without `triggered` actions",
        "monster[1].card[9].watch",
    );
    refused_file(
        "triggered-alone",
        &format!("{guard}\n"),
        "",
        "triggered actions need a `watch`",
        "monster[1].card[9].triggered",
    );
    refused_file(
        "triggered-bad",
        "triggered = [\"basic action\"]",
        "triggered = [\"dance\"]",
        "`dance` is not an action",
        "monster[1].card[9].triggered[0]",
    );
    refused_file_at(
        "watch-normal",
        "actions = [\"alert: stub\"]",
        "actions = [\"alert: stub\"]\nwatch = \"threat\"\ntriggered = [\"basic action\"]",
        1,
        "only a card that stays in play",
        "monster[0].card[6].watch",
    );
    refused_file(
        "life-0",
        "life = 4",
        "life = 0",
        "life 0 is out of range",
        "monster[0].card[5].life",
    );
    refused_file(
        "life-big",
        "life = 4",
        "life = 5000",
        "life 5000 is out of range",
        "monster[0].card[5].life",
    );
    refused_file_at(
        "life-normal",
        "actions = [\"alert: stub\"]",
        "actions = [\"alert: stub\"]\nlife = 2",
        1,
        "only a card that stays in play gives Life",
        "monster[0].card[6].life",
    );
    refused_file_at(
        "overtone",
        "level = 1\nbasic = 1\n",
        "level = 1\nbasic = 1\novertone = 1\n",
        2,
        "wants 1 overtone cards but the type has 0",
        "monster[0].level[0].overtone",
    );
    refused_file(
        "basic-loop",
        "actions = [\"attack 1/1+/1\"] }",
        "actions = [\"basic action\"] }",
        "the basic action cannot perform the basic action",
        "monster[0].basic_action.actions",
    );
    refused_file(
        "materialize",
        "materialize & attack 1/1+/1",
        "materialize & attack 0/1+/1",
        "at least one speed die",
        "monster[0].card[2].actions[0]",
    );
}

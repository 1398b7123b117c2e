//! Bad AI-deck input: malformed monster files, boards whose `systems.ai-deck` state does
//! not fit the file or the board, and records that make no sense. Each ends with exit
//! code 2, a message that says where the problem is and what to do, and the board file
//! left byte for byte as it was.

use crate::common::ai_deck::{self, creature, record, survivor};
use crate::common::{Run, Table, board_with};
use serde_json::{Value, json};

const GOOD: &str = r#"format = 1
system = "ai-deck"

[[monster]]
name = "imp"
movement = 6
toughness = 8
basic_action = { pick = ["closest survivor"], actions = ["move & attack 1/7+/1"] }
instinct = { pick = ["closest survivor"], actions = ["move"] }

[[monster.level]]
level = 1
basic = 2
specials = ["Hide"]

[[monster.card]]
name = "Charge"
level = "basic"
pick = ["closest threat, in field of view"]
actions = ["move & attack 2/6+/3", "on hit: knock down"]

[[monster.card]]
name = "Stew"
level = "basic"
type = "mood"
effects = ["damage +1"]

[[monster.card]]
name = "Hide"
level = "special"
type = "trait"

[[monster.card]]
name = "Lunge"
level = "advanced"
type = "relentless"
pick = ["closest survivor"]
actions = ["move & attack 1/6+/1"]
"#;

/// The survivor `a` and the imp `m`, the creatures of every board here.
fn a_and_imp() -> [(char, Value); 2] {
    [('a', survivor("a")), ('m', creature("m", "imp", 8))]
}

fn table(name: &str, scheme: &str, state: Value) -> Table {
    ai_deck::table(
        &format!("aibad-{name}"),
        "a m .\n. . .",
        &a_and_imp(),
        state,
        None,
        scheme,
    )
}

/// Runs `turn` (or `record` with `words` when some are given); asserts exit 2 and an untouched
/// board; returns the run.
fn refused(t: &Table, words: &[&str]) -> Run {
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = if words.is_empty() {
        t.run(&["turn", "scheme.toml", "board.json"])
    } else {
        record(t, words)
    };
    assert_eq!(
        r.code, 2,
        "expected exit 2, got {}: {}{}",
        r.code, r.stdout, r.stderr
    );
    assert_eq!(
        std::fs::read(t.dir.join("board.json")).unwrap(),
        before,
        "the board changed"
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    r
}

/// A monster file with `from` replaced by `to`: refused on the line where `from` stood
/// (plus `below` lines, for a problem on a line `to` adds) with a message containing
/// `message` and a hint containing `hint`.
fn bad_file(name: &str, from: &str, to: &str, below: usize, message: &str, hint: &str) {
    let at = GOOD.find(from).unwrap_or_else(|| panic!("{from}"));
    let line = GOOD[..at].lines().count() + 1 + below - usize::from(!GOOD[..at].ends_with('\n'));
    let t = table(name, &GOOD.replacen(from, to, 1), json!({}));
    let r = refused(&t, &[]);
    assert!(r.stderr.contains(message), "{name}: {}", r.stderr);
    assert!(
        r.stderr.contains(&format!("scheme.toml:{line}:")),
        "{name}: not at line {line}: {}",
        r.stderr
    );
    assert!(
        r.stderr.contains(hint),
        "{name}: no hint `{hint}`: {}",
        r.stderr
    );
}

#[test]
fn the_good_file_is_good() {
    let t = table("good", GOOD, json!({}));
    let r = t.run(&["check", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn an_unknown_card_type() {
    bad_file(
        "type",
        "type = \"mood\"",
        "type = \"mod\"",
        0,
        "`mod` is not an AI card type",
        "did you mean `mood`?",
    );
}

#[test]
fn an_unknown_pick_term() {
    bad_file(
        "pick",
        "closest threat, in field of view",
        "nearest threat",
        0,
        "`nearest` is not a pick-target term",
        "closest",
    );
}

#[test]
fn a_bad_attack_profile() {
    bad_file(
        "profile",
        "move & attack 2/6+/3",
        "move & attack 2-6-3",
        0,
        "is not an attack profile",
        "SPEED/ACCURACY+/DAMAGE",
    );
}

#[test]
fn a_level_asking_for_more_cards_than_the_pool_holds() {
    bad_file(
        "count",
        "basic = 2",
        "basic = 9",
        0,
        "level 1 wants 9 basic cards but the type has 2",
        "lower the count",
    );
}

#[test]
fn a_special_that_is_not_special() {
    bad_file(
        "not-special",
        "specials = [\"Hide\"]",
        "specials = [\"Charge\"]",
        0,
        "`Charge` is not a special card",
        "level = \"special\"",
    );
}

#[test]
fn an_unknown_special() {
    bad_file(
        "no-special",
        "specials = [\"Hide\"]",
        "specials = [\"Hyde\"]",
        0,
        "there is no card `Hyde`",
        "did you mean `Hide`?",
    );
}

#[test]
fn a_card_defined_twice() {
    bad_file(
        "twice",
        "name = \"Stew\"",
        "name = \"Charge\"",
        0,
        "the card `Charge` is defined twice",
        "unique name",
    );
}

#[test]
fn an_absurd_size() {
    bad_file(
        "size",
        "toughness = 8\n",
        "toughness = 8\nsize = 9\n",
        1,
        "`size` is 9",
        "size runs from 1 to 5",
    );
}

#[test]
fn face_up_actions_on_a_card_that_is_not_a_duration() {
    bad_file(
        "face-up",
        "actions = [\"move & attack 2/6+/3\", \"on hit: knock down\"]",
        "actions = [\"move & attack 2/6+/3\"]\nface_up = [\"move\"]",
        1,
        "only duration cards have face-up actions",
        "type = \"duration\"",
    );
}

#[test]
fn lasting_effects_on_a_normal_card() {
    bad_file(
        "effects",
        "actions = [\"move & attack 2/6+/3\", \"on hit: knock down\"]",
        "actions = [\"move\"]\neffects = [\"speed +1\"]",
        1,
        "has no lasting effects",
        "mood, trait, overtone and duration",
    );
}

#[test]
fn an_attack_effect_without_its_attack() {
    bad_file(
        "orphan",
        "[\"move & attack 2/6+/3\", \"on hit: knock down\"]",
        "[\"on hit: knock down\"]",
        0,
        "follows no attack",
        "right after their attack line",
    );
}

#[test]
fn an_unknown_action() {
    bad_file(
        "action",
        "[\"move & attack 2/6+/3\", \"on hit: knock down\"]",
        "[\"charge 3\"]",
        0,
        "`charge 3` is not an action",
        "move & attack",
    );
}

#[test]
fn a_rule_without_a_sign() {
    bad_file(
        "rule",
        "effects = [\"damage +1\"]",
        "effects = [\"damage 1\"]",
        0,
        "`1` is not a change",
        "+1",
    );
}

#[test]
fn an_unknown_field_in_a_card() {
    bad_file(
        "field",
        "name = \"Stew\"",
        "name = \"Stew\"\nspeeed = 2",
        1,
        "unknown field `speeed`",
        "",
    );
}

#[test]
fn level_zero() {
    bad_file(
        "level",
        "level = 1\n",
        "level = 0\n",
        0,
        "level 0 is out of range",
        "levels run from 1 to 20",
    );
}

#[test]
fn a_misspelt_no_target_rule() {
    bad_file(
        "no-target",
        "pick = [\"closest threat, in field of view\"]",
        "pick = [\"closest threat\"]\nno_target = \"instict\"",
        1,
        "`instict` is not a no-target rule",
        "did you mean `instinct`?",
    );
}

#[test]
fn until_on_a_card_that_does_not_stay_in_play() {
    bad_file(
        "until",
        "pick = [\"closest threat, in field of view\"]",
        "pick = [\"closest threat\"]\nuntil = \"never\"",
        1,
        "only moods and traits say when they leave play",
        "remove `until`",
    );
}

// --- boards -------------------------------------------------------------------------

fn bad_board(name: &str, state: Value, message: &str, path: &str) {
    let t = table(name, GOOD, state);
    let r = refused(&t, &[]);
    assert!(r.stderr.contains(message), "{name}: {}", r.stderr);
    assert!(
        r.stderr.contains(path),
        "{name}: no path `{path}`: {}",
        r.stderr
    );
}

#[test]
fn a_deck_naming_a_card_the_type_does_not_have() {
    bad_board(
        "card",
        json!({ "decks": { "imp": { "deck": ["Charge", "Chrage"] } } }),
        "`imp` has no card `Chrage`",
        "systems.ai-deck.decks.imp.deck[1]",
    );
}

/// Stacks that cannot happen in play: `check` (and every command) refuses them at the
/// field that breaks the rule.
#[test]
fn impossible_stacks() {
    for (name, state, message, path) in [
        (
            "twice",
            json!({ "decks": { "imp": { "deck": ["Charge", "Charge"], "discard": ["Charge"] } } }),
            "`Charge` is already at decks.imp.deck[0]: a card lies in one place",
            "systems.ai-deck.decks.imp.deck[1]",
        ),
        (
            "twice-discard",
            json!({ "decks": { "imp": { "deck": ["Charge"], "discard": ["Charge"] } } }),
            "`Charge` is already at decks.imp.deck[0]",
            "systems.ai-deck.decks.imp.discard[0]",
        ),
        (
            "relentless-in-play",
            json!({ "decks": { "imp": { "deck": ["Charge"], "in_play": ["Hide", "Lunge"] } } }),
            "`Lunge` is a relentless card: it does not stay in play",
            "systems.ai-deck.decks.imp.in_play[1]",
        ),
        (
            "mood-face-up",
            json!({ "decks": { "imp": { "face_up": { "card": "Stew" } } } }),
            "`Stew` is a mood card: it does not lie face up",
            "systems.ai-deck.decks.imp.face_up.card",
        ),
        (
            "unknown-card",
            json!({ "decks": { "imp": { "discard": ["Gore"] } } }),
            "`imp` has no card `Gore`",
            "systems.ai-deck.decks.imp.discard[0]",
        ),
    ] {
        bad_board(name, state.clone(), message, path);
        let t = table(&format!("check-{name}"), GOOD, state);
        let r = t.run(&["check", "scheme.toml", "board.json"]);
        assert_eq!(r.code, 2, "{name}: {}", r.stdout);
        assert!(r.stderr.contains(message), "{name}: {}", r.stderr);
        assert!(r.stderr.contains(path), "{name}: {}", r.stderr);
    }
}

#[test]
fn a_facing_that_is_not_a_direction() {
    bad_board(
        "facing",
        json!({ "monsters": { "m": { "facing": "up" } } }),
        "up",
        "systems.ai-deck.monsters.m.facing",
    );
}

#[test]
fn facts_about_a_creature_not_on_the_board() {
    bad_board(
        "ghost",
        json!({ "survivors": { "zed": { "deaf": true } } }),
        "there is no creature `zed` on the board",
        "systems.ai-deck.survivors.zed",
    );
}

#[test]
fn an_unknown_field_in_the_state() {
    bad_board(
        "state-field",
        json!({ "deckz": {} }),
        "deckz",
        "systems.ai-deck",
    );
}

#[test]
fn a_large_monster_over_a_survivor() {
    let scheme = GOOD.replacen("toughness = 8\n", "toughness = 8\nsize = 2\n", 1);
    let b = board_with("m . .\n. a .\n. . .", &a_and_imp(), json!({ "format": 2 }));
    let t = Table::new("aibad-over", &b).with_scheme(&scheme);
    let r = refused(&t, &[]);
    assert!(
        r.stderr
            .contains("`m` covers 2×2 squares from A1, over `a` on B2"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("top-left square"), "{}", r.stderr);
}

#[test]
fn a_large_monster_off_the_board() {
    let scheme = GOOD.replacen("toughness = 8\n", "toughness = 8\nsize = 2\n", 1);
    let b = board_with("a . m\n. . .", &a_and_imp(), json!({ "format": 2 }));
    let t = Table::new("aibad-off", &b).with_scheme(&scheme);
    let r = refused(&t, &[]);
    assert!(
        r.stderr.contains("off the board or blocked"),
        "{}",
        r.stderr
    );
}

// --- records ------------------------------------------------------------------------

#[test]
fn records_that_make_no_sense() {
    let t = table("records", GOOD, json!({}));
    for (words, message) in [
        (&["wund", "m"][..], "a similar subcommand exists: 'wound'"),
        (&["wound", "a"][..], "`a` is not an AI-deck monster"),
        (&["wound", "zed"][..], "there is no creature `zed`"),
        (&["wound", "m", "--by", "m"][..], "`m` is not a survivor"),
        (&["heal", "m", "2"][..], "has no Life trait"),
        (
            &["token", "a", "bleeding", "lots"][..],
            "`lots` is not a number",
        ),
        (
            &["facing", "m", "up"][..],
            "invalid value 'up' for '<FACING>'",
        ),
        (
            &["knock-down"][..],
            "required arguments were not provided:\n  <SURVIVOR>",
        ),
        (
            &["heal-injury", "m", "Torn", "Eye"][..],
            "`Torn Eye` is not in play",
        ),
    ] {
        let r = refused(&t, words);
        assert!(r.stderr.contains(message), "{words:?}: {}", r.stderr);
    }
}

/// A large monster's block must fit wherever a player command puts one. The shipped
/// stag hunt has the 2×2 Gaunt Stag on G5-H6 and Tamsin on N2:
///
/// - `add stag-2 F4` would cover G5 (the Stag's): refused;
/// - `move stag N1 --place` would cover N2 (Tamsin's): refused;
/// - `move stag M8` (a walk) is refused: the generic walk moves one square, not a block;
///
/// each with exit 2 and the board untouched; `move stag M8 --place` (M8-N9 free) works.
#[test]
fn player_commands_keep_a_large_block_whole() {
    let dir = crate::common::temp_dir("aibad-large-block");
    let text = std::fs::read_to_string(crate::common::repo().join("scenarios/stag-hunt.json"))
        .unwrap()
        .replace("../schemes/gaunt-stag.toml", "gaunt-stag.toml");
    std::fs::write(dir.join("b.json"), &text).unwrap();
    std::fs::copy(
        crate::common::repo().join("schemes/gaunt-stag.toml"),
        dir.join("gaunt-stag.toml"),
    )
    .unwrap();
    for (args, expect) in [
        (
            vec!["add", "b.json", "stag-2", "F4", "--monster", "gaunt-stag"],
            "covers G5, which is taken by Gaunt Stag",
        ),
        (
            vec!["move", "b.json", "stag", "N1", "--place"],
            "covers N2, which is taken by Tamsin",
        ),
        (vec!["move", "b.json", "stag", "M8"], "moves as a block"),
    ] {
        let r = crate::common::run_in(&dir, &args, "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(expect), "{args:?}: {}", r.stderr);
        assert_eq!(std::fs::read_to_string(dir.join("b.json")).unwrap(), text);
    }
    let r = crate::common::run_in(&dir, &["move", "b.json", "stag", "M8", "--place"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = crate::common::run_in(&dir, &["check", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
}

// --- numbers and names that must not wrap or grow without end -------------------------

/// The monster file's numbers: each out-of-range value is refused on its line, with the
/// range in the hint; one past `u32` is refused as well (and the path shows no serde
/// internals).
#[test]
fn monster_file_numbers_are_bounded() {
    for (name, from, to, message, hint) in [
        (
            "movement",
            "movement = 6",
            "movement = 101",
            "`movement` is 101",
            "0 to 100",
        ),
        (
            "evasion",
            "toughness = 8\n",
            "toughness = 8\nevasion = 2147483647\n",
            "`evasion` is 2147483647",
            "0 to 10",
        ),
        (
            "level-count",
            "basic = 2",
            "basic = 4294967295",
            "wants 4294967295 basic cards",
            "lower the count",
        ),
        (
            "level-number",
            "level = 1\n",
            "level = 4294967295\n",
            "level 4294967295 is out of range",
            "1 to 20",
        ),
        (
            "life",
            "specials = [\"Hide\"]",
            "specials = [\"Hide\"]\nlife = 1001",
            "life",
            "1 to 1000",
        ),
    ] {
        let below = usize::from(name == "life" || name == "evasion");
        bad_file(name, from, to, below, message, hint);
    }
    let t = table(
        "toughness-wraps",
        &GOOD.replacen("toughness = 8", "toughness = 4294967296", 1),
        json!({}),
    );
    let r = refused(&t, &[]);
    assert!(r.stderr.contains("(monster[0].toughness)"), "{}", r.stderr);
    assert!(!r.stderr.contains("serde"), "{}", r.stderr);
}

/// The board's numbers and names under `systems.ai-deck`, each refused at its path.
#[test]
fn board_numbers_and_names_are_bounded() {
    let long = "x".repeat(61);
    let kinds: serde_json::Map<String, Value> =
        (0..31).map(|i| (format!("t{i}"), json!(1))).collect();
    let injuries: Vec<String> = (0..31).map(|i| format!("Scar {i}")).collect();
    for (name, state, message, path) in [
        (
            "level",
            json!({ "level": 21 }),
            "level 21 is out of range",
            "systems.ai-deck.level",
        ),
        (
            "card-tokens",
            json!({ "decks": { "imp": { "face_up": { "card": "Charge", "tokens": 4294967295u32 } } } }),
            "4294967295 tokens on a card is out of range",
            "systems.ai-deck.decks.imp.face_up.tokens",
        ),
        (
            "life",
            json!({ "monsters": { "m": { "life": 1001 } } }),
            "Life 1001 is out of range",
            "systems.ai-deck.monsters.m.life",
        ),
        (
            "life-above-start",
            json!({ "monsters": { "m": { "life": 5, "life_start": 4 } } }),
            "Life 5 is above its starting Life 4",
            "systems.ai-deck.monsters.m.life",
        ),
        (
            "evasion",
            json!({ "survivors": { "a": { "evasion": 2147483647 } } }),
            "evasion 2147483647 is out of range",
            "systems.ai-deck.survivors.a.evasion",
        ),
        (
            "evasion-wraps",
            json!({ "survivors": { "a": { "evasion": 2147483648u64 } } }),
            "2147483648",
            "systems.ai-deck.survivors.a.evasion",
        ),
        (
            "armour",
            json!({ "survivors": { "a": { "locations": { "head": { "armour": 101 } } } } }),
            "101 armour points is out of range",
            "systems.ai-deck.survivors.a.locations.head.armour",
        ),
        (
            "tokens",
            json!({ "survivors": { "a": { "tokens": { "bleeding": 4294967295u32 } } } }),
            "4294967295 bleeding tokens is out of range",
            "systems.ai-deck.survivors.a.tokens.bleeding",
        ),
        (
            "tokens-wrap",
            json!({ "survivors": { "a": { "tokens": { "bleeding": 4294967296u64 } } } }),
            "4294967296",
            "systems.ai-deck.survivors.a.tokens.bleeding",
        ),
        (
            "token-kinds",
            json!({ "survivors": { "a": { "tokens": kinds } } }),
            "31 kinds of tokens is too many",
            "systems.ai-deck.survivors.a.tokens",
        ),
        (
            "token-name",
            json!({ "survivors": { "a": { "tokens": { long.clone(): 1 } } } }),
            "has 61 characters, more than 60",
            "systems.ai-deck.survivors.a.tokens",
        ),
        (
            "injuries",
            json!({ "decks": { "imp": { "injuries": injuries } } }),
            "31 persistent injuries is too many",
            "systems.ai-deck.decks.imp.injuries",
        ),
        (
            "injury-name",
            json!({ "decks": { "imp": { "injuries": [long.clone()] } } }),
            "has 61 characters",
            "systems.ai-deck.decks.imp.injuries[0]",
        ),
    ] {
        bad_board(name, state, message, path);
    }
}

/// The record words' numbers and names: each refused with the range, the board untouched.
#[test]
fn record_numbers_and_names_are_bounded() {
    let t = table("record-bounds", GOOD, json!({}));
    let long = "x".repeat(61);
    for (words, message) in [
        (&["level", "0"][..], "`0` is not a number from 1 to 20"),
        (&["level", "4294967297"][..], "is not a number from 1 to 20"),
        (
            &["heal", "m", "4294967296"][..],
            "is not a number from 0 to 1000",
        ),
        (
            &["token", "a", "bleeding", "+4294967295"][..],
            "from -1000 to 1000",
        ),
        (&["evasion", "a", "-2147483648"][..], "from -10 to 10"),
        (
            &["attack", "a", "m", "21/6+/1"][..],
            "speed `21` is not a number from 1 to 20",
        ),
        (&["attack", "a", "m", "2/11+/1"][..], "accuracy `11+`"),
        (
            &["attack", "a", "m", "2/6+/2147483648"][..],
            "strength `2147483648`",
        ),
        (
            &["token", "a", &long, "+1"][..],
            "the token's name has 61 characters",
        ),
        (
            &["injury", "m", &long][..],
            "the injury's name has 61 characters",
        ),
    ] {
        let r = refused(&t, words);
        assert!(r.stderr.contains(message), "{words:?}: {}", r.stderr);
    }
}

//! Bad AI-deck input: malformed monster files, boards whose `systems.ai-deck` state does
//! not fit the file or the board, and records that make no sense. Each ends with exit
//! code 2, a message that says where the problem is and what to do, and the board file
//! left byte for byte as it was.

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
"#;

fn table(name: &str, scheme: &str, state: Value) -> Table {
    let b = board_with(
        "a m .\n. . .",
        &[
            ('a', json!({ "id": "a", "side": "players", "hp": 10 })),
            (
                'm',
                json!({ "id": "m", "type": "imp", "side": "monsters", "hp": 8 }),
            ),
        ],
        json!({ "format": 2, "systems": { "ai-deck": state } }),
    );
    Table::new(&format!("aibad-{name}"), &b).with_scheme(scheme)
}

/// Runs `turn` (or `record` when `record` is given); asserts exit 2 and an untouched
/// board; returns the run.
fn refused(t: &Table, record: &[&str]) -> Run {
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = if record.is_empty() {
        t.run(&["turn", "scheme.toml", "board.json"])
    } else {
        let mut args = vec!["record", "board.json", "--monsters", "scheme.toml"];
        args.extend_from_slice(record);
        t.run(&args)
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
    let b = board_with(
        "m . .\n. a .\n. . .",
        &[
            ('a', json!({ "id": "a", "side": "players", "hp": 10 })),
            (
                'm',
                json!({ "id": "m", "type": "imp", "side": "monsters", "hp": 8 }),
            ),
        ],
        json!({ "format": 2 }),
    );
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
    let b = board_with(
        "a . m\n. . .",
        &[
            ('a', json!({ "id": "a", "side": "players", "hp": 10 })),
            (
                'm',
                json!({ "id": "m", "type": "imp", "side": "monsters", "hp": 8 }),
            ),
        ],
        json!({ "format": 2 }),
    );
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
        (&["wund", "m"][..], "did you mean `wound`?"),
        (&["wound", "a"][..], "`a` is not an AI-deck monster"),
        (&["wound", "zed"][..], "there is no creature `zed`"),
        (&["wound", "m", "--by", "m"][..], "`m` is not a survivor"),
        (&["heal", "m", "2"][..], "has no Life trait"),
        (
            &["token", "a", "bleeding", "lots"][..],
            "`lots` is not a number",
        ),
        (&["facing", "m", "up"][..], "`up` is not a facing"),
        (&["knock-down"][..], "takes 1 argument"),
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

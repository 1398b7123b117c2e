//! End-to-end tests of the ability-deck system (Gloomhaven style): the scheme format
//! and its diagnostics.

use crate::common::{Table, repo, run_in};
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};

fn crypt() -> String {
    repo().join("schemes/crypt.toml").display().to_string()
}

/// A minimal valid type; tests replace one part to make it wrong.
const BAT: &str = r#"format = 1
system = "ability-deck"
[[monster]]
name = "bat"
[[monster.level]]
level = 1
normal = { hp = 3, move = 3, attack = 1, traits = ["flying"] }
elite = { hp = 5, move = 4, attack = 2, traits = ["flying"] }
[[monster.card]]
initiative = 8
actions = ["move +1", "attack +0"]
"#;

fn check(toml: &str) -> crate::common::Run {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let t = Table::new(&format!("ad-check-{n}"), &json!({})).with_scheme(toml);
    let r = t.run(&["check", "scheme.toml"]);
    drop(t);
    r
}

#[test]
fn the_shipped_crypt_checks() {
    let r = run_in(&repo(), &["check", &crypt()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("5 monster types OK (20 ability cards)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_minimal_type_checks() {
    let r = check(BAT);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

fn refused(toml: &str, message: &str, path: &str) {
    let r = check(toml);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(message),
        "want `{message}` in:\n{}",
        r.stderr
    );
    assert!(r.stderr.contains(path), "want `{path}` in:\n{}", r.stderr);
    assert!(
        r.stderr.contains("scheme.toml:"),
        "no location in:\n{}",
        r.stderr
    );
}

#[test]
fn bad_action_lines_are_located() {
    let with = |line: &str| BAT.replace("\"attack +0\"", &format!("\"attack +0\", \"{line}\""));
    refused(&with("atack +1"), "is not an action", "card[0].actions[2]");
    refused(&with("hael 2"), "did you mean `heal`", "card[0].actions[2]");
    refused(&with("range x"), "needs a number", "card[0].actions[2]");
    refused(
        &with("target 0"),
        "target runs from 1 to 20",
        "card[0].actions[2]",
    );
    refused(
        &with("aoe Q"),
        "unexpected `Q` in the pattern",
        "card[0].actions[2]",
    );
    refused(
        &with("summon dragon"),
        "no monster type `dragon`",
        "card[0].actions[2]",
    );
    refused(
        &with("heal 2 range"),
        "needs a number",
        "card[0].actions[2]",
    );
    let before = BAT.replace("\"move +1\", \"attack +0\"", "\"poison\", \"attack +0\"");
    refused(&before, "no attack comes before it", "card[0].actions[0]");
    let pierce_after_move = BAT.replace(
        "\"move +1\", \"attack +0\"",
        "\"attack +0\", \"move +1\", \"pierce 1\"",
    );
    refused(
        &pierce_after_move,
        "changes an attack",
        "card[0].actions[2]",
    );
}

#[test]
fn bad_stat_lines_are_located() {
    refused(
        &BAT.replace("hp = 3,", "hp = \"3xC\","),
        "only boss stats do",
        "level[0].normal.hp",
    );
    refused(
        &BAT.replace("hp = 3,", "hp = 0,"),
        "`hp` is out of range",
        "level[0].normal.hp",
    );
    refused(
        &BAT.replace(
            "traits = [\"flying\"] }\nelite",
            "traits = [\"flyng\"] }\nelite",
        ),
        "is not a trait",
        "level[0].normal.traits[0]",
    );
    refused(
        &BAT.replace(
            "elite = { hp = 5, move = 4, attack = 2, traits = [\"flying\"] }\n",
            "",
        ),
        "has no elite line",
        "level[0].elite",
    );
    refused(
        &BAT.replace("initiative = 8", "initiative = 100"),
        "initiative 100 is out of range",
        "card[0].initiative",
    );
    refused(
        &BAT.replace("name = \"bat\"", "name = \"bat\"\nimmune = [\"posion\"]"),
        "did you mean `poison`",
        "immune[0]",
    );
    refused(
        &format!(
            "{BAT}[[monster]]\nname = \"imp\"\ncontroller = \"scheme\"\nhp = 3\ndefence = 1\nspeed = 1\nrange = 1\n"
        ),
        "unknown field",
        "monster[1]",
    );
}

#[test]
fn bosses_count_characters() {
    let boss = BAT
        .replace("name = \"bat\"", "name = \"bat\"\nboss = true")
        .replace("hp = 3,", "hp = \"7xC+1\",")
        .replace(
            "elite = { hp = 5, move = 4, attack = 2, traits = [\"flying\"] }\n",
            "",
        );
    let r = check(&boss);
    assert_eq!(r.code, 0, "{}", r.stderr);
    refused(
        &boss.replace(
            "[[monster.card]]",
            "elite = { hp = 5, move = 4, attack = 2 }\n[[monster.card]]",
        ),
        "is a boss, so it has no elite line",
        "level[0].elite",
    );
}

// ---------------------------------------------------------------------------------------
// Turns. Boards fix the drawn card (`ability_decks.TYPE.draw`) and the modifier deck's
// draw pile, so every number below is known.

use crate::common::{board_with, events, of, one};
use serde_json::Value;

/// A test type whose deck is the given cards (TOML `[[monster.card]]` bodies).
fn scheme(cards: &[&str]) -> String {
    let mut s = String::from(
        r#"format = 1
system = "ability-deck"
[[monster]]
name = "brute"
[[monster.level]]
level = 1
normal = { hp = 6, move = 2, attack = 2 }
elite = { hp = 9, move = 2, attack = 3 }
[[monster.level]]
level = 2
normal = { hp = 8, move = 3, attack = 3 }
elite = { hp = 12, move = 3, attack = 4 }
"#,
    );
    for c in cards {
        s.push_str(&format!("[[monster.card]]\n{c}\n"));
    }
    s.push_str(
        r#"[[monster]]
name = "imp"
[[monster.level]]
level = 1
normal = { hp = 2, move = 1, attack = 1 }
elite = { hp = 3, move = 1, attack = 1 }
[[monster.card]]
initiative = 90
actions = ["move +0"]
"#,
    );
    s
}

fn brute(id: &str) -> Value {
    json!({ "id": id, "type": "brute", "side": "monsters", "hp": 6 })
}

fn elite_brute(id: &str) -> Value {
    json!({ "id": id, "type": "brute", "side": "monsters", "hp": 9, "max_hp": 9, "elite": true })
}

fn hero(id: &str, hp: i32) -> Value {
    json!({ "id": id, "side": "players", "hp": hp, "max_hp": hp })
}

static TABLES: AtomicUsize = AtomicUsize::new(0);

/// A table with the test scheme, the brute's card fixed to `card` and the modifier
/// deck's draw pile to `mods`.
fn table(
    picture: &str,
    who: &[(char, Value)],
    cards: &[&str],
    card: u32,
    mods: &[&str],
    extra: Value,
) -> Table {
    let mut more = json!({
        "ability_decks": { "brute": { "draw": [card] } },
        "modifier_deck": { "draw": mods },
        "monster_file": "scheme.toml",
    });
    // Every character acts last in the first round unless the test says otherwise.
    let heroes: serde_json::Map<String, Value> = who
        .iter()
        .filter(|(_, c)| c["side"] == "players" && c.get("type").is_none())
        .map(|(_, c)| (c["id"].as_str().unwrap().to_string(), json!(99)))
        .collect();
    more["initiatives"] = Value::Object(heroes);
    for (k, v) in extra.as_object().unwrap() {
        more[k] = v.clone();
    }
    let b = board_with(picture, who, more);
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    Table::new(&format!("ad-{n}"), &b).with_scheme(&scheme(cards))
}

const MELEE: &str = "initiative = 40\nactions = [\"move +0\", \"attack +0\"]";

fn damage_to<'a>(ev: &'a [Value], id: &str) -> Vec<&'a Value> {
    of(ev, "damage")
        .into_iter()
        .filter(|e| e["target"] == id)
        .collect()
}

#[test]
fn a_melee_card_moves_and_attacks() {
    let t = table(
        "a . . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus1"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ability-card")["initiative"], 40);
    assert_eq!(one(&ev, "move")["to"], "B1");
    // The focus is named once: the attack keeps the move's focus.
    assert_eq!(one(&ev, "target")["target"], "aria");
    let m = one(&ev, "modifier-drawn");
    assert_eq!(
        (m["base"].as_i64(), m["used"].as_str(), m["attack"].as_i64()),
        (Some(2), Some("+1"), Some(3))
    );
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
    // The card stays the type's card for the round; the modifier is discarded.
    let b = t.board();
    assert_eq!(
        b["systems"]["ability-deck"]["ability_decks"]["brute"]["current"],
        1
    );
    assert_eq!(
        b["systems"]["ability-deck"]["modifier_deck"]["discard"],
        json!(["plus1"])
    );
}

#[test]
fn double_null_bless_and_curse() {
    for (card, hp) in [
        ("double", 6),
        ("null", 10),
        ("bless", 6),
        ("curse", 10),
        ("minus2", 10),
        ("plus2", 6),
    ] {
        let t = table(
            "a b",
            &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
            &[MELEE],
            1,
            &[card],
            json!({}),
        );
        t.turn(&[]);
        assert_eq!(t.creature("aria").unwrap()["hp"], hp, "{card}");
        let b = t.board();
        let due = b["systems"]["ability-deck"]["modifier_deck"]["shuffle_due"] == true;
        assert_eq!(due, card == "double" || card == "null", "{card}");
        // Blessings and curses leave the deck when drawn.
        let discarded = b["systems"]["ability-deck"]["modifier_deck"]["discard"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(
            discarded,
            usize::from(card != "bless" && card != "curse"),
            "{card}"
        );
    }
}

#[test]
fn the_modifier_deck_is_reshuffled_after_a_round_with_double_or_null() {
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["null", "plus0"],
        json!({}),
    );
    t.turn(&[]);
    let r = t.run(&["round", "scheme.toml", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b = t.board();
    assert_eq!(
        b["systems"]["ability-deck"]["modifier_deck"]["draw"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert!(
        b["systems"]["ability-deck"]["modifier_deck"]["discard"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(
        b["systems"]["ability-deck"]["modifier_deck"]
            .get("shuffle_due")
            .is_none()
    );
}

#[test]
fn a_board_without_a_modifier_deck_gets_the_standard_twenty() {
    let mut b = board_with(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        json!({}),
    );
    b["ability_decks"] = json!({ "brute": { "draw": [1] } });
    let t = Table::new("ad-fresh-mods", &b).with_scheme(&scheme(&[MELEE]));
    t.turn(&[]);
    let b = t.board();
    let total = b["systems"]["ability-deck"]["modifier_deck"]["draw"]
        .as_array()
        .unwrap()
        .len()
        + b["systems"]["ability-deck"]["modifier_deck"]["discard"]
            .as_array()
            .unwrap()
            .len();
    assert_eq!(total, 20);
}

#[test]
fn elites_act_first_then_normals_by_number() {
    let t = table(
        "a . . . . . .\n. . b c d e .",
        &[
            ('a', hero("aria", 30)),
            ('b', brute("brute-1")),
            ('c', elite_brute("brute-3")),
            ('d', brute("brute-2")),
            ('e', elite_brute("brute-4")),
        ],
        &["initiative = 40\nactions = [\"shield 1\"]"],
        1,
        &[],
        json!({}),
    );
    let ev = t.turn(&[]);
    let order: Vec<&str> = of(&ev, "turn-start")
        .iter()
        .map(|e| e["monster"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["brute-3", "brute-4", "brute-1", "brute-2"]);
}

#[test]
fn elites_use_their_line_and_the_board_level_picks_the_line() {
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', elite_brute("brute-1"))],
        &[MELEE],
        1,
        &["plus0"],
        json!({}),
    );
    t.turn(&[]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus0"],
        json!({ "level": 2 }),
    );
    t.turn(&[]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
}

#[test]
fn a_round_lays_the_turn_order_out_by_initiative() {
    let b = board_with(
        "a . . b\nc . . d",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hero("cole", 10)),
            (
                'd',
                json!({ "id": "imp-1", "type": "imp", "side": "monsters", "hp": 2 }),
            ),
        ],
        json!({ "initiatives": { "aria": 50, "cole": 12 }, "ability_decks": { "brute": { "draw": [1] } } }),
    );
    let t = Table::new("ad-initiative", &b)
        .with_scheme(&scheme(&["initiative = 40\nactions = [\"shield 1\"]"]));
    let r = t.run(&["round", "scheme.toml", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        t.board()["turn_order"],
        json!(["cole", "brute", "aria", "imp"])
    );
    // `next` plays the deck in that order: Cole's turn first, then the brutes.
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        one(&events(&r.stdout), "character-turn")["creature"],
        "cole"
    );
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    let ev = events(&r.stdout);
    assert_eq!(one(&ev, "turn-start")["monster"], "brute-1");
}

#[test]
fn next_on_a_fresh_board_starts_the_round_in_initiative_order() {
    let b = board_with(
        "a . . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        json!({ "initiatives": { "aria": 70 }, "ability_decks": { "brute": { "draw": [1] } }, "modifier_deck": { "draw": ["plus0"] } }),
    );
    let t = Table::new("ad-next-fresh", &b).with_scheme(&scheme(&[MELEE]));
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert_eq!(one(&ev, "turn-order")["cards"], json!(["brute", "aria"]));
    assert_eq!(one(&ev, "turn-start")["monster"], "brute-1");
}

#[test]
fn poison_adds_one_damage_and_wound_hurts_at_turn_start() {
    let cards = ["initiative = 40\nactions = [\"attack +0\", \"poison\", \"wound\"]"];
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &cards,
        1,
        &["plus0", "plus0"],
        json!({}),
    );
    t.turn(&[]);
    let aria = t.creature("aria").unwrap();
    assert_eq!(aria["hp"], 8);
    let kinds: Vec<&str> = aria["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["poisoned", "wounded"]);
    // Poisoned: the next attack deals 1 more.
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "modifier-drawn")["base"], 3);
    assert_eq!(t.creature("aria").unwrap()["hp"], 5);
    // A wounded monster takes 1 at the start of its turn.
    let mut brute_hurt = brute("brute-1");
    brute_hurt["statuses"] = json!([{ "status": "wounded", "until": "healed" }]);
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute_hurt)],
        &["initiative = 40\nactions = [\"shield 1\"]"],
        1,
        &[],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(damage_to(&ev, "brute-1")[0]["amount"], 1);
    assert_eq!(t.creature("brute-1").unwrap()["hp"], 5);
}

fn with_status(mut v: Value, status: &str) -> Value {
    v["statuses"] = json!([{ "status": status, "until": "end-of-next-turn" }]);
    v
}

#[test]
fn muddle_and_strengthen_draw_two_cards() {
    let t = table(
        "a b",
        &[
            ('a', hero("aria", 10)),
            ('b', with_status(brute("brute-1"), "muddled")),
        ],
        &[MELEE],
        1,
        &["plus2", "minus1"],
        json!({}),
    );
    let ev = t.turn(&[]);
    let m = one(&ev, "modifier-drawn");
    assert_eq!(
        (m["drawn"].clone(), m["used"].clone()),
        (json!(["+2", "-1"]), json!("-1"))
    );
    assert_eq!(t.creature("aria").unwrap()["hp"], 9);
    let t = table(
        "a b",
        &[
            ('a', hero("aria", 10)),
            ('b', with_status(brute("brute-1"), "strengthened")),
        ],
        &[MELEE],
        1,
        &["minus1", "plus2"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "modifier-drawn")["used"], "+2");
    assert_eq!(t.creature("aria").unwrap()["hp"], 6);
}

#[test]
fn immobilize_disarm_and_stun() {
    let t = table(
        "a . . b",
        &[
            ('a', hero("aria", 10)),
            ('b', with_status(brute("brute-1"), "immobilized")),
        ],
        &[MELEE],
        1,
        &["plus0"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "move").is_empty());
    assert!(
        of(&ev, "stay")
            .iter()
            .any(|e| e["reason"] == "it is immobilized")
    );
    let t = table(
        "a b",
        &[
            ('a', hero("aria", 10)),
            ('b', with_status(brute("brute-1"), "disarmed")),
        ],
        &[MELEE],
        1,
        &["plus0"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(damage_to(&ev, "aria").is_empty());
    assert_eq!(one(&ev, "action-skipped")["reason"], "it is disarmed");
    let t = table(
        "a b",
        &[
            ('a', hero("aria", 10)),
            ('b', with_status(brute("brute-1"), "stunned")),
        ],
        &[MELEE],
        1,
        &["plus0"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "turn-skipped")["reason"], "it is stunned");
    assert_eq!(t.creature("aria").unwrap()["hp"], 10);
}

#[test]
fn cards_give_conditions_to_targets_and_blessings_to_themselves() {
    let cards = [
        "initiative = 40\nactions = [\"attack +0\", \"immobilize\", \"disarm\", \"stun\", \"muddle\", \"strengthen\", \"invisible\"]",
    ];
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &cards,
        1,
        &["plus0"],
        json!({}),
    );
    t.turn(&[]);
    let statuses = |id: &str| -> Vec<String> {
        t.creature(id).unwrap()["statuses"]
            .as_array()
            .map_or(Vec::new(), |a| {
                a.iter()
                    .map(|s| s["status"].as_str().unwrap().to_string())
                    .collect()
            })
    };
    assert_eq!(
        statuses("aria"),
        ["disarmed", "immobilized", "stunned", "muddled"]
    );
    assert_eq!(statuses("brute-1"), ["strengthened", "invisible"]);
}

#[test]
fn invisible_enemies_are_not_focused() {
    let t = table(
        "a b . . c",
        &[
            ('a', with_status(hero("aria", 10), "invisible")),
            ('b', brute("brute-1")),
            ('c', hero("cole", 10)),
        ],
        &[MELEE],
        1,
        &["plus0"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert!(of(&ev, "target").iter().all(|e| e["target"] == "cole"));
    assert_eq!(t.creature("aria").unwrap()["hp"], 10);
    assert_eq!(t.creature("cole").unwrap()["hp"], 8);
}

#[test]
fn boss_immunities_hold() {
    let boss = r#"format = 1
system = "ability-deck"
[[monster]]
name = "brute"
[[monster.level]]
level = 1
normal = { hp = 6, move = 2, attack = 2 }
elite = { hp = 9, move = 2, attack = 3 }
[[monster.card]]
initiative = 40
actions = ["attack +0", "poison"]
[[monster]]
name = "king"
boss = true
immune = ["poison"]
[[monster.level]]
level = 1
normal = { hp = "5xC", move = 1, attack = "1xC" }
[[monster.card]]
initiative = 10
actions = ["attack +0"]
"#;
    // The king fights for the players here, so the brute attacks it.
    let b = board_with(
        "k b . . a",
        &[
            (
                'k',
                json!({ "id": "king", "type": "king", "side": "players", "hp": 10, "max_hp": 10 }),
            ),
            ('b', brute("brute-1")),
            ('a', hero("aria", 10)),
        ],
        json!({ "ability_decks": { "brute": { "draw": [1] }, "king": { "draw": [1] } }, "modifier_deck": { "draw": ["plus0", "plus0"] } }),
    );
    let t = Table::new("ad-boss", &b).with_scheme(boss);
    let ev = t.turn(&["--type", "brute"]);
    assert_eq!(t.creature("king").unwrap()["hp"], 8);
    assert!(
        of(&ev, "trait-triggered")
            .iter()
            .any(|e| e["detail"] == "is immune to poison")
    );
    assert!(t.creature("king").unwrap().get("statuses").is_none());
}

#[test]
fn boss_stats_count_characters() {
    let boss = r#"format = 1
system = "ability-deck"
[[monster]]
name = "king"
boss = true
[[monster.level]]
level = 1
normal = { hp = "5xC", move = 1, attack = "1xC+1" }
[[monster.card]]
initiative = 10
actions = ["attack +0"]
"#;
    let b = board_with(
        "a k c\n. d .",
        &[
            (
                'k',
                json!({ "id": "king", "type": "king", "side": "monsters", "hp": 15, "max_hp": 15 }),
            ),
            ('a', hero("aria", 10)),
            ('c', hero("cole", 10)),
            ('d', hero("dara", 10)),
        ],
        json!({ "ability_decks": { "king": { "draw": [1] } }, "modifier_deck": { "draw": ["plus0"] } }),
    );
    let t = Table::new("ad-boss-c", &b).with_scheme(boss);
    let ev = t.turn(&[]);
    // Three characters: attack 1×3+1 = 4.
    assert_eq!(one(&ev, "modifier-drawn")["base"], 4);
}

#[test]
fn shield_and_pierce() {
    let mut shielded = hero("aria", 10);
    shielded["statuses"] =
        json!([{ "status": "shielded", "amount": 2, "until": "start-of-next-turn" }]);
    let t = table(
        "a b",
        &[('a', shielded.clone()), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus1"],
        json!({}),
    );
    t.turn(&[]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 9);
    let pierce = ["initiative = 40\nactions = [\"attack +0\", \"pierce 1\"]"];
    let t = table(
        "a b",
        &[('a', shielded), ('b', brute("brute-1"))],
        &pierce,
        1,
        &["plus1"],
        json!({}),
    );
    t.turn(&[]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    // A card's shield protects the monster.
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &["initiative = 40\nactions = [\"shield 2\", \"retaliate 1\"]"],
        1,
        &[],
        json!({}),
    );
    let ev = t.turn(&[]);
    let s = of(&ev, "status-gained")[0];
    assert_eq!(
        (s["status"].as_str(), s["amount"].as_u64()),
        (Some("shielded"), Some(2))
    );
    let kinds: Vec<&str> = of(&ev, "status-gained")
        .iter()
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["shielded", "retaliating"]);
}

#[test]
fn heal_picks_the_ally_that_lost_most() {
    let cards = ["initiative = 40\nactions = [\"heal 3 range 3\"]"];
    let mut hurt = brute("brute-2");
    hurt["hp"] = json!(2);
    let mut scratched = brute("brute-3");
    scratched["hp"] = json!(5);
    let t = table(
        "a . . . b c d",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hurt),
            ('d', scratched),
        ],
        &cards,
        1,
        &[],
        json!({}),
    );
    t.turn(&["--monster", "brute-1"]);
    assert_eq!(t.creature("brute-2").unwrap()["hp"], 5);
    assert_eq!(t.creature("brute-3").unwrap()["hp"], 5);
    // A poisoned target is cured instead of healed.
    let cards = ["initiative = 40\nactions = [\"heal 3 self\"]"];
    let mut sick = brute("brute-1");
    sick["hp"] = json!(2);
    sick["statuses"] = json!([{ "status": "poisoned", "until": "healed" }]);
    let t = table(
        "a . . b",
        &[('a', hero("aria", 10)), ('b', sick)],
        &cards,
        1,
        &[],
        json!({}),
    );
    t.turn(&[]);
    let b1 = t.creature("brute-1").unwrap();
    assert_eq!(b1["hp"], 2);
    assert!(b1.get("statuses").is_none());
}

#[test]
fn summons_appear_next_to_the_summoner_toward_an_enemy_and_skip_their_round() {
    let cards = ["initiative = 40\nactions = [\"summon imp\"]"];
    let t = table(
        "a . . b .",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &cards,
        1,
        &[],
        json!({}),
    );
    let ev = t.turn(&[]);
    let arrived = one(&ev, "arrived");
    assert_eq!(
        (arrived["creature"].as_str(), arrived["cell"].as_str()),
        (Some("imp-1"), Some("C1"))
    );
    assert_eq!(
        t.board()["systems"]["ability-deck"]["fresh_summons"],
        json!(["imp-1"])
    );
    // The imp does not act this round, even when its type's turn comes; the narration
    // says why.
    let ev = t.turn(&["--type", "imp"]);
    assert!(of(&ev, "turn-start").is_empty());
    let skipped = one(&ev, "turn-skipped");
    assert_eq!(
        (skipped["monster"].as_str(), skipped["reason"].as_str()),
        (
            Some("imp-1"),
            Some("it was summoned this round and acts from the next round on")
        )
    );
    let told = t.run(&[
        "turn",
        "scheme.toml",
        "board.json",
        "--monster",
        "imp-1",
        "--dry-run",
    ]);
    assert!(
        told.stdout
            .contains("does nothing: it was summoned this round and acts from the next round on."),
        "{}",
        told.stdout
    );
    // From the next round on it does.
    let r = t.run(&["round", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = t.turn(&["--type", "imp"]);
    assert_eq!(one(&ev, "turn-start")["monster"], "imp-1");
}

#[test]
fn loot_takes_the_coins_in_reach() {
    let cards = ["initiative = 40\nactions = [\"loot 1\"]"];
    let t = table(
        "a . . b .",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &cards,
        1,
        &[],
        json!({ "loot": [ { "cell": "C1", "gold": 3 }, { "cell": "E1", "gold": 2 }, { "cell": "A1", "gold": 9 } ] }),
    );
    let ev = t.turn(&[]);
    // Loot 1 from D1 reaches C1 (3 tokens) and E1 (2), not A1: 5 tokens, worth 2 gold
    // each at level 1 (the monster's gold; the tokens are lost with it).
    assert_eq!(one(&ev, "gold-changed")["change"], 10);
    assert_eq!(
        t.board()["systems"]["ability-deck"]["loot"],
        json!([{ "cell": "A1", "gold": 9 }])
    );
}

#[test]
fn a_shuffle_card_reshuffles_the_ability_deck_at_the_next_round() {
    let cards = [
        MELEE,
        "initiative = 10\nshuffle = true\nactions = [\"shield 1\"]",
        "initiative = 70\nactions = [\"shield 1\"]",
    ];
    let t = table(
        "a . . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &cards,
        2,
        &[],
        json!({ "ability_decks": { "brute": { "draw": [2, 1], "discard": [3] } } }),
    );
    t.turn(&[]);
    assert_eq!(
        t.board()["systems"]["ability-deck"]["ability_decks"]["brute"]["current"],
        2
    );
    let r = t.run(&["round", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let d = &t.board()["systems"]["ability-deck"]["ability_decks"]["brute"];
    // All three cards were shuffled back and one drawn.
    assert_eq!(d["draw"].as_array().unwrap().len(), 2);
    assert!(d["discard"].as_array().unwrap().is_empty());
}

// ---------------------------------------------------------------------------------------
// The shipped crypt: every type takes a full turn on its scenarios.

fn scenario(name: &str) -> Table {
    let text = std::fs::read_to_string(repo().join("scenarios").join(name)).unwrap();
    let mut b: Value = serde_json::from_str(&text).unwrap();
    b["monster_file"] = json!(crypt());
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    Table::new(&format!("ad-scn-{n}"), &b)
}

#[test]
fn every_shipped_type_takes_a_full_turn() {
    for (file, kind) in [
        ("crypt-gate.json", "grave-warden"),
        ("crypt-gate.json", "bone-archer"),
        ("crypt-gate.json", "ghoul-bat"),
        ("sunken-hall.json", "ash-priest"),
        ("sunken-hall.json", "the-hollow-king"),
    ] {
        let t = scenario(file);
        for card in 1..=5u32 {
            let mut b = t.board();
            let size = if kind == "grave-warden" {
                5
            } else if kind == "the-hollow-king" {
                3
            } else {
                4
            };
            if card > size {
                break;
            }
            b["systems"]["ability-deck"]["ability_decks"] = json!({ kind: { "draw": [card] } });
            std::fs::write(t.dir.join("board.json"), serde_json::to_string(&b).unwrap()).unwrap();
            let c = crypt();
            let r = t.run(&[
                "turn",
                &c,
                "board.json",
                "--type",
                kind,
                "--json",
                "--dry-run",
            ]);
            assert_eq!(r.code, 0, "{kind} card {card}: {}", r.stderr);
            let ev = events(&r.stdout);
            assert_eq!(one(&ev, "ability-card")["card"], card, "{kind}");
            assert!(!of(&ev, "turn-start").is_empty(), "{kind}");
            assert_eq!(
                of(&ev, "turn-start").len(),
                of(&ev, "turn-end").len() + of(&ev, "turn-skipped").len(),
                "{kind} card {card}"
            );
        }
    }
}

#[test]
fn the_shipped_scenarios_play_several_rounds() {
    for file in ["crypt-gate.json", "sunken-hall.json"] {
        let t = scenario(file);
        let mut rounds = 0;
        for _ in 0..40 {
            let r = next_keeping_initiatives(&t.dir, "board.json");
            if r.code != 0 {
                assert!(
                    r.stderr.contains("the fight is over"),
                    "{file}: {}",
                    r.stderr
                );
                break;
            }
            rounds = t.board()["round"].as_u64().unwrap();
        }
        assert!(rounds >= 2, "{file}");
        // Same board, same seed: the same output.
        let a = scenario(file);
        let b = scenario(file);
        let ra = a.run(&["next", "board.json", "--json"]);
        let rb = b.run(&["next", "board.json", "--json"]);
        assert_eq!(ra.stdout, rb.stdout);
    }
}

#[test]
fn a_stat_line_shield_is_raised_at_the_start_of_the_round() {
    let shielded = r#"format = 1
system = "ability-deck"
[[monster]]
name = "brute"
[[monster.level]]
level = 1
normal = { hp = 6, move = 2, attack = 2, traits = ["shield 1"] }
elite = { hp = 9, move = 2, attack = 3, traits = ["shield 2"] }
[[monster.card]]
initiative = 40
actions = ["attack +0"]
"#;
    let b = board_with(
        "a b c",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', elite_brute("brute-2")),
        ],
        json!({ "initiatives": { "aria": 99 } }),
    );
    let t = Table::new("ad-line-shield", &b).with_scheme(shielded);
    let r = t.run(&["round", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let amount = |id: &str| t.creature(id).unwrap()["statuses"][0]["amount"].clone();
    assert_eq!((amount("brute-1"), amount("brute-2")), (json!(1), json!(2)));
}

#[test]
fn the_ability_deck_format_has_a_json_schema() {
    let r = run_in(&repo(), &["schema", "ability-deck"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["title"], "DeckFile");
    assert!(v["definitions"]["CardDef"]["properties"]["initiative"].is_object());
}

#[test]
fn retaliate_strikes_back_at_an_adjacent_attacker() {
    // From a card: for the round (until the monster's next turn).
    let cards = ["initiative = 40\nactions = [\"retaliate 2\"]"];
    let t = table(
        "a b . c",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hero("cole", 10)),
        ],
        &cards,
        1,
        &[],
        json!({}),
    );
    t.turn(&[]);
    let r = t.run(&[
        "hit",
        "board.json",
        "brute-1",
        "1",
        "--by",
        "aria",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    // Only adjacent attackers.
    let r = t.run(&[
        "hit",
        "board.json",
        "brute-1",
        "1",
        "--by",
        "cole",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("cole").unwrap()["hp"], 10);
    // From a stat line: raised at the start of the round.
    let line = r#"format = 1
system = "ability-deck"
[[monster]]
name = "brute"
[[monster.level]]
level = 1
normal = { hp = 6, move = 2, attack = 2, traits = ["retaliate 1"] }
elite = { hp = 9, move = 2, attack = 3, traits = ["retaliate 3"] }
[[monster.card]]
initiative = 40
actions = ["shield 1"]
"#;
    let b = board_with(
        "a b",
        &[('a', hero("aria", 10)), ('b', elite_brute("brute-1"))],
        json!({ "initiatives": { "aria": 99 } }),
    );
    let t = Table::new("ad-line-retaliate", &b).with_scheme(line);
    assert_eq!(t.run(&["round", "scheme.toml", "board.json"]).code, 0);
    let r = t.run(&[
        "hit",
        "board.json",
        "brute-1",
        "2",
        "--by",
        "aria",
        "--monsters",
        "scheme.toml",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
}

#[test]
fn add_elite_puts_an_elite_on_its_elite_line() {
    let t = table(
        "a . . . .",
        &[('a', hero("aria", 10))],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    let r = t.run(&[
        "add",
        "board.json",
        "brute-2",
        "E1",
        "--monster",
        "brute",
        "--elite",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b2 = t.creature("brute-2").unwrap();
    // The system's state lists the elite; the creature itself carries no system's word,
    // and no max_hp (a load derives the elite line's 9).
    assert_eq!(
        t.board()["systems"]["ability-deck"]["elite"],
        json!(["brute-2"])
    );
    assert!(b2.get("elite").is_none(), "{b2}");
    assert!(b2.get("max_hp").is_none(), "{b2}");
    assert_eq!(b2["hp"], 9, "the elite line's HP: {b2}");
    let r = t.run(&["add", "board.json", "brute-1", "D1", "--monster", "brute"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b1 = t.creature("brute-1").unwrap();
    assert_eq!(
        t.board()["systems"]["ability-deck"]["elite"],
        json!(["brute-2"]),
        "a normal monster is not listed"
    );
    assert_eq!(b1["hp"], 6);
    // The elite acts first although its number is higher.
    let ev = t.turn(&[]);
    assert_eq!(of(&ev, "turn-start")[0]["monster"], "brute-2", "{ev:#?}");
    // Scheme monsters have no elite line.
    let g = crate::common::goblins();
    let t = Table::new(
        "ad-add-elite-scheme",
        &board_with("a . . . .", &[('a', hero("aria", 10))], json!({})),
    );
    let r = t.run(&[
        "add",
        "board.json",
        "gob-1",
        "C1",
        "--monster",
        "Goblin Warrior",
        "--elite",
        "--monsters",
        &g,
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("is a monster-ai monster, which takes no --elite"),
        "{}",
        r.stderr
    );
}

#[test]
fn heal_needs_line_of_sight_to_the_ally() {
    // brute-2 (D2) lost the most but stands behind the wall; brute-3 (A3), in sight, is
    // healed instead.
    let cards = ["initiative = 40\nactions = [\"heal 3 range 6\"]"];
    let mut hidden = brute("brute-2");
    hidden["hp"] = json!(2);
    let mut seen = brute("brute-3");
    seen["hp"] = json!(4);
    let t = table(
        ". . # . .\n. b # c .\nd . # . .\n. . . . a",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hidden),
            ('d', seen),
        ],
        &cards,
        1,
        &[],
        json!({}),
    );
    t.turn(&["--monster", "brute-1"]);
    assert_eq!(t.creature("brute-2").unwrap()["hp"], 2);
    assert_eq!(t.creature("brute-3").unwrap()["hp"], 6);
}

/// Summons are focused on before their summoner. The brute (C1) has the aria (A1) and
/// her spirit (E1) two hexes away on either side, each one step from an attack hex (B1,
/// D1); proximity ties too.
///
/// ```text
///   A1    B1    C1     D1    E1
///   aria  .     brute  .     spirit (aria's summon)
/// ```
///
/// The spirit has no initiative of its own and acts on aria's (30), just before her:
/// it is the focus. With its own later initiative (50), aria is.
#[test]
fn a_summon_is_focused_before_its_summoner() {
    let spirit = || {
        let mut s = hero("spirit", 4);
        s["summoner"] = json!("aria");
        s
    };
    let focus_with = |spirit: Value, initiatives: Value| {
        let t = table(
            "a . b . s",
            &[
                ('a', hero("aria", 10)),
                ('b', brute("brute-1")),
                ('s', spirit),
            ],
            &[MELEE],
            1,
            &["plus0"],
            json!({ "initiatives": initiatives }),
        );
        let ev = t.turn(&[]);
        let tied = of(&ev, "tie")
            .iter()
            .any(|e| e["what"].as_str().unwrap().contains("focus"));
        let target = one(&ev, "target")["target"].as_str().unwrap().to_string();
        (target, tied)
    };
    let focus = |initiatives: Value| {
        let (target, tied) = focus_with(spirit(), initiatives);
        assert!(!tied, "no players' choice expected");
        target
    };
    assert_eq!(focus(json!({ "aria": 30 })), "spirit");
    assert_eq!(focus(json!({})), "spirit");
    assert_eq!(focus(json!({ "aria": 30, "spirit": 50 })), "aria");
    // Another character on the same initiative would be the players' choice.
    let other = hero("spirit", 4);
    assert!(focus_with(other, json!({ "aria": 30, "spirit": 30 })).1);
}

#[test]
fn summoner_links_are_checked_kept_and_cleared() {
    let t = table(
        "a . b . .",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    // `add --summoner` takes the summoner's side and records the link.
    let r = t.run(&[
        "add",
        "board.json",
        "spirit",
        "E1",
        "--character",
        "--hp",
        "4",
        "--summoner",
        "aria",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("spirit").unwrap()["summoner"], "aria");
    assert_eq!(t.creature("spirit").unwrap()["side"], "players");
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = t.run(&[
        "add",
        "board.json",
        "wisp",
        "D1",
        "--character",
        "--hp",
        "4",
        "--summoner",
        "arya",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("--summoner `arya`: no creature has this id in board.json"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("did you mean `aria`?"), "{}", r.stderr);
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    // Once aria leaves the board, the spirit names no summoner.
    let r = t.run(&["remove", "board.json", "aria"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(t.creature("spirit").unwrap().get("summoner").is_none());
}

#[test]
fn a_summoner_not_on_the_board_is_refused() {
    let mut spirit = hero("spirit", 4);
    spirit["summoner"] = json!("brute-1");
    let t = table(
        "a . b . s",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('s', spirit),
        ],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    let r = t.run(&["check", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("creatures[2].summoner"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("spirit fights on the other side from its summoner brute-1"),
        "{}",
        r.stderr
    );
}

/// One row of hexes (each touches the next, the odd ones sitting half a hex lower):
///
/// ```text
///   A1    B1    C1        D1     E1
///   aria  .     obstacle  trap   brute
/// ```
///
/// With `move +1 jump` (3 points) the brute passes over the trap and the obstacle and
/// lands on B1, springing nothing, then attacks aria. Walking, the obstacle leaves it no
/// way to her at all, so it neither moves nor attacks.
#[test]
fn a_jump_passes_over_traps_and_obstacles_to_land_beside_the_focus() {
    let play = |card: &str| {
        let t = table(
            "a . o . b",
            &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
            &[card],
            1,
            &["plus0"],
            json!({
                "grid": { "kind": "hex", "width": 5, "height": 1 },
                "traps": [{ "cell": "D1", "side": "players", "damage": "3" }],
            }),
        );
        let ev = t.turn(&[]);
        (t, ev)
    };
    let (t, ev) = play("initiative = 40\nactions = [\"move +1 jump\", \"attack +0\"]");
    let m = one(&ev, "move");
    assert_eq!(
        (m["cause"].as_str(), m["to"].as_str()),
        (Some("jump"), Some("B1"))
    );
    assert!(of(&ev, "trap-sprung").is_empty());
    assert_eq!(t.board()["traps"].as_array().map(Vec::len), Some(1));
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    let (t, ev) = play("initiative = 40\nactions = [\"move +1\", \"attack +0\"]");
    assert!(of(&ev, "move").is_empty());
    assert_eq!(t.creature("aria").unwrap()["hp"], 10);
}

/// Walls between the brute (E1) and aria (A1): `move +1 teleport` takes it straight to
/// B1 (three hexes away as the crow flies), where it attacks.
///
/// ```text
///   A1    B1    C1    D1    E1
///   aria  .     #     #     brute
/// ```
#[test]
fn a_teleport_ignores_walls() {
    let t = table(
        "a . # # b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &["initiative = 40\nactions = [\"move +1 teleport\", \"attack +0\"]"],
        1,
        &["plus1"],
        json!({ "grid": { "kind": "hex", "width": 5, "height": 1 } }),
    );
    let r = t.run(&["turn", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("brute-1 teleports from E1 to B1."),
        "{}",
        r.stdout
    );
    assert_eq!(t.creature("brute-1").unwrap()["position"], "B1");
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
}

#[test]
fn a_move_names_only_jump_or_teleport() {
    let with = |line: &str| BAT.replace("\"move +1\"", &format!("\"{line}\""));
    assert_eq!(check(&with("move jump")).code, 0);
    assert_eq!(check(&with("move -1 teleport")).code, 0);
    refused(
        &with("move +1 fly"),
        "`fly` is not a way of moving",
        "card[0].actions[0]",
    );
    refused(
        &with("move +1 jump now"),
        "unexpected `now`",
        "card[0].actions[0]",
    );
}

/// The board of the ranged retaliate tests: two rows of hexes (flat-topped, odd columns
/// lower), `first_row` over an empty one. With the usual `b a c d e`, brute-1 stands on
/// A1 and aria, cole, dora and eve 1, 2, 3 and 4 steps from it:
///
/// ```text
///  __    __    __
/// /A1\__/C1\__/E1\      A1 brute-1   B1 aria (1 step)   C1 cole (2)
/// \__/B1\__/D1\__/      D1 dora (3)  E1 eve (4)
/// /A2\__/C2\__/E2\
/// \__/B2\__/D2\__/
///    \__/  \__/
/// ```
///
/// The brute's deck is `card`; `traits` go on its level-1 normal line.
fn retaliate_table(first_row: &str, traits: &str, card: &str) -> Table {
    let b = board_with(
        &format!("{first_row}\n. . . . ."),
        &[
            ('b', brute("brute-1")),
            ('a', hero("aria", 10)),
            ('c', hero("cole", 10)),
            ('d', hero("dora", 10)),
            ('e', hero("eve", 10)),
        ],
        json!({
            "grid": { "kind": "hex", "width": 5, "height": 2 },
            "ability_decks": { "brute": { "draw": [1] } },
            "modifier_deck": { "draw": [] },
            "monster_file": "scheme.toml",
        }),
    );
    let line = format!("attack = 2, traits = [{traits}] }}");
    let s = scheme(&[card]).replacen("attack = 2 }", &line, 1);
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    let t = Table::new(&format!("ad-retaliate-{n}"), &b).with_scheme(&s);
    t.turn(&[]);
    t
}

/// The HP each hero loses hitting brute-1 for 1, in turn.
fn retaliation(t: &Table, heroes: &[&str]) -> Vec<i64> {
    heroes
        .iter()
        .map(|by| {
            let r = t.run(&["hit", "board.json", "brute-1", "1", "--by", by]);
            assert_eq!(r.code, 0, "{}", r.stderr);
            10 - t.creature(by).unwrap()["hp"].as_i64().unwrap()
        })
        .collect()
}

#[test]
fn a_ranged_retaliate_answers_attackers_within_its_range() {
    let heroes = ["aria", "cole", "dora"];
    // Range 2: aria (1 step) and cole (2) take 2, dora (3) nothing.
    let card = "initiative = 40\nactions = [\"retaliate 2 range 2\"]";
    let t = retaliate_table("b a c d .", "", card);
    assert_eq!(retaliation(&t, &heroes), [2, 2, 0]);
    // Without a range only aria, next to it, is answered.
    let t = retaliate_table(
        "b a c d .",
        "",
        "initiative = 40\nactions = [\"retaliate 1\"]",
    );
    assert_eq!(retaliation(&t, &heroes), [1, 0, 0]);
}

#[test]
fn retaliates_of_different_ranges_add_up() {
    // The line's Retaliate 1 and the card's Retaliate 2 Range 3 are two statuses: aria,
    // adjacent, takes 3; cole and dora, within 3, take 2; eve, 4 away, nothing.
    let card = "initiative = 40\nactions = [\"retaliate 2 range 3\"]";
    let t = retaliate_table("b a c d e", "\"retaliate 1\"", card);
    let held: Vec<Value> = t.creature("brute-1").unwrap()["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["status"], s["amount"], s["range"]]))
        .collect();
    assert_eq!(
        held,
        [
            json!(["retaliating", 1, null]),
            json!(["retaliating", 2, 3])
        ]
    );
    assert_eq!(
        retaliation(&t, &["aria", "cole", "dora", "eve"]),
        [3, 2, 2, 0]
    );
    // A card retaliate of the line's own range stands beside the line's: the line's 1
    // stays (until removed), the card's 2 passes at the start of its next turn, and an
    // attacker within 3 steps takes both, 3; eve, 4 away, nothing.
    let t = retaliate_table("b a c d e", "\"retaliate 1 range 3\"", card);
    let statuses = &t.creature("brute-1").unwrap()["statuses"];
    assert_eq!(
        statuses,
        &json!([
            { "status": "retaliating", "amount": 1, "range": 3, "until": "removed", "round": 1 },
            { "status": "retaliating", "amount": 2, "range": 3,
              "until": "start-of-next-turn", "round": 1 }
        ])
    );
    assert_eq!(
        retaliation(&t, &["aria", "cole", "dora", "eve"]),
        [3, 3, 3, 0]
    );
}

#[test]
fn a_wall_puts_an_attacker_out_of_retaliate_range() {
    // With B1 a wall, C1 is 4 steps from A1 (A2, B2, C2, C1): beyond Range 2, although
    // it is 2 hexes away as the crow flies.
    let card = "initiative = 40\nactions = [\"retaliate 2 range 2\"]";
    let t = retaliate_table("b # c . .", "", card);
    assert_eq!(retaliation(&t, &["cole"]), [0]);
    // Range 4 reaches round the wall.
    let card = "initiative = 40\nactions = [\"retaliate 2 range 4\"]";
    let t = retaliate_table("b # c . .", "", card);
    assert_eq!(retaliation(&t, &["cole"]), [2]);
}

/// One column of hexes: the brute on A1, ice on A2 and A3, aria on A5. With Move 1 the
/// brute steps onto the ice, slides to A4 for free and attacks her there.
///
/// ```text
///   A1 brute
///   A2 ice
///   A3 ice
///   A4 .
///   A5 aria
/// ```
#[test]
fn a_slide_on_ice_is_planned_and_carried_out() {
    let t = table(
        "b\n*\n*\n.\na",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &["initiative = 40\nactions = [\"move -1\", \"attack +0\"]"],
        1,
        &["plus0"],
        json!({ "grid": { "kind": "hex", "width": 1, "height": 5 } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "move")["path"], json!(["A2", "A3", "A4"]));
    assert_eq!(one(&ev, "slide")["to"], "A4");
    assert_eq!(t.creature("brute-1").unwrap()["position"], "A4");
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
}

/// Gloomhaven has no opportunity attacks: a character walking away from an adjacent
/// monster provokes nothing, and nothing of the kind is narrated.
///
/// ```text
///  a b .      aria on A1, brute-1 on B1 (adjacent, as is A2);
///  . . .      aria walks A1 -> A2 -> A3, out of the brute's reach.
///  . . .
/// ```
#[test]
fn walking_away_provokes_nothing_under_ability_deck_rules() {
    let t = table(
        "a b .\n. . .\n. . .",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus1"],
        json!({}),
    );
    let r = t.run(&["move", "board.json", "aria", "A3", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    assert_eq!(one(&ev, "move")["to"], "A3");
    assert!(of(&ev, "provoke").is_empty(), "{ev:?}");
    assert!(of(&ev, "disengage").is_empty());
    let r = t.run(&["move", "board.json", "aria", "A1"]);
    assert!(!r.stdout.contains("opportunity"), "{}", r.stdout);
}

/// A card's `range 1` makes a ranged attack of range 1 (issue 11, point 2): beside its
/// target the brute (a melee line) attacks with disadvantage, drawing two modifier cards
/// and using the worse; without the `range` line it is melee and draws one.
#[test]
fn a_range_one_card_attacks_a_neighbour_with_disadvantage() {
    let card = "initiative = 40\nactions = [\"attack +0\", \"range 1\"]";
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[card],
        1,
        &["plus2", "minus1"],
        json!({}),
    );
    let ev = t.turn(&[]);
    let m = one(&ev, "modifier-drawn");
    assert_eq!(
        (m["drawn"].clone(), m["used"].clone()),
        (json!(["+2", "-1"]), json!("-1"))
    );
    assert_eq!(t.creature("aria").unwrap()["hp"], 9);
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &["initiative = 40\nactions = [\"attack +0\"]"],
        1,
        &["plus2", "minus1"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "modifier-drawn")["drawn"], json!(["+2"]));
    assert_eq!(t.creature("aria").unwrap()["hp"], 6);
}

/// A flyer may end its move on an obstacle and stand there (issue 11, point 3). On a
/// row of three hexes, aria (A1) can only be attacked from B1, an obstacle; the bat
/// (C1, flying, Move 3) flies onto it and attacks. The board it writes, with the bat on
/// the obstacle, loads again (`show`); a creature that does not fly may not stand there.
///
/// ```text
///   A1    B1    C1
///   aria  o     bat
/// ```
#[test]
fn a_flyer_ends_its_move_on_an_obstacle_and_the_board_loads() {
    let b = board_with(
        "a o b",
        &[
            ('a', hero("aria", 10)),
            (
                'b',
                json!({ "id": "bat-1", "type": "bat", "side": "monsters", "hp": 3 }),
            ),
        ],
        json!({
            "grid": { "kind": "hex", "width": 3, "height": 1 },
            "monster_file": "scheme.toml",
            "modifier_deck": { "draw": ["plus0"] },
        }),
    );
    let t = Table::new("ad-flyer-obstacle", &b).with_scheme(BAT);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "move")["to"], "B1");
    assert_eq!(t.creature("aria").unwrap()["hp"], 9);
    let shown = t.run(&["show", "board.json"]);
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    // aria walked onto the obstacle by hand: refused, with a hint.
    let mut b = t.board();
    b["creatures"][0]["position"] = json!("B1");
    b["creatures"][1]["position"] = json!("A1");
    let t = Table::new("ad-walker-obstacle", &b).with_scheme(BAT);
    let r = t.run(&["show", "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("obstacle at B1"), "{}", r.stderr);
    assert!(r.stderr.contains("flying"), "{}", r.stderr);
}

/// Elites and boards above level 1 load without a hand-written `max_hp` (issue 11,
/// point 7): the check uses the creature's own line. The brute's elite line is 9 HP at
/// level 1 and 12 at level 2 (its normal lines 6 and 8).
#[test]
fn elites_and_higher_levels_load_without_max_hp() {
    let elite = |hp: i32| json!({ "id": "brute-1", "type": "brute", "side": "monsters", "hp": hp, "elite": true });
    let normal =
        |hp: i32| json!({ "id": "brute-1", "type": "brute", "side": "monsters", "hp": hp });
    let show = |who: Value, extra: Value| {
        let t = table(
            "a . b",
            &[('a', hero("aria", 10)), ('b', who)],
            &[MELEE],
            1,
            &["plus0"],
            extra,
        );
        t.run(&["show", "board.json"])
    };
    assert_eq!(show(elite(9), json!({})).code, 0);
    assert_eq!(show(normal(8), json!({ "level": 2 })).code, 0);
    assert_eq!(show(elite(12), json!({ "level": 2 })).code, 0);
    let r = show(elite(13), json!({ "level": 2 }));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("its maximum is 12"), "{}", r.stderr);
    let r = show(normal(7), json!({}));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("its maximum is 6"), "{}", r.stderr);
}

/// Hazardous terrain deals the scenario level's damage on ability-deck boards (issue 11,
/// point 7), not a roll. On a row of three hexes aria (A1) can only be attacked from B1,
/// hazardous terrain, so the brute (C1) walks onto it (the only way) and is hurt:
/// Gloomhaven level 1: (2 + 1) / 2 = 1; level 4: (2 + 4) / 2 = 3; Frosthaven level 1:
/// 1 + 1/3 rounded up = 2.
#[test]
fn hazardous_terrain_deals_the_scenario_levels_damage() {
    let hurt = |extra: Value| {
        let t = table(
            "a ^ b",
            &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
            &[MELEE],
            1,
            &["plus0"],
            extra,
        );
        let ev = t.turn(&[]);
        let d = damage_to(&ev, "brute-1");
        assert_eq!(d.len(), 1, "{ev:?}");
        d[0]["amount"].as_i64().or(d[0]["damage"].as_i64())
    };
    let hex = json!({ "kind": "hex", "width": 3, "height": 1 });
    assert_eq!(hurt(json!({ "grid": hex })), Some(1));
    assert_eq!(hurt(json!({ "grid": hex, "level": 4 })), Some(3));
    assert_eq!(
        hurt(json!({ "grid": hex, "variant": "frosthaven" })),
        Some(2)
    );
}

/// A character's wound deals its 1 damage at the start of its turn under `next` (issue
/// 11, point 6). Aria (initiative 10) acts before the brute (40): the first `next` lays
/// out the round and reveals her card; wounded, she drops from 10 to 9 HP there, and the
/// wound stays until healed. Unwounded, she keeps her 10.
#[test]
fn a_wounded_character_bleeds_when_next_reveals_its_turn() {
    let play = |statuses: Value| {
        let mut aria = hero("aria", 10);
        aria["statuses"] = statuses;
        let b = board_with(
            "a . . b",
            &[('a', aria), ('b', brute("brute-1"))],
            json!({ "initiatives": { "aria": 10 }, "ability_decks": { "brute": { "draw": [1] } }, "modifier_deck": { "draw": ["plus0"] } }),
        );
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let t = Table::new(&format!("ad-next-wound-{n}"), &b).with_scheme(&scheme(&[MELEE]));
        let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = events(&r.stdout);
        assert_eq!(one(&ev, "character-turn")["creature"], "aria");
        (t, ev)
    };
    let (t, ev) = play(json!([{ "status": "wounded", "until": "healed" }]));
    let d = damage_to(&ev, "aria");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0]["amount"], 1);
    let aria = t.creature("aria").unwrap();
    assert_eq!(aria["hp"], 9);
    assert_eq!(aria["statuses"][0]["status"], "wounded");
    let (t, ev) = play(json!([]));
    assert!(damage_to(&ev, "aria").is_empty());
    assert_eq!(t.creature("aria").unwrap()["hp"], 10);
}

/// A second attack on a card chooses a new focus among the enemies the first did not
/// strike (issue 11, point 8, that part). On a row of three hexes the brute (B1) stands
/// between aria (A1, initiative 50) and cole (C1, 12): the first attack focuses on cole
/// (equally near, earlier initiative), the second on aria. Alone with cole, the second
/// attack finds no one left to focus on and is skipped.
#[test]
fn a_second_attack_focuses_on_someone_not_yet_attacked() {
    let card = "initiative = 40\nactions = [\"attack +0\", \"attack +0\"]";
    let hex = json!({ "kind": "hex", "width": 3, "height": 1 });
    let t = table(
        "a b c",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hero("cole", 10)),
        ],
        &[card],
        1,
        &["plus0", "plus0"],
        json!({ "grid": hex, "initiatives": { "aria": 50, "cole": 12 } }),
    );
    let ev = t.turn(&[]);
    let hit: Vec<&str> = of(&ev, "modifier-drawn")
        .iter()
        .map(|e| e["target"].as_str().unwrap())
        .collect();
    assert_eq!(hit, ["cole", "aria"]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    assert_eq!(t.creature("cole").unwrap()["hp"], 8);
    let t = table(
        ". b c",
        &[('b', brute("brute-1")), ('c', hero("cole", 10))],
        &[card],
        1,
        &["plus0", "plus0"],
        json!({ "grid": hex, "initiatives": { "cole": 12 } }),
    );
    let ev = t.turn(&[]);
    assert_eq!(of(&ev, "modifier-drawn").len(), 1);
    assert_eq!(t.creature("cole").unwrap()["hp"], 8);
}

/// Monster types on the same initiative are ordered by the players (issue 11, point 9,
/// that part): the brute's card and the imp's both say 90. With `--ties ask` the players
/// put the imp first; with the default policy (`first`) the names' order stands (brute,
/// then imp) and the tie is narrated.
#[test]
fn monster_types_tied_on_initiative_go_to_the_players() {
    let play = |ties: &[&str], input: &str| {
        let b = board_with(
            "a . . b\n. . . d",
            &[
                ('a', hero("aria", 10)),
                ('b', brute("brute-1")),
                (
                    'd',
                    json!({ "id": "imp-1", "type": "imp", "side": "monsters", "hp": 2 }),
                ),
            ],
            json!({ "initiatives": { "aria": 50 }, "ability_decks": { "brute": { "draw": [1] } } }),
        );
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let t = Table::new(&format!("ad-type-tie-{n}"), &b)
            .with_scheme(&scheme(&["initiative = 90\nactions = [\"shield 1\"]"]));
        let mut args = vec!["round", "scheme.toml", "board.json", "--json"];
        args.extend_from_slice(ties);
        let r = run_in(&t.dir, &args, input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        (t.board()["turn_order"].clone(), events(&r.stdout))
    };
    let (order, _) = play(&["--ties", "ask"], "2\n");
    assert_eq!(order, json!(["aria", "imp", "brute"]));
    let (order, ev) = play(&[], "");
    assert_eq!(order, json!(["aria", "brute", "imp"]));
    let tie = one(&ev, "tie");
    assert_eq!(tie["options"], json!(["brute", "imp"]));
}

/// A card's `bless` shuffles a blessing into the monsters' modifier deck (issue 11,
/// point 8, that part), at most ten at a time: with ten already there it is skipped.
#[test]
fn a_bless_card_shuffles_a_blessing_into_the_monster_deck() {
    let card = "initiative = 40\nactions = [\"bless\"]";
    let count = |t: &Table| {
        t.board()["systems"]["ability-deck"]["modifier_deck"]["draw"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| *c == "bless")
            .count()
    };
    let t = table(
        "a . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[card],
        1,
        &["plus0", "minus1"],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "ability-card")["actions"], json!(["bless"]));
    assert_eq!(count(&t), 1);
    let t = table(
        "a . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[card],
        1,
        &["bless"; 10],
        json!({}),
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "action-skipped")["action"], "bless");
    assert_eq!(count(&t), 10);
}

/// The players record curses (and blessings) shuffled into the monsters' modifier deck
/// (issue 11, point 8, that part): `record BOARD curse 2` adds two; more than ten in the
/// deck, or a word it does not know, is refused with exit 2 and the board untouched.
#[test]
fn the_players_record_curses_into_the_monster_deck() {
    let t = table(
        "a . b",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus0", "curse"],
        json!({}),
    );
    let r = t.run(&["record", "board.json", "--json", "curse", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = events(&r.stdout);
    let added = one(&ev, "modifiers-added");
    assert_eq!(
        (
            added["card"].clone(),
            added["count"].clone(),
            added["held"].clone()
        ),
        (json!("curse"), json!(2), json!(3))
    );
    let draw = t.board()["systems"]["ability-deck"]["modifier_deck"]["draw"].clone();
    assert_eq!(
        draw.as_array()
            .unwrap()
            .iter()
            .filter(|c| *c == "curse")
            .count(),
        3
    );
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    for words in [&["curse", "8"][..], &["hex"][..], &["bless", "0"][..]] {
        let mut args = vec!["record", "board.json"];
        args.extend_from_slice(words);
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{words:?}: {}", r.stdout);
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
    let r = t.run(&["record", "board.json", "bless"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("1 bless card shuffled"), "{}", r.stdout);
}

/// The players set the characters' initiatives for the round (issue 11, point 9, that
/// part): `record BOARD initiative ID N [M]`. Aria and cole both at 30; cole's second
/// card (12) is lower than aria's (60), so cole goes first; the brute's card says 40.
/// A monster, or an initiative above 99, is refused (exit 2).
#[test]
fn the_players_set_the_characters_initiatives() {
    let b = board_with(
        "a . . b\nc . . .",
        &[
            ('a', hero("aria", 10)),
            ('b', brute("brute-1")),
            ('c', hero("cole", 10)),
        ],
        json!({ "ability_decks": { "brute": { "draw": [1] } }, "monster_file": "scheme.toml" }),
    );
    let t = Table::new("ad-record-initiative", &b)
        .with_scheme(&scheme(&["initiative = 40\nactions = [\"shield 1\"]"]));
    for words in [["aria", "30", "60"], ["cole", "30", "12"]] {
        let mut args = vec!["record", "board.json", "--json", "initiative"];
        args.extend_from_slice(&words);
        let r = t.run(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(
            one(&events(&r.stdout), "initiative-set")["creature"],
            words[0]
        );
    }
    let state = &t.board()["systems"]["ability-deck"];
    assert_eq!(state["initiatives"], json!({ "aria": 30, "cole": 30 }));
    assert_eq!(state["tiebreaks"], json!({ "aria": 60, "cole": 12 }));
    let r = t.run(&["round", "scheme.toml", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.board()["turn_order"], json!(["cole", "aria", "brute"]));
    for words in [
        &["initiative", "brute-1", "20"][..],
        &["initiative", "aria", "100"][..],
    ] {
        let mut args = vec!["record", "board.json"];
        args.extend_from_slice(words);
        assert_eq!(t.run(&args).code, 2, "{words:?}");
    }
}

/// A stat line's shield stands: the shipped crypt's Grave Warden 1 (shield 2 on its line)
/// is told it is shielded once, when the first round starts, and its shield never ends at
/// the start of its turns or with a round over two rounds of play; only a card's own
/// shield comes and goes. (Before, the line's shield was raised, dropped and raised again
/// every round and every turn.)
#[test]
fn a_stat_line_shield_is_raised_once_and_stands() {
    let dir = crate::common::temp_dir("ad-standing-shield");
    let text = std::fs::read_to_string(repo().join("scenarios/crypt-gate.json"))
        .unwrap()
        .replace("../schemes/crypt.toml", "crypt.toml");
    std::fs::write(dir.join("b.json"), text).unwrap();
    std::fs::copy(repo().join("schemes/crypt.toml"), dir.join("crypt.toml")).unwrap();
    let mut events: Vec<serde_json::Value> = Vec::new();
    for _ in 0..14 {
        let r = next_keeping_initiatives(&dir, "b.json");
        assert_eq!(r.code, 0, "{}", r.stderr);
        events.extend(crate::common::events(&r.stdout));
    }
    let rounds = events
        .iter()
        .filter(|e| e["event"] == "round-start")
        .count();
    assert!(rounds >= 2, "two rounds played, {rounds}");
    let warden = |e: &&serde_json::Value| e["creature"] == "grave-warden-1";
    let standing: Vec<_> = events
        .iter()
        .filter(warden)
        .filter(|e| e["event"] == "status-gained" && e["until"] == "removed (from its stat line)")
        .collect();
    assert_eq!(standing.len(), 1, "{standing:?}");
    assert_eq!(standing[0]["amount"], 2);
    // Whatever ends is a card's part: the line's shield stays.
    for e in events
        .iter()
        .filter(warden)
        .filter(|e| e["event"] == "status-ended")
    {
        if e["status"] == "shielded" {
            assert_eq!(e["reason"], "the round ended", "{e}");
            assert_eq!(e["remains"], 2, "the line's shield 2 stays: {e}");
        }
    }
    let board: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("b.json")).unwrap()).unwrap();
    if let Some(w) = board["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "grave-warden-1")
    {
        assert!(
            w["statuses"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["status"] == "shielded" && s["amount"] == 2 && s["until"] == "removed"),
            "{w}"
        );
    }
}

/// `next`, and when a new round waits for the characters' initiatives, they keep last
/// round's (`record initiative keep`) and `next` runs again.
fn next_keeping_initiatives(dir: &std::path::Path, board: &str) -> crate::common::Run {
    let r = run_in(dir, &["next", board, "--json"], "");
    if r.code != 2 || !r.stderr.contains("needs every character's initiative") {
        return r;
    }
    let kept = run_in(dir, &["record", board, "initiative", "keep"], "");
    assert_eq!(kept.code, 0, "{}", kept.stderr);
    run_in(dir, &["next", board, "--json"], "")
}

/// A flyer that teleports (issue 26, part 5): `options --teleport --flying` is asked, not
/// refused. One row, the brute on A1, an obstacle on C1, Aria on D1; the only hex next
/// to Aria is C1, two hexes away:
///
/// ```text
///   A1 brute   B1 .   C1 obstacle   D1 Aria
/// ```
///
/// Teleporting 2 as a flyer it may end on the obstacle and attack from there; teleporting
/// as a walker it may not end there, and cannot attack Aria this turn.
#[test]
fn a_flyer_that_teleports_may_end_on_an_obstacle() {
    let t = table(
        "b . o a",
        &[('a', hero("aria", 10)), ('b', brute("brute-1"))],
        &[MELEE],
        1,
        &["plus0"],
        json!({ "grid": { "kind": "hex", "width": 4, "height": 1 } }),
    );
    let ask = |extra: &[&str]| {
        let mut args = vec![
            "options",
            "board.json",
            "brute-1",
            "--move",
            "2",
            "--teleport",
            "--json",
        ];
        args.extend_from_slice(extra);
        let r = t.run(&args);
        assert_eq!(r.code, 0, "{extra:?}: {}", r.stderr);
        r.stdout
    };
    let flying = ask(&["--flying"]);
    assert!(flying.contains("\"C1\""), "{flying}");
    let walking = ask(&[]);
    assert!(!walking.contains("\"destination\":\"C1\""), "{walking}");
}

/// An elite is the ability-deck system's word (issue 39, point 2): older boards'
/// `"elite": true` moves into the state's `elite` list as the board is read, and the list
/// forgets a monster that falls.
///
/// ```text
///      A B
///   1  a b      Aria; brute-1, an elite (its elite line: 9 HP)
/// ```
#[test]
fn the_elite_list_is_the_systems_and_forgets_the_fallen() {
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', elite_brute("brute-1"))],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    let r = t.run(&["hit", "board.json", "brute-1", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b = t.board();
    assert_eq!(b["systems"]["ability-deck"]["elite"], json!(["brute-1"]));
    let brute = t.creature("brute-1").unwrap();
    assert!(brute.get("elite").is_none(), "{brute}");
    // 9 - 3: still on the elite line's maximum.
    assert_eq!(brute["hp"], 6);
    let r = t.run(&["hit", "board.json", "brute-1", "6"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b = t.board();
    assert!(t.creature("brute-1").is_none(), "{b}");
    assert!(b["systems"]["ability-deck"].get("elite").is_none(), "{b}");
}

/// A mark that is neither true nor false, and a listed id that is no monster of the
/// board, are refused where the file has them; the board is left as it was.
#[test]
fn bad_elite_words_are_refused_where_they_are() {
    let mut marked = elite_brute("brute-1");
    marked["elite"] = json!("yes");
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', marked)],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = t.run(&["hit", "board.json", "aria", "1"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("(creatures[1].elite)"), "{}", r.stderr);
    assert!(r.stderr.contains("expected true or false"), "{}", r.stderr);
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);

    // A board written by a command (format 2), whose list then names a character.
    let t = table(
        "a b",
        &[('a', hero("aria", 10)), ('b', elite_brute("brute-1"))],
        &[MELEE],
        1,
        &[],
        json!({}),
    );
    assert_eq!(t.run(&["hit", "board.json", "aria", "1"]).code, 0);
    let mut b = t.board();
    b["systems"]["ability-deck"]["elite"] = json!(["aria", "brute-1"]);
    std::fs::write(t.dir.join("board.json"), b.to_string()).unwrap();
    let r = t.run(&["check", "board.json"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("(systems.ability-deck.elite[0])"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("`aria` is not a monster on this board"),
        "{}",
        r.stderr
    );
}

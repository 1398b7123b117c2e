//! `show`'s odds (issue 40, point 3; SPEC §14), worked by hand: each deck's state is set
//! in the board by hand (a draw pile written out), so the counts are known, and every
//! fraction below is counted on the pile as written, reduced by hand.

use crate::common::{Table, board_with, shipped};
use serde_json::{Value, json};

/// `show` of the table's board with these flags; must succeed.
fn show(t: &Table, board: &str, flags: &[&str]) -> String {
    let mut args = vec!["show", board, "--color", "never"];
    args.extend_from_slice(flags);
    let r = t.run(&args);
    assert_eq!(r.code, 0, "show failed: {}", r.stderr);
    r.stdout
}

/// The odds part of `show`'s text: from "Odds of the next card:" on.
fn odds(text: &str) -> &str {
    let at = text
        .find("Odds of the next card:\n")
        .unwrap_or_else(|| panic!("no odds:\n{text}"));
    &text[at..]
}

/// The line of the odds that starts with `deck` (after the two-space indent).
fn line<'a>(text: &'a str, deck: &str) -> &'a str {
    odds(text)
        .lines()
        .find(|l| l.trim_start().starts_with(deck))
        .unwrap_or_else(|| panic!("no odds line for {deck}:\n{text}"))
        .trim()
}

/// The line after the odds line of `deck` (its `--odds` list of every card).
fn every_card<'a>(text: &'a str, deck: &str) -> &'a str {
    let mut lines = odds(text).lines();
    lines.find(|l| l.trim_start().starts_with(deck)).unwrap();
    lines.next().unwrap().trim()
}

/// The odds line of `deck` says `says` and, under it, `--odds` lists `every`.
fn deck_says(text: &str, deck: &str, says: &str, every: &str) {
    assert_eq!(line(text, deck), says);
    assert_eq!(every_card(text, deck), every);
}

/// The `odds` of `show --json` with these arguments after the board.
fn odds_json(t: &Table, args: &[&str]) -> Value {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.push("--json");
    let r = t.run(&all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    serde_json::from_str::<Value>(&r.stdout).unwrap()["odds"].clone()
}

/// The crypt gate with its ability-deck state changed by `f`.
fn crypt(name: &str, f: impl FnOnce(&mut Value)) -> Table {
    let t = shipped(name, "crypt-gate.json", "crypt.toml");
    let path = t.dir.join("b.json");
    let mut b: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    f(&mut b["systems"]["ability-deck"]);
    std::fs::write(&path, serde_json::to_string_pretty(&b).unwrap()).unwrap();
    t
}

/// Three known draws from the Grave Warden's five cards (1 Iron Stride, 2 Cleaving Sweep,
/// 3 Shield Wall with the shuffle flag, 4 Crushing Blow, 5 Grim Advance): Iron Stride and
/// Crushing Blow are discarded, Cleaving Sweep is this round's card. Left: Grim Advance
/// and Shield Wall, so the next card is the shuffle card 1 time in 2. The Bone Archer's
/// card this round is its shuffle card (3 Steady Aim), so the next deal draws from all
/// four: 1/4, and the line says the deck is reshuffled first.
#[test]
fn ability_deck_odds_after_three_known_draws() {
    let t = crypt("odds-ability", |s| {
        s["ability_decks"] = json!({
            "grave-warden": { "draw": [5, 3], "discard": [1, 4], "current": 2 },
            "bone-archer": { "draw": [2, 4], "discard": [1], "current": 3 }
        });
    });
    let text = show(&t, "b.json", &["--odds"]);
    deck_says(
        &text,
        "grave-warden ability deck",
        "grave-warden ability deck: 2 cards left; a shuffle card 1/2",
        "every card: \"Shield Wall\" (22, shuffle) 1/2, \"Grim Advance\" (39) 1/2",
    );
    assert_eq!(
        line(&text, "bone-archer ability deck"),
        "bone-archer ability deck: 4 cards left; a shuffle card 1/4; reshuffled before the next deal"
    );
    // Without --odds, no list of every card.
    let plain = show(&t, "b.json", &[]);
    assert!(!plain.contains("every card:"), "{plain}");
    assert!(plain.contains("grave-warden ability deck: 2 cards left; a shuffle card 1/2"));
}

/// A modifier deck of seven cards to draw with one null and one ×2 among them (and two
/// +0, one +1, one −1, one bless): null 1/7, ×2 1/7, +0 2/7; the bless is told.
#[test]
fn a_modifier_deck_with_one_null_and_one_x2_among_seven() {
    let t = crypt("odds-modifiers", |s| {
        s["modifier_deck"] = json!({
            "draw": ["plus0", "null", "plus1", "double", "minus1", "plus0", "bless"],
            "discard": ["plus2", "minus2"]
        });
    });
    let text = show(&t, "b.json", &["--odds"]);
    deck_says(
        &text,
        "monsters' modifier deck",
        "monsters' modifier deck: 7 cards left; null 1/7; x2 1/7; 1 bless among them",
        "every card: +0 2/7, +1 1/7, -1 1/7, x2 1/7, null 1/7, bless 1/7",
    );
    // --json carries the same, fractions as strings.
    let odds = odds_json(&t, &["b.json"]);
    let deck = odds
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["deck"] == "monsters' modifier deck")
        .unwrap();
    assert_eq!(deck["left"], 7);
    assert_eq!(
        deck["next"][0],
        json!({ "what": "null", "count": 1, "chance": "1/7" })
    );
    assert_eq!(
        deck["next"][1],
        json!({ "what": "x2", "count": 1, "chance": "1/7" })
    );
    assert_eq!(deck["notes"], json!(["1 bless among them"]));
    assert_eq!(
        deck["cards"][0],
        json!({ "what": "+0", "count": 2, "chance": "2/7" })
    );
}

/// An empty draw pile: the next card comes from the discards, shuffled first. Two +1, one
/// null and one ×2 discarded: null 1/4, ×2 1/4, +1 1/2.
#[test]
fn an_empty_modifier_pile_counts_the_discards() {
    let t = crypt("odds-modifiers-empty", |s| {
        s["modifier_deck"] = json!({
            "draw": [],
            "discard": ["plus1", "null", "plus1", "double"],
            "shuffle_due": true
        });
    });
    let text = show(&t, "b.json", &["--odds"]);
    deck_says(
        &text,
        "monsters' modifier deck",
        "monsters' modifier deck: 4 cards left; null 1/4; x2 1/4; shuffled before the next card; shuffled at the end of the round",
        "every card: +1 1/2, x2 1/4, null 1/4",
    );
}

const BEAST: &str = r#"format = 1
system = "ai-deck"

[[monster]]
name = "beast"
movement = 1
toughness = 8
size = 1
hit_locations = ["body"]
basic_action = { pick = ["closest survivor"], actions = ["attack 1/1+/1"] }
instinct = { pick = ["closest survivor"], actions = ["attack 1/1+/1"] }
[[monster.level]]
level = 1
basic = 1

[[monster.card]]
name = "Lunge"
level = "basic"
pick = ["closest survivor"]
actions = ["attack 1/1+/1"]

[[monster.card]]
name = "Trample"
level = "basic"
pick = ["knocked down survivor"]
actions = ["attack 1/1+/1"]

[[monster.card]]
name = "Stomp"
level = "basic"
pick = ["closest threat"]
actions = ["attack 1/1+/1"]

[[monster.card]]
name = "Howl"
level = "basic"
pick = ["random survivor"]
actions = ["attack 1/1+/1"]

[[monster.card]]
name = "Crush"
level = "basic"
pick = ["knocked down survivor", "closest survivor"]
actions = ["attack 1/1+/1"]

[[monster.card]]
name = "Gore"
level = "basic"
pick = ["closest survivor"]
actions = ["attack 1/1+/1"]
"#;

/// An AI deck whose cards' pick lists split between two survivors, judged on the board
/// as it stands:
///
/// ```text
///     A B C D E F
///   1 . . . . . .
///   2 a M . . . b     M: the beast; a: adjacent, standing; b: 4 spaces away, knocked down
///   3 . . . . . .
/// ```
/// Left to draw: Lunge (closest survivor: a), Trample (knocked down survivor: b), Stomp
/// (closest threat: a, b being knocked down is no threat), Howl (random survivor: the dice
/// choose between a and b), Crush (knocked down survivor: b). Five cards: a 2/5, b 2/5,
/// several 1/5. Gore is discarded: 5 + 1 cards held, so 7 wounds defeat it (the seventh
/// finds deck and discard empty).
#[test]
fn an_ai_deck_whose_pick_lists_split_between_two_survivors() {
    let b = board_with(
        ". . . . . .\na M . . . b\n. . . . . .",
        &[
            (
                'a',
                json!({ "id": "a", "name": "Ada", "side": "players", "hp": 10 }),
            ),
            (
                'M',
                json!({ "id": "beast", "type": "beast", "side": "monsters", "hp": 8 }),
            ),
            (
                'b',
                json!({ "id": "b", "name": "Bo", "side": "players", "hp": 10 }),
            ),
        ],
        json!({ "format": 2, "systems": { "ai-deck": {
            "decks": { "beast": {
                "deck": ["Lunge", "Trample", "Stomp", "Howl", "Crush"],
                "discard": ["Gore"],
                "wounds": []
            } },
            "survivors": { "b": { "knocked_down": true } }
        } } }),
    );
    let t = Table::new("odds-ai", &b).with_scheme(BEAST);
    let text = show(&t, "board.json", &["--monsters", "scheme.toml", "--odds"]);
    deck_says(
        &text,
        "beast AI deck",
        "beast AI deck: 5 cards left (= 7 wounds to defeat); targets Ada 2/5; targets Bo 2/5; picks among several (dice or tie decide) 1/5",
        "every card: Crush 1/5, Howl 1/5, Lunge 1/5, Stomp 1/5, Trample 1/5",
    );
    let v = odds_json(&t, &["board.json", "--monsters", "scheme.toml"]);
    assert_eq!(v[0]["left"], 5);
    assert_eq!(v[0]["left_means"], "7 wounds to defeat");
    assert_eq!(v[0]["next"][0]["chance"], "2/5");
}

/// The Monster A.I. turn-order deck laid out as Aria, Goblin Warrior, Borin, Orc Shaman,
/// two cards revealed: Borin's and the Orc Shaman's are left, each next 1 time in 2. With
/// a Warg (Haste) on the board, its card goes into the top half: only the count is told.
#[test]
fn the_turn_order_deck_left_this_round() {
    let creatures = [
        (
            'a',
            json!({ "id": "aria", "name": "Aria", "side": "players", "hp": 20, "defence": 12 }),
        ),
        (
            'b',
            json!({ "id": "borin", "name": "Borin", "side": "players", "hp": 20, "defence": 12 }),
        ),
        ('g', crate::common::monster("warrior-1", "Goblin Warrior")),
        ('s', crate::common::monster("shaman", "Orc Shaman")),
    ];
    let b = board_with(
        "a b . .\n. . g s",
        &creatures,
        json!({ "turn_order": ["aria", "Goblin Warrior", "borin", "Orc Shaman"], "cards_drawn": 2 }),
    );
    let t = Table::new("odds-turn-order", &b);
    let goblins = crate::common::goblins();
    let text = show(&t, "board.json", &["--monsters", &goblins, "--odds"]);
    assert_eq!(
        line(&text, "turn-order deck"),
        "turn-order deck: 2 cards left; Orc Shaman 1/2; Borin 1/2"
    );
    // The deck's line gave every card: --odds adds no list.
    assert!(!text.contains("every card:"), "{text}");

    let mut creatures = creatures.to_vec();
    creatures.push(('w', crate::common::monster("warg-1", "Warg")));
    let b = board_with("a b . .\n. . g s\nw . . .", &creatures, json!({}));
    let t = Table::new("odds-turn-order-haste", &b);
    let text = show(&t, "board.json", &["--monsters", &goblins]);
    assert_eq!(
        line(&text, "turn-order deck"),
        "turn-order deck: 5 cards left; a new round's deck, shuffled when the round starts; Haste cards lie in the top half: the chances are not even"
    );
}

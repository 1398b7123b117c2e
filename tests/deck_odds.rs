//! `show`'s odds (issue 40, point 3; SPEC §14), worked by hand: each deck's state is set
//! in the board by hand (a draw pile written out), so the counts are known, and every
//! fraction below is counted on the pile as written, reduced by hand.

use crate::common::{Table, ai_deck, board_with, shipped};
use serde_json::{Value, json};

/// A survivor with 10 hit points and a name the odds lines use.
fn named_survivor(id: &str, name: &str) -> Value {
    let mut s = ai_deck::survivor(id);
    s["name"] = json!(name);
    s
}

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

/// The `--odds` list of every card under the odds line of `deck` (after any lines of the
/// monsters drawing from it).
fn every_card<'a>(text: &'a str, deck: &str) -> &'a str {
    let mut lines = odds(text).lines();
    lines.find(|l| l.trim_start().starts_with(deck)).unwrap();
    lines
        .map(str::trim)
        .find(|l| l.starts_with("every card:"))
        .unwrap()
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

/// The ability decks of the test below, as the board writes them.
fn three_known_draws() -> Value {
    json!({
        "grave-warden": { "draw": [5, 3], "discard": [1, 4], "current": 2 },
        "bone-archer": { "draw": [2, 4], "discard": [1], "current": 3 }
    })
}

/// Three known draws from the Grave Warden's five cards (1 Iron Stride, 2 Cleaving Sweep,
/// 3 Shield Wall with the shuffle flag, 4 Crushing Blow, 5 Grim Advance): Iron Stride and
/// Crushing Blow are discarded, Cleaving Sweep is this round's card. Left: Grim Advance
/// and Shield Wall, so the next card is the shuffle card 1 time in 2. The Bone Archer's
/// card this round is its shuffle card (3 Steady Aim), so the next deal draws from all
/// four: 1/4, and the line says the deck is reshuffled first. Each deck is named for its
/// type as players read it (Grave Warden), and `--json` keeps the key beside it.
#[test]
fn ability_deck_odds_after_three_known_draws() {
    let t = crypt("odds-ability", |s| {
        s["ability_decks"] = three_known_draws();
    });
    let text = show(&t, "b.json", &["--odds"]);
    deck_says(
        &text,
        "Grave Warden's ability deck",
        "Grave Warden's ability deck: 2 cards left; a shuffle card 1/2",
        "every card: \"Shield Wall\" (22, shuffle) 1/2, \"Grim Advance\" (39) 1/2",
    );
    assert_eq!(
        line(&text, "Bone Archer's ability deck"),
        "Bone Archer's ability deck: 4 cards left; a shuffle card 1/4; reshuffled before the next deal"
    );
    assert!(
        !odds(&text).contains("grave-warden"),
        "no type key:\n{text}"
    );
    // Without --odds, no list of every card.
    let plain = show(&t, "b.json", &[]);
    assert!(!plain.contains("every card:"), "{plain}");
    assert!(plain.contains("Grave Warden's ability deck: 2 cards left; a shuffle card 1/2"));
    // --json: the key as before, the type, and the name the text prints.
    let v = odds_json(&t, &["b.json"]);
    assert_eq!(v[0]["deck"], "grave-warden ability deck");
    assert_eq!(v[0]["type"], "grave-warden");
    assert_eq!(v[0]["name"], "Grave Warden's ability deck");
    assert_eq!(v[0]["next"][0]["chance"], "1/2");
    assert_eq!(v[0]["monsters"], json!([]));
    let modifiers = v.as_array().unwrap().last().unwrap();
    assert_eq!(modifiers["name"], "monsters' modifier deck");
    assert!(modifiers.get("type").is_none(), "{modifiers}");
}

/// The ability-deck lines of `show` name each type as players read it, and the command a
/// line suggests names the board as it was typed (`b.json`), not the word BOARD. Mira's
/// initiative is left out, so the line asks for it.
#[test]
fn show_names_the_types_and_the_board_in_its_lines() {
    let t = crypt("odds-names", |s| {
        s["ability_decks"] = three_known_draws();
        s["initiatives"] = json!({ "tor": 40, "vela": 15 });
    });
    let text = show(&t, "b.json", &[]);
    for part in [
        "Ability cards this round:\n  Grave Warden: \"Cleaving Sweep\" (initiative 58): ",
        "\n  Bone Archer: \"Steady Aim\" (initiative ",
        "still to record: Mira (`monster-ai record b.json initiative mira=NN`)",
        "(open one with `monster-ai door b.json CELL open`)",
    ] {
        assert!(text.contains(part), "missing {part:?} in\n{text}");
    }
    assert!(!text.contains(" BOARD "), "{text}");
    // --json's lines say the same.
    let r = t.run(&["show", "b.json", "--json"]);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let lines = v["lines"].to_string();
    assert!(
        lines.contains("monster-ai record b.json initiative mira=NN"),
        "{lines}"
    );
    assert!(
        lines.contains("Grave Warden: \\\"Cleaving Sweep\\\""),
        "{lines}"
    );
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

/// Two monsters draw two modifier cards: Grave Warden 1 is strengthened (the better
/// counts), Bone Archer 1 muddled (the worse counts); Grave Warden 2 is both, which
/// cancels: one card, no line. The draw pile is the seven of the test above (+0, null,
/// +1, ×2, −1, +0, bless): 7 × 6 = 42 ordered pairs.
/// - Strengthened: the ×2 counts with any of the five cards that are neither it nor the
///   bless, drawn before or after it (10), and in (×2, bless), where the tie goes to the
///   first card (1): 11/42. The null never counts (nothing is worse-or-equal but a curse,
///   and there is none): 0.
/// - Muddled: the null counts with any of the six others, either way: 12/42 = 2/7. The ×2
///   counts only in (×2, bless), the tie to the first: 1/42.
#[test]
fn monsters_that_draw_two_modifier_cards() {
    let t = crypt("odds-two-cards", |s| {
        s["modifier_deck"] = json!({
            "draw": ["plus0", "null", "plus1", "double", "minus1", "plus0", "bless"],
            "discard": ["plus2", "minus2"]
        });
    });
    let path = t.dir.join("b.json");
    let mut b: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let status = |s: &str| json!({ "status": s, "until": "end-of-next-turn" });
    for c in b["creatures"].as_array_mut().unwrap() {
        let statuses = match c["id"].as_str().unwrap() {
            "grave-warden-1" => json!([status("strengthened")]),
            "bone-archer-1" => json!([status("muddled")]),
            "grave-warden-2" => json!([status("strengthened"), status("muddled")]),
            _ => continue,
        };
        c["statuses"] = statuses;
    }
    std::fs::write(&path, serde_json::to_string_pretty(&b).unwrap()).unwrap();
    let text = show(&t, "b.json", &[]);
    assert!(
        odds(&text).contains(
            "  monsters' modifier deck: 7 cards left; null 1/7; x2 1/7; 1 bless among them
    Grave Warden 1: null 0; x2 11/42; strengthened: two cards, the better counts
    Bone Archer 1: null 2/7; x2 1/42; muddled: two cards, the worse counts
"
        ),
        "{text}"
    );
    assert!(!odds(&text).contains("Grave Warden 2"), "{text}");
    let v = odds_json(&t, &["b.json"]);
    let deck = v.as_array().unwrap().last().unwrap();
    assert_eq!(
        deck["monsters"][0],
        json!({
            "monster": "grave-warden-1",
            "name": "Grave Warden 1",
            "next": [
                { "what": "null", "count": 0, "chance": "0/1" },
                { "what": "x2", "count": 11, "chance": "11/42" }
            ],
            "notes": ["strengthened: two cards, the better counts"]
        })
    );
    // The deck's own chances stay those of one card.
    assert_eq!(deck["next"][0]["chance"], "1/7");
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
    let t = ai_deck::table(
        "odds-ai",
        ". . . . . .\na M . . . b\n. . . . . .",
        &[
            ('a', named_survivor("a", "Ada")),
            ('M', ai_deck::creature("beast", "beast", 8)),
            ('b', named_survivor("b", "Bo")),
        ],
        json!({
            "decks": { "beast": {
                "deck": ["Lunge", "Trample", "Stomp", "Howl", "Crush"],
                "discard": ["Gore"],
                "wounds": []
            } },
            "survivors": { "b": { "knocked_down": true } }
        }),
        None,
        BEAST,
    );
    let text = show(&t, "board.json", &["--monsters", "scheme.toml", "--odds"]);
    // The type is named as players read it: here its one monster's name, "beast" (the
    // monster's id, as it has no name).
    deck_says(
        &text,
        "beast's AI deck",
        "beast's AI deck: 5 cards left (= 7 wounds to defeat); targets Ada 2/5; targets Bo 2/5; picks among several (dice or tie decide) 1/5",
        "every card: Crush 1/5, Howl 1/5, Lunge 1/5, Stomp 1/5, Trample 1/5",
    );
    let v = odds_json(&t, &["board.json", "--monsters", "scheme.toml"]);
    assert_eq!(v[0]["left"], 5);
    assert_eq!(v[0]["left_means"], "7 wounds to defeat");
    assert_eq!(v[0]["next"][0]["chance"], "2/5");
    assert_eq!(v[0]["type"], "beast");
    assert_eq!(v[0]["name"], "beast's AI deck");
    assert_eq!(
        v[0]["monsters"],
        json!([]),
        "one monster: no lines of its own"
    );
}

/// Two beasts share one deck (monsters of a type do) and draw from it in board order,
/// one card each; each gets its own chances, judged from where it stands:
///
/// ```text
///     A B C D E F G
///   1 a M . . . N b     a: Ada, M: beast-1 (Life 3), N: beast-2 (Life 2), b: Bo
/// ```
/// Left to draw: Lunge (closest survivor), Trample (knocked down survivor: none is),
/// Stomp (closest threat: both stand, so both are threats), Howl (random survivor).
/// beast-1 (first): Lunge and Stomp pick Ada (1 space; Bo is 5 away): 2/4 = 1/2, Bo 0,
/// Trample picks no one 1/4, Howl leaves both 1/4. beast-2 (second, drawing one of the
/// same four, each as likely): Lunge and Stomp pick Bo, 1/2; Ada 0; no one 1/4; several
/// 1/4. Each has its own Life, so the deck's line gives no wounds count and each
/// monster's does.
#[test]
fn two_monsters_sharing_an_ai_deck_each_get_their_chances() {
    let creatures = [
        ('a', named_survivor("a", "Ada")),
        ('M', ai_deck::creature("beast-1", "beast", 8)),
        ('N', ai_deck::creature("beast-2", "beast", 8)),
        ('b', named_survivor("b", "Bo")),
    ];
    let state = |deck: Value| {
        json!({
            "decks": { "beast": { "deck": deck, "discard": ["Gore"], "wounds": [] } },
            "monsters": { "beast-1": { "life": 3 }, "beast-2": { "life": 2 } }
        })
    };
    let t = ai_deck::table(
        "odds-ai-two",
        "a M . . . N b",
        &creatures,
        state(json!(["Lunge", "Trample", "Stomp", "Howl"])),
        None,
        BEAST,
    );
    let text = show(&t, "board.json", &["--monsters", "scheme.toml", "--odds"]);
    let o = odds(&text);
    assert!(
        o.contains(
            "  Beast's AI deck: 4 cards left
    beast-1 draws first (Life 3: 3 wounds to defeat): targets Ada 1/2; targets Bo 0; picks no one 1/4; picks among several (dice or tie decide) 1/4
    beast-2 draws second (Life 2: 2 wounds to defeat): targets Ada 0; targets Bo 1/2; picks no one 1/4; picks among several (dice or tie decide) 1/4; if each monster before it draws one card
    every card: Howl 1/4, Lunge 1/4, Stomp 1/4, Trample 1/4
"
        ),
        "{o}"
    );
    let v = odds_json(&t, &["board.json", "--monsters", "scheme.toml"]);
    let m = &v[0]["monsters"];
    assert_eq!(m.as_array().unwrap().len(), 2);
    assert_eq!(m[1]["monster"], "beast-2");
    assert_eq!(m[1]["draws"], 2);
    assert_eq!(m[1]["left_means"], "Life 2: 2 wounds to defeat");
    assert_eq!(
        m[1]["next"][1],
        json!({ "what": "targets Bo", "count": 2, "chance": "1/2" })
    );
    // `next` is the deck's next card: the first monster's.
    assert_eq!(v[0]["next"], m[0]["next"]);
    assert!(v[0].get("left_means").is_none(), "{}", v[0]);

    // One card left: beast-1 draws Lunge (Ada, 1/1); beast-2 finds the pile spent and
    // draws from the discard pile shuffled with what was played: no chances told.
    let t = ai_deck::table(
        "odds-ai-two-short",
        "a M . . . N b",
        &creatures,
        state(json!(["Lunge"])),
        None,
        BEAST,
    );
    let text = show(&t, "board.json", &["--monsters", "scheme.toml"]);
    assert!(
        odds(&text).contains(
            "    beast-1 draws first (Life 3: 3 wounds to defeat): targets Ada 1/1; targets Bo 0
    beast-2 draws second (Life 2: 2 wounds to defeat): the pile (1 card) runs out before its draw: it draws from the discard pile, shuffled with the cards played before it
"
        ),
        "{text}"
    );
}

/// The Monster A.I. turn-order deck laid out as Aria, Goblin Warrior, Borin, Orc Shaman,
/// two cards revealed: Borin's and the Orc Shaman's are left, each next 1 time in 2.
///
/// With a Warg (Haste) on the board, its card goes into the top half: the four others are
/// cut in half and the Warg shuffled into the top two, so the top half is 3 cards. A new
/// round's deck: the Warg is first 1 time in 3; each other card is in the top half 2 times
/// in 4, and first there 1 time in 3: 2/12 = 1/6 (1/3 + 4 × 1/6 = 1).
/// After Aria's card (an other) is revealed first: 2 places left in the top half, the
/// Warg in one for sure, the other held by one of the 3 unseen others: the Warg 1/2, each
/// other 1/3 × 1/2 = 1/6.
/// After Aria, the Warg and the Goblin Warrior, the top half is spent: Borin and the Orc
/// Shaman 1/2 each.
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
    let haste = |name: &str, laid: Value| {
        let b = board_with("a b . .\n. . g s\nw . . .", &creatures, laid);
        let t = Table::new(name, &b);
        line(
            &show(&t, "board.json", &["--monsters", &goblins]),
            "turn-order deck",
        )
        .to_string()
    };
    assert_eq!(
        haste("odds-turn-order-haste", json!({})),
        "turn-order deck: 5 cards left; Goblin Warrior 1/6; Orc Shaman 1/6; Warg 1/3; Aria 1/6; Borin 1/6; a new round's deck, shuffled when the round starts; Haste cards lie in the top half, among the next 3"
    );
    let laid = json!(["aria", "Warg", "Goblin Warrior", "borin", "Orc Shaman"]);
    assert_eq!(
        haste(
            "odds-turn-order-haste-1",
            json!({ "turn_order": laid, "cards_drawn": 1 })
        ),
        "turn-order deck: 4 cards left; Goblin Warrior 1/6; Orc Shaman 1/6; Warg 1/2; Borin 1/6; Haste cards lie in the top half, among the next 2"
    );
    assert_eq!(
        haste(
            "odds-turn-order-haste-3",
            json!({ "turn_order": laid, "cards_drawn": 3 })
        ),
        "turn-order deck: 2 cards left; Orc Shaman 1/2; Borin 1/2"
    );
}

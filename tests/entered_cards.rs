//! Ability cards the players drew from their own decks (SPEC §14): `record BOARD drew
//! TYPE=CARD` names each type's card for the next deal, checked against the tool's model
//! of the deck; the deal takes exactly that card out of the draw pile; a board whose table
//! draws its own cards deals no round without them. Worked out by hand from the crypt's
//! decks (schemes/crypt.toml):
//!
//! - grave-warden: 1 Iron Stride 44, 2 Cleaving Sweep 58, 3 Shield Wall 22 (shuffle),
//!   4 Crushing Blow 71, 5 Grim Advance 39;
//! - bone-archer: 1 Volley 31, 2 Barbed Shaft 16, 3 Steady Aim 68 (shuffle), 4 Fall Back 12;
//! - ghoul-bat: 1 Swoop 8, 2 Screech 25 (shuffle), 3 Blood Drink 18, 4 Fade 35.
//!
//! The crypt gate's characters have recorded initiatives Vela 15, Tor 40, Mira 77.

use crate::common::{events, run_in, temp_dir};
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the crypt gate (and its monster file) in a folder of its own.
fn crypt(name: &str, table: Option<Value>) -> PathBuf {
    let dir = temp_dir(name);
    let repo = crate::common::repo();
    fs::copy(repo.join("schemes/crypt.toml"), dir.join("crypt.toml")).unwrap();
    let mut b: Value =
        serde_json::from_str(&fs::read_to_string(repo.join("scenarios/crypt-gate.json")).unwrap())
            .unwrap();
    b["monster_file"] = json!("crypt.toml");
    if let Some(t) = table {
        b["table"] = t;
    }
    save(&dir, &b);
    dir
}

/// Writes `b` as the folder's board.
fn save(dir: &Path, b: &Value) {
    fs::write(dir.join("b.json"), serde_json::to_string_pretty(b).unwrap()).unwrap();
}

fn board(dir: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(dir.join("b.json")).unwrap()).unwrap()
}

fn text(dir: &Path) -> String {
    fs::read_to_string(dir.join("b.json")).unwrap()
}

fn deck(dir: &Path, kind: &str) -> Value {
    board(dir)["systems"]["ability-deck"]["ability_decks"][kind].clone()
}

#[test]
fn a_round_dealt_with_entered_cards_acts_in_their_initiative_order() {
    let dir = crypt("cards-order", None);
    let r = run_in(
        &dir,
        &[
            "record",
            "b.json",
            "drew",
            "grave-warden=Crushing Blow",
            "bone-archer=12",
            "GHOUL-BAT=screech",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("Grave Warden drew \"Crushing Blow\" (initiative 71) for round 1"),
        "{}",
        r.stdout
    );
    let r = run_in(&dir, &["next", "b.json", "--json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let cards: Vec<(String, bool)> = evs
        .iter()
        .filter(|e| e["event"] == "ability-card")
        .map(|e| {
            (
                e["label"].as_str().unwrap().to_string(),
                e["entered"] == true,
            )
        })
        .collect();
    assert_eq!(
        cards,
        [
            ("Crushing Blow".into(), true),
            ("Fall Back".into(), true),
            ("Screech".into(), true)
        ]
    );
    // The board records the three cards as the table's, named for the types.
    assert_eq!(
        board(&dir)["table"]["entered"],
        json!([
            { "round": 1, "for": "Grave Warden's ability card", "drew": "Crushing Blow" },
            { "round": 1, "for": "Bone Archer's ability card", "drew": "Fall Back" },
            { "round": 1, "for": "Ghoul Bat's ability card", "drew": "Screech" },
        ])
    );
    // Fall Back 12, Vela 15, Screech 25, Tor 40, Crushing Blow 71, Mira 77.
    let order = evs.iter().find(|e| e["event"] == "turn-order").unwrap();
    assert_eq!(
        order["cards"],
        json!([
            "bone-archer",
            "vela",
            "ghoul-bat",
            "tor",
            "grave-warden",
            "mira"
        ])
    );
    // Each entered card is this round's, and the rest of the deck is the draw pile.
    for (kind, card, left) in [
        ("grave-warden", 4, 4),
        ("bone-archer", 4, 3),
        ("ghoul-bat", 2, 3),
    ] {
        let d = deck(&dir, kind);
        assert_eq!(d["current"], card, "{kind}");
        let draw = d["draw"].as_array().unwrap();
        assert_eq!(draw.len(), left, "{kind}");
        assert!(!draw.contains(&json!(card)), "{kind}: {draw:?}");
        assert!(
            d.get("drawn").is_none(),
            "{kind}: the entered card is used up"
        );
    }
}

#[test]
fn a_card_not_in_the_draw_pile_is_refused_with_the_cards_that_are() {
    let dir = crypt("cards-refused", None);
    // Round 1: Crushing Blow (no shuffle flag) is drawn; round 2's pile lacks it.
    let r = run_in(&dir, &["record", "b.json", "drew", "grave-warden=71"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["round", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let before = text(&dir);
    for (word, says, hint) in [
        (
            "grave-warden=71",
            "grave-warden: \"Crushing Blow\" (71) is not in the draw pile (it was drawn since the last shuffle)",
            "grave-warden's draw pile holds",
        ),
        (
            "grave-warden=Shield Wal",
            "grave-warden: no card `Shield Wal` in its deck",
            "did you mean \"Shield Wall\"?",
        ),
        (
            "grave-warden=99",
            "grave-warden: no card `99` in its deck",
            "draw pile holds",
        ),
        (
            "grave-wardn=44",
            "no monster type `grave-wardn` in the monster file",
            "did you mean `grave-warden`?",
        ),
        (
            "grave-warden",
            "`grave-warden` is not TYPE=CARD",
            "record BOARD drew",
        ),
    ] {
        let r = run_in(&dir, &["record", "b.json", "drew", word], "");
        assert_eq!(r.code, 2, "{word}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{word}: {}", r.stderr);
        assert!(r.stderr.contains(hint), "{word}: {}", r.stderr);
        assert_eq!(text(&dir), before, "{word}: nothing written");
    }
    // Every entry is checked before any is kept.
    let r = run_in(
        &dir,
        &[
            "record",
            "b.json",
            "drew",
            "bone-archer=31",
            "grave-warden=71",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert_eq!(text(&dir), before);
}

#[test]
fn after_a_shuffle_card_every_card_can_be_drawn_again() {
    let dir = crypt("cards-shuffle", None);
    // Shield Wall has the shuffle flag: at round 2's deal the whole deck is shuffled back,
    // so Shield Wall may be drawn again.
    for round in 0..2 {
        if round > 0 {
            let r = run_in(&dir, &["record", "b.json", "initiative", "keep"], "");
            assert_eq!(r.code, 0, "{}", r.stderr);
        }
        let r = run_in(
            &dir,
            &["record", "b.json", "drew", "grave-warden=Shield Wall"],
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let r = run_in(&dir, &["round", "b.json"], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(deck(&dir, "grave-warden")["current"], 3);
    }
    assert_eq!(
        deck(&dir, "grave-warden")["draw"].as_array().unwrap().len(),
        4
    );
}

#[test]
fn a_table_that_draws_its_own_cards_deals_no_round_without_them() {
    let dir = crypt("cards-table", Some(json!({ "own_cards": true })));
    let before = text(&dir);
    let r = run_in(&dir, &["next", "b.json"], "");
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("round 1 needs the ability card each monster type drew (the board's table draws its own cards), and some have none: grave-warden, bone-archer, ghoul-bat"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains(
            "`monster-ai record b.json drew grave-warden=CARD bone-archer=CARD ghoul-bat=CARD`"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(text(&dir), before);
    let r = run_in(
        &dir,
        &[
            "record",
            "b.json",
            "drew",
            "grave-warden=44",
            "bone-archer=31",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["next", "b.json"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("one has none: ghoul-bat"), "{}", r.stderr);
    let r = run_in(&dir, &["record", "b.json", "drew", "ghoul-bat=8"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["next", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("-- Ghoul Bat draws \"Swoop\" (entered) (initiative 8)"),
        "{}",
        r.stdout
    );
    // `undo` takes the deal back, and the entered cards are waiting again.
    let r = run_in(&dir, &["undo", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(deck(&dir, "ghoul-bat")["drawn"], 1);
}

/// Round 1 dealt with Fall Back for the bone archers (initiative 12, before Vela's 15):
/// the first `next` reveals their card. Bone Archer 2 at I6 moves and attacks Vela with
/// attack 2 (Fall Back: attack -1 on the level-1 line's 3), drawing one modifier card;
/// Bone Archer 1 at I2 reaches no one. So the command draws exactly one card.
fn fall_back(name: &str) -> PathBuf {
    let dir = crypt(name, None);
    let r = run_in(
        &dir,
        &[
            "record",
            "b.json",
            "drew",
            "grave-warden=71",
            "bone-archer=12",
            "ghoul-bat=25",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    dir
}

#[test]
fn an_entered_null_misses_and_sets_the_reshuffle() {
    let dir = fall_back("cards-null");
    let r = run_in(&dir, &["next", "b.json", "--cards", "null", "--json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let drawn: Vec<&Value> = evs
        .iter()
        .filter(|e| e["event"] == "modifier-drawn")
        .collect();
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0]["used"], "null");
    assert_eq!(drawn[0]["attack"], 0);
    assert_eq!(drawn[0]["entered"], true);
    let damage = evs.iter().find(|e| e["event"] == "damage").unwrap();
    assert_eq!(
        (damage["target"].clone(), damage["amount"].clone()),
        (json!("vela"), json!(0))
    );
    // The null left the draw pile for the discards, and the deck is due a shuffle.
    let m = board(&dir)["systems"]["ability-deck"]["modifier_deck"].clone();
    assert_eq!(m["shuffle_due"], true);
    assert_eq!(m["discard"], json!(["null"]));
    let draw = m["draw"].as_array().unwrap();
    assert_eq!(draw.len(), 19);
    assert!(!draw.contains(&json!("null")));
}

/// A deal after a round that drew a null or ×2 shuffles the monsters' modifier deck, and
/// says so: a table drawing its own cards shuffles its deck then too. Here the pile holds
/// one +0 and the discards the null: two cards to draw after the shuffle.
#[test]
fn the_deal_after_a_null_says_the_modifier_deck_is_shuffled() {
    let dir = crypt("cards-shuffled", None);
    let mut b = board(&dir);
    b["systems"]["ability-deck"]["modifier_deck"] =
        json!({ "draw": ["plus0"], "discard": ["null"], "shuffle_due": true });
    save(&dir, &b);
    let r = run_in(&dir, &["round", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "The monsters' attack-modifier deck is shuffled, its discards back in (a null or x2 was drawn last round): 2 cards to draw."
        ),
        "{}",
        r.stdout
    );
    let m = board(&dir)["systems"]["ability-deck"]["modifier_deck"].clone();
    assert_eq!(m["draw"].as_array().unwrap().len(), 2);
    // The same deal in --json; a deal with no shuffle due says nothing of the kind.
    let r = run_in(&dir, &["undo", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["round", "b.json", "--json"], "");
    let evs = events(&r.stdout);
    let shuffled: Vec<&Value> = evs
        .iter()
        .filter(|e| e["event"] == "modifiers-shuffled")
        .collect();
    assert_eq!(
        shuffled,
        [&json!({ "event": "modifiers-shuffled", "cards": 2 })]
    );
    let fresh = crypt("cards-not-shuffled", None);
    let r = run_in(&fresh, &["round", "b.json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("is shuffled"), "{}", r.stdout);
}

#[test]
fn modifier_cards_asked_or_given_are_checked_against_the_pile() {
    // Asked on a pipe: the question says what the card is for.
    let dir = fall_back("cards-ask");
    let r = run_in(&dir, &["next", "b.json", "--cards", "ask"], "x2\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("Bone Archer 2 attacks Vela: attack 2, a modifier card — your card? x2\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("Attack 2 on Vela: modifier x2 (entered) -> 4."),
        "{}",
        r.stdout
    );
    for (cards, says, hint) in [
        (
            "nul",
            "--cards: the 1st card, drawn for \"Bone Archer 2 attacks Vela: attack 2, a modifier card\": `nul` is not in the draw pile",
            "did you mean `null`? the draw pile holds +0 ×6, +1 ×5, +2, -1 ×5, -2, null, x2",
        ),
        (
            "bless",
            "`bless` is not in the draw pile",
            "the draw pile holds",
        ),
        (
            "null,+1",
            "--cards gave 2 cards, and the command drew 1: +1 left over",
            "give only",
        ),
    ] {
        let dir = fall_back("cards-bad");
        let before = text(&dir);
        let r = run_in(&dir, &["next", "b.json", "--cards", cards], "");
        assert_eq!(r.code, 2, "{cards}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{cards}: {}", r.stderr);
        assert!(r.stderr.contains(hint), "{cards}: {}", r.stderr);
        assert_eq!(text(&dir), before, "{cards}: nothing written");
    }
    let dir = fall_back("cards-eof");
    let before = text(&dir);
    let r = run_in(&dir, &["next", "b.json", "--cards", "ask"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("standard input, line 1: the card drawn for \"Bone Archer 2 attacks Vela: attack 2, a modifier card\" is asked for, and the input ended"), "{}", r.stderr);
    assert_eq!(text(&dir), before);
}

/// The stag hunt (12 rows shown from row 2 to 11; `#` walls):
///
/// ```text
///     A B C D E F G H I J K L M N O P
///   2 . . . . . . . . . . . . . T . .
///   5 . . . . . . S . . . . . . . . .
///  10 . . W . . . . . . . . . L . . .
///  11 . . . . O . . . . . . . . . . .
/// ```
///
/// The Gaunt Stag (S, G5) plays an AI card drawn by the players: "Hunted Scent", whose
/// pick list is "closest survivor holding Musk-Marked" (no one holds it), "most bleeding
/// survivor" (Osk alone has a bleeding token), "closest survivor". So Osk is the target,
/// though Wren and Tamsin stand closer. Its attack rolls 2 speed dice needing 6+: the
/// entered 5 and 5 miss.
#[test]
fn an_entered_ai_cards_pick_list_decides_the_target() {
    let dir = temp_dir("cards-ai");
    let repo = crate::common::repo();
    fs::copy(
        repo.join("schemes/gaunt-stag.toml"),
        dir.join("gaunt-stag.toml"),
    )
    .unwrap();
    let mut b: Value =
        serde_json::from_str(&fs::read_to_string(repo.join("scenarios/stag-hunt.json")).unwrap())
            .unwrap();
    b["monster_file"] = json!("gaunt-stag.toml");
    save(&dir, &b);
    let before = text(&dir);
    // A misspelt card is refused with the cards the deck holds.
    let r = run_in(&dir, &["next", "b.json", "--cards", "Hunted Sent"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--cards: the 1st card, drawn for \"Gaunt Stag's AI card\": `Hunted Sent` is not in the draw pile"), "{}", r.stderr);
    assert!(
        r.stderr.contains("did you mean `Hunted Scent`?"),
        "{}",
        r.stderr
    );
    assert_eq!(text(&dir), before);
    let r = run_in(
        &dir,
        &[
            "next",
            "b.json",
            "--cards",
            "hunted scent",
            "--rolls",
            "5,5",
            "--json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let card = evs.iter().find(|e| e["event"] == "ai-card").unwrap();
    assert_eq!(
        (card["card"].clone(), card["entered"].clone()),
        (json!("Hunted Scent"), json!(true))
    );
    let target = evs.iter().find(|e| e["event"] == "target").unwrap();
    assert_eq!(target["target"], "osk");
    let speed = evs.iter().find(|e| e["event"] == "speed-roll").unwrap();
    assert_eq!(speed["faces"], json!([5, 5]));
    assert_eq!(
        (speed["hits"].clone(), speed["entered"].clone()),
        (json!(0), json!(true))
    );
}

/// The refusal lists the cards the pile holds in the monster file's order, never in the
/// model's draw order: the warden's pile below is Crushing Blow, Cleaving Sweep, Grim
/// Advance, Shield Wall from the top, and the hint must not tell the next card.
#[test]
fn the_cards_a_pile_holds_are_told_in_file_order_not_draw_order() {
    let dir = crypt("cards-file-order", None);
    let mut b = board(&dir);
    b["systems"]["ability-deck"]["ability_decks"] =
        json!({ "grave-warden": { "draw": [4, 2, 5, 3], "discard": [1] } });
    save(&dir, &b);
    let before = text(&dir);
    let r = run_in(&dir, &["record", "b.json", "drew", "grave-warden=44"], "");
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(
            "grave-warden's draw pile holds \"Cleaving Sweep\" (58), \"Shield Wall\" (22), \
             \"Crushing Blow\" (71), \"Grim Advance\" (39); give the card you drew"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(text(&dir), before, "nothing written");
}

#[test]
fn an_initiative_two_cards_share_is_refused_until_the_card_is_named() {
    // Fall Back's initiative made 31, as Volley's: `bone-archer=31` could be either.
    let dir = crypt("cards-ambiguous", None);
    let toml = fs::read_to_string(dir.join("crypt.toml")).unwrap().replace(
        "name = \"Fall Back\"\ninitiative = 12",
        "name = \"Fall Back\"\ninitiative = 31",
    );
    assert!(toml.contains("name = \"Fall Back\"\ninitiative = 31"));
    fs::write(dir.join("crypt.toml"), toml).unwrap();
    let before = text(&dir);
    let r = run_in(&dir, &["record", "b.json", "drew", "bone-archer=31"], "");
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("`31` could be \"Volley\" (31) or \"Fall Back\" (31)"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("name the card"), "{}", r.stderr);
    assert_eq!(text(&dir), before, "nothing written");
    // Named, it is taken.
    let r = run_in(
        &dir,
        &["record", "b.json", "drew", "bone-archer=Fall Back"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn show_tells_the_cards_drawn_for_the_deal_and_those_still_to_draw() {
    // A table that draws its own cards, before round 1: nothing given yet, then the
    // Grave Warden's Shield Wall (initiative 22) given; the others are owed, with the
    // command naming this board. A table the tool draws for says nothing of it.
    let dir = crypt("cards-show", Some(json!({ "own_cards": true })));
    let show = |dir: &Path| {
        let r = run_in(dir, &["show", "b.json", "--color", "never"], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    assert!(show(&dir).contains(
        "Ability cards drawn for round 1: none recorded yet; still to draw: Grave Warden, Bone Archer, Ghoul Bat (`monster-ai record b.json drew grave-warden=CARD bone-archer=CARD ghoul-bat=CARD`)"
    ), "{}", show(&dir));
    let r = run_in(&dir, &["record", "b.json", "drew", "grave-warden=22"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(show(&dir).contains(
        "Ability cards drawn for round 1: Grave Warden \"Shield Wall\" (22); still to draw: Bone Archer, Ghoul Bat (`monster-ai record b.json drew bone-archer=CARD ghoul-bat=CARD`)"
    ), "{}", show(&dir));
    let dir = crypt("cards-show-tool", None);
    assert!(
        !show(&dir).contains("Ability cards drawn"),
        "{}",
        show(&dir)
    );
}

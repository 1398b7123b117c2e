//! Elements on ability-deck boards (issue 26, part 2): a card that consumes an element
//! gets its bonus only when the element is strong or waning, and leaves it inert; a card
//! that infuses makes its element strong at the end of the monster's turn; elements wane
//! when a round ends; the players record theirs with `record BOARD element`; a board that
//! does not track elements skips the cards' element lines and says so once. Each case is
//! worked out by hand from the rules first (the hex pictures read as in
//! `tests/ability_deck_spoils.rs`).

use crate::ability_deck_spoils::hex;
use crate::common::{Table, of, one};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

static TABLES: AtomicUsize = AtomicUsize::new(0);

/// The brute's one card: an attack that consuming fire makes one stronger, and ice
/// infused at the end of the turn.
const FIRE_CARD: &str =
    "initiative = 40\nactions = [\"attack +0\", \"consume fire: +1\", \"infuse ice\"]";

/// The brute of `tests/ability_deck_spoils.rs` (hp 6, move 2, attack 2) with one card.
fn scheme(card: &str) -> String {
    crate::ability_deck_spoils::scheme(&[card], "")
}

fn brute(id: &str) -> Value {
    json!({ "id": id, "type": "brute", "side": "monsters", "hp": 6 })
}

fn hero(id: &str) -> Value {
    json!({ "id": id, "side": "players", "hp": 10, "max_hp": 10 })
}

/// ```text
/// M   N          M = brute-1 on A1, A = aria on B1, N = brute-2 on C1 (with `two`)
///   A   .
/// ```
/// Every modifier drawn is +0, so an attack deals its value.
fn table(state: Value, two: bool) -> Table {
    let mut state = state;
    state["ability_decks"] = json!({ "brute": { "draw": [1] } });
    state["modifier_deck"] = json!({ "draw": ["plus0", "plus0", "plus0", "plus0"] });
    let mut who = vec![('M', brute("brute-1")), ('A', hero("aria"))];
    let picture = if two {
        who.push(('N', brute("brute-2")));
        "
        M   N
          A   .
        "
    } else {
        "
        M   .
          A   .
        "
    };
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    Table::new(&format!("elements-{n}"), &hex(picture, &who, state)).with_scheme(&scheme(FIRE_CARD))
}

fn elements(t: &Table) -> Value {
    t.board()["systems"]["ability-deck"]["elements"].clone()
}

/// All six, as the board writes them, with `strong` for the ones named.
fn written(strong: &[&str], waning: &[&str]) -> Value {
    let mut all = json!({});
    for e in ["fire", "ice", "air", "earth", "light", "dark"] {
        let s = if strong.contains(&e) {
            "strong"
        } else if waning.contains(&e) {
            "waning"
        } else {
            "inert"
        };
        all[e] = json!(s);
    }
    all
}

/// Fire strong: the brute (attack 2) consumes it for +1: Attack 3, +0, aria 10 -> 7.
/// Fire is inert afterwards; at the end of its turn the brute infuses ice: strong.
#[test]
fn a_card_consumes_strong_fire_for_one_more_attack() {
    let t = table(json!({ "elements": { "fire": "strong" } }), false);
    let ev = t.turn(&[]);
    let c = one(&ev, "element-consumed");
    assert_eq!(
        (&c["creature"], &c["element"], &c["was"]),
        (&json!("brute-1"), &json!("fire"), &json!("strong"))
    );
    assert_eq!(one(&ev, "modifier-drawn")["base"], 3);
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
    assert_eq!(one(&ev, "element-infused")["element"], "ice");
    assert_eq!(elements(&t), written(&["ice"], &[]));
    // The card as drawn tells both element lines.
    let actions = &one(&ev, "ability-card")["actions"];
    assert_eq!(
        actions,
        &json!(["attack +0 melee", "consume fire: +1", "infuse ice"])
    );
}

/// Fire waning can still be consumed: the same Attack 3, aria 10 -> 7.
#[test]
fn waning_fire_is_consumed_too() {
    let t = table(json!({ "elements": { "fire": "waning" } }), false);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "element-consumed")["was"], "waning");
    assert_eq!(t.creature("aria").unwrap()["hp"], 7);
    assert_eq!(elements(&t)["fire"], "inert");
}

/// Fire inert: nothing to consume, the plain Attack 2, aria 10 -> 8; ice is still
/// infused.
#[test]
fn inert_fire_gives_no_bonus() {
    let t = table(json!({ "elements": {} }), false);
    let ev = t.turn(&[]);
    assert!(of(&ev, "element-consumed").is_empty(), "{ev:#?}");
    assert_eq!(one(&ev, "modifier-drawn")["base"], 2);
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
    assert_eq!(elements(&t), written(&["ice"], &[]));
}

/// Two brutes, fire strong: brute-1 acts first and consumes it; brute-2 plays the card
/// with the bonus too (the type consumed it), without consuming again. Aria takes 3 + 3:
/// 10 -> 4. One consumption, two infusions of ice.
#[test]
fn the_first_monster_consumes_for_its_whole_type() {
    let t = table(json!({ "elements": { "fire": "strong" } }), true);
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "element-consumed")["creature"], "brute-1");
    let bases: Vec<&Value> = of(&ev, "modifier-drawn")
        .iter()
        .map(|m| &m["base"])
        .collect();
    assert_eq!(bases, [&json!(3), &json!(3)]);
    assert_eq!(t.creature("aria").unwrap()["hp"], 4);
    assert_eq!(of(&ev, "element-infused").len(), 2);
    assert_eq!(
        t.board()["systems"]["ability-deck"]["consumed"],
        json!({ "brute": ["fire"] })
    );
}

/// A board without `elements` does not track them: the plain Attack 2 (aria 10 -> 8),
/// no ice, one note saying why, and no `elements` written.
#[test]
fn an_untracked_board_skips_element_lines_with_one_note() {
    let t = table(json!({}), true);
    let ev = t.turn(&[]);
    assert_eq!(of(&ev, "elements-untracked").len(), 1, "{ev:#?}");
    assert!(of(&ev, "element-infused").is_empty());
    assert_eq!(t.creature("aria").unwrap()["hp"], 6);
    assert_eq!(elements(&t), Value::Null);
    let text = t.run(&["turn", "scheme.toml", "board.json", "--dry-run"]);
    assert_eq!(
        text.stdout.matches("does not track them").count(),
        1,
        "{}",
        text.stdout
    );
}

/// A round ends: fire strong -> waning, ice waning -> inert. Round 1 was dealt and
/// played out (both turn cards drawn); `round` deals round 2 (aria's initiative is
/// recorded for it) and the elements wane first.
#[test]
fn elements_wane_when_the_round_ends() {
    let t = table(
        json!({
            "elements": { "fire": "strong", "ice": "waning" },
            "initiatives": { "aria": 50 },
            "recorded_for": { "aria": 2 }
        }),
        false,
    );
    let mut board = t.board();
    board["round"] = json!(1);
    board["turn_order"] = json!(["brute", "aria"]);
    board["cards_drawn"] = json!(2);
    std::fs::write(t.dir.join("board.json"), board.to_string()).unwrap();
    let r = t.run(&["round", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("The elements wane at the end of the round: fire waning."),
        "{}",
        r.stdout
    );
    assert_eq!(elements(&t), written(&[], &["fire"]));
}

/// Every tracked element already inert, as the board writes them (all six listed): the
/// round's end changes nothing, so nothing is told and the board keeps all six inert.
#[test]
fn nothing_wanes_when_every_element_is_inert() {
    let t = table(
        json!({
            "elements": written(&[], &[]),
            "initiatives": { "aria": 50 },
            "recorded_for": { "aria": 2 }
        }),
        false,
    );
    let mut board = t.board();
    board["round"] = json!(1);
    board["turn_order"] = json!(["brute", "aria"]);
    board["cards_drawn"] = json!(2);
    std::fs::write(t.dir.join("board.json"), board.to_string()).unwrap();
    let r = t.run(&["round", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("elements wane"), "{}", r.stdout);
    assert_eq!(elements(&t), written(&[], &[]));
}

/// `record BOARD element`: the players' infusions (a name alone is strong) and
/// consumptions; on a board that did not track elements it starts to.
#[test]
fn players_record_elements() {
    let t = table(json!({}), false);
    let r = t.run(&["record", "board.json", "element", "fire", "dark=waning"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("The element fire is strong now."),
        "{}",
        r.stdout
    );
    assert_eq!(elements(&t), written(&["fire"], &["dark"]));
    let r = t.run(&["record", "board.json", "element", "FIRE=inert"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(elements(&t), written(&[], &["dark"]));
    // `show` lists them, in the terminal and in the SVG.
    let r = t.run(&["show", "board.json"]);
    assert!(r.stdout.contains("Elements: dark waning"), "{}", r.stdout);
    let r = t.run(&["show", "board.json", "--svg", "b.svg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let svg = std::fs::read_to_string(t.dir.join("b.svg")).unwrap();
    assert!(svg.contains("Elements: dark waning"), "{svg}");
}

/// Mistakes in `record element` name the word, exit 2 and leave the board as it was.
#[test]
fn bad_element_records_are_refused_and_the_board_is_untouched() {
    let t = table(json!({ "elements": { "fire": "strong" } }), false);
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    for (words, says) in [
        (vec!["fyre=strong"], "did you mean `fire`?"),
        (vec!["fire=hot"], "`hot` is not a strength"),
        (vec!["fire", "fire=inert"], "fire is given twice"),
        (vec![], "required arguments were not provided"),
    ] {
        let mut args = vec!["record", "board.json", "element"];
        args.extend(words.iter().copied());
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{words:?}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{words:?}: {}", r.stderr);
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
}

/// A board's `elements` with an unknown element or strength is refused where it stands.
#[test]
fn a_board_with_a_bad_element_is_refused_with_its_path() {
    for (elements, says) in [
        (json!({ "fyre": "strong" }), "fyre"),
        (json!({ "fire": "hot" }), "hot"),
    ] {
        let t = table(json!({ "elements": elements }), false);
        let before = std::fs::read(t.dir.join("board.json")).unwrap();
        let r = t.run(&["turn", "scheme.toml", "board.json"]);
        assert_eq!(r.code, 2, "{}", r.stdout);
        assert!(r.stderr.contains("elements"), "{}", r.stderr);
        assert!(r.stderr.contains(says), "{}", r.stderr);
        assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    }
}

/// Element lines on cards are checked like any action line, with the line's place.
#[test]
fn bad_element_lines_on_cards_are_located() {
    for (actions, says) in [
        (
            r#"["attack +0", "consume fyre: +1"]"#,
            "did you mean `fire`?",
        ),
        (r#"["attack +0", "consume fire +1"]"#, "a colon"),
        (
            r#"["consume fire: +1", "attack +0"]"#,
            "no action comes before it",
        ),
        (
            r#"["attack +0", "consume fire: attack +1"]"#,
            "cannot add its own `attack`",
        ),
        (
            r#"["attack +0", "consume fire: +1", "pierce 1"]"#,
            "after its `consume` line",
        ),
        (
            r#"["attack +0", "consume fire: +1", "consume ice: wound"]"#,
            "one element per action",
        ),
        (r#"["attack +0", "infuse"]"#, "infuse one element"),
    ] {
        let dir = crate::common::temp_dir("elements-bad-card");
        std::fs::write(
            dir.join("m.toml"),
            scheme(&format!("initiative = 40\nactions = {actions}")),
        )
        .unwrap();
        let r = crate::common::run_in(&dir, &["check", "m.toml"], "");
        assert_eq!(r.code, 2, "{actions}: {}", r.stdout);
        assert!(r.stderr.contains("m.toml:11:"), "{actions}: {}", r.stderr);
        assert!(
            r.stderr.contains("monster[0].card[0].actions["),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains(says), "{actions}: {}", r.stderr);
    }
}

/// The characters `simulate` plays do not play elements: a heroes file's card that
/// infuses is refused at its place.
#[test]
fn a_heroes_file_card_may_not_infuse() {
    let dir = crate::common::temp_dir("elements-heroes");
    std::fs::write(
        dir.join("h.toml"),
        "format = 1\n[[hero]]\nid = \"tor\"\ncards = [[\"attack 3\", \"infuse fire\"]]\n",
    )
    .unwrap();
    let board = crate::common::repo().join("scenarios/crypt-gate.json");
    let r = crate::common::run_in(
        &dir,
        &[
            "simulate",
            board.to_str().unwrap(),
            "--heroes",
            "h.toml",
            "--runs",
            "2",
        ],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("h.toml:4:23"), "{}", r.stderr);
    assert!(
        r.stderr.contains("hero[0].cards[0].actions"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("does not infuse or consume"),
        "{}",
        r.stderr
    );
}

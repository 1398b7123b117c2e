//! Ability decks, the rules issue 26 (part 6) asked to see worked by hand: a money token's
//! gold by scenario level, push and pull against traps, obstacles and the attacker itself,
//! a curse that lands in the character's own modifier deck, and a summon refused for want
//! of a standee, told in plain narration. Boards are drawn as in
//! `tests/ability_deck_spoils.rs` (flat-topped hexes, odd columns half a hex lower; on a
//! one-row board A1, B1, C1, … form a chain and the distance is the difference of the
//! columns). Each answer was worked out from the rules before the program was run.

use crate::ability_deck_spoils::{brute, hero, hex, scheme};
use crate::common::{Table, one};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

static TABLES: AtomicUsize = AtomicUsize::new(0);

/// A table for `board` whose brute plays the first of `cards`, every modifier +0.
fn table(board: Value, cards: &[&str], imps: &str) -> Table {
    let mut board = board;
    let state = &mut board["systems"]["ability-deck"];
    state["ability_decks"] = json!({ "brute": { "draw": [1] } });
    state["modifier_deck"] = json!({ "draw": ["plus0", "plus0", "plus0"] });
    let n = TABLES.fetch_add(1, Ordering::Relaxed);
    Table::new(&format!("rules-{n}"), &board).with_scheme(&scheme(cards, imps))
}

fn at(t: &Table, id: &str) -> String {
    t.creature(id).unwrap()["position"]
        .as_str()
        .unwrap()
        .to_string()
}

/// ```text
/// A   .          A = aria on A1, her turn open, 3 money tokens on A1
///   .   M        M = brute-1 on D1
/// ```
/// Gloomhaven's table (docs/ability-decks.md, "Loot"): a token is worth 2 gold at levels
/// 0-1, 3 at 2-3, 4 at 4-5, 5 at 6 and 6 at 7. `next` ends aria's turn on the tokens:
/// level 1 gives 3 × 2 = 6 gold, level 3 gives 3 × 3 = 9, level 7 gives 3 × 6 = 18.
/// `show` says the worth before, the narration says it as she picks them up.
#[test]
fn a_money_token_is_worth_the_gold_of_the_scenario_level() {
    for (level, each) in [(1, 2), (3, 3), (7, 6)] {
        let mut b = hex(
            "
            A   .
              .   M
            ",
            &[('A', hero("aria")), ('M', brute("brute-1"))],
            json!({ "level": level, "loot": [{ "cell": "A1", "gold": 3 }], "initiatives": { "aria": 99 } }),
        );
        b["acting"] = json!("aria");
        let t = table(b, &["initiative = 40\nactions = [\"shield 1\"]"], "");
        let shown = t.run(&["show", "board.json", "--ascii"]);
        assert_eq!(shown.code, 0, "{}", shown.stderr);
        let worth =
            format!("Loot: A1 (3); a money token is worth {each} gold at scenario level {level}");
        assert!(shown.stdout.contains(&worth), "{}", shown.stdout);
        let r = t.run(&["next", "board.json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let told = format!(
            "aria picks up the loot on A1: 3 money tokens at {each} gold each (scenario level {level}), {} gold.",
            3 * each
        );
        assert!(r.stdout.contains(&told), "want {told:?} in\n{}", r.stdout);
        assert_eq!(
            t.creature("aria").unwrap()["gold"],
            3 * each,
            "level {level}"
        );
        assert!(t.board()["systems"]["ability-deck"].get("loot").is_none());
    }
}

/// ```text
/// M   .   .      M = brute-1 on A1, A = aria on B1, a trap (2 damage) on C1
///   A   .        (one row: A1 B1 C1 D1 E1 in a chain)
/// ```
/// "attack +0, push 1": aria takes 2 (8 left). From B1 (1 from A1) the only farther hex
/// is C1 (2 away): a trap does not block a push, so she goes there and springs it: 2 more
/// (6 left), and the trap is gone.
#[test]
fn a_push_into_a_trap_springs_it() {
    let mut b = hex(
        "
        M   .   .
          A   .
        ",
        &[('M', brute("brute-1")), ('A', hero("aria"))],
        json!({}),
    );
    b["traps"] = json!([{ "cell": "C1", "side": "monsters", "damage": "2" }]);
    let t = table(
        b,
        &["initiative = 40\nactions = [\"attack +0\", \"push 1\"]"],
        "",
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "move")["cause"], "push", "{ev:#?}");
    assert_eq!(one(&ev, "trap-sprung")["cell"], "C1");
    assert_eq!(at(&t, "aria"), "C1");
    assert_eq!(t.creature("aria").unwrap()["hp"], 6);
    assert!(t.board().get("traps").is_none());
}

/// ```text
/// M   o          M = brute-1 on A1, A = aria on B1, an obstacle on C1 (one row)
///   A
/// ```
/// Push 2: from B1 the only hex farther from A1 is C1, an obstacle: no hex qualifies and
/// aria stays on B1, said in the narration.
#[test]
fn an_obstacle_stops_a_push_before_it_starts() {
    let t = table(
        hex(
            "
            M   o
              A
            ",
            &[('M', brute("brute-1")), ('A', hero("aria"))],
            json!({}),
        ),
        &["initiative = 40\nactions = [\"attack +0\", \"push 2\"]"],
        "",
    );
    let r = t.run(&["turn", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("aria stays put: there is no free space to push it to."),
        "{}",
        r.stdout
    );
    assert_eq!(at(&t, "aria"), "B1");
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
}

/// ```text
/// M   .   .      M = brute-1 on A1, A = aria on D1 (one row), 3 hexes apart
///   .   A
/// ```
/// "attack +0, range 3, pull 3", no move: aria is in range, not adjacent (no
/// disadvantage): 2 damage. Pull: D1 (3) → C1 (2) → B1 (1); the only hex nearer still
/// is A1, the brute's own: the pull stops after two steps, next to the attacker.
#[test]
fn a_pull_stops_next_to_the_attacker() {
    let t = table(
        hex(
            "
            M   .   .
              .   A
            ",
            &[('M', brute("brute-1")), ('A', hero("aria"))],
            json!({}),
        ),
        &["initiative = 40\nactions = [\"attack +0\", \"range 3\", \"pull 3\"]"],
        "",
    );
    let ev = t.turn(&[]);
    let pulled = one(&ev, "move");
    assert_eq!(
        (pulled["creature"].as_str(), pulled["cause"].as_str()),
        (Some("aria"), Some("pull"))
    );
    assert_eq!(pulled["path"], json!(["C1", "B1"]), "{pulled}");
    assert_eq!(at(&t, "aria"), "B1");
    assert_eq!(t.creature("aria").unwrap()["hp"], 8);
}

/// ```text
/// M   .          M = brute-1 on A1, A = aria on B1
///   A
/// ```
/// A board that keeps aria's own attack-modifier deck (`hero_decks`, as `simulate` does)
/// holding one +1: the cursing attack shuffles a curse into it (two cards now, one of them
/// the curse), counts it in `curses_given`, and leaves the monsters' deck alone (three +0,
/// one drawn for the attack).
#[test]
fn a_curse_goes_into_the_characters_own_deck() {
    let t = table(
        hex(
            "
            M   .
              A
            ",
            &[('M', brute("brute-1")), ('A', hero("aria"))],
            json!({ "hero_decks": { "aria": { "draw": ["plus1"] } } }),
        ),
        &["initiative = 40\nactions = [\"attack +0\", \"curse\"]"],
        "",
    );
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "curse-given")["creature"], "aria");
    let state = t.board()["systems"]["ability-deck"].clone();
    let mut aria: Vec<String> = state["hero_decks"]["aria"]["draw"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    aria.sort();
    assert_eq!(aria, ["curse", "plus1"]);
    assert_eq!(state["curses_given"], json!({ "aria": 1 }));
    assert_eq!(state["modifier_deck"]["draw"], json!(["plus0", "plus0"]));
}

/// ```text
/// M   .   I   J      M = brute-1 on A1 ("summon imp"), A = aria on F1, imps on E1, G1
///   .   .   A
/// ```
/// The imp type has two standees and both are on the board: the summon does not happen,
/// nothing arrives, and the plain narration says why.
#[test]
fn a_summon_without_a_free_standee_is_told() {
    let imp = |id: &str| json!({ "id": id, "type": "imp", "side": "monsters", "hp": 2 });
    let t = table(
        hex(
            "
            M   .   I   J
              .   .   A
            ",
            &[
                ('M', brute("brute-1")),
                ('A', hero("aria")),
                ('I', imp("imp-1")),
                ('J', imp("imp-2")),
            ],
            json!({}),
        ),
        &["initiative = 40\nactions = [\"summon imp\"]"],
        "standees = 2",
    );
    let r = t.run(&["turn", "scheme.toml", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("brute-1 cannot summon imp: all 2 standees of the imp are on the board."),
        "{}",
        r.stdout
    );
    let imps = t.board()["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == "imp")
        .count();
    assert_eq!(imps, 2);
}

/// A room's trap in a wall or giving a status traps cannot give is refused, located in
/// the board's state, and the board is left as it was.
#[test]
fn bad_room_traps_are_located() {
    let dir = crate::common::temp_dir("rules-room-traps");
    let crypt = crate::common::repo().join("schemes/crypt.toml");
    let text =
        std::fs::read_to_string(crate::common::repo().join("scenarios/crypt-gate.json")).unwrap();
    let mut b: Value = serde_json::from_str(&text).unwrap();
    b["systems"]["ability-deck"]["rooms"][0]["traps"] = json!([
        { "cell": "P4", "side": "monsters", "damage": "3" },
        { "cell": "K4", "side": "monsters", "statuses": ["poisoned"] }
    ]);
    let path = dir.join("board.json");
    std::fs::write(&path, serde_json::to_string_pretty(&b).unwrap()).unwrap();
    let before = std::fs::read(&path).unwrap();
    for args in [
        &["check", crypt.to_str().unwrap(), "board.json"][..],
        &[
            "door",
            "board.json",
            "J4",
            "open",
            "--monsters",
            crypt.to_str().unwrap(),
        ],
    ] {
        let r = crate::common::run_in(&dir, args, "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        for part in [
            "systems.ability-deck.rooms[0].traps[0].cell",
            "a trap cannot lie on P4",
            "systems.ability-deck.rooms[0].traps[1].statuses",
            "a trap cannot leave a creature poisoned",
        ] {
            assert!(r.stderr.contains(part), "want {part:?} in\n{}", r.stderr);
        }
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }
}

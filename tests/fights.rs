//! Whole fights from the command line: each folder in `tests/fights/` holds a board and a
//! `script` of commands (one per line, `#` comments; `{goblins}` and `{crypt}` are the
//! shipped monster files `schemes/goblins.toml` and `schemes/crypt.toml`). The script runs in order on a copy of the board; the concatenated output is
//! compared with `transcript` and the final board with `board.expected.json`. Re-bless with
//! `BLESS=1 cargo test --test integration fights::` and review the diff.
//!
//! After the script, `undo` is run once per board-changing command and every board on
//! the way back must equal, byte for byte, the one the script produced at that point.

use std::fs;
use std::path::Path;

fn split(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

fn compare(path: &Path, actual: &str, bless: bool) {
    if bless {
        fs::write(path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("missing {} (BLESS=1 creates it)", path.display()));
    assert!(
        expected == actual,
        "{} differs:\n--- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

/// Runs one fight folder; returns the boards seen after each command.
fn play(case: &Path, bless: bool) -> Vec<String> {
    let name = case.file_name().unwrap().to_string_lossy().to_string();
    let dir = crate::common::temp_dir(&format!("fight-{name}"));
    fs::copy(case.join("board.json"), dir.join("board.json")).unwrap();
    let goblins = crate::common::goblins();
    let crypt = crate::common::repo()
        .join("schemes/crypt.toml")
        .display()
        .to_string();
    let script = fs::read_to_string(case.join("script")).unwrap();
    let mut transcript = String::new();
    let mut boards = vec![fs::read_to_string(dir.join("board.json")).unwrap()];
    for line in script
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let words = split(
            &line
                .replace("{goblins}", &goblins)
                .replace("{crypt}", &crypt),
        );
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let run = crate::common::run_in(&dir, &args, "");
        transcript.push_str(&format!("$ monster-ai {line}\n{}", run.stdout));
        if run.code != 0 {
            transcript.push_str(&format!("(exit {}) {}", run.code, run.stderr));
        }
        let now = fs::read_to_string(dir.join("board.json")).unwrap();
        if now != *boards.last().unwrap() {
            boards.push(now);
        }
    }
    compare(&case.join("transcript"), &transcript, bless);
    compare(
        &case.join("board.expected.json"),
        boards.last().unwrap(),
        bless,
    );

    // Walk the history back to the start, checking every board on the way.
    for expected in boards.iter().rev().skip(1) {
        let run = crate::common::run_in(&dir, &["undo", "board.json"], "");
        assert_eq!(run.code, 0, "{name}: undo failed: {}", run.stderr);
        assert!(
            fs::read_to_string(dir.join("board.json")).unwrap() == *expected,
            "{name}: undo did not restore an earlier board byte for byte"
        );
    }
    assert_eq!(
        crate::common::run_in(&dir, &["undo", "board.json"], "").code,
        2,
        "{name}: nothing left to undo"
    );
    let _ = fs::remove_dir_all(&dir);
    boards
}

#[test]
fn example_of_play_three_rounds_with_haste_on_top() {
    let case = crate::common::repo().join("tests/fights/example-of-play");
    let boards = play(&case, std::env::var_os("BLESS").is_some());
    // Every round's deck put the Wargs' card in the top half: 6 other cards, cut 3/3,
    // and the Haste card shuffled into the top three.
    let mut decks = std::collections::BTreeMap::new();
    for b in &boards {
        let v: serde_json::Value = serde_json::from_str(b).unwrap();
        if let Some(order) = v["turn_order"].as_array() {
            decks.insert(v["round"].as_u64().unwrap(), order.clone());
        }
    }
    assert_eq!(decks.keys().copied().collect::<Vec<_>>(), [1, 2, 3]);
    for (round, order) in decks {
        let warg = order
            .iter()
            .position(|c| c == "Warg")
            .unwrap_or_else(|| panic!("round {round}: no Warg card"));
        assert!(
            warg < order.len().div_ceil(2),
            "round {round}: Warg card at {warg} of {}",
            order.len()
        );
    }
}

#[test]
fn last_stand_played_to_the_end_then_undone_to_the_start() {
    let case = crate::common::repo().join("tests/fights/last-stand");
    let boards = play(&case, std::env::var_os("BLESS").is_some());
    let last: serde_json::Value = serde_json::from_str(boards.last().unwrap()).unwrap();
    let sides: Vec<&str> = last["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["side"].as_str().unwrap())
        .collect();
    assert!(
        !sides.contains(&"players") || !sides.contains(&"monsters"),
        "the fight was not played to the end: {sides:?}"
    );
    assert!(
        boards.len() > 5,
        "the script changed the board {} times",
        boards.len() - 1
    );
}

/// The shipped crypt gate played from the first `next` through opening its door (worked
/// by hand in the script's comments and tests/golden/shipped-crypt-gate-opens-the-door):
/// the first room is cleared in round 4, yet the fight is not over while monsters wait
/// behind the door; opening it places them, lays the room's money token and trap, and
/// the play goes on.
#[test]
fn crypt_gate_played_through_its_door() {
    let case = crate::common::repo().join("tests/fights/crypt-door");
    let boards = play(&case, std::env::var_os("BLESS").is_some());
    let transcript = fs::read_to_string(case.join("transcript")).unwrap();
    assert!(!transcript.contains("The fight is over"), "{transcript}");
    assert!(transcript.contains(
        "In the room behind the door on J4: Grave Warden 3, Bone Archer 3, 1 money token, a trap on K4."
    ));
    let last: serde_json::Value = serde_json::from_str(boards.last().unwrap()).unwrap();
    let at = |id: &str| {
        last["creatures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .map(|c| c["position"].as_str().unwrap().to_string())
    };
    assert_eq!(at("grave-warden-3").as_deref(), Some("M4"));
    assert_eq!(at("bone-archer-3").as_deref(), Some("O3"));
    assert_eq!(last["traps"][0]["cell"], "K4");
    assert!(last["systems"]["ability-deck"].get("rooms").is_none());
}

/// The crypt gate played by a table that follows the turn and records its characters'
/// attacks with their cards (issue 43; the script's comments work the numbers): an
/// attack out of turn refused under `--strict`, Vela's muddle listed as her turn opens,
/// poison's +1 before a ×2, the shield less pierce, and the warden's retaliate.
#[test]
fn crypt_gate_riders_and_turns() {
    let case = crate::common::repo().join("tests/fights/crypt-riders");
    play(&case, std::env::var_os("BLESS").is_some());
    let transcript = fs::read_to_string(case.join("transcript")).unwrap();
    for line in [
        "(exit 2) error: Vela acts out of turn: no turn is open, and Vela's card (2 of 6) is not revealed yet",
        "    Vela is muddled until the end of this turn: disadvantage on their attacks.",
        "  Damage from Vela's attack: pierce 1; Grave Warden 1 takes 3 (1 prevented), now 8/11 HP.",
        "  Attack 3 on Grave Warden 1 (poisoned: +1): modifier x2 -> 6.",
        "  Damage from Tor's attack: Grave Warden 1 takes 2 (4 prevented), now 6/11 HP.",
        "  Damage from Grave Warden 1's retaliate: Tor takes 1, now 11/12 HP.",
        "(exit 2) error: Mira acts out of turn: it is Tor's turn",
        "  Damage from Tor's attack: pierce 2; Grave Warden 1 takes 1 (2 prevented), now 5/11 HP.",
    ] {
        assert!(transcript.contains(line), "missing {line:?}");
    }
}

/// The crypt gate's Ghoul Bat killed over the obstacle on E3 (issue 43, worked by hand in
/// the script's comments and tests/leaving_the_board.rs): its money token lands on D2,
/// the narration says so, and the board it leaves is read by `check`, `show`, `next` and
/// every `undo` back to the start.
#[test]
fn crypt_gate_bat_killed_over_the_obstacle() {
    let case = crate::common::repo().join("tests/fights/bat-over-obstacle");
    let boards = play(&case, std::env::var_os("BLESS").is_some());
    let transcript = fs::read_to_string(case.join("transcript")).unwrap();
    assert!(transcript.contains(
        "No figure can stand on E3: Ghoul Bat 1's money token lands on D2, the nearest hex one can stand on."
    ));
    assert!(!transcript.contains("(exit"), "{transcript}");
    let last: serde_json::Value = serde_json::from_str(boards.last().unwrap()).unwrap();
    let loot = &last["systems"]["ability-deck"]["loot"];
    assert!(
        loot.as_array()
            .unwrap()
            .iter()
            .any(|l| l["cell"] == "D2" && l["gold"] == 1),
        "{loot}"
    );
}

/// Plays `tests/fights/NAME` (a fight the table plays with its own dice or cards) and
/// checks it was refused exactly `refusals` times and won by the heroes; returns the
/// transcript, the last board, and who is left: (id, cell, HP).
fn won_by_the_heroes(
    name: &str,
    refusals: usize,
) -> (String, serde_json::Value, Vec<(String, String, u64)>) {
    let case = crate::common::repo().join("tests/fights").join(name);
    let boards = play(&case, std::env::var_os("BLESS").is_some());
    let transcript = fs::read_to_string(case.join("transcript")).unwrap();
    assert_eq!(
        transcript.matches("(exit 2)").count(),
        refusals,
        "{transcript}"
    );
    assert!(
        transcript.contains("*** The fight is over: the heroes win"),
        "{transcript}"
    );
    let last: serde_json::Value = serde_json::from_str(boards.last().unwrap()).unwrap();
    let left = last["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["position"].as_str().unwrap().to_string(),
                c["hp"].as_u64().unwrap(),
            )
        })
        .collect();
    (transcript, last, left)
}

fn left_as(left: &[(String, String, u64)]) -> Vec<(&str, &str, u64)> {
    left.iter()
        .map(|(id, cell, hp)| (id.as_str(), cell.as_str(), *hp))
        .collect()
}

/// A Monster A.I. fight played start to end by a table that rolls its own dice and turns
/// up its own turn cards (issue 40; every step worked by hand in the script's comments):
/// the board's `"table": {"own_dice": true}`, every roll given with `--rolls` and every
/// card with `next --cards`; a roll left out is refused in the middle without a trace.
#[test]
fn own_dice_goblins_played_to_the_end_with_entered_rolls_and_cards() {
    let (transcript, last, left) = won_by_the_heroes("own-dice", 1);
    assert!(transcript.contains("had none"), "{transcript}");
    assert_eq!(last["round"], 3);
    assert_eq!(last["table"]["own_dice"], true);
    // The board records every face and card the script entered, in order, with its round
    // (the refused `--rolls 14` left nothing): cards by the names on them.
    let entered: Vec<(u64, String)> = last["table"]["entered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let value = match (&e["drew"], &e["rolled"]) {
                (serde_json::Value::String(card), _) => card.clone(),
                (_, face) => face.to_string(),
            };
            (e["round"].as_u64().unwrap(), value)
        })
        .collect();
    let expected: Vec<(u64, &str)> = vec![
        (1, "Goblin Warrior"),
        (1, "10"),
        (1, "11"),
        (1, "4"),
        (1, "Goblin Archer"),
        (1, "1"),
        (1, "Borin"),
        (1, "14"),
        (1, "3"),
        (1, "Aria"),
        (1, "7"),
        (2, "Borin"),
        (2, "20"),
        (2, "3"),
        (2, "5"),
        (2, "Goblin Warrior"),
        (2, "18"),
        (2, "5"),
        (2, "Aria"),
        (2, "9"),
        (2, "2"),
        (2, "Goblin Archer"),
        (2, "16"),
        (2, "5"),
        (3, "Aria"),
        (3, "15"),
        (3, "3"),
        (3, "Goblin Archer"),
        (3, "8"),
        (3, "Borin"),
        (3, "9"),
        (3, "2"),
    ];
    let expected: Vec<(u64, String)> = expected
        .into_iter()
        .map(|(r, v)| (r, v.to_string()))
        .collect();
    assert_eq!(entered, expected);
    assert_eq!(left_as(&left), [("borin", "B2", 3), ("aria", "A3", 10)]);
}

/// A Gloomhaven-style fight played by a table that draws every card itself (issue 40;
/// worked by hand in the script's comments): each round's ability card recorded with
/// `record drew` before the deal (a deal without it, and a card already discarded,
/// refused), the wardens' modifier cards entered with `next --cards` (a null that
/// misses and an x2 that doubles, the deck shuffled whole at the next deal), and the
/// characters' attacks recorded with their own cards, to the heroes' win.
#[test]
fn own_cards_wardens_played_to_the_end_with_entered_cards() {
    let (transcript, last, left) = won_by_the_heroes("own-cards", 2);
    assert!(transcript.contains(
        "=== Round 2 begins ===\nThe monsters' attack-modifier deck is shuffled, its discards back in (a null or x2 was drawn last round): 20 cards to draw."
    ), "{transcript}");
    assert_eq!(last["round"], 3);
    assert_eq!(left_as(&left), [("tor", "C3", 2), ("vela", "B3", 10)]);
    // The board records the table's cards in order: each round's ability card as the
    // deal took it (39 is Grim Advance), and the modifier cards given with --cards.
    let drew: Vec<&str> = last["table"]["entered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["drew"].as_str().unwrap())
        .collect();
    assert_eq!(
        drew,
        [
            "Iron Stride",
            "null",
            "x2",
            "Crushing Blow",
            "-1",
            "Grim Advance"
        ]
    );
    // Once the fight is over, `show` asks for no initiatives of a round that never comes.
    let after = transcript.split("$ monster-ai show").nth(1).unwrap();
    assert!(after.contains("The fight is over"), "{after}");
    assert!(!after.contains("Initiatives for round"), "{after}");
}

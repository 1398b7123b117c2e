//! Dice the players roll themselves (SPEC §14): `--rolls` gives the faces in order,
//! `--dice ask` asks for each on standard input, and a board whose table rolls its own
//! dice asks without a flag. Every scenario is worked out by hand from the rules: a d20
//! test hits when the kept face plus the bonus meets or beats the defence (a natural 20
//! always hits, a natural 1 always misses).

use crate::common::{Table, board, board_with, events, goblins, monster, run_in};
use serde_json::{Value, json};

/// A Warg next to Tor (defence 13, 20 HP, no save bonus):
///
/// ```text
///   A B C D
/// 1 . . . .
/// 2 . W T .
/// 3 . . . .
/// ```
///
/// The Warg's behaviour 2 (proximity 1+): move, melee attack +4 1d6+2, immobilize save
/// STR 12. It is already next to Tor, so it stays and attacks.
fn warg_and_tor(name: &str, extra: Value) -> Table {
    let b = board_with(
        "....
         .WT.
         ....",
        &[
            ('W', warg()),
            (
                'T',
                json!({ "id": "tor", "name": "Tor", "side": "players", "hp": 20, "max_hp": 20, "defence": 13 }),
            ),
        ],
        extra,
    );
    Table::new(name, &b)
}

fn warg() -> Value {
    let mut w = monster("warg-1", "Warg");
    w["name"] = json!("Warg 1");
    w
}

fn board_text(t: &Table) -> String {
    std::fs::read_to_string(t.dir.join("board.json")).unwrap()
}

fn of<'a>(evs: &'a [Value], kind: &str) -> Vec<&'a Value> {
    evs.iter().filter(|e| e["event"] == kind).collect()
}

fn turn_args<'a>(g: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["turn", g, "board.json", "--type", "Warg"];
    a.extend_from_slice(extra);
    a
}

#[test]
fn an_entered_17_hits_defence_13_then_damage_and_save_are_entered_too() {
    // d20 17 + 4 = 21 >= 13: a hit. Damage 1d6+2 with a 4: 6, Tor 20 -> 14. The STR save
    // against 12 with a 9 and no bonus: 9 < 12, Tor is immobilized.
    let t = warg_and_tor("dice-17", json!({}));
    let evs = t.turn(&["--type", "Warg", "--rolls", "17,4,9"]);
    let attack = of(&evs, "attack")[0];
    assert_eq!(attack["faces"], json!([17]));
    assert_eq!(attack["total"], 21);
    assert_eq!(attack["hit"], true);
    assert_eq!(attack["entered"], true);
    let damage = of(&evs, "damage")[0];
    assert_eq!(damage["roll"]["faces"], json!([4]));
    assert_eq!(damage["roll"]["entered"], true);
    assert_eq!(damage["amount"], 6);
    assert_eq!(damage["hp"], 14);
    let save = of(&evs, "save")[0];
    assert_eq!(save["faces"], json!([9]));
    assert_eq!(save["success"], false);
    assert_eq!(save["entered"], true);
    // The narration says which dice were entered.
    let t = warg_and_tor("dice-17-text", json!({}));
    let g = goblins();
    let r = t.run(&turn_args(&g, &["--rolls", "17,4,9"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "Warg 1 makes a melee attack on Tor: d20 17 (entered) +4 = 21 vs defence 13: hit."
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("1d6+2 [4] (entered) +2 = 6"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_entered_8_misses_defence_13_and_a_9_meets_it() {
    // d20 8 + 4 = 12 < 13: a miss, and no other die is rolled.
    let t = warg_and_tor("dice-8", json!({}));
    let evs = t.turn(&["--type", "Warg", "--rolls", "8"]);
    let attack = of(&evs, "attack")[0];
    assert_eq!(
        (attack["total"].clone(), attack["hit"].clone()),
        (json!(12), json!(false))
    );
    assert!(of(&evs, "damage").is_empty());
    // d20 9 + 4 = 13 meets defence 13: a hit, so the damage die is owed and missing.
    let t = warg_and_tor("dice-9", json!({}));
    let before = board_text(&t);
    let g = goblins();
    let r = t.run(&turn_args(&g, &["--rolls", "9"]));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(
            "--rolls gave 1 value, and the 2nd roll, a d6 for \"Warg 1's damage to Tor: 1d6+2\", had none"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(board_text(&t), before, "nothing written");
}

#[test]
fn wrong_rolls_are_refused_and_write_nothing() {
    let g = goblins();
    for (rolls, says) in [
        (
            "17,4,9,5",
            "--rolls gave 4 values, and the command rolled 3 dice: 5 left over",
        ),
        (
            "21",
            "--rolls: the 1st value, 21, is the d20 rolled for \"Warg 1 attacks Tor: d20+4\", and a d20 shows 1 to 20",
        ),
        ("17,x", "--rolls: the 2nd value, `x`, is not a die's face"),
        ("0", "--rolls: the 1st value, `0`, is not a die's face"),
    ] {
        let t = warg_and_tor("dice-bad", json!({}));
        let before = board_text(&t);
        let r = t.run(&turn_args(&g, &["--rolls", rolls]));
        assert_eq!(r.code, 2, "{rolls}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{rolls}: {}", r.stderr);
        assert_eq!(board_text(&t), before, "{rolls}: nothing written");
        assert!(
            !t.dir.join("board.json.history").exists(),
            "{rolls}: no history"
        );
    }
    let t = warg_and_tor("dice-both", json!({}));
    let r = t.run(&turn_args(&g, &["--rolls", "17", "--dice", "tool"]));
    assert_eq!(r.code, 2, "--rolls and --dice together: {}", r.stderr);
}

#[test]
fn dice_asked_on_a_pipe_take_the_faces_and_refuse_a_wrong_one() {
    let g = goblins();
    // The same faces asked for and given with --rolls leave byte-identical boards.
    let asked = warg_and_tor("dice-ask", json!({}));
    let r = run_in(&asked.dir, &turn_args(&g, &["--dice", "ask"]), "17\n4\n9\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("Warg 1 attacks Tor: d20+4 — your d20? 17\n"),
        "the question says what the die is for: {}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("Tor's STR save against 12: d20+0 — your d20? 9\n"),
        "{}",
        r.stderr
    );
    let listed = warg_and_tor("dice-listed", json!({}));
    let r2 = listed.run(&turn_args(&g, &["--rolls", "17,4,9"]));
    assert_eq!(r2.code, 0, "{}", r2.stderr);
    assert_eq!(r.stdout, r2.stdout);
    assert_eq!(board_text(&asked), board_text(&listed));
    // A d20 of 23 from a pipe is refused, located on its line.
    let t = warg_and_tor("dice-ask-23", json!({}));
    let before = board_text(&t);
    let r = run_in(&t.dir, &turn_args(&g, &["--dice", "ask"]), "23\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("standard input, line 1: `23` is not a face of the d20 rolled for \"Warg 1 attacks Tor: d20+4\": a d20 shows 1 to 20"),
        "{}",
        r.stderr
    );
    assert_eq!(board_text(&t), before);
    // The input ends before the damage die.
    let r = run_in(&t.dir, &turn_args(&g, &["--dice", "ask"]), "17\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("standard input, line 2: --dice ask needs the d6 rolled for \"Warg 1's damage to Tor: 1d6+2\", and the input ended"),
        "{}",
        r.stderr
    );
    assert_eq!(board_text(&t), before);
}

#[test]
fn a_table_that_rolls_its_own_dice_is_asked_without_a_flag() {
    let g = goblins();
    let own = json!({ "table": { "own_dice": true } });
    let t = warg_and_tor("dice-table", own.clone());
    let r = run_in(&t.dir, &turn_args(&g, &[]), "8\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("d20 8 (entered) +4 = 12 vs defence 13: miss."),
        "{}",
        r.stdout
    );
    // The setting stays in the board, beside the record of the die entered.
    let saved: Value = serde_json::from_str(&board_text(&t)).unwrap();
    assert_eq!(
        saved["table"],
        json!({ "own_dice": true, "entered": [
            { "round": 1, "for": "Warg 1 attacks Tor: d20+4", "die": 20, "rolled": 8 }
        ]})
    );
    // --rolls serves the same table; --dice tool lets the tool roll this once.
    let t = warg_and_tor("dice-table-rolls", own.clone());
    let r = t.run(&turn_args(&g, &["--rolls", "8"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = warg_and_tor("dice-table-tool", own.clone());
    let r = t.run(&turn_args(&g, &["--dice", "tool"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("(entered)"), "{}", r.stdout);
    // A board read from standard input cannot also give the faces there.
    let t = warg_and_tor("dice-table-stdin", own);
    let r = run_in(
        &t.dir,
        &["turn", &g, "-", "--type", "Warg", "--dry-run"],
        &board_text(&t),
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("are asked for on standard input (`--dice ask`, `--cards ask` or the board's `table`), which already holds the board"),
        "{}",
        r.stderr
    );
}

#[test]
fn undo_takes_back_an_entered_roll_and_the_same_faces_give_the_same_board() {
    let g = goblins();
    let t = warg_and_tor("dice-undo", json!({}));
    let before = board_text(&t);
    let first = t.run(&turn_args(&g, &["--rolls", "17,4,9"]));
    assert_eq!(first.code, 0, "{}", first.stderr);
    let after = board_text(&t);
    assert_ne!(after, before);
    let r = t.run(&["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(board_text(&t), before);
    let again = t.run(&turn_args(&g, &["--rolls", "17,4,9"]));
    assert_eq!(again.stdout, first.stdout);
    assert_eq!(board_text(&t), after);
}

#[test]
fn a_players_hit_rolled_here_takes_entered_dice() {
    // Tor hits the Warg (defence 13): d20 12 + 1 = 13 meets 13, a hit; 1d8+2 with a 7:
    // 9 damage, the Warg 22 -> 13.
    let t = warg_and_tor("dice-hit", json!({}));
    let g = goblins();
    let r = t.run(&[
        "hit",
        "board.json",
        "warg-1",
        "1d8+2",
        "--by",
        "tor",
        "--roll",
        "+1",
        "--monsters",
        &g,
        "--rolls",
        "12,7",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let attack = of(&evs, "attack")[0];
    assert_eq!(
        (attack["total"].clone(), attack["hit"].clone()),
        (json!(13), json!(true))
    );
    assert_eq!(attack["entered"], true);
    let damage = of(&evs, "damage")[0];
    assert_eq!(
        (damage["amount"].clone(), damage["hp"].clone()),
        (json!(9), json!(13))
    );
}

#[test]
fn a_board_without_entered_dice_tells_no_entered_field() {
    let t = Table::new(
        "dice-none",
        &board(
            "....\n.WT.\n....",
            &[
                ('W', monster("warg-1", "Warg")),
                (
                    'T',
                    json!({ "id": "tor", "side": "players", "hp": 20, "defence": 13 }),
                ),
            ],
        ),
    );
    let evs = t.turn(&["--type", "Warg"]);
    assert!(evs.iter().all(|e| e.get("entered").is_none()));
}

/// A copy of the goblin ambush (`b.json`) and its monster file in a folder of its own.
fn goblin_ambush(name: &str) -> std::path::PathBuf {
    let dir = crate::common::temp_dir(name);
    let repo = crate::common::repo();
    std::fs::copy(repo.join("schemes/goblins.toml"), dir.join("goblins.toml")).unwrap();
    let text = std::fs::read_to_string(repo.join("scenarios/goblin-ambush.json"))
        .unwrap()
        .replace("../schemes/goblins.toml", "goblins.toml");
    std::fs::write(dir.join("b.json"), text).unwrap();
    dir
}

#[test]
fn a_monster_ai_turn_card_is_entered_by_name() {
    // The goblin ambush's round-1 deck holds Warg, Dain, Cass, Orc Shaman, Aria, Borin and
    // Goblin Warrior. The players turn up Borin first: his turn begins; then Borin is no
    // longer in the deck and is refused.
    let dir = goblin_ambush("dice-turn-card");
    let r = run_in(&dir, &["next", "b.json", "--cards", "BORIN", "--json"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    // The players shuffle their own deck: the round's cards are told sorted by name, not
    // in the tool's order.
    let order = of(&evs, "turn-order")[0];
    assert_eq!(order["by_players"], true);
    assert_eq!(
        order["cards"],
        json!([
            "aria",
            "borin",
            "cass",
            "dain",
            "Goblin Warrior",
            "Orc Shaman",
            "Warg"
        ])
    );
    let drawn = of(&evs, "card-drawn")[0];
    assert_eq!(
        (
            drawn["card"].clone(),
            drawn["position"].clone(),
            drawn["entered"].clone()
        ),
        (json!("borin"), json!(1), json!(true))
    );
    let b: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("b.json")).unwrap()).unwrap();
    assert_eq!(
        b["table"]["entered"],
        json!([{ "round": 1, "for": "turn card 1 of 7", "drew": "Borin" }])
    );
    let before = std::fs::read_to_string(dir.join("b.json")).unwrap();
    let r = run_in(&dir, &["next", "b.json", "--cards", "borin"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "--cards: the 1st card, drawn for \"turn card 2 of 7\": `borin` is not in the draw pile"
        ),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("the draw pile holds Aria, Cass, Dain, Goblin Warrior, Orc Shaman, Warg"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(dir.join("b.json")).unwrap(), before);
}

#[test]
fn a_round_the_tool_shuffles_is_told_in_its_order() {
    // Without entered cards the round's deck is the tool's, told top card first.
    let dir = goblin_ambush("dice-turn-order-tool");
    let r = run_in(&dir, &["next", "b.json", "--dry-run"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Turn order: 1. "), "{}", r.stdout);
    let r = run_in(
        &dir,
        &["next", "b.json", "--dry-run", "--cards", "Warg"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("Turn order:"), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "Your turn-order deck this round: Aria, Borin, Cass, Dain, Goblin Warrior, Orc Shaman, Warg (7 cards); shuffle it and turn up one card for each `next`"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn the_board_records_the_entered_faces_and_show_lists_them() {
    // The turn worked out above: 17 for the Warg's attack, 4 for its damage, 9 for Tor's
    // save, all in round 1; `show` lists them, in the order they were rolled.
    let t = warg_and_tor("dice-record", json!({}));
    t.turn(&["--type", "Warg", "--rolls", "17,4,9"]);
    assert_eq!(
        t.board()["table"],
        json!({ "entered": [
            { "round": 1, "for": "Warg 1 attacks Tor: d20+4", "die": 20, "rolled": 17 },
            { "round": 1, "for": "Warg 1's damage to Tor: 1d6+2", "die": 6, "rolled": 4 },
            { "round": 1, "for": "Tor's STR save against 12: d20+0", "die": 20, "rolled": 9 },
        ]})
    );
    let g = goblins();
    let r = t.run(&["show", "board.json", "--monsters", &g, "--color", "never"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.ends_with(
            "Entered at the table in round 1:\n  Warg 1 attacks Tor: d20+4 — d20: 17\n  Warg 1's damage to Tor: 1d6+2 — d6: 4\n  Tor's STR save against 12: d20+0 — d20: 9\n"
        ),
        "{}",
        r.stdout
    );
    let r = t.run(&["show", "board.json", "--monsters", &g, "--json"]);
    let shown: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(shown["table"]["own_dice"], false);
    assert_eq!(shown["table"]["entered_this_round"][0]["rolled"], 17);
    // A turn the tool rolls for records nothing.
    let t = warg_and_tor("dice-record-none", json!({}));
    t.turn(&["--type", "Warg"]);
    assert!(t.board().get("table").is_none(), "{}", board_text(&t));
}

#[test]
fn a_record_the_dice_cannot_show_is_refused_where_it_is() {
    let t = warg_and_tor(
        "dice-record-bad",
        json!({ "table": { "entered": [
            { "round": 1, "for": "Warg 1 attacks Tor: d20+4", "die": 20, "rolled": 21 }
        ]}}),
    );
    let before = board_text(&t);
    let g = goblins();
    let r = t.run(&turn_args(&g, &[]));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("a d20 cannot show 21"), "{}", r.stderr);
    assert!(r.stderr.contains("table.entered[0].rolled"), "{}", r.stderr);
    assert_eq!(board_text(&t), before);
}

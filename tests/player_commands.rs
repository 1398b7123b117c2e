// End-to-end tests of the player-side commands (`hit`, `heal`, `move`, `status`, `gold`,
// `add`, `remove`): each draws a small board, works out the result by hand, runs the
// built binary and checks the `--json` events and the board written back. Bad input
// must exit with code 2 and leave the board's bytes untouched.
//
// Dice are made certain by construction: `1d1+N` damage, defence 0 with `--roll +30`
// (only a natural 1 misses; the seeds used do not roll one).

use crate::common::scenario::*;
use crate::common::*;
use serde_json::{Value, json};

/// Runs a player command on `board.json` with the goblin schemes and `--json`; returns
/// the events.
fn cmd(t: &Table, args: &[&str]) -> Vec<Value> {
    let g = goblins();
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(&["--monsters", g.as_str(), "--json"]);
    let r = t.run(&all);
    assert_eq!(r.code, 0, "{args:?} failed: {}", r.stderr);
    events(&r.stdout)
}

/// Runs a command that must be refused: exit code 2, a message on standard error, and
/// the board file byte for byte as it was. Returns standard error.
fn refused(t: &Table, args: &[&str]) -> String {
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let history = std::fs::read(t.dir.join("board.json.history")).ok();
    let g = goblins();
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(&["--monsters", g.as_str()]);
    let r = t.run(&all);
    assert_eq!(
        r.code, 2,
        "{args:?} should be refused: {}{}",
        r.stdout, r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert_eq!(
        std::fs::read(t.dir.join("board.json")).unwrap(),
        before,
        "{args:?} changed the board"
    );
    assert_eq!(
        std::fs::read(t.dir.join("board.json.history")).ok(),
        history,
        "{args:?} recorded an undo step"
    );
    r.stderr
}

fn hp(t: &Table, id: &str) -> i64 {
    t.creature(id).unwrap()["hp"].as_i64().unwrap()
}

fn position(t: &Table, id: &str) -> String {
    t.creature(id).unwrap()["position"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Aria (20 HP, defence 0) next to a Warg (22 HP, defence 13), a Goblin Warrior (7 HP,
/// Cowardly) further off.
///
/// ```text
///   A B C D E
/// 1 a g . . .
/// 2 . # # . .
/// 3 . . . . w
/// ```
fn skirmish(name: &str) -> Table {
    let b = board(
        "
        a g . . .
        . # # . .
        . . . . w
        ",
        &[
            ('a', player("aria", 20, 0)),
            ('g', monster("warg", "Warg")),
            ('w', monster("warrior", "Goblin Warrior")),
        ],
    );
    Table::new(name, &b)
}

#[test]
fn hit_lands_the_damage_the_player_rolled() {
    // 7 damage, no roll: the Warg goes from 22 to 15. No attack roll is made.
    let t = skirmish("hit-lands");
    let ev = cmd(&t, &["hit", "board.json", "warg", "7", "--by", "aria"]);
    assert!(of(&ev, "attack").is_empty());
    let d = one(&ev, "damage");
    assert_eq!(
        (d["target"].as_str(), d["amount"].as_i64()),
        (Some("warg"), Some(7))
    );
    assert_eq!(d["source"], "aria's attack");
    assert_eq!(hp(&t, "warg"), 15);
}

#[test]
fn hit_with_a_roll_is_an_attack_against_defence() {
    // d20 + 30 against the Warg's defence 13: a hit unless the d20 shows 1 (seed 5 does
    // not). Damage 1d1+4 = 5 (doubled dice on a natural 20 would still roll 1d1 twice:
    // 2 + 4 = 6), so the Warg has 17 HP (or 16 on a critical).
    let t = skirmish("hit-roll");
    let ev = cmd(
        &t,
        &[
            "hit",
            "board.json",
            "warg",
            "1d1+4",
            "--by",
            "aria",
            "--roll",
            "+30",
            "--seed",
            "5",
        ],
    );
    let a = one(&ev, "attack");
    assert_hit(a);
    assert_eq!(
        (a["attacker"].as_str(), a["bonus"].as_i64()),
        (Some("aria"), Some(30))
    );
    assert_eq!(a["defence"], 13);
    assert_eq!(a["kind"], "melee");
    let expected = if a["critical"] == true { 16 } else { 17 };
    assert_eq!(hp(&t, "warg"), expected);
}

#[test]
fn hit_then_undo_restores_the_board_byte_for_byte() {
    let t = skirmish("hit-undo");
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    cmd(
        &t,
        &[
            "hit",
            "board.json",
            "warg",
            "2d6",
            "--by",
            "aria",
            "--roll",
            "+3",
        ],
    );
    assert_ne!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    let r = t.run(&["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
}

#[test]
fn heal_restores_hp_or_only_cures_a_wither() {
    // Aria at 10/20 heals 1d1+4: 15/20. Then withered, a heal of 6 cures the wither and
    // gives no HP (still 15).
    let b = board(
        "a .",
        &[('a', with(player("aria", 10, 0), json!({ "max_hp": 20 })))],
    );
    let t = Table::new("heal", &b);
    let ev = cmd(&t, &["heal", "board.json", "aria", "1d1+4"]);
    let h = one(&ev, "heal");
    assert_eq!(
        (h["amount"].as_i64(), h["hp"].as_i64()),
        (Some(5), Some(15))
    );
    cmd(
        &t,
        &[
            "status",
            "board.json",
            "aria",
            "add",
            "withered",
            "--amount",
            "2",
        ],
    );
    let ev = cmd(&t, &["heal", "board.json", "aria", "6"]);
    assert_eq!(one(&ev, "heal")["amount"], 0);
    assert_eq!(one(&ev, "status-ended")["status"], "withered");
    assert_eq!(hp(&t, "aria"), 15);
    assert!(statuses(&t.creature("aria").unwrap()).is_empty());
}

#[test]
fn move_walks_the_shortest_path_and_provokes() {
    // Aria walks from A1 to D2. The wall at B2-C2 is in the way below, and the Warg at B1
    // blocks the top row, so she goes A1 -> A2 -> B3 -> C3 -> D2 (4 steps; chebyshev):
    //
    //     A B C D E
    //   1 a g . . .
    //   2 . # # . .
    //   3 . . . . w
    //
    // Leaving A2 (next to the Warg at B1) for B3 (not next to it) provokes the Warg, which
    // the tool plays: it strikes at her with its first melee attack, `melee attack +4
    // 1d6+2`, without its immobilize rider, before she steps on. So the walk is told in
    // two stretches, A1 -> A2 and A2 -> B3 -> C3 -> D2, with the attack between, and no
    // `provoke` is left for the players. With defence 0 only a natural 1 misses; 1d6+2 is
    // at most 8, so she keeps at least 12 of her 20 HP and walks on.
    let t = skirmish("move");
    let ev = cmd(&t, &["move", "board.json", "aria", "D2"]);
    let moves = of(&ev, "move");
    assert_eq!(moves.len(), 2);
    assert_eq!(strings(&moves[0]["path"]), ["A2"]);
    assert_eq!(strings(&moves[1]["path"]), ["B3", "C3", "D2"]);
    let o = one(&ev, "opportunity-attack");
    assert_eq!(
        (o["attacker"].as_str(), o["target"].as_str()),
        (Some("warg"), Some("aria"))
    );
    let a = one(&ev, "attack");
    assert_eq!(
        (a["attacker"].as_str(), a["bonus"].as_i64()),
        (Some("warg"), Some(4))
    );
    assert!(of(&ev, "provoke").is_empty());
    assert!(of(&ev, "save").is_empty(), "the rider is not part of it");
    let taken = of(&ev, "damage")
        .first()
        .map_or(0, |d| d["amount"].as_i64().unwrap());
    assert_eq!(a["hit"].as_bool(), Some(taken > 0));
    assert!((0..=8).contains(&taken));
    assert_eq!(hp(&t, "aria"), 20 - taken);
    assert_eq!(position(&t, "aria"), "D2");

    // --place puts her straight back on A1: no path, nothing provoked.
    let ev = cmd(&t, &["move", "board.json", "aria", "A1", "--place"]);
    let p = one(&ev, "placed");
    assert_eq!(
        (p["from"].as_str(), p["to"].as_str()),
        (Some("D2"), Some("A1"))
    );
    assert!(of(&ev, "provoke").is_empty() && of(&ev, "move").is_empty());
    assert_eq!(position(&t, "aria"), "A1");
}

#[test]
fn an_opportunity_attack_that_fells_the_walker_ends_the_walk() {
    // As above, but Aria has 1 HP: a hit from the Warg (anything but a natural 1 against
    // defence 0) fells her on A2, the cell she was leaving, and the walk ends there.
    let b = board(
        "
        a g . . .
        . # # . .
        . . . . .
        ",
        &[
            ('a', with(player("aria", 1, 0), json!({ "max_hp": 20 }))),
            ('g', monster("warg", "Warg")),
        ],
    );
    let t = Table::new("move-felled", &b);
    let ev = cmd(&t, &["move", "board.json", "aria", "D2"]);
    let a = one(&ev, "attack");
    if a["hit"] == true {
        assert_eq!(one(&ev, "died")["cell"], "A2");
        assert_eq!(of(&ev, "move").len(), 1, "only the stretch to A2");
        assert!(t.creature("aria").is_none());
    } else {
        assert_eq!(position(&t, "aria"), "D2");
    }
}

#[test]
fn a_monster_walking_away_leaves_the_characters_attack_to_the_players() {
    // Aria stands at A2; the Goblin Warrior next to her at B1 is moved away to D1 with
    // `move`, leaving her reach at its step to C1. A character's attacks are not on the
    // board, so the players resolve hers: a `provoke` event, no attack rolled.
    //
    //     A B C D
    //   1 . w . .
    //   2 a . . .
    let b = board(
        "
        . w . .
        a . . .
        ",
        &[
            ('a', player("aria", 20, 0)),
            ('w', monster("warrior", "Goblin Warrior")),
        ],
    );
    let t = Table::new("move-monster-away", &b);
    let ev = cmd(&t, &["move", "board.json", "warrior", "D1"]);
    let p = one(&ev, "provoke");
    assert_eq!(
        (p["creature"].as_str(), p["enemy"].as_str()),
        (Some("warrior"), Some("aria"))
    );
    assert!(of(&ev, "attack").is_empty() && of(&ev, "opportunity-attack").is_empty());
}

#[test]
fn move_springs_traps_on_the_way() {
    // Aria walks A1 -> C1 through the trap on B1 (1d1+2 damage, immobilized): she takes 3
    // (20 -> 17), is immobilized, and stops on B1; the trap is gone.
    let b = board_with(
        "a . .",
        &[('a', player("aria", 20, 0))],
        json!({ "traps": [{ "cell": "B1", "side": "monsters", "damage": "1d1+2", "statuses": ["immobilized"] }] }),
    );
    let t = Table::new("move-trap", &b);
    let ev = cmd(&t, &["move", "board.json", "aria", "C1"]);
    assert_eq!(one(&ev, "trap-sprung")["cell"], "B1");
    assert_eq!(one(&ev, "damage")["amount"], 3);
    assert_eq!(position(&t, "aria"), "B1");
    assert_eq!(statuses(&t.creature("aria").unwrap()), ["immobilized"]);
    assert!(t.board().get("traps").is_none());
}

#[test]
fn status_add_and_remove_and_terror_on_a_coward() {
    let t = skirmish("status");
    // The Warg becomes immobilized, then is freed.
    let ev = cmd(&t, &["status", "board.json", "warg", "add", "immobilized"]);
    assert_eq!(one(&ev, "status-gained")["status"], "immobilized");
    assert_eq!(statuses(&t.creature("warg").unwrap()), ["immobilized"]);
    let ev = cmd(
        &t,
        &["status", "board.json", "warg", "remove", "immobilized"],
    );
    assert_eq!(one(&ev, "status-ended")["status"], "immobilized");
    assert!(statuses(&t.creature("warg").unwrap()).is_empty());
    // Aria is shielded 2.
    cmd(
        &t,
        &[
            "status",
            "board.json",
            "aria",
            "add",
            "shielded",
            "--amount",
            "2",
        ],
    );
    let s = &t.creature("aria").unwrap()["statuses"][0];
    assert_eq!(
        (s["status"].as_str(), s["amount"].as_u64()),
        (Some("shielded"), Some(2))
    );
    // The Goblin Warrior is Cowardly: terrified, it retreats at once.
    let ev = cmd(&t, &["status", "board.json", "warrior", "add", "terrified"]);
    assert_eq!(one(&ev, "trait-triggered")["name"], "cowardly");
    assert_eq!(one(&ev, "retreat")["creature"], "warrior");
    assert!(t.creature("warrior").is_none());
}

#[test]
fn status_retaliating_takes_a_range() {
    // The Warg (B1) gets Retaliate 1 and Retaliate 2 Range 3: two statuses. Aria, next
    // to it on A1, is within both: her hit costs her 3 HP.
    let t = skirmish("status-range");
    let add = |amount: &str, range: &[&str]| {
        let mut args = vec![
            "status",
            "board.json",
            "warg",
            "add",
            "retaliating",
            "--amount",
            amount,
        ];
        args.extend_from_slice(range);
        cmd(&t, &args)
    };
    add("1", &[]);
    let ev = add("2", &["--range", "3"]);
    let s = one(&ev, "status-gained");
    assert_eq!(
        (s["amount"].as_u64(), s["range"].as_u64()),
        (Some(2), Some(3))
    );
    let warg = t.creature("warg").unwrap();
    let held: Vec<(u64, Option<u64>)> = warg["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["amount"].as_u64().unwrap(), s["range"].as_u64()))
        .collect();
    assert_eq!(held, [(1, None), (2, Some(3))]);
    cmd(&t, &["hit", "board.json", "warg", "1", "--by", "aria"]);
    assert_eq!(hp(&t, "aria"), 17);
    // Only retaliating has a range, and only when added.
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "status",
                "board.json",
                "aria",
                "add",
                "shielded",
                "--amount",
                "1",
                "--range",
                "2",
            ],
            "--range does not apply to adding shielded",
        ),
        (
            &[
                "status",
                "board.json",
                "warg",
                "remove",
                "retaliating",
                "--range",
                "3",
            ],
            "--range does not apply to removing retaliating",
        ),
        (
            &[
                "status",
                "board.json",
                "warg",
                "add",
                "retaliating",
                "--amount",
                "1",
                "--range",
                "0",
            ],
            "--range is out of range",
        ),
    ];
    for (args, message) in cases {
        let err = refused(&t, args);
        assert!(
            err.contains(message),
            "{args:?}: expected `{message}` in:\n{err}"
        );
    }
}

#[test]
fn gold_goes_up_and_down_but_not_below_zero() {
    // 0 + 10 = 10; 10 - 5 = 5; taking 6 more is refused.
    let t = skirmish("gold");
    let ev = cmd(&t, &["gold", "board.json", "aria", "+10"]);
    let g = one(&ev, "gold-changed");
    assert_eq!(
        (g["change"].as_i64(), g["gold"].as_u64()),
        (Some(10), Some(10))
    );
    cmd(&t, &["gold", "board.json", "aria", "-5"]);
    assert_eq!(t.creature("aria").unwrap()["gold"], 5);
    let err = refused(&t, &["gold", "board.json", "aria", "-6"]);
    assert!(err.contains("aria has 5 gold and cannot lose 6"), "{err}");
}

#[test]
fn add_and_remove_creatures() {
    let t = skirmish("add");
    // A Warg from the scheme: full 22 HP, no stats copied onto the board.
    let ev = cmd(
        &t,
        &["add", "board.json", "warg-2", "D1", "--monster", "Warg"],
    );
    let a = one(&ev, "added");
    assert_eq!(
        (
            a["kind"].as_str(),
            a["side"].as_str(),
            a["hp"].as_i64(),
            a["max_hp"].as_i64()
        ),
        (Some("Warg"), Some("monsters"), Some(22), Some(22))
    );
    let w = t.creature("warg-2").unwrap();
    assert_eq!(
        (w["position"].as_str(), w["hp"].as_i64()),
        (Some("D1"), Some(22))
    );
    assert!(w.get("max_hp").is_none() && w.get("defence").is_none());
    // A hurt character: 12 of 24 HP, defence 15, named.
    let ev = cmd(
        &t,
        &[
            "add",
            "board.json",
            "bran",
            "A3",
            "--character",
            "--name",
            "Bran",
            "--hp",
            "12",
            "--max-hp",
            "24",
            "--defence",
            "15",
        ],
    );
    assert_eq!(one(&ev, "added")["side"], "players");
    let b = t.creature("bran").unwrap();
    assert_eq!(
        (
            b["name"].as_str(),
            b["hp"].as_i64(),
            b["max_hp"].as_i64(),
            b["defence"].as_i64()
        ),
        (Some("Bran"), Some(12), Some(24), Some(15))
    );
    // Removing takes it off without a death.
    let ev = cmd(&t, &["remove", "board.json", "warg-2"]);
    assert_eq!(one(&ev, "removed")["cell"], "D1");
    assert!(of(&ev, "died").is_empty());
    assert!(t.creature("warg-2").is_none());
    assert!(t.board().get("fallen").is_none());
}

#[test]
fn bad_input_is_refused_and_nothing_is_written() {
    let t = skirmish("bad-input");
    let cases: &[(&[&str], &str)] = &[
        (&["hit", "board.json", "wrag", "5"], "did you mean `warg`?"),
        (&["hit", "board.json", "warg", "2x6"], "DAMAGE `2x6`"),
        (&["hit", "board.json", "warg", "-3"], "is negative"),
        (
            &["hit", "board.json", "warg", "5", "--roll", "five"],
            "is not a number",
        ),
        (
            &["hit", "board.json", "warg", "5", "--by", "arai"],
            "did you mean `aria`?",
        ),
        (&["heal", "board.json", "aria", "d"], "AMOUNT `d`"),
        (
            &["heal", "board.json", "nobody", "3"],
            "no creature has this id",
        ),
        (&["move", "board.json", "aria", "B1"], "is taken by warg"),
        (&["move", "board.json", "aria", "B2"], "is a wall"),
        (&["move", "board.json", "aria", "Z9"], "off the board"),
        (&["move", "board.json", "aria", "1A"], "is not a cell name"),
        (
            &["move", "board.json", "aria", "A1"],
            "already stands on A1",
        ),
        (
            &["status", "board.json", "aria", "add", "dazzled"],
            "did you mean `dazed`?",
        ),
        (
            &["status", "board.json", "aria", "remove", "dazed"],
            "aria is not dazed",
        ),
        (
            &["status", "board.json", "aria", "add", "withered"],
            "needs an amount",
        ),
        (
            &[
                "status",
                "board.json",
                "aria",
                "add",
                "dazed",
                "--amount",
                "2",
            ],
            "does not apply",
        ),
        (&["gold", "board.json", "aria", "-1"], "cannot lose 1"),
        (&["gold", "board.json", "aria", "lots"], "is not a number"),
        (
            &["add", "board.json", "warg", "D1", "--monster", "Warg"],
            "already used",
        ),
        (
            &["add", "board.json", "warg-2", "D1", "--monster", "Wrag"],
            "did you mean `Warg`?",
        ),
        (
            &["add", "board.json", "warg-2", "B2", "--monster", "Warg"],
            "is a wall",
        ),
        (
            &["add", "board.json", "bran", "D1", "--character"],
            "needs its HP",
        ),
        (
            &[
                "add",
                "board.json",
                "bran",
                "D1",
                "--character",
                "--hp",
                "0",
            ],
            "--hp 0",
        ),
        (&["remove", "board.json", "wargg"], "did you mean `warg`?"),
    ];
    for (args, message) in cases {
        let err = refused(&t, args);
        assert!(
            err.contains(message),
            "{args:?}: expected `{message}` in:\n{err}"
        );
    }
    // An immobilized creature cannot walk, but can be placed.
    cmd(&t, &["status", "board.json", "aria", "add", "immobilized"]);
    let err = refused(&t, &["move", "board.json", "aria", "A3"]);
    assert!(err.contains("immobilized and cannot move"), "{err}");
}

#[test]
fn narration_says_what_changed() {
    let t = skirmish("narration");
    let g = goblins();
    let r = t.run(&[
        "hit",
        "board.json",
        "warg",
        "7",
        "--by",
        "aria",
        "--monsters",
        &g,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "  Damage from aria's attack: warg takes 7, now 15/22 HP.\n"
    );
    let r = t.run(&["gold", "board.json", "aria", "+3", "--monsters", &g]);
    assert_eq!(r.stdout, "  aria gains 3 gold, now 3.\n");
}

/// A damage source names its creature by id in `--json` (as docs/output.md promises) and
/// by display name in the narration.
#[test]
fn damage_sources_are_ids_in_json_and_names_in_narration() {
    let mut aria = player("aria", 20, 0);
    aria["name"] = json!("Aria the Bold");
    let b = board(
        "
        a g . . .
        ",
        &[('a', aria), ('g', monster("warg", "Warg"))],
    );
    let t = Table::new("damage-source", &b);
    let ev = cmd(&t, &["hit", "board.json", "warg", "3", "--by", "aria"]);
    assert_eq!(one(&ev, "damage")["source"], "aria's attack");
    let g = goblins();
    let r = t.run(&[
        "hit",
        "board.json",
        "warg",
        "2",
        "--by",
        "aria",
        "--monsters",
        g.as_str(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Damage from Aria the Bold's attack"),
        "{}",
        r.stdout
    );
}

/// Commands where nothing is left to chance do not offer --ties or --explain; add's
/// --defence and --speed say what they are.
#[test]
fn help_offers_only_what_a_command_uses() {
    let t = skirmish("help");
    for command in ["gold", "heal", "remove", "add"] {
        let r = t.run(&[command, "--help"]);
        assert_eq!(r.code, 0, "{command}");
        assert!(!r.stdout.contains("--ties"), "{command}: {}", r.stdout);
        assert!(!r.stdout.contains("--explain"), "{command}");
    }
    let r = t.run(&["hit", "--help"]);
    assert!(r.stdout.contains("--ties"));
    let r = t.run(&["add", "--help"]);
    let line = |flag: &str| {
        r.stdout
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .map(|l| {
                l[l.find(flag).unwrap() + flag.len()..]
                    .trim_start()
                    .to_string()
            })
            .unwrap_or_default()
    };
    assert!(line("--defence <N>").starts_with("Defence"), "{}", r.stdout);
    assert!(line("--speed <N>").starts_with("Speed"), "{}", r.stdout);
}

/// A board whose `monster_file` cannot be read still takes the players' bookkeeping that
/// needs none of the monsters' rules: gold, removing a creature, a character's status or
/// healing go on (with a warning); anything about a monster still needs the file.
#[test]
fn bookkeeping_goes_on_without_the_monster_file() {
    let mut b = board(
        "a . g",
        &[
            ('a', with(player("aria", 10, 12), json!({ "max_hp": 20 }))),
            ('g', monster("warg", "Warg")),
        ],
    );
    b["monster_file"] = json!("missing.toml");
    let t = Table::new("no-monster-file", &b);
    for args in [
        vec!["gold", "board.json", "aria", "+5"],
        vec!["status", "board.json", "aria", "add", "dazed"],
        vec!["heal", "board.json", "aria", "3"],
    ] {
        let r = t.run(&args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("warning: cannot read `missing.toml`"),
            "{}",
            r.stderr
        );
    }
    let aria = t.creature("aria").unwrap();
    assert_eq!(
        (aria["gold"].as_i64(), aria["hp"].as_i64()),
        (Some(5), Some(13))
    );
    assert_eq!(statuses(&aria), ["dazed"]);
    // The Warg's own fields are written back as they were: no stand-in stat leaks in.
    assert_eq!(
        t.creature("warg").unwrap(),
        monster("warg", "Warg")
            .as_object()
            .map(|m| {
                let mut m = m.clone();
                m.insert("position".into(), json!("C1"));
                Value::Object(m)
            })
            .unwrap()
    );
    // A monster's status needs its rules: refused, the board untouched.
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = t.run(&["status", "board.json", "warg", "add", "dazed"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("missing.toml"), "{}", r.stderr);
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
    let r = t.run(&["remove", "board.json", "warg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(t.creature("warg").is_none());
}

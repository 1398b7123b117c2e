//! `hit --roll BONUS` (the attack is rolled here: d20 + BONUS) beside `--rolls FACES` (the
//! faces of the dice the players rolled themselves): the example `hit --help` and
//! docs/rules.md give, worked by hand on a small board.

use crate::common::{Table, board_with, events, goblins, monster, of, one, run_in};
use serde_json::json;

/// Borin next to a Warg (the shipped goblins: defence 13, 22 HP, no trait that changes
/// an attack on it or the damage it takes):
///
/// ```text
///   A B C D
/// 1 . . . .
/// 2 . B W .     B = Borin (a player), W = warg-1
/// 3 . . . .
/// ```
///
/// Nothing gives Borin's attack an edge (he is not dazed, the attack is melee, the Warg
/// is neither Evasive nor Ethereal), so `--roll` rolls one d20.
fn borin_and_warg(name: &str) -> Table {
    let b = board_with(
        "....
         .BW.
         ....",
        &[
            (
                'B',
                json!({ "id": "borin", "name": "Borin", "side": "players", "hp": 20, "defence": 12 }),
            ),
            ('W', monster("warg-1", "Warg")),
        ],
        json!({}),
    );
    Table::new(name, &b)
}

fn hit(t: &Table, rolls: &str) -> crate::common::Run {
    let g = goblins();
    t.run(&[
        "hit",
        "board.json",
        "warg-1",
        "1d8+2",
        "--by",
        "borin",
        "--roll",
        "+5",
        "--rolls",
        rolls,
        "--monsters",
        &g,
        "--json",
    ])
}

/// `hit warg-1 1d8+2 --by borin --roll +5 --rolls 14,6`: the d20 showed 14, and
/// 14 + 5 = 19 meets the Warg's defence 13, so the attack hits (not a natural 20: no
/// critical, one d8). The d8 showed 6: 6 + 2 = 8 damage, the Warg 22 -> 14 HP.
#[test]
fn the_d20_face_plus_the_bonus_hits_and_the_d8_face_plus_2_is_the_damage() {
    let t = borin_and_warg("hit-rolls-example");
    let r = hit(&t, "14,6");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let attack = one(&evs, "attack");
    assert_eq!(attack["attacker"], "borin");
    assert_eq!(attack["faces"], json!([14]));
    assert_eq!(attack["kept"], 14);
    assert_eq!(attack["bonus"], 5);
    assert_eq!(attack["total"], 19);
    assert_eq!(attack["defence"], 13);
    assert_eq!(attack["hit"], true);
    assert_eq!(attack["critical"], false);
    assert_eq!(attack["entered"], true);
    let damage = one(&evs, "damage");
    assert_eq!(damage["amount"], 8);
    assert_eq!(damage["hp"], 14);
    assert_eq!(t.creature("warg-1").unwrap()["hp"], 14);
}

/// A d20 of 7: 7 + 5 = 12 falls short of 13, a miss, so no damage die is rolled. Given
/// with a d8 face the 6 is left over and the command is refused, the board untouched;
/// the d20 alone is a plain miss, the Warg still at 22.
#[test]
fn a_miss_rolls_no_damage_so_it_takes_the_d20_alone() {
    let t = borin_and_warg("hit-rolls-miss");
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let r = hit(&t, "7,6");
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("left over"), "{}", r.stderr);
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);

    let r = hit(&t, "7");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let evs = events(&r.stdout);
    let attack = one(&evs, "attack");
    assert_eq!(
        (attack["total"].clone(), attack["hit"].clone()),
        (json!(12), json!(false))
    );
    assert!(of(&evs, "damage").is_empty());
    assert_eq!(t.creature("warg-1").unwrap()["hp"], 22);
}

/// `hit --help` tells the two flags apart and shows them together.
#[test]
fn hit_help_tells_roll_and_rolls_apart() {
    let r = run_in(&std::env::temp_dir(), &["hit", "--help"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The help is wrapped to the terminal: compare with the lines joined.
    let help = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for wanted in [
        "BONUS is the attacker's bonus (`+5`), not a die",
        "the d20 showed 14",
        "the d8 showed 6",
        "hit board.json warg-1 1d8+2 --by borin --roll +5 --rolls 14,6",
    ] {
        assert!(help.contains(wanted), "no `{wanted}` in:\n{}", r.stdout);
    }
}

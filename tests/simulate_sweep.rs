//! Balance sweeps, `simulate --vary` (SPEC §15, docs/simulate.md "Balance sweeps"), end
//! to end on fights worked out by hand: a blow whose damage is fixed, so HP alone decides
//! and the crossing is known; `count:` on identical monsters; the bisection of
//! `--target` on a fight whose win rate falls by 10 points a value; `--precision`;
//! the same report over threads and over `--shard` + `simulate merge`; every refusal.

use crate::common::{Run, Table, board_with, repo, run_in};
use serde_json::{Value, json};

/// The `--json` document of a sweep that ran.
fn sweep(r: &Run) -> Value {
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).expect("simulate --vary --json prints JSON");
    assert_eq!(doc["command"], "simulate");
    doc["sweep"].clone()
}

/// Each row's players' win rate, by the row's last value.
fn rates(s: &Value) -> Vec<(i64, f64)> {
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["values"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .as_i64()
                    .unwrap(),
                r["players"]["rate"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// `r` exited 2, printing nothing on standard output and `said` in its message.
fn refused(r: &Run, said: &str) {
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(r.stderr.contains(said), "wanted {said:?} in {}", r.stderr);
}

/// A harmless Dummy (it only "moves", with Speed 0) of `hp` HP.
fn dummy_scheme(hp: u32, does: &str) -> String {
    format!(
        "format = 1\n\n[[monster]]\nname = \"Dummy\"\nhp = {hp}\ndefence = 10\nspeed = 0\nrange = 1\n\n[[monster.behaviour]]\ndo = [\"{does}\"]\n"
    )
}

/// Aria next to one Dummy. Her blow is an area of radius 0 (the Dummy's cell alone): no
/// attack roll, so it always lands, for `damage`.
///
/// ```text
///   A B C D
/// 1 # # # #
/// 2 # a d #
/// 3 # # # #
/// ```
fn duel(name: &str, damage: &str) -> Table {
    let b = board_with(
        "####
         #ad#
         ####",
        &[
            (
                'a',
                json!({ "id": "aria", "side": "players", "hp": 20, "max_hp": 20, "defence": 10 }),
            ),
            (
                'd',
                json!({ "id": "dummy", "type": "Dummy", "side": "monsters", "hp": 5 }),
            ),
        ],
        json!({ "monster_file": "scheme.toml", "heroes_file": "heroes.toml" }),
    );
    let t = Table::new(name, &b).with_scheme(&dummy_scheme(5, "move"));
    std::fs::write(
        t.dir.join("heroes.toml"),
        format!(
            "format = 1\n\n[[hero]]\nid = \"aria\"\nattack = \"melee aoe attack {damage} radius 0\"\n"
        ),
    )
    .unwrap();
    t
}

/// Aria deals exactly 3 a round and the Dummy never strikes back. In a fight of at most
/// 2 rounds she deals 3 in round 1 and 6 by the end of round 2, so she wins every fight
/// against a Dummy of 1 to 6 HP (in round 1 up to 3 HP, in round 2 from 4 to 6) and none
/// against 7 or more (undecided at the cap):
///
/// ```text
/// Dummy.hp     1    2    3    4    5    6    7    8
/// players    100% 100% 100% 100% 100% 100%   0%   0%
/// rounds       1    1    1    2    2    2    2    2
/// ```
///
/// The players' win rate crosses 50% between 6 and 7, at 6 + (1 - 0.5) / (1 - 0) = 6.5
/// by straight-line interpolation; 60% at 6.4 and 40% at 6.6.
#[test]
fn a_fixed_blow_makes_hp_decide_and_the_crossing_is_known() {
    let t = duel("sweep-crossing", "3");
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let args = [
        "simulate",
        "board.json",
        "--vary",
        "dummy.hp=1..8",
        "--runs",
        "20",
        "--rounds",
        "2",
    ];
    let r = t.run(&[&args[..], &["--at", "60%,50%,40%", "--json"]].concat());
    let s = sweep(&r);
    assert_eq!(s["vary"][0]["what"], "Dummy.hp");
    assert_eq!(s["vary"][0]["now"], 5);
    let expected: Vec<(i64, f64)> = (1..=8)
        .map(|hp| (hp, if hp <= 6 { 1.0 } else { 0.0 }))
        .collect();
    assert_eq!(rates(&s), expected);
    for row in s["rows"].as_array().unwrap() {
        let hp = row["values"][0].as_i64().unwrap();
        assert_eq!(row["fights"], 20);
        let rounds = if hp <= 3 { 1 } else { 2 };
        assert_eq!(row["median_rounds"], rounds, "hp {hp}");
        if hp <= 6 {
            assert_eq!(row["falls_first"]["id"], "dummy");
            assert_eq!(row["falls_first"]["share"]["rate"], 1.0);
        } else {
            assert_eq!(row["undecided"]["rate"], 1.0);
            assert_eq!(row["falls_first"], Value::Null);
        }
    }
    let crossings: Vec<(f64, f64)> = s["crossings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["rate"].as_f64().unwrap(), c["value"].as_f64().unwrap()))
        .collect();
    assert_eq!(crossings, vec![(0.6, 6.4), (0.5, 6.5), (0.4, 6.6)]);
    assert_eq!(
        s["crossings"][1]["between"],
        json!([{ "value": 6, "rate": 1.0 }, { "value": 7, "rate": 0.0 }])
    );
    // The text says the crossing is interpolated; the board is never written.
    let text = t.run(&args);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(
        text.stdout.contains(
            "The players' win rate crosses 50.0% between Dummy.hp = 6 (100.0%) and 7 (0.0%): at about 6.5 (interpolated between those rows)."
        ),
        "{}",
        text.stdout
    );
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
}

/// Four identical Dummies around Aria (10 HP), each dealing a sure 3 to her a round (an
/// area of radius 0); her own blow (+0, 1 damage) cannot fell a Dummy of 50 HP in time.
///
/// ```text
///   A B C D E
/// 1 # # # # #
/// 2 # w x y #
/// 3 # . a z #
/// 4 # # # # #
/// ```
///
/// `count:dummy=N` keeps w, x, y, z in board order up to N. In 2 rounds N Dummies deal
/// 3N, then 6N: she falls when 6N >= 10, N >= 2 (in round 1 only when 3N >= 10, N = 4):
///
/// ```text
/// count     1          2    3    4
/// monsters  0%         100% 100% 100%
/// rounds    2 (cap)    2    2    1
/// ```
#[test]
fn count_takes_the_first_monsters_of_a_type() {
    let b = board_with(
        "#####
         #wxy#
         #.az#
         #####",
        &[
            (
                'a',
                json!({ "id": "aria", "side": "players", "hp": 10, "max_hp": 10, "defence": 10 }),
            ),
            (
                'w',
                json!({ "id": "w", "type": "Dummy", "side": "monsters", "hp": 50 }),
            ),
            (
                'x',
                json!({ "id": "x", "type": "Dummy", "side": "monsters", "hp": 50 }),
            ),
            (
                'y',
                json!({ "id": "y", "type": "Dummy", "side": "monsters", "hp": 50 }),
            ),
            (
                'z',
                json!({ "id": "z", "type": "Dummy", "side": "monsters", "hp": 50 }),
            ),
        ],
        json!({ "monster_file": "scheme.toml" }),
    );
    let t = Table::new("sweep-count", &b).with_scheme(&dummy_scheme(50, "aoe attack 3 radius 0"));
    std::fs::write(
        t.dir.join("heroes.toml"),
        "format = 1\n\n[[hero]]\nid = \"aria\"\nattack = \"melee attack +0 1\"\n",
    )
    .unwrap();
    let r = t.run(&[
        "simulate",
        "board.json",
        "--heroes",
        "heroes.toml",
        "--vary",
        "COUNT:dummy=1..4",
        "--runs",
        "10",
        "--rounds",
        "2",
        "--json",
    ]);
    let s = sweep(&r);
    assert_eq!(s["vary"][0]["what"], "count:Dummy");
    assert_eq!(s["vary"][0]["now"], 4);
    let rows = s["rows"].as_array().unwrap();
    let got: Vec<(f64, f64, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["monsters"]["rate"].as_f64().unwrap(),
                r["undecided"]["rate"].as_f64().unwrap(),
                r["median_rounds"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![(0.0, 1.0, 2), (1.0, 0.0, 2), (1.0, 0.0, 2), (1.0, 0.0, 1)]
    );
    for row in &rows[1..] {
        assert_eq!(row["falls_first"]["id"], "aria");
    }
    // None of them may be more than the board holds, and none at all is no fight.
    for (range, said) in [
        (
            "count:dummy=2..5",
            "5 `Dummy` cannot take part: the board has 4",
        ),
        (
            "count:dummy=0..2",
            "--vary with count:Dummy = 0: the fight is already over",
        ),
    ] {
        refused(
            &t.run(&["simulate", "board.json", "--vary", range, "--runs", "5"]),
            said,
        );
    }
}

/// Aria's blow is a sure 1d10 (an area of radius 0) and the fight has one round: she
/// wins against a Dummy of h HP when the d10 shows h or more, (11 - h) in 10:
///
/// ```text
/// h        1    2   3   4   5   6   7   8   9  10  11..16
/// players 100% 90% 80% 70% 60% 50% 40% 30% 20% 10%  0%
/// ```
///
/// Run i rolls the same d10 for every h (common random numbers), so the rates fall
/// with h without a bump. `--target 60%` over 1..16 plays both ends (100%, 0%: 60% lies
/// between), then halves: 8 (~30%, below: the value is under 8), 4 (~70%: above 4),
/// 6 (~50%: under 6), 5, and stops; 5 comes closest. With 400 fights a row each estimate
/// is within ±5 points of its rate, so none of these steps can go the other way.
#[test]
fn the_target_is_found_by_bisection_on_a_monotone_fight() {
    let t = duel("sweep-target", "1d10");
    let r = t.run(&[
        "simulate",
        "board.json",
        "--vary",
        "dummy.hp=1..16",
        "--target",
        "60%",
        "--runs",
        "400",
        "--rounds",
        "1",
        "--seed",
        "5",
        "--json",
    ]);
    let s = sweep(&r);
    assert_eq!(s["target"], 0.6);
    assert_eq!(r.stdout.matches("\"target\":").count(), 1, "each key once");
    assert_eq!(s["found"]["value"], 5);
    assert_eq!(s["found"]["played"], json!([1, 16, 8, 4, 6, 5]));
    assert_eq!(s["found"]["within"], true);
    let rows = rates(&s);
    let played: Vec<i64> = rows.iter().map(|(v, _)| *v).collect();
    assert_eq!(played, vec![1, 4, 5, 6, 8, 16], "the rows, in value order");
    assert_eq!(rows[0].1, 1.0);
    assert_eq!(rows[5].1, 0.0);
    for pair in rows.windows(2) {
        assert!(pair[0].1 >= pair[1].1, "{rows:?}");
    }
    for (v, rate) in &rows[1..5] {
        let expected = (11 - v) as f64 / 10.0;
        assert!((rate - expected).abs() < 0.05, "{v}: {rate}");
    }
    let five = s["found"]["players"].clone();
    assert!(five["low"].as_f64().unwrap() <= 0.6 && 0.6 <= five["high"].as_f64().unwrap());
}

/// `--precision 5`: a row stops once the 95% interval of the players' win rate is at
/// most ±5 points wide, after 200 fights and then 100 at a time. Against 1 HP every
/// fight is won: after 200 the Wilson interval is 98.1%-100%, ±0.9 points, so it stops
/// at 200. Against 5 HP the rate is about 60%: ±1.96·√(0.24/n) is ±6.8 points at 200,
/// ±5.5 at 300 and ±4.8 at 400, so it stops at 400.
#[test]
fn precision_stops_a_row_once_its_interval_is_narrow_enough() {
    let t = duel("sweep-precision", "1d10");
    let r = t.run(&[
        "simulate",
        "board.json",
        "--vary",
        "dummy.hp=1..5/4",
        "--precision",
        "5",
        "--runs",
        "5000",
        "--rounds",
        "1",
        "--seed",
        "5",
        "--json",
    ]);
    let s = sweep(&r);
    let fights: Vec<u64> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["fights"].as_u64().unwrap())
        .collect();
    assert_eq!(fights, vec![200, 400]);
    assert_eq!(s["precision"], 0.05);
}

/// With `--precision` a shard plays whole rows (a row decides its length as it goes):
/// two parts merge into the report of the whole sweep, the rows' fight counts included.
#[test]
fn precision_sweeps_shard_by_whole_rows() {
    let t = duel("sweep-precision-shards", "1d10");
    let args = |more: &[&str]| {
        let mut all = vec![
            "simulate",
            "board.json",
            "--vary",
            "dummy.hp=1..9/2",
            "--precision",
            "5",
            "--runs",
            "1000",
            "--rounds",
            "1",
            "--seed",
            "8",
        ];
        all.extend_from_slice(more);
        let r = t.run(&all);
        assert_eq!(r.code, 0, "{more:?}: {}", r.stderr);
        r.stdout
    };
    let whole = args(&[]);
    std::fs::write(t.dir.join("p1.json"), args(&["--shard", "1/2"])).unwrap();
    std::fs::write(t.dir.join("p2.json"), args(&["--shard", "2/2"])).unwrap();
    let merged = t.run(&["simulate", "merge", "p2.json", "p1.json"]);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, whole);
    assert!(whole.contains("stopping once the players' win rate is known within ±5 points"));
}

/// The ambush's Warg at three HP values: the report is the same bytes on 1 and 3
/// threads, and the same again from three `--shard` parts put together by `simulate
/// merge` (text and `--json`); a missing part or parts of another sweep are refused.
#[test]
fn threads_and_shards_give_the_same_report() {
    let dir = repo();
    let base = [
        "simulate",
        "scenarios/goblin-ambush.json",
        "--vary",
        "warg.hp=15..35/10",
        "--runs",
        "40",
        "--seed",
        "3",
    ];
    let with = |more: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(more);
        let r = run_in(&dir, &args, "");
        assert_eq!(r.code, 0, "{more:?}: {}", r.stderr);
        r.stdout
    };
    let one = with(&["--threads", "1"]);
    assert_eq!(with(&["--threads", "3"]), one);
    assert!(
        one.contains("Warg.hp from 15 to 35 by 10 (22 in the files)"),
        "{one}"
    );
    let json = with(&["--json", "--threads", "2"]);
    let work = crate::common::temp_dir("sweep-shards");
    let mut parts = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = with(&["--shard", &shard, "--threads", "2"]);
        let path = work.join(format!("part-{k}.json"));
        std::fs::write(&path, part).unwrap();
        parts.push(path.display().to_string());
    }
    let merge = |args: &[&str]| {
        let mut all = vec!["simulate", "merge"];
        all.extend_from_slice(args);
        run_in(&dir, &all, "")
    };
    let p: Vec<&str> = parts.iter().map(String::as_str).collect();
    let merged = merge(&p);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, one);
    let mut as_json = p.clone();
    as_json.push("--json");
    assert_eq!(merge(&as_json).stdout, json);
    // The parts in another order make the same report.
    let reversed: Vec<&str> = p.iter().rev().copied().collect();
    assert_eq!(merge(&reversed).stdout, one);
    let missing = merge(&p[..2]);
    refused(&missing, "slice 3/3 of the sweep is missing");
    let twice = merge(&[p[0], p[0], p[1], p[2]]);
    refused(&twice, "are both slice 1/3");
    // A part of a sweep with another seed.
    let other = run_in(
        &dir,
        &[
            "simulate",
            "scenarios/goblin-ambush.json",
            "--vary",
            "warg.hp=15..35/10",
            "--runs",
            "40",
            "--seed",
            "4",
            "--shard",
            "3/3",
        ],
        "",
    );
    let path = work.join("other.json");
    std::fs::write(&path, other.stdout).unwrap();
    let path = path.display().to_string();
    let mixed = merge(&[p[0], p[1], &path]);
    refused(&mixed, "is a part of another sweep");
}

/// Every refusal names what is wrong and how to put it right, exits 2 before any fight
/// and leaves the board as it was.
#[test]
fn bad_sweeps_are_refused_with_exit_2() {
    let t = duel("sweep-refusals", "3");
    let before = std::fs::read(t.dir.join("board.json")).unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["--vary", "dumy.hp=1..3"],
            &[
                "`dumy` is neither a monster type nor a character of the board",
                "did you mean `Dummy`?",
            ],
        ),
        (
            &["--vary", "dummy.hpp=1..3"],
            &["Dummy has no number `hpp` to vary", "did you mean `hp`?"],
        ),
        (
            &["--vary", "aria.atack=1..3"],
            &[
                "aria has no number `atack` to vary",
                "did you mean `attack`?",
            ],
        ),
        (
            &["--vary", "dummy.hp=8..2"],
            &["the range runs backwards (8 is above 2)", "`2..8`"],
        ),
        (
            &["--vary", "dummy.hp=1..8/0"],
            &["step `0` is not a whole number of 1 or more"],
        ),
        (&["--vary", "dummy.hp"], &["expected WHAT=RANGE"]),
        (
            &["--vary", "dummy.hp=0..4"],
            &[
                "--vary with Dummy.hp = 0: Dummy: `hp` is 0, out of range",
                "scheme.toml:5:6",
                "leave Dummy.hp = 0 out of the sweep",
            ],
        ),
        (
            &["--vary", "aria.hp=0..4"],
            &["0 HP leaves `aria` out of the fight"],
        ),
        (
            &["--vary", "level=1..3"],
            &["a Monster A.I. board has no number `level` to vary"],
        ),
        (
            &["--vary", "dummy.hp=1..1000", "--runs", "100000"],
            &["the sweep is too long", "1000 values of 100000 fights"],
        ),
        (
            &[
                "--vary",
                "dummy.hp=1..3",
                "--vary",
                "aria.hp=1..3",
                "--target",
                "50%",
            ],
            &["--target bisects one number"],
        ),
        (
            &["--vary", "dummy.hp=1..3", "--target", "150%"],
            &["--target 150%: not a rate"],
        ),
        (
            &["--vary", "dummy.hp=1..3", "--precision", "0"],
            &["--precision 0: not a number of points"],
        ),
        (
            &["--vary", "dummy.hp=1..3", "--shard", "4/3"],
            &["--shard 4/3: not a slice K/N"],
        ),
        (
            &[
                "--vary",
                "a.hp=1..2",
                "--vary",
                "b.hp=1..2",
                "--vary",
                "c.hp=1..2",
            ],
            &["--vary is given 3 times"],
        ),
    ];
    for (args, said) in cases {
        let mut all = vec!["simulate", "board.json"];
        all.extend_from_slice(args);
        if !args.contains(&"--runs") {
            all.extend(["--runs", "10"]);
        }
        let r = t.run(&all);
        for s in *said {
            refused(&r, s);
        }
    }
    assert_eq!(std::fs::read(t.dir.join("board.json")).unwrap(), before);
}

/// Two `--vary` give a grid, with the crossing along the second for each value of the
/// first; `--csv` writes the rows and `--svg` a heat map. Aria's HP does not matter to
/// the harmless Dummy, so every line crosses 50% at 6.5 as in the duel above.
#[test]
fn two_numbers_make_a_grid_with_csv_and_a_heat_map() {
    let t = duel("sweep-grid", "3");
    let r = t.run(&[
        "simulate",
        "board.json",
        "--vary",
        "aria.hp=10..20/10",
        "--vary",
        "dummy.hp=5..8",
        "--runs",
        "5",
        "--rounds",
        "2",
        "--csv",
        "rows.csv",
        "--svg",
        "grid.svg",
        "--json",
    ]);
    let s = sweep(&r);
    assert_eq!(s["rows"].as_array().unwrap().len(), 8);
    let crossings: Vec<(i64, f64)> = s["crossings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["with"].as_i64().unwrap(), c["value"].as_f64().unwrap()))
        .collect();
    assert_eq!(crossings, vec![(10, 6.5), (20, 6.5)]);
    let csv = std::fs::read_to_string(t.dir.join("rows.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(
        lines[0].starts_with("aria.hp,Dummy.hp,fights,players,"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("10,5,5,1,"), "{}", lines[1]);
    assert!(lines[8].starts_with("20,8,5,0,"), "{}", lines[8]);
    let svg = std::fs::read_to_string(t.dir.join("grid.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("Dummy.hp") && svg.contains("aria.hp"));
}

/// On an ability-deck board a type's number is the one on the stat line of the board's
/// scenario level (the crypt gate is level 1: the Grave Warden's elite line there has 11
/// HP), a character's `attack` is every `attack N` of its cards (Tor's first card says
/// `attack 4`), and `level` is written into the board and checked by the system: the Bone
/// Archer has no line for level 2, so that value is refused naming the type and the place.
#[test]
fn ability_deck_numbers_are_read_from_the_boards_level() {
    let dir = repo();
    let r = run_in(
        &dir,
        &[
            "simulate",
            "scenarios/crypt-gate.json",
            "--vary",
            "Grave-Warden.elite-hp=9..13/2",
            "--vary",
            "tor.attack=3..4",
            "--runs",
            "10",
            "--json",
        ],
        "",
    );
    let s = sweep(&r);
    assert_eq!(s["vary"][0]["what"], "grave-warden.elite-hp");
    assert_eq!(s["vary"][0]["now"], 11);
    assert_eq!(s["vary"][1]["what"], "tor.attack");
    assert_eq!(s["vary"][1]["now"], 4);
    assert_eq!(s["rows"].as_array().unwrap().len(), 6);
    let level = run_in(
        &dir,
        &[
            "simulate",
            "scenarios/crypt-gate.json",
            "--vary",
            "level=1..2",
            "--runs",
            "10",
        ],
        "",
    );
    refused(
        &level,
        "--vary with level = 2: `bone-archer` has no normal line at level 2",
    );
    refused(&level, "scenarios/crypt-gate.json");
    let unknown = run_in(
        &dir,
        &[
            "simulate",
            "scenarios/crypt-gate.json",
            "--vary",
            "grave-warden.toughness=1..2",
        ],
        "",
    );
    refused(&unknown, "grave-warden has no number `toughness` to vary");
}

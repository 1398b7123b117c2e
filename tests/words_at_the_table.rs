//! Issue 42, the words at the table: `options` given only a monster reads its type's card
//! this round; `simulate` counts an AI-deck fight's harm in its own units; the small
//! things a player meets (a board's `rng` without `position`, `hit` with the board from
//! `MONSTER_AI_BOARD`, `turn --type` before the first `next`).

use crate::common::{Run, repo, run_in, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A copy of a shipped scenario as `b.json`, its monster file beside it.
fn scenario(name: &str, board: &str, monsters: &str) -> PathBuf {
    let dir = temp_dir(name);
    let text = std::fs::read_to_string(repo().join("scenarios").join(board))
        .unwrap()
        .replace(&format!("../schemes/{monsters}"), monsters);
    std::fs::write(dir.join("b.json"), text).unwrap();
    std::fs::copy(repo().join("schemes").join(monsters), dir.join(monsters)).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_in(dir, args, "")
}

/// The crypt gate, by hand: round 1 deals "Fall Back" to the bone archers (move +1,
/// attack -1, range +0; initiative 12), who act first. Bone Archer 2 is elite: level 1's
/// elite line has move 2 and range 4, so its card's action is a move of 3 and a ranged
/// attack at range 4, target 1, no area: what `--move 3 --range 4` asks by hand.
#[test]
fn options_with_only_a_monster_reads_its_types_card() {
    let dir = scenario("words-options-card", "crypt-gate.json", "crypt.toml");
    // No round dealt yet: no card to read, and nothing written.
    let before = std::fs::read(dir.join("b.json")).unwrap();
    let r = run(&dir, &["options", "b.json", "bone-archer-2"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("error: Bone Archer has drawn no ability card this round"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--move N"), "{}", r.stderr);
    assert_eq!(std::fs::read(dir.join("b.json")).unwrap(), before);

    let r = run(&dir, &["next", "b.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let card = run(&dir, &["options", "b.json", "bone-archer-2"]);
    let asked = run(
        &dir,
        &[
            "options",
            "b.json",
            "bone-archer-2",
            "--move",
            "3",
            "--range",
            "4",
        ],
    );
    assert_eq!(
        (card.code, asked.code),
        (0, 0),
        "{}{}",
        card.stderr,
        asked.stderr
    );
    let (head, rest) = card.stdout.split_once('\n').unwrap();
    assert_eq!(
        head,
        "Bone Archer 2 [bone-archer-2] (F4) — move 3; ranged attack, range 4, from Bone Archer's card \"Fall Back\" (initiative 12) (gloomhaven rules)"
    );
    let (asked_head, asked_rest) = asked.stdout.split_once('\n').unwrap();
    assert_eq!(
        asked_head,
        "Bone Archer 2 [bone-archer-2] (F4) — move 3; ranged attack, range 4 (gloomhaven rules)"
    );
    assert_eq!(rest, asked_rest, "the same answer as asked by hand");
    let json = run(&dir, &["options", "b.json", "bone-archer-2", "--json"]);
    let v: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(
        v["card"],
        serde_json::json!({ "type": "bone-archer", "name": "Fall Back", "initiative": 12 })
    );
    assert_eq!(v["action"], "move 3; ranged attack, range 4");
}

/// The stag hunt has no hit points to lose: every wound a survivor deals is one the stag
/// takes, and every hit the stag deals is one a survivor takes. The creature table counts
/// them there, in their units, never "0.0".
#[test]
fn simulate_counts_an_ai_deck_fights_harm_in_its_units() {
    let dir = scenario("words-sim-stag", "stag-hunt.json", "gaunt-stag.toml");
    let r = run(&dir, &["simulate", "b.json", "--runs", "20", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let creatures = v["report"]["creatures"].as_array().unwrap();
    let stag = creatures.iter().find(|c| c["id"] == "stag").unwrap();
    assert_eq!(stag["dealt_in"], "hits dealt");
    assert_eq!(stag["taken_in"], "wounds taken");
    assert_eq!(stag["taken"], stag["counts"]["wounds taken"]);
    assert!(stag["taken"].as_f64().unwrap() > 0.0, "{stag}");
    let survivors: Vec<&Value> = creatures.iter().filter(|c| c["id"] != "stag").collect();
    let sum = |field: &str| -> f64 { survivors.iter().map(|c| c[field].as_f64().unwrap()).sum() };
    for s in &survivors {
        assert_eq!(s["dealt_in"], "wounds dealt", "{s}");
        assert_eq!(s["taken_in"], "hits taken", "{s}");
    }
    assert!((sum("dealt") - stag["taken"].as_f64().unwrap()).abs() < 1e-6);
    assert!((sum("taken") - stag["dealt"].as_f64().unwrap()).abs() < 1e-6);

    let r = run(&dir, &["simulate", "b.json", "--runs", "20"]);
    let row = r
        .stdout
        .lines()
        .find(|l| l.starts_with("Gaunt Stag "))
        .unwrap();
    assert!(row.ends_with(" wounds"), "{row}");
    assert!(row.contains(" hits "), "{row}");
}

/// `"rng": { "seed": 2019 }` is the generator fresh from seed 2019, as docs/board.md says:
/// the same turn as with `"position": 0`.
#[test]
fn an_rng_without_position_starts_at_zero() {
    let dir = scenario("words-rng", "goblin-ambush.json", "goblins.toml");
    let text = std::fs::read_to_string(dir.join("b.json")).unwrap();
    let full = "\"rng\": { \"seed\": 2019, \"position\": 0 }";
    assert!(text.contains(full));
    std::fs::write(
        dir.join("short.json"),
        text.replace(full, "\"rng\": { \"seed\": 2019 }"),
    )
    .unwrap();
    let a = run(&dir, &["turn", "b.json", "--dry-run"]);
    let b = run(&dir, &["turn", "short.json", "--dry-run"]);
    assert_eq!((a.code, b.code), (0, 0), "{}", b.stderr);
    assert_eq!(a.stdout, b.stdout);
}

/// With `MONSTER_AI_BOARD` set, `hit warg-1 3` left the board out: `hit` always names
/// it, and the message says so (not clap's "<DAMAGE> not provided"); nothing is written.
#[test]
fn hit_without_its_board_says_the_board_must_be_named() {
    let dir = scenario("words-hit-env", "goblin-ambush.json", "goblins.toml");
    let before = std::fs::read(dir.join("b.json")).unwrap();
    let out = std::process::Command::new(crate::common::bin())
        .args(["hit", "warg-1", "3"])
        .current_dir(&dir)
        .env("MONSTER_AI_BOARD", "b.json")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("error: `hit` needs the board named: MONSTER_AI_BOARD stands for it only in turn, round, next, undo, show, simulate"),
        "{err}"
    );
    assert!(err.contains("monster-ai hit b.json ..."), "{err}");
    assert!(!err.contains("<DAMAGE>"), "{err}");
    assert_eq!(std::fs::read(dir.join("b.json")).unwrap(), before);
}

/// Before the first `next` the board is in round 1 (it says no `round`): a second
/// `turn --type Warg` is a type acting twice in that round, warned about (refused with
/// `--strict`), as after any `next`.
#[test]
fn turn_type_twice_before_the_first_next_warns() {
    let dir = scenario("words-turn-twice", "goblin-ambush.json", "goblins.toml");
    let r = run(&dir, &["turn", "b.json", "--type", "Warg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stderr.contains("already acted"), "{}", r.stderr);
    let r = run(&dir, &["turn", "b.json", "--type", "Warg", "--dry-run"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("warning: Warg already acted this round; they act again"),
        "{}",
        r.stderr
    );
    let r = run(&dir, &["turn", "b.json", "--type", "Warg", "--strict"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("error: Warg already acted this round"),
        "{}",
        r.stderr
    );
}

/// Two systems add `door`: the top-level help line reads as one sentence.
#[test]
fn the_door_help_line_is_one_sentence() {
    let r = run(&repo(), &["--help"]);
    assert_eq!(r.code, 0);
    let line = r
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("door "))
        .unwrap();
    assert_eq!(
        line.trim_start().trim_start_matches("door").trim_start(),
        "Open a door and reveal the rooms behind it (ability-deck boards); open, close, lock or unlock a door (need-driven boards)"
    );
}

/// A character at 0 HP falls in every system. `heal` on one says a heal cannot reach
/// it, and how to bring it back where the rules allow (the ambush, Monster A.I.: `add` it
/// again under a new id, with its numbers) or that they do not (the crypt, Gloomhaven:
/// exhausted is out of the scenario). Nothing is written.
#[test]
fn heal_on_a_fallen_character_says_how_or_whether_it_comes_back() {
    let dir = scenario("words-heal-fallen", "goblin-ambush.json", "goblins.toml");
    let r = run(&dir, &["hit", "b.json", "aria", "100"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("  Aria falls on C5."), "{}", r.stdout);
    let before = std::fs::read(dir.join("b.json")).unwrap();
    let r = run(&dir, &["heal", "b.json", "aria", "5"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: TARGET `aria` fell in round 1 and is no longer on b.json: a heal cannot reach it\n  = hint: if your game's rules bring it back, put it on the board again under a new id: `monster-ai add b.json aria-2 C5 --character --hp N --max-hp 24 --defence 16 --speed 6 --name 'Aria'`\n"
    );
    assert_eq!(std::fs::read(dir.join("b.json")).unwrap(), before);
    let r = run(
        &dir,
        &[
            "add",
            "b.json",
            "aria-2",
            "C5",
            "--character",
            "--hp",
            "5",
            "--max-hp",
            "24",
            "--defence",
            "16",
            "--speed",
            "6",
            "--name",
            "Aria",
        ],
    );
    assert_eq!(r.code, 0, "the hint's command works: {}", r.stderr);

    let dir = scenario("words-heal-exhausted", "crypt-gate.json", "crypt.toml");
    assert_eq!(run(&dir, &["hit", "b.json", "vela", "100"]).code, 0);
    let r = run(&dir, &["heal", "b.json", "vela", "3"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("  = hint: under this board's rules an exhausted character takes no further part in the scenario; play on without it"),
        "{}",
        r.stderr
    );
}

/// docs/import.md's walk-through runs on the files that ship in docs/examples/, and every
/// line those commands print is the page's own.
#[test]
fn the_import_walk_through_runs_on_the_shipped_examples() {
    let dir = temp_dir("words-import-walk");
    std::fs::create_dir_all(dir.join("docs/examples")).unwrap();
    for f in ["cave-rat.json", "cave-rat-deck.json"] {
        std::fs::copy(
            repo().join("docs/examples").join(f),
            dir.join("docs/examples").join(f),
        )
        .unwrap();
    }
    let page = std::fs::read_to_string(repo().join("docs/import.md")).unwrap();
    let steps: [&[&str]; 3] = [
        &[
            "import",
            "ghs",
            "docs/examples/cave-rat.json",
            "docs/examples/cave-rat-deck.json",
            "-o",
            "rats.toml",
        ],
        &[
            "import",
            "gloom",
            "https://gloom.example/UQgEZA6ggFsEL4ABYIBECwo",
            "-o",
            "board.json",
            "--monsters",
            "rats.toml",
            "--type",
            "cave-rat",
        ],
        &[
            "options",
            "board.json",
            "cave-rat-1",
            "--move",
            "2",
            "--melee",
            "--variant",
            "gloomhaven",
        ],
    ];
    for args in steps {
        let r = run(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(
            page.contains(&format!("$ monster-ai {}", args.join(" ")).replace(
                "https://gloom.example/UQgEZA6ggFsEL4ABYIBECwo",
                "'https://gloom.example/UQgEZA6ggFsEL4ABYIBECwo'"
            )),
            "{args:?} is on the page"
        );
        for line in r.stderr.lines().chain(r.stdout.lines()) {
            assert!(
                page.contains(line),
                "{args:?} printed a line the page lacks: {line}"
            );
        }
    }
    let toml = std::fs::read_to_string(dir.join("rats.toml")).unwrap();
    for line in toml
        .lines()
        .filter(|l| l.starts_with("[[") || l.contains(" = "))
    {
        if !line.starts_with("format") && !line.starts_with("system") {
            assert!(
                page.contains(line),
                "rats.toml's line is on the page: {line}"
            );
        }
    }
    for args in [
        &[
            "add",
            "board.json",
            "cave-rat-2",
            "G12",
            "--monster",
            "cave-rat",
            "--elite",
        ][..],
        &["record", "board.json", "initiative", "character-1", "40"],
        &["next", "board.json"],
        &["next", "board.json"],
    ] {
        let r = run(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    }
}

/// `import ghs --help` shows GHS's layout today: decks under the monster folder.
#[test]
fn import_ghs_help_shows_the_current_layout() {
    let r = run(&repo(), &["import", "ghs", "--help"]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout
            .contains("data/gh/monster/bandit-guard.json data/gh/monster/deck/guard.json"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("(`data/EDITION/monster/deck/NAME.json`)"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("data/gh/deck/"), "{}", r.stdout);
}

/// `import gloom` without `--monsters`: its monster is a figure of no type, which the
/// import says, with how to give it one.
#[test]
fn import_gloom_without_monsters_says_what_its_monster_becomes() {
    let dir = temp_dir("words-gloom-untyped");
    let r = run(
        &dir,
        &[
            "import",
            "gloom",
            "https://gloom.example/UQgEZA6ggFsEL4ABYIBECwo",
            "-o",
            "b.json",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("monsters: its monster (monster-1) is a figure of no type on the monsters' side: `next` gives it a turn card of its own for you to play by hand (ask `options` what it would do); to have monster-ai play it, import the link again with `--monsters FILE --type NAME`"),
        "{}",
        r.stdout
    );
}

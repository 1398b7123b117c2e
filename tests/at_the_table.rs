//! What a player types during play: the monster file taken from the board, the board from
//! `MONSTER_AI_BOARD`, names in any case, a warning (or with `--strict` a refusal) when a
//! type acts twice in a round, and help that names the commands and formats.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn run(dir: &Path, args: &[&str], board_var: Option<&str>) -> Output {
    let mut cmd = Command::new(crate::common::bin());
    cmd.args(args).current_dir(dir).env("NO_COLOR", "1");
    cmd.env_remove("MONSTER_AI_BOARD");
    if let Some(b) = board_var {
        cmd.env("MONSTER_AI_BOARD", b);
    }
    cmd.output().unwrap()
}

/// A copy of the ambush in `play/`, finding its monster file at `../schemes/`.
fn table(name: &str) -> std::path::PathBuf {
    let dir = crate::common::temp_dir(name);
    fs::create_dir_all(dir.join("schemes")).unwrap();
    fs::create_dir_all(dir.join("play")).unwrap();
    let repo = crate::common::repo();
    fs::copy(
        repo.join("schemes/goblins.toml"),
        dir.join("schemes/goblins.toml"),
    )
    .unwrap();
    fs::copy(
        repo.join("scenarios/goblin-ambush.json"),
        dir.join("play/b.json"),
    )
    .unwrap();
    dir
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn turn_takes_the_monster_file_from_the_board_and_the_board_from_the_environment() {
    let dir = table("table-1");
    let alone = run(&dir, &["turn", "play/b.json", "--dry-run"], None);
    let both = run(
        &dir,
        &["turn", "schemes/goblins.toml", "play/b.json", "--dry-run"],
        None,
    );
    assert!(alone.status.success(), "{}", text(&alone.stderr));
    assert_eq!(alone.stdout, both.stdout, "both forms play the same turn");
    let env = run(&dir, &["turn", "--dry-run"], Some("play/b.json"));
    assert_eq!(env.stdout, both.stdout);
    // With the variable set, a lone .toml file is the monster file.
    let env_toml = run(
        &dir,
        &["turn", "schemes/goblins.toml", "--dry-run"],
        Some("play/b.json"),
    );
    assert_eq!(env_toml.stdout, both.stdout);
    let next = run(&dir, &["next", "--dry-run"], Some("play/b.json"));
    assert!(next.status.success(), "{}", text(&next.stderr));
    let none = run(&dir, &["turn"], None);
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("MONSTER_AI_BOARD"));
}

#[test]
fn types_and_ids_match_in_any_case() {
    let dir = table("table-2");
    let exact = run(
        &dir,
        &["turn", "play/b.json", "--type", "Warg", "--dry-run"],
        None,
    );
    let lower = run(
        &dir,
        &["turn", "play/b.json", "--type", "warg", "--dry-run"],
        None,
    );
    assert!(lower.status.success(), "{}", text(&lower.stderr));
    assert_eq!(lower.stdout, exact.stdout);
    let id = run(
        &dir,
        &["turn", "play/b.json", "--monster", "WARG-1", "--dry-run"],
        None,
    );
    assert!(id.status.success(), "{}", text(&id.stderr));
    assert!(text(&id.stdout).contains("warg-1"));
    let wrong = run(
        &dir,
        &["turn", "play/b.json", "--type", "Wrag", "--dry-run"],
        None,
    );
    assert!(text(&wrong.stderr).contains("did you mean `Warg`"));
}

#[test]
fn a_type_acting_twice_in_a_round_is_warned_and_strict_refuses() {
    let dir = table("table-3");
    let b = dir.join("play/b.json");
    // `round` shuffles the deck: with the board's saved seed the Wargs' card comes first.
    assert!(run(&dir, &["round", "play/b.json"], None).status.success());
    let first = run(&dir, &["turn", "play/b.json", "--type", "Warg"], None);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(!text(&first.stderr).contains("already acted"));
    let before = fs::read(&b).unwrap();
    let strict = run(
        &dir,
        &["turn", "play/b.json", "--type", "Warg", "--strict"],
        None,
    );
    assert_eq!(strict.status.code(), Some(2));
    assert!(text(&strict.stderr).contains("Warg already acted this round"));
    assert_eq!(fs::read(&b).unwrap(), before, "nothing written");
    let again = run(&dir, &["turn", "play/b.json", "--type", "warg"], None);
    assert!(again.status.success());
    assert!(text(&again.stderr).contains("warning: Warg already acted this round"));
    // `next` would reveal the Wargs' card: it refuses with --strict, warns without.
    let next = run(&dir, &["next", "play/b.json", "--strict"], None);
    assert_eq!(next.status.code(), Some(2), "{}", text(&next.stdout));
    assert!(text(&next.stderr).contains("Warg already acted this round"));
    let next = run(&dir, &["next", "play/b.json"], None);
    assert!(next.status.success());
    assert!(text(&next.stderr).contains("warning: Warg already acted this round"));
    // Undo records the selection, so the player sees which turn is taken back.
    let undo = run(&dir, &["undo", "play/b.json", "--steps", "2"], None);
    assert!(
        text(&undo.stdout).contains("(next, turn --type Warg)"),
        "{}",
        text(&undo.stdout)
    );
}

#[test]
fn help_names_the_commands_one_plays_with_and_every_format() {
    let dir = table("table-4");
    let top = text(&run(&dir, &["--help"], None).stdout);
    for word in [
        "monster-ai next",
        "monster-ai show",
        "monster-ai simulate",
        "MONSTER_AI_BOARD",
    ] {
        assert!(top.contains(word), "--help lacks {word}");
    }
    let schema = text(&run(&dir, &["schema", "--help"], None).stdout);
    for format in ["board", "monster-ai", "ability-deck", "ai-deck", "needs"] {
        assert!(schema.contains(format), "schema --help lacks {format}");
    }
}

#[test]
fn show_last_draws_the_last_commands_moves_and_blows_from_the_history() {
    let dir = table("table-last");
    let early = run(
        &dir,
        &["show", "play/b.json", "--svg", "play/x.svg", "--last"],
        None,
    );
    assert_eq!(early.status.code(), Some(2), "no history yet");
    assert!(text(&early.stderr).contains("no undo history yet"));
    // The first `next` reveals the Wargs' card: both Wargs walk next to Borin (C7) and
    // bite him, Warg 1 from D6 (a miss) and Warg 2 from D7 (a critical hit): each walk
    // is drawn, then each blow as a dashed line from the attacker's cell to Borin's, the
    // miss with a hollow head, the hit with a solid one.
    assert!(run(&dir, &["next", "play/b.json"], None).status.success());
    let last = run(
        &dir,
        &["show", "play/b.json", "--svg", "play/last.svg", "--last"],
        None,
    );
    assert!(last.status.success(), "{}", text(&last.stderr));
    let svg = fs::read_to_string(dir.join("play/last.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let walked: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| n.descendants().find(|t| t.has_tag_name("title")))
        .filter_map(|t| t.text())
        .collect();
    assert_eq!(
        walked,
        [
            "warg-1 (move): N3 M4 L5 K5 J5 I5 H5 G6 F6 E6 D6",
            "warg-1 (attack, missed): D6 C7",
            "warg-2 (move): N8 M7 L7 K7 J7 I7 H7 G7 F7 E7 D7",
            "warg-2 (attack, hit): D7 C7"
        ]
    );
    let heads: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| n.attribute("marker-end"))
        .collect();
    assert_eq!(
        heads,
        [
            "url(#arrow-0)",
            "url(#arrow-hollow-0)",
            "url(#arrow-1)",
            "url(#arrow-1)"
        ]
    );
    // A command that moves nobody leaves nothing to draw.
    assert!(
        run(
            &dir,
            &[
                "status",
                "play/b.json",
                "aria",
                "add",
                "shielded",
                "--amount",
                "2"
            ],
            None
        )
        .status
        .success()
    );
    assert!(
        run(
            &dir,
            &["show", "play/b.json", "--svg", "play/none.svg", "--last"],
            None
        )
        .status
        .success()
    );
    let none = fs::read_to_string(dir.join("play/none.svg")).unwrap();
    assert!(!none.contains("<polyline"));
}

//! Hostile files and paths (issue 14): no board, path or crash may make monster-ai print
//! a file it should not read, hang on a FIFO or device, get around the lock through a
//! symbolic link, or lose an undo step. Each case ends with exit code 2 (bad input) or 1
//! (I/O failure), a clear message, and nothing written.

#![cfg(unix)]

use crate::common::*;
use serde_json::{Value, json};
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary in `dir`; a run that has not ended after 20 s is killed and fails the
/// test (that is the "hang" being tested for).
fn run_bounded(dir: &Path, args: &[&str]) -> Run {
    let mut child = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Aria alone on a small board: player commands need no monster file.
fn lone_board() -> Value {
    let mut b = board(". . .\n. . .", &[]);
    b["creatures"] =
        json!([{ "id": "aria", "side": "players", "position": "A1", "hp": 10, "gold": 5 }]);
    b
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// `args` must fail with `code`, leave `board.json` byte for byte, and write no history.
fn refused(t: &Table, args: &[&str], code: i32) -> String {
    let before = read(&t.dir.join("board.json"));
    let files = files_in(&t.dir);
    let r = run_bounded(&t.dir, args);
    assert_eq!(r.code, code, "{args:?}: {}{}", r.stdout, r.stderr);
    assert_eq!(read(&t.dir.join("board.json")), before, "{args:?} wrote");
    assert_eq!(files_in(&t.dir), files, "{args:?} left files behind");
    r.stderr
}

// ---- 1. A board cannot make the tool print another file ------------------------------

#[test]
fn a_monster_file_outside_toml_is_refused_without_reading_it() {
    for path in [
        "/etc/passwd",
        "../../../../etc/passwd",
        "/proc/self/environ",
    ] {
        let mut b = lone_board();
        b["monster_file"] = json!(path);
        let t = Table::new("leak-path", &b);
        let err = refused(&t, &["show", "board.json"], 2);
        assert!(
            err.contains("`monster_file` must name a `.toml` file"),
            "{err}"
        );
        assert!(!err.contains("root:"), "{err}");
    }
}

#[test]
fn a_monster_file_that_is_not_a_monster_file_is_never_quoted() {
    let mut b = lone_board();
    b["monster_file"] = json!("secrets.toml");
    let t = Table::new("leak-token", &b);
    for text in [
        "api_token = \"s3cr3t-t0ken\"\n",
        "format = 1\napi_token = \"s3cr3t-t0ken\"\n[[monster]]\n",
        "s3cr3t-t0ken is not toml\n",
    ] {
        std::fs::write(t.dir.join("secrets.toml"), text).unwrap();
        for cmd in [&["show", "board.json"][..], &["next", "board.json"][..]] {
            let err = refused(&t, cmd, 2);
            assert!(!err.contains("s3cr3t"), "{cmd:?} leaked: {err}");
            assert!(err.contains("is not a monster file"), "{err}");
        }
    }
    // Bytes that are not UTF-8 are not shown either.
    std::fs::write(t.dir.join("secrets.toml"), b"s3cr3t\xff\n").unwrap();
    let err = refused(&t, &["show", "board.json"], 2);
    assert!(!err.contains("s3cr3t"), "{err}");
}

// ---- 2. FIFOs and devices are refused, not waited on ---------------------------------

#[test]
fn fifos_and_devices_are_refused_without_blocking() {
    let mut b = lone_board();
    b["monster_file"] = json!("pipe.toml");
    let t = Table::new("fifo-scheme", &b);
    mkfifo(&t.dir.join("pipe.toml"));
    let err = refused(&t, &["show", "board.json"], 2);
    assert!(
        err.contains("it is a FIFO (named pipe), not a regular file"),
        "{err}"
    );

    let t = Table::new("fifo-board", &lone_board());
    mkfifo(&t.dir.join("fifo.json"));
    for args in [
        &["show", "fifo.json"][..],
        &["gold", "fifo.json", "aria", "+1"],
        &["undo", "fifo.json"],
        &[
            "show",
            "board.json",
            "--svg",
            "out.svg",
            "--paths",
            "fifo.json",
        ],
        &["check", "fifo.json"],
    ] {
        let err = refused(&t, args, 2);
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }

    let err = refused(
        &t,
        &["gold", "board.json", "aria", "+1", "-o", "/dev/zero"],
        2,
    );
    assert!(
        err.contains("cannot use `/dev/zero`: it is a device, not a regular file"),
        "{err}"
    );
    assert!(!Path::new("/dev/zero.lock").exists());
    let err = refused(
        &t,
        &["gold", "board.json", "aria", "+1", "-o", "fifo.json"],
        2,
    );
    assert!(err.contains("FIFO"), "{err}");
    // The picture is never written into a FIFO or over a device either.
    for out in ["fifo.json", "/dev/null"] {
        let err = refused(&t, &["show", "board.json", "--svg", out], 2);
        assert!(err.contains("not a regular file"), "{out}: {err}");
    }
    assert!(
        Path::new("/dev/null")
            .metadata()
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

// ---- 3. One lock and one history per real file ---------------------------------------

#[test]
fn a_symlinked_board_shares_the_lock_and_history_of_its_file() {
    let t = Table::new("symlink-lock", &lone_board());
    std::os::unix::fs::symlink("board.json", t.dir.join("link.json")).unwrap();
    // Another command holds the real file's lock: the link must wait for it too.
    let lock = std::fs::File::create(t.dir.join("board.json.lock")).unwrap();
    lock.lock().unwrap();
    let r = run_bounded(&t.dir, &["gold", "link.json", "aria", "+1"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("another monster-ai command"),
        "{}",
        r.stderr
    );
    drop(lock);

    let r = run_bounded(&t.dir, &["gold", "link.json", "aria", "+1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        std::fs::symlink_metadata(t.dir.join("link.json"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(t.creature("aria").unwrap()["gold"], 6);
    assert!(t.dir.join("board.json.history").exists());
    assert!(!t.dir.join("link.json.history").exists());
    assert!(!t.dir.join("link.json.lock").exists());
    let r = run_bounded(&t.dir, &["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(t.creature("aria").unwrap()["gold"], 5);
}

#[test]
fn writing_a_board_over_itself_under_another_name_works() {
    let t = Table::new("self-output", &lone_board());
    for out in ["./board.json", "board.json", "../self-output/board.json"] {
        let dir_name = t.dir.file_name().unwrap().to_str().unwrap();
        let out = out.replace("self-output", dir_name);
        let r = run_bounded(&t.dir, &["gold", "board.json", "aria", "+1", "-o", &out]);
        assert_eq!(r.code, 0, "-o {out}: {}", r.stderr);
    }
    assert_eq!(t.creature("aria").unwrap()["gold"], 8);
}

#[test]
fn planted_lock_and_history_links_are_not_followed() {
    let t = Table::new("planted", &lone_board());
    let victim = t.dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    std::os::unix::fs::symlink("victim.txt", t.dir.join("board.json.lock")).unwrap();
    let err = refused(&t, &["gold", "board.json", "aria", "+1"], 1);
    assert!(err.contains("lock file"), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    std::fs::remove_file(t.dir.join("board.json.lock")).unwrap();

    std::os::unix::fs::symlink("victim.txt", t.dir.join("board.json.history")).unwrap();
    let err = refused(&t, &["gold", "board.json", "aria", "+1"], 2);
    assert!(err.contains("symbolic link"), "{err}");
    let err = refused(&t, &["undo", "board.json"], 2);
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(read(&victim), b"keep me");
}

// ---- 4. Board and history stay in step through a crash -------------------------------

#[test]
fn an_interrupted_save_costs_no_undo_step() {
    let t = Table::new("crash", &lone_board());
    let first = read(&t.dir.join("board.json"));
    assert_eq!(
        run_bounded(&t.dir, &["gold", "board.json", "aria", "+1"]).code,
        0
    );
    let second = read(&t.dir.join("board.json"));
    // A crash after the history was written but before the board was: the history's
    // newest entry is the board on disk, and a temporary file is left over.
    let mut history: Value =
        serde_json::from_slice(&read(&t.dir.join("board.json.history"))).unwrap();
    history["entries"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "command": "gold", "board": String::from_utf8(second.clone()).unwrap() }));
    std::fs::write(
        t.dir.join("board.json.history"),
        serde_json::to_string(&history).unwrap(),
    )
    .unwrap();
    std::fs::write(t.dir.join(".board.json.Ab12Cd"), "half").unwrap();
    std::fs::write(t.dir.join(".board.json.history.Xy34Zw"), "half").unwrap();

    let r = run_bounded(&t.dir, &["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        read(&t.dir.join("board.json")),
        first,
        "one undo takes back the real step"
    );
    assert!(
        !t.dir.join(".board.json.Ab12Cd").exists(),
        "stale temporary file cleaned"
    );
    assert!(!t.dir.join(".board.json.history.Xy34Zw").exists());
}

// ---- 5. History and temporary files are as private as the board ----------------------

#[test]
fn the_history_takes_the_board_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let t = Table::new("perms", &lone_board());
    let board = t.dir.join("board.json");
    std::fs::set_permissions(&board, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(
        run_bounded(&t.dir, &["gold", "board.json", "aria", "+1"]).code,
        0
    );
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&board), 0o600);
    assert_eq!(mode(&t.dir.join("board.json.history")), 0o600);
}

// ---- 6. Undo writes back only a valid board -------------------------------------------

#[test]
fn undo_refuses_a_damaged_history_entry() {
    let t = Table::new("undo-check", &lone_board());
    let bad = json!({ "format": 1, "entries": [
        { "command": "gold", "board": "{\"format\": 1, \"grid\": {\"kind\": \"square\", \"width\": 0, \"height\": 2}, \"creatures\": []}" }
    ]});
    std::fs::write(t.dir.join("board.json.history"), bad.to_string()).unwrap();
    let err = refused(&t, &["undo", "board.json"], 2);
    assert!(
        err.contains("the earlier version to restore is not a valid board"),
        "{err}"
    );
    assert!(err.contains("nothing was undone"), "{err}");
}

// ---- 7. Numbers never wrap -------------------------------------------------------------

#[test]
fn numbers_at_the_edge_of_the_integer_range_are_out_of_range() {
    let t = Table::new("numbers", &lone_board());
    for args in [
        &["gold", "board.json", "aria", "-9223372036854775808"][..],
        &["gold", "board.json", "aria", "+9223372036854775808"],
        &["gold", "board.json", "aria", "-99999999999999999999999"],
        &[
            "hit",
            "board.json",
            "aria",
            "1",
            "--roll",
            "-9223372036854775808",
        ],
        &[
            "hit",
            "board.json",
            "aria",
            "1",
            "--roll",
            "9223372036854775807",
        ],
    ] {
        let err = refused(&t, args, 2);
        assert!(err.contains("is out of range"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let err = refused(&t, &["gold", "board.json", "aria", "lots"], 2);
    assert!(err.contains("is not a number"), "{err}");
}

// ---- 8. Objects written as arrays are type errors --------------------------------------

#[test]
fn objects_written_as_arrays_are_refused_with_their_path() {
    let cases: [(&str, Value, &str); 6] = [
        ("creatures[0].saves", json!([9, 8, 7, 6, 5, 4]), "saves"),
        ("grid", json!(["square", "chebyshev", 3, 2]), "grid"),
        ("rng", json!([2019, 0]), "rng"),
        (
            "creatures[0].statuses[0]",
            json!([["stunned", 1]]),
            "statuses",
        ),
        ("fires[0]", json!([["A1", 2]]), "fires"),
        ("systems.x", json!({ "x": [1] }), "systems"),
    ];
    for (path, value, field) in cases {
        let mut b = lone_board();
        if field == "saves" || field == "statuses" {
            b["creatures"][0][field] = value;
        } else {
            b[field] = value;
        }
        let t = Table::new("shapes", &b);
        let err = refused(&t, &["show", "board.json"], 2);
        assert!(
            err.contains("wrong type: expected an object, found an array"),
            "{err}"
        );
        assert!(err.contains(&format!("({path})")), "{path}: {err}");
    }
    let t = Table::new("shapes-top", &lone_board());
    std::fs::write(t.dir.join("board.json"), "[1]").unwrap();
    let err = refused(&t, &["show", "board.json"], 2);
    assert!(err.contains("a board is a JSON object"), "{err}");
}

// ---- 9. Control characters never reach the terminal ------------------------------------

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2JAria";

#[test]
fn names_with_control_characters_are_refused_where_they_enter() {
    let mut b = lone_board();
    b["creatures"][0]["name"] = json!(EVIL);
    let t = Table::new("escape-board", &b);
    for args in [
        &["show", "board.json"][..],
        &["gold", "board.json", "aria", "+1"],
    ] {
        let err = refused(&t, args, 2);
        assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
        assert!(err.contains("control characters (found U+001B)"), "{err}");
        assert!(err.contains("(creatures[0].name)"), "{err}");
    }

    let t = Table::new("escape-scheme", &lone_board());
    let scheme = std::fs::read_to_string(goblins()).unwrap().replacen(
        "name = \"Goblin Warrior\"",
        "name = \"Goblin\\u001b[2J Warrior\"",
        1,
    );
    std::fs::write(t.dir.join("scheme.toml"), scheme).unwrap();
    let err = refused(&t, &["show", "board.json", "--monsters", "scheme.toml"], 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("control characters"), "{err}");

    let t = Table::new("escape-args", &lone_board());
    for args in [
        &[
            "add",
            "board.json",
            "zed",
            "B2",
            "--character",
            "--hp",
            "3",
            "--name",
            EVIL,
        ][..],
        &[
            "add",
            "board.json",
            "z\u{1b}[2Jed",
            "B2",
            "--character",
            "--hp",
            "3",
        ],
        &["gold", "board.json", EVIL, "+1"],
    ] {
        let err = refused(&t, args, 2);
        assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    }
}

// ---- 10. Work is bounded: creatures × cells --------------------------------------------

/// A `w`×`h` floor board with `n` players in the first cells.
fn crowd(w: usize, h: usize, n: usize) -> Value {
    let creatures: Vec<Value> = (0..n)
        .map(|i| json!({ "id": format!("p{i}"), "side": "players", "position": cell_name(i % w, i / w), "hp": 5 }))
        .collect();
    json!({ "format": 1, "grid": { "kind": "square", "width": w, "height": h }, "creatures": creatures })
}

#[test]
fn too_many_creatures_for_the_board_size_are_refused() {
    for (w, h, n, most) in [
        (1000, 1000, 63, 62),
        (500, 500, 251, 250),
        (40, 40, 1001, 1000),
    ] {
        let t = Table::new("work-limit", &crowd(w, h, n));
        let err = refused(&t, &["show", "board.json"], 2);
        assert!(
            err.contains(&format!(
                "{n} creatures is too many for a board of {} cells",
                w * h
            )),
            "{err}"
        );
        assert!(
            err.contains(&format!("holds at most {most} creatures")),
            "{err}"
        );
    }
    // At the limit the board loads, and `add` finds it full.
    let t = Table::new("work-full", &crowd(1000, 1000, 62));
    let err = refused(
        &t,
        &["add", "board.json", "zed", "Z9", "--character", "--hp", "3"],
        2,
    );
    assert!(err.contains("the board is full"), "{err}");
    assert!(err.contains("holds at most 62 creatures"), "{err}");
}

// ---- 13. A roll table after an attack is not rolled for a target the hit killed --------

#[test]
fn the_shaman_table_is_not_rolled_when_the_hit_kills() {
    for (hp, killed) in [(1, true), (40, false)] {
        let mut b = board(". . . . . . . . .", &[]);
        b["creatures"] = json!([
            { "id": "shaman", "type": "Orc Shaman", "side": "monsters", "position": "A1", "hp": 15 },
            { "id": "aria", "side": "players", "position": "C1", "hp": hp, "max_hp": 40, "defence": 0 },
            { "id": "bob", "side": "players", "position": "I1", "hp": 20, "defence": 30 }
        ]);
        let t = Table::new("table-on-kill", &b);
        for seed in ["1", "2", "3"] {
            let ev = t.turn(&["--dry-run", "--seed", seed]);
            assert_eq!(!of(&ev, "died").is_empty(), killed, "seed {seed}: {ev:#?}");
            // A hit that leaves the target standing rolls the table; a kill does not.
            assert_eq!(
                of(&ev, "table-roll").is_empty(),
                killed,
                "seed {seed}: {ev:#?}"
            );
        }
    }
}

// ---- 16. Trait subjects are checked -----------------------------------------------------

#[test]
fn trait_subjects_must_be_known_words() {
    let t = Table::new("subjects", &lone_board());
    let text = std::fs::read_to_string(goblins()).unwrap();
    let with = |phrase: &str| {
        text.replacen(
            "traits = [\"cowardly\"]",
            &format!("traits = [\"cowardly\", \"{phrase}\"]"),
            1,
        )
    };
    for good in [
        "immunity push",
        "resistance fire",
        "weakness dazed",
        "immunity poisoned",
    ] {
        std::fs::write(t.dir.join("scheme.toml"), with(good)).unwrap();
        let r = run_bounded(&t.dir, &["check", "scheme.toml"]);
        assert_eq!(r.code, 0, "{good}: {}", r.stderr);
    }
    std::fs::write(t.dir.join("scheme.toml"), with("immunity frobnicate")).unwrap();
    let r = run_bounded(&t.dir, &["check", "scheme.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("`frobnicate` is not a damage type, forced move, morale or status"),
        "{}",
        r.stderr
    );
    std::fs::write(t.dir.join("scheme.toml"), with("immunity fier")).unwrap();
    let r = run_bounded(&t.dir, &["check", "scheme.toml"]);
    assert!(r.stderr.contains("did you mean `fire`?"), "{}", r.stderr);
    let err = refused(
        &t,
        &["hit", "board.json", "aria", "1", "--kind", "frobnicate"],
        2,
    );
    assert!(err.contains("is not a damage type"), "{err}");
}

// ---- 14. The fight is not over while reinforcements or a resurrection are due ----------

#[test]
fn next_does_not_end_the_fight_while_monsters_are_still_due() {
    let mut b = lone_board();
    b["arrivals"] = json!([{ "round": 2, "near": "C2", "side": "monsters", "count": 1,
        "types": ["Goblin Warrior"], "by": "gone" }]);
    let t = Table::new("still-due", &b);
    let g = goblins();
    let r = run_bounded(&t.dir, &["next", "board.json", "--monsters", &g, "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("fight-over"), "{}", r.stdout);
}

//! Shared helpers for the end-to-end tests: run the built binary, build boards from ASCII
//! pictures, and read `--json` events.

#![allow(dead_code)]

pub(crate) mod ai_deck;
pub(crate) mod gloom_link;
pub(crate) mod json_schema;
pub(crate) mod scenario;

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub(crate) fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_monster-ai")
}

pub(crate) fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files of the repository's `folder` that git tracks, sorted: a test never reads a
/// file a walk-through or a user left there. Outside a git checkout, every file there.
pub(crate) fn tracked(folder: &str) -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--", folder])
        .current_dir(repo())
        .output()
        .ok()
        .filter(|o| o.status.success() && !o.stdout.is_empty());
    let mut files: Vec<PathBuf> = match listed {
        Some(out) => String::from_utf8(out.stdout)
            .expect("UTF-8 file names")
            .split('\0')
            .filter(|name| !name.is_empty())
            .map(|name| repo().join(name))
            .collect(),
        None => std::fs::read_dir(repo().join(folder))
            .expect("the folder")
            .map(|e| e.expect("a folder entry").path())
            .collect(),
    };
    files.sort();
    files
}

pub(crate) fn goblins() -> String {
    repo().join("schemes/goblins.toml").display().to_string()
}

/// The result of one run of the binary.
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args` in `dir`, feeding `stdin`.
pub(crate) fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// A fresh temporary folder for one test.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("monster-ai-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds a board from an ASCII picture. Map characters are the board's terrain legend
/// (`.` floor, `#` wall, `o` obstacle, `~` difficult, `^` hazardous); any letter stands for
/// the creature given for it in `creatures` (its cell is floor). Spaces between cells
/// are ignored, so pictures may be drawn spaced out.
pub(crate) fn board(picture: &str, creatures: &[(char, Value)]) -> Value {
    board_with(picture, creatures, json!({}))
}

/// Like [`board`], with extra top-level board fields merged in (traps, fires, ...).
pub(crate) fn board_with(picture: &str, creatures: &[(char, Value)], extra: Value) -> Value {
    let rows: Vec<Vec<char>> = picture
        .lines()
        .map(|l| {
            l.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<char>>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    let height = rows.len();
    let width = rows[0].len();
    let mut map = Vec::new();
    let mut placed = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(
            row.len(),
            width,
            "row {} of the picture has the wrong width",
            r + 1
        );
        let mut line = String::new();
        for (c, ch) in row.iter().enumerate() {
            if ch.is_ascii_alphanumeric() && *ch != 'o' {
                let (_, spec) = creatures
                    .iter()
                    .find(|(k, _)| k == ch)
                    .unwrap_or_else(|| panic!("no creature for `{ch}`"));
                let mut spec = spec.clone();
                spec["position"] = json!(cell_name(c, r));
                placed.push(spec);
                line.push('.');
            } else {
                line.push(*ch);
            }
        }
        map.push(line);
    }
    let mut b = json!({
        "format": 1,
        "grid": { "kind": "square", "width": width, "height": height },
        "map": map,
        "creatures": placed,
        "rng": { "seed": 1, "position": 0 }
    });
    if let (Some(obj), Some(more)) = (b.as_object_mut(), extra.as_object()) {
        for (k, v) in more {
            obj.insert(k.clone(), v.clone());
        }
    }
    b
}

/// The rows of a `w`×`h` map from a terrain code per cell (0 wall, 1 obstacle, anything
/// else or missing floor), for boards made from random numbers.
pub(crate) fn coded_map(w: usize, h: usize, terrain: &[u8]) -> Vec<String> {
    let code = |i: usize| terrain.get(i).copied().unwrap_or(9);
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| match code(r * w + c) {
                    0 => '#',
                    1 => 'o',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// The distinct cells (indexes of a `w`×`h` board) among `places`, taken modulo the
/// board, that `free` allows, in the order given.
pub(crate) fn distinct_places(
    w: usize,
    h: usize,
    places: &[usize],
    free: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut taken = Vec::new();
    for &p in places {
        let i = p % (w * h);
        if free(i) && !taken.contains(&i) {
            taken.push(i);
        }
    }
    taken
}

pub(crate) fn cell_name(col: usize, row: usize) -> String {
    let mut n = col + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push((b'A' + rem as u8) as char);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", letters.into_iter().collect::<String>(), row + 1)
}

pub(crate) fn player(id: &str, hp: i32, defence: i32) -> Value {
    json!({ "id": id, "side": "players", "hp": hp, "defence": defence })
}

pub(crate) fn monster(id: &str, kind: &str) -> Value {
    json!({ "id": id, "type": kind, "side": "monsters", "hp": hp_of(kind) })
}

fn hp_of(kind: &str) -> i32 {
    match kind {
        "Goblin Warrior" | "Goblin Archer" => 7,
        "Goblin Thief" => 6,
        "Goblin Torcher" => 8,
        "Warg" => 22,
        "Goblin Hag" => 27,
        "Orc Shaman" => 15,
        _ => 10,
    }
}

/// A board written to a temporary folder, ready to run commands on.
pub(crate) struct Table {
    pub dir: PathBuf,
}

impl Table {
    pub(crate) fn new(name: &str, board: &Value) -> Table {
        let dir = temp_dir(name);
        std::fs::write(
            dir.join("board.json"),
            serde_json::to_string_pretty(board).unwrap(),
        )
        .unwrap();
        Table { dir }
    }

    pub(crate) fn with_scheme(self, toml: &str) -> Table {
        std::fs::write(self.dir.join("scheme.toml"), toml).unwrap();
        self
    }

    pub(crate) fn run(&self, args: &[&str]) -> Run {
        run_in(&self.dir, args, "")
    }

    /// `turn BOARD --json` (and `extra`), writing the board back, which must succeed;
    /// returns the events. The monsters are the table's own `scheme.toml` when
    /// [`Table::with_scheme`] gave it one, else the shipped goblins.
    pub(crate) fn turn(&self, extra: &[&str]) -> Vec<Value> {
        let own = self.dir.join("scheme.toml");
        let schemes = if own.exists() {
            "scheme.toml".to_string()
        } else {
            goblins()
        };
        let mut args = vec!["turn", schemes.as_str(), "board.json", "--json"];
        args.extend_from_slice(extra);
        let r = self.run(&args);
        assert_eq!(r.code, 0, "turn failed: {}", r.stderr);
        events(&r.stdout)
    }

    pub(crate) fn board(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.dir.join("board.json")).unwrap())
            .unwrap()
    }

    pub(crate) fn creature(&self, id: &str) -> Option<Value> {
        self.board()["creatures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn events(stdout: &str) -> Vec<Value> {
    let v: Value =
        serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"));
    v["events"].as_array().unwrap().clone()
}

/// Events of one kind.
pub(crate) fn of<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

/// The single event of a kind (panics when there is not exactly one).
pub(crate) fn one<'a>(events: &'a [Value], kind: &str) -> &'a Value {
    let all = of(events, kind);
    assert_eq!(
        all.len(),
        1,
        "expected one `{kind}` event, got {}: {events:#?}",
        all.len()
    );
    all[0]
}

/// A shipped scenario copied into a fresh folder as `b.json`, with its monster file beside
/// it (so the board names `monster_file` as a plain file name).
pub(crate) fn shipped(name: &str, scenario: &str, monsters: &str) -> Table {
    let dir = temp_dir(name);
    let text = std::fs::read_to_string(repo().join("scenarios").join(scenario))
        .unwrap()
        .replace(&format!("../schemes/{monsters}"), monsters);
    std::fs::write(dir.join("b.json"), text).unwrap();
    std::fs::copy(repo().join("schemes").join(monsters), dir.join(monsters)).unwrap();
    Table { dir }
}

/// `args` fails with `code`, its message holding every one of `wanted`, and leaves the
/// board (`b.json`) as it was.
pub(crate) fn refused_untouched(t: &Table, args: &[&str], code: i32, wanted: &[&str]) {
    let before = std::fs::read(t.dir.join("b.json")).unwrap();
    let r = t.run(args);
    assert_eq!(r.code, code, "{args:?}: {}{}", r.stdout, r.stderr);
    for w in wanted {
        assert!(
            r.stderr.contains(w),
            "{args:?}: wanted {w:?} in {}",
            r.stderr
        );
    }
    assert_eq!(
        std::fs::read(t.dir.join("b.json")).unwrap(),
        before,
        "{args:?} wrote"
    );
}

/// The files in `dir`, except lock files (which are left in place by design).
pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    names.sort();
    names
}

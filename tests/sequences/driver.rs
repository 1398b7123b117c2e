//! Plays long sequences of the commands players and monsters use on a copy of a shipped
//! scenario, in this process, through the same entry point `main.rs` uses
//! (`Cli::from_matches_for` and `cli::run_with`), and checks after every command that
//! what it wrote every command reads (SPEC §10):
//!
//! - exit 0: `check`, `show` and `next --dry-run` accept the board, and `undo` on a copy
//!   of the board and its history accepts it too and gives back, byte for byte, the board
//!   as it was before the command;
//! - exit 2: the board and its history are byte for byte what they were;
//! - never exit 1 or a panic.
//!
//! `next --dry-run` may still refuse to play on (a round owes the characters'
//! initiatives): what it may not do is refuse the board itself (a problem located in the
//! board file).
//!
//! Where the choices come from is a [`Source`]: a seeded generator in the tests, the
//! fuzzer's bytes in `fuzz/fuzz_targets/sequences.rs` (which includes this file).

use monster_ai::cli::Cli;
use monster_ai::cli::output::capture_stdout;
use monster_ai::registry::Registry;
use monster_ai_core::board::StatusKind;
use monster_ai_core::error::Error;
use monster_ai_core::grid::Cell;
use monster_ai_core::io::history::{Entry, History};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// Where a sequence's choices come from: `below(n)` is a number under `n` (n ≥ 1), or
/// `None` when the source has no more to give (the sequence ends).
pub(crate) trait Source {
    fn below(&mut self, n: usize) -> Option<usize>;
}

/// SplitMix64: a seeded source for the tests (the same seed, the same sequence).
pub(crate) struct Seeded(pub(crate) u64);

impl Source for Seeded {
    fn below(&mut self, n: usize) -> Option<usize> {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Some((z % n.max(1) as u64) as usize)
    }
}

/// The fuzzer's bytes as a source: one byte per choice, ending with the bytes.
pub(crate) struct Bytes<'a>(pub(crate) &'a [u8]);

impl Source for Bytes<'_> {
    fn below(&mut self, n: usize) -> Option<usize> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(usize::from(b) % n.max(1))
    }
}

/// A copy of one shipped scenario in a folder of its own, laid out as in the repository
/// (`scenarios/NAME.json` beside the other scenario files, `schemes/` one folder up), so
/// the board's relative `monster_file` and `heroes_file` resolve.
pub(crate) struct Table {
    /// The scenario's file name (`crypt-gate.json`).
    pub(crate) name: String,
    root: PathBuf,
    board: PathBuf,
    start: String,
    /// The monster file the board names, with its kinds and system, read once.
    monsters: std::cell::RefCell<Option<(String, Vec<String>, String)>>,
}

impl Table {
    /// Lays out `scenario` (a path into the repository's `scenarios/`) under `root`.
    pub(crate) fn lay(repo: &Path, scenario: &Path, root: PathBuf) -> Table {
        let _ = fs::remove_dir_all(&root);
        for folder in ["scenarios", "schemes"] {
            fs::create_dir_all(root.join(folder)).unwrap();
            for entry in fs::read_dir(repo.join(folder)).unwrap() {
                let path = entry.unwrap().path();
                let keep = path.extension().is_some_and(|e| e == "toml")
                    || (folder == "scenarios" && path == scenario);
                if keep && path.is_file() {
                    fs::copy(&path, root.join(folder).join(path.file_name().unwrap())).unwrap();
                }
            }
        }
        let name = scenario.file_name().unwrap().to_string_lossy().to_string();
        let board = root.join("scenarios").join(&name);
        let start = fs::read_to_string(&board).unwrap();
        Table {
            name,
            root,
            board,
            start,
            monsters: Default::default(),
        }
    }

    /// Puts the scenario back as shipped, with no history.
    pub(crate) fn reset(&self) {
        fs::write(&self.board, &self.start).unwrap();
        let _ = fs::remove_file(history(&self.board));
    }

    /// Removes the folder.
    pub(crate) fn clear(&self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn history(board: &Path) -> PathBuf {
    let mut s = board.as_os_str().to_owned();
    s.push(".history");
    PathBuf::from(s)
}

fn read(path: &Path) -> Option<Vec<u8>> {
    fs::read(path).ok()
}

/// A command's words after `monster-ai`; `BOARD` stands for the board file.
pub(crate) type Words = Vec<String>;

/// What went wrong, with the commands that led there.
pub(crate) struct Failure {
    pub(crate) scenario: String,
    pub(crate) seed: Option<u64>,
    pub(crate) commands: Vec<Words>,
    pub(crate) what: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} ({} commands in):", self.what, self.commands.len())?;
        if let Some(seed) = self.seed {
            writeln!(
                f,
                "scenario {}, seed {seed} (SEQUENCE_SCENARIO={} SEQUENCE_SEED={seed} \
                 SEQUENCE_SEEDS=1 cargo test --test integration sequences:: -- --nocapture)",
                self.scenario,
                self.scenario.trim_end_matches(".json"),
            )?;
        }
        writeln!(f, "Replay it from the repository's folder:")?;
        writeln!(
            f,
            "  mkdir -p /tmp/replay && cp -r scenarios schemes /tmp/replay/ && cd /tmp/replay/scenarios && cp {} board.json && rm -f board.json.history",
            self.scenario
        )?;
        for words in &self.commands {
            if words[0] == NEW_HISTORY {
                writeln!(f, "  rm board.json.history")?;
                continue;
            }
            let line: Vec<String> = words
                .iter()
                .map(|w| {
                    if w == "BOARD" {
                        "board.json".into()
                    } else {
                        quote(w)
                    }
                })
                .collect();
            writeln!(f, "  monster-ai {}", line.join(" "))?;
        }
        Ok(())
    }
}

/// `word` as a shell reads it back.
fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=+/.,:%@".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// How a command ended: its exit code and, when it failed, its message.
struct Ran {
    code: i32,
    message: String,
    /// Some problem is located in this file.
    located_in: Vec<String>,
}

/// Runs `words` (with `BOARD` replaced by `board`) as the binary would. A board found
/// locked is tried again a little later: the lock is this process's own, kept a moment
/// longer by a child another test thread forked while it was held (the child holds the
/// lock's open file until it starts its program).
fn run(registry: &Registry, words: &[String], board: &Path) -> Ran {
    let mut tries = 0;
    loop {
        let ran = run_once(registry, words, board);
        tries += 1;
        if ran.code != 1
            || !ran.message.contains("another monster-ai command is using")
            || tries == 100
        {
            return ran;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn run_once(registry: &Registry, words: &[String], board: &Path) -> Ran {
    let board_s = board.to_str().unwrap();
    let mut args = vec!["monster-ai".to_string()];
    args.extend(words.iter().map(|w| {
        if w == "BOARD" {
            board_s.into()
        } else {
            w.clone()
        }
    }));
    let parsed = Cli::command_for(registry)
        .try_get_matches_from(&args)
        .map_err(|e| e.to_string())
        .and_then(|m| Cli::from_matches_for(registry, &m).map_err(|e| e.to_string()));
    let cli = match parsed {
        Ok(cli) => cli,
        // clap refuses the words: exit 2, as the binary would.
        Err(message) => {
            return Ran {
                code: 2,
                message,
                located_in: Vec::new(),
            };
        }
    };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        capture_stdout(|| monster_ai::cli::run_with(registry, cli)).0
    }));
    match outcome {
        Ok(Ok(())) => Ran {
            code: 0,
            message: String::new(),
            located_in: Vec::new(),
        },
        Ok(Err(e)) => Ran {
            code: e.exit_code(),
            located_in: match &e {
                Error::BadInput(ds) => ds.iter().map(|d| d.file.clone()).collect(),
                Error::Failure(_) => Vec::new(),
            },
            message: e.to_string(),
        },
        Err(panic) => Ran {
            code: 101,
            message: format!(
                "panicked: {}",
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            ),
            located_in: Vec::new(),
        },
    }
}

/// How many commands a sequence plays on one undo history.
const FRESH_HISTORY: usize = 16;
/// Stands in the commands played where the sequence started a new history.
const NEW_HISTORY: &str = "rm-history";

/// How the commands of a sequence ended: per command (with the record word), how many
/// exited 0 and how many were refused (exit 2).
pub(crate) type Tally = std::collections::BTreeMap<String, (usize, usize)>;

/// Plays up to `steps` commands chosen by `source` on `table` (from where it stands),
/// checking each and counting how they ended in `tally`; the commands played when all
/// held.
pub(crate) fn play(
    registry: &Registry,
    table: &Table,
    source: &mut dyn Source,
    steps: usize,
    tally: &mut Tally,
) -> Result<Vec<Words>, Failure> {
    let mut played: Vec<Words> = Vec::new();
    let mut fresh = 0usize;
    let fail = |played: &[Words], what: String| Failure {
        scenario: table.name.clone(),
        seed: None,
        commands: played.to_vec(),
        what,
    };
    for step in 0..steps {
        // Every command reads and writes the whole undo history (up to 50 boards): every
        // so often the sequence starts a new one, as a player who deleted BOARD.history
        // would, so that it stays short and the commands quick.
        if step % FRESH_HISTORY == FRESH_HISTORY - 1 {
            let _ = fs::remove_file(history(&table.board));
            played.push(vec![NEW_HISTORY.to_string()]);
        }
        let before = read(&table.board).unwrap_or_default();
        let history_before = read(&history(&table.board));
        let view: Value = serde_json::from_slice(&before).unwrap_or(Value::Null);
        let Some(words) = choose(registry, table, &view, source, &mut fresh) else {
            break;
        };
        played.push(words.clone());
        let ran = run(registry, &words, &table.board);
        let after = read(&table.board).unwrap_or_default();
        let name = match words[0].as_str() {
            "record" => format!("record {}", words[2]),
            w => w.to_string(),
        };
        let counts = tally.entry(name).or_default();
        if ran.code == 0 {
            counts.0 += 1;
        } else {
            counts.1 += 1;
            if std::env::var_os("SEQUENCE_WHY").is_some() {
                eprintln!(
                    "WHY {} | {} | {}",
                    table.name,
                    words.join(" "),
                    first_line(&ran.message)
                );
            }
        }
        match ran.code {
            0 => {
                if let Some(what) = readable(registry, table, &words[0], &before, &after) {
                    return Err(fail(&played, what));
                }
            }
            2 => {
                if after != before || read(&history(&table.board)) != history_before {
                    return Err(fail(
                        &played,
                        format!(
                            "exit 2 changed the board or its history: {}",
                            first_line(&ran.message)
                        ),
                    ));
                }
            }
            code => {
                return Err(fail(
                    &played,
                    format!("exit {code}: {}", first_line(&ran.message)),
                ));
            }
        }
    }
    Ok(played)
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// After `command` exited 0: why some command refuses what it wrote, if one does.
///
/// `next --dry-run` and `undo` run on a copy of the board whose history holds one entry,
/// the board as it was before the command: both read the history (`next` to tell
/// whether a type already acted), and a whole history of up to 50 boards is read and
/// written by the commands themselves already; that the real history holds that entry
/// is checked on its text.
fn readable(
    registry: &Registry,
    table: &Table,
    command: &str,
    before: &[u8],
    after: &[u8],
) -> Option<String> {
    let board = &table.board;
    let changed = before != after && command != "undo";
    let copy = board.with_file_name("probe.json");
    let _ = fs::remove_file(history(&copy));
    fs::write(&copy, after).unwrap();
    let before_text = String::from_utf8_lossy(before).to_string();
    if changed {
        let Some(kept) = read(&history(board)) else {
            return Some("the command changed the board but kept no history".into());
        };
        let quoted = serde_json::to_string(&before_text).unwrap();
        if !String::from_utf8_lossy(&kept).contains(&quoted) {
            return Some("the history does not hold the board as it was before the command".into());
        }
        let one = History {
            format: 1,
            entries: vec![Entry {
                command: command.to_string(),
                board: before_text,
                moves: None,
            }],
        };
        one.save(&copy, None).unwrap();
    }
    let words = |w: &[&str]| -> Vec<String> { w.iter().map(|s| s.to_string()).collect() };
    let mut problem = None;
    for (probe, on) in [
        (words(&["check", "BOARD"]), board),
        (words(&["show", "BOARD"]), board),
        (words(&["next", "BOARD", "--dry-run"]), &copy),
    ] {
        let ran = run(registry, &probe, on);
        let name = on.to_str().unwrap();
        let refused_board = ran.located_in.iter().any(|f| f == name);
        if ran.code != 0 && (probe[0] != "next" || ran.code != 2 || refused_board) {
            problem = Some(format!(
                "`{}` then refused the board (exit {}): {}",
                probe.join(" "),
                ran.code,
                ran.message.trim_end()
            ));
            break;
        }
    }
    if problem.is_none()
        && (read(board).as_deref() != Some(after) || read(&copy).as_deref() != Some(after))
    {
        problem = Some("`check`, `show` or `next --dry-run` changed the board".into());
    }
    if problem.is_none() && changed {
        let ran = run(registry, &words(&["undo", "BOARD"]), &copy);
        if ran.code != 0 {
            problem = Some(format!(
                "`undo` then refused the board (exit {}): {}",
                ran.code,
                ran.message.trim_end()
            ));
        } else if read(&copy).as_deref() != Some(before) {
            problem =
                Some("`undo` did not give back the board as it was before the command".into());
        }
    }
    let _ = fs::remove_file(&copy);
    let _ = fs::remove_file(history(&copy));
    problem
}

// ---- choosing the next command ------------------------------------------------------

fn pick<'a, T>(source: &mut dyn Source, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        return None;
    }
    Some(&items[source.below(items.len())?])
}

fn strings(v: &Value) -> impl Iterator<Item = &str> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str())
}

/// What the chooser reads off the board: ids, cells, the system's things.
struct Seen {
    creatures: Vec<String>,
    characters: Vec<String>,
    monsters: Vec<String>,
    positions: Vec<(i32, i32)>,
    fallen: Vec<String>,
    width: i32,
    height: i32,
    doors: Vec<String>,
    items: Vec<String>,
    cards: Vec<String>,
    injuries: Vec<String>,
}

fn see(view: &Value) -> Seen {
    let creatures = view["creatures"].as_array().cloned().unwrap_or_default();
    let id = |c: &Value| c["id"].as_str().unwrap_or("").to_string();
    let is_character = |c: &Value| c["side"] == "players" && c.get("type").is_none();
    let position = |c: &Value| {
        c["position"]
            .as_str()
            .and_then(|p| Cell::parse(p).ok())
            .map_or((0, 0), |p| (p.col, p.row))
    };
    let mut doors = Vec::new();
    for (row, line) in strings(&view["map"]).enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch == '+' || ch == '/' {
                doors.push(Cell::new(col as i32, row as i32).name());
            }
        }
    }
    let systems = &view["systems"];
    for room in systems["ability-deck"]["rooms"]
        .as_array()
        .into_iter()
        .flatten()
    {
        doors.extend(strings(&room["doors"]).map(str::to_string));
    }
    let items = systems["needs"]["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["id"].as_str().map(str::to_string))
        .collect();
    let mut cards = Vec::new();
    let mut injuries = Vec::new();
    for deck in systems["ai-deck"]["decks"]
        .as_object()
        .into_iter()
        .flatten()
    {
        for pile in ["in_play", "deck", "discard"] {
            cards.extend(strings(&deck.1[pile]).map(str::to_string));
        }
        injuries.extend(strings(&deck.1["injuries"]).map(str::to_string));
    }
    Seen {
        characters: creatures
            .iter()
            .filter(|c| is_character(c))
            .map(id)
            .collect(),
        monsters: creatures
            .iter()
            .filter(|c| c["side"] == "monsters")
            .map(id)
            .collect(),
        positions: creatures.iter().map(position).collect(),
        creatures: creatures.iter().map(id).collect(),
        fallen: view["fallen"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f["creature"]["id"].as_str().map(str::to_string))
            .collect(),
        width: view["grid"]["width"].as_i64().unwrap_or(1) as i32,
        height: view["grid"]["height"].as_i64().unwrap_or(1) as i32,
        doors,
        items,
        cards,
        injuries,
    }
}

impl Seen {
    /// A creature's id: mostly one on the board, now and then one that fell or a stranger.
    fn creature(&self, s: &mut dyn Source) -> Option<String> {
        Some(match s.below(20)? {
            0 => pick(s, &self.fallen)
                .cloned()
                .unwrap_or_else(|| "nobody".into()),
            1 => "nobody".into(),
            _ => pick(s, &self.creatures)
                .cloned()
                .unwrap_or_else(|| "nobody".into()),
        })
    }

    fn of(&self, s: &mut dyn Source, side: &[String]) -> Option<String> {
        match s.below(10)? {
            0 => self.creature(s),
            _ => pick(s, side).cloned().or_else(|| self.creature(s)),
        }
    }

    /// A cell: mostly near a creature, sometimes anywhere, now and then off the board.
    fn cell(&self, s: &mut dyn Source) -> Option<String> {
        let (col, row) = match s.below(10)? {
            0 => (
                s.below(self.width as usize + 3)? as i32,
                s.below(self.height as usize + 3)? as i32,
            ),
            1..=3 => (
                s.below(self.width.max(1) as usize)? as i32,
                s.below(self.height.max(1) as usize)? as i32,
            ),
            _ => {
                let &(c, r) = pick(s, &self.positions).unwrap_or(&(0, 0));
                (c + s.below(7)? as i32 - 3, r + s.below(7)? as i32 - 3)
            }
        };
        Some(Cell::new(col.max(0), row.max(0)).name())
    }
}

fn number(s: &mut dyn Source, most: usize) -> Option<String> {
    Some(s.below(most + 1)?.to_string())
}

/// Chooses the next command from what the board holds.
fn choose(
    registry: &Registry,
    table: &Table,
    view: &Value,
    s: &mut dyn Source,
    fresh: &mut usize,
) -> Option<Words> {
    let seen = see(view);
    let (kinds, system) = monsters_of(registry, table, view);
    let w = |x: &str| x.to_string();
    let records = registry.find(&system).map_or(0, |c| c.record_words().len());
    let over = seen.characters.is_empty() || seen.monsters.is_empty();
    // How often each command comes up on this board: a fight that is over is mostly
    // undone or given new creatures; record words, doors and items only where the system
    // has them; an ability-deck board often owes the characters' initiatives.
    let menu: &[(&str, usize)] = &[
        ("next", 26),
        ("round", 3),
        ("turn", 5),
        ("hit", 12),
        ("heal", 4),
        ("move", 9),
        ("status", 6),
        ("gold", 3),
        ("add", if over { 30 } else { 4 }),
        ("remove", 2),
        ("record", if records > 0 { 12 } else { 0 }),
        ("initiative", if system == "ability-deck" { 6 } else { 0 }),
        (
            "door",
            if matches!(system.as_str(), "needs" | "ability-deck") {
                3
            } else {
                1
            },
        ),
        ("item", if system == "needs" { 5 } else { 1 }),
        ("undo", if over { 30 } else { 5 }),
    ];
    let total: usize = menu.iter().map(|m| m.1).sum();
    let mut roll = s.below(total)?;
    let kind = menu
        .iter()
        .find(|m| {
            let hit = roll < m.1;
            roll = roll.saturating_sub(m.1);
            hit
        })
        .map_or("next", |m| m.0);
    let mut words: Words = match kind {
        "next" => vec![w("next"), w("BOARD")],
        "round" => vec![w("round"), w("BOARD")],
        "turn" => {
            let mut t = vec![w("turn"), w("BOARD")];
            match s.below(3)? {
                0 => t.extend([w("--type"), pick(s, &kinds).cloned().unwrap_or(w("x"))]),
                1 => t.extend([w("--monster"), seen.of(s, &seen.monsters)?]),
                _ => {}
            }
            t
        }
        "hit" => {
            let damage = match s.below(12)? {
                0 | 1 => w("1d6"),
                2 => w("30"),
                _ => (1 + s.below(6)?).to_string(),
            };
            let mut t = vec![w("hit"), w("BOARD"), seen.creature(s)?, damage];
            if s.below(3)? == 0 {
                t.extend([w("--by"), seen.creature(s)?]);
            }
            t
        }
        "heal" => vec![w("heal"), w("BOARD"), seen.creature(s)?, number(s, 6)?],
        "move" => {
            let mut t = vec![w("move"), w("BOARD"), seen.creature(s)?, seen.cell(s)?];
            if s.below(5)? == 0 {
                t.push(w("--place"));
            }
            t
        }
        "status" => {
            let kind = pick(s, &StatusKind::ALL)?.label();
            let change = if s.below(3)? == 0 { "remove" } else { "add" };
            let mut t = vec![
                w("status"),
                w("BOARD"),
                seen.creature(s)?,
                w(change),
                w(kind),
            ];
            if matches!(kind, "withered" | "shielded" | "retaliating") && s.below(2)? == 0 {
                t.extend([w("--amount"), (1 + s.below(3)?).to_string()]);
            }
            t
        }
        "gold" => {
            let sign = if s.below(3)? == 0 { "-" } else { "+" };
            vec![
                w("gold"),
                w("BOARD"),
                seen.creature(s)?,
                format!("{sign}{}", s.below(12)?),
            ]
        }
        "add" => {
            *fresh += 1;
            let id = format!("new-{fresh}");
            let mut t = vec![w("add"), w("BOARD"), id, seen.cell(s)?];
            if s.below(3)? == 0 || kinds.is_empty() || seen.characters.is_empty() {
                t.extend([w("--character"), w("--hp"), (1 + s.below(12)?).to_string()]);
            } else {
                t.extend([w("--monster"), pick(s, &kinds)?.clone()]);
                if system == "ability-deck" && s.below(3)? == 0 {
                    t.push(w("--elite"));
                }
            }
            t
        }
        "remove" => vec![w("remove"), w("BOARD"), seen.creature(s)?],
        "record" => {
            let mut t = vec![w("record"), w("BOARD")];
            t.extend(record_words(registry, &system, &seen, s)?);
            t
        }
        "door" => {
            let action = pick(s, &["open", "open", "close", "lock", "unlock"])?;
            let cell = match s.below(4)? {
                0 => seen.cell(s)?,
                _ => pick(s, &seen.doors).cloned().or_else(|| seen.cell(s))?,
            };
            vec![w("door"), w("BOARD"), cell, w(action)]
        }
        "item" => {
            let mut t = vec![w("item"), w("BOARD")];
            t.extend(item_words(&seen, s)?);
            t
        }
        "initiative" => {
            let mut t = vec![w("record"), w("BOARD"), w("initiative")];
            for c in &seen.characters {
                if s.below(12)? > 0 {
                    t.push(format!("{c}={}", 1 + s.below(99)?));
                }
            }
            t
        }
        _ => vec![w("undo"), w("BOARD")],
    };
    if matches!(words[0].as_str(), "next" | "turn" | "round") && s.below(4)? == 0 {
        words.extend([w("--ties"), w("random")]);
    }
    Some(words)
}

/// The monster kinds of the board's monster file and its system.
fn monsters_of(registry: &Registry, table: &Table, view: &Value) -> (Vec<String>, String) {
    let file = view["monster_file"].as_str().unwrap_or("");
    if let Some((known, kinds, system)) = &*table.monsters.borrow()
        && known == file
    {
        return (kinds.clone(), system.clone());
    }
    let path = table.board.parent().unwrap().join(file);
    let (kinds, system) = fs::read_to_string(&path)
        .ok()
        .and_then(|text| registry.load(path.to_str().unwrap(), &text).ok())
        .map_or((Vec::new(), String::new()), |m| {
            (m.kinds(), m.system().to_string())
        });
    *table.monsters.borrow_mut() = Some((file.to_string(), kinds.clone(), system.clone()));
    (kinds, system)
}

/// `item ...` words (need-driven boards).
fn item_words(seen: &Seen, s: &mut dyn Source) -> Option<Words> {
    let item = pick(s, &seen.items)
        .cloned()
        .unwrap_or_else(|| "nothing".into());
    Some(match s.below(5)? {
        0 | 1 => vec![item, "give".into(), seen.creature(s)?],
        2 => {
            let mut t = vec![item, "drop".into()];
            if s.below(2)? == 0 {
                t.push(seen.cell(s)?);
            }
            t
        }
        3 => vec![item, "equip".into()],
        _ => vec![item, "unequip".into()],
    })
}

/// One of the board's system's record words, with arguments.
fn record_words(
    registry: &Registry,
    system: &str,
    seen: &Seen,
    s: &mut dyn Source,
) -> Option<Words> {
    let words = registry
        .find(system)
        .map(|c| c.record_words())
        .unwrap_or_default();
    let Some(word) = pick(s, &words) else {
        return Some(vec!["nothing".into()]);
    };
    let mut out = vec![word.get_name().to_string()];
    let w = |x: &str| x.to_string();
    match word.get_name() {
        "initiative" => {
            if s.below(5)? == 0 {
                out.push(w("keep"));
            } else {
                for c in &seen.characters {
                    if s.below(12)? > 0 {
                        out.push(format!("{c}={}", 1 + s.below(99)?));
                    }
                }
            }
        }
        "element" => {
            let names = ["fire", "ice", "air", "earth", "light", "dark"];
            let strength = ["strong", "waning", "inert"];
            out.push(format!("{}={}", pick(s, &names)?, pick(s, &strength)?));
        }
        "door" => {
            out.push(pick(s, &seen.doors).cloned().or_else(|| seen.cell(s))?);
            out.push(w(pick(s, &["open", "open", "close", "lock", "unlock"])?));
        }
        "item" => out.extend(item_words(seen, s)?),
        "facing" => {
            out.push(seen.of(s, &seen.monsters)?);
            out.push(w(pick(s, &["north", "east", "south", "west"])?));
        }
        "attack" => {
            out.push(seen.of(s, &seen.characters)?);
            out.push(seen.of(s, &seen.monsters)?);
            out.push(format!(
                "{}/{}+/{}",
                1 + s.below(3)?,
                2 + s.below(8)?,
                s.below(4)?
            ));
        }
        "token" => {
            out.push(seen.of(s, &seen.characters)?);
            out.push(w(pick(s, &["bleeding", "insanity", "survival"])?));
            let sign = if s.below(3)? == 0 { "-" } else { "+" };
            out.push(format!("{sign}{}", s.below(3)?));
        }
        "leave-play" => {
            out.push(seen.of(s, &seen.monsters)?);
            out.push(pick(s, &seen.cards).cloned().unwrap_or(w("nothing")));
        }
        "injury" | "heal-injury" => {
            out.push(seen.of(s, &seen.monsters)?);
            let mut names = seen.injuries.clone();
            names.push(w("broken horn"));
            out.push(pick(s, &names)?.clone());
        }
        _ => {
            // Any other word: its usage line's parts filled in from the board.
            for part in monster_ai_core::systems::record::usage(word).split_whitespace() {
                let part = part.trim_matches(|c| c == '[' || c == ']');
                let value = match part {
                    "MONSTER" => seen.of(s, &seen.monsters)?,
                    "SURVIVOR" => seen.of(s, &seen.characters)?,
                    "ID" => seen.creature(s)?,
                    "N" => number(s, 6)?,
                    "CELL" => seen.cell(s)?,
                    "--by" if s.below(2)? == 0 => w("--by"),
                    "--by" => break,
                    p if p.contains('|') => {
                        let options: Vec<&str> = p.split('|').collect();
                        w(pick(s, &options)?)
                    }
                    p if p.chars().all(|c| c.is_ascii_uppercase()) => seen.creature(s)?,
                    p => w(p),
                };
                out.push(value);
            }
        }
    }
    Some(out)
}

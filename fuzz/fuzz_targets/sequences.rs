//! What a command writes, every command reads, with the fuzzer choosing the commands: the
//! input's bytes pick, one byte per choice, a sequence of the commands players and
//! monsters use (next, round, turn, hit, heal, move, status, gold, add, remove, each
//! system's record words, door, item, undo) on a copy of one shipped scenario (the first
//! byte picks which), and every command is checked as `tests/sequences/driver.rs` (the
//! same file, included here) checks it: exit 0 => `check`, `show`, `next --dry-run` and
//! `undo` accept the board; exit 2 => the board and its history unchanged; never exit 1
//! or a panic. The commands run in this process through `cli::run_with`, what they
//! print kept in memory.
#![no_main]

// The tests' seeded source is not used here.
#[allow(dead_code)]
#[path = "../../tests/sequences/driver.rs"]
mod driver;

use libfuzzer_sys::fuzz_target;
use monster_ai::registry::Registry;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The repository (the shipped scenarios and monster files are copied from it).
fn repo() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The shipped scenarios, in name order.
fn scenarios() -> &'static [PathBuf] {
    static LIST: OnceLock<Vec<PathBuf>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut all: Vec<PathBuf> = std::fs::read_dir(repo().join("scenarios"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        all.sort();
        all
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let list = scenarios();
    let scenario = &list[usize::from(first) % list.len()];
    let root = std::env::temp_dir().join(format!("monster-ai-fuzz-sequences-{}", std::process::id()));
    let table = driver::Table::lay(&repo(), scenario, root);
    let registry = Registry::builtin();
    let mut tally = driver::Tally::new();
    if let Err(failure) = driver::play(&registry, &table, &mut driver::Bytes(rest), 400, &mut tally) {
        panic!("{failure}");
    }
});

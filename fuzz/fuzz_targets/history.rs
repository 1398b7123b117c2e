//! The undo history on arbitrary text: the input is written as `board.json.history`
//! beside a shipped board and its monster file, then `undo` runs through the real command
//! code (`cli::run`), twice (the second reads the history the first rewrote). Neither
//! may panic.
#![no_main]

use clap::Parser;
use libfuzzer_sys::fuzz_target;
use monster_ai::cli::{Cli, run};
use std::path::PathBuf;
use std::sync::OnceLock;

const GOBLINS: &str = include_str!("../../schemes/goblins.toml");
const BOARD: &str = include_str!("../../scenarios/goblin-ambush.json");

/// A private folder holding the monster file in `schemes/` and the board in `scenarios/`,
/// as the shipped board expects; narration goes to /dev/null.
fn folder() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("monster-ai-fuzz-h-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("schemes")).unwrap();
        std::fs::create_dir_all(dir.join("scenarios")).unwrap();
        std::fs::write(dir.join("schemes/goblins.toml"), GOBLINS).unwrap();
        let null = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/null")
            .unwrap();
        // SAFETY: replaces standard output with /dev/null; no other thread writes to it.
        unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), 1) };
        dir.join("scenarios")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let dir = folder();
    let board = dir.join("board.json");
    std::fs::write(&board, BOARD).unwrap();
    std::fs::write(dir.join("board.json.history"), text).unwrap();
    for _ in 0..2 {
        let args = ["monster-ai", "undo", board.to_str().unwrap()];
        let _ = run(Cli::try_parse_from(args).unwrap());
    }
});

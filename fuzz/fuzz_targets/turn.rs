//! A played turn through the real commands: the input is written as a board file beside
//! the shipped goblin scheme, then `turn`, `round` and `next` run on it as the binary
//! would run them. None may panic, and after each command that succeeds the board on disk
//! must load again.
#![no_main]

use clap::Parser;
use libfuzzer_sys::fuzz_target;
use monster_ai_core::board::load::load_board;
use monster_ai::cli::{Cli, run};
use monster_ai::registry::Registry;
use std::path::PathBuf;
use std::sync::OnceLock;

const GOBLINS: &str = include_str!("../../schemes/goblins.toml");

/// A private folder holding the scheme; narration goes to /dev/null.
fn folder() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("monster-ai-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("scheme.toml"), GOBLINS).unwrap();
        let null = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/null")
            .unwrap();
        // SAFETY: replaces standard output with /dev/null; no other thread writes to it.
        unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), 1) };
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let dir = folder();
    let board = dir.join("board.json");
    let scheme = dir.join("scheme.toml");
    let (board_s, scheme_s) = (board.to_str().unwrap(), scheme.to_str().unwrap());
    std::fs::write(&board, text).unwrap();
    let _ = std::fs::remove_file(dir.join("board.json.history"));
    let Ok(goblins) = Registry::builtin().load("scheme.toml", GOBLINS) else {
        panic!("the shipped scheme loads");
    };
    for args in [
        vec!["monster-ai", "turn", scheme_s, board_s, "--seed", "1"],
        vec!["monster-ai", "round", scheme_s, board_s],
        vec!["monster-ai", "next", board_s, "--monsters", scheme_s],
        vec!["monster-ai", "undo", board_s],
    ] {
        let Ok(cli) = Cli::try_parse_from(&args) else {
            continue;
        };
        if run(cli).is_ok() {
            let written = std::fs::read_to_string(&board).unwrap();
            if let Err(e) = load_board("board.json", &written, goblins.as_ref()) {
                panic!(
                    "{:?} left a board that does not load: {e}\n{written}",
                    args[1]
                );
            }
        }
    }
});

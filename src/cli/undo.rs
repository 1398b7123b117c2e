//! `monster-ai undo`: put a board back as it was before the last command(s) that changed it.

use crate::error::{Error, Result};
use crate::io::diagnostic::Diagnostic;
use crate::io::history::{History, MAX_ENTRIES, history_path};
use crate::io::save::{BoardLock, write_atomically};
use clap::Args;
use std::path::Path;

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// The board file (JSON).
    pub board: String,
    /// How many commands to take back.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub steps: usize,
    /// Print what was undone as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: UndoArgs) -> Result<()> {
    if args.board == "-" {
        return Err(
            Diagnostic::plain("undo needs a board file, not standard input")
                .with_hint("name the board file whose history to use")
                .into(),
        );
    }
    if !Path::new(&args.board).is_file() {
        return Err(
            Diagnostic::plain(format!("cannot undo `{}`: no such board file", args.board))
                .with_hint("check the path")
                .into(),
        );
    }
    let _lock = BoardLock::acquire(Path::new(&args.board))?;
    let mut history = History::load(&args.board)?;
    let available = history.entries.len();
    if args.steps == 0 || args.steps > available {
        let msg = if available == 0 {
            format!("there is nothing to undo for `{}`", args.board)
        } else {
            format!(
                "cannot undo {} steps: the history of `{}` holds {available}",
                args.steps, args.board
            )
        };
        return Err(Diagnostic::plain(msg)
            .with_hint(format!(
                "commands that change a board keep up to {MAX_ENTRIES} earlier versions in `{}`",
                history_path(&args.board)
            ))
            .into());
    }
    let undone = history.entries.split_off(available - args.steps);
    let restored = undone.first().expect("at least one step").board.clone();
    // Board first, then the shortened history; if the history cannot be saved, the board
    // goes back to what it was, so a failed undo changes nothing.
    let current = std::fs::read_to_string(&args.board).map_err(|e| Error::Failure(e.into()))?;
    write_atomically(&args.board, restored.as_bytes()).map_err(Error::Failure)?;
    if let Err(e) = history.save(&args.board) {
        let _ = write_atomically(&args.board, current.as_bytes());
        return Err(Error::Failure(e.context(
            "could not save the shortened undo history; nothing was undone",
        )));
    }
    let commands: Vec<&str> = undone.iter().rev().map(|e| e.command.as_str()).collect();
    if args.json {
        let doc = serde_json::json!({ "format": 1, "command": "undo", "undone": commands, "left": history.entries.len() });
        super::output::println(&serde_json::to_string_pretty(&doc).expect("plain JSON"))
    } else {
        super::output::println(&format!(
            "Undid {} ({}): {} is back as it was before. {} earlier version{} left.",
            if commands.len() == 1 {
                "1 command".to_string()
            } else {
                format!("{} commands", commands.len())
            },
            commands.join(", "),
            args.board,
            history.entries.len(),
            if history.entries.len() == 1 { "" } else { "s" }
        ))
    }
}

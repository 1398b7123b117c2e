//! `monster-ai undo`: put a board back as it was before the last command(s) that changed it.

use crate::board::load::{MAX_HP, load_board};
use crate::board::{StatSource, Stats};
use crate::error::{Error, Result};
use crate::fight::{load_board_with, monsters_for};
use crate::io::board_file::BoardFile;
use crate::io::diagnostic::Diagnostic;
use crate::io::history::{History, MAX_ENTRIES, history_path};
use crate::registry::Registry;
use clap::Args;
use std::path::Path;

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// The board file (JSON).
    /// Left out, MONSTER_AI_BOARD names it.
    #[arg(env = "MONSTER_AI_BOARD", hide_env_values = true)]
    pub board: String,
    /// How many commands to take back.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub steps: usize,
    /// Print what was undone as JSON.
    #[arg(long)]
    pub json: bool,
    /// The monster file of the board's monsters, when the board does not name its own
    /// `monster_file` (used to check the earlier version before it is written back).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
}

pub(super) fn run(args: UndoArgs, registry: &Registry) -> Result<()> {
    if args.board == "-" {
        return Err(
            Diagnostic::plain("undo needs a board file, not standard input")
                .with_hint("name the board file whose history to use")
                .into(),
        );
    }
    // Nothing is locked (so nothing created) until the board is known to have a history
    // to undo: a link planted in place of a board leaves no lock file beside its target.
    let found = BoardFile::find(&args.board, false, "BOARD is the board file")?;
    if History::load(found.real())?.entries.is_empty() {
        return Err(nothing_to_undo(&args.board));
    }
    let file = found.lock()?;
    let current = file.read()?.unwrap_or_default();
    let mut history = file.history()?;
    // An entry equal to the board is left by an interrupted command: not a step.
    history.drop_stale(&current);
    let available = history.entries.len();
    if available == 0 {
        return Err(nothing_to_undo(&args.board));
    }
    if args.steps == 0 || args.steps > available {
        return Err(Diagnostic::plain(format!(
            "cannot undo {} steps: the history of `{}` holds {available}",
            args.steps, args.board
        ))
        .with_hint(history_hint(&args.board))
        .into());
    }
    let undone = history.entries.split_off(available - args.steps);
    let restored = &undone.first().expect("at least one step").board;
    check_entry(&args, registry, restored)?;
    file.restore(restored, &current, &history)?;
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

fn nothing_to_undo(board: &str) -> Error {
    Diagnostic::plain(format!("there is nothing to undo for `{board}`"))
        .with_hint(history_hint(board))
        .into()
}

fn history_hint(board: &str) -> String {
    format!(
        "commands that change a board keep up to {MAX_ENTRIES} earlier versions in `{}`",
        history_path(Path::new(board)).display()
    )
}

/// An earlier version is written back only if it still loads as a board (the same checks
/// as every command), so a damaged or edited history cannot plant a bad board.
///
/// The monster file checks the monster types: `--monsters`, else the one the version names.
/// Without one, or when that file cannot be read from where the board lies now (the
/// commands were given `--monsters`, or the board was moved), every check but the monster
/// types is made: undo restores what the commands wrote, whatever became of that file.
fn check_entry(args: &UndoArgs, registry: &Registry, text: &str) -> Result<()> {
    let names_monster_file = serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("monster_file").or(v.get("scheme_file")).is_some());
    let monsters = match (&args.monsters_file, names_monster_file) {
        (Some(_), _) => Some(monsters_for(
            registry,
            args.monsters_file.as_deref(),
            &args.board,
            text,
        )?),
        (None, true) => monsters_for(registry, None, &args.board, text).ok(),
        (None, false) => None,
    };
    let checked = match monsters {
        Some(monsters) => load_board_with(&args.board, text, monsters.as_ref()).map(drop),
        None => load_board(&args.board, text, &AnyType)
            .map(drop)
            .map_err(Error::from),
    };
    checked.map_err(|e| match e {
        Error::BadInput(d) => {
            let mut d = d.first().clone();
            d.file = history_path(Path::new(&args.board)).display().to_string();
            d.location = None;
            d.excerpt = None;
            d.message = format!("the earlier version to restore is not a valid board: {}", d.message);
            d.hint = Some(format!(
                "nothing was undone; the undo history may be damaged (delete `{}` to start a new one)",
                history_path(Path::new(&args.board)).display(),
            ));
            Error::BadInput(d.into())
        }
        other => other,
    })?;
    Ok(())
}

/// Stands in for a monster file when none is known: any monster type, with stats that pass
/// every range check, flying (a flyer may hover over an obstacle).
struct AnyType;

impl StatSource for AnyType {
    fn stats(&self, _kind: &str) -> Option<Stats> {
        let mut stats = Stats::defaults(MAX_HP);
        stats.traits.push(crate::board::Trait::Flying);
        Some(stats)
    }

    fn kinds(&self) -> Vec<String> {
        Vec::new()
    }

    fn hp_implied(&self, _kind: &str) -> bool {
        true
    }
}

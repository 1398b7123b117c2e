//! Where a board-changing command's dice come from: the faces given with `--rolls`, the
//! players asked on standard input (`--dice ask`, or a board whose table rolls its own
//! dice), or the board's generator (`rules::entered`).

use super::WriteArgs;
use crate::board::Board;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::narration::{Names, text};
use crate::rules::entered::{Asked, DiceMode, Entered, Listed};
use std::io::IsTerminal;

/// The entered dice for a command with `args` on `board` (named `path` on the command
/// line), or none when the tool rolls.
pub(super) fn entered(
    args: &WriteArgs,
    path: &str,
    board: &Board,
    names: &Names,
) -> Result<Option<Box<dyn Entered>>> {
    if let Some(text) = &args.rolls {
        let listed =
            Listed::parse(text).map_err(|(msg, hint)| Diagnostic::plain(msg).with_hint(hint))?;
        return Ok(Some(Box::new(listed)));
    }
    let ask = match args.dice {
        Some(DiceMode::Ask) => true,
        Some(DiceMode::Tool) => false,
        None => board.table.own_dice,
    };
    if !ask {
        return Ok(None);
    }
    if path == "-" {
        let why = if args.dice.is_some() {
            "`--dice ask`"
        } else {
            "the board's table rolls its own dice (`table.own_dice`), so this command"
        };
        return Err(Diagnostic::plain(format!(
            "{why} reads the faces from standard input, which already holds the board"
        ))
        .with_hint("pass the board as a file, or give the faces with --rolls")
        .into());
    }
    let names = names.clone();
    // One byte at a time, so that `--ties ask` reading the same input loses nothing.
    let input = std::io::BufReader::with_capacity(1, std::io::stdin());
    let terminal = std::io::stdin().is_terminal();
    Ok(Some(Box::new(Asked::new(
        input,
        std::io::stderr(),
        terminal,
        Some(Box::new(move |events| text::render(events, &names, false))),
    ))))
}

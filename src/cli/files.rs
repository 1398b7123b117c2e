//! Which file is the board and which the monster file, for commands that take
//! `[MONSTERS] BOARD`, and `MONSTER_AI_BOARD`, which stands for the board when it is left out.
//!
//! The rule, the same for every such command:
//! - two files: the monster file, then the board;
//! - one file: the board, unless it ends in `.toml` while `MONSTER_AI_BOARD` is set, in
//!   which case it is the monster file and the variable names the board;
//! - no file: `MONSTER_AI_BOARD` names the board.
//!
//! The monster file left out is taken from the board's `monster_file`.

use crate::error::Result;
use crate::io::diagnostic::Diagnostic;

/// The environment variable that stands for the board argument.
pub(super) const BOARD_VAR: &str = "MONSTER_AI_BOARD";

/// `MONSTER_AI_BOARD`, when set and not empty.
pub(super) fn board_from_env() -> Option<String> {
    std::env::var(BOARD_VAR).ok().filter(|b| !b.is_empty())
}

/// Splits `[MONSTERS] BOARD` (see the module documentation); `monsters_option` is the
/// command's `--monsters`, which may not be given twice.
pub(super) fn monster_file_and_board(
    files: &[String],
    monsters_option: Option<&str>,
) -> Result<(Option<String>, String)> {
    split(files, monsters_option, board_from_env())
}

/// The commands whose board may be left out for `MONSTER_AI_BOARD`.
const BOARD_FROM_ENV: [&str; 6] = ["turn", "round", "next", "undo", "show", "simulate"];

/// When a command that always names its board (`hit`, `move`, `record`, ...) misses an
/// argument while `MONSTER_AI_BOARD` is set, the player most likely left the board out:
/// the message that says so, in place of clap's "<DAMAGE> not provided".
/// `first` is the command's first argument that is not an option: a board named there
/// (a `.json` file, `-`, or any file that exists) leaves clap's own message.
pub(super) fn board_not_from_env(
    command: &str,
    first: Option<&str>,
    env_board: Option<&str>,
) -> Option<Diagnostic> {
    let board = env_board?;
    if BOARD_FROM_ENV.contains(&command) || command.starts_with('-') || command == "help" {
        return None;
    }
    if first.is_some_and(|f| {
        f == "-" || f.ends_with(".json") || f == board || std::path::Path::new(f).is_file()
    }) {
        return None;
    }
    Some(
        Diagnostic::plain(format!(
            "`{command}` needs the board named: {BOARD_VAR} stands for it only in {}",
            BOARD_FROM_ENV.join(", ")
        ))
        .with_hint(format!(
            "give the board first, e.g. `monster-ai {command} {board} ...` (see `monster-ai {command} --help`)"
        )),
    )
}

fn split(
    files: &[String],
    monsters_option: Option<&str>,
    env_board: Option<String>,
) -> Result<(Option<String>, String)> {
    let (monsters_file, board) = match files {
        [] => (None, env_board.ok_or_else(no_board)?),
        [one] => match env_board {
            Some(board) if one.ends_with(".toml") => (Some(one.clone()), board),
            _ => (None, one.clone()),
        },
        [monsters_file, board] => (Some(monsters_file.clone()), board.clone()),
        _ => {
            return Err(Diagnostic::plain(format!(
                "{} files given; at most two (MONSTERS BOARD)",
                files.len()
            ))
            .with_hint("give the monster file, then the board")
            .into());
        }
    };
    match (monsters_file, monsters_option) {
        (Some(_), Some(_)) => Err(Diagnostic::plain("two monster files given")
            .with_hint("give the monster file either before BOARD or with --monsters, not both")
            .into()),
        (monsters_file, option) => Ok((monsters_file.or(option.map(str::to_string)), board)),
    }
}

fn no_board() -> Diagnostic {
    Diagnostic::plain("no board file given").with_hint(format!(
        "give the board file (JSON), or set {BOARD_VAR} to its path"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    /// `hit warg-1 3` with the variable set: `hit` always names its board.
    #[test]
    fn a_command_that_names_its_board_says_so() {
        let d = board_not_from_env("hit", Some("warg-1"), Some("play/b.json")).unwrap();
        assert_eq!(
            d.message,
            "`hit` needs the board named: MONSTER_AI_BOARD stands for it only in turn, round, next, undo, show, simulate"
        );
        assert_eq!(
            d.hint.as_deref(),
            Some(
                "give the board first, e.g. `monster-ai hit play/b.json ...` (see `monster-ai hit --help`)"
            )
        );
        assert!(board_not_from_env("next", None, Some("b.json")).is_none());
        assert!(board_not_from_env("hit", Some("warg-1"), None).is_none());
        // The board is there: a missing damage is clap's to say.
        assert!(board_not_from_env("hit", Some("b.json"), Some("b.json")).is_none());
    }

    #[test]
    fn one_two_or_no_files() {
        let env = || Some("env.json".to_string());
        let two = split(&s(&["g.toml", "b.json"]), None, env()).unwrap();
        assert_eq!(two, (Some("g.toml".into()), "b.json".into()));
        assert_eq!(
            split(&s(&["b.json"]), None, env()).unwrap(),
            (None, "b.json".into())
        );
        assert_eq!(
            split(&s(&["g.toml"]), None, env()).unwrap(),
            (Some("g.toml".into()), "env.json".into())
        );
        // Without the variable a lone file is always the board (its error says so).
        assert_eq!(
            split(&s(&["g.toml"]), None, None).unwrap(),
            (None, "g.toml".into())
        );
        assert_eq!(split(&[], None, env()).unwrap(), (None, "env.json".into()));
        assert_eq!(
            split(&[], Some("g.toml"), env()).unwrap(),
            (Some("g.toml".into()), "env.json".into())
        );
        assert!(split(&[], None, None).is_err());
        assert!(split(&s(&["a.toml", "b.json"]), Some("c.toml"), None).is_err());
    }
}

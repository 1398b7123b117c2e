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

/// Splits `[MONSTERS] BOARD` (see the module documentation); `schemes_option` is the
/// command's `--monsters`, which may not be given twice.
pub(super) fn schemes_and_board(
    files: &[String],
    schemes_option: Option<&str>,
) -> Result<(Option<String>, String)> {
    split(files, schemes_option, board_from_env())
}

fn split(
    files: &[String],
    schemes_option: Option<&str>,
    env_board: Option<String>,
) -> Result<(Option<String>, String)> {
    let (schemes, board) = match files {
        [] => (None, env_board.ok_or_else(no_board)?),
        [one] => match env_board {
            Some(board) if one.ends_with(".toml") => (Some(one.clone()), board),
            _ => (None, one.clone()),
        },
        [schemes, board] => (Some(schemes.clone()), board.clone()),
        _ => {
            return Err(Diagnostic::plain(format!(
                "{} files given; at most two (MONSTERS BOARD)",
                files.len()
            ))
            .with_hint("give the monster file, then the board")
            .into());
        }
    };
    match (schemes, schemes_option) {
        (Some(_), Some(_)) => Err(Diagnostic::plain("two monster files given")
            .with_hint("give the monster file either before BOARD or with --monsters, not both")
            .into()),
        (schemes, option) => Ok((schemes.or(option.map(str::to_string)), board)),
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

//! What every board-changing command shares: lock, load the scheme and board, set up the
//! RNG and tie policy, then save atomically and print narration or JSON.

use super::WriteArgs;
use crate::board::Fight;
use crate::board::load::load_board;
use crate::controllers::scheme::{Scheme, load_scheme};
use crate::error::{Error, Result};
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::io::save::{BoardLock, write_atomically};
use crate::narration::{Names, json, text};
use crate::rules::events::Event;
use crate::rules::rng::GameRng;
use crate::rules::ties::{AskChooser, AutoChooser, Chooser, TiePolicy};
use crate::rules::world::World;
use std::io::Write;
use std::path::Path;

pub struct Session {
    pub scheme: Scheme,
    pub fight: Fight,
    pub rng: GameRng,
    board_path: String,
    names: Names,
    _lock: Option<BoardLock>,
}

impl Session {
    pub fn open(schemes: &str, board: &str, args: &WriteArgs) -> Result<Session> {
        if board == "-" && args.output.is_none() && !args.dry_run {
            return Err(Diagnostic::plain(
                "the board comes from standard input, so it cannot be written back",
            )
            .with_hint("add `-o FILE` (or `-o -` for standard output) or `--dry-run`")
            .into());
        }
        if board == "-" && args.ties == TiePolicy::Ask {
            return Err(Diagnostic::plain(
                "`--ties ask` reads answers from standard input, which already holds the board",
            )
            .with_hint("pass the board as a file, or use --ties first|random")
            .into());
        }
        const SCHEME_ROLE: &str = "the scheme file is the first argument";
        const BOARD_ROLE: &str = "the board is the second argument";
        // A wrong path must not leave a lock file behind for a board that does not exist,
        // so anything but a regular file is read (and refused if unreadable) before
        // `<board>.lock` is created; a readable pipe or device is read only this once.
        let mut board_text = None;
        let lock = if args.dry_run || board == "-" {
            None
        } else {
            if !Path::new(board).is_file() {
                board_text = Some(read_argument(board, BOARD_ROLE)?);
            }
            Some(BoardLock::acquire(Path::new(board))?)
        };
        let scheme = load_scheme(schemes, &read_argument(schemes, SCHEME_ROLE)?)?;
        let board_text = match board_text {
            Some(text) => text,
            None => read_argument(board, BOARD_ROLE)?,
        };
        let fight = load_board(board, &board_text, &scheme)?;
        let rng = match (args.seed, fight.board.rng) {
            (Some(seed), _) => GameRng::from_seed(seed),
            (None, Some(state)) => GameRng::restore(state),
            (None, None) => GameRng::from_seed(0),
        };
        let mut names = Names::default();
        names.add_from(&fight.board);
        Ok(Session {
            scheme,
            fight,
            rng,
            board_path: board.to_string(),
            names,
            _lock: lock,
        })
    }

    /// Runs `f` over a [`World`] with the chosen tie policy; returns the events.
    pub fn play(
        &mut self,
        ties: TiePolicy,
        f: impl FnOnce(&mut World, &Scheme),
    ) -> Result<Vec<Event>> {
        let stdin = std::io::stdin();
        let mut ask;
        let mut auto;
        let chooser: &mut dyn Chooser = if ties == TiePolicy::Ask {
            ask = AskChooser {
                input: stdin.lock(),
                out: std::io::stderr(),
            };
            &mut ask
        } else {
            auto = AutoChooser(ties);
            &mut auto
        };
        let mut world = World::new(&mut self.fight, &mut self.rng, chooser, &self.scheme);
        f(&mut world, &self.scheme);
        if let Some(msg) = world.failure.take() {
            return Err(Diagnostic::plain(msg)
                .with_hint("answer with the option's number, or use --ties first|random")
                .into());
        }
        let events = std::mem::take(&mut world.events);
        drop(world);
        self.names.add_from(&self.fight.board);
        Ok(events)
    }

    /// Saves the board (unless `--dry-run`) and prints the events.
    pub fn finish(mut self, command: &str, events: &[Event], args: &WriteArgs) -> Result<()> {
        self.fight.board.rng = Some(self.rng.state());
        let target = args
            .output
            .clone()
            .unwrap_or_else(|| self.board_path.clone());
        let board_to_stdout = !args.dry_run && target == "-";
        if !args.dry_run {
            write_atomically(&target, self.fight.to_json().as_bytes()).map_err(Error::Failure)?;
        }
        let rendered = if args.json {
            json::render(command, self.fight.board.round, events)
        } else {
            text::render(events, &self.names, args.explain)
        };
        let printed = if board_to_stdout {
            std::io::stderr().write_all(rendered.as_bytes())
        } else {
            std::io::stdout().write_all(rendered.as_bytes())
        };
        printed.map_err(|e| Error::Failure(e.into()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_board_leaves_no_lock_file() {
        let dir = std::env::temp_dir().join(format!("monster-ai-session-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let board = dir.join("bord.json");
        let args = WriteArgs {
            seed: None,
            dry_run: false,
            output: None,
            json: false,
            explain: false,
            ties: TiePolicy::First,
        };
        let schemes = concat!(env!("CARGO_MANIFEST_DIR"), "/schemes/goblins.toml");
        let Err(Error::BadInput(d)) = Session::open(schemes, board.to_str().unwrap(), &args) else {
            panic!("a missing board must be bad input");
        };
        assert!(d.message.ends_with("no such file"), "{}", d.message);
        assert_eq!(
            d.hint.as_deref(),
            Some("check the path; the board is the second argument")
        );
        assert!(!dir.join("bord.json.lock").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

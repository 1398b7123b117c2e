//! Commands a system adds to the command line beside the shared ones (`monster-ai NAME
//! ...`): a shortcut for one of its `record` words (`door`, `item`), or a read-only
//! question about the board with arguments of its own (`options`). The command line
//! builds them from the registry, so a new system brings its commands in its folder.

use super::Monsters;
use crate::board::Fight;
use crate::error::Result;

/// One command a system adds (see [`super::assembled::Assembled::with_commands`]).
#[derive(Clone, Copy)]
pub struct SystemCommand {
    /// Its name: `monster-ai NAME BOARD ...`.
    pub name: &'static str,
    /// What it does, one line for `--help`.
    pub about: &'static str,
    /// Example command lines for its `--help`, one a line.
    pub examples: &'static str,
    /// What running it does.
    pub kind: CommandKind,
}

/// What a [`SystemCommand`] does.
#[derive(Clone, Copy)]
pub enum CommandKind {
    /// `NAME BOARD WORDS...` records exactly what `record BOARD NAME WORDS...` records
    /// (the system's record word of the same name says what the words are).
    Record,
    /// A read-only question about one board: `args` declares its arguments beyond the
    /// board and the monster file; `answer` prints what it finds.
    Question {
        /// Adds the question's own arguments to its command.
        args: fn(clap::Command) -> clap::Command,
        /// The answer (text, or JSON when the arguments ask for it), from the loaded
        /// board and its monsters.
        answer: fn(&Fight, &dyn Monsters, &clap::ArgMatches) -> Result<String>,
    },
}

/// A flag a system adds to `add --monster KIND` (`--elite`): the system's
/// `Monsters::new_monster` receives the flags given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddFlag {
    /// The flag without its dashes: `elite` is `--elite`.
    pub name: &'static str,
    /// What it asks for, one line for `add --help`.
    pub help: &'static str,
}

impl std::fmt::Debug for SystemCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SystemCommand")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

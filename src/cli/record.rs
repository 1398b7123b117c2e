//! `monster-ai record`: the players record something in the words of the board's
//! system (for AI-deck monsters: a wound, a persistent injury, a survivor knocked down,
//! tokens...). Each system declares its words (`System::record_words`), which become
//! `record`'s subcommands (`record_words.rs`); `record BOARD` alone lists the board's,
//! `record --help` every system's. The system checks the words; a mistake changes
//! nothing.

use super::WriteArgs;
use super::follow::{ActingArgs, follow_turn};
use super::record_words::{WordGiven, parse_for, word_lines};
use super::session::Session;
use crate::error::Result;
use crate::fight::monsters_for;
use crate::io::load::read_argument;
use crate::io::printable::check_argument;
use crate::registry::Registry;
use crate::systems::Words;
use clap::Args;

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub acting: ActingArgs,
    #[command(flatten)]
    pub write: WriteArgs,
    /// What to record (the subcommand: a word of the board's system and its arguments);
    /// none lists the words the board's system takes.
    #[arg(skip)]
    pub word: Option<WordGiven>,
}

pub(super) fn run(args: RecordArgs, registry: &Registry) -> Result<()> {
    let Some(word) = &args.word else {
        return list_words(registry, &args);
    };
    record(
        registry,
        "record",
        &args.board,
        args.monsters_file.as_deref(),
        word,
        &args.acting,
        &args.write,
    )
}

/// `record BOARD` with no words: the words the board's system takes, one a line.
fn list_words(registry: &Registry, args: &RecordArgs) -> Result<()> {
    let text = read_argument(&args.board, "BOARD is the board file")?;
    let monsters = monsters_for(registry, args.monsters_file.as_deref(), &args.board, &text)?;
    let system = monsters.system();
    let found = registry.find(system);
    let words = found.map(|c| c.record_words()).unwrap_or_default();
    let title = found.map_or(system, |c| c.title());
    let out = if words.is_empty() {
        format!(
            "{} boards ({title}) record nothing with `record`; use the player commands (hit, heal, move, status, ...).\n",
            system
        )
    } else {
        format!(
            "{} boards ({title}) record:\n{}",
            system,
            word_lines(&words)
        )
    };
    super::output::write_stdout(out.as_bytes())
}

/// Records `word` on the board through its system (`command` names the command in the
/// board's history): its arguments are parsed against the system's declaration of the
/// word; a character the words say acts follows the turn (`acting`).
pub(super) fn record(
    registry: &Registry,
    command: &str,
    board: &str,
    monsters_file: Option<&str>,
    word: &WordGiven,
    acting: &ActingArgs,
    write: &WriteArgs,
) -> Result<()> {
    // Checked before the board is opened: a refused word leaves nothing written.
    for token in &word.tokens {
        check_argument(token, "a word to record")?;
    }
    let mut session = Session::open(registry, monsters_file, board, write)?;
    let system = session.monsters.system();
    let matches = parse_for(registry.find(system), system, word)?;
    let actor = session.monsters.record_actor(Words(&matches));
    follow_turn(&mut session, actor.as_deref(), acting)?;
    let mut outcome = Ok(());
    let events = session.play(write.ties, |world, monsters| {
        outcome = monsters.record(world, Words(&matches));
    })?;
    outcome?;
    session.finish(command, &events, write)
}

//! `monster-ai record`: the players record something in the words of the board's
//! system (for AI-deck monsters: a wound, a persistent injury, a survivor knocked down,
//! tokens...). The system checks the words; a mistake changes nothing.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::Registry;
use crate::error::Result;
use crate::io::printable::check_argument;
use clap::Args;

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// What to record and its arguments, e.g. `wound stag-1 --by aria`. Options may
    /// follow the words (`record b.json wound stag-1 --dry-run`); a negative number is a
    /// word (`token osk bleeding -1`).
    #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
    pub words: Vec<String>,
    /// Who dealt a wound (`wound MONSTER --by SURVIVOR`); passed on with the words.
    #[arg(long, value_name = "SURVIVOR")]
    pub by: Option<String>,
    /// The monster file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run(args: RecordArgs, registry: &Registry) -> Result<()> {
    let mut words = args.words;
    if let Some(by) = args.by {
        words.extend(["--by".to_string(), by]);
    }
    record(
        registry,
        "record",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.write,
    )
}

/// Records `words` on the board through its system (`command` names the command in the
/// board's history).
pub(super) fn record(
    registry: &Registry,
    command: &str,
    board: &str,
    schemes: Option<&str>,
    words: &[String],
    write: &WriteArgs,
) -> Result<()> {
    // Checked before the board is opened: a refused word leaves nothing written.
    for word in words {
        check_argument(word, "a word to record")?;
    }
    let mut session = Session::open(registry, schemes, board, write)?;
    let mut outcome = Ok(());
    let events = session.play(write.ties, |world, monsters| {
        outcome = monsters.record(world, words);
    })?;
    outcome?;
    session.finish(command, &events, write)
}

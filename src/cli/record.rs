//! `monster-ai record`: the players record something in the words of the board's
//! system (for AI-deck monsters: a wound, a persistent injury, a survivor knocked down,
//! tokens...). The system checks the words; a mistake changes nothing.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::Registry;
use crate::error::Result;
use clap::Args;

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// What to record and its arguments, e.g. `wound stag-1 --by aria`.
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub words: Vec<String>,
    /// The monster file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run(args: RecordArgs, registry: &Registry) -> Result<()> {
    record(
        registry,
        "record",
        &args.board,
        args.schemes.as_deref(),
        &args.words,
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
    let mut session = Session::open(registry, schemes, board, write)?;
    let mut outcome = Ok(());
    let events = session.play(write.ties, |world, monsters| {
        outcome = monsters.record(world, words);
    })?;
    outcome?;
    session.finish(command, &events, write)
}

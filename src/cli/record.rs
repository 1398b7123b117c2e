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
    let mut session = Session::open(registry, args.schemes.as_deref(), &args.board, &args.write)?;
    let mut outcome = Ok(());
    let events = session.play(args.write.ties, |world, monsters| {
        outcome = monsters.record(world, &args.words);
    })?;
    outcome?;
    session.finish("record", &events, &args.write)
}

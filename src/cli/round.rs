//! `monster-ai round`: start the next round.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::Registry;
use crate::error::Result;
use crate::rules::round::begin_round;
use clap::Args;

#[derive(Debug, Args)]
pub struct RoundArgs {
    /// The scheme file (TOML) defining the monster types.
    pub schemes: String,
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run(args: RoundArgs, registry: &Registry) -> Result<()> {
    let mut session = Session::open(registry, Some(&args.schemes), &args.board, &args.write)?;
    let events = session.play(args.write.ties, |world, monsters| {
        begin_round(world, monsters);
        monsters.order_round(world);
    })?;
    session.finish("round", &events, &args.write)
}

//! `monster-ai round`: start the next round.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::ability_deck;
use crate::error::Result;
use crate::rules::round::{begin_round, start_round};
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

pub fn run(args: RoundArgs) -> Result<()> {
    let mut session = Session::open(Some(&args.schemes), &args.board, &args.write)?;
    let decks = session.decks.clone();
    let events = session.play(args.write.ties, |world, _| {
        if decks.types.is_empty() {
            start_round(world);
        } else {
            begin_round(world);
            ability_deck::play::order_round(world, &decks);
        }
    })?;
    session.finish("round", &events, &args.write)
}

//! `monster-ai round`: start the next round.

use super::WriteArgs;
use super::files::monster_file_and_board;
use super::session::Session;
use crate::error::Result;
use crate::registry::Registry;
use crate::rules::round::begin_round;
use clap::Args;

#[derive(Debug, Args)]
pub struct RoundArgs {
    /// [MONSTERS] BOARD: the monster file (TOML) may be left out when the board names its
    /// `monster_file`; the board (JSON) may be `-` for standard input, or left out when
    /// MONSTER_AI_BOARD names it (then a lone `.toml` file is the monster file).
    #[arg(value_names = ["MONSTERS", "BOARD"], num_args = 0..=2)]
    pub files: Vec<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: RoundArgs, registry: &Registry) -> Result<()> {
    let (monsters_file, board) = monster_file_and_board(&args.files, None)?;
    let mut session = Session::open(registry, monsters_file.as_deref(), &board, &args.write)?;
    let events = session.play(args.write.ties, |world, monsters| {
        if begin_round(world, monsters) {
            monsters.order_round(world);
        }
    })?;
    session.finish("round", &events, &args.write)
}

//! `monster-ai remove`: take a creature off the board (it does not die).

use super::WriteArgs;
use super::player::creature;
use super::session::{Session, Without};
use crate::error::Result;
use crate::registry::Registry;
use clap::Args;

#[derive(Debug, Args)]
// Nothing here is left to chance or checked against a monster file: hide what would do nothing.
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
#[command(mut_arg("dice", |a| a.hide(true)), mut_arg("rolls", |a| a.hide(true)))]
#[command(mut_arg("cards", |a| a.hide(true)))]
pub struct RemoveArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature to take off (its id).
    pub id: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: RemoveArgs, registry: &Registry) -> Result<()> {
    let mut session = Session::open_without(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
        Without::StandIns,
    )?;
    creature(&session, &args.board, &args.id, "ID")?;
    // What the systems hold for it goes through the core's hook (`Monsters::left_board`).
    let events = session.play(args.write.ties, |world, _| {
        world.remove_creature(&args.id);
    })?;
    session.finish("remove", &events, &args.write)
}

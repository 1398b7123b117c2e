//! `monster-ai heal`: a player heals a creature.

use super::WriteArgs;
use super::player::{amount, creature};
use super::session::{Session, Without};
use crate::error::Result;
use crate::registry::Registry;
use clap::Args;

#[derive(Debug, Args)]
// Nothing here is left to chance or checked against a monster file: hide what would do nothing.
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
pub struct HealArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature healed (its id).
    pub target: String,
    /// How much: dice to roll (`1d8+2`) or the number already rolled (`6`). A withered
    /// creature loses the wither instead and gains no HP.
    #[arg(allow_hyphen_values = true)]
    pub amount: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: HealArgs, registry: &Registry) -> Result<()> {
    let dice = amount(&args.amount, "AMOUNT")?;
    let mut session = Session::open_without(
        registry,
        args.schemes.as_deref(),
        &args.board,
        &args.write,
        Without::StandInsFor(&args.target),
    )?;
    creature(&session, &args.board, &args.target, "TARGET")?;
    let events = session.play(args.write.ties, |world, _| {
        let what = format!("{} is healed", world.name_of(&args.target));
        let roll = world.roll(&dice, &what);
        let info = (dice.count > 0).then(|| (&roll).into());
        world.heal(&args.target, roll.total, info);
    })?;
    session.finish("heal", &events, &args.write)
}

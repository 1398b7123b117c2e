//! `monster-ai gold`: a creature gains or spends gold.

use super::WriteArgs;
use super::player::{creature, signed};
use super::session::{Session, Without};
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::registry::Registry;
use clap::Args;

#[derive(Debug, Args)]
// Nothing here is left to chance or checked against a monster file: hide what would do nothing.
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
#[command(mut_arg("dice", |a| a.hide(true)), mut_arg("rolls", |a| a.hide(true)))]
#[command(mut_arg("cards", |a| a.hide(true)))]
pub struct GoldArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature (its id).
    pub id: String,
    /// The change: `+10` gains ten, `-5` loses five.
    #[arg(allow_hyphen_values = true)]
    pub amount: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// Most gold one command may add or take.
const MAX_CHANGE: i64 = 1_000_000;

pub(super) fn run(args: GoldArgs, registry: &Registry) -> Result<()> {
    let change = signed(&args.amount, "AMOUNT", MAX_CHANGE)?;
    let mut session = Session::open_without(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
        Without::StandIns,
    )?;
    let i = creature(&session, &args.board, &args.id, "ID")?;
    let c = &session.fight.board.creatures[i];
    let after = i64::from(c.gold) + change;
    if after < 0 {
        return Err(Diagnostic::plain(format!(
            "{} has {} gold and cannot lose {}",
            args.id, c.gold, -change
        ))
        .with_hint(if c.gold == 0 {
            "it carries no gold".to_string()
        } else {
            format!("take at most {} (`-{}`)", c.gold, c.gold)
        })
        .into());
    }
    if after > i64::from(crate::board::MAX_GOLD) {
        return Err(
            Diagnostic::plain(format!("{} cannot carry that much gold", args.id))
                .with_hint(format!(
                    "a creature carries at most {} gold",
                    crate::board::MAX_GOLD
                ))
                .into(),
        );
    }
    let events = session.play(args.write.ties, |world, _| {
        world.change_gold(&args.id, change)
    })?;
    session.finish("gold", &events, &args.write)
}

//! `monster-ai next`: reveal the next turn card. A monster type acts at once; a
//! character's card says whose turn it is and stops. A spent deck starts a new round.

use super::WriteArgs;
use super::acted::{turned_this_round, warn_or_refuse};
use super::session::{Session, refuse_if_over};
use crate::error::Result;
use crate::registry::Registry;
use crate::rules::deck::{Revealed, end_character_turn, reveal};
use clap::Args;

#[derive(Debug, Args)]
pub struct NextArgs {
    /// The board file (JSON).
    /// Left out, MONSTER_AI_BOARD names it.
    #[arg(env = "MONSTER_AI_BOARD", hide_env_values = true)]
    pub board: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    /// Refuse (exit 2, nothing written) when the revealed card's monsters already acted
    /// this round by `turn`, instead of warning.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: NextArgs, registry: &Registry) -> Result<()> {
    let mut session = Session::open(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
    )?;
    refuse_if_over(&session.fight, session.monsters.as_ref())?;
    let board = &session.fight.board;
    if let Some(kind) = board.turn_order.get(board.cards_drawn as usize) {
        let kinds = session.monsters.kinds();
        let mut again = turned_this_round(&session, &kinds);
        again.retain(|k| k == kind);
        warn_or_refuse(&again, args.strict)?;
    }
    let events = session.play(args.write.ties, |world, monsters| {
        end_character_turn(world);
        if let Some(Revealed::Monsters { kind, card }) = reveal(world, monsters) {
            monsters.activate(world, &kind, None, Some(card));
        }
    })?;
    session.finish("next", &events, &args.write)
}

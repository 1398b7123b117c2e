//! `monster-ai move`: a player moves a creature along its shortest path, or puts it
//! straight onto a cell with `--place`.

use super::WriteArgs;
use super::follow::{ActingArgs, follow_turn};
use super::player::{block_error, creature, free_cell};
use super::session::Session;
use crate::board::StatusKind;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::registry::Registry;
use crate::rules::player::walk_path;
use crate::rules::world::MoveCause;
use clap::Args;

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature to move (its id).
    pub id: String,
    /// Where it goes, e.g. `C4`.
    pub cell: String,
    /// Put it there directly: no path, no traps, no opportunity attacks.
    #[arg(long)]
    pub place: bool,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub acting: ActingArgs,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: MoveArgs, registry: &Registry) -> Result<()> {
    let mut session = Session::open(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
    )?;
    let i = creature(&session, &args.board, &args.id, "ID")?;
    let dest = free_cell(&session, &args.cell, Some(i))?;
    let fight = &session.fight;
    let name = fight.board.creatures[i].display_name().to_string();
    let size = fight.size(i);
    let flying = fight.has_trait(i, &crate::board::Trait::Flying);
    if let Some(b) = fight.stand_blocked(size, flying, dest, Some(i)) {
        return Err(block_error(fight, size, dest, b));
    }
    if size > 1 && !args.place {
        return Err(Diagnostic::plain(format!(
            "{name} covers {size}×{size} squares and moves as a block, which `move` does not walk"
        ))
        .with_hint("add --place to put its block straight there (CELL is its top-left square)")
        .into());
    }
    if fight.board.creatures[i].position == dest {
        return Err(
            Diagnostic::plain(format!("{name} already stands on {dest}"))
                .with_hint("name the cell it should move to")
                .into(),
        );
    }
    let path = if args.place {
        Vec::new()
    } else {
        if let Some(refused) = session.monsters.refuse_walk(fight, &args.id) {
            return Err(refused.into());
        }
        for s in [StatusKind::Immobilized, StatusKind::Stunned] {
            if fight.has_status(i, s) {
                return Err(
                    Diagnostic::plain(format!("{name} is {} and cannot move", s.label()))
                        .with_hint("add --place to put it there anyway, or remove the status first")
                        .into(),
                );
            }
        }
        walk_path(fight, i, dest).ok_or_else(|| {
            Diagnostic::plain(format!("{name} has no way to walk to {dest}")).with_hint(
                "walls, obstacles or enemies are in the way; add --place to put it there directly",
            )
        })?
    };
    // Put straight there (`--place`) is a correction, not the creature's own walk.
    let walker = (!args.place).then_some(args.id.as_str());
    follow_turn(&mut session, walker, &args.acting)?;
    let events = session.play(args.write.ties, |world, _| {
        if args.place {
            world.place_at(&args.id, dest);
        } else {
            world.move_along(&args.id, &path, MoveCause::Walk);
        }
    })?;
    session.finish("move", &events, &args.write)
}

//! `monster-ai item` and `monster-ai door`: the players' commands on what a system keeps
//! in the board beyond creatures (items carried and lying about, locked doors). The
//! board's system checks and carries them out; a system without them says so.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::Registry;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use clap::Args;

#[derive(Debug, Args)]
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
pub struct ItemArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The item (its id).
    pub item: String,
    /// What to do: `give ID` (to a creature, also to take it from one), `drop [CELL]`
    /// (where its carrier stands, or on CELL), `equip`, `unequip`.
    #[arg(num_args = 1..=2, value_names = ["ACTION", "ARG"])]
    pub action: Vec<String>,
    /// The scheme file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

#[derive(Debug, Args)]
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
pub struct DoorArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The door's cell.
    pub cell: String,
    /// `open`, `close`, `lock` or `unlock`.
    pub action: String,
    /// The scheme file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run_item(args: ItemArgs, registry: &Registry) -> Result<()> {
    let mut words = vec![args.item.clone()];
    words.extend(args.action.iter().cloned());
    run(
        registry,
        "item",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.write,
    )
}

pub fn run_door(args: DoorArgs, registry: &Registry) -> Result<()> {
    let words = vec![args.cell.clone(), args.action.clone()];
    run(
        registry,
        "door",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.write,
    )
}

fn run(
    registry: &Registry,
    command: &str,
    board: &str,
    schemes: Option<&str>,
    words: &[String],
    write: &WriteArgs,
) -> Result<()> {
    let mut session = Session::open(registry, schemes, board, write)?;
    let mut outcome = None;
    let events = session.play(write.ties, |world, monsters| {
        outcome = Some(monsters.player_command(world, command, words));
    })?;
    match outcome.flatten() {
        Some(Ok(())) => session.finish(command, &events, write),
        Some(Err(d)) => Err(d.into()),
        None => Err(Diagnostic::plain(format!(
            "`{command}`: the monsters of this board ({}) keep no items or locks",
            session.monsters.system()
        ))
        .with_hint("items and locked doors belong to need-driven boards (system = \"needs\", docs/needs.md)")
        .into()),
    }
}

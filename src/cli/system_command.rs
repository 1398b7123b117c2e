//! `monster-ai item` and `monster-ai door`: the players' commands on what a need-driven
//! board keeps beyond creatures (items carried and lying about, locked doors), and on an
//! ability-deck board's doors (opening one reveals the rooms behind it), as `record item
//! ...` and `record door ...`: the board's system checks and carries them out; a system
//! without them says so.

use super::WriteArgs;
use super::record::record;
use crate::controllers::Registry;
use crate::error::Result;
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
    /// `open`, `close`, `lock` or `unlock` (need-driven boards); `open` (ability-deck
    /// boards: the rooms behind the door are revealed).
    pub action: String,
    /// The scheme file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run_item(args: ItemArgs, registry: &Registry) -> Result<()> {
    let mut words = vec!["item".to_string(), args.item.clone()];
    words.extend(args.action.iter().cloned());
    record(
        registry,
        "item",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.write,
    )
}

pub(super) fn run_door(args: DoorArgs, registry: &Registry) -> Result<()> {
    let words = vec!["door".to_string(), args.cell.clone(), args.action.clone()];
    record(
        registry,
        "door",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.write,
    )
}

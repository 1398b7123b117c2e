//! The words need-driven boards take in `monster-ai record` (and as the `item` and `door`
//! commands), declared once with clap: each variant is a word (its doc line the help, its
//! fields the arguments); clap parses them and `record` checks them against the board.

use clap::Subcommand;

/// One record on a need-driven board, as the players typed it.
#[derive(Debug, Subcommand)]
#[command(disable_help_subcommand = true)]
pub(crate) enum Record {
    /// an item changes hands, is dropped, equipped or unequipped
    #[command(disable_help_subcommand = true)]
    Item {
        /// The item (its id on the board).
        #[arg(value_name = "ITEM")]
        item: String,
        /// What happens to it.
        #[command(subcommand)]
        action: ItemAction,
    },
    /// a character opens, closes, locks or unlocks a door
    Door {
        /// The door's cell (C4).
        #[arg(value_name = "CELL")]
        cell: String,
        /// What is done to it.
        #[arg(value_name = "ACTION", value_parser = ["open", "close", "lock", "unlock"])]
        action: String,
    },
}

/// What happens to an item (`item ITEM give ID`, ...).
#[derive(Debug, Subcommand)]
pub(crate) enum ItemAction {
    /// It is handed to a creature.
    Give {
        /// The creature given it (its id).
        #[arg(value_name = "ID")]
        to: String,
    },
    /// Its carrier drops it, where it stands or on CELL.
    Drop {
        /// Where it lands (default: the carrier's cell).
        #[arg(value_name = "CELL")]
        cell: Option<String>,
    },
    /// Its carrier equips it (what it wore in that slot comes off).
    Equip,
    /// Its carrier takes it off.
    Unequip,
}

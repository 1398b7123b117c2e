//! The board's table setting: whether the players at this table roll their own dice and
//! draw their own cards, so that the commands ask for them (SPEC §14).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the players at this table do themselves instead of the tool.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The players roll every die: each command asks for the faces on standard input,
    /// unless they are given with `--rolls` or `--dice tool` says the tool rolls.
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_dice: bool,
    /// The players draw their own ability cards: a round is dealt only once every
    /// monster type's card is given (`record BOARD drew`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_cards: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Table {
    /// Nothing set (left out of the board file).
    pub fn is_unset(&self) -> bool {
        *self == Table::default()
    }
}

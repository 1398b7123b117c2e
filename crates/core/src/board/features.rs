//! Things lying on the board besides creatures and terrain: traps, fires, creatures due to
//! arrive later, and the record of the fallen.

use super::creature::{Creature, Side};
use super::status::StatusKind;
use crate::chance::dice::Dice;
use crate::grid::Cell;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A trap: harms and hinders the first creature that enters it, then is gone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trap {
    /// The cell it lies on.
    #[serde(with = "super::cell_serde")]
    #[schemars(with = "String")]
    pub cell: Cell,
    /// The side that set it; that side's monsters walk around it.
    pub side: Side,
    #[serde(
        default,
        with = "super::dice_serde::option",
        skip_serializing_if = "Option::is_none"
    )]
    /// The damage roll it deals to whoever springs it; when absent, no damage.
    #[schemars(with = "Option<String>")]
    pub damage: Option<Dice>,
    /// The statuses it gives whoever springs it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statuses: Vec<StatusKind>,
}

/// A burning cell: whoever starts a turn in it or enters it takes fire damage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    /// The cell that burns.
    #[serde(with = "super::cell_serde")]
    #[schemars(with = "String")]
    pub cell: Cell,
    /// Round starts still to pass before the fire goes out.
    pub rounds_left: u32,
}

/// Creatures that will be placed at the start of a later round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Arrival {
    /// The round at whose start they arrive.
    pub round: u32,
    /// Placed in the free cells closest to this one.
    #[serde(with = "super::cell_serde")]
    #[schemars(with = "String")]
    pub near: Cell,
    /// The side they will fight on.
    pub side: Side,
    /// How many arrive.
    pub count: u32,
    /// The monster types to choose from (one chosen per creature by the tie policy).
    pub types: Vec<String>,
    /// Who called them.
    pub by: String,
}

/// A creature that died, kept for the record (allies that died this round, resurrection).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fallen {
    /// The round it died in.
    pub round: u32,
    /// Its last state, as it was when it died (`hp` 0).
    pub creature: Creature,
}

/// A creature with Resurrect that died: it comes back at the start of round `round` with
/// the HP recorded here (half its maximum, rounded up), on its cell or the free cell
/// closest to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Resurrection {
    /// The round at whose start it comes back.
    pub round: u32,
    /// The creature as it will return, with its new HP.
    pub creature: Creature,
}

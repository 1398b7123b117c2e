//! The board's stalemate setting and count: how many quiet rounds in a row end a fight,
//! how many have passed, and what the board looked like at the start of the round now
//! under way (what the next round's start compares against). The rules that fill it in
//! are in `rules::stalemate`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Quiet rounds in a row that end a fight when a board does not say.
pub const DEFAULT_QUIET_ROUNDS: u32 = 10;
/// The most quiet rounds a board may ask for.
pub const MAX_QUIET_ROUNDS: u32 = 1000;

/// A board's stalemate setting and where the count stands.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stalemate {
    /// Quiet rounds in a row that end the fight (10 when left out; 0: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub after: Option<u32>,
    /// Quiet rounds in a row so far.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiet: u32,
    /// The board at the start of the round under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
}

/// What a round must not change to count as quiet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    /// Every creature's HP, by id.
    pub hp: BTreeMap<String, i32>,
    /// The gold of every creature carrying some, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub gold: BTreeMap<String, u32>,
    /// Who holds which of the system's things, in the system's words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub holdings: String,
    /// The statuses on the board, as `creature:status`, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statuses: Vec<String>,
    /// For each creature that can reach an enemy: the steps to the nearest one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub nearest: BTreeMap<String, u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Stalemate {
    /// Nothing set and nothing counted (left out of the board file).
    pub fn is_unset(&self) -> bool {
        *self == Stalemate::default()
    }

    /// Quiet rounds in a row that end the fight (0: never).
    pub fn rounds(&self) -> u32 {
        self.after.unwrap_or(DEFAULT_QUIET_ROUNDS)
    }

    /// The fight has ended in a stalemate.
    pub fn reached(&self) -> bool {
        self.rounds() > 0 && self.quiet >= self.rounds()
    }
}

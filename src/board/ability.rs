//! Board state for ability-deck monsters (SPEC §6): the scenario level and rule variant,
//! each type's ability deck, the monsters' attack-modifier deck, and the characters'
//! initiatives this round. The rules for using them live in `controllers::ability_deck`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which edition's rulings ability-deck monsters follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RuleVariant {
    #[default]
    Gloomhaven,
    Frosthaven,
    JawsOfTheLion,
}

impl RuleVariant {
    pub fn is_default(&self) -> bool {
        *self == RuleVariant::Gloomhaven
    }
}

/// One attack-modifier card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Modifier {
    Plus0,
    Plus1,
    Plus2,
    Minus1,
    Minus2,
    Double,
    Null,
    Bless,
    Curse,
}

/// The monsters' attack-modifier deck: the draw pile (top card first) and the discards.
/// A board without it starts from a fresh, shuffled standard deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModifierDeck {
    #[serde(default)]
    pub draw: Vec<Modifier>,
    #[serde(default)]
    pub discard: Vec<Modifier>,
    /// A ×2 or null was drawn: the deck is shuffled at the end of the round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shuffle_due: bool,
}

/// One type's ability deck (cards by their 1-based number in the scheme file).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TypeDeck {
    /// The draw pile, top first; filled (shuffled) from the type's cards when empty.
    #[serde(default)]
    pub draw: Vec<u32>,
    #[serde(default)]
    pub discard: Vec<u32>,
    /// This round's card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u32>,
}

/// Coins lying on a hex, for the ability-deck `loot` action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Loot {
    #[serde(with = "super::cell_serde")]
    #[schemars(with = "String")]
    pub cell: crate::grid::Cell,
    pub gold: u32,
}

//! Gloomhaven Secretariat's data files as they are written: a monster file
//! (`data/EDITION/monster/NAME.json`: `name`, `count`, `deck`, `boss`, `flying`,
//! `baseStat` and `stats` per level and rank) and a deck file
//! (`data/EDITION/monster/deck/NAME.json`: `name`, `abilities` with `cardId`, `initiative`,
//! `shuffle` and `actions`). Fields this reader does not use are kept in `other`, so that
//! each can be reported rather than passed over.

use serde::Deserialize;
use serde_json::{Map, Value};

/// Either kind of file, told apart by its fields (`stats` or `abilities`).
pub(crate) enum GhsFile {
    Monster(Box<MonsterFile>),
    Deck(DeckFile),
}

#[derive(Debug, Deserialize)]
pub(crate) struct MonsterFile {
    pub name: String,
    #[serde(default)]
    pub edition: Option<String>,
    #[serde(default)]
    pub count: Option<i64>,
    #[serde(default)]
    pub deck: Option<String>,
    #[serde(default)]
    pub boss: bool,
    #[serde(default)]
    pub flying: bool,
    #[serde(default, rename = "baseStat")]
    pub base_stat: Option<Stat>,
    pub stats: Vec<Stat>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// One stat line (or, as `baseStat`, what every line shares).
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct Stat {
    #[serde(default, rename = "type")]
    pub rank: Option<String>,
    #[serde(default)]
    pub level: Option<i64>,
    #[serde(default)]
    pub health: Option<Value>,
    #[serde(default)]
    pub movement: Option<Value>,
    #[serde(default)]
    pub attack: Option<Value>,
    #[serde(default)]
    pub range: Option<Value>,
    #[serde(default)]
    pub actions: Option<Vec<Action>>,
    #[serde(default)]
    pub immunities: Option<Vec<String>>,
    #[serde(default)]
    pub special: Option<Vec<Vec<Action>>>,
    #[serde(default)]
    pub note: Option<String>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct DeckFile {
    pub name: String,
    #[serde(default)]
    pub edition: Option<String>,
    pub abilities: Vec<Ability>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct Ability {
    #[serde(default, rename = "cardId")]
    pub card_id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    pub initiative: i64,
    #[serde(default)]
    pub shuffle: bool,
    #[serde(default)]
    pub actions: Vec<Action>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub(crate) struct Action {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub value: Option<Value>,
    #[serde(default, rename = "valueType")]
    pub value_type: Option<String>,
    #[serde(default, rename = "valueObject")]
    pub value_object: Option<Value>,
    #[serde(default, rename = "subActions")]
    pub sub_actions: Vec<Action>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// Every action type GHS's data uses (its `ActionType`): a type outside this list is not
/// GHS data at all and is refused; one inside it that our card language cannot say is
/// reported as left out.
pub(crate) const ACTION_TYPES: [&str; 41] = [
    "area",
    "attack",
    "box",
    "boxFhSubActions",
    "card",
    "concatenation",
    "concatenationSpacer",
    "condition",
    "custom",
    "damage",
    "element",
    "elementHalf",
    "extra",
    "fly",
    "forceBox",
    "grant",
    "grid",
    "heal",
    "hint",
    "jump",
    "loot",
    "monsterType",
    "move",
    "nonCalc",
    "pierce",
    "pull",
    "push",
    "range",
    "retaliate",
    "round",
    "shield",
    "spawn",
    "special",
    "specialTarget",
    "sufferDamage",
    "summon",
    "swing",
    "switchType",
    "target",
    "teleport",
    "trigger",
];

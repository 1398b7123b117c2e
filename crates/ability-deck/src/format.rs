//! The ability-deck part of a monster file (TOML, format 1) as written by users: monster
//! types of `system = "ability-deck"`, stat lines per level, and ability cards whose
//! actions are short text lines.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// An ability-deck monster file as written.
pub(crate) struct DeckFile {
    /// Always 1 for this version.
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// Which system runs the monsters of this file: `ability-deck` for the monsters of this file.
    #[serde(default)]
    #[expect(dead_code, reason = "read with the header (`systems::monster_file`)")]
    pub system: Option<String>,
    #[serde(rename = "monster")]
    /// Its monster types.
    pub monsters: Vec<DeckMonsterDef>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// One monster type as written.
pub(crate) struct DeckMonsterDef {
    #[schemars(with = "String")]
    /// The type's name.
    pub name: Spanned<String>,
    /// Older files named the system per monster; if present it must be `ability-deck`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub controller: Option<Spanned<String>>,
    /// A boss: one stat line (`normal`), stats may use `C` (the number of characters).
    #[serde(default)]
    pub boss: bool,
    /// How many standees of this type the box holds (1 to 30; default 6, 1 for a boss):
    /// a summon fails when all of them are on the board.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub standees: Option<Spanned<u32>>,
    /// Conditions that never take hold on this type (`poison`, `stun`, …).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub immune: Vec<Spanned<String>>,
    /// Stat lines, one table per scenario level.
    #[serde(rename = "level")]
    pub levels: Vec<LevelDef>,
    /// The ability deck.
    #[serde(rename = "card")]
    pub cards: Vec<CardDef>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// The stat lines of one scenario level.
pub(crate) struct LevelDef {
    #[schemars(with = "u32")]
    /// The scenario level.
    pub level: Spanned<u32>,
    /// The normal monster's line.
    pub normal: StatLineDef,
    /// Left out for bosses.
    #[serde(default)]
    pub elite: Option<StatLineDef>,
}

/// A number, or for bosses a text such as `"8xC"` or `"6xC+2"` (C = characters).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub(crate) enum StatValue {
    /// A number.
    Number(i64),
    /// A text such as `8xC` (per character).
    Text(String),
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// A stat line as written.
pub(crate) struct StatLineDef {
    #[schemars(with = "StatValue")]
    /// Hit points.
    pub hp: Spanned<StatValue>,
    #[serde(rename = "move")]
    #[schemars(with = "StatValue")]
    /// Move points.
    pub movement: Spanned<StatValue>,
    #[schemars(with = "StatValue")]
    /// Attack value.
    pub attack: Spanned<StatValue>,
    /// 0 (the default) for a melee monster.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub range: Option<Spanned<u32>>,
    /// `shield N`, `retaliate N`, `retaliate N range M`, `flying`, `jumping`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub traits: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// An ability card as written.
pub(crate) struct CardDef {
    /// A short label for narration; defaults to "card N".
    #[serde(default)]
    pub name: Option<String>,
    #[schemars(with = "u32")]
    /// Its initiative (0 to 99).
    pub initiative: Spanned<u32>,
    /// After the round this card was drawn in, the whole deck is shuffled.
    #[serde(default)]
    pub shuffle: bool,
    /// The actions, one short line each, in order (see docs/ability-decks.md).
    #[schemars(with = "Vec<String>")]
    pub actions: Vec<Spanned<String>>,
}

//! The scheme file (TOML, format 1) as written by users: monster types with stats,
//! traits, target priority and ordered behaviours whose actions are short text lines.

use crate::board::{Saves, Trait};
use crate::rules::targeting::Priority;
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// A Monster A.I. scheme file: its header and its monster types.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SchemeFile {
    /// Always 1 for this version.
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// Which system runs the monsters of this file: `monster-ai` (the default) for Monster A.I. schemes.
    #[serde(default)]
    #[expect(dead_code, reason = "read with the header (`systems::monster_file`)")]
    pub system: Option<String>,
    /// Monster types, in the order their turns are taken by default.
    #[serde(rename = "monster")]
    pub monsters: Vec<MonsterDef>,
}

/// One monster type: its stats, traits, whom it targets and its behaviours in order.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MonsterDef {
    /// The type's name, as boards write it in a monster's `type`.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// Which automation system runs this monster; only `scheme` so far.
    #[serde(default = "scheme_controller")]
    #[schemars(with = "String")]
    pub controller: Spanned<String>,
    /// A boss: its turn cards are shuffled into the deck as `boss_cards` says.
    #[serde(default)]
    pub boss: bool,
    /// Maximum hit points.
    #[schemars(with = "i32")]
    pub hp: Spanned<i64>,
    /// What an attack roll must reach to hit it.
    #[schemars(with = "i32")]
    pub defence: Spanned<i64>,
    /// Spaces it may move in one move action.
    #[schemars(with = "u32")]
    pub speed: Spanned<i64>,
    /// How far its attacks reach, in spaces (1 is melee).
    #[schemars(with = "u32")]
    pub range: Spanned<i64>,
    /// Its saving-throw bonuses by ability.
    #[serde(default)]
    pub saves: Saves,
    /// Special traits, each a short phrase (`flying`, `regeneration 2`).
    // Kept as text and parsed when the scheme is compiled, so an error can point at the
    // one phrase that is wrong; the schema still describes them as trait phrases.
    #[serde(default)]
    #[schemars(with = "Vec<Trait>")]
    pub traits: Vec<Spanned<String>>,
    /// Whom it attacks among the enemies it can reach (default: the closest).
    #[serde(default)]
    pub target_priority: Priority,
    /// Bonuses that apply when the turn card is drawn in a certain position.
    #[serde(default)]
    pub card_bonus: Vec<CardBonusDef>,
    /// Its behaviours, the first whose conditions hold being the one it uses.
    #[serde(rename = "behaviour")]
    pub behaviours: Vec<BehaviourDef>,
}

fn scheme_controller() -> Spanned<String> {
    Spanned::new(0..0, "scheme".to_string())
}

/// One behaviour: when it may be used and the actions it takes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BehaviourDef {
    /// A short label for narration; defaults to "behaviour N".
    #[serde(default)]
    pub name: Option<String>,
    /// A special condition, e.g. `self.hp <= 10`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub when: Option<Spanned<String>>,
    /// A proximity condition: `"1"`, `"3"` (an enemy within N spaces) or `"2+"` (an enemy
    /// N or more spaces away, within effective range).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub proximity: Option<Spanned<String>>,
    /// The actions, one short line each, in order.
    #[serde(rename = "do")]
    #[schemars(with = "Vec<String>")]
    pub actions: Vec<Spanned<String>>,
    /// Charge N: after use, skipped until N round starts have passed.
    #[serde(default)]
    pub charge: Option<u32>,
    /// Once per combat: `"type"` (once for the whole monster type) or `"monster"` (once
    /// for each monster).
    #[serde(default)]
    pub once: Option<Once>,
}

/// How often a once-per-combat behaviour may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Once {
    /// Once for the whole monster type.
    Type,
    /// Once for each monster of the type.
    Monster,
}

/// A bonus that holds while the monster's turn card was drawn in a certain place.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardBonusDef {
    /// A condition over `card.*`, e.g. `card.last_two`.
    #[schemars(with = "String")]
    pub when: Spanned<String>,
    /// Effect lines added to every attack this monster makes while it holds.
    #[schemars(with = "Vec<String>")]
    pub add: Vec<Spanned<String>>,
}

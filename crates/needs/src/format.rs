//! The need-driven monster file (TOML, format 1, `system = "needs"`) as written by users:
//! each type's stats, mind, strength, race, perception, what it fears, loves and hates,
//! how those fall off with distance, the priority numbers of its actions, and its attacks.

use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// A need-driven monster file as written.
pub(crate) struct NeedsFile {
    /// Always 1 for this version.
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// Always `needs` for need-driven monsters.
    #[serde(default)]
    #[expect(dead_code, reason = "read with the header (`systems::monster_file`)")]
    pub system: Option<String>,
    #[serde(rename = "monster")]
    /// The monster types (`[[monster]]`).
    pub monsters: Vec<NeedsMonsterDef>,
}

/// How a type weighs what it perceives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[expect(
    clippy::enum_variant_names,
    reason = "the file's own words: mindless, instinct, mind"
)]
pub(crate) enum Mind {
    /// Feels neither fear nor love (undead).
    Mindless,
    /// Measures others by their strength only (beasts).
    Instinct,
    /// Measures others by strength and equipment (people).
    Mind,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// One `[[monster]]` table as written.
pub(crate) struct NeedsMonsterDef {
    #[schemars(with = "String")]
    /// The type's name.
    pub name: Spanned<String>,
    #[schemars(with = "i32")]
    /// Its HP.
    pub hp: Spanned<i64>,
    #[schemars(with = "i32")]
    /// Its defence.
    pub defence: Spanned<i64>,
    /// Observe-rate-perform cycles per turn (each step of a move is one).
    #[schemars(with = "u32")]
    pub speed: Spanned<i64>,
    /// How it weighs others.
    pub mind: Mind,
    /// Physical strength; perceived strength is this times HP / max HP.
    #[schemars(with = "f64")]
    pub strength: Spanned<f64>,
    /// Its race; the type's name when left out. Creatures of another race are hated.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub race: Option<Spanned<String>>,
    /// Other races it counts as friends (loved, not hated), besides its own.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub friends: Vec<Spanned<String>>,
    /// How far it perceives, in steps around walls (8 when left out).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub perception: Option<Spanned<i64>>,
    /// Whether it sees weapons and armour as dangerous (true for mind-driven types, false
    /// otherwise, when left out); the default of the two below.
    #[serde(default)]
    pub recognises_equipment: Option<bool>,
    /// Whether it sees weapons as dangerous (`recognises_equipment` when left out).
    #[serde(default)]
    pub recognises_weapons: Option<bool>,
    /// Whether it sees armour as dangerous (`recognises_equipment` when left out).
    #[serde(default)]
    pub recognises_armour: Option<bool>,
    /// The weights of strength and of equipment in fear and love (500 each by default).
    #[serde(default)]
    pub weights: Option<WeightsDef>,
    /// Hate for a creature of another race at distance 1 (1000 by default).
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    pub hate: Option<Spanned<f64>>,
    /// Extra fear at distance 1, by race or type (creatures) or item kind or tag (objects).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, f64>")]
    pub fears: BTreeMap<String, Spanned<f64>>,
    /// Extra love at distance 1, by race, type, item kind or tag. Mind-driven types love
    /// treasure 500 when left out.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, f64>>")]
    pub loves: Option<BTreeMap<String, Spanned<f64>>>,
    /// Hate at distance 1 by race or type (replacing the default rule; a type's entry wins
    /// over its race's), or by item kind or tag (objects are otherwise not hated).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, f64>")]
    pub hates: BTreeMap<String, Spanned<f64>>,
    /// How fast fear/love and hate drop with distance: value / distance ^ falloff.
    #[serde(default)]
    pub falloff: Option<FalloffDef>,
    /// Fear grows as it is hurt: fear × (1 + wound_fear × (1 − HP / max HP)). 0 by default.
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    pub wound_fear: Option<Spanned<f64>>,
    /// Within this many steps of the fear/love centre it stops regrouping (3 by default).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub regroup: Option<Spanned<i64>>,
    /// Weight it carries before it is slowed (strength × 5 by default).
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    pub capacity: Option<Spanned<f64>>,
    /// The priority numbers (100, 200, 300, 400 by default).
    #[serde(default)]
    pub priorities: Option<PrioritiesDef>,
    /// One action's own rating, in place of its priority level (`pick-up = 350` for a
    /// scavenger); keyed by the action names of narration.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, f64>")]
    pub action_priority: BTreeMap<String, Spanned<f64>>,
    /// The actions it has; mind-driven types have all of them, others `move` and `attack`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub actions: Option<Vec<Spanned<String>>>,
    /// Its attacks, tried in order.
    #[serde(default, rename = "attack")]
    pub attacks: Vec<AttackDef>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// The two weights of the fear/love formula.
pub(crate) struct WeightsDef {
    #[schemars(with = "f64")]
    /// The strength weight.
    pub strength: Spanned<f64>,
    #[schemars(with = "f64")]
    /// The danger weight.
    pub danger: Spanned<f64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// How fast fear and hate fall off with distance.
pub(crate) struct FalloffDef {
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// Fear's exponent.
    pub fear: Option<Spanned<f64>>,
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// Hate's exponent.
    pub hate: Option<Spanned<f64>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// The four priority numbers.
pub(crate) struct PrioritiesDef {
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// LOW.
    pub low: Option<Spanned<f64>>,
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// NORMAL.
    pub normal: Option<Spanned<f64>>,
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// HIGH.
    pub high: Option<Spanned<f64>>,
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    /// HIGHEST.
    pub highest: Option<Spanned<f64>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
/// How far an attack reaches.
pub(crate) enum ReachDef {
    /// Adjacent targets only.
    Melee,
    /// Targets within `range`.
    Ranged,
}

/// One attack: `reach`, the to-hit `bonus`, `damage` dice and (ranged) `range`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttackDef {
    #[schemars(with = "String")]
    /// The attack's name.
    pub name: Spanned<String>,
    /// Melee or ranged.
    pub reach: ReachDef,
    #[serde(default)]
    #[schemars(with = "Option<i32>")]
    /// Bonus to hit.
    pub bonus: Option<Spanned<i64>>,
    /// Dice such as `1d6+1`.
    #[schemars(with = "String")]
    pub damage: Spanned<String>,
    /// Spaces a ranged attack reaches (melee: 1).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub range: Option<Spanned<i64>>,
}

//! The AI-deck monster file (TOML, format 1) as users write it: monster types with their
//! movement, toughness, footprint, basic action and instinct, the deck recipe per level,
//! and the AI cards whose actions are short text lines (see docs/ai-decks.md).

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// A whole AI-deck monster file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiFile {
    /// Always 1 for this version.
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// `ai-deck` for the monsters of this file.
    #[expect(dead_code, reason = "read with the header (`systems::monster_file`)")]
    pub system: String,
    /// The monster types the file defines.
    #[serde(rename = "monster")]
    pub monsters: Vec<AiMonsterDef>,
}

/// One monster type as written in the file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiMonsterDef {
    /// The type's name, as monsters on a board name it.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// Spaces it moves with a full move.
    #[schemars(with = "u32")]
    pub movement: Spanned<u32>,
    /// What a survivor's wound roll must beat (shown to the players).
    #[schemars(with = "u32")]
    pub toughness: Spanned<u32>,
    /// Added to the accuracy a survivor's attack die needs to hit it (0-10; default 0).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub evasion: Option<Spanned<u32>>,
    /// The side of its square footprint: 1 (one square), 2 (2×2), up to 5.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub size: Option<Spanned<u32>>,
    /// Where its hits land, rolled evenly; default head, arms, body, waist, legs.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub hit_locations: Option<Spanned<Vec<String>>>,
    /// What it does when its deck and discard pile are both empty.
    pub basic_action: RoutineDef,
    /// What most cards' no-target rule does.
    pub instinct: RoutineDef,
    /// The deck recipe, one table per level.
    #[serde(rename = "level")]
    pub levels: Vec<LevelDef>,
    /// Every AI card of the type, all pools together.
    #[serde(rename = "card")]
    pub cards: Vec<CardDef>,
}

/// The basic action or the instinct: a pick-target list and actions, like a card's.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RoutineDef {
    /// Pick-target conditions, tried in order (empty: the actions run with no target).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub pick: Vec<Spanned<String>>,
    /// Action lines, performed in order.
    #[schemars(with = "Vec<String>")]
    pub actions: Vec<Spanned<String>>,
}

/// The deck recipe of one level.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelDef {
    /// The level number, as boards name it.
    #[schemars(with = "u32")]
    pub level: Spanned<u32>,
    /// How many cards of each pool go into the deck.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub basic: Option<Spanned<u32>>,
    /// Cards dealt from the advanced pool.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub advanced: Option<Spanned<u32>>,
    /// Cards dealt from the legendary pool.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub legendary: Option<Spanned<u32>>,
    /// Special cards that start in play (by name); a survivor status card among them is
    /// given to every survivor instead.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub specials: Vec<Spanned<String>>,
    /// The Life trait: wounds lower this number instead of taking AI cards.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub life: Option<Spanned<u32>>,
    /// How many overtone cards the deck holds, dealt from the type's overtone cards
    /// apart from the pools' counts (left out: overtone cards are dealt with their pool).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub overtone: Option<Spanned<u32>>,
}

/// One AI card as written in the file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardDef {
    /// The card's title, unique within its monster type.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// basic, advanced, legendary or special.
    #[schemars(with = "String")]
    pub level: Spanned<String>,
    /// normal (default), mood, trait, duration, repeat, relentless, overtone, harmony,
    /// status (a survivor status card: special, held by a survivor).
    #[serde(default, rename = "type")]
    #[schemars(with = "Option<String>")]
    pub kind: Option<Spanned<String>>,
    /// The pick-target list, first condition first.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub pick: Vec<Spanned<String>>,
    /// What happens when no condition picks anyone: instinct (default), basic action,
    /// or nothing.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub no_target: Option<Spanned<String>>,
    /// The actions in order (for a duration: when drawn face down).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub actions: Vec<Spanned<String>>,
    /// A duration's actions when drawn face up.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub face_up: Vec<Spanned<String>>,
    /// Rules that hold while the card is in play (a duration: while face up); a status
    /// card's rules on the survivor holding it.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub effects: Vec<Spanned<String>>,
    /// When a mood or trait leaves play: `wounded` or `never`; when a survivor loses a
    /// status card: `never`, `knocked down`, `wounds the monster`, `end of monster turn`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub until: Option<Spanned<String>>,
    /// Explanations of the card's terms; never performed.
    #[serde(default)]
    #[expect(dead_code, reason = "for the file's readers; the schema documents it")]
    pub definitions: Vec<String>,
    /// A shape drawn on the card, one string per row, the monster facing the top: `M`
    /// its block, `x` the zone (`in zone`), `b` the card's own blind spot, `.` others.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub zone: Option<Spanned<Vec<String>>>,
    /// A mood's or trait's watched condition, checked at the start of each of the
    /// monster's turns while the card is in play (a pick-target condition); a status
    /// card's, checked on the survivor holding it.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub watch: Option<Spanned<String>>,
    /// What the monster does to each survivor meeting `watch` (a status card: to its
    /// holder), in order.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub triggered: Vec<Spanned<String>>,
    /// The Life trait this card gives each monster of its type when it comes into play
    /// (1-1000; added to Life it already has).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub life: Option<Spanned<u32>>,
}

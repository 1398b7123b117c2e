//! A creature on the board: who it is, where it stands, its hit points and the state the
//! rules keep for it (statuses, gold, once-per-combat uses).

use super::status::Status;
use super::traits::Trait;
use crate::grid::Cell;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which side a creature fights on. Monsters' enemies are the players' side (characters
/// and their NPC allies) and the other way round.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The characters and the NPCs fighting with them.
    Players,
    /// The creatures the program plays.
    Monsters,
}

impl Side {
    /// The side whose creatures are this side's enemies.
    pub fn opponent(self) -> Side {
        match self {
            Side::Players => Side::Monsters,
            Side::Monsters => Side::Players,
        }
    }
}

/// The six ability modifiers used by saving throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Saves {
    /// Added to Strength saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub str: i32,
    /// Added to Dexterity saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub dex: i32,
    /// Added to Constitution saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub con: i32,
    /// Added to Intelligence saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub int: i32,
    /// Added to Wisdom saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub wis: i32,
    /// Added to Charisma saving throws (0 when the file leaves it out).
    #[serde(default)]
    pub cha: i32,
}

/// An ability used for a saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Ability {
    /// Strength (`STR`).
    Str,
    /// Dexterity (`DEX`).
    Dex,
    /// Constitution (`CON`).
    Con,
    /// Intelligence (`INT`).
    Int,
    /// Wisdom (`WIS`).
    Wis,
    /// Charisma (`CHA`).
    Cha,
}

impl Ability {
    /// The ability a three-letter word names (`STR`, `dex`, any case); `None` for any
    /// other word.
    pub fn parse(word: &str) -> Option<Ability> {
        Some(match word.to_ascii_uppercase().as_str() {
            "STR" => Ability::Str,
            "DEX" => Ability::Dex,
            "CON" => Ability::Con,
            "INT" => Ability::Int,
            "WIS" => Ability::Wis,
            "CHA" => Ability::Cha,
            _ => return None,
        })
    }

    /// The ability's three capital letters, as saving throws are written (`DEX`).
    pub fn label(self) -> &'static str {
        match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Con => "CON",
            Ability::Int => "INT",
            Ability::Wis => "WIS",
            Ability::Cha => "CHA",
        }
    }
}

impl Saves {
    /// The modifier added to a saving throw with `ability`.
    pub fn modifier(&self, ability: Ability) -> i32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }
}

/// A creature as stored in the board file. Stat fields left out of a monster are taken
/// from its scheme; left out of a character, they take the documented defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Creature {
    /// Unique id used on the command line (`warg-1`, `aria`).
    pub id: String,
    /// Display name; defaults to the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The side it fights on.
    pub side: Side,
    /// The monster type, as named in the monster file (monsters only).
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Cell name such as `C4`.
    #[serde(with = "super::cell_serde")]
    #[schemars(with = "String")]
    pub position: Cell,
    /// Current hit points. Required, except on a monster whose system measures its health
    /// otherwise (an AI deck's cards or Life): left out, it is at its maximum, and saving
    /// leaves it out again while it still is.
    #[serde(skip_serializing_if = "super::implied_hp::left_out")]
    #[schemars(default = "super::implied_hp::schema_default")]
    pub hp: i32,
    /// Maximum hit points; when absent, its type's (a monster) or, for a character, its
    /// `hp` when first loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_hp: Option<i32>,
    /// Armour class or its equivalent: an attack roll hits when it reaches this number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defence: Option<i32>,
    /// Spaces one Move covers; when absent, its type's or the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<u32>,
    /// Spaces its ranged actions reach; when absent, its type's or the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// Saving-throw modifiers; when absent, its type's or all 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saves: Option<Saves>,
    /// Gold it carries (what a thief can take).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
    /// Special traits on top of its type's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<Trait>,
    /// The statuses it has now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statuses: Vec<Status>,
    /// Test Morale has been rolled (it happens once per combat).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub morale_tested: bool,
    /// The round in which it last retaliated (Retaliate works once per round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retaliated: Option<u32>,
    /// The id of the creature that summoned it, on the same side. A summon is focused on
    /// before its summoner when their initiatives tie, and shares the summoner's
    /// initiative unless it has its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summoner: Option<String>,
    /// The hit points it was given because the board left `hp` out (its system measures
    /// its health otherwise); saving leaves `hp` out again while it still has them.
    #[serde(skip)]
    pub implied_hp: Option<i32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Creature {
    /// A players' character: on the players' side, with no monster type (so no system
    /// plays it; the players, or `simulate`'s characters' model, do).
    pub fn is_character(&self) -> bool {
        self.side == Side::Players && self.kind.is_none()
    }

    /// A new creature with `hp` and nothing else set: no overrides, no gold, no statuses.
    pub fn fresh(
        id: String,
        side: Side,
        kind: Option<String>,
        position: Cell,
        hp: i32,
    ) -> Creature {
        Creature {
            id,
            name: None,
            side,
            kind,
            position,
            hp,
            max_hp: None,
            defence: None,
            speed: None,
            range: None,
            saves: None,
            gold: 0,
            traits: Vec::new(),
            statuses: Vec::new(),
            morale_tested: false,
            retaliated: None,
            summoner: None,
            implied_hp: None,
        }
    }

    /// The name narration uses: its `name`, else its id.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }
}

/// Sort key for "ascending number" within a type: the id's trailing number (`warg-2`
/// before `warg-10`, `b-10` before `a-20`), then the id.
pub fn number_order(id: &str) -> (u64, String) {
    let digits = id.len() - id.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    (id[id.len() - digits..].parse().unwrap_or(0), id.to_string())
}

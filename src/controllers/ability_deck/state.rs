//! The ability-deck system's saved state in a board (`systems.ability-deck`, SPEC §6):
//! the scenario level and rule variant, each type's ability deck, the monsters'
//! attack-modifier deck, the round's fresh summons, loot, and the characters' initiatives
//! this round. Reading it, the changes play makes to it, and checking it when a board is
//! loaded; the rules for using it live in the other files of this folder.

use super::system::SYSTEM;
use crate::board::Fight;
use crate::controllers::Controller;
use crate::controllers::state::{StateProblem, read_state};
use crate::grid::Cell;
use crate::rules::world::World;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The state (every part may be left out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckState {
    /// The scenario level (stat lines), default 1.
    #[serde(default = "first_level", skip_serializing_if = "is_first_level")]
    pub level: u32,
    /// Which edition's rulings the monsters follow.
    #[serde(default, skip_serializing_if = "RuleVariant::is_default")]
    pub variant: RuleVariant,
    /// Each type's ability deck.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ability_decks: BTreeMap<String, TypeDeck>,
    /// The monsters' attack-modifier deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifier_deck: Option<ModifierDeck>,
    /// Monsters summoned this round: they act from the next round on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fresh_summons: Vec<String>,
    /// Coins on the board that monsters can `loot`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot: Vec<Loot>,
    /// Characters' initiatives this round (character id → initiative).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub initiatives: BTreeMap<String, u32>,
}

impl Default for DeckState {
    fn default() -> DeckState {
        DeckState {
            level: first_level(),
            variant: RuleVariant::default(),
            ability_decks: BTreeMap::new(),
            modifier_deck: None,
            fresh_summons: Vec::new(),
            loot: Vec::new(),
            initiatives: BTreeMap::new(),
        }
    }
}

fn first_level() -> u32 {
    1
}

fn is_first_level(n: &u32) -> bool {
    *n == 1
}

/// The board's state (checked when the board was loaded).
pub fn read(fight: &Fight) -> DeckState {
    fight.system_state(SYSTEM.system()).unwrap_or_default()
}

/// Changes the board's state with `change`.
fn update<R>(world: &mut World, change: impl FnOnce(&mut DeckState) -> R) -> R {
    let mut state = read(world.fight());
    let out = change(&mut state);
    world.set_system_state(SYSTEM.system(), &state);
    out
}

/// The state's problems (its shape and types; the rest is checked as it is used).
pub fn check(fight: &Fight) -> Vec<StateProblem> {
    read_state::<DeckState>(fight, SYSTEM.system())
        .err()
        .into_iter()
        .collect()
}

/// Stores a type's ability deck after a draw or the end of a round.
pub fn set_type_deck(world: &mut World, kind: &str, deck: TypeDeck) {
    update(world, |s| s.ability_decks.insert(kind.to_string(), deck));
}

/// Takes the attack-modifier deck out to draw from (put it back with
/// [`set_modifier_deck`]); `None` on a board that has none yet.
pub fn take_modifier_deck(world: &mut World) -> Option<ModifierDeck> {
    update(world, |s| s.modifier_deck.take())
}

pub fn set_modifier_deck(world: &mut World, deck: ModifierDeck) {
    update(world, |s| s.modifier_deck = Some(deck));
}

/// A monster summoned this round: it does not act until the next one.
pub fn mark_summoned(world: &mut World, id: &str) {
    update(world, |s| s.fresh_summons.push(id.to_string()));
}

/// A new round: last round's summons may act.
pub fn clear_fresh_summons(world: &mut World) {
    update(world, |s| s.fresh_summons.clear());
}

/// `id` takes every coin lying on the `cells`; returns how much.
pub fn take_loot(world: &mut World, id: &str, cells: &[Cell]) -> u32 {
    let total = update(world, |s| {
        let mut total: u32 = 0;
        s.loot.retain(|l| {
            let taken = cells.contains(&l.cell);
            if taken {
                total = total.saturating_add(l.gold);
            }
            !taken
        });
        total
    });
    if total > 0 {
        world.change_gold(id, i64::from(total));
    }
    total
}

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
    #[serde(with = "crate::board::cell_serde")]
    #[schemars(with = "String")]
    pub cell: Cell,
    pub gold: u32,
}

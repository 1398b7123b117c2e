//! What a need-driven board holds under `systems.needs`: the items (on cells or carried,
//! equipped or not), the locked doors, each creature's strength and race where the
//! monster file does not give them (characters) or the board overrides them, and each
//! wandering monster's remembered direction. Reading, writing and checking it.

use crate::board::Fight;
use crate::grid::{Cell, Terrain};
use crate::io::load::path_key;
use crate::systems::state::{StateProblem, read_state};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The system's name, the key of its state in a board.
pub(crate) const NAME: &str = "needs";

/// Most items a board may hold (each is perceived by every monster near it: with the
/// creature limit, this bounds a turn of the largest board; see `compile::MAX_SPEED`).
pub(crate) const MAX_ITEMS: usize = 1_000;

/// Strength of a creature neither its type nor the board gives one (a character).
pub(crate) const DEFAULT_STRENGTH: f64 = 10.0;
/// Race of a character the board gives none.
pub(crate) const CHARACTER_RACE: &str = "character";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// What the need-driven system keeps in a board (`systems.needs`).
pub(crate) struct NeedsState {
    /// Every item on the board, lying on a cell (`at`) or carried (`carrier`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Item>,
    /// Closed doors that are locked (each must be a closed door on the map).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "crate::board::cell_serde::list"
    )]
    #[schemars(with = "Vec<String>")]
    pub locked: Vec<Cell>,
    /// Strength and race per creature id, for characters and to override a type's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub creatures: BTreeMap<String, CreatureNeeds>,
    /// Each wandering monster's direction (`N`, `NE`, ...), kept while it wanders.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub wander: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// A creature's strength and race, set on the board.
pub(crate) struct CreatureNeeds {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "whole_opt"
    )]
    /// Its strength.
    pub strength: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Its race.
    pub race: Option<String>,
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
/// What kind of thing an item is.
pub(crate) enum ItemKind {
    /// Gold and other valuables.
    Treasure,
    /// Something to wield.
    Weapon,
    /// Something to wear.
    Armour,
    /// Anything else; its `feel` says how it is loved (positive) or feared (negative).
    Other,
}

impl ItemKind {
    /// The kind's name.
    pub(crate) fn word(self) -> &'static str {
        match self {
            ItemKind::Treasure => "treasure",
            ItemKind::Weapon => "weapon",
            ItemKind::Armour => "armour",
            ItemKind::Other => "other",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// One item on a cell or in a pack.
pub(crate) struct Item {
    /// Unique among items and creatures (`gold-1`).
    pub id: String,
    /// Display name; the id when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What kind of thing it is.
    pub kind: ItemKind,
    /// The cell it lies on (items not carried).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_cell")]
    #[schemars(with = "Option<String>")]
    pub at: Option<Cell>,
    /// The creature carrying it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    /// Worn or wielded by its carrier (items with a slot only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub equipped: bool,
    /// How dangerous it makes whoever has it equipped (weapons and armour).
    #[serde(default, skip_serializing_if = "is_zero", serialize_with = "whole")]
    pub danger: f64,
    /// Love (positive) or fear (negative) it raises at distance 1 (other objects).
    #[serde(default, skip_serializing_if = "is_zero", serialize_with = "whole")]
    pub feel: f64,
    #[serde(default, skip_serializing_if = "is_zero", serialize_with = "whole")]
    /// How heavy it is.
    pub weight: f64,
    /// The equipment slot it goes in (`ring`, `neck`, ...): weapons go in `weapon` and
    /// armour in `armour` when left out; other items with no slot are not equipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// Words `fears`, `loves` and `hates` in a monster file can name, besides its kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// A whole number is written without a fraction (`2`, not `2.0`), as a board's author
/// would write it.
fn whole<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        s.serialize_i64(*x as i64)
    } else {
        s.serialize_f64(*x)
    }
}

fn whole_opt<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => whole(x, s),
        None => s.serialize_none(),
    }
}

impl Item {
    /// Its name, else its id.
    pub(crate) fn display(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    /// The slot it is equipped in: its own, else `weapon` or `armour` by its kind; none
    /// for other items without one.
    pub(crate) fn slot(&self) -> Option<&str> {
        self.slot.as_deref().or(match self.kind {
            ItemKind::Weapon => Some("weapon"),
            ItemKind::Armour => Some("armour"),
            _ => None,
        })
    }

    /// True when `key` (a `fears`/`loves`/`hates` key) names this item's kind or a tag.
    pub(crate) fn answers_to(&self, key: &str) -> bool {
        key == self.kind.word() || self.tags.iter().any(|t| t == key)
    }
}

mod opt_cell {
    use crate::grid::Cell;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(cell: &Option<Cell>, s: S) -> Result<S::Ok, S::Error> {
        match cell {
            Some(c) => s.serialize_str(&c.name()),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Cell>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| Cell::parse(&t).map_err(serde::de::Error::custom))
            .transpose()
    }
}

/// The board's state (checked when it was loaded). What a creature that has died carried
/// (it fell to a player's blow, say, outside a need-driven turn) lies where it fell.
pub(crate) fn read(fight: &Fight) -> NeedsState {
    let mut state: NeedsState = fight.system_state(NAME).unwrap_or_default();
    for it in &mut state.items {
        let Some(who) = &it.carrier else { continue };
        if fight.index_of(who).is_none()
            && let Some(cell) = fell_at(fight, who)
        {
            it.carrier = None;
            it.equipped = false;
            it.at = Some(cell);
        }
    }
    state
}

/// Where creature `id` died: among the fallen, or those waiting to come back.
fn fell_at(fight: &Fight, id: &str) -> Option<Cell> {
    let b = &fight.board;
    b.fallen
        .iter()
        .map(|f| &f.creature)
        .chain(b.resurrections.iter().map(|r| &r.creature))
        .find(|c| c.id == id)
        .map(|c| c.position)
}

/// Every problem with the state of a loaded board, each at its path inside the state.
pub(crate) fn check(fight: &Fight) -> Vec<StateProblem> {
    let state: NeedsState = match read_state(fight, NAME) {
        Ok(s) => s,
        Err(p) => return vec![p],
    };
    let mut out = Vec::new();
    let mut bad = |path: String, message: String, hint: &str| {
        out.push(StateProblem::hinted(path, message, hint))
    };
    let grid = fight.grid();
    let ids: BTreeSet<&str> = fight
        .board
        .creatures
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    if state.items.len() > MAX_ITEMS {
        bad(
            "items".into(),
            format!("{} items, more than {MAX_ITEMS}", state.items.len()),
            "split the dungeon into several boards",
        );
    }
    let mut seen = BTreeSet::new();
    let mut equipped: BTreeSet<(&str, &str)> = BTreeSet::new();
    for (i, item) in state.items.iter().enumerate() {
        let path = |f: &str| format!("items[{i}].{f}");
        if item.id.trim().is_empty() {
            bad(
                path("id"),
                "an item needs an id".into(),
                "give it a short unique id, e.g. \"gold-1\"",
            );
        } else if !seen.insert(item.id.as_str()) || ids.contains(item.id.as_str()) {
            bad(
                path("id"),
                format!("id `{}` is used twice", item.id),
                "items and creatures each need their own id",
            );
        }
        match (&item.at, &item.carrier) {
            (Some(_), Some(_)) | (None, None) => bad(
                path("at"),
                format!(
                    "item `{}` must either lie on a cell (`at`) or be carried (`carrier`)",
                    item.id
                ),
                "give exactly one of `at` and `carrier`",
            ),
            (Some(c), None) => {
                if !grid.contains(*c) {
                    bad(
                        path("at"),
                        format!("item `{}` lies off the board at {c}", item.id),
                        "put it on a cell of the grid",
                    );
                } else if fight.map.terrain(*c).blocks_movement() {
                    bad(
                        path("at"),
                        format!(
                            "item `{}` lies inside a wall, obstacle or closed door at {c}",
                            item.id
                        ),
                        "put it on a cell a creature can stand on",
                    );
                }
            }
            (None, Some(who)) => {
                if !ids.contains(who.as_str()) && fell_at(fight, who).is_none() {
                    bad(
                        path("carrier"),
                        format!(
                            "item `{}` is carried by `{who}`, who is not on the board",
                            item.id
                        ),
                        "name the id of a creature on the board",
                    );
                }
            }
        }
        if let Some(slot) = &item.slot
            && slot.trim().is_empty()
        {
            bad(
                path("slot"),
                format!("item `{}` has an empty slot name", item.id),
                "name the slot, e.g. \"ring\", or leave `slot` out",
            );
        }
        if item.equipped {
            if item.slot().is_none() {
                bad(
                    path("equipped"),
                    format!(
                        "item `{}` is {} with no `slot`: it cannot be equipped",
                        item.id,
                        item.kind.word()
                    ),
                    "give it a `slot` (e.g. \"ring\") or remove `equipped`",
                );
            } else if let (Some(who), Some(slot)) = (&item.carrier, item.slot())
                && !equipped.insert((who.as_str(), slot))
            {
                bad(
                    path("equipped"),
                    format!("`{who}` has two items equipped in its {slot} slot"),
                    "a creature has one item equipped per slot",
                );
            } else if item.carrier.is_none() {
                bad(
                    path("equipped"),
                    format!("item `{}` is equipped but nobody carries it", item.id),
                    "remove `equipped` or give a `carrier`",
                );
            }
        }
        for (field, v, lo, hi) in [
            ("danger", item.danger, 0.0, 1_000_000.0),
            ("feel", item.feel, -1_000_000.0, 1_000_000.0),
            ("weight", item.weight, 0.0, 1_000_000.0),
        ] {
            if !(v >= lo && v <= hi) {
                bad(
                    path(field),
                    format!("item `{}`: {field} {v} is out of range", item.id),
                    &format!("{field} is from {lo} to {hi}"),
                );
            }
        }
    }
    for (i, c) in state.locked.iter().enumerate() {
        if !grid.contains(*c) || fight.map.terrain(*c) != Terrain::ClosedDoor {
            bad(
                format!("locked[{i}]"),
                format!("{c} is locked but is not a closed door"),
                "lock only closed doors (`+` on the map)",
            );
        }
    }
    for (id, c) in &state.creatures {
        let path = |f: &str| format!("creatures{}{f}", path_key(id, false));
        if !ids.contains(id.as_str()) && fell_at(fight, id).is_none() {
            bad(
                path(""),
                format!("`{id}` is not on the board"),
                "name the id of a creature on the board",
            );
        }
        if let Some(s) = c.strength
            && !(s > 0.0 && s <= 1_000_000.0)
        {
            bad(
                path(".strength"),
                format!("`{id}`'s strength {s} is out of range"),
                "strength is above 0, at most 1000000",
            );
        }
    }
    let names = fight.grid().direction_names();
    for (id, d) in &state.wander {
        let path = format!("wander{}", path_key(id, false));
        if !ids.contains(id.as_str()) && fell_at(fight, id).is_none() {
            bad(
                path,
                format!("`{id}` is not on the board"),
                "name the id of a monster on the board",
            );
        } else if !names.contains(&d.as_str()) {
            bad(
                path,
                format!("`{d}` is not a direction on this grid"),
                &format!("the directions are {}", names.join(", ")),
            );
        }
    }
    out
}

//! The fight as stored in a board file (format 2), and the in-memory view the rules work
//! on: the terrain map built from the ASCII map, and every creature's resolved stats.
//! Each automation system keeps its own saved state under `systems`, as JSON this module
//! does not look into (`systems` reads and writes it; `upgrade` reads format 1).

pub mod action;
pub mod cell_serde;
pub mod creature;
mod dice_serde;
pub mod features;
mod implied_hp;
pub mod limits;
pub mod load;
pub mod moved_words;
pub mod odds;
pub mod overlay;
mod shape_table;
pub mod stalemate;
pub mod status;
pub mod systems;
pub mod table;
pub mod traits;
pub mod turn_state;
pub mod upgrade;

pub use creature::{Ability, Creature, Saves, Side};
pub use features::{Arrival, Fallen, Fire, Resurrection, Trap};
pub use status::{Status, StatusKind, Until};
pub use traits::Trait;

use crate::chance::rng::RngState;
use crate::grid::{Cell, Grid, GridKind, Metric, Terrain, TerrainMap};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The board format version this build writes.
pub const FORMAT: u32 = 2;
/// The board format versions this build reads (older ones are upgraded, see `upgrade`).
pub const FORMATS_READ: [u32; 2] = [1, 2];

/// Largest board side accepted (creatures: see [`limits`]).
pub const MAX_SIDE: u32 = 1000;
pub use limits::MAX_CREATURES;
/// Most gold one creature may carry.
pub const MAX_GOLD: u32 = 1_000_000;
/// Most creatures one arrival (one summon) may bring.
pub const MAX_ARRIVALS: u32 = 100;

/// The board file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Optional JSON Schema reference for editors; kept as is.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The format version the file was read in; always written as [`FORMAT`].
    #[serde(serialize_with = "write_format")]
    pub format: u32,
    /// A title for the fight (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The grid's kind and size.
    pub grid: GridSpec,
    /// The monster file of this board's monsters, relative to the board's folder. Commands
    /// that take only a board (player commands, `show`, `next`) read the monsters from it.
    #[serde(
        default,
        alias = "scheme_file",
        skip_serializing_if = "Option::is_none"
    )]
    pub monster_file: Option<String>,
    /// The heroes file saying how this board's characters fight in `simulate`, relative
    /// to the board's folder (`--heroes FILE` overrides it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heroes_file: Option<String>,
    /// The terrain drawn as text, one string per row; see `legend`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub map: Vec<String>,
    /// Extra or changed map characters (the defaults are documented).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub legend: BTreeMap<String, Terrain>,
    /// Terrain given as cell lists, applied after the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<TerrainPatch>,
    /// Thin walls, each between two adjacent cells: `["C4", "C5"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<[String; 2]>")]
    pub thin_walls: Vec<ThinWall>,
    /// Traps lying on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traps: Vec<Trap>,
    /// Burning cells.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<Fire>,
    /// Every creature on the board, characters and monsters, in file order.
    pub creatures: Vec<Creature>,
    /// The current round, counting from 1.
    #[serde(default = "first_round")]
    pub round: u32,
    /// This round's turn-order deck, top card first (monster type names and character
    /// ids), as shuffled by `round`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn_order: Vec<String>,
    /// How many cards of `turn_order` `next` has revealed this round.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cards_drawn: u32,
    /// The character whose turn card `next` revealed last; its turn ends at the next `next`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acting: Option<String>,
    /// Every creature that died, with the round it died in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallen: Vec<Fallen>,
    /// The old words this board had that moved into their systems' states when it was
    /// read (`moved_words`), for placing a problem found in one; never written.
    #[serde(skip)]
    #[schemars(skip)]
    pub moved: Vec<moved_words::Moved>,
    /// Creatures due to arrive at the start of a later round (summons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrivals: Vec<Arrival>,
    /// Creatures with Resurrect that died and will come back (see `Resurrection`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resurrections: Vec<Resurrection>,
    /// Each system's own saved state, under the system's name (`"monster-ai"`,
    /// `"ability-deck"`): a JSON object only that system reads and writes. Its keys are
    /// written in sorted order.
    #[serde(default, skip_serializing_if = "systems::Systems::is_empty")]
    #[schemars(with = "BTreeMap<String, BTreeMap<String, serde_json::Value>>")]
    pub systems: systems::Systems,
    /// When quiet rounds end the fight as a stalemate, and the count so far.
    #[serde(default, skip_serializing_if = "stalemate::Stalemate::is_unset")]
    pub stalemate: stalemate::Stalemate,
    /// What the players at this table do themselves (roll their own dice, draw their
    /// own cards).
    #[serde(default, skip_serializing_if = "table::Table::is_unset")]
    pub table: table::Table,
    /// The random generator's state; a board without it starts from seed 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng: Option<RngState>,
}

impl Board {
    /// The ids of the players' characters on the board, in board order.
    pub fn character_ids(&self) -> Vec<String> {
        self.creatures
            .iter()
            .filter(|c| c.is_character())
            .map(|c| c.id.clone())
            .collect()
    }
}

/// The round of a board that does not say (docs/board.md: `round` defaults to 1).
pub fn first_round() -> u32 {
    1
}

fn write_format<S: serde::Serializer>(_: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(FORMAT)
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Grid kind and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    /// Square cells or hexes.
    pub kind: GridShape,
    /// Square grids only; `chebyshev` by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
    /// Columns, 1 to 1000.
    pub width: u32,
    /// Rows, 1 to 1000.
    pub height: u32,
}

/// The shape of a grid's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GridShape {
    /// Square cells (how diagonals count is the grid's `metric`).
    Square,
    /// Flat-topped hexes in offset columns, odd columns half a hex lower.
    Hex,
}

impl GridSpec {
    /// The geometry this spec describes (a square grid's metric defaulted).
    pub fn grid(&self) -> Grid {
        let kind = match self.kind {
            GridShape::Square => GridKind::Square(self.metric.unwrap_or_default()),
            GridShape::Hex => GridKind::Hex,
        };
        Grid::new(kind, self.width, self.height)
    }
}

/// One kind of terrain laid on a list of cells, over what the map draws there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainPatch {
    /// The terrain the cells get.
    pub kind: Terrain,
    #[serde(with = "cell_serde::list")]
    /// The cells, by name in the file.
    #[schemars(with = "Vec<String>")]
    pub cells: Vec<Cell>,
}

/// A thin wall on the edge between two adjacent cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinWall(pub Cell, pub Cell);

impl Serialize for ThinWall {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.0.name(), self.1.name()].serialize(s)
    }
}

impl<'de> Deserialize<'de> for ThinWall {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ThinWall, D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        let parse = |t: &str| Cell::parse(t).map_err(serde::de::Error::custom);
        Ok(ThinWall(parse(&a)?, parse(&b)?))
    }
}

/// A creature's stats after filling in its scheme and the defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Maximum hit points.
    pub max_hp: i32,
    /// The number an attack roll must reach to hit it.
    pub defence: i32,
    /// Spaces one Move covers.
    pub speed: u32,
    /// Spaces its ranged actions reach.
    pub range: u32,
    /// Saving-throw modifiers.
    pub saves: Saves,
    /// Its type's traits and its own, together.
    pub traits: Vec<Trait>,
    /// A boss, whom a system may treat apart (the scheme turn order's extra `boss_cards`).
    pub boss: bool,
    /// The attack it strikes back with under Retaliate: for a monster the weakest attack
    /// of its scheme (or the one its `retaliate +N DICE` phrase gives), without effects.
    pub retaliation: Option<crate::board::action::Attack>,
    /// The melee attack it makes when an enemy walks out of its reach: for a scheme
    /// monster the first single-target melee attack with damage among its behaviours,
    /// without effects. `None`: the players resolve it (characters) or there is none.
    pub opportunity: Option<crate::board::action::Attack>,
}

impl Stats {
    /// The side of the square block a creature with these stats covers: its `Large N`
    /// trait, else 1.
    pub fn size(&self) -> u32 {
        self.traits
            .iter()
            .find_map(|t| match t {
                Trait::Large(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(1)
    }

    /// The stats a creature gets from the defaults alone (a character, or a stand-in
    /// type): this maximum HP, no traits, no attack of its own.
    pub fn defaults(max_hp: i32) -> Stats {
        Stats {
            max_hp,
            defence: DEFAULT_DEFENCE,
            speed: DEFAULT_SPEED,
            range: DEFAULT_RANGE,
            saves: Saves::default(),
            traits: Vec::new(),
            boss: false,
            retaliation: None,
            opportunity: None,
        }
    }
}

/// The largest block a large creature may cover (cells a side).
pub const MAX_LARGE: i32 = 5;

/// Character defaults for fields a board leaves out.
pub const DEFAULT_DEFENCE: i32 = 10;
/// A character's Speed when its board entry gives none.
pub const DEFAULT_SPEED: u32 = 6;
/// A character's Range when its board entry gives none.
pub const DEFAULT_RANGE: u32 = 1;

/// Where monster types' stats come from (a monster file).
pub trait StatSource {
    /// The stats of a monster type, or `None` for an unknown type.
    fn stats(&self, kind: &str) -> Option<Stats>;
    /// All type names, in file order (the order `turn` activates them; also for "did
    /// you mean" hints).
    fn kinds(&self) -> Vec<String>;
    /// Whether walking out of an enemy's reach provokes an opportunity attack under these
    /// monsters' rules (the Gloomhaven family has none).
    fn opportunity_attacks(&self) -> bool {
        true
    }
    /// The stats of one creature of a type on this board, when they depend on more than
    /// its type (a scenario level, an elite line, the number of characters); by default
    /// its type's. `None` for a creature without a type or of an unknown one.
    fn creature_stats(&self, board: &Board, creature: &Creature) -> Option<Stats> {
        let _ = board;
        self.stats(creature.kind.as_deref()?)
    }
    /// Whether the maximum HP of a creature of `kind` counts the characters on the board
    /// (a Gloomhaven boss's `C`): such a creature keeps the maximum it entered the fight
    /// with, saved as its `max_hp`, whoever comes or goes after.
    fn max_hp_counts_characters(&self, kind: &str) -> bool {
        let _ = kind;
        false
    }
    /// Whether a creature of `kind` may leave `hp` out of the board because these
    /// monsters' rules measure its health otherwise (an AI deck's cards or Life): it is
    /// then at its maximum, and saving leaves `hp` out again while it still is.
    fn hp_implied(&self, kind: &str) -> bool {
        let _ = kind;
        false
    }
    /// The fixed damage hazardous terrain deals on this board under these monsters'
    /// rules (e.g. by scenario level); `None`: the default roll.
    fn hazard_damage(&self, board: &Board) -> Option<i32> {
        let _ = board;
        None
    }
}

/// The monster types of a board without a monster file: none. Boards whose creatures
/// are all characters load against it.
pub struct NoMonsterTypes;

impl StatSource for NoMonsterTypes {
    fn stats(&self, _kind: &str) -> Option<Stats> {
        None
    }
    fn kinds(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Why a square of a block is not free (see [`Fight::block_blocked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// Outside the grid.
    OffBoard(Cell),
    /// Terrain no creature may stand on (a wall, an obstacle, a closed door).
    NotGround(Cell),
    /// Covered by this creature (board index).
    Taken(Cell, usize),
}

impl Blocked {
    /// The square that is not free.
    pub fn cell(self) -> Cell {
        match self {
            Blocked::OffBoard(c) | Blocked::NotGround(c) | Blocked::Taken(c, _) => c,
        }
    }

    /// What is wrong with the square, in words.
    pub fn why(self, fight: &Fight) -> String {
        match self {
            Blocked::OffBoard(_) => "off the board".into(),
            Blocked::NotGround(_) => "not ground".into(),
            Blocked::Taken(_, j) => format!("taken by {}", fight.board.creatures[j].display_name()),
        }
    }
}

/// A board ready for the rules: the file plus derived terrain and per-creature stats
/// (kept in step with `board.creatures`, index for index).
#[derive(Clone, Debug)]
pub struct Fight {
    /// The board file as read (and as it will be written back).
    pub board: Board,
    /// The terrain of every cell, built from the map, legend, terrain lists and thin walls.
    pub map: TerrainMap,
    /// Each creature's resolved stats, index for index with `board.creatures`.
    pub stats: Vec<Stats>,
}

impl Fight {
    /// The board's geometry.
    pub fn grid(&self) -> Grid {
        self.map.grid
    }

    /// The board index of the creature with this id; `None` when no creature has it.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.board.creatures.iter().position(|c| c.id == id)
    }

    /// The creature on `cell`: standing there, or a large creature whose block covers it.
    pub fn creature_at(&self, cell: Cell) -> Option<usize> {
        self.creatures_at(cell).next()
    }

    /// Every creature covering `cell` (more than one only on a board that is wrong).
    pub fn creatures_at(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        (0..self.board.creatures.len()).filter(move |&i| self.covers(i, cell))
    }

    /// Does creature `i` stand on `cell`, or cover it with its block?
    pub fn covers(&self, i: usize, cell: Cell) -> bool {
        let at = self.board.creatures[i].position;
        let (dc, dr) = (cell.col - at.col, cell.row - at.row);
        (dc == 0 && dr == 0)
            || ((0..MAX_LARGE).contains(&dc)
                && (0..MAX_LARGE).contains(&dr)
                && (dc.max(dr) as u32) < self.size(i))
    }

    /// The side of the square block creature `i` covers (1 for all but large creatures).
    pub fn size(&self, i: usize) -> u32 {
        self.stats[i].size()
    }

    /// The first square of `size`×`size` from `anchor` (its top-left) that a creature
    /// could not stand on: off the board, not ground, or another creature's (creature
    /// `except`, the one placed, does not count). `None` when all are free.
    pub fn block_blocked(&self, size: u32, anchor: Cell, except: Option<usize>) -> Option<Blocked> {
        self.stand_blocked(size, false, anchor, except)
    }

    /// Like [`Fight::block_blocked`], for a creature that flies when `flying`: it may stand
    /// on an obstacle (it hovers over it), as a board with a flyer there loads.
    pub fn stand_blocked(
        &self,
        size: u32,
        flying: bool,
        anchor: Cell,
        except: Option<usize>,
    ) -> Option<Blocked> {
        let n = size as i32;
        (0..n)
            .flat_map(|dr| (0..n).map(move |dc| Cell::new(anchor.col + dc, anchor.row + dr)))
            .find_map(|c| {
                if !self.grid().contains(c) {
                    Some(Blocked::OffBoard(c))
                } else if !self.ground_for(c, flying) {
                    Some(Blocked::NotGround(c))
                } else {
                    self.creatures_at(c)
                        .find(|&j| Some(j) != except)
                        .map(|j| Blocked::Taken(c, j))
                }
            })
    }

    /// Whether a creature may stand on `cell`'s terrain: anything that does not block
    /// movement, and an obstacle for one that flies (docs/rules.md, "Flyers on
    /// obstacles"; the board's load keeps the same rule).
    pub fn ground_for(&self, cell: Cell, flying: bool) -> bool {
        let t = self.map.terrain(cell);
        !t.blocks_movement() || (flying && t == Terrain::Obstacle)
    }

    /// The cells creature `i` covers, its position first.
    pub fn cells_of(&self, i: usize) -> impl Iterator<Item = Cell> + use<> {
        let p = self.board.creatures[i].position;
        let n = self.size(i) as i32;
        (0..n).flat_map(move |dr| (0..n).map(move |dc| Cell::new(p.col + dc, p.row + dr)))
    }

    /// Per cell (indexed by [`crate::grid::Grid::index`]): whether a creature that `pick`
    /// keeps stands on it or covers it with its block.
    pub fn covered_by(&self, pick: impl Fn(usize) -> bool) -> Vec<bool> {
        let grid = self.grid();
        let mut covered = vec![false; grid.len()];
        for i in (0..self.board.creatures.len()).filter(|&i| pick(i)) {
            for c in self.cells_of(i).filter(|&c| grid.contains(c)) {
                covered[grid.index(c)] = true;
            }
        }
        covered
    }

    /// Does creature `i` have trait `t` (from its type or its own)?
    pub fn has_trait(&self, i: usize, t: &Trait) -> bool {
        self.stats[i].traits.contains(t)
    }

    /// Does creature `i` have status `s` now?
    pub fn has_status(&self, i: usize, s: StatusKind) -> bool {
        self.board.creatures[i]
            .statuses
            .iter()
            .any(|st| st.status == s)
    }

    /// Sum of a status's amounts (withered, shielded).
    pub fn status_amount(&self, i: usize, s: StatusKind) -> u32 {
        self.board.creatures[i]
            .statuses
            .iter()
            .filter(|st| st.status == s)
            .map(|st| st.amount.unwrap_or(0))
            .sum()
    }

    /// The index of the trap at `cell`, if any.
    pub fn trap_at(&self, cell: Cell) -> Option<usize> {
        self.board.traps.iter().position(|t| t.cell == cell)
    }

    /// Is `cell` burning?
    pub fn fire_at(&self, cell: Cell) -> bool {
        self.board.fires.iter().any(|f| f.cell == cell)
    }

    /// Serialises the board as the file format writes it (pretty JSON, trailing newline).
    pub fn to_json(&self) -> String {
        let board = implied_hp::for_saving(&self.board);
        let mut text = serde_json::to_string_pretty(&*board).expect("boards always serialise");
        text.push('\n');
        text
    }
}

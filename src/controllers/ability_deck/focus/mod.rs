//! The Gloomhaven monster focus and movement solver (SPEC §6): given a monster and the
//! action it is about to take, which enemy it focuses on, where it moves and whom it
//! attacks, with **every** equally valid answer where the rules leave a choice to the
//! players.
//!
//! The solver is pure: it reads a [`Fight`] and returns a [`Solution`]; nothing changes.
//! The ability-deck controller runs it each monster turn; `monster-ai options` prints it.
//!
//! - [`variant`]: the rulings that differ between Gloomhaven, Frosthaven and Jaws of the Lion.
//! - [`aoe`]: area patterns, their picture form, rotations and mirrors.
//! - `scene`: the board as the monster sees it (enemies, negative hexes, its movement field).
//! - `attack_hexes`: the hexes an enemy can be attacked from, and every way to make the
//!   attack from one hex.
//! - [`sight`]: line of sight under the variant, neighbours always seeing each other.
//! - `choose`: choosing the focus.
//! - `movement`: choosing where to stand and whom to hit.
//!
//! Ties are kept exactly: lists are sorted (cells in reading order, creatures in board
//! order) and never depend on hash-map iteration.

pub mod aoe;
mod attack_hexes;
mod choose;
mod movement;
mod placements;
mod scene;
mod secondary;
pub mod sight;
mod targets;
pub mod variant;

pub use aoe::Pattern;
pub use variant::Variant;

use crate::board::Fight;
use crate::grid::Cell;
use crate::grid::path::PathCost;

/// How the monster gets about this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mobility {
    /// Walks: around obstacles and enemies, through allies, paying for difficult terrain,
    /// treating traps and hazardous terrain as obstacles while it can.
    #[default]
    Walk,
    /// Jumps: passes over everything but walls; only the hex it lands in counts.
    Jump,
    /// Flies: passes over obstacles and figures, ignores difficult terrain and traps.
    Fly,
    /// Teleports: goes straight to any hex within its move, walls or not.
    Teleport,
}

/// The attack on the monster's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackShape {
    /// 0 for a melee attack (one without a range); N ≥ 1 for a ranged attack of range
    /// N. "Range 1" is ranged: it suffers disadvantage against a neighbouring target and
    /// its area is placed as a ranged area.
    pub range: u32,
    /// Target N: how many enemies it may attack (1 for a plain attack). With an area,
    /// the area counts as one of them and the rest are single targets in range.
    pub targets: u32,
    /// An area of effect, if any.
    pub aoe: Option<Pattern>,
}

impl AttackShape {
    pub fn ranged(&self) -> bool {
        self.range >= 1
    }
}

/// What the monster is about to do, as far as focus and movement care.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Plan {
    /// Move points this turn; `None` when the card has no move.
    pub move_points: Option<u32>,
    pub mobility: Mobility,
    /// The monster flies (a flying line or trait), also on a card that makes it
    /// teleport: it may end a move on an obstacle, and traps and hazardous terrain never
    /// count against it, where it lands included. [`Mobility::Fly`] implies it.
    pub flying: bool,
    /// A muddled monster attacks with disadvantage anyway, so it never moves to avoid it.
    pub muddled: bool,
    /// `None` when the card has no attack (the focus is found as for a melee attack).
    pub attack: Option<AttackShape>,
    /// Enemies (board indices) it may neither focus on nor target: those an earlier
    /// attack of the same card already struck. They still block the way.
    pub spared: Vec<usize>,
}

impl Plan {
    /// Does the monster fly this move (by its way of moving or by its nature)?
    pub fn flies(&self) -> bool {
        self.flying || self.mobility == Mobility::Fly
    }
}

/// One equally valid way for the monster to act on its focus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Where the monster ends its move (its own hex when it stays).
    pub destination: Cell,
    /// The hexes walked through, destination included (empty when it stays).
    pub path: Vec<Cell>,
    /// Traps and movement spent on the way.
    pub cost: PathCost,
    /// The creatures attacked (board indices): the focus first, then board order. Empty
    /// when it does not attack this turn.
    pub targets: Vec<usize>,
    /// Targets attacked with disadvantage (board indices, board order).
    pub disadvantage: Vec<usize>,
    /// The hexes of the area attack (reading order), empty without one.
    pub area: Vec<Cell>,
    /// When the focus cannot be attacked this turn: the hex it is heading for.
    pub toward: Option<Cell>,
}

/// The answers for one focus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FocusChoice {
    /// The focused enemy (board index).
    pub focus: usize,
    /// Traps and movement to the nearest hex the focus can be attacked from.
    pub cost: PathCost,
    /// Steps from the monster to the focus counted around walls.
    pub proximity: Option<u32>,
    /// True when the focus can be attacked this turn.
    pub attacks: bool,
    /// Every equally valid outcome, sorted by destination, then area, then targets.
    pub outcomes: Vec<Outcome>,
}

/// Everything the rules allow for one monster's action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The monster (board index).
    pub monster: usize,
    /// One entry per equally valid focus, in board order; empty when no enemy can be
    /// attacked from anywhere (the monster then neither moves nor attacks).
    pub choices: Vec<FocusChoice>,
    /// True when foci stayed tied because initiatives are not known.
    pub initiative_unknown: bool,
}

/// Initiatives of the creatures (board index → initiative), lower acting earlier.
pub type Initiatives<'a> = &'a dyn Fn(usize) -> Option<u32>;

/// The answers for `monster` taking the action `plan` with `focus` (board index) kept as
/// its focus, when that enemy can still be attacked from somewhere: a monster attacks
/// the focus its move was made for, even when another enemy would now rank first.
pub fn solve_keeping(
    fight: &Fight,
    monster: usize,
    plan: &Plan,
    variant: Variant,
    initiative: Initiatives,
    focus: usize,
) -> Option<FocusChoice> {
    let scene = scene::Scene::new(fight, monster, plan, variant, initiative);
    let shape = attack_hexes::Shape::of(&scene);
    let kept = choose::candidate(&scene, &shape, focus)?;
    Some(movement::resolve(&scene, &shape, kept))
}

/// Solves focus and movement for `monster` taking the action `plan`, with initiatives
/// unknown (every initiative tie is left to the players).
pub fn solve(fight: &Fight, monster: usize, plan: &Plan, variant: Variant) -> Solution {
    solve_with(fight, monster, plan, variant, &|_| None)
}

/// Like [`solve`], with the creatures' initiatives.
pub fn solve_with(
    fight: &Fight,
    monster: usize,
    plan: &Plan,
    variant: Variant,
    initiative: Initiatives,
) -> Solution {
    let scene = scene::Scene::new(fight, monster, plan, variant, initiative);
    let shape = attack_hexes::Shape::of(&scene);
    let (foci, initiative_unknown) = choose::choose(&scene, &shape);
    let choices = foci
        .into_iter()
        .map(|f| movement::resolve(&scene, &shape, f))
        .collect();
    Solution {
        monster,
        choices,
        initiative_unknown,
    }
}

//! Who can be targeted and from where: attack positions around a target (range counted
//! around walls, line of sight), attack advantage and disadvantage, and target
//! priorities (closest, lowest/highest HP, most gold, most damaged).

use crate::board::{Fight, Side, StatusKind, Trait};
use crate::chance::dice::Edge;
use crate::grid::sight::{HexSight, line_of_sight};
use crate::grid::{Cell, RangeField};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;

/// How a monster ranks candidate targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Priority {
    /// Fewest movement steps to a space it could attack from.
    #[default]
    Closest,
    /// The one with the fewest hit points left.
    LowestHp,
    /// The one with the most hit points left.
    HighestHp,
    /// The one carrying the most gold.
    MostGold,
    /// For heals: the one that has lost the most HP.
    MostDamaged,
}

impl Priority {
    /// The priority in words, as narration names it.
    pub fn label(self) -> &'static str {
        match self {
            Priority::Closest => "closest",
            Priority::LowestHp => "lowest HP",
            Priority::HighestHp => "highest HP",
            Priority::MostGold => "most gold",
            Priority::MostDamaged => "most HP lost",
        }
    }

    /// Sort key of creature `i` (smaller is preferred); `steps` is its closeness.
    pub fn key(self, fight: &Fight, i: usize, steps: u64) -> i64 {
        let c = &fight.board.creatures[i];
        match self {
            Priority::Closest => steps as i64,
            Priority::LowestHp => c.hp as i64,
            Priority::HighestHp => -(c.hp as i64),
            Priority::MostGold => -(c.gold as i64),
            Priority::MostDamaged => -(hp_lost(fight, i) as i64),
        }
    }
}

/// The hit points creature `i` has lost (0 at full health): what a heal can give back.
pub fn hp_lost(fight: &Fight, i: usize) -> i32 {
    (fight.stats[i].max_hp - fight.board.creatures[i].hp).max(0)
}

/// How an action reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// How far it reaches, in cells.
    pub range: u32,
    /// Whether it is a melee action (only neighbours, never flying targets).
    pub melee: bool,
    /// Affects allies (heals) rather than enemies.
    pub friendly: bool,
}

/// True when `target` may be the object of this action at all (Flying creatures cannot be
/// reached by melee attacks).
pub fn attackable(fight: &Fight, target: usize, shape: Shape) -> bool {
    !(shape.melee && !shape.friendly && fight.has_trait(target, &Trait::Flying))
}

/// Whether a creature on `a` sees `b`, by the corner-to-corner rule.
pub fn sees(fight: &Fight, a: Cell, b: Cell) -> bool {
    line_of_sight(&fight.map, a, b, HexSight::CornerToCorner)
}

/// True when an action of `shape` made from `from` reaches `to`: within range counted
/// around walls (`dist` are range distances from `to`) and in line of sight.
pub fn reaches(fight: &Fight, dist: &RangeField, from: Cell, to: Cell, shape: Shape) -> bool {
    matches!(dist.get(from), Some(d) if d <= shape.range) && (from == to || sees(fight, from, to))
}

/// Where the creatures stand, as one creature's decision sees them: the cells taken and
/// the enemies that threaten the cells next to them. Worked out once and asked about
/// every target and cell the decision weighs (nothing moves while it decides).
pub struct Standing {
    me: usize,
    /// Per cell ([`crate::grid::Grid::index`]): covered by a creature; `me`'s own cell
    /// is free to it.
    taken: Vec<bool>,
    /// Where the enemies of `me` that can threaten a cell stand (not stunned ones),
    /// gathered when a ranged action first asks.
    threats: OnceCell<Vec<Cell>>,
}

impl Standing {
    /// The board as creature `me` sees it now.
    pub fn new(fight: &Fight, me: usize) -> Standing {
        let mut taken = fight.covered_by(|_| true);
        taken[fight.grid().index(fight.board.creatures[me].position)] = false;
        Standing {
            me,
            taken,
            threats: OnceCell::new(),
        }
    }

    /// The creature deciding.
    pub fn me(&self) -> usize {
        self.me
    }

    /// Would a ranged attack from `from` suffer disadvantage from closeness (an active
    /// enemy next to it)? `fight` is the board this was worked out on.
    pub fn close_quarters(&self, fight: &Fight, from: Cell) -> bool {
        let threats = self.threats.get_or_init(|| {
            let side = fight.board.creatures[self.me].side;
            (0..fight.board.creatures.len())
                .filter(|&j| threatens(fight, side, j))
                .map(|j| fight.board.creatures[j].position)
                .collect()
        });
        threats.iter().any(|&c| next_to(fight, c, from))
    }
}

/// Cells from which the deciding creature could use an action of `shape` on whoever
/// stands at `target`: free (or its own cell), not blocking movement, in range and
/// sight. Reading order.
pub fn attack_positions(
    fight: &Fight,
    standing: &Standing,
    target: Cell,
    shape: Shape,
) -> Vec<Cell> {
    let grid = fight.grid();
    positions_within_reach(fight, target, shape, |p| !standing.taken[grid.index(p)])
}

/// Cells from which an action of `shape` would reach whoever stands at `target` if the
/// cell were free: [`attack_positions`] without regard to the figures standing on them.
/// What a monster closes in on when every such cell is taken (a corridor queue, a
/// surrounded hero).
pub fn positions_if_free(fight: &Fight, target: Cell, shape: Shape) -> Vec<Cell> {
    positions_within_reach(fight, target, shape, |_| true)
}

/// The enterable cells within reach of `target` (range around walls, sight) that `keep`
/// accepts, asked in reading order.
fn positions_within_reach(
    fight: &Fight,
    target: Cell,
    shape: Shape,
    mut keep: impl FnMut(Cell) -> bool,
) -> Vec<Cell> {
    let cells = reach_cells(fight, target, shape);
    let mut kept = Vec::with_capacity(cells.len());
    kept.extend(cells.iter().copied().filter(|&p| keep(p)));
    kept
}

/// The enterable cells from which an action of `shape` reaches `target`, whoever stands
/// where, in reading order. They depend on the terrain alone, so they are worked out once
/// per terrain and range (`simulate`'s fights share them).
fn reach_cells(fight: &Fight, target: Cell, shape: Shape) -> std::sync::Arc<[Cell]> {
    let key = (target, shape.range, shape.friendly);
    fight.map.reach_cells(key, || {
        let dist = fight.map.range_within(target, shape.range);
        // The range field holds exactly the cells within range, in reading order.
        dist.cells()
            .map(|(p, _)| p)
            .filter(|&p| !fight.map.terrain(p).blocks_movement())
            .filter(|&p| p != target || shape.friendly)
            .filter(|&p| reaches(fight, &dist, p, target, shape))
            .collect()
    })
}

/// Creatures next to `at` with no thin wall between (the one standing on `at` excluded).
pub fn adjacent_creatures(fight: &Fight, at: Cell) -> Vec<usize> {
    adjacent(fight, at).collect()
}

/// [`adjacent_creatures`], one by one.
fn adjacent(fight: &Fight, at: Cell) -> impl Iterator<Item = usize> + '_ {
    (0..fight.board.creatures.len())
        .filter(move |&j| next_to(fight, fight.board.creatures[j].position, at))
}

/// Whether a figure standing on `c` is next to `at`: another cell, adjacent, with no thin
/// wall between.
fn next_to(fight: &Fight, c: Cell, at: Cell) -> bool {
    c != at && fight.grid().adjacent(c, at) && !fight.map.thin_wall_between(c, at)
}

/// Whether creature `j` threatens the cells next to it for creatures of `side`: an enemy
/// that is not stunned (a ranged attack from such a cell has disadvantage).
fn threatens(fight: &Fight, side: Side, j: usize) -> bool {
    fight.board.creatures[j].side != side && !fight.has_status(j, StatusKind::Stunned)
}

/// Enemies of `side` next to `at`.
pub fn enemies_adjacent(fight: &Fight, side: Side, at: Cell) -> Vec<usize> {
    adjacent(fight, at)
        .filter(|&j| fight.board.creatures[j].side != side)
        .collect()
}

/// Advantage or disadvantage on an attack by `me` standing at `from` against `target`,
/// with the reasons.
pub fn attack_edge(
    fight: &Fight,
    me: usize,
    from: Cell,
    target: usize,
    melee: bool,
    magic: bool,
) -> (Edge, Vec<String>) {
    let side = fight.board.creatures[me].side;
    // One look at the creatures around: the active enemies (any of them, and those that
    // intimidate) and the inspiring allies, each in board order.
    let (mut threatened, mut intimidating, mut inspiring) = (false, Vec::new(), Vec::new());
    for j in adjacent(fight, from) {
        let c = &fight.board.creatures[j];
        if threatens(fight, side, j) {
            threatened = true;
            if fight.has_trait(j, &Trait::Intimidate) {
                intimidating.push(format!("intimidated by {}", c.display_name()));
            }
        } else if c.side == side && j != me && fight.has_trait(j, &Trait::Inspiring) {
            inspiring.push(format!("inspired by {}", c.display_name()));
        }
    }
    let mut adv = Vec::new();
    let mut dis = Vec::new();
    if fight.has_status(me, StatusKind::Dazed) {
        dis.push("dazed".to_string());
    }
    if !melee && threatened {
        dis.push("an enemy is adjacent to the attacker".to_string());
    }
    if fight.has_trait(target, &Trait::Evasive) {
        dis.push("the target is evasive".to_string());
    }
    if magic && fight.has_trait(target, &Trait::Ethereal) {
        adv.push("magic against an ethereal target".to_string());
    }
    dis.extend(intimidating);
    adv.extend(inspiring);
    let edge = Edge::combine(!adv.is_empty(), !dis.is_empty());
    let mut reasons = dis;
    reasons.extend(adv);
    (edge, reasons)
}

/// Steps from `from` to the nearest enemy of `side`, counted around walls; `None` when
/// no enemy can be reached that way. Searches outward in growing rings, so a near enemy
/// costs a small search.
pub fn nearest_enemy(fight: &Fight, side: Side, from: Cell) -> Option<u32> {
    let grid = fight.grid();
    let whole = grid.width + grid.height;
    let mut limit = 8;
    loop {
        let dist = fight.map.range_within(from, limit);
        let best = fight
            .board
            .creatures
            .iter()
            .filter(|c| c.side != side)
            .filter_map(|c| dist.get(c.position))
            .min();
        if best.is_some() || limit >= 2 * whole {
            return best;
        }
        limit *= 4;
    }
}

/// The free cells (enterable, no creature, no trap) closest to `at`, counting steps around
/// walls, in reading order: where arrivals and the resurrected are placed.
pub fn closest_free(fight: &Fight, at: Cell) -> Vec<Cell> {
    let grid = fight.grid();
    let dist = fight.map.range_distances(at);
    let mut taken = fight.covered_by(|_| true);
    for t in fight.board.traps.iter().filter(|t| grid.contains(t.cell)) {
        taken[grid.index(t.cell)] = true;
    }
    let mut free: Vec<(u32, Cell)> = grid
        .cells()
        .filter(|&c| !fight.map.terrain(c).blocks_movement() && !taken[grid.index(c)])
        .filter_map(|c| dist[grid.index(c)].map(|d| (d, c)))
        .collect();
    free.sort();
    let Some(&(best, _)) = free.first() else {
        return Vec::new();
    };
    free.into_iter()
        .take_while(|(d, _)| *d == best)
        .map(|(_, c)| c)
        .collect()
}

/// The free cells next to creature `me` (enterable from where it stands, no creature, no
/// trap) closest to an enemy, counting steps around walls; reading order. Where traps are
/// set and summons appear.
pub fn free_cells_toward_enemies(fight: &Fight, me: usize) -> Vec<Cell> {
    let here = fight.board.creatures[me].position;
    let side = fight.board.creatures[me].side;
    let mut options: Vec<(u32, Cell)> = fight
        .grid()
        .neighbours(here)
        .into_iter()
        .filter(|&c| {
            fight.map.step_open(here, c)
                && fight.creature_at(c).is_none()
                && fight.trap_at(c).is_none()
        })
        .map(|c| (nearest_enemy(fight, side, c).unwrap_or(u32::MAX), c))
        .collect();
    options.sort();
    let Some(&(best, _)) = options.first() else {
        return Vec::new();
    };
    options
        .into_iter()
        .take_while(|(d, _)| *d == best)
        .map(|(_, c)| c)
        .collect()
}

#[cfg(test)]
mod tests {
    //! The board (square, chebyshev), seen by the imp:
    //!
    //! ```text
    //!   A  B  C  D
    //! 1 i  .  .  .      i = imp (monster, deciding), o = orc (monster)
    //! 2 .  o  h  .      h = hero (player)
    //! 3 .  .  .  .
    //! ```

    use super::*;
    use crate::board::NoMonsterTypes;
    use crate::board::load::load_board;

    fn fight() -> Fight {
        let text = r##"{"format": 1, "grid": {"kind": "square", "width": 4, "height": 3},
            "map": ["....", "....", "...."],
            "creatures": [
              {"id": "imp", "side": "monsters", "position": "A1", "hp": 5},
              {"id": "orc", "side": "monsters", "position": "B2", "hp": 5},
              {"id": "hero", "side": "players", "position": "C2", "hp": 5}]}"##;
        load_board("b.json", text, &NoMonsterTypes).unwrap()
    }

    fn names(cells: Vec<Cell>) -> Vec<String> {
        cells.into_iter().map(Cell::name).collect()
    }

    const MELEE: Shape = Shape {
        range: 1,
        melee: true,
        friendly: false,
    };

    #[test]
    fn attack_positions_leave_out_taken_cells_but_not_the_deciders_own() {
        let fight = fight();
        let standing = Standing::new(&fight, 0);
        // Around the hero: B2 holds the orc.
        let around_hero = attack_positions(&fight, &standing, Cell::parse("C2").unwrap(), MELEE);
        assert_eq!(
            names(around_hero),
            ["B1", "C1", "D1", "D2", "B3", "C3", "D3"]
        );
        // Around the orc: A1 is the imp's own cell, C2 holds the hero.
        let around_orc = attack_positions(&fight, &standing, Cell::parse("B2").unwrap(), MELEE);
        assert_eq!(
            names(around_orc),
            ["A1", "B1", "C1", "A2", "A3", "B3", "C3"]
        );
    }

    #[test]
    fn close_quarters_means_an_active_enemy_next_to_the_cell() {
        let fight = fight();
        let standing = Standing::new(&fight, 0);
        let close = |name: &str| standing.close_quarters(&fight, Cell::parse(name).unwrap());
        // The hero at C2 is next to B1, C1, D1, B3, D3; the orc is no enemy of the imp.
        assert!(close("B1") && close("D1") && close("D3"));
        assert!(!close("A1") && !close("A2") && !close("A3"));
        let mut stunned = fight.clone();
        stunned.board.creatures[2].statuses =
            serde_json::from_str(r#"[{"status": "stunned", "until": "end-of-next-turn"}]"#)
                .unwrap();
        let standing = Standing::new(&stunned, 0);
        assert!(!standing.close_quarters(&stunned, Cell::parse("B1").unwrap()));
    }
}

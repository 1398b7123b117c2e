//! Where an enemy can be attacked from, and every way to make the attack from one hex.
//!
//! A hex counts when the monster can end a move there and the attack reaches: a single
//! target within range (counted around walls) and in sight; an area laid in any rotation
//! or mirror so that it covers the enemy, with the area's hexes placed as the pattern
//! demands (fixed to the attacker, touching it for melee, one hex within range for a
//! ranged area — a hex range can be counted to, never a wall) and the enemy in sight. An area is only ever laid over at least one enemy
//! it can hit.

use super::aoe::{Axial, Pattern, lay, origin_for};
use super::scene::{Placements, Scene};
use crate::grid::Cell;
use crate::grid::RangeField;
use crate::grid::path::PathCost;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::sync::Arc;

/// The attack as the solver uses it: the card's, or a plain melee attack for a card
/// without one (focus is found as if it had one).
pub(crate) struct Shape {
    pub range: u32,
    pub targets: u32,
    /// Orientations of the area, if any.
    pub area: Option<Vec<Vec<Axial>>>,
    pub anchored: bool,
    /// How far from the attacker's hex (straight, ignoring walls) anything it can hit
    /// may be: the range plus the area's span.
    pub reach: u32,
    /// Ranged attacks suffer disadvantage against adjacent targets.
    pub ranged: bool,
}

impl Shape {
    pub fn of(scene: &Scene) -> Shape {
        match &scene.plan.attack {
            None => Shape {
                range: 1,
                targets: 1,
                area: None,
                anchored: false,
                ranged: false,
                reach: 1,
            },
            Some(a) => Shape {
                range: a.range.max(1),
                targets: a.targets.max(1),
                area: a.aoe.as_ref().map(|p| p.orientations()),
                anchored: a.aoe.as_ref().is_some_and(|p| p.anchored()),
                ranged: a.ranged() && !a.aoe.as_ref().is_some_and(|p| p.anchored()),
                reach: a
                    .range
                    .max(1)
                    .saturating_add(a.aoe.as_ref().map_or(0, Pattern::span)),
            },
        }
    }
}

/// Every hex the monster could end a move in (any number of turns away) from which
/// `enemy` can be attacked, with its cost, in reading order.
pub(crate) fn attack_hexes(scene: &Scene, shape: &Shape, enemy: usize) -> Vec<(Cell, PathCost)> {
    let target = scene.position(enemy);
    in_reach(scene, shape, enemy)
        .into_iter()
        .filter(|&(h, _)| scene.sees(h, target))
        .collect()
}

/// The cheapest way to an attack hex of `enemy`: like the least cost of
/// [`attack_hexes`], checking line of sight only until the cheapest hex that has it.
pub(crate) fn least_cost(scene: &Scene, shape: &Shape, enemy: usize) -> Option<PathCost> {
    let target = scene.position(enemy);
    let mut hexes = in_reach(scene, shape, enemy);
    hexes.sort_by_key(|&(h, k)| (k, h));
    hexes
        .into_iter()
        .find(|&(h, _)| scene.sees(h, target))
        .map(|(_, k)| k)
}

/// The hexes of [`attack_hexes`] before line of sight to the enemy is checked.
fn in_reach(scene: &Scene, shape: &Shape, enemy: usize) -> Vec<(Cell, PathCost)> {
    let target = scene.position(enemy);
    // Per cell of the board: marked as a hex the attack could be made from.
    let grid = &scene.grid;
    let mut marks = vec![false; grid.len()];
    let mut mark = |h: Cell| {
        if grid.contains(h) {
            marks[grid.index(h)] = true;
        }
    };
    match &shape.area {
        None => {
            for (h, d) in scene.near(target).cells() {
                if d >= 1 {
                    mark(h);
                }
            }
        }
        Some(orientations) if shape.anchored => {
            for o in orientations {
                for &k in o {
                    if let Some(h) = origin_for(target, k) {
                        mark(h);
                    }
                }
            }
        }
        Some(orientations) => {
            for area in areas_over(scene, orientations, target).iter() {
                // The hex within range is one range can be counted to: never a wall
                // (counting out of a wall would reach hexes no way from `ways` has).
                let open = area
                    .iter()
                    .filter(|&&p| !scene.fight.map.terrain(p).blocks_sight());
                for &p in open {
                    for (h, d) in scene.near(p).cells() {
                        if d <= shape.range && area.binary_search(&h).is_err() {
                            mark(h);
                        }
                    }
                }
            }
        }
    }
    marks
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m)
        .map(|(i, _)| grid.cell_at(i))
        .filter_map(|h| scene.end_cost(h).map(|k| (h, k)))
        .collect()
}

/// Every distinct placement of the area (board hexes, reading order) that covers `cell`,
/// in order.
fn areas_over(scene: &Scene, orientations: &[Vec<Axial>], cell: Cell) -> Placements {
    scene.areas_over(cell, || {
        let mut out = BTreeSet::new();
        for o in orientations {
            for &k in o {
                if let Some(origin) = origin_for(cell, k) {
                    out.insert(lay(&scene.grid, origin, o));
                }
            }
        }
        out.into_iter().collect()
    })
}

/// What the monster can do from one hex.
pub(crate) struct View {
    pub at: Cell,
    /// Per enemy (index into `scene.enemies`): within range and in sight.
    pub reach: Vec<bool>,
    /// Per enemy: in sight.
    pub visible: Vec<bool>,
    /// Per enemy: would be attacked with disadvantage.
    pub disadvantage: Vec<bool>,
    range: Arc<RangeField>,
}

impl View {
    pub fn new(scene: &Scene, shape: &Shape, at: Cell) -> View {
        let range = scene.near(at);
        let mut reach = Vec::with_capacity(scene.enemies.len());
        let mut visible = Vec::with_capacity(scene.enemies.len());
        let mut disadvantage = Vec::with_capacity(scene.enemies.len());
        for &e in &scene.enemies {
            let p = scene.position(e);
            // Sight only matters for enemies the attack could reach at all.
            let sees = scene.grid.distance(at, p) <= shape.reach && scene.sees(at, p);
            visible.push(sees);
            reach.push(sees && range.get(p).is_some_and(|d| d <= shape.range));
            disadvantage.push(disadvantaged(scene, shape, at, p));
        }
        View {
            at,
            reach,
            visible,
            disadvantage,
            range,
        }
    }
}

/// Would an attack from `at` on the enemy at `p` have disadvantage (ranged, the two
/// neighbours with no wall between, the monster not muddled)?
pub(crate) fn disadvantaged(scene: &Scene, shape: &Shape, at: Cell, p: Cell) -> bool {
    shape.ranged
        && !scene.plan.muddled
        && scene.grid.adjacent(at, p)
        && !scene.fight.map.thin_wall_between(at, p)
}

/// The most targets an attack from `at` could have, counted without line of sight: the
/// enemies it could reach at all, at most the area's hexes plus the extra targets.
pub(crate) fn most_targets(scene: &Scene, shape: &Shape, at: Cell) -> usize {
    let cap = shape.targets as usize - 1 + shape.area.as_ref().map_or(1, |o| o[0].len());
    let near = scene
        .enemies
        .iter()
        .filter(|&&e| scene.grid.distance(at, scene.position(e)) <= shape.reach)
        .count();
    near.min(cap)
}

/// One way to make the attack from a hex, before extra targets are picked.
pub(crate) struct Way {
    /// The area's hexes (reading order), empty without an area.
    pub area: Vec<Cell>,
    /// Enemies hit by the area (indices into `scene.enemies`, ascending).
    pub hit: Vec<usize>,
}

/// Every way to attack from `view.at` that includes the enemy `focus` (an index into
/// `scene.enemies`): the plain attack, or each placement of the area that hits someone
/// and either covers the focus or leaves a spare target for it.
pub(crate) fn ways(scene: &Scene, shape: &Shape, view: &View, focus: usize) -> Vec<Way> {
    let Some(orientations) = &shape.area else {
        return if view.reach[focus] {
            vec![Way {
                area: Vec::new(),
                hit: Vec::new(),
            }]
        } else {
            Vec::new()
        };
    };
    // The placements around each visible enemy, shared by every hex the scene asks about.
    let around: Vec<Placements> = if shape.anchored {
        vec![Rc::new(
            orientations
                .iter()
                .map(|o| lay(&scene.grid, view.at, o))
                .collect(),
        )]
    } else {
        (0..scene.enemies.len())
            .filter(|&j| view.visible[j])
            .map(|j| areas_over(scene, orientations, scene.position(scene.enemies[j])))
            .collect()
    };
    let in_range = |area: &[Cell]| {
        area.iter()
            .any(|&p| view.range.get(p).is_some_and(|d| d <= shape.range))
    };
    let areas: BTreeSet<&Vec<Cell>> = around
        .iter()
        .flat_map(|placements| placements.iter())
        .filter(|area| shape.anchored || (!area.contains(&view.at) && in_range(area)))
        .collect();
    let spare = shape.targets >= 2 && view.reach[focus];
    areas
        .into_iter()
        .filter_map(|area| {
            let mut hit: Vec<usize> = area
                .iter()
                .filter_map(|&c| scene.enemy_at(c))
                .filter_map(|e| scene.enemies.iter().position(|&x| x == e))
                .filter(|&j| view.visible[j])
                .collect();
            hit.sort_unstable();
            (!hit.is_empty() && (hit.contains(&focus) || spare)).then(|| Way {
                area: area.clone(),
                hit,
            })
        })
        .collect()
}

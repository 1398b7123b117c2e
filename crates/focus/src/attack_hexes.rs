//! Where an enemy can be attacked from, and every way to make the attack from one hex.
//!
//! A hex counts when the monster can end a move there and the attack reaches: a single
//! target within range (counted around walls) and in sight; an area laid in any rotation
//! or mirror so that it covers the enemy, with the area's hexes placed as the pattern
//! demands (fixed to the attacker, touching it for melee, one hex within range for a
//! ranged area — a hex range can be counted to, never a wall) and the enemy in sight. An area is only ever laid over at least one enemy
//! it can hit.

use super::aoe::{lay_into, origin_for};
use super::scene::Scene;
use super::secondary::Ranks;
use super::shape::Shape;
use super::targets::Targets;
use crate::grid::Cell;
use crate::grid::RangeField;
use crate::grid::path::PathCost;
use std::ops::Range;
use std::sync::Arc;

/// Every hex the monster could end a move in (any number of turns away) from which
/// `enemy` can be attacked, with its cost, in reading order: the hexes of [`in_reach`]
/// (`hexes`) that see the enemy.
pub(crate) fn attack_hexes(
    scene: &Scene,
    enemy: usize,
    mut hexes: Vec<(Cell, PathCost)>,
) -> Vec<(Cell, PathCost)> {
    let j = scene.index_of(enemy);
    hexes.retain(|&(h, _)| scene.sees_enemy(h, j));
    hexes
}

/// The cheapest way to an attack hex of `enemy`: like the least cost of
/// [`attack_hexes`], checking line of sight only until the cheapest hex that has it.
pub(crate) fn least_cost(
    scene: &Scene,
    enemy: usize,
    hexes: &[(Cell, PathCost)],
) -> Option<PathCost> {
    let j = scene.index_of(enemy);
    let mut by_cost: Vec<&(Cell, PathCost)> = hexes.iter().collect();
    by_cost.sort_unstable_by_key(|&&(h, k)| (k, h));
    by_cost
        .into_iter()
        .find(|&&(h, _)| scene.sees_enemy(h, j))
        .map(|&(_, k)| k)
}

/// A floor under [`least_cost`] that needs no search: the cheapest hex the monster can
/// end in whose column and row are each within the attack's reach of the enemy's. Every
/// step (of range or of an area's hexes) moves at most one column and one row, so every
/// attack hex is among them. `None` when there is no such hex (nor an attack hex).
pub(crate) fn cost_floor(scene: &Scene, shape: &Shape, enemy: usize) -> Option<PathCost> {
    let (cols, rows) = scene.grid.box_around(scene.position(enemy), shape.reach);
    scene.cheapest_end(cols, rows)
}

/// The hexes of [`attack_hexes`] before line of sight to the enemy is checked.
pub(crate) fn in_reach(scene: &Scene, shape: &Shape, enemy: usize) -> Vec<(Cell, PathCost)> {
    let target = scene.position(enemy);
    let hexes = scene.distinct_cells(|marks| match &shape.area {
        None => {
            for (h, d) in scene.near(target).cells() {
                if d >= 1 {
                    marks.mark(h);
                }
            }
        }
        Some(orientations) if shape.anchored => {
            for o in orientations {
                for h in o.iter().filter_map(|&k| origin_for(target, k)) {
                    marks.mark(h);
                }
            }
        }
        Some(orientations) => {
            let table = scene.placements(orientations);
            let j = scene.index_of(enemy);
            let over: Vec<&[Cell]> = table.over[j]
                .iter()
                .map(|&id| table.areas[id as usize].as_slice())
                .collect();
            // The hex within range is one range can be counted to: never a wall
            // (counting out of a wall would reach hexes no way from `ways` has).
            let mut from: Vec<Cell> = over
                .iter()
                .flat_map(|a| a.iter().copied())
                .filter(|&p| !scene.fight.map.terrain(p).blocks_sight())
                .collect();
            from.sort_unstable();
            from.dedup();
            for p in from {
                // A hex counted from `p` serves when some placement holding `p` leaves it
                // free: when it is outside the hexes every such placement shares.
                let mut holding = over.iter().filter(|a| a.binary_search(&p).is_ok());
                let mut shared: Vec<Cell> = holding.next().map_or(Vec::new(), |a| a.to_vec());
                for a in holding {
                    shared.retain(|c| a.binary_search(c).is_ok());
                }
                for (h, d) in scene.near(p).cells() {
                    if d <= shape.range && !shared.contains(&h) {
                        marks.mark(h);
                    }
                }
            }
        }
    });
    hexes
        .into_iter()
        .filter_map(|h| scene.end_cost(h).map(|k| (h, k)))
        .collect()
}

/// What the monster can do from one hex. One view is refilled for hex after hex, so its
/// buffers are allocated once per search, not per hex.
pub(crate) struct View {
    pub at: Cell,
    /// Enemies within range and in sight.
    pub reach: Targets,
    /// Enemies in sight.
    pub visible: Targets,
    /// Enemies that would be attacked with disadvantage.
    pub disadvantage: Targets,
    /// The enemies in `reach`, best extra target first: by rank, then without
    /// disadvantage first, then board order.
    pub order: Vec<usize>,
    range: Option<Arc<RangeField>>,
    /// Unanchored area: the placements (ids in the scene's table) usable from here.
    usable: Vec<u32>,
    /// Anchored area: its placements around the hex, one after the other, and where
    /// each lies in `laid`, sorted by their hexes.
    laid: Vec<Cell>,
    spans: Vec<Range<usize>>,
}

impl View {
    pub(super) fn new(scene: &Scene) -> View {
        let none = Targets::none(scene.enemies.len());
        View {
            at: scene.start,
            reach: none.clone(),
            visible: none.clone(),
            disadvantage: none,
            order: Vec::new(),
            range: None,
            usable: Vec::new(),
            laid: Vec::new(),
            spans: Vec::new(),
        }
    }

    /// Looks from `at`.
    pub(super) fn fill(&mut self, scene: &Scene, shape: &Shape, ranks: &Ranks, at: Cell) {
        let range = scene.near(at);
        self.at = at;
        self.reach.clear();
        self.visible.clear();
        self.disadvantage.clear();
        // Sight only matters for enemies the attack could reach at all, and disadvantage
        // only for neighbours, nearer still.
        scene.enemies_within(at, shape.reach, |j, p| {
            if scene.sees_enemy(at, j) {
                self.visible.insert(j);
                if range.get(p).is_some_and(|d| d <= shape.range) {
                    self.reach.insert(j);
                }
            }
            if disadvantaged(scene, shape, at, p) {
                self.disadvantage.insert(j);
            }
        });
        self.order.clear();
        self.order.extend(self.reach.iter());
        let dis = &self.disadvantage;
        self.order
            .sort_unstable_by_key(|&j| (ranks.get(j), dis.contains(j), j));
        self.usable.clear();
        self.laid.clear();
        self.spans.clear();
        match &shape.area {
            None => {}
            Some(orientations) if shape.anchored => {
                for o in orientations {
                    let start = self.laid.len();
                    lay_into(&scene.grid, at, o, &mut self.laid);
                    self.spans.push(start..self.laid.len());
                }
                let laid = &self.laid;
                self.spans
                    .sort_unstable_by(|a, b| laid[a.clone()].cmp(&laid[b.clone()]));
                self.spans
                    .dedup_by(|a, b| laid[a.clone()] == laid[b.clone()]);
            }
            Some(orientations) => {
                let table = scene.placements(orientations);
                for j in self.visible.iter() {
                    self.usable.extend_from_slice(&table.over[j]);
                }
                self.usable.sort_unstable();
                self.usable.dedup();
                let in_range = |area: &[Cell]| {
                    area.iter()
                        .any(|&p| range.get(p).is_some_and(|d| d <= shape.range))
                };
                self.usable.retain(|&id| {
                    let area = &table.areas[id as usize];
                    area.binary_search(&at).is_err() && in_range(area)
                });
            }
        }
        self.range = Some(range);
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
    let mut near = 0;
    scene.enemies_within(at, shape.reach, |_, _| near += 1);
    near.min(cap)
}

/// One way to make the attack from a hex, before extra targets are picked.
pub(crate) struct Way<'v> {
    /// The area's hexes (reading order), empty without an area.
    pub area: &'v [Cell],
    /// Enemies hit by the area.
    pub hit: Targets,
}

/// Every way to attack from `view.at` that includes the enemy `focus` (an index into
/// `scene.enemies`), in order of the areas: the plain attack, or each placement of the
/// area that hits someone and either covers the focus or leaves a spare target for it.
pub(crate) fn ways<'v>(
    scene: &'v Scene,
    shape: &Shape,
    view: &'v View,
    focus: usize,
    mut visit: impl FnMut(Way<'v>),
) {
    let Some(orientations) = &shape.area else {
        if view.reach.contains(focus) {
            visit(Way {
                area: &[],
                hit: Targets::none(scene.enemies.len()),
            });
        }
        return;
    };
    let spare = shape.targets >= 2 && view.reach.contains(focus);
    let mut offer = |area: &'v [Cell], hit: Targets| {
        if !hit.is_empty() && (hit.contains(focus) || spare) {
            visit(Way { area, hit });
        }
    };
    if shape.anchored {
        for span in &view.spans {
            let area = &view.laid[span.clone()];
            let mut hit = Targets::none(scene.enemies.len());
            for j in area.iter().filter_map(|&c| scene.enemy_index_at(c)) {
                if view.visible.contains(j) {
                    hit.insert(j);
                }
            }
            offer(area, hit);
        }
    } else {
        let table = scene.placements(orientations);
        for &id in &view.usable {
            offer(
                &table.areas[id as usize],
                table.hits[id as usize].and(&view.visible),
            );
        }
    }
}

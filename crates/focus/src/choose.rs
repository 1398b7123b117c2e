//! Choosing the focus: the enemy the monster can attack with the least trouble. For each
//! enemy, the best hex to attack it from is the one reached over the fewest negative
//! hexes (traps, hazardous terrain, fire), then with the fewest movement points; enemies
//! are compared on that, then on proximity (steps around walls, where the variant uses
//! it), then on initiative, a summon before its summoner. What is still tied is the
//! players' choice.

use super::attack_hexes::{attack_hexes, cost_floor, in_reach, least_cost};
use super::scene::Scene;
use super::shape::Shape;
use crate::grid::Cell;
use crate::grid::path::PathCost;

/// A candidate focus with everything it was compared on.
pub(crate) struct Candidate {
    pub enemy: usize,
    /// Its attack hexes with their costs, reading order.
    pub hexes: Vec<(Cell, PathCost)>,
    pub cost: PathCost,
    pub proximity: Option<u32>,
}

/// `enemy` as the focus, when it can be attacked from somewhere, with every hex it can
/// be attacked from.
pub(crate) fn candidate(scene: &Scene, shape: &Shape, enemy: usize) -> Option<Candidate> {
    if !scene.enemies.contains(&enemy) {
        return None;
    }
    let hexes = in_reach(scene, shape, enemy);
    let cost = least_cost(scene, enemy, &hexes)?;
    Some(Candidate {
        enemy,
        hexes: attack_hexes(scene, enemy, hexes),
        cost,
        proximity: scene.proximity(scene.position(enemy)),
    })
}

/// The tied foci (board order) and whether initiatives were needed but unknown.
pub(crate) fn choose(scene: &Scene, shape: &Shape) -> (Vec<Candidate>, bool) {
    let prox = |enemy: usize| {
        if scene.variant.proximity_breaks_ties() {
            scene.proximity(scene.position(enemy)).unwrap_or(u32::MAX)
        } else {
            0
        }
    };
    // Enemies are searched from the lowest floor of their key up (the floor of their
    // cost, then proximity), and once a floor is beaten by a key already found, no enemy
    // left can tie the best. Proximity is asked only of the enemies whose floor of the
    // cost is reached, so its search goes no farther than the enemies that matter.
    let mut by_floor: Vec<((PathCost, u32), usize)> = scene
        .enemies
        .iter()
        .filter_map(|&e| Some(((cost_floor(scene, shape, e)?, 0), e)))
        .collect();
    by_floor.sort_unstable();
    let mut all: Vec<Candidate> = Vec::new();
    let mut found: Option<(PathCost, u32)> = None;
    for group in by_floor.chunk_by_mut(|a, b| a.0.0 == b.0.0) {
        if found.is_some_and(|(cost, _)| group[0].0.0 > cost) {
            break;
        }
        for ((_, near), enemy) in group.iter_mut() {
            *near = prox(*enemy);
        }
        group.sort_unstable();
        for &(floor, enemy) in group.iter() {
            if found.is_some_and(|k| floor > k) {
                break;
            }
            // Kept for the foci, which need every hex they can be attacked from.
            let hexes = in_reach(scene, shape, enemy);
            let Some(cost) = least_cost(scene, enemy, &hexes) else {
                continue;
            };
            // The floor already holds the enemy's proximity.
            let key = (cost, floor.1);
            found = Some(found.map_or(key, |k| k.min(key)));
            all.push(Candidate {
                enemy,
                hexes,
                cost,
                proximity: scene.proximity(scene.position(enemy)),
            });
        }
    }
    // Board order again (the enemies are listed in it).
    all.sort_unstable_by_key(|c| c.enemy);
    let key = |c: &Candidate| (c.cost, prox(c.enemy));
    let Some(best) = all.iter().map(key).min() else {
        return (Vec::new(), false);
    };
    all.retain(|c| key(c) == best);
    // A summon comes before its summoner whatever their initiative's number.
    let beaten: Vec<usize> = all
        .iter()
        .filter(|c| all.iter().any(|s| scene.summon_of(s.enemy, c.enemy)))
        .map(|c| c.enemy)
        .collect();
    all.retain(|c| !beaten.contains(&c.enemy));
    let unknown = all.len() >= 2 && !all.iter().all(|c| scene.initiative[c.enemy].is_some());
    if all.len() >= 2 && !unknown {
        let first = all
            .iter()
            .map(|c| scene.initiative[c.enemy])
            .min()
            .flatten();
        all.retain(|c| scene.initiative[c.enemy] == first);
    }
    for c in &mut all {
        c.hexes = attack_hexes(scene, c.enemy, std::mem::take(&mut c.hexes));
    }
    (all, unknown)
}

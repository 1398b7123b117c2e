//! Where the monster stands and whom it attacks, once its focus is known.
//!
//! Every hex the focus can be attacked from is a candidate, with every way of making the
//! attack there (each area placement, each choice of extra targets). They are compared in
//! the order of SPEC §6: fewer negative hexes on the way; the focus can be attacked this
//! turn; (Gloomhaven, Jaws of the Lion) no disadvantage against the focus; more targets;
//! (Frosthaven) fewer targets at disadvantage; shorter path; (Gloomhaven, Jaws of the
//! Lion) better secondary targets, then fewer targets at disadvantage.
//!
//! The first two criteria depend on the hex alone, so only the hexes that are best on
//! them are looked at further. When the best of those cannot be reached this turn, the
//! monster heads for it instead (Frosthaven: for the nearest attack hex): among the hexes
//! it can end in this turn, fewest negative hexes on the way there and on from there,
//! then least distance still to go, then least movement; staying put is one of them, so a
//! move that gets it no closer is never made.

use super::attack_hexes::{Shape, View, Way, disadvantaged, most_targets, ways};
use super::choose::Candidate;
use super::scene::Scene;
use super::{FocusChoice, Outcome};
use crate::grid::Cell;
use crate::grid::path::PathCost;
use std::cmp::Reverse;

/// Most outcomes listed for one focus (a safeguard against combinatorial blow-ups).
pub const MAX_OUTCOMES: usize = 2000;

/// How good one way of attacking is, smaller being better, for hexes that tie on
/// negative hexes and reachability.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    focus_disadvantage: bool,
    targets: Reverse<usize>,
    disadvantaged_first: usize,
    steps: u32,
    secondaries: Vec<Rank>,
    disadvantaged_last: usize,
}

/// A scored way of attacking, with the extra targets still open to choice.
struct Scored {
    key: Key,
    at: Cell,
    cost: PathCost,
    area: Vec<Cell>,
    /// Targets that are certain (indices into `scene.enemies`).
    fixed: Vec<usize>,
    /// Equally good extra targets, `need` of which are chosen.
    pool: Vec<usize>,
    need: usize,
    /// Per enemy: attacked with disadvantage from `at`.
    disadvantage: Vec<bool>,
}

pub(crate) fn resolve(scene: &Scene, shape: &Shape, focus: Candidate) -> FocusChoice {
    let f = scene
        .enemies
        .iter()
        .position(|&e| e == focus.enemy)
        .expect("the focus is an enemy");
    let prefix = |&(c, k): &(Cell, PathCost)| (k.avoided, !scene.this_turn(c, k));
    let best = focus
        .hexes
        .iter()
        .map(prefix)
        .min()
        .expect("a focus has attack hexes");
    let group: Vec<(Cell, PathCost)> = focus
        .hexes
        .iter()
        .copied()
        .filter(|h| prefix(h) == best)
        .collect();
    let now = !best.1;
    let (outcomes, attacks) = if now {
        (expand(scene, f, best_ways(scene, shape, f, &group)), true)
    } else {
        let goals: Vec<Cell> = if scene.variant.approach_best_hex() {
            let mut g: Vec<Cell> = best_ways(scene, shape, f, &group)
                .iter()
                .map(|s| s.at)
                .collect();
            g.dedup();
            g
        } else {
            let least = group.iter().map(|h| h.1).min();
            group
                .iter()
                .filter(|h| Some(h.1) == least)
                .map(|h| h.0)
                .collect()
        };
        (approach(scene, &goals), false)
    };
    FocusChoice {
        focus: focus.enemy,
        cost: focus.cost,
        proximity: focus.proximity,
        attacks: attacks && scene.plan.attack.is_some(),
        outcomes,
    }
}

/// The best-scoring ways of attacking the focus from the hexes of `group`, reading order.
///
/// Hexes are tried from the most promising, and a hex whose best imaginable way (as many
/// targets as could be in reach, none at disadvantage but the focus, nearest secondaries)
/// is already beaten is skipped before any line of sight is looked at.
fn best_ways(scene: &Scene, shape: &Shape, f: usize, group: &[(Cell, PathCost)]) -> Vec<Scored> {
    let first = scene.variant.focus_disadvantage_first();
    let focus_at = scene.position(scene.enemies[f]);
    let mut order: Vec<(Key, Cell, PathCost)> = group
        .iter()
        .map(|&(at, cost)| {
            let bound = Key {
                focus_disadvantage: first && disadvantaged(scene, shape, at, focus_at),
                targets: Reverse(most_targets(scene, shape, at)),
                disadvantaged_first: 0,
                steps: cost.steps,
                secondaries: Vec::new(),
                disadvantaged_last: 0,
            };
            (bound, at, cost)
        })
        .collect();
    order.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let mut best: Vec<Scored> = Vec::new();
    for (bound, at, cost) in order {
        if best.first().is_some_and(|b| bound > b.key) {
            continue;
        }
        let view = View::new(scene, shape, at);
        for way in ways(scene, shape, &view, f) {
            let s = score(scene, shape, &view, f, cost, way);
            match best.first().map(|b| s.key.cmp(&b.key)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Less) => best = vec![s],
                _ => best.push(s),
            }
        }
    }
    best
}

/// How an enemy ranks as a secondary target (like a focus: proximity, then initiative,
/// a summon just before its summoner), or all alike when the variant does not rank them.
///
/// With initiatives known, the summon's place is a sort key, so it also ranks ahead of
/// another character on the same initiative, which the rules would leave to the players
/// (characters rarely tie).
fn rank(scene: &Scene, j: usize) -> Rank {
    if !scene.variant.ranks_secondaries() {
        return (0, 0, 0);
    }
    let e = scene.enemies[j];
    let prox = if scene.variant.proximity_breaks_ties() {
        scene.proximity(scene.position(e)).unwrap_or(u32::MAX)
    } else {
        0
    };
    if !scene.initiatives_known() {
        return (prox, 0, 0);
    }
    let summon = scene.summoner[e].is_some_and(|s| scene.summon_of(e, s));
    (prox, scene.initiative[e].unwrap_or(0), u8::from(!summon))
}

/// Proximity, initiative, then 0 for a summon sharing its summoner's initiative.
type Rank = (u32, u32, u8);

fn score(scene: &Scene, shape: &Shape, view: &View, f: usize, cost: PathCost, way: Way) -> Scored {
    let mut fixed = way.hit.clone();
    // Target N: the area (or the focus, without one) is one target, the rest are extra.
    let mut slots = shape.targets as usize - 1;
    if !fixed.contains(&f) {
        fixed.push(f);
        if shape.area.is_some() {
            slots -= 1;
        }
    }
    let mut extra: Vec<(Rank, bool, usize)> = (0..scene.enemies.len())
        .filter(|&j| view.reach[j] && !fixed.contains(&j))
        .map(|j| (rank(scene, j), view.disadvantage[j], j))
        .collect();
    extra.sort_unstable();
    let take = slots.min(extra.len());
    let mut pool = Vec::new();
    let mut sure = 0;
    if take > 0 {
        let edge = (extra[take - 1].0, extra[take - 1].1);
        for &(r, d, j) in &extra {
            if (r, d) < edge {
                fixed.push(j);
                sure += 1;
            } else if (r, d) == edge {
                pool.push(j);
            }
        }
    }
    let need = take - sure;
    fixed.sort_unstable();
    let chosen: Vec<usize> = fixed
        .iter()
        .chain(pool.iter().take(need))
        .copied()
        .collect();
    let disadvantaged = chosen.iter().filter(|&&j| view.disadvantage[j]).count();
    let first = scene.variant.focus_disadvantage_first();
    let mut secondaries: Vec<Rank> = if first {
        chosen
            .iter()
            .filter(|&&j| j != f)
            .map(|&j| rank(scene, j))
            .collect()
    } else {
        Vec::new()
    };
    secondaries.sort_unstable();
    let key = Key {
        focus_disadvantage: first && view.disadvantage[f],
        targets: Reverse(chosen.len()),
        disadvantaged_first: if first { 0 } else { disadvantaged },
        steps: cost.steps,
        secondaries,
        disadvantaged_last: if first { disadvantaged } else { 0 },
    };
    Scored {
        key,
        at: view.at,
        cost,
        area: way.area,
        fixed,
        pool,
        need,
        disadvantage: view.disadvantage.clone(),
    }
}

/// Every outcome of the tied ways: each choice of `need` extra targets from the pool.
fn expand(scene: &Scene, f: usize, ways: Vec<Scored>) -> Vec<Outcome> {
    let mut out: Vec<Outcome> = Vec::new();
    for s in ways {
        for pick in combinations(&s.pool, s.need) {
            if out.len() >= MAX_OUTCOMES {
                return out;
            }
            let mut js: Vec<usize> = s.fixed.iter().chain(pick.iter()).copied().collect();
            js.sort_unstable();
            let (targets, disadvantage) = if scene.plan.attack.is_some() {
                let mut t = vec![scene.enemies[f]];
                t.extend(js.iter().filter(|&&j| j != f).map(|&j| scene.enemies[j]));
                let d = js
                    .iter()
                    .filter(|&&j| s.disadvantage[j])
                    .map(|&j| scene.enemies[j])
                    .collect();
                (t, d)
            } else {
                (Vec::new(), Vec::new())
            };
            out.push(Outcome {
                destination: s.at,
                path: scene.path_to(s.at),
                cost: s.cost,
                targets,
                disadvantage,
                area: s.area.clone(),
                toward: None,
            });
        }
    }
    out.sort_by(|a, b| {
        (a.destination, &a.area, &a.targets).cmp(&(b.destination, &b.area, &b.targets))
    });
    out.dedup();
    out
}

/// Every way to choose `k` items of `pool` (order kept).
fn combinations(pool: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if pool.len() < k {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &first) in pool.iter().enumerate() {
        for mut rest in combinations(&pool[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
            if out.len() >= MAX_OUTCOMES {
                return out;
            }
        }
    }
    out
}

/// Moving toward hexes the focus cannot be attacked from until a later turn.
fn approach(scene: &Scene, goals: &[Cell]) -> Vec<Outcome> {
    let now = scene.reachable_now();
    let mut out = Vec::new();
    for &goal in goals {
        let field = scene.toward(goal);
        let scored: Vec<((u32, u32, u32), Cell, PathCost)> = now
            .iter()
            .filter_map(|&(c, k)| {
                let on = field.cost(c)?;
                Some(((k.avoided + on.avoided, on.steps, k.steps), c, k))
            })
            .collect();
        let Some(best) = scored.iter().map(|s| s.0).min() else {
            continue;
        };
        for (key, c, k) in scored {
            if key == best {
                out.push(Outcome {
                    destination: c,
                    path: scene.path_to(c),
                    cost: k,
                    targets: Vec::new(),
                    disadvantage: Vec::new(),
                    area: Vec::new(),
                    toward: Some(goal),
                });
            }
        }
    }
    out.sort_by_key(|o| (o.destination, o.toward));
    out.dedup();
    out
}

//! Where the monster stands and whom it attacks, once its focus is known.
//!
//! Every hex the focus can be attacked from is a candidate, with every way of making the
//! attack there (each area placement, each choice of extra targets). They are compared in
//! the order of SPEC §6: fewer negative hexes on the way; the focus can be attacked this
//! turn; (Gloomhaven, Jaws of the Lion) no disadvantage against the focus; more targets;
//! (Frosthaven) fewer targets at disadvantage; shorter path; (Gloomhaven, Jaws of the
//! Lion) better secondary targets. That first pass chooses whom: the best groups of
//! targets. In Gloomhaven and Jaws of the Lion a second pass then chooses where from:
//! among every hex alike on the first three points that attacks exactly one of those
//! groups, the fewest targets at disadvantage, then the shortest path (Frosthaven's one
//! pass already ranks those two last, so a second would change nothing).
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
    // Gloomhaven and Jaws of the Lion choose in two passes: whom (the best groups of
    // targets), then where from (among every hex that attacks one of those groups alike).
    let two_pass = scene.variant.focus_disadvantage_first();
    let chosen = |scene: &Scene| {
        let best = best_ways(scene, shape, f, &group);
        if two_pass {
            where_from(scene, shape, f, &group, &best)
        } else {
            expand(scene, f, best)
        }
    };
    let (outcomes, attacks) = if now {
        (chosen(scene), true)
    } else {
        let goals: Vec<Cell> = if scene.variant.approach_best_hex() {
            let mut g: Vec<Cell> = chosen(scene).iter().map(|o| o.destination).collect();
            g.sort();
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

/// The second pass (Gloomhaven, Jaws of the Lion): the groups of targets the best ways
/// attack are chosen; now among every hex of `hexes` (all alike on negative hexes and
/// this turn's reach) with the same disadvantage against the focus as those ways, every
/// way of attacking exactly one of those groups is a candidate, and the fewest targets
/// at disadvantage, then the shortest path, win. So the monster may go farther than the
/// nearest hex to shed disadvantage against a secondary target.
fn where_from(
    scene: &Scene,
    shape: &Shape,
    f: usize,
    hexes: &[(Cell, PathCost)],
    best: &[Scored],
) -> Vec<Outcome> {
    let Some(focus_dis) = best.first().map(|b| b.key.focus_disadvantage) else {
        return Vec::new();
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for s in best {
        for pick in combinations(&s.pool, s.need) {
            let mut g: Vec<usize> = s.fixed.iter().chain(pick.iter()).copied().collect();
            g.sort_unstable();
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    let focus_at = scene.position(scene.enemies[f]);
    let within = |at: Cell, g: &[usize]| {
        g.iter()
            .all(|&j| scene.grid.distance(at, scene.position(scene.enemies[j])) <= shape.reach)
    };
    let mut key_best: Option<(usize, u32)> = None;
    let mut out: Vec<Outcome> = Vec::new();
    for &(at, cost) in hexes {
        if disadvantaged(scene, shape, at, focus_at) != focus_dis
            || !groups.iter().any(|g| within(at, g))
        {
            continue;
        }
        let view = View::new(scene, shape, at);
        for way in ways(scene, shape, &view, f) {
            let mut fixed = way.hit.clone();
            let mut slots = shape.targets as usize - 1;
            if !fixed.contains(&f) {
                fixed.push(f);
                if shape.area.is_some() {
                    slots = slots.saturating_sub(1);
                }
            }
            for g in &groups {
                let extra = g.iter().filter(|j| !fixed.contains(j));
                let fits = fixed.iter().all(|j| g.contains(j))
                    && extra.clone().count() <= slots
                    && extra.clone().all(|&j| view.reach[j]);
                if !fits {
                    continue;
                }
                let dis = g.iter().filter(|&&j| view.disadvantage[j]).count();
                let key = (dis, cost.steps);
                match key_best.map(|k| key.cmp(&k)) {
                    Some(std::cmp::Ordering::Greater) => continue,
                    Some(std::cmp::Ordering::Less) | None => {
                        key_best = Some(key);
                        out.clear();
                    }
                    Some(std::cmp::Ordering::Equal) => {}
                }
                if out.len() >= MAX_OUTCOMES {
                    continue;
                }
                out.push(outcome(
                    scene,
                    f,
                    at,
                    cost,
                    way.area.clone(),
                    g,
                    &view.disadvantage,
                ));
            }
        }
    }
    out.sort_by(|a, b| {
        (a.destination, &a.area, &a.targets).cmp(&(b.destination, &b.area, &b.targets))
    });
    out.dedup();
    out
}

/// The outcome of attacking the group `js` (indices into `scene.enemies`) from `at`.
fn outcome(
    scene: &Scene,
    f: usize,
    at: Cell,
    cost: PathCost,
    area: Vec<Cell>,
    js: &[usize],
    disadvantage: &[bool],
) -> Outcome {
    let (targets, disadvantage) = if scene.plan.attack.is_some() {
        let mut t = vec![scene.enemies[f]];
        t.extend(js.iter().filter(|&&j| j != f).map(|&j| scene.enemies[j]));
        let d = js
            .iter()
            .filter(|&&j| disadvantage[j])
            .map(|&j| scene.enemies[j])
            .collect();
        (t, d)
    } else {
        (Vec::new(), Vec::new())
    };
    Outcome {
        destination: at,
        path: scene.path_to(at),
        cost,
        targets,
        disadvantage,
        area,
        toward: None,
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
            out.push(outcome(
                scene,
                f,
                s.at,
                s.cost,
                s.area.clone(),
                &js,
                &s.disadvantage,
            ));
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

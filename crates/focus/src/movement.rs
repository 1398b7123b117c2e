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

use super::attack_hexes::{View, disadvantaged, most_targets, ways};
use super::choose::Candidate;
use super::scene::Scene;
use super::secondary::Ranks;
use super::shape::Shape;
use super::targets::Targets;
use super::{FocusChoice, Outcome};
use crate::grid::Cell;
use crate::grid::path::PathCost;
use std::cmp::{Ordering, Reverse};
use std::collections::HashSet;

/// Most outcomes listed for one focus (a safeguard against combinatorial blow-ups).
pub(super) const MAX_OUTCOMES: usize = 2000;

/// How good one way of attacking is, smaller being better, for hexes that tie on
/// negative hexes and reachability, before the secondary targets are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    focus_disadvantage: bool,
    targets: Reverse<usize>,
    disadvantaged_first: usize,
    steps: u32,
}

/// A scored way of attacking, with the extra targets still open to choice.
struct Scored {
    key: Key,
    /// The chosen targets but the focus, compared by their ranks after `key` (Gloomhaven,
    /// Jaws of the Lion; empty in Frosthaven).
    secondaries: Targets,
    at: Cell,
    cost: PathCost,
    area: Vec<Cell>,
    /// Targets that are certain.
    fixed: Targets,
    /// Equally good extra targets, `need` of which are chosen.
    pool: Targets,
    need: usize,
    /// Attacked with disadvantage from `at`.
    disadvantage: Targets,
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
    let ranks = Ranks::of(scene, shape);
    let chosen = |scene: &Scene| {
        let best = best_ways(scene, shape, &ranks, f, &group);
        if two_pass {
            where_from(scene, shape, &ranks, f, &group, &best)
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
/// is already beaten is skipped before any line of sight is looked at. A way is only
/// written out (its area copied) when it is at least as good as the best so far.
fn best_ways(
    scene: &Scene,
    shape: &Shape,
    ranks: &Ranks,
    f: usize,
    group: &[(Cell, PathCost)],
) -> Vec<Scored> {
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
            };
            (bound, at, cost)
        })
        .collect();
    order.sort_unstable();
    let mut best: Vec<Scored> = Vec::new();
    let mut view = View::new(scene);
    for (bound, at, cost) in order {
        // The bound's secondaries are the best imaginable, so only its key can lose.
        if best.first().is_some_and(|b| bound > b.key) {
            continue;
        }
        view.fill(scene, shape, ranks, at);
        ways(scene, shape, &view, f, |way| {
            let s = score(shape, ranks, &view, f, way.hit, cost.steps, first);
            let order = best.first().map(|b| {
                s.key
                    .cmp(&b.key)
                    .then_with(|| ranks.compare(&s.secondaries, &b.secondaries))
            });
            if order == Some(Ordering::Greater) {
                return;
            }
            let scored = Scored {
                key: s.key,
                secondaries: s.secondaries,
                at,
                cost,
                area: way.area.to_vec(),
                fixed: s.fixed,
                pool: s.pool,
                need: s.need,
                disadvantage: view.disadvantage.clone(),
            };
            if order == Some(Ordering::Less) {
                best.clear();
            }
            best.push(scored);
        });
    }
    best
}

/// The score of one way of attacking from the view's hex.
struct Score {
    key: Key,
    secondaries: Targets,
    fixed: Targets,
    pool: Targets,
    need: usize,
}

/// Scores the way that hits `hit` from the view's hex: the focus and the area's targets
/// are certain, extra targets are the best ranked in reach (those tied at the edge of
/// the number allowed left open to choice).
fn score(
    shape: &Shape,
    ranks: &Ranks,
    view: &View,
    f: usize,
    hit: Targets,
    steps: u32,
    first: bool,
) -> Score {
    let mut fixed = hit;
    // Target N: the area (or the focus, without one) is one target, the rest are extra.
    let mut slots = shape.targets as usize - 1;
    if !fixed.contains(f) {
        fixed.insert(f);
        if shape.area.is_some() {
            slots -= 1;
        }
    }
    let edge_of = |j: usize| (ranks.get(j), view.disadvantage.contains(j));
    // `view.order` lists the enemies in reach best first; the extras are those not fixed.
    let mut extras = view.order.iter().copied().filter(|&j| !fixed.contains(j));
    let mut take = 0;
    let mut edge = None;
    while take < slots {
        let Some(j) = extras.next() else { break };
        take += 1;
        edge = Some(edge_of(j));
    }
    let mut pool = fixed.none_like();
    let mut sure = fixed.none_like();
    if let Some(edge) = edge {
        for j in view.order.iter().copied().filter(|&j| !fixed.contains(j)) {
            match edge_of(j).cmp(&edge) {
                Ordering::Less => sure.insert(j),
                Ordering::Equal => pool.insert(j),
                Ordering::Greater => break,
            }
        }
    }
    let need = take - sure.len();
    fixed.add_all(&sure);
    let mut chosen = fixed.clone();
    for j in pool.iter().take(need) {
        chosen.insert(j);
    }
    let disadvantaged = chosen.count_in(&view.disadvantage);
    let targets = Reverse(chosen.len());
    let mut secondaries = chosen;
    if first {
        secondaries.remove(f);
    } else {
        secondaries.clear();
    }
    Score {
        key: Key {
            focus_disadvantage: first && view.disadvantage.contains(f),
            targets,
            disadvantaged_first: if first { 0 } else { disadvantaged },
            steps,
        },
        secondaries,
        fixed,
        pool,
        need,
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
    ranks: &Ranks,
    f: usize,
    hexes: &[(Cell, PathCost)],
    best: &[Scored],
) -> Vec<Outcome> {
    let Some(focus_dis) = best.first().map(|b| b.key.focus_disadvantage) else {
        return Vec::new();
    };
    // In the order first met (which decides what the cap on outcomes keeps).
    let mut groups: Vec<Targets> = Vec::new();
    let mut met: HashSet<Targets> = HashSet::new();
    for s in best {
        for g in choices(s) {
            if met.insert(g.clone()) {
                groups.push(g);
            }
        }
    }
    let focus_at = scene.position(scene.enemies[f]);
    let within = |at: Cell, g: &Targets| {
        g.iter()
            .all(|j| scene.grid.distance(at, scene.position(scene.enemies[j])) <= shape.reach)
    };
    let mut key_best: Option<(usize, u32)> = None;
    // The best so far: hex, cost, area, group, disadvantage there. Outcomes (and their
    // paths) are only written out for the winners.
    let mut picks: Vec<(Cell, PathCost, Vec<Cell>, usize, Targets)> = Vec::new();
    let mut view = View::new(scene);
    for &(at, cost) in hexes {
        if disadvantaged(scene, shape, at, focus_at) != focus_dis
            || !groups.iter().any(|g| within(at, g))
        {
            continue;
        }
        view.fill(scene, shape, ranks, at);
        ways(scene, shape, &view, f, |way| {
            let mut fixed = way.hit;
            let mut slots = shape.targets as usize - 1;
            if !fixed.contains(f) {
                fixed.insert(f);
                if shape.area.is_some() {
                    slots = slots.saturating_sub(1);
                }
            }
            for (n, g) in groups.iter().enumerate() {
                let fits = fixed.is_subset(g) && {
                    let extra = g.minus(&fixed);
                    extra.len() <= slots && extra.is_subset(&view.reach)
                };
                if !fits {
                    continue;
                }
                let key = (g.count_in(&view.disadvantage), cost.steps);
                match key_best.map(|k| key.cmp(&k)) {
                    Some(Ordering::Greater) => continue,
                    Some(Ordering::Less) | None => {
                        key_best = Some(key);
                        picks.clear();
                    }
                    Some(Ordering::Equal) => {}
                }
                if picks.len() >= MAX_OUTCOMES {
                    continue;
                }
                picks.push((at, cost, way.area.to_vec(), n, view.disadvantage.clone()));
            }
        });
    }
    let mut out: Vec<Outcome> = picks
        .into_iter()
        .map(|(at, cost, area, n, dis)| outcome(scene, f, at, cost, area, &groups[n], &dis))
        .collect();
    out.sort_by(|a, b| {
        (a.destination, &a.area, &a.targets).cmp(&(b.destination, &b.area, &b.targets))
    });
    out.dedup();
    out
}

/// Every group of targets a tied way can attack: its certain targets with each choice
/// of `need` extra targets from the pool.
fn choices(s: &Scored) -> impl Iterator<Item = Targets> + '_ {
    let pool: Vec<usize> = s.pool.iter().collect();
    combinations(&pool, s.need).into_iter().map(|pick| {
        let mut g = s.fixed.clone();
        for j in pick {
            g.insert(j);
        }
        g
    })
}

/// The outcome of attacking the group `js` from `at`.
fn outcome(
    scene: &Scene,
    f: usize,
    at: Cell,
    cost: PathCost,
    area: Vec<Cell>,
    js: &Targets,
    disadvantage: &Targets,
) -> Outcome {
    let (targets, disadvantage) = if scene.plan.attack.is_some() {
        let mut t = vec![scene.enemies[f]];
        t.extend(js.iter().filter(|&j| j != f).map(|j| scene.enemies[j]));
        let d = js
            .and(disadvantage)
            .iter()
            .map(|j| scene.enemies[j])
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
    for s in &ways {
        for js in choices(s) {
            if out.len() >= MAX_OUTCOMES {
                return out;
            }
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

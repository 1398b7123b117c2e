//! Choosing a behaviour's target: effective range (Speed, Range, or Speed + Range),
//! the proximity condition, targetability, then the scheme's target priority, and the
//! closest-enemy choice of the two-moves fallback.

use super::compile::{Behaviour, Proximity};
use crate::aim::{Outlook, action_shape, approach, ranked_positions};
use crate::board::action::targeting_actions;
use crate::board::action::{Action, HealTarget};
use crate::grid::Cell;
use crate::grid::path::PathCost;
use crate::grid::range::RangeSearch;
use crate::rules::targeting::{Priority, attackable, hp_lost};
use crate::rules::world::World;

/// What a behaviour aims at.
#[derive(Clone, Debug)]
pub(crate) struct Aim {
    /// Index of the first action that needs a target (or of the lone Move).
    pub action: usize,
    /// A Move comes before that action.
    pub moves_first: bool,
    /// How far it reaches, in cells.
    pub effective_range: u32,
    /// Whether it aims at allies (heals) rather than enemies.
    pub friendly: bool,
}

/// The behaviour's targeting action and effective range, or `None` when it needs no
/// target (e.g. heal self, retreat).
pub(crate) fn aim_of(world: &World, me: usize, b: &Behaviour) -> Option<Aim> {
    let speed_before = |k: usize| -> Option<u32> {
        b.actions[..k].iter().find_map(|a| match a {
            Action::Move { bonus } => {
                Some((world.fight().stats[me].speed as i64 + *bonus as i64).max(0) as u32)
            }
            _ => None,
        })
    };
    if let Some(k) = targeting_actions(&b.actions).next() {
        let a = &b.actions[k];
        let shape = action_shape(world, me, a);
        let before = speed_before(k);
        // An area's primary target must itself be within range; only its secondary
        // enemies may lie beyond (seed 000, "multiple targets and areas").
        let reach = shape.range;
        let friendly = matches!(
            a,
            Action::Heal {
                target: HealTarget::Ranged | HealTarget::Adjacent,
                ..
            }
        );
        return Some(Aim {
            action: k,
            moves_first: before.is_some(),
            effective_range: before.unwrap_or(0) + reach,
            friendly,
        });
    }
    let k = b
        .actions
        .iter()
        .position(|a| matches!(a, Action::Move { .. }))?;
    let Action::Move { bonus } = b.actions[k] else {
        return None;
    };
    let speed = (world.fight().stats[me].speed as i64 + bonus as i64).max(0) as u32;
    Some(Aim {
        action: k,
        moves_first: true,
        effective_range: speed,
        friendly: false,
    })
}

/// Enemies that satisfy a proximity condition from where `me` stands (distance counted
/// around walls), nearest first.
pub(crate) fn within_proximity(world: &World, me: usize, p: Proximity, limit: u32) -> Vec<usize> {
    let fight = world.fight();
    let c = &fight.board.creatures[me];
    let dist = fight.map.range_within(c.position, limit.max(p.n));
    (0..fight.board.creatures.len())
        .filter(|&j| fight.board.creatures[j].side != c.side)
        .filter(|&j| match dist.get(fight.board.creatures[j].position) {
            Some(d) if p.plus => d >= p.n && d <= limit.max(p.n),
            Some(d) => d <= p.n,
            None => false,
        })
        .collect()
}

/// A chosen target and how it was chosen: by a behaviour, or by the fallback (whose
/// `candidates` are the enemies equally close when the target priority chose among them,
/// else only the target).
pub(crate) struct Chosen {
    /// The target's index on the board.
    pub target: usize,
    /// Why it was chosen, in words.
    pub reason: String,
    /// The ids of the creatures it was chosen among.
    pub candidates: Vec<String>,
}

/// Picks the target of behaviour `b`: candidates within effective range that meet the
/// proximity condition and can actually be acted on (for a heal: that have lost HP),
/// ranked by `priority`; remaining ties go to the tie policy. `None` when nobody
/// qualifies.
pub(crate) fn choose_target(
    world: &mut World,
    me: usize,
    b: &Behaviour,
    aim: &Aim,
    priority: Priority,
    outlook: &Outlook,
) -> Option<Chosen> {
    let fallback;
    let action = if b.actions[aim.action].needs_target() {
        &b.actions[aim.action]
    } else {
        fallback = approach();
        &fallback
    };
    let shape = action_shape(world, me, action);
    let fight = world.fight();
    let side = fight.board.creatures[me].side;
    let here = fight.board.creatures[me].position;
    let dist = fight.map.range_within(here, aim.effective_range);
    let mover = &outlook.mover;
    let mut scored: Vec<((i64, u32), usize)> = Vec::new();
    for j in 0..fight.board.creatures.len() {
        let c = &fight.board.creatures[j];
        if (c.side == side) != aim.friendly || (!aim.friendly && !attackable(fight, j, shape)) {
            continue;
        }
        // A heal is for someone who has lost HP: at full health there is nothing to give.
        if aim.friendly && hp_lost(fight, j) == 0 {
            continue;
        }
        // An adjacent ally's heal is for another, never the monster itself.
        if j == me
            && matches!(
                action,
                Action::Heal {
                    target: HealTarget::Adjacent,
                    ..
                }
            )
        {
            continue;
        }
        let Some(d) = dist.get(c.position) else {
            continue;
        };
        if d > aim.effective_range {
            continue;
        }
        if let Some(p) = b.proximity
            && !aim.friendly
            && (if p.plus { d < p.n } else { d > p.n })
        {
            continue;
        }
        let positions = ranked_positions(world, &outlook.standing, j, action);
        let steps = if aim.moves_first {
            // The search runs only as far as the nearest of them: the others cost no less.
            let cells: Vec<Cell> = positions.iter().map(|(p, _)| *p).collect();
            mover.field.settle_nearest(&cells);
            path_closeness(cells, |p| mover.field.known_cost(p))
        } else {
            positions.iter().any(|(p, _)| *p == here).then_some(0)
        };
        let Some(steps) = steps else { continue };
        let priority = if aim.friendly {
            Priority::MostDamaged
        } else {
            priority
        };
        // Closest: the fewest steps to a cell it could act from, then (every enemy
        // already in range counting 0 steps) the enemy's own distance around walls.
        let key = if priority == Priority::Closest {
            (priority.key(fight, j, steps), d)
        } else {
            (priority.key(fight, j, d as u64), 0)
        };
        scored.push((key, j));
    }
    let candidates: Vec<String> = scored
        .iter()
        .map(|(_, j)| world.fight().board.creatures[*j].id.clone())
        .collect();
    let target = best_of(world, &scored, "which target to choose")?;
    let how = if aim.friendly {
        Priority::MostDamaged
    } else {
        priority
    };
    let reason = if candidates.len() == 1 {
        "the only candidate".to_string()
    } else {
        ["target priority: ", how.label()].concat()
    };
    Some(Chosen {
        target,
        reason,
        candidates,
    })
}

/// The fallback's closest enemy: fewest steps to a free cell next to it (after every
/// reachable enemy, by plain distance, when no path exists), then its own distance
/// counted around walls, then target priority, then the tie policy.
pub(crate) fn closest_enemy(
    world: &mut World,
    me: usize,
    priority: Priority,
    outlook: &Outlook,
) -> Option<Chosen> {
    let melee = approach();
    let fight = world.fight();
    let side = fight.board.creatures[me].side;
    let here = fight.board.creatures[me].position;
    let grid = fight.grid();
    let mover = &outlook.mover;
    let enemies: Vec<(usize, Vec<Cell>)> = (0..fight.board.creatures.len())
        .filter(|&j| fight.board.creatures[j].side != side)
        .map(|j| {
            let cells = ranked_positions(world, &outlook.standing, j, &melee);
            (j, cells.into_iter().map(|(c, _)| c).collect())
        })
        .collect();
    // Only the nearest enemies can be chosen: the field need not be searched farther.
    let all: Vec<Cell> = enemies
        .iter()
        .flat_map(|(_, p)| p.iter().copied())
        .collect();
    mover.field.settle_nearest(&all);
    let mut own = RangeSearch::new(&fight.map).proximity(here);
    let mut scored: Vec<((u64, u32), usize)> = Vec::new();
    for (j, positions) in &enemies {
        let at = fight.board.creatures[*j].position;
        let by_path = path_closeness(positions.iter().copied(), |p| mover.field.known_cost(p));
        // Unreachable enemies come after every reachable one, by plain distance (so do
        // enemies not yet reached when the nearest is settled).
        let steps = by_path.unwrap_or(1 << 62 | grid.distance(here, at) as u64);
        scored.push(((steps, own.get(at).unwrap_or(u32::MAX)), *j));
    }
    let nearest = fewest(&scored);
    if nearest.len() == 1 || priority == Priority::Closest {
        let target = best_of(world, &scored, "which closest enemy to move toward")?;
        return Some(Chosen {
            target,
            reason: "the closest enemy".into(),
            candidates: vec![world.fight().board.creatures[target].id.clone()],
        });
    }
    // Equally close: the target priority decides, then the tie policy.
    let ranked: Vec<(i64, usize)> = nearest
        .iter()
        .map(|&j| (priority.key(fight, j, 0), j))
        .collect();
    let decided = fewest(&ranked).len() < nearest.len();
    let candidates: Vec<String> = nearest
        .iter()
        .map(|&j| fight.board.creatures[j].id.clone())
        .collect();
    let target = best_of(world, &ranked, "which closest enemy to move toward")?;
    let (reason, candidates) = if decided {
        (
            format!(
                "equally close, tie broken by target priority: {}",
                priority.label()
            ),
            candidates,
        )
    } else {
        (
            "the closest enemy".into(),
            vec![world.fight().board.creatures[target].id.clone()],
        )
    };
    Some(Chosen {
        target,
        reason,
        candidates,
    })
}

/// The creatures with the smallest key, in board order.
fn fewest<K: Ord + Copy>(scored: &[(K, usize)]) -> Vec<usize> {
    let Some(best) = scored.iter().map(|(k, _)| *k).min() else {
        return Vec::new();
    };
    scored
        .iter()
        .filter(|(k, _)| *k == best)
        .map(|(_, j)| *j)
        .collect()
}

/// "Closest" as both the target priority and the fallback use it: the cheapest path to a
/// cell it could act from, fewer avoided cells first, then fewer movement points.
fn path_closeness(
    positions: impl IntoIterator<Item = Cell>,
    cost: impl Fn(Cell) -> Option<PathCost>,
) -> Option<u64> {
    positions
        .into_iter()
        .filter_map(cost)
        .map(|k| (k.avoided as u64) << 32 | k.steps as u64)
        .min()
}

/// The creature with the smallest key; several equal ones go to the tie policy.
fn best_of<K: Ord + Copy>(world: &mut World, scored: &[(K, usize)], what: &str) -> Option<usize> {
    let tied = fewest(scored);
    if tied.len() < 2 {
        return tied.first().copied();
    }
    let names: Vec<String> = tied
        .iter()
        .map(|&j| world.fight().board.creatures[j].id.clone())
        .collect();
    Some(tied[world.tie(what, &names)])
}

//! Where an action can be used from, and how good each such cell is: the cells a monster
//! would like to end its move in before attacking, healing or stealing, ranked so that
//! no disadvantage comes first, then more targets.

use crate::board::Fight;
use crate::board::action::{Action, Attack, HealTarget};
use crate::grid::{Cell, RangeField};
use crate::movement::Mover;
use crate::rules::attack::{area_options, attack_shape};
use crate::rules::targeting::{Shape, Standing, attack_positions, attackable, reaches};
use crate::rules::world::World;
use std::cmp::Reverse;
use std::sync::Arc;

/// What a monster sees of the board as its turn starts: its movement field and where
/// everyone stands. Good for as long as nothing on the board changes (checking its
/// behaviours and choosing a target change nothing).
pub(crate) struct Outlook {
    /// Movement costs from where it stands.
    pub mover: Mover,
    /// The cells taken and the enemies that threaten it.
    pub standing: Standing,
}

impl Outlook {
    /// Creature `me`'s outlook on the board as it is now.
    pub(crate) fn new(fight: &Fight, me: usize) -> Outlook {
        Outlook {
            mover: Mover::new(fight, me),
            standing: Standing::new(fight, me),
        }
    }
}

/// Rank of a cell to act from: disadvantage first (false is better), then more targets.
pub(crate) type Rank = (bool, Reverse<usize>);

/// Stand-in action for "get next to it" (a lone Move, the fallback): any melee-reach
/// action ranks cells the same way.
pub(crate) fn approach() -> Action {
    Action::Steal(crate::chance::dice::Dice {
        count: 0,
        sides: 0,
        modifier: 0,
    })
}

/// The shape of a targeting action (range, melee, friendly).
pub(crate) fn action_shape(world: &World, me: usize, action: &Action) -> Shape {
    let stats = &world.fight().stats[me];
    match action {
        Action::Attack(a) => attack_shape(stats.range, a),
        Action::Heal {
            target: HealTarget::Ranged,
            range,
            ..
        } => Shape {
            range: range.unwrap_or(stats.range),
            melee: false,
            friendly: true,
        },
        Action::Heal {
            target: HealTarget::Adjacent,
            ..
        } => Shape {
            range: 1,
            melee: true,
            friendly: true,
        },
        Action::Heal { .. } => Shape {
            range: 0,
            melee: false,
            friendly: true,
        },
        // An effect without an attack reaches as the type's attacks do: its Range, in
        // sight, or next to it when its Range is 1.
        Action::Effect(_) => Shape {
            range: stats.range.max(1),
            melee: stats.range <= 1,
            friendly: false,
        },
        _ => Shape {
            range: 1,
            melee: true,
            friendly: false,
        },
    }
}

/// Every cell the deciding creature could use `action` on `target` from, with its rank.
pub(crate) fn ranked_positions(
    world: &World,
    standing: &Standing,
    target: usize,
    action: &Action,
) -> Vec<(Cell, Rank)> {
    let fight = world.fight();
    let me = standing.me();
    let shape = action_shape(world, me, action);
    let tcell = fight.board.creatures[target].position;
    match action {
        Action::Attack(a) if a.area.is_some() => area_positions(world, standing, tcell, a, shape),
        Action::Attack(a) => {
            let others = if a.targets > 1 {
                secondary_reach(world, me, target, shape)
            } else {
                Vec::new()
            };
            attack_positions(fight, standing, tcell, shape)
                .into_iter()
                .map(|p| {
                    let dis = !shape.melee && standing.close_quarters(fight, p);
                    let extra = others
                        .iter()
                        .filter(|(c, d)| reaches(fight, d, p, *c, shape))
                        .count()
                        .min(a.targets as usize - 1);
                    (p, (dis, Reverse(extra + 1)))
                })
                .collect()
        }
        _ => attack_positions(fight, standing, tcell, shape)
            .into_iter()
            .map(|p| (p, (false, Reverse(1))))
            .collect(),
    }
}

/// Other enemies a multi-target attack could add: their cells and range distances.
fn secondary_reach(
    world: &World,
    me: usize,
    primary: usize,
    shape: Shape,
) -> Vec<(Cell, Arc<RangeField>)> {
    let fight = world.fight();
    let side = fight.board.creatures[me].side;
    (0..fight.board.creatures.len())
        .filter(|&j| {
            j != primary && fight.board.creatures[j].side != side && attackable(fight, j, shape)
        })
        .map(|j| {
            let c = fight.board.creatures[j].position;
            (c, fight.map.range_within(c, shape.range))
        })
        .collect()
}

/// Cells from which an area covering the target can be placed, ranked by the most
/// enemies the best such area catches.
fn area_positions(
    world: &World,
    standing: &Standing,
    target: Cell,
    attack: &Attack,
    shape: Shape,
) -> Vec<(Cell, Rank)> {
    let fight = world.fight();
    let radius = attack.area.unwrap_or(1);
    // The primary target must be within range, so the monster acts from a cell that
    // reaches it; every area holding the target can then be laid from there, and the
    // best of them counts (its other enemies may lie beyond the range).
    let most = area_options(world, standing.me(), target, radius)
        .iter()
        .map(|a| a.enemies)
        .max()
        .unwrap_or(0);
    attack_positions(fight, standing, target, shape)
        .into_iter()
        .map(|p| (p, (false, Reverse(most))))
        .collect()
}

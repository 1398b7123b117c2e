//! Resolving an attack from where the attacker stands: choosing the targets (Target X,
//! area placement), striking each ([`super::world::strike`]) and letting it retaliate.

use super::events::Event;
use super::retaliate::retaliate;
use super::targeting::{Priority, Shape, attackable, reaches, sees};
use super::world::World;
use super::world::effects::apply_rider;
pub use super::world::strike::attack_shape;
use super::world::strike::{deal_damage, strike};
use crate::board::StatusKind;
use crate::board::action::{Attack, Effect};
use crate::grid::Cell;

/// Makes `attack` by `me` against `primary` (and any secondary targets) from where `me`
/// stands now.
pub fn perform_attack(
    world: &mut World,
    me: &str,
    attack: &Attack,
    primary: &str,
    priority: Priority,
) {
    let Some(i) = world.idx(me) else { return };
    let what = if attack.area.is_some() {
        "area attack"
    } else {
        "attack"
    };
    for (status, why) in [
        (StatusKind::Stunned, "it is stunned"),
        (StatusKind::Disarmed, "it is disarmed"),
    ] {
        if world.fight().has_status(i, status) {
            world.emit(Event::ActionSkipped {
                creature: me.to_string(),
                action: what.into(),
                reason: why.into(),
            });
            return;
        }
    }
    let shape = attack_shape(world.fight().stats[i].range, attack);
    if let Some(radius) = attack.area {
        area_attack(world, me, attack, primary, shape, radius);
        return;
    }
    let targets = choose_targets(world, me, attack, primary, shape, priority);
    if targets.is_empty() {
        world.emit(Event::ActionSkipped {
            creature: me.to_string(),
            action: what.into(),
            reason: format!("{} is out of reach", world.name(primary)),
        });
        return;
    }
    for t in targets {
        strike(world, me, &t, attack, shape);
        retaliate(world, &t, me);
    }
}

/// The primary target (if reachable now) and up to `targets - 1` more enemies in reach,
/// best by `priority`, then board order.
fn choose_targets(
    world: &World,
    me: &str,
    attack: &Attack,
    primary: &str,
    shape: Shape,
    priority: Priority,
) -> Vec<String> {
    let fight = world.fight();
    let (Some(i), Some(p)) = (fight.index_of(me), fight.index_of(primary)) else {
        return Vec::new();
    };
    let from = fight.board.creatures[i].position;
    // Range and sight are symmetric: one search from the attacker answers for everyone.
    let dist = fight.map.range_within(from, shape.range);
    let ok = |j: usize| {
        let to = fight.board.creatures[j].position;
        attackable(fight, j, shape) && reaches(fight, &dist, to, from, shape)
    };
    if !ok(p) {
        return Vec::new();
    }
    let mut chosen = vec![primary.to_string()];
    if attack.targets > 1 {
        let side = fight.board.creatures[i].side;
        // Closest among the others: their distance counted around walls (all are in range).
        let mut others: Vec<(i64, usize)> = (0..fight.board.creatures.len())
            .filter(|&j| j != p && fight.board.creatures[j].side != side && ok(j))
            .map(|j| {
                let d = dist
                    .get(fight.board.creatures[j].position)
                    .unwrap_or(u32::MAX);
                (priority.key(fight, j, d as u64), j)
            })
            .collect();
        others.sort();
        chosen.extend(
            others
                .into_iter()
                .take(attack.targets as usize - 1)
                .map(|(_, j)| fight.board.creatures[j].id.clone()),
        );
    }
    chosen
}

/// Candidate areas covering `target`: centre cell, the area's cells, and the enemies and
/// allies of `me` inside.
pub struct AreaOption {
    /// The cell the area is centred on.
    pub centre: Cell,
    /// Every cell the area covers.
    pub cells: Vec<Cell>,
    /// How many enemies of the attacker it covers.
    pub enemies: usize,
    /// How many of the attacker's allies it covers.
    pub allies: usize,
}

/// Every placement of an area of `radius` that covers `target`, with whom each would hit.
pub fn area_options(world: &World, me: usize, target: Cell, radius: u32) -> Vec<AreaOption> {
    let fight = world.fight();
    let grid = fight.grid();
    let side = fight.board.creatures[me].side;
    grid.within(target, radius)
        .into_iter()
        .map(|centre| {
            let cells: Vec<Cell> = grid
                .within(centre, radius)
                .into_iter()
                .filter(|c| !fight.map.terrain(*c).blocks_sight())
                .collect();
            let inside = |s: bool| {
                fight
                    .board
                    .creatures
                    .iter()
                    .enumerate()
                    .filter(|(j, c)| {
                        *j != me && cells.contains(&c.position) && (c.side == side) == s
                    })
                    .count()
            };
            AreaOption {
                centre,
                enemies: inside(false),
                allies: inside(true),
                cells,
            }
        })
        .filter(|a| a.cells.contains(&target))
        .collect()
}

/// Can an area be thrown at `target` from `from`? Its primary target must itself be
/// within range and sight; the rest of the area may lie beyond.
fn target_in_range(world: &World, from: Cell, target: Cell, shape: Shape) -> bool {
    let dist = world.fight().map.range_within(from, shape.range);
    matches!(dist.get(target), Some(d) if d <= shape.range)
        && (target == from || sees(world.fight(), from, target))
}

fn area_attack(
    world: &mut World,
    me: &str,
    attack: &Attack,
    primary: &str,
    shape: Shape,
    radius: u32,
) {
    let (Some(i), Some(p)) = (world.idx(me), world.idx(primary)) else {
        return;
    };
    let from = world.fight().board.creatures[i].position;
    let target = world.fight().board.creatures[p].position;
    let mut options: Vec<AreaOption> = if target_in_range(world, from, target, shape) {
        area_options(world, i, target, radius)
    } else {
        Vec::new()
    };
    if options.is_empty() {
        world.emit(Event::ActionSkipped {
            creature: me.to_string(),
            action: "area attack".into(),
            reason: format!(
                "no area covering {} can be placed from here",
                world.name(primary)
            ),
        });
        return;
    }
    let best = options
        .iter()
        .map(|a| (std::cmp::Reverse(a.enemies), a.allies))
        .min()
        .expect("options is not empty");
    options.retain(|a| (std::cmp::Reverse(a.enemies), a.allies) == best);
    options.sort_by_key(|a| a.centre);
    let names: Vec<String> = options
        .iter()
        .map(|a| format!("centred on {}", a.centre))
        .collect();
    let pick = world.tie("where to centre the area", &names);
    let area = options.swap_remove(pick);
    let caught: Vec<String> = world
        .fight()
        .board
        .creatures
        .iter()
        .filter(|c| area.cells.contains(&c.position) && c.id != me)
        .map(|c| c.id.clone())
        .collect();
    let cell_names: Vec<String> = area.cells.iter().map(|c| c.name()).collect();
    for t in &caught {
        world.emit(Event::AreaHit {
            attacker: me.to_string(),
            target: t.clone(),
            cells: cell_names.clone(),
        });
        if attack.damage.is_some() {
            let halved = attack
                .damage_save
                .is_some_and(|(ability, dc)| world.saving_throw(t, ability, dc, "damage"));
            deal_damage(world, me, t, attack, false, halved);
        }
        for rider in attack.riders.iter().filter(|r| r.effect != Effect::SetFire) {
            apply_rider(world, me, t, rider);
        }
        retaliate(world, t, me);
    }
    if attack.riders.iter().any(|r| r.effect == Effect::SetFire) {
        world.set_fire(&area.cells);
    }
    if caught.is_empty() {
        world.emit(Event::AreaHit {
            attacker: me.to_string(),
            target: String::new(),
            cells: cell_names,
        });
    }
}

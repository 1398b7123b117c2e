//! Resolving an attack from where the attacker stands: choosing the targets (Target X,
//! area placement), rolling to hit against defence with advantage and disadvantage,
//! rolling damage with its modifiers, and applying the attack's effects.

use super::effects::apply_rider;
use super::events::Event;
use super::retaliate::retaliate;
use super::targeting::{Priority, Shape, attack_edge, attackable, reaches, sees};
use super::world::{Harm, World, edge_label};
use crate::board::action::{Attack, Effect, Reach};
use crate::board::{StatusKind, Trait};
use crate::chance::dice::Edge;
use crate::grid::Cell;

/// The range an attack reaches: its own, or the monster's Range stat (1 for melee).
pub fn attack_shape(world_range: u32, attack: &Attack) -> Shape {
    let melee = attack.reach == Reach::Melee;
    let range = attack.range.unwrap_or(if melee { 1 } else { world_range });
    Shape {
        range,
        melee,
        friendly: false,
    }
}

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
        if world.fight.has_status(i, status) {
            world.emit(Event::ActionSkipped {
                creature: me.to_string(),
                action: what.into(),
                reason: why.into(),
            });
            return;
        }
    }
    let shape = attack_shape(world.fight.stats[i].range, attack);
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
    let fight = &*world.fight;
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

/// An attack roll as it is rolled and told: who attacks whom and how.
pub(crate) struct AttackRoll<'a> {
    pub attacker: &'a str,
    pub target: &'a str,
    pub magic: bool,
    pub melee: bool,
    pub bonus: i32,
    pub edge: Edge,
    pub reasons: Vec<String>,
}

/// Rolls d20 + bonus against the target's defence and records the `attack` event: a
/// natural 20 always hits and is critical, a natural 1 always misses. Returns whether
/// it hit and whether it was critical.
pub(crate) fn roll_to_hit(world: &mut World, t: usize, roll: AttackRoll) -> (bool, bool) {
    let defence = world.fight.stats[t].defence;
    let d20 = world.d20(roll.edge);
    let total = d20.kept as i32 + roll.bonus;
    let critical = d20.kept == 20;
    let hit = critical || (d20.kept != 1 && total >= defence);
    let kind = format!(
        "{}{}",
        if roll.magic { "magic " } else { "" },
        if roll.melee { "melee" } else { "ranged" }
    );
    world.emit(Event::Attack {
        attacker: roll.attacker.to_string(),
        target: roll.target.to_string(),
        kind,
        faces: d20.faces,
        edge: edge_label(roll.edge),
        edge_reasons: roll.reasons,
        kept: d20.kept,
        bonus: roll.bonus,
        total,
        defence,
        hit,
        critical,
    });
    (hit, critical)
}

/// Aim for the Head: a critical hit kills the target outright. Returns true when it did.
pub(crate) fn falls_to_a_critical(world: &mut World, target: &str, critical: bool) -> bool {
    let falls = critical
        && world
            .idx(target)
            .is_some_and(|t| world.fight.has_trait(t, &Trait::AimForTheHead));
    if falls {
        world.trait_note(
            target,
            "aim for the head",
            "falls at once to the critical hit",
        );
        world.die(target);
    }
    falls
}

/// One attack roll against one target, then damage and effects on a hit.
pub(crate) fn strike(world: &mut World, me: &str, target: &str, attack: &Attack, shape: Shape) {
    let (Some(i), Some(t)) = (world.idx(me), world.idx(target)) else {
        return;
    };
    let from = world.fight.board.creatures[i].position;
    let (edge, reasons) = attack_edge(world.fight, i, from, t, shape.melee, attack.magic);
    let roll = AttackRoll {
        attacker: me,
        target,
        magic: attack.magic,
        melee: shape.melee,
        bonus: attack.bonus,
        edge,
        reasons,
    };
    let (hit, critical) = roll_to_hit(world, t, roll);
    if !hit {
        frenzy(world, me);
        return;
    }
    if falls_to_a_critical(world, target, critical) {
        return;
    }
    deal_damage(world, me, target, attack, critical, false);
    for rider in &attack.riders {
        if rider.effect == Effect::SetFire {
            if let Some(j) = world.idx(target) {
                let cell = world.fight.board.creatures[j].position;
                world.set_fire(&[cell]);
            }
            continue;
        }
        apply_rider(world, me, target, rider);
    }
}

/// Frenzy X: a miss makes the attacker lash out at every adjacent creature.
pub(crate) fn frenzy(world: &mut World, me: &str) {
    let Some(i) = world.idx(me) else { return };
    let Some(x) = world.fight.stats[i].traits.iter().find_map(|t| {
        if let Trait::Frenzy(x) = t {
            Some(*x)
        } else {
            None
        }
    }) else {
        return;
    };
    let here = world.fight.board.creatures[i].position;
    world.trait_note(
        me,
        &format!("frenzy {x}"),
        &format!("misses and lashes out for {x} damage at everything next to it"),
    );
    world.burst(here, x as i32, me, "frenzy");
}

/// Rolls and deals the attack's damage: critical hits roll the dice twice; the Hag-style
/// aura of allies adds, withering subtracts, a printed minimum applies, and a successful
/// save against an area's damage halves what is left.
fn deal_damage(
    world: &mut World,
    me: &str,
    target: &str,
    attack: &Attack,
    critical: bool,
    halved: bool,
) {
    let Some(dice) = attack.damage else { return };
    let Some(i) = world.idx(me) else { return };
    let mut d = dice;
    if critical {
        d.count *= 2;
    }
    let roll = world.roll(&d);
    let mut modifiers = Vec::new();
    if critical {
        modifiers.push("critical hit: dice doubled".to_string());
    }
    let amount = roll.total + damage_bonus(world, i, &mut modifiers);
    let mut amount = amount;
    if let Some(min) = attack.min_damage
        && amount < min
    {
        amount = min;
        modifiers.push(format!("raised to the minimum of {min}"));
    }
    if halved {
        amount /= 2;
        modifiers.push("halved by the save".to_string());
    }
    let kind = if attack.magic { Some("magic") } else { None };
    let harm = Harm {
        modifiers,
        from_attack: true,
        ..Harm::dealt_by(me, "attack").rolled(&roll).of_kind(kind)
    };
    world.damage(target, amount, harm);
}

/// What the attacker's side adds to its attack damage (allies' `aura damage +N`) and what
/// its withering takes away, each change noted in `modifiers`.
pub(crate) fn damage_bonus(world: &World, attacker: usize, modifiers: &mut Vec<String>) -> i32 {
    let mut bonus = 0;
    let side = world.fight.board.creatures[attacker].side;
    for (j, c) in world.fight.board.creatures.iter().enumerate() {
        if j == attacker || c.side != side {
            continue;
        }
        for t in &world.fight.stats[j].traits {
            if let Trait::DamageAura(n) = t {
                bonus += n;
                modifiers.push(format!("{n:+} from {}'s aura", c.display_name()));
            }
        }
    }
    let wither = world.fight.status_amount(attacker, StatusKind::Withered) as i32;
    if wither > 0 {
        bonus -= wither;
        modifiers.push(format!("-{wither} withered"));
    }
    bonus
}

/// Candidate areas covering `target`: centre cell, the area's cells, and the enemies and
/// allies of `me` inside.
pub struct AreaOption {
    pub centre: Cell,
    pub cells: Vec<Cell>,
    pub enemies: usize,
    pub allies: usize,
}

pub fn area_options(world: &World, me: usize, target: Cell, radius: u32) -> Vec<AreaOption> {
    let fight = &*world.fight;
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
    let dist = world.fight.map.range_within(from, shape.range);
    matches!(dist.get(target), Some(d) if d <= shape.range)
        && (target == from || sees(world.fight, from, target))
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
    let from = world.fight.board.creatures[i].position;
    let target = world.fight.board.creatures[p].position;
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
        .fight
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

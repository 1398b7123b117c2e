//! One blow of an attack against one target: rolling to hit against defence with
//! advantage and disadvantage, rolling damage with its modifiers, and applying the
//! attack's effects. Attacks, retaliations and the players' hits all strike this way.

use super::World;
use super::chance::edge_label;
use super::effects::apply_rider;
use super::harm::Harm;
use crate::board::action::{Attack, Effect, Reach};
use crate::board::{StatusKind, Trait};
use crate::chance::dice::Edge;
use crate::rules::events::Event;
use crate::rules::targeting::{Shape, attack_edge};

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
    let who = if roll.attacker.is_empty() {
        "an attack".to_string()
    } else {
        format!("{} attacks", world.name_of(roll.attacker))
    };
    let what = format!("{who} {}: d20{:+}", world.name_of(roll.target), roll.bonus);
    let d20 = world.d20(roll.edge, &what);
    let total = d20.kept as i32 + roll.bonus;
    let critical = d20.kept == 20;
    let hit = critical || (d20.kept != 1 && total >= defence);
    let kind = match (roll.magic, roll.melee) {
        (true, true) => "magic melee",
        (true, false) => "magic ranged",
        (false, true) => "melee",
        (false, false) => "ranged",
    };
    world.emit(Event::Attack {
        attacker: roll.attacker.to_string(),
        target: roll.target.to_string(),
        kind: kind.to_string(),
        faces: d20.faces,
        edge: edge_label(roll.edge),
        edge_reasons: roll.reasons,
        kept: d20.kept,
        bonus: roll.bonus,
        total,
        defence,
        hit,
        critical,
        entered: d20.entered,
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
pub(crate) fn deal_damage(
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
    let what = format!(
        "{}'s damage to {}",
        world.name_of(me),
        world.name_of(target)
    );
    let roll = world.roll(&d, &what);
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

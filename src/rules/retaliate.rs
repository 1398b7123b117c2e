//! Retaliate: a creature with the trait that is attacked strikes back at its attacker with
//! a bonus attack (its weakest attack, no effects), once per round. With Range 1 it only
//! answers an adjacent attacker; with a longer Range only one that is not adjacent, and
//! only within the attack's range and sight.

use super::attack::{attack_shape, strike};
use super::targeting::{attackable, reaches};
use super::world::{Harm, World};
use crate::board::{StatusKind, Trait};

/// The Gloomhaven kind (the `retaliating` status of ability-deck monsters): an adjacent
/// attacker of the other side takes the amount as damage, on every attack. Returns true
/// when it applied.
fn retaliating(world: &mut World, d: usize, a: usize, defender: &str, attacker: &str) -> bool {
    let fight = &*world.fight;
    let amount = fight.status_amount(d, StatusKind::Retaliating) as i32;
    let (me, them) = (&fight.board.creatures[d], &fight.board.creatures[a]);
    let (from, to) = (me.position, them.position);
    let adjacent = fight.grid().adjacent(from, to) && !fight.map.thin_wall_between(from, to);
    if amount <= 0 || me.side == them.side || !adjacent {
        return false;
    }
    let detail = format!("{} takes {amount}", world.name(attacker));
    world.trait_note(defender, "retaliate", &detail);
    let source = format!("{}'s retaliate", world.name(defender));
    world.damage(attacker, amount, Harm::new(source));
    true
}

/// `defender` has just been attacked by `attacker` (hit or missed): it retaliates if its
/// trait, this round's use, its state and the distance allow. A retaliation is not itself
/// answered.
pub fn retaliate(world: &mut World, defender: &str, attacker: &str) {
    let (Some(d), Some(a)) = (world.idx(defender), world.idx(attacker)) else {
        return;
    };
    if retaliating(world, d, a, defender, attacker) {
        return;
    }
    let fight = &*world.fight;
    let me = &fight.board.creatures[d];
    let them = &fight.board.creatures[a];
    let has_trait = fight.stats[d]
        .traits
        .iter()
        .any(|t| matches!(t, Trait::Retaliate(_)));
    let round = fight.board.round;
    if !has_trait || me.side == them.side || me.retaliated == Some(round) {
        return;
    }
    if fight.has_status(d, StatusKind::Stunned) || fight.has_status(d, StatusKind::Disarmed) {
        return;
    }
    let Some(attack) = fight.stats[d].retaliation.clone() else {
        return;
    };
    let (from, to) = (me.position, them.position);
    let adjacent = fight.grid().adjacent(from, to) && !fight.map.thin_wall_between(from, to);
    let range = fight.stats[d].range;
    if (range <= 1) != adjacent {
        return;
    }
    let shape = attack_shape(range, &attack);
    let dist = fight.map.range_within(to, shape.range);
    if !attackable(fight, a, shape) || !reaches(fight, &dist, from, to, shape) {
        return;
    }
    world.fight.board.creatures[d].retaliated = Some(round);
    let detail = format!("strikes back at {}", world.name(attacker));
    world.trait_note(defender, "retaliate", &detail);
    strike(world, defender, attacker, &attack, shape);
}

//! A blow the players deal between monster turns (`monster-ai hit`): either damage that
//! simply lands (the player rolled already) or an attack rolled here, d20 + bonus against
//! the target's defence with the same advantage and disadvantage as a monster's attack.
//! The traits that react to attacks apply: Aim for the Head, Frenzy, Retaliate, and
//! through [`World::damage`] shields (less the blow's pierce), immunities, death,
//! Explode, Resurrect and Test Morale.

use super::retaliate::retaliate;
use super::targeting::attack_edge;
use super::world::strike::{AttackRoll, damage_bonus, falls_to_a_critical, frenzy, roll_to_hit};
use super::world::{Harm, World};
use crate::board::{Fight, Trait};
use crate::chance::dice::{Dice, Edge};
use crate::grid::Cell;
use crate::grid::path::{Passage, move_field};

/// What the player says about the blow.
#[derive(Clone, Debug)]
pub struct Blow<'a> {
    /// The id of the creature hit.
    pub target: &'a str,
    /// The attacker, when named (`--by`).
    pub by: Option<&'a str>,
    /// The damage dealt on a hit.
    pub damage: Dice,
    /// `--roll +N`: roll d20 + N to hit.
    pub bonus: Option<i32>,
    /// A magic attack (Ethereal gives advantage; `immunity magic` applies).
    pub magic: bool,
    /// Declared critical (`--crit`): dice doubled, Aim for the Head kills.
    pub crit: bool,
    /// Damage type for Immunity (`fire`, ...).
    pub kind: Option<&'a str>,
    /// A ranged attack (disadvantage with an active enemy next to the attacker).
    pub ranged: bool,
    /// How much of the target's shield the blow ignores (`--pierce N`).
    pub pierce: u32,
}

/// Resolves `blow`.
pub fn deal_blow(world: &mut World, blow: &Blow) {
    let Some(t) = world.idx(blow.target) else {
        return;
    };
    let attacker = blow.by.and_then(|id| world.idx(id));
    let mut critical = blow.crit;
    if let Some(bonus) = blow.bonus {
        let (edge, reasons) = match attacker {
            Some(i) => {
                let from = world.fight().board.creatures[i].position;
                attack_edge(world.fight(), i, from, t, !blow.ranged, blow.magic)
            }
            None => target_edge(world, t, blow.magic),
        };
        let roll = AttackRoll {
            attacker: blow.by.unwrap_or_default(),
            target: blow.target,
            magic: blow.magic,
            melee: !blow.ranged,
            bonus,
            edge,
            reasons,
        };
        let hit;
        (hit, critical) = roll_to_hit(world, t, roll);
        if !hit {
            if let Some(by) = blow.by {
                frenzy(world, by);
                retaliate(world, blow.target, by);
            }
            return;
        }
    }
    if falls_to_a_critical(world, blow.target, critical) {
        return;
    }
    let mut dice = blow.damage;
    let mut modifiers = Vec::new();
    if critical && dice.count > 0 {
        dice.count *= 2;
        modifiers.push("critical hit: dice doubled".to_string());
    }
    let what = match blow.by {
        Some(by) => format!(
            "{}'s damage to {}",
            world.name_of(by),
            world.name_of(blow.target)
        ),
        None => format!("the damage to {}", world.name_of(blow.target)),
    };
    let roll = world.roll(&dice, &what);
    let mut amount = roll.total;
    if let Some(i) = blow.by.and_then(|id| world.idx(id)) {
        amount += damage_bonus(world, i, &mut modifiers);
    }
    let kind = blow.kind.or(if blow.magic { Some("magic") } else { None });
    let harm = match blow.by {
        Some(by) => Harm::dealt_by(by, "attack"),
        None => Harm::new("the players' attack"),
    };
    let mut harm = harm.of_kind(kind);
    if dice.count > 0 {
        harm = harm.rolled(&roll);
    }
    harm.modifiers = modifiers;
    harm.from_attack = true;
    harm.pierce = blow.pierce;
    world.damage(blow.target, amount, harm);
    if let Some(by) = blow.by {
        retaliate(world, blow.target, by);
    }
}

/// Advantage and disadvantage when no attacker is named: only the target's traits count.
fn target_edge(world: &World, t: usize, magic: bool) -> (Edge, Vec<String>) {
    let evasive = world.fight().has_trait(t, &Trait::Evasive);
    let ethereal = magic && world.fight().has_trait(t, &Trait::Ethereal);
    let mut reasons = Vec::new();
    if evasive {
        reasons.push("the target is evasive".to_string());
    }
    if ethereal {
        reasons.push("magic against an ethereal target".to_string());
    }
    (Edge::combine(ethereal, evasive), reasons)
}

/// The path a creature walks to `dest` when a player moves it: the fewest movement points,
/// through its allies but not its enemies, over difficult terrain at its cost, around
/// walls and obstacles (its traits apply: Flying, Floating, Intangible). `None` when no
/// path leads there. The start is not part of the path.
pub fn walk_path(fight: &Fight, me: usize, dest: Cell) -> Option<Vec<Cell>> {
    let grid = fight.grid();
    let side = fight.board.creatures[me].side;
    let blocked = fight.covered_by(|j| fight.board.creatures[j].side != side);
    let avoided = vec![false; grid.len()];
    let flying = fight.has_trait(me, &Trait::Flying);
    let passage = Passage {
        map: &fight.map,
        blocked: &blocked,
        avoided: &avoided,
        flying,
        floating: flying || fight.has_trait(me, &Trait::Floating),
        intangible: fight.has_trait(me, &Trait::Intangible),
        slides: None,
    };
    let field = move_field(&passage, fight.board.creatures[me].position);
    field.cost(dest)?;
    Some(field.path(dest))
}

//! Carrying out a chosen behaviour's actions in order: moving with the right goal for
//! the action that follows, attacking, healing, effects, stealing, retreating, summoning
//! and setting traps.

use super::compile::{Behaviour, MonsterType};
use crate::aim::{Outlook, action_shape, approach, ranked_positions};
use crate::board::StatusKind;
use crate::board::action::targeting_actions;
use crate::board::action::{Action, HealTarget, Rider};
use crate::movement::{budget, plan};
use crate::rules::attack::perform_attack;
use crate::rules::events::Event;
use crate::rules::targeting::{
    enemies_adjacent, free_cells_toward_enemies, positions_if_free, reaches,
};
use crate::rules::world::effects::apply_rider;
use crate::rules::world::{MoveCause, World};
use std::borrow::Cow;

/// What the turn card adds to every attack this turn, and how to tell it (at the first
/// attack).
#[derive(Clone, Debug, Default)]
pub(crate) struct AttackBonus {
    /// The effects added to each attack.
    pub riders: Vec<Rider>,
    /// The bonuses in words, told at the first attack.
    pub notes: Vec<String>,
}

/// Runs `b` for monster `me` with its chosen target (if any). `bonus` riders come from
/// the turn card and are added to every attack.
pub(crate) fn perform(
    world: &mut World,
    mt: &MonsterType,
    me: &str,
    b: &Behaviour,
    target: Option<&str>,
    bonus: &AttackBonus,
    mut outlook: Option<Outlook>,
) {
    let mut told = false;
    let mut targets: Vec<String> = target.map(|t| vec![t.to_string()]).unwrap_or_default();
    let Some(i) = world.idx(me) else { return };
    let mut last_cell = world.fight().board.creatures[i].position;
    let side = world.fight().board.creatures[i].side;
    for (k, action) in b.actions.iter().enumerate() {
        if world.failed() {
            return;
        }
        if let Some(i) = world.idx(me) {
            last_cell = world.fight().board.creatures[i].position;
        } else if !matches!(action, Action::Summon { .. }) {
            return;
        }
        match action {
            Action::Move { bonus } => {
                let next = targeting_actions(&b.actions)
                    .find(|&t| t > k)
                    .map(|t| &b.actions[t]);
                // The outlook from target choice is only current if nothing happened before
                // this move (a push or a death earlier in the behaviour changes the board).
                let fresh = if k == 0 { outlook.take() } else { None };
                walk(world, me, target, next, *bonus, 1, fresh);
            }
            Action::Attack(a) => {
                let Some(t) = target else {
                    skipped(world, me, "attack", "it has no target");
                    continue;
                };
                let a = if bonus.riders.is_empty() {
                    Cow::Borrowed(a)
                } else {
                    let mut a = a.clone();
                    a.riders.extend(bonus.riders.iter().cloned());
                    Cow::Owned(a)
                };
                if !told {
                    told = true;
                    for note in &bonus.notes {
                        world.trait_note(me, "turn card bonus", note);
                    }
                }
                perform_attack(world, me, &a, t, mt.priority);
            }
            Action::Heal {
                target: HealTarget::SelfOnly,
                amount,
                ..
            } => {
                let what = format!("{} heals itself", world.name_of(me));
                let r = world.roll(amount, &what);
                world.heal(me, r.total, Some((&r).into()));
            }
            Action::Heal { amount, .. } => heal_ally(world, me, target, action, amount),
            Action::TargetAdjacentEnemies => {
                let Some(i) = world.idx(me) else { return };
                let f = world.fight();
                targets = enemies_adjacent(f, side, f.board.creatures[i].position)
                    .into_iter()
                    .map(|j| f.board.creatures[j].id.clone())
                    .collect();
            }
            Action::Effect(rider) => effect(world, me, &targets, rider),
            Action::Steal(dice) => {
                let Some(t) = target.filter(|t| world.alive(t)) else {
                    skipped(world, me, "steal", "it has no target");
                    continue;
                };
                if adjacent(world, me, t) {
                    world.steal(t, me, dice);
                } else {
                    let why = format!("{} is not adjacent", world.name(t));
                    skipped(world, me, "steal", &why);
                }
            }
            Action::Retreat => world.retreat(me),
            Action::RetreatNextTurn => world.add_status(me, StatusKind::Retreating, None),
            Action::Summon { count, types } => {
                world.schedule_arrival(me, last_cell, side, count, types.clone())
            }
            Action::Trap { damage, statuses } => set_trap(world, me, *damage, statuses.clone()),
        }
    }
}

fn skipped(world: &mut World, me: &str, action: &str, reason: &str) {
    world.emit(Event::ActionSkipped {
        creature: me.to_string(),
        action: action.to_string(),
        reason: reason.to_string(),
    });
}

fn adjacent(world: &World, a: &str, b: &str) -> bool {
    let (Some(i), Some(j)) = (world.idx(a), world.idx(b)) else {
        return false;
    };
    let f = world.fight();
    let (p, q) = (f.board.creatures[i].position, f.board.creatures[j].position);
    f.grid().adjacent(p, q) && !f.map.thin_wall_between(p, q)
}

/// Moves `me` toward where `next` (the targeting action after the move) can be used on
/// `target`; with no such action, as close as possible to the target. `multiplier` is 2
/// for the fallback's two moves.
pub(crate) fn walk(
    world: &mut World,
    me: &str,
    target: Option<&str>,
    next: Option<&Action>,
    bonus: i32,
    multiplier: u32,
    outlook: Option<Outlook>,
) {
    let Some(i) = world.idx(me) else { return };
    let Some(t) = target.and_then(|t| world.idx(t)) else {
        skipped(world, me, "move", "it has nothing to move toward");
        return;
    };
    let steps = budget(world.fight(), i, bonus, multiplier);
    if steps == 0 {
        let fight = world.fight();
        let why = if fight.has_status(i, StatusKind::Stunned) {
            "it is stunned".to_string()
        } else if fight.has_status(i, StatusKind::Immobilized) {
            "it is immobilized".to_string()
        } else if bonus == 0 {
            "it has no movement (Speed 0)".to_string()
        } else {
            format!(
                "it has no movement (Speed {}, move {bonus:+})",
                fight.stats[i].speed
            )
        };
        world.emit(Event::Stay {
            creature: me.to_string(),
            reason: why,
        });
        return;
    }
    let approach = approach();
    let action = next.unwrap_or(&approach);
    // An outlook taken this turn is still good if the monster has not moved since.
    let here = world.fight().board.creatures[i].position;
    let Outlook { mover, standing } = outlook
        .filter(|o| o.mover.start == here)
        .unwrap_or_else(|| Outlook::new(world.fight(), i));
    let wanted = ranked_positions(world, &standing, t, action);
    let fight = world.fight();
    let tcell = fight.board.creatures[t].position;
    let if_free = || positions_if_free(fight, tcell, action_shape(world, i, action));
    let p = plan(fight, &mover, steps, &wanted, if_free, world.goal_fields());
    if let Some(reason) = &p.stay_reason {
        world.emit(Event::Stay {
            creature: me.to_string(),
            reason: reason.clone(),
        });
        return;
    }
    let dest = if p.ties.len() > 1 {
        let names: Vec<String> = p.ties.iter().map(|c| c.name()).collect();
        let what = format!("where {} moves", world.name(me));
        p.ties[world.tie(&what, &names)]
    } else {
        p.dest
    };
    if dest == mover.start {
        world.emit(Event::Stay {
            creature: me.to_string(),
            reason: "it is already where it needs to be".into(),
        });
        return;
    }
    let path = mover.field.path(dest);
    world.move_along(me, &path, MoveCause::Walk);
}

fn heal_ally(
    world: &mut World,
    me: &str,
    target: Option<&str>,
    action: &Action,
    amount: &crate::chance::dice::Dice,
) {
    let (Some(i), Some(t)) = (world.idx(me), target.and_then(|t| world.idx(t))) else {
        skipped(world, me, "heal", "it has no one to heal");
        return;
    };
    let shape = action_shape(world, i, action);
    let f = world.fight();
    let (from, to) = (f.board.creatures[i].position, f.board.creatures[t].position);
    let dist = f.map.range_within(to, shape.range);
    if !reaches(f, &dist, from, to, shape) {
        let why = format!(
            "{} is out of range",
            world.name(&f.board.creatures[t].id.clone())
        );
        skipped(world, me, "heal", &why);
        return;
    }
    let id = f.board.creatures[t].id.clone();
    let what = format!("{} heals {}", world.name_of(me), world.name_of(&id));
    let r = world.roll(amount, &what);
    world.heal(&id, r.total, Some((&r).into()));
}

/// An effect line outside an attack: self effects apply to the monster, others to the
/// current targets.
fn effect(world: &mut World, me: &str, targets: &[String], rider: &Rider) {
    // Shields and self-heals are the monster's own; everything else needs a target (a
    // roll table's self-heals still go to the monster, see effects::apply_effect).
    if rider.effect.is_self_only() {
        apply_rider(world, me, me, rider);
        return;
    }
    if targets.is_empty() {
        skipped(world, me, "effect", "there is no one to affect");
        return;
    }
    for t in targets {
        apply_rider(world, me, t, rider);
    }
}

/// A trap goes in the free adjacent floor cell closest to an enemy.
fn set_trap(
    world: &mut World,
    me: &str,
    damage: Option<crate::chance::dice::Dice>,
    statuses: Vec<StatusKind>,
) {
    let Some(i) = world.idx(me) else { return };
    let side = world.fight().board.creatures[i].side;
    let tied = free_cells_toward_enemies(world.fight(), i);
    if tied.is_empty() {
        skipped(world, me, "trap", "no free space next to it");
        return;
    }
    let names: Vec<String> = tied.iter().map(|c| c.name()).collect();
    let cell = tied[world.tie("where to set the trap", &names)];
    world.add_trap(cell, side, damage, statuses, me);
}

//! Applying effects to a creature: saving throws, statuses, wither, forced movement
//! (push and pull), fire, self-heals and roll-for-effect tables.

use super::World;
use super::movement::MoveCause;
use crate::board::StatusKind;
use crate::board::action::{Effect, Rider};
use crate::grid::Cell;
use crate::rules::events::Event;

/// Applies `rider` to `target` on behalf of `source` (who pushes, pulls or heals itself).
pub fn apply_rider(world: &mut World, source: &str, target: &str, rider: &Rider) {
    if !world.alive(target) {
        if let Effect::Table(dice, _) = &rider.effect {
            skipped_table(world, source, target, &dice.to_string());
        }
        return;
    }
    let effect = match &rider.save {
        Some(save) => {
            if world.saving_throw(
                target,
                save.ability,
                save.dc,
                &effect_subject(&rider.effect),
            ) {
                match &save.on_success {
                    Some(e) => (**e).clone(),
                    None => return,
                }
            } else {
                rider.effect.clone()
            }
        }
        None => rider.effect.clone(),
    };
    apply_effect(world, source, target, &effect);
}

/// A roll-for-effect table is not rolled: its target left the board (fell to the blow
/// that hit it, or fled); the narration says so rather than dropping it unsaid.
fn skipped_table(world: &mut World, source: &str, target: &str, dice: &str) {
    let fallen = world
        .fight
        .board
        .fallen
        .iter()
        .rev()
        .find(|f| f.creature.id == target);
    let reason = match fallen {
        Some(f) => format!("its target, {}, has fallen", f.creature.display_name()),
        None => format!("its target, {}, has left the board", world.name(target)),
    };
    world.emit(Event::ActionSkipped {
        creature: source.to_string(),
        action: format!("roll {dice} for effect"),
        reason,
    });
}

/// The word Resistance/Weakness/Immunity traits name for an effect.
pub fn effect_subject(e: &Effect) -> String {
    match e {
        Effect::Status(s) => s.label().to_string(),
        Effect::Wither(_) => "withered".into(),
        Effect::Push(_) => "push".into(),
        Effect::Pull(_) => "pull".into(),
        Effect::SetFire => "fire".into(),
        _ => String::new(),
    }
}

/// Applies one effect of an action by `source` to `target`, recording its events.
pub fn apply_effect(world: &mut World, source: &str, target: &str, effect: &Effect) {
    match effect {
        Effect::Status(s) => world.add_status(target, *s, None),
        Effect::Wither(n) => world.add_status(target, StatusKind::Withered, Some(*n)),
        Effect::Push(n) => forced_move(world, source, target, *n, MoveCause::Push),
        Effect::Pull(n) => forced_move(world, source, target, *n, MoveCause::Pull),
        Effect::Shield(n) => world.add_status(target, StatusKind::Shielded, Some(*n)),
        Effect::SetFire => {
            if let Some(i) = world.idx(target) {
                let cell = world.fight.board.creatures[i].position;
                world.set_fire(&[cell]);
            }
        }
        Effect::HealSelf(d) => {
            let what = format!("{} heals itself", world.name_of(source));
            let r = world.roll(d, &what);
            world.heal(source, r.total, Some((&r).into()));
        }
        Effect::Nothing => {}
        Effect::Table(dice, entries) => {
            let what = format!(
                "the effect of {}'s blow on {}",
                world.name_of(source),
                world.name_of(target)
            );
            let r = world.roll(dice, &what);
            let value = r.total.max(0) as u32;
            let entry = entries
                .iter()
                .find(|(lo, hi, _)| (*lo..=*hi).contains(&value));
            let label = match entry {
                Some((_, _, riders)) if riders.iter().all(|rd| rd.effect == Effect::Nothing) => {
                    "nothing".to_string()
                }
                Some((lo, hi, _)) if lo == hi => format!("entry {lo}"),
                Some((lo, hi, _)) => format!("entry {lo}-{hi}"),
                None => "no entry".to_string(),
            };
            world.emit(Event::TableRoll {
                creature: source.to_string(),
                roll: (&r).into(),
                entry: label,
            });
            if let Some((_, _, riders)) = entry {
                for rd in riders.clone() {
                    let who = if rd.effect.is_self_only() {
                        source
                    } else {
                        target
                    };
                    apply_rider(world, source, who, &rd);
                }
            }
        }
    }
}

/// Pushes (away from `source`) or pulls (toward it) `target` up to `steps` cells; every
/// step must strictly increase (push) or decrease (pull) the distance. Stops when no cell
/// qualifies. Equal choices go to the tie policy.
pub fn forced_move(world: &mut World, source: &str, target: &str, steps: u32, cause: MoveCause) {
    let (Some(s), Some(t)) = (world.idx(source), world.idx(target)) else {
        return;
    };
    let word = if cause == MoveCause::Pull {
        "pull"
    } else {
        "push"
    };
    if world
        .fight
        .has_trait(t, &crate::board::Trait::Immunity(word.to_string()))
    {
        world.trait_note(
            target,
            &format!("immunity {word}"),
            &format!("cannot be {word}ed"),
        );
        return;
    }
    let origin = world.fight.board.creatures[s].position;
    let mut here = world.fight.board.creatures[t].position;
    let grid = world.fight.grid();
    let mut path: Vec<Cell> = Vec::new();
    while (path.len() as u32) < steps {
        let now = grid.distance(here, origin);
        let mut options: Vec<Cell> = grid
            .neighbours(here)
            .into_iter()
            .filter(|&n| {
                world.fight.map.step_open(here, n)
                    && world.fight.creature_at(n).is_none()
                    && !path.contains(&n)
            })
            .filter(|&n| {
                let d = grid.distance(n, origin);
                if cause == MoveCause::Pull {
                    d < now
                } else {
                    d > now
                }
            })
            .collect();
        if options.is_empty() {
            break;
        }
        options.sort();
        let names: Vec<String> = options.iter().map(|c| c.name()).collect();
        let what = format!("where to {} {}", cause_word(cause), world.name(target));
        here = options[world.tie(&what, &names)];
        path.push(here);
    }
    if path.is_empty() {
        let reason = format!("there is no free space to {} it to", cause_word(cause));
        world.emit(Event::Stay {
            creature: target.to_string(),
            reason,
        });
        return;
    }
    world.move_along(target, &path, cause);
}

fn cause_word(c: MoveCause) -> &'static str {
    match c {
        MoveCause::Pull => "pull",
        _ => "push",
    }
}

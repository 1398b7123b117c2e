//! One monster's turn under its scheme: check behaviours top to bottom (charges,
//! once-per-combat, special and proximity conditions, a target in effective range), run
//! the first that holds, or take two moves toward the closest enemy.

use super::compile::{Behaviour, MonsterType, Scheme};
use super::events::SchemeEvent;
use super::format::Once;
use super::perform::{AttackBonus, perform, walk};
use super::state::{
    SchemeState, mark_monster_used, mark_type_used, monster_used, read, set_charges,
};
use super::target::{Chosen, aim_of, choose_target, closest_enemy, within_proximity};
use super::vocabulary::{SchemeEnv, VOCABULARY};
use crate::aim::Outlook;
use crate::board::action::{Action, HealTarget, targeting_actions};
use crate::rules::deck::TurnCard;
use crate::rules::events::Event;
use crate::rules::targeting::hp_lost;
use crate::rules::world::World;
use crate::systems::runner::{Activation, run_turn};

/// Runs monster `id`'s whole turn. `card` is where its type's turn card was drawn, when
/// known.
pub(crate) fn take_turn(world: &mut World, scheme: &Scheme, id: &str, card: Option<TurnCard>) {
    let Some(i) = world.idx(id) else { return };
    let kind = world.fight().board.creatures[i]
        .kind
        .clone()
        .unwrap_or_default();
    let Some(mt) = scheme.get(&kind) else { return };
    run_turn(world, id, &mut SchemeTurn { mt, card });
}

/// A scheme monster's part of the shared turn: its turn-card bonus, then its behaviours.
struct SchemeTurn<'a> {
    mt: &'a MonsterType,
    card: Option<TurnCard>,
}

impl Activation for SchemeTurn<'_> {
    fn act(&mut self, world: &mut World, id: &str) {
        let Some(i) = world.idx(id) else { return };
        let bonus = card_bonus(world, self.mt, i, self.card);
        act(world, self.mt, id, self.card, &bonus);
    }
}

/// Effects the turn card adds to every attack this turn, with what to tell when the first
/// attack is made (nothing is told when no attack follows).
fn card_bonus(world: &World, mt: &MonsterType, i: usize, card: Option<TurnCard>) -> AttackBonus {
    let env = SchemeEnv {
        fight: world.fight(),
        me: i,
        card,
    };
    let mut bonus = AttackBonus::default();
    for cb in &mt.card_bonus {
        if cb.when.eval(&env) {
            bonus.riders.extend(cb.riders.iter().cloned());
            bonus.notes.push(format!(
                "adds {} to its attacks this turn: {}",
                cb.text,
                card_reason(cb.when.source())
            ));
        }
    }
    bonus
}

/// Why a card bonus applies, in words: the help of a single `card.*` name, else the
/// condition as written.
fn card_reason(source: &str) -> String {
    VOCABULARY
        .iter()
        .find(|v| v.name == source.trim())
        .map_or_else(
            || format!("its turn card matches `{source}`"),
            |v| v.help.to_string(),
        )
}

pub(super) fn act(
    world: &mut World,
    mt: &MonsterType,
    id: &str,
    card: Option<TurnCard>,
    bonus: &AttackBonus,
) {
    let mut outlook: Option<Outlook> = None;
    // Checking behaviours changes nothing, so the state read once serves them all.
    let state = read(world.fight());
    for b in &mt.behaviours {
        let Some(i) = world.idx(id) else { return };
        if let Err(why) = available(world, &state, mt, i, b) {
            check(world, id, b, false, why);
            continue;
        }
        if let Some(cond) = &b.condition {
            let env = SchemeEnv {
                fight: world.fight(),
                me: i,
                card,
            };
            if !cond.eval(&env) {
                let why = format!("{} is false", cond.explain(&env));
                check(world, id, b, false, why);
                continue;
            }
        }
        if let Err(why) = self_heal_needed(world, i, b) {
            check(world, id, b, false, why);
            continue;
        }
        let aim = aim_of(world, i, b);
        // A tie settled while choosing the target is narrated after the behaviour.
        let mark = world.events().len();
        let target = match &aim {
            Some(aim) => {
                // Checking behaviours changes nothing, so one outlook serves the whole turn.
                let outlook = outlook.get_or_insert_with(|| Outlook::new(world.fight(), i));
                match choose_target(world, i, b, aim, mt.priority, outlook) {
                    Some(chosen) => Some(chosen),
                    None => {
                        let what = if aim.friendly {
                            "one who has lost HP"
                        } else {
                            "targetable enemy"
                        };
                        let prox = b.proximity.map_or(String::new(), |p| {
                            format!(
                                " meeting proximity {}{}",
                                p.n,
                                if p.plus { "+" } else { "" }
                            )
                        });
                        check(
                            world,
                            id,
                            b,
                            false,
                            format!(
                                "no {what}{prox} within its effective range of {}",
                                aim.effective_range
                            ),
                        );
                        continue;
                    }
                }
            }
            None => {
                if let Some(p) = b.proximity {
                    let limit = world.fight().stats[i].speed + world.fight().stats[i].range;
                    if within_proximity(world, i, p, limit).is_empty() {
                        check(
                            world,
                            id,
                            b,
                            false,
                            format!(
                                "no enemy within proximity {}{}",
                                p.n,
                                if p.plus { "+" } else { "" }
                            ),
                        );
                        continue;
                    }
                }
                None
            }
        };
        world.tell_later(mark, |world| {
            check(world, id, b, true, "its conditions hold".into());
            world.emit(Event::system(SchemeEvent::Behaviour {
                monster: id.to_string(),
                behaviour: b.number,
                label: b.label.clone(),
                does: b.summary.clone(),
            }));
        });
        let target_id = target.map(|c| tell_target(world, id, c));
        perform(world, mt, id, b, target_id.as_deref(), bonus, outlook);
        use_up(world, mt, id, b);
        return;
    }
    fallback(world, mt, id, outlook);
}

/// Charging and once-per-combat behaviours are unavailable.
fn available(
    world: &World,
    state: &SchemeState,
    mt: &MonsterType,
    i: usize,
    b: &Behaviour,
) -> Result<(), String> {
    let state = state.types.get(&mt.name);
    if let Some(n) = state
        .and_then(|s| s.charges.get(&b.number))
        .filter(|n| **n > 0)
    {
        return Err(format!(
            "it is recharging (ready again in {n} round{})",
            if *n == 1 { "" } else { "s" }
        ));
    }
    let used = match b.once {
        Some(Once::Type) => state.is_some_and(|s| s.used.contains(&b.number)),
        Some(Once::Monster) => monster_used(
            world.fight(),
            &world.fight().board.creatures[i].id,
            b.number,
        ),
        None => false,
    };
    if used {
        return Err("it can be used only once per combat and was used already".into());
    }
    Ok(())
}

/// A behaviour that targets no one and heals the monster itself finds no one to heal
/// while the monster has lost no HP: it does not hold (no charge is spent). A `heal self`
/// beside a targeting action (after an attack) is a self effect and never stops one.
fn self_heal_needed(world: &World, i: usize, b: &Behaviour) -> Result<(), String> {
    let heals_itself = b.actions.iter().any(|a| {
        matches!(
            a,
            Action::Heal {
                target: HealTarget::SelfOnly,
                ..
            }
        )
    });
    if heals_itself
        && targeting_actions(&b.actions).next().is_none()
        && hp_lost(world.fight(), i) == 0
    {
        return Err("its heal finds no one: it has lost no HP".into());
    }
    Ok(())
}

/// Records charges and once-per-combat uses for a behaviour being performed.
fn use_up(world: &mut World, mt: &MonsterType, id: &str, b: &Behaviour) {
    match b.once {
        Some(Once::Monster) => mark_monster_used(world, id, b.number),
        Some(Once::Type) => mark_type_used(world, &mt.name, b.number),
        None => {}
    }
    if let Some(n) = b.charge {
        set_charges(world, &mt.name, b, n);
    }
}

fn check(world: &mut World, id: &str, b: &Behaviour, holds: bool, why: String) {
    world.emit(Event::system(SchemeEvent::Check {
        monster: id.to_string(),
        behaviour: b.number,
        label: b.label.clone(),
        holds,
        why,
    }));
}

/// Tells whom monster `id` chose and why; returns the target's id.
fn tell_target(world: &mut World, id: &str, chosen: Chosen) -> String {
    let t = world.fight().board.creatures[chosen.target].id.clone();
    let name = world.name(&t);
    world.emit(Event::Target {
        monster: id.to_string(),
        target: t.clone(),
        name,
        reason: chosen.reason,
        candidates: chosen.candidates,
    });
    t
}

/// No behaviour applies: two moves toward the closest enemy.
fn fallback(world: &mut World, mt: &MonsterType, id: &str, outlook: Option<Outlook>) {
    let Some(i) = world.idx(id) else { return };
    let outlook = outlook.unwrap_or_else(|| Outlook::new(world.fight(), i));
    world.emit(Event::system(SchemeEvent::Fallback {
        monster: id.to_string(),
        reason: "no behaviour applies".into(),
    }));
    let Some(closest) = closest_enemy(world, i, mt.priority, &outlook) else {
        world.emit(Event::TurnSkipped {
            monster: id.to_string(),
            reason: "there are no enemies on the board".into(),
        });
        return;
    };
    let t = tell_target(world, id, closest);
    walk(world, id, Some(&t), None, 0, 2, Some(outlook));
}

//! A need-driven monster's turn: as many observe → rate → perform cycles as its speed
//! (scaled by its physical speed) allows, observing afresh after every step, so fear can
//! grow mid-turn and turn an advance into a retreat. An attack ends the turn, and so does
//! a step that would undo the step of the cycle before (A → B → A): the monster holds its
//! ground instead.

use super::compile::{NeedsMonsters, NeedsType};
use super::crowd::Crowd;
use super::events::{Named, NeedsEvent};
use super::num as n;
use super::perceive::{Centre, Ctx, Sense, perceive};
use super::perform::perform;
use super::plane::cell_of;
use super::rate::{Plan, Rating, Way, free_steps, rate_all};
use super::state::NeedsState;
use super::story::{Told, tell};
use crate::grid::Cell;
use crate::rules::events::Event;
use crate::rules::ties::TiePolicy;
use crate::rules::world::World;
use crate::systems::runner::Activation;

/// One monster's turn within the shared runner.
pub(crate) struct NeedsTurn<'a> {
    /// The monster file's types.
    pub monsters: &'a NeedsMonsters,
    /// The acting monster's type.
    pub kind: &'a NeedsType,
    /// The system's state, changed as it acts.
    pub state: &'a mut NeedsState,
}

/// Rounded to hundredths, for events.
fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Activation for NeedsTurn<'_> {
    fn act(&mut self, world: &mut World, id: &str) {
        let t = self.kind;
        let Some(i) = world.idx(id) else { return };
        let speed = world.fight().stats[i].speed;
        let physical = Ctx {
            fight: world.fight(),
            monsters: self.monsters,
            state: self.state,
            crowd: None,
        }
        .physical_speed(i, t);
        let mut crowd = Crowd::new(world.fight(), i, t, self.state);
        // At least one cycle, so that even a monster that cannot move may drop its load.
        let cycles = ((f64::from(speed) * physical).ceil() as u32).clamp(speed.min(1), speed);
        if physical < 1.0 {
            world.trait_note(
                id,
                "needs",
                &format!(
                    "is slowed (physical speed {}): {cycles} of its {speed} actions",
                    n(physical)
                ),
            );
        }
        // The previous cycle's step (from, to), to refuse the step straight back.
        let mut last_step: Option<(Cell, Cell)> = None;
        for _ in 0..cycles {
            if world.failed() {
                return;
            }
            let Some(i) = world.idx(id) else { return };
            if !crowd.fits(world.fight()) {
                crowd = Crowd::new(world.fight(), i, t, self.state);
            }
            let (sense, ratings) = {
                let ctx = Ctx {
                    fight: world.fight(),
                    monsters: self.monsters,
                    state: self.state,
                    crowd: Some(&crowd),
                };
                let sense = perceive(&ctx, i, t, explaining(world));
                let ratings = rate_all(&ctx, i, t, &sense);
                (sense, ratings)
            };
            narrate(world, id, &sense, &ratings);
            let who = world.fight().board.creatures[i].display_name().to_string();
            let best = ratings.iter().map(|r| r.rating).fold(0.0, f64::max);
            if best <= 0.0 {
                let told = Told {
                    who: &who,
                    action: "nothing",
                    fights_back: false,
                    plan: None,
                    target: None,
                };
                world.emit(Event::system(NeedsEvent::NeedChosen {
                    monster: id.to_string(),
                    story: tell(&sense, &told),
                    action: "nothing".into(),
                    rating: 0.0,
                    why: "no action is rated above 0".into(),
                    others: Vec::new(),
                }));
                return;
            }
            // A step straight back where it stood a cycle ago is no option: of the
            // best-rated actions, a move keeps its other steps or drops out.
            let here = world.fight().board.creatures[i].position;
            let back = last_step.and_then(|(from, to)| (to == here).then_some(from));
            let best_rated: Vec<&Rating> = ratings.iter().filter(|r| r.rating == best).collect();
            let tied: Vec<Rating> = match back {
                None => best_rated.iter().map(|r| (*r).clone()).collect(),
                Some(back) => {
                    let ctx = Ctx {
                        fight: world.fight(),
                        monsters: self.monsters,
                        state: self.state,
                        crowd: Some(&crowd),
                    };
                    best_rated
                        .iter()
                        .filter_map(|r| {
                            let plan = without_step_back(&ctx, r.plan.clone()?, here, back)?;
                            Some(Rating {
                                plan: Some(plan),
                                ..(*r).clone()
                            })
                        })
                        .collect()
                }
            };
            if let (Some(back), true) = (back, tied.is_empty()) {
                hold_ground(world, id, &who, &sense, &ratings, best_rated[0], back);
                return;
            }
            let pick = if tied.len() > 1 && world.tie_policy() != TiePolicy::First {
                let labels: Vec<String> = tied.iter().map(|r| r.action.to_string()).collect();
                world.tie("the most urgent need", &labels)
            } else {
                0
            };
            let chosen = tied[pick].clone();
            let plan = chosen.plan.clone().expect("a rated action has a plan");
            let mut why = chosen.why.clone();
            if tied.len() > 1 && world.tie_policy() == TiePolicy::First {
                why.push_str(&format!(
                    "; tied with {}, first in the fixed order",
                    tied.iter()
                        .filter(|r| r.action != chosen.action)
                        .map(|r| r.action)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            let plan = settle(world, plan);
            let target = match &plan {
                Plan::Attack(target, _) => world
                    .idx(target)
                    .map(|j| world.fight().board.creatures[j].display_name().to_string()),
                _ => None,
            };
            let told = Told {
                who: &who,
                action: chosen.action,
                fights_back: chosen.fights_back,
                plan: Some(&plan),
                target: target.as_deref(),
            };
            world.emit(Event::system(NeedsEvent::NeedChosen {
                monster: id.to_string(),
                story: tell(&sense, &told),
                action: chosen.action.to_string(),
                rating: r2(chosen.rating),
                why,
                others: ratings
                    .iter()
                    .filter(|r| r.rating > 0.0 && r.action != chosen.action)
                    .map(|r| format!("{} {}", r.action, n(r.rating)))
                    .collect(),
            }));
            if perform(world, id, t, &plan, self.state, back) {
                return;
            }
            let after = world
                .idx(id)
                .map(|i| world.fight().board.creatures[i].position);
            last_step = match (&plan, after) {
                (Plan::Step(..), Some(to)) if to != here => Some((here, to)),
                _ => None,
            };
        }
    }
}

/// `plan` without the step back to `back`, where the monster stood before the previous
/// cycle's step: equally good steps stay, a wander keeps its other free steps. `None`
/// when stepping back was all the plan could do (the monster then holds its ground).
fn without_step_back(ctx: &Ctx, plan: Plan, here: Cell, back: Cell) -> Option<Plan> {
    match plan {
        Plan::Step(Way::Wander, steps) => free_steps(ctx, here)
            .iter()
            .any(|&c| c != back)
            .then_some(Plan::Step(Way::Wander, steps)),
        Plan::Step(way, steps) => {
            let steps: Vec<Cell> = steps.into_iter().filter(|&c| c != back).collect();
            (!steps.is_empty()).then_some(Plan::Step(way, steps))
        }
        other => Some(other),
    }
}

/// The monster would step straight back where it stood a cycle ago (A → B → A): it
/// holds its ground for the rest of the turn instead, and says so.
fn hold_ground(
    world: &mut World,
    id: &str,
    who: &str,
    sense: &Sense,
    ratings: &[Rating],
    chosen: &Rating,
    back: Cell,
) {
    let undone = Plan::Step(Way::Advance, vec![back]);
    let told = Told {
        who,
        action: "hold",
        fights_back: false,
        plan: Some(&undone),
        target: None,
    };
    world.emit(Event::system(NeedsEvent::NeedChosen {
        monster: id.to_string(),
        story: tell(sense, &told),
        action: "hold".into(),
        rating: 0.0,
        why: format!(
            "its {} would step back to {back}, undoing its last step: it holds its ground for the rest of the turn",
            chosen.action
        ),
        others: ratings
            .iter()
            .filter(|r| r.rating > 0.0)
            .map(|r| format!("{} {}", r.action, n(r.rating)))
            .collect(),
    }));
}

/// How many events a command records before the need-driven monsters stop adding the
/// `--explain` lines (each entity's values and each rating): a crowded board would
/// otherwise write gigabytes of them. Choices, moves and blows are always recorded.
pub(crate) const EXPLAINED_EVENTS: usize = 20_000;

/// Whether the `--explain` lines are still recorded (see [`EXPLAINED_EVENTS`]).
fn explaining(world: &World) -> bool {
    world.events().len() < EXPLAINED_EVENTS
}

/// The plan to perform: equally good steps or options go to the tie policy (`first`
/// keeps the first, in reading or board order).
fn settle(world: &mut World, plan: Plan) -> Plan {
    if world.tie_policy() == TiePolicy::First {
        return match plan {
            Plan::OneOf(_, options) => options
                .into_iter()
                .next()
                .map_or(Plan::OneOf(String::new(), Vec::new()), |(_, p)| p),
            Plan::Step(way, steps) => Plan::Step(way, steps.into_iter().take(1).collect()),
            other => other,
        };
    }
    match plan {
        Plan::OneOf(what, options) => {
            let labels: Vec<String> = options.iter().map(|(l, _)| l.clone()).collect();
            let k = world.tie(&what, &labels);
            options
                .into_iter()
                .nth(k)
                .map_or(Plan::OneOf(what, Vec::new()), |(_, p)| p)
        }
        Plan::Step(way, steps) if steps.len() > 1 => {
            let labels: Vec<String> = steps.iter().map(|c| c.name()).collect();
            let k = world.tie(&format!("the {} step", way.label()), &labels);
            Plan::Step(way, vec![steps[k]])
        }
        other => other,
    }
}

/// The observation and (with `--explain`) every entity's values and every rating.
fn narrate(world: &mut World, id: &str, sense: &Sense, ratings: &[Rating]) {
    let name = |k: Option<usize>| {
        k.map(|k| Named {
            id: sense.entities[k].id.clone(),
            name: sense.entities[k].name.clone(),
        })
    };
    let grid = world.fight().grid();
    let at = |c: &Centre| c.at.filter(|_| c.total != 0.0);
    let centre = |c: &Centre| at(c).map(|p| cell_of(&grid, p).name());
    let point = |c: &Centre| at(c).map(|(x, y)| [r2(x), r2(y)]);
    let event = Event::system(NeedsEvent::NeedSense {
        monster: id.to_string(),
        seen: sense.entities.len() as u32,
        fear_love: r2(sense.fear_love.total),
        hate: r2(sense.hate.total),
        fear_love_centre: centre(&sense.fear_love),
        fear_love_point: point(&sense.fear_love),
        hate_centre: centre(&sense.hate),
        hate_point: point(&sense.hate),
        most_feared: name(sense.most_feared),
        most_loved: name(sense.most_loved),
        most_hated: name(sense.most_hated),
    });
    world.emit(event);
    if !explaining(world) {
        return;
    }
    for e in &sense.entities {
        world.emit(Event::system(NeedsEvent::NeedValue {
            monster: id.to_string(),
            id: e.id.clone(),
            entity: e.name.clone(),
            detail: e.detail.clone(),
        }));
    }
    for r in ratings {
        world.emit(Event::system(NeedsEvent::NeedRating {
            monster: id.to_string(),
            action: r.action.to_string(),
            rating: r2(r.rating),
            why: r.why.clone(),
        }));
    }
}

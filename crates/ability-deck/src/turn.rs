//! An ability-deck type's turn: its card for the round, then each monster (elites first,
//! then normals, by number) runs the card's actions in order. Focus, movement and targets
//! come from the `focus` solver; remaining ties go to the tie policy; every change is made
//! through `World`.

use super::card_plan::{attack_after, attack_plan, move_plan};
use super::compile::{AbilityCard, AbilityDecks, CardAttack, DeckType, RangeChange, Step};
use super::element_play::{card_to_play, infuse};
use super::events::DeckEvent;
use super::initiative::{Known, initiative};
use super::stat_line::{Line, line, stats_of, status_of};
use super::state::{
    RuleVariant, fresh_summons, is_elite, loot, mark_summoned, rule_variant, set_modifier_deck,
    set_type_deck, take_loot, type_decks,
};
use crate::board::creature::number_order;
use crate::board::{Creature, Fight, Side, StatusKind};
use crate::focus::{Mobility, Outcome, Plan, Variant, sight, solve_keeping, solve_sharing};
use crate::grid::Cell;
use crate::rules::events::Event;
use crate::rules::round::{fresh_id, fresh_name};
use crate::rules::targeting::free_cells_toward_enemies;
use crate::rules::world::{MoveCause, World};
use crate::systems::runner::{Activation, run_turn};
use std::collections::BTreeSet;

fn variant(v: RuleVariant) -> Variant {
    match v {
        RuleVariant::Gloomhaven => Variant::Gloomhaven,
        RuleVariant::Frosthaven => Variant::Frosthaven,
        RuleVariant::JawsOfTheLion => Variant::JawsOfTheLion,
    }
}

/// The monsters of a type in activation order: elites first, then normals, each by number.
pub(crate) fn activation_order(fight: &Fight, kind: &str) -> Vec<String> {
    let mut ids: Vec<(bool, (u64, String))> = fight
        .board
        .creatures
        .iter()
        .filter(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(kind))
        .map(|c| (!is_elite(fight, &c.id), number_order(&c.id)))
        .collect();
    ids.sort();
    ids.into_iter().map(|(_, (_, id))| id).collect()
}

/// A short text of a card's actions, for narration. `line_range` is the type's own range
/// (0: melee), so that an attack without a `range` line says whether it is melee or
/// ranged ("range 1" is ranged).
pub(crate) fn describe(card: &AbilityCard, line_range: Option<u32>) -> Vec<String> {
    let mut out = Vec::new();
    let bonus = |c: &super::compile::Consume| format!("consume {}: {}", c.element.word(), c.text);
    for (i, s) in card.steps.iter().enumerate() {
        out.extend(
            card.consume
                .iter()
                .filter(|c| !c.replaces && c.at == i)
                .map(bonus),
        );
        out.push(describe_step(s, line_range));
        out.extend(
            card.consume
                .iter()
                .filter(|c| c.replaces && c.at == i)
                .map(bonus),
        );
    }
    let n = card.steps.len();
    out.extend(
        card.consume
            .iter()
            .filter(|c| !c.replaces && c.at == n)
            .map(bonus),
    );
    out.extend(card.infuse.iter().map(|e| format!("infuse {}", e.word())));
    out
}

/// One action in words (see [`describe`]).
fn describe_step(s: &Step, line_range: Option<u32>) -> String {
    match s {
        Step::Move { delta, how } => match how {
            Some(Mobility::Jump) => format!("move {delta:+} jump"),
            Some(Mobility::Teleport) => format!("move {delta:+} teleport"),
            _ => format!("move {delta:+}"),
        },
        Step::Attack(a) => {
            let mut t = format!("attack {:+}", a.delta);
            match (a.range, line_range) {
                (Some(RangeChange::Set(0)), _) | (None, Some(0)) => t.push_str(" melee"),
                (Some(RangeChange::Set(r)), _) | (None, Some(r)) => {
                    t.push_str(&format!(" range {r}"))
                }
                (Some(RangeChange::Add(r)), _) => t.push_str(&format!(" range {r:+}")),
                (None, None) => {}
            }
            if a.targets > 1 {
                t.push_str(&format!(" target {}", a.targets));
            }
            if a.aoe.is_some() {
                t.push_str(" (area)");
            }
            if a.pierce > 0 {
                t.push_str(&format!(" pierce {}", a.pierce));
            }
            for c in &a.conditions {
                t.push_str(&format!(" {}", c.word()));
            }
            match a.forced {
                Some((MoveCause::Pull, n)) => t.push_str(&format!(" pull {n}")),
                Some((_, n)) => t.push_str(&format!(" push {n}")),
                None => {}
            }
            if a.curse {
                t.push_str(" curse");
            }
            t
        }
        Step::Shield(n) => format!("shield {n}"),
        Step::Retaliate { amount, range } => format!("retaliate {amount} range {range}"),
        Step::Heal {
            amount,
            range,
            self_only,
        } => {
            if *self_only {
                format!("heal {amount} self")
            } else {
                format!("heal {amount} range {range}")
            }
        }
        Step::Summon(k) => format!("summon {k}"),
        Step::Loot(n) => format!("loot {n}"),
        Step::Bless(c) => c.word().to_string(),
        Step::BlessDeck => "bless".to_string(),
    }
}

/// Draws this round's card for `kind` if it has none yet (or, with `fresh`, always: a
/// new round); returns its number.
pub(crate) fn draw_card(world: &mut World, t: &DeckType, fresh: bool) -> u32 {
    let mut deck = type_decks(world.fight())
        .remove(&t.name)
        .unwrap_or_default();
    if let Some(c) = deck
        .current
        .filter(|c| !fresh && (1..=t.cards.len() as u32).contains(c))
    {
        return c;
    }
    let entered = deck.drawn.is_some();
    let n = deck.draw_card(t, world.rng());
    set_type_deck(world, &t.name, deck);
    let card = &t.cards[n as usize - 1];
    if entered {
        let mut names = crate::rules::words::Names::default();
        names.add_from(&world.fight().board);
        let what = format!("{}'s ability card", names.of(&t.name));
        world.note_entered_card(&what, &card.label);
    }
    world.emit(Event::system(DeckEvent::AbilityCard {
        kind: t.name.clone(),
        card: n,
        label: card.label.clone(),
        initiative: card.initiative,
        actions: describe(card, line(t, world.fight(), false).map(|l| l.range)),
        entered,
    }));
    n
}

/// Every monster of `kind` (only those of the `roster`, when given) takes its turn with
/// the type's card.
pub(crate) fn play_type(
    world: &mut World,
    decks: &AbilityDecks,
    kind: &str,
    roster: Option<&[String]>,
) {
    let Some(t) = decks.get(kind) else { return };
    let fresh = fresh_summons(world.fight());
    let (waiting, order): (Vec<String>, Vec<String>) = activation_order(world.fight(), kind)
        .into_iter()
        .filter(|id| roster.is_none_or(|r| r.contains(id)))
        .partition(|id| fresh.contains(id));
    for id in waiting {
        world.emit(Event::TurnSkipped {
            monster: id,
            reason: "it was summoned this round and acts from the next round on".into(),
        });
    }
    if order.is_empty() {
        return;
    }
    let n = draw_card(world, t, false);
    let card = t.cards[n as usize - 1].clone();
    for id in order {
        if world.failed() {
            break;
        }
        if world.alive(&id) {
            take_turn(world, decks, t, &card, &id);
        }
    }
}

fn enemies_invisible(world: &World, me: usize) -> BTreeSet<usize> {
    let side = world.fight().board.creatures[me].side;
    (0..world.fight().board.creatures.len())
        .filter(|&j| {
            world.fight().board.creatures[j].side != side
                && world.fight().has_status(j, StatusKind::Invisible)
        })
        .collect()
}

/// One monster's turn.
pub(crate) fn take_turn(
    world: &mut World,
    decks: &AbilityDecks,
    t: &DeckType,
    card: &AbilityCard,
    id: &str,
) {
    run_turn(
        world,
        id,
        &mut CardTurn {
            decks,
            t,
            card,
            line: None,
        },
    );
}

/// An ability-deck monster's part of the shared turn: wounds and its stat line's shield
/// and retaliate first, then the card's actions in order.
struct CardTurn<'a> {
    decks: &'a AbilityDecks,
    t: &'a DeckType,
    card: &'a AbilityCard,
    line: Option<Line>,
}

impl Activation for CardTurn<'_> {
    fn begin(&mut self, world: &mut World, id: &str) {
        if !world.wound_bleeds(id) {
            return;
        }
        let elite = is_elite(world.fight(), id);
        let Some(l) = line(self.t, world.fight(), elite) else {
            return;
        };
        // A monster that came after the round began stands behind its line from now on.
        super::stat_line::raise_line(world, id, &l);
        self.line = Some(l);
    }

    /// Only a monster that is on the board and not stunned acts: it consumes its type's
    /// elements (the first to act this round) and, at the end, infuses its card's.
    fn act(&mut self, world: &mut World, id: &str) {
        if let Some(l) = self.line.clone() {
            let played = card_to_play(world, self.t, self.card, id);
            perform_card(world, self.decks, &played, &l, id);
            infuse(world, &self.t.name, &played, id);
        }
    }
}

/// The card's actions in order, for monster `id` on stat line `l`.
pub(super) fn perform_card(
    world: &mut World,
    decks: &AbilityDecks,
    card: &AbilityCard,
    l: &Line,
    id: &str,
) {
    // The focus announced this turn: a later action that keeps it does not repeat it.
    let mut announced: Option<String> = None;
    // What a move was made for: the attack (step number) that follows it, and the
    // outcome chosen for it (with its targets' ids), whose targets that attack strikes.
    let mut planned: Option<(usize, Planned)> = None;
    // Who this card's attacks struck: a later attack focuses anew among the others.
    let mut struck: Vec<String> = Vec::new();
    for (si, step) in card.steps.iter().enumerate() {
        let spared: Vec<usize> = struck.iter().filter_map(|s| world.idx(s)).collect();
        if world.failed() || !world.alive(id) {
            return;
        }
        match step {
            Step::Move { delta, how } => {
                let next_attack = attack_after(card, si);
                let Some(me) = world.idx(id) else { return };
                let muddled = world.fight().has_status(me, StatusKind::Muddled);
                let plan = move_plan(
                    l,
                    *delta,
                    *how,
                    next_attack.map(|(_, a)| a),
                    muddled,
                    spared,
                );
                let outcome = move_step(world, decks, id, &plan, &mut announced);
                planned = next_attack.zip(outcome).map(|((k, _), o)| {
                    let ids = o
                        .targets
                        .iter()
                        .map(|&j| world.fight().board.creatures[j].id.clone())
                        .collect();
                    (k, Planned { outcome: o, ids })
                });
            }
            Step::Attack(a) => {
                let made_for = planned.take().filter(|(k, _)| *k == si).map(|(_, o)| o);
                struck.extend(attack_step(
                    world,
                    decks,
                    id,
                    l,
                    a,
                    made_for,
                    &mut announced,
                    &spared,
                ));
                // A later attack of this card chooses its own focus.
                announced = None;
            }
            // The card's own part, beside the line's standing shield or retaliate.
            Step::Shield(n) => world.add_round_status(id, StatusKind::Shielded, *n, 1),
            Step::Retaliate { amount, range } => {
                world.add_round_status(id, StatusKind::Retaliating, *amount, *range)
            }
            Step::Heal {
                amount,
                range,
                self_only,
            } => heal_step(world, id, *amount, *range, *self_only),
            Step::Summon(kind) => summon_step(world, decks, id, kind),
            Step::Loot(n) => loot_step(world, id, *n),
            Step::Bless(c) => world.add_status(id, status_of(*c), None),
            Step::BlessDeck => bless_step(world, id),
        }
    }
}

/// Asks the solver; drops foci that are invisible; lets the tie policy pick among the
/// rest. Returns the chosen outcome's path and targets. The focus is narrated unless it
/// is the one already `announced` this turn.
fn decide(
    world: &mut World,
    decks: &AbilityDecks,
    id: &str,
    plan: &Plan,
    announced: &mut Option<String>,
) -> Option<crate::focus::Outcome> {
    let me = world.idx(id)?;
    let fight: &Fight = world.fight();
    let v = variant(rule_variant(fight));
    let known = Known::of(fight);
    let init = |j: usize| initiative(fight, &known, decks, j);
    let hidden = enemies_invisible(world, me);
    // A monster always attacks its focus: the focus its move was made for stays its
    // focus while it can still be attacked, even if another enemy now ranks first.
    let kept = announced
        .as_deref()
        .and_then(|f| fight.index_of(f))
        .filter(|f| !hidden.contains(f))
        .and_then(|f| solve_keeping(fight, me, plan, v, &init, f, Some(world.goal_fields())));
    let mut choices: Vec<_> = match kept {
        Some(choice) => vec![choice],
        None => solve_sharing(fight, me, plan, v, &init, Some(world.goal_fields()))
            .choices
            .into_iter()
            .filter(|c| !hidden.contains(&c.focus))
            .collect(),
    };
    if choices.is_empty() {
        return None;
    }
    let names: Vec<String> = choices
        .iter()
        .map(|c| world.name(&world.fight().board.creatures[c.focus].id))
        .collect();
    let pick = if choices.len() > 1 {
        world.tie(&format!("{}'s focus", world.name(id)), &names)
    } else {
        0
    };
    let choice = choices.swap_remove(pick.min(choices.len() - 1));
    let focus_id = world.fight().board.creatures[choice.focus].id.clone();
    if announced.as_deref() != Some(focus_id.as_str()) {
        world.emit(Event::Target {
            monster: id.to_string(),
            target: focus_id.clone(),
            name: world.name(&focus_id),
            reason: "its focus: the enemy it can attack with the least movement".into(),
            candidates: names,
        });
        *announced = Some(focus_id);
    }
    let mut outcomes = choice.outcomes;
    if outcomes.is_empty() {
        return None;
    }
    let labels: Vec<String> = outcomes
        .iter()
        .map(|o| {
            let t: Vec<String> = o
                .targets
                .iter()
                .map(|&j| world.fight().board.creatures[j].id.clone())
                .collect();
            // The hexes passed on the way, when there are any; "stays" when it does not move.
            let via: Vec<String> = o
                .path
                .iter()
                .take(o.path.len().saturating_sub(1))
                .map(|c| c.name())
                .collect();
            let mut label = if o.path.is_empty() {
                format!("{} (stays)", o.destination.name())
            } else if via.is_empty() {
                o.destination.name()
            } else {
                format!("{} via {}", o.destination.name(), via.join(" "))
            };
            if !t.is_empty() {
                label.push_str(&format!(" attacking {}", t.join(", ")));
            }
            if !o.area.is_empty() {
                let area: Vec<String> = o.area.iter().map(|c| c.name()).collect();
                label.push_str(&format!(" (area {})", area.join(" ")));
            }
            label
        })
        .collect();
    // Outcomes that differ only in where a later turn would head are the same choice now.
    let mut distinct: Vec<usize> = Vec::new();
    for (k, label) in labels.iter().enumerate() {
        if !distinct.iter().any(|&d| labels[d] == *label) {
            distinct.push(k);
        }
    }
    let shown: Vec<String> = distinct.iter().map(|&k| labels[k].clone()).collect();
    let pick = if shown.len() > 1 {
        world.tie(&format!("where {} moves", world.name(id)), &shown)
    } else {
        0
    };
    let mut o = outcomes.swap_remove(distinct[pick.min(distinct.len() - 1)]);
    o.targets.retain(|j| !hidden.contains(j));
    Some(o)
}

/// How the monster moves: a card's teleport, else flying from its line, else a card's
/// or its line's jump, else it walks.
/// The outcome a move was made for, and the ids of its targets then.
struct Planned {
    outcome: Outcome,
    ids: Vec<String>,
}

/// A move solved together with the attack that follows it on the card (in `plan`).
/// Returns the chosen outcome when the monster ended where it was meant to (a trap on
/// the way may stop it short).
fn move_step(
    world: &mut World,
    decks: &AbilityDecks,
    id: &str,
    plan: &Plan,
    announced: &mut Option<String>,
) -> Option<Outcome> {
    let me = world.idx(id)?;
    if world.fight().has_status(me, StatusKind::Immobilized) {
        world.emit(Event::Stay {
            creature: id.to_string(),
            reason: "it is immobilized".into(),
        });
        return None;
    }
    let Some(o) = decide(world, decks, id, plan, announced) else {
        world.emit(Event::Stay {
            creature: id.to_string(),
            reason: "no enemy can be focused on".into(),
        });
        return None;
    };
    if o.path.is_empty() {
        world.emit(Event::Stay {
            creature: id.to_string(),
            reason: "it is already where it wants to be".into(),
        });
        return Some(o);
    }
    let cause = match plan.mobility {
        Mobility::Jump => MoveCause::Jump,
        Mobility::Teleport => MoveCause::Teleport,
        Mobility::Walk | Mobility::Fly => MoveCause::Walk,
    };
    world.move_along(id, &o.path, cause);
    let me = world.idx(id)?;
    (world.fight().board.creatures[me].position == o.destination).then_some(o)
}

/// One attack step; returns the ids of the enemies it attacked.
#[allow(clippy::too_many_arguments)] // the turn's running state, passed as it is
fn attack_step(
    world: &mut World,
    decks: &AbilityDecks,
    id: &str,
    l: &Line,
    a: &CardAttack,
    made_for: Option<Planned>,
    announced: &mut Option<String>,
    spared: &[usize],
) -> Vec<String> {
    let Some(me) = world.idx(id) else {
        return Vec::new();
    };
    if world.fight().has_status(me, StatusKind::Disarmed) {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: "attack".into(),
            reason: "it is disarmed".into(),
        });
        return Vec::new();
    }
    let muddled = world.fight().has_status(me, StatusKind::Muddled);
    let plan = attack_plan(l, a, muddled, spared.to_vec());
    // The attack the move was made for strikes the targets chosen with it, while they
    // are all still there; otherwise the choice is made afresh from here.
    let fight = world.fight();
    let still = |p: &Planned| {
        !p.ids.is_empty()
            && p.outcome
                .targets
                .iter()
                .zip(&p.ids)
                .all(|(&j, id)| fight.board.creatures.get(j).is_some_and(|c| &c.id == id))
    };
    let planned = made_for.filter(still).map(|p| p.outcome);
    let Some(o) = planned.or_else(|| decide(world, decks, id, &plan, announced)) else {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: "attack".into(),
            reason: "no enemy in range".into(),
        });
        return Vec::new();
    };
    if o.targets.is_empty() {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: "attack".into(),
            reason: "no enemy in range".into(),
        });
        return Vec::new();
    }
    let base = l.attack + a.delta;
    let targets: Vec<(String, bool)> = o
        .targets
        .iter()
        .map(|&j| {
            (
                world.fight().board.creatures[j].id.clone(),
                o.disadvantage.contains(&j),
            )
        })
        .collect();
    let struck: Vec<String> = targets.iter().map(|(t, _)| t.clone()).collect();
    for (target, far) in targets {
        if !world.alive(id) {
            return struck;
        }
        let Some(ti) = world.idx(&target) else {
            continue;
        };
        let Some(me) = world.idx(id) else {
            return struck;
        };
        let advantage = world.fight().has_status(me, StatusKind::Strengthened);
        let disadvantage = far || world.fight().has_status(me, StatusKind::Muddled);
        let attack = super::blow::attack_on(world, ti, base);
        let mut deck = super::modifiers::take_deck_of(world, id);
        let what = format!(
            "{} attacks {}: attack {}, a modifier card",
            world.name_of(id),
            world.name_of(&target),
            attack.0
        );
        let draw = deck.draw(world, &what, advantage, disadvantage, attack.0);
        super::modifiers::put_deck_of(world, id, deck);
        let blow = super::blow::Blow {
            attacker: id,
            target: &target,
            pierce: a.pierce,
            conditions: &a.conditions,
        };
        if !super::blow::land(world, decks, &blow, attack, draw) {
            continue;
        }
        if let Some((cause, n)) = a.forced {
            crate::rules::world::effects::forced_move(world, id, &target, n, cause);
        }
        if a.curse {
            super::spoils::curse_target(world, &target);
        }
        crate::rules::retaliate::retaliate(world, &target, id);
    }
    struck
}

/// A blessing into the monsters' modifier deck (at most ten in it).
fn bless_step(world: &mut World, id: &str) {
    let mut deck = super::modifiers::take_deck(world);
    let added = deck.add(super::modifiers::Modifier::Bless, world.rng());
    let held = deck.count(super::modifiers::Modifier::Bless);
    set_modifier_deck(world, deck);
    if added {
        world.emit(Event::system(DeckEvent::ModifiersAdded {
            card: "bless".into(),
            count: 1,
            held,
        }));
    } else {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: "bless".into(),
            reason: "the modifier deck already holds ten blessings".into(),
        });
    }
}

fn heal_step(world: &mut World, id: &str, amount: u32, range: u32, self_only: bool) {
    let Some(me) = world.idx(id) else { return };
    let target = if self_only {
        id.to_string()
    } else {
        let fight = world.fight();
        let side = fight.board.creatures[me].side;
        let from = fight.board.creatures[me].position;
        let reach = fight.map.range_within(from, range);
        let v = variant(rule_variant(fight));
        let mut best: Vec<(i32, String)> = fight
            .board
            .creatures
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == side)
            .filter(|(_, c)| reach.get(c.position).is_some())
            .filter(|(_, c)| sight::sees(&fight.map, from, c.position, v))
            .map(|(j, c)| (fight.stats[j].max_hp - c.hp, c.id.clone()))
            .collect();
        let most = best.iter().map(|(lost, _)| *lost).max().unwrap_or(0);
        best.retain(|(lost, _)| *lost == most);
        if best.is_empty() {
            return;
        }
        let names: Vec<String> = best.iter().map(|(_, id)| id.clone()).collect();
        let pick = if names.len() > 1 && most > 0 {
            world.tie(&format!("whom {} heals", world.name(id)), &names)
        } else if most == 0 {
            names.iter().position(|n| n == id).unwrap_or(0)
        } else {
            0
        };
        names[pick.min(names.len() - 1)].clone()
    };
    let Some(ti) = world.idx(&target) else { return };
    if world.fight().has_status(ti, StatusKind::Poisoned) {
        world.remove_status(&target, StatusKind::Poisoned, "the heal cured it instead");
        world.remove_status(&target, StatusKind::Wounded, "healed");
        return;
    }
    world.heal(&target, amount as i32, None);
    world.remove_status(&target, StatusKind::Wounded, "healed");
}

fn summon_step(world: &mut World, decks: &AbilityDecks, id: &str, kind: &str) {
    let Some(t) = decks.get(kind) else { return };
    let Some(me) = world.idx(id) else { return };
    let side = world.fight().board.creatures[me].side;
    let standing = world
        .fight()
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.as_deref() == Some(kind))
        .count();
    if standing >= t.standees as usize {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: format!("summon {kind}"),
            reason: format!(
                "all {} standee{} of the {kind} are on the board",
                t.standees,
                if t.standees == 1 { "" } else { "s" }
            ),
        });
        return;
    }
    let tied = free_cells_toward_enemies(world.fight(), me);
    if tied.is_empty() {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: format!("summon {kind}"),
            reason: "no free hex next to it".into(),
        });
        return;
    }
    let names: Vec<String> = tied.iter().map(|c| c.name()).collect();
    let pick = if tied.len() > 1 {
        world.tie(&format!("where the {kind} appears"), &names)
    } else {
        0
    };
    let cell = tied[pick.min(tied.len() - 1)];
    let Some(l) = line(t, world.fight(), false) else {
        return;
    };
    let new_id = fresh_id(world, kind);
    let name = fresh_name(kind, &new_id);
    let creature = Creature {
        summoner: Some(id.to_string()),
        name: Some(name.clone()),
        ..Creature::fresh(new_id.clone(), side, Some(kind.to_string()), cell, l.hp)
    };
    world.place_creature(
        creature,
        stats_of(t, &l),
        Event::Arrived {
            creature: new_id.clone(),
            name,
            kind: kind.to_string(),
            cell: cell.name(),
        },
    );
    mark_summoned(world, &new_id);
}

fn loot_step(world: &mut World, id: &str, range: u32) {
    let Some(me) = world.idx(id) else { return };
    let from = world.fight().board.creatures[me].position;
    let reach = world.fight().map.range_within(from, range);
    let cells: Vec<Cell> = loot(world.fight())
        .iter()
        .map(|l| l.cell)
        .filter(|&c| reach.get(c).is_some())
        .collect();
    let tokens = take_loot(world, &cells);
    if tokens == 0 {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: format!("loot {range}"),
            reason: "no loot within reach".into(),
        });
        return;
    }
    let (_, _, gold) = super::spoils::worth(world.fight(), tokens);
    world.change_gold(id, i64::from(gold));
}

//! A monster's turn under the AI deck: draw (the face-up card first; the discard pile
//! shuffled in when the deck is empty; the basic action when both are empty), read the
//! whole card, pick the target or fall through to the no-target rule, perform the
//! actions in order (a persistent injury in play replaces them), and put the card where
//! its type says: the discard pile, in play (moods, traits, overtones), or face up on the
//! deck (durations after their first draw, repeats with their tokens). Relentless cards
//! reveal the next card while a threat is in view; harmony cards are performed by every
//! monster of the type.

use super::card::{
    Action, Approach, Attack, Blow, Card, CardKind, Choose, Collateral, Effect, Guard, NoTarget,
    Routine, Rule, Step, SurvivorRule, Trigger,
};
use super::compile::{AiDecks, AiType};
use super::deck::{self, Drawn};
use super::events::{AiEvent, Fact, Modifier};
use super::geometry::Body;
use super::movement::{self, Occupancy};
use super::notes::{note, note_fact, note_reshuffle};
use super::pick::{Scene, is_threat, pick, survivors};
use super::shape::Shape;
use super::state::{self, AiState, FaceUp};
use super::status;
use super::survivor_hits;
use crate::board::Fight;
use crate::grid::Cell;
use crate::rules::events::Event;
use crate::rules::targeting::sees;
use crate::rules::words::plural;
use crate::rules::world::{MoveCause, World};
use crate::systems::assembled::monsters_of;

/// Most cards one turn may play (draw-another-card and relentless chains end here).
const MAX_PLAYS: u32 = 32;

/// The file's types and the type whose monster is acting.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    /// Every monster type of the file (cards may name other types' cards).
    pub decks: &'a AiDecks,
    /// The acting monster's type.
    pub t: &'a AiType,
}

/// The block of monster `id` as the board and state have it.
pub(crate) fn body_of(fight: &Fight, ctx: Ctx, state: &AiState, id: &str) -> Option<Body> {
    let i = fight.index_of(id)?;
    Some(Body {
        corner: fight.board.creatures[i].position,
        size: ctx.t.size,
        facing: state.monsters.get(id).map(|m| m.facing).unwrap_or_default(),
    })
}

/// The rules in force for monster `id`: its type's cards in play (an overtone only while
/// it holds a token) and a face-up duration.
pub(crate) fn rules_for(ctx: Ctx, state: &AiState, id: &str) -> Vec<Rule> {
    let Some(deck) = state.decks.get(&ctx.t.name) else {
        return Vec::new();
    };
    let token = state.monsters.get(id).is_some_and(|m| m.overtone);
    let mut rules = Vec::new();
    for name in &deck.in_play {
        if let Some(c) = ctx.t.card(name)
            && (c.kind != CardKind::Overtone || token)
        {
            rules.extend(&c.rules);
        }
    }
    if let Some(c) = deck.face_up.as_ref().and_then(|f| ctx.t.card(&f.card))
        && c.kind == CardKind::Duration
    {
        rules.extend(&c.rules);
    }
    rules
}

/// What the rules in force add to movement, speed, damage and accuracy.
#[derive(Clone, Copy, Debug, Default)]
struct Modifiers {
    movement: i32,
    speed: i32,
    damage: i32,
    accuracy: i32,
}

/// The most speed dice one attack rolls (docs/board.md, "Limits"); the shipped cards and
/// the state's limits stay far below it, so only many stacked speed rules reach it.
const MAX_SPEED_DICE: i64 = 1000;

fn modifiers(rules: &[Rule]) -> Modifiers {
    let mut m = Modifiers::default();
    for r in rules {
        match *r {
            Rule::Movement(n) => m.movement = m.movement.saturating_add(n),
            Rule::Speed(n) => m.speed = m.speed.saturating_add(n),
            Rule::Damage(n) => m.damage = m.damage.saturating_add(n),
            Rule::Accuracy(n) => m.accuracy = m.accuracy.saturating_add(n),
            Rule::NoDraws => {}
        }
    }
    m
}

/// Its movement now.
pub(crate) fn movement(ctx: Ctx, state: &AiState, id: &str) -> u32 {
    let m = modifiers(&rules_for(ctx, state, id));
    (i64::from(ctx.t.movement) + i64::from(m.movement)).clamp(0, i64::from(u32::MAX)) as u32
}

/// Builds the type's deck the first time it is needed (the showdown starts: every
/// survivor gains the level's status cards), and gives Life to its monsters that lack it.
pub(crate) fn ensure_deck(world: &mut World, t: &AiType) {
    let mut st = state::read(world.fight());
    let mut changed = false;
    let starts = !st.decks.contains_key(&t.name);
    if starts {
        let level = st.level;
        let built = deck::build(t, level, world.rng());
        let first = monsters_of(world, &t.name, None)
            .into_iter()
            .next()
            .unwrap_or_else(|| t.name.clone());
        let specials = if built.in_play.is_empty() {
            String::new()
        } else {
            format!("; in play: {}", built.in_play.join(", "))
        };
        note(
            world,
            &first,
            format!(
                "builds the {} AI deck for level {level}: {} card{}{specials}",
                t.name,
                built.deck.len(),
                plural(built.deck.len())
            ),
        );
        st.decks.insert(t.name.clone(), built);
        changed = true;
    }
    if let Some(life) = deck::starting_life(t, st.level) {
        for id in monsters_of(world, &t.name, None) {
            let m = st.monsters.entry(id).or_default();
            if m.life.is_none() {
                m.life = Some(life);
                m.life_start = Some(life);
                changed = true;
            }
        }
    }
    if changed {
        state::write(world, &st);
    }
    if starts {
        status::start(world, t, st.level);
    }
}

/// Monster `id`'s turn.
pub(crate) fn take_turn(world: &mut World, ctx: Ctx, id: &str) {
    ensure_deck(world, ctx.t);
    let watching = watches(world, ctx, id);
    status_watches(world, ctx, id);
    let st = state::read(world.fight());
    if !world.alive(id) {
        return;
    }
    if rules_for(ctx, &st, id).contains(&Rule::NoDraws) {
        if let Some(card) = watching.first() {
            note(
                world,
                id,
                format!("draws no AI card: \"{card}\" in play replaces its draws"),
            );
            return;
        }
        let told =
            "draws no AI card while a card in play forbids it, and performs its basic action";
        basic_action(world, ctx, id, told, "draws forbidden");
        return;
    }
    let mut plays = 0;
    draw_and_play(world, ctx, id, &mut plays);
}

/// The triggered actions of the type's cards in play that watch a condition (an
/// overtone's only while the monster holds a token): each survivor meeting the condition
/// now, in board order, suffers the actions. Returns the names of those cards.
fn watches(world: &mut World, ctx: Ctx, id: &str) -> Vec<String> {
    let st = state::read(world.fight());
    let token = st.monsters.get(id).is_some_and(|m| m.overtone);
    let in_play = st
        .decks
        .get(&ctx.t.name)
        .map(|d| d.in_play.clone())
        .unwrap_or_default();
    let mut names = Vec::new();
    for card in in_play.iter().filter_map(|n| ctx.t.card(n)) {
        let Some(watch) = &card.watch else { continue };
        if card.kind == CardKind::Overtone && !token {
            continue;
        }
        names.push(card.name.clone());
        if !world.alive(id) {
            continue;
        }
        let st = state::read(world.fight());
        let Some(scene) = scene_of(world.fight(), ctx, &st, id, card.shape.as_ref()) else {
            continue;
        };
        let mut cond = watch.condition.clone();
        cond.choose = Choose::Every;
        let found = pick(world, &scene, std::slice::from_ref(&cond));
        let ids = ids_of(world, &found);
        if ids.is_empty() {
            note(
                world,
                id,
                format!(
                    "\"{}\" in play: no survivor meets `{}`",
                    card.name, cond.text
                ),
            );
        }
        for who in ids {
            if !world.alive(id) {
                break;
            }
            note(
                world,
                id,
                format!(
                    "\"{}\" in play: {} meets `{}`, so it acts",
                    card.name,
                    world.name(&who),
                    cond.text
                ),
            );
            let play = Play {
                targets: std::slice::from_ref(&who),
                tokens: 0,
                shape: card.shape.as_ref(),
            };
            perform_steps(world, ctx, id, &watch.steps, &play);
        }
    }
    names
}

/// The survivor status cards of the type that watch a condition: each survivor holding
/// one (in board order, its cards in the order it gained them) who meets the card's
/// condition now suffers the card's triggered actions, done by monster `id`.
fn status_watches(world: &mut World, ctx: Ctx, id: &str) {
    let watching = |c: &Card| c.kind == CardKind::Status && c.watch.is_some();
    if !ctx.t.cards.iter().any(watching) {
        return;
    }
    let st = state::read(world.fight());
    let mut due = Vec::new();
    for who in survivors(world.fight()) {
        let c = &world.fight().board.creatures[who];
        let Some(facts) = st.survivors.get(&c.id) else {
            continue;
        };
        for h in facts.status_cards.iter().filter(|h| h.of == ctx.t.name) {
            if let Some(card) = ctx.t.card(&h.card).filter(|k| k.watch.is_some()) {
                due.push((c.id.clone(), card));
            }
        }
    }
    for (who, card) in due {
        let Some(watch) = &card.watch else { continue };
        if !world.alive(id) || !world.alive(&who) {
            continue;
        }
        let st = state::read(world.fight());
        if !st
            .survivors
            .get(&who)
            .is_some_and(|f| f.holds(&card.name, &ctx.t.name))
        {
            continue;
        }
        let Some(scene) = scene_of(world.fight(), ctx, &st, id, card.shape.as_ref()) else {
            continue;
        };
        let Some(i) = world.idx(&who) else { continue };
        let meets = scene.meets_all(world.fight(), i, &watch.condition.filters);
        let detail = if meets {
            format!(
                "{}'s status card \"{}\": {} meets `{}`, so it acts",
                world.name(&who),
                card.name,
                world.name(&who),
                watch.condition.text
            )
        } else {
            format!(
                "{}'s status card \"{}\": {} does not meet `{}`",
                world.name(&who),
                card.name,
                world.name(&who),
                watch.condition.text
            )
        };
        note(world, id, detail);
        if meets {
            let play = Play {
                targets: std::slice::from_ref(&who),
                tokens: 0,
                shape: card.shape.as_ref(),
            };
            perform_steps(world, ctx, id, &watch.steps, &play);
        }
    }
}

/// The monster performs its basic action instead of a card (`told`: why, for people;
/// `why`: the same as the note's fact).
fn basic_action(world: &mut World, ctx: Ctx, id: &str, told: &str, why: &str) {
    let fact = Fact::BasicAction { why: why.into() };
    note_fact(world, id, told, Some(fact));
    let routine = ctx.t.basic_action.clone();
    perform_routine(world, ctx, id, &routine, 0);
}

/// Draws the next card and plays it (and whatever it calls for after).
fn draw_and_play(world: &mut World, ctx: Ctx, id: &str, plays: &mut u32) {
    *plays += 1;
    if *plays > MAX_PLAYS {
        note(
            world,
            id,
            format!("stops drawing: {MAX_PLAYS} cards played this turn"),
        );
        return;
    }
    let mut st = state::read(world.fight());
    let mut deck = st.decks.remove(&ctx.t.name).unwrap_or_default();
    let what = format!("{}'s AI card", world.name_of(id));
    let drawn = deck::draw(&mut deck, world, &what);
    // A duration drawn face up stays face up (its rules in force) until it is discarded.
    if let Drawn::FaceUp(f) = &drawn
        && ctx
            .t
            .card(&f.card)
            .is_some_and(|c| c.kind == CardKind::Duration)
    {
        deck.face_up = Some(f.clone());
    }
    st.decks.insert(ctx.t.name.clone(), deck);
    state::write(world, &st);
    match drawn {
        Drawn::Nothing => {
            let told =
                "has no AI card in its deck or discard pile, so it performs its basic action";
            basic_action(world, ctx, id, told, "no cards");
        }
        Drawn::Card {
            name,
            reshuffled,
            entered,
        } => {
            note_reshuffle(world, id, reshuffled);
            let how = if entered { ENTERED_DRAW } else { "draws" };
            if let Some(card) = ctx.t.card(&name) {
                play_card(world, ctx, id, card, false, 0, how, plays);
            }
        }
        Drawn::FaceUp(f) => {
            if let Some(card) = ctx.t.card(&f.card) {
                play_card(world, ctx, id, card, true, f.tokens, "draws", plays);
            }
        }
    }
}

/// How a card the players drew from their own deck came to be played (told as drawn,
/// with `entered`).
const ENTERED_DRAW: &str = "draws (entered)";

/// Plays `card` (`face_up`: drawn from its face-up place on the deck, holding `tokens`).
#[allow(clippy::too_many_arguments)]
fn play_card(
    world: &mut World,
    ctx: Ctx,
    id: &str,
    card: &Card,
    face_up: bool,
    tokens: u32,
    how: &str,
    plays: &mut u32,
) {
    let face = match (card.kind, face_up) {
        (CardKind::Duration, false) => "face down",
        (_, true) => "face up",
        _ => "",
    };
    let entered = how == ENTERED_DRAW;
    world.emit(Event::system(AiEvent::AiCard {
        monster: id.to_string(),
        card: card.name.clone(),
        card_type: card.kind.word().to_string(),
        face: face.to_string(),
        how: if entered { "draws" } else { how }.to_string(),
        entered,
    }));
    let next = tokens.saturating_add(1).min(state::MAX_CARD_TOKENS);
    let tokens = if card.kind == CardKind::Repeat {
        note(
            world,
            id,
            format!("\"{}\" gains a token ({} now)", card.name, next),
        );
        next
    } else {
        tokens
    };
    let steps = if card.kind == CardKind::Duration && face_up {
        &card.face_up
    } else {
        &card.front.steps
    };
    let mut no_target = false;
    let mut again = false;
    if card.kind == CardKind::Harmony {
        let mut left = monsters_of(world, &ctx.t.name, None);
        while !left.is_empty() {
            let k = world.tie("the order of the harmony", &left);
            let who = left.remove(k);
            note(
                world,
                &who,
                format!("performs the harmony \"{}\"", card.name),
            );
            let out = perform_card(world, ctx, &who, card, steps, tokens);
            again |= out.draw;
        }
    } else {
        let out = perform_card(world, ctx, id, card, steps, tokens);
        no_target = out.no_target;
        again = out.draw;
    }
    dispose(world, ctx, id, card, face_up, tokens, no_target);
    if card.kind == CardKind::Relentless && !no_target && world.alive(id) {
        relentless(world, ctx, id, plays);
    }
    if again && world.alive(id) {
        draw_and_play(world, ctx, id, plays);
    }
}

/// After a relentless card: with a threat in view, the next card is revealed, and played
/// if it is relentless too.
fn relentless(world: &mut World, ctx: Ctx, id: &str, plays: &mut u32) {
    let st = state::read(world.fight());
    let Some(scene) = scene_of(world.fight(), ctx, &st, id, None) else {
        return;
    };
    let fight = world.fight();
    let seen = survivors(fight).into_iter().any(|i| {
        is_threat(&scene, fight, i)
            && scene
                .body
                .in_field_of_view(fight, fight.board.creatures[i].position)
    });
    if !seen {
        note(world, id, "sees no threat, so it reveals no further card");
        return;
    }
    let deck = st.decks.get(&ctx.t.name).cloned().unwrap_or_default();
    let top = match (&deck.face_up, deck.deck.first()) {
        (Some(f), _) => f.card.clone(),
        (None, Some(n)) => n.clone(),
        (None, None) => {
            note(
                world,
                id,
                "sees a threat, but its AI deck is empty: nothing to reveal",
            );
            return;
        }
    };
    let relentless_too = deck.face_up.is_none()
        && ctx
            .t
            .card(&top)
            .is_some_and(|c| c.kind == CardKind::Relentless);
    if !relentless_too {
        note(
            world,
            id,
            format!(
                "sees a threat and reveals \"{top}\", which is not relentless: it stays on top of the deck"
            ),
        );
        return;
    }
    *plays += 1;
    if *plays > MAX_PLAYS {
        return;
    }
    let mut st = st;
    if let Some(d) = st.decks.get_mut(&ctx.t.name) {
        d.deck.remove(0);
    }
    state::write(world, &st);
    if let Some(card) = ctx.t.card(&top) {
        play_card(world, ctx, id, card, false, 0, "reveals and plays", plays);
    }
}

/// Where the card goes once played.
fn dispose(
    world: &mut World,
    ctx: Ctx,
    id: &str,
    card: &Card,
    face_up: bool,
    tokens: u32,
    no_target: bool,
) {
    let mut st = state::read(world.fight());
    let others = monsters_of(world, &ctx.t.name, None);
    let deck = st.decks.entry(ctx.t.name.clone()).or_default();
    let name = card.name.clone();
    let mut granted = None;
    let (detail, to) = if no_target {
        if face_up && card.kind == CardKind::Duration {
            deck.face_up = None;
        }
        deck.discard.push(name.clone());
        (format!("\"{name}\" goes to the discard pile"), "discard")
    } else {
        match card.kind {
            // A status card never lies in the deck (`check` refuses it there).
            CardKind::Normal | CardKind::Relentless | CardKind::Harmony | CardKind::Status => {
                deck.discard.push(name.clone());
                (format!("\"{name}\" goes to the discard pile"), "discard")
            }
            CardKind::Mood | CardKind::Trait => {
                if !deck.in_play.contains(&name) {
                    deck.in_play.push(name.clone());
                    granted = card.life;
                }
                (format!("\"{name}\" stays in play"), "in play")
            }
            CardKind::Overtone => {
                if !deck.in_play.contains(&name) {
                    deck.in_play.push(name.clone());
                    granted = card.life;
                }
                let mut given = Vec::new();
                for m in &others {
                    let f = st.monsters.entry(m.clone()).or_default();
                    if !f.overtone {
                        f.overtone = true;
                        given.push(m.clone());
                    }
                }
                let detail = format!(
                    "\"{name}\" stays in play; overtone tokens go to {}",
                    if given.is_empty() {
                        "no one new".to_string()
                    } else {
                        given.join(", ")
                    }
                );
                (detail, "in play")
            }
            CardKind::Duration if !face_up => {
                deck.face_up = Some(FaceUp {
                    card: name.clone(),
                    tokens: 0,
                });
                let detail = format!(
                    "\"{name}\" lies face up on top of the AI deck until it is drawn again"
                );
                (detail, "face up")
            }
            CardKind::Duration => {
                deck.face_up = None;
                deck.discard.push(name.clone());
                (format!("\"{name}\" goes to the discard pile"), "discard")
            }
            CardKind::Repeat => {
                deck.face_up = Some(FaceUp {
                    card: name.clone(),
                    tokens,
                });
                let detail = format!(
                    "\"{name}\" goes back face up on top of the AI deck with {tokens} token{}",
                    if tokens == 1 { "" } else { "s" }
                );
                (detail, "face up")
            }
        }
    };
    let mut life_notes = Vec::new();
    if let Some(n) = granted {
        for m in &others {
            let f = st.monsters.entry(m.clone()).or_default();
            let (now, start) = match (f.life, f.life_start) {
                (Some(l), s) => (l.saturating_add(n), s.unwrap_or(l).saturating_add(n)),
                (None, _) => (n, n),
            };
            let cap = state::MAX_LIFE;
            f.life = Some(now.min(cap));
            f.life_start = Some(start.min(cap));
            life_notes.push((m.clone(), now.min(cap), start.min(cap)));
        }
    }
    state::write(world, &st);
    let fact = Fact::CardPlaced {
        card: name.clone(),
        to: to.into(),
    };
    note_fact(world, id, detail, Some(fact));
    for (m, now, start) in life_notes {
        note(
            world,
            &m,
            format!(
                "\"{name}\" gives it Life {}: Life {now}/{start}",
                granted.unwrap_or(0)
            ),
        );
    }
}

/// What performing a card's front did.
struct Outcome {
    no_target: bool,
    draw: bool,
}

/// What the actions of one play are performed with: the targets (several for a zone),
/// the repeat card's tokens and the card's drawn shape.
struct Play<'a> {
    targets: &'a [String],
    tokens: u32,
    shape: Option<&'a Shape>,
}

/// The scene of monster `id` now, for pick-target terms and conditions.
pub(crate) fn scene_of<'s>(
    fight: &Fight,
    ctx: Ctx<'s>,
    st: &'s AiState,
    id: &'s str,
    shape: Option<&'s Shape>,
) -> Option<Scene<'s>> {
    Some(Scene {
        id,
        body: body_of(fight, ctx, st, id)?,
        movement: movement(ctx, st, id),
        state: st,
        shape,
        kind: &ctx.t.name,
        decks: ctx.decks,
    })
}

/// The ids of the creatures at these indices.
fn ids_of(world: &World, found: &[usize]) -> Vec<String> {
    found
        .iter()
        .map(|&i| world.fight().board.creatures[i].id.clone())
        .collect()
}

/// Picks the card's targets and performs `steps` (or the persistent injury that
/// replaces them; or, with no target, the no-target rule).
fn perform_card(
    world: &mut World,
    ctx: Ctx,
    id: &str,
    card: &Card,
    steps: &[Step],
    tokens: u32,
) -> Outcome {
    let shape = card.shape.as_ref();
    let targets = if card.front.pick.is_empty() {
        Vec::new()
    } else {
        let st = state::read(world.fight());
        let Some(scene) = scene_of(world.fight(), ctx, &st, id, shape) else {
            return Outcome {
                no_target: false,
                draw: false,
            };
        };
        let found = pick(world, &scene, &card.front.pick);
        if found.is_empty() {
            let (what, instead) = match card.no_target {
                NoTarget::Instinct => ("performs its instinct", "instinct"),
                NoTarget::BasicAction => ("performs its basic action", "basic action"),
                NoTarget::Nothing => ("does nothing more", "nothing"),
            };
            note_fact(
                world,
                id,
                format!(
                    "no survivor meets any condition of \"{}\": the card is discarded and it {what}",
                    card.name
                ),
                Some(Fact::NoTarget {
                    card: card.name.clone(),
                    instead: instead.into(),
                }),
            );
            let routine = match card.no_target {
                NoTarget::Instinct => ctx.t.instinct.clone(),
                NoTarget::BasicAction => ctx.t.basic_action.clone(),
                NoTarget::Nothing => Routine::default(),
            };
            perform_routine(world, ctx, id, &routine, 0);
            return Outcome {
                no_target: true,
                draw: false,
            };
        }
        ids_of(world, &found)
    };
    let play = Play {
        targets: &targets,
        tokens,
        shape,
    };
    let st = state::read(world.fight());
    let injuries = &st
        .decks
        .get(&ctx.t.name)
        .map(|d| d.injuries.clone())
        .unwrap_or_default();
    if let Some((injury, step)) = card.injuries.iter().find(|(n, _)| injuries.contains(n)) {
        note(
            world,
            id,
            format!("suffers the persistent injury \"{injury}\": it replaces the card's actions"),
        );
        let draw = perform_steps(world, ctx, id, std::slice::from_ref(step), &play);
        return Outcome {
            no_target: false,
            draw,
        };
    }
    let draw = perform_steps(world, ctx, id, steps, &play);
    Outcome {
        no_target: false,
        draw,
    }
}

/// The basic action or instinct: its own pick (no one picked: the target-free steps
/// only).
fn perform_routine(world: &mut World, ctx: Ctx, id: &str, routine: &Routine, tokens: u32) -> bool {
    let st = state::read(world.fight());
    let Some(scene) = scene_of(world.fight(), ctx, &st, id, None) else {
        return false;
    };
    let found = pick(world, &scene, &routine.pick);
    if found.is_empty() && !routine.pick.is_empty() {
        note(world, id, "finds no target");
    }
    let targets = ids_of(world, &found);
    let play = Play {
        targets: &targets,
        tokens,
        shape: None,
    };
    perform_steps(world, ctx, id, &routine.steps, &play)
}

/// Performs the steps in order; true when one asks for another card. An action that
/// needs a target is performed against each target in turn; the others once.
fn perform_steps(world: &mut World, ctx: Ctx, id: &str, steps: &[Step], play: &Play) -> bool {
    let mut draw = false;
    for step in steps {
        if !world.alive(id) {
            break;
        }
        let needs_target = matches!(
            step.action,
            Action::Attack(..)
                | Action::Intimidate(..)
                | Action::Move
                | Action::Materialize
                | Action::Effect(_)
                | Action::Basic
        );
        if !needs_target {
            if let Some(g) = &step.guard
                && !play
                    .targets
                    .iter()
                    .any(|t| guard_holds(world, ctx, id, g, t, play.shape))
            {
                note(
                    world,
                    id,
                    format!("skips `{}`: its condition does not hold", step.text),
                );
                continue;
            }
            match &step.action {
                Action::Draw => {
                    note(world, id, "will draw another AI card once this one is done");
                    draw = true;
                }
                Action::Flow => note(
                    world,
                    id,
                    "pauses (a flow): a survival opportunity for the players",
                ),
                Action::Alert(text) => note(world, id, format!("alert: {text}")),
                Action::End(text) => {
                    let text = if text.is_empty() {
                        String::new()
                    } else {
                        format!("alert: {text}; ")
                    };
                    note(world, id, format!("{text}the card ends here"));
                    break;
                }
                Action::Shuffle => shuffle(world, ctx, id),
                Action::Collateral(c) => collateral(world, ctx, id, c, play),
                _ => {}
            }
            continue;
        }
        let alive: Vec<&String> = play.targets.iter().filter(|t| world.alive(t)).collect();
        if alive.is_empty() {
            world.emit(Event::ActionSkipped {
                creature: id.to_string(),
                action: step.text.clone(),
                reason: "it has no target".into(),
            });
            continue;
        }
        for t in alive {
            if !world.alive(id) || !world.alive(t) {
                continue;
            }
            if let Some(g) = &step.guard
                && !guard_holds(world, ctx, id, g, t, play.shape)
            {
                let whom = if play.targets.len() > 1 {
                    format!(" for {}", world.name(t))
                } else {
                    String::new()
                };
                note(
                    world,
                    id,
                    format!("skips `{}`{whom}: its condition does not hold", step.text),
                );
                continue;
            }
            perform_on(world, ctx, id, t, step, play.tokens);
        }
    }
    draw
}

/// One action that needs a target, against `t`.
fn perform_on(world: &mut World, ctx: Ctx, id: &str, t: &str, step: &Step, tokens: u32) {
    match &step.action {
        Action::Attack(how, attack) => {
            approach(world, ctx, id, t, *how);
            attack_with(world, ctx, id, t, *how, attack, tokens, &step.text);
        }
        Action::Intimidate(how, brain) => {
            approach(world, ctx, id, t, *how);
            note(
                world,
                t,
                format!(
                    "is intimidated by {} and suffers {brain} brain damage (not an attack: no dodging)",
                    world.name(id)
                ),
            );
        }
        Action::Move => approach(world, ctx, id, t, Approach::Close),
        Action::Materialize => approach(world, ctx, id, t, Approach::Materialize),
        Action::Effect(e) => apply_effect(world, ctx.t, t, e),
        Action::Basic => {
            note(
                world,
                id,
                format!("performs its basic action against {}", world.name(t)),
            );
            let steps = ctx.t.basic_action.steps.clone();
            let target = [t.to_string()];
            let play = Play {
                targets: &target,
                tokens: 0,
                shape: None,
            };
            perform_steps(world, ctx, id, &steps, &play);
        }
        _ => {}
    }
}

/// Collateral damage: every survivor in the zone now who is not a target of the card.
fn collateral(world: &mut World, ctx: Ctx, id: &str, c: &Collateral, play: &Play) {
    let st = state::read(world.fight());
    let Some(scene) = scene_of(world.fight(), ctx, &st, id, play.shape) else {
        return;
    };
    let fight = world.fight();
    let reached: Vec<String> = survivors(fight)
        .into_iter()
        .filter(|&i| scene.meets_all(fight, i, &c.zone))
        .map(|i| fight.board.creatures[i].id.clone())
        .filter(|who| !play.targets.contains(who))
        .collect();
    if reached.is_empty() {
        note(world, id, "its collateral damage reaches no one");
        return;
    }
    let names: Vec<String> = reached.iter().map(|r| world.name(r)).collect();
    note(
        world,
        id,
        format!(
            "its collateral damage reaches {} (not targets)",
            names.join(", ")
        ),
    );
    for who in &reached {
        if !world.alive(who) {
            continue;
        }
        match &c.blow {
            Blow::Damage(damage) => hit(world, ctx, id, who, *damage),
            Blow::Effect(e) => apply_effect(world, ctx.t, who, e),
        }
    }
}

fn guard_holds(
    world: &World,
    ctx: Ctx,
    id: &str,
    g: &Guard,
    t: &str,
    shape: Option<&Shape>,
) -> bool {
    let st = state::read(world.fight());
    let (Some(scene), Some(i)) = (scene_of(world.fight(), ctx, &st, id, shape), world.idx(t))
    else {
        return false;
    };
    let cell = world.fight().board.creatures[i].position;
    let facts = st.survivors.get(t).cloned().unwrap_or_default();
    match g {
        Guard::Adjacent => scene.body.adjacent(world.fight(), cell),
        Guard::KnockedDown => facts.knocked_down,
        Guard::Deaf => facts.deaf,
        Guard::InBlindSpot => scene.in_blind_spot(cell),
        Guard::Has(k) => facts.tokens(k) > 0,
        Guard::Holds(card) => facts.holds(card, &ctx.t.name),
    }
}

/// Deck manipulation: refused while a duration or repeat card lies face up.
fn shuffle(world: &mut World, ctx: Ctx, id: &str) {
    let mut st = state::read(world.fight());
    let Some(deck) = st.decks.get_mut(&ctx.t.name) else {
        return;
    };
    if let Some(f) = &deck.face_up {
        let why = format!(
            "the AI deck is not shuffled: \"{}\" lies face up on it",
            f.card
        );
        note(world, id, why);
        return;
    }
    world.rng().shuffle(&mut deck.deck);
    state::write(world, &st);
    note(world, id, "shuffles its AI deck");
}

/// Moves monster `id` for an action toward `target` (`how`), then turns to face it.
fn approach(world: &mut World, ctx: Ctx, id: &str, target: &str, how: Approach) {
    let st = state::read(world.fight());
    let (Some(me), Some(ti), Some(body)) = (
        world.idx(id),
        world.idx(target),
        body_of(world.fight(), ctx, &st, id),
    ) else {
        return;
    };
    let cell = world.fight().board.creatures[ti].position;
    if how == Approach::Materialize {
        materialize(world, (id, me, body), target, cell);
        face(world, ctx, id, target);
        return;
    }
    let fight = world.fight();
    let dest = match how {
        Approach::Stay => None,
        Approach::Close if body.adjacent(fight, cell) => None,
        _ => {
            let occ = Occupancy::new(fight);
            let moves = movement(ctx, &st, id);
            let reach = movement::reach(fight, &occ, me, body.size, moves);
            let at = |corner| Body { corner, ..body };
            // Among equally good places, one with the target straight ahead of a side
            // (not off a corner).
            let straight = |c| {
                let b = at(c);
                u32::from(
                    !b.facing_toward(cell)
                        .is_some_and(|f| Body { facing: f, ..b }.straight_ahead(cell)),
                )
            };
            match how {
                Approach::Range(r) => movement::best_corner(
                    fight,
                    &reach,
                    moves,
                    // Nearest to `r` spaces among the places it could shoot from (in
                    // range and seeing the target), any place only when none is.
                    &|c| {
                        let b = at(c);
                        let d = b.distance(fight, cell);
                        let shoots = d <= r && b.cells().any(|x| sees(fight, x, cell));
                        u32::from(!shoots) * 1000 + d.abs_diff(r) * 2 + u32::from(d > r)
                    },
                    &straight,
                ),
                _ => {
                    let goal = movement::steps_to_adjacent(fight, &occ, me, body.size, cell);
                    movement::best_corner(
                        fight,
                        &reach,
                        moves,
                        &|c| match goal[fight.grid().index(c)] {
                            Some(s) => s,
                            None => 100_000 + at(c).distance(fight, cell),
                        },
                        &straight,
                    )
                }
            }
            .map(|c| reach.path(fight, c))
        }
    };
    if let Some(path) = dest.filter(|p| !p.is_empty()) {
        world.move_along(id, &path, MoveCause::Walk);
    }
    // An action that does not move the monster does not turn it either.
    if how != Approach::Stay {
        face(world, ctx, id, target);
    }
}

/// Places monster `id` next to `target` without walking: among the free places next to
/// it, one with the target straight ahead, then the nearest to where it stood, then in
/// reading order. Already next to it, it stays.
fn materialize(world: &mut World, (id, me, body): (&str, usize, Body), target: &str, cell: Cell) {
    let fight = world.fight();
    if body.adjacent(fight, cell) {
        let told = format!(
            "is already next to {}: it does not move",
            world.name(target)
        );
        note(world, id, told);
        return;
    }
    let occ = Occupancy::new(fight);
    let grid = fight.grid();
    let best = movement::adjacent_places(fight, &occ, me, body.size, cell)
        .into_iter()
        .min_by_key(|&c| {
            let b = Body { corner: c, ..body };
            let straight = b
                .facing_toward(cell)
                .is_some_and(|f| Body { facing: f, ..b }.straight_ahead(cell));
            (!straight, grid.distance(body.corner, c), c)
        });
    let Some(corner) = best else {
        let told = format!(
            "finds no free place next to {} to materialize in: it stays where it is",
            world.name(target)
        );
        note(world, id, told);
        return;
    };
    let told = format!(
        "materializes next to {} without walking",
        world.name(target)
    );
    note(world, id, told);
    world.move_along(id, &[corner], MoveCause::Teleport);
}

/// Turns monster `id` to face `target`.
fn face(world: &mut World, ctx: Ctx, id: &str, target: &str) {
    let mut st = state::read(world.fight());
    let (Some(body), Some(ti)) = (body_of(world.fight(), ctx, &st, id), world.idx(target)) else {
        return;
    };
    let cell = world.fight().board.creatures[ti].position;
    if let Some(f) = body.facing_toward(cell)
        && f != body.facing
    {
        st.monsters.entry(id.to_string()).or_default().facing = f;
        state::write(world, &st);
        note(
            world,
            id,
            format!("turns to face {} ({})", world.name(target), f.word()),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn attack_with(
    world: &mut World,
    ctx: Ctx,
    id: &str,
    target: &str,
    how: Approach,
    attack: &Attack,
    tokens: u32,
    text: &str,
) {
    let st = state::read(world.fight());
    let (Some(body), Some(ti)) = (body_of(world.fight(), ctx, &st, id), world.idx(target)) else {
        return;
    };
    let fight = world.fight();
    let cell = fight.board.creatures[ti].position;
    let distance = body.distance(fight, cell);
    let reason = match how {
        Approach::Range(r) if distance > r => Some(format!(
            "{} is {distance} space{} away, beyond range {r}",
            world.name(target),
            plural(distance as usize)
        )),
        Approach::Range(_) if !body.in_field_of_view(fight, cell) => {
            Some(format!("it cannot see {}", world.name(target)))
        }
        Approach::Range(_) => None,
        _ if distance != 1 => Some(format!(
            "{} is not adjacent ({distance} spaces away)",
            world.name(target)
        )),
        _ => None,
    };
    if let Some(reason) = reason {
        world.emit(Event::ActionSkipped {
            creature: id.to_string(),
            action: text.to_string(),
            reason,
        });
        return;
    }
    let m = modifiers(&rules_for(ctx, &st, id));
    let p = attack.profile;
    let speed =
        (i64::from(p.speed.value(tokens)) + i64::from(m.speed)).clamp(1, MAX_SPEED_DICE) as u32;
    let accuracy = (i64::from(p.accuracy) + i64::from(m.accuracy)).clamp(1, 11) as u32;
    let damage = (i64::from(p.damage.value(tokens)) + i64::from(m.damage))
        .clamp(0, i64::from(u32::MAX)) as u32;
    let nothing = state::SurvivorFacts::default();
    let facts = st.survivors.get(target).unwrap_or(&nothing);
    let evasion = facts.evasion;
    // The target's status cards change its evasion.
    let held = status::rules(ctx.decks, facts);
    let modifiers: Vec<Modifier> = status::changes(&held, |r| match r {
        SurvivorRule::Evasion(n) => Some(n),
        _ => None,
    })
    .into_iter()
    .map(|(n, card)| Modifier::new("evasion", n, format!("\"{card}\"")))
    .collect();
    let (faces, entered) = super::speed::speed_roll(world, id, target, speed);
    let need = i64::from(accuracy)
        + i64::from(evasion)
        + modifiers.iter().map(Modifier::need).sum::<i64>();
    let hits = faces.iter().filter(|&&f| i64::from(f) >= need).count() as u32;
    world.emit(Event::system(AiEvent::SpeedRoll {
        attacker: id.to_string(),
        target: target.to_string(),
        faces,
        accuracy,
        evasion,
        modifiers,
        hits,
        entered,
    }));
    for _ in 0..hits {
        if !world.alive(target) {
            break;
        }
        hit(world, ctx, id, target, damage);
    }
    if !world.alive(target) {
        return;
    }
    for (trigger, effect) in &attack.effects {
        let applies = match trigger {
            Trigger::Hit => hits > 0,
            Trigger::Miss => hits == 0,
            Trigger::After => true,
        };
        if applies {
            apply_effect(world, ctx.t, target, effect);
        }
    }
}

/// An effect on survivor `target`, recorded in the state (a status card named is one of
/// type `t`'s).
fn apply_effect(world: &mut World, t: &AiType, target: &str, effect: &Effect) {
    match effect {
        Effect::KnockDown => {
            survivor_hits::knock_down(world, target, "is knocked down");
            return;
        }
        Effect::GiveStatus(card) => {
            if let Err(why) = status::give(world, target, card, &t.name, "") {
                note(world, target, why);
            }
            return;
        }
        Effect::RemoveStatus(card) => {
            if !status::take(world, target, card, &t.name, "") {
                note(
                    world,
                    target,
                    format!("holds no status card \"{card}\" to lose"),
                );
            }
            return;
        }
        _ => {}
    }
    let mut st = state::read(world.fight());
    let facts = st.survivors.entry(target.to_string()).or_default();
    let detail = match effect {
        Effect::KnockDown | Effect::GiveStatus(_) | Effect::RemoveStatus(_) => return,
        Effect::Deafen => {
            facts.deaf = true;
            "is deafened".to_string()
        }
        Effect::Tokens(kind, n) => {
            let now = facts.tokens.entry(kind.clone()).or_default();
            *now = now.saturating_add(*n).min(state::MAX_SURVIVOR_TOKENS);
            format!(
                "gains {n} {kind} token{} ({} now)",
                if *n == 1 { "" } else { "s" },
                now
            )
        }
        Effect::Brain(n) => format!("suffers {n} brain damage"),
    };
    state::write(world, &st);
    note(world, target, detail);
}

/// One hit of `damage` by monster `attacker` on survivor `target`: its location rolled
/// on the type's hit locations, told, and landed.
fn hit(world: &mut World, ctx: Ctx, attacker: &str, target: &str, damage: u32) {
    let locations = &ctx.t.hit_locations;
    let faces: Vec<String> = locations
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} {l}", i + 1))
        .collect();
    let what = format!(
        "the hit location of a hit on {} ({})",
        world.name_of(target),
        faces.join(", ")
    );
    let (roll, entered) = world.roll_die(locations.len() as u32, &what);
    let location = locations[roll as usize - 1].clone();
    world.emit(Event::system(AiEvent::HitLocation {
        attacker: attacker.to_string(),
        target: target.to_string(),
        location: location.clone(),
        roll,
        damage,
        entered,
    }));
    survivor_hits::land(world, target, &location, damage);
}

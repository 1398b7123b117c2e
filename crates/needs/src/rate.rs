//! Find the most urgent need: every action a type has is rated from what the monster
//! perceives and its own state, each with the plan its performing would follow and the
//! numbers behind the rating. The ratings use the type's priority numbers (LOW, NORMAL,
//! HIGH, HIGHEST).

use super::compile::NeedsType;
use super::num as n;
use super::perceive::{Ctx, Entity, Sense};
use super::plane::{Point, awayness, cell_of, point, point_text, straight};
use super::state::Item;
use crate::board::StatusKind;
use crate::grid::{Cell, RangeField, Terrain};
use crate::rules::attack::attack_shape;
use crate::rules::targeting::attackable;
use std::sync::Arc;

/// Which way a move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// Nothing felt: on in the remembered direction.
    Wander,
    /// Only love: toward the fear/love centre.
    Regroup,
    /// Fear outweighs hate: straight away from the fear/love centre.
    Flee,
    /// Hate: toward the hate centre.
    Advance,
}

impl Way {
    /// The action's name in narration.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Way::Wander => "wander",
            Way::Regroup => "regroup",
            Way::Flee => "flee",
            Way::Advance => "advance",
        }
    }
}

/// What performing an action would do.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Plan {
    /// Open the closed door on this cell.
    Open(Cell),
    /// Pick the lock of the door on this cell.
    Lockpick(Cell),
    /// Drop the item at this index of the state's items.
    Drop(usize),
    /// Pick up the item at this index of the state's items.
    PickUp(usize),
    /// Equip the item at this index of the state's items.
    Equip(usize),
    /// One step to one of these cells: several are equally good and the tie policy picks
    /// (a wander picks its step when performed: none).
    Step(Way, Vec<Cell>),
    /// Attack creature `id` with the type's attack at this index.
    Attack(String, usize),
    /// Several equally good plans (targets, doors, items), each with its label: the tie
    /// policy picks one when the action is performed (`first`: the first listed).
    OneOf(String, Vec<(String, Plan)>),
}

/// One plan, or the tie among several equally good ones (`what` names the choice).
fn one_of(what: &str, mut options: Vec<(String, Plan)>) -> Plan {
    if options.len() == 1 {
        options.remove(0).1
    } else {
        Plan::OneOf(what.to_string(), options)
    }
}

/// Labels joined for narration: `E2`, `E2 or E4`.
fn or_words(options: &[(String, Plan)]) -> String {
    let labels: Vec<&str> = options.iter().map(|(l, _)| l.as_str()).collect();
    labels.join(" or ")
}

/// One action's rating.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rating {
    /// The action's name (`flee`, `attack`, ...).
    pub action: &'static str,
    /// How urgent: 0 means it cannot be done.
    pub rating: f64,
    /// Why, for narration.
    pub why: String,
    /// What performing it does; none when rated 0.
    pub plan: Option<Plan>,
    /// An attack rated only because nothing else can be done (told as fighting back).
    pub fights_back: bool,
}

fn zero(action: &'static str, why: impl Into<String>) -> Rating {
    Rating {
        action,
        rating: 0.0,
        why: why.into(),
        plan: None,
        fights_back: false,
    }
}

/// Rates every action type `t` has, in the fixed order of `compile::ACTIONS`.
pub(crate) fn rate_all(ctx: &Ctx, me: usize, t: &NeedsType, sense: &Sense) -> Vec<Rating> {
    let mut out = Vec::new();
    if t.has("open") {
        out.push(rate_door(ctx, me, t, false));
    }
    if t.has("lockpick") {
        out.push(rate_door(ctx, me, t, true));
    }
    if t.has("drop") {
        out.push(rate_drop(ctx, me, t));
    }
    if t.has("pick-up") {
        out.push(rate_pick_up(ctx, me, t));
    }
    if t.has("equip") {
        out.push(rate_equip(ctx, me, t));
    }
    if t.has("move") {
        out.push(rate_move(ctx, me, t, sense));
    }
    if t.has("attack") {
        out.push(rate_attack(ctx, me, t, sense));
    }
    fight_back(ctx, me, t, sense, &mut out);
    out
}

/// Open (or lockpick): a closed (locked) door next to the monster, not behind a thin
/// wall; several such doors are a tie (reading order).
fn rate_door(ctx: &Ctx, me: usize, t: &NeedsType, locked: bool) -> Rating {
    let action = if locked { "lockpick" } else { "open" };
    let fight = ctx.fight;
    let here = fight.board.creatures[me].position;
    let doors: Vec<Cell> = fight
        .grid()
        .neighbours(here)
        .into_iter()
        .filter(|&c| {
            fight.map.terrain(c) == Terrain::ClosedDoor
                && !fight.map.thin_wall_between(here, c)
                && ctx.state.locked.contains(&c) == locked
        })
        .collect();
    let options: Vec<(String, Plan)> = doors
        .iter()
        .map(|&c| {
            let plan = if locked {
                Plan::Lockpick(c)
            } else {
                Plan::Open(c)
            };
            (c.name(), plan)
        })
        .collect();
    let (rating, level) = t.rating(action, t.priorities.normal, "NORMAL");
    match options.is_empty() {
        false => Rating {
            action,
            rating,
            why: format!(
                "a {}door at {} is next to it: {level}",
                if locked { "locked " } else { "closed " },
                or_words(&options)
            ),
            plan: Some(one_of("the door to open", options)),
            fights_back: false,
        },
        true => zero(
            action,
            format!(
                "no {}door next to it",
                if locked { "locked " } else { "closed " }
            ),
        ),
    }
}

/// Drop: when slowed, NORMAL / physical speed; the heaviest item not equipped, else the
/// heaviest equipped one (items of equal weight are a tie, in board order).
fn rate_drop(ctx: &Ctx, me: usize, t: &NeedsType) -> Rating {
    let speed = ctx.physical_speed(me, t);
    let id = &ctx.fight.board.creatures[me].id;
    if speed >= 1.0 {
        return zero("drop", format!("not slowed (physical speed {})", n(speed)));
    }
    let key = |k: usize| {
        let it = &ctx.state.items[k];
        (!it.equipped, it.weight)
    };
    let mine: Vec<usize> = (0..ctx.state.items.len())
        .filter(|&k| ctx.state.items[k].carrier.as_deref() == Some(id.as_str()))
        .collect();
    let Some(best) = mine
        .iter()
        .map(|&k| key(k))
        .max_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal))
    else {
        return zero(
            "drop",
            format!("slowed (physical speed {}) but carries nothing", n(speed)),
        );
    };
    let options = item_options(
        ctx,
        mine.into_iter().filter(|&k| key(k) == best),
        Plan::Drop,
    );
    let (level, name) = t.rating("drop", t.priorities.normal, "NORMAL");
    let rating = level / speed.max(0.01);
    Rating {
        action: "drop",
        rating,
        why: format!(
            "slowed: {name} {} / physical speed {} (HP {}, load {} of {}); drops {}",
            n(level),
            n(speed),
            n(ctx.condition(me)),
            n(ctx.load(id)),
            n(t.capacity),
            or_words(&options)
        ),
        plan: Some(one_of("the item to drop", options)),
        fights_back: false,
    }
}

/// The items at these indices as options, labelled by name.
fn item_options(
    ctx: &Ctx,
    items: impl Iterator<Item = usize>,
    plan: fn(usize) -> Plan,
) -> Vec<(String, Plan)> {
    items
        .map(|k| (ctx.state.items[k].display().to_string(), plan(k)))
        .collect()
}

/// Pick up: an item underfoot, when not slowed and the item would not slow it (several
/// such items are a tie, in board order).
fn rate_pick_up(ctx: &Ctx, me: usize, t: &NeedsType) -> Rating {
    let c = &ctx.fight.board.creatures[me];
    let speed = ctx.physical_speed(me, t);
    let here: Vec<usize> = (0..ctx.state.items.len())
        .filter(|&k| ctx.state.items[k].at == Some(c.position))
        .collect();
    if here.is_empty() {
        return zero("pick-up", "nothing lies underfoot");
    }
    if speed < 1.0 {
        return zero("pick-up", format!("slowed (physical speed {})", n(speed)));
    }
    let load = ctx.load(&c.id);
    let fits = here
        .into_iter()
        .filter(|&k| load + ctx.state.items[k].weight <= t.capacity);
    let options = item_options(ctx, fits, Plan::PickUp);
    if options.is_empty() {
        return zero("pick-up", "what lies underfoot would slow it");
    }
    let (rating, level) = t.rating("pick-up", t.priorities.normal, "NORMAL");
    Rating {
        action: "pick-up",
        rating,
        why: format!("{} lies underfoot: {level}", or_words(&options)),
        plan: Some(one_of("the item to pick up", options)),
        fights_back: false,
    }
}

/// Equip: for the first slot with nothing in it (weapon, then armour, then the other
/// slots in alphabetical order) for which it carries something, the most dangerous such
/// item (equally dangerous ones are a tie, in board order): HIGH.
fn rate_equip(ctx: &Ctx, me: usize, t: &NeedsType) -> Rating {
    let id = ctx.fight.board.creatures[me].id.as_str();
    let mine: Vec<(usize, &Item, &str)> = ctx
        .state
        .items
        .iter()
        .enumerate()
        .filter(|(_, it)| it.carrier.as_deref() == Some(id))
        .filter_map(|(k, it)| Some((k, it, it.slot()?)))
        .collect();
    let mut slots: Vec<&str> = mine.iter().map(|m| m.2).collect();
    slots.sort_by_key(|s| (slot_rank(s), *s));
    slots.dedup();
    for slot in slots {
        let in_slot = || mine.iter().filter(move |m| m.2 == slot);
        if in_slot().any(|m| m.1.equipped) {
            continue;
        }
        let Some(most) = in_slot().map(|m| m.1.danger).reduce(f64::max) else {
            continue;
        };
        let best = in_slot().filter(|m| m.1.danger == most).map(|m| m.0);
        let options = item_options(ctx, best, Plan::Equip);
        let (rating, level) = t.rating("equip", t.priorities.high, "HIGH");
        return Rating {
            action: "equip",
            rating,
            why: format!(
                "no {slot} equipped and carries {}: {level}",
                or_words(&options)
            ),
            plan: Some(one_of("the item to equip", options)),
            fights_back: false,
        };
    }
    zero("equip", "nothing to equip")
}

/// Weapons are taken up first, then armour, then the rest.
fn slot_rank(slot: &str) -> u8 {
    match slot {
        "weapon" => 0,
        "armour" => 1,
        _ => 2,
    }
}

/// Move: wander when nothing is felt (LOW); flee straight away from the fear/love centre
/// when fear outweighs hate (HIGHEST); regroup toward the fear/love centre when only love
/// is felt (NORMAL), or wander when already within `regroup` steps of it; otherwise
/// advance toward the hate centre (HIGH), or, when no step gets closer to it, toward the
/// entity it hates most. Rated 0 when no step does it.
fn rate_move(ctx: &Ctx, me: usize, t: &NeedsType, sense: &Sense) -> Rating {
    let fight = ctx.fight;
    if fight.has_status(me, StatusKind::Immobilized) {
        return zero("move", "immobilised");
    }
    if ctx.physical_speed(me, t) <= 0.0 {
        return zero("move", "physical speed 0: it cannot move");
    }
    let (fl, hate, fear) = (sense.fear_love.total, sense.hate.total, sense.fear());
    let p = &t.priorities;
    let here = fight.board.creatures[me].position;
    let grid = fight.grid();
    let reach = 2 * t.perception + 2;
    let wander = |why: String| {
        if free_steps(ctx, here).is_empty() {
            zero("wander", format!("{why}, but no step is free"))
        } else {
            let (rating, level) = t.rating("wander", p.low, "LOW");
            Rating {
                action: "wander",
                rating,
                why: format!("{why}: {level}"),
                plan: Some(Plan::Step(Way::Wander, Vec::new())),
                fights_back: false,
            }
        }
    };
    let totals = format!("fear/love {}, hate {}", n(fl), n(hate));
    if fl == 0.0 && hate == 0.0 {
        return wander(format!("nothing felt ({totals})"));
    }
    if fear > hate {
        let centre = sense.fear_love.at.expect("fear has a centre");
        let steps = flee_steps(ctx, here, centre, sense);
        let why = format!("fear {} outweighs hate {}", n(fear), n(hate));
        return if steps.is_empty() {
            zero(
                "flee",
                format!("{why}, but no step leads away: it is cornered"),
            )
        } else {
            let (rating, level) = t.rating("flee", p.highest, "HIGHEST");
            Rating {
                action: "flee",
                rating,
                why: format!(
                    "{why}: {level}, straight away from {} to {}",
                    point_text(centre),
                    or_list(&steps)
                ),
                plan: Some(Plan::Step(Way::Flee, steps)),
                fights_back: false,
            }
        };
    }
    if hate == 0.0 {
        let centre = sense.fear_love.at.expect("love has a centre");
        let goal = cell_of(&grid, centre);
        let field = walk_around(ctx, goal, here, reach);
        let dist = field.get(here);
        if dist.is_some_and(|d| d <= t.regroup) {
            return wander(format!(
                "only love ({totals}), and it is {} of {} steps from the centre {goal}",
                dist.unwrap_or(0),
                t.regroup
            ));
        }
        let steps = approach_steps(ctx, here, centre, &field);
        return if steps.is_empty() {
            zero(
                "regroup",
                format!("only love ({totals}), but no step gets closer to {goal}"),
            )
        } else {
            let (rating, level) = t.rating("regroup", p.normal, "NORMAL");
            Rating {
                action: "regroup",
                rating,
                why: format!(
                    "only love ({totals}): {level}, toward {goal} by {}",
                    or_list(&steps)
                ),
                plan: Some(Plan::Step(Way::Regroup, steps)),
                fights_back: false,
            }
        };
    }
    let centre = sense.hate.at.expect("hate has a centre");
    let goal = cell_of(&grid, centre);
    let field = walk_around(ctx, goal, here, reach);
    let steps = approach_steps(ctx, here, centre, &field);
    let why = format!("hate {} is not outweighed by fear {}", n(hate), n(fear));
    let (rating, level) = t.rating("advance", p.high, "HIGH");
    let advance = |why: String, steps: Vec<Cell>| Rating {
        action: "advance",
        rating,
        why,
        plan: Some(Plan::Step(Way::Advance, steps)),
        fights_back: false,
    };
    if !steps.is_empty() {
        return advance(
            format!("{why}: {level}, toward {goal} by {}", or_list(&steps)),
            steps,
        );
    }
    // A blended centre can lie where no step leads nearer (behind the others, in a
    // closed corner): then it makes for the one it hates most, when it can get there.
    let stuck = format!("{why}, but no step gets closer to {goal}");
    let Some(e) = sense.most_hated.map(|k| &sense.entities[k]) else {
        return zero("advance", stuck);
    };
    if e.cell == goal {
        return zero("advance", stuck);
    }
    let field = walk_around(ctx, e.cell, here, reach);
    let steps = approach_steps(ctx, here, point(&grid, e.cell), &field);
    if steps.is_empty() {
        zero(
            "advance",
            format!("{stuck}, nor to {}, whom it hates most", e.name),
        )
    } else {
        advance(
            format!(
                "{stuck}: {level}, toward {} at {}, whom it hates most, by {}",
                e.name,
                e.cell,
                or_list(&steps)
            ),
            steps,
        )
    }
}

/// A search from `goal` that must reach `here`: first no farther than the plain distance
/// plus 2, and only when walls or others make the way longer, up to `reach` (when `here`
/// is still not reached, nothing leads there).
fn widening(
    ctx: &Ctx,
    goal: Cell,
    here: Cell,
    reach: u32,
    search: impl Fn(u32) -> Arc<RangeField>,
) -> Arc<RangeField> {
    let near = ctx
        .fight
        .grid()
        .distance(goal, here)
        .saturating_add(2)
        .min(reach);
    let field = search(near);
    if field.get(here).is_some() || near == reach {
        field
    } else {
        search(reach)
    }
}

/// Steps a walker takes from `goal` (around walls, obstacles and the other creatures) out
/// to `here` (see [`widening`]).
fn walk_around(ctx: &Ctx, goal: Cell, here: Cell, reach: u32) -> Arc<RangeField> {
    let map = &ctx.fight.map;
    if let Some(crowd) = ctx.crowd {
        if let Some(field) = crowd.field(goal, here) {
            return field;
        }
        let field = widening(ctx, goal, here, reach, |limit| {
            Arc::new(map.walk_within(goal, limit, |c| crowd.taken(c)))
        });
        crowd.keep(goal, &field);
        return field;
    }
    let mut taken: Vec<Cell> = ctx
        .fight
        .board
        .creatures
        .iter()
        .map(|c| c.position)
        .filter(|&c| c != here)
        .collect();
    taken.sort_unstable();
    widening(ctx, goal, here, reach, |limit| {
        Arc::new(map.walk_within(goal, limit, |c| taken.binary_search(&c).is_ok()))
    })
}

/// Neighbouring cells a creature at `here` can step into: open terrain, no thin wall or
/// closed corner, nobody there. Reading order.
pub(crate) fn free_steps(ctx: &Ctx, here: Cell) -> Vec<Cell> {
    let fight = ctx.fight;
    fight
        .grid()
        .neighbours(here)
        .into_iter()
        .filter(|&c| {
            fight.map.step_open(here, c)
                && match ctx.crowd {
                    Some(crowd) => !crowd.taken(c),
                    None => fight.creature_at(c).is_none(),
                }
        })
        .collect()
}

/// Equal within rounding.
const EPS: f64 = 1e-9;

/// Cells for narration: `F4`, or `F4 or F5` when the tie policy is to pick.
fn or_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.name()).collect();
    names.join(" or ")
}

/// The free steps that most shorten the way (around walls and others) to the centre's
/// cell, then come nearest the centre point itself in a straight line; several when they
/// tie on both (reading order), none when no step gets closer.
fn approach_steps(ctx: &Ctx, here: Cell, centre: Point, field: &RangeField) -> Vec<Cell> {
    let grid = ctx.fight.grid();
    let Some(now) = field.get(here) else {
        return Vec::new();
    };
    let mut best: Option<(u32, f64)> = None;
    let mut out = Vec::new();
    for c in free_steps(ctx, here) {
        let Some(d) = field.get(c) else { continue };
        if d >= now {
            continue;
        }
        let e = straight(&grid, point(&grid, c), centre);
        let same = best.is_some_and(|(bd, be)| d == bd && (e - be).abs() < EPS);
        if same {
            out.push(c);
        } else if best.is_none_or(|(bd, be)| d < bd || (d == bd && e < be)) {
            best = Some((d, e));
            out = vec![c];
        }
    }
    out
}

/// The flee steps: of the free steps (leaving out those next to a creature it fears,
/// unless every free step is), the ones whose direction is closest to straight away from
/// the centre, and at most square to it (a step toward the centre is no flight). Several
/// when equally straight (reading order). When the monster stands on the centre itself,
/// straight away from the creature it fears most.
fn flee_steps(ctx: &Ctx, here: Cell, centre: Point, sense: &Sense) -> Vec<Cell> {
    let grid = ctx.fight.grid();
    let mut from = centre;
    if straight(&grid, point(&grid, here), centre) < EPS {
        match sense.most_feared {
            Some(k) => from = point(&grid, sense.entities[k].cell),
            None => return Vec::new(),
        }
    }
    let feared: Vec<Cell> = sense
        .entities
        .iter()
        .filter(|e| e.creature.is_some() && e.fear_love < 0.0)
        .map(|e| e.cell)
        .collect();
    let free = free_steps(ctx, here);
    let safe: Vec<Cell> = free
        .iter()
        .copied()
        .filter(|&c| !feared.iter().any(|&f| grid.adjacent(c, f)))
        .collect();
    let steps = if safe.is_empty() { free } else { safe };
    let mut best = -EPS;
    let mut out = Vec::new();
    for c in steps {
        let Some(a) = awayness(&grid, from, here, c) else {
            continue;
        };
        if a > best + EPS {
            best = a;
            out = vec![c];
        } else if a > best - EPS {
            out.push(c);
        }
    }
    out
}

/// Attack: the most hated creature within reach of one of its attacks (the first that
/// reaches, in file order): HIGHEST. Objects can be hated (and walked at) but not
/// attacked. Creatures hated equally most and within reach are a tie.
fn rate_attack(ctx: &Ctx, me: usize, t: &NeedsType, sense: &Sense) -> Rating {
    if sense.most_hated.is_none() {
        return zero("attack", "hates nothing it perceives");
    }
    let top = sense
        .entities
        .iter()
        .filter(|e| e.creature.is_some() && e.hate > 0.0)
        .map(|e| e.hate)
        .reduce(f64::max);
    let Some(top) = top else {
        return zero("attack", "hates no creature it perceives");
    };
    let most: Vec<&Entity> = sense
        .entities
        .iter()
        .filter(|e| e.creature.is_some() && (e.hate - top).abs() < EPS)
        .collect();
    let options: Vec<(String, Plan)> = most
        .iter()
        .filter_map(|e| {
            let ai = reaching_attack(ctx, me, t, e, e.creature?)?;
            Some((e.name.clone(), Plan::Attack(e.id.clone(), ai)))
        })
        .collect();
    let Some((_, Plan::Attack(_, ai))) = options.first() else {
        return zero(
            "attack",
            format!("{}, whom it hates most, is out of reach", most[0].name),
        );
    };
    let (rating, level) = t.rating("attack", t.priorities.highest, "HIGHEST");
    Rating {
        action: "attack",
        rating,
        why: format!(
            "{} (hate {}) is within reach of its {}: {level}",
            or_words(&options),
            n(top),
            t.attacks[*ai].name
        ),
        plan: Some(one_of("the creature to attack", options)),
        fights_back: false,
    }
}

/// The first of the type's attacks (file order) that reaches the perceived creature `j`.
fn reaching_attack(
    ctx: &Ctx,
    me: usize,
    t: &NeedsType,
    target: &Entity,
    j: usize,
) -> Option<usize> {
    let fight = ctx.fight;
    let here = fight.board.creatures[me].position;
    t.attacks.iter().position(|a| {
        let shape = attack_shape(fight.stats[me].range, &a.attack);
        // Perceived means in sight, and its distance was counted around walls.
        let reaches = target.distance <= shape.range
            || (shape.range > t.perception
                && fight
                    .map
                    .range_within(here, shape.range)
                    .get(target.cell)
                    .is_some_and(|d| d <= shape.range));
        reaches && attackable(fight, j, shape)
    })
}

/// When nothing else is rated above 0, a monster within reach of a creature it fears or
/// hates fights back (LOW): the nearest such creature (equally near ones are a tie), with
/// the first attack that reaches it. Otherwise the attack's rating stays as it was.
fn fight_back(ctx: &Ctx, me: usize, t: &NeedsType, sense: &Sense, ratings: &mut [Rating]) {
    if ratings.iter().any(|r| r.rating > 0.0) {
        return;
    }
    let Some(slot) = ratings.iter().position(|r| r.action == "attack") else {
        return;
    };
    let mut nearest: Option<u32> = None;
    let mut options: Vec<(String, Plan)> = Vec::new();
    for e in &sense.entities {
        let Some(j) = e.creature else { continue };
        if (e.fear_love >= 0.0 && e.hate <= 0.0) || nearest.is_some_and(|d| e.distance > d) {
            continue;
        }
        if let Some(ai) = reaching_attack(ctx, me, t, e, j) {
            nearest = Some(e.distance);
            options.push((e.name.clone(), Plan::Attack(e.id.clone(), ai)));
        }
    }
    let Some((_, Plan::Attack(_, ai))) = options.first() else {
        return;
    };
    ratings[slot] = Rating {
        action: "attack",
        rating: t.priorities.low,
        why: format!(
            "nothing else can be done and {} is within reach of its {}: it fights back, LOW",
            or_words(&options),
            t.attacks[*ai].name
        ),
        plan: Some(one_of("the creature to fight back at", options)),
        fights_back: true,
    };
}

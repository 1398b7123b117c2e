//! Observe and evaluate: what a need-driven monster perceives (within its perception
//! radius, counted around walls, and in sight), the help values of each creature
//! (physical condition, perceived strength, perceived danger), the fear/love and hate of
//! every perceived entity, the most feared, loved and hated one, and the fear/love and
//! hate centres built entity by entity with the seed's weighted rule.
//!
//! Entities are taken in a fixed order: nearest first, then by id. A distance of 0 (an
//! item underfoot) counts as 1.

use super::compile::{NeedsMonsters, NeedsType};
use super::crowd::Crowd;
use super::format::Mind;
use super::num as n;
use super::plane::{Point, point};
use super::state::{CHARACTER_RACE, DEFAULT_STRENGTH, Item, NeedsState};
use crate::board::Fight;
use crate::grid::Cell;
use crate::rules::targeting::sees;

/// What the monster's reasoning may read: the fight, the monster file and the items.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    /// The fight as it stands.
    pub fight: &'a Fight,
    /// The monster file's types.
    pub monsters: &'a NeedsMonsters,
    /// The system's items, locks and creature overrides.
    pub state: &'a NeedsState,
    /// What the acting monster keeps between its cycles, when it is acting.
    pub crowd: Option<&'a Crowd>,
}

impl<'a> Ctx<'a> {
    /// The need-driven type of creature `i`, if it has one.
    pub(crate) fn kind(&self, i: usize) -> Option<&'a NeedsType> {
        let kind = self.fight.board.creatures[i].kind.as_deref()?;
        self.monsters.get(kind)
    }

    /// Strength: the board's override, else its type's, else the default.
    pub(crate) fn strength(&self, i: usize) -> f64 {
        let c = &self.fight.board.creatures[i];
        self.state
            .creatures
            .get(&c.id)
            .and_then(|n| n.strength)
            .or_else(|| self.kind(i).map(|t| t.strength))
            .unwrap_or(DEFAULT_STRENGTH)
    }

    /// Race: the board's override, else its type's, else `character`.
    pub(crate) fn race(&self, i: usize) -> &'a str {
        let c = &self.fight.board.creatures[i];
        if let Some(r) = self
            .state
            .creatures
            .get(&c.id)
            .and_then(|n| n.race.as_deref())
        {
            return r;
        }
        match self.kind(i) {
            Some(t) => &t.race,
            None => CHARACTER_RACE,
        }
    }

    /// Physical condition: HP over max HP.
    pub(crate) fn condition(&self, i: usize) -> f64 {
        let max = self.fight.stats[i].max_hp.max(1);
        f64::from(self.fight.board.creatures[i].hp) / f64::from(max)
    }

    /// Perceived strength: strength × physical condition.
    pub(crate) fn perceived_strength(&self, i: usize) -> f64 {
        self.strength(i) * self.condition(i)
    }

    /// The danger type `t` sees in what creature `j` has equipped (see
    /// [`NeedsType::recognises`]).
    pub(crate) fn seen_danger(&self, t: &NeedsType, j: usize) -> f64 {
        if let Some(seen) = self
            .crowd
            .filter(|c| c.fits(self.fight))
            .and_then(|c| c.danger(j))
        {
            return seen;
        }
        self.carried(&self.fight.board.creatures[j].id)
            .filter(|it| it.equipped && t.recognises(it))
            .map(|it| it.danger)
            .sum()
    }

    /// The items creature `id` carries, in board order.
    pub(crate) fn carried(&self, id: &'a str) -> impl Iterator<Item = &'a Item> + 'a {
        self.state
            .items
            .iter()
            .filter(move |it| it.carrier.as_deref() == Some(id))
    }

    /// The weight creature `id` carries.
    pub(crate) fn load(&self, id: &str) -> f64 {
        self.carried(id).map(|it| it.weight).sum()
    }

    /// Physical speed: 1 normal, below 1 slowed, 0 unable to move. Below half its HP a
    /// creature slows in proportion (2 × condition); carrying more than its capacity
    /// slows it by capacity / load.
    pub(crate) fn physical_speed(&self, i: usize, t: &NeedsType) -> f64 {
        let hurt = (2.0 * self.condition(i)).clamp(0.0, 1.0);
        let load = self.load(&self.fight.board.creatures[i].id);
        let burden = if load <= t.capacity {
            1.0
        } else {
            t.capacity / load
        };
        hurt * burden
    }
}

/// One perceived entity and how the monster feels about it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entity {
    /// The creature's or item's id.
    pub id: String,
    /// Its name for narration.
    pub name: String,
    /// Where it is.
    pub cell: Cell,
    /// Steps away, around walls.
    pub distance: u32,
    /// The creature's index, for creatures.
    pub creature: Option<usize>,
    /// Fear/love at this distance (negative: fear).
    pub fear_love: f64,
    /// Hate at this distance.
    pub hate: f64,
    /// The numbers behind the values, for `--explain`.
    pub detail: String,
}

/// A running weighted centre, moved entity by entity as the seed describes: the first
/// entity places it; each further one moves it toward the entity by min(|total|,
/// |value|) / max(|total|, |value|), the total already including the entity (which puts
/// two equal entities' centre at their midpoint, as the seed's picture shows).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Centre {
    /// The running total of the values added.
    pub total: f64,
    /// Where the centre stands; none before the first entity.
    pub at: Option<Point>,
}

impl Centre {
    /// Adds an entity's value at point `p` to the total and moves the centre toward it.
    pub(crate) fn add(&mut self, p: Point, value: f64) {
        self.total += value;
        match self.at {
            None => self.at = Some(p),
            Some((x, y)) => {
                let (a, b) = (self.total.abs(), value.abs());
                let (lo, hi) = (a.min(b), a.max(b));
                if hi > 0.0 {
                    let f = lo / hi;
                    self.at = Some((x + (p.0 - x) * f, y + (p.1 - y) * f));
                }
            }
        }
    }
}

/// Everything one observation found.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Sense {
    /// In the order they were taken.
    pub entities: Vec<Entity>,
    /// The fear/love total and centre.
    pub fear_love: Centre,
    /// The hate total and centre.
    pub hate: Centre,
    /// The entity feared most (index into `entities`).
    pub most_feared: Option<usize>,
    /// The entity loved most.
    pub most_loved: Option<usize>,
    /// The entity hated most.
    pub most_hated: Option<usize>,
}

impl Sense {
    /// The total fear (a positive number) when fear/love is negative, else 0.
    pub(crate) fn fear(&self) -> f64 {
        (-self.fear_love.total).max(0.0)
    }
}

/// `x / d^falloff`, with d at least 1.
fn over(x: f64, d: u32, falloff: f64) -> f64 {
    x / f64::from(d.max(1)).powf(falloff)
}

/// A perceived creature (its index) or item.
#[derive(Clone, Copy)]
enum Found<'a> {
    Creature(usize),
    Item(&'a Item),
}

/// The most entities a monster weighs at once: the nearest it perceives (by distance, then
/// id). It bounds the work of a crowded board (every cycle of every monster would weigh
/// every other creature) and is more than a hand-sized board ever shows.
pub(crate) const ATTENTION: usize = 32;

/// What monster `me` (of type `t`) perceives and feels now: the [`ATTENTION`] nearest
/// entities in its perception and in sight. `explain` builds the text behind each value
/// (`--explain`'s lines); without it `Entity::detail` stays empty.
pub(crate) fn perceive(ctx: &Ctx, me: usize, t: &NeedsType, explain: bool) -> Sense {
    let fight = ctx.fight;
    let here = fight.board.creatures[me].position;
    let grid = fight.grid();
    // Everything within the perception radius as the crow flies, nearest first: the
    // distance around walls is never shorter, so a search out to the K-th of these finds
    // every entity at most that far around walls.
    let mut near: Vec<(u32, &str, Found, Cell)> = Vec::new();
    for (j, c) in fight.board.creatures.iter().enumerate() {
        let d = grid.distance(here, c.position);
        if j != me && d <= t.perception {
            near.push((d, &c.id, Found::Creature(j), c.position));
        }
    }
    for it in &ctx.state.items {
        if let Some(at) = it.at {
            let d = grid.distance(here, at);
            if d <= t.perception {
                near.push((d, &it.id, Found::Item(it), at));
            }
        }
    }
    let farthest = near.iter().map(|n| n.0).max().unwrap_or(0);
    let mut limit = if near.len() > ATTENTION {
        near.select_nth_unstable_by_key(ATTENTION - 1, |n| n.0).1.0
    } else {
        farthest
    };
    let mut found: Vec<(u32, &str, Found, Cell)> = loop {
        let field = fight.map.range_within(here, limit);
        let seen: Vec<_> = near
            .iter()
            .filter(|n| n.0 <= limit)
            .filter_map(|&(_, id, thing, cell)| {
                let d = field.get(cell)?;
                (cell == here || sees(fight, here, cell)).then_some((d, id, thing, cell))
            })
            .collect();
        if seen.len() >= ATTENTION || limit >= farthest {
            break seen;
        }
        limit = limit.saturating_mul(2).max(limit + 1).min(farthest);
    };
    found.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    found.truncate(ATTENTION);
    // What the monster itself has on, which the mind formula divides by (at least 1).
    let own_danger = if t.mind == Mind::Mind {
        ctx.seen_danger(t, me).max(1.0)
    } else {
        1.0
    };
    let mut sense = Sense::default();
    for (d, id, thing, cell) in found {
        let creature = match thing {
            Found::Creature(j) => Some(j),
            Found::Item(_) => None,
        };
        let (fear_love, hate, name, why) = match thing {
            Found::Creature(j) => {
                let (fl, h, why) = feel_creature(ctx, me, t, j, d, own_danger, explain);
                (
                    fl,
                    h,
                    fight.board.creatures[j].display_name().to_string(),
                    why,
                )
            }
            Found::Item(it) => {
                let (fl, h, why) = feel_item(ctx, me, t, it, d, explain);
                (fl, h, it.display().to_string(), why)
            }
        };
        sense.fear_love.add(point(&grid, cell), fear_love);
        sense.hate.add(point(&grid, cell), hate);
        let k = sense.entities.len();
        let better = |best: Option<usize>, key: &dyn Fn(&Entity) -> f64, v: f64| {
            v > 0.0 && best.is_none_or(|b| v > key(&sense.entities[b]))
        };
        let (mf, ml, mh) = (
            better(sense.most_feared, &|e| -e.fear_love, -fear_love),
            better(sense.most_loved, &|e| e.fear_love, fear_love),
            better(sense.most_hated, &|e| e.hate, hate),
        );
        let centre = |c: &Centre| {
            c.at.map_or("-".to_string(), |(x, y)| format!("({x:.2}, {y:.2})"))
        };
        let detail = if explain {
            format!(
                "{cell}, {d} away: {why}; centres now fear/love {}, hate {}",
                centre(&sense.fear_love),
                centre(&sense.hate)
            )
        } else {
            String::new()
        };
        sense.entities.push(Entity {
            id: id.to_string(),
            name,
            cell,
            distance: d,
            creature,
            fear_love,
            hate,
            detail,
        });
        if mf {
            sense.most_feared = Some(k);
        }
        if ml {
            sense.most_loved = Some(k);
        }
        if mh {
            sense.most_hated = Some(k);
        }
    }
    sense
}

/// Fear/love and hate of monster `me` for creature `j`, `d` steps away, with the sums
/// when `explain`. The type's `fears`, `loves` and `hates` may name the creature's race or
/// its type; a `hates` entry for its type wins over one for its race.
fn feel_creature(
    ctx: &Ctx,
    me: usize,
    t: &NeedsType,
    j: usize,
    d: u32,
    own_danger: f64,
    explain: bool,
) -> (f64, f64, String) {
    let race = ctx.race(j);
    let kind = ctx.fight.board.creatures[j].kind.as_deref();
    let names = |key: &str| key == race || Some(key) == kind;
    let friend = race == t.race || t.friends.iter().any(|f| f == race);
    let own = ctx.perceived_strength(me);
    let theirs = ctx.perceived_strength(j);
    let sr = theirs / own.max(f64::MIN_POSITIVE);
    let (danger, own_danger) = if t.mind == Mind::Mind {
        (ctx.seen_danger(t, j), own_danger)
    } else {
        (0.0, 1.0)
    };
    let base = match t.mind {
        Mind::Mindless => 0.0,
        Mind::Instinct => (t.strength_weight + t.danger_weight) * sr,
        Mind::Mind => t.strength_weight * sr + t.danger_weight * danger / own_danger,
    };
    let sign = if friend { 1.0 } else { -1.0 };
    let sum = |table: &std::collections::BTreeMap<String, f64>| -> f64 {
        table.iter().filter(|(k, _)| names(k)).map(|(_, v)| v).sum()
    };
    let extra = sum(&t.loves) - sum(&t.fears);
    let (fl, fl_why) = feeling(ctx, me, t, sign * base + extra, d, explain);
    let hate_at_1 = kind
        .and_then(|k| t.hates.get(k))
        .or_else(|| t.hates.get(race))
        .copied()
        .unwrap_or(if friend { 0.0 } else { t.hate });
    let hate = over(hate_at_1, d, t.hate_falloff);
    if !explain {
        return (fl, hate, String::new());
    }
    let base_why = match t.mind {
        Mind::Mindless => "mindless 0".to_string(),
        Mind::Instinct => format!(
            "{} × strength {} / {}",
            n(t.strength_weight + t.danger_weight),
            n(theirs),
            n(own)
        ),
        Mind::Mind => format!(
            "{} × strength {} / {} + {} × danger {} / {}",
            n(t.strength_weight),
            n(theirs),
            n(own),
            n(t.danger_weight),
            n(danger),
            n(own_danger)
        ),
    };
    let who = if friend { "friend" } else { "enemy" };
    let extra_why = if extra == 0.0 {
        String::new()
    } else {
        format!(" {:+}", extra)
    };
    let why = format!(
        "{who} ({race}), fear/love {}({base_why}){extra_why}{fl_why} = {}; hate {}{} = {}",
        if friend { "+" } else { "-" },
        n(fl),
        n(hate_at_1),
        falloff_text(d, t.hate_falloff),
        n(hate)
    );
    (fl, hate, why)
}

/// The fear/love and hate of an item: its own feel (not for mindless types) and the type's
/// loves, fears and hates that name its kind or a tag; the sums when `explain`.
fn feel_item(
    ctx: &Ctx,
    me: usize,
    t: &NeedsType,
    it: &Item,
    d: u32,
    explain: bool,
) -> (f64, f64, String) {
    let own = if t.mind == Mind::Mindless {
        0.0
    } else {
        it.feel
    };
    let sum = |table: &std::collections::BTreeMap<String, f64>| -> f64 {
        table
            .iter()
            .filter(|(k, _)| it.answers_to(k))
            .map(|(_, v)| v)
            .sum()
    };
    let (loved, feared, hated) = (sum(&t.loves), sum(&t.fears), sum(&t.hates));
    let (fl, why) = feeling(ctx, me, t, own + loved - feared, d, explain);
    let hate = over(hated, d, t.hate_falloff);
    if !explain {
        return (fl, hate, String::new());
    }
    let hate_why = if hated == 0.0 {
        String::new()
    } else {
        format!(
            "; hate {}{} = {}",
            n(hated),
            falloff_text(d, t.hate_falloff),
            n(hate)
        )
    };
    (
        fl,
        hate,
        format!(
            "{} (feel {} + loved {} - feared {}){why} = {}{hate_why}",
            it.kind.word(),
            n(own),
            n(loved),
            n(feared),
            n(fl)
        ),
    )
}

/// A fear/love at distance 1 taken to distance `d`: fear grows with the monster's wounds
/// (wound_fear), then both fall off with distance; the steps as text when `explain`.
fn feeling(ctx: &Ctx, me: usize, t: &NeedsType, at_1: f64, d: u32, explain: bool) -> (f64, String) {
    let mut v = at_1;
    let mut why = String::new();
    if v < 0.0 && t.wound_fear > 0.0 {
        let k = 1.0 + t.wound_fear * (1.0 - ctx.condition(me));
        v *= k;
        if explain {
            why.push_str(&format!(" × wounds {}", n(k)));
        }
    }
    if explain {
        why.push_str(&falloff_text(d, t.fear_falloff));
    }
    (over(v, d, t.fear_falloff), why)
}

fn falloff_text(d: u32, falloff: f64) -> String {
    if falloff == 1.0 {
        format!(" / {}", d.max(1))
    } else {
        format!(" / {}^{}", d.max(1), n(falloff))
    }
}

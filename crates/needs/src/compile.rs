//! Checking a need-driven monster file and compiling it into the types the system
//! runs. Every number is checked against its range and every problem points at its
//! place in the TOML file; all of a file's problems are reported together.

use super::format::{AttackDef, Mind, NeedsFile, NeedsMonsterDef, ReachDef};
use super::state::{Item, ItemKind};
use crate::board::action::{Attack, Reach};
use crate::board::{StatSource, Stats};
use crate::chance::dice::Dice;
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems, did_you_mean};
use crate::io::load::parse_toml;
use crate::systems::monster_file::compile_monsters;
use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};
use toml::Spanned;

/// The actions a need-driven monster may have, in the fixed order that settles ties.
pub(crate) const ACTIONS: [&str; 7] = [
    "open", "lockpick", "drop", "pick-up", "equip", "move", "attack",
];

/// The names actions are rated under (a move is rated as one of its four ways), the keys
/// of `action_priority`.
pub(crate) const RATED: [&str; 10] = [
    "open", "lockpick", "drop", "pick-up", "equip", "wander", "regroup", "flee", "advance",
    "attack",
];

/// The four priority numbers of a type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Priorities {
    /// LOW.
    pub low: f64,
    /// NORMAL.
    pub normal: f64,
    /// HIGH.
    pub high: f64,
    /// HIGHEST.
    pub highest: f64,
}

impl Default for Priorities {
    fn default() -> Priorities {
        Priorities {
            low: 100.0,
            normal: 200.0,
            high: 300.0,
            highest: 400.0,
        }
    }
}

/// A named attack of a type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NamedAttack {
    /// The attack's name.
    pub name: String,
    /// Its numbers.
    pub attack: Attack,
}

/// A compiled need-driven monster type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NeedsType {
    /// The type's name.
    pub name: String,
    /// Its stat line.
    pub stats: Stats,
    /// How it weighs others.
    pub mind: Mind,
    /// Its strength.
    pub strength: f64,
    /// Its race.
    pub race: String,
    /// Other races it counts as friends.
    pub friends: Vec<String>,
    /// How far it notices things, in steps around walls.
    pub perception: u32,
    /// Whether weapons make others look dangerous to it.
    pub recognises_weapons: bool,
    /// Whether armour makes others look dangerous to it.
    pub recognises_armour: bool,
    /// The strength weight of the fear/love formula.
    pub strength_weight: f64,
    /// The danger weight.
    pub danger_weight: f64,
    /// Hate for another race at distance 1.
    pub hate: f64,
    /// Extra fear at distance 1, by race, item kind or tag.
    pub fears: BTreeMap<String, f64>,
    /// Extra love at distance 1, by race, item kind or tag.
    pub loves: BTreeMap<String, f64>,
    /// Hate at distance 1 by race, replacing `hate`.
    pub hates: BTreeMap<String, f64>,
    /// Fear/love falls off with distance to this power.
    pub fear_falloff: f64,
    /// Hate falls off with distance to this power.
    pub hate_falloff: f64,
    /// How much fear grows as it is hurt.
    pub wound_fear: f64,
    /// Within this many steps of the fear/love centre it stops regrouping.
    pub regroup: u32,
    /// Weight it carries before it slows.
    pub capacity: f64,
    /// Its four priority numbers.
    pub priorities: Priorities,
    /// Ratings of single actions in place of their priority level (by [`RATED`] name).
    pub action_priority: BTreeMap<String, f64>,
    /// Which of [`ACTIONS`] it has, by index.
    pub actions: [bool; 7],
    /// Its attacks, in file order.
    pub attacks: Vec<NamedAttack>,
}

impl NeedsType {
    /// True when the type has this action.
    pub(crate) fn has(&self, action: &str) -> bool {
        ACTIONS
            .iter()
            .position(|a| *a == action)
            .is_some_and(|i| self.actions[i])
    }

    /// Whether an equipped item makes its wearer look dangerous to this type: weapons when
    /// it recognises weapons, armour when it recognises armour, anything else (rings,
    /// amulets) when it recognises either.
    pub(crate) fn recognises(&self, it: &Item) -> bool {
        match it.kind {
            ItemKind::Weapon => self.recognises_weapons,
            ItemKind::Armour => self.recognises_armour,
            _ => self.recognises_weapons || self.recognises_armour,
        }
    }

    /// The rating of `action` (one of [`RATED`]) at priority `level` (its number and
    /// name): the type's own number for the action when it gives one.
    pub(crate) fn rating(&self, action: &str, level: f64, name: &str) -> (f64, String) {
        match self.action_priority.get(action) {
            Some(&own) => (
                own,
                format!("{} (its own priority for {action})", super::num(own)),
            ),
            None => (level, name.to_string()),
        }
    }
}

/// A loaded need-driven monster file.
#[derive(Clone, Debug, Default)]
pub(crate) struct NeedsMonsters {
    /// The types, in file order.
    pub types: Vec<NeedsType>,
}

impl NeedsMonsters {
    /// The type named `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&NeedsType> {
        self.types.iter().find(|t| t.name == name)
    }
}

impl StatSource for NeedsMonsters {
    fn stats(&self, kind: &str) -> Option<Stats> {
        self.get(kind).map(|t| t.stats.clone())
    }
    fn kinds(&self) -> Vec<String> {
        self.types.iter().map(|t| t.name.clone()).collect()
    }
}

/// Parses and checks a need-driven monster file; `file` names it in messages.
pub(crate) fn load_needs(file: &str, text: &str) -> Result<NeedsMonsters, Diagnostics> {
    let raw: NeedsFile = parse_toml(file, text)?;
    let locate = Locator::new(file, text);
    let at = |span: Range<usize>, msg: String| locate.span(span, msg);
    let (types, problems) = compile_monsters(
        file,
        text,
        &raw.format,
        &raw.monsters,
        |m| (m.name.get_ref().clone(), m.name.span()),
        |m, mi, _names, problems| compile_type(m, mi, &at, problems),
    )?;
    problems.finish(NeedsMonsters { types })
}

type At<'a> = dyn Fn(Range<usize>, String) -> Diagnostic + 'a;

/// Checks numbers against their ranges, collecting one problem per bad value.
struct Checker<'a, 'b> {
    at: &'a At<'b>,
    mi: usize,
    name: String,
    problems: &'a mut Problems,
}

impl Checker<'_, '_> {
    fn path(&self, rest: &str) -> String {
        format!("monster[{}].{rest}", self.mi)
    }

    fn int(&mut self, field: &str, v: &Spanned<i64>, range: RangeInclusive<i64>) -> i64 {
        if !range.contains(v.get_ref()) {
            let d = (self.at)(
                v.span(),
                format!("{}: `{field}` is {}, out of range", self.name, v.get_ref()),
            )
            .with_path(self.path(field))
            .with_hint(format!(
                "{field} is a whole number from {} to {}",
                range.start(),
                range.end()
            ));
            self.problems.push(d);
            return *range.start();
        }
        *v.get_ref()
    }

    fn num(&mut self, field: &str, v: &Spanned<f64>, lo: f64, hi: f64) -> f64 {
        let x = *v.get_ref();
        if !(x.is_finite() && x >= lo && x <= hi) {
            let d = (self.at)(
                v.span(),
                format!("{}: `{field}` is {x}, out of range", self.name),
            )
            .with_path(self.path(field))
            .with_hint(format!("{field} is a number from {lo} to {hi}"));
            self.problems.push(d);
            return lo.max(f64::MIN_POSITIVE);
        }
        x
    }

    fn opt(&mut self, field: &str, v: &Option<Spanned<f64>>, lo: f64, hi: f64, or: f64) -> f64 {
        v.as_ref().map_or(or, |v| self.num(field, v, lo, hi))
    }

    fn table(
        &mut self,
        field: &str,
        t: &BTreeMap<String, Spanned<f64>>,
        lo: f64,
    ) -> BTreeMap<String, f64> {
        let mut out = BTreeMap::new();
        for (key, v) in t {
            let x = self.num(&format!("{field}.{key}"), v, lo, MAX_FEELING);
            out.insert(key.clone(), x);
        }
        out
    }
}

/// The most cycles a need-driven type has in a turn. With [`MAX_PERCEPTION`] it bounds a
/// turn of the largest board the limits allow (1000 monsters): about 1–2 s on two cores
/// (`cargo bench --bench needs`).
pub(crate) const MAX_SPEED: i64 = 10;

/// The farthest a need-driven type perceives, in steps.
pub(crate) const MAX_PERCEPTION: i64 = 16;

/// The largest fear, love or hate value (at distance 1) a file may give.
pub(crate) const MAX_FEELING: f64 = 1_000_000.0;

fn compile_type(
    m: &NeedsMonsterDef,
    mi: usize,
    at: &At,
    problems: &mut Problems,
) -> Option<NeedsType> {
    let name = m.name.get_ref().trim().to_string();
    if name.is_empty() {
        problems.push(
            at(m.name.span(), "a monster type needs a name".into())
                .with_path(format!("monster[{mi}].name")),
        );
        return None;
    }
    let before = problems.len();
    let mut c = Checker {
        at,
        mi,
        name: name.clone(),
        problems,
    };
    let hp = c.int("hp", &m.hp, 1..=1_000_000);
    let defence = c.int("defence", &m.defence, 0..=100);
    let speed = c.int("speed", &m.speed, 0..=MAX_SPEED);
    let strength = c.num("strength", &m.strength, 0.001, 1_000_000.0);
    let perception = m
        .perception
        .as_ref()
        .map_or(8, |p| c.int("perception", p, 0..=MAX_PERCEPTION));
    let (strength_weight, danger_weight) = match &m.weights {
        Some(w) => (
            c.num("weights.strength", &w.strength, 0.0, MAX_FEELING),
            c.num("weights.danger", &w.danger, 0.0, MAX_FEELING),
        ),
        None => (500.0, 500.0),
    };
    let hate = c.opt("hate", &m.hate, 0.0, MAX_FEELING, 1000.0);
    let fears = c.table("fears", &m.fears, 0.0);
    let loves = match &m.loves {
        Some(t) => c.table("loves", t, 0.0),
        None if m.mind == Mind::Mind => BTreeMap::from([("treasure".to_string(), 500.0)]),
        None => BTreeMap::new(),
    };
    let hates = c.table("hates", &m.hates, 0.0);
    let (fear_falloff, hate_falloff) = match &m.falloff {
        Some(f) => (
            c.opt("falloff.fear", &f.fear, 0.0, 4.0, 1.0),
            c.opt("falloff.hate", &f.hate, 0.0, 4.0, 1.0),
        ),
        None => (1.0, 1.0),
    };
    let wound_fear = c.opt("wound_fear", &m.wound_fear, 0.0, 100.0, 0.0);
    let regroup = m
        .regroup
        .as_ref()
        .map_or(3, |r| c.int("regroup", r, 0..=100));
    let capacity = c.opt("capacity", &m.capacity, 0.0, 1_000_000.0, strength * 5.0);
    let mut priorities = Priorities::default();
    if let Some(p) = &m.priorities {
        priorities.low = c.opt("priorities.low", &p.low, 0.0, MAX_FEELING, 100.0);
        priorities.normal = c.opt("priorities.normal", &p.normal, 0.0, MAX_FEELING, 200.0);
        priorities.high = c.opt("priorities.high", &p.high, 0.0, MAX_FEELING, 300.0);
        priorities.highest = c.opt("priorities.highest", &p.highest, 0.0, MAX_FEELING, 400.0);
        let order = [
            priorities.low,
            priorities.normal,
            priorities.high,
            priorities.highest,
        ];
        if order.windows(2).any(|w| w[0] >= w[1]) && c.problems.len() == before {
            let d = at(
                m.name.span(),
                format!("{name}: the priorities must rise: low < normal < high < highest"),
            )
            .with_path(format!("monster[{mi}].priorities"))
            .with_hint(format!(
                "they are now {} < {} < {} < {}",
                order[0], order[1], order[2], order[3]
            ));
            c.problems.push(d);
        }
    }
    let mut action_priority = BTreeMap::new();
    for (key, v) in &m.action_priority {
        if RATED.contains(&key.as_str()) {
            let x = c.num(&format!("action_priority.{key}"), v, 0.0, MAX_FEELING);
            action_priority.insert(key.clone(), x);
        } else {
            let hint = match did_you_mean(key, &RATED) {
                Some(g) => format!("did you mean `{g}`?"),
                None => format!("the rated actions are: {}", RATED.join(", ")),
            };
            let d = at(
                v.span(),
                format!("{name}: `action_priority` names no action `{key}`"),
            )
            .with_path(format!("monster[{mi}].action_priority.{key}"))
            .with_hint(hint);
            c.problems.push(d);
        }
    }
    let recognises = m.recognises_equipment.unwrap_or(m.mind == Mind::Mind);
    let actions = compile_actions(m, mi, &name, at, c.problems);
    let mut attacks = Vec::new();
    for (ai, a) in m.attacks.iter().enumerate() {
        attacks.extend(compile_attack(a, mi, ai, &name, at, c.problems));
    }
    if actions[6] && attacks.is_empty() && problems.len() == before {
        problems.push(
            at(
                m.name.span(),
                format!("{name} can attack but has no attack"),
            )
            .with_path(format!("monster[{mi}].attack"))
            .with_hint("add an `[[monster.attack]]` table, or leave `attack` out of `actions`"),
        );
    }
    if problems.len() > before {
        return None;
    }
    let stats = Stats {
        max_hp: hp as i32,
        defence: defence as i32,
        speed: speed as u32,
        range: attacks
            .iter()
            .filter_map(|a: &NamedAttack| a.attack.range)
            .max()
            .unwrap_or(1),
        ..Stats::defaults(hp as i32)
    };
    Some(NeedsType {
        race: m
            .race
            .as_ref()
            .map_or(name.clone(), |r| r.get_ref().trim().to_string()),
        name,
        stats,
        mind: m.mind,
        strength,
        friends: m.friends.iter().map(|f| f.get_ref().clone()).collect(),
        perception: perception as u32,
        recognises_weapons: m.recognises_weapons.unwrap_or(recognises),
        recognises_armour: m.recognises_armour.unwrap_or(recognises),
        action_priority,
        strength_weight,
        danger_weight,
        hate,
        fears,
        loves,
        hates,
        fear_falloff,
        hate_falloff,
        wound_fear,
        regroup: regroup as u32,
        capacity,
        priorities,
        actions,
        attacks,
    })
}

/// The type's actions: the listed ones, each a known action named once; by default all
/// of them for mind-driven types and `move` and `attack` for the others.
fn compile_actions(
    m: &NeedsMonsterDef,
    mi: usize,
    name: &str,
    at: &At,
    problems: &mut Problems,
) -> [bool; 7] {
    let Some(list) = &m.actions else {
        return match m.mind {
            Mind::Mind => [true; 7],
            _ => [false, false, false, false, false, true, true],
        };
    };
    let mut has = [false; 7];
    for (k, word) in list.iter().enumerate() {
        let path = format!("monster[{mi}].actions[{k}]");
        match ACTIONS.iter().position(|a| a == word.get_ref()) {
            Some(i) if has[i] => problems.push(
                at(
                    word.span(),
                    format!("{name}: action `{}` is listed twice", word.get_ref()),
                )
                .with_path(path)
                .with_hint("name each action once"),
            ),
            Some(i) => has[i] = true,
            None => {
                let hint = match did_you_mean(word.get_ref(), &ACTIONS) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!("the actions are: {}", ACTIONS.join(", ")),
                };
                problems.push(
                    at(
                        word.span(),
                        format!("{name}: unknown action `{}`", word.get_ref()),
                    )
                    .with_path(path)
                    .with_hint(hint),
                );
            }
        }
    }
    has
}

fn compile_attack(
    a: &AttackDef,
    mi: usize,
    ai: usize,
    name: &str,
    at: &At,
    problems: &mut Problems,
) -> Option<NamedAttack> {
    let path = |rest: &str| format!("monster[{mi}].attack[{ai}].{rest}");
    let before = problems.len();
    let label = a.name.get_ref().trim().to_string();
    if label.is_empty() {
        problems.push(
            at(a.name.span(), format!("{name}: an attack needs a name"))
                .with_path(path("name"))
                .with_hint("name it as the narration should, e.g. name = \"bite\""),
        );
    }
    let bonus = a.bonus.as_ref().map_or(0, |b| *b.get_ref());
    if let Some(b) = &a.bonus
        && !(-100..=100).contains(b.get_ref())
    {
        problems.push(
            at(
                b.span(),
                format!("{name}: attack bonus {bonus} is out of range"),
            )
            .with_path(path("bonus"))
            .with_hint("a bonus is from -100 to 100"),
        );
    }
    let damage = match Dice::parse(a.damage.get_ref()) {
        Ok(d) => Some(d),
        Err(e) => {
            problems.push(
                at(
                    a.damage.span(),
                    format!("{name}: bad damage `{}`: {e}", a.damage.get_ref()),
                )
                .with_path(path("damage"))
                .with_hint("write dice such as `1d6+2`"),
            );
            None
        }
    };
    let range = match (&a.range, a.reach) {
        (None, ReachDef::Melee) => None,
        (None, ReachDef::Ranged) => {
            problems.push(
                at(
                    a.name.span(),
                    format!("{name}: the ranged attack `{label}` needs a range"),
                )
                .with_path(path("range"))
                .with_hint("add e.g. range = 6"),
            );
            None
        }
        (Some(r), reach) => {
            let hi = if reach == ReachDef::Melee { 1 } else { 1000 };
            if !(1..=hi).contains(r.get_ref()) {
                problems.push(
                    at(
                        r.span(),
                        format!("{name}: attack range {} is out of range", r.get_ref()),
                    )
                    .with_path(path("range"))
                    .with_hint(format!(
                        "a {} attack's range is from 1 to {hi}",
                        if hi == 1 { "melee" } else { "ranged" }
                    )),
                );
            }
            Some(*r.get_ref() as u32)
        }
    };
    if problems.len() > before {
        return None;
    }
    Some(NamedAttack {
        name: label,
        attack: Attack {
            reach: match a.reach {
                ReachDef::Melee => Reach::Melee,
                ReachDef::Ranged => Reach::Ranged,
            },
            magic: false,
            bonus: bonus as i32,
            damage,
            min_damage: None,
            targets: 1,
            area: None,
            damage_save: None,
            range,
            riders: Vec::new(),
        },
    })
}

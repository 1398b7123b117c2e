//! Checking an AI-deck monster file and compiling it: each type's movement, toughness,
//! footprint, hit locations, basic action and instinct, the deck recipe per level and
//! every card's lines. Every problem points at its place in the TOML file, and all of
//! them are reported at once.

use super::card::{
    Action, Blow, Card, CardKind, Choose, Condition, Effect, Filter, Guard, NoTarget, Pool,
    Problem, Release, Routine, StatusRules, Step, Until, Watch, one_of, parse_attack_effect,
    parse_condition, parse_injury, parse_rule, parse_step, parse_survivor_rule,
};
use super::format::{AiFile, AiMonsterDef, CardDef, LevelDef, RoutineDef};
use super::shape::parse_shape;
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems};
use crate::io::load::parse_toml;
use crate::systems::monster_file::compile_monsters;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The `system` of these files.
pub(crate) const SYSTEM_NAME: &str = "ai-deck";
const MAX_CARDS: usize = 200;
const MAX_SIZE: u32 = crate::board::MAX_LARGE as u32;
const MAX_MOVEMENT: u32 = 100;
const MAX_LEVEL: u32 = 20;
const MAX_LIFE: u32 = 1000;
const DEFAULT_LOCATIONS: [&str; 5] = ["head", "arms", "body", "waist", "legs"];

/// One level's deck recipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Recipe {
    /// Cards dealt at random from the basic pool.
    pub basic: u32,
    /// Cards dealt at random from the advanced pool.
    pub advanced: u32,
    /// Cards dealt at random from the legendary pool.
    pub legendary: u32,
    /// Special cards that start in play.
    pub specials: Vec<String>,
    /// The Life trait's starting number (the level's own, before cards add theirs).
    pub life: Option<u32>,
    /// Overtone cards dealt apart from the pools; `None`: they are dealt with their pool.
    pub overtone: Option<u32>,
}

impl Recipe {
    /// How many cards of this pool the level deals (0 for special cards).
    pub(crate) fn count(&self, pool: Pool) -> u32 {
        match pool {
            Pool::Basic => self.basic,
            Pool::Advanced => self.advanced,
            Pool::Legendary => self.legendary,
            Pool::Special => 0,
        }
    }
}

/// The highest evasion a monster file gives a monster.
pub(crate) const MAX_MONSTER_EVASION: u32 = 10;

/// One AI-deck monster type, checked and compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AiType {
    /// The type's name, as monsters on a board name it.
    pub name: String,
    /// Spaces it moves with a full move.
    pub movement: u32,
    /// What a survivor's wound roll must beat.
    pub toughness: u32,
    /// Added to what a survivor's attack die needs to hit it.
    pub evasion: u32,
    /// The side of its square footprint.
    pub size: u32,
    /// Where its hits on survivors land, rolled evenly.
    pub hit_locations: Vec<String>,
    /// What it does when its deck and discard pile are both empty.
    pub basic_action: Routine,
    /// What most cards' no-target rule makes it do.
    pub instinct: Routine,
    /// The deck recipe for each level, by level number.
    pub levels: BTreeMap<u32, Recipe>,
    /// Every AI card of the type, all pools together.
    pub cards: Vec<Card>,
}

impl AiType {
    /// The type's card with this title, `None` when it has none.
    pub(crate) fn card(&self, name: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.name == name)
    }
}

/// The AI-deck monster types of a file.
#[derive(Clone, Debug, Default)]
pub(crate) struct AiDecks {
    /// The types, in file order.
    pub types: Vec<AiType>,
}

impl AiDecks {
    /// The type with this name, `None` when the file has none.
    pub(crate) fn get(&self, name: &str) -> Option<&AiType> {
        self.types.iter().find(|t| t.name == name)
    }
}

type At<'a> = dyn Fn(Range<usize>, Problem) -> Diagnostic + 'a;

/// Parses and checks an AI-deck monster file.
pub(crate) fn load_ai_decks(file: &str, text: &str) -> Result<AiDecks, Diagnostics> {
    let raw: AiFile = parse_toml(file, text)?;
    let locate = Locator::new(file, text);
    let at = |span: Range<usize>, (msg, hint): Problem| locate.span(span, msg).with_hint(hint);
    let (types, problems) = compile_monsters(
        file,
        text,
        &raw.format,
        &raw.monsters,
        |m| (m.name.get_ref().trim().to_string(), m.name.span()),
        |m, mi, names, problems| compile_type(m, mi, &names[mi], &at, problems),
    )?;
    problems.finish(AiDecks { types })
}

fn compile_type(
    m: &AiMonsterDef,
    mi: usize,
    name: &str,
    at: &At,
    problems: &mut Problems,
) -> Option<AiType> {
    let path = |rest: &str| format!("monster[{mi}].{rest}");
    if name.is_empty() {
        problems.push(
            at(
                m.name.span(),
                (
                    "a monster type needs a name".into(),
                    "write name = \"...\"".into(),
                ),
            )
            .with_path(path("name")),
        );
        return None;
    }
    let before = problems.len();
    let bounded = |v: &Spanned<u32>, field: &str, lo: u32, hi: u32, problems: &mut Problems| {
        let n = *v.get_ref();
        if !(lo..=hi).contains(&n) {
            problems.push(
                at(
                    v.span(),
                    (
                        format!("`{field}` is {n}"),
                        format!("{field} runs from {lo} to {hi}"),
                    ),
                )
                .with_path(path(field)),
            );
        }
        n
    };
    let movement = bounded(&m.movement, "movement", 0, MAX_MOVEMENT, problems);
    let toughness = bounded(&m.toughness, "toughness", 1, 1000, problems);
    let evasion = m.evasion.as_ref().map_or(0, |e| {
        bounded(e, "evasion", 0, MAX_MONSTER_EVASION, problems)
    });
    let size = m
        .size
        .as_ref()
        .map_or(1, |s| bounded(s, "size", 1, MAX_SIZE, problems));
    let hit_locations = match &m.hit_locations {
        None => DEFAULT_LOCATIONS.iter().map(|s| s.to_string()).collect(),
        Some(list) => {
            let l = list.get_ref();
            if l.is_empty() || l.len() > 20 || l.iter().any(|s| s.trim().is_empty()) {
                problems.push(
                    at(list.span(), ("the hit locations must be 1 to 20 names".into(), "e.g. hit_locations = [\"head\", \"arms\", \"body\", \"waist\", \"legs\"]".into()))
                        .with_path(path("hit_locations")),
                );
            }
            l.iter().map(|s| s.trim().to_string()).collect()
        }
    };
    // The type's survivor status cards, by name, for the lines that give, take or ask
    // for one.
    let statuses: Vec<String> = m
        .cards
        .iter()
        .filter(|c| {
            c.kind
                .as_ref()
                .is_some_and(|k| k.get_ref().trim().eq_ignore_ascii_case("status"))
        })
        .map(|c| c.name.get_ref().trim().to_string())
        .collect();
    let statuses = &statuses[..];
    let basic_action = routine(
        &m.basic_action,
        &path("basic_action"),
        false,
        statuses,
        at,
        problems,
    );
    let instinct = routine(&m.instinct, &path("instinct"), true, statuses, at, problems);
    if m.cards.len() > MAX_CARDS {
        problems.push(
            at(
                m.name.span(),
                (
                    format!("{name} has {} cards", m.cards.len()),
                    format!("a type has at most {MAX_CARDS} cards"),
                ),
            )
            .with_path(path("card")),
        );
        return None;
    }
    let mut cards: Vec<Card> = Vec::new();
    for (ci, c) in m.cards.iter().enumerate() {
        let cp = |rest: &str| path(&format!("card[{ci}].{rest}"));
        let card_name = c.name.get_ref().trim();
        if cards.iter().any(|k| k.name == card_name)
            || m.cards[..ci]
                .iter()
                .any(|k| k.name.get_ref().trim() == card_name)
        {
            problems.push(
                at(
                    c.name.span(),
                    (
                        format!("{name}: the card `{card_name}` is defined twice"),
                        "give each card a unique name".into(),
                    ),
                )
                .with_path(cp("name")),
            );
            continue;
        }
        let card = compile_card(c, &cp, statuses, at, problems);
        if let (Some(shape), Some(zone)) = (card.as_ref().and_then(|k| k.shape.as_ref()), &c.zone)
            && shape.size != size
        {
            problems.push(
                at(
                    zone.span(),
                    (
                        format!(
                            "the drawing's monster is {0}×{0} but {name} is {1}×{1}",
                            shape.size, size
                        ),
                        format!("draw the monster as a {size}×{size} block of M"),
                    ),
                )
                .with_path(cp("zone")),
            );
        }
        cards.extend(card);
    }
    if m.levels.is_empty() {
        problems.push(
            at(
                m.name.span(),
                (
                    format!("{name} has no levels"),
                    "add a `[[monster.level]]` table with level, basic, advanced, legendary".into(),
                ),
            )
            .with_path(path("level")),
        );
    }
    let mut levels = BTreeMap::new();
    for (li, l) in m.levels.iter().enumerate() {
        let lp = |rest: &str| path(&format!("level[{li}].{rest}"));
        if let Some(recipe) = compile_level(l, &lp, &m.cards, &levels, at, problems) {
            levels.insert(*l.level.get_ref(), recipe);
        }
    }
    (problems.len() == before).then(|| AiType {
        name: name.to_string(),
        movement,
        toughness,
        evasion,
        size,
        hit_locations,
        basic_action,
        instinct,
        levels,
        cards,
    })
}

fn compile_level(
    l: &LevelDef,
    lp: &dyn Fn(&str) -> String,
    cards: &[CardDef],
    levels: &BTreeMap<u32, Recipe>,
    at: &At,
    problems: &mut Problems,
) -> Option<Recipe> {
    let level = *l.level.get_ref();
    let before = problems.len();
    if level == 0 || level > MAX_LEVEL {
        problems.push(
            at(
                l.level.span(),
                (
                    format!("level {level} is out of range"),
                    format!("levels run from 1 to {MAX_LEVEL}"),
                ),
            )
            .with_path(lp("level")),
        );
    } else if levels.contains_key(&level) {
        problems.push(
            at(
                l.level.span(),
                (
                    format!("level {level} is defined twice"),
                    "give each level one `[[monster.level]]` table".into(),
                ),
            )
            .with_path(lp("level")),
        );
    }
    let pool_of = |c: &CardDef| {
        Pool::ALL
            .iter()
            .find(|(_, w)| *w == c.level.get_ref().trim().to_ascii_lowercase())
            .map(|(p, _)| *p)
    };
    let is_overtone = |c: &CardDef| {
        c.kind
            .as_ref()
            .is_some_and(|k| k.get_ref().trim().eq_ignore_ascii_case("overtone"))
    };
    // With an overtone count, the pools deal only their other cards.
    let apart = l.overtone.is_some();
    if let Some(o) = &l.overtone {
        let have = cards
            .iter()
            .filter(|c| is_overtone(c) && pool_of(c) != Some(Pool::Special))
            .count();
        let n = *o.get_ref();
        if n as usize > have {
            problems.push(
                at(
                    o.span(),
                    (
                        format!("level {level} wants {n} overtone cards but the type has {have}"),
                        "add overtone cards (type = \"overtone\", not special) or lower the count"
                            .into(),
                    ),
                )
                .with_path(lp("overtone")),
            );
        }
    }
    for (count, pool, field) in [
        (&l.basic, Pool::Basic, "basic"),
        (&l.advanced, Pool::Advanced, "advanced"),
        (&l.legendary, Pool::Legendary, "legendary"),
    ] {
        let have = cards
            .iter()
            .filter(|c| pool_of(c) == Some(pool) && !(apart && is_overtone(c)))
            .count();
        let (n, span) = count
            .as_ref()
            .map_or((0, l.level.span()), |c| (*c.get_ref(), c.span()));
        if n as usize > have {
            let other = if apart { " (overtone cards aside)" } else { "" };
            problems.push(
                at(
                    span,
                    (
                        format!(
                            "level {level} wants {n} {field} cards but the type has {have}{other}"
                        ),
                        format!("add {field} cards or lower the count"),
                    ),
                )
                .with_path(lp(field)),
            );
        }
    }
    let mut specials = Vec::new();
    for (si, s) in l.specials.iter().enumerate() {
        let wanted = s.get_ref().trim();
        match cards.iter().find(|c| c.name.get_ref().trim() == wanted) {
            // A card lies in one place: the same special twice would put two copies in
            // play, which the board then refuses.
            Some(_) if specials.iter().any(|n: &String| n == wanted) => problems.push(
                at(
                    s.span(),
                    (
                        format!("`{wanted}` is named twice in `specials`"),
                        "each card lies in one place; name a special card once".into(),
                    ),
                )
                .with_path(lp(&format!("specials[{si}]"))),
            ),
            Some(c) if pool_of(c) == Some(Pool::Special) => specials.push(wanted.to_string()),
            Some(_) => problems.push(
                at(
                    s.span(),
                    (
                        format!("`{wanted}` is not a special card"),
                        "only cards with level = \"special\" start in play".into(),
                    ),
                )
                .with_path(lp(&format!("specials[{si}]"))),
            ),
            None => {
                let names: Vec<&str> = cards.iter().map(|c| c.name.get_ref().as_str()).collect();
                let hint = crate::io::diagnostic::did_you_mean(wanted, &names)
                    .map_or("name one of the type's special cards".to_string(), |g| {
                        format!("did you mean `{g}`?")
                    });
                problems.push(
                    at(s.span(), (format!("there is no card `{wanted}`"), hint))
                        .with_path(lp(&format!("specials[{si}]"))),
                );
            }
        }
    }
    if let Some(life) = &l.life
        && !(1..=MAX_LIFE).contains(life.get_ref())
    {
        problems.push(
            at(
                life.span(),
                (
                    format!("life {} is out of range", life.get_ref()),
                    format!("life runs from 1 to {MAX_LIFE}"),
                ),
            )
            .with_path(lp("life")),
        );
    }
    (problems.len() == before).then(|| Recipe {
        basic: l.basic.as_ref().map_or(0, |c| *c.get_ref()),
        advanced: l.advanced.as_ref().map_or(0, |c| *c.get_ref()),
        legendary: l.legendary.as_ref().map_or(0, |c| *c.get_ref()),
        specials,
        life: l.life.as_ref().map(|v| *v.get_ref()),
        overtone: l.overtone.as_ref().map(|v| *v.get_ref()),
    })
}

fn compile_card(
    c: &CardDef,
    cp: &dyn Fn(&str) -> String,
    statuses: &[String],
    at: &At,
    problems: &mut Problems,
) -> Option<Card> {
    let before = problems.len();
    let name = c.name.get_ref().trim().to_string();
    if name.is_empty() {
        problems.push(
            at(
                c.name.span(),
                ("a card needs a name".into(), "write name = \"...\"".into()),
            )
            .with_path(cp("name")),
        );
    }
    let pool = problems.check(
        one_of(c.level.get_ref(), &Pool::ALL, "a card level")
            .map_err(|p| at(c.level.span(), p).with_path(cp("level"))),
    );
    let kind = match &c.kind {
        None => Some(CardKind::Normal),
        Some(k) => problems.check(
            one_of(k.get_ref(), &CardKind::ALL, "an AI card type")
                .map_err(|p| at(k.span(), p).with_path(cp("type"))),
        ),
    };
    let shape = c.zone.as_ref().and_then(|z| {
        problems.check(parse_shape(z.get_ref()).map_err(|e| at(z.span(), e).with_path(cp("zone"))))
    });
    let drawn = c.zone.is_some();
    let pick = conditions(&c.pick, &cp("pick"), drawn, statuses, at, problems);
    let no_target = match &c.no_target {
        None => Some(NoTarget::Instinct),
        Some(n) => problems.check(
            one_of(
                n.get_ref(),
                &[
                    (NoTarget::Instinct, "instinct"),
                    (NoTarget::BasicAction, "basic action"),
                    (NoTarget::Nothing, "nothing"),
                ],
                "a no-target rule",
            )
            .map_err(|p| at(n.span(), p).with_path(cp("no_target"))),
        ),
    };
    let (steps, injuries) = lines(
        &c.actions,
        &cp("actions"),
        true,
        (drawn, statuses),
        at,
        problems,
    );
    let (face_up, _) = lines(
        &c.face_up,
        &cp("face_up"),
        false,
        (drawn, statuses),
        at,
        problems,
    );
    let watch = watch(c, kind, cp, (drawn, statuses), at, problems);
    if kind == Some(CardKind::Status) {
        status_card_shape(c, pool, cp, at, problems);
    }
    if let Some(l) = &c.life {
        let n = *l.get_ref();
        let why = if !(1..=MAX_LIFE).contains(&n) {
            Some((
                format!("life {n} is out of range"),
                format!("life runs from 1 to {MAX_LIFE}"),
            ))
        } else if kind.is_some_and(|k| !k.stays_in_play()) {
            Some((
                "only a card that stays in play gives Life".into(),
                "set type = \"trait\" (or mood, overtone), or remove `life`".into(),
            ))
        } else {
            None
        };
        if let Some(p) = why {
            problems.push(at(l.span(), p).with_path(cp("life")));
        }
    }
    if kind.is_some_and(|k| k != CardKind::Duration)
        && let Some(first) = c.face_up.first()
    {
        problems.push(
            at(
                first.span(),
                (
                    "only duration cards have face-up actions".into(),
                    "set type = \"duration\" or move these lines to `actions`".into(),
                ),
            )
            .with_path(cp("face_up")),
        );
    }
    let mut rules = Vec::new();
    let mut survivor_rules = Vec::new();
    for (ri, r) in c.effects.iter().enumerate() {
        let here = |e| at(r.span(), e).with_path(cp(&format!("effects[{ri}]")));
        if kind == Some(CardKind::Status) {
            survivor_rules.extend(problems.check(parse_survivor_rule(r.get_ref()).map_err(here)));
        } else {
            rules.extend(problems.check(parse_rule(r.get_ref()).map_err(here)));
        }
    }
    if let (Some(k), Some(first)) = (kind, c.effects.first())
        && !(k.stays_in_play() || k == CardKind::Duration || k == CardKind::Status)
    {
        problems.push(
            at(
                first.span(),
                (
                    format!(
                        "a {} card is not in play after it is drawn, so it has no lasting effects",
                        k.word()
                    ),
                    "lasting effects belong on mood, trait, overtone and duration cards".into(),
                ),
            )
            .with_path(cp("effects")),
        );
    }
    let release = match (&c.until, kind) {
        (Some(u), Some(CardKind::Status)) => problems.check(
            one_of(
                u.get_ref(),
                &Release::ALL,
                "when a survivor loses a status card",
            )
            .map_err(|p| at(u.span(), p).with_path(cp("until"))),
        ),
        _ => Some(Release::Never),
    };
    let until = match &c.until {
        None => Some(if kind == Some(CardKind::Trait) {
            Until::Never
        } else {
            Until::Wounded
        }),
        Some(_) if kind == Some(CardKind::Status) => Some(Until::Never),
        Some(u) => {
            if kind.is_some_and(|k| !matches!(k, CardKind::Mood | CardKind::Trait)) {
                problems.push(
                    at(
                        u.span(),
                        (
                            "only moods and traits say when they leave play".into(),
                            "remove `until`".into(),
                        ),
                    )
                    .with_path(cp("until")),
                );
            }
            problems.check(
                one_of(
                    u.get_ref(),
                    &[(Until::Wounded, "wounded"), (Until::Never, "never")],
                    "a removal condition",
                )
                .map_err(|p| at(u.span(), p).with_path(cp("until"))),
            )
        }
    };
    if problems.len() > before {
        return None;
    }
    Some(Card {
        name,
        pool: pool?,
        kind: kind?,
        front: Routine { pick, steps },
        no_target: no_target?,
        face_up,
        injuries,
        rules,
        until: until?,
        shape,
        watch,
        life: c.life.as_ref().map(|l| *l.get_ref()),
        status: (kind == Some(CardKind::Status)).then(|| StatusRules {
            rules: survivor_rules,
            until: release.unwrap_or(Release::Never),
        }),
    })
}

/// What a survivor status card may not have: it is special (set aside, given to
/// survivors), never drawn (no pick-target list, no actions), and its name is read inside
/// action lines (no comma or colon).
fn status_card_shape(
    c: &CardDef,
    pool: Option<Pool>,
    cp: &dyn Fn(&str) -> String,
    at: &At,
    problems: &mut Problems,
) {
    let name = c.name.get_ref().trim();
    if name.contains([',', ':']) {
        problems.push(
            at(
                c.name.span(),
                (
                    format!("the status card's name `{name}` holds a comma or a colon"),
                    "action lines name it (`give status NAME`, `if target holds NAME:`): leave commas and colons out".into(),
                ),
            )
            .with_path(cp("name")),
        );
    }
    if pool.is_some_and(|p| p != Pool::Special) {
        problems.push(
            at(
                c.level.span(),
                (
                    "a survivor status card is a special card".into(),
                    "set level = \"special\": it never enters the AI deck".into(),
                ),
            )
            .with_path(cp("level")),
        );
    }
    let never_drawn = (
        "a survivor status card is held by a survivor, never drawn".to_string(),
        "remove it; its rules go in `effects`, its checks in `watch` and `triggered`".to_string(),
    );
    for (field, span) in [
        ("pick", c.pick.first().map(|p| p.span())),
        ("actions", c.actions.first().map(|p| p.span())),
        ("face_up", c.face_up.first().map(|p| p.span())),
        ("no_target", c.no_target.as_ref().map(|p| p.span())),
    ] {
        if let Some(span) = span {
            let (msg, hint) = never_drawn.clone();
            problems
                .push(at(span, (format!("{msg}: it has no `{field}`"), hint)).with_path(cp(field)));
        }
    }
}

/// A mood's or trait's `watch` and `triggered` lines: both or neither, only on cards
/// that stay in play.
fn watch(
    c: &CardDef,
    kind: Option<CardKind>,
    cp: &dyn Fn(&str) -> String,
    (drawn, statuses): (bool, &[String]),
    at: &At,
    problems: &mut Problems,
) -> Option<Watch> {
    let (steps, _) = lines(
        &c.triggered,
        &cp("triggered"),
        false,
        (drawn, statuses),
        at,
        problems,
    );
    let first = c.triggered.first().map(|t| (t.span(), "triggered"));
    let Some(w) = &c.watch else {
        if let Some((span, field)) = first {
            problems.push(
                at(
                    span,
                    (
                        "triggered actions need a `watch` condition".into(),
                        "add watch = \"CONDITION\", e.g. watch = \"threat in zone\"".into(),
                    ),
                )
                .with_path(cp(field)),
            );
        }
        return None;
    };
    let here = |p: Problem| at(w.span(), p).with_path(cp("watch"));
    let mut bad = |p: Problem| problems.push(here(p));
    if kind.is_some_and(|k| !k.stays_in_play() && k != CardKind::Status) {
        bad((
            "only a card that stays in play (mood, trait, overtone) or a survivor status card watches".into(),
            "set type = \"mood\" or remove `watch` and `triggered`".into(),
        ));
    }
    if c.triggered.is_empty() {
        bad((
            "a `watch` without `triggered` actions does nothing".into(),
            "add triggered = [\"ACTION\", ...], e.g. triggered = [\"basic action\"]".into(),
        ));
    }
    let condition = match parse_condition(w.get_ref()).and_then(|mut c| {
        resolve_condition(&mut c, statuses)?;
        Ok(c)
    }) {
        Err(p) => {
            bad(p);
            None
        }
        Ok(cond) if !matches!(cond.choose, Choose::Any | Choose::Every) => {
            bad((
                format!("`{}`: a watch acts on everyone meeting it", cond.text),
                "remove closest, random, most or least".into(),
            ));
            None
        }
        Ok(cond) if !drawn && cond.filters.contains(&Filter::InZone) => {
            bad(no_zone(&cond.text));
            None
        }
        Ok(cond) => Some(cond),
    };
    Some(Watch {
        condition: condition?,
        steps,
    })
}

fn no_zone(text: &str) -> Problem {
    (
        format!("`{text}` names the card's zone, but the card draws none"),
        "draw it: zone = [\"x x x\", \". M .\"] (M: the monster facing the top, x: the zone)"
            .into(),
    )
}

/// Pick-target conditions (`drawn`: the card draws a shape, so `in zone` means something).
fn conditions(
    list: &[Spanned<String>],
    path: &str,
    drawn: bool,
    statuses: &[String],
    at: &At,
    problems: &mut Problems,
) -> Vec<Condition> {
    let mut out = Vec::new();
    for (pi, p) in list.iter().enumerate() {
        let here = |e: Problem| at(p.span(), e).with_path(format!("{path}[{pi}]"));
        let parsed = parse_condition(p.get_ref()).and_then(|mut c| {
            resolve_condition(&mut c, statuses)?;
            Ok(c)
        });
        match parsed {
            Err(e) => problems.push(here(e)),
            Ok(c) if !drawn && c.filters.contains(&Filter::InZone) => {
                problems.push(here(no_zone(&c.text)));
            }
            Ok(c) => out.push(c),
        }
    }
    out
}

/// The basic action or the instinct (`basic_allowed`: its actions may say `basic
/// action`; never the basic action's own).
fn routine(
    r: &RoutineDef,
    path: &str,
    basic_allowed: bool,
    statuses: &[String],
    at: &At,
    problems: &mut Problems,
) -> Routine {
    let pick = conditions(
        &r.pick,
        &format!("{path}.pick"),
        false,
        statuses,
        at,
        problems,
    );
    let (steps, _) = lines(
        &r.actions,
        &format!("{path}.actions"),
        false,
        (false, statuses),
        at,
        problems,
    );
    if !basic_allowed && let Some(k) = steps.iter().position(|s| s.action == Action::Basic) {
        problems.push(
            at(
                r.actions[k].span(),
                (
                    "the basic action cannot perform the basic action".into(),
                    "write its own actions".into(),
                ),
            )
            .with_path(format!("{path}.actions")),
        );
    }
    Routine { pick, steps }
}

/// Action lines: attack effects join the attack before them; injury lines (when
/// allowed) are set apart.
fn lines(
    list: &[Spanned<String>],
    path: &str,
    injuries_allowed: bool,
    (drawn, statuses): (bool, &[String]),
    at: &At,
    problems: &mut Problems,
) -> (Vec<Step>, Vec<(String, Step)>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut injuries = Vec::new();
    for (i, line) in list.iter().enumerate() {
        let here = |p: Problem| at(line.span(), p).with_path(format!("{path}[{i}]"));
        let text = line.get_ref();
        let effect = parse_attack_effect(text).and_then(|e| match e {
            Some((trigger, mut effect)) => {
                resolve_effect(&mut effect, statuses)?;
                Ok(Some((trigger, effect)))
            }
            None => Ok(None),
        });
        match effect {
            Err(p) => problems.push(here(p)),
            Ok(Some(effect)) => match steps.last_mut().map(|s| &mut s.action) {
                Some(Action::Attack(_, attack)) => attack.effects.push(effect),
                _ => problems.push(here((
                    format!("`{}` follows no attack", text.trim()),
                    "put attack effects right after their attack line".into(),
                ))),
            },
            Ok(None) => match parse_injury(text).and_then(|i| match i {
                Some((name, mut step)) => {
                    resolve_step(&mut step, statuses)?;
                    Ok(Some((name, step)))
                }
                None => Ok(None),
            }) {
                Err(p) => problems.push(here(p)),
                Ok(Some(injury)) if injuries_allowed => injuries.push(injury),
                Ok(Some(_)) => problems.push(here((
                    "persistent injuries replace a card's actions, so they belong in `actions`"
                        .into(),
                    "move the line to the card's `actions`".into(),
                ))),
                Ok(None) => match parse_step(text).and_then(|mut step| {
                    resolve_step(&mut step, statuses)?;
                    Ok(step)
                }) {
                    Err(p) => problems.push(here(p)),
                    Ok(step) => match &step.action {
                        Action::Collateral(c) if !drawn && c.zone.contains(&Filter::InZone) => {
                            problems.push(here(no_zone(text.trim())));
                        }
                        _ => steps.push(step),
                    },
                },
            },
        }
    }
    (steps, injuries)
}

/// The type's status card named `written` (any case), as the file spells it.
fn status_named(written: &str, statuses: &[String]) -> Result<String, Problem> {
    let w = written.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(found) = statuses.iter().find(|s| s.eq_ignore_ascii_case(&w)) {
        return Ok(found.clone());
    }
    let names: Vec<&str> = statuses.iter().map(String::as_str).collect();
    let hint = match crate::io::diagnostic::did_you_mean(&w, &names) {
        Some(g) => format!("did you mean `{g}`?"),
        None if statuses.is_empty() => {
            "the type has no survivor status card: add one with level = \"special\", type = \"status\"".to_string()
        }
        None => format!("the type's status cards: {}", statuses.join(", ")),
    };
    Err((format!("there is no survivor status card `{w}`"), hint))
}

/// An effect naming a status card, named as the file spells the card.
fn resolve_effect(effect: &mut Effect, statuses: &[String]) -> Result<(), Problem> {
    if let Effect::GiveStatus(n) | Effect::RemoveStatus(n) = effect {
        *n = status_named(n, statuses)?;
    }
    Ok(())
}

/// A step's status cards (in its effect, its attack's effects, its collateral blow or its
/// condition), named as the file spells the cards.
fn resolve_step(step: &mut Step, statuses: &[String]) -> Result<(), Problem> {
    if let Some(Guard::Holds(n)) = &mut step.guard {
        *n = status_named(n, statuses)?;
    }
    match &mut step.action {
        Action::Effect(e) => resolve_effect(e, statuses),
        Action::Attack(_, a) => a
            .effects
            .iter_mut()
            .try_for_each(|(_, e)| resolve_effect(e, statuses)),
        Action::Collateral(c) => {
            for f in &mut c.zone {
                if let Filter::Holding(n) = f {
                    *n = status_named(n, statuses)?;
                }
            }
            match &mut c.blow {
                Blow::Effect(e) => resolve_effect(e, statuses),
                Blow::Damage(_) => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// A condition's `holding` terms, named as the file spells the cards.
fn resolve_condition(cond: &mut Condition, statuses: &[String]) -> Result<(), Problem> {
    for f in &mut cond.filters {
        if let Filter::Holding(n) = f {
            *n = status_named(n, statuses)?;
        }
    }
    Ok(())
}

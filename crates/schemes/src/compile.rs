//! Checking a parsed scheme file and compiling it into monster types the system runs:
//! conditions parsed against the vocabulary, action lines parsed, effects attached to the
//! attack they follow. Every problem points at its place in the TOML file.

use super::action_text::{Line, parse_line};
use super::format::{BehaviourDef, MonsterDef, Once, SchemeFile};
use super::vocabulary::VOCABULARY;
use crate::board::action::{Action, Attack, HealTarget, Reach, Rider};
use crate::board::load::retort_attack;
use crate::board::traits::TRAIT_WORDS;
use crate::board::{MAX_ARRIVALS, StatSource, Stats, Trait};
use crate::condition::Condition;
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems, did_you_mean};
use crate::io::load::parse_toml;
use crate::rules::targeting::Priority;
use crate::systems::monster_file::compile_monsters;
use std::ops::Range;
use toml::Spanned;

/// A proximity condition: an enemy within `n` spaces, or (`plus`) `n` or more away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Proximity {
    /// The number of spaces.
    pub n: u32,
    /// `n` or more away rather than within `n`.
    pub plus: bool,
}

#[derive(Clone, Debug)]
/// One behaviour of a scheme, checked and ready to run.
pub(crate) struct Behaviour {
    /// 1-based position in the scheme.
    pub number: u32,
    /// Its name for narration ("behaviour N" when the file gives none).
    pub label: String,
    /// What it does, for narration: its action lines as written, joined by commas.
    pub summary: String,
    /// The special condition that must hold, if any.
    pub condition: Option<Condition>,
    /// The proximity condition that must hold, if any.
    pub proximity: Option<Proximity>,
    /// What it does, in order.
    pub actions: Vec<Action>,
    /// Charge N: rounds it rests after use.
    pub charge: Option<u32>,
    /// Once per combat, per type or per monster.
    pub once: Option<Once>,
}

#[derive(Clone, Debug)]
/// A monster type of a scheme file: its stats and its ordered behaviours.
pub(crate) struct MonsterType {
    /// The type's name, as boards name it.
    pub name: String,
    /// Its stat line.
    pub stats: Stats,
    /// How it ranks candidate targets.
    pub priority: Priority,
    /// Its behaviours, the first that applies is taken.
    pub behaviours: Vec<Behaviour>,
    /// Riders added to every attack when the condition (over `card.*`) holds.
    pub card_bonus: Vec<CardBonus>,
}

/// Effects a type's attacks gain when its turn card was drawn as the condition says.
#[derive(Clone, Debug)]
pub(crate) struct CardBonus {
    /// The condition over the turn card.
    pub when: Condition,
    /// The effects added to each attack.
    pub riders: Vec<Rider>,
    /// The effects as the file writes them (`push 1`), for narration.
    pub text: String,
}

/// A loaded scheme file.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scheme {
    /// Its monster types, in file order.
    pub monsters: Vec<MonsterType>,
}

impl Scheme {
    /// The monster type of this name.
    pub(crate) fn get(&self, name: &str) -> Option<&MonsterType> {
        self.monsters.iter().find(|m| m.name == name)
    }
}

impl StatSource for Scheme {
    fn stats(&self, kind: &str) -> Option<Stats> {
        self.get(kind).map(|m| m.stats.clone())
    }
    fn kinds(&self) -> Vec<String> {
        self.monsters.iter().map(|m| m.name.clone()).collect()
    }
}

/// Parses and checks scheme text. `file` is the name used in messages.
///
/// Text that does not parse, or of another format, stops at its first problem; after that
/// every monster, trait, behaviour, action line and card bonus is checked on its own and
/// all problems are reported.
pub(crate) fn load_scheme(file: &str, text: &str) -> Result<Scheme, Diagnostics> {
    let raw: SchemeFile = parse_toml(file, text)?;
    let locate = Locator::new(file, text);
    let make = |span: Range<usize>, msg: String| locate.span(span, msg);
    let at = At::new(&make, text);
    let (monsters, problems) = compile_monsters(
        file,
        text,
        &raw.format,
        &raw.monsters,
        |m| (m.name.get_ref().clone(), m.name.span()),
        |m, mi, names, problems| compile_monster(m, mi, names, &at, problems),
    )?;
    problems.finish(Scheme { monsters })
}

/// Makes a diagnostic at a byte range of the file (called like a function), and lends the
/// file's text to the checks that mark part of a string value.
pub(super) struct At<'a> {
    make: &'a dyn Fn(Range<usize>, String) -> Diagnostic,
    text: &'a str,
}

impl<'a> At<'a> {
    pub(super) fn new(
        make: &'a dyn Fn(Range<usize>, String) -> Diagnostic,
        text: &'a str,
    ) -> At<'a> {
        At { make, text }
    }
}

impl<'a> std::ops::Deref for At<'a> {
    type Target = dyn Fn(Range<usize>, String) -> Diagnostic + 'a;
    fn deref(&self) -> &Self::Target {
        self.make
    }
}

/// A monster type, or `None` with its problems added to `problems`: a missing name or
/// another system ends the monster's checks; its stats, each trait, each behaviour and
/// each card bonus are checked on their own.
fn compile_monster(
    m: &MonsterDef,
    mi: usize,
    names: &[String],
    at: &At,
    problems: &mut Problems,
) -> Option<MonsterType> {
    let path = |rest: &str| format!("monster[{mi}].{rest}");
    let name = m.name.get_ref().trim().to_string();
    if name.is_empty() {
        problems
            .push(at(m.name.span(), "a monster type needs a name".into()).with_path(path("name")));
        return None;
    }
    if m.controller.get_ref() != "scheme" {
        problems.push(
            at(
                m.controller.span(),
                format!("unknown controller `{}`", m.controller.get_ref()),
            )
            .with_path(path("controller"))
            .with_hint("this version runs `scheme` monsters"),
        );
        return None;
    }
    let before = problems.len();
    let whole = m.name.span();
    for (field, value, range) in [
        ("hp", &m.hp, 1..=1_000_000),
        ("defence", &m.defence, 0..=100),
        ("speed", &m.speed, 0..=1000),
        ("range", &m.range, 0..=1000),
    ] {
        if !range.contains(value.get_ref()) {
            problems.push(
                at(
                    value.span(),
                    format!("{name}: `{field}` is {}, out of range", value.get_ref()),
                )
                .with_path(path(field))
                .with_hint(format!(
                    "{field} is from {} to {}",
                    range.start(),
                    range.end()
                )),
            );
        }
    }
    let saves = [
        m.saves.str,
        m.saves.dex,
        m.saves.con,
        m.saves.int,
        m.saves.wis,
        m.saves.cha,
    ];
    if !saves.iter().all(|v| (-100..=100).contains(v)) {
        problems.push(
            at(whole.clone(), format!("{name}: `saves` is out of range"))
                .with_path(path("saves"))
                .with_hint("save modifiers are from -100 to 100"),
        );
    }
    let mut traits = Vec::with_capacity(m.traits.len());
    for (ti, phrase) in m.traits.iter().enumerate() {
        let t = Trait::parse(phrase.get_ref()).map_err(|e| {
            trait_error(at(phrase.span(), e), phrase.get_ref())
                .with_path(path(&format!("traits[{ti}]")))
        });
        traits.extend(problems.check(t));
    }
    if m.behaviours.is_empty() {
        problems.push(
            at(whole, format!("{name} has no behaviours"))
                .with_path(path("behaviour"))
                .with_hint("add at least one `[[monster.behaviour]]`"),
        );
    }
    let mut behaviours = Vec::new();
    for (bi, b) in m.behaviours.iter().enumerate() {
        behaviours.extend(compile_behaviour(
            b,
            bi,
            &|rest| path(&format!("behaviour[{bi}].{rest}")),
            names,
            at,
            problems,
        ));
    }
    let mut card_bonus = Vec::new();
    for (ci, cb) in m.card_bonus.iter().enumerate() {
        let cond = problems.check(
            condition(&cb.when, at)
                .map_err(|d| d.with_path(path(&format!("card_bonus[{ci}].when")))),
        );
        let mut riders = Vec::new();
        for (li, line) in cb.add.iter().enumerate() {
            riders.extend(
                problems.check(
                    card_bonus_effect(line, at)
                        .map_err(|d| d.with_path(path(&format!("card_bonus[{ci}].add[{li}]")))),
                ),
            );
        }
        let text = cb
            .add
            .iter()
            .map(|l| l.get_ref().trim())
            .collect::<Vec<_>>()
            .join(", ");
        card_bonus.extend(cond.map(|when| CardBonus { when, riders, text }));
    }
    if problems.len() > before {
        // Retaliation is found among the behaviours, so it is checked only when all of
        // them compiled.
        return None;
    }
    let retaliation =
        retort_attack(&traits, *m.range.get_ref() as u32).or_else(|| weakest_attack(&behaviours));
    if let Some(ti) = traits.iter().position(|t| *t == Trait::Retaliate(None))
        && retaliation.is_none()
    {
        let phrase = &m.traits[ti];
        problems.push(at(
            phrase.span(),
            format!("{name} has `retaliate` but no attack that deals damage"),
        )
        .with_path(path(&format!("traits[{ti}]")))
        .with_hint(
            "give it an attack with damage, or write the attack in the phrase: `retaliate +4 1d6`",
        ));
        return None;
    }
    let stats = Stats {
        max_hp: *m.hp.get_ref() as i32,
        defence: *m.defence.get_ref() as i32,
        speed: *m.speed.get_ref() as u32,
        range: *m.range.get_ref() as u32,
        saves: m.saves,
        traits,
        boss: m.boss,
        retaliation,
        opportunity: opportunity_attack(&behaviours),
    };
    Some(MonsterType {
        name,
        stats,
        priority: m.target_priority,
        behaviours,
        card_bonus,
    })
}

/// A card bonus line: an effect added to attacks, never an action.
fn card_bonus_effect(line: &Spanned<String>, at: &At) -> Result<Rider, Diagnostic> {
    match parse_spanned(line, at)? {
        Line::Effect(r) => Ok(r),
        Line::Action(_) => Err(at(
            line.span(),
            "a card bonus adds effects to attacks, not actions".into(),
        )
        .with_hint("write an effect such as `push 1`")),
    }
}

/// The attack a monster makes when an enemy walks out of its reach: the first
/// single-target melee attack with damage among its behaviours, stripped of its effects.
pub(crate) fn opportunity_attack(behaviours: &[Behaviour]) -> Option<Attack> {
    behaviours
        .iter()
        .flat_map(|b| &b.actions)
        .find_map(|a| match a {
            Action::Attack(attack)
                if attack.reach == Reach::Melee
                    && attack.damage.is_some()
                    && attack.area.is_none() =>
            {
                Some(Attack {
                    riders: Vec::new(),
                    targets: 1,
                    ..attack.clone()
                })
            }
            _ => None,
        })
}

/// Retaliate's attack for a monster: among the single-target attacks with damage in its
/// behaviours, the one with the lowest average damage (the first one on a tie), stripped
/// of its effects.
fn weakest_attack(behaviours: &[Behaviour]) -> Option<Attack> {
    let mut best: Option<(i64, Attack)> = None;
    for b in behaviours {
        for a in &b.actions {
            let Action::Attack(attack) = a else { continue };
            let Some(d) = attack.damage.filter(|_| attack.area.is_none()) else {
                continue;
            };
            // Twice the average, to stay in whole numbers.
            let twice = i64::from(d.min()) + i64::from(d.max());
            if best.as_ref().is_none_or(|(w, _)| twice < *w) {
                let plain = Attack {
                    riders: Vec::new(),
                    targets: 1,
                    ..attack.clone()
                };
                best = Some((twice, plain));
            }
        }
    }
    best.map(|(_, a)| a)
}

/// A behaviour, or `None` with its problems added to `problems`: its condition, its
/// proximity and each action line are checked on their own.
pub(super) fn compile_behaviour(
    b: &BehaviourDef,
    bi: usize,
    path: &dyn Fn(&str) -> String,
    names: &[String],
    at: &At,
    problems: &mut Problems,
) -> Option<Behaviour> {
    let before = problems.len();
    let number = bi as u32 + 1;
    let condition = b
        .when
        .as_ref()
        .and_then(|w| problems.check(condition(w, at).map_err(|d| d.with_path(path("when")))));
    let proximity = b
        .proximity
        .as_ref()
        .and_then(|p| problems.check(proximity(p, at).map_err(|d| d.with_path(path("proximity")))));
    if b.actions.is_empty() {
        problems.push(
            at(0..0, format!("behaviour {number} has no actions"))
                .with_path(path("do"))
                .with_hint("list its actions in `do = [...]`"),
        );
    }
    if let Some(0) = b.charge {
        problems.push(
            at(0..0, "`charge = 0` does nothing".into())
                .with_path(path("charge"))
                .with_hint("use 1 or more, or leave it out"),
        );
    }
    let mut actions: Vec<Action> = Vec::new();
    // The attack that effect lines written after it belong to, while only effect lines
    // have followed it.
    let mut attack: Option<usize> = None;
    for (li, line) in b.actions.iter().enumerate() {
        let line =
            action_line(line, names, at).map_err(|d| d.with_path(path(&format!("do[{li}]"))));
        match problems.check(line) {
            Some(Line::Action(a)) => {
                attack = match a {
                    Action::Attack(_) => Some(actions.len()),
                    Action::Heal {
                        target: HealTarget::SelfOnly,
                        ..
                    } => attack,
                    _ => None,
                };
                actions.push(a);
            }
            // A shield (like a `heal self` line) is the monster's own, hit or miss: it
            // stays a step of its own, and the effects after it still ride the attack.
            Some(Line::Effect(r)) => match attack.map(|k| &mut actions[k]) {
                Some(Action::Attack(a)) if !r.effect.is_self_only() => a.riders.push(r),
                _ => actions.push(Action::Effect(r)),
            },
            None => {}
        }
    }
    if problems.len() > before {
        return None;
    }
    let label = b
        .name
        .clone()
        .unwrap_or_else(|| format!("behaviour {number}"));
    let summary = b
        .actions
        .iter()
        .map(|l| l.get_ref().trim())
        .collect::<Vec<_>>()
        .join(", ");
    Some(Behaviour {
        number,
        label,
        summary,
        condition,
        proximity,
        actions,
        charge: b.charge,
        once: b.once,
    })
}

/// An action line of a behaviour; a summon is checked against the types of the file.
fn action_line(line: &Spanned<String>, names: &[String], at: &At) -> Result<Line, Diagnostic> {
    match parse_spanned(line, at)? {
        Line::Action(Action::Summon { count, types }) => {
            if count.max() > MAX_ARRIVALS as i32 {
                let text = line.get_ref();
                let dice = word_ranges(text)
                    .into_iter()
                    .nth(1)
                    .unwrap_or(0..text.len());
                return Err(at(
                        span_within(line, dice.clone(), at),
                        format!(
                            "`{}` can summon up to {} creatures, but at most {MAX_ARRIVALS} can arrive at once",
                            &text[dice],
                            count.max()
                        ),
                    )
                    .with_hint(format!(
                        "use dice that roll at most {MAX_ARRIVALS}, such as `1d4` or `2d6`"
                    )));
            }
            for t in &types {
                if !names.contains(t) {
                    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                    let defined = format!("the file defines: {}", refs.join(", "));
                    let hint = match did_you_mean(t, &refs) {
                        Some(g) => format!("did you mean `{g}`? {defined}"),
                        None => format!("{defined}; a summoned type must be defined here too"),
                    };
                    let text = line.get_ref();
                    let part = text
                        .rfind(t.as_str())
                        .map_or(0..text.len(), |i| i..i + t.len());
                    return Err(at(
                        span_within(line, part, at),
                        format!("cannot summon unknown monster type `{t}`"),
                    )
                    .with_hint(hint));
                }
            }
            Ok(Line::Action(Action::Summon { count, types }))
        }
        other => Ok(other),
    }
}

/// Offset of a string value's first character inside its TOML span (after the quotes).
fn content_start(s: &Range<usize>, source_quote_len: usize) -> usize {
    s.start + source_quote_len
}

fn quote_len<T>(v: &Spanned<T>, at: &At) -> usize {
    let rest = at.text.get(v.span().start..).unwrap_or("");
    if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
        3
    } else {
        1
    }
}

/// The file bytes holding bytes `part` of a string value; the whole value when they cannot
/// be matched up (the string is written with escapes).
fn span_within(v: &Spanned<String>, part: Range<usize>, at: &At) -> Range<usize> {
    let base = content_start(&v.span(), quote_len(v, at));
    let span = base + part.start..base + part.end;
    let source = at.text;
    if source.get(span.clone()).is_some() && source.get(span.clone()) == v.get_ref().get(part) {
        span
    } else {
        v.span()
    }
}

/// Byte ranges of the whitespace-separated words of `text`.
fn word_ranges(text: &str) -> Vec<Range<usize>> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                words.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push(s..text.len());
    }
    words
}

/// A trait phrase that does not parse: `d` carries [`Trait::parse`]'s message, which for
/// an unknown word is rewritten so the suggestion and the list go in the hint.
fn trait_error(d: Diagnostic, phrase: &str) -> Diagnostic {
    if !d.message.starts_with("unknown trait") {
        return d.with_hint("the trait phrases are listed under \"Traits\" in docs/schemes.md");
    }
    let lower = phrase.trim().to_ascii_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    let guess = did_you_mean(&lower, TRAIT_WORDS).or_else(|| did_you_mean(first, TRAIT_WORDS));
    let known = format!("traits: {}", TRAIT_WORDS.join(", "));
    let hint = match guess {
        Some(g) => format!("did you mean `{g}`?\n{known}"),
        None => known,
    };
    Diagnostic {
        message: format!("unknown trait `{}`", phrase.trim()),
        ..d
    }
    .with_hint(hint)
}

/// A short hint for an unknown or empty action: the suggestion (if any) first, then the
/// words an action starts with, and where the full forms are.
fn action_hint(hint: &str) -> String {
    let guess = hint
        .strip_prefix("did you mean ")
        .and_then(|rest| rest.split_once('?'))
        .map(|(g, _)| format!("did you mean {g}?\n"));
    format!(
        "{}an action starts with move, attack (melee, ranged, magic, aoe), heal, steal, \
         retreat, summon, trap, roll, target, or an effect (daze, push N, ...)\n\
         every form is listed under \"Action lines\" in docs/schemes.md",
        guess.unwrap_or_default()
    )
}

fn parse_spanned(line: &Spanned<String>, at: &At) -> Result<Line, Diagnostic> {
    parse_line(line.get_ref()).map_err(|e| {
        let hint = if e.message.starts_with("unknown action") || e.message == "empty action" {
            action_hint(&e.hint)
        } else {
            e.hint.clone()
        };
        let base = content_start(&line.span(), quote_len(line, at));
        let end = if e.end > e.start {
            base + e.end
        } else {
            base + e.start + 1
        };
        at(
            base + e.start..end.min(line.span().end.max(base + e.start)),
            e.message,
        )
        .with_hint(hint)
    })
}

fn condition(text: &Spanned<String>, at: &At) -> Result<Condition, Diagnostic> {
    Condition::parse(text.get_ref(), VOCABULARY).map_err(|e| {
        let base = content_start(&text.span(), quote_len(text, at));
        let span = base + e.span.start..base + e.span.end.max(e.span.start + 1);
        let mut d = at(span, format!("in condition: {}", e.message));
        d.hint = Some(
            e.hint
                .unwrap_or_else(|| "see the list of condition names in docs/schemes.md".into()),
        );
        d
    })
}

fn proximity(p: &Spanned<String>, at: &At) -> Result<Proximity, Diagnostic> {
    let t = p.get_ref().trim();
    let (digits, plus) = match t.strip_suffix('+') {
        Some(d) => (d, true),
        None => (t, false),
    };
    match digits.parse::<u32>() {
        Ok(n) if (1..=1000).contains(&n) => Ok(Proximity { n, plus }),
        _ => Err(at(p.span(), format!("`{t}` is not a proximity condition")).with_hint("write a number of spaces such as \"1\" or \"3\", or \"2+\" for 2 or more spaces away")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::StatusKind;
    use crate::board::action::Effect;

    const WARG: &str =
        "[[monster]]\nname = \"Warg\"\nhp = 22\ndefence = 13\nspeed = 10\nrange = 1\n";

    fn scheme(head: &str, traits: &str, action: &str) -> String {
        format!(
            "{head}format = 1\n{WARG}traits = [{traits}]\n[[monster.behaviour]]\ndo = [\"{action}\"]\n"
        )
    }

    fn error(text: &str) -> (Diagnostic, String) {
        let d = load_scheme("s.toml", text).unwrap_err().first().clone();
        let span = d.location.as_ref().unwrap().span.clone().unwrap();
        let marked = text[span].to_string();
        (d, marked)
    }

    #[test]
    fn good_traits_are_parsed() {
        let s = load_scheme("s.toml", &scheme("", "\"haste\", \"explode 3\"", "move")).unwrap();
        assert_eq!(
            s.monsters[0].stats.traits,
            [Trait::Haste, Trait::Explode(3)]
        );
    }

    #[test]
    fn retaliation_is_the_weakest_attack_without_effects() {
        let text = format!(
            "format = 1\n{WARG}traits = [\"retaliate\", \"resurrect\"]\n\
             [[monster.behaviour]]\ndo = [\"melee attack +4 2d6\", \"push 1\"]\n\
             [[monster.behaviour]]\ndo = [\"melee attack +3 1d6+1\", \"daze\"]\n\
             [[monster.behaviour]]\ndo = [\"aoe attack +0 1d1 radius 1\"]\n"
        );
        let s = load_scheme("s.toml", &text).unwrap();
        let a = s.monsters[0].stats.retaliation.clone().unwrap();
        assert_eq!(
            (a.bonus, a.damage.unwrap().to_string()),
            (3, "1d6+1".into())
        );
        assert!(a.riders.is_empty());
        let own = scheme("", "\"retaliate +9 1d4\"", "melee attack +4 2d6");
        let a = load_scheme("s.toml", &own).unwrap().monsters[0]
            .stats
            .retaliation
            .clone()
            .unwrap();
        assert_eq!(a.bonus, 9);
    }

    #[test]
    fn self_effects_after_an_attack_stay_steps_of_their_own() {
        let text = format!(
            "format = 1\n{WARG}[[monster.behaviour]]\n\
             do = [\"melee attack +4 1d6\", \"shield 2\", \"heal self 1\", \"immobilize\", \"daze\"]\n"
        );
        let s = load_scheme("s.toml", &text).unwrap();
        let actions = &s.monsters[0].behaviours[0].actions;
        let [Action::Attack(a), Action::Effect(shield), heal] = &actions[..] else {
            panic!("{actions:?}");
        };
        let effects: Vec<&Effect> = a.riders.iter().map(|r| &r.effect).collect();
        assert_eq!(
            effects,
            [
                &Effect::Status(StatusKind::Immobilized),
                &Effect::Status(StatusKind::Dazed)
            ],
            "the effects after the self lines ride the attack"
        );
        assert_eq!(shield.effect, Effect::Shield(2));
        assert!(matches!(
            heal,
            Action::Heal {
                target: HealTarget::SelfOnly,
                ..
            }
        ));
    }

    #[test]
    fn the_format_version_is_marked_even_after_a_comment_naming_it() {
        let text = scheme("# format notes\n", "", "move").replace("format = 1", "format = 3");
        let (d, marked) = error(&text);
        assert_eq!(marked, "3");
        assert_eq!(d.path.as_deref(), Some("format"));
        assert_eq!(d.message, "unsupported scheme format 3");
    }

    #[test]
    fn trait_errors_point_at_the_phrase() {
        let (d, marked) = error(&scheme("", "\"haste\", \"slipery\"", "move"));
        assert_eq!(marked, "\"slipery\"");
        assert_eq!(d.message, "unknown trait `slipery`");
        assert_eq!(d.path.as_deref(), Some("monster[0].traits[1]"));
        assert!(
            d.hint
                .unwrap()
                .starts_with("did you mean `slippery`?\ntraits: ")
        );

        let (d, marked) = error(&scheme("", "\"explode\"", "move"));
        assert_eq!(marked, "\"explode\"");
        assert!(d.message.contains("needs a number"), "{}", d.message);
        assert!(d.hint.unwrap().contains("docs/schemes.md"));

        let (d, marked) = error(&scheme("", "\"haste\", \"retaliate\"", "move"));
        assert_eq!(marked, "\"retaliate\"");
        assert_eq!(
            d.message,
            "Warg has `retaliate` but no attack that deals damage"
        );
        assert_eq!(d.path.as_deref(), Some("monster[0].traits[1]"));
    }

    #[test]
    fn summons_are_limited_and_unknown_types_marked() {
        let (d, marked) = error(&scheme("", "", "summon 20d10 Warg"));
        assert_eq!(marked, "20d10");
        assert_eq!(
            d.message,
            "`20d10` can summon up to 200 creatures, but at most 100 can arrive at once"
        );
        assert!(load_scheme("s.toml", &scheme("", "", "summon 1d100 Warg")).is_ok());

        let (d, marked) = error(&scheme("", "", "summon 1d4 Warg, Wragg"));
        assert_eq!(marked, "Wragg");
        assert_eq!(
            d.hint.as_deref(),
            Some("did you mean `Warg`? the file defines: Warg")
        );
    }

    #[test]
    fn every_trait_behaviour_and_line_is_checked_on_its_own() {
        let text = format!(
            "format = 1\n{WARG}traits = [\"slipery\", \"retaliate\"]\n\
             [[monster.behaviour]]\nproximity = \"x\"\ndo = [\"pusj 1\", \"move\", \"melee attack +1 1x6\"]\n\
             [[monster.card_bonus]]\nwhen = \"card.shuffle\"\nadd = [\"move\"]\n"
        );
        let all = load_scheme("s.toml", &text).unwrap_err();
        let paths: Vec<&str> = all.iter().filter_map(|d| d.path.as_deref()).collect();
        // Retaliate needs the behaviours' attacks, so it is not judged while they are wrong.
        assert_eq!(
            paths,
            [
                "monster[0].traits[0]",
                "monster[0].behaviour[0].proximity",
                "monster[0].behaviour[0].do[0]",
                "monster[0].behaviour[0].do[2]",
                "monster[0].card_bonus[0].when",
                "monster[0].card_bonus[0].add[0]",
            ]
        );
    }

    #[test]
    fn unknown_actions_get_a_short_hint() {
        let (d, marked) = error(&scheme("", "", "pusj 1"));
        assert_eq!(marked, "pusj");
        let hint = d.hint.unwrap();
        assert!(
            hint.starts_with("did you mean `push`?\nan action starts with"),
            "{hint}"
        );
        assert!(hint.contains("docs/schemes.md"));
        assert!(hint.lines().all(|l| l.len() < 160), "{hint}");
        let (d, _) = error(&scheme("", "", "frobnicate"));
        assert!(d.hint.unwrap().starts_with("an action starts with"));
    }
}

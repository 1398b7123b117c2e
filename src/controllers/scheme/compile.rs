//! Checking a parsed scheme file and compiling it into monster types the controller runs:
//! conditions parsed against the vocabulary, action lines parsed, effects attached to the
//! attack they follow. Every problem points at its place in the TOML file.

use super::action_text::{FORMS, Line, parse_line};
use super::format::{BehaviourDef, MonsterDef, Once, SchemeFile};
use super::vocabulary::VOCABULARY;
use crate::board::{StatSource, Stats, Trait};
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::io::load::parse_toml;
use crate::rules::action::{Action, Rider};
use crate::rules::condition::Condition;
use crate::rules::targeting::Priority;
use std::ops::Range;
use toml::Spanned;

pub const FORMAT: u32 = 1;

/// A proximity condition: an enemy within `n` spaces, or (`plus`) `n` or more away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proximity {
    pub n: u32,
    pub plus: bool,
}

#[derive(Clone, Debug)]
pub struct Behaviour {
    /// 1-based position in the scheme.
    pub number: u32,
    pub label: String,
    pub condition: Option<Condition>,
    pub proximity: Option<Proximity>,
    pub actions: Vec<Action>,
    pub charge: Option<u32>,
    pub once: Option<Once>,
}

#[derive(Clone, Debug)]
pub struct MonsterType {
    pub name: String,
    pub stats: Stats,
    pub priority: Priority,
    pub behaviours: Vec<Behaviour>,
    /// Riders added to every attack when the condition (over `card.*`) holds.
    pub card_bonus: Vec<(Condition, Vec<Rider>)>,
}

/// A loaded scheme file.
#[derive(Clone, Debug)]
pub struct Scheme {
    pub monsters: Vec<MonsterType>,
}

impl Scheme {
    pub fn get(&self, name: &str) -> Option<&MonsterType> {
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

/// Traits whose rules this version applies; the others are refused so a scheme never
/// silently relies on a rule that does nothing.
fn trait_supported(t: &Trait) -> bool {
    !matches!(t, Trait::Retaliate | Trait::Resurrect)
}

/// Parses and checks scheme text. `file` is the name used in messages.
pub fn load_scheme(file: &str, text: &str) -> Result<Scheme, Diagnostic> {
    let raw: SchemeFile = parse_toml(file, text)?;
    let at = |span: Range<usize>, msg: String| Diagnostic::at_span(file, text, span, msg);
    if raw.format != FORMAT {
        let pos = text.find("format").unwrap_or(0);
        return Err(at(
            pos..pos + 6,
            format!("unsupported scheme format {}", raw.format),
        )
        .with_hint(format!("this version reads format {FORMAT}")));
    }
    if raw.monsters.is_empty() {
        return Err(
            Diagnostic::at_span(file, text, 0..0, "the scheme file defines no monsters")
                .with_hint("add a `[[monster]]` table"),
        );
    }
    let names: Vec<String> = raw
        .monsters
        .iter()
        .map(|m| m.name.get_ref().clone())
        .collect();
    let mut monsters = Vec::new();
    for (mi, m) in raw.monsters.iter().enumerate() {
        if names[..mi].contains(m.name.get_ref()) {
            return Err(at(
                m.name.span(),
                format!("monster type `{}` is defined twice", m.name.get_ref()),
            )
            .with_path(format!("monster[{mi}].name"))
            .with_hint("give each type a unique name"));
        }
        monsters.push(compile_monster(m, mi, &names, &at)?);
    }
    Ok(Scheme { monsters })
}

type At<'a> = dyn Fn(Range<usize>, String) -> Diagnostic + 'a;

fn compile_monster(
    m: &MonsterDef,
    mi: usize,
    names: &[String],
    at: &At,
) -> Result<MonsterType, Diagnostic> {
    let path = |rest: &str| format!("monster[{mi}].{rest}");
    let name = m.name.get_ref().trim().to_string();
    if name.is_empty() {
        return Err(at(m.name.span(), "a monster type needs a name".into()).with_path(path("name")));
    }
    if m.controller.get_ref() != "scheme" {
        return Err(at(
            m.controller.span(),
            format!("unknown controller `{}`", m.controller.get_ref()),
        )
        .with_path(path("controller"))
        .with_hint("this version runs `scheme` monsters"));
    }
    let whole = m.name.span();
    for (field, ok) in [
        ("hp", (1..=1_000_000).contains(&m.hp)),
        ("defence", (0..=100).contains(&m.defence)),
        ("speed", m.speed <= 1000),
        ("range", m.range <= 1000),
    ] {
        if !ok {
            return Err(
                at(whole.clone(), format!("{name}: `{field}` is out of range"))
                    .with_path(path(field))
                    .with_hint("hp 1-1000000, defence 0-100, speed and range 0-1000"),
            );
        }
    }
    if let Some(t) = m.traits.iter().find(|t| !trait_supported(t)) {
        return Err(at(
            whole,
            format!("{name}: the trait `{t}` is not supported by this version yet"),
        )
        .with_path(path("traits"))
        .with_hint("remove it; it arrives with the round loop"));
    }
    if m.behaviours.is_empty() {
        return Err(at(whole, format!("{name} has no behaviours"))
            .with_path(path("behaviour"))
            .with_hint("add at least one `[[monster.behaviour]]`"));
    }
    let mut behaviours = Vec::new();
    for (bi, b) in m.behaviours.iter().enumerate() {
        behaviours.push(compile_behaviour(
            b,
            bi,
            &|rest| path(&format!("behaviour[{bi}].{rest}")),
            names,
            at,
        )?);
    }
    let mut card_bonus = Vec::new();
    for (ci, cb) in m.card_bonus.iter().enumerate() {
        let cond = condition(&cb.when, &path(&format!("card_bonus[{ci}].when")), at)?;
        let mut riders = Vec::new();
        for (li, line) in cb.add.iter().enumerate() {
            match parse_spanned(line, &path(&format!("card_bonus[{ci}].add[{li}]")), at)? {
                Line::Effect(r) => riders.push(r),
                Line::Action(_) => {
                    return Err(at(
                        line.span(),
                        "a card bonus adds effects to attacks, not actions".into(),
                    )
                    .with_path(path(&format!("card_bonus[{ci}].add[{li}]")))
                    .with_hint("write an effect such as `push 1`"));
                }
            }
        }
        card_bonus.push((cond, riders));
    }
    let stats = Stats {
        max_hp: m.hp,
        defence: m.defence,
        speed: m.speed,
        range: m.range,
        saves: m.saves,
        traits: m.traits.clone(),
        boss: m.boss,
    };
    Ok(MonsterType {
        name,
        stats,
        priority: m.target_priority,
        behaviours,
        card_bonus,
    })
}

fn compile_behaviour(
    b: &BehaviourDef,
    bi: usize,
    path: &dyn Fn(&str) -> String,
    names: &[String],
    at: &At,
) -> Result<Behaviour, Diagnostic> {
    let number = bi as u32 + 1;
    let condition = b
        .when
        .as_ref()
        .map(|w| condition(w, &path("when"), at))
        .transpose()?;
    let proximity = b
        .proximity
        .as_ref()
        .map(|p| proximity(p, &path("proximity"), at))
        .transpose()?;
    if b.actions.is_empty() {
        return Err(at(0..0, format!("behaviour {number} has no actions"))
            .with_path(path("do"))
            .with_hint("list its actions in `do = [...]`"));
    }
    if let Some(0) = b.charge {
        return Err(at(0..0, "`charge = 0` does nothing".into())
            .with_path(path("charge"))
            .with_hint("use 1 or more, or leave it out"));
    }
    let mut actions: Vec<Action> = Vec::new();
    for (li, line) in b.actions.iter().enumerate() {
        let lp = path(&format!("do[{li}]"));
        match parse_spanned(line, &lp, at)? {
            Line::Action(Action::Summon { count, types }) => {
                for t in &types {
                    if !names.contains(t) {
                        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                        let hint = match did_you_mean(t, &refs) {
                            Some(g) => format!("did you mean `{g}`?"),
                            None => format!("the file defines: {}", refs.join(", ")),
                        };
                        return Err(at(
                            line.span(),
                            format!("cannot summon unknown monster type `{t}`"),
                        )
                        .with_path(lp)
                        .with_hint(hint));
                    }
                }
                actions.push(Action::Summon { count, types });
            }
            Line::Action(a) => actions.push(a),
            Line::Effect(r) => match actions.last_mut() {
                Some(Action::Attack(a)) => a.riders.push(r),
                _ => actions.push(Action::Effect(r)),
            },
        }
    }
    let label = b
        .name
        .clone()
        .unwrap_or_else(|| format!("behaviour {number}"));
    Ok(Behaviour {
        number,
        label,
        condition,
        proximity,
        actions,
        charge: b.charge,
        once: b.once,
    })
}

/// Offset of a string value's first character inside its TOML span (after the quotes).
fn content_start(s: &Range<usize>, source_quote_len: usize) -> usize {
    s.start + source_quote_len
}

fn quote_len<T>(v: &Spanned<T>, at: &At) -> usize {
    // The diagnostic carries the source text; look at the opening quote there.
    let probe = at(v.span(), String::new());
    let text = probe.source.unwrap_or_default();
    let rest = text.get(v.span().start..).unwrap_or("");
    if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
        3
    } else {
        1
    }
}

fn parse_spanned(line: &Spanned<String>, path: &str, at: &At) -> Result<Line, Diagnostic> {
    parse_line(line.get_ref()).map_err(|e| {
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
        .with_path(path.to_string())
        .with_hint(e.hint)
    })
}

fn condition(text: &Spanned<String>, path: &str, at: &At) -> Result<Condition, Diagnostic> {
    Condition::parse(text.get_ref(), VOCABULARY).map_err(|e| {
        let base = content_start(&text.span(), quote_len(text, at));
        let span = base + e.span.start..base + e.span.end.max(e.span.start + 1);
        let mut d = at(span, format!("in condition: {}", e.message)).with_path(path.to_string());
        d.hint = Some(
            e.hint
                .unwrap_or_else(|| "see the list of condition names in docs/schemes.md".into()),
        );
        d
    })
}

fn proximity(p: &Spanned<String>, path: &str, at: &At) -> Result<Proximity, Diagnostic> {
    let t = p.get_ref().trim();
    let (digits, plus) = match t.strip_suffix('+') {
        Some(d) => (d, true),
        None => (t, false),
    };
    match digits.parse::<u32>() {
        Ok(n) if (1..=1000).contains(&n) => Ok(Proximity { n, plus }),
        _ => Err(at(p.span(), format!("`{t}` is not a proximity condition")).with_path(path.to_string()).with_hint("write a number of spaces such as \"1\" or \"3\", or \"2+\" for 2 or more spaces away")),
    }
}

/// Forms of action lines (for `check` hints and docs).
pub fn action_forms() -> &'static str {
    FORMS
}

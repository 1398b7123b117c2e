//! A GHS monster's stat lines: `baseStat` (what every line shares) merged with each entry
//! of `stats`, grouped by level into normal and elite lines (or a boss's one line), with
//! the stat actions our traits can say (`shield`, `retaliate`, flying) and the
//! immunities our conditions name. Everything else is listed as left out.

use super::model::{Action, MonsterFile, Stat};
use super::source::{MAX_NUMBER, Source, shown};
use crate::Dropped;
use crate::io::diagnostic::Diagnostic;
use monster_ai_ability_deck::importers::CardCondition;
use serde_json::Value;
use std::collections::BTreeMap;

/// Highest level our monster files take.
const MAX_LEVEL: i64 = 20;

/// One stat line, its values already written as TOML.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Line {
    pub hp: String,
    pub movement: String,
    pub attack: String,
    pub range: i64,
    pub traits: Vec<String>,
}

pub(crate) struct Lines {
    pub boss: bool,
    /// Level → normal (a boss's line) and elite.
    pub levels: BTreeMap<i64, (Line, Option<Line>)>,
    pub immune: Vec<String>,
    /// The boss's special actions, when every level has the same ones.
    pub specials: Vec<Vec<Action>>,
}

/// A stat entry with `baseStat` filled in where it says nothing.
fn merged(base: &Stat, s: &Stat) -> Stat {
    let mut m = s.clone();
    m.rank = m.rank.or_else(|| base.rank.clone());
    m.health = m.health.or_else(|| base.health.clone());
    m.movement = m.movement.or_else(|| base.movement.clone());
    m.attack = m.attack.or_else(|| base.attack.clone());
    m.range = m.range.or_else(|| base.range.clone());
    m.actions = m.actions.or_else(|| base.actions.clone());
    m.immunities = m.immunities.or_else(|| base.immunities.clone());
    m.special = m.special.or_else(|| base.special.clone());
    m.note = m.note.or_else(|| base.note.clone());
    for (k, v) in &base.other {
        m.other.entry(k.clone()).or_insert_with(|| v.clone());
    }
    m
}

/// A stat as TOML: a number, or for a boss `"NxC"`, `"NxC+M"`, `"NxC-M"`.
fn stat_value(
    src: &Source,
    v: Option<&Value>,
    path: &str,
    boss: bool,
    min: i64,
) -> Result<String, Diagnostic> {
    let Some(v) = v else {
        return Ok(min.to_string());
    };
    if let Some(n) = src.number(v, path)? {
        if n < min {
            return Err(src
                .error(path, format!("{n} is too small here"))
                .with_hint(format!("it must be at least {min}")));
        }
        return Ok(n.to_string());
    }
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let formula = character_formula(&text).filter(|_| boss);
    match formula {
        Some(f) => Ok(format!("\"{f}\"")),
        None => Err(src
            .error(path, format!("`{text}` cannot be carried over"))
            .with_hint(if boss {
                "a boss's stat may be a number or `NxC`, `NxC+M`, `NxC-M` (C = characters)"
            } else {
                "a stat is a number; only bosses' stats may count characters"
            })),
    }
}

/// `8xC`, `Cx8`, `C`, with `+M` or `-M`: our `NxC±M`, or `None`.
fn character_formula(text: &str) -> Option<String> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase()
        .replace('*', "x");
    let (body, rest) = match t.find(['+', '-']) {
        Some(i) => t.split_at(i),
        None => (t.as_str(), ""),
    };
    let per: i64 = match body {
        "c" => 1,
        b => b
            .strip_suffix("xc")
            .or_else(|| b.strip_prefix("cx"))?
            .parse()
            .ok()?,
    };
    let base: i64 = if rest.is_empty() {
        0
    } else {
        rest.parse().ok()?
    };
    let ok = (1..=MAX_NUMBER).contains(&per) && base.abs() <= MAX_NUMBER;
    ok.then(|| match base {
        0 => format!("{per}xC"),
        b if b > 0 => format!("{per}xC+{b}"),
        b => format!("{per}xC{b}"),
    })
}

/// The stat actions our traits can say; the others are listed.
fn traits(
    src: &Source,
    actions: &[Action],
    path: &str,
    place: &str,
    dropped: &mut Vec<Dropped>,
) -> Result<Vec<String>, Diagnostic> {
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let p = format!("{path}[{i}]");
        let amount = match &a.value {
            Some(v) => src.number(v, &format!("{p}.value"))?,
            None => None,
        };
        let range = a
            .sub_actions
            .iter()
            .find(|s| s.kind == "range")
            .and_then(|s| s.value.as_ref());
        let range = match range {
            Some(v) => src.number(v, &format!("{p}.subActions"))?,
            None => None,
        };
        let others = a.sub_actions.iter().any(|s| s.kind != "range");
        match (a.kind.as_str(), amount, others) {
            ("shield", Some(n), false) if range.is_none() => out.push(format!("shield {n}")),
            ("retaliate", Some(n), false) => out.push(match range {
                Some(r) if r > 1 => format!("retaliate {n} range {r}"),
                _ => format!("retaliate {n}"),
            }),
            _ => dropped.push(src.dropped(
                format!("{place}, {p}"),
                format!(
                    "the stat action `{}{}` has no trait of ours (traits: shield, retaliate, flying)",
                    a.kind,
                    shown(a.value.as_ref())
                ),
            )),
        }
    }
    Ok(out)
}

/// Reads every stat line of a monster file.
pub(crate) fn stat_lines(
    src: &Source,
    m: &MonsterFile,
    dropped: &mut Vec<Dropped>,
) -> Result<Lines, Diagnostic> {
    let base = m.base_stat.clone().unwrap_or_default();
    let boss = m.boss || base.rank.as_deref() == Some("boss");
    let mut levels: BTreeMap<i64, (Option<Line>, Option<Line>)> = BTreeMap::new();
    let mut immune: Vec<String> = Vec::new();
    let mut unknown: Vec<String> = Vec::new();
    let mut specials: Option<Vec<Vec<Action>>> = None;
    let mut specials_differ = false;
    if m.stats.is_empty() {
        return Err(src
            .error("stats", format!("{} has no stat lines", m.name))
            .with_hint("a GHS monster file lists its lines in `stats`"));
    }
    for (i, entry) in m.stats.iter().enumerate() {
        let path = format!("stats[{i}]");
        let s = merged(&base, entry);
        let level = s.level.unwrap_or(0);
        if !(0..=MAX_LEVEL).contains(&level) {
            return Err(src
                .error(
                    &format!("{path}.level"),
                    format!("level {level} is out of range"),
                )
                .with_hint(format!("levels run from 0 to {MAX_LEVEL}")));
        }
        let rank = s
            .rank
            .as_deref()
            .unwrap_or(if boss { "boss" } else { "normal" });
        let elite = match (rank, boss) {
            ("normal", false) => false,
            ("elite", false) => true,
            ("boss", true) | ("normal", true) => false,
            (other, _) => {
                return Err(src
                    .error(
                        &format!("{path}.type"),
                        format!("`{other}` is not a rank of this monster"),
                    )
                    .with_hint(if boss {
                        "a boss's lines are of type `boss`"
                    } else {
                        "lines are of type `normal` or `elite`"
                    }));
            }
        };
        let place = format!("level {level} {rank}");
        let mut traits = traits(
            src,
            s.actions.as_deref().unwrap_or(&[]),
            &format!("{path}.actions"),
            &place,
            dropped,
        )?;
        if m.flying {
            traits.push("flying".into());
        }
        let line = Line {
            hp: stat_value(src, s.health.as_ref(), &format!("{path}.health"), boss, 1).and_then(
                |hp| {
                    if s.health.is_none() {
                        Err(src
                            .error(&path, format!("{place} has no `health`"))
                            .with_hint("give every line its health"))
                    } else {
                        Ok(hp)
                    }
                },
            )?,
            movement: stat_value(
                src,
                s.movement.as_ref(),
                &format!("{path}.movement"),
                boss,
                0,
            )?,
            attack: stat_value(src, s.attack.as_ref(), &format!("{path}.attack"), boss, 0)?,
            range: match &s.range {
                Some(v) => src.number(v, &format!("{path}.range"))?.ok_or_else(|| {
                    src.error(&format!("{path}.range"), "a range must be a number")
                        .with_hint("0 or leaving it out is melee")
                })?,
                None => 0,
            },
            traits,
        };
        let slot = levels.entry(level).or_default();
        let target = if elite { &mut slot.1 } else { &mut slot.0 };
        if target.is_some() {
            return Err(src
                .error(&path, format!("{place} is given twice"))
                .with_hint("keep one line per level and rank"));
        }
        *target = Some(line);
        for (j, word) in s.immunities.iter().flatten().enumerate() {
            match CardCondition::parse(word) {
                Some(_) if !immune.contains(word) => immune.push(word.clone()),
                Some(_) => {}
                // Each immunity is told once, where it first appears.
                None if unknown.contains(word) => {}
                None => dropped.push(src.dropped(
                    format!("{place}, {path}.immunities[{j}]"),
                    format!("immunity to `{word}` is left out: our monsters are immune only to conditions cards give"),
                )),
            }
            if CardCondition::parse(word).is_none() && !unknown.contains(word) {
                unknown.push(word.clone());
            }
        }
        let special = s.special.clone().unwrap_or_default();
        match &specials {
            None => specials = Some(special),
            Some(seen) if *seen != special => specials_differ = true,
            Some(_) => {}
        }
        if let Some(note) = s.note.as_ref().filter(|n| !n.is_empty()) {
            dropped.push(src.dropped(
                format!("{place}, {path}.note"),
                format!("the note `{note}` is left out"),
            ));
        }
        for key in s.other.keys() {
            dropped.push(src.dropped(
                format!("{place}, {path}.{key}"),
                format!("the field `{key}` is not read"),
            ));
        }
    }
    let mut out = BTreeMap::new();
    for (level, (normal, elite)) in levels {
        let Some(normal) = normal else {
            return Err(src
                .error(
                    "stats",
                    format!("level {level} has an elite line but no normal one"),
                )
                .with_hint("give each level a normal and an elite line"));
        };
        if !boss && elite.is_none() {
            return Err(src
                .error(
                    "stats",
                    format!("level {level} has a normal line but no elite one"),
                )
                .with_hint("give each level a normal and an elite line"));
        }
        out.insert(level, (normal, elite));
    }
    let specials = if specials_differ {
        dropped.push(src.dropped(
            "stats",
            "the boss's special actions differ by level, so its `special` cards are left out",
        ));
        Vec::new()
    } else {
        specials.unwrap_or_default()
    };
    immune.sort();
    Ok(Lines {
        boss,
        levels: out,
        immune,
        specials,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn character_counts_are_written_our_way() {
        assert_eq!(character_formula("8xC").as_deref(), Some("8xC"));
        assert_eq!(character_formula("C x 8 + 2").as_deref(), Some("8xC+2"));
        assert_eq!(character_formula("C").as_deref(), Some("1xC"));
        assert_eq!(character_formula("6*C-1").as_deref(), Some("6xC-1"));
        assert_eq!(character_formula("(C+1)x4"), None);
        assert_eq!(character_formula("99999xC"), None);
    }
}

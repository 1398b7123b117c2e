//! A GHS card's actions in our card language (docs/ability-decks.md): move and attack
//! changes, an attack's range, target, area, pierce, push/pull and conditions, shield,
//! retaliate, heal, loot, summon, strengthen/invisible and bless, and a boss's special
//! actions written out where a card calls them. Whatever else a card holds (elements,
//! special targets, custom text, …) is listed as left out, with its card and position.

use super::area::read_area;
use super::model::{ACTION_TYPES, Action};
use super::source::{Source, shown};
use crate::Dropped;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use monster_ai_ability_deck::importers::CardCondition;
use serde_json::Value;

/// What translating a card needs to know.
pub(crate) struct Cx<'a> {
    pub src: &'a Source,
    /// Monster types of this import (the ones a summon may name).
    pub types: &'a [String],
    /// The boss's special actions (special 1, special 2, …).
    pub specials: &'a [Vec<Action>],
    /// The card, for notes: `card 516 (initiative 64)`.
    pub card: String,
    pub dropped: &'a mut Vec<Dropped>,
}

impl Cx<'_> {
    fn drop_note(&mut self, path: &str, what: String) {
        let note = self.src.dropped(format!("{}, {path}", self.card), what);
        self.dropped.push(note);
    }

    fn drop_action(&mut self, a: &Action, path: &str, why: &str) {
        self.drop_note(
            path,
            format!("`{}{}` is left out: {why}", a.kind, shown(a.value.as_ref())),
        );
    }

    fn number(&self, a: &Action, path: &str) -> Result<Option<i64>, Diagnostic> {
        match &a.value {
            Some(v) => self.src.number(v, &format!("{path}.value")),
            None => Ok(None),
        }
    }
}

/// Refuses action types GHS does not have (at any depth), with a "did you mean".
pub(crate) fn check_types(src: &Source, actions: &[Action], path: &str) -> Result<(), Diagnostic> {
    for (i, a) in actions.iter().enumerate() {
        let p = format!("{path}[{i}]");
        if !ACTION_TYPES.contains(&a.kind.as_str()) {
            let hint = match did_you_mean(&a.kind, &ACTION_TYPES) {
                Some(g) => format!("did you mean `{g}`?"),
                None => "this is not an action type of GHS's data (see its Action.ts)".into(),
            };
            return Err(src
                .error(
                    &format!("{p}.type"),
                    format!("`{}` is not a GHS action type", a.kind),
                )
                .with_hint(hint));
        }
        if let Some(vt) = a.value_type.as_deref()
            && !["plus", "minus", "add", "subtract", "fixed"].contains(&vt)
        {
            return Err(src
                .error(
                    &format!("{p}.valueType"),
                    format!("`{vt}` is not a GHS value type"),
                )
                .with_hint("value types: plus, minus, add, subtract, fixed"));
        }
        check_types(src, &a.sub_actions, &format!("{p}.subActions"))?;
    }
    Ok(())
}

/// `+N` / `-N` for a value that changes the stat line, `None` for a fixed one.
fn change(a: &Action, n: i64) -> Option<String> {
    match a.value_type.as_deref() {
        Some("plus") | Some("add") => Some(format!("+{n}")),
        Some("minus") | Some("subtract") => Some(format!("-{n}")),
        _ => None,
    }
}

/// A summoned monster's name: `%data.monster.NAME%`, a plain name, or `valueObject`
/// entries naming a monster.
fn summoned(a: &Action) -> Option<String> {
    if let Some(Value::String(s)) = &a.value {
        let name = s
            .strip_prefix("%data.monster.")
            .and_then(|r| r.strip_suffix('%'))
            .unwrap_or(s);
        if !name.is_empty() && !name.contains(['%', ' ']) && name != "monsterStandee" {
            return Some(name.to_string());
        }
    }
    let first = match &a.value_object {
        Some(Value::Array(items)) => items.first()?,
        Some(other) => other,
        None => return None,
    };
    first
        .get("monster")
        .and_then(|m| m.get("name"))
        .or_else(|| first.get("name"))
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// The card's action lines, in order.
pub(crate) fn card_lines(
    actions: &[Action],
    path: &str,
    cx: &mut Cx,
) -> Result<Vec<String>, Diagnostic> {
    let mut lines = Vec::new();
    top_level(actions, path, cx, &mut lines, 0)?;
    Ok(lines)
}

/// Top-level actions; `depth` counts boss specials written out (a special never calls
/// itself more than once deep).
fn top_level(
    actions: &[Action],
    path: &str,
    cx: &mut Cx,
    lines: &mut Vec<String>,
    depth: u32,
) -> Result<(), Diagnostic> {
    // True while the last line is an attack (or a line adding to it).
    let mut open = false;
    let mut forced = false;
    for (i, a) in actions.iter().enumerate() {
        let p = format!("{path}[{i}]");
        let kind = a.kind.as_str();
        let is_rider = matches!(
            kind,
            "range" | "target" | "pierce" | "push" | "pull" | "area"
        ) || (kind == "condition" && attack_condition(a).is_some());
        if open && is_rider {
            if let Some(line) = rider(a, &p, cx, &mut forced)? {
                lines.push(line);
            }
            continue;
        }
        open = false;
        match kind {
            "move" => {
                let n = cx.number(a, &p)?;
                match n.and_then(|n| change(a, n).map(|c| (n, c))) {
                    Some((n, c)) => {
                        let mut line = if n == 0 { "move".to_string() } else { format!("move {c}") };
                        for (j, s) in a.sub_actions.iter().enumerate() {
                            match s.kind.as_str() {
                                "jump" if !line.ends_with(" jump") => line.push_str(" jump"),
                                _ => cx.drop_action(s, &format!("{p}.subActions[{j}]"), "a move takes only `jump` here"),
                            }
                        }
                        lines.push(line);
                    }
                    None => cx.drop_action(a, &p, "a move of a fixed value; our cards change the stat line's move"),
                }
            }
            "attack" => {
                let n = cx.number(a, &p)?;
                match n.and_then(|n| change(a, n).map(|c| (n, c))) {
                    Some((n, c)) => {
                        lines.push(if n == 0 { "attack".to_string() } else { format!("attack {c}") });
                        open = true;
                        forced = false;
                        for (j, s) in a.sub_actions.iter().enumerate() {
                            let sp = format!("{p}.subActions[{j}]");
                            if let Some(line) = rider(s, &sp, cx, &mut forced)? {
                                lines.push(line);
                            }
                        }
                    }
                    None => cx.drop_action(a, &p, "an attack of a fixed value; our cards change the stat line's attack (its riders go with it)"),
                }
            }
            "shield" | "retaliate" => {
                let n = cx.number(a, &p)?;
                let mut range = None;
                let mut other = false;
                for s in &a.sub_actions {
                    match (s.kind.as_str(), kind) {
                        ("range", "retaliate") => range = cx.number(s, &p)?,
                        ("specialTarget", _) if s.value.as_ref().and_then(Value::as_str) == Some("self") => {}
                        _ => other = true,
                    }
                }
                match n {
                    Some(n) if !other => lines.push(match range {
                        Some(r) if r > 1 => format!("retaliate {n} range {r}"),
                        _ => format!("{kind} {n}"),
                    }),
                    _ => cx.drop_action(a, &p, "only the monster's own shield or retaliate can be said"),
                }
            }
            "heal" => {
                let n = cx.number(a, &p)?;
                let mut range = None;
                let mut other = false;
                for s in &a.sub_actions {
                    match s.kind.as_str() {
                        "range" => range = cx.number(s, &p)?,
                        "specialTarget" if s.value.as_ref().and_then(Value::as_str) == Some("self") => {}
                        _ => other = true,
                    }
                }
                match n {
                    Some(n) if !other => lines.push(match range {
                        Some(r) => format!("heal {n} range {r}"),
                        None => format!("heal {n} self"),
                    }),
                    _ => cx.drop_action(a, &p, "a heal can be given to the monster itself or, with a range, the ally that lost most"),
                }
            }
            "loot" => match cx.number(a, &p)? {
                Some(n) if a.sub_actions.is_empty() => lines.push(format!("loot {n}")),
                _ => cx.drop_action(a, &p, "only `loot N` can be said"),
            },
            "condition" => {
                let word = a.value.as_ref().and_then(Value::as_str).unwrap_or("");
                let on_self = a.sub_actions.iter().all(|s| {
                    s.kind == "specialTarget" && s.value.as_ref().and_then(Value::as_str) == Some("self")
                });
                match word {
                    "strengthen" | "invisible" if on_self => lines.push(word.to_string()),
                    "bless" if on_self => lines.push("bless".into()),
                    _ => cx.drop_action(a, &p, "a condition without an attack: our cards give only strengthen, invisible and bless to the monster itself"),
                }
            }
            "summon" => match summoned(a) {
                Some(name) if cx.types.contains(&name) => lines.push(format!("summon {name}")),
                Some(name) => cx.drop_action(a, &p, &format!("it summons `{name}`, which is not among the monsters of this import (import it in the same run)")),
                None => cx.drop_action(a, &p, "the summoned monster is not named"),
            },
            "special" if depth == 0 => {
                let index = cx.number(a, &p)?.unwrap_or(0);
                match cx.specials.get((index as usize).wrapping_sub(1)).cloned() {
                    Some(special) => {
                        let sp = format!("{p} (special {index})");
                        check_types(cx.src, &special, &sp)?;
                        top_level(&special, &sp, cx, lines, depth + 1)?;
                    }
                    None => cx.drop_action(a, &p, "the boss has no such special actions"),
                }
            }
            "element" | "elementHalf" => cx.drop_action(a, &p, "elements are not kept"),
            _ => cx.drop_action(a, &p, "our card language has no such action"),
        }
    }
    Ok(())
}

/// The word of a condition an attack gives its targets, if ours can.
fn attack_condition(a: &Action) -> Option<&'static str> {
    let word = a.value.as_ref()?.as_str()?;
    if word == "curse" {
        return Some("curse");
    }
    CardCondition::parse(word)
        .filter(|c| !c.is_blessing())
        .map(CardCondition::word)
}

/// A line that adds to the attack before it, or `None` (with a note) when ours cannot.
fn rider(
    a: &Action,
    p: &str,
    cx: &mut Cx,
    forced: &mut bool,
) -> Result<Option<String>, Diagnostic> {
    if !a.sub_actions.is_empty() && a.kind != "area" {
        cx.drop_note(p, format!("what is attached to `{}` is left out", a.kind));
    }
    let n = match a.kind.as_str() {
        "area" | "condition" | "specialTarget" | "custom" | "element" | "elementHalf" => None,
        _ => cx.number(a, p)?,
    };
    let line = match (a.kind.as_str(), n) {
        ("range", Some(n)) => Some(match change(a, n) {
            Some(c) => format!("range {c}"),
            None => format!("range {n}"),
        }),
        ("target", Some(n)) if (1..=20).contains(&n) => Some(format!("target {n}")),
        ("pierce", Some(n)) => Some(format!("pierce {n}")),
        ("push" | "pull", Some(n)) if (1..=20).contains(&n) && !*forced => {
            *forced = true;
            Some(format!("{} {n}", a.kind))
        }
        ("condition", _) => attack_condition(a).map(str::to_string),
        ("area", _) => {
            let text = a.value.as_ref().and_then(Value::as_str).unwrap_or("");
            let area = read_area(text).map_err(|e| {
                cx.src
                    .error(&format!("{p}.value"), format!("the area `{text}`: {e}"))
                    .with_hint("GHS writes areas as `(x,y,target)|(x,y,active)|…`")
            })?;
            for mark in &area.left_out {
                cx.drop_note(p, format!("the area hex {mark} is left out"));
            }
            area.picture.map(|pic| format!("aoe {pic}"))
        }
        _ => None,
    };
    if line.is_none() {
        cx.drop_action(a, p, "our attacks cannot say it");
    }
    Ok(line)
}

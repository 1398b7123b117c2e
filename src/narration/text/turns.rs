//! A monster's turn and the choices in it: its start (who, where, how healthy), a
//! turn or an action it cannot take, the target it chose, and ties settled.

use crate::narration::Names;
use crate::rules::events::Event;
use std::fmt::Write;

/// The line telling a monster's turn and its choices; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::TurnStart {
            monster,
            name,
            kind,
            rank,
            cell,
            hp,
            max_hp,
            health,
        } => {
            let label = if name == monster {
                name.clone()
            } else {
                format!("{name} ({monster})")
            };
            // The type by its display name, an elite marked: ", elite Grave Warden".
            let rank = rank.as_ref().map_or(String::new(), |r| format!("{r} "));
            let kind = kind
                .as_ref()
                .map_or(String::new(), |k| format!(", {rank}{}", n.of(k)));
            let health = health
                .clone()
                .unwrap_or_else(|| format!("{hp}/{max_hp} HP"));
            write!(s, "\n== {label}{kind}, at {cell}, {health} ==").ok()?
        }
        Event::TurnEnd { .. } => return None,
        Event::TurnSkipped { monster, reason } => {
            write!(s, "  {} does nothing: {reason}.", n.of(monster)).ok()?
        }
        Event::Target {
            target,
            reason,
            candidates,
            ..
        } => {
            let others = if candidates.len() > 1 {
                let list: Vec<String> = candidates.iter().map(|c| n.of(c)).collect();
                format!(" from {}", list.join(", "))
            } else {
                String::new()
            };
            write!(s, "  Target: {} ({reason}{others}).", n.of(target)).ok()?
        }
        Event::Tie {
            what,
            options,
            chosen,
            policy,
        } => {
            let list: Vec<String> = options
                .iter()
                .map(|o| n.0.get(o).cloned().unwrap_or_else(|| o.clone()))
                .collect();
            let how = match policy.as_str() {
                "random" => "picked at random",
                "ask" => "chosen by the player",
                _ => "first in order taken",
            };
            write!(
                s,
                "  Tie on {what} between {}: {} ({how}).",
                list.join(", "),
                n.0.get(chosen).cloned().unwrap_or_else(|| chosen.clone())
            )
            .ok()?
        }
        Event::ActionSkipped {
            creature,
            action,
            reason,
        } => write!(s, "  {} cannot {action}: {reason}.", n.of(creature)).ok()?,
        _ => return None,
    }
    Some(s)
}

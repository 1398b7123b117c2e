//! Attacks and their consequences: the attack roll, an area's catch, damage with its
//! roll and modifiers, saving throws, heals, rolls for effect and stolen gold.

use crate::narration::Names;
use crate::rules::events::Event;
use crate::rules::words::{d20, entered_mark, faces, rolled};
use std::fmt::Write;

/// The line telling an attack, its damage, a save or a heal; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::Attack {
            attacker,
            target,
            kind,
            faces,
            edge,
            edge_reasons,
            kept,
            bonus,
            total,
            defence,
            hit,
            critical,
            entered,
        } => {
            let why = if edge_reasons.is_empty() {
                String::new()
            } else {
                format!(" ({})", edge_reasons.join("; "))
            };
            let verdict = match (hit, critical) {
                (true, true) => "critical hit",
                (true, false) => "hit",
                (false, _) if *kept == 1 => "a natural 1 misses",
                _ => "miss",
            };
            let who = if attacker.is_empty() {
                "A".to_string()
            } else {
                format!("{} makes a", n.of(attacker))
            };
            write!(s, "  {who} {kind} attack on {}: {} {bonus:+} = {total} vs defence {defence}{why}: {verdict}.", n.of(target), d20(faces, edge, *kept) + entered_mark(*entered)).ok()?
        }
        Event::AreaHit { target, cells, .. } => {
            if target.is_empty() {
                write!(
                    s,
                    "  The area covers {} and catches no one.",
                    cells.join(", ")
                )
                .ok()?
            } else {
                write!(s, "  {} is caught in the area.", n.of(target)).ok()?
            }
        }
        Event::Damage {
            target,
            source,
            dealer,
            roll,
            modifiers,
            amount,
            prevented,
            hp,
            max_hp,
        } => {
            let rolled = rolled(roll);
            let mods = if modifiers.is_empty() {
                String::new()
            } else {
                format!("{}; ", modifiers.join(", "))
            };
            let stopped = if *prevented > 0 {
                format!(" ({prevented} prevented)")
            } else {
                String::new()
            };
            let source = source_text(n, source, dealer.as_deref());
            write!(s, "  Damage from {source}: {rolled}{mods}{} takes {amount}{stopped}, now {hp}/{max_hp} HP.", n.of(target)).ok()?
        }
        Event::Save {
            creature,
            ability,
            dc,
            faces,
            edge,
            modifier,
            total,
            success,
            entered,
        } => {
            let kept = if *edge == "disadvantage" {
                faces.iter().min()
            } else {
                faces.iter().max()
            }
            .copied()
            .unwrap_or(0);
            let verdict = if *success { "saves" } else { "fails" };
            write!(
                s,
                "  {} makes a {ability} save against {dc}: {} {modifier:+} = {total}: {verdict}.",
                n.of(creature),
                d20(faces, edge, kept) + entered_mark(*entered)
            )
            .ok()?
        }
        Event::Heal {
            creature,
            roll,
            amount,
            hp,
            max_hp,
        } => {
            let rolled = rolled(roll);
            write!(
                s,
                "  Heal: {rolled}{} regains {amount} HP, now {hp}/{max_hp}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::TableRoll {
            creature,
            roll,
            entry,
        } => write!(
            s,
            "  {} rolls for effect: {} gives {entry}.",
            n.of(creature),
            faces(roll)
        )
        .ok()?,
        Event::Gold {
            from,
            to,
            amount,
            rolled,
        } => write!(
            s,
            "  {} steals {amount} gold from {} (rolled {}).",
            n.of(to),
            n.of(from),
            faces(rolled)
        )
        .ok()?,
        _ => return None,
    }
    Some(s)
}

/// A damage source as events give it (`warg-1's attack`), with the dealer's id replaced
/// by its display name for people (`Warg 1's attack`).
fn source_text(n: &Names, source: &str, dealer: Option<&str>) -> String {
    let what = dealer.and_then(|id| Some((id, source.strip_prefix(id)?.strip_prefix("'s ")?)));
    match what {
        Some((id, rest)) => format!("{}'s {rest}", n.of(id)),
        None => source.to_string(),
    }
}

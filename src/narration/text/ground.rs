//! What lies on the ground: fires set and going out, traps set and sprung, doors
//! opened and closed.

use crate::narration::Names;
use crate::rules::events::Event;
use std::fmt::Write;

/// The line telling a fire, a trap or a door; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::FireSet { cells, rounds } => write!(
            s,
            "  Fire spreads on {} for {rounds} rounds.",
            cells.join(", ")
        )
        .ok()?,
        Event::FireOut { cell } => write!(s, "  The fire on {cell} goes out.").ok()?,
        Event::TrapSet { cell, by } => write!(s, "  {} sets a trap on {cell}.", n.of(by)).ok()?,
        Event::TrapSprung { cell, creature } => {
            write!(s, "  {} springs the trap on {cell}.", n.of(creature)).ok()?
        }
        Event::Door {
            creature,
            cell,
            change,
        } => match creature {
            Some(c) => write!(s, "  {} {change} the door at {cell}.", n.of(c)).ok()?,
            None => write!(s, "  The door at {cell} is {change}.").ok()?,
        },
        _ => return None,
    }
    Some(s)
}

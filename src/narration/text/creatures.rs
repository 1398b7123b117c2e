//! Creatures coming and going: falls, retreats, calls for help and arrivals (or no
//! room for them), resurrections scheduled and done.

use crate::narration::Names;
use crate::rules::events::Event;
use crate::rules::words::faces;
use std::fmt::Write;

/// The line telling a creature coming or going; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::Died { creature, cell, .. } => {
            write!(s, "  {} falls on {cell}.", n.of(creature)).ok()?
        }
        Event::Retreat { creature, cell, .. } => write!(
            s,
            "  {} retreats from {cell} and leaves the fight.",
            n.of(creature)
        )
        .ok()?,
        Event::ArrivalScheduled {
            by,
            count,
            roll,
            types,
            round,
            near,
        } => write!(
            s,
            "  {} calls for help: {count} ({}) of {} arrive near {near} in round {round}.",
            n.of(by),
            faces(roll),
            types.join(" / ")
        )
        .ok()?,
        Event::NoRoom { what, near, later } => {
            let then = if *later {
                "it tries again next round"
            } else {
                "it does not come"
            };
            write!(
                s,
                "  There is no free space for {what} near {near}: {then}."
            )
            .ok()?
        }
        Event::Arrived {
            creature,
            kind,
            cell,
            ..
        } => write!(s, "  {} ({kind}) arrives on {cell}.", n.of(creature)).ok()?,
        Event::ResurrectionScheduled {
            creature,
            roll,
            round,
        } => write!(
            s,
            "  {} will rise again at the start of round {round} ({}).",
            n.of(creature),
            faces(roll)
        )
        .ok()?,
        Event::Resurrected {
            creature,
            cell,
            hp,
            max_hp,
            ..
        } => write!(
            s,
            "  {} comes back to life on {cell} with {hp}/{max_hp} HP.",
            n.of(creature)
        )
        .ok()?,
        _ => return None,
    }
    Some(s)
}

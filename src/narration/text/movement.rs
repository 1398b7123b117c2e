//! Movement: walks, pushes, pulls, jumps and teleports, slides on ice, staying put,
//! and the opportunity attacks a walk provokes (or a slippery creature avoids).

use crate::narration::Names;
use crate::rules::events::Event;
use crate::rules::words::plural;
use std::fmt::Write;

/// The line telling a move; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::Move {
            creature,
            from,
            to,
            path,
            cause,
        } => {
            if cause == "teleport" {
                write!(s, "  {} teleports from {from} to {to}.", n.of(creature)).ok()?;
                return Some(s);
            }
            let verb = match cause.as_str() {
                "push" => "is pushed",
                "pull" => "is pulled",
                "jump" => "jumps",
                "step back" => "has no room to stop and steps back",
                _ => "moves",
            };
            let spaces = path.len();
            write!(
                s,
                "  {} {verb} {from} -> {} ({spaces} space{}), ending on {to}.",
                n.of(creature),
                path.join(" -> "),
                plural(spaces)
            )
            .ok()?
        }
        Event::Slide { creature, to } => {
            write!(s, "  {} slides across the ice to {to}.", n.of(creature)).ok()?
        }
        Event::Stay { creature, reason } => {
            write!(s, "  {} stays put: {reason}.", n.of(creature)).ok()?
        }
        Event::Provoke { creature, enemy } => write!(
            s,
            "  Leaving {}'s reach, {} provokes an opportunity attack.",
            n.of(enemy),
            n.of(creature)
        )
        .ok()?,
        Event::OpportunityAttack { attacker, target } => write!(
            s,
            "  {} leaves {}'s reach: {} makes an opportunity attack.",
            n.of(target),
            n.of(attacker),
            n.of(attacker)
        )
        .ok()?,
        Event::Disengage { creature } => write!(
            s,
            "  {} disengages as it moves (slippery): no opportunity attacks.",
            n.of(creature)
        )
        .ok()?,
        _ => return None,
    }
    Some(s)
}

//! Statuses gained and ended, and traits coming into play.

use crate::narration::Names;
use crate::rules::events::Event;
use std::fmt::Write;

/// The line telling a status or a trait; `None` for an event told nowhere (and for the events of
/// other families, which the dispatch never sends here).
pub(super) fn line(e: &Event, n: &Names) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::StatusGained {
            creature,
            status,
            amount,
            range,
            until,
        } => {
            let amt = amount.map_or(String::new(), |a| format!(" {a}"));
            let reach = range.map_or(String::new(), |r| format!(" (range {r})"));
            write!(
                s,
                "  {} is {status}{amt}{reach} until {until}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::StatusEnded {
            creature,
            status,
            reason,
            remains: None,
        } => write!(s, "  {} is no longer {status} ({reason}).", n.of(creature)).ok()?,
        // Only a card's part ended: say what stays, never "no longer" of what stays.
        Event::StatusEnded {
            creature,
            status,
            reason,
            remains: Some(left),
        } => {
            let noun = match status.as_str() {
                "shielded" => "shield",
                "retaliating" => "retaliate",
                other => other,
            };
            write!(
                s,
                "  {}'s {noun} from its card ends ({reason}); its stat line's {noun} {left} stays.",
                n.of(creature)
            )
            .ok()?
        }
        Event::TraitTriggered {
            creature,
            name,
            detail,
        } => write!(s, "  {} {detail} ({name}).", n.of(creature)).ok()?,
        _ => return None,
    }
    Some(s)
}

//! The `--json` output: one document with the format version, the round and the events.

use crate::rules::events::Event;
use serde::Serialize;

#[derive(Serialize)]
struct Output<'a> {
    format: u32,
    command: &'a str,
    round: u32,
    events: &'a [Event],
}

/// Pretty JSON with a trailing newline.
pub fn render(command: &str, round: u32, events: &[Event]) -> String {
    let mut s = serde_json::to_string_pretty(&Output {
        format: 1,
        command,
        round,
        events,
    })
    .expect("events always serialise");
    s.push('\n');
    s
}

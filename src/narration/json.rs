//! The `--json` output: one document with the format version, the round and the events.

use crate::board::turn_state::TurnState;
use crate::rules::events::Event;
use serde::Serialize;

#[derive(Serialize)]
struct Output<'a> {
    format: u32,
    command: &'a str,
    round: u32,
    /// For `next`: where the round stands after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    turn: Option<&'a TurnState>,
    events: &'a [Event],
}

/// Pretty JSON with a trailing newline.
pub fn render(command: &str, round: u32, turn: Option<&TurnState>, events: &[Event]) -> String {
    let mut s = serde_json::to_string_pretty(&Output {
        format: 1,
        command,
        round,
        turn,
        events,
    })
    .expect("events always serialise");
    s.push('\n');
    s
}

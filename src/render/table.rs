//! What `show` says of the table (SPEC §14): whether the players roll their own dice and
//! draw their own cards, and the values they entered this round.

use crate::board::Board;

/// The table's lines, or nothing when the tool rolls and draws everything and nothing
/// was entered this round.
pub fn table_text(board: &Board) -> String {
    let t = &board.table;
    let mut out = String::new();
    let own = match (t.own_dice, t.own_cards) {
        (true, true) => Some("roll their own dice and draw their own cards"),
        (true, false) => Some("roll their own dice"),
        (false, true) => Some("draw their own cards"),
        (false, false) => None,
    };
    if let Some(own) = own {
        out.push_str(&format!("At this table the players {own}.\n"));
    }
    let entered: Vec<String> = t
        .entered_in(board.round)
        .map(|e| format!("  {} — {}\n", e.what, e.value_words()))
        .collect();
    if !entered.is_empty() {
        out.push_str(&format!("Entered at the table in round {}:\n", board.round));
        out.extend(entered);
    }
    out
}

/// The same as data for `show --json`: the settings and this round's entered values.
pub fn table_json(board: &Board) -> serde_json::Value {
    let t = &board.table;
    let entered: Vec<_> = t.entered_in(board.round).collect();
    serde_json::json!({
        "own_dice": t.own_dice,
        "own_cards": t.own_cards,
        "entered_this_round": entered,
    })
}

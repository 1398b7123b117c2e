//! Which monster types already acted this round, so that `turn` and `next` can warn (or,
//! with `--strict`, refuse) before a type acts twice.
//!
//! A type acted when its turn card was revealed this round (the deck's first
//! `cards_drawn` cards) or when a `turn` saved this round selected it. `turn` records its
//! selection in the undo history's command label (`turn --type Warg`, `turn --monster
//! warg-2`, plain `turn` for every type); entries whose board is of this round are read,
//! newest first. A board read from standard input has no history: only the deck counts.

use super::session::Session;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::io::history::History;
use std::collections::BTreeSet;
use std::path::Path;

/// The undo history's label for a `turn` that selected `kind` or `monster`.
pub(super) fn turn_label(kind: Option<&str>, monster: Option<&str>) -> String {
    match (kind, monster) {
        (_, Some(id)) => format!("turn --monster {id}"),
        (Some(k), None) => format!("turn --type {k}"),
        (None, None) => "turn".to_string(),
    }
}

/// The types of `kinds` that acted this round: by a revealed card, or by a saved `turn`.
pub(super) fn acted_this_round(session: &Session, kinds: &[String]) -> BTreeSet<String> {
    let board = &session.fight.board;
    let drawn = (board.cards_drawn as usize).min(board.turn_order.len());
    let mut acted: BTreeSet<String> = board.turn_order[..drawn]
        .iter()
        .filter(|k| kinds.contains(k))
        .cloned()
        .collect();
    acted.extend(turned_this_round(session, kinds));
    acted
}

/// The types `turn` commands saved this round made act (see the module notes).
pub(super) fn turned_this_round(session: &Session, kinds: &[String]) -> BTreeSet<String> {
    let mut acted = BTreeSet::new();
    let path = session.board_path();
    if path == "-" {
        return acted;
    }
    let Ok(history) = History::load(Path::new(path)) else {
        return acted;
    };
    let round = session.fight.board.round;
    for entry in history.entries.iter().rev() {
        // A board without `round` is in the first round (a scenario before its first
        // `next`), as the board reads it.
        let before: Option<u64> = serde_json::from_str::<serde_json::Value>(&entry.board)
            .ok()
            .map(|b| {
                b.get("round")
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(u64::from(crate::board::first_round()))
            });
        if before != Some(u64::from(round)) {
            break;
        }
        let mut words = entry.command.split_whitespace();
        if words.next() != Some("turn") {
            continue;
        }
        match (words.next(), words.next()) {
            (Some("--type"), Some(kind)) => {
                acted.insert(kind.to_string());
            }
            (Some("--monster"), Some(id)) => {
                let creatures = &session.fight.board.creatures;
                if let Some(kind) = creatures
                    .iter()
                    .find(|c| c.id == id)
                    .and_then(|c| c.kind.clone())
                {
                    acted.insert(kind);
                }
            }
            _ => acted.extend(kinds.iter().cloned()),
        }
    }
    acted
}

/// Warns on standard error that `again` already acted this round; with `strict`, refuses.
pub(super) fn warn_or_refuse(again: &BTreeSet<String>, strict: bool) -> Result<()> {
    if again.is_empty() {
        return Ok(());
    }
    let names: Vec<&str> = again.iter().map(String::as_str).collect();
    let message = format!("{} already acted this round", names.join(", "));
    if strict {
        return Err(Diagnostic::plain(message)
            .with_hint("leave out --strict to let them act again, or start the next round")
            .into());
    }
    eprintln!("warning: {message}; they act again");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_selection() {
        assert_eq!(turn_label(Some("Warg"), None), "turn --type Warg");
        assert_eq!(turn_label(None, Some("warg-2")), "turn --monster warg-2");
        assert_eq!(turn_label(None, None), "turn");
    }
}

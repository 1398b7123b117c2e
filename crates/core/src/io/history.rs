//! The undo history of a board: the exact text of the board before each command that
//! changed it, kept beside the board in `BOARD.history` (JSON), newest last, at most
//! [`MAX_ENTRIES`] entries. `undo` writes an entry back byte for byte.

use super::diagnostic::Diagnostic;
use super::open::{Links, with_suffix};
use super::save::replace_file;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How many earlier versions of a board are kept.
pub const MAX_ENTRIES: usize = 50;

/// How many bytes of earlier boards are kept at most, so the history file always stays
/// readable (inputs are capped at 16 MiB). Boards larger than this keep no history.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;

/// One earlier version of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The command that replaced this version (`turn`, `hit`, ...).
    pub command: String,
    /// The board's text before that command, exactly as it was.
    pub board: String,
    /// The command's `move` events as a `--json` document (`{"events": [...]}`), for
    /// `show --last`; left out when there were none or they passed [`MAX_EVENT_BYTES`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
}

/// Largest `moves` document an entry keeps.
pub const MAX_EVENT_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
/// A board's undo history: the boards before each change, newest last.
pub struct History {
    /// The history file's format version.
    pub format: u32,
    /// The saved steps, oldest first.
    pub entries: Vec<Entry>,
}

/// The history file that belongs to a board file (give the board's real path).
pub fn history_path(board: &Path) -> PathBuf {
    with_suffix(board, ".history")
}

impl History {
    /// Reads a board's history (`board` is the board's real path); a missing file is an
    /// empty history. A history file that is a symbolic link, a FIFO or a device is refused.
    #[allow(clippy::result_large_err)]
    pub fn load(board: &Path) -> Result<History, Diagnostic> {
        let path = history_path(board);
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(History {
                format: 1,
                entries: Vec::new(),
            });
        }
        let text = super::load::read_regular_text(&path, Links::Refuse)?;
        let shown = path.display().to_string();
        super::load::parse_json(&shown, &text).map_err(|d| {
            d.with_hint(format!(
                "the undo history is damaged; delete `{shown}` to start a new one"
            ))
        })
    }

    /// Adds the text a command is about to replace, dropping the oldest beyond the limit.
    pub fn push(&mut self, command: &str, board: String, moves: Option<String>) {
        self.entries.push(Entry {
            command: command.to_string(),
            board,
            moves: moves.filter(|m| m.len() <= MAX_EVENT_BYTES),
        });
        let extra = self.entries.len().saturating_sub(MAX_ENTRIES);
        self.entries.drain(..extra);
        let mut total: usize = self.entries.iter().map(|e| e.board.len()).sum();
        while total > MAX_BYTES {
            total -= self.entries.remove(0).board.len();
        }
    }

    /// Replaces the history file of `board` (its real path); a link planted there is
    /// replaced, not followed. The file gets `mode` (the board's permissions) from its
    /// creation on.
    pub fn save(&self, board: &Path, mode: Option<u32>) -> std::io::Result<()> {
        let mut text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        text.push('\n');
        replace_file(&history_path(board), text.as_bytes(), mode)
    }

    /// Drops newest entries identical to `current`: a save writes the history first and
    /// the board second, so a command interrupted between the two leaves such an entry (as
    /// does an undo interrupted after restoring the board). Returns how many were dropped.
    pub fn drop_stale(&mut self, current: &str) -> usize {
        let mut dropped = 0;
        while self.entries.last().is_some_and(|e| e.board == current) {
            self.entries.pop();
            dropped += 1;
        }
        dropped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_is_bounded_and_keeps_the_newest() {
        let mut h = History {
            format: 1,
            entries: Vec::new(),
        };
        for i in 0..MAX_ENTRIES + 7 {
            h.push("turn", format!("board {i}"), None);
        }
        assert_eq!(h.entries.len(), MAX_ENTRIES);
        assert_eq!(h.entries[0].board, "board 7");
        assert_eq!(
            h.entries.last().unwrap().board,
            format!("board {}", MAX_ENTRIES + 6)
        );
    }

    #[test]
    fn the_history_drops_the_oldest_boards_beyond_its_byte_budget() {
        let mut h = History {
            format: 1,
            entries: Vec::new(),
        };
        let big = "x".repeat(MAX_BYTES / 3);
        for _ in 0..5 {
            h.push("turn", big.clone(), None);
        }
        assert_eq!(h.entries.len(), 3);
        h.push("turn", "y".repeat(MAX_BYTES + 1), None);
        assert!(
            h.entries.is_empty(),
            "a board over the budget keeps no history"
        );
    }

    #[test]
    fn a_history_round_trips_through_its_file() {
        let dir = std::env::temp_dir().join(format!("monster-ai-history-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let board = dir.join("b.json");
        assert!(History::load(&board).unwrap().entries.is_empty());
        let mut h = History::load(&board).unwrap();
        h.push("round", "{\n  \"format\": 1\n}\n".into(), None);
        h.save(&board, None).unwrap();
        assert_eq!(History::load(&board).unwrap(), h);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! `import gloom`: a gloom map-editor link becomes one of our hex boards and the
//! `options` command that asks what its active figure does.
//!
//! - `link`: finding the scenario in the link and decoding its base64, with located errors;
//! - `bits`, `scenario`: reading the bit stream (data versions 1.0.0 to 1.5.0);
//! - `layout`: where gloom's hexes, thin walls and area hexes land on our grid;
//! - `board_out`: the board's JSON text; `options_line`: the `options` command.

mod bits;
mod board_out;
mod layout;
mod link;
mod options_line;
mod scenario;

pub use board_out::MonsterKind;
pub use layout::{HEIGHT, WIDTH};
/// The HP a gloom board's monsters get: read from the ability-deck monster file named by
/// `--monsters`, by that system's own reader.
pub use monster_ai_ability_deck::importers::type_hp;
pub use options_line::shell_line;

use crate::Dropped;
use crate::io::diagnostic::Diagnostic;

/// A link read: the board's text, the `options` command's words (when a figure is
/// active) and what could not be carried over.
pub struct Imported {
    /// The board's JSON text.
    pub board: String,
    /// The words after `monster-ai`.
    pub options: Option<Vec<String>>,
    /// The active figure's id.
    pub active: Option<String>,
    /// How many figures the board holds.
    pub figures: usize,
    /// How many of them are characters.
    pub characters: usize,
    /// The rules the scenario is played by (`gloomhaven`, `frosthaven`, …).
    pub variant: &'static str,
    /// What could not be carried over.
    pub dropped: Vec<Dropped>,
}

/// Reads `link`; `board` is the name the board will have (for the `options` command),
/// `level` the scenario level (trap damage 2 + level).
pub fn import(
    link: &str,
    board: &str,
    level: u32,
    monsters: &MonsterKind,
) -> Result<Imported, Diagnostic> {
    let payload = link::payload(link)?;
    let scenario =
        scenario::decode(&payload.bytes).map_err(|m| link::locate(link, payload.start, &m))?;
    let name = link::LINK;
    let mut dropped = Vec::new();
    if scenario.rotated {
        dropped.push(Dropped::new(
            name,
            "view",
            "gloom shows this map turned a quarter; the board keeps gloom's unturned layout",
        ));
    }
    let figures = board_out::place_figures(&scenario, monsters);
    let text = board_out::board_text(&scenario, &figures, monsters, level, &mut dropped, name);
    let active = scenario
        .active
        .and_then(|a| figures.iter().find(|f| f.location == a));
    let options = active.map(|a| {
        let enemies = figures
            .iter()
            .filter(|f| f.character != a.character)
            .count();
        options_line::options_argv(&scenario, board, &a.id, enemies, &mut dropped, name)
    });
    if active.is_none() {
        dropped.push(Dropped::new(
            name,
            "action",
            "no figure is marked active, so there is no `options` command to ask",
        ));
    }
    let characters = scenario
        .hexes
        .iter()
        .filter(|h| h.figure.is_some_and(|f| f.character))
        .count();
    Ok(Imported {
        active: active.map(|a| a.id.clone()),
        figures: figures.len(),
        characters,
        variant: scenario.rules.variant(),
        board: text,
        options,
        dropped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use proptest::prelude::*;

    proptest! {
        /// Any text, and any bytes behind a well-formed link, give a board or a located
        /// error: never a panic.
        #[test]
        fn any_link_is_read_or_refused(text in "\\PC{0,80}", mut bytes in proptest::collection::vec(any::<u8>(), 2..300)) {
            let _ = import(&text, "b.json", 1, &MonsterKind::Plain);
            // Data version 1.5.0 in the first ten bits, so the rest is read on.
            bytes[0] = 0x51;
            bytes[1] &= !0b11;
            let link = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
            if let Err(e) = import(&format!("https://example.org/{link}"), "b.json", 1, &MonsterKind::Plain) {
                prop_assert!(e.location.is_some(), "{}", e.message);
            }
        }
    }
}

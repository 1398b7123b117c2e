//! A fight ready to play or to read: a board file loaded with the monsters its monster
//! file describes, read by the system that file's `system` names, checked, and with
//! what that system derives for its creatures filled in. The commands, `simulate`, the
//! benches and the fuzz targets all load a fight here; locking and writing back stay with
//! the commands.

use crate::board::Fight;
use crate::board::load::load_board;
use crate::error::Result;
use crate::io::board_monster_file::{monster_file_path, read_board_monster_file};
use crate::io::diagnostic::Diagnostic;
use crate::io::history::history_path;
use crate::io::load::read_argument;
use crate::registry::Registry;
use crate::systems::Monsters;
use crate::systems::state::check_states;
use std::path::Path;

const MONSTER_FILE_ROLE: &str = "the monster file is the first argument";

/// The board with its monsters' stats, for commands that only read it (`show`).
pub fn load_fight(
    registry: &Registry,
    monsters_file: Option<&str>,
    board: &str,
    board_text: &str,
) -> Result<Fight> {
    Ok(load_fight_and_monsters(registry, monsters_file, board, board_text)?.0)
}

/// Like [`load_fight`], also giving the monsters of the board's monster file.
pub fn load_fight_and_monsters(
    registry: &Registry,
    monsters_file: Option<&str>,
    board: &str,
    board_text: &str,
) -> Result<(Fight, Box<dyn Monsters>)> {
    let monsters = monsters_for(registry, monsters_file, board, board_text)?;
    let fight = load_board_with(board, board_text, monsters.as_ref())?;
    Ok((fight, monsters))
}

/// Loads a board against its monsters: the board's own checks, the monsters' system's
/// checks of its saved state, then what that system derives for its creatures.
pub fn load_board_with(board: &str, board_text: &str, monsters: &dyn Monsters) -> Result<Fight> {
    let mut fight = load_board(board, board_text, monsters)?;
    check_states(board, board_text, &fight, monsters)?;
    monsters.prepare(&mut fight);
    Ok(fight)
}

/// The monsters that go with a board: the monster file named on the command line, else
/// the board's `monster_file` (relative to the board's folder), else none at all, which is
/// fine for a board without monsters. The file's `system` key says which system
/// reads it.
pub fn monsters_for(
    registry: &Registry,
    monsters_file: Option<&str>,
    board: &str,
    board_text: &str,
) -> Result<Box<dyn Monsters>> {
    match monster_file(monsters_file, board, board_text)? {
        Some((path, text)) => registry.load(&path, &text),
        None => Ok(registry.no_monsters()),
    }
}

/// The path and text of the monster file that goes with a board (as [`monsters_for`]
/// finds it); `None` for a board without one.
pub fn monster_file(
    monsters_file: Option<&str>,
    board: &str,
    board_text: &str,
) -> Result<Option<(String, String)>> {
    if let Some(path) = monsters_file {
        return Ok(Some((
            path.to_string(),
            read_argument(path, MONSTER_FILE_ROLE)?,
        )));
    }
    // A board that does not parse is reported properly by the full load later.
    let Some(peek) = peek(board_text) else {
        return Ok(None);
    };
    if let Some(file) = peek.monster_file {
        let found = read_board_monster_file(board, board_text, &file)?;
        return Ok(Some((found.path, found.text)));
    }
    if let Some(kind) = peek.creatures.iter().find_map(|c| c.kind.as_ref()) {
        return Err(Diagnostic::plain(format!("{board} has monsters (`{kind}`), but no monster file says what they are"))
            .with_hint("pass `--monsters FILE`, or add \"monster_file\": \"path/to/monsters.toml\" to the board (relative to its folder)")
            .into());
    }
    Ok(None)
}

/// The files a command on `board` reads: the board and its undo history, and the monster
/// file (`monsters_file`, else the one the board names). Output is never written onto them.
pub fn input_files(monsters_file: Option<&str>, board: &str, board_text: &str) -> Vec<String> {
    let mut files = Vec::new();
    if board != "-" {
        files.push(board.to_string());
        files.push(history_path(Path::new(board)).display().to_string());
    }
    match (monsters_file, peek(board_text).and_then(|p| p.monster_file)) {
        (Some(path), _) => files.push(path.to_string()),
        (None, Some(file)) => files.push(monster_file_path(board, &file)),
        (None, None) => {}
    }
    files
}

/// Whether the creature `id` of the board is a character (it names no monster type).
pub fn is_character(board_text: &str, id: &str) -> bool {
    peek(board_text).is_some_and(|p| {
        p.creatures
            .iter()
            .any(|c| c.id.as_ref().and_then(|v| v.as_str()) == Some(id) && c.kind.is_none())
    })
}

/// The monster types the board's creatures name.
pub fn board_kinds(board_text: &str) -> Vec<String> {
    peek(board_text)
        .map(|p| p.creatures.into_iter().filter_map(|c| c.kind).collect())
        .unwrap_or_default()
}

/// What a board names before it is loaded: its monster file and its creatures' ids and
/// types (read leniently: the full load reports what is wrong).
#[derive(serde::Deserialize)]
struct Peek {
    #[serde(alias = "scheme_file")]
    monster_file: Option<String>,
    #[serde(default)]
    creatures: Vec<PeekCreature>,
}

#[derive(serde::Deserialize)]
struct PeekCreature {
    // Any JSON, so that a wrong id is left for the full load to report.
    id: Option<serde_json::Value>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// The board's [`Peek`], `None` for text that is not such JSON.
fn peek(board_text: &str) -> Option<Peek> {
    serde_json::from_str(board_text).ok()
}

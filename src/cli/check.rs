//! `monster-ai check`: validate a monster file and, optionally, a board against it; or a
//! board alone with the monster file it names.

use super::session::load_fight_and_monsters;
use crate::board::Fight;
use crate::board::load::load_board;
use crate::controllers::Registry;
use crate::error::Result;
use crate::io::load::read_text;
use clap::Args;
use std::path::Path;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The monster file (TOML); or, given alone, a board (JSON), checked with the monster
    /// file its `scheme_file` names.
    pub schemes: String,
    /// A board file (JSON) to check against the monster file.
    pub board: Option<String>,
}

pub fn run(args: CheckArgs, registry: &Registry) -> Result<()> {
    let text = read_text(&args.schemes)?;
    if args.board.is_none() && text.trim_start().starts_with('{') {
        return check_board_alone(&args.schemes, &text, registry);
    }
    let monsters = registry.load(&args.schemes, &text)?;
    let mut summary = monsters.summary(&args.schemes);
    if let Some(b) = &args.board {
        let fight = load_board(b, &read_text(b)?, monsters.as_ref())?;
        summary.push('\n');
        summary.push_str(&board_line(b, &fight));
    }
    super::output::println(&summary)
}

/// `check BOARD`: the board with the monster file it names (like `next`).
fn check_board_alone(board: &str, text: &str, registry: &Registry) -> Result<()> {
    let (fight, monsters) = load_fight_and_monsters(registry, None, board, text)?;
    let mut summary = String::new();
    if let Some(file) = &fight.board.scheme_file {
        let folder = Path::new(board).parent().unwrap_or(Path::new(""));
        summary.push_str(&monsters.summary(&folder.join(file).display().to_string()));
        summary.push('\n');
    }
    summary.push_str(&board_line(board, &fight));
    super::output::println(&summary)
}

fn board_line(board: &str, fight: &Fight) -> String {
    format!(
        "{board}: {} creatures on a {}x{} board OK",
        fight.board.creatures.len(),
        fight.grid().width,
        fight.grid().height
    )
}

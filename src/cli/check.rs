//! `monster-ai check`: validate a monster file and, optionally, a board against it.

use crate::board::load::load_board;
use crate::controllers::Registry;
use crate::controllers::state::check_states;
use crate::error::Result;
use crate::io::load::read_text;
use clap::Args;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The scheme file (TOML).
    pub schemes: String,
    /// A board file (JSON) to check against the scheme.
    pub board: Option<String>,
}

pub fn run(args: CheckArgs, registry: &Registry) -> Result<()> {
    let text = read_text(&args.schemes)?;
    let monsters = registry.load(&args.schemes, &text)?;
    let mut summary = monsters.summary(&args.schemes);
    if let Some(b) = &args.board {
        let board_text = read_text(b)?;
        let fight = load_board(b, &board_text, monsters.as_ref())?;
        check_states(b, &board_text, &fight, monsters.as_ref())?;
        summary.push_str(&format!(
            "\n{b}: {} creatures on a {}x{} board OK",
            fight.board.creatures.len(),
            fight.grid().width,
            fight.grid().height
        ));
    }
    super::output::println(&summary)
}

//! `monster-ai check`: validate a scheme file and, optionally, a board against it.

use crate::board::load::load_board;
use crate::controllers::ability_deck;
use crate::controllers::scheme::load_scheme;
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

pub fn run(args: CheckArgs) -> Result<()> {
    let text = read_text(&args.schemes)?;
    if ability_deck::uses_ability_decks(&text) {
        return super::output::println(&ability_deck::check(
            &args.schemes,
            &text,
            args.board.as_deref(),
        )?);
    }
    let scheme = load_scheme(&args.schemes, &text)?;
    let mut summary = format!(
        "{}: {} monster type{} OK",
        args.schemes,
        scheme.monsters.len(),
        if scheme.monsters.len() == 1 { "" } else { "s" }
    );
    if let Some(b) = &args.board {
        let fight = load_board(b, &read_text(b)?, &scheme)?;
        summary.push_str(&format!(
            "\n{b}: {} creatures on a {}x{} board OK",
            fight.board.creatures.len(),
            fight.grid().width,
            fight.grid().height
        ));
    }
    super::output::println(&summary)
}

//! `monster-ai check`: validate a scheme file and, optionally, a board against it.

use crate::board::load::load_board;
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
    let scheme = load_scheme(&args.schemes, &read_text(&args.schemes)?)?;
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
    println!("{summary}");
    Ok(())
}

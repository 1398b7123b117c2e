//! The command line: argument definitions (clap) and one module per command.

mod check;
mod round;
mod schema;
mod session;
mod turn;
mod undo;

use crate::error::Result;
use crate::rules::ties::TiePolicy;
use clap::{Args, Parser, Subcommand};

const EXAMPLES: &str = "\
Examples:
  monster-ai turn schemes/goblins.toml scenarios/goblin-ambush.json --dry-run
  monster-ai turn schemes/goblins.toml board.json --type Warg --seed 7 --explain
  monster-ai round schemes/goblins.toml board.json
  monster-ai check schemes/goblins.toml board.json
  monster-ai schema board > board.schema.json";

/// Decides what tabletop monsters do on their turn, narrates it, and writes the board back.
#[derive(Debug, Parser)]
#[command(name = "monster-ai", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Resolve monster turns: every monster the scheme file defines, type by type in file
    /// order, or only those picked with --type / --monster.
    #[command(
        after_help = "Example:\n  monster-ai turn schemes/goblins.toml scenarios/goblin-ambush.json --type Warg --dry-run"
    )]
    Turn(turn::TurnArgs),
    /// Start the next round: charges come off, fires burn down, called monsters arrive.
    #[command(after_help = "Example:\n  monster-ai round schemes/goblins.toml board.json")]
    Round(round::RoundArgs),
    /// Check a scheme file (and a board against it): report the first problem found, with
    /// where it is and how to fix it, or say that both are valid.
    #[command(
        after_help = "Example:\n  monster-ai check schemes/goblins.toml scenarios/goblin-ambush.json"
    )]
    Check(check::CheckArgs),
    /// Print the JSON Schema of the board or the scheme format.
    #[command(after_help = "Example:\n  monster-ai schema board > board.schema.json")]
    Schema(schema::SchemaArgs),
    /// Put a board back as it was before the last command that changed it (its history is
    /// kept in BOARD.history).
    #[command(after_help = "Example:\n  monster-ai undo board.json --steps 2")]
    Undo(undo::UndoArgs),
}

/// Options shared by every command that changes a board.
#[derive(Debug, Args, Clone)]
pub struct WriteArgs {
    /// Seed the random generator instead of continuing the board's saved state.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Show what would happen without writing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// Write the updated board here instead of over BOARD (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<String>,
    /// Print the events as one JSON document instead of narration.
    #[arg(long)]
    pub json: bool,
    /// Also narrate every behaviour check and why it failed.
    #[arg(long)]
    pub explain: bool,
    /// How to settle choices the rules leave open.
    #[arg(long, value_enum, default_value_t = TiePolicy::First)]
    pub ties: TiePolicy,
}

/// Runs the parsed command.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Turn(a) => turn::run(a),
        Command::Round(a) => round::run(a),
        Command::Check(a) => check::run(a),
        Command::Schema(a) => schema::run(a),
        Command::Undo(a) => undo::run(a),
    }
}

//! The command line: argument definitions (clap) and one module per command.

mod acted;
mod add;
mod check;
mod completions;
mod dice;
mod files;
mod follow;
mod gold;
mod heal;
mod hit;
mod import;
mod next;
pub mod output;
mod player;
mod record;
mod record_words;
mod remove;
mod round;
mod schema;
pub mod session;
mod show;
mod simulate;
mod status;
pub mod system_command;
mod turn;
mod undo;
mod walk;

use crate::error::Result;
use crate::registry::Registry;
use crate::rules::ties::TiePolicy;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

// The texts `--help` and the manual page share; macros so that `concat!` can join them.
macro_rules! examples {
    () => {
        "  monster-ai turn schemes/goblins.toml scenarios/goblin-ambush.json --dry-run
  monster-ai next board.json                  # reveal the next turn card (monster file from the board)
  monster-ai turn board.json --type Warg --seed 7 --explain
  monster-ai show board.json --ascii
  monster-ai simulate board.json --runs 2000 --svg odds.svg
  monster-ai round schemes/goblins.toml board.json
  monster-ai check schemes/goblins.toml board.json
  monster-ai import ghs bandit-guard.json guard.json -o bandits.toml
  monster-ai schema board > board.schema.json"
    };
}

macro_rules! exit_status {
    () => {
        "  0  success
  1  failure outside the input (a file could not be read or written, the board is locked)
  2  bad input (a file, field or argument is wrong); nothing was written"
    };
}

macro_rules! environment {
    () => {
        "  MONSTER_AI_BOARD  the board file when a command's board argument is left out
                    (turn, round, next, undo, show, simulate; with it set, a lone .toml
                    file given to turn, round or show is the monster file)
  NO_COLOR          no colour in `show`'s map (as --color never)
  CLICOLOR_FORCE    colour even when not writing to a terminal"
    };
}

/// The examples, for the manual page.
pub const EXAMPLES: &str = examples!();
/// What the exit codes mean, for the manual page.
pub const EXIT_STATUS: &str = exit_status!();
/// The environment variables the program reads, for the manual page.
pub const ENVIRONMENT: &str = environment!();

const AFTER_HELP: &str = concat!(
    "Examples:\n",
    examples!(),
    "\n\nEnvironment:\n",
    environment!(),
    "\n\nExit status:\n",
    exit_status!()
);

/// Decides what tabletop monsters do on their turn, narrates it, and writes the board back.
#[derive(Debug, Parser)]
#[command(name = "monster-ai", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands, one variant each, holding the command's own arguments.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Resolve monster turns: every monster the monster file defines, type by type in file
    /// order, or only those picked with --type / --monster.
    #[command(
        after_help = "Example:\n  monster-ai turn schemes/goblins.toml scenarios/goblin-ambush.json --type Warg --dry-run"
    )]
    Turn(turn::TurnArgs),
    /// Reveal the next turn card: a monster type acts at once, a character's card says
    /// whose turn it is. When the deck is spent, a new round starts.
    #[command(
        after_help = "Example:\n  monster-ai next board.json --monsters schemes/goblins.toml"
    )]
    Next(next::NextArgs),
    /// Start the next round: charges come off, fires burn down, called monsters arrive.
    #[command(after_help = "Example:\n  monster-ai round schemes/goblins.toml board.json")]
    Round(round::RoundArgs),
    /// Check a monster file (and a board against it): report every problem found, each with
    /// where it is and how to fix it, or say that both are valid.
    #[command(
        after_help = "Example:\n  monster-ai check schemes/goblins.toml scenarios/goblin-ambush.json"
    )]
    Check(check::CheckArgs),
    /// Print the JSON Schema of the board or of a system's monster file.
    #[command(after_help = "Example:\n  monster-ai schema board > board.schema.json")]
    Schema(schema::SchemaArgs),
    /// Put a board back as it was before the last command that changed it (its history is
    /// kept in BOARD.history).
    #[command(after_help = "Example:\n  monster-ai undo board.json --steps 2")]
    Undo(undo::UndoArgs),
    /// Damage a creature: the damage a player rolled, or an attack rolled here with --roll.
    #[command(
        after_help = "Examples:\n  monster-ai hit board.json warg-1 7 --by aria\n  monster-ai hit board.json warg-1 1d8+3 --by aria --roll +5 --magic\n  monster-ai hit board.json warg-1 1d8+2 --by borin --roll +5 --rolls 14,6   (your dice: d20 14, d8 6)"
    )]
    Hit(hit::HitArgs),
    /// Heal a creature (a withered one loses the wither instead).
    #[command(after_help = "Example:\n  monster-ai heal board.json aria 2d4+2")]
    Heal(heal::HealArgs),
    /// Move a creature along its shortest path (traps, fire and opportunity attacks on the
    /// way are narrated), or put it straight onto a cell with --place.
    #[command(after_help = "Example:\n  monster-ai move board.json aria C4")]
    Move(walk::MoveArgs),
    /// Give a creature a status or take one away.
    #[command(
        after_help = "Examples:\n  monster-ai status board.json warg-1 add immobilized\n  monster-ai status board.json aria add shielded --amount 2"
    )]
    Status(status::StatusArgs),
    /// Change a creature's gold: +N gains, -N spends.
    #[command(after_help = "Example:\n  monster-ai gold board.json aria -5")]
    Gold(gold::GoldArgs),
    /// Put a new creature on the board: a monster of a type from the monster file, or a character.
    #[command(
        after_help = "Examples:\n  monster-ai add board.json warg-3 E5 --monster Warg\n  monster-ai add board.json bran B2 --character --hp 24 --defence 15"
    )]
    Add(add::AddArgs),
    /// Record something in the words of the board's system (each system has its own;
    /// `record BOARD` lists the board's, and this help lists every system's).
    #[command(
        after_help = "Examples:\n  monster-ai record board.json wound stag-1 --by aria\n  monster-ai record board.json knock-down aria\n  monster-ai record board.json token aria bleeding +1"
    )]
    Record(record::RecordArgs),
    /// Take a creature off the board (not a death).
    #[command(after_help = "Example:\n  monster-ai remove board.json warg-3")]
    Remove(remove::RemoveArgs),
    /// Draw a board: a map with column letters and row numbers, terrain, thin walls, traps,
    /// fires and creature markers, and a legend; `--svg FILE` also writes a picture.
    #[command(
        override_usage = "monster-ai show [OPTIONS] [MONSTERS] <BOARD>",
        after_help = "Examples:\n  monster-ai show schemes/goblins.toml scenarios/goblin-ambush.json\n  monster-ai show board.json --ascii --svg board.svg\n  monster-ai turn schemes/goblins.toml board.json --json > events.json\n  monster-ai show board.json --svg after.svg --paths events.json"
    )]
    Show(show::ShowArgs),
    /// Play the fight from the board's current state to its end many times, the
    /// characters playing themselves, and report how it is likely to go. Read-only.
    #[command(
        after_help = "Examples:\n  monster-ai simulate scenarios/goblin-ambush.json --runs 2000\n  monster-ai simulate board.json --heroes heroes.toml --json\n  monster-ai simulate board.json --runs 1 --seed 7 --narrate"
    )]
    Simulate(simulate::SimulateArgs),
    /// Read other tools' files: Gloomhaven Secretariat monster data into a monster file,
    /// a gloom map-editor link into a board and its `options` command.
    #[command(
        after_help = "Examples:\n  monster-ai import ghs bandit-guard.json guard.json -o bandits.toml\n  monster-ai import gloom 'https://…/UQgE…' -o board.json"
    )]
    Import(import::ImportArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(
        after_help = "Example:\n  monster-ai completions bash > ~/.local/share/bash-completion/completions/monster-ai"
    )]
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    #[command(after_help = "Example:\n  monster-ai manpage > monster-ai.1 && man ./monster-ai.1")]
    Manpage(completions::ManpageArgs),
    /// A command one of the systems adds (`door`, `item`, `options`, ...): built from the
    /// registry by [`Cli::command_for`], so it has no fixed arguments here.
    #[command(skip)]
    System(system_command::SystemCall),
}

/// Options shared by every command that changes a board.
#[derive(Debug, Args, Clone)]
pub struct WriteArgs {
    /// Seed the random generator instead of continuing the board's saved state.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Show what would happen without writing anything (not with -o).
    #[arg(long, conflicts_with = "output")]
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
    /// Who rolls the dice: `ask` (you: each die is asked for, saying what it is for) or
    /// `tool` (the board's seeded generator, even where the board's table rolls its own).
    #[arg(long, value_enum, value_name = "WHO")]
    pub dice: Option<crate::rules::entered::DiceMode>,
    /// The faces of the dice you rolled for this command, in the order it rolls them
    /// (`17,4,9`); too few or too many is refused.
    #[arg(long, value_name = "FACES", conflicts_with = "dice")]
    pub rolls: Option<String>,
    /// The cards you drew for this command, in the order it draws them (modifier cards
    /// `null,+1`, AI cards and turn cards by name), or `ask` to be asked for each.
    #[arg(long, value_name = "CARDS|ask")]
    pub cards: Option<String>,
}

impl Cli {
    /// The command line with what the systems of `registry` add: their commands, their
    /// flags on `add`, their file formats in `schema`'s help and their words as
    /// `record`'s subcommands (for parsing, help and shell completion).
    pub fn command_for(registry: &Registry) -> clap::Command {
        let formats = schema::formats_help(registry);
        system_command::add_commands(Cli::command(), registry)
            .mut_subcommand("add", |c| system_command::with_add_flags(c, registry))
            .mut_subcommand("schema", |c| {
                let examples = c
                    .get_after_help()
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                c.after_help(format!("{formats}\n\n{examples}"))
            })
            .mut_subcommand("record", |c| record_words::with_words(c, registry))
    }

    /// Parses the process's arguments against [`Cli::command_for`] (exits with clap's
    /// message on an error, as `Cli::parse` does).
    pub fn parse_for(registry: &Registry) -> Cli {
        let matches = match Cli::command_for(registry).try_get_matches() {
            Ok(m) => m,
            Err(e) => {
                // A command that names its board, missing an argument while
                // MONSTER_AI_BOARD is set: the board was left out; say that.
                if e.kind() == clap::error::ErrorKind::MissingRequiredArgument {
                    let args: Vec<String> = std::env::args().skip(1).collect();
                    let command = args.first().cloned().unwrap_or_default();
                    let first = args.iter().skip(1).find(|a| !a.starts_with('-'));
                    let env = files::board_from_env();
                    if let Some(d) = files::board_not_from_env(
                        &command,
                        first.map(String::as_str),
                        env.as_deref(),
                    ) {
                        eprintln!("{}", crate::error::Error::from(d));
                        std::process::exit(2);
                    }
                }
                e.exit()
            }
        };
        Cli::from_matches_for(registry, &matches).unwrap_or_else(|e| e.exit())
    }

    /// The command `matches` (parsed against [`Cli::command_for`]) chose.
    pub fn from_matches_for(
        registry: &Registry,
        matches: &clap::ArgMatches,
    ) -> Result<Cli, clap::Error> {
        if let Some(call) = system_command::call_from(registry, matches) {
            return Ok(Cli {
                command: Command::System(call),
            });
        }
        let mut cli = Cli::from_arg_matches(matches)?;
        match (&mut cli.command, matches.subcommand()) {
            (Command::Add(args), Some(("add", sub))) => {
                args.flags = system_command::add_flags_given(registry, sub);
            }
            (Command::Record(args), Some(("record", sub))) => {
                args.word = sub
                    .subcommand()
                    .map(|(word, given)| record_words::given(registry, word, given));
            }
            _ => {}
        }
        Ok(cli)
    }

    /// True when the command was asked for JSON (`--json`): its errors are JSON too.
    pub fn wants_json(&self) -> bool {
        match &self.command {
            Command::Turn(a) => a.write.json,
            Command::Round(a) => a.write.json,
            Command::Next(a) => a.write.json,
            Command::Hit(a) => a.write.json,
            Command::Heal(a) => a.write.json,
            Command::Move(a) => a.write.json,
            Command::Status(a) => a.write.json,
            Command::Gold(a) => a.write.json,
            Command::Add(a) => a.write.json,
            Command::Remove(a) => a.write.json,
            Command::Record(a) => a.write.json,
            Command::Undo(a) => a.json,
            Command::System(call) => call.wants_json(),
            Command::Check(a) => a.json,
            Command::Simulate(a) => a.json || a.merge.as_ref().is_some_and(|m| m.json()),
            Command::Import(a) => a.json(),
            Command::Show(a) => a.json,
            Command::Schema(_) | Command::Completions(_) | Command::Manpage(_) => false,
        }
    }
}

/// Runs the parsed command with the systems this build ships.
pub fn run(cli: Cli) -> Result<()> {
    run_with(&Registry::builtin(), cli)
}

/// Runs the parsed command with the systems of `registry`.
pub fn run_with(registry: &Registry, cli: Cli) -> Result<()> {
    match cli.command {
        Command::Turn(a) => turn::run(a, registry),
        Command::Round(a) => round::run(a, registry),
        Command::Next(a) => next::run(a, registry),
        Command::Check(a) => check::run(a, registry),
        Command::Schema(a) => schema::run(a, registry),
        Command::Undo(a) => undo::run(a, registry),
        Command::Hit(a) => hit::run(a, registry),
        Command::Heal(a) => heal::run(a, registry),
        Command::Move(a) => walk::run(a, registry),
        Command::Status(a) => status::run(a, registry),
        Command::Gold(a) => gold::run(a, registry),
        Command::Add(a) => add::run(a, registry),
        Command::Remove(a) => remove::run(a, registry),
        Command::Record(a) => record::run(a, registry),
        Command::Show(a) => show::run(a, registry),
        Command::System(call) => system_command::run(call, registry),
        Command::Simulate(a) => simulate::run(a, registry),
        Command::Import(a) => import::run(a),
        Command::Completions(a) => completions::run_completions(a),
        Command::Manpage(a) => completions::run_manpage(a),
    }
}

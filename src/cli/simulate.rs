//! `monster-ai simulate`: play the fight from the board's current state to its end many
//! times, in parallel, and report how it is likely to go. Never writes the board.

use super::session::refuse_if_over;
use crate::board::limits::too_long;
use crate::error::{Error, Result};
use crate::fight::input_files;
use crate::fight::load_fight_and_monsters;
use crate::io::board_monster_file::read_board_heroes_file;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::narration::{Names, text as narration};
use crate::registry::Registry;
use crate::rules::events::Event;
use crate::rules::ties::TiePolicy;
use crate::simulate::{Setup, play_fight, simulate, svg, text};
use clap::{Args, ValueEnum};
use std::io::IsTerminal;

/// The most runs one command plays.
const MAX_RUNS: u64 = 10_000_000;
/// The highest round cap.
const MAX_ROUNDS: u32 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimTies {
    First,
    Random,
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The board file (JSON); it is read, never written.
    /// Left out, MONSTER_AI_BOARD names it.
    #[arg(env = "MONSTER_AI_BOARD", hide_env_values = true)]
    pub board: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub schemes: Option<String>,
    /// How the characters fight (TOML; default: the one the board's `heroes_file`
    /// names); characters it leaves out close in and attack with a default attack.
    #[arg(long, value_name = "FILE")]
    pub heroes: Option<String>,
    /// How many fights to play.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub runs: u64,
    /// Seed of the first fight, and of the others' seeds (default: the board's seed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The most rounds a fight may last; a fight still going then is undecided.
    #[arg(long = "rounds", default_value_t = 30, value_name = "MAX")]
    pub max_rounds: u32,
    /// Threads to play on (default: every core). The report is the same for any number.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// How the fights settle choices the rules leave open.
    #[arg(long, value_enum, default_value_t = SimTies::Random)]
    pub ties: SimTies,
    /// Print the report as one JSON document.
    #[arg(long)]
    pub json: bool,
    /// Also draw the rounds histogram and each creature's chance to fall as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Tell the one fight of `--runs 1` turn by turn instead of the report.
    #[arg(long, conflicts_with_all = ["json", "svg"])]
    pub narrate: bool,
}

pub(super) fn run(args: SimulateArgs, registry: &Registry) -> Result<()> {
    check_numbers(&args)?;
    let board_text = read_argument(&args.board, "BOARD is the board file")?;
    let (mut fight, monsters) =
        load_fight_and_monsters(registry, args.schemes.as_deref(), &args.board, &board_text)?;
    refuse_if_over(&fight, monsters.as_ref())?;
    let cells = crate::board::limits::cells(&fight.board);
    let creatures = fight.board.creatures.len();
    if let Some((msg, hint)) = too_long(creatures, cells, args.runs, args.max_rounds) {
        return Err(Diagnostic::plain(msg).with_hint(hint).into());
    }
    if let Some(why) = monsters.cannot_simulate() {
        return Err(Diagnostic::plain(format!(
            "`simulate` cannot play {} fights: {why}",
            monsters.system()
        ))
        .with_hint("play the fight with `next` and `record`, or simulate a board of another system")
        .into());
    }
    // `--heroes FILE`, else the heroes file the board names (relative to its folder).
    let heroes = match (&args.heroes, &fight.board.heroes_file) {
        (Some(path), _) => Some((
            path.clone(),
            read_argument(path, "--heroes names the heroes file (TOML)")?,
        )),
        (None, Some(file)) => {
            let named = read_board_heroes_file(&args.board, &board_text, file)?;
            Some((named.path, named.text))
        }
        (None, None) => None,
    };
    let characters = crate::simulate::characters(
        registry,
        &mut fight,
        monsters.as_ref(),
        heroes.as_ref().map(|(p, t)| (p.as_str(), t.as_str())),
    )?;
    let seed = args
        .seed
        .unwrap_or_else(|| fight.board.rng.map_or(0, |s| s.seed));
    let setup = Setup {
        fight: &fight,
        monsters: monsters.as_ref(),
        characters: characters.as_ref(),
        max_rounds: args.max_rounds,
        ties: match args.ties {
            SimTies::First => TiePolicy::First,
            SimTies::Random => TiePolicy::Random,
        },
    };
    if args.narrate {
        let (record, mut events) = play_fight(&setup, seed, true);
        // The tactic plays each character's turn, so the call to the players is left out.
        events.retain(|e| !matches!(e, Event::CharacterTurn { .. }));
        let mut names = Names::default();
        names.add_from(&fight.board);
        for e in &events {
            if let Event::TurnStart {
                monster: id, name, ..
            }
            | Event::Arrived {
                creature: id, name, ..
            } = e
            {
                names.0.entry(id.clone()).or_insert_with(|| name.clone());
            }
        }
        let mut told = narration::render(&events, &names, false);
        if record.winner.is_none() && !record.stalemate && record.failure.is_none() {
            told.push_str(&format!(
                "\n*** The round cap came first: the fight is undecided after {} round{} (raise it with --rounds). ***\n",
                args.max_rounds,
                crate::rules::words::plural(args.max_rounds as usize)
            ));
        }
        return super::output::write_stdout(told.as_bytes());
    }
    let bar = progress_bar(args.runs, args.json);
    let tick = || bar.inc(1);
    let report = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::Failure(anyhow::anyhow!("cannot start {n} threads: {e}")))?
            .install(|| simulate(&setup, seed, args.runs, &tick)),
        None => simulate(&setup, seed, args.runs, &tick),
    };
    bar.finish_and_clear();
    if let Some(out) = &args.svg {
        let mut inputs = input_files(args.schemes.as_deref(), &args.board, &board_text);
        inputs.extend(heroes.iter().map(|(p, _)| p.clone()));
        super::output::write_picture(
            out,
            &svg::render(&report),
            &inputs,
            super::output::board_mode(&args.board),
        )?;
    }
    if args.json {
        #[derive(serde::Serialize)]
        struct Doc<'a> {
            format: u32,
            command: &'a str,
            report: &'a crate::simulate::Report,
        }
        let doc = Doc {
            format: 1,
            command: "simulate",
            report: &report,
        };
        let mut out = serde_json::to_string_pretty(&doc).expect("a report serialises");
        out.push('\n');
        super::output::write_stdout(out.as_bytes())
    } else if args.svg.as_deref() == Some("-") {
        Ok(())
    } else {
        super::output::write_stdout(text::render(&report).as_bytes())
    }
}

fn check_numbers(args: &SimulateArgs) -> Result<()> {
    let bad = |what: String, hint: &str| -> Result<()> {
        Err(Diagnostic::plain(what).with_hint(hint.to_string()).into())
    };
    if !(1..=MAX_RUNS).contains(&args.runs) {
        return bad(
            format!("--runs {} is out of range", args.runs),
            &format!("play from 1 to {MAX_RUNS} fights"),
        );
    }
    if !(1..=MAX_ROUNDS).contains(&args.max_rounds) {
        return bad(
            format!("--rounds {} is out of range", args.max_rounds),
            &format!("cap fights at 1 to {MAX_ROUNDS} rounds"),
        );
    }
    if args.threads.is_some_and(|n| !(1..=1024).contains(&n)) {
        return bad(
            format!("--threads {} is out of range", args.threads.unwrap_or(0)),
            "use 1 to 1024 threads, or leave it out to use every core",
        );
    }
    if args.narrate && args.runs != 1 {
        return bad(
            "--narrate tells a single fight".into(),
            "add `--runs 1` (and `--seed SEED` for the fight to replay)",
        );
    }
    if args.svg.as_deref() == Some("-") && args.json {
        return bad(
            "--svg - and --json would both write to standard output".into(),
            "write the picture to a file",
        );
    }
    Ok(())
}

/// A bar on standard error when it is a terminal and the report is text; hidden
/// otherwise.
fn progress_bar(runs: u64, json: bool) -> indicatif::ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(runs);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} fights ({eta} left)")
    {
        bar.set_style(style);
    }
    bar
}

//! `monster-ai simulate`: play the fight from the board's current state to its end many
//! times, in parallel, and report how it is likely to go; with `--vary`, a balance sweep
//! (one row per value of a number, `simulate::sweep`), and `simulate merge` to combine a
//! sweep's `--shard` parts. Never writes the board.

use super::session::refuse_if_over;
use crate::board::limits::too_long;
use crate::error::{Error, Result};
use crate::fight::{input_files, load_board_with, monster_file};
use crate::io::board_monster_file::read_board_heroes_file;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::narration::{Names, text as narration};
use crate::registry::Registry;
use crate::rules::events::Event;
use crate::rules::ties::TiePolicy;
use crate::simulate::sweep::{self, Asked, Base, Outcome, Plan, SweepReport, Text};
use crate::simulate::{Setup, play_fight, simulate, svg, text};
use clap::{Args, Subcommand, ValueEnum};
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
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimulateArgs {
    /// `simulate merge PARTS...`: the report of a sweep played in `--shard` slices.
    #[command(subcommand)]
    pub merge: Option<SimulateCommand>,
    /// The board file (JSON); it is read, never written.
    /// Left out, MONSTER_AI_BOARD names it.
    #[arg(env = "MONSTER_AI_BOARD", hide_env_values = true, required = true)]
    pub board: Option<String>,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
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
    #[arg(long, conflicts_with_all = ["json", "svg", "vary"])]
    pub narrate: bool,
    /// A balance sweep: vary a number over a range, play `--runs` fights for each value
    /// with the same seeds, one row per value. WHAT is a monster type's number
    /// (`warg.hp`), a character's (`aria.hp`, `aria.attack`), `count:TYPE` (how many
    /// monsters of the type take part) or `level`; RANGE is `a..b` or `a..b/step`. Given
    /// twice: a grid of both.
    #[arg(long, value_name = "WHAT=RANGE")]
    pub vary: Vec<String>,
    /// With --vary: the players' win rates whose crossings to report (default 50%).
    #[arg(long, value_name = "RATES", requires = "vary")]
    pub at: Option<String>,
    /// With --vary: bisect the range for the value whose players' win rate comes closest
    /// to RATE.
    #[arg(long, value_name = "RATE", requires = "vary")]
    pub target: Option<String>,
    /// With --vary: stop a value once its players' win rate is known within ±P points
    /// (never before 200 fights; --runs is the most).
    #[arg(long, value_name = "P", requires = "vary")]
    pub precision: Option<String>,
    /// With --vary: also write the rows as CSV (`-` for standard output).
    #[arg(long, value_name = "FILE", requires = "vary")]
    pub csv: Option<String>,
    /// With --vary: play only slice K of N of the sweep and print that part as JSON, for
    /// `simulate merge`.
    #[arg(long, value_name = "K/N", requires = "vary", conflicts_with_all = ["target", "json", "svg", "csv"])]
    pub shard: Option<String>,
}

/// What `simulate` does besides playing a board.
#[derive(Debug, Subcommand)]
pub enum SimulateCommand {
    /// Combine the parts of a sweep played in `--shard K/N` slices into its report: the
    /// same, byte for byte, as the whole sweep's.
    #[command(
        after_help = "Example:\n  for k in 1 2 3 4; do monster-ai simulate board.json --vary warg.hp=10..40 --shard $k/4 > part-$k.json; done\n  monster-ai simulate merge part-*.json"
    )]
    Merge(MergeArgs),
}

impl SimulateCommand {
    /// Whether it was asked for JSON.
    pub fn json(&self) -> bool {
        match self {
            SimulateCommand::Merge(m) => m.json,
        }
    }
}

/// `simulate merge`'s arguments.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Every slice's part (the JSON `--shard K/N` printed).
    #[arg(required = true, value_name = "PARTS")]
    pub parts: Vec<String>,
    /// Print the report as one JSON document.
    #[arg(long)]
    pub json: bool,
    /// Also draw the win-rate curve (or heat map) as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Also write the rows as CSV (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
}

pub(super) fn run(args: SimulateArgs, registry: &Registry) -> Result<()> {
    if let Some(SimulateCommand::Merge(m)) = &args.merge {
        return merge(m);
    }
    check_numbers(&args)?;
    let Some(board) = args.board.clone() else {
        return Err(Diagnostic::plain("`simulate` needs a board")
            .with_hint("monster-ai simulate BOARD [OPTIONS]")
            .into());
    };
    let asked = sweep_asked(&args)?;
    let board_text = read_argument(&board, "BOARD is the board file")?;
    let found = monster_file(args.monsters_file.as_deref(), &board, &board_text)?;
    let monsters = match &found {
        Some((path, text)) => registry.load(path, text)?,
        None => registry.no_monsters(),
    };
    let mut fight = load_board_with(&board, &board_text, monsters.as_ref())?;
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
            let named = read_board_heroes_file(&board, &board_text, file)?;
            Some((named.path, named.text))
        }
        (None, None) => None,
    };
    let seed = args
        .seed
        .unwrap_or_else(|| fight.board.rng.map_or(0, |s| s.seed));
    if let Some(mut asked) = asked {
        asked.plan.seed = seed;
        let base = Base {
            registry,
            board: Text {
                path: board.clone(),
                text: board_text.clone(),
            },
            monster_file: found.map(|(path, text)| Text { path, text }),
            heroes: heroes.map(|(path, text)| Text { path, text }),
            monsters,
            fight,
        };
        return run_sweep(&args, &board, &base, &asked);
    }
    let characters = crate::simulate::characters(
        registry,
        &mut fight,
        monsters.as_ref(),
        heroes.as_ref().map(|(p, t)| (p.as_str(), t.as_str())),
    )?;
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
    let report = with_threads(args.threads, || simulate(&setup, seed, args.runs, &tick))?;
    bar.finish_and_clear();
    if let Some(out) = &args.svg {
        let mut inputs = input_files(args.monsters_file.as_deref(), &board, &board_text);
        inputs.extend(heroes.iter().map(|(p, _)| p.clone()));
        super::output::write_picture(
            out,
            &svg::render(&report),
            &inputs,
            super::output::board_mode(&board),
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

/// The sweep `--vary` asks for, read and checked (its seed is filled in once the board is
/// read); `None` without `--vary`.
fn sweep_asked(args: &SimulateArgs) -> Result<Option<Asked>> {
    if args.vary.is_empty() {
        return Ok(None);
    }
    if args.vary.len() > 2 {
        return Err(Diagnostic::plain(format!(
            "--vary is given {} times; a sweep varies one number or two (a grid)",
            args.vary.len()
        ))
        .with_hint("sweep two numbers at a time, the others fixed in the files")
        .into());
    }
    let vary = args
        .vary
        .iter()
        .map(|v| sweep::spec::parse_vary(v))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let cells: usize = vary.iter().map(|v| v.values.len()).product();
    if cells > sweep::spec::MAX_VALUES {
        return Err(Diagnostic::plain(format!(
            "the grid of --vary has {cells} values; a sweep plays at most {}",
            sweep::spec::MAX_VALUES
        ))
        .with_hint("take larger steps in one range or both")
        .into());
    }
    let target = args
        .target
        .as_deref()
        .map(|t| sweep::spec::parse_rate("--target", t))
        .transpose()?;
    if target.is_some() && vary.len() > 1 {
        return Err(
            Diagnostic::plain("--target bisects one number, and --vary is given twice")
                .with_hint("vary one number with --target, or read the grid's crossings (--at)")
                .into(),
        );
    }
    let at = match (&args.at, target) {
        (Some(at), _) => sweep::spec::parse_rates(at)?,
        (None, Some(_)) => Vec::new(),
        (None, None) => vec![0.5],
    };
    let plan = Plan {
        seed: 0,
        runs: args.runs,
        max_rounds: args.max_rounds,
        ties: match args.ties {
            SimTies::First => TiePolicy::First,
            SimTies::Random => TiePolicy::Random,
        },
        precision: args
            .precision
            .as_deref()
            .map(sweep::spec::parse_precision)
            .transpose()?,
        target,
        shard: args
            .shard
            .as_deref()
            .map(sweep::spec::parse_shard)
            .transpose()?,
    };
    Ok(Some(Asked { vary, at, plan }))
}

/// Plays the sweep and writes its report (or, with `--shard`, its part).
fn run_sweep(args: &SimulateArgs, board: &str, base: &Base, asked: &Asked) -> Result<()> {
    let values: usize = asked.vary.iter().map(|v| v.values.len()).product();
    let rows = match asked.plan.target {
        Some(_) => sweep::run::most_probes(values),
        None => values,
    };
    let total = asked.plan.runs.saturating_mul(rows as u64);
    let bar = progress_bar(total, args.json || args.shard.is_some());
    let tick = || bar.inc(1);
    let outcome = with_threads(args.threads, || sweep::sweep(base, asked, &tick))??;
    bar.finish_and_clear();
    let report = match outcome {
        Outcome::Partial(part) => {
            let mut out = serde_json::to_string_pretty(&part).expect("a part serialises");
            out.push('\n');
            return super::output::write_stdout(out.as_bytes());
        }
        Outcome::Report(report) => report,
    };
    let mut inputs = input_files(args.monsters_file.as_deref(), board, &base.board.text);
    inputs.extend(base.heroes.iter().map(|h| h.path.clone()));
    write_sweep(
        &report,
        args.json,
        args.svg.as_deref(),
        args.csv.as_deref(),
        &inputs,
        super::output::board_mode(board),
    )
}

/// `simulate merge`: the parts' report.
fn merge(args: &MergeArgs) -> Result<()> {
    if [args.svg.as_deref(), args.csv.as_deref()]
        .iter()
        .filter(|o| **o == Some("-"))
        .count()
        + usize::from(args.json)
        > 1
    {
        return Err(
            Diagnostic::plain("two outputs would both write to standard output")
                .with_hint("write the picture or the CSV to a file")
                .into(),
        );
    }
    let files = args
        .parts
        .iter()
        .map(|p| {
            Ok((
                p.clone(),
                read_argument(p, "PARTS are the parts `simulate --shard` printed")?,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    let report = sweep::merge(&files)?;
    write_sweep(
        &report,
        args.json,
        args.svg.as_deref(),
        args.csv.as_deref(),
        &args.parts,
        None,
    )
}

/// Writes a sweep's report: text or JSON on standard output, the picture and the CSV
/// where asked (`-`: standard output, instead of the report).
fn write_sweep(
    report: &SweepReport,
    json: bool,
    svg_out: Option<&str>,
    csv_out: Option<&str>,
    inputs: &[String],
    mode: Option<u32>,
) -> Result<()> {
    if let Some(out) = svg_out {
        super::output::write_picture(out, &sweep::svg::render(report), inputs, mode)?;
    }
    if let Some(out) = csv_out {
        super::output::write_file(
            "--csv",
            "the rows",
            out,
            &sweep::csv::render(report),
            inputs,
            mode,
        )?;
    }
    if svg_out == Some("-") || csv_out == Some("-") {
        return Ok(());
    }
    if json {
        #[derive(serde::Serialize)]
        struct Doc<'a> {
            format: u32,
            command: &'a str,
            sweep: &'a SweepReport,
        }
        let doc = Doc {
            format: 1,
            command: "simulate",
            sweep: report,
        };
        let mut out = serde_json::to_string_pretty(&doc).expect("a report serialises");
        out.push('\n');
        super::output::write_stdout(out.as_bytes())
    } else {
        super::output::write_stdout(sweep::text::render(report).as_bytes())
    }
}

/// Runs `f` on a pool of `threads` threads (every core when `None`).
fn with_threads<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> Result<T> {
    match threads {
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::Failure(anyhow::anyhow!("cannot start {n} threads: {e}")))?
            .install(f)),
        None => Ok(f()),
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
    let to_stdout = [args.svg.as_deref(), args.csv.as_deref()]
        .iter()
        .filter(|o| **o == Some("-"))
        .count()
        + usize::from(args.json);
    if to_stdout > 1 {
        return bad(
            "two outputs would both write to standard output (--svg -, --csv -, --json)".into(),
            "write the picture or the CSV to a file",
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

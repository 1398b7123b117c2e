//! `monster-ai show`: draw a board in the terminal, and optionally as an SVG picture.
//! Read-only: the board is never written.

use super::files::monster_file_and_board;
use crate::error::Result;
use crate::fight::{input_files, load_fight_and_monsters};
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::registry::Registry;
use crate::render::odds::odds_text;
use crate::render::svg::render_svg_with;
use crate::render::table::{table_json, table_text};
use crate::render::terminal::{TextOptions, render_text_with};
use crate::render::{Drawing, read_paths};
use crate::rules::deck::{Ending, ending};
use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// [MONSTERS] BOARD: the monster file (TOML) is optional when the board names its
    /// `monster_file` or has no monsters; the board (JSON) may be `-` for standard input, or
    /// left out when MONSTER_AI_BOARD names it (then a lone `.toml` file is the monster file).
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<String>,
    /// The monster file, as an option (the same as giving MONSTERS before BOARD).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    /// Draw with plain ASCII characters instead of Unicode box drawing.
    #[arg(long)]
    pub ascii: bool,
    /// When to colour the map: `auto` colours only a terminal, and only when NO_COLOR is
    /// unset.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
    /// Write the board as an SVG picture to FILE instead of printing the text map, and say
    /// where it went (`-`: the picture on standard output).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// With `--svg FILE`, print the text map as well (what `show --svg FILE` printed
    /// before it stopped printing the map), instead of the line saying where the picture
    /// went.
    #[arg(long, requires = "svg", conflicts_with = "json")]
    pub map: bool,
    /// Under the map, how each monster sees the board, where its system has such a view
    /// (need-driven monsters: the fear/love and hate centres and the most feared, loved
    /// and hated).
    #[arg(long)]
    pub minds: bool,
    /// Draw the paths walked in a command's `--json` output (its `move` events) on the SVG
    /// picture.
    #[arg(long, value_name = "EVENTS.json", requires = "svg")]
    pub paths: Option<String>,
    /// Draw the paths walked in the last command that changed the board, as its undo
    /// history keeps them (no events file needed).
    #[arg(long, requires = "svg", conflicts_with = "paths")]
    pub last: bool,
    /// Print what the legend and the system's lines say as one JSON document instead of
    /// the text map: the round, whose turn, each creature (cell, health, statuses and the
    /// system's words for its state), the system's marks and lines.
    #[arg(long)]
    pub json: bool,
    /// After the odds of each deck in play (cards left, what matters next), list every
    /// card left and its chance of coming next.
    #[arg(long)]
    pub odds: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// Largest board side `show` draws, so a huge board cannot make it eat memory.
pub(super) const MAX_DRAWN_SIDE: u32 = 300;

pub(super) fn run(args: ShowArgs, registry: &Registry) -> Result<()> {
    let (monsters_file, board) =
        monster_file_and_board(&args.files, args.monsters_file.as_deref())?;
    let (monsters_file, board) = (monsters_file.as_deref(), board.as_str());
    let text = read_argument(board, "BOARD is the board file")?;
    let (fight, monsters) = load_fight_and_monsters(registry, monsters_file, board, &text)?;
    let mut overlay = monsters.overlay(&fight, args.minds);
    // The commands the system's lines suggest name the board as it was typed.
    for line in &mut overlay.lines {
        *line = super::session::name_the_board(line, board);
    }
    let grid = fight.grid();
    if grid.width > MAX_DRAWN_SIDE || grid.height > MAX_DRAWN_SIDE {
        return Err(Diagnostic::plain(format!(
            "{board} is {}x{} cells: too large to draw",
            grid.width, grid.height
        ))
        .with_hint(format!("`show` draws boards up to {MAX_DRAWN_SIDE} cells a side; larger boards can still be played; only the picture is refused"))
        .into());
    }
    let mut paths: Drawing = match &args.paths {
        None if args.last => last_paths(board, &fight)?,
        Some(file) => {
            if file == "-" && board == "-" {
                return Err(Diagnostic::plain(
                    "the board and the events cannot both come from standard input",
                )
                .with_hint("give one of them as a file")
                .into());
            }
            let events = read_argument(file, "--paths takes the `--json` output of a command")?;
            read_paths(file, &events, &fight)?
        }
        None => Drawing::default(),
    };
    paths.size_fallen(&fight, |c| {
        monsters
            .creature_stats(&fight.board, c)
            .map_or(1, |stats| stats.size())
    });
    if (args.json || args.map) && args.svg.as_deref() == Some("-") {
        let other = if args.json { "--json" } else { "--map" };
        return Err(Diagnostic::plain(format!(
            "`--svg -` and `{other}` would both write to standard output"
        ))
        .with_hint("write the picture to a file with --svg FILE")
        .into());
    }
    let ending = ending(&fight, &|side| monsters.waiting(&fight, side));
    // A fight that is over draws no more cards.
    let odds = if ending.is_none() {
        monsters.odds(&fight)
    } else {
        Vec::new()
    };
    if let Some(out) = &args.svg {
        let picture = render_svg_with(&fight, &paths, &overlay, ending.as_ref());
        if out == "-" {
            return print(&picture, anstream::ColorChoice::Never);
        }
        let mut inputs = input_files(monsters_file, board, &text);
        inputs.extend(args.paths.iter().cloned());
        super::output::write_picture(out, &picture, &inputs, super::output::board_mode(board))?;
        if !args.json && !args.map {
            return super::output::write_stdout(
                format!("Wrote the picture to {out}.\n").as_bytes(),
            );
        }
    }
    if args.json {
        let mut doc = shown_as_json(&fight, &overlay, ending.as_ref());
        doc["odds"] = serde_json::json!(odds);
        doc["table"] = table_json(&fight.board);
        let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
        text.push('\n');
        return super::output::write_stdout(text.as_bytes());
    }
    let stdout = std::io::stdout();
    let choice = match args.color {
        ColorWhen::Auto => anstream::AutoStream::choice(&stdout),
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    };
    let color = choice != anstream::ColorChoice::Never;
    let mut map = render_text_with(
        &fight,
        TextOptions {
            ascii: args.ascii,
            color,
            ending,
        },
        &overlay,
    );
    map.push_str(&odds_text(&odds, args.odds));
    map.push_str(&table_text(&fight.board));
    print(&map, choice)
}

/// What `show --json` prints: the legend's rows and the system's overlay as data.
fn shown_as_json(
    fight: &crate::board::Fight,
    overlay: &crate::board::overlay::Overlay,
    ending: Option<&Ending>,
) -> serde_json::Value {
    use crate::render::legend::{creature_rows, side_word};
    use crate::render::markers::markers;
    let marks = markers(&fight.board.creatures);
    let creatures: Vec<serde_json::Value> = creature_rows(fight, &marks, overlay)
        .into_iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id,
                "name": r.name,
                "marker": r.marker.trim_end(),
                "side": side_word(r.side),
                "type": r.kind,
                "cell": r.cell,
                "hp": r.hp,
                "max_hp": r.max_hp,
                "health": overlay.health.get(&r.id),
                "statuses": r.notes,
                "notes": overlay.notes_of(&r.id),
            })
        })
        .collect();
    let cell_marks: Vec<serde_json::Value> = overlay
        .marks
        .iter()
        .map(|(cell, label, meaning)| {
            serde_json::json!({ "cell": cell.name(), "label": label, "meaning": meaning })
        })
        .collect();
    serde_json::json!({
        "format": 1,
        "command": "show",
        "name": fight.board.name,
        "turn": if ending.is_some() { None } else { Some(fight.turn_state()) },
        "over": ending.map(over_json),
        "creatures": creatures,
        "marks": cell_marks,
        "lines": overlay.lines,
    })
}

/// How a finished fight ended, for `show --json`: the round, the winning side (`null`
/// for a stalemate) and why, in words.
fn over_json(e: &Ending) -> serde_json::Value {
    serde_json::json!({
        "round": e.round,
        "winner": e.winner.map(crate::render::legend::side_word),
        "outcome": e.outcome(),
        "why": e.reason(),
    })
}

fn print(text: &str, choice: anstream::ColorChoice) -> Result<()> {
    if super::output::capturing() {
        return super::output::write_stdout(text.as_bytes());
    }
    let mut out = anstream::AutoStream::new(std::io::stdout().lock(), choice);
    super::output::write_to(&mut out, text.as_bytes())
}

/// The paths walked, blows struck and creatures fallen in the last command saved to
/// `board`'s undo history.
fn last_paths(board: &str, fight: &crate::board::Fight) -> Result<Drawing> {
    if board == "-" {
        return Err(Diagnostic::plain(
            "--last reads the board's undo history, which a board on standard input has not",
        )
        .with_hint("give the board as a file")
        .into());
    }
    let history = crate::io::history::History::load(std::path::Path::new(board))?;
    let Some(last) = history.entries.last() else {
        return Err(Diagnostic::plain(format!(
            "{board} has no undo history yet, so there is no last command to draw"
        ))
        .with_hint("run a command that changes the board (`next`, `turn`, `move`, ...) first")
        .into());
    };
    match &last.moves {
        Some(moves) => Ok(read_paths(&format!("{board}.history"), moves, fight)?),
        None => Ok(Drawing::default()),
    }
}

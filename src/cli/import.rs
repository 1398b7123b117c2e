//! `monster-ai import`: other tools' files turned into ours (docs/import.md).
//! `import ghs` writes an ability-deck monster file from Gloomhaven Secretariat data;
//! `import gloom` writes a hex board from a gloom link and prints the `options` command
//! for its active figure. What cannot be carried over is listed on standard error (or in
//! `--json`); `--strict` makes any such note an error. The readers are in `crate::import`.

use crate::error::Result;
use crate::import::gloom::{self, MonsterKind};
use crate::import::{Dropped, ghs};
use crate::io::diagnostic::{Diagnostic, Problems};
use crate::io::load::read_argument;
use crate::io::open::real_path;
use crate::io::same_file::refuse_onto_inputs;
use clap::{Args, Subcommand};
use std::path::{Component, Path, PathBuf};

#[derive(Debug, Args)]
pub struct ImportArgs {
    #[command(subcommand)]
    pub source: ImportSource,
}

#[derive(Debug, Subcommand)]
pub enum ImportSource {
    /// Gloomhaven Secretariat monster files (and their decks) into one ability-deck
    /// monster file (TOML).
    #[command(
        after_help = "Examples:\n  monster-ai import ghs data/gh/monster/bandit-guard.json data/gh/monster/deck/guard.json -o bandits.toml\n  monster-ai import ghs docs/examples/cave-rat.json docs/examples/cave-rat-deck.json -o rats.toml\n  monster-ai import ghs guard.json guard-deck.json archer.json archer-deck.json --strict"
    )]
    Ghs(GhsArgs),
    /// A gloom map-editor link into a hex board (JSON), with the `options` command for
    /// its active figure.
    #[command(
        after_help = "Examples:\n  monster-ai import gloom 'https://…/UQgE…' -o board.json\n  monster-ai import gloom UQgE… -o board.json --monsters bandits.toml --type bandit-guard"
    )]
    Gloom(GloomArgs),
}

/// What both imports share.
#[derive(Debug, Args)]
pub struct ImportOutput {
    /// Write the result here instead of standard output (never over a file this import
    /// reads).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<String>,
    /// Print one JSON document: what was written (or the text itself) and what was left
    /// out.
    #[arg(long)]
    pub json: bool,
    /// Anything that cannot be carried over is an error (exit code 2, nothing written).
    #[arg(long)]
    pub strict: bool,
}

#[derive(Debug, Args)]
pub struct GhsArgs {
    /// GHS monster files (`data/EDITION/monster/NAME.json`), each followed by its deck file
    /// (`data/EDITION/monster/deck/NAME.json`) unless the deck is where GHS keeps it.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Only accept files of this edition (`gh`, `fh`, `jotl`, `cs`, …).
    #[arg(long, value_name = "EDITION")]
    pub edition: Option<String>,
    #[command(flatten)]
    pub out: ImportOutput,
}

#[derive(Debug, Args)]
pub struct GloomArgs {
    /// The link gloom's share button copies, or just its path.
    pub link: String,
    /// An ability-deck monster file: the link's monsters become monsters of `--type` and
    /// the board names the file (`monster_file`), so `next` plays it.
    #[arg(long, value_name = "FILE", requires = "kind")]
    pub monsters: Option<String>,
    /// The monster type of the link's monsters (with --monsters).
    #[arg(long = "type", value_name = "NAME", requires = "monsters")]
    pub kind: Option<String>,
    /// The link's monsters are elites (with --monsters).
    #[arg(long, requires = "monsters")]
    pub elite: bool,
    /// The scenario level (traps deal 2 + level; monsters use its stat line).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(..=20))]
    pub level: u32,
    #[command(flatten)]
    pub out: ImportOutput,
}

impl ImportArgs {
    pub fn json(&self) -> bool {
        match &self.source {
            ImportSource::Ghs(a) => a.out.json,
            ImportSource::Gloom(a) => a.out.json,
        }
    }
}

pub(super) fn run(args: ImportArgs) -> Result<()> {
    match args.source {
        ImportSource::Ghs(a) => run_ghs(a),
        ImportSource::Gloom(a) => run_gloom(a),
    }
}

/// With `--strict`, every note is an error; otherwise each is a warning on standard error
/// (text mode only: `--json` carries them).
fn report_dropped(dropped: &[Dropped], out: &ImportOutput) -> Result<()> {
    if out.strict && !dropped.is_empty() {
        let mut problems = Problems::new();
        for d in dropped {
            problems.push(
                Diagnostic::plain(format!("cannot be carried over: {}", d.line())).with_hint(
                    "leave out --strict to import without it (it is listed as a warning)",
                ),
            );
        }
        return Err(problems.finish(()).unwrap_err().into());
    }
    if !out.json {
        for d in dropped {
            eprintln!("warning: left out: {}", d.line());
        }
    }
    Ok(())
}

/// The `--json` document: what every import reports, and `rest`, its own fields.
fn json_doc(
    source: &str,
    written: Option<&str>,
    dropped: &[Dropped],
    rest: serde_json::Value,
) -> String {
    let mut doc = serde_json::json!({
        "format": 1,
        "command": "import",
        "source": source,
        "written": written,
        "dropped": dropped,
    });
    if let (Some(d), serde_json::Value::Object(r)) = (doc.as_object_mut(), rest) {
        d.extend(r);
    }
    let mut text = serde_json::to_string_pretty(&doc).expect("JSON values serialise");
    text.push('\n');
    text
}

fn run_ghs(a: GhsArgs) -> Result<()> {
    let imported = ghs::import(&a.files, a.edition.as_deref())?;
    if let Some(o) = &a.out.output {
        refuse_onto_inputs(o, "-o", &imported.read)?;
    }
    report_dropped(&imported.dropped, &a.out)?;
    let written = a.out.output.as_deref().filter(|o| *o != "-");
    if let Some(o) = &a.out.output {
        super::output::write_file("-o", "the monster file", o, &imported.toml, &[], None)?;
    }
    let summary = format!(
        "{} monster type{} ({}), {} thing{} left out",
        imported.types.len(),
        if imported.types.len() == 1 { "" } else { "s" },
        imported.types.join(", "),
        imported.dropped.len(),
        if imported.dropped.len() == 1 { "" } else { "s" },
    );
    if a.out.json {
        let rest = serde_json::json!({
            "types": imported.types,
            "monster_file": if a.out.output.is_none() { Some(&imported.toml) } else { None },
        });
        let doc = json_doc("ghs", written, &imported.dropped, rest);
        return super::output::write_stdout(doc.as_bytes());
    }
    match (written, &a.out.output) {
        (Some(o), _) => super::output::println(&format!("wrote {o}: {summary}")),
        (None, Some(_)) => Ok(()),
        (None, None) => {
            super::output::write_stdout(imported.toml.as_bytes())?;
            eprintln!("imported {summary}");
            Ok(())
        }
    }
}

/// `to` relative to the folder `from` (both real paths).
fn relative(from: &Path, to: &Path) -> PathBuf {
    let a: Vec<Component> = from.components().collect();
    let b: Vec<Component> = to.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for c in &b[common..] {
        out.push(c);
    }
    out
}

/// The monster type of `--monsters FILE --type NAME`: the path the board names and the
/// HP of the type's line at `level`.
fn typed_monsters(
    file: &str,
    kind: &str,
    elite: bool,
    level: u32,
    characters: usize,
    board: Option<&str>,
) -> Result<(String, i64)> {
    if !file.ends_with(".toml") {
        return Err(Diagnostic::plain(format!(
            "--monsters {file}: a board names only monster files ending in `.toml`"
        ))
        .with_hint("rename the monster file to end in .toml")
        .into());
    }
    let text = read_argument(file, "--monsters names an ability-deck monster file (TOML)")?;
    let hp = gloom::type_hp(file, &text, kind, elite, level, characters)?;
    let named = match board.filter(|b| *b != "-") {
        Some(b) => {
            let folder = real_path(Path::new(b))
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf));
            match (folder, real_path(Path::new(file))) {
                (Some(f), Ok(m)) => relative(&f, &m).to_string_lossy().into_owned(),
                _ => file.to_string(),
            }
        }
        None => file.to_string(),
    };
    Ok((named, hp))
}

/// Without `--monsters`, what the link's monsters become, and how to give them a type.
fn untyped_note(a: &GloomArgs, monsters: usize) -> Option<String> {
    if a.monsters.is_some() || monsters == 0 {
        return None;
    }
    let (them, are, own) = if monsters == 1 {
        ("its monster (monster-1) is a figure", "it", "its")
    } else {
        ("its monsters (monster-1, ...) are figures", "them", "their")
    };
    Some(format!(
        "monsters: {them} of no type on the monsters' side: `next` gives {are} a turn card of {own} own for you to play by hand (ask `options` what {are} would do); to have monster-ai play {are}, import the link again with `--monsters FILE --type NAME` (an ability-deck monster file, e.g. one `import ghs` wrote)"
    ))
}

fn run_gloom(a: GloomArgs) -> Result<()> {
    let board_name = a
        .out
        .output
        .as_deref()
        .filter(|o| *o != "-")
        .unwrap_or("BOARD.json");
    let mut inputs = Vec::new();
    // Characters are counted for a boss's stats: a first plain read tells how many.
    let plain = gloom::import(&a.link, board_name, a.level, &MonsterKind::Plain)?;
    let imported = match (&a.monsters, &a.kind) {
        (Some(file), Some(kind)) => {
            inputs.push(file.clone());
            let characters = plain.characters;
            let (monster_file, hp) = typed_monsters(
                file,
                kind,
                a.elite,
                a.level,
                characters,
                a.out.output.as_deref(),
            )?;
            let typed = MonsterKind::Typed {
                monster_file: &monster_file,
                kind,
                elite: a.elite,
                hp,
            };
            gloom::import(&a.link, board_name, a.level, &typed)?
        }
        _ => plain,
    };
    if let Some(o) = &a.out.output {
        refuse_onto_inputs(o, "-o", &inputs)?;
    }
    report_dropped(&imported.dropped, &a.out)?;
    if let Some(o) = &a.out.output {
        super::output::write_file("-o", "the board", o, &imported.board, &[], None)?;
    }
    let written = a.out.output.as_deref().filter(|o| *o != "-");
    let line = imported.options.as_deref().map(gloom::shell_line);
    let summary = format!(
        "a {}x{} hex board, {} figure{}, {} rules",
        gloom::WIDTH,
        gloom::HEIGHT,
        imported.figures,
        if imported.figures == 1 { "" } else { "s" },
        imported.variant
    );
    if a.out.json {
        let rest = serde_json::json!({
            "variant": imported.variant,
            "active": imported.active,
            "options": imported.options.as_ref().map(|argv| serde_json::json!({ "argv": argv, "line": line })),
            "board": if a.out.output.is_none() {
                Some(serde_json::from_str::<serde_json::Value>(&imported.board).expect("the board is JSON"))
            } else {
                None
            },
        });
        let doc = json_doc("gloom", written, &imported.dropped, rest);
        return super::output::write_stdout(doc.as_bytes());
    }
    let mut lines = Vec::new();
    match written {
        Some(o) => lines.push(format!("wrote {o}: {summary}")),
        None => {
            if a.out.output.is_none() {
                super::output::write_stdout(imported.board.as_bytes())?;
            }
            eprintln!("imported {summary}");
        }
    }
    if let Some(line) = &line {
        lines.push(format!("options: {line}"));
    }
    if let Some(note) = untyped_note(&a, imported.figures.saturating_sub(imported.characters)) {
        lines.push(note);
    }
    if written.is_some() {
        super::output::println(&lines.join("\n"))
    } else {
        for l in &lines[..] {
            eprintln!("{l}");
        }
        Ok(())
    }
}

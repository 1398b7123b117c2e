//! `monster-ai check`: validate a monster file and, optionally, a board against it; or a
//! board alone with the monster file it names.

use crate::board::Fight;
use crate::error::Result;
use crate::fight::{load_board_with, load_fight_and_monsters};
use crate::io::board_monster_file::{looks_like_json, monster_file_path};
use crate::io::load::read_text;
use crate::registry::Registry;
use clap::Args;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The monster file (TOML); or, given alone, a board (JSON), checked with the monster
    /// file its `monster_file` names.
    #[arg(value_name = "MONSTERS")]
    pub monsters_file: String,
    /// A board file (JSON) to check against the monster file.
    pub board: Option<String>,
    /// Print one JSON document (each file checked and its summary); errors are JSON too.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run(args: CheckArgs, registry: &Registry) -> Result<()> {
    let text = read_text(&args.monsters_file)?;
    if args.board.is_none() && looks_like_json(&text) {
        return check_board_alone(&args.monsters_file, &text, registry, args.json);
    }
    let monsters = registry.load(&args.monsters_file, &text)?;
    let mut checked = vec![(
        args.monsters_file.clone(),
        monsters.summary(&args.monsters_file),
    )];
    if let Some(b) = &args.board {
        let fight = load_board_with(b, &read_text(b)?, monsters.as_ref())?;
        checked.push((b.clone(), board_line(b, &fight)));
    }
    report(&checked, args.json)
}

/// One summary line per file checked, or the `--json` document listing them.
fn report(checked: &[(String, String)], json: bool) -> Result<()> {
    if !json {
        let lines: Vec<&str> = checked.iter().map(|(_, line)| line.as_str()).collect();
        return super::output::println(&lines.join("\n"));
    }
    let files: Vec<serde_json::Value> = checked
        .iter()
        .map(|(file, line)| serde_json::json!({ "file": file, "summary": line }))
        .collect();
    let doc = serde_json::json!({ "format": 1, "command": "check", "ok": true, "files": files });
    super::output::println(&serde_json::to_string_pretty(&doc).expect("JSON values serialise"))
}

/// `check BOARD`: the board with the monster file it names (like `next`).
fn check_board_alone(board: &str, text: &str, registry: &Registry, json: bool) -> Result<()> {
    let (fight, monsters) = load_fight_and_monsters(registry, None, board, text)?;
    let mut checked = Vec::new();
    if let Some(file) = &fight.board.monster_file {
        let path = monster_file_path(board, file);
        checked.push((path.clone(), monsters.summary(&path)));
    }
    checked.push((board.to_string(), board_line(board, &fight)));
    report(&checked, json)
}

fn board_line(board: &str, fight: &Fight) -> String {
    format!(
        "{board}: {} creatures on a {}x{} board OK",
        fight.board.creatures.len(),
        fight.grid().width,
        fight.grid().height
    )
}

//! `monster-ai schema`: JSON Schemas generated from the same types the loaders use: the
//! board file, or the monster file of any system the registry knows.

use crate::board::Board;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::io::schema::schema_of;
use crate::registry::Registry;
use crate::systems::monster_file::DEFAULT_SYSTEM;
use clap::Args;

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which format: `board`, or a monster file's system (every one is listed below;
    /// `scheme` is another name for `monster-ai`).
    #[arg(value_name = "WHICH")]
    pub which: String,
}

pub(super) fn run(args: SchemaArgs, registry: &Registry) -> Result<()> {
    super::output::println(&schema_text(registry, &args.which)?)
}

pub(super) fn schema_text(registry: &Registry, which: &str) -> Result<String> {
    let schema = match which {
        "board" => board_schema(registry),
        "scheme" => file_schema(registry, DEFAULT_SYSTEM)?,
        system => file_schema(registry, system)?,
    };
    Ok(serde_json::to_string_pretty(&schema).expect("schemas serialise"))
}

/// The board format, with each registered system's saved state under `systems.NAME`
/// (its definitions joined to the board's).
fn board_schema(registry: &Registry) -> schemars::Schema {
    let mut board = schema_of::<Board>();
    let mut states = serde_json::Map::new();
    for c in registry.systems() {
        let Some(state) = c.state_schema() else {
            continue;
        };
        let mut state = state.to_value();
        if let Some(serde_json::Value::Object(defs)) =
            state.as_object_mut().and_then(|s| s.remove("definitions"))
        {
            let all = board
                .ensure_object()
                .entry("definitions")
                .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
            if let Some(all) = all.as_object_mut() {
                join_definitions(all, defs, c.system(), &mut state);
            }
        }
        if let Some(s) = state.as_object_mut() {
            s.remove("$schema");
        }
        states.insert(c.system().to_string(), state);
    }
    if let Some(systems) = board
        .ensure_object()
        .get_mut("properties")
        .and_then(|p| p.get_mut("systems"))
        .and_then(serde_json::Value::as_object_mut)
    {
        systems.insert("properties".into(), serde_json::Value::Object(states));
    }
    board
}

/// Adds a system's definitions to the board's. A name the board (or an earlier system)
/// already uses for a different definition is kept apart as `SYSTEM.Name`, and the
/// system's references to it follow (two systems may both call a type `TypeDeck`).
fn join_definitions(
    all: &mut serde_json::Map<String, serde_json::Value>,
    defs: serde_json::Map<String, serde_json::Value>,
    system: &str,
    state: &mut serde_json::Value,
) {
    let renamed: Vec<(String, String)> = defs
        .iter()
        .filter(|(name, def)| all.get(*name).is_some_and(|d| d != *def))
        .map(|(name, _)| (name.clone(), format!("{system}.{name}")))
        .collect();
    let mut defs = serde_json::Value::Object(defs);
    for (old, new) in &renamed {
        let (old, new) = (
            format!("#/definitions/{old}"),
            format!("#/definitions/{new}"),
        );
        follow_ref(state, &old, &new);
        follow_ref(&mut defs, &old, &new);
    }
    let serde_json::Value::Object(defs) = defs else {
        return;
    };
    for (name, def) in defs {
        let name = renamed
            .iter()
            .find(|(old, _)| *old == name)
            .map_or(name, |(_, new)| new.clone());
        all.entry(name).or_insert(def);
    }
}

/// Points every `$ref` to `old` in `v` at `new`.
fn follow_ref(v: &mut serde_json::Value, old: &str, new: &str) {
    match v {
        serde_json::Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                if key == "$ref" && item.as_str() == Some(old) {
                    *item = serde_json::Value::String(new.to_string());
                } else {
                    follow_ref(item, old, new);
                }
            }
        }
        serde_json::Value::Array(items) => {
            items.iter_mut().for_each(|i| follow_ref(i, old, new));
        }
        _ => {}
    }
}

/// Every format `schema` prints: the board, `scheme`, then each system's monster file.
pub(super) fn format_names(registry: &Registry) -> Vec<&'static str> {
    let mut names = vec!["board", "scheme"];
    names.extend(registry.systems().iter().map(|c| c.system()));
    names
}

/// `schema --help`'s list of formats, from the systems of `registry`.
pub(super) fn formats_help(registry: &Registry) -> String {
    format!("Formats:\n  {}", format_names(registry).join(", "))
}

fn file_schema(registry: &Registry, system: &str) -> Result<schemars::Schema> {
    if let Some(c) = registry.find(system) {
        return Ok(c.file_schema());
    }
    let names = format_names(registry);
    let hint = match did_you_mean(system, &names) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!("choose one of: {}", names.join(", ")),
    };
    Err(
        Diagnostic::plain(format!("`{system}` is not a file format"))
            .with_hint(hint)
            .into(),
    )
}

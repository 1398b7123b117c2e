//! `monster-ai schema`: JSON Schemas generated from the same types the loaders use: the
//! board file, or the monster file of any system the registry knows.

use crate::board::Board;
use crate::controllers::Registry;
use crate::controllers::monster_file::DEFAULT_SYSTEM;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use clap::Args;
use schemars::generate::SchemaSettings;

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which format: `board`, or a monster file's system (`monster-ai`, also called
    /// `scheme`; `ability-deck`).
    #[arg(value_name = "WHICH")]
    pub which: String,
}

pub fn run(args: SchemaArgs, registry: &Registry) -> Result<()> {
    super::output::println(&schema_text(registry, &args.which)?)
}

pub fn schema_text(registry: &Registry, which: &str) -> Result<String> {
    let schema = match which {
        "board" => SchemaSettings::draft07()
            .into_generator()
            .into_root_schema_for::<Board>(),
        "scheme" => file_schema(registry, DEFAULT_SYSTEM)?,
        system => file_schema(registry, system)?,
    };
    Ok(serde_json::to_string_pretty(&schema).expect("schemas serialise"))
}

fn file_schema(registry: &Registry, system: &str) -> Result<schemars::Schema> {
    if let Some(c) = registry.find(system) {
        return Ok(c.file_schema());
    }
    let mut names = vec!["board", "scheme"];
    names.extend(registry.controllers().iter().map(|c| c.system()));
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

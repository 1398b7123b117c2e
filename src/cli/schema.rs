//! `monster-ai schema`: JSON Schemas generated from the same types the loaders use.

use crate::board::Board;
use crate::controllers::ability_deck::format::DeckFile;
use crate::controllers::scheme::format::SchemeFile;
use crate::error::Result;
use clap::{Args, ValueEnum};
use schemars::generate::SchemaSettings;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Which {
    /// The board file (JSON).
    Board,
    /// The scheme file (TOML, checked as the equivalent JSON).
    Scheme,
    /// A scheme file of ability-deck monsters (`controller = "ability-deck"`).
    AbilityDeck,
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which format.
    #[arg(value_enum)]
    pub which: Which,
}

pub fn run(args: SchemaArgs) -> Result<()> {
    super::output::println(&schema_text(args.which))
}

pub fn schema_text(which: Which) -> String {
    let generator = SchemaSettings::draft07().into_generator();
    let schema = match which {
        Which::Board => generator.into_root_schema_for::<Board>(),
        Which::Scheme => generator.into_root_schema_for::<SchemeFile>(),
        Which::AbilityDeck => generator.into_root_schema_for::<DeckFile>(),
    };
    serde_json::to_string_pretty(&schema).expect("schemas serialise")
}

//! File input and output: reading files or stdin, parsing TOML and JSON into typed values
//! with located diagnostics, and saving boards atomically under a lock.

pub mod board_file;
pub mod board_monster_file;
pub mod diagnostic;
pub mod history;
pub mod knob;
pub mod load;
pub mod open;
pub mod printable;
pub mod same_file;
pub mod save;
pub mod schema;
pub mod shape;

mod excerpt;
mod json_locate;
mod render;
mod unique_keys;

//! File input and output: reading files or stdin, parsing TOML and JSON into typed values
//! with located diagnostics, and saving boards atomically under a lock.

pub mod diagnostic;
pub mod history;
pub mod load;
pub mod save;

mod json_locate;
mod render;

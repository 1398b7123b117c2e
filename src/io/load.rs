//! Reading input files (or stdin for `-`) and deserialising TOML and JSON into typed
//! values, turning every parse or shape error into a located [`Diagnostic`].

use super::diagnostic::Diagnostic;
use serde::de::DeserializeOwned;

/// Largest input file accepted, so a wrong path cannot eat memory.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a file, or standard input when `path` is `-`. Missing files, directories,
/// unreadable or oversized files and non-UTF-8 text are diagnostics naming the file.
pub fn read_text(path: &str) -> Result<String, Diagnostic> {
    todo!()
}

/// Deserialises TOML. Errors carry file:line:col, the field path, and for unknown fields
/// or variants a "did you mean" hint listing the expected names.
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    todo!()
}

/// Deserialises JSON. Errors carry file:line:col and the field path (via
/// serde_path_to_error), with the same hints as [`parse_toml`].
pub fn parse_json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    todo!()
}

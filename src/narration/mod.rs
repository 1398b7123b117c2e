//! Turning events into output: readable text for the table, or one JSON document.

pub mod json;
pub mod text;

pub use crate::rules::words::Names;

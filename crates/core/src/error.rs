//! The crate's error type: bad input (exit code 2, always with located diagnostics)
//! versus any other failure (exit code 1).

use crate::io::diagnostic::{Diagnostic, Diagnostics};

#[derive(Debug, thiserror::Error)]
/// Why a command failed, which also picks its exit code.
pub enum Error {
    /// The user's files or arguments are wrong (every problem found); nothing was written.
    #[error("{0}")]
    BadInput(Diagnostics),
    /// Anything else (I/O failures, a lock held elsewhere); nothing was written.
    #[error("error: {0:#}")]
    Failure(#[from] anyhow::Error),
}

impl Error {
    /// The process exit code: 2 for bad input, 1 for any other failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::BadInput(_) => 2,
            Error::Failure(_) => 1,
        }
    }

    /// The error as the JSON document `--json` commands print on standard error: the exit
    /// code and each problem as data (file, line and column, field path, message, hint).
    pub fn to_json(&self) -> String {
        let problems: Vec<serde_json::Value> = match self {
            Error::BadInput(ds) => ds
                .iter()
                .map(|d| {
                    serde_json::json!({
                        "file": (!d.file.is_empty()).then_some(&d.file),
                        "line": d.location.as_ref().map(|l| l.line),
                        "column": d.location.as_ref().map(|l| l.column),
                        "path": d.path,
                        "message": d.message,
                        "hint": d.hint,
                    })
                })
                .collect(),
            Error::Failure(e) => vec![serde_json::json!({ "message": format!("{e:#}") })],
        };
        let doc = serde_json::json!({
            "format": 1,
            "error": true,
            "exit_code": self.exit_code(),
            "problems": problems,
        });
        let mut text = serde_json::to_string_pretty(&doc).expect("JSON values serialise");
        text.push('\n');
        text
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Error {
        Error::BadInput(d.into())
    }
}

impl From<Diagnostics> for Error {
    fn from(d: Diagnostics) -> Error {
        Error::BadInput(d)
    }
}

/// A result whose error is the crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

//! The crate's error type: bad input (exit code 2, always with located diagnostics)
//! versus any other failure (exit code 1).

use crate::io::diagnostic::{Diagnostic, Diagnostics};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The user's files or arguments are wrong (every problem found); nothing was written.
    #[error("{0}")]
    BadInput(Diagnostics),
    /// Anything else (I/O failures, a lock held elsewhere); nothing was written.
    #[error("error: {0:#}")]
    Failure(#[from] anyhow::Error),
}

impl Error {
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::BadInput(_) => 2,
            Error::Failure(_) => 1,
        }
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

pub type Result<T, E = Error> = std::result::Result<T, E>;

//! Writing a command's output. A reader that stops early (`monster-ai schema board | head`)
//! closes the pipe; that ends the output quietly instead of failing.

use crate::error::{Error, Result};
use std::io::Write;

/// Writes `bytes` to `out` and flushes it; a closed pipe is not an error.
pub fn write_to(out: &mut dyn Write, bytes: &[u8]) -> Result<()> {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::Failure(
            anyhow::Error::new(e).context("cannot write the output"),
        )),
    }
}

/// Writes `bytes` to standard output.
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    write_to(&mut std::io::stdout().lock(), bytes)
}

/// Writes `text` and a line break to standard output.
pub fn println(text: &str) -> Result<()> {
    write_stdout(format!("{text}\n").as_bytes())
}

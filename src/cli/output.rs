//! Writing a command's output. A reader that stops early (`monster-ai schema board | head`)
//! closes the pipe; that ends the output quietly instead of failing. A caller that runs
//! many commands in one process (the tests' long command sequences, the fuzz targets)
//! keeps what they print in memory with [`capture_stdout`].

use crate::error::{Error, Result};
use crate::io::same_file::refuse_onto_inputs;
use std::cell::RefCell;
use std::io::Write;

thread_local! {
    /// What the commands print on this thread while [`capture_stdout`] runs.
    static CAPTURED: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Runs `f` (commands run with [`super::run_with`], say) with what they print on standard
/// output kept in memory instead, and returns it with `f`'s result. Only this thread's
/// commands are captured; their standard error is not.
pub fn capture_stdout<R>(f: impl FnOnce() -> R) -> (R, Vec<u8>) {
    let outer = CAPTURED.with(|c| c.borrow_mut().replace(Vec::new()));
    let result = f();
    let text = CAPTURED.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    (result, text.unwrap_or_default())
}

/// Whether this thread's standard output is being captured (see [`capture_stdout`]).
pub(super) fn capturing() -> bool {
    CAPTURED.with(|c| c.borrow().is_some())
}

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

/// Writes `bytes` to standard output (or to what [`capture_stdout`] keeps).
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    let kept = CAPTURED.with(|c| match c.borrow_mut().as_mut() {
        Some(out) => {
            out.extend_from_slice(bytes);
            true
        }
        None => false,
    });
    if kept {
        return Ok(());
    }
    write_to(&mut std::io::stdout().lock(), bytes)
}

/// Writes `text` and a line break to standard output.
pub fn println(text: &str) -> Result<()> {
    write_stdout(format!("{text}\n").as_bytes())
}

/// The permissions of the board file `board` (none for standard input), which a picture
/// of it takes.
pub fn board_mode(board: &str) -> Option<u32> {
    (board != "-")
        .then(|| crate::io::open::mode_of(std::path::Path::new(board)))
        .flatten()
}

/// Writes an SVG picture to `out` (`-` for standard output). Only a new or regular file
/// is replaced: never a FIFO (which would block) or a device, nor one of `inputs` (the
/// files the command read). A new picture gets `mode`, the permissions of the board it
/// shows (as `-o` gives a new board), so a private board makes a private picture; a
/// picture written over an existing file keeps that file's.
pub fn write_picture(out: &str, picture: &str, inputs: &[String], mode: Option<u32>) -> Result<()> {
    write_file("--svg", "the picture", out, picture, inputs, mode)
}

/// Writes `text` to `out` (`-` for standard output), given by the option `flag`; `what`
/// names the content in messages. Only a new or regular file is replaced, never one of
/// `inputs`. A new file gets `mode` (when given); an existing one keeps its own. A file
/// that cannot be written there (its folder missing) is a failure (exit code 1).
pub fn write_file(
    flag: &str,
    what: &str,
    out: &str,
    text: &str,
    inputs: &[String],
    mode: Option<u32>,
) -> Result<()> {
    if out == "-" {
        return write_stdout(text.as_bytes());
    }
    refuse_onto_inputs(out, flag, inputs)?;
    if std::fs::metadata(out).is_ok_and(|m| !m.is_file()) {
        return Err(crate::io::diagnostic::Diagnostic::plain(format!(
            "{flag} {out}: not a regular file, so it is not replaced"
        ))
        .with_hint(format!(
            "name a new or ordinary file for {what}, or `-` for standard output"
        ))
        .into());
    }
    let target = crate::io::open::real_path(std::path::Path::new(out)).map_err(|e| {
        Error::Failure(anyhow::anyhow!(crate::io::board_file::output_problem(
            out, &e
        )))
    })?;
    let mode = if target.exists() { None } else { mode };
    crate::io::save::replace_file(&target, text.as_bytes(), mode).map_err(|e| {
        Error::Failure(
            anyhow::Error::new(e)
                .context(format!("cannot save `{out}`; the old file is unchanged"))
                .context(format!("cannot write {what} to `{out}`")),
        )
    })
}

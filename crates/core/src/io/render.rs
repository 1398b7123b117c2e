//! Plain-text rendering of a [`Diagnostic`], in the style of rustc and `just`:
//!
//! ```text
//! error: unknown field `hpp`
//!   --> board.json:12:7 (creatures[2].hpp)
//!    |
//! 12 |       "hpp": 7,
//!    |       ^^^^^
//!    = hint: did you mean `hp`?
//! ```
//!
//! Rendered by hand rather than with annotate-snippets so the output is exactly this shape
//! and never changes with a dependency update (golden files compare it byte for byte).
//! Lines carry no trailing spaces and the text ends without a newline.

use super::diagnostic::{Diagnostic, file_name};
use std::fmt;

impl fmt::Display for Diagnostic {
    /// Plain, deterministic text (no colour), e.g.
    /// ```text
    /// error: unknown field `hpp`
    ///   --> board.json:12:7 (creatures[2].hpp)
    ///    |
    /// 12 |       "hpp": 7,
    ///    |       ^^^^^
    ///    = hint: did you mean `hp`?
    /// ```
    ///
    /// Without a location only the `-->` line is drawn; without a file (a command-line
    /// problem) it is left out and a path shows as `= field: ...`. Stdin is called
    /// `<stdin>`. Tabs are drawn as four spaces, long lines are cut to a window around the
    /// marker, a hint's further lines are indented under its first, and there is no
    /// trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        render(self, f)
    }
}

/// Writes the diagnostic's lines, each without trailing spaces.
fn render(d: &Diagnostic, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut out: Vec<String> = Vec::new();
    out.push(format!("error: {}", d.message));

    let width = d.location.as_ref().map_or(1, |l| l.line.to_string().len());
    let pad = " ".repeat(width);

    if d.file.is_empty() {
        if let Some(path) = &d.path {
            out.push(format!("{pad} = field: {path}"));
        }
    } else {
        let file = file_name(&d.file);
        let mut arrow = format!("{pad}--> {file}");
        if let Some(l) = &d.location {
            arrow.push_str(&format!(":{}:{}", l.line, l.column));
        }
        if let Some(path) = &d.path {
            arrow.push_str(&format!(" ({path})"));
        }
        out.push(arrow);

        if let (Some(l), Some(excerpt)) = (&d.location, &d.excerpt) {
            out.push(format!("{pad} |"));
            out.push(format!("{:>width$} | {}", l.line, excerpt.line));
            out.push(format!("{pad} | {}", excerpt.marker));
        }
    }

    if let Some(hint) = &d.hint {
        let lead = format!("{pad} = hint: ");
        for (i, line) in hint.lines().enumerate() {
            if i == 0 {
                out.push(format!("{lead}{line}"));
            } else {
                out.push(format!("{}{line}", " ".repeat(lead.len())));
            }
        }
    }

    for (i, line) in out.iter().enumerate() {
        if i > 0 {
            f.write_str("\n")?;
        }
        f.write_str(line.trim_end())?;
    }
    Ok(())
}

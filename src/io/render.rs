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

use super::diagnostic::{Diagnostic, Excerpt, Location};
use std::fmt;

/// Longest stretch of a source line shown; longer lines (minified JSON) are cut around the
/// marked column.
const MAX_SHOWN_CHARS: usize = 100;
/// How much of the line before the marker to keep when cutting.
const CONTEXT_BEFORE: usize = 40;
const TAB_WIDTH: usize = 4;

/// The file as messages name it: stdin (`-`) is `<stdin>`.
pub(crate) fn file_name(file: &str) -> &str {
    if file == "-" { "<stdin>" } else { file }
}

pub(crate) fn render(d: &Diagnostic, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// The source line to show (tabs expanded, control characters replaced, long lines cut)
/// and the `^^^` marker beneath it.
pub(crate) fn excerpt(source: &str, l: &Location) -> Excerpt {
    let line_start = line_start_offset(source, l.line);
    let rest = &source[line_start.min(source.len())..];
    let line_text = rest.split('\n').next().unwrap_or("");
    let line_text = line_text.strip_suffix('\r').unwrap_or(line_text);
    let chars: Vec<char> = line_text.chars().collect();

    // Marker start and length in characters of this line.
    let start = l.column.saturating_sub(1).min(chars.len());
    let marked = match &l.span {
        Some(span) => {
            let line_end = line_start + line_text.len();
            let end = span.end.clamp(line_start, line_end);
            source
                .get(line_start..end)
                .map_or(0, |s| s.chars().count())
                .saturating_sub(start)
        }
        None => 1,
    };

    // Window of characters to show.
    let (mut from, mut to) = (0, chars.len());
    if chars.len() > MAX_SHOWN_CHARS {
        from = start.saturating_sub(CONTEXT_BEFORE);
        to = (from + MAX_SHOWN_CHARS).min(chars.len());
        from = to.saturating_sub(MAX_SHOWN_CHARS);
    }
    let marked_end = (start + marked).min(to);

    let mut shown = String::new();
    let mut marker = String::new();
    if from > 0 {
        shown.push_str("...");
        marker.push_str("   ");
    }
    for (i, &c) in chars.iter().enumerate().take(to).skip(from) {
        let (text, cols) = match c {
            '\t' => (" ".repeat(TAB_WIDTH), TAB_WIDTH),
            c if c.is_control() => ("?".to_string(), 1),
            c => (c.to_string(), 1),
        };
        shown.push_str(&text);
        let mark = if i < start {
            ' '
        } else if i < marked_end {
            '^'
        } else {
            continue;
        };
        marker.extend(std::iter::repeat_n(mark, cols));
    }
    if to < chars.len() {
        shown.push_str("...");
    }
    if marked_end <= start {
        // Empty span, or a position at or past the end of the line: one caret.
        marker.push('^');
    }
    Excerpt {
        line: shown,
        marker,
    }
}

/// Byte offset where 1-based `line` starts.
fn line_start_offset(source: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    source
        .match_indices('\n')
        .nth(line - 2)
        .map_or(source.len(), |(i, _)| i + 1)
}

//! Where in a file a problem is, and the window of its line a diagnostic draws: the
//! line cut around the marked column, with the `^^^` marker beneath it.

use std::ops::Range;

/// Where in a file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// 1-based line and column (column counted in characters).
    pub line: usize,
    /// The column, counted in characters from 1.
    pub column: usize,
    /// Byte range in the file, when known; used to draw the marker under the text.
    pub span: Option<Range<usize>>,
}

/// The part of the offending line a diagnostic draws, and the `^^^` marker under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The part of the line shown, tabs expanded and long lines cut.
    pub line: String,
    /// The carets under the marked characters, aligned with `line`.
    pub marker: String,
}

/// Longest stretch of a source line shown; longer lines (minified JSON) are cut around the
/// marked column.
const MAX_SHOWN_CHARS: usize = 100;
/// How much of the line before the marker to keep when cutting.
const CONTEXT_BEFORE: usize = 40;
const TAB_WIDTH: usize = 4;

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

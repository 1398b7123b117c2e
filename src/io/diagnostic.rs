//! A located problem in an input file, rendered as plain text (file, line and column, the
//! offending line with a marker, the field path, and a hint saying what to do).

use std::fmt;
use std::ops::Range;

use super::{json_locate, render};

/// Where in a file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// 1-based line and column (column counted in characters).
    pub line: usize,
    pub column: usize,
    /// Byte range in the file, when known; used to draw the marker under the text.
    pub span: Option<Range<usize>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it (`-` for stdin); empty for command-line arguments.
    pub file: String,
    pub location: Option<Location>,
    /// Field path such as `creatures[2].position` or `monster[0].behaviour[1].do[2]`.
    pub path: Option<String>,
    pub message: String,
    pub hint: Option<String>,
    /// The file's text, kept to render the offending line.
    pub source: Option<String>,
}

impl Diagnostic {
    /// A problem not tied to a file position (e.g. a bad command-line argument).
    pub fn plain(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: String::new(),
            location: None,
            path: None,
            message: message.into(),
            hint: None,
            source: None,
        }
    }

    /// A problem at a byte range of `source` (line and column are computed).
    pub fn at_span(
        file: &str,
        source: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            location: Some(location_of(source, span)),
            path: None,
            message: message.into(),
            hint: None,
            source: Some(source.to_string()),
        }
    }

    /// A problem at a JSON field path (`creatures[2].position`); the line and column are
    /// found by walking `source`, when it parses.
    pub fn at_json_path(
        file: &str,
        source: &str,
        path: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let location =
            json_locate::find(source, path).map(|found| location_of(source, found.value));
        Diagnostic {
            file: file.to_string(),
            location,
            path: Some(path.to_string()),
            message: message.into(),
            hint: None,
            source: Some(source.to_string()),
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_path(mut self, path: impl Into<String>) -> Diagnostic {
        self.path = Some(path.into());
        self
    }
}

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        render::render(self, f)
    }
}

/// The closest of `candidates` to `word`, if close enough to suggest ("did you mean").
///
/// Comparison ignores ASCII case. A candidate qualifies when its edit distance (with
/// transpositions) is small for its length, or when it is very similar by Jaro–Winkler and
/// not too far in edits. The best one has the fewest edits, then the highest similarity,
/// then comes first in `candidates`, so the answer never depends on hashing or ordering luck.
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lower_word = word.to_ascii_lowercase();
    let mut best: Option<(usize, f64, &'a str)> = None;
    for &candidate in candidates {
        if candidate == word {
            continue;
        }
        let lower = candidate.to_ascii_lowercase();
        let edits = strsim::damerau_levenshtein(&lower_word, &lower);
        let similarity = strsim::jaro_winkler(&lower_word, &lower);
        let longest = lower_word.chars().count().max(lower.chars().count());
        let close = edits <= longest / 3 || (similarity >= 0.85 && edits <= longest / 2);
        if !close {
            continue;
        }
        let better = match best {
            None => true,
            Some((e, s, _)) => edits < e || (edits == e && similarity > s),
        };
        if better {
            best = Some((edits, similarity, candidate));
        }
    }
    best.map(|(_, _, c)| c)
}

/// Line, column and a clamped byte span for `span` in `source`.
fn location_of(source: &str, span: Range<usize>) -> Location {
    let start = floor_boundary(source, span.start.min(source.len()));
    let end = floor_boundary(source, span.end.clamp(start, source.len()));
    let before = &source[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let column = source[line_start..start].chars().count() + 1;
    Location {
        line,
        column,
        span: Some(start..end),
    }
}

/// The largest char boundary of `s` not after `index` (`index` must be `<= s.len()`).
fn floor_boundary(s: &str, mut index: usize) -> usize {
    while !s.is_char_boundary(index) {
        index -= 1;
    }
    index
}

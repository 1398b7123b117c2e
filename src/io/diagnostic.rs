//! A located problem in an input file, rendered as plain text (file, line and column, the
//! offending line with a marker, the field path, and a hint saying what to do).

use std::fmt;
use std::ops::Range;

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
        Diagnostic { file: String::new(), location: None, path: None, message: message.into(), hint: None, source: None }
    }

    /// A problem at a byte range of `source` (line and column are computed).
    pub fn at_span(file: &str, source: &str, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        todo!()
    }

    /// A problem at a JSON field path (`creatures[2].position`); the line and column are
    /// found by walking `source`, when it parses.
    pub fn at_json_path(file: &str, source: &str, path: &str, message: impl Into<String>) -> Diagnostic {
        todo!()
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
        todo!()
    }
}

/// The closest of `candidates` to `word`, if close enough to suggest ("did you mean").
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    todo!()
}

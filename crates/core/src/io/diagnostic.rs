//! A located problem in an input file, rendered as plain text (file, line and column, the
//! offending line with a marker, the field path, and a hint saying what to do).

use std::cell::Cell;
use std::fmt;
use std::ops::Range;

use super::excerpt::excerpt;
pub use super::excerpt::{Excerpt, Location};
use super::json_locate;

#[derive(Clone, Debug, PartialEq, Eq)]
/// A problem in the user's input: where it is, what is wrong and what to do.
pub struct Diagnostic {
    /// The file as the user named it (`-` for stdin); empty for command-line arguments.
    pub file: String,
    /// The line and column, when the problem has a place in the file.
    pub location: Option<Location>,
    /// Field path such as `creatures[2].position` or `monster[0].behaviour[1].do[2]`.
    pub path: Option<String>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// What to do about it, when there is something to say.
    pub hint: Option<String>,
    /// The offending line as it is drawn, cut to a window around the marker: never the
    /// whole file, so a diagnostic's size does not grow with the input.
    pub excerpt: Option<Excerpt>,
}

/// How many problems of one input are kept and shown; more are counted, not kept.
pub const MAX_SHOWN: usize = 50;

impl Diagnostic {
    /// A problem not tied to a file position (e.g. a bad command-line argument).
    pub fn plain(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: String::new(),
            location: None,
            path: None,
            message: message.into(),
            hint: None,
            excerpt: None,
        }
    }

    /// A problem at a byte range of `source` (line and column are computed).
    ///
    /// Spans past the end of the text are clamped to it, a reversed span becomes empty,
    /// and an offset inside a multi-byte character moves outwards to the character's edges.
    pub fn at_span(
        file: &str,
        source: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let location = location_of(source, span);
        Diagnostic {
            file: file.to_string(),
            excerpt: Some(excerpt(source, &location)),
            location: Some(location),
            path: None,
            message: message.into(),
            hint: None,
        }
    }

    /// A problem at a JSON field path (`creatures[2].position`); the line and column are
    /// found by walking `source`, when it parses.
    ///
    /// The location is where the value at `path` starts (the marker covers the value's first
    /// line); when the path is not in the text, the location is `None` and only the path is
    /// shown. Paths use the form produced by [`super::load`]: `a.b[2].c`, with keys that are
    /// not plain words in double quotes (`"odd key".x`).
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
            excerpt: location.as_ref().map(|l| excerpt(source, l)),
            location,
            path: Some(path.to_string()),
            message: message.into(),
            hint: None,
        }
    }

    /// A problem at the key of the object member at `path` (`monster_file`, the quoted
    /// key itself rather than its value); `None` when the path is not an object member
    /// of the text.
    pub fn at_json_key(
        file: &str,
        source: &str,
        path: &str,
        message: impl Into<String>,
    ) -> Option<Diagnostic> {
        let key = json_locate::find(source, path)?.key?;
        let mut d = Diagnostic::at_span(file, source, key, message);
        d.path = Some(path.to_string());
        Some(d)
    }

    /// A problem at part of a JSON string value, such as one character of a map row:
    /// `inner` is a byte range of the string's decoded text (escapes resolved). The marker
    /// covers the matching characters of the file; when the value is not a string or the
    /// range does not fit it, this is the same as [`Diagnostic::at_json_path`].
    pub fn at_json_string_part(
        file: &str,
        source: &str,
        path: &str,
        inner: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let mut d = Diagnostic::at_json_path(file, source, path, message);
        if let Some(found) = json_locate::find(source, path)
            && let Some(span) = raw_range_in_string(source, found.value, inner)
        {
            let location = location_of(source, span);
            d.excerpt = Some(excerpt(source, &location));
            d.location = Some(location);
        }
        d
    }

    /// A problem in `file` with no position: only the file (and a path, when given).
    fn unlocated(file: &str, path: Option<&str>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            path: path.map(str::to_string),
            ..Diagnostic::plain(message)
        }
    }

    /// The same problem with a hint saying what to do.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// The same problem with the field path it concerns.
    pub fn with_path(mut self, path: impl Into<String>) -> Diagnostic {
        self.path = Some(path.into());
        self
    }
}

/// The file as messages name it: stdin (`-`) is `<stdin>`.
pub(crate) fn file_name(file: &str) -> &str {
    if file == "-" { "<stdin>" } else { file }
}

/// One or more problems found in one input, in file order; never empty.
///
/// Rendered one after another with a blank line between them; more than one ends with a
/// summary line such as `error: 3 problems in board.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>, usize);

impl Diagnostics {
    /// The first problem in file order.
    pub fn first(&self) -> &Diagnostic {
        &self.0[0]
    }

    /// How many problems were found, those counted but not kept included.
    pub fn len(&self) -> usize {
        self.0.len() + self.1
    }

    /// Always false: it holds at least one problem.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The kept problems, in file order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d], 0)
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n\n")?;
            }
            write!(f, "{d}")?;
        }
        if self.len() > 1 {
            write!(f, "\n\nerror: {} problems", self.len())?;
            let file = &self.0[0].file;
            if !file.is_empty() && self.0.iter().all(|d| d.file == *file) {
                write!(f, " in {}", file_name(file))?;
            }
            if self.1 > 0 {
                write!(
                    f,
                    "; the first {} are shown, {} more were not",
                    self.0.len(),
                    self.1
                )?;
            }
        }
        Ok(())
    }
}

/// Collects the problems of one input so a loader can report all of them at once.
///
/// Checks that do not depend on each other push their problem and carry on; a problem that
/// makes the checks after it meaningless (no grid, no map) ends loading with
/// [`Problems::require`].
#[derive(Debug, Default)]
pub struct Problems {
    found: Vec<Diagnostic>,
    /// Problems found after [`MAX_SHOWN`] were kept: counted only.
    more: usize,
}

impl Problems {
    /// Nothing found yet.
    pub fn new() -> Problems {
        Problems::default()
    }

    /// Keeps `d`, or only counts it once [`MAX_SHOWN`] problems are kept.
    pub fn push(&mut self, d: Diagnostic) {
        if self.found.len() < MAX_SHOWN {
            self.found.push(d);
        } else {
            self.more = self.more.saturating_add(1);
        }
    }

    /// How many problems were found so far.
    pub fn len(&self) -> usize {
        self.found.len() + self.more
    }

    /// Whether nothing was found.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The value, or `None` with the problem kept.
    pub fn check<T>(&mut self, result: Result<T, Diagnostic>) -> Option<T> {
        result.map_err(|d| self.push(d)).ok()
    }

    /// The value, or every problem so far (this one included) when later checks would be
    /// meaningless without it.
    pub fn require<T>(&mut self, result: Result<T, Diagnostic>) -> Result<T, Diagnostics> {
        result.map_err(|d| self.stop(d))
    }

    /// Every problem so far and `d`, which makes later checks meaningless.
    pub fn stop(&mut self, d: Diagnostic) -> Diagnostics {
        self.push(d);
        self.take()
    }

    /// `value` when nothing was found, else every problem in file order.
    pub fn finish<T>(mut self, value: T) -> Result<T, Diagnostics> {
        if self.found.is_empty() {
            Ok(value)
        } else {
            Err(self.take())
        }
    }

    /// The problems sorted by position (stable, so problems at one place keep the order
    /// they were found in; those without a position go last).
    fn take(&mut self) -> Diagnostics {
        let mut found = std::mem::take(&mut self.found);
        found.sort_by_key(|d| {
            d.location
                .as_ref()
                .map_or((usize::MAX, usize::MAX), |l| (l.line, l.column))
        });
        Diagnostics(found, std::mem::take(&mut self.more))
    }
}

/// Builds the diagnostics of one input. Locating a problem reads the text up to it, so
/// only the first [`MAX_SHOWN`] are located (the ones [`Problems`] keeps); later ones carry
/// the file and path only. Checking a file with very many problems then costs time in
/// proportion to its size, not to its size times its problems.
pub struct Locator<'a> {
    file: &'a str,
    text: &'a str,
    located: Cell<usize>,
}

impl<'a> Locator<'a> {
    /// Locates problems in `text`, read from `file` (as the user named it).
    pub fn new(file: &'a str, text: &'a str) -> Locator<'a> {
        Locator {
            file,
            text,
            located: Cell::new(0),
        }
    }

    /// The text the problems are in.
    pub fn text(&self) -> &'a str {
        self.text
    }

    fn budget(&self) -> bool {
        let n = self.located.get();
        self.located.set(n.saturating_add(1));
        n < MAX_SHOWN
    }

    /// [`Diagnostic::at_span`] while the budget lasts.
    pub fn span(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        if self.budget() {
            Diagnostic::at_span(self.file, self.text, span, message)
        } else {
            Diagnostic::unlocated(self.file, None, message)
        }
    }

    /// [`Diagnostic::at_json_path`] while the budget lasts.
    pub fn json_path(&self, path: &str, message: impl Into<String>) -> Diagnostic {
        if self.budget() {
            Diagnostic::at_json_path(self.file, self.text, path, message)
        } else {
            Diagnostic::unlocated(self.file, Some(path), message)
        }
    }

    /// [`Diagnostic::at_json_string_part`] while the budget lasts.
    pub fn json_string_part(
        &self,
        path: &str,
        inner: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        if self.budget() {
            Diagnostic::at_json_string_part(self.file, self.text, path, inner, message)
        } else {
            Diagnostic::unlocated(self.file, Some(path), message)
        }
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

/// The bytes of `source` that hold bytes `inner` of the decoded JSON string at `value`
/// (which spans the string with its quotes); `None` when `value` is not a string or
/// `inner` reaches past its end.
fn raw_range_in_string(
    source: &str,
    value: Range<usize>,
    inner: Range<usize>,
) -> Option<Range<usize>> {
    let body = source
        .get(value.clone())?
        .strip_prefix('"')?
        .strip_suffix('"')?;
    let b = body.as_bytes();
    let hex = |at: usize| {
        body.get(at..at + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    let (mut raw, mut decoded) = (0, 0);
    let mut start = None;
    loop {
        if start.is_none() && decoded >= inner.start {
            start = Some(raw);
        }
        if decoded >= inner.end.max(inner.start) {
            break;
        }
        if raw >= body.len() {
            return None;
        }
        let (raw_len, decoded_len) = if b[raw] == b'\\' {
            match b.get(raw + 1)? {
                b'u' => {
                    let unit = hex(raw + 2)?;
                    let low = (b.get(raw + 6) == Some(&b'\\') && b.get(raw + 7) == Some(&b'u'))
                        .then(|| hex(raw + 8))
                        .flatten();
                    match (unit, low) {
                        (0xD800..=0xDBFF, Some(0xDC00..=0xDFFF)) => (12, 4),
                        _ => (6, char::from_u32(unit).map_or(3, char::len_utf8)),
                    }
                }
                _ => (2, 1),
            }
        } else {
            let ch = body[raw..].chars().next()?;
            (ch.len_utf8(), ch.len_utf8())
        };
        raw += raw_len;
        decoded += decoded_len;
    }
    let base = value.start + 1;
    Some(base + start?..base + raw)
}

/// Line, column and a clamped byte span for `span` in `source`.
fn location_of(source: &str, span: Range<usize>) -> Location {
    let start = floor_boundary(source, span.start.min(source.len()));
    let end = ceil_boundary(source, span.end.clamp(start, source.len()));
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

/// The smallest char boundary of `s` not before `index` (`index` must be `<= s.len()`).
fn ceil_boundary(s: &str, mut index: usize) -> usize {
    while !s.is_char_boundary(index) {
        index += 1;
    }
    index
}

/// The largest char boundary of `s` not after `index` (`index` must be `<= s.len()`).
fn floor_boundary(s: &str, mut index: usize) -> usize {
    while !s.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(source: &str, span: Range<usize>) -> Location {
        Diagnostic::at_span("f", source, span, "m")
            .location
            .unwrap()
    }

    #[test]
    fn at_span_counts_lines_and_characters() {
        let src = "ab\ncd\n\u{e9}x\n";
        assert_eq!(
            at(src, 0..1),
            Location {
                line: 1,
                column: 1,
                span: Some(0..1)
            }
        );
        assert_eq!(
            at(src, 4..5),
            Location {
                line: 2,
                column: 2,
                span: Some(4..5)
            }
        );
        // `é` is two bytes but one column.
        assert_eq!(
            at(src, 8..9),
            Location {
                line: 3,
                column: 2,
                span: Some(8..9)
            }
        );
    }

    #[test]
    fn at_span_clamps_and_respects_char_boundaries() {
        let src = "ab\n\u{e9}x";
        // Offset 4 is inside `é` (bytes 3..5): the start moves back and the end forward, so
        // the whole character is marked.
        assert_eq!(
            at(src, 4..5),
            Location {
                line: 2,
                column: 1,
                span: Some(3..5)
            }
        );
        assert_eq!(
            at(src, 3..4),
            Location {
                line: 2,
                column: 1,
                span: Some(3..5)
            }
        );
        assert_eq!(
            at(src, 50..90),
            Location {
                line: 2,
                column: 3,
                span: Some(6..6)
            }
        );
        assert_eq!(
            at(src, Range { start: 2, end: 1 }),
            Location {
                line: 1,
                column: 3,
                span: Some(2..2)
            }
        );
        assert_eq!(
            at("", 3..9),
            Location {
                line: 1,
                column: 1,
                span: Some(0..0)
            }
        );
    }

    #[test]
    fn at_json_path_finds_the_value_or_keeps_just_the_path() {
        let src = "{\n  \"creatures\": [\n    {\"id\": 1},\n    {\"id\": 2, \"position\": [3, 4]}\n  ]\n}";
        let d = Diagnostic::at_json_path("b.json", src, "creatures[1].position", "off the grid");
        assert_eq!(
            d.location,
            Some(Location {
                line: 4,
                column: 27,
                span: Some(60..66)
            })
        );
        assert_eq!(d.path.as_deref(), Some("creatures[1].position"));

        let d = Diagnostic::at_json_path("b.json", src, "creatures[7].position", "off the grid");
        assert_eq!(d.location, None);
        assert_eq!(d.path.as_deref(), Some("creatures[7].position"));
        assert_eq!(
            d.to_string(),
            "error: off the grid\n --> b.json (creatures[7].position)"
        );

        let d = Diagnostic::at_json_path("b.json", "not json", "grid.width", "bad");
        assert_eq!(d.location, None);
    }

    #[test]
    fn at_json_string_part_marks_characters_inside_the_string() {
        let src = "{\"map\": [\"#..\", \"#\\u00e9X\\\"Y\"]}";
        let marked = |path: &str, inner: Range<usize>| {
            let d = Diagnostic::at_json_string_part("b.json", src, path, inner, "m");
            d.location.and_then(|l| l.span).map(|s| &src[s])
        };
        assert_eq!(marked("map[0]", 1..2), Some("."));
        // `é` is written as an escape (6 bytes in the file, 2 decoded).
        assert_eq!(marked("map[1]", 1..3), Some("\\u00e9"));
        assert_eq!(marked("map[1]", 3..4), Some("X"));
        assert_eq!(marked("map[1]", 4..5), Some("\\\""));
        assert_eq!(marked("map[1]", 5..6), Some("Y"));
        // Past the end of the string: the whole value, as at_json_path.
        assert_eq!(marked("map[0]", 5..6), Some("\"#..\""));
        assert_eq!(marked("nope", 0..1), None);
    }

    #[test]
    fn renders_the_documented_example() {
        let mut src: String = (1..12).map(|i| format!("line {i}\n")).collect();
        src.push_str("      \"hpp\": 7,\n}\n");
        let start = src.find("\"hpp\"").unwrap();
        let d = Diagnostic::at_span("board.json", &src, start..start + 5, "unknown field `hpp`")
            .with_path("creatures[2].hpp")
            .with_hint("did you mean `hp`?");
        assert_eq!(
            d.to_string(),
            "error: unknown field `hpp`\n  \
             --> board.json:12:7 (creatures[2].hpp)\n   \
             |\n\
             12 |       \"hpp\": 7,\n   \
             |       ^^^^^\n   \
             = hint: did you mean `hp`?"
        );
    }

    #[test]
    fn renders_plain_problems_without_a_file() {
        let d = Diagnostic::plain("`--seed` must be a number").with_hint("for example `--seed 42`");
        assert_eq!(
            d.to_string(),
            "error: `--seed` must be a number\n  = hint: for example `--seed 42`"
        );
        let d = Diagnostic::plain("bad").with_path("grid.width");
        assert_eq!(d.to_string(), "error: bad\n  = field: grid.width");
    }

    #[test]
    fn renders_multi_line_hints_tabs_and_stdin() {
        let d = Diagnostic::at_span("-", "\tx = 1\n", 1..2, "unknown field `x`")
            .with_hint("did you mean `y`?\nexpected one of: `y`, `z`");
        assert_eq!(
            d.to_string(),
            "error: unknown field `x`\n \
             --> <stdin>:1:2\n  \
             |\n\
             1 |     x = 1\n  \
             |     ^\n  \
             = hint: did you mean `y`?\n          \
             expected one of: `y`, `z`"
        );
    }

    #[test]
    fn renders_crlf_lines_and_marks_only_the_first_line_of_a_span() {
        let src = "a = [\r\n  1,\r\n]\r\n";
        let d = Diagnostic::at_span("s.toml", src, 4..src.len(), "bad list");
        assert_eq!(
            d.to_string(),
            "error: bad list\n --> s.toml:1:5\n  |\n1 | a = [\n  |     ^"
        );
    }

    #[test]
    fn renders_a_window_of_very_long_lines() {
        let filler = "\"k\": 0, ".repeat(40);
        let src = format!("{{{filler}\"bad\": 1, {filler}}}");
        let start = src.find("\"bad\"").unwrap();
        let shown = Diagnostic::at_span("b.json", &src, start..start + 5, "x").to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1], " --> b.json:1:322");
        assert_eq!(lines[3], format!("1 | ...{}...", &src[281..381]));
        assert_eq!(lines[4], format!("  | {}^^^^^", " ".repeat(3 + 40)));
    }

    #[test]
    fn renders_a_position_at_the_end_of_the_text() {
        let d = Diagnostic::at_span("a.json", "{\"a\": ", 6..6, "the file ends early");
        assert_eq!(
            d.to_string(),
            "error: the file ends early\n --> a.json:1:7\n  |\n1 | {\"a\":\n  |       ^"
        );
    }

    #[test]
    fn a_diagnostic_keeps_a_window_of_its_line_not_the_file() {
        let line = "x".repeat(1_000_000);
        let src = format!("{line}\n{line}\n");
        let d = Diagnostic::at_span("big.json", &src, 1_500_000..1_500_001, "here");
        let excerpt = d.excerpt.as_ref().unwrap();
        assert!(
            excerpt.line.len() <= 106,
            "{} bytes kept",
            excerpt.line.len()
        );
        assert_eq!(
            d.location.as_ref().map(|l| (l.line, l.column)),
            Some((2, 500_000))
        );
    }

    #[test]
    fn only_the_problems_shown_are_kept_and_located() {
        let src = "a\n".repeat(1000);
        let locate = Locator::new("f.txt", &src);
        let mut p = Problems::new();
        for i in (0..1000).rev() {
            p.push(locate.span(i * 2..i * 2 + 1, format!("problem {i}")));
        }
        let all = p.finish(()).unwrap_err();
        assert_eq!(all.len(), 1000);
        assert_eq!(all.iter().count(), MAX_SHOWN);
        assert!(
            all.iter().all(|d| d.location.is_some()),
            "the kept ones are located"
        );
        // The first found (the file's last lines), in file order.
        assert_eq!(all.first().message, "problem 950");
        assert!(
            all.to_string().ends_with(
                "error: 1000 problems in f.txt; the first 50 are shown, 950 more were not"
            )
        );
        let unlocated = locate.json_path("a", "beyond the budget");
        assert_eq!((unlocated.location, unlocated.excerpt), (None, None));
    }

    fn at_line(file: &str, line: usize, message: &str) -> Diagnostic {
        let source = "a\nb\nc\nd\n";
        Diagnostic::at_span(file, source, (line - 1) * 2..(line - 1) * 2 + 1, message)
    }

    #[test]
    fn problems_finish_with_the_value_when_nothing_was_found() {
        let mut p = Problems::new();
        assert_eq!(p.check(Ok::<_, Diagnostic>(3)), Some(3));
        assert_eq!(p.require(Ok::<_, Diagnostic>(4)), Ok(4));
        assert_eq!(p.finish("fight"), Ok("fight"));
    }

    #[test]
    fn problems_are_all_kept_in_file_order() {
        let mut p = Problems::new();
        p.push(at_line("b.json", 3, "third"));
        assert_eq!(p.check(Err::<(), _>(at_line("b.json", 1, "first"))), None);
        p.push(Diagnostic::plain("nowhere"));
        p.push(at_line("b.json", 3, "also third"));
        p.push(at_line("b.json", 2, "second"));
        let all = p.finish(()).unwrap_err();
        let messages: Vec<&str> = all.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            ["first", "second", "third", "also third", "nowhere"]
        );
        assert_eq!((all.len(), all.first().message.as_str()), (5, "first"));
    }

    #[test]
    fn a_required_check_stops_with_everything_found_so_far() {
        let mut p = Problems::new();
        p.push(at_line("b.json", 2, "counter"));
        let all = p
            .require(Err::<(), _>(at_line("b.json", 1, "grid")))
            .unwrap_err();
        let messages: Vec<&str> = all.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["grid", "counter"]);
    }

    #[test]
    fn several_problems_end_with_a_summary_and_one_does_not() {
        let one: Diagnostics = at_line("b.json", 1, "bad").into();
        assert_eq!(one.to_string(), at_line("b.json", 1, "bad").to_string());

        let mut p = Problems::new();
        p.push(Diagnostic::at_span("-", "x", 0..1, "one"));
        p.push(Diagnostic::at_span("-", "x", 0..1, "two"));
        let shown = p.finish(()).unwrap_err().to_string();
        assert!(
            shown.starts_with("error: one\n --> <stdin>:1:1\n"),
            "{shown}"
        );
        assert!(
            shown.contains("  | ^\n\nerror: two\n"),
            "a blank line between problems: {shown}"
        );
        assert!(
            shown.ends_with("\n\nerror: 2 problems in <stdin>"),
            "{shown}"
        );

        let mut p = Problems::new();
        p.push(at_line("s.toml", 1, "one"));
        p.push(at_line("b.json", 1, "two"));
        let shown = p.finish(()).unwrap_err().to_string();
        assert!(shown.ends_with("\n\nerror: 2 problems"), "{shown}");
    }

    #[test]
    fn suggestions() {
        let fields = ["id", "hp", "side", "position", "behaviour", "defence"];
        assert_eq!(did_you_mean("hpp", &fields), Some("hp"));
        assert_eq!(did_you_mean("HP", &fields), Some("hp"));
        assert_eq!(did_you_mean("behavior", &fields), Some("behaviour"));
        assert_eq!(did_you_mean("defense", &fields), Some("defence"));
        assert_eq!(did_you_mean("postion", &fields), Some("position"));
        assert_eq!(did_you_mean("speed", &fields), None);
        assert_eq!(did_you_mean("x", &["y", "z"]), None);
        assert_eq!(did_you_mean("hp", &fields), None);
        assert_eq!(did_you_mean("a", &[]), None);
        // Fewer edits win, then the more similar; exact ties go to the earlier candidate.
        assert_eq!(did_you_mean("cat", &["bat", "cab"]), Some("cab"));
        assert_eq!(did_you_mean("abcd", &["abce", "abcf"]), Some("abce"));
        assert_eq!(did_you_mean("abcd", &["abcf", "abce"]), Some("abcf"));
    }
}

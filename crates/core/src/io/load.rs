//! Reading input files (or stdin for `-`) and deserialising TOML and JSON into typed
//! values, turning every parse or shape error into a located [`Diagnostic`].

use super::diagnostic::{Diagnostic, did_you_mean};
use super::open::{Links, OpenError, open_regular, read_capped};
use super::{json_locate, unique_keys};
use serde::de::DeserializeOwned;
use std::io::ErrorKind;
use std::path::Path;

/// Largest input file accepted, so a wrong path cannot eat memory.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a file, or standard input when `path` is `-`. Missing files, directories,
/// unreadable or oversized files and non-UTF-8 text are diagnostics naming the file.
///
/// The size is checked twice: against the file's metadata before reading, and by reading
/// at most one byte more than the limit, so devices, pipes and growing files cannot make
/// it read without end. A leading UTF-8 byte order mark is dropped.
// The contract returns `Diagnostic` by value (other modules build on it); an error path that
// runs once per command does not need the `Err` variant to be small.
#[allow(clippy::result_large_err)]
pub fn read_text(path: &str) -> Result<String, Diagnostic> {
    read_text_as(path, None)
}

/// [`read_text`] for a file named on the command line: `role` says which argument it is
/// (e.g. "the board is the second argument") and is added to the hint when the path is
/// wrong.
#[allow(clippy::result_large_err)]
pub fn read_argument(path: &str, role: &str) -> Result<String, Diagnostic> {
    read_text_as(path, Some(role))
}

#[allow(clippy::result_large_err)]
fn read_text_as(path: &str, role: Option<&str>) -> Result<String, Diagnostic> {
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        format!("`{path}`")
    };
    let bytes = if path == "-" {
        read_capped(std::io::stdin().lock(), MAX_INPUT_BYTES, 0)
            .map_err(|e| read_failure(&name, &OpenError::Io(e), role))?
    } else {
        read_regular(Path::new(path), Links::Follow).map_err(|e| unreadable(&name, &e, role))?
    };
    decode(path, &name, bytes)
}

/// Why [`read_regular`] failed.
#[derive(Debug)]
pub enum Unreadable {
    /// The file could not be opened as a regular file.
    Open(OpenError),
    /// Larger than [`MAX_INPUT_BYTES`] (the size, when the metadata told it).
    TooLarge(Option<u64>),
}

/// Reads a regular file (anything else is refused without blocking), at most
/// [`MAX_INPUT_BYTES`]. The size is checked twice: against the handle's metadata before
/// reading, and by reading at most one byte more than the limit, so a growing file cannot
/// make it read without end.
pub fn read_regular(path: &Path, links: Links) -> Result<Vec<u8>, Unreadable> {
    let io = |e| Unreadable::Open(OpenError::Io(e));
    let file = open_regular(path, links).map_err(Unreadable::Open)?;
    let len = file.metadata().map_err(io)?.len();
    if len > MAX_INPUT_BYTES {
        return Err(Unreadable::TooLarge(Some(len)));
    }
    let bytes = read_capped(file, MAX_INPUT_BYTES, len).map_err(io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(Unreadable::TooLarge(None));
    }
    Ok(bytes)
}

/// [`read_regular`] for text: a located diagnostic naming the file when it cannot be read
/// or is not UTF-8 (a leading byte order mark is dropped). `links` says whether a symbolic
/// link is followed.
#[allow(clippy::result_large_err)]
pub fn read_regular_text(path: &Path, links: Links) -> Result<String, Diagnostic> {
    let shown = path.display().to_string();
    let name = format!("`{shown}`");
    let bytes = read_regular(path, links).map_err(|e| unreadable(&name, &e, None))?;
    decode(&shown, &name, bytes)
}

fn unreadable(name: &str, e: &Unreadable, role: Option<&str>) -> Diagnostic {
    match e {
        Unreadable::Open(e) => read_failure(name, e, role),
        Unreadable::TooLarge(size) => too_large(name, *size),
    }
}

/// UTF-8 text from the bytes read, without a leading byte order mark.
#[allow(clippy::result_large_err)]
fn decode(path: &str, name: &str, bytes: Vec<u8>) -> Result<String, Diagnostic> {
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(name, None));
    }
    let mut text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => return Err(not_utf8(path, name, e)),
    };
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

fn read_failure(name: &str, e: &OpenError, role: Option<&str>) -> Diagnostic {
    let check_path = || match role {
        Some(role) => format!("check the path; {role}"),
        None => "check the path".to_string(),
    };
    let e = match e {
        OpenError::Io(e) => e,
        OpenError::NotRegular(_) => {
            return Diagnostic::plain(format!("cannot read {name}: {e}")).with_hint(
                "only regular files are read; to pipe text in, pass `-` and use standard input",
            );
        }
        OpenError::Symlink => {
            return Diagnostic::plain(format!("cannot read {name}: {e}"))
                .with_hint("remove the link; monster-ai creates this file itself");
        }
    };
    let (why, hint) = match e.kind() {
        ErrorKind::NotFound => ("no such file".to_string(), Some(check_path())),
        ErrorKind::PermissionDenied => (
            "permission denied".to_string(),
            Some("check the file's permissions".to_string()),
        ),
        ErrorKind::IsADirectory => (
            "it is a folder, not a file".to_string(),
            Some("name a file inside it".to_string()),
        ),
        ErrorKind::NotADirectory => (
            "a part of the path is not a folder".to_string(),
            Some(check_path()),
        ),
        ErrorKind::InvalidData => ("it is not text".to_string(), None),
        _ => (e.to_string(), None),
    };
    let d = Diagnostic::plain(format!("cannot read {name}: {why}"));
    match hint {
        Some(hint) => d.with_hint(hint),
        None => d,
    }
}

fn too_large(name: &str, size: Option<u64>) -> Diagnostic {
    let size = size.map_or_else(String::new, |s| format!(" ({s} bytes)"));
    Diagnostic::plain(format!(
        "cannot read {name}: it is larger than the {} MiB limit{size}; check that this is the right file",
        MAX_INPUT_BYTES / (1024 * 1024)
    ))
}

fn not_utf8(path: &str, name: &str, e: std::string::FromUtf8Error) -> Diagnostic {
    let offset = e.utf8_error().valid_up_to();
    let bytes = e.into_bytes();
    let bad = bytes[offset];
    // The valid prefix is unchanged by a lossy conversion, so offsets still line up.
    let shown = String::from_utf8_lossy(&bytes);
    let mut d = Diagnostic::at_span(path, &shown, offset..offset + 1, String::new());
    let (line, column) = d.location.as_ref().map_or((1, 1), |l| (l.line, l.column));
    d.message = format!(
        "{name} is not UTF-8 text: byte 0x{bad:02X} at offset {offset} (line {line}, column {column}) is invalid"
    );
    d.with_hint("save the file as UTF-8")
}

/// Deserialises TOML. Errors carry file:line:col, the field path, and for unknown fields
/// or variants a "did you mean" hint listing the expected names.
// The contract returns `Diagnostic` by value (other modules build on it); an error path that
// runs once per command does not need the `Err` variant to be small.
#[allow(clippy::result_large_err)]
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    let de = match toml::de::Deserializer::parse(text) {
        Ok(de) => de,
        Err(e) => return Err(toml_syntax_error(file, text, &e)),
    };
    super::printable::check_toml(file, text)?;
    let again = || toml::de::Deserializer::parse(text).expect("it parsed a moment ago");
    fast_then_tracked(de, again).map_err(|e| {
        let path = format_path(e.path());
        let inner = e.into_inner();
        let explained = explain(inner.message(), Format::Toml);
        let path = explained.full_path(path);
        let mut d = match inner.span() {
            Some(span) => Diagnostic::at_span(file, text, span, explained.message),
            None => Diagnostic {
                file: file.to_string(),
                ..Diagnostic::plain(explained.message)
            },
        };
        d.path = path;
        d.hint = explained.hint;
        d
    })
}

/// A located diagnostic for a TOML file that does not parse, with a hint when one helps.
pub fn toml_syntax_error(file: &str, text: &str, e: &toml::de::Error) -> Diagnostic {
    let message = format!("invalid TOML: {}", e.message().trim_end());
    let hint = toml_syntax_hint(e.message());
    let mut d = match e.span() {
        Some(span) => Diagnostic::at_span(file, text, span, message),
        None => Diagnostic {
            file: file.to_string(),
            ..Diagnostic::plain(message)
        },
    };
    d.hint = Some(hint.to_string());
    d
}

/// What to do about a TOML syntax error; every one gets a hint, a general one at least.
fn toml_syntax_hint(message: &str) -> &'static str {
    let has = |part: &str| message.contains(part);
    if has("recursion") {
        "a scheme never needs more than a few levels of nesting"
    } else if message.starts_with("duplicate key") {
        "each key may appear only once in a table; remove or rename one of them"
    } else if has("invalid multi-line basic string") {
        "close the string with `\"\"\"`"
    } else if has("invalid multi-line literal string") {
        "close the string with `\'\'\'`"
    } else if has("invalid basic string") {
        "close the string with a `\"` before the end of the line"
    } else if has("invalid literal string") {
        "close the string with a `'` before the end of the line"
    } else if has("missing escaped value") || has("invalid escape") {
        "a `\\` in double quotes starts an escape such as `\\n`; write `\\\\` for a backslash, or use 'single quotes'"
    } else if has("unclosed array table") {
        "close the table header with `]]`, like `[[monster]]`"
    } else if has("unclosed table") {
        "close the table header with `]`"
    } else if has("unclosed array") {
        "close the array with `]`, and separate its items with commas"
    } else if has("unclosed inline table") {
        "close the inline table with `}` on the same line"
    } else if has("extra comma") {
        "remove the extra comma"
    } else if has("invalid boolean") {
        "write `true` or `false`"
    } else if has("unexpected key or value") {
        "put each `key = value` on its own line; only a `#` comment may follow a value"
    } else if has("expected `=`") || has("key with no value") || has("keys cannot be empty") {
        "write keys as `name = value`"
    } else if has("must be quoted") || has("missing value") {
        "put text values in double quotes, like `name = \"goblin\"`"
    } else {
        "the TOML is malformed at the marker; compare it with the examples in docs/schemes.md"
    }
}

/// Deserialises JSON. Errors carry file:line:col and the field path (via
/// serde_path_to_error), with the same hints as [`parse_toml`].
// The contract returns `Diagnostic` by value (other modules build on it); an error path that
// runs once per command does not need the `Err` variant to be small.
#[allow(clippy::result_large_err)]
pub fn parse_json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    parse_json_document(file, text)?;
    let mut de = serde_json::Deserializer::from_str(text);
    let mut again = serde_json::Deserializer::from_str(text);
    match fast_then_tracked(&mut de, || &mut again) {
        Ok(value) => {
            de.end().map_err(|e| json_error(file, text, &e, None))?;
            Ok(value)
        }
        Err(e) => {
            let path = format_path(e.path());
            Err(json_error(file, text, e.inner(), path))
        }
    }
}

/// The JSON document in `text`, each object holding each key once: a key written twice is
/// refused at that key. Text that is not JSON gives `None`, for the typed parse to report
/// with the path of the problem.
#[allow(clippy::result_large_err)]
pub fn parse_json_document(
    file: &str,
    text: &str,
) -> Result<Option<serde_json::Value>, Diagnostic> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut again = serde_json::Deserializer::from_str(text);
    let e = match fast_then_tracked::<unique_keys::Unique, _>(&mut de, || &mut again) {
        Ok(unique) => return Ok(de.end().is_ok().then_some(unique.0)),
        Err(e) if !e.inner().is_data() => return Ok(None),
        Err(e) => e,
    };
    // serde_json stops on the closing quote of the key written twice.
    let inner = e.inner();
    let quote = json_offset(text, inner.line(), inner.column());
    let start = text
        .get(..quote)
        .and_then(|t| t.rfind('"'))
        .unwrap_or(quote);
    let raw = inner.to_string();
    let message = raw.rfind(" at line ").map_or(raw.as_str(), |i| &raw[..i]);
    let mut d = Diagnostic::at_span(file, text, start..quote + 1, message).with_hint(
        "write each key of an object once (JSON readers differ on which of two they keep)",
    );
    d.path = format_path(e.path());
    Err(d)
}

/// Reads a `T` without tracking where it is in the document, which costs much less; only
/// when that fails is it read again from `again` with the path tracked, for the message.
fn fast_then_tracked<'de, T, D>(
    first: D,
    again: impl FnOnce() -> D,
) -> Result<T, serde_path_to_error::Error<D::Error>>
where
    T: serde::Deserialize<'de>,
    D: serde::Deserializer<'de>,
{
    T::deserialize(first).or_else(|_| serde_path_to_error::deserialize(again()))
}

/// Like [`parse_json`], for a value already parsed from `text` and changed (a board
/// upgraded from an older format): problems are placed by their path in `text`.
pub fn parse_json_value<T: DeserializeOwned>(
    file: &str,
    text: &str,
    value: serde_json::Value,
) -> Result<T, Diagnostic> {
    fast_then_tracked(&value, || &value).map_err(|e| {
        let path = format_path(e.path());
        json_error(file, text, e.inner(), path)
    })
}

/// A problem reading part of a JSON document on its own (one system's state in a board):
/// the path inside that part, the message and the hint, worded as for a whole file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartProblem {
    /// Where inside the part the problem is (`None`: the part as a whole).
    pub path: Option<String>,
    /// What is wrong.
    pub message: String,
    /// What to do about it, when there is something to say.
    pub hint: Option<String>,
}

/// Reads a typed value out of part of a JSON document.
pub fn read_json_part<'a, T: serde::Deserialize<'a>>(
    part: &'a serde_json::Map<String, serde_json::Value>,
) -> Result<T, PartProblem> {
    fast_then_tracked(part, || part).map_err(|e| {
        let path = format_path(e.path());
        let explained = explain(&e.inner().to_string(), Format::Json);
        PartProblem {
            path: explained.full_path(path),
            message: explained.message,
            hint: explained.hint,
        }
    })
}

fn json_error(file: &str, text: &str, e: &serde_json::Error, path: Option<String>) -> Diagnostic {
    let raw = e.to_string();
    // serde_json appends " at line L column C"; the position is shown separately.
    let raw = match raw.rfind(" at line ") {
        Some(i) if e.line() > 0 => &raw[..i],
        _ => raw.as_str(),
    };
    let reported = json_offset(text, e.line(), e.column());

    if !e.is_data() {
        let (message, hint) = explain_json_syntax(raw, text, reported);
        let at = if raw == "trailing comma" {
            trailing_comma_before(text, reported)
        } else {
            reported
        };
        let mut d = Diagnostic::at_span(file, text, at..at + 1, message);
        d.path = path;
        d.hint = hint;
        return d;
    }

    let explained = explain(raw, Format::Json);
    let path = explained.full_path(path);
    let found = path.as_deref().and_then(|p| json_locate::find(text, p));
    let span = match (&explained.kind, found) {
        (Kind::UnknownField(_), Some(found)) => found.key.unwrap_or(found.value),
        (_, Some(found)) => found.value,
        (_, None) => reported..reported + 1,
    };
    let mut d = Diagnostic::at_span(file, text, span, explained.message);
    d.path = path;
    d.hint = explained.hint;
    d
}

/// serde_json reports a trailing comma at the `]` or `}` after it; the comma itself is the
/// thing to remove, so look back over whitespace for it (`at` when there is none).
fn trailing_comma_before(text: &str, at: usize) -> usize {
    let mut end = at.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = text[..end].trim_end_matches([' ', '\t', '\n', '\r']);
    if before.ends_with(',') {
        before.len() - 1
    } else {
        at
    }
}

/// Byte offset of serde_json's 1-based line and column (column 0 means "before the
/// first character"), clamped to the text.
fn json_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    (line_start + column.saturating_sub(1)).min(text.len())
}

fn explain_json_syntax(raw: &str, text: &str, at: usize) -> (String, Option<String>) {
    let next = text.get(at..).and_then(|rest| rest.chars().next());
    let (message, hint) = match raw {
        "EOF while parsing a value" if text.trim().is_empty() => (
            "the file is empty".to_string(),
            Some("a board is a JSON object: `{ ... }`"),
        ),
        "EOF while parsing a value" => ("the file ends where a value should be".to_string(), None),
        "EOF while parsing a list" => (
            "the file ends inside an array".to_string(),
            Some("close the array with `]`"),
        ),
        "EOF while parsing an object" => (
            "the file ends inside an object".to_string(),
            Some("close the object with `}`"),
        ),
        "EOF while parsing a string" => (
            "the file ends inside a string".to_string(),
            Some("close the string with `\"`"),
        ),
        "trailing comma" => (
            "trailing comma".to_string(),
            Some("JSON allows no comma after the last item; remove it"),
        ),
        "trailing characters" => (
            "unexpected text after the end of the document".to_string(),
            Some("the file must hold exactly one JSON value; remove what follows it"),
        ),
        "key must be a string" => (
            "key must be a string".to_string(),
            Some("put the key in double quotes"),
        ),
        "recursion limit exceeded" => (
            "nested too deeply".to_string(),
            Some("a board never needs more than a few levels of nesting"),
        ),
        m if m.starts_with("control character") => (
            "control character inside a string".to_string(),
            Some("write a line break as `\\n` and a tab as `\\t`"),
        ),
        m => {
            let hint = match next {
                Some('\'') => Some("JSON strings use double quotes"),
                Some('/') | Some('#') => Some("JSON does not allow comments"),
                _ => None,
            };
            (m.to_string(), hint)
        }
    };
    (format!("invalid JSON: {message}"), hint.map(str::to_string))
}

/// Which file format an error comes from (for wording only).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Toml,
    Json,
}

impl Format {
    fn object(self) -> &'static str {
        match self {
            Format::Toml => "a table",
            Format::Json => "an object",
        }
    }

    fn object_noun(self) -> &'static str {
        match self {
            Format::Toml => "table",
            Format::Json => "object",
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Kind {
    UnknownField(String),
    Other,
}

/// serde's message rewritten for people.
struct Explained {
    kind: Kind,
    message: String,
    hint: Option<String>,
}

impl Explained {
    /// The error's path; for an unknown field, serde_path_to_error stops at the enclosing
    /// table, so the field's own name is added.
    fn full_path(&self, path: Option<String>) -> Option<String> {
        match &self.kind {
            Kind::UnknownField(name) => {
                let path = path.unwrap_or_default();
                let key = path_key(name, true);
                if path == key || path.ends_with(&format!(".{key}")) {
                    Some(path)
                } else {
                    Some(format!("{path}{}", path_key(name, path.is_empty())))
                }
            }
            Kind::Other => path,
        }
    }
}

/// Rewrites serde's standard error messages (see `serde::de::Error`'s provided methods).
fn explain(raw: &str, format: Format) -> Explained {
    let other = |message: String, hint: Option<String>| Explained {
        kind: Kind::Other,
        message,
        hint,
    };
    if let Some(rest) = raw.strip_prefix("unknown field `") {
        let (name, expected) = split_unknown(rest);
        let hint = names_hint(&name, &expected, "this place takes no fields; remove it");
        return Explained {
            message: format!("unknown field `{name}`"),
            hint: Some(hint),
            kind: Kind::UnknownField(name),
        };
    }
    if let Some(rest) = raw.strip_prefix("unexpected keys in table: ")
        && let Some((extra, available)) = rest.rsplit_once(", available keys: ")
    {
        // toml's own check of the fields of an enum's struct variant.
        let mut extra = extra.split(", ");
        let name = extra.next().unwrap_or_default().to_string();
        let more = extra.count();
        let expected: Vec<String> = available
            .split(", ")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let hint = names_hint(&name, &expected, "this place takes no fields; remove it");
        let message = match more {
            0 => format!("unknown field `{name}`"),
            n => format!("unknown field `{name}` (and {n} more)"),
        };
        return Explained {
            message,
            hint: Some(hint),
            kind: Kind::UnknownField(name),
        };
    }
    if let Some(rest) = raw.strip_prefix("wanted exactly 1 element, ") {
        let found = if rest.starts_with("found 0") {
            "an empty table"
        } else {
            "more than one key"
        };
        return other(
            format!("expected a table with exactly one key, found {found}"),
            Some("write one choice per table, like `{ name = ... }`".to_string()),
        );
    }
    if raw == "expected table with exactly 1 entry, found empty table" {
        return other(
            "expected a table with exactly one key, found an empty table".to_string(),
            Some("write one choice per table, like `{ name = ... }`".to_string()),
        );
    }
    if let Some(rest) = raw.strip_prefix("unknown variant `") {
        let (name, expected) = split_unknown(rest);
        let hint = names_hint(&name, &expected, "no value is allowed here");
        return other(format!("unknown value `{name}`"), Some(hint));
    }
    if let Some(name) = backticked(raw, "missing field `") {
        let example = match format {
            Format::Toml => format!("`{name} = ...`"),
            Format::Json => format!("`\"{name}\": ...`"),
        };
        return other(
            format!("missing field `{name}`"),
            Some(format!("add {example} to this {}", format.object_noun())),
        );
    }
    if let Some(name) = backticked(raw, "duplicate field `") {
        return other(
            format!("field `{name}` is given twice"),
            Some("keep only one of them".to_string()),
        );
    }
    for (prefix, lead, precise) in [
        ("invalid type: ", "wrong type", false),
        ("invalid value: ", "invalid value", true),
    ] {
        if let Some(rest) = raw.strip_prefix(prefix)
            && let Some((found, expected)) = rest.rsplit_once(", expected ")
        {
            return other(
                format!(
                    "{lead}: expected {}, found {}",
                    describe_expected(expected, format, precise),
                    describe_found(found, format)
                ),
                None,
            );
        }
    }
    let precise = false;
    if let Some(rest) = raw.strip_prefix("invalid length ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        if expected.starts_with("struct ") {
            // serde accepts a struct written as an array of its fields; an array here is
            // almost always a mistake, so say so plainly.
            return other(
                format!("wrong type: expected {}, found an array", format.object()),
                None,
            );
        }
        return other(
            format!(
                "wrong number of items: expected {}, found {found}",
                describe_count(expected, format, precise)
            ),
            None,
        );
    }
    other(raw.to_string(), None)
}

/// Splits "name`, expected one of `a`, `b`" (what follows "unknown field `") into the
/// name and the expected names. serde writes the list as "`a`", "`a` or `b`" or
/// "one of `a`, `b`, `c`", or says "there are no fields"; every backticked word counts.
fn split_unknown(rest: &str) -> (String, Vec<String>) {
    let (name, tail) = match rest.find("`, ") {
        Some(i) => (&rest[..i], &rest[i + 3..]),
        None => (rest.strip_suffix('`').unwrap_or(rest), ""),
    };
    let expected = tail
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    (name.to_string(), expected)
}

fn names_hint(name: &str, expected: &[String], none: &str) -> String {
    let candidates: Vec<&str> = expected.iter().map(String::as_str).collect();
    let list = candidates
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match (did_you_mean(name, &candidates), candidates.len()) {
        (_, 0) => none.to_string(),
        (Some(best), 1) => format!("did you mean `{best}`?"),
        (Some(best), _) => format!("did you mean `{best}`?\nexpected one of: {list}"),
        (None, 1) => format!("the only name allowed here is {list}"),
        (None, _) => format!("expected one of: {list}"),
    }
}

/// The text between `prefix` and the closing backtick, when `raw` is exactly that.
fn backticked<'a>(raw: &'a str, prefix: &str) -> Option<&'a str> {
    raw.strip_prefix(prefix)?.strip_suffix('`')
}

/// serde's "expected ..." phrase for a length: "a tuple of size 2" becomes "2 items".
fn describe_count(expected: &str, format: Format, precise: bool) -> String {
    let count = expected
        .strip_prefix("a tuple of size ")
        .or_else(|| expected.strip_prefix("an array of length "))
        .or_else(|| expected.strip_prefix("tuple of "))
        .map(|rest| {
            rest.trim_end_matches(" elements")
                .trim_end_matches(" element")
        });
    match count {
        Some("1") => "1 item".to_string(),
        Some(n) if n.chars().all(|c| c.is_ascii_digit()) => format!("{n} items"),
        _ => describe_expected(expected, format, precise),
    }
}

/// serde's "expected ..." phrase (Rust type names) in plain words.
///
/// Whole-number types are described by their range when `precise` (a value out of range),
/// and more simply otherwise (a value of the wrong type).
fn describe_expected(expected: &str, format: Format, precise: bool) -> String {
    let range = |lo: i128, hi: i128| format!("a whole number from {lo} to {hi}");
    match expected {
        "u32" | "u64" | "u128" | "usize" if !precise => "a whole number (0 or more)".to_string(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" if !precise => "a whole number".to_string(),
        "u8" => range(0, u8::MAX.into()),
        "u16" => range(0, u16::MAX.into()),
        "u32" => range(0, u32::MAX.into()),
        "u64" => range(0, u64::MAX.into()),
        "u128" | "usize" => "a whole number (0 or more)".to_string(),
        "i8" => range(i8::MIN.into(), i8::MAX.into()),
        "i16" => range(i16::MIN.into(), i16::MAX.into()),
        "i32" => range(i32::MIN.into(), i32::MAX.into()),
        "i64" => range(i64::MIN.into(), i64::MAX.into()),
        "i128" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "`true` or `false`".to_string(),
        "a string" | "a borrowed string" | "a char" | "a character" => {
            "text in double quotes".to_string()
        }
        "a sequence" => "an array".to_string(),
        "a map" => format.object().to_string(),
        "unit" => match format {
            Format::Toml => "nothing".to_string(),
            Format::Json => "`null`".to_string(),
        },
        e if e.starts_with("struct ") || e.starts_with("map ") => format.object().to_string(),
        e if e.starts_with("enum ") => format!("one of the `{}` names", &e[5..]),
        e => e.to_string(),
    }
}

/// serde's description of the value that was found (`serde::de::Unexpected`).
fn describe_found(found: &str, format: Format) -> String {
    let unquote = |s: &str| s.trim_matches('`').to_string();
    if let Some(s) = found.strip_prefix("string ") {
        return format!("the text {s}");
    }
    if let Some(n) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        return format!("the number {}", unquote(n));
    }
    if let Some(b) = found.strip_prefix("boolean ") {
        return format!("`{}`", unquote(b));
    }
    match found {
        "map" => format.object().to_string(),
        "sequence" => "an array".to_string(),
        "unit value" | "unit" | "null" => match format {
            Format::Toml => "nothing".to_string(),
            Format::Json => "`null`".to_string(),
        },
        f => f.to_string(),
    }
}

/// A field path such as `creatures[2].hp` or `monster[0].behaviour[1].do[2]`; `None` at the
/// top level.
fn format_path(path: &serde_path_to_error::Path) -> Option<String> {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            // `toml::Spanned` reads its value through a private key: not the user's.
            Segment::Map { key } if key.starts_with("$__serde_spanned_private") => {}
            Segment::Map { key } | Segment::Enum { variant: key } => {
                out.push_str(&path_key(key, out.is_empty()))
            }
            // A key that is not a string: nothing useful to show from here on.
            Segment::Unknown => break,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// One key step of a path: `.name`, or `."odd key"` when the key is not a plain word
/// (no leading dot at the start of the path).
pub fn path_key(key: &str, first: bool) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let key = if plain {
        key.to_string()
    } else {
        serde_json::to_string(key).unwrap_or_default()
    };
    if first { key } else { format!(".{key}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Board {
        grid: Grid,
        creatures: Vec<Creature>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Grid {
        width: u8,
        height: u8,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Creature {
        id: String,
        hp: u32,
        #[serde(default)]
        side: Option<Side>,
        #[serde(default)]
        position: Option<(i32, i32)>,
        #[serde(default)]
        actions: Vec<Action>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "snake_case")]
    enum Side {
        Monsters,
        Heroes,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Scheme {
        monster: Vec<Monster>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Monster {
        name: String,
        hp: u8,
        #[serde(default)]
        behaviour: Vec<Behaviour>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Behaviour {
        when: String,
        #[serde(rename = "do")]
        actions: Vec<Action>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case", deny_unknown_fields)]
    enum Action {
        Move,
        Melee { bonus: i32 },
        Heal(u32),
    }

    /// (line, column, marked text, path, message, hint)
    fn summary(d: &Diagnostic) -> (usize, usize, String, Option<&str>, &str, Option<&str>) {
        let l = d.location.as_ref().expect("a location");
        // The characters above the marker's carets (the test lines are short, tab-free).
        let excerpt = d.excerpt.as_ref().expect("an excerpt");
        let marked: String = excerpt
            .line
            .chars()
            .zip(excerpt.marker.chars())
            .filter(|&(_, m)| m == '^')
            .map(|(c, _)| c)
            .collect();
        (
            l.line,
            l.column,
            marked,
            d.path.as_deref(),
            d.message.as_str(),
            d.hint.as_deref(),
        )
    }

    fn json_err(text: &str) -> Diagnostic {
        parse_json::<Board>("board.json", text).unwrap_err()
    }

    fn toml_err(text: &str) -> Diagnostic {
        parse_toml::<Scheme>("scheme.toml", text).unwrap_err()
    }

    const GRID: &str = r#""grid": {"width": 3, "height": 4}"#;

    #[test]
    fn json_accepts_good_input() {
        let text = format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 3, "side": "heroes", "position": [1, 2],
               "actions": ["move", {{"melee": {{"bonus": 2}}}}, {{"heal": 4}}]}}]}}"#
        );
        let board: Board = parse_json("board.json", &text).unwrap();
        assert_eq!(board.creatures[0].actions[2], Action::Heal(4));
    }

    #[test]
    fn json_unknown_field() {
        let text = format!(
            "{{{GRID},\n \"creatures\": [{{\"id\": \"a\", \"hp\": 1}},\n  {{\"id\": \"b\", \"hpp\": 2}}]}}"
        );
        let d = json_err(&text);
        assert_eq!(d.file, "board.json");
        assert_eq!(
            summary(&d),
            (
                3,
                15,
                "\"hpp\"".to_string(),
                Some("creatures[1].hpp"),
                "unknown field `hpp`",
                Some(
                    "did you mean `hp`?\nexpected one of: `id`, `hp`, `side`, `position`, `actions`"
                )
            )
        );
    }

    #[test]
    fn json_unknown_field_in_enum_variant() {
        let text = format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 1, "actions": ["move", {{"melee": {{"bonsu": 2}}}}]}}]}}"#
        );
        let d = json_err(&text);
        let (_, _, marked, path, message, hint) = summary(&d);
        assert_eq!(marked, "\"bonsu\"");
        assert_eq!(path, Some("creatures[0].actions[1].melee.bonsu"));
        assert_eq!(message, "unknown field `bonsu`");
        assert_eq!(hint, Some("did you mean `bonus`?"));
    }

    #[test]
    fn json_wrong_type() {
        let text = "{\n  \"grid\": {\"width\": 3, \"height\": 4},\n  \"creatures\": [\n    {\"id\": \"a\", \"hp\": \"7\"}\n  ]\n}";
        let d = json_err(text);
        assert_eq!(
            summary(&d),
            (
                4,
                23,
                "\"7\"".to_string(),
                Some("creatures[0].hp"),
                "wrong type: expected a whole number (0 or more), found the text \"7\"",
                None
            )
        );
        assert_eq!(
            d.to_string(),
            "error: wrong type: expected a whole number (0 or more), found the text \"7\"\n \
             --> board.json:4:23 (creatures[0].hp)\n  |\n4 |     {\"id\": \"a\", \"hp\": \"7\"}\n  |                       ^^^"
        );
        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": null}}]}}"#
        ));
        assert_eq!(
            d.message,
            "wrong type: expected a whole number (0 or more), found `null`"
        );
        let d = json_err(r#"{"grid": [], "creatures": []}"#);
        assert_eq!(
            (d.message.as_str(), d.path.as_deref()),
            (
                "wrong type: expected an object, found an array",
                Some("grid")
            )
        );
        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": true, "hp": 1}}]}}"#
        ));
        assert_eq!(
            d.message,
            "wrong type: expected text in double quotes, found `true`"
        );
    }

    #[test]
    fn json_value_out_of_range() {
        let d = json_err(r#"{"grid": {"width": 300, "height": 4}, "creatures": []}"#);
        assert_eq!(
            summary(&d),
            (
                1,
                20,
                "300".to_string(),
                Some("grid.width"),
                "invalid value: expected a whole number from 0 to 255, found the number 300",
                None
            )
        );
    }

    #[test]
    fn json_missing_field() {
        let d = json_err("{\"grid\": {\"width\": 3},\n \"creatures\": []}");
        assert_eq!(
            summary(&d),
            (
                1,
                10,
                "{\"width\": 3}".to_string(),
                Some("grid"),
                "missing field `height`",
                Some("add `\"height\": ...` to this object")
            )
        );
        let d = json_err("{}");
        assert_eq!(
            (d.message.as_str(), d.path.as_deref()),
            ("missing field `grid`", None)
        );
    }

    #[test]
    fn json_unknown_enum_value() {
        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 1, "side": "monstrs"}}]}}"#
        ));
        let (_, _, marked, path, message, hint) = summary(&d);
        assert_eq!(marked, "\"monstrs\"");
        assert_eq!(path, Some("creatures[0].side"));
        assert_eq!(message, "unknown value `monstrs`");
        assert_eq!(
            hint,
            Some("did you mean `monsters`?\nexpected one of: `monsters`, `heroes`")
        );

        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 1, "actions": ["fly"]}}]}}"#
        ));
        assert_eq!(d.path.as_deref(), Some("creatures[0].actions[0]"));
        assert_eq!(
            d.hint.as_deref(),
            Some("expected one of: `move`, `melee`, `heal`")
        );
    }

    #[test]
    fn json_wrong_length() {
        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 1, "position": [1]}}]}}"#
        ));
        let (_, _, marked, path, message, _) = summary(&d);
        assert_eq!(
            (marked.as_str(), path, message),
            (
                "[1]",
                Some("creatures[0].position"),
                "wrong number of items: expected 2 items, found 1"
            )
        );
    }

    #[test]
    fn json_duplicate_field() {
        let d = json_err(&format!(
            r#"{{{GRID}, "creatures": [{{"id": "a", "hp": 1, "hp": 2}}]}}"#
        ));
        assert_eq!(d.message, "field `hp` is given twice");
        assert_eq!(d.path.as_deref(), Some("creatures[0]"));
    }

    #[test]
    fn json_syntax_errors() {
        let cases = [
            (
                "{\"grid\": {\"width\": 3,}}",
                (1, 21),
                "invalid JSON: trailing comma",
                Some("JSON allows no comma after the last item; remove it"),
            ),
            (
                "{\"grid\": [1,\n  2,\n  \n]}",
                (2, 4),
                "invalid JSON: trailing comma",
                Some("JSON allows no comma after the last item; remove it"),
            ),
            (
                "{\"grid\": {'width': 3}}",
                (1, 11),
                "invalid JSON: key must be a string",
                Some("put the key in double quotes"),
            ),
            (
                "{\"grid\":\n  'x'}",
                (2, 3),
                "invalid JSON: expected value",
                Some("JSON strings use double quotes"),
            ),
            (
                "{\n  // note\n}",
                (2, 3),
                "invalid JSON: key must be a string",
                Some("put the key in double quotes"),
            ),
            (
                "{\"grid\": [",
                (1, 10),
                "invalid JSON: the file ends inside an array",
                Some("close the array with `]`"),
            ),
            (
                "",
                (1, 1),
                "invalid JSON: the file is empty",
                Some("a board is a JSON object: `{ ... }`"),
            ),
            (
                "{\"grid\": {\"width\": 3, \"height\": 4}, \"creatures\": []}\n}",
                (2, 1),
                "invalid JSON: unexpected text after the end of the document",
                Some("the file must hold exactly one JSON value; remove what follows it"),
            ),
        ];
        for (text, (line, column), message, hint) in cases {
            let d = json_err(text);
            let l = d.location.as_ref().unwrap();
            assert_eq!(
                (l.line, l.column, d.message.as_str(), d.hint.as_deref()),
                (line, column, message, hint),
                "{text}"
            );
        }
        let d = json_err(r#"{"grid": {"width": 3, "height" 4}}"#);
        assert_eq!(
            (d.message.as_str(), d.path.as_deref()),
            ("invalid JSON: expected `:`", Some("grid"))
        );
    }

    #[test]
    fn json_too_deep_is_an_error_not_a_crash() {
        let d = parse_json::<serde_json::Value>("x.json", &"[".repeat(100_000)).unwrap_err();
        assert_eq!(d.message, "invalid JSON: nested too deeply");
    }

    #[test]
    fn json_odd_keys_are_quoted_in_paths() {
        let d = parse_json::<BTreeMap<String, Grid>>(
            "x.json",
            r#"{"a b": {"width": 1, "height": "x"}}"#,
        )
        .unwrap_err();
        let (_, column, marked, path, _, _) = summary(&d);
        assert_eq!(
            (column, marked.as_str(), path),
            (32, "\"x\"", Some(r#""a b".height"#))
        );
    }

    #[test]
    fn toml_accepts_good_input() {
        let text = "[[monster]]\nname = \"goblin\"\nhp = 5\n\n[[monster.behaviour]]\nwhen = \"always\"\n\
                    do = [\"move\", { melee = { bonus = 2 } }, { heal = 3 }]\n";
        let scheme: Scheme = parse_toml("scheme.toml", text).unwrap();
        assert_eq!(
            scheme.monster[0].behaviour[0].actions[1],
            Action::Melee { bonus: 2 }
        );
    }

    #[test]
    fn toml_unknown_field() {
        let d = toml_err("[[monster]]\nname = \"goblin\"\nhpp = 5\n");
        assert_eq!(
            summary(&d),
            (
                3,
                1,
                "hpp".to_string(),
                Some("monster[0].hpp"),
                "unknown field `hpp`",
                Some("did you mean `hp`?\nexpected one of: `name`, `hp`, `behaviour`")
            )
        );
        assert_eq!(
            d.to_string(),
            "error: unknown field `hpp`\n --> scheme.toml:3:1 (monster[0].hpp)\n  |\n3 | hpp = 5\n  | ^^^\n  \
             = hint: did you mean `hp`?\n          expected one of: `name`, `hp`, `behaviour`"
        );
        let d = toml_err("[[monster]]\nname = \"goblin\"\nhp = 1\nspeling = 5\n");
        assert_eq!(
            d.hint.as_deref(),
            Some("expected one of: `name`, `hp`, `behaviour`")
        );
        let d = toml_err("monstr = []\n");
        assert_eq!(
            (d.path.as_deref(), d.hint.as_deref()),
            (Some("monstr"), Some("did you mean `monster`?"))
        );
    }

    #[test]
    fn toml_unknown_field_in_enum_variant() {
        let d = toml_err(
            "[[monster]]\nname = \"g\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"always\"\ndo = [\"move\", { melee = { bonsu = 2 } }]\n",
        );
        assert_eq!(
            summary(&d),
            (
                6,
                27,
                "bonsu".to_string(),
                Some("monster[0].behaviour[0].do[1].melee.bonsu"),
                "unknown field `bonsu`",
                Some("did you mean `bonus`?")
            )
        );
    }

    #[test]
    fn toml_unknown_variant_deep_in_arrays() {
        let d = toml_err(
            "[[monster]]\nname = \"g\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"a\"\ndo = [\"move\"]\n[[monster.behaviour]]\nwhen = \"b\"\ndo = [\"move\", \"move\", \"mvoe\"]\n",
        );
        assert_eq!(
            summary(&d),
            (
                9,
                23,
                "\"mvoe\"".to_string(),
                Some("monster[0].behaviour[1].do[2]"),
                "unknown value `mvoe`",
                Some("did you mean `move`?\nexpected one of: `move`, `melee`, `heal`")
            )
        );
    }

    #[test]
    fn toml_wrong_type_and_range() {
        let d = toml_err(
            "[[monster]]\nname = \"goblin\"\nhp = 5\n\n[[monster]]\nname = \"orc\"\nhp = \"x\"\n",
        );
        assert_eq!(
            summary(&d),
            (
                7,
                6,
                "\"x\"".to_string(),
                Some("monster[1].hp"),
                "wrong type: expected a whole number from 0 to 255, found the text \"x\"",
                None
            )
        );
        let d = toml_err("[[monster]]\nname = \"goblin\"\nhp = 500\n");
        assert_eq!(
            d.message,
            "invalid value: expected a whole number from 0 to 255, found the number 500"
        );
        let d = toml_err("monster = 5");
        assert_eq!(
            (d.message.as_str(), d.path.as_deref()),
            (
                "wrong type: expected an array, found the number 5",
                Some("monster")
            )
        );
        let d = toml_err(
            "[[monster]]\nname = \"g\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"a\"\ndo = [{ heal = 1, move = 2 }]\n",
        );
        assert_eq!(
            d.message,
            "expected a table with exactly one key, found more than one key"
        );
        assert_eq!(d.path.as_deref(), Some("monster[0].behaviour[0].do[0]"));
    }

    #[test]
    fn toml_missing_field() {
        let d = toml_err("[[monster]]\nname = \"goblin\"\n");
        assert_eq!(
            summary(&d),
            (
                1,
                1,
                "[[monster]]".to_string(),
                Some("monster[0]"),
                "missing field `hp`",
                Some("add `hp = ...` to this table")
            )
        );
    }

    #[test]
    fn toml_syntax_errors() {
        let d = toml_err("[[monster]]\nname = goblin\n");
        assert_eq!(
            summary(&d),
            (
                2,
                8,
                "goblin".to_string(),
                None,
                "invalid TOML: string values must be quoted, expected literal string",
                Some("put text values in double quotes, like `name = \"goblin\"`")
            )
        );
        let d = toml_err("[[monster]]\nname = \"a\"\nname = \"b\"\n");
        let (line, column, marked, _, message, _) = summary(&d);
        assert_eq!(
            (line, column, marked.as_str(), message),
            (3, 1, "name", "invalid TOML: duplicate key")
        );
        let d = toml_err("[[monster]\n");
        let l = d.location.as_ref().unwrap();
        assert_eq!(
            (l.line, l.column, d.message.as_str()),
            (1, 11, "invalid TOML: unclosed array table, expected `]`")
        );
        assert_eq!(
            d.hint.as_deref(),
            Some("close the table header with `]]`, like `[[monster]]`")
        );
        let hint = |text: &str| toml_err(text).hint.unwrap();
        assert_eq!(
            hint("[[monster]]\nname = \"Warg\n"),
            "close the string with a `\"` before the end of the line"
        );
        assert_eq!(
            hint("[[monster]]\nname = 'Warg\n"),
            "close the string with a `'` before the end of the line"
        );
        assert_eq!(hint("a = [1,,2]\n"), "remove the extra comma");
        // Anything without a specific hint still gets a general one.
        assert_eq!(
            hint("a = 1979-05-27T\n"),
            "the TOML is malformed at the marker; compare it with the examples in docs/schemes.md"
        );
        let d =
            parse_toml::<BTreeMap<String, u32>>("x.toml", &format!("a = {}", "[".repeat(100_000)))
                .unwrap_err();
        assert!(d.message.starts_with("invalid TOML: "), "{}", d.message);
        assert!(d.hint.unwrap().contains("nesting"));
    }

    /// A fresh folder for one test.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("monster-ai-load-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn read_text_reads_and_drops_a_byte_order_mark() {
        let dir = scratch("ok");
        let file = dir.join("a.toml");
        std::fs::write(&file, "\u{feff}a = 1\n").unwrap();
        assert_eq!(read_text(file.to_str().unwrap()).unwrap(), "a = 1\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn read_text_missing_file_and_folder() {
        let dir = scratch("missing");
        let missing = dir.join("nope.json");
        let missing = missing.to_str().unwrap();
        let d = read_text(missing).unwrap_err();
        assert_eq!(d.message, format!("cannot read `{missing}`: no such file"));
        assert_eq!(
            d.to_string(),
            format!("error: cannot read `{missing}`: no such file\n  = hint: check the path")
        );
        let d = read_argument(missing, "the board is the second argument").unwrap_err();
        assert_eq!(
            d.hint.as_deref(),
            Some("check the path; the board is the second argument")
        );

        let folder = dir.to_str().unwrap();
        let d = read_text(folder).unwrap_err();
        assert_eq!(
            (d.message, d.hint.as_deref()),
            (
                format!("cannot read `{folder}`: it is a folder, not a file"),
                Some("name a file inside it")
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn read_text_refuses_oversized_files() {
        let dir = scratch("big");
        let file = dir.join("big.json");
        // Sparse: no real disk space is used.
        std::fs::File::create(&file)
            .unwrap()
            .set_len(MAX_INPUT_BYTES + 1)
            .unwrap();
        let name = file.to_str().unwrap();
        let d = read_text(name).unwrap_err();
        assert_eq!(
            d.message,
            format!(
                "cannot read `{name}`: it is larger than the 16 MiB limit ({} bytes); check that this is the right file",
                MAX_INPUT_BYTES + 1
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn read_text_refuses_devices() {
        // /dev/zero never ends: it is refused before any read.
        let d = read_text("/dev/zero").unwrap_err();
        assert_eq!(
            d.message,
            "cannot read `/dev/zero`: it is a device, not a regular file"
        );
    }

    #[test]
    fn read_text_reports_invalid_utf8_position() {
        let dir = scratch("utf8");
        let file = dir.join("bad.toml");
        std::fs::write(&file, b"a = 1\nname = \"\xc3\xa9t\xff\"\n").unwrap();
        let name = file.to_str().unwrap();
        let d = read_text(name).unwrap_err();
        assert_eq!(
            d.message,
            format!(
                "`{name}` is not UTF-8 text: byte 0xFF at offset 17 (line 2, column 11) is invalid"
            )
        );
        let l = d.location.as_ref().unwrap();
        assert_eq!((l.line, l.column), (2, 11));
        assert_eq!(d.hint.as_deref(), Some("save the file as UTF-8"));
        assert_eq!(d.file, name);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn split_unknown_reads_all_serde_list_shapes() {
        let names = |rest: &str| split_unknown(rest).1;
        assert_eq!(names("x`, expected `a`"), ["a"]);
        assert_eq!(names("x`, expected `a` or `b`"), ["a", "b"]);
        assert_eq!(names("x`, expected one of `a`, `b`, `c`"), ["a", "b", "c"]);
        assert!(names("x`, there are no fields").is_empty());
        assert_eq!(split_unknown("x`").0, "x");
    }
}

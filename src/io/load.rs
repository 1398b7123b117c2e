//! Reading input files (or stdin for `-`) and deserialising TOML and JSON into typed
//! values, turning every parse or shape error into a located [`Diagnostic`].

use super::diagnostic::{Diagnostic, did_you_mean};
use super::json_locate;
use serde::de::DeserializeOwned;
use std::io::{ErrorKind, Read};

/// Largest input file accepted, so a wrong path cannot eat memory.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a file, or standard input when `path` is `-`. Missing files, directories,
/// unreadable or oversized files and non-UTF-8 text are diagnostics naming the file.
///
/// The size is checked twice: against the file's metadata before reading, and by reading
/// at most one byte more than the limit, so devices, pipes and growing files cannot make
/// it read without end. A leading UTF-8 byte order mark is dropped.
pub fn read_text(path: &str) -> Result<String, Diagnostic> {
    let (name, bytes) = if path == "-" {
        let name = "standard input".to_string();
        let bytes = read_capped(std::io::stdin().lock(), 0).map_err(|e| read_failure(&name, &e))?;
        (name, bytes)
    } else {
        let name = format!("`{path}`");
        let file = std::fs::File::open(path).map_err(|e| read_failure(&name, &e))?;
        let meta = file.metadata().map_err(|e| read_failure(&name, &e))?;
        if meta.is_dir() {
            return Err(Diagnostic::plain(format!(
                "cannot read {name}: it is a folder, not a file; name a file inside it"
            )));
        }
        if meta.len() > MAX_INPUT_BYTES {
            return Err(too_large(&name, Some(meta.len())));
        }
        let bytes = read_capped(file, meta.len()).map_err(|e| read_failure(&name, &e))?;
        (name, bytes)
    };
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(&name, None));
    }
    let mut text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => return Err(not_utf8(path, &name, e)),
    };
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Reads everything, but never more than one byte past the limit.
fn read_capped(reader: impl Read, size_hint: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(size_hint.min(MAX_INPUT_BYTES) as usize);
    reader.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn read_failure(name: &str, e: &std::io::Error) -> Diagnostic {
    let why = match e.kind() {
        ErrorKind::NotFound => "no such file; check the path".to_string(),
        ErrorKind::PermissionDenied => {
            "permission denied; check the file's permissions".to_string()
        }
        ErrorKind::IsADirectory => "it is a folder, not a file; name a file inside it".to_string(),
        ErrorKind::NotADirectory => {
            "a part of the path is not a folder; check the path".to_string()
        }
        ErrorKind::InvalidData => "it is not text".to_string(),
        _ => e.to_string(),
    };
    Diagnostic::plain(format!("cannot read {name}: {why}"))
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
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    let de = match toml::de::Deserializer::parse(text) {
        Ok(de) => de,
        Err(e) => return Err(toml_syntax_error(file, text, &e)),
    };
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = format_path(e.path());
        let inner = e.into_inner();
        let explained = explain(inner.message(), Format::Toml);
        let path = explained.full_path(path);
        let mut d = match inner.span() {
            Some(span) => Diagnostic::at_span(file, text, span, explained.message),
            None => Diagnostic {
                file: file.to_string(),
                source: Some(text.to_string()),
                ..Diagnostic::plain(explained.message)
            },
        };
        d.path = path;
        d.hint = explained.hint;
        d
    })
}

fn toml_syntax_error(file: &str, text: &str, e: &toml::de::Error) -> Diagnostic {
    let message = format!("invalid TOML: {}", e.message().trim_end());
    let hint = toml_syntax_hint(e.message());
    let mut d = match e.span() {
        Some(span) => Diagnostic::at_span(file, text, span, message),
        None => Diagnostic {
            file: file.to_string(),
            ..Diagnostic::plain(message)
        },
    };
    d.hint = hint.map(str::to_string);
    d
}

fn toml_syntax_hint(message: &str) -> Option<&'static str> {
    if message.contains("recursion") {
        Some("a scheme never needs more than a few levels of nesting")
    } else if message.starts_with("duplicate key") {
        Some("each key may appear only once in a table; remove or rename one of them")
    } else if message.contains("expected `=`") || message.contains("key with no value") {
        Some("write keys as `name = value`")
    } else if message.contains("must be quoted") || message.contains("missing value") {
        Some("put text values in double quotes, like `name = \"goblin\"`")
    } else {
        None
    }
}

/// Deserialises JSON. Errors carry file:line:col and the field path (via
/// serde_path_to_error), with the same hints as [`parse_toml`].
pub fn parse_json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Diagnostic> {
    let mut de = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize(&mut de) {
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
        let mut d = Diagnostic::at_span(file, text, reported..reported + 1, message);
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
        "unit value" | "unit" => match format {
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
fn path_key(key: &str, first: bool) -> String {
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
mod probe {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Board {
        grid: Grid,
        creatures: Vec<Creature>,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Grid {
        width: u8,
        height: u8,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Creature {
        id: String,
        hp: u32,
        #[serde(default)]
        side: Option<Side>,
        #[serde(default)]
        position: Option<(i32, i32)>,
    }
    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "snake_case")]
    enum Side {
        Monsters,
        Heroes,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Scheme {
        monster: Vec<Monster>,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Monster {
        name: String,
        hp: u8,
        #[serde(default)]
        behaviour: Vec<Behaviour>,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Behaviour {
        when: String,
        #[serde(rename = "do")]
        actions: Vec<Action>,
    }
    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "snake_case", deny_unknown_fields)]
    enum Action {
        Move,
        Melee { bonus: i32 },
        Heal(u32),
    }

    #[test]
    fn probe() {
        let jsons = [
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": 1}, {"id": "b", "hpp": 2}]}"#,
            "{\n  \"grid\": {\"width\": 3, \"height\": 4},\n  \"creatures\": [\n    {\"id\": \"a\", \"hp\": \"7\"}\n  ]\n}",
            r#"{"grid": {"width": 300, "height": 4}, "creatures": []}"#,
            r#"{"grid": {"width": 3}, "creatures": []}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": 1, "side": "monstrs"}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": 1, "position": [1]}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": 1,}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": 'a'}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": null}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": []} x"#,
            "",
            r#"{"grid": {"width": 3, "height": 4}, "creatures": [{"id": "a", "hp": 1, "hp": 2}]}"#,
            r#"{"grid": {"width": 3, "height": 4}, "creatures": ["#,
        ];
        for j in jsons {
            match parse_json::<Board>("board.json", j) {
                Ok(_) => println!("OK"),
                Err(d) => println!("{d:?}\n{d}\n"),
            }
        }
        let tomls = [
            "[[monster]]\nname = \"goblin\"\nhpp = 5\n",
            "[[monster]]\nname = \"goblin\"\nhp = 5\n\n[[monster]]\nname = \"orc\"\nhp = \"x\"\n",
            "[[monster]]\nname = \"goblin\"\nhp = 500\n",
            "[[monster]]\nname = \"goblin\"\n",
            "[[monster]]\nname = \"goblin\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"always\"\ndo = [\"move\", { melee = { bonus = 2 } }, \"mvoe\"]\n",
            "[[monster]]\nname = \"goblin\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"always\"\ndo = [\"move\", { melee = { bonsu = 2 } }]\n",
            "[[monster]]\nname = \"goblin\"\nhp = 5\n[[monster.behaviour]]\nwhen = \"always\"\ndo = [{ heal = \"x\" }]\n",
            "[[monster]]\nname = goblin\n",
            "[[monster]]\nname = \"a\"\nname = \"b\"\n",
            "[[monster]\n",
            "monster = 5",
        ];
        for t in tomls {
            match parse_toml::<Scheme>("scheme.toml", t) {
                Ok(_) => println!("OK"),
                Err(d) => println!("{d:?}\n{d}\n"),
            }
        }
    }
}

//! A small, forgiving walker over JSON text that finds where the value at a field path
//! (`creatures[2].position`) sits, so diagnostics can point at it.
//!
//! serde_json reports only the place where it stopped reading, which for a type error is
//! the end of the value and for a missing field the closing brace. Re-parsing into
//! `serde_json::Value` would lose positions, so instead this walks the bytes directly: it
//! understands strings, nesting and separators, skips everything it is not looking for, and
//! gives up (returns `None`) on anything it does not expect. It never recurses, so deeply
//! nested input cannot exhaust the stack, and one lookup is a single pass over the text.

use std::ops::Range;

/// One step of a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Key(String),
    Index(usize),
}

/// Where a path's value (and, for an object member, its key) was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The quoted key of the last step, when the last step is an object member.
    pub key: Option<Range<usize>>,
    /// The whole value, from its first byte to just after its last.
    pub value: Range<usize>,
}

/// Finds the value at `path` in `source`; `None` when the path is malformed or the text
/// does not contain it.
pub(crate) fn find(source: &str, path: &str) -> Option<Found> {
    let steps = parse_path(path)?;
    find_steps(source, &steps)
}

/// Splits `a.b[2]."odd key".c` into steps. The root is written `.` or left empty.
pub(crate) fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    if path == "." {
        return Some(steps);
    }
    let bytes = path.as_bytes();
    let mut i = 0;
    let mut expect_key = true;
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                let close = i + path[i..].find(']')?;
                let index = path[i + 1..close].parse().ok()?;
                steps.push(Step::Index(index));
                i = close + 1;
                expect_key = false;
            }
            b'.' if !expect_key => {
                i += 1;
                expect_key = true;
            }
            b'"' if expect_key => {
                let end = string_end(bytes, i)?;
                steps.push(Step::Key(decode_key(&path[i..end])));
                i = end;
                expect_key = false;
            }
            _ if expect_key => {
                let len = path[i..].find(['.', '[']).unwrap_or(path.len() - i);
                if len == 0 {
                    return None;
                }
                steps.push(Step::Key(path[i..i + len].to_string()));
                i += len;
                expect_key = false;
            }
            _ => return None,
        }
    }
    if expect_key && !steps.is_empty() {
        // A trailing dot.
        return None;
    }
    Some(steps)
}

fn find_steps(source: &str, steps: &[Step]) -> Option<Found> {
    let b = source.as_bytes();
    let mut i = skip_ws(b, 0);
    let mut key = None;
    for step in steps {
        key = None;
        match step {
            Step::Key(wanted) => {
                if b.get(i) != Some(&b'{') {
                    return None;
                }
                i += 1;
                loop {
                    i = skip_ws(b, i);
                    if b.get(i) != Some(&b'"') {
                        return None;
                    }
                    let key_end = string_end(b, i)?;
                    let key_span = i..key_end;
                    i = skip_ws(b, key_end);
                    if b.get(i) != Some(&b':') {
                        return None;
                    }
                    i = skip_ws(b, i + 1);
                    if decode_key(&source[key_span.clone()]) == *wanted {
                        key = Some(key_span);
                        break;
                    }
                    i = skip_ws(b, value_end(b, i)?);
                    if b.get(i) != Some(&b',') {
                        return None;
                    }
                    i += 1;
                }
            }
            Step::Index(wanted) => {
                if b.get(i) != Some(&b'[') {
                    return None;
                }
                i = skip_ws(b, i + 1);
                for _ in 0..*wanted {
                    if b.get(i) == Some(&b']') {
                        return None;
                    }
                    i = skip_ws(b, value_end(b, i)?);
                    if b.get(i) != Some(&b',') {
                        return None;
                    }
                    i = skip_ws(b, i + 1);
                }
                if b.get(i) == Some(&b']') {
                    return None;
                }
            }
        }
    }
    if i >= b.len() {
        return None;
    }
    // An unfinished value (the text has a syntax error further on) still gets a one-byte mark.
    let end = value_end(b, i).unwrap_or(i + 1);
    Some(Found { key, value: i..end })
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// Given `b[start] == b'"'`, the index just after the closing quote.
fn string_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The index just after the value starting at `start`.
fn value_end(b: &[u8], start: usize) -> Option<usize> {
    match b.get(start)? {
        b'"' => string_end(b, start),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = start;
            while i < b.len() {
                match b[i] {
                    b'"' => {
                        i = string_end(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let len = b[start..]
                .iter()
                .position(|c| matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
                .unwrap_or(b.len() - start);
            (len > 0).then_some(start + len)
        }
    }
}

/// The text of a quoted key, with escapes resolved when there are any.
fn decode_key(quoted: &str) -> String {
    let inner = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or("");
    if !inner.contains('\\') {
        return inner.to_string();
    }
    serde_json::from_str(quoted).unwrap_or_else(|_| inner.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = r#"{
  "grid": { "width": 12, "height": 8 },
  "creatures": [
    { "id": "a", "hp": 5 },
    { "id": "b", "note": "a \"quoted\" ] }", "hp": 6 },
    {
      "id": "c",
      "position": [3, 4]
    }
  ],
  "odd key": { "x\u0041": true }
}"#;

    fn text_at(path: &str) -> Option<&'static str> {
        find(BOARD, path).map(|f| &BOARD[f.value])
    }

    #[test]
    fn finds_nested_values() {
        assert_eq!(text_at("grid.width"), Some("12"));
        assert_eq!(text_at("grid"), Some(r#"{ "width": 12, "height": 8 }"#));
        assert_eq!(text_at("creatures[1].hp"), Some("6"));
        assert_eq!(text_at("creatures[2].position[1]"), Some("4"));
        assert_eq!(text_at("creatures[0]"), Some(r#"{ "id": "a", "hp": 5 }"#));
        assert_eq!(text_at(r#""odd key".xA"#), Some("true"));
        assert_eq!(text_at(".").map(|t| &t[..1]), Some("{"));
    }

    #[test]
    fn reports_the_key_span() {
        let found = find(BOARD, "creatures[1].hp").unwrap();
        assert_eq!(&BOARD[found.key.unwrap()], "\"hp\"");
        assert_eq!(find(BOARD, "creatures[1]").unwrap().key, None);
    }

    #[test]
    fn missing_or_malformed_paths_give_none() {
        assert_eq!(text_at("creatures[3]"), None);
        assert_eq!(text_at("creatures[0].speed"), None);
        assert_eq!(text_at("grid.width.deeper"), None);
        assert_eq!(text_at("grid..width"), None);
        assert_eq!(text_at("creatures[x]"), None);
        assert_eq!(text_at("grid."), None);
        assert_eq!(find("", "a"), None);
        assert_eq!(find("{\"a\": ", "a"), None);
        assert_eq!(find("[1, 2", "[1]").map(|f| f.value), Some(4..5));
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let deep = "[".repeat(200_000);
        assert_eq!(find(&deep, "[0][0]").map(|f| f.value), Some(2..3));
        let deep = format!("{{\"a\": {}, \"b\": 1}}", "[".repeat(200_000));
        assert_eq!(find(&deep, "b"), None);
    }
}

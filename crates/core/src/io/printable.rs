//! Control characters never reach the terminal. A name such as
//! `"\u001b]0;pwned\u0007Aria"` would retitle the window or clear the screen when printed,
//! so text with control characters is refused where it enters (board strings, scheme
//! strings, names given on the command line), and error output escapes any that remain.

use super::diagnostic::Diagnostic;
use serde_json::Value;
use toml::de::{DeTable, DeValue};

/// The first control character in `text` (C0, DEL and C1), ignoring those in `allowed`.
pub fn first_control(text: &str, allowed: &[char]) -> Option<char> {
    // Scanned as bytes: in UTF-8 a C0 or DEL is that byte itself and a C1 (U+0080 to
    // U+009F) starts with 0xC2, a byte no other control shares; whole files pass through
    // here, and decoding every character costs several times more.
    // Blocks of 32 bytes are tested without stopping early, which the compiler turns
    // into a few vector instructions a block.
    let suspect = |b: u8| b < 0x20 || b == 0x7f || b == 0xc2;
    let bytes = text.as_bytes();
    for (block, chunk) in bytes.chunks(32).enumerate() {
        if !chunk.iter().fold(false, |any, &b| any | suspect(b)) {
            continue;
        }
        for (at, _) in chunk.iter().enumerate().filter(|&(_, &b)| suspect(b)) {
            let c = text[block * 32 + at..].chars().next()?;
            if c.is_control() && !allowed.contains(&c) {
                return Some(c);
            }
        }
    }
    None
}

/// The message for a control character found in some text.
pub fn control_message(c: char) -> String {
    format!(
        "text may not hold control characters (found U+{:04X})",
        u32::from(c)
    )
}

const CONTROL_HINT: &str =
    "remove the escape or control character; names and text are printed to a terminal as they are";

/// Refuses a command-line value holding a control character (`role` names it).
#[allow(clippy::result_large_err)]
pub fn check_argument(value: &str, role: &str) -> Result<(), Diagnostic> {
    match first_control(value, &[]) {
        Some(c) => {
            Err(Diagnostic::plain(format!("{role}: {}", control_message(c)))
                .with_hint(CONTROL_HINT))
        }
        None => Ok(()),
    }
}

/// Refuses a JSON board (`value`, parsed from `text`) whose strings (values or keys) hold
/// any control character, at the string's path.
#[allow(clippy::result_large_err)]
pub fn check_json(file: &str, text: &str, value: &Value) -> Result<(), Diagnostic> {
    if !may_hold_control(text) {
        return Ok(());
    }
    match find_json(value, String::new()) {
        Some((path, c)) => Err(
            Diagnostic::at_json_path(file, text, &path, control_message(c)).with_hint(CONTROL_HINT),
        ),
        None => Ok(()),
    }
}

fn find_json(value: &Value, path: String) -> Option<(String, char)> {
    match value {
        Value::String(s) => first_control(s, &[]).map(|c| (path, c)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| find_json(v, format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(k, v)| {
            let p = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            match first_control(k, &[]) {
                Some(c) => Some((path.clone(), c)),
                None => find_json(v, p),
            }
        }),
        _ => None,
    }
}

/// Refuses a TOML file whose strings (values or keys) hold a control character other than
/// a tab or a line break, marking the string. Text that does not parse is left to the
/// typed parse.
#[allow(clippy::result_large_err)]
pub fn check_toml(file: &str, text: &str) -> Result<(), Diagnostic> {
    if !may_hold_control(text) {
        return Ok(());
    }
    let Ok(table) = DeTable::parse(text) else {
        return Ok(());
    };
    match find_toml_table(table.get_ref()) {
        Some((span, c)) => {
            Err(Diagnostic::at_span(file, text, span, control_message(c)).with_hint(CONTROL_HINT))
        }
        None => Ok(()),
    }
}

const TOML_ALLOWED: &[char] = &['\t', '\n', '\r'];

/// Whether a string of this JSON or TOML text could hold a control character: a string
/// holds one only written as such or as an escape, so text with neither (most files)
/// needs no parse or walk. Tabs and line breaks between values are not in a string.
fn may_hold_control(text: &str) -> bool {
    text.contains('\\') || first_control(text, TOML_ALLOWED).is_some()
}

type Found = (std::ops::Range<usize>, char);

fn find_toml_table(table: &DeTable<'_>) -> Option<Found> {
    table.iter().find_map(|(k, v)| {
        first_control(k.get_ref(), TOML_ALLOWED)
            .map(|c| (k.span(), c))
            .or_else(|| find_toml_value(v.get_ref(), v.span()))
    })
}

fn find_toml_value(value: &DeValue<'_>, span: std::ops::Range<usize>) -> Option<Found> {
    match value {
        DeValue::String(s) => first_control(s, TOML_ALLOWED).map(|c| (span, c)),
        DeValue::Array(items) => items
            .iter()
            .find_map(|v| find_toml_value(v.get_ref(), v.span())),
        DeValue::Table(t) => find_toml_table(t),
        _ => None,
    }
}

/// `text` with every control character but the line break written as an escape
/// (`\u{1b}`), for error output that may quote anything.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_found_and_escaped() {
        assert_eq!(first_control("Aria", &[]), None);
        assert_eq!(first_control("\u{1b}]0;x\u{7}A", &[]), Some('\u{1b}'));
        assert_eq!(first_control("a\u{9b}b", &[]), Some('\u{9b}'));
        assert_eq!(first_control("a\tb", &['\t']), None);
        assert_eq!(first_control("a\tb\u{85}", &['\t']), Some('\u{85}'));
        // 0xC2 also starts printable characters (U+00A0 to U+00BF).
        assert_eq!(first_control("a\u{a0}\u{bf}\u{7f}", &[]), Some('\u{7f}'));
        assert_eq!(first_control("\u{10ffff}é\u{9f}", &[]), Some('\u{9f}'));
        assert_eq!(escape_controls("a\u{1b}[2Jb\nc"), "a\\u{1b}[2Jb\nc");
    }

    #[test]
    fn the_byte_scan_finds_what_decoding_finds() {
        let decoded = |t: &str| t.chars().find(|c| c.is_control() && *c != '\t');
        // Characters across a block's end, and blocks with nothing to find.
        let long = format!(
            "{}\u{a0}{}\u{85}{}",
            "a".repeat(31),
            "b".repeat(40),
            "c".repeat(70)
        );
        assert_eq!(first_control(&long, &[]), Some('\u{85}'));
        assert_eq!(first_control(&"\u{a0}x".repeat(50), &[]), None);
        for c in (0..0x800).chain(0xfff0..0x10010).filter_map(char::from_u32) {
            for text in [
                format!("{c}"),
                format!("a{c}\u{c2}b"),
                format!("\u{a0}{c}\t\u{1}"),
            ] {
                assert_eq!(first_control(&text, &['\t']), decoded(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn json_and_toml_strings_are_checked_at_their_place() {
        let text = r#"{"creatures": [{"name": "\u001b[2JAria"}]}"#;
        let value = serde_json::from_str(text).unwrap();
        let d = check_json("b.json", text, &value).unwrap_err();
        assert_eq!(d.path.as_deref(), Some("creatures[0].name"));
        assert_eq!(
            d.message,
            "text may not hold control characters (found U+001B)"
        );
        let text = "format = 1\n[[monster]]\nname = \"Gob\\u001blin\"\n";
        let d = check_toml("s.toml", text).unwrap_err();
        assert_eq!(d.location.unwrap().line, 3);
        assert!(check_toml("s.toml", "note = \"\"\"two\nlines\"\"\"\n").is_ok());
    }
}

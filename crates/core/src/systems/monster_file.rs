//! The header every monster file starts with, whatever its system: `format` (the version
//! of the file format) and `system` (which system runs its monsters; Monster A.I.
//! schemes when left out). The header is read on its own first, so that the right
//! system reads the rest.

use crate::io::diagnostic::{Diagnostic, Locator, Problems};
use crate::io::load::toml_syntax_error;
use std::ops::Range;

/// The monster file format every system reads.
const FILE_FORMAT: u32 = 1;

/// The system of a file without a `system` key.
pub const DEFAULT_SYSTEM: &str = "monster-ai";

/// The file's `system` key: its value and where it stands (`None` when left out).
pub struct Header {
    /// The `system` value and its byte range in the file.
    pub system: Option<(String, Range<usize>)>,
    /// Where the first monster's old per-monster `controller` key stands, when a file
    /// without `system` still uses it.
    pub legacy_controller: Option<(String, Range<usize>)>,
}

/// Reads the header of a monster file. Text that is not TOML is reported here, as the
/// full reader would.
pub fn read_header(file: &str, text: &str) -> Result<Header, Diagnostic> {
    #[derive(serde::Deserialize)]
    struct Raw {
        system: Option<toml::Spanned<toml::Value>>,
    }
    // Top-level keys come before the first table, so that part alone is read; the whole
    // text only when the part does not read (a cut inside a value), for the error.
    let raw: Raw = match toml::from_str(header_part(text)) {
        Ok(raw) => raw,
        Err(_) => toml::from_str(text).map_err(|e| toml_syntax_error(file, text, &e))?,
    };
    let system = match raw.system {
        None => None,
        Some(v) => {
            let span = v.span();
            match v.into_inner() {
                toml::Value::String(s) => Some((s, span)),
                other => {
                    return Err(Diagnostic::at_span(
                        file,
                        text,
                        span,
                        format!("`system` must be a string, not {}", other.type_str()),
                    )
                    .with_path("system")
                    .with_hint("write e.g. system = \"ability-deck\""));
                }
            }
        }
    };
    let legacy_controller = if system.is_none() {
        legacy_controller(text)
    } else {
        None
    };
    Ok(Header {
        system,
        legacy_controller,
    })
}

/// The text up to the first line that opens a table (`[...]` or `[[...]]`): where TOML
/// allows top-level keys. Spans in it are spans in the whole text.
fn header_part(text: &str) -> &str {
    let mut end = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            break;
        }
        end += line.len();
    }
    &text[..end]
}

/// The first `controller = "..."` of a `[[monster]]` table, with its span.
fn legacy_controller(text: &str) -> Option<(String, Range<usize>)> {
    if !text.contains("controller") {
        return None;
    }
    #[derive(serde::Deserialize)]
    struct Raw {
        #[serde(default)]
        monster: Vec<Monster>,
    }
    #[derive(serde::Deserialize)]
    struct Monster {
        controller: Option<toml::Spanned<String>>,
    }
    let raw: Raw = toml::from_str(text).ok()?;
    raw.monster
        .into_iter()
        .find_map(|m| m.controller)
        .map(|c| (c.get_ref().clone(), c.span()))
}

/// The checks every monster file passes first, whatever its system: the format
/// version (marked on its value) and at least one monster.
fn check_file_header(
    file: &str,
    text: &str,
    format: &toml::Spanned<u32>,
    monsters: usize,
) -> Result<(), Diagnostic> {
    if *format.get_ref() != FILE_FORMAT {
        return Err(Diagnostic::at_span(
            file,
            text,
            format.span(),
            format!("unsupported scheme format {}", format.get_ref()),
        )
        .with_path("format")
        .with_hint(format!(
            "this version of monster-ai reads format {FILE_FORMAT}"
        )));
    }
    if monsters == 0 {
        return Err(
            Diagnostic::at_span(file, text, 0..0, "the monster file defines no monsters")
                .with_hint("add a `[[monster]]` table"),
        );
    }
    Ok(())
}

/// Checks a monster file's header, then compiles each of its monsters with `compile`
/// (given the monster, its index, the file's type names and the problems so far), after
/// reporting a name an earlier monster already has. `name` gives a monster's type name
/// and where it stands. The problems are returned with the monsters for the caller to
/// finish.
pub fn compile_monsters<M, T>(
    file: &str,
    text: &str,
    format: &toml::Spanned<u32>,
    monsters: &[M],
    name: impl Fn(&M) -> (String, Range<usize>),
    mut compile: impl FnMut(&M, usize, &[String], &mut Problems) -> Option<T>,
) -> Result<(Vec<T>, Problems), Diagnostic> {
    check_file_header(file, text, format, monsters.len())?;
    let mut problems = Problems::new();
    let names: Vec<String> = monsters.iter().map(|m| name(m).0).collect();
    let locate = Locator::new(file, text);
    let mut seen = std::collections::HashSet::new();
    let mut compiled = Vec::new();
    for (mi, m) in monsters.iter().enumerate() {
        if !seen.insert(names[mi].as_str()) {
            problems.push(defined_twice(&locate, &names[mi], mi, name(m).1));
        }
        compiled.extend(compile(m, mi, &names, &mut problems));
    }
    Ok((compiled, problems))
}

/// Monster `mi`, named `name` like an earlier monster of the file (`span` marks its name).
fn defined_twice(locate: &Locator, name: &str, mi: usize, span: Range<usize>) -> Diagnostic {
    locate
        .span(span, format!("monster type `{name}` is defined twice"))
        .with_path(format!("monster[{mi}].name"))
        .with_hint("give each type a unique name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_key_is_read_with_its_place() {
        let text = "format = 1\nsystem = \"ability-deck\"\n[[monster]]\nname = \"x\"\n";
        let h = read_header("f.toml", text).unwrap();
        let (system, span) = h.system.unwrap();
        assert_eq!(system, "ability-deck");
        assert_eq!(&text[span], "\"ability-deck\"");
        assert!(h.legacy_controller.is_none());
    }

    #[test]
    fn a_file_without_system_may_still_name_the_old_controller_key() {
        let text = "format = 1\n[[monster]]\nname = \"x\"\ncontroller = \"ability-deck\"\n";
        let h = read_header("f.toml", text).unwrap();
        assert!(h.system.is_none());
        assert_eq!(h.legacy_controller.unwrap().0, "ability-deck");
    }

    #[test]
    fn a_system_that_is_not_a_string_is_located() {
        let text = "format = 1\nsystem = 3\n";
        let d = read_header("f.toml", text).err().unwrap();
        assert_eq!(d.message, "`system` must be a string, not integer");
    }

    #[test]
    fn only_the_part_before_the_first_table_is_read() {
        let text = "format = 1\nsystem = \"needs\"\n  [[monster]]\nsystem = 4\n";
        assert_eq!(header_part(text), "format = 1\nsystem = \"needs\"\n");
        assert_eq!(
            read_header("f.toml", text).unwrap().system.unwrap().0,
            "needs"
        );
        // A value cut short by a line that starts like a table falls back to the whole
        // text, which reads it properly.
        let text = "format = 1\nsystem = \"\"\"\n[x]\n\"\"\"\n";
        assert_eq!(
            read_header("f.toml", text).unwrap().system.unwrap().0,
            "[x]\n"
        );
        // A syntax error is still reported, placed in the whole text.
        let text = "format = 1\nsystem = \"x\n[[monster]]\n";
        assert!(read_header("f.toml", text).is_err());
    }
}

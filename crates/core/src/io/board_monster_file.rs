//! The monster file a board names in its `monster_file` field. The board, not the person
//! running the command, chose that path, so a board must not be able to make the tool read
//! and print an arbitrary file:
//!
//! - the path (relative to the board's folder, or absolute) must end in `.toml`;
//! - only a regular file is read (see [`super::open`]), at most the usual input size;
//! - its text is shown in an error only once it looks like a monster file (a TOML table
//!   holding `format`, `system` and `[[monster]]` and nothing else); any other file is reported
//!   without a single character of its content.
//!
//! A board's `heroes_file` (how its characters fight in `simulate`) is read the same way.

use super::diagnostic::Diagnostic;
use super::load::read_argument;
use std::path::Path;

/// A file found through a board (its monster file or heroes file).
pub struct NamedMonsterFile {
    /// The path to read (the board's folder joined with the field).
    pub path: String,
    /// The file's whole text.
    pub text: String,
}

/// Checks the board's `monster_file` value and reads the file it names.
///
/// `board` is the board's path as given (`-` for standard input: then the path is relative
/// to the current folder) and `board_text` its text (to point at the field).
#[allow(clippy::result_large_err)]
pub fn read_board_monster_file(
    board: &str,
    board_text: &str,
    file: &str,
) -> Result<NamedMonsterFile, Diagnostic> {
    let named = Named {
        key: field_name(board_text),
        ..MONSTER_FILE
    };
    read_named(board, board_text, file, &named)
}

/// Checks the board's `heroes_file` value (how its characters fight in `simulate`) and
/// reads the file it names, with the same care as its `monster_file`.
#[allow(clippy::result_large_err)]
pub fn read_board_heroes_file(
    board: &str,
    board_text: &str,
    file: &str,
) -> Result<NamedMonsterFile, Diagnostic> {
    read_named(board, board_text, file, &HEROES_FILE)
}

const MONSTER_FILE: Named = Named {
    key: "monster_file",
    what: "a monster file",
    example: "\"../schemes/goblins.toml\"; or pass `--monsters FILE` on the command line",
    looks_like: looks_like_monster_file,
    shape: "holds `format = 1` and `[[monster]]` tables",
    flag: "--monsters FILE",
};

const HEROES_FILE: Named = Named {
    key: "heroes_file",
    what: "a heroes file",
    example: "\"crypt-heroes.toml\"; or pass `--heroes FILE` on the command line",
    looks_like: looks_like_heroes_file,
    shape: "holds `format = 1` and `[[hero]]` tables",
    flag: "--heroes FILE",
};

/// What kind of file a board's field names, for its checks and messages.
struct Named {
    key: &'static str,
    what: &'static str,
    example: &'static str,
    looks_like: fn(&str) -> bool,
    shape: &'static str,
    flag: &'static str,
}

#[allow(clippy::result_large_err)]
fn read_named(
    board: &str,
    board_text: &str,
    file: &str,
    named: &Named,
) -> Result<NamedMonsterFile, Diagnostic> {
    let key = named.key;
    let at = |message: String| Diagnostic::at_json_path(board, board_text, key, message);
    if Path::new(file).extension().and_then(|e| e.to_str()) != Some("toml") {
        return Err(at(format!("`{key}` must name a `.toml` file"))
            .with_hint(format!("{} is TOML, like {}", named.what, named.example)));
    }
    let path = monster_file_path(board, file);
    let role = format!("the board's `{key}` names it, relative to the board's folder");
    let text = read_argument(&path, &role).map_err(|mut d| {
        // A read error may quote the file (invalid UTF-8 is shown in place): never here.
        d.location = None;
        d.excerpt = None;
        d
    })?;
    if !(named.looks_like)(&text) {
        return Err(at(format!(
            "`{path}`, named by the board's `{key}`, is not {}",
            named.what
        ))
        .with_hint(format!(
            "{} {}; its text is not shown, since the board chose it. Check `{key}`, or pass `{}`",
            named.what, named.shape, named.flag
        )));
    }
    Ok(NamedMonsterFile { path, text })
}

/// The field naming the monster file as the board writes it: `monster_file`, or the
/// older `scheme_file`, which boards may still use.
fn field_name(board_text: &str) -> &'static str {
    let old = serde_json::from_str::<serde_json::Value>(board_text)
        .is_ok_and(|v| v.get("scheme_file").is_some());
    if old { "scheme_file" } else { "monster_file" }
}

/// The path of the monster file a board's `monster_file` names: relative to the board's
/// folder (to the current folder for a board on standard input, `-`).
pub fn monster_file_path(board: &str, file: &str) -> String {
    let folder = Path::new(board)
        .parent()
        .filter(|_| board != "-")
        .unwrap_or(Path::new(""));
    folder.join(file).display().to_string()
}

/// Whether text is a JSON document rather than TOML (a board given where a monster file
/// belongs): its first non-blank character opens an object.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// A TOML table with a `hero` array (or none) and no keys but `format` and `hero`.
pub fn looks_like_heroes_file(text: &str) -> bool {
    let Ok(table) = text.parse::<toml::Table>() else {
        return false;
    };
    table.contains_key("format")
        && table.get("hero").is_none_or(|h| h.is_array())
        && table.keys().all(|k| k == "format" || k == "hero")
}

/// A TOML table with a `monster` array and no keys but `format`, `system` and `monster`.
pub fn looks_like_monster_file(text: &str) -> bool {
    let Ok(table) = text.parse::<toml::Table>() else {
        return false;
    };
    table.get("monster").is_some_and(|m| m.is_array())
        && table
            .keys()
            .all(|k| k == "format" || k == "system" || k == "monster")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_relative_toml_paths_are_accepted() {
        let board = r#"{"monster_file": "x"}"#;
        for bad in [
            "/etc/shadow",
            "/proc/self/environ",
            "../../../../etc/passwd",
            "",
            "a.json",
        ] {
            let d = read_board_monster_file("b/board.json", board, bad)
                .err()
                .unwrap();
            assert!(
                d.message.starts_with("`monster_file` must"),
                "{bad}: {}",
                d.message
            );
            assert_eq!(d.path.as_deref(), Some("monster_file"));
        }
    }

    #[test]
    fn monster_files_are_recognised() {
        assert!(looks_like_monster_file(
            "format = 1\n[[monster]]\nname = \"x\"\n"
        ));
        assert!(looks_like_monster_file(
            "format = 1\nsystem = \"ability-deck\"\n[[monster]]\nname = \"x\"\n"
        ));
        assert!(!looks_like_monster_file("api_token = \"secret\"\n"));
        assert!(!looks_like_monster_file(
            "format = 1\napi_token = \"s\"\n[[monster]]\n"
        ));
        assert!(!looks_like_monster_file(
            "root:x:0:0:root:/root:/bin/bash\n"
        ));
    }
}

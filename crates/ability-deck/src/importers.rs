//! What the importers of other tools' files (the `monster-ai-import` crate) need to write
//! this system's monster files, and nothing more: the condition words a card may carry,
//! the check a written file must pass, and a type's HP at a level. Everything else in this
//! crate stays behind its wall.

use crate::compile::load_decks;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, Diagnostics, did_you_mean};

pub use crate::compile::CardCondition;

/// Checks the text of an ability-deck monster file as `check` would: the problems, if any.
pub fn check_monster_file(file: &str, text: &str) -> std::result::Result<(), Diagnostics> {
    load_decks(file, text).map(|_| ())
}

/// The HP of type `kind` of the ability-deck monster file `file` (its `text`), elite or
/// normal, at the highest level the file defines at or below `level` (else its lowest),
/// for `characters` characters.
pub fn type_hp(
    file: &str,
    text: &str,
    kind: &str,
    elite: bool,
    level: u32,
    characters: usize,
) -> Result<i64> {
    let decks = load_decks(file, text)?;
    let Some(t) = decks.get(kind) else {
        let names: Vec<&str> = decks.types.iter().map(|t| t.name.as_str()).collect();
        let hint = match did_you_mean(kind, &names) {
            Some(g) => format!("did you mean `{g}`?"),
            None => format!("types in {file}: {}", names.join(", ")),
        };
        return Err(
            Diagnostic::plain(format!("--type {kind}: {file} has no such monster type"))
                .with_hint(hint)
                .into(),
        );
    };
    if elite && t.boss {
        return Err(Diagnostic::plain(format!(
            "--elite: {kind} is a boss, which has no elite line"
        ))
        .with_hint("leave out --elite")
        .into());
    }
    // The highest level defined at or below the board's, else the lowest defined.
    let at = t
        .levels
        .range(..=level)
        .next_back()
        .or_else(|| t.levels.iter().next())
        .map(|(l, _)| *l)
        .unwrap_or(0);
    let hp = t
        .line(at, elite)
        .map(|line| line.hp.value(characters.max(1) as u32))
        .unwrap_or(1);
    Ok(hp)
}

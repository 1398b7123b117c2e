//! Reading the files named on the command line: each is told to be a monster file (it has
//! `stats`) or a deck file (`abilities`), and a monster's deck not given is looked for
//! where GHS keeps it (`../deck/NAME.json` beside the monster folder, or `deck/NAME.json`
//! inside it).

use super::model::{DeckFile, GhsFile, MonsterFile};
use super::source::Source;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::{parse_json, read_argument, read_text};
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::path::Path;

/// Just enough of a file to tell which kind it is.
#[derive(Deserialize)]
struct Kind {
    #[serde(default)]
    stats: Option<IgnoredAny>,
    #[serde(default)]
    abilities: Option<IgnoredAny>,
}

/// Reads and parses one file.
pub(crate) fn read(path: &str, text: Option<String>) -> Result<(Source, GhsFile), Diagnostic> {
    let text = match text {
        Some(t) => t,
        None => read_argument(path, "each file is a GHS monster or deck file (JSON)")?,
    };
    let kind: Kind = parse_json(path, &text).map_err(|d| {
        if d.message.contains("invalid type") {
            d.with_hint("a GHS monster or deck file is one JSON object")
        } else {
            d
        }
    })?;
    let file = match (kind.stats.is_some(), kind.abilities.is_some()) {
        (true, false) => GhsFile::Monster(Box::new(parse_json::<MonsterFile>(path, &text)?)),
        (false, true) => GhsFile::Deck(parse_json::<DeckFile>(path, &text)?),
        _ => {
            return Err(Diagnostic::at_span(path, &text, 0..0, format!(
                "`{path}` is neither a GHS monster file nor a deck file"
            ))
            .with_hint("a monster file has `stats` (data/EDITION/monster/NAME.json), a deck file `abilities` (data/EDITION/monster/deck/NAME.json)"));
        }
    };
    Ok((
        Source {
            path: path.to_string(),
            text,
        },
        file,
    ))
}

/// The deck `deck` of the monster file at `monster`, where GHS keeps decks: `Ok(None)`
/// when there is no such file; a file there that is not a deck is an error.
pub(crate) fn find_deck(
    monster: &str,
    deck: &str,
) -> Result<Option<(Source, DeckFile)>, Diagnostic> {
    if deck.is_empty() || deck.contains(['/', '\\']) || deck.starts_with('.') {
        return Ok(None);
    }
    let Some(folder) = Path::new(monster).parent() else {
        return Ok(None);
    };
    let name = format!("{deck}.json");
    let candidates = [
        folder.join("..").join("deck").join(&name),
        folder.join("deck").join(&name),
    ];
    let Some(found) = candidates.iter().find(|c| c.is_file()) else {
        return Ok(None);
    };
    let path = found.to_string_lossy().into_owned();
    let text = read_text(&path)?;
    match read(&path, Some(text))? {
        (src, GhsFile::Deck(d)) => Ok(Some((src, d))),
        (src, GhsFile::Monster(_)) => Err(Diagnostic::at_span(
            &path,
            &src.text,
            0..0,
            format!("`{path}` should be the deck `{deck}`, but it is a monster file"),
        )
        .with_hint("give the deck file on the command line")),
    }
}

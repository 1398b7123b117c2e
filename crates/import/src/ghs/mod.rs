//! `import ghs`: Gloomhaven Secretariat monster files (and their decks) become one
//! ability-deck monster file of ours.
//!
//! - `files`: reading the files, telling monsters from decks, finding a deck not given;
//! - `model`: GHS's JSON as written; `source`: a file's text and its numbers;
//! - `stats`: stat lines per level; `actions`, `area`: the cards in our card language;
//! - `toml_out`: writing our monster file.

mod actions;
mod area;
mod files;
mod model;
mod source;
mod stats;
mod toml_out;

use crate::Dropped;
use crate::io::diagnostic::Diagnostic;
use model::{DeckFile, GhsFile, MonsterFile};
use monster_ai_ability_deck::importers::check_monster_file;
use source::{MAX_NUMBER, Source};
use toml_out::{Card, Monster};

/// Most files one import reads.
const MAX_FILES: usize = 200;
/// Fields of an ability that mean nothing when they hold their default.
const QUIET_WHEN_EMPTY: [&str; 12] = [
    "lost",
    "round",
    "persistent",
    "loss",
    "xp",
    "bottomActions",
    "bottomLost",
    "bottomRound",
    "bottomPersistent",
    "bottomLoss",
    "bottomXp",
    "bottomShuffle",
];
/// Fields of a file that only GHS's display uses.
const DISPLAY_ONLY: [&str; 9] = [
    "thumbnail",
    "thumbnailUrl",
    "spoiler",
    "hidden",
    "replace",
    "catching",
    "errors",
    "revealed",
    "level",
];

/// The import's result: our monster file, what was left out, and every file read.
pub struct Imported {
    /// The monster file, as TOML text.
    pub toml: String,
    /// The names of the monster types it holds.
    pub types: Vec<String>,
    /// What could not be carried over.
    pub dropped: Vec<Dropped>,
    /// Every file read, as given or found (output is never written onto them).
    pub read: Vec<String>,
}

fn is_empty_value(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

fn check_edition(
    src: &Source,
    edition: Option<&str>,
    found: Option<&str>,
) -> Result<(), Diagnostic> {
    match (edition, found) {
        (Some(want), Some(got)) if want != got => Err(src
            .error(
                "edition",
                format!("this file is of edition `{got}`, not `{want}`"),
            )
            .with_hint("give files of the edition asked for, or leave out --edition")),
        _ => Ok(()),
    }
}

fn check_name(src: &Source, name: &str) -> Result<(), Diagnostic> {
    if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(src
            .error(
                "name",
                format!("`{}` cannot name a monster type", name.escape_debug()),
            )
            .with_hint("GHS names are words joined by `-`, such as `bandit-guard`"));
    }
    Ok(())
}

/// Imports the files at `paths` (monster files, each followed by or finding its deck).
pub fn import(paths: &[String], edition: Option<&str>) -> Result<Imported, Diagnostic> {
    if paths.len() > MAX_FILES {
        return Err(Diagnostic::plain(format!(
            "{} files are too many for one import",
            paths.len()
        ))
        .with_hint(format!("import at most {MAX_FILES} files at a time")));
    }
    let mut monsters: Vec<(Source, MonsterFile)> = Vec::new();
    let mut decks: Vec<(Source, DeckFile)> = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        match files::read(path, None)? {
            (src, GhsFile::Deck(_)) if i == 0 => {
                return Err(Diagnostic::at_span(path, &src.text, 0..0, format!(
                    "`{path}` is a deck file, but a monster file comes first"
                ))
                .with_hint("name the monster file (it has `stats`) first, then its deck: `import ghs MONSTER.json DECK.json`"));
            }
            (src, GhsFile::Deck(d)) => {
                check_edition(&src, edition, d.edition.as_deref())?;
                decks.push((src, d));
            }
            (src, GhsFile::Monster(m)) => {
                check_edition(&src, edition, m.edition.as_deref())?;
                check_name(&src, &m.name)?;
                if monsters.iter().any(|(_, o)| o.name == m.name) {
                    return Err(src
                        .error("name", format!("the monster `{}` is given twice", m.name))
                        .with_hint("give each monster file once"));
                }
                monsters.push((src, *m));
            }
        }
    }
    let mut read: Vec<String> = paths.to_vec();
    let types: Vec<String> = monsters.iter().map(|(_, m)| m.name.clone()).collect();
    let mut used = vec![false; decks.len()];
    let mut dropped = Vec::new();
    let mut out = Vec::new();
    for (src, m) in &monsters {
        let deck_name = m.deck.clone().unwrap_or_else(|| m.name.clone());
        let found;
        let (dsrc, deck) = match decks.iter().position(|(_, d)| d.name == deck_name) {
            Some(i) => {
                used[i] = true;
                (&decks[i].0, &decks[i].1)
            }
            None => match files::find_deck(&src.path, &deck_name)? {
                Some(f) => {
                    check_edition(&f.0, edition, f.1.edition.as_deref())?;
                    read.push(f.0.path.clone());
                    found = f;
                    (&found.0, &found.1)
                }
                None => {
                    return Err(src
                        .error(if m.deck.is_some() { "deck" } else { "name" }, format!(
                            "the deck `{deck_name}` of {} was not given and is not where GHS keeps it",
                            m.name
                        ))
                        .with_hint(format!("give its deck file after it: `import ghs {} …/deck/{deck_name}.json`", src.path)));
                }
            },
        };
        out.push(monster(src, m, dsrc, deck, &types, &mut dropped)?);
    }
    if let Some(i) = used.iter().position(|u| !u) {
        let (src, d) = &decks[i];
        return Err(src
            .error(
                "name",
                format!(
                    "the deck `{}` is the deck of none of the monsters given",
                    d.name
                ),
            )
            .with_hint(
                "a monster's deck is named by its `deck` field (or, without one, its `name`)",
            ));
    }
    let toml = toml_out::monster_file(&out);
    // Our own checks, as `check` will run them: a failure here is a fault of this reader.
    if let Err(problems) = check_monster_file("the imported file", &toml) {
        return Err(Diagnostic::plain(format!(
            "the imported monster file does not pass our own checks: {}",
            problems.first().message
        ))
        .with_hint("this is a fault of the importer; please report it with the GHS files"));
    }
    Ok(Imported {
        toml,
        types,
        dropped,
        read,
    })
}

/// One monster type: its stat lines and its deck's cards.
fn monster(
    src: &Source,
    m: &MonsterFile,
    dsrc: &Source,
    deck: &DeckFile,
    types: &[String],
    dropped: &mut Vec<Dropped>,
) -> Result<Monster, Diagnostic> {
    let standees = match m.count {
        Some(n) if (1..=30).contains(&n) => Some(n),
        Some(n) => {
            return Err(src
                .error(
                    "count",
                    format!("{n} standees is not a number this reader takes"),
                )
                .with_hint("a monster has from 1 to 30 standees"));
        }
        None => None,
    };
    for (key, value) in &m.other {
        if !DISPLAY_ONLY.contains(&key.as_str()) && !is_empty_value(value) {
            dropped.push(src.dropped(key.clone(), format!("the field `{key}` is not read")));
        }
    }
    let lines = stats::stat_lines(src, m, dropped)?;
    for (key, value) in &deck.other {
        if !DISPLAY_ONLY.contains(&key.as_str()) && key != "character" && !is_empty_value(value) {
            dropped.push(dsrc.dropped(key.clone(), format!("the field `{key}` is not read")));
        }
    }
    let mut cards = Vec::new();
    for (ci, ability) in deck.abilities.iter().enumerate() {
        let path = format!("abilities[{ci}]");
        if !(0..=99).contains(&ability.initiative) {
            return Err(dsrc
                .error(
                    &format!("{path}.initiative"),
                    format!("initiative {} is out of range", ability.initiative),
                )
                .with_hint("initiatives run from 0 to 99"));
        }
        if let Some(id) = ability
            .card_id
            .filter(|id| !(0..=100 * MAX_NUMBER).contains(id))
        {
            return Err(dsrc
                .error(
                    &format!("{path}.cardId"),
                    format!("card number {id} is not one this reader takes"),
                )
                .with_hint("card numbers run from 0 to 100000"));
        }
        let name = match (&ability.name, ability.card_id) {
            (Some(n), _) if !n.is_empty() && !n.chars().any(char::is_control) => n.clone(),
            (_, Some(id)) => format!("card {id}"),
            _ => format!("card {}", ci + 1),
        };
        let label = format!("{} {name} (initiative {})", deck.name, ability.initiative);
        for (key, value) in &ability.other {
            let quiet = DISPLAY_ONLY.contains(&key.as_str())
                || (QUIET_WHEN_EMPTY.contains(&key.as_str()) && is_empty_value(value));
            if !quiet {
                dropped.push(dsrc.dropped(
                    format!("{label}, {path}.{key}"),
                    format!("`{key}` is left out"),
                ));
            }
        }
        actions::check_types(dsrc, &ability.actions, &format!("{path}.actions"))?;
        let mut cx = actions::Cx {
            src: dsrc,
            types,
            specials: &lines.specials,
            card: label.clone(),
            dropped,
        };
        let lines_of_card =
            actions::card_lines(&ability.actions, &format!("{path}.actions"), &mut cx)?;
        if lines_of_card.is_empty() {
            dropped.push(dsrc.dropped(
                format!("{label}, {path}"),
                "the whole card is left out: none of its actions can be said (the deck has one card fewer)",
            ));
            continue;
        }
        cards.push(Card {
            name,
            initiative: ability.initiative,
            shuffle: ability.shuffle,
            actions: lines_of_card,
        });
    }
    if cards.is_empty() {
        return Err(dsrc
            .error(
                "abilities",
                format!("no card of the deck `{}` can be carried over", deck.name),
            )
            .with_hint(
                "every card's actions are ones our card language cannot say (see the notes)",
            ));
    }
    if !lines.specials.is_empty()
        && !deck
            .abilities
            .iter()
            .any(|a| a.actions.iter().any(|x| x.kind == "special"))
    {
        dropped.push(src.dropped(
            "baseStat.special",
            "the boss's special actions are left out: no card calls them",
        ));
    }
    Ok(Monster {
        name: m.name.clone(),
        standees,
        lines,
        cards,
    })
}

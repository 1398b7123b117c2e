//! The numbers of this system's files a balance sweep (`simulate --vary`) may vary: a
//! monster type's `hp`, `move`, `attack` and `range` on the stat line the board's
//! scenario level uses (`elite-hp`, ... on the elite line) and the board's scenario `level`
//! (a character's `attack` on its cards is `heroes::knob`'s).

use super::format::{DeckFile, StatLineDef, StatValue};
use super::state::{NAME, level};
use crate::board::Fight;
use crate::io::diagnostic::Diagnostic;
use crate::io::knob::{Knob, entry, json_number, unknown};
use crate::io::load::parse_toml;
use toml::Spanned;

/// A monster type's numbers: its normal line's, then its elite line's.
const STATS: [&str; 8] = [
    "hp",
    "move",
    "attack",
    "range",
    "elite-hp",
    "elite-move",
    "elite-attack",
    "elite-range",
];

/// Where `stat` of type `kind` is written in monster file `text` (the line of `fight`'s
/// level), or with no `kind` the board's `level` in board text `text`.
pub(super) fn monster(
    fight: &Fight,
    text: &str,
    kind: Option<&str>,
    stat: &str,
) -> Result<Knob, Diagnostic> {
    let Some(kind) = kind else {
        if stat != "level" {
            return Err(unknown("an ability-deck board", stat, &["level"]));
        }
        return json_number(text, &format!("systems.{NAME}.level"))
            .ok_or_else(|| Diagnostic::plain("the board is not a JSON object"));
    };
    let file: DeckFile = parse_toml("the monster file", text)?;
    let m = entry(&file.monsters, |m| m.name.get_ref(), kind, stat, &STATS)?;
    // The line a turn reads: the highest level at or below the board's, else the lowest.
    let board = level(fight);
    let at = |l: &&super::format::LevelDef| *l.level.get_ref();
    let chosen = m
        .levels
        .iter()
        .filter(|l| at(l) <= board)
        .max_by_key(at)
        .or_else(|| m.levels.iter().min_by_key(at));
    let Some(l) = chosen else {
        return Err(Diagnostic::plain(format!("`{kind}` has no stat line")));
    };
    let (line, field) = match stat.strip_prefix("elite-") {
        Some(field) => match &l.elite {
            Some(line) => (line, field),
            None => {
                return Err(Diagnostic::plain(format!(
                    "`{kind}` has no elite line at level {}",
                    at(&l)
                ))
                .with_hint(format!("vary `{kind}.{field}`, its normal line")));
            }
        },
        None => (&l.normal, stat),
    };
    number(kind, line, field)
}

/// Field `field` of stat line `line`, when it is written as a number.
fn number(kind: &str, line: &StatLineDef, field: &str) -> Result<Knob, Diagnostic> {
    let value: &Spanned<StatValue> = match field {
        "hp" => &line.hp,
        "move" => &line.movement,
        "attack" => &line.attack,
        _ => {
            return match &line.range {
                Some(range) => Ok(Knob::at(range.span())),
                None => Err(Diagnostic::plain(format!(
                    "`{kind}`'s stat line gives no range (it fights in melee)"
                ))
                .with_hint("write `range = N` in its line to vary it")),
            };
        }
    };
    match value.get_ref() {
        StatValue::Number(_) => Ok(Knob::at(value.span())),
        StatValue::Text(t) => Err(Diagnostic::plain(format!(
            "`{kind}`'s {field} is written `{t}`, counted per character: a sweep sets a whole number"
        ))
        .with_hint(format!("write a number for its {field} to vary it"))),
    }
}

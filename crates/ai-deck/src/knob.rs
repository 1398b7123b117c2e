//! The numbers of this system's files a balance sweep (`simulate --vary`) may vary: a
//! monster type's `toughness`, `movement` and `evasion` in the monster file (a survivor's
//! weapon numbers in the heroes file are `characters::knob`'s).

use super::format::AiFile;
use crate::io::diagnostic::Diagnostic;
use crate::io::knob::{Knob, entry, unknown};
use crate::io::load::parse_toml;

/// A monster type's numbers.
const STATS: [&str; 3] = ["toughness", "movement", "evasion"];

/// Where `stat` of type `kind` is written in monster file `text`.
pub(super) fn monster(text: &str, kind: Option<&str>, stat: &str) -> Result<Knob, Diagnostic> {
    let Some(kind) = kind else {
        return Err(unknown("an AI-deck board", stat, &[]));
    };
    let file: AiFile = parse_toml("the monster file", text)?;
    let m = entry(&file.monsters, |m| m.name.get_ref(), kind, stat, &STATS)?;
    let span = match stat {
        "toughness" => m.toughness.span(),
        "movement" => m.movement.span(),
        _ => match &m.evasion {
            Some(e) => e.span(),
            None => {
                return Err(
                    Diagnostic::plain(format!("`{kind}` gives no evasion (it is 0)"))
                        .with_hint("write `evasion = 0` in its entry to vary it"),
                );
            }
        },
    };
    Ok(Knob::at(span))
}

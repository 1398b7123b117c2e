//! The numbers of this system's monster file a balance sweep (`simulate --vary`) may
//! vary: a monster type's `hp`, `defence`, `speed` and `strength` (written as a whole
//! number; the file takes one where it takes a decimal).

use super::format::NeedsFile;
use crate::io::diagnostic::Diagnostic;
use crate::io::knob::{Knob, entry, unknown};
use crate::io::load::parse_toml;

/// A monster type's numbers.
const STATS: [&str; 4] = ["hp", "defence", "speed", "strength"];

/// Where `stat` of type `kind` is written in monster file `text`.
pub(super) fn monster(text: &str, kind: Option<&str>, stat: &str) -> Result<Knob, Diagnostic> {
    let Some(kind) = kind else {
        return Err(unknown("a need-driven board", stat, &[]));
    };
    let file: NeedsFile = parse_toml("the monster file", text)?;
    let m = entry(&file.monsters, |m| m.name.get_ref(), kind, stat, &STATS)?;
    let span = match stat {
        "hp" => m.hp.span(),
        "defence" => m.defence.span(),
        "speed" => m.speed.span(),
        _ => m.strength.span(),
    };
    Ok(Knob::at(span))
}

//! The numbers of this system's files a balance sweep (`simulate --vary`) may vary: a
//! monster type's `hp`, `defence`, `speed` and `range` in the monster file (a character's
//! `attack` in the heroes file is `heroes::knob`'s).

use super::format::SchemeFile;
use crate::io::diagnostic::Diagnostic;
use crate::io::knob::{Knob, entry, unknown};
use crate::io::load::parse_toml;

/// A monster type's numbers.
const STATS: [&str; 4] = ["hp", "defence", "speed", "range"];

/// Where `stat` of type `kind` is written in monster file `text`.
pub(super) fn monster(text: &str, kind: Option<&str>, stat: &str) -> Result<Knob, Diagnostic> {
    let Some(kind) = kind else {
        return Err(unknown("a Monster A.I. board", stat, &[]));
    };
    let file: SchemeFile = parse_toml("the monster file", text)?;
    let m = entry(&file.monsters, |m| m.name.get_ref(), kind, stat, &STATS)?;
    let span = match stat {
        "hp" => m.hp.span(),
        "defence" => m.defence.span(),
        "speed" => m.speed.span(),
        _ => m.range.span(),
    };
    Ok(Knob::at(span))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOBLINS: &str = "format = 1\n\n[[monster]]\nname = \"Warg\"\nhp = 22\ndefence = 13\nspeed = 10\nrange = 1\n\n[[monster.behaviour]]\ndo = [\"move\"]\n";

    #[test]
    fn a_types_stats_are_found_in_its_entry() {
        let k = monster(GOBLINS, Some("Warg"), "hp").unwrap();
        assert_eq!(k.apply(GOBLINS, 30), GOBLINS.replace("hp = 22", "hp = 30"));
        let k = monster(GOBLINS, Some("Warg"), "defence").unwrap();
        assert_eq!(k.now(GOBLINS), Some(13));
        let d = monster(GOBLINS, Some("Warg"), "toughness").unwrap_err();
        assert_eq!(d.message, "Warg has no number `toughness` to vary");
        let d = monster(GOBLINS, None, "level").unwrap_err();
        assert_eq!(
            d.message,
            "a Monster A.I. board has no number `level` to vary"
        );
    }
}

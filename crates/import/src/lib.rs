//! Reading other tools' files (SPEC §13): Gloomhaven Secretariat's monster and deck data
//! ([`ghs`]) and gloom's map-editor links ([`gloom`]). Each reader turns the foreign
//! format into our own text (an ability-deck monster file, a hex board) and lists, as
//! [`Dropped`] notes, everything it could not carry over; nothing is left out silently.
//! The readers are ours, written from the formats; no code or data of those projects is
//! used.

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{grid, io};

mod dropped;
pub mod ghs;
pub mod gloom;

pub use dropped::Dropped;

use monster_ai_focus::aoe::{Axial, Pattern};

/// The picture form (docs/gloomhaven.md) of an area given as axial hexes; `attacker` is
/// the attacker's hex for a melee area fixed to it.
pub(crate) fn area_text(hexes: &[Axial], attacker: Option<Axial>) -> String {
    let origin = attacker
        .or_else(|| hexes.iter().min().copied())
        .unwrap_or((0, 0));
    let offsets = hexes
        .iter()
        .map(|h| (h.0 - origin.0, h.1 - origin.1))
        .collect();
    Pattern::from_offsets(offsets, attacker.is_some()).picture()
}

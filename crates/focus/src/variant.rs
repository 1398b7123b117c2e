//! The rule variants of the Gloomhaven family: the same focus and movement procedure with
//! the few rulings the later editions changed (SPEC §6's table).

use crate::grid::sight::HexSight;
use serde::Serialize;

/// Which edition's rulings the solver follows. `Gloomhaven` is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    #[default]
    /// The first edition's rulings.
    Gloomhaven,
    /// Frosthaven's rulings.
    Frosthaven,
    /// Jaws of the Lion's rulings.
    JawsOfTheLion,
}

impl Variant {
    /// Every variant, in the order the command line lists them.
    pub const ALL: [Variant; 3] = [
        Variant::Gloomhaven,
        Variant::Frosthaven,
        Variant::JawsOfTheLion,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Gloomhaven => "gloomhaven",
            Variant::Frosthaven => "frosthaven",
            Variant::JawsOfTheLion => "jaws-of-the-lion",
        }
    }

    /// Line of sight: corner to corner in Gloomhaven, any point to any point later.
    pub fn sight(self) -> HexSight {
        match self {
            Variant::Gloomhaven => HexSight::CornerToCorner,
            _ => HexSight::AnyPoint,
        }
    }

    /// A jump pays the difficult terrain of the hex it lands in.
    pub fn jump_pays_landing(self) -> bool {
        self == Variant::Gloomhaven
    }

    /// Proximity (steps around walls) breaks ties between equally near foci.
    pub fn proximity_breaks_ties(self) -> bool {
        self != Variant::JawsOfTheLion
    }

    /// Shedding disadvantage against the focus counts before the number of targets (and
    /// secondary targets are ranked like foci). Frosthaven instead counts the targets
    /// first and then prefers fewer of them at disadvantage.
    pub fn focus_disadvantage_first(self) -> bool {
        self != Variant::Frosthaven
    }

    /// With no attack possible this turn, head for the best multi-target hex; otherwise
    /// (Frosthaven) for the nearest hex the focus can be attacked from.
    pub fn approach_best_hex(self) -> bool {
        self != Variant::Frosthaven
    }

    /// Secondary targets of a multi-target attack are ranked like foci.
    pub fn ranks_secondaries(self) -> bool {
        self != Variant::Frosthaven
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_rulings() {
        let g = Variant::Gloomhaven;
        let f = Variant::Frosthaven;
        let j = Variant::JawsOfTheLion;
        assert_eq!(
            [g.sight(), f.sight(), j.sight()],
            [
                HexSight::CornerToCorner,
                HexSight::AnyPoint,
                HexSight::AnyPoint
            ]
        );
        assert_eq!(
            Variant::ALL.map(Variant::jump_pays_landing),
            [true, false, false]
        );
        assert_eq!(
            Variant::ALL.map(Variant::proximity_breaks_ties),
            [true, true, false]
        );
        assert_eq!(
            Variant::ALL.map(Variant::focus_disadvantage_first),
            [true, false, true]
        );
        assert_eq!(
            Variant::ALL.map(Variant::approach_best_hex),
            [true, false, true]
        );
        assert_eq!(
            Variant::ALL.map(Variant::ranks_secondaries),
            [true, false, true]
        );
        assert_eq!(Variant::default(), g);
        assert_eq!(j.name(), "jaws-of-the-lion");
    }
}

//! The attack as the solver reads it: range, targets, area and reach, made once per
//! scene from the card's attack (or a plain melee attack when the card has none).

use super::aoe::{Axial, Pattern};
use super::scene::Scene;

/// The attack as the solver uses it: the card's, or a plain melee attack for a card
/// without one (focus is found as if it had one).
pub(crate) struct Shape {
    pub range: u32,
    pub targets: u32,
    /// Orientations of the area, if any.
    pub area: Option<Vec<Vec<Axial>>>,
    pub anchored: bool,
    /// How far from the attacker's hex (straight, ignoring walls) anything it can hit
    /// may be: the range plus the area's span.
    pub reach: u32,
    /// Ranged attacks suffer disadvantage against adjacent targets.
    pub ranged: bool,
}

impl Shape {
    pub(super) fn of(scene: &Scene) -> Shape {
        match &scene.plan.attack {
            None => Shape {
                range: 1,
                targets: 1,
                area: None,
                anchored: false,
                ranged: false,
                reach: 1,
            },
            Some(a) => Shape {
                range: a.range.max(1),
                targets: a.targets.max(1),
                area: a.aoe.as_ref().map(|p| p.orientations()),
                anchored: a.aoe.as_ref().is_some_and(|p| p.anchored()),
                ranged: a.ranged() && !a.aoe.as_ref().is_some_and(|p| p.anchored()),
                reach: a
                    .range
                    .max(1)
                    .saturating_add(a.aoe.as_ref().map_or(0, Pattern::span)),
            },
        }
    }
}

//! One attack's blow at one target once its attack-modifier card is known: the same for
//! a monster's attack, a character `simulate` plays and a character's attack the players
//! record at the table (`record BOARD attack ...`). The attack gains 1 against a poisoned
//! target before the card; the card is applied; the target's shield stops the damage
//! less the attack's pierce (`World::damage`); a target still standing gets the attack's
//! conditions unless its type is immune. The caller lets the target retaliate
//! afterwards (`rules::retaliate`), after whatever else its attack does (push, curse).

use super::compile::{AbilityDecks, CardCondition};
use super::events::DeckEvent;
use super::modifiers::Draw;
use super::stat_line::status_of;
use crate::board::StatusKind;
use crate::rules::events::Event;
use crate::rules::world::{Harm, World};

/// The attack on `target` before its card: `base` (never below 0), 1 more when the
/// target is poisoned; and whether it was.
pub(crate) fn attack_on(world: &World, target: usize, base: i32) -> (i32, bool) {
    let poisoned = world.fight().has_status(target, StatusKind::Poisoned);
    (base.max(0) + i32::from(poisoned), poisoned)
}

/// What a blow carries to its target beyond its card.
pub(crate) struct Blow<'a> {
    /// Who attacks.
    pub attacker: &'a str,
    /// Who is attacked.
    pub target: &'a str,
    /// How much of the target's shield it ignores.
    pub pierce: u32,
    /// The conditions it gives a target that still stands.
    pub conditions: &'a [CardCondition],
}

/// Lands `blow`, an attack of `attack` (from [`attack_on`]; `poisoned` when it counted
/// the target's poison) with `draw` its card: the `modifier-drawn` event, the damage,
/// then the conditions. Returns whether the target still stands.
pub(crate) fn land(
    world: &mut World,
    decks: &AbilityDecks,
    blow: &Blow,
    (attack, poisoned): (i32, bool),
    draw: Draw,
) -> bool {
    let value = draw.used.apply(attack);
    world.emit(Event::system(DeckEvent::ModifierDrawn {
        attacker: blow.attacker.to_string(),
        target: blow.target.to_string(),
        drawn: draw.drawn.iter().map(|c| c.label().to_string()).collect(),
        used: draw.used.label().to_string(),
        base: attack,
        attack: value,
        poisoned,
        entered: draw.entered,
    }));
    let harm = Harm {
        from_attack: true,
        pierce: blow.pierce,
        ..Harm::dealt_by(blow.attacker, "attack")
    };
    world.damage(blow.target, value, harm);
    if !world.alive(blow.target) {
        return false;
    }
    for c in blow.conditions {
        let immune = world
            .idx(blow.target)
            .and_then(|j| world.fight().board.creatures[j].kind.clone())
            .and_then(|k| decks.get(&k).map(|t| t.immune.contains(c)))
            .unwrap_or(false);
        if immune {
            world.trait_note(
                blow.target,
                "immunity",
                &format!("is immune to {}", c.word()),
            );
        } else {
            world.add_status(blow.target, status_of(*c), None);
        }
    }
    true
}

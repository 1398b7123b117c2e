//! The survivors' side of a monster's hit (SPEC §12): a survivor whose hit locations the
//! board tracks loses the armour at the location hit first; a hit that gets past it raises
//! the location's injury (light, then heavy); past the armour at a heavy location it is a
//! severe injury: the survivor is knocked down and the players roll a d10 on the
//! location's severe-injury table, whose result may kill. A survivor without tracked
//! locations only hears the hits narrated (said once per command). Knocked-down
//! survivors stand up at the end of the next monster turn.

use super::card::Release;
use super::events::{AiEvent, Fact};
use super::notes::{note, note_fact};
use super::severe;
use super::state::{self, Injury, Location};
use super::status;
use crate::board::{Fight, Side};
use crate::rules::events::Event;
use crate::rules::world::World;

/// What the narration says, once per command, of a survivor whose hits are not applied.
const UNTRACKED: &str = "the board tracks no hit locations for this survivor: the damage above is narrated only, for the players to apply";

/// What one hit did to a tracked location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Landed {
    /// The armour took it all.
    Absorbed,
    /// It got past the armour and left this injury.
    Injured(Injury),
    /// It got past the armour at a heavy location.
    Severe,
}

/// Lands a hit of `damage` on `loc`: armour first, then one injury level.
pub(crate) fn resolve(loc: &mut Location, damage: u32) -> Landed {
    if damage <= loc.armour {
        loc.armour -= damage;
        return Landed::Absorbed;
    }
    loc.armour = 0;
    match loc.injury {
        Injury::None => {
            loc.injury = Injury::Light;
            Landed::Injured(Injury::Light)
        }
        Injury::Light => {
            loc.injury = Injury::Heavy;
            Landed::Injured(Injury::Heavy)
        }
        Injury::Heavy => Landed::Severe,
    }
}

/// A monster's hit of `damage` at `location` on survivor `target`, applied when the board
/// tracks the survivor's hit locations (a severe injury may kill it).
pub(crate) fn land(world: &mut World, target: &str, location: &str, damage: u32) {
    let mut st = state::read(world.fight());
    let facts = st.survivors.entry(target.to_string()).or_default();
    let Some(locations) = facts.locations.as_mut() else {
        let told = world.events().iter().any(|e| {
            e.system_event::<AiEvent>().is_some_and(|a| {
                matches!(a, AiEvent::AiNote { creature, detail, .. } if creature == target && detail == UNTRACKED)
            })
        });
        if !told {
            note(world, target, UNTRACKED);
        }
        return;
    };
    let loc = locations.entry(location.to_string()).or_default();
    let armour_before = loc.armour;
    let landed = resolve(loc, damage);
    let (absorbed, armour) = (armour_before - loc.armour, loc.armour);
    let severe = landed == Landed::Severe;
    if severe {
        facts.knocked_down = true;
    }
    let injury = match landed {
        Landed::Absorbed => "none",
        Landed::Injured(i) => i.word(),
        Landed::Severe => "severe",
    };
    world.emit(Event::system(AiEvent::LocationHurt {
        target: target.to_string(),
        location: location.to_string(),
        absorbed,
        armour,
        injury: injury.into(),
    }));
    if !severe {
        state::write(world, &st);
        return;
    }
    let what = format!("{}'s severe {location} injury table", world.name_of(target));
    let (roll, entered) = world.roll_die(10, &what);
    let result = severe::look_up(&st.severe_injuries, location, roll).cloned();
    let (words, dies) = result.map_or(("no table says what".to_string(), false), |r| {
        (r.result, r.dies)
    });
    if let Some(f) = st.survivors.get_mut(target) {
        f.severe.push(format!("{location}: {words}"));
    }
    state::write(world, &st);
    world.emit(Event::system(AiEvent::SevereInjury {
        target: target.to_string(),
        location: location.to_string(),
        roll,
        result: words,
        dies,
        entered,
    }));
    if dies {
        world.die(target);
    } else {
        status::release(
            world,
            target,
            Release::KnockedDown,
            None,
            ": it is knocked down",
        );
    }
}

/// Survivor `target` is knocked down (`how`: the words of the note).
pub(crate) fn knock_down(world: &mut World, target: &str, how: &str) {
    let mut st = state::read(world.fight());
    st.survivors
        .entry(target.to_string())
        .or_default()
        .knocked_down = true;
    state::write(world, &st);
    note_fact(world, target, how, Some(Fact::KnockedDown));
    status::release(
        world,
        target,
        Release::KnockedDown,
        None,
        ": it is knocked down",
    );
}

/// When a survivor knocked down now stands: at the end of the next turn of an AI-deck
/// monster (`is_ai_type` tells the board's AI-deck types), named with its round when the
/// turn-order deck tells them: "at the end of the Gaunt Stag's next turn, in round 3";
/// "at the end of the next monster turn" when no turn order is dealt.
pub(crate) fn stands_when(fight: &Fight, is_ai_type: &dyn Fn(&str) -> bool) -> String {
    let b = &fight.board;
    let named = |kind: &str| {
        b.creatures
            .iter()
            .find(|c| c.kind.as_deref() == Some(kind) && c.side == Side::Monsters)
            .map(|c| c.display_name().to_string())
    };
    let this_round = b
        .turn_order
        .iter()
        .skip(b.cards_drawn as usize)
        .find_map(|card| is_ai_type(card).then(|| named(card)).flatten());
    let (who, round) = match this_round {
        Some(who) => (Some(who), Some(b.round)),
        None if b.turn_order.is_empty() => (None, None),
        None => {
            // The next round's deck puts the AI-deck monsters first.
            let first = b
                .creatures
                .iter()
                .find(|c| c.side == Side::Monsters && c.kind.as_deref().is_some_and(is_ai_type))
                .map(|c| c.display_name().to_string());
            (first, Some(b.round.saturating_add(1)))
        }
    };
    match (who, round) {
        (Some(who), Some(r)) => format!("at the end of {who}'s next turn, in round {r}"),
        (None, Some(r)) => format!("at the end of the next monster turn, in round {r}"),
        _ => "at the end of the next monster turn".to_string(),
    }
}

/// The survivors lying knocked down now.
pub(crate) fn lying_down(world: &World) -> Vec<String> {
    let st = state::read(world.fight());
    st.survivors
        .iter()
        .filter(|(id, f)| f.knocked_down && world.alive(id))
        .map(|(id, _)| id.clone())
        .collect()
}

/// At the end of a monster turn: the survivors in `down` (knocked down before it began)
/// stand up, unless knocked down again during it (the events since `mark`).
pub(crate) fn stand_up(world: &mut World, down: &[String], mark: usize) {
    let again = |world: &World, id: &str| {
        world.events()[mark.min(world.events().len())..]
            .iter()
            .filter_map(|e| e.system_event::<AiEvent>())
            .any(|e| e.knocks_down(id))
    };
    for id in down {
        if !world.alive(id) || again(world, id) {
            continue;
        }
        let mut st = state::read(world.fight());
        let Some(f) = st.survivors.get_mut(id).filter(|f| f.knocked_down) else {
            continue;
        };
        f.knocked_down = false;
        state::write(world, &st);
        note(
            world,
            id,
            "stands up: the monster turn after the one that knocked it down is over",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Armour 2 at the head: a 1-damage hit leaves 1 point; a 3-damage hit takes the last
    /// point and gets past (light); the next past the (now empty) armour makes it heavy,
    /// the one after is severe.
    #[test]
    fn armour_first_then_light_heavy_severe() {
        let mut head = Location {
            armour: 2,
            injury: Injury::None,
        };
        assert_eq!(resolve(&mut head, 1), Landed::Absorbed);
        assert_eq!(head.armour, 1);
        assert_eq!(resolve(&mut head, 3), Landed::Injured(Injury::Light));
        assert_eq!(head.armour, 0);
        assert_eq!(resolve(&mut head, 1), Landed::Injured(Injury::Heavy));
        assert_eq!(resolve(&mut head, 1), Landed::Severe);
        assert_eq!(head.injury, Injury::Heavy, "it stays heavy");
        assert_eq!(
            resolve(&mut head, 0),
            Landed::Absorbed,
            "no damage, no injury"
        );
    }
}

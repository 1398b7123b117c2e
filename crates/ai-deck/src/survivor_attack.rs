//! A survivor's attack on an AI-deck monster (SPEC §12), as `record attack` and the
//! characters' tactic in `simulate` make it: SPEED d10s, each at or above ACCURACY plus
//! the monster's evasion hits; each hit makes a wound roll, d10 + STRENGTH above the
//! monster's toughness wounds and a 10 always does; each wound does what `record wound`
//! does (a card to the wound stack, or 1 Life). A survivor standing in the monster's
//! blind spot gains +1 accuracy (each die needs one less), and the status cards it holds
//! change its accuracy, speed and strength; the narration names each change.

use super::card::SurvivorRule;
use super::compile::AiType;
use super::events::{AiEvent, Modifier};
use super::geometry::Body;
use super::state::{self, AiState};
use super::status;
use super::wounding::{wound, wounded_by};
use crate::rules::events::Event;
use crate::rules::world::World;

/// Whether survivor `by` stands in the blind spot of monster `id` (of type `t`), as the
/// board and the monster's facing (in `st`) have it now.
pub(crate) fn in_blind_spot(world: &World, st: &AiState, t: &AiType, by: &str, id: &str) -> bool {
    let (Some(me), Some(m)) = (world.idx(by), world.idx(id)) else {
        return false;
    };
    let fight = world.fight();
    let facing = st.monsters.get(id).map(|f| f.facing).unwrap_or_default();
    let body = Body {
        corner: fight.board.creatures[m].position,
        size: t.size,
        facing,
    };
    body.in_blind_spot(fight.board.creatures[me].position)
}

/// What changes survivor `by`'s attack on monster `id`: the blind spot (accuracy), and
/// its status cards' accuracy, speed and strength, each with where it comes from.
pub(crate) fn modifiers(world: &World, t: &AiType, by: &str, id: &str) -> Vec<Modifier> {
    let mut out = Vec::new();
    let st = state::read(world.fight());
    if in_blind_spot(world, &st, t, by, id) {
        out.push(Modifier::new("accuracy", 1, "the blind spot"));
    }
    if let (Some(decks), Some(facts)) = (status::decks(world), st.survivors.get(by)) {
        for h in status::rules(decks, facts) {
            let from = format!("\"{}\"", h.card);
            match h.rule {
                SurvivorRule::Accuracy(n) => out.push(Modifier::new("accuracy", n, from)),
                SurvivorRule::Speed(n) => out.push(Modifier::new("speed", n, from)),
                SurvivorRule::Strength(n) => out.push(Modifier::new("strength", n, from)),
                _ => {}
            }
        }
    }
    out
}

/// The most dice a survivor's weapon rolls.
pub(crate) const MAX_SPEED: u32 = 20;
/// The strength a weapon profile gives runs from minus this to this.
pub(crate) const MAX_STRENGTH: i32 = 50;
/// The most dice one attack rolls, however many speed rules stack up.
const MAX_DICE: i64 = 1000;

/// A survivor's weapon profile, `SPEED/ACCURACY+/STRENGTH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weapon {
    /// How many d10s the attack rolls (1-20).
    pub speed: u32,
    /// What each die must show before the monster's evasion (1-10).
    pub accuracy: u32,
    /// Added to each wound roll (-50 to 50).
    pub strength: i32,
}

impl Weapon {
    /// Reads `2/6+/3`; the error says which part is wrong.
    pub(crate) fn parse(text: &str) -> Result<Weapon, String> {
        let parts: Vec<&str> = text.split('/').map(str::trim).collect();
        let [speed, accuracy, strength] = parts[..] else {
            return Err(format!(
                "`{text}` is not a weapon profile: write SPEED/ACCURACY+/STRENGTH, e.g. 2/6+/3"
            ));
        };
        let speed = speed
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_SPEED).contains(n))
            .ok_or_else(|| format!("speed `{speed}` is not a number from 1 to {MAX_SPEED}"))?;
        let accuracy = accuracy
            .strip_suffix('+')
            .and_then(|a| a.parse::<u32>().ok())
            .filter(|n| (1..=10).contains(n))
            .ok_or_else(|| {
                format!("accuracy `{accuracy}` is not a number from 1 to 10 followed by +")
            })?;
        let strength = strength
            .parse::<i32>()
            .ok()
            .filter(|n| (-MAX_STRENGTH..=MAX_STRENGTH).contains(n))
            .ok_or_else(|| {
                format!(
                    "strength `{strength}` is not a number from -{MAX_STRENGTH} to {MAX_STRENGTH}"
                )
            })?;
        Ok(Weapon {
            speed,
            accuracy,
            strength,
        })
    }
}

/// Survivor `by` attacks monster `id` of type `t` with `weapon`; returns the wounds dealt.
pub(crate) fn attack(world: &mut World, t: &AiType, by: &str, id: &str, weapon: Weapon) -> u32 {
    let all = modifiers(world, t, by, id);
    let sum = |term: &str| -> i64 {
        all.iter()
            .filter(|m| m.term == term)
            .map(|m| i64::from(m.amount))
            .sum()
    };
    let speed = (i64::from(weapon.speed) + sum("speed")).clamp(1, MAX_DICE) as u32;
    let (faces, entered) = super::speed::speed_roll(world, by, id, speed);
    let need = i64::from(weapon.accuracy) + i64::from(t.evasion) - sum("accuracy");
    let hits = faces.iter().filter(|&&f| i64::from(f) >= need).count() as u32;
    let (to_hit, to_wound): (Vec<Modifier>, Vec<Modifier>) =
        all.into_iter().partition(|m| m.term != "strength");
    world.emit(Event::system(AiEvent::SpeedRoll {
        attacker: by.to_string(),
        target: id.to_string(),
        faces,
        accuracy: weapon.accuracy,
        evasion: t.evasion as i32,
        modifiers: to_hit,
        hits,
        entered,
    }));
    let strength =
        i64::from(weapon.strength) + to_wound.iter().map(|m| i64::from(m.amount)).sum::<i64>();
    let mut wounds = 0;
    for _ in 0..hits {
        if !world.alive(id) {
            break;
        }
        let what = format!(
            "{}'s wound roll on {}",
            world.name_of(by),
            world.name_of(id)
        );
        let (face, entered) = world.roll_die(10, &what);
        let critical = face == 10;
        let wounds_it = critical || i64::from(face) + strength > i64::from(t.toughness);
        world.emit(Event::system(AiEvent::WoundRoll {
            attacker: by.to_string(),
            target: id.to_string(),
            face,
            strength: weapon.strength,
            modifiers: to_wound.clone(),
            toughness: t.toughness,
            wounds: wounds_it,
            entered,
        }));
        if wounds_it {
            wounds += 1;
            wound(world, t, id, Some(by));
        }
    }
    // The attack is done: a status card lost on wounding goes now (its rules held for
    // the whole attack).
    if wounds > 0 {
        wounded_by(world, t, id, by);
    }
    wounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_are_read_and_bounded() {
        assert_eq!(
            Weapon::parse("2/6+/3"),
            Ok(Weapon {
                speed: 2,
                accuracy: 6,
                strength: 3
            })
        );
        assert_eq!(Weapon::parse("1/10+/-2").unwrap().strength, -2);
        for bad in [
            "2/6/3",
            "0/6+/3",
            "21/6+/3",
            "2/11+/3",
            "2/6+/51",
            "2/6+",
            "a/b/c",
            "4294967297/6+/1",
        ] {
            assert!(Weapon::parse(bad).is_err(), "{bad}");
        }
    }
}

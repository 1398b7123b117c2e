//! A survivor's attack on an AI-deck monster (SPEC §12), as `record attack` and the
//! characters' tactic in `simulate` make it: SPEED d10s, each at or above ACCURACY plus
//! the monster's evasion hits; each hit makes a wound roll, d10 + STRENGTH above the
//! monster's toughness wounds and a 10 always does; each wound does what `record wound`
//! does (a card to the wound stack, or 1 Life).

use super::compile::AiType;
use super::events::AiEvent;
use super::wounding::wound;
use crate::rules::events::Event;
use crate::rules::world::World;

/// The most dice a survivor's weapon rolls.
pub const MAX_SPEED: u32 = 20;
/// The strength a weapon profile gives runs from minus this to this.
pub const MAX_STRENGTH: i32 = 50;

/// A survivor's weapon profile, `SPEED/ACCURACY+/STRENGTH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// How many d10s the attack rolls (1-20).
    pub speed: u32,
    /// What each die must show before the monster's evasion (1-10).
    pub accuracy: u32,
    /// Added to each wound roll (-50 to 50).
    pub strength: i32,
}

impl Weapon {
    /// Reads `2/6+/3`; the error says which part is wrong.
    pub fn parse(text: &str) -> Result<Weapon, String> {
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
pub fn attack(world: &mut World, t: &AiType, by: &str, id: &str, weapon: Weapon) -> u32 {
    let faces: Vec<u32> = (0..weapon.speed).map(|_| world.rng().die(10)).collect();
    let need = weapon.accuracy + t.evasion;
    let hits = faces.iter().filter(|&&f| f >= need).count() as u32;
    world.emit(Event::system(AiEvent::SpeedRoll {
        attacker: by.to_string(),
        target: id.to_string(),
        faces,
        accuracy: weapon.accuracy,
        evasion: t.evasion as i32,
        hits,
    }));
    let mut wounds = 0;
    for _ in 0..hits {
        if !world.alive(id) {
            break;
        }
        let face = world.rng().die(10);
        let critical = face == 10;
        let wounds_it =
            critical || i64::from(face) + i64::from(weapon.strength) > i64::from(t.toughness);
        world.emit(Event::system(AiEvent::WoundRoll {
            attacker: by.to_string(),
            target: id.to_string(),
            face,
            strength: weapon.strength,
            toughness: t.toughness,
            wounds: wounds_it,
        }));
        if wounds_it {
            wounds += 1;
            wound(world, t, id, Some(by));
        }
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

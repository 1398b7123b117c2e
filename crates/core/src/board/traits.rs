//! Special traits (the 21 of the scheme system plus the goblin Hag's damage aura), written
//! in files as short phrases such as `"explode 3"` or `"immunity fire"`.

use crate::chance::dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What a trait of the Immunity/Resistance/Weakness family applies to: a damage type
/// (`fire`, `magic`, ...) or a status (`dazed`, ...), written as one lowercase word.
pub type Subject = String;

/// The damage types a trait or a player's `hit --kind` may name.
pub const DAMAGE_TYPES: &[&str] = &[
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "magic",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
];

/// Every word Immunity, Resistance and Weakness may name: a damage type, a forced move
/// (`push`, `pull`), `morale` (Test Morale) or a status.
pub fn subjects() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = DAMAGE_TYPES.to_vec();
    all.extend(["push", "pull", "morale"]);
    all.extend(super::StatusKind::ALL.iter().map(|s| s.label()));
    all
}

/// The attack a creature strikes back with under Retaliate, when the trait phrase gives
/// one (`retaliate +5 1d8`): characters must, monsters may (it overrides the weakest
/// attack of their scheme).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Retort {
    /// Added to its attack roll.
    pub bonus: i32,
    /// The damage it deals on a hit.
    pub damage: Dice,
}

/// A special trait, written in files as its phrase (`"explode 3"`, `"immunity fire"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Trait {
    /// A critical hit on it kills it outright.
    AimForTheHead,
    /// Advantage on all its saving throws.
    BossResistance,
    /// Leaves the fight as soon as it becomes terrified.
    Cowardly,
    /// Magic attacks on it have advantage.
    Ethereal,
    /// Attacks on it have disadvantage.
    Evasive,
    /// On death, this much damage to every creature next to it.
    Explode(u32),
    /// Unhurt by hazardous terrain and fire, and does not steer around difficult or
    /// hazardous cells.
    Floating,
    /// Out of melee attacks' reach; ignores terrain, passes over figures and obstacles,
    /// springs no traps.
    Flying,
    /// When its attack misses, this much damage to every creature next to it.
    Frenzy(u32),
    /// Its turn card always goes into the top half of the turn-order deck.
    Haste,
    /// No damage of this kind, no such status, or no such forced move.
    Immunity(Subject),
    /// Its allies attacking from next to it have advantage.
    Inspiring,
    /// Moves through walls and obstacles, but may not stop inside one.
    Intangible,
    /// Enemies attacking from next to it have disadvantage.
    Intimidate,
    /// Takes no damage and gains no status.
    Invulnerable,
    /// Advantage on saving throws against this effect.
    Resistance(Subject),
    /// Comes back to life 1d4 rounds after it dies (see [`super::Resurrection`]).
    Resurrect,
    /// Strikes back once a round at whoever attacks it: with this attack, or with its
    /// weakest one when `None`.
    Retaliate(Option<Retort>),
    /// Its moves never provoke opportunity attacks.
    Slippery,
    /// The first time it drops below half its maximum HP, a WIS 10 save or it retreats.
    TestMorale,
    /// Disadvantage on saving throws against this effect.
    Weakness(Subject),
    /// Allies deal this much more attack damage while this creature is on the board.
    DamageAura(i32),
    /// A large creature: it covers an N×N block of cells whose top-left cell is its
    /// position. Given by a system's stats (AI-deck monsters), never written in files.
    Large(u32),
}

/// Every trait phrase, for error hints and docs.
pub const TRAIT_WORDS: &[&str] = &[
    "aim for the head",
    "boss resistance",
    "cowardly",
    "ethereal",
    "evasive",
    "explode N",
    "floating",
    "flying",
    "frenzy N",
    "haste",
    "immunity SUBJECT",
    "inspiring",
    "intangible",
    "intimidate",
    "invulnerable",
    "resistance SUBJECT",
    "resurrect",
    "retaliate [+N DICE]",
    "slippery",
    "test morale",
    "weakness SUBJECT",
    "aura damage +N",
];

impl Trait {
    /// Parses a trait phrase (case-insensitive, single spaces).
    pub fn parse(text: &str) -> Result<Trait, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let number = |w: Option<&&str>, what: &str| -> Result<u32, String> {
            w.and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n <= 1000)
                .ok_or_else(|| format!("`{what}` needs a number from 0 to 1000, e.g. `{what} 3`"))
        };
        let subject = |w: &[&str], what: &str| -> Result<String, String> {
            let known = subjects();
            match w {
                [s] if known.contains(s) => Ok(s.to_string()),
                [s] => Err(match crate::io::diagnostic::did_you_mean(s, &known) {
                    Some(g) => format!(
                        "`{what} {s}`: `{s}` is not a damage type, forced move, morale or status; did you mean `{g}`?"
                    ),
                    None => format!(
                        "`{what} {s}`: `{s}` is not a damage type, forced move, morale or status (one of: {})",
                        known.join(", ")
                    ),
                }),
                _ => Err(format!(
                    "`{what}` needs one word saying to what, e.g. `{what} fire`"
                )),
            }
        };
        let t = match words.as_slice() {
            ["aim", "for", "the", "head"] => Trait::AimForTheHead,
            ["boss", "resistance"] => Trait::BossResistance,
            ["cowardly"] => Trait::Cowardly,
            ["ethereal"] => Trait::Ethereal,
            ["evasive"] => Trait::Evasive,
            ["explode", rest @ ..] if rest.len() <= 1 => {
                Trait::Explode(number(rest.first(), "explode")?)
            }
            ["floating"] => Trait::Floating,
            ["flying"] => Trait::Flying,
            ["frenzy", rest @ ..] if rest.len() <= 1 => {
                Trait::Frenzy(number(rest.first(), "frenzy")?)
            }
            ["haste"] => Trait::Haste,
            ["immunity", rest @ ..] => Trait::Immunity(subject(rest, "immunity")?),
            ["inspiring"] => Trait::Inspiring,
            ["intangible"] => Trait::Intangible,
            ["intimidate"] => Trait::Intimidate,
            ["invulnerable"] => Trait::Invulnerable,
            ["resistance", rest @ ..] => Trait::Resistance(subject(rest, "resistance")?),
            ["resurrect"] => Trait::Resurrect,
            ["retaliate"] => Trait::Retaliate(None),
            ["retaliate", rest @ ..] => Trait::Retaliate(Some(retort(rest)?)),
            ["slippery"] => Trait::Slippery,
            ["test", "morale"] => Trait::TestMorale,
            ["weakness", rest @ ..] => Trait::Weakness(subject(rest, "weakness")?),
            ["aura", "damage", n] => {
                let v: i32 = n
                    .parse()
                    .ok()
                    .filter(|v: &i32| v.abs() <= 1000)
                    .ok_or_else(|| "`aura damage` needs a number such as `+1`".to_string())?;
                Trait::DamageAura(v)
            }
            _ => {
                let names: Vec<&str> = TRAIT_WORDS.to_vec();
                let first = words.first().copied().unwrap_or("");
                let guess = crate::io::diagnostic::did_you_mean(&lower, &names)
                    .or_else(|| crate::io::diagnostic::did_you_mean(first, &names));
                return Err(match guess {
                    Some(g) => format!("unknown trait `{}`; did you mean `{g}`?", text.trim()),
                    None => format!(
                        "unknown trait `{}`; known traits: {}",
                        text.trim(),
                        names.join(", ")
                    ),
                });
            }
        };
        Ok(t)
    }
}

/// The `+N DICE` after `retaliate`: attack bonus and damage.
fn retort(words: &[&str]) -> Result<Retort, String> {
    let usage = "`retaliate` takes an attack bonus and damage dice, e.g. `retaliate +5 1d8`";
    let [bonus, damage] = words else {
        return Err(usage.to_string());
    };
    let bonus: i32 = bonus
        .parse()
        .ok()
        .filter(|b: &i32| b.abs() <= 1000)
        .ok_or_else(|| format!("`{bonus}` is not an attack bonus; {usage}"))?;
    let damage = Dice::parse(damage).map_err(|e| format!("`{damage}`: {e}; {usage}"))?;
    if damage.min() < 0 && damage.count == 0 {
        return Err(format!("retaliation damage cannot be negative; {usage}"));
    }
    Ok(Retort { bonus, damage })
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trait::AimForTheHead => f.write_str("aim for the head"),
            Trait::BossResistance => f.write_str("boss resistance"),
            Trait::Cowardly => f.write_str("cowardly"),
            Trait::Ethereal => f.write_str("ethereal"),
            Trait::Evasive => f.write_str("evasive"),
            Trait::Explode(n) => write!(f, "explode {n}"),
            Trait::Floating => f.write_str("floating"),
            Trait::Flying => f.write_str("flying"),
            Trait::Frenzy(n) => write!(f, "frenzy {n}"),
            Trait::Haste => f.write_str("haste"),
            Trait::Immunity(s) => write!(f, "immunity {s}"),
            Trait::Inspiring => f.write_str("inspiring"),
            Trait::Intangible => f.write_str("intangible"),
            Trait::Intimidate => f.write_str("intimidate"),
            Trait::Invulnerable => f.write_str("invulnerable"),
            Trait::Resistance(s) => write!(f, "resistance {s}"),
            Trait::Resurrect => f.write_str("resurrect"),
            Trait::Retaliate(None) => f.write_str("retaliate"),
            Trait::Retaliate(Some(r)) => write!(f, "retaliate {:+} {}", r.bonus, r.damage),
            Trait::Slippery => f.write_str("slippery"),
            Trait::TestMorale => f.write_str("test morale"),
            Trait::Weakness(s) => write!(f, "weakness {s}"),
            Trait::DamageAura(n) => write!(f, "aura damage {n:+}"),
            Trait::Large(n) => write!(f, "large {n}x{n}"),
        }
    }
}

impl Serialize for Trait {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Trait {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Trait, D::Error> {
        let text = String::deserialize(d)?;
        Trait::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Trait {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Trait".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": format!("A special trait phrase: {}", TRAIT_WORDS.join(", ")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_round_trip() {
        for text in [
            "explode 3",
            "immunity fire",
            "aura damage +1",
            "aim for the head",
            "test morale",
            "retaliate",
            "retaliate +5 1d8",
            "retaliate -1 2d4+1",
        ] {
            let t = Trait::parse(text).unwrap();
            assert_eq!(t.to_string(), text);
        }
    }

    #[test]
    fn bad_phrases_explain_themselves() {
        assert!(
            Trait::parse("explode")
                .unwrap_err()
                .contains("needs a number")
        );
        assert!(Trait::parse("immunity").unwrap_err().contains("one word"));
        assert!(
            Trait::parse("cowardlly")
                .unwrap_err()
                .contains("did you mean `cowardly`")
        );
    }
}

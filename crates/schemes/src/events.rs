//! The Monster A.I. system's own events: the behaviour checks, the behaviour chosen, the
//! two-moves fallback and charges. Each says its narration and its `--json` form here;
//! the core carries them as `Event::System`.

use crate::rules::events::{Choice, Names, SystemWords};
use crate::rules::words::{capital, plural};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
/// The Monster A.I. system's own events, as narration and `--json` show them.
pub(crate) enum SchemeEvent {
    /// A behaviour's condition was checked (shown with `--explain`).
    Check {
        /// The monster's id.
        monster: String,
        /// The behaviour's number in the scheme, from 1.
        behaviour: u32,
        /// The behaviour's name.
        label: String,
        /// Whether its conditions hold.
        holds: bool,
        /// Why, in words.
        why: String,
    },
    /// The behaviour the monster performs.
    Behaviour {
        /// The monster's id.
        monster: String,
        /// The behaviour's number in the scheme, from 1.
        behaviour: u32,
        /// The behaviour's name.
        label: String,
        /// Its action lines as the monster file writes them, joined by commas.
        does: String,
    },
    /// No behaviour applies: two moves toward the closest enemy.
    Fallback {
        /// The monster's id.
        monster: String,
        /// Why no behaviour applies, in words.
        reason: String,
    },
    /// A behaviour with Charge N was used.
    Charged {
        /// The monster type.
        kind: String,
        /// The behaviour's number in the scheme, from 1.
        behaviour: u32,
        /// The behaviour's name (`behaviour 2` when it has none of its own).
        label: String,
        /// Rounds it now rests.
        charges: u32,
    },
    /// One charge came off a behaviour at the start of a round.
    ChargeTick {
        /// The monster type.
        kind: String,
        /// The behaviour's number in the scheme, from 1.
        behaviour: u32,
        /// The behaviour's name (`behaviour 2` when it has none of its own).
        label: String,
        /// Rounds it still rests.
        charges: u32,
    },
}

/// What `simulate` counts when no behaviour applies.
pub(crate) const FALLBACK_CHOICE: &str = "no behaviour applies, closes in";

impl SystemWords for SchemeEvent {
    fn narrate(&self, _names: &Names, explain: bool) -> Option<String> {
        Some(match self {
            SchemeEvent::Check {
                behaviour,
                label,
                holds,
                why,
                ..
            } => {
                if !explain {
                    return None;
                }
                let verdict = if *holds { "applies" } else { "does not apply" };
                format!(
                    "  [check] {} {verdict}: {why}.",
                    describe(*behaviour, label)
                )
            }
            SchemeEvent::Behaviour {
                behaviour,
                label,
                does,
                ..
            } => format!("  Uses {}: {does}.", describe(*behaviour, label)),
            SchemeEvent::Fallback { reason, .. } => format!(
                "  {}, so it takes two moves toward its closest enemy.",
                capital(reason)
            ),
            SchemeEvent::Charged {
                kind,
                behaviour,
                label,
                charges,
            } => format!(
                "  {kind}'s {} recharges: it is ready again in {}.",
                cooled(*behaviour, label),
                rounds(*charges)
            ),
            SchemeEvent::ChargeTick {
                kind,
                behaviour,
                label,
                charges,
            } => {
                let when = if *charges == 0 {
                    String::new()
                } else {
                    format!(" in {}", rounds(*charges))
                };
                format!(
                    "  {kind}'s {} is ready again{when}.",
                    cooled(*behaviour, label)
                )
            }
        })
    }

    fn choice(&self) -> Option<Choice> {
        match self {
            SchemeEvent::Behaviour {
                monster,
                label,
                does,
                ..
            } => Some(Choice {
                creature: Some(monster.clone()),
                kind: None,
                // An unnamed behaviour ("behaviour 2") is told by what it does.
                what: if label.starts_with("behaviour ") {
                    does.clone()
                } else {
                    label.clone()
                },
            }),
            SchemeEvent::Fallback { monster, .. } => Some(Choice {
                creature: Some(monster.clone()),
                kind: None,
                what: FALLBACK_CHOICE.into(),
            }),
            _ => None,
        }
    }
}

/// A charged behaviour as a cooldown names it: by its own name in quotes (`"mend"`), or
/// "behaviour 2" when it has none.
fn cooled(number: u32, label: &str) -> String {
    if label.is_empty() || label == format!("behaviour {number}") {
        format!("behaviour {number}")
    } else {
        format!("\"{label}\"")
    }
}

/// "1 round", "2 rounds".
fn rounds(n: u32) -> String {
    format!("{n} round{}", plural(n as usize))
}

/// "behaviour 2", or "behaviour 2 \"Shoot\"" when it has a label of its own.
fn describe(number: u32, label: &str) -> String {
    if label == format!("behaviour {number}") {
        label.to_string()
    } else {
        format!("behaviour {number} \"{label}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::events::Event;

    #[test]
    fn a_behaviour_keeps_its_json_tag_and_fields() {
        let e = Event::system(SchemeEvent::Behaviour {
            monster: "warg-1".into(),
            behaviour: 2,
            label: "Pounce".into(),
            does: "move, attack".into(),
        });
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(
            json,
            r#"{"event":"behaviour","monster":"warg-1","behaviour":2,"label":"Pounce","does":"move, attack"}"#
        );
    }

    #[test]
    fn checks_are_told_only_when_explaining() {
        let e = SchemeEvent::Check {
            monster: "g".into(),
            behaviour: 1,
            label: "behaviour 1".into(),
            holds: false,
            why: "no enemy within proximity 1".into(),
        };
        assert_eq!(SystemWords::narrate(&e, &Names::default(), false), None);
        assert_eq!(
            SystemWords::narrate(&e, &Names::default(), true).unwrap(),
            "  [check] behaviour 1 does not apply: no enemy within proximity 1."
        );
    }

    /// Charge 2 used in round 1: one charge comes off at round 2's start (ready again in
    /// 1 round), the last at round 3's (ready again): read as a cooldown, never as charges.
    #[test]
    fn charges_read_as_a_cooldown() {
        let say = |e: SchemeEvent| SystemWords::narrate(&e, &Names::default(), false).unwrap();
        let tick = |label: &str, charges| SchemeEvent::ChargeTick {
            kind: "Orc Shaman".into(),
            behaviour: 1,
            label: label.into(),
            charges,
        };
        assert_eq!(
            say(SchemeEvent::Charged {
                kind: "Orc Shaman".into(),
                behaviour: 1,
                label: "mend".into(),
                charges: 2,
            }),
            "  Orc Shaman's \"mend\" recharges: it is ready again in 2 rounds."
        );
        assert_eq!(
            say(tick("mend", 1)),
            "  Orc Shaman's \"mend\" is ready again in 1 round."
        );
        assert_eq!(
            say(tick("mend", 0)),
            "  Orc Shaman's \"mend\" is ready again."
        );
        assert_eq!(
            say(tick("behaviour 1", 2)),
            "  Orc Shaman's behaviour 1 is ready again in 2 rounds."
        );
    }

    #[test]
    fn an_unnamed_behaviour_is_counted_by_what_it_does() {
        let e = SchemeEvent::Behaviour {
            monster: "g".into(),
            behaviour: 2,
            label: "behaviour 2".into(),
            does: "move, attack".into(),
        };
        assert_eq!(SystemWords::choice(&e).unwrap().what, "move, attack");
    }
}

//! The AI-deck system's own events: the card a monster plays, its pick-target checks,
//! its speed rolls and hit locations, and its bookkeeping notes (deck, discard pile,
//! wound stack, Life, facing, survivors' facts). The decisions among the notes (where a
//! card went, a no-target fallback, the basic action) also carry a structured [`Fact`]
//! for `--json`. Each says its narration and its `--json` form here.

use crate::rules::events::{Choice, Names, SystemWords};
use crate::rules::words::plural;
use serde::Serialize;

/// The AI-deck system's events.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum AiEvent {
    /// A monster plays an AI card (`face`: "face down", "face up" or empty; `how`: drawn,
    /// revealed, harmony, basic action, instinct).
    AiCard {
        monster: String,
        card: String,
        card_type: String,
        face: String,
        how: String,
    },
    /// A pick-target condition of an AI card was tried (shown with `--explain`).
    PickCheck {
        monster: String,
        condition: String,
        holds: bool,
        why: String,
    },
    /// Bookkeeping: the deck, discard pile, wound stack, cards in play, Life, facing and
    /// the survivors' recorded facts; `fact` when the note records a decision.
    AiNote {
        creature: String,
        detail: String,
        #[serde(flatten)]
        fact: Option<Fact>,
    },
    /// An attack's speed dice: each die at `accuracy + evasion` or more hits.
    SpeedRoll {
        attacker: String,
        target: String,
        faces: Vec<u32>,
        accuracy: u32,
        evasion: i32,
        hits: u32,
    },
    /// Where one hit of an attack lands, rolled on the monster's hit locations.
    HitLocation {
        target: String,
        location: String,
        roll: u32,
        damage: u32,
    },
    /// A hit at a survivor's tracked hit location: the armour points it took
    /// (`absorbed`), those left (`armour`), and the injury it left (`none`, `light`,
    /// `heavy`, or `severe`: the survivor is knocked down and rolls on the table).
    LocationHurt {
        target: String,
        location: String,
        absorbed: u32,
        armour: u32,
        injury: String,
    },
    /// A survivor's wound roll against a monster: d10 + strength above toughness wounds,
    /// and a 10 always does.
    WoundRoll {
        attacker: String,
        target: String,
        face: u32,
        strength: i32,
        toughness: u32,
        wounds: bool,
    },
    /// A severe injury: the d10 rolled on the location's table, its result, and whether
    /// it kills.
    SevereInjury {
        target: String,
        location: String,
        roll: u32,
        result: String,
        dies: bool,
    },
}

impl AiEvent {
    /// Whether this event knocks survivor `id` down.
    pub fn knocks_down(&self, id: &str) -> bool {
        match self {
            AiEvent::AiNote {
                creature,
                fact: Some(Fact::KnockedDown),
                ..
            } => creature == id,
            AiEvent::LocationHurt { target, injury, .. } => target == id && injury == "severe",
            _ => false,
        }
    }
}

/// A decision an AI-deck note records, as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "fact", rename_all = "kebab-case")]
pub enum Fact {
    /// Where a played card went (`discard`, `in play`, `face up`, `wound stack`).
    CardPlaced { card: String, to: String },
    /// No survivor met the card's pick-target list: the card is discarded and the
    /// monster performs `instead` (`instinct`, `basic action` or `nothing`).
    NoTarget { card: String, instead: String },
    /// The monster performs its basic action, and why (`no cards`, `draws forbidden`).
    BasicAction { why: String },
    /// The note's survivor is knocked down (it stands at the end of the next monster
    /// turn).
    KnockedDown,
}

impl SystemWords for AiEvent {
    fn narrate(&self, n: &Names, explain: bool) -> Option<String> {
        Some(match self {
            AiEvent::AiCard {
                monster,
                card,
                card_type,
                face,
                how,
            } => {
                let face = if face.is_empty() {
                    String::new()
                } else {
                    format!(", {face}")
                };
                format!(
                    "  {} {how} AI card \"{card}\" ({card_type}{face}).",
                    n.of(monster)
                )
            }
            AiEvent::PickCheck {
                condition,
                holds,
                why,
                ..
            } => {
                if !explain {
                    return None;
                }
                let verdict = if *holds { "is met" } else { "is not met" };
                format!("  [check] pick \"{condition}\" {verdict}: {why}.")
            }
            AiEvent::AiNote {
                creature, detail, ..
            } => format!("  {}: {detail}.", n.of(creature)),
            AiEvent::SpeedRoll {
                attacker,
                target,
                faces,
                accuracy,
                evasion,
                hits,
            } => {
                let list: Vec<String> = faces.iter().map(u32::to_string).collect();
                let need = i64::from(*accuracy) + i64::from(*evasion);
                format!(
                    "  {} attacks {}: {}d10 [{}], each {need}+ hits (accuracy {accuracy}, evasion {evasion}): {hits} hit{}.",
                    n.of(attacker),
                    n.of(target),
                    faces.len(),
                    list.join(", "),
                    plural(*hits as usize)
                )
            }
            AiEvent::HitLocation {
                target,
                location,
                roll,
                damage,
            } => format!(
                "  Hit on the {location} (location die {roll}): {} takes {damage} damage there.",
                n.of(target)
            ),
            AiEvent::LocationHurt {
                target,
                location,
                absorbed,
                armour,
                injury,
            } => {
                let who = n.of(target);
                let took = if *absorbed == 0 {
                    String::new()
                } else {
                    format!(
                        " ({absorbed} armour point{} taken)",
                        plural(*absorbed as usize)
                    )
                };
                match injury.as_str() {
                    "none" => format!(
                        "    {who}'s armour at the {location} holds: {absorbed} point{} taken, {armour} left.",
                        plural(*absorbed as usize)
                    ),
                    "severe" => format!(
                        "    The hit gets past {who}'s armour at the {location}{took}, already heavily injured: a severe injury. {who} is knocked down."
                    ),
                    level => format!(
                        "    The hit gets past {who}'s armour at the {location}{took}: a {level} injury there."
                    ),
                }
            }
            AiEvent::WoundRoll {
                attacker,
                face,
                strength,
                toughness,
                wounds,
                ..
            } => {
                let total = i64::from(*face) + i64::from(*strength);
                let verdict = match (*face == 10, *wounds) {
                    (true, _) => "a 10 always wounds (critical)",
                    (false, true) => "a wound",
                    (false, false) => "no wound",
                };
                format!(
                    "    {}'s wound roll: d10 {face} {} strength {} = {total} against toughness {toughness}: {verdict}.",
                    n.of(attacker),
                    if *strength < 0 { "-" } else { "+" },
                    strength.unsigned_abs()
                )
            }
            AiEvent::SevereInjury {
                target,
                location,
                roll,
                result,
                dies,
            } => {
                let end = if *dies { " It is fatal." } else { "" };
                format!(
                    "    The players roll a d10 on the severe {location} injury table for {}: {roll}, {result}.{end}",
                    n.of(target)
                )
            }
        })
    }

    fn choice(&self) -> Option<Choice> {
        match self {
            AiEvent::AiCard { monster, card, .. } => Some(Choice {
                creature: Some(monster.clone()),
                kind: None,
                what: card.clone(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::events::Event;

    #[test]
    fn a_note_without_a_fact_keeps_its_old_json() {
        let e = Event::system(AiEvent::AiNote {
            creature: "stag".into(),
            detail: "shuffles its AI deck".into(),
            fact: None,
        });
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"event":"ai-note","creature":"stag","detail":"shuffles its AI deck"}"#
        );
    }

    #[test]
    fn where_a_card_went_is_a_field() {
        let e = Event::system(AiEvent::AiNote {
            creature: "stag".into(),
            detail: "\"Gore\" goes to the discard pile".into(),
            fact: Some(Fact::CardPlaced {
                card: "Gore".into(),
                to: "discard".into(),
            }),
        });
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"event":"ai-note","creature":"stag","detail":"\"Gore\" goes to the discard pile","fact":"card-placed","card":"Gore","to":"discard"}"#
        );
    }
}

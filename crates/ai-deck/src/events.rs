//! The AI-deck system's own events: the card a monster plays, its pick-target checks,
//! its speed rolls and hit locations, and its bookkeeping notes (deck, discard pile,
//! wound stack, Life, facing, survivors' facts). The decisions among the notes (where a
//! card went, a no-target fallback, the basic action) also carry a structured [`Fact`]
//! for `--json`. Each says its narration and its `--json` form here.

use crate::rules::events::{Choice, HarmCount, Names, SystemWords, Tally};
use crate::rules::words::{entered_mark, plural};
use serde::Serialize;

/// The AI-deck system's events.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub(crate) enum AiEvent {
    /// A monster plays an AI card (`face`: "face down", "face up" or empty; `how`: drawn,
    /// revealed, harmony, basic action, instinct).
    AiCard {
        /// The monster's id.
        monster: String,
        /// The card's title.
        card: String,
        /// The card's kind (`normal`, `mood`, ...).
        card_type: String,
        /// "face down", "face up" or empty.
        face: String,
        /// How it came to be played: drawn, revealed, harmony, basic action, instinct.
        how: String,
        /// The players drew it from their own deck (left out when not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
    /// A pick-target condition of an AI card was tried (shown with `--explain`).
    PickCheck {
        /// The monster's id.
        monster: String,
        /// The condition as written on the card.
        condition: String,
        /// Whether some survivor met it.
        holds: bool,
        /// Why it held or failed, for `--explain`.
        why: String,
    },
    /// Bookkeeping: the deck, discard pile, wound stack, cards in play, Life, facing and
    /// the survivors' recorded facts; `fact` when the note records a decision.
    AiNote {
        /// The id of the creature the note is about.
        creature: String,
        /// The note's narration.
        detail: String,
        /// The decision recorded, as data; `None` for plain bookkeeping.
        #[serde(flatten)]
        fact: Option<Fact>,
    },
    /// An attack's speed dice: each die at `accuracy + evasion` or more hits.
    SpeedRoll {
        /// The attacking creature's id.
        attacker: String,
        /// The target's id.
        target: String,
        /// The d10 results, in rolled order.
        faces: Vec<u32>,
        /// The card's accuracy number, before evasion.
        accuracy: u32,
        /// The target's evasion, added to the accuracy number.
        evasion: i32,
        /// What else changed what each die needs, or how many were rolled, and why (the
        /// blind spot, status cards); left out when nothing did.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        modifiers: Vec<Modifier>,
        /// How many dice hit.
        hits: u32,
        /// Whether the players rolled the dice themselves and entered them (left out
        /// when not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
    /// Where one hit of an attack lands, rolled on the monster's hit locations.
    HitLocation {
        /// The monster's id.
        attacker: String,
        /// The survivor's id.
        target: String,
        /// The hit location rolled.
        location: String,
        /// The die result that chose the location.
        roll: u32,
        /// Wounds the hit deals.
        damage: u32,
        /// Whether the players rolled the dice themselves and entered them (left out
        /// when not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
    /// A hit at a survivor's tracked hit location: the armour points it took
    /// (`absorbed`), those left (`armour`), and the injury it left (`none`, `light`,
    /// `heavy`, or `severe`: the survivor is knocked down and rolls on the table).
    LocationHurt {
        /// The survivor's id.
        target: String,
        /// The hit location struck.
        location: String,
        /// Armour points the hit took away.
        absorbed: u32,
        /// Armour points left at that location.
        armour: u32,
        /// The injury left: `none`, `light`, `heavy` or `severe`.
        injury: String,
    },
    /// A survivor's wound roll against a monster: d10 + strength above toughness wounds,
    /// and a 10 always does.
    WoundRoll {
        /// The survivor's id.
        attacker: String,
        /// The monster's id.
        target: String,
        /// The d10 result.
        face: u32,
        /// The survivor's strength, added to the die.
        strength: i32,
        /// What else is added to the die, and why (status cards); left out when nothing
        /// is.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        modifiers: Vec<Modifier>,
        /// The monster's toughness, which the total must beat.
        toughness: u32,
        /// Whether the roll wounds (a 10 always does).
        wounds: bool,
        /// Whether the players rolled the dice themselves and entered them (left out
        /// when not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
    /// A severe injury: the d10 rolled on the location's table, its result, and whether
    /// it kills.
    SevereInjury {
        /// The survivor's id.
        target: String,
        /// The hit location whose table was rolled on.
        location: String,
        /// The d10 result on the table.
        roll: u32,
        /// The injury's name and text.
        result: String,
        /// Whether the injury kills the survivor.
        dies: bool,
        /// Whether the players rolled the dice themselves and entered them (left out
        /// when not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
}

/// One change to an attack beyond its profile and the target's recorded evasion: what it
/// changes (`term`), by how much, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Modifier {
    /// What it changes: `accuracy` (each die needs `amount` less), `evasion` (each die
    /// needs `amount` more), `speed` (`amount` more dice) or `strength` (added to a wound
    /// roll).
    pub term: String,
    /// By how much (negative: the other way).
    pub amount: i32,
    /// Where it comes from: `the blind spot`, or a status card's name in quotes.
    pub from: String,
}

impl Modifier {
    /// A change of `term` by `amount` from `from`.
    pub(crate) fn new(term: &str, amount: i32, from: impl Into<String>) -> Modifier {
        Modifier {
            term: term.to_string(),
            amount,
            from: from.into(),
        }
    }

    /// How much it changes what each die of an attack needs.
    pub(crate) fn need(&self) -> i64 {
        match self.term.as_str() {
            "accuracy" => -i64::from(self.amount),
            "evasion" => i64::from(self.amount),
            _ => 0,
        }
    }

    /// "+1 accuracy from the blind spot".
    pub(crate) fn told(&self) -> String {
        format!("{:+} {} from {}", self.amount, self.term, self.from)
    }
}

/// The modifiers as the narration lists them: "; +1 accuracy from the blind spot".
fn told(modifiers: &[Modifier]) -> String {
    if modifiers.is_empty() {
        return String::new();
    }
    let all: Vec<String> = modifiers.iter().map(Modifier::told).collect();
    format!("; {}", all.join(", "))
}

impl AiEvent {
    /// Whether this event gives survivor `id` status card `card` of type `of`.
    pub(crate) fn gives_status(&self, id: &str, card: &str, of: &str) -> bool {
        matches!(self, AiEvent::AiNote {
            creature,
            fact: Some(Fact::StatusGained { card: c, of: o }),
            ..
        } if creature == id && c == card && o == of)
    }

    /// Whether this event knocks survivor `id` down.
    pub(crate) fn knocks_down(&self, id: &str) -> bool {
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
pub(crate) enum Fact {
    /// Where a played card went (`discard`, `in play`, `face up`, `wound stack`).
    CardPlaced {
        /// The card's title.
        card: String,
        /// Where it went: `discard`, `in play`, `face up` or `wound stack`.
        to: String,
    },
    /// No survivor met the card's pick-target list: the card is discarded and the
    /// monster performs `instead` (`instinct`, `basic action` or `nothing`).
    NoTarget {
        /// The card's title.
        card: String,
        /// What the monster performs instead: `instinct`, `basic action` or `nothing`.
        instead: String,
    },
    /// The monster performs its basic action, and why (`no cards`, `draws forbidden`).
    BasicAction {
        /// Why: `no cards` or `draws forbidden`.
        why: String,
    },
    /// The note's survivor is knocked down (it stands at the end of the next monster
    /// turn).
    KnockedDown,
    /// The note's survivor gains a survivor status card.
    StatusGained {
        /// The card's name.
        card: String,
        /// The monster type whose card it is.
        of: String,
    },
    /// The note's survivor loses a survivor status card.
    StatusLost {
        /// The card's name.
        card: String,
        /// The monster type whose card it is.
        of: String,
    },
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
                entered,
            } => {
                let face = if face.is_empty() {
                    String::new()
                } else {
                    format!(", {face}")
                };
                format!(
                    "  {} {how} AI card \"{card}\"{} ({card_type}{face}).",
                    n.of(monster),
                    entered_mark(*entered)
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
                modifiers,
                hits,
                entered,
            } => {
                let list: Vec<String> = faces.iter().map(u32::to_string).collect();
                let need = i64::from(*accuracy)
                    + i64::from(*evasion)
                    + modifiers.iter().map(Modifier::need).sum::<i64>();
                format!(
                    "  {} attacks {}: {}d10 [{}]{}, each {need}+ hits (accuracy {accuracy}, evasion {evasion}{}): {hits} hit{}.",
                    n.of(attacker),
                    n.of(target),
                    faces.len(),
                    list.join(", "),
                    entered_mark(*entered),
                    told(modifiers),
                    plural(*hits as usize)
                )
            }
            AiEvent::HitLocation {
                target,
                location,
                roll,
                damage,
                entered,
                ..
            } => format!(
                "  Hit on the {location} (location die {roll}{}): {} takes {damage} damage there.",
                entered_mark(*entered),
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
                modifiers,
                toughness,
                wounds,
                entered,
                ..
            } => {
                let more: i64 = modifiers.iter().map(|m| i64::from(m.amount)).sum();
                let total = i64::from(*face) + i64::from(*strength) + more;
                let verdict = match (*face == 10, *wounds) {
                    (true, _) => "a 10 always wounds (critical)",
                    (false, true) => "a wound",
                    (false, false) => "no wound",
                };
                let sign = |n: i64| if n < 0 { "-" } else { "+" };
                let extra: String = modifiers
                    .iter()
                    .map(|m| {
                        format!(
                            " {} {} ({})",
                            sign(i64::from(m.amount)),
                            m.amount.unsigned_abs(),
                            m.from
                        )
                    })
                    .collect();
                format!(
                    "    {}'s wound roll: d10 {face}{} {} strength {}{extra} = {total} against toughness {toughness}: {verdict}.",
                    n.of(attacker),
                    entered_mark(*entered),
                    sign(i64::from(*strength)),
                    strength.unsigned_abs()
                )
            }
            AiEvent::SevereInjury {
                target,
                location,
                roll,
                result,
                dies,
                entered,
            } => {
                let end = if *dies { " It is fatal." } else { "" };
                format!(
                    "    The players roll a d10 on the severe {location} injury table for {}: {roll}{}, {result}.{end}",
                    n.of(target),
                    entered_mark(*entered)
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

    /// Cards drawn (by the monster), wounds dealt and hits taken, severe injuries and
    /// deaths (by the survivor; a death is also a severe injury).
    fn tallies(&self) -> Vec<Tally> {
        let count = |creature: &String, what, harm| Tally {
            creature: creature.clone(),
            what,
            harm,
        };
        let one = |creature: &String, what| count(creature, what, None);
        match self {
            AiEvent::AiCard { monster, how, .. }
                if how == "draws" || how == "reveals and plays" =>
            {
                vec![one(monster, "cards drawn")]
            }
            // A wound is harm in an AI deck's own unit: the survivor dealt it, the
            // monster took it (a card off its deck, or a point of Life).
            AiEvent::WoundRoll {
                attacker,
                target,
                wounds: true,
                ..
            } => vec![
                count(attacker, "wounds dealt", Some(HarmCount::Dealt)),
                count(target, "wounds taken", Some(HarmCount::Taken)),
            ],
            AiEvent::HitLocation {
                attacker, target, ..
            } => vec![
                count(attacker, "hits dealt", Some(HarmCount::Dealt)),
                count(target, "hits taken", Some(HarmCount::Taken)),
            ],
            AiEvent::SevereInjury { target, dies, .. } => {
                let mut out = vec![one(target, "severe injuries")];
                if *dies {
                    out.push(one(target, "deaths"));
                }
                out
            }
            _ => Vec::new(),
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

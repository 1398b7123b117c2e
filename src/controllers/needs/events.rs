//! The need-driven system's own events: what a monster perceives and feels, every
//! action's rating, the most urgent need it acts on, and items changing hands. Each says
//! its narration and its `--json` form here.

use crate::rules::events::{Choice, Names, SystemWords};
use crate::rules::words::number;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
/// An event of the need-driven system.
pub enum NeedsEvent {
    /// What a monster perceives and how it feels about it: the totals of fear/love
    /// (negative: fear) and hate, their centres, and the most feared, loved and hated
    /// entity (display names).
    NeedSense {
        /// The monster's id.
        monster: String,
        /// How many entities it perceives.
        seen: u32,
        /// The fear/love total (negative: fear).
        fear_love: f64,
        /// The hate total.
        hate: f64,
        /// The nearest cell to the fear/love centre.
        fear_love_centre: Option<String>,
        /// The nearest cell to the hate centre.
        hate_centre: Option<String>,
        /// What it fears most.
        most_feared: Option<String>,
        /// What it loves most.
        most_loved: Option<String>,
        /// What it hates most.
        most_hated: Option<String>,
    },
    /// One perceived entity's fear/love and hate with the numbers behind them, and where
    /// the centres stand after it (shown with `--explain`).
    NeedValue {
        /// The monster's id.
        monster: String,
        /// The entity's name.
        entity: String,
        /// The numbers behind its values.
        detail: String,
    },
    /// One action's rating and why (shown with `--explain`).
    NeedRating {
        /// The monster's id.
        monster: String,
        /// The action.
        action: String,
        /// Its rating.
        rating: f64,
        /// Why.
        why: String,
    },
    /// The most urgent action, which the monster performs now; `others` are the other
    /// actions rated above 0 (`"equip 300"`).
    NeedChosen {
        /// The monster's id.
        monster: String,
        /// The action.
        action: String,
        /// Its rating.
        rating: f64,
        /// Why.
        why: String,
        /// The other actions rated above 0.
        others: Vec<String>,
    },
    /// A creature picked up, dropped or equipped an item (or was given one).
    Item {
        /// Who (its id).
        creature: String,
        /// What it did: `picks up`, `drops`, `equips`, `is given`.
        verb: String,
        /// The item's name.
        item: String,
        /// Where it happened.
        cell: String,
    },
}

impl SystemWords for NeedsEvent {
    fn narrate(&self, n: &Names, explain: bool) -> Option<String> {
        Some(match self {
            NeedsEvent::NeedSense {
                seen,
                fear_love,
                hate,
                fear_love_centre,
                hate_centre,
                most_feared,
                most_loved,
                most_hated,
                ..
            } => {
                if *seen == 0 {
                    return Some("  Perceives nothing.".into());
                }
                let at = |c: &Option<String>| {
                    c.as_ref()
                        .map_or(String::new(), |c| format!(" centred on {c}"))
                };
                let most: Vec<String> = [
                    ("feared", most_feared),
                    ("loved", most_loved),
                    ("hated", most_hated),
                ]
                .into_iter()
                .filter_map(|(what, who)| who.as_ref().map(|w| format!("most {what} {w}")))
                .collect();
                let most = if most.is_empty() {
                    String::new()
                } else {
                    format!("; {}", most.join(", "))
                };
                format!(
                    "  Perceives {seen}: fear/love {}{}, hate {}{}{most}.",
                    number(*fear_love),
                    at(fear_love_centre),
                    number(*hate),
                    at(hate_centre)
                )
            }
            NeedsEvent::NeedValue { entity, detail, .. } => {
                if !explain {
                    return None;
                }
                format!("  [sense] {entity}: {detail}.")
            }
            NeedsEvent::NeedRating {
                action,
                rating,
                why,
                ..
            } => {
                if !explain {
                    return None;
                }
                format!("  [rate] {action} {}: {why}.", number(*rating))
            }
            NeedsEvent::NeedChosen {
                action,
                rating,
                why,
                others,
                ..
            } => {
                let others = if others.is_empty() {
                    String::new()
                } else {
                    format!(" (also rated: {})", others.join(", "))
                };
                format!(
                    "  Most urgent: {action} {} -- {why}{others}.",
                    number(*rating)
                )
            }
            NeedsEvent::Item {
                creature,
                verb,
                item,
                cell,
            } => format!("  {} {verb} {item} at {cell}.", n.of(creature)),
        })
    }

    fn choice(&self) -> Option<Choice> {
        match self {
            NeedsEvent::NeedChosen {
                monster, action, ..
            } => Some(Choice {
                creature: Some(monster.clone()),
                kind: None,
                what: action.clone(),
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
    fn the_chosen_need_is_a_choice_and_keeps_its_json() {
        let e = NeedsEvent::NeedChosen {
            monster: "kobold".into(),
            action: "flee".into(),
            rating: 4.5,
            why: "fear".into(),
            others: vec![],
        };
        assert_eq!(SystemWords::choice(&e).unwrap().what, "flee");
        assert_eq!(
            serde_json::to_string(&Event::system(e)).unwrap(),
            r#"{"event":"need-chosen","monster":"kobold","action":"flee","rating":4.5,"why":"fear","others":[]}"#
        );
    }
}

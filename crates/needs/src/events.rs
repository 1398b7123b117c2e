//! The need-driven system's own events: what a monster perceives and feels, every
//! action's rating, the most urgent need it acts on, and items changing hands. Each says
//! its narration and its `--json` form here.

use super::state::Item;
use crate::grid::Cell;
use crate::rules::events::{Choice, Names, SystemWords};
use crate::rules::words::number;
use serde::Serialize;

/// An entity named in an event: its id (for programs) and its display name (for people).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Named {
    /// The creature's or item's id.
    pub id: String,
    /// Its display name.
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
/// An event of the need-driven system.
pub(crate) enum NeedsEvent {
    /// What a monster perceives and how it feels about it: the totals of fear/love
    /// (negative: fear) and hate, their centres (as points and as the nearest cells), and
    /// the most feared, loved and hated entity (shown with `--explain`).
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
        /// The fear/love centre as a point: column and row from 0, to hundredths.
        fear_love_point: Option<[f64; 2]>,
        /// The nearest cell to the hate centre.
        hate_centre: Option<String>,
        /// The hate centre as a point.
        hate_point: Option<[f64; 2]>,
        /// What it fears most.
        most_feared: Option<Named>,
        /// What it loves most.
        most_loved: Option<Named>,
        /// What it hates most.
        most_hated: Option<Named>,
    },
    /// One perceived entity's fear/love and hate with the numbers behind them, and where
    /// the centres stand after it (shown with `--explain`).
    NeedValue {
        /// The monster's id.
        monster: String,
        /// The entity's id (a creature's or an item's).
        id: String,
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
    /// The most urgent action, which the monster performs now, told in plain words
    /// (`story`); `others` are the other actions rated above 0 (`"equip 300"`).
    NeedChosen {
        /// The monster's id.
        monster: String,
        /// What it feels and does, in plain words (the default narration).
        story: String,
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
        /// What it did: `picks up`, `drops`, `equips`, `unequips`, `is given`.
        verb: String,
        /// The item's id.
        item: String,
        /// The item's display name.
        name: String,
        /// Where it happened.
        cell: String,
    },
}

impl NeedsEvent {
    /// Creature `creature` did `verb` with item `it` at `cell`.
    pub(crate) fn item(creature: &str, verb: &str, it: &Item, cell: Cell) -> NeedsEvent {
        NeedsEvent::Item {
            creature: creature.to_string(),
            verb: verb.to_string(),
            item: it.id.clone(),
            name: it.display().to_string(),
            cell: cell.name(),
        }
    }
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
                if !explain {
                    return None;
                }
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
                .filter_map(|(what, who)| who.as_ref().map(|w| format!("most {what} {}", w.name)))
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
                story,
                action,
                rating,
                why,
                others,
                ..
            } => {
                if !explain {
                    return Some(format!("  {story}"));
                }
                let others = if others.is_empty() {
                    String::new()
                } else {
                    format!(" (also rated: {})", others.join(", "))
                };
                format!(
                    "  Most urgent: {action} {} -- {why}{others}.\n  {story}",
                    number(*rating)
                )
            }
            NeedsEvent::Item {
                creature,
                verb,
                name,
                cell,
                ..
            } => format!("  {} {verb} {name} at {cell}.", n.of(creature)),
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
            story: "The kobold backs away.".into(),
            action: "flee".into(),
            rating: 4.5,
            why: "fear".into(),
            others: vec![],
        };
        assert_eq!(SystemWords::choice(&e).unwrap().what, "flee");
        assert_eq!(
            serde_json::to_string(&Event::system(e)).unwrap(),
            r#"{"event":"need-chosen","monster":"kobold","story":"The kobold backs away.","action":"flee","rating":4.5,"why":"fear","others":[]}"#
        );
    }
}

//! Whether a board's AI-deck stacks could happen in play: each card of a type lies in
//! one place at a time (draw pile, discard pile, wound stack, in play or face up), only
//! moods, traits and overtones stay in play, only a duration or repeat card lies face
//! up, and a survivor status card lies in none of them. A card name the monster file does not know is `state::check`'s to report.

use super::card::CardKind;
use super::state::AiState;
use crate::systems::StateProblem;
use std::collections::BTreeMap;

/// The impossible stacks of `state`, each at its field path; `kind_of(type, card)` is the
/// card's kind, or `None` when the type has no such card.
pub(crate) fn check(
    state: &AiState,
    kind_of: &dyn Fn(&str, &str) -> Option<CardKind>,
) -> Vec<StateProblem> {
    let mut problems = Vec::new();
    for (kind, deck) in &state.decks {
        let face_up = deck
            .face_up
            .iter()
            .map(|f| f.card.clone())
            .collect::<Vec<_>>();
        let mut first: BTreeMap<&str, String> = BTreeMap::new();
        for (field, list) in [
            ("deck", &deck.deck),
            ("discard", &deck.discard),
            ("wounds", &deck.wounds),
            ("in_play", &deck.in_play),
            ("face_up", &face_up),
        ] {
            for (i, name) in list.iter().enumerate() {
                let here = if field == "face_up" {
                    format!("decks.{kind}.face_up.card")
                } else {
                    format!("decks.{kind}.{field}[{i}]")
                };
                if let Some(there) = first.get(name.as_str()) {
                    problems.push(StateProblem::hinted(
                        here,
                        format!("`{name}` is already at {there}: a card lies in one place"),
                        "keep each card once, in the draw pile, the discard pile, the wound stack, in play or face up",
                    ));
                    continue;
                }
                first.insert(name, format!("decks.{kind}.{field}[{i}]"));
                let Some(k) = kind_of(kind, name) else {
                    continue;
                };
                if k == CardKind::Status {
                    problems.push(StateProblem::hinted(
                        here,
                        format!("`{name}` is a survivor status card: it never enters the AI deck"),
                        "survivors hold status cards (`survivors.ID.status_cards`); take it out of the deck's stacks",
                    ));
                } else if field == "in_play" && !k.stays_in_play() {
                    problems.push(StateProblem::hinted(
                        here,
                        format!("`{name}` is a {} card: it does not stay in play", k.word()),
                        "only moods, traits and overtones stay in play; put it in the discard pile",
                    ));
                } else if field == "face_up" && !matches!(k, CardKind::Duration | CardKind::Repeat)
                {
                    problems.push(StateProblem::hinted(
                        here,
                        format!("`{name}` is a {} card: it does not lie face up", k.word()),
                        "only a duration or repeat card lies face up on the deck; put it in the discard pile",
                    ));
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{FaceUp, TypeDeck};

    fn kind_of(_: &str, card: &str) -> Option<CardKind> {
        match card {
            "Charge" | "Gore" => Some(CardKind::Normal),
            "Leap" => Some(CardKind::Relentless),
            "Stew" => Some(CardKind::Mood),
            "Scent" => Some(CardKind::Repeat),
            _ => None,
        }
    }

    fn paths(deck: TypeDeck) -> Vec<(String, String)> {
        let state = AiState {
            decks: [("imp".to_string(), deck)].into(),
            ..AiState::default()
        };
        check(&state, &kind_of)
            .into_iter()
            .map(|p| (p.path, p.message))
            .collect()
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_possible_stack_passes() {
        let deck = TypeDeck {
            deck: names(&["Charge"]),
            discard: names(&["Gore"]),
            in_play: names(&["Stew"]),
            face_up: Some(FaceUp {
                card: "Scent".into(),
                tokens: 2,
            }),
            ..TypeDeck::default()
        };
        assert_eq!(paths(deck), []);
    }

    #[test]
    fn a_card_twice_in_the_deck_and_once_in_the_discard() {
        let deck = TypeDeck {
            deck: names(&["Charge", "Gore", "Charge"]),
            discard: names(&["Charge"]),
            ..TypeDeck::default()
        };
        assert_eq!(
            paths(deck),
            [
                (
                    "decks.imp.deck[2]".to_string(),
                    "`Charge` is already at decks.imp.deck[0]: a card lies in one place"
                        .to_string()
                ),
                (
                    "decks.imp.discard[0]".to_string(),
                    "`Charge` is already at decks.imp.deck[0]: a card lies in one place"
                        .to_string()
                ),
            ]
        );
    }

    #[test]
    fn a_relentless_card_in_play_and_a_mood_face_up() {
        let deck = TypeDeck {
            in_play: names(&["Leap"]),
            face_up: Some(FaceUp {
                card: "Stew".into(),
                tokens: 0,
            }),
            ..TypeDeck::default()
        };
        assert_eq!(
            paths(deck),
            [
                (
                    "decks.imp.in_play[0]".to_string(),
                    "`Leap` is a relentless card: it does not stay in play".to_string()
                ),
                (
                    "decks.imp.face_up.card".to_string(),
                    "`Stew` is a mood card: it does not lie face up".to_string()
                ),
            ]
        );
    }
}

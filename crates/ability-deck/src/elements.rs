//! The six Gloomhaven elements and their strength (strong, waning, inert), as a board
//! tracks them in `systems.ability-deck.elements`. An element infused becomes strong; it
//! can be consumed while strong or waning (it is inert afterwards); at the end of every
//! round each one steps down: strong to waning, waning to inert. Only the values and
//! these steps live here; who infuses and consumes is `element_play`'s.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One of the six elements.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Element {
    /// Fire.
    Fire,
    /// Ice.
    Ice,
    /// Air.
    Air,
    /// Earth.
    Earth,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Element {
    /// Every element, in the order the board and `show` list them.
    pub(crate) const ALL: [Element; 6] = [
        Element::Fire,
        Element::Ice,
        Element::Air,
        Element::Earth,
        Element::Light,
        Element::Dark,
    ];

    /// The element's word in files, records and narration.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Element::Fire => "fire",
            Element::Ice => "ice",
            Element::Air => "air",
            Element::Earth => "earth",
            Element::Light => "light",
            Element::Dark => "dark",
        }
    }

    /// The element a word names (any case), if any.
    pub(crate) fn parse(word: &str) -> Option<Element> {
        Element::ALL
            .into_iter()
            .find(|e| e.word().eq_ignore_ascii_case(word))
    }

    /// The six words, for hints.
    pub(crate) fn words() -> Vec<&'static str> {
        Element::ALL.iter().map(|e| e.word()).collect()
    }
}

/// How strong an element is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Strength {
    /// Just infused: it can be consumed, and wanes at the end of the round.
    Strong,
    /// Infused last round: it can still be consumed, and is gone at the end of the round.
    Waning,
    /// Not there.
    #[default]
    Inert,
}

impl Strength {
    /// Every strength, strongest first.
    pub(crate) const ALL: [Strength; 3] = [Strength::Strong, Strength::Waning, Strength::Inert];

    /// The word in records and narration.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Strength::Strong => "strong",
            Strength::Waning => "waning",
            Strength::Inert => "inert",
        }
    }

    /// The strength a word names (any case), if any.
    pub(crate) fn parse(word: &str) -> Option<Strength> {
        Strength::ALL
            .into_iter()
            .find(|s| s.word().eq_ignore_ascii_case(word))
    }

    /// Whether an ability may consume it (strong or waning).
    pub(crate) fn available(self) -> bool {
        self != Strength::Inert
    }

    /// Its strength after the end of a round.
    pub(crate) fn waned(self) -> Strength {
        match self {
            Strength::Strong => Strength::Waning,
            Strength::Waning | Strength::Inert => Strength::Inert,
        }
    }
}

/// The elements a board tracks: each element's strength (an element left out is inert).
pub(crate) type ElementBoard = BTreeMap<Element, Strength>;

/// The strength of `e` on `board`.
pub(crate) fn strength(board: &ElementBoard, e: Element) -> Strength {
    board.get(&e).copied().unwrap_or_default()
}

/// Sets `e` to `s`, keeping the board free of inert entries (they are the default).
pub(crate) fn set(board: &mut ElementBoard, e: Element, s: Strength) {
    if s == Strength::Inert {
        board.remove(&e);
    } else {
        board.insert(e, s);
    }
}

/// The end of a round: every element steps down one strength.
pub(crate) fn wane(board: &ElementBoard) -> ElementBoard {
    let mut after = ElementBoard::new();
    for (&e, &s) in board {
        set(&mut after, e, s.waned());
    }
    after
}

/// The board's elements in words, strongest first (`fire strong, dark waning`), or
/// "all inert".
pub(crate) fn describe(board: &ElementBoard) -> String {
    let mut parts = Vec::new();
    for s in [Strength::Strong, Strength::Waning] {
        for e in Element::ALL {
            if strength(board, e) == s {
                parts.push(format!("{} {}", e.word(), s.word()));
            }
        }
    }
    if parts.is_empty() {
        "all inert".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_wane_one_step_a_round_and_only_strong_or_waning_ones_are_there() {
        let mut b = ElementBoard::new();
        set(&mut b, Element::Fire, Strength::Strong);
        set(&mut b, Element::Dark, Strength::Waning);
        assert_eq!(describe(&b), "fire strong, dark waning");
        let b = wane(&b);
        assert_eq!(strength(&b, Element::Fire), Strength::Waning);
        assert_eq!(strength(&b, Element::Dark), Strength::Inert);
        assert!(!b.contains_key(&Element::Dark), "inert is left out");
        assert!(strength(&b, Element::Fire).available());
        let b = wane(&b);
        assert!(b.is_empty());
        assert_eq!(describe(&b), "all inert");
        assert!(!strength(&b, Element::Fire).available());
    }

    #[test]
    fn words_read_in_any_case() {
        assert_eq!(Element::parse("FIRE"), Some(Element::Fire));
        assert_eq!(Element::parse("fyre"), None);
        assert_eq!(Strength::parse("Waning"), Some(Strength::Waning));
        assert_eq!(
            serde_json::to_string(&ElementBoard::from([(Element::Ice, Strength::Strong)])).unwrap(),
            r#"{"ice":"strong"}"#
        );
    }
}

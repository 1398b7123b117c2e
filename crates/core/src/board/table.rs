//! The board's table setting: whether the players at this table roll their own dice and
//! draw their own cards, so that the commands ask for them, and the record of the values
//! they entered (SPEC §14).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How many entered values the board keeps: the most recent ones, the oldest dropped
/// first (a long fight rolled by hand would otherwise grow the board without end).
pub const ENTERED_KEPT: usize = 100;

/// The most sides a die may have (as in a monster file's dice).
const MOST_SIDES: u32 = crate::chance::dice::MAX_SIDES;

/// What the players at this table do themselves instead of the tool.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The players roll every die: each command asks for the faces on standard input,
    /// unless they are given with `--rolls` or `--dice tool` says the tool rolls.
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_dice: bool,
    /// The players draw their own ability cards: a round is dealt only once every
    /// monster type's card is given (`record BOARD drew`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_cards: bool,
    /// The dice and cards the players entered instead of the tool's (`--rolls`, `--cards`,
    /// the answers to `--dice ask`, `record BOARD drew`), oldest first; the most recent
    /// [`ENTERED_KEPT`] are kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<EnteredValue>,
}

/// One die or card the players entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnteredValue {
    /// The round it was entered in.
    pub round: u32,
    /// What it was for, as the command said when it asked ("Warg 1 attacks Borin: d20+4").
    #[serde(rename = "for")]
    pub what: String,
    /// The sides of the die rolled (with `rolled`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u32>,
    /// The face the die showed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<u32>,
    /// The card drawn, as the system names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drew: Option<String>,
}

impl EnteredValue {
    /// A die of `sides` sides that showed `face`, entered in `round` for `what`.
    pub fn rolled(round: u32, what: &str, sides: u32, face: u32) -> EnteredValue {
        EnteredValue {
            round,
            what: what.to_string(),
            die: Some(sides),
            rolled: Some(face),
            drew: None,
        }
    }

    /// A card drawn in `round` for `what`.
    pub fn drew(round: u32, what: &str, card: &str) -> EnteredValue {
        EnteredValue {
            round,
            what: what.to_string(),
            die: None,
            rolled: None,
            drew: Some(card.to_string()),
        }
    }

    /// The value in words: "d20: 17", "drew Shield Wall".
    pub fn value_words(&self) -> String {
        match (&self.drew, self.die, self.rolled) {
            (Some(card), _, _) => format!("drew {card}"),
            (None, Some(sides), Some(face)) => format!("d{sides}: {face}"),
            _ => String::new(),
        }
    }

    /// Why the record cannot be right, as (field, message, hint), the field relative to
    /// this entry.
    fn problem(&self) -> Option<(&'static str, String, String)> {
        let hint = "an entry is either `die` and `rolled` (the sides and the face) or `drew` \
                    (the card); fix it or remove the entry";
        match (&self.drew, self.die, self.rolled) {
            (Some(_), None, None) => None,
            (None, Some(sides), Some(face)) => {
                if !(1..=MOST_SIDES).contains(&sides) {
                    Some((
                        "die",
                        format!("a die of {sides} sides"),
                        format!("dice have 1 to {MOST_SIDES} sides"),
                    ))
                } else if !(1..=sides).contains(&face) {
                    Some((
                        "rolled",
                        format!("a d{sides} cannot show {face}"),
                        format!("a d{sides} shows 1 to {sides}"),
                    ))
                } else {
                    None
                }
            }
            (Some(_), _, _) => Some((
                "drew",
                "an entry holds both a card and a die".into(),
                hint.into(),
            )),
            (None, None, _) => Some((
                "rolled",
                "an entry holds neither a card nor a die's sides".into(),
                hint.into(),
            )),
            (None, Some(_), None) => Some(("die", "a die without its face".into(), hint.into())),
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Table {
    /// Nothing set (left out of the board file).
    pub fn is_unset(&self) -> bool {
        *self == Table::default()
    }

    /// Records a value the players entered, dropping the oldest beyond [`ENTERED_KEPT`].
    pub fn note(&mut self, value: EnteredValue) {
        self.entered.push(value);
        if self.entered.len() > ENTERED_KEPT {
            let extra = self.entered.len() - ENTERED_KEPT;
            self.entered.drain(..extra);
        }
    }

    /// The values entered in `round`.
    pub fn entered_in(&self, round: u32) -> impl Iterator<Item = &EnteredValue> {
        self.entered.iter().filter(move |e| e.round == round)
    }

    /// The first entry that cannot be right, as (field path under the board, message,
    /// hint).
    pub fn problem(&self) -> Option<(String, String, String)> {
        self.entered.iter().enumerate().find_map(|(i, e)| {
            e.problem()
                .map(|(field, msg, hint)| (format!("table.entered[{i}].{field}"), msg, hint))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_keeps_the_most_recent_entries() {
        let mut t = Table::default();
        for i in 0..(ENTERED_KEPT as u32 + 5) {
            t.note(EnteredValue::rolled(1 + i / 10, "a roll", 20, 1 + i % 20));
        }
        assert_eq!(t.entered.len(), ENTERED_KEPT);
        // The first five (faces 1..=5) are gone; the oldest kept is the sixth.
        assert_eq!(t.entered[0].rolled, Some(6));
        assert_eq!(t.entered_in(11).count(), 5);
    }

    #[test]
    fn entries_that_cannot_be_right_are_named_by_field() {
        let mut t = Table::default();
        t.note(EnteredValue::drew(1, "Warg's card", "Rushing Charge"));
        assert_eq!(t.problem(), None);
        t.note(EnteredValue::rolled(
            1,
            "Warg 1 attacks Borin: d20+4",
            20,
            21,
        ));
        let (path, msg, _) = t.problem().unwrap();
        assert_eq!(path, "table.entered[1].rolled");
        assert_eq!(msg, "a d20 cannot show 21");
        t.entered[1].rolled = None;
        assert_eq!(t.problem().unwrap().0, "table.entered[1].die");
        t.entered[1].die = Some(0);
        t.entered[1].rolled = Some(1);
        assert_eq!(t.problem().unwrap().1, "a die of 0 sides");
    }

    #[test]
    fn values_in_words() {
        assert_eq!(
            EnteredValue::rolled(2, "x", 20, 17).value_words(),
            "d20: 17"
        );
        assert_eq!(
            EnteredValue::drew(2, "x", "null").value_words(),
            "drew null"
        );
    }
}

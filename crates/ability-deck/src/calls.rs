//! The one rule for a character's initiative, held by `record initiative` and by the
//! board's saved state (`initiatives`, `tiebreaks`, `next_initiatives`) alike, so a board
//! holds only what `record` would accept.

use crate::board::Fight;

/// The highest initiative (a card's, or a character's).
pub(crate) const MAX_INITIATIVE: u32 = 99;

/// What an initiative is, for hints.
pub(crate) const INITIATIVE_RULE: &str = "an initiative is a whole number from 0 to 99";

/// What is wrong with a character's initiative, in a board's state or given to `record
/// initiative`: the one rule both keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CallProblem {
    /// The id names a creature of the board that is not a character (a monster's
    /// initiative is its type's card's).
    NotACharacter,
    /// The initiative, or the second card's (`second`), is above [`MAX_INITIATIVE`].
    OutOfRange {
        /// The number given.
        value: u32,
        /// Whether it is the second card's.
        second: bool,
    },
}

impl CallProblem {
    /// The problem in words, for character `id`.
    pub(crate) fn message(&self, id: &str) -> String {
        match self {
            CallProblem::NotACharacter => {
                format!("`{id}` is not a character, so it has no initiative of its own")
            }
            CallProblem::OutOfRange { value, second } => format!(
                "{id}'s {}initiative {value} is out of range",
                if *second { "second card's " } else { "" }
            ),
        }
    }

    /// What to do about it.
    pub(crate) fn hint(&self) -> &'static str {
        match self {
            CallProblem::NotACharacter => {
                "only characters have initiatives of their own; a monster acts at its type's card"
            }
            CallProblem::OutOfRange { .. } => INITIATIVE_RULE,
        }
    }
}

/// Checks character `id`'s `initiative` (and its second card's) against `fight`: `id` names no creature of
/// the board but a character (an id no longer on the board, a character that fell or was
/// removed, is let be), and both numbers are initiatives. `record initiative` and the
/// board's check both call this, so a board holds only what `record` would accept.
pub(crate) fn check_call(
    fight: &Fight,
    id: &str,
    initiative: u32,
    second: Option<u32>,
) -> Result<(), CallProblem> {
    if let Some(i) = fight.index_of(id)
        && !fight.board.creatures[i].is_character()
    {
        return Err(CallProblem::NotACharacter);
    }
    for (value, second) in [(Some(initiative), false), (second, true)] {
        if let Some(value) = value.filter(|&n| n > MAX_INITIATIVE) {
            return Err(CallProblem::OutOfRange { value, second });
        }
    }
    Ok(())
}

//! Where the round stands, read off the board for `show`'s header and `next --json`: the
//! round, the character whose turn is open, and the turn-order card `next` reveals next;
//! and whether a character acting now acts out of turn ([`Fight::out_of_turn`]).

use super::Fight;
use serde::Serialize;

/// The round's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnState {
    /// The current round number.
    pub round: u32,
    /// The character whose turn `next` opened and has not yet ended (its id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acting: Option<String>,
    /// What the next `next` does.
    pub next: NextCard,
}

/// What the next `next` reveals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NextCard {
    /// This card, `position` of `size` in the round's deck (a monster type or a
    /// character id).
    Card {
        /// What the card names.
        card: String,
        /// Its place in the deck, counting from 1.
        position: u32,
        /// How many cards the deck holds.
        size: u32,
    },
    /// The deck is spent: `next` starts round `round`.
    NewRound {
        /// The round `next` starts.
        round: u32,
    },
    /// No deck has been laid out yet: `next` lays out this round's.
    FirstDeal,
}

impl Fight {
    /// Where the round stands.
    pub fn turn_state(&self) -> TurnState {
        let b = &self.board;
        let drawn = b.cards_drawn as usize;
        let next = if b.turn_order.is_empty() {
            NextCard::FirstDeal
        } else if let Some(card) = b.turn_order.get(drawn) {
            NextCard::Card {
                card: card.clone(),
                position: b.cards_drawn + 1,
                size: b.turn_order.len() as u32,
            }
        } else {
            NextCard::NewRound {
                round: b.round.saturating_add(1),
            }
        };
        TurnState {
            round: b.round,
            acting: b.acting.clone(),
            next,
        }
    }

    /// Where the round stands when character `id` acts (walks with `move`, attacks with
    /// `hit --by`, is named by a record), when that is out of its turn; `None` when it may
    /// act. The one rule: while `next` reveals the round's cards (at least one is face up,
    /// `cards_drawn` > 0), the character whose turn is open (`acting`) is the one that
    /// acts; any other acts out of turn, and so does every character between two turns
    /// (a monster's card was the last revealed, or the round's cards are all revealed).
    /// Before the first `next` of a round (a board whose turn order was never dealt, or
    /// a round `round` laid out and nobody revealed) there is no turn to follow, and a
    /// creature that is not a character has none: never out of turn.
    pub fn out_of_turn(&self, id: &str) -> Option<TurnState> {
        let i = self.index_of(id)?;
        let b = &self.board;
        let following = !b.turn_order.is_empty() && b.cards_drawn > 0;
        let own = b.acting.as_deref() == Some(id);
        (self.board.creatures[i].is_character() && following && !own).then(|| self.turn_state())
    }

    /// The same, as one line for people.
    pub fn turn_line(&self) -> String {
        let s = self.turn_state();
        let name = |id: &str| {
            self.index_of(id)
                .map_or(id, |i| self.board.creatures[i].display_name())
                .to_string()
        };
        let open = s
            .acting
            .as_deref()
            .map(|id| format!("{}'s turn is open. ", name(id)))
            .unwrap_or_default();
        let next = match &s.next {
            NextCard::Card {
                card,
                position,
                size,
            } => format!("{}, card {position} of {size}", name(card)),
            NextCard::NewRound { round } => {
                format!("the deck is spent, so `next` starts round {round}")
            }
            NextCard::FirstDeal => "`next` deals this round's turn order".to_string(),
        };
        format!("{open}Next: {next}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NoMonsterTypes;
    use crate::board::load::load_board;

    fn fight(extra: &str) -> Fight {
        let text = format!(
            r#"{{"format": 1, "grid": {{"kind": "square", "width": 3, "height": 1}},
            "creatures": [{{"id": "aria", "name": "Aria", "side": "players", "position": "A1", "hp": 5}},
                          {{"id": "bo", "side": "players", "position": "C1", "hp": 5}}]{extra}}}"#
        );
        load_board("b.json", &text, &NoMonsterTypes).unwrap()
    }

    #[test]
    fn each_stage_of_the_round_reads_plainly() {
        assert_eq!(
            fight("").turn_line(),
            "Next: `next` deals this round's turn order."
        );
        let f = fight(r#", "turn_order": ["aria", "bo"], "cards_drawn": 1, "acting": "aria""#);
        assert_eq!(f.turn_line(), "Aria's turn is open. Next: bo, card 2 of 2.");
        let f = fight(r#", "round": 3, "turn_order": ["aria", "bo"], "cards_drawn": 2"#);
        assert_eq!(
            f.turn_line(),
            "Next: the deck is spent, so `next` starts round 4."
        );
        assert_eq!(f.turn_state().next, NextCard::NewRound { round: 4 });
    }

    /// Aria on A1 and Bo on C1, both characters; the deck is `aria, bo`.
    #[test]
    fn only_the_open_turns_character_acts_in_turn() {
        let out = |extra: &str, id: &str| fight(extra).out_of_turn(id).map(|s| s.acting);
        // No turn order dealt yet, or a round laid out and nothing revealed: no turns.
        assert_eq!(out("", "aria"), None);
        let laid = r#", "turn_order": ["aria", "bo"], "cards_drawn": 0"#;
        assert_eq!(out(laid, "bo"), None);
        // Aria's card revealed: her turn; Bo acts out of it.
        let open = r#", "turn_order": ["aria", "bo"], "cards_drawn": 1, "acting": "aria""#;
        assert_eq!(out(open, "aria"), None);
        assert_eq!(out(open, "bo"), Some(Some("aria".to_string())));
        // Between turns (her turn ended, Bo's card not revealed yet) and after the
        // round's last card: nobody's turn is open.
        let between = r#", "turn_order": ["aria", "bo"], "cards_drawn": 1"#;
        assert_eq!(out(between, "bo"), Some(None));
        let spent = r#", "turn_order": ["aria", "bo"], "cards_drawn": 2"#;
        let s = fight(spent).out_of_turn("aria").unwrap();
        assert_eq!(s.next, NextCard::NewRound { round: 2 });
        // Someone not on the board is nobody's business here.
        assert_eq!(out(open, "cole"), None);
    }
}

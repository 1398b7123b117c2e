//! The words ability-deck boards take in `monster-ai record`, declared once with clap:
//! each variant is a word (its doc line the help, its fields the arguments); clap parses
//! them and `record` checks them against the board.

use super::modifiers::{CARD_WORDS, MAX_BLESS_CURSE, Modifier};
use clap::Subcommand;

/// One record on an ability-deck board, as the players typed it.
#[derive(Debug, Subcommand)]
#[command(disable_help_subcommand = true)]
pub(crate) enum Record {
    /// a character attacks: ATTACK as its card says, CARD the modifier it drew (+0, +1, -1, +2, -2, x2, null, bless, curse); poison's +1, the shield less pierce, the conditions and the target's retaliate apply
    Attack {
        /// The character attacking (its id).
        #[arg(value_name = "CHARACTER")]
        attacker: String,
        /// The monster attacked (its id).
        #[arg(value_name = "TARGET")]
        target: String,
        /// The attack as the character's card says (with its own bonuses), 0 to 99.
        #[arg(value_name = "ATTACK", value_parser = attack)]
        attack: i32,
        /// The attack-modifier card the character drew.
        #[arg(value_name = "CARD", value_parser = card, allow_negative_numbers = true)]
        card: Modifier,
        /// `pierce N` and the conditions the attack gives (poison, wound, ...).
        #[arg(value_name = "pierce N|CONDITION", num_args = 0..)]
        extras: Vec<String>,
    },
    /// a character shuffles N curses into the monsters' attack-modifier deck
    Curse {
        /// How many, 1 to 10 (default 1).
        #[arg(value_name = "N", value_parser = count)]
        n: Option<usize>,
    },
    /// N blessings go into the monsters' attack-modifier deck
    Bless {
        /// How many, 1 to 10 (default 1).
        #[arg(value_name = "N", value_parser = count)]
        n: Option<usize>,
    },
    /// the characters' initiatives for the round (ID=N/M: M is a second card, for ties; keep: last round's)
    Initiative {
        /// `ID=N` for any characters at once, `ID N [M]` for one, or `keep`.
        #[arg(value_name = "ID=N|keep", required = true, num_args = 1.., allow_negative_numbers = true)]
        calls: Vec<String>,
    },
    /// the ability card each monster type drew from your own deck for the next deal (TYPE=CARD: the card's name or initiative)
    Drew {
        /// `TYPE=CARD` for any types at once (`grave-warden="Shield Wall" bone-archer=31`).
        #[arg(value_name = "TYPE=CARD", required = true, num_args = 1..)]
        drawn: Vec<String>,
    },
    /// a character opens a door; the room behind it is revealed
    Door {
        /// The door's cell (C4).
        #[arg(value_name = "CELL")]
        cell: String,
        /// What the character does: on ability-deck boards, open it.
        #[arg(value_name = "open")]
        action: String,
    },
    /// what the characters infused or consumed (fire, ice, air, earth, light, dark; NAME alone: strong)
    Element {
        /// Each element and its strength (NAME alone: strong).
        #[arg(value_name = "NAME=strong|waning|inert", required = true, num_args = 1..)]
        elements: Vec<String>,
    },
}

/// The attack a character's card gives, 0 to 99.
fn attack(text: &str) -> Result<i32, String> {
    text.parse::<i32>()
        .ok()
        .filter(|n| (0..=99).contains(n))
        .ok_or_else(|| {
            format!("`{text}` is not an attack: give it as the character's card says, from 0 to 99")
        })
}

/// The attack-modifier card a character drew.
fn card(text: &str) -> Result<Modifier, String> {
    Modifier::from_word(text).ok_or_else(|| {
        format!("`{text}` is not an attack-modifier card: give the card the character drew: {CARD_WORDS}")
    })
}

/// How many curses or blessings, 1 to 10.
fn count(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_BLESS_CURSE).contains(n))
        .ok_or_else(|| {
            format!("`{text}` is not a count: give a number from 1 to {MAX_BLESS_CURSE}")
        })
}

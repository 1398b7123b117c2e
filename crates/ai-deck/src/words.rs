//! The words AI-deck boards take in `monster-ai record`, declared once with clap: each
//! variant is a word (its doc line the help, its fields the arguments); clap parses them
//! and `record` checks them against the board.

use super::state::Facing;
use super::survivor_attack::Weapon;
use crate::systems::record::number;
use clap::Subcommand;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// One record on an AI-deck board, as the players typed it.
#[derive(Debug, Subcommand)]
#[command(disable_help_subcommand = true)]
pub(crate) enum Record {
    /// a survivor wounded the monster (a card to the wound stack, or 1 Life)
    Wound {
        /// The monster wounded (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The survivor who dealt the wound (for `last to wound` and the turn rule).
        #[arg(long, value_name = "SURVIVOR")]
        by: Option<String>,
    },
    /// a survivor attacks: to-hit dice, then a wound roll per hit
    Attack {
        /// The survivor attacking (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
        /// The monster attacked (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The weapon profile, e.g. 2/6+/3.
        #[arg(value_name = "SPEED/ACCURACY+/STRENGTH", value_parser = weapon, allow_hyphen_values = true)]
        weapon: Weapon,
    },
    /// the monster heals N Life (up to its start)
    Heal {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// How much Life, 0 to 1000.
        #[arg(value_name = "N", value_parser = number(0, 1000))]
        n: i64,
    },
    /// the monster suffers a persistent injury
    Injury {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The injury's name, in a few words.
        #[arg(value_name = "NAME", required = true, num_args = 1..)]
        name: Vec<String>,
    },
    /// a persistent injury is healed
    HealInjury {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The injury's name, in a few words.
        #[arg(value_name = "NAME", required = true, num_args = 1..)]
        name: Vec<String>,
    },
    /// the top card of the monster's deck is buried
    Bury {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
    },
    /// a card in play leaves it for the discard pile
    LeavePlay {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The card's name.
        #[arg(value_name = "CARD", required = true, num_args = 1..)]
        card: Vec<String>,
    },
    /// the monster turns to face that way
    Facing {
        /// The monster (its id).
        #[arg(value_name = "MONSTER")]
        monster: String,
        /// The way it faces now.
        #[arg(value_name = "FACING", value_parser = facings(), ignore_case = true)]
        facing: Facing,
    },
    /// a survivor is knocked down
    KnockDown {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
    },
    /// a survivor dies (the players decide it)
    Dead {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
    },
    /// a knocked-down survivor stands up
    Stand {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
    },
    /// a survivor gains a survivor status card
    GiveStatus {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
        /// The status card's name.
        #[arg(value_name = "CARD", required = true, num_args = 1..)]
        card: Vec<String>,
        /// Whose card it is, when several monster types have a status card of that name.
        #[arg(long, value_name = "TYPE")]
        of: Option<String>,
    },
    /// a survivor loses a survivor status card
    RemoveStatus {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
        /// The status card's name.
        #[arg(value_name = "CARD", required = true, num_args = 1..)]
        card: Vec<String>,
    },
    /// a survivor is deafened
    Deaf {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
    },
    /// a survivor can hear again
    Hear {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
    },
    /// a survivor gains or loses tokens (+1, -2)
    Token {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
        /// The kind of token, one word (bleeding).
        #[arg(value_name = "KIND")]
        kind: String,
        /// How many gained (+1) or lost (-2), -1000 to 1000.
        #[arg(value_name = "CHANGE", value_parser = number(-1000, 1000), allow_negative_numbers = true)]
        change: i64,
    },
    /// a survivor's evasion
    Evasion {
        /// The survivor (its id).
        #[arg(value_name = "SURVIVOR")]
        survivor: String,
        /// Its evasion, -10 to 10.
        #[arg(value_name = "N", value_parser = number(-10, 10), allow_negative_numbers = true)]
        n: i64,
    },
    /// the showdown's level
    Level {
        /// The level, 1 to 20.
        #[arg(value_name = "N", value_parser = number(1, 20))]
        n: i64,
    },
}

/// `2/6+/3`; the error says which part is wrong and how to write it.
fn weapon(text: &str) -> Result<Weapon, String> {
    Weapon::parse(text).map_err(|e| {
        if e.contains("e.g.") {
            e
        } else {
            format!("{e} (write SPEED/ACCURACY+/STRENGTH, e.g. 2/6+/3)")
        }
    })
}

/// `north`, `east`, `south` or `west` (any case: the argument ignores it).
fn facings() -> impl TypedValueParser<Value = Facing> {
    PossibleValuesParser::new(Facing::ALL.map(Facing::word)).map(|word| {
        Facing::ALL
            .into_iter()
            .find(|f| f.word().eq_ignore_ascii_case(&word))
            .unwrap_or_default()
    })
}

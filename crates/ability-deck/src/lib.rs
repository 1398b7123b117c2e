//! The ability-deck system (SPEC §6, Gloomhaven style): each monster type has normal
//! and elite stat lines per scenario level and a deck of ability cards; one card is drawn
//! per type each round and sets the type's initiative and the actions its monsters take.
//! The turn-order deck is laid out by initiative.
//!
//! - `format`, `compile`, `stats`: reading and checking the monster file (files of
//!   `system = "ability-deck"`).
//! - `system`: the [`crate::systems::System`] implementation.
//! - `options`: the view of the focus solver (the `monster-ai-focus` crate) for the
//!   `options` command; `initiative` the initiatives it reads, `calls` the rule a
//!   character's initiative keeps.
//! - `cards`, `modifiers`, `round`, `turn`: the ability and modifier decks, the round laid
//!   out by initiative, and a type's turn; `blow` one attack's blow at a target once its
//!   modifier card is known (monsters, simulated characters and `record attack` alike).
//! - `elements`, `element_play`: the six elements a board may track, and the cards that
//!   infuse and consume them.
//! - `rooms`: rooms hidden behind closed doors, revealed by `door CELL open`.
//! - `overlay`: what `show` adds (loot, curses given, hidden rooms).
//! - `spoils`: money tokens, loot picked up at a turn's end, curses given to characters.
//! - [`importers`]: the one face besides [`SYSTEM`]: what the importers of other tools'
//!   files need to write this system's monster files.
//! - `state`: what it saves in a board (`systems.ability-deck`) and the changes to it.

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{board, chance, error, grid, io, rules, systems};
// The focus solver, a crate of its own, read as `crate::focus::…`.
use monster_ai_focus as focus;

mod blow;
mod calls;
mod card_plan;
mod cards;
mod characters;
mod compile;
mod drawn;
mod element_play;
mod elements;
mod events;
mod format;
pub mod importers;
mod initiative;
mod knob;
mod modifiers;
mod odds;
mod options;
mod options_command;
mod overlay;
mod record;
mod rooms;
mod round;
mod round_calls;
mod spoils;
mod stat_line;
mod state;
mod stats;
mod system;
mod turn;
mod two_cards;
mod words;

pub use system::SYSTEM;

use compile::AbilityDecks;

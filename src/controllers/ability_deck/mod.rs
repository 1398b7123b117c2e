//! The ability-deck controller (SPEC §6, Gloomhaven style): each monster type has normal
//! and elite stat lines per scenario level and a deck of ability cards; one card is drawn
//! per type each round and sets the type's initiative and the actions its monsters take.
//! The turn-order deck is laid out by initiative.
//!
//! - `format`, `compile`, `stats`: reading and checking the monster file (files of
//!   `system = "ability-deck"`).
//! - `system`: the [`crate::controllers::Controller`] implementation.
//! - `focus`: the Gloomhaven focus and movement solver, and `options`, its view for the
//!   `options` command; `initiative` the initiatives it reads, `calls` the rule a
//!   character's initiative keeps.
//! - `cards`, `modifiers`, `round`, `turn`: the ability and modifier decks, the round laid
//!   out by initiative, and a type's turn; `blow` one attack's blow at a target once its
//!   modifier card is known (monsters, simulated characters and `record attack` alike).
//! - `elements`, `element_play`: the six elements a board may track, and the cards that
//!   infuse and consume them.
//! - `rooms`: rooms hidden behind closed doors, revealed by `door CELL open`.
//! - `sketch`: what `show` adds (loot, curses given, hidden rooms).
//! - `spoils`: money tokens, loot picked up at a turn's end, curses given to characters.
//! - `state`: what it saves in a board (`systems.ability-deck`) and the changes to it.

pub mod blow;
pub mod calls;
pub mod cards;
pub mod compile;
pub mod element_play;
pub mod elements;
pub mod events;
pub mod focus;
pub mod format;
pub mod heroes;
pub mod initiative;
mod knob;
pub mod modifiers;
pub mod options;
mod options_command;
pub mod record;
pub mod rooms;
pub mod round;
pub mod round_calls;
pub mod sketch;
pub mod spoils;
pub mod stat_line;
pub mod state;
pub mod stats;
pub mod system;
pub mod turn;

pub use compile::{AbilityDecks, DeckType, load_decks};

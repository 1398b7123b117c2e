//! The ability-deck controller (SPEC §6, Gloomhaven style): each monster type has normal
//! and elite stat lines per scenario level and a deck of ability cards; one card is drawn
//! per type each round and sets the type's initiative and the actions its monsters take.
//! Focus, movement and targets come from the shared solver in `rules::focus`.
//!
//! - `format`: the TOML types (files of `system = "ability-deck"`).
//! - `compile`: checking a file and compiling its types, cards and action lines.

pub mod cards;
pub mod compile;
pub mod focus;
pub mod format;
pub mod initiative;
pub mod modifiers;
pub mod options;
pub mod play;
pub mod state;
pub mod stats;
pub mod system;
pub mod turn;

pub use compile::{AbilityDecks, DeckType, load_decks};

//! The ability-deck controller (SPEC §6, Gloomhaven style): each monster type has normal
//! and elite stat lines per scenario level and a deck of ability cards; one card is drawn
//! per type each round and sets the type's initiative and the actions its monsters take.
//! Focus, movement and targets come from the shared solver in `rules::focus`.
//!
//! - `format`: the TOML types (`controller = "ability-deck"` monsters).
//! - `compile`: checking a file and compiling its types, cards and action lines.

pub mod cards;
pub mod check;
pub mod compile;
pub mod format;
pub mod initiative;
pub mod modifiers;
pub mod play;
pub mod turn;

pub use check::check;
pub use compile::{AbilityDecks, DeckType, load_decks, uses_ability_decks};

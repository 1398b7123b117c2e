//! The AI-deck system (SPEC §7, seed 003, Kingdom-Death style): a monster draws an AI
//! card each turn; the card's pick-target list picks the survivor, its actions run in
//! order, and the deck is also the monster's health (a wound takes a card; an empty
//! deck and discard pile mean the next wound defeats it). Monsters may be large
//! (square blocks of squares) with a facing and a blind spot.
//!
//! - `format`, `card`, `compile`: the monster file and the text of card lines.
//! - `state`: what it saves in a board (`systems.ai-deck`); `stacks`: whether its
//!   card stacks could happen in play.
//! - `deck`: building a deck for a level, drawing, wounds.
//! - `limits`: how many AI-deck monsters a board holds, and how large it may be.
//! - `geometry`, `movement`: large monsters' squares, facing, blind spot, field of view,
//!   and moving as a block.
//! - `pick`, `turn`: the pick-target walk and a monster's turn.
//! - `record`: the players' records (wounds, injuries, survivors' facts).
//! - `characters`: how `simulate` plays the survivors (walk up, attack with a weapon).
//! - `survivor_attack`: a survivor's attack, to hit and to wound (`record attack`).
//! - `survivor_hits`, `severe`: a monster's hit on a survivor's hit locations (armour,
//!   injury levels, severe injuries rolled on the tables, death, standing up).
//! - `status`: survivor status cards (held by a survivor, their rules on it alone, given
//!   at the start, by cards or by the players, lost as the card says).
//! - `overlay`: what `show` draws (facing, blind spot, decks, survivors' armour).
//! - `system`: the [`crate::systems::System`] implementation.

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{board, chance, error, grid, io, rules, systems};

mod card;
mod characters;
mod compile;
mod deck;
#[cfg(test)]
mod deck_tests;
mod events;
mod format;
mod geometry;
mod knob;
mod limits;
mod movement;
mod notes;
mod odds;
mod overlay;
mod pick;
mod record;
mod severe;
mod shape;
mod speed;
mod stacks;
mod state;
mod status;
mod survivor_attack;
mod survivor_hits;
mod system;
mod turn;
mod words;
mod wounding;

pub use system::SYSTEM;

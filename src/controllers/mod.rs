//! Controllers decide what a monster does on its turn; each automation system is one
//! folder here, built on the shared rules core. Controllers never import each other.

pub mod ability_deck;
pub mod scheme;

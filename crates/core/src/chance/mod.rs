//! Chance, below everything that uses it: the board's seeded random generator and the
//! dice notation rolled with it. Nothing here knows about boards or rules.

pub mod dice;
pub mod rng;

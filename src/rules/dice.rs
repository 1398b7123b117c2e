//! Dice notation (`1d20+4`, `3d6`, `1d6-1`, `2`) with error positions, rolled with the
//! board's RNG, and d20 tests with advantage and disadvantage.

use super::rng::GameRng;

/// Largest number of dice, faces and flat modifier accepted (keeps input from eating time).
pub const MAX_DICE: u32 = 100;
pub const MAX_SIDES: u32 = 1000;
pub const MAX_MODIFIER: i32 = 10_000;

/// `count`d`sides` plus `modifier`; `count == 0` is a flat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
    pub modifier: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DiceError {
    /// Byte offset in the parsed text where the problem starts.
    pub offset: usize,
    pub message: String,
}

/// One roll of a [`Dice`]: each face and the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    pub dice: Dice,
    pub faces: Vec<u32>,
    pub total: i32,
}

/// Advantage state of a d20 test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edge {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
}

impl Edge {
    /// Combines sources: any advantage and any disadvantage cancel to normal.
    pub fn combine(advantage: bool, disadvantage: bool) -> Edge {
        todo!()
    }
}

/// A d20 rolled once, or twice keeping the better/worse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D20 {
    pub edge: Edge,
    pub faces: Vec<u32>,
    pub kept: u32,
}

impl Dice {
    /// Parses dice notation; whitespace around the text is allowed, not inside.
    pub fn parse(text: &str) -> Result<Dice, DiceError> {
        todo!()
    }
    pub fn roll(&self, rng: &mut GameRng) -> Roll {
        todo!()
    }
    pub fn min(&self) -> i32 {
        todo!()
    }
    pub fn max(&self) -> i32 {
        todo!()
    }
}

impl std::fmt::Display for Dice {
    /// Canonical notation: `1d6+2`, `1d6-1`, `3d6`, `4`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        todo!()
    }
}

/// Rolls a d20 with the given edge.
pub fn roll_d20(rng: &mut GameRng, edge: Edge) -> D20 {
    todo!()
}

//! The board's seeded ChaCha random number generator. Its state is saved in the board
//! so that a turn replays identically; dice never go through `rand`'s range helpers (their
//! output may change between versions), only through [`GameRng::below`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The RNG state as stored in a board: the seed and how many 32-bit words were used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RngState {
    pub seed: u64,
    /// 32-bit words consumed since seeding.
    pub position: u64,
}

/// The game's random source.
#[derive(Clone, Debug)]
pub struct GameRng {
    // implementation-defined (rand_chacha::ChaCha8Rng + seed)
}

impl GameRng {
    pub fn from_seed(seed: u64) -> GameRng {
        todo!()
    }
    pub fn restore(state: RngState) -> GameRng {
        todo!()
    }
    pub fn state(&self) -> RngState {
        todo!()
    }
    /// Uniform in `0..n` (n > 0), by rejection sampling over `next_u32`.
    pub fn below(&mut self, n: u32) -> u32 {
        todo!()
    }
    /// One die: uniform in `1..=sides`.
    pub fn die(&mut self, sides: u32) -> u32 {
        todo!()
    }
    /// Fisher-Yates shuffle driven by [`GameRng::below`].
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        todo!()
    }
}

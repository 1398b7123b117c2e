//! Grid geometry shared by every system: cells and their names, square and hex
//! layouts, distances, terrain, line of sight and pathfinding.
//!
//! Nothing here knows about creatures or rules; callers describe what blocks or is
//! avoided through [`path::Passage`].

pub mod cell;
mod geom;
#[cfg(test)]
mod ice;
pub mod layout;
mod memo;
pub mod path;
pub mod range;
pub mod sight;
pub mod terrain;

pub use cell::{Cell, CellNameError};
pub use layout::{Grid, GridKind, Metric};
pub use range::RangeField;
pub use terrain::{Terrain, TerrainMap};

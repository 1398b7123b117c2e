//! Grid geometry shared by every controller: cells and their names, square and hex
//! layouts, distances, terrain, line of sight and pathfinding.
//!
//! Nothing here knows about creatures or rules; callers describe what blocks or is
//! avoided through [`path::Passage`].

mod any_point;
pub mod cell;
mod critical;
mod crossing;
mod geom;
#[cfg(test)]
mod ice;
pub mod layout;
pub mod los;
mod memo;
mod near;
pub mod path;
mod probe;
pub mod range;
mod sampled;
mod shadow;
pub mod terrain;
mod witness;

pub use cell::{Cell, CellNameError};
pub use layout::{Grid, GridKind, Metric};
pub use range::RangeField;
pub use terrain::{Terrain, TerrainMap};

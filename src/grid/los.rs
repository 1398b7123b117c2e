//! Line of sight. Square grids use a symmetric rule (a line from the centre or a corner
//! of one cell to the centre or a corner of the other that crosses no wall); hex grids
//! use the Gloomhaven corner-to-corner rule or its later any-point variant. Walls,
//! closed doors and thin walls block sight; obstacles and figures do not.

use super::{Cell, TerrainMap};

/// Which line-of-sight rule a hex board uses (square boards ignore it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HexSight {
    /// A line from any corner of one hex to any corner of the other touching no wall.
    #[default]
    CornerToCorner,
    /// A line from any point of one hex to any point of the other touching no wall.
    AnyPoint,
}

/// True when `a` can see `b`. A cell always sees itself.
pub fn line_of_sight(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight) -> bool {
    todo!()
}

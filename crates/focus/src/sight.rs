//! Line of sight as the Gloomhaven family rules it: the variant's rule (corner to corner
//! or any point), except that two neighbouring hexes with no wall between them always see
//! each other. Under the strict corner-to-corner reading, a one-hex-wide corridor would
//! otherwise leave two neighbours unable to attack each other.

use super::Variant;
use crate::grid::sight::line_of_sight;
use crate::grid::{Cell, TerrainMap};

/// True when a figure on `a` can see (and so attack) one on `b` under `variant`.
pub fn sees(map: &TerrainMap, a: Cell, b: Cell, variant: Variant) -> bool {
    let neighbours = map.grid.contains(a)
        && map.grid.contains(b)
        && map.grid.adjacent(a, b)
        && !map.terrain(a).blocks_sight()
        && !map.terrain(b).blocks_sight()
        && !map.thin_wall_between(a, b);
    neighbours || line_of_sight(map, a, b, variant.sight())
}

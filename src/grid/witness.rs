//! Clear pairs for free: a segment that touches no wall and joins two hexes also shows
//! any-point sight between every two hexes it meets, since the piece of it between a
//! point of one and a point of the other touches no wall either. So each clear segment a
//! sight test finds is walked once more, hex by hex, and every pair of hexes on it is
//! remembered as seeing each other; later questions about those pairs are answered from
//! the memo without any geometry.

use super::geom::{self, P};
use super::los::{HexSight, cells_near};
use super::{Cell, GridKind, TerrainMap};

/// Remembers any-point sight between every two hexes the closed segment `pq` meets; `pq`
/// must touch no wall hex and no thin wall. Does nothing on square boards or on boards
/// too big for the memo.
pub(crate) fn spread(map: &TerrainMap, p: P, q: P) {
    let grid = map.grid;
    let cells = grid.len();
    if grid.kind != GridKind::Hex || !map.memo.remembers(cells) {
        return;
    }
    let mut met: Vec<usize> = Vec::new();
    cells_near(grid, p, q, |cell: Cell| {
        if geom::segment_touches_hex(p, q, &geom::corners(&grid, cell)) {
            met.push(grid.index(cell));
        }
        true
    });
    for (k, &x) in met.iter().enumerate() {
        for &y in &met[k + 1..] {
            map.memo.keep_sight(cells, x, y, HexSight::AnyPoint, true);
            map.memo.keep_sight(cells, y, x, HexSight::AnyPoint, true);
        }
    }
}

//! Clear pairs for free: a segment that touches no wall and joins two hexes also shows
//! any-point sight between every two hexes it meets, since the piece of it between a
//! point of one and a point of the other touches no wall either. So each clear segment a
//! sight test finds is walked once more, hex by hex, and every pair of hexes on it is
//! remembered as seeing each other; later questions about those pairs are answered from
//! the memo without any geometry.

use super::geom::{self, P};
use super::los::{HexSight, Sight, cells_near};
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
    // The segment is first stretched along its line as far as it stays clear.
    let sight = Sight::whole(map);
    let (p, q) = (stretch(&sight, q, p), stretch(&sight, p, q));
    let mut met: Vec<usize> = Vec::new();
    cells_near(grid, p, q, |cell: Cell| {
        if geom::segment_touches_hex(p, q, &geom::corners(&grid, cell)) {
            met.push(grid.index(cell));
        }
        true
    });
    let rule = HexSight::AnyPoint;
    for (k, &x) in met.iter().enumerate() {
        // Reading first is cheaper than writing what is known already.
        for &y in met[k + 1..]
            .iter()
            .filter(|&&y| map.memo.sight(cells, x, y, rule).is_none())
        {
            map.memo.keep_sight(cells, x, y, rule, true);
            map.memo.keep_sight(cells, y, x, rule, true);
        }
    }
}

/// The far end of the clear stretch that continues the clear segment `pq` beyond `q`, in
/// whole steps of the smallest integer step along the line (so the ends stay integer
/// points), until the next step would touch a wall or leave the board's surroundings.
fn stretch(sight: &Sight, p: P, q: P) -> P {
    let d = (q.0 - p.0, q.1 - p.1);
    let g = geom::gcd(d.0.abs(), d.1.abs());
    if g == 0 {
        return q;
    }
    let step = (d.0 / g, d.1 / g);
    let grid = sight.map.grid;
    // Hex centres span x in [0, 3(w-1)] and y in [0, 2h - 1]; corners reach 2 and 1 beyond.
    let (w, h) = (i64::from(grid.width), i64::from(grid.height));
    let inside = |v: P| v.0 >= -2 && v.0 <= 3 * (w - 1) + 2 && v.1 >= -1 && v.1 <= 2 * h;
    let mut end = q;
    loop {
        let next = (end.0 + step.0, end.1 + step.1);
        if !inside(next) || !sight.touches_nothing(end, next) {
            return end;
        }
        end = next;
    }
}

//! Clear pairs for free: a segment that touches no wall and joins two hexes also shows
//! any-point sight between every two hexes it meets, since the piece of it between a
//! point of one and a point of the other touches no wall either. So each clear segment a
//! sight test finds is walked once more, hex by hex, and every pair of hexes on it is
//! remembered as seeing each other; later questions about those pairs are answered from
//! the memo without any geometry.

use super::blockers::{Sight, cells_near};
use super::near::blocking_rows;
use super::probe::Probe;
use super::rule::HexSight;
use crate::grid::geom::{self, P};
use crate::grid::{Cell, GridKind, TerrainMap};

/// Remembers any-point sight between every two hexes the closed segment `pq` meets; `pq`
/// must touch no wall hex and no thin wall. Does nothing on square boards or on boards
/// too big for the memo.
pub(crate) fn spread(map: &TerrainMap, p: P, q: P) {
    let grid = map.grid;
    let cells = grid.len();
    if grid.kind != GridKind::Hex || !map.memo.remembers(cells) {
        return;
    }
    // The segment is first stretched along its line as far as it stays clear: the wall
    // hexes and thin walls on the whole line within the board's surroundings are found
    // first, then each end is pushed out against those alone.
    let line = Line::new(map, p, q);
    let (p, q) = (line.stretch(q, p), line.stretch(p, q));
    let probe = Probe::new(p, q);
    let mut met: Vec<usize> = Vec::with_capacity(24);
    cells_near(grid, p, q, |cell: Cell| {
        if probe.touches_hex(geom::centre(&grid, cell), 1) {
            met.push(grid.index(cell));
        }
        true
    });
    map.memo.keep_all_clear(cells, &met, HexSight::AnyPoint);
}

/// The line through a clear segment within the board's surroundings, with the walls it
/// meets. Coordinates on a board the memo keeps (at most [`super::memo::SIGHT_CELLS`]
/// hexes, so sides below 2^11) lie in `[-2, 2^14)`: within [`Probe`]'s bound.
struct Line<'a> {
    map: &'a TerrainMap,
    /// The smallest integer step along the line (zero for a single point).
    step: P,
    /// Wall hexes (by centre) and thin walls the whole line meets.
    walls: Vec<P>,
    thin: Vec<(P, P)>,
}

impl<'a> Line<'a> {
    fn new(map: &'a TerrainMap, p: P, q: P) -> Line<'a> {
        let d = (q.0 - p.0, q.1 - p.1);
        let g = geom::gcd(d.0.abs(), d.1.abs()).max(1);
        let mut line = Line {
            map,
            step: (d.0 / g, d.1 / g),
            walls: Vec::new(),
            thin: Vec::new(),
        };
        let (from, to) = (line.far(q, p).0, line.far(p, q).0);
        let probe = Probe::new(from, to);
        // Wall hexes from the map's list of them by column, in the columns the line meets.
        let grid = map.grid;
        let cols = geom::hex_columns(&grid, from.0.min(to.0), from.0.max(to.0));
        let blocking = blocking_rows(map);
        for col in cols {
            for &row in &blocking[col as usize] {
                let centre = geom::centre(&grid, Cell::new(col as i32, row));
                if probe.touches_hex(centre, 1) {
                    line.walls.push(centre);
                }
            }
        }
        let thin = Sight::thin_edges(map).iter().copied();
        line.thin = thin
            .filter(|&(w0, w1)| probe.touches_edge(w0, w1))
            .collect();
        line
    }

    /// The step along the line from `p` towards `q`, and the last point `q + m·step`
    /// (`m >= 0`) in the board's surroundings with that `m` (`q` is a point of a hex
    /// on the board, so in them).
    fn far(&self, p: P, q: P) -> (P, P, i64) {
        let s = self.step;
        let step = if (q.0 - p.0) * s.0 + (q.1 - p.1) * s.1 >= 0 {
            s
        } else {
            (-s.0, -s.1)
        };
        let (lo, hi) = geom::hex_board_box(&self.map.grid);
        let room = |v: i64, d: i64, lo: i64, hi: i64| match d.signum() {
            1 => (hi - v) / d,
            -1 => (v - lo) / -d,
            _ => i64::MAX,
        };
        let m = room(q.0, step.0, lo.0, hi.0).min(room(q.1, step.1, lo.1, hi.1));
        let m = if m == i64::MAX { 0 } else { m };
        ((q.0 + m * step.0, q.1 + m * step.1), step, m)
    }

    /// The far end of the clear stretch that continues the clear segment `pq` beyond `q`,
    /// in whole steps (so the ends stay integer points), until the next step would touch
    /// a wall or leave the board's surroundings. A longer stretch touches whatever a
    /// shorter one does, so the number of steps is found by halving.
    fn stretch(&self, p: P, q: P) -> P {
        let (_, step, most) = self.far(p, q);
        let at = |m: i64| (q.0 + m * step.0, q.1 + m * step.1);
        let clear = |m: i64| {
            let probe = Probe::new(q, at(m));
            !self.walls.iter().any(|&c| probe.touches_hex(c, 1))
                && !self.thin.iter().any(|&(w0, w1)| probe.touches_edge(w0, w1))
        };
        // `q` itself touches nothing.
        let (mut lo, mut hi) = (0, most);
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if clear(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        at(lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stretch the old way: one smallest step at a time, each tested against every
    /// wall of the board.
    fn stretch_by_steps(sight: &Sight, p: P, q: P) -> P {
        let d = (q.0 - p.0, q.1 - p.1);
        let g = geom::gcd(d.0.abs(), d.1.abs());
        if g == 0 {
            return q;
        }
        let step = (d.0 / g, d.1 / g);
        let (lo, hi) = geom::hex_board_box(&sight.map.grid);
        let inside = |v: P| v.0 >= lo.0 && v.0 <= hi.0 && v.1 >= lo.1 && v.1 <= hi.1;
        let mut end = q;
        loop {
            let next = (end.0 + step.0, end.1 + step.1);
            if !inside(next) || !sight.touches_nothing(end, next) {
                return end;
            }
            end = next;
        }
    }

    /// Both ends of clear segments stretch as far as stepping finds (so the walls of the
    /// whole line are all found), on random boards with walls and thin walls, for
    /// segments between random points of the board's surroundings (single points, steps
    /// along the axes and corner to corner among them).
    #[test]
    fn stretching_agrees_with_stepping() {
        let mut below = crate::grid::terrain::tests::below_from(31);
        let mut tried = 0;
        for m in crate::grid::sight::tests::boards_with(GridKind::Hex, (7, 6), 12, 37, (2, Some(7)))
        {
            let sight = Sight::whole(&m);
            let mut point = || (below(23) as i64 - 2, below(14) as i64 - 1);
            for _ in 0..400 {
                let (p, q) = (point(), point());
                if !sight.touches_nothing(p, q) {
                    continue;
                }
                tried += 1;
                let line = Line::new(&m, p, q);
                let (s, t) = (line.stretch(q, p), line.stretch(p, q));
                assert_eq!(s, stretch_by_steps(&sight, q, p), "{p:?} {q:?}");
                assert_eq!(t, stretch_by_steps(&sight, p, q), "{p:?} {q:?}");
            }
        }
        assert!(tried > 500, "{tried}");
    }
}

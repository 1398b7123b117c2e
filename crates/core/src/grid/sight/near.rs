//! Hex line of sight between two given hexes, starting from the obstacles that can matter:
//! wall hexes and thin walls meeting the convex hull of the two hexes (every segment from
//! one to the other lies in that hull). They are gathered once per pair, moved to local
//! coordinates (starting from 0 and small), and serve both hex rules: the corner-to-corner
//! lines are tested against them with a cheap `i64` test, and the any-point test
//! ([`super::exact`]) starts from them.

use super::blockers::Sight;
use super::obstacle::Obstacle;
use super::probe::Probe;
use super::rule::HexSight;
use super::shadow::hex_across;
use crate::grid::geom::{self, P, Points};
use crate::grid::{Cell, Grid, TerrainMap};
use std::cell::Cell as Slot;
use std::ops::RangeInclusive;

/// Local coordinates below this stay exact in [`cross`] even when doubled (see there).
pub(crate) const NARROW: i64 = 1 << 29;

/// The two hexes, their hull and the obstacles meeting it, in local coordinates.
pub(crate) struct Near {
    pub(crate) pa: Points,
    pub(crate) pb: Points,
    pub(crate) hull: Points<8>,
    /// The wall hexes and thin walls first (see [`Near::walls`]), then any hexes added by
    /// [`Near::add_unseen`].
    pub(crate) obstacles: Vec<Obstacle>,
    /// How many of `obstacles` are walls.
    walls: usize,
    /// Each obstacle's bounding box, for a cheap first test.
    pub(crate) boxes: Vec<Bounds>,
    /// Every coordinate lies in `[0, NARROW)`, so [`Probe`] is exact.
    pub(crate) narrow: bool,
    /// The obstacle that blocked the last segment [`Near::clear`] was asked about.
    last: Slot<usize>,
    /// Where local coordinates start, in board coordinates.
    pub(crate) origin: P,
    /// The hull's box, lowest and highest corner, in board coordinates.
    reach: (P, P),
    /// A clear segment between the two hexes a quick certificate found, if any.
    pub(crate) witness: Slot<Option<(P, P)>>,
    /// Which points of `A`'s and of `B`'s outline touch no obstacle, when the map keeps
    /// that (see [`outline_free`]).
    pub(crate) free: Option<[u16; 2]>,
}

/// Per hex of the board, which points of its outline touch no wall hex and no thin wall:
/// bit `k` for corner `k` (as [`geom::corners`] lists them), bit `6 + k` for the midpoint
/// of edge `k`, from corner `k` to the next. Kept in the map's memo. Read off the hexes
/// around: a point inside edge `k` touches only the hex across it and a thin wall on it;
/// corner `k` touches only the hexes across edges `k - 1` and `k` and thin walls on the
/// three edges meeting there (those two and the one between those hexes). A point of
/// `A`'s outline lies in the hull of any pair with `A`, so whatever touches it is among
/// that pair's walls ([`Near::add_walls`]): the bits say exactly whether [`Near::clear`]
/// holds at the point.
pub(crate) fn outline_free(map: &TerrainMap) -> &[u16] {
    map.memo.outline_free(|| {
        let grid = map.grid;
        let wall = |n: Cell| grid.contains(n) && map.terrain(n).blocks_sight();
        grid.cells()
            .map(|cell| {
                // The hex across each edge, and whether that edge is open, once each.
                let across: [Cell; 6] = std::array::from_fn(|k| hex_across(&grid, cell, k));
                let open: [bool; 6] = std::array::from_fn(|k| {
                    !wall(across[k]) && !map.thin_wall_between(cell, across[k])
                });
                (0..6).fold(0, |bits, k| {
                    let before = (k + 5) % 6;
                    let corner = open[before]
                        && open[k]
                        && !map.thin_wall_between(across[before], across[k]);
                    bits | u16::from(corner) << k | u16::from(open[k]) << (6 + k)
                })
            })
            .collect()
    })
}

/// Per column of the board, the rows of the cells that block sight, kept in the map's
/// memo.
pub(crate) fn blocking_rows(map: &TerrainMap) -> &[Vec<i32>] {
    map.memo.blocking_rows(|| {
        let grid = map.grid;
        let mut by_col = vec![Vec::new(); grid.width as usize];
        for cell in grid.cells().filter(|&c| map.terrain(c).blocks_sight()) {
            by_col[cell.col as usize].push(cell.row);
        }
        by_col
    })
}

impl Near {
    #[cfg(test)]
    pub(crate) fn new(sight: &Sight, a: Cell, b: Cell) -> Near {
        let mut near = Near::frame(sight.map.grid, a, b);
        near.add_walls(sight);
        near
    }

    /// Adds the wall hexes and thin walls meeting the hull.
    pub(super) fn add_walls(&mut self, sight: &Sight) {
        let map = sight.map;
        let grid = map.grid;
        // Wall hexes from the map's list of them by column (rows rising). They are few,
        // so the rows of the hull's box serve (narrowing them per column costs more).
        let (cols, rows) = self.hex_range(grid);
        let blocking = blocking_rows(map);
        let walls = cols.flat_map(|col| {
            let (lo, hi) = rows.within;
            blocking[col as usize]
                .iter()
                .map(|&row| i64::from(row))
                .skip_while(move |&row| row < lo)
                .take_while(move |&row| row <= hi)
                .map(move |row| Cell::new(col as i32, row as i32))
        });
        self.add_hexes(grid, walls, |_| true);
        let origin = self.origin;
        let local = |p: P| (p.0 - origin.0, p.1 - origin.1);
        for &(w0, w1) in sight.walls.iter() {
            let (w0, w1) = (local(w0), local(w1));
            if self.meets_hull(&[w0, w1]) {
                self.push(Obstacle::Edge(w0, w1));
            }
        }
        self.walls = self.obstacles.len();
    }

    /// The two hexes (on a hex board) and their hull, in local coordinates, without
    /// obstacles yet.
    pub(super) fn frame(grid: Grid, a: Cell, b: Cell) -> Near {
        let (ca, cb) = (geom::centre(&grid, a), geom::centre(&grid, b));
        // The hull's box is the two hexes' boxes together, each its centre ± (2, 1).
        let (x0, x1) = (ca.0.min(cb.0) - 2, ca.0.max(cb.0) + 2);
        let (y0, y1) = (ca.1.min(cb.1) - 1, ca.1.max(cb.1) + 1);
        // Obstacles meeting the hull reach at most a hex's width (4) beyond its box.
        let origin = (x0 - 4, y0 - 4);
        let local = |p: P| (p.0 - origin.0, p.1 - origin.1);
        let narrow = (x1 - x0) + 8 < NARROW && (y1 - y0) + 8 < NARROW;
        let (ca, cb) = (local(ca), local(cb));
        let (obstacles, boxes) = SPARE.try_with(Slot::take).unwrap_or_default();
        Near {
            pa: geom::hex_corners_at(ca),
            pb: geom::hex_corners_at(cb),
            hull: geom::hex_hull(ca, cb),
            boxes,
            obstacles,
            walls: 0,
            narrow,
            last: Slot::new(0),
            origin,
            reach: ((x0, y0), (x1, y1)),
            witness: Slot::new(None),
            free: None,
        }
    }

    /// Adds an obstacle (in local coordinates).
    fn push(&mut self, o: Obstacle) {
        self.boxes.push(Bounds::around(&o));
        self.obstacles.push(o);
    }

    /// Adds the hex of centre `c` (in local coordinates), its box straight from the centre.
    fn push_hex(&mut self, c: P) {
        self.boxes.push(Bounds::of_hex(c));
        self.obstacles.push(Obstacle::Hex(geom::hex_corners_at(c)));
    }

    /// The columns (on the board) of the hexes whose bounding box may meet the hull's,
    /// and in each the rows of those that may meet the hull.
    fn hex_range(&self, grid: Grid) -> (RangeInclusive<i64>, Rows) {
        let ((x0, y0), (x1, y1)) = self.reach;
        let cols = geom::hex_columns(&grid, x0, x1);
        let (ca, cb) = (geom::centre_of(&self.pa), geom::centre_of(&self.pb));
        let rows = Rows {
            segment: if ca.0 <= cb.0 { (ca, cb) } else { (cb, ca) },
            origin: self.origin,
            narrow: self.narrow,
            within: (
                (y0 - 2).div_euclid(2).max(0),
                ((y1 + 2).div_euclid(2) + 1).min(i64::from(grid.height) - 1),
            ),
        };
        (cols, rows)
    }

    /// Adds those of `cells` that meet the hull. The hull is `A` swept along the segment
    /// joining the two centres, so a hex `W` meets it exactly when that segment meets `W`
    /// grown by `A`'s shape around its centre, which (hexes being alike and symmetric) is
    /// the hex of twice the size around `W`'s centre: one cheap exact test.
    /// Those `keep` refuses are left out.
    fn add_hexes(
        &mut self,
        grid: Grid,
        cells: impl Iterator<Item = Cell>,
        keep: impl Fn(Cell) -> bool,
    ) {
        let (ca, cb) = (geom::centre_of(&self.pa), geom::centre_of(&self.pb));
        let origin = self.origin;
        // Centres of those hexes lie in the local box too (see `hex_range`).
        let probe = self.narrow.then(|| Probe::new(ca, cb));
        let meets = |c: P| match &probe {
            Some(probe) => probe.touches_hex(c, 2),
            None => geom::segment_touches_hex_at(ca, cb, c, 2),
        };
        for cell in cells.filter(|&cell| keep(cell)) {
            let c = geom::centre(&grid, cell);
            let c = (c.0 - origin.0, c.1 - origin.1);
            if meets(c) {
                self.push_hex(c);
            }
        }
    }

    /// The closed convex polygon (or segment) in local coordinates meets the hull: in
    /// `i64` when that is exact (differences within the box's size).
    fn meets_hull(&self, poly: &[P]) -> bool {
        if self.narrow {
            convex_meet(&self.hull, poly)
        } else {
            geom::convex_touch(&self.hull, poly)
        }
    }

    /// Adds, after the walls, the hexes meeting the hull that `a` or `b` is known (from
    /// the map's memo) not to see under the any-point rule; says whether there were any.
    /// A segment from `a` to `b` touching no wall touches none of them either, for the
    /// piece of it up to such a hex would be a clear segment from `a` (or back from `b`)
    /// into it. So they block exactly the segments already blocked, and the blocked
    /// certificate ([`super::crossing`]) may link walls through them.
    pub(crate) fn add_unseen(&mut self, map: &TerrainMap, a: Cell, b: Cell) -> bool {
        let grid = map.grid;
        let (cells, ia, ib) = (grid.len(), grid.index(a), grid.index(b));
        let before = self.obstacles.len();
        let (cols, rows) = self.hex_range(grid);
        let all = cols.flat_map(|col| {
            rows.column(col)
                .map(move |row| Cell::new(col as i32, row as i32))
        });
        let known = [ia, ib].map(|x| map.memo.sight_row(cells, x, HexSight::AnyPoint));
        self.add_hexes(grid, all, |cell| {
            let i = grid.index(cell);
            cell != a
                && cell != b
                && !map.terrain(cell).blocks_sight()
                && known.iter().any(|row| row.get(i) == Some(false))
        });
        self.obstacles.len() > before
    }

    /// The corner-to-corner rule: some corner of `A` and some corner of `B`, joined by a
    /// segment touching no obstacle (a corner touching one spoils every segment from it).
    /// Needs `narrow`.
    pub(super) fn corner_sight(&self) -> bool {
        let usable = |corners: &Points, side: usize| {
            let mut kept = <Points>::default();
            corners
                .iter()
                .enumerate()
                .filter(|&(k, &p)| self.outline_clear(side, k, || self.clear(p, p)))
                .for_each(|(_, &p)| kept.push(p));
            kept
        };
        let (ua, ub) = (usable(&self.pa, 0), usable(&self.pb, 1));
        ua.iter().any(|&p| ub.iter().any(|&q| self.clear(p, q)))
    }

    /// The closed segment `pq` touches obstacle `i`: in `i64` when the pair is `narrow`,
    /// else by [`geom`]'s exact `i128` tests.
    pub(crate) fn touches(&self, i: usize, p: P, q: P) -> bool {
        if self.narrow {
            return self.probe_touches(i, &Probe::new(p, q));
        }
        let o = &self.obstacles[i];
        self.boxes[i].meets_segment_box(p, q)
            && match o {
                Obstacle::Hex(poly) => geom::segment_touches_hex(p, q, poly),
                &Obstacle::Edge(w0, w1) => geom::segments_touch(p, q, w0, w1),
            }
    }

    /// [`Near::touches`] for one segment and any obstacle, the segment made ready once
    /// when the pair is `narrow`.
    pub(crate) fn touching(&self, p: P, q: P) -> impl Fn(usize) -> bool + '_ {
        let probe = self.narrow.then(|| Probe::new(p, q));
        move |i| match &probe {
            Some(probe) => self.probe_touches(i, probe),
            None => self.touches(i, p, q),
        }
    }

    /// [`Near::touches`] for a segment made ready once (needs `narrow`).
    pub(crate) fn probe_touches(&self, i: usize, probe: &Probe) -> bool {
        self.boxes[i].touches(probe, &self.obstacles[i])
    }

    /// A point of the outline of `A` (`side` 0) or `B` (1) touches no obstacle: read from
    /// [`outline_free`]'s bit `bit` when known, else found out by `test`.
    pub(crate) fn outline_clear(
        &self,
        side: usize,
        bit: usize,
        test: impl FnOnce() -> bool,
    ) -> bool {
        match self.free {
            Some(free) => free[side] >> bit & 1 == 1,
            None => test(),
        }
    }

    /// The closed segment `pq` touches no obstacle. Needs `narrow`.
    pub(crate) fn clear(&self, p: P, q: P) -> bool {
        let n = self.walls;
        clear_of(&self.obstacles[..n], &self.boxes[..n], &self.last, p, q)
    }

    /// The wall hexes and thin walls among the obstacles.
    pub(crate) fn walls(&self) -> &[Obstacle] {
        &self.obstacles[..self.walls]
    }
}

/// Which hexes of each column may meet a pair's hull (see [`Rows::column`]).
#[derive(Clone, Copy)]
struct Rows {
    /// The segment joining the two centres, in local coordinates, leftmost end first.
    segment: (P, P),
    /// Where local coordinates start, in board coordinates.
    origin: P,
    /// The pair is `narrow` (see [`Near`]).
    narrow: bool,
    /// The rows of hexes whose bounding box may meet the hull's, first and last.
    within: (i64, i64),
}

impl Rows {
    /// The rows of column `col` (on the board), within `within`, whose hexes may meet
    /// the hull: all of `within` unless the pair is `narrow`. A hex meets the hull exactly
    /// when its centre lies in the centre segment grown by the hex of scale 2 (see
    /// [`Near::add_hexes`]), which reaches 4 across and 2 up and down; so its centre lies
    /// within 2 (in `y`) of a point of the segment within 4 (in `x`) of the column's
    /// centres, and the segment's `y` over that stretch lies between its `y` at the
    /// stretch's ends.
    fn column(&self, col: i64) -> RangeInclusive<i64> {
        let within = self.within.0..=self.within.1;
        if !self.narrow {
            return within;
        }
        let (p, q) = self.segment;
        // Local coordinates lie in `[0, NARROW)` (2^29); the origin, on the board, comes
        // from `i32` cells times at most 3, so `x` and `up` stay below 2^36 in size.
        let x = 3 * col - self.origin.0;
        let (u0, u1) = ((x - 4).max(p.0), (x + 4).min(q.0));
        if u0 > u1 {
            return RangeInclusive::new(1, 0); // no rows
        }
        let (y0, y1) = if p.0 == q.0 {
            (p.1.min(q.1), p.1.max(q.1))
        } else {
            // `y` at `u`, times `dx`: each product below 2^58, the sum below 2^59.
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let at = |u: i64| p.1 * dx + dy * (u - p.0);
            let (s, t) = (at(u0), at(u1));
            (s.min(t).div_euclid(dx), -(-s.max(t)).div_euclid(dx))
        };
        // Row `r`'s centre lies at `y = 2r + up` locally: rows from `ceil((y0 - 2 - up) / 2)`
        // to `floor((y1 + 2 - up) / 2)`.
        let up = (col & 1) - self.origin.1;
        let (lo, hi) = (-(up + 2 - y0).div_euclid(2), (y1 + 2 - up).div_euclid(2));
        lo.max(*within.start())..=hi.min(*within.end())
    }
}

impl Drop for Near {
    /// Lends the obstacle buffers to the next pair.
    fn drop(&mut self) {
        let (mut obstacles, mut boxes) = (
            std::mem::take(&mut self.obstacles),
            std::mem::take(&mut self.boxes),
        );
        // Buffers grown by one far-apart pair of a big board are let go, not kept.
        if obstacles.capacity() > KEPT_OBSTACLES {
            return;
        }
        obstacles.clear();
        boxes.clear();
        let _ = SPARE.try_with(|spare| spare.set((obstacles, boxes)));
    }
}

/// The most obstacles whose buffers are kept for the next pair (about 32 KB).
const KEPT_OBSTACLES: usize = 256;

thread_local! {
    /// Buffers for a pair's obstacles and their boxes, lent to one [`Near`] at a time
    /// (a `Near` made while another lives gets fresh ones), so that working out a pair
    /// allocates nothing once they have grown.
    static SPARE: Slot<(Vec<Obstacle>, Vec<Bounds>)> =
        const { Slot::new((Vec::new(), Vec::new())) };
}

/// A closed axis-aligned box: lowest and highest corner.
#[derive(Clone, Copy)]
pub(crate) struct Bounds(P, P);

impl Bounds {
    pub(crate) fn around(o: &Obstacle) -> Bounds {
        let poly: &[P] = match o {
            Obstacle::Hex(poly) => poly,
            Obstacle::Edge(w0, w1) => &[*w0, *w1],
        };
        poly.iter().fold(Bounds(poly[0], poly[0]), |b, &p| {
            Bounds(
                (b.0.0.min(p.0), b.0.1.min(p.1)),
                (b.1.0.max(p.0), b.1.1.max(p.1)),
            )
        })
    }

    /// The box of the hex of centre `c` (scale 1): its corners reach 2 across and 1 up
    /// and down ([`geom::HEX_CORNERS`]).
    fn of_hex(c: P) -> Bounds {
        Bounds((c.0 - 2, c.1 - 1), (c.0 + 2, c.1 + 1))
    }

    /// The box, doubled, holds the point `p` (in doubled coordinates). Boxes of a pair's
    /// obstacles are in local coordinates below `NARROW` (2^29) when this is asked, so
    /// doubling stays below 2^30.
    pub(crate) fn holds_doubled(&self, p: P) -> bool {
        2 * self.0.0 <= p.0 && p.0 <= 2 * self.1.0 && 2 * self.0.1 <= p.1 && p.1 <= 2 * self.1.1
    }

    /// The two boxes share a point.
    pub(crate) fn meets(&self, o: &Bounds) -> bool {
        self.0.0 <= o.1.0 && o.0.0 <= self.1.0 && self.0.1 <= o.1.1 && o.0.1 <= self.1.1
    }

    /// The box shares a point with the box of the segment `pq`.
    fn meets_segment_box(&self, p: P, q: P) -> bool {
        p.0.max(q.0) >= self.0.0
            && p.0.min(q.0) <= self.1.0
            && p.1.max(q.1) >= self.0.1
            && p.1.min(q.1) <= self.1.1
    }

    /// The probe's segment touches the obstacle `o` of this box.
    fn touches(&self, probe: &Probe, o: &Obstacle) -> bool {
        probe.touches_boxed(o, self.0, self.1)
    }
}

/// The closed segment `pq` touches none of `obstacles` (with their `boxes`); coordinates
/// within [`Probe`]'s bound. `last` holds the obstacle that blocked the previous segment
/// asked about: it is tried first, as neighbouring segments tend to meet the same one.
#[inline]
pub(crate) fn clear_of(
    obstacles: &[Obstacle],
    boxes: &[Bounds],
    last: &Slot<usize>,
    p: P,
    q: P,
) -> bool {
    let probe = Probe::new(p, q);
    let hit = |i: usize| boxes[i].touches(&probe, &obstacles[i]);
    let first = last.get();
    if first < obstacles.len() && hit(first) {
        return false;
    }
    match (0..obstacles.len()).find(|&i| i != first && hit(i)) {
        Some(i) => {
            last.set(i);
            false
        }
        None => true,
    }
}

/// Two closed convex polygons (positive orientation; the second may be a segment) share a
/// point: no edge line of either has the other strictly outside (separating axes, as
/// [`geom::convex_touch`], here in `i64` within [`cross`]'s bound). A segment's two
/// "edges" are its line taken both ways.
fn convex_meet(p: &[P], q: &[P]) -> bool {
    geom::convex_touch_by(p, q, |o, a, x| cross(o, a, x) < 0)
}

/// [`geom::cross_narrow`], exact here: coordinates lie in `[0, 2 NARROW)`, so differences
/// stay below 2^30 in size, products below 2^60.
fn cross(o: P, a: P, b: P) -> i64 {
    geom::cross_narrow(o, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, GridKind};

    /// The remembered outline bits say what testing the point against a pair's walls says:
    /// corners directly, edge midpoints in doubled coordinates; on random boards with walls
    /// and thin walls (on the board's edge too), for every pair of hexes.
    #[test]
    fn outline_bits_agree_with_the_walls_of_each_pair() {
        use crate::grid::{Terrain, TerrainMap};
        let mut below = crate::grid::terrain::tests::below_from(23);
        for _ in 0..6 {
            let mut m = TerrainMap::new(Grid::new(GridKind::Hex, 6, 5));
            for cell in m.grid.cells().collect::<Vec<_>>() {
                if below(4) == 0 {
                    m.set(cell, Terrain::Wall);
                }
                for n in m.grid.neighbours(cell) {
                    if below(5) == 0 {
                        m.add_thin_wall(cell, n);
                    }
                }
            }
            let free = outline_free(&m);
            let double = |p: P| (2 * p.0, 2 * p.1);
            // Sight is asked only between hexes that do not block it.
            let open: Vec<Cell> = m
                .grid
                .cells()
                .filter(|&c| !m.terrain(c).blocks_sight())
                .collect();
            for &a in &open {
                for &b in open.iter().filter(|&&b| b != a) {
                    let near = Near::new(&Sight::whole(&m), a, b);
                    let walls: Vec<Obstacle> = near.walls().iter().map(|o| o.map(double)).collect();
                    let boxes: Vec<Bounds> = walls.iter().map(Bounds::around).collect();
                    for (side, cell, pts) in [(0, a, near.pa), (1, b, near.pb)] {
                        let bits = free[m.grid.index(cell)];
                        for k in 0..6 {
                            let (p, q) = (pts[k], pts[(k + 1) % 6]);
                            let mid = (p.0 + q.0, p.1 + q.1);
                            let last = Slot::new(0);
                            assert_eq!(bits >> k & 1 == 1, near.clear(p, p), "{a} {b} {side}");
                            assert_eq!(
                                bits >> (6 + k) & 1 == 1,
                                clear_of(&walls, &boxes, &last, mid, mid),
                                "{a} {b} {side} edge {k}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A pair's frame is its hexes' corners and their general hull, moved by the origin;
    /// hexes' boxes from their centres are their corners' boxes; and every hex meeting the
    /// hull whose bounding box meets the hull's lies in the rows [`Rows::column`] gives for
    /// its column. On every pair of a board, and on pairs far out on a huge board (not
    /// `narrow`).
    #[test]
    fn frame_and_column_rows_agree_with_the_general_ones() {
        let meets = |near: &Near, c: P| {
            let (ca, cb) = (geom::centre_of(&near.pa), geom::centre_of(&near.pb));
            geom::segment_touches_hex_at(ca, cb, c, 2)
        };
        let check = |grid: Grid, a: Cell, b: Cell| {
            let near = Near::frame(grid, a, b);
            let local = |p: P| (p.0 - near.origin.0, p.1 - near.origin.1);
            let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
            assert_eq!(near.pa.to_vec(), pa.map(local).to_vec(), "{a} {b}");
            assert_eq!(near.pb.to_vec(), pb.map(local).to_vec(), "{a} {b}");
            let hull = geom::hull_of_translates(&pa, &pb).map(local);
            assert_eq!(near.hull.to_vec(), hull.to_vec(), "{a} {b}");
            let extent = |f: fn(P) -> i64| {
                let v = || hull.iter().map(|&p| f(p));
                (v().min().unwrap(), v().max().unwrap())
            };
            let (x, y) = (extent(|p| p.0), extent(|p| p.1));
            let ((x0, y0), (x1, y1)) = near.reach;
            let origin = near.origin;
            assert_eq!((x0, x1), (x.0 + origin.0, x.1 + origin.0), "{a} {b}");
            assert_eq!((y0, y1), (y.0 + origin.1, y.1 + origin.1), "{a} {b}");
            assert_eq!(origin, (x0 - 4, y0 - 4), "{a} {b}");
            // Pairs not `narrow` keep every row of the box (and span too many columns).
            let (cols, rows) = near.hex_range(grid);
            if !near.narrow {
                return;
            }
            for col in cols {
                let column = rows.column(col);
                for row in rows.within.0..=rows.within.1 {
                    let cell = Cell::new(col as i32, row as i32);
                    let c = local(geom::centre(&grid, cell));
                    let around = Bounds::around(&Obstacle::Hex(geom::corners(&grid, cell)));
                    let boxed = Bounds::of_hex(geom::centre(&grid, cell));
                    assert_eq!((around.0, around.1), (boxed.0, boxed.1), "{cell}");
                    if meets(&near, c) {
                        assert!(column.contains(&row), "{a} {b}: {cell} in {column:?}");
                    }
                }
            }
        };
        let grid = Grid::new(GridKind::Hex, 13, 9);
        for a in grid.cells() {
            for b in grid.cells().filter(|&b| b != a) {
                check(grid, a, b);
            }
        }
        let huge = Grid::new(GridKind::Hex, i32::MAX as u32, i32::MAX as u32);
        let mut below = crate::grid::terrain::tests::below_from(5);
        for round in 0..400 {
            // Every other pair spans more columns than a `narrow` one may.
            let apart = if round % 2 == 0 { 1 << 29 } else { 0 };
            let mut far = |apart: usize| {
                let at = |n: usize| i32::MAX - 1 - n as i32;
                Cell::new(at(apart + below(9)), at(below(9)))
            };
            check(huge, far(0), far(apart));
        }
    }

    /// The `i64` tests agree with the `i128` ones of [`geom`] on many small segments,
    /// including degenerate ones (single points, segments along edges and through corners).
    #[test]
    fn narrow_tests_agree_with_geom() {
        let grid = Grid::new(GridKind::Hex, 3, 3);
        let hex = geom::corners(&grid, Cell::new(1, 1));
        let edge = (hex[0], hex[1]);
        let hull = geom::convex_hull(
            [
                &geom::corners(&grid, Cell::new(0, 0))[..],
                &geom::corners(&grid, Cell::new(2, 1))[..],
            ]
            .concat(),
        );
        let mut below = crate::grid::terrain::tests::below_from(7);
        let mut next = move || below(13) as i64 - 3;
        for _ in 0..20_000 {
            let (p, q) = ((next(), next()), (next(), next()));
            assert_eq!(
                Probe::new(p, q).touches(&Obstacle::Hex(hex)),
                geom::segment_touches_convex(p, q, &hex),
                "{p:?} {q:?}"
            );
            assert_eq!(
                Probe::new(p, q).touches(&Obstacle::Edge(edge.0, edge.1)),
                geom::segments_touch(p, q, edge.0, edge.1),
                "{p:?} {q:?}"
            );
            assert_eq!(
                convex_meet(&hull, &[p, q]),
                geom::segment_touches_convex(p, q, &hull),
                "{p:?} {q:?}"
            );
        }
    }
}

//! A blocked certificate for any-point hex sight read off the sight table itself: hex `B`
//! is hidden from hex `A` when `A` sees none of the hexes next to `B` through which a
//! segment from `A` could enter `B`.
//!
//! Why it is sound. Let `A` and `B` be hexes that do not touch (neither equal nor
//! neighbours) and suppose a segment `s` from `a ∈ A` to `b ∈ B` touches no wall. Let `x`
//! be the first point of `s` in `B` (`B` is closed and `a` is not in it). The points of
//! `s` just before `x` lie outside `B`, so outside the closed half-plane of some edge `e`
//! of `B` through `x` (one edge when `x` is inside an edge, one of the two when `x` is a
//! corner), and then so does `a`, on the same line further back. The edge `e` is shared
//! with the neighbour `N` across it, so `x ∈ N`, and the part of `s` from `a` to `x`
//! touches no wall: `A` sees `N` (a wall `N` would have blocked `s` at `x`). So when every
//! neighbour across an edge of `B` that has some corner of `A` strictly outside its line
//! is not seen from `A`, nothing of `B` is seen from `A`. By symmetry the roles of `A` and
//! `B` may also be swapped. A neighbour off the board is a hex of the same tiling with
//! no wall in it; nothing about it is remembered, but the same argument applies to it in
//! turn (the piece of `s` up to `x` is a clear segment from `A` into it).
//!
//! Edge by edge. The same argument shows more: `s` reaches the edge `e` itself, so `e`
//! is passed over when a thin wall lies on it (`x` would touch it), and when `A` sees `N`
//! but no clear segment from `A` can reach `e` through `N`. For the latter, let `z` be the
//! first point of `s` in `N` (on the board, not touching `A`, so `a ∉ N`): as above, `a`
//! lies strictly outside the line of an edge `e'` of `N` through `z`, and `e' ≠ e`, for `a`
//! lies strictly on `N`'s side of `e`'s line. The piece of `s` up to `z` is clear, so `A`
//! sees the hex `N'` across `e'` (which is no wall, with no thin wall on `e'`), and `z ∈ e'`
//! lies between `a` and `x ∈ e`. Let `W` be the cone spanned by the differences of an end
//! of `e'` and an end of `e`. When `z ≠ x`, `a = z + t(z - x)` for some `t > 0`, a point of
//! `e' + W`. When `z = x`, it is a corner `c` shared by `e = cp` and `e' = cp'`, and `a`
//! lies strictly outside `e'`'s line and strictly on `N`'s side of `e`'s line: in the
//! wedge at `c` between the directions `p' - c` and `c - p`, again in `e' + W`. So
//! `e` is shadowed when, for each such `e'`, `N'` is a wall, not seen, behind a thin wall,
//! or `A` misses `e' + W` (a separating axis shows it, see [`reaches_through`]).
//!
//! The answers it reads come from the map's memo. Once sight on the terrain is asked
//! about widely (more answers worked out than [`EAGER_PER_CELL`] per cell, as when a whole
//! table is wanted), a neighbour not asked about yet is worked out first when its centre
//! is nearer `A`'s than `B`'s is (so the asking ends), at most [`DEPTH`] levels deep:
//! when every pair is asked in the end, this only changes the order of the work. Before
//! that, only what is known is read, so a few questions cost no more than themselves.
//! Maps too big for the memo get no certificate (nothing would be remembered to read).

use super::geom::{self, P};
use super::los::{HexSight, sight_within};
use super::{Cell, TerrainMap};

/// Answers worked out per cell of the board before nearer pairs are worked out ahead.
const EAGER_PER_CELL: usize = 4;

/// How many nearer pairs deep the certificate may ask before it settles for what is
/// known: enough for any tabletop range, and a bound on the stack it uses.
pub(crate) const DEPTH: u32 = 24;

/// Sight on this terrain has been asked about widely: more answers worked out than
/// [`EAGER_PER_CELL`] per cell.
pub(crate) fn asked_widely(map: &TerrainMap) -> bool {
    map.memo.worked_out() >= EAGER_PER_CELL * map.grid.len()
}

/// Hex `b` is provably hidden from hex `a` under the any-point rule (both on the board,
/// neither blocking sight); `false` means nothing was shown.
pub(crate) fn hidden(map: &TerrainMap, a: Cell, b: Cell, depth: u32) -> bool {
    let cells = map.grid.len();
    // Nearer pairs are worked out ahead only once sight here is asked about widely.
    let depth = if asked_widely(map) { depth } else { 0 };
    map.memo.remembers(cells)
        && map.grid.distance(a, b) >= 2
        && (behind(map, a, b, depth, true) || behind(map, b, a, depth, true))
}

/// Every hex across an edge of `b` that a segment from `a` may enter `b` by is off the
/// sight of `a` (see the module documentation); `b` may lie off the board (then, with
/// `off_board`, neighbours off the board are asked about in turn, one level deep).
fn behind(map: &TerrainMap, a: Cell, b: Cell, depth: u32, off_board: bool) -> bool {
    let grid = map.grid;
    let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
    let (ca, cb) = (geom::centre(&grid, a), geom::centre(&grid, b));
    let ia = grid.index(a);
    // Pairs asked about must come first in this order, so that the asking ends: nearer
    // centres, then (between hexes on the board) smaller sums of indexes.
    let far = (
        dist2(ca, cb),
        if grid.contains(b) {
            ia + grid.index(b)
        } else {
            0
        },
    );
    let n = pb.len();
    (0..n).all(|k| {
        let (p, q) = (pb[k], pb[(k + 1) % n]);
        // Corners are in positive orientation: outside the edge's line is a negative cross.
        if pa.iter().all(|&v| cross(p, q, v) >= 0) {
            return true;
        }
        let centre = centre_across((p, q), cb);
        let next = hex_at(centre);
        if !grid.contains(next) {
            // No walls off the board: hidden when its own entering neighbours are.
            return off_board
                && depth > 0
                && dist2(ca, centre) < far.0
                && grid.distance(a, next) >= 2
                && behind(map, a, next, depth - 1, false);
        }
        // Not known to be hidden, `next` counts as seen. Before sight is asked about widely
        // (`depth` 0) the edge by edge test runs only where it is known to be seen: where
        // little is known, it would seldom settle anything.
        map.terrain(next).blocks_sight()
            || map.thin_wall_between(b, next)
            || match seen_ahead(map, a, next, depth, far) {
                Some(false) => true,
                Some(true) => edge_shadowed(map, a, next, (p, q), depth, far),
                None => depth > 0 && edge_shadowed(map, a, next, (p, q), depth, far),
            }
    })
}

/// Whether `a` sees the hex `next` on the board, when known: asked first when it comes
/// before `far` in the order of [`behind`] and `depth` allows.
fn seen_ahead(
    map: &TerrainMap,
    a: Cell,
    next: Cell,
    depth: u32,
    far: (i64, usize),
) -> Option<bool> {
    let grid = map.grid;
    let (ia, inext) = (grid.index(a), grid.index(next));
    map.memo
        .sight(grid.len(), ia, inext, HexSight::AnyPoint)
        .or_else(|| {
            let near = (
                dist2(geom::centre(&grid, a), geom::centre(&grid, next)),
                ia + inext,
            );
            (depth > 0 && near < far)
                .then(|| sight_within(map, a, next, HexSight::AnyPoint, depth - 1))
        })
}

/// The edge `e` of hex `n` (on the board, seen from `a`) is reached by no clear segment
/// from a point of `A` strictly on `n`'s side of `e`'s line, as the module documentation
/// shows ("edge by edge"); `false` means nothing was shown. Needs `a` and `n` not to touch
/// (then `A` lies outside `n`).
fn edge_shadowed(
    map: &TerrainMap,
    a: Cell,
    n: Cell,
    e: (P, P),
    depth: u32,
    far: (i64, usize),
) -> bool {
    let grid = map.grid;
    if grid.distance(a, n) < 2 {
        return false;
    }
    let (pa, pn, cn) = (
        geom::corners(&grid, a),
        geom::corners(&grid, n),
        geom::centre(&grid, n),
    );
    let k = pn.len();
    (0..k).all(|i| {
        let (p, q) = (pn[i], pn[(i + 1) % k]);
        if (p, q) == e || (q, p) == e || pa.iter().all(|&v| cross(p, q, v) >= 0) {
            return true;
        }
        let next = hex_at(centre_across((p, q), cn));
        let closed = grid.contains(next)
            && (map.terrain(next).blocks_sight()
                || map.thin_wall_between(n, next)
                || seen_ahead(map, a, next, depth, far) == Some(false));
        closed || !reaches_through(&pa, (p, q), e)
    })
}

/// Some segment from a point of the convex polygon `pa` to a point of the segment `e`
/// meets the segment `w` (false means provably none does). Such a segment's start is
/// `y + t·(y - x)` for `y ∈ w`, `x ∈ e`, `t >= 0`, so it lies in `w + W`, `W` the cone of
/// the four differences of an end of `w` and an end of `e`; here `pa` is tested against
/// that convex set by separating axes (the normals of `pa`'s edges, of `w` and of the
/// four differences; an axis whose cone projection is unbounded both ways is skipped).
/// `pa` is a hex of the tiling and `w` one of its edges.
/// Board coordinates here stay under 2^14 (boards the memo keeps), so every product
/// stays under 2^30.
fn reaches_through(pa: &[P], w: (P, P), e: (P, P)) -> bool {
    let diff = |u: P, v: P| (u.0 - v.0, u.1 - v.1);
    let gens = [
        diff(w.0, e.0),
        diff(w.0, e.1),
        diff(w.1, e.0),
        diff(w.1, e.1),
    ];
    // Edges of the tiling run three ways, so `pa`'s first three edges give every edge
    // direction (`w`'s too).
    let dirs = (0..3).map(|k| diff(pa[k + 1], pa[k])).chain(gens);
    let dot = |u: P, v: P| u.0 * v.0 + u.1 * v.1;
    !dirs.into_iter().any(|d| {
        let axis = (-d.1, d.0);
        let (amin, amax) = pa
            .iter()
            .map(|&v| dot(v, axis))
            .fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let (w0, w1) = (dot(w.0, axis), dot(w.1, axis));
        let (mut smin, mut smax) = (Some(w0.min(w1)), Some(w0.max(w1)));
        if gens.iter().any(|&g| dot(g, axis) > 0) {
            smax = None;
        }
        if gens.iter().any(|&g| dot(g, axis) < 0) {
            smin = None;
        }
        smax.is_some_and(|hi| amin > hi) || smin.is_some_and(|lo| amax < lo)
    })
}

/// The centre of the hex across the edge `e` of the hex centred at `centre`: that centre
/// mirrored in the edge's midpoint.
pub(crate) fn centre_across(e: (P, P), centre: P) -> P {
    (e.0.0 + e.1.0 - centre.0, e.0.1 + e.1.1 - centre.1)
}

/// The hex whose centre (see [`geom::centre`]) is `c`: here always a neighbour of a hex on
/// the board, so its column and row are within one of an `i32` cell's and fit again.
pub(crate) fn hex_at(c: P) -> Cell {
    let col = c.0.div_euclid(3);
    let row = (c.1 - (col & 1)).div_euclid(2);
    Cell::new(col as i32, row as i32)
}

/// [`geom::cross_narrow`], exact here: only asked on boards the memo keeps, where
/// coordinates stay under 2^13 (see [`dist2`]), so each product stays under 2^28.
fn cross(o: P, a: P, b: P) -> i64 {
    geom::cross_narrow(o, a, b)
}

/// Squared distance between two points in the plane's true proportions (a hex step is
/// `(3, ±1)` or `(0, 2)` here, all of one length when `y` counts `√3` times). Only asked
/// on boards the memo keeps (at most 2048 cells a side), where coordinates stay under
/// 2^13, so the squares stay far inside `i64`.
fn dist2(p: P, q: P) -> i64 {
    let (dx, dy) = (p.0 - q.0, p.1 - q.1);
    dx * dx + 3 * dy * dy
}

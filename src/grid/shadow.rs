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

/// Hex `b` is provably hidden from hex `a` under the any-point rule (both on the board,
/// neither blocking sight); `false` means nothing was shown.
pub(crate) fn hidden(map: &TerrainMap, a: Cell, b: Cell, depth: u32) -> bool {
    let cells = map.grid.len();
    // Nearer pairs are worked out ahead only once sight here is asked about widely.
    let depth = if map.memo.worked_out() >= EAGER_PER_CELL * cells {
        depth
    } else {
        0
    };
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
        if pa.iter().all(|&v| geom::cross(p, q, v) >= 0) {
            return true;
        }
        // The neighbour's centre is the centre mirrored in the edge's midpoint.
        let centre = (p.0 + q.0 - cb.0, p.1 + q.1 - cb.1);
        let next = hex_at(centre);
        if !grid.contains(next) {
            // No walls off the board: hidden when its own entering neighbours are.
            return off_board
                && depth > 0
                && dist2(ca, centre) < far.0
                && grid.distance(a, next) >= 2
                && behind(map, a, next, depth - 1, false);
        }
        if map.terrain(next).blocks_sight() {
            return true;
        }
        let inext = grid.index(next);
        match map.memo.sight(grid.len(), ia, inext, HexSight::AnyPoint) {
            Some(seen) => !seen,
            None => {
                depth > 0
                    && (dist2(ca, centre), ia + inext) < far
                    && !sight_within(map, a, next, HexSight::AnyPoint, depth - 1)
            }
        }
    })
}

/// The hex whose centre (see [`geom::centre`]) is `c`: here always a neighbour of a hex on
/// the board, so its column and row are within one of an `i32` cell's and fit again.
fn hex_at(c: P) -> Cell {
    let col = c.0.div_euclid(3);
    let row = (c.1 - (col & 1)).div_euclid(2);
    Cell::new(col as i32, row as i32)
}

/// Squared distance between two points in the plane's true proportions (a hex step is
/// `(3, ±1)` or `(0, 2)` here, all of one length when `y` counts `√3` times). Only asked
/// on boards the memo keeps (at most 2048 cells a side), where coordinates stay under
/// 2^13, so the squares stay far inside `i64`.
fn dist2(p: P, q: P) -> i64 {
    let (dx, dy) = (p.0 - q.0, p.1 - q.1);
    dx * dx + 3 * dy * dy
}

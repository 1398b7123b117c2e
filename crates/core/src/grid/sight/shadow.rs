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
//!
//! The geometry is the same for every pair with the same offset between centres, and
//! cheap: which edges face `A` is a few cross products ([`facing`]), and the
//! separating axes of the edge by edge test are tabled per pair of edges ([`REACH`]), so
//! what is left per pair is reading the memo.

use super::rule::HexSight;
use crate::grid::geom::{self, P};
use crate::grid::{Cell, Grid, TerrainMap};

/// Answers worked out per cell of the board before nearer pairs are worked out ahead.
/// Sooner makes a whole table cheaper (at one per cell, 6% fewer instructions over 20
/// random walled 16×7 boards) but costs the focus solver, which asks about part of a
/// board (its Frosthaven triangle bench took 583 µs instead of 462 µs): four keeps both.
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
/// neither blocking sight); `false` means nothing was shown. `ask(x, y, depth)` works out
/// sight between a nearer pair (the caller's own entry, so this file needs none).
pub(crate) fn hidden(
    map: &TerrainMap,
    a: Cell,
    b: Cell,
    depth: u32,
    ask: &impl Fn(Cell, Cell, u32) -> bool,
) -> bool {
    let cells = map.grid.len();
    // Nearer pairs are worked out ahead only once sight here is asked about widely.
    let depth = if asked_widely(map) { depth } else { 0 };
    map.memo.remembers(cells)
        && map.grid.distance(a, b) >= 2
        && (behind(map, a, b, depth, true, ask) || behind(map, b, a, depth, true, ask))
}

/// Every hex across an edge of `b` that a segment from `a` may enter `b` by is off the
/// sight of `a` (see the module documentation); `b` may lie off the board (then, with
/// `off_board`, neighbours off the board are asked about in turn, one level deep).
fn behind(
    map: &TerrainMap,
    a: Cell,
    b: Cell,
    depth: u32,
    off_board: bool,
    ask: &impl Fn(Cell, Cell, u32) -> bool,
) -> bool {
    let grid = map.grid;
    let (ca, cb) = (geom::centre(&grid, a), geom::centre(&grid, b));
    let t = (cb.0 - ca.0, cb.1 - ca.1);
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
    let thin = map.memo.thin_sides(|| thin_sides(map));
    edges(facing(t)).all(|k| {
        let centre = across(cb, k);
        let next = hex_at(centre);
        if !grid.contains(next) {
            // No walls off the board: hidden when its own entering neighbours are.
            return off_board
                && depth > 0
                && dist2(ca, centre) < far.0
                && grid.distance(a, next) >= 2
                && behind(map, a, next, depth - 1, false, ask);
        }
        // A thin wall between `b` and `next`, read on whichever of them is on the board.
        let walled = if grid.contains(b) {
            thin[grid.index(b)] >> k & 1 == 1
        } else {
            thin[grid.index(next)] >> opposite(k) & 1 == 1
        };
        // Not known to be hidden, `next` counts as seen. Before sight is asked about widely
        // (`depth` 0) the edge by edge test runs only where it is known to be seen: where
        // little is known, it would seldom settle anything.
        let entered = opposite(k);
        map.terrain(next).blocks_sight()
            || walled
            || match seen_ahead(map, a, next, depth, far, ask) {
                Some(false) => true,
                Some(true) => edge_shadowed(map, a, next, entered, (depth, far), thin, ask),
                None => depth > 0 && edge_shadowed(map, a, next, entered, (depth, far), thin, ask),
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
    ask: &impl Fn(Cell, Cell, u32) -> bool,
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
            (depth > 0 && near < far).then(|| ask(a, next, depth - 1))
        })
}

/// Edge `e` of hex `n` (on the board, seen from `a`) is reached by no clear segment from
/// a point of `A` strictly on `n`'s side of `e`'s line, as the module documentation shows
/// ("edge by edge"); `false` means nothing was shown. Needs `a` and `n` not to touch
/// (then `A` lies outside `n`). `thin` is [`thin_sides`].
fn edge_shadowed(
    map: &TerrainMap,
    a: Cell,
    n: Cell,
    e: usize,
    (depth, far): (u32, (i64, usize)),
    thin: &[u8],
    ask: &impl Fn(Cell, Cell, u32) -> bool,
) -> bool {
    let grid = map.grid;
    if grid.distance(a, n) < 2 {
        return false;
    }
    let (ca, cn) = (geom::centre(&grid, a), geom::centre(&grid, n));
    let t = (cn.0 - ca.0, cn.1 - ca.1);
    let walls = thin[grid.index(n)];
    edges(facing(t) & !(1 << e))
        .filter(|&i| reaches_through(t, e, i))
        .all(|i| {
            let next = hex_at(across(cn, i));
            grid.contains(next)
                && (map.terrain(next).blocks_sight()
                    || walls >> i & 1 == 1
                    || seen_ahead(map, a, next, depth, far, ask) == Some(false))
        })
}

/// Where the centre of the hex across edge `k` lies from a hex's centre: the centre
/// mirrored in the edge's midpoint.
const ACROSS: [P; 6] = {
    let h = geom::HEX_CORNERS;
    let mut out = [(0, 0); 6];
    let mut k = 0;
    while k < 6 {
        out[k] = (h[k].0 + h[(k + 1) % 6].0, h[k].1 + h[(k + 1) % 6].1);
        k += 1;
    }
    out
};

/// The centre of the hex across edge `k` of the hex centred at `c`.
fn across(c: P, k: usize) -> P {
    (c.0 + ACROSS[k].0, c.1 + ACROSS[k].1)
}

/// The edge of the hex across edge `k` that is edge `k` itself (run the other way).
const fn opposite(k: usize) -> usize {
    (k + 3) % 6
}

/// The edges of hex `B` with some corner of hex `A` strictly outside their line, as bits
/// (bit `k` for edge `k`); `t` runs from `A`'s centre to `B`'s. As hexes are centrally
/// symmetric, `A`'s corner furthest outward along an edge's normal is as far beyond `A`'s
/// centre as `B`'s edge is beyond `B`'s, so this holds exactly when `A`'s centre lies
/// strictly outside the edge's line moved onto `B`'s centre: one cross product with the
/// edge's direction ([`geom::edge_facing`]: opposite edges run opposite ways, so three
/// serve all six).
fn facing(t: P) -> u8 {
    let c = geom::edge_facing(t);
    (0..3).fold(0, |bits, k| {
        bits | u8::from(c[k] > 0) << k | u8::from(c[k] < 0) << (k + 3)
    })
}

/// The edge numbers whose bits are set in `mask`, in increasing order.
fn edges(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |&k| mask >> k & 1 == 1)
}

/// One separating axis of [`REACH`]: segments from `A` through edge `w` to edge `e` of a
/// hex `N` (centred at the origin) are ruled out along `axis` when the projection of the
/// centre-to-centre vector `t` (from `A` to `N`) lies below `below` or above `above`.
#[derive(Clone, Copy)]
struct Axis {
    axis: P,
    below: i64,
    above: i64,
}

/// Per edge `e` and edge `w` of a hex `N` (edge numbers as in [`geom::HEX_CORNERS`]), the
/// seven separating axes of the test in [`reaches_through`]: the hex's three edge
/// directions and the four differences of an end of `w` and an end of `e` (the cone's
/// generators), each as a normal.
const REACH: [[[Axis; 7]; 6]; 6] = {
    let h = geom::HEX_CORNERS;
    let none = Axis {
        axis: (0, 0),
        below: i64::MIN,
        above: i64::MAX,
    };
    let mut out = [[[none; 7]; 6]; 6];
    let mut e = 0;
    while e < 6 {
        let mut w = 0;
        while w < 6 {
            let (w0, w1) = (h[w], h[(w + 1) % 6]);
            let (e0, e1) = (h[e], h[(e + 1) % 6]);
            let gens = [
                (w0.0 - e0.0, w0.1 - e0.1),
                (w0.0 - e1.0, w0.1 - e1.1),
                (w1.0 - e0.0, w1.1 - e0.1),
                (w1.0 - e1.0, w1.1 - e1.1),
            ];
            let mut dirs = [(0, 0); 7];
            let mut k = 0;
            while k < 3 {
                dirs[k] = geom::hex_edge(k);
                k += 1;
            }
            while k < 7 {
                dirs[k] = gens[k - 3];
                k += 1;
            }
            let mut k = 0;
            while k < 7 {
                let axis = (-dirs[k].1, dirs[k].0);
                // `A`'s corners project to `-t·axis` plus the hex's own reach.
                let (mut hmin, mut hmax) = (i64::MAX, i64::MIN);
                let mut m = 0;
                while m < 6 {
                    let x = dot(h[m], axis);
                    hmin = if x < hmin { x } else { hmin };
                    hmax = if x > hmax { x } else { hmax };
                    m += 1;
                }
                let (p0, p1) = (dot(w0, axis), dot(w1, axis));
                let (mut up, mut down) = (false, false);
                let mut g = 0;
                while g < 4 {
                    up |= dot(gens[g], axis) > 0;
                    down |= dot(gens[g], axis) < 0;
                    g += 1;
                }
                // The cone's projection runs from `min(p0, p1)` (unbounded below when a
                // generator points down) to `max(p0, p1)` (unbounded above likewise); `A`
                // misses it when `-t·axis + hmin > max` or `-t·axis + hmax < min`.
                let smax = if p0 > p1 { p0 } else { p1 };
                let smin = if p0 < p1 { p0 } else { p1 };
                out[e][w][k] = Axis {
                    axis,
                    below: if up { i64::MIN } else { hmin - smax },
                    above: if down { i64::MAX } else { hmax - smin },
                };
                k += 1;
            }
            w += 1;
        }
        e += 1;
    }
    out
};

const fn dot(u: P, v: P) -> i64 {
    u.0 * v.0 + u.1 * v.1
}

/// Some segment from a point of hex `A` to a point of edge `e` of hex `N` meets edge `w`
/// of `N` (false means provably none does); `t` runs from `A`'s centre to `N`'s. Such a
/// segment's start is `y + s·(y - x)` for `y ∈ w`, `x ∈ e`, `s >= 0`, so it lies in
/// `w + W`, `W` the cone of the four differences of an end of `w` and an end of `e`; `A`
/// is tested against that convex set by separating axes (the normals of the hex's edges,
/// of `w` and of the four differences; an axis along which the cone is unbounded both
/// ways is never separating). Everything but `t` is the same for every pair, so the axes
/// and their bounds come from [`REACH`]; `t` stays under 2^14 and axes under 4, so the
/// dot products fit easily.
fn reaches_through(t: P, e: usize, w: usize) -> bool {
    !REACH[e][w].iter().any(|x| {
        let d = t.0 * x.axis.0 + t.1 * x.axis.1;
        d < x.below || d > x.above
    })
}

/// Per hex of the board, which of its edges carry a thin wall: bit `k` for edge `k` (see
/// [`geom::HEX_CORNERS`]). Kept in the map's memo: the shadow reads it for every edge it
/// passes.
pub(crate) fn thin_sides(map: &TerrainMap) -> Vec<u8> {
    let grid = map.grid;
    let mut sides = vec![0u8; grid.len()];
    for (c, d) in map.thin_walls() {
        let (cc, cd) = (geom::centre(&grid, c), geom::centre(&grid, d));
        let Some(k) = (0..6).find(|&k| across(cc, k) == cd) else {
            continue;
        };
        for (cell, edge) in [(c, k), (d, opposite(k))] {
            if grid.contains(cell) {
                sides[grid.index(cell)] |= 1 << edge;
            }
        }
    }
    sides
}

/// The hex across edge `k` of hex `cell` (edges numbered as in [`geom::HEX_CORNERS`]); it
/// may lie off the board.
pub(crate) fn hex_across(grid: &Grid, cell: Cell, k: usize) -> Cell {
    hex_at(across(geom::centre(grid, cell), k))
}

/// The centre of the hex across the edge `e` of the hex centred at `centre`: that centre
/// mirrored in the edge's midpoint. [`ACROSS`] is tested against it.
#[cfg(test)]
fn centre_across(e: (P, P), centre: P) -> P {
    (e.0.0 + e.1.0 - centre.0, e.0.1 + e.1.1 - centre.1)
}

/// The hex whose centre (see [`geom::centre`]) is `c`: here always a neighbour of a hex on
/// the board, so its column and row are within one of an `i32` cell's and fit again.
pub(crate) fn hex_at(c: P) -> Cell {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, GridKind};

    /// The test [`reaches_through`] stood for before its axes were tabled: the same
    /// separating axes worked out from the corners of `A` and the ends of `w` and `e` in
    /// board coordinates.
    fn reaches_by_corners(pa: &[P], w: (P, P), e: (P, P)) -> bool {
        let diff = |u: P, v: P| (u.0 - v.0, u.1 - v.1);
        let gens = [
            diff(w.0, e.0),
            diff(w.0, e.1),
            diff(w.1, e.0),
            diff(w.1, e.1),
        ];
        let dirs = (0..3).map(|k| diff(pa[k + 1], pa[k])).chain(gens);
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

    /// Every pair of hexes of a 13×13 board, as (`A`'s corners, `N`'s corners, the vector
    /// between their centres): offsets in every direction and both column parities.
    fn pairs() -> Vec<(geom::Points, geom::Points, P)> {
        let grid = Grid::new(GridKind::Hex, 13, 13);
        let mut out = Vec::new();
        for a in grid.cells() {
            for n in grid.cells().filter(|&n| n != a) {
                let (ca, cn) = (geom::centre(&grid, a), geom::centre(&grid, n));
                let t = (cn.0 - ca.0, cn.1 - ca.1);
                out.push((geom::corners(&grid, a), geom::corners(&grid, n), t));
            }
        }
        out
    }

    /// One cross product with the centres' offset says what testing every corner of `A`
    /// against the edge's line says.
    #[test]
    fn facing_edges_agree_with_the_corners() {
        for (pa, pn, t) in pairs() {
            for k in 0..6 {
                let (p, q) = (pn[k], pn[(k + 1) % 6]);
                let outside = pa.iter().any(|&v| geom::cross(p, q, v) < 0);
                assert_eq!(facing(t) >> k & 1 == 1, outside, "{t:?} edge {k}");
            }
        }
    }

    /// The tabled axes give the answers of the separating-axis test on the corners
    /// themselves, for every pair of distinct edges of `N` and every `A` not touching it.
    #[test]
    fn tabled_reach_agrees_with_the_corners() {
        for (pa, pn, t) in pairs()
            .into_iter()
            .filter(|&(_, _, t)| dist2(t, (0, 0)) > 12)
        {
            for e in 0..6 {
                for w in (0..6).filter(|&w| w != e) {
                    let edge = |k: usize| (pn[k], pn[(k + 1) % 6]);
                    assert_eq!(
                        reaches_through(t, e, w),
                        reaches_by_corners(&pa, edge(w), edge(e)),
                        "{t:?} e {e} w {w}"
                    );
                }
            }
        }
    }

    /// The edge next to edge `k` across it is edge `opposite(k)` of the hex there, and
    /// [`ACROSS`] finds that hex as [`centre_across`] does.
    #[test]
    fn hexes_across_edges() {
        let h = geom::HEX_CORNERS;
        for k in 0..6 {
            let edge = (h[k], h[(k + 1) % 6]);
            assert_eq!(ACROSS[k], centre_across(edge, (0, 0)));
            let j = opposite(k);
            let moved = |p: P| (p.0 + ACROSS[k].0, p.1 + ACROSS[k].1);
            assert_eq!((moved(h[j]), moved(h[(j + 1) % 6])), (edge.1, edge.0));
        }
    }

    /// The thin-wall bits say what the map's own list says, for every hex of random
    /// boards and each of its six neighbours (some off the board, some walls there too).
    #[test]
    fn thin_sides_agree_with_the_thin_walls() {
        let mut below = crate::grid::terrain::tests::below_from(41);
        for _ in 0..8 {
            let grid = Grid::new(GridKind::Hex, 7, 6);
            let mut m = TerrainMap::new(grid);
            for cell in grid.cells() {
                let c = geom::centre(&grid, cell);
                for step in ACROSS {
                    let n = hex_at((c.0 + step.0, c.1 + step.1));
                    if below(4) == 0 {
                        m.add_thin_wall(cell, n);
                    }
                }
            }
            let sides = thin_sides(&m);
            for cell in grid.cells() {
                let c = geom::centre(&grid, cell);
                for (k, step) in ACROSS.iter().enumerate() {
                    let n = hex_at((c.0 + step.0, c.1 + step.1));
                    assert_eq!(
                        sides[grid.index(cell)] >> k & 1 == 1,
                        m.thin_wall_between(cell, n),
                        "{cell} {n}"
                    );
                }
            }
        }
    }
}

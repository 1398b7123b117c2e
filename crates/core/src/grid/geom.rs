//! Exact integer geometry for line of sight: cell outlines in scaled integer
//! coordinates and closed segment/polygon intersection tests.
//!
//! Square cells are scaled by 2, so cell `(col, row)` is `[2col, 2col+2] × [2row, 2row+2]`
//! with its centre at `(2col+1, 2row+1)`. Flat-topped hexes use the affine map that sends
//! axial `(q, r)` to `(3q, 2r+q)`; with odd columns half a hex lower this is the centre
//! `(3col, 2row + col%2)`, and the six corners are the centre plus `(±2, 0)`, `(±1, ±1)`.
//! An affine map keeps straight lines straight and preserves which side of a line a
//! point is on, so every test below is exact in these coordinates. `y` grows downwards.

use super::{Cell, Grid, GridKind};

/// A point in scaled board coordinates.
pub(crate) type P = (i64, i64);

/// Twice the signed area of the triangle `o, a, b` (positive when `b` is to the left of
/// `o→a` in a y-up picture).
pub(crate) fn cross(o: P, a: P, b: P) -> i128 {
    let (ax, ay) = (i128::from(a.0 - o.0), i128::from(a.1 - o.1));
    let (bx, by) = (i128::from(b.0 - o.0), i128::from(b.1 - o.1));
    ax * by - ay * bx
}

/// [`cross`] in `i64`, for callers whose coordinates keep it exact: each caller writes its
/// bound beside the call (differences below 2^31 in size keep the products below 2^62).
pub(crate) fn cross_narrow(o: P, a: P, b: P) -> i64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// The greatest common divisor of two non-negative numbers (0 with 0).
pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `p` lies in the bounding box of `a` and `b` (used once `p` is known collinear).
fn in_box(p: P, a: P, b: P) -> bool {
    a.0.min(b.0) <= p.0 && p.0 <= a.0.max(b.0) && a.1.min(b.1) <= p.1 && p.1 <= a.1.max(b.1)
}

/// True when the closed segments `ab` and `cd` share at least one point (touching at an
/// end or overlapping collinearly counts). Either segment may be a single point.
pub(crate) fn segments_touch(a: P, b: P, c: P, d: P) -> bool {
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    if d1.signum() * d2.signum() < 0 && d3.signum() * d4.signum() < 0 {
        return true;
    }
    (d1 == 0 && in_box(a, c, d))
        || (d2 == 0 && in_box(b, c, d))
        || (d3 == 0 && in_box(c, a, b))
        || (d4 == 0 && in_box(d, a, b))
}

/// `p` lies in the closed convex polygon (vertices in positive orientation).
pub(crate) fn point_in_convex(p: P, poly: &[P]) -> bool {
    (0..poly.len()).all(|i| cross(poly[i], poly[(i + 1) % poly.len()], p) >= 0)
}

/// The closed segment `ab` shares a point with the closed convex polygon.
pub(crate) fn segment_touches_convex(a: P, b: P, poly: &[P]) -> bool {
    point_in_convex(a, poly)
        || point_in_convex(b, poly)
        || (0..poly.len()).any(|i| segments_touch(a, b, poly[i], poly[(i + 1) % poly.len()]))
}

/// The closed segment `ab` shares a point with the closed flat-topped hex whose corners
/// are `hex` (as [`corners`] lists them, possibly scaled): [`segment_touches_convex`] for
/// hexes, by separating axes. The hex of centre `c` and scale `k` is
/// `|y| <= k, |x + y| <= 2k, |x - y| <= 2k` around `c`, so its three edge axes need only
/// sums; the fourth axis is the segment's own normal, against the hex's reach
/// `max |cross(d, corner)|`. Sums stay in `i64` (coordinates come from `i32` cells times
/// at most a few units); the cross products are taken in `i128`.
pub(crate) fn segment_touches_hex(a: P, b: P, hex: &[P]) -> bool {
    let (right, left) = (hex[0], hex[3]);
    segment_touches_hex_at(
        a,
        b,
        ((right.0 + left.0) / 2, right.1),
        (right.0 - left.0) / 4,
    )
}

/// [`segment_touches_hex`] for the hex of centre `c` and scale `k` (corners `c + k·h` for
/// the corners `h` of [`corners`]).
pub(crate) fn segment_touches_hex_at(a: P, b: P, c: P, k: i64) -> bool {
    let (a, b) = ((a.0 - c.0, a.1 - c.1), (b.0 - c.0, b.1 - c.1));
    let apart = |s: i64, t: i64, r: i64| s.min(t) > r || s.max(t) < -r;
    if apart(a.1, b.1, k)
        || apart(a.0 + a.1, b.0 + b.1, 2 * k)
        || apart(a.0 - a.1, b.0 - b.1, 2 * k)
    {
        return false;
    }
    // Signed distance of the centre (the origin now) from the segment's line, times |d|,
    // against the hex's reach along the line's normal (times |d| too).
    let small = |v: i64| v.abs() < NARROW_HEX;
    if small(a.0) && small(a.1) && small(b.0) && small(b.1) && small(k) {
        // Each difference is below 2^31 and `k` below 2^30, and `d.0 ± d.1` below 2^32,
        // so every product (and `2k·d.1`) is below 2^62 in size: exact in `i64`.
        let d = (b.0 - a.0, b.1 - a.1);
        let reach = (2 * k * d.1)
            .abs()
            .max((k * (d.0 - d.1)).abs())
            .max((k * (d.0 + d.1)).abs());
        let off = d.1 * a.0 - d.0 * a.1;
        return off.abs() <= reach;
    }
    let d = (i128::from(b.0 - a.0), i128::from(b.1 - a.1));
    let k = i128::from(k);
    let reach = (2 * k * d.1)
        .abs()
        .max((k * (d.0 - d.1)).abs())
        .max((k * (d.0 + d.1)).abs());
    let off = d.1 * i128::from(a.0) - d.0 * i128::from(a.1);
    off.abs() <= reach
}

/// Coordinates (around the hex's centre) and scales below this are tested in `i64` by
/// [`segment_touches_hex_at`].
const NARROW_HEX: i64 = 1 << 30;

/// The closed segment `ab` meets the open interior of the convex polygon. By the
/// separating-axis argument the two are disjoint exactly when an edge line of the polygon
/// has the whole segment on its outer closed side, or the segment's own line has the whole
/// polygon on one closed side.
pub(crate) fn segment_meets_interior(a: P, b: P, poly: &[P]) -> bool {
    let n = poly.len();
    let outside_edge = (0..n).any(|i| {
        cross(poly[i], poly[(i + 1) % n], a) <= 0 && cross(poly[i], poly[(i + 1) % n], b) <= 0
    });
    let beside_line = a != b
        && (poly.iter().all(|&v| cross(a, b, v) >= 0) || poly.iter().all(|&v| cross(a, b, v) <= 0));
    !outside_edge && !beside_line
}

/// The segments `ab` and `cd` lie on one line and overlap along a positive length.
pub(crate) fn overlap_along(a: P, b: P, c: P, d: P) -> bool {
    if a == b || cross(a, b, c) != 0 || cross(a, b, d) != 0 {
        return false;
    }
    let dir = (i128::from(b.0 - a.0), i128::from(b.1 - a.1));
    let t = |p: P| i128::from(p.0 - a.0) * dir.0 + i128::from(p.1 - a.1) * dir.1;
    let (lo, hi) = (t(c).min(t(d)), t(c).max(t(d)));
    lo.max(0) < hi.min(t(b))
}

/// The segment `ab` meets the segment `w0 w1` somewhere other than at `w0` or `w1`.
pub(crate) fn meets_relative_interior(a: P, b: P, w0: P, w1: P) -> bool {
    if !segments_touch(a, b, w0, w1) {
        return false;
    }
    if cross(a, b, w0) == 0 && cross(a, b, w1) == 0 && a != b {
        return overlap_along(a, b, w0, w1);
    }
    let on_ab = |w: P| cross(a, b, w) == 0 && in_box(w, a, b);
    !on_ab(w0) && !on_ab(w1)
}

/// Two closed convex polygons (positive orientation, at least 3 vertices) share a point.
/// Separating-axis test: disjoint convex polygons are strictly separated by the line
/// through one of their edges.
pub(crate) fn convex_touch(p: &[P], q: &[P]) -> bool {
    convex_touch_by(p, q, |o, a, x| cross(o, a, x) < 0)
}

/// [`convex_touch`] with the side test given: `right(o, a, x)` says `x` lies strictly to
/// the right of the line from `o` to `a` (so a caller may use narrower arithmetic where it
/// is exact).
pub(crate) fn convex_touch_by(p: &[P], q: &[P], right: impl Fn(P, P, P) -> bool) -> bool {
    let separates = |a: &[P], b: &[P]| {
        (0..a.len()).any(|i| b.iter().all(|&x| right(a[i], a[(i + 1) % a.len()], x)))
    };
    !separates(p, q) && !separates(q, p)
}

/// Convex hull in positive orientation without collinear vertices (monotone chain); the
/// reference for [`hull_of_translates`].
#[cfg(test)]
pub(crate) fn convex_hull(mut pts: Vec<P>) -> Vec<P> {
    pts.sort_unstable();
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<P> = Vec::with_capacity(pts.len() + 1);
    let n = pts.len();
    // Lower chain left to right, then upper chain right to left.
    for pass in 0..2 {
        let start = hull.len();
        for k in 0..n {
            let p = if pass == 0 { pts[k] } else { pts[n - 1 - k] };
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// [`convex_hull`] of a convex polygon `p` (positive orientation, no collinear
/// vertices) and a translate `q` of it, without sorting: the hull is `p` swept along the
/// translation `t`. Edges of `p` facing away from `t` keep `p`'s corners, edges facing
/// it take `q`'s; where the facing changes the hull runs along `t` from one copy of the
/// corner to the other, and an edge parallel to `t` merges with that run. The reference
/// for [`hex_hull`].
#[cfg(test)]
pub(crate) fn hull_of_translates(p: &[P], q: &[P]) -> Points<8> {
    let n = p.len();
    let mut hull = Points::default();
    let t = (q[0].0 - p[0].0, q[0].1 - p[0].1);
    if t == (0, 0) || n < 3 {
        p.iter().for_each(|&v| hull.push(v));
        return hull;
    }
    // Per edge `i`, positive when it faces away from `t`, negative when it faces it.
    let mut facing = [0; 8];
    for (i, f) in facing.iter_mut().enumerate().take(n) {
        let (a, b) = (p[i], p[(i + 1) % n]);
        *f = cross((0, 0), (b.0 - a.0, b.1 - a.1), t).signum();
    }
    // At most one run along `t` on each hand, so at most `n + 2` corners (8 for hexes).
    for i in 0..n {
        let (before, after) = (facing[(i + n - 1) % n], facing[i]);
        let (back, front) = (before > 0 || after > 0, before < 0 || after < 0);
        if back && front && before < 0 {
            hull.push(q[i]);
            hull.push(p[i]);
        } else {
            if back {
                hull.push(p[i]);
            }
            if front {
                hull.push(q[i]);
            }
        }
    }
    hull
}

/// A hex's corners around its centre (scale 1), in positive orientation; edge `k` runs from
/// corner `k` to corner `k + 1`.
pub(crate) const HEX_CORNERS: [P; 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// The direction of edge `k` of a hex, from corner `k` to corner `k + 1`.
pub(crate) const fn hex_edge(k: usize) -> P {
    let h = HEX_CORNERS;
    (h[(k + 1) % 6].0 - h[k].0, h[(k + 1) % 6].1 - h[k].1)
}

/// Which way a translation `t` faces a hex's edges 0, 1 and 2: `cross(edge, t)`, whose
/// sign says it (positive: the edge's line has `t` on its left). Edges `k` and `k + 3`
/// run opposite ways, so these three give all six. Edge directions are at most 2 in size,
/// so the products are exact for `t` below 2^61.
#[inline]
pub(crate) fn edge_facing(t: P) -> [i64; 3] {
    let side = |d: P| d.0 * t.1 - d.1 * t.0;
    [side(hex_edge(0)), side(hex_edge(1)), side(hex_edge(2))]
}

/// A cell's centre from its corners (as [`corners`] lists them): cells are centrally
/// symmetric, so opposite corners (the first and the one halfway round) average to it
/// (their sums are even, so halving is a shift).
pub(crate) fn centre_of(corners: &[P]) -> P {
    let (p, q) = (corners[0], corners[corners.len() / 2]);
    ((p.0 + q.0) >> 1, (p.1 + q.1) >> 1)
}

/// The corners of the hex of centre `c` (scale 1), as [`corners`] lists them.
pub(crate) fn hex_corners_at(c: P) -> Points {
    let mut out = Points::default();
    for &(dx, dy) in HEX_CORNERS.iter() {
        out.push((c.0 + dx, c.1 + dy));
    }
    out
}

/// [`hull_of_translates`] of the hexes of centres `ca` and `cb` (scale 1), read from
/// [`HEX_HULLS`]: which way the translation `t = cb - ca` faces each edge
/// ([`edge_facing`]) picks the hull's corners. Centres come from `i32` cells times at most
/// 3, so `t` stays below 2^36 in size.
pub(crate) fn hex_hull(ca: P, cb: P) -> Points<8> {
    let facing = edge_facing((cb.0 - ca.0, cb.1 - ca.1));
    let [f0, f1, f2] = facing.map(|f| (f.signum() + 1) as usize);
    let pattern = &HEX_HULLS[9 * f0 + 3 * f1 + f2];
    let mut hull = Points::default();
    for &corner in &pattern.0[..pattern.1] {
        let (c, (dx, dy)) = (
            if corner & 8 == 0 { ca } else { cb },
            HEX_CORNERS[corner & 7],
        );
        hull.push((c.0 + dx, c.1 + dy));
    }
    hull
}

/// Per pattern of facing signs `f0, f1, f2` (index `9(f0 + 1) + 3(f1 + 1) + f2 + 1`), the
/// hull's corners in [`hull_of_translates`]'s order: corner `k` of the first hex as `k`,
/// of the second as `k + 8`; with the count. All signs zero means `t = 0`: the hex alone.
const HEX_HULLS: [([usize; 8], usize); 27] = {
    let mut table = [([0; 8], 0); 27];
    let mut index = 0;
    while index < 27 {
        let f = [
            index as i64 / 9 - 1,
            index as i64 / 3 % 3 - 1,
            index as i64 % 3 - 1,
        ];
        let facing = [f[0], f[1], f[2], -f[0], -f[1], -f[2]];
        let (corners, len) = &mut table[index];
        let mut i = 0;
        while i < 6 {
            let (before, after) = (facing[(i + 5) % 6], facing[i]);
            let (back, front) = (before > 0 || after > 0, before < 0 || after < 0);
            let still = f[0] == 0 && f[1] == 0 && f[2] == 0;
            // The same pushes as `hull_of_translates`, in the same order (the second
            // hex's corner before the first's where the facing turns from front to back).
            let turn = back && front && before < 0;
            let take = [still || (back && !turn), !still && front, turn];
            let mut k = 0;
            while k < 3 {
                // Sign patterns no translation has (facing changing more than twice)
                // would overflow; they are never read.
                if take[k] && *len < 8 {
                    corners[*len] = if k == 1 { i + 8 } else { i };
                    *len += 1;
                }
                k += 1;
            }
            i += 1;
        }
        index += 1;
    }
    table
};

/// The box (lowest and highest corner) holding every point of a hex board's hexes: centres
/// span `x` in `[0, 3(w - 1)]` and `y` in `[0, 2h - 1]`, and corners reach 2 and 1 beyond.
pub(crate) fn hex_board_box(grid: &Grid) -> (P, P) {
    let (w, h) = (i64::from(grid.width), i64::from(grid.height));
    ((-2, -1), (3 * (w - 1) + 2, 2 * h))
}

/// The columns of a hex board whose hexes (`x` from `3c - 2` to `3c + 2`) reach into `x`
/// in `[x0, x1]`: `ceil((x0 - 2) / 3)` to `floor((x1 + 2) / 3)`, cut to the board (perhaps
/// empty).
pub(crate) fn hex_columns(grid: &Grid, x0: i64, x1: i64) -> std::ops::RangeInclusive<i64> {
    x0.div_euclid(3).max(0)..=(x1 + 2).div_euclid(3).min(i64::from(grid.width) - 1)
}

/// Centre of a cell in scaled coordinates.
pub(crate) fn centre(grid: &Grid, c: Cell) -> P {
    let (col, row) = (i64::from(c.col), i64::from(c.row));
    match grid.kind {
        GridKind::Square(_) => (2 * col + 1, 2 * row + 1),
        GridKind::Hex => (3 * col, 2 * row + (col & 1)),
    }
}

/// Corners of a cell in positive orientation (4 for squares, 6 for hexes).
pub(crate) fn corners(grid: &Grid, c: Cell) -> Points {
    let (x, y) = centre(grid, c);
    let mut out = Points::default();
    match grid.kind {
        GridKind::Square(_) => {
            for p in [
                (x - 1, y - 1),
                (x + 1, y - 1),
                (x + 1, y + 1),
                (x - 1, y + 1),
            ] {
                out.push(p);
            }
        }
        GridKind::Hex => return hex_corners_at((x, y)),
    }
    out
}

/// A few points of one cell (its corners, perhaps its centre), or (`N = 8`) the hull of
/// two translated cells, kept on the stack: sight asks for them on every line it checks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Points<const N: usize = 7> {
    pts: [P; N],
    len: usize,
}

impl<const N: usize> Default for Points<N> {
    fn default() -> Self {
        Points {
            pts: [(0, 0); N],
            len: 0,
        }
    }
}

impl<const N: usize> Points<N> {
    pub(crate) fn push(&mut self, p: P) {
        self.pts[self.len] = p;
        self.len += 1;
    }

    /// The same points, each moved by `f`.
    pub(crate) fn map(&self, f: impl Fn(P) -> P) -> Points<N> {
        let mut out = *self;
        out.pts[..self.len].iter_mut().for_each(|p| *p = f(*p));
        out
    }
}

impl<const N: usize> std::ops::Deref for Points<N> {
    type Target = [P];
    fn deref(&self) -> &[P] {
        &self.pts[..self.len]
    }
}

impl<const N: usize> IntoIterator for Points<N> {
    type Item = P;
    type IntoIter = std::iter::Take<std::array::IntoIter<P, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.pts.into_iter().take(self.len)
    }
}

/// The edge shared by two cells, if they share a whole edge.
pub(crate) fn shared_edge(grid: &Grid, a: Cell, b: Cell) -> Option<(P, P)> {
    let ca = corners(grid, a);
    let cb = corners(grid, b);
    let mut shared = ca.into_iter().filter(|p| cb.contains(p));
    match (shared.next(), shared.next(), shared.next()) {
        (Some(p), Some(q), None) => Some((p, q)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Metric;

    /// The hex test by separating axes agrees with the general convex one, for small
    /// segments near a hex and for hexes and segments far out (past `i64`'s narrow bound,
    /// where it works in `i128`), at scales 1 and 2.
    #[test]
    fn segment_touches_hex_agrees_with_convex() {
        let mut below = crate::grid::terrain::tests::below_from(11);
        let mut next = move |n: usize| below(n) as i64;
        for far in [0, NARROW_HEX - 6, 1 << 33] {
            for k in [1, 2] {
                let c = (far + 3 * next(3), far / 2 + next(5));
                let hex: Vec<P> = HEX_CORNERS
                    .iter()
                    .map(|h| (c.0 + k * h.0, c.1 + k * h.1))
                    .collect();
                for round in 0..10_000 {
                    // Every other segment is long (its ends past the narrow bound from
                    // the hex), passing close by.
                    let reach = if round % 2 == 0 { 0 } else { 1 << 31 };
                    let mut point =
                        |side: i64| (c.0 + side * reach + next(15) - 7, c.1 + next(11) - 5);
                    let (p, q) = (point(-1), point(1));
                    assert_eq!(
                        segment_touches_hex(p, q, &hex),
                        segment_touches_convex(p, q, &hex),
                        "{p:?} {q:?} around {c:?} at scale {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn segment_touching() {
        assert!(
            segments_touch((0, 0), (4, 4), (0, 4), (4, 0)),
            "proper crossing"
        );
        assert!(segments_touch((0, 0), (2, 2), (2, 2), (4, 0)), "shared end");
        assert!(
            segments_touch((0, 0), (4, 0), (2, 0), (2, 3)),
            "end on interior"
        );
        assert!(
            segments_touch((0, 0), (4, 0), (3, 0), (6, 0)),
            "collinear overlap"
        );
        assert!(
            !segments_touch((0, 0), (2, 0), (3, 0), (6, 0)),
            "collinear apart"
        );
        assert!(!segments_touch((0, 0), (4, 4), (0, 1), (3, 4)), "parallel");
        assert!(
            segments_touch((1, 1), (1, 1), (0, 0), (2, 2)),
            "point on segment"
        );
        assert!(
            !segments_touch((1, 1), (1, 1), (0, 0), (2, 3)),
            "point off segment"
        );
    }

    #[test]
    fn interiors_and_overlaps() {
        let sq = [(0, 0), (2, 0), (2, 2), (0, 2)];
        assert!(segment_meets_interior((-1, 1), (3, 1), &sq));
        assert!(
            !segment_meets_interior((-1, 0), (3, 0), &sq),
            "along an edge"
        );
        assert!(
            !segment_meets_interior((0, 4), (4, 0), &sq),
            "through a corner"
        );
        assert!(!segment_meets_interior((-2, 2), (0, 4), &sq));
        assert!(
            segment_meets_interior((1, 1), (1, 1), &sq),
            "a point inside"
        );
        assert!(
            !segment_meets_interior((2, 1), (2, 1), &sq),
            "a point on the edge"
        );
        assert!(segment_meets_interior(
            (2, 2),
            (5, -1),
            &[(2, 0), (4, 0), (4, 2), (2, 2)]
        ));
        assert!(overlap_along((0, 0), (4, 0), (2, 0), (6, 0)));
        assert!(
            !overlap_along((0, 0), (4, 0), (4, 0), (6, 0)),
            "one shared point"
        );
        assert!(!overlap_along((0, 0), (4, 0), (2, 1), (6, 1)));
        assert!(
            meets_relative_interior((0, 1), (4, 1), (2, 0), (2, 2)),
            "crossing"
        );
        assert!(
            !meets_relative_interior((0, 0), (4, 0), (2, 0), (2, 2)),
            "through the tip"
        );
        assert!(
            !meets_relative_interior((0, 0), (2, 0), (2, 0), (2, 2)),
            "ending at the tip"
        );
        assert!(
            meets_relative_interior((0, 0), (2, 1), (2, 0), (2, 2)),
            "ending on the wall"
        );
        assert!(
            meets_relative_interior((2, -1), (2, 1), (2, 0), (2, 2)),
            "along the wall"
        );
        assert!(
            !meets_relative_interior((2, -2), (2, 0), (2, 0), (2, 2)),
            "up to its tip"
        );
    }

    #[test]
    fn hull_of_translates_is_the_hull() {
        let h = Grid::new(GridKind::Hex, 9, 9);
        let a = corners(&h, Cell::new(4, 4));
        for col in 0..9 {
            for row in 0..9 {
                let b = corners(&h, Cell::new(col, row));
                let fast = hull_of_translates(&a, &b);
                let (ca, cb) = (centre(&h, Cell::new(4, 4)), centre(&h, Cell::new(col, row)));
                assert_eq!(hex_hull(ca, cb).to_vec(), fast.to_vec(), "{col} {row}");
                let mut want = convex_hull([&a[..], &b[..]].concat());
                if let Some(start) = want.iter().position(|&p| p == fast[0]) {
                    want.rotate_left(start);
                }
                assert_eq!(fast.to_vec(), want, "{col} {row}");
            }
        }
    }

    /// The hull read from the table is the general one, point for point and in the same
    /// order, for every translation in a window (not only between hex centres), from
    /// centres near the origin and far out.
    #[test]
    fn hex_hull_agrees_with_hull_of_translates() {
        for ca in [(0, 0), (7, -3), (3 << 33, 5 << 32)] {
            let p = hex_corners_at(ca);
            for tx in -40..=40 {
                for ty in -40..=40 {
                    let cb = (ca.0 + tx, ca.1 + ty);
                    let q = hex_corners_at(cb);
                    assert_eq!(
                        hex_hull(ca, cb).to_vec(),
                        hull_of_translates(&p, &q).to_vec(),
                        "{ca:?} {cb:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn polygons() {
        let g = Grid::new(GridKind::Square(Metric::Chebyshev), 3, 3);
        let sq = corners(&g, Cell::new(1, 1));
        assert_eq!(sq.to_vec(), vec![(2, 2), (4, 2), (4, 4), (2, 4)]);
        assert!(point_in_convex((2, 3), &sq));
        assert!(!point_in_convex((1, 3), &sq));
        assert!(
            segment_touches_convex((0, 0), (2, 2), &sq),
            "touches the corner"
        );
        assert!(!segment_touches_convex((0, 1), (1, 0), &sq));
        let other = corners(&g, Cell::new(2, 2));
        assert!(
            convex_touch(&sq, &other),
            "squares meeting at a corner touch"
        );
        assert!(!convex_touch(
            &sq,
            &corners(&g, Cell::new(0, 0))
                .iter()
                .map(|&(x, y)| (x - 1, y))
                .collect::<Vec<_>>()
        ));
        assert_eq!(
            shared_edge(&g, Cell::new(1, 1), Cell::new(2, 1)),
            Some(((4, 2), (4, 4)))
        );
        assert_eq!(shared_edge(&g, Cell::new(1, 1), Cell::new(2, 2)), None);
        let h = Grid::new(GridKind::Hex, 3, 3);
        // B1 sits lower than A1: they share A1's lower-right edge.
        assert_eq!(centre(&h, Cell::new(1, 0)), (3, 1));
        assert_eq!(
            shared_edge(&h, Cell::new(0, 0), Cell::new(1, 0)),
            Some(((2, 0), (1, 1)))
        );
        assert_eq!(
            shared_edge(&h, Cell::new(0, 0), Cell::new(0, 1)),
            Some(((1, 1), (-1, 1)))
        );
        assert!(
            cross((0, 0), (2, 0), (1, 1)) > 0,
            "hex corners are listed in positive orientation"
        );
        let hull = convex_hull(
            [
                corners(&h, Cell::new(0, 0)).to_vec(),
                corners(&h, Cell::new(2, 0)).to_vec(),
            ]
            .concat(),
        );
        assert_eq!(hull.len(), 6);
        assert!(point_in_convex((3, 0), &hull));
        assert!(
            point_in_convex((3, 1), &hull),
            "closed: the boundary counts"
        );
        assert!(!point_in_convex((3, 2), &hull));
    }
}

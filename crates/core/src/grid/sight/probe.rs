//! One closed segment tested against many obstacles near it. What depends on the segment
//! alone (its direction, its spread along the hex's three edge axes, how far a hex
//! reaches along its normal) is worked out once, so each hex after that costs one cross
//! product and a few comparisons. Used where every difference of two coordinates (of the
//! segment's ends and of the obstacles' points) is below 2^30 in size, as in a pair's
//! local coordinates in `[0, 2^30)` ([`super::near`]); the bounds are written beside the
//! arithmetic.

use super::obstacle::Obstacle;
use crate::grid::geom::{self, P};

/// Points whose coordinates are all below this in size keep every difference below
/// 2^29, well within the module's bound (so do points a few units from them, such as
/// the other corners of a hex whose left and right ones are small).
const SMALL: i64 = 1 << 28;

/// All of `points` lie within [`SMALL`] of the origin.
pub(crate) fn small(points: impl IntoIterator<Item = P>) -> bool {
    points
        .into_iter()
        .all(|v| v.0.abs() < SMALL && v.1.abs() < SMALL)
}

/// A closed segment `pq` ready to be tested against hexes, thin walls and boxes.
#[derive(Clone, Copy)]
pub(crate) struct Probe {
    p: P,
    q: P,
    /// `q - p`.
    d: P,
    /// The lowest and highest `x`, `y`, `x + y` and `x - y` over the segment.
    x: (i64, i64),
    y: (i64, i64),
    s: (i64, i64),
    t: (i64, i64),
    /// How far a hex of scale 1 reaches along the segment's normal, times `|d|`:
    /// `max |cross(d, corner)|` over the corners of [`geom::corners`].
    reach: i64,
}

/// The lower and the higher of two numbers.
fn span(a: i64, b: i64) -> (i64, i64) {
    if a <= b { (a, b) } else { (b, a) }
}

impl Probe {
    /// Coordinates within the module's bound.
    pub(crate) fn new(p: P, q: P) -> Probe {
        let d = (q.0 - p.0, q.1 - p.1);
        // |d.0|, |d.1| < 2^30, so each of these is below 2^31.
        let reach = (2 * d.1)
            .abs()
            .max((d.0 - d.1).abs())
            .max((d.0 + d.1).abs());
        Probe {
            p,
            q,
            d,
            x: span(p.0, q.0),
            y: span(p.1, q.1),
            s: span(p.0 + p.1, q.0 + q.1),
            t: span(p.0 - p.1, q.0 - q.1),
            reach,
        }
    }

    /// The segment's own box shares a point with the closed box from `lo` to `hi`.
    #[inline]
    pub(crate) fn meets_box(&self, lo: P, hi: P) -> bool {
        self.x.1 >= lo.0 && self.x.0 <= hi.0 && self.y.1 >= lo.1 && self.y.0 <= hi.1
    }

    /// The segment shares a point with the closed obstacle.
    #[inline]
    pub(crate) fn touches(&self, o: &Obstacle) -> bool {
        match o {
            Obstacle::Hex(poly) => {
                // Corners 0 and 3 are the right and left ones, `c ± (2k, 0)`: the sum is
                // even and the difference a multiple of 4, so the shifts divide exactly.
                let (right, left) = (poly[0], poly[3]);
                self.touches_hex(((right.0 + left.0) >> 1, right.1), (right.0 - left.0) >> 2)
            }
            &Obstacle::Edge(w0, w1) => self.touches_edge(w0, w1),
        }
    }

    /// The segment shares a point with the closed obstacle whose bounding box runs from
    /// `lo` to `hi`. A hex's box is its centre `± (2k, k)`, so its centre and scale are
    /// read off the box (the sums are even), and meeting the box stands for the hex's
    /// `y` axis.
    #[inline]
    pub(crate) fn touches_boxed(&self, o: &Obstacle, lo: P, hi: P) -> bool {
        if !self.meets_box(lo, hi) {
            return false;
        }
        match o {
            Obstacle::Hex(_) => {
                let c = ((lo.0 + hi.0) >> 1, (lo.1 + hi.1) >> 1);
                self.hex_beyond_y(c, (hi.1 - lo.1) >> 1)
            }
            &Obstacle::Edge(w0, w1) => self.touches_edge(w0, w1),
        }
    }

    /// The segment shares a point with the closed hex of centre `c` and scale `k` (see
    /// [`geom::segment_touches_hex_at`], the same separating axes); `k < 2^28` (so
    /// `2k`, the hex's reach from its centre, stays within the bound too).
    #[inline]
    pub(crate) fn touches_hex(&self, c: P, k: i64) -> bool {
        let (lo, hi) = self.y;
        lo <= c.1 + k && hi >= c.1 - k && self.hex_beyond_y(c, k)
    }

    /// [`Probe::touches_hex`] once the segment is known to meet the hex's `y` range.
    #[inline]
    fn hex_beyond_y(&self, c: P, k: i64) -> bool {
        let apart = |(lo, hi): (i64, i64), v: i64, r: i64| lo > v + r || hi < v - r;
        if apart(self.s, c.0 + c.1, 2 * k) || apart(self.t, c.0 - c.1, 2 * k) {
            return false;
        }
        // The centre's distance from the segment's line, times |d|: differences and
        // |d| are below 2^30, so each product is below 2^60; `k · reach` below 2^59.
        let off = self.d.1 * (self.p.0 - c.0) - self.d.0 * (self.p.1 - c.1);
        off.abs() <= k * self.reach
    }

    /// The segment shares a point with the closed segment `w0 w1` (a thin wall).
    pub(crate) fn touches_edge(&self, w0: P, w1: P) -> bool {
        let (p, q) = (self.p, self.q);
        // Separating axes: the segment's line must meet the wall, the wall's line must
        // meet the segment and, when all four points are on one line, the two must
        // overlap. Differences below 2^30, so products below 2^60
        // ([`geom::cross_narrow`]).
        let cross = geom::cross_narrow;
        let (s0, s1) = (cross(p, q, w0), cross(p, q, w1));
        if p != q && s0.signum() * s1.signum() > 0 {
            return false;
        }
        let (a, b) = (cross(w0, w1, p), cross(w0, w1, q));
        if a.signum() * b.signum() > 0 {
            return false;
        }
        if a != 0 || b != 0 {
            return true;
        }
        let dir = (w1.0 - w0.0, w1.1 - w0.1);
        let t = |x: P| (x.0 - w0.0) * dir.0 + (x.1 - w0.1) * dir.1;
        t(p).min(t(q)) <= t(w1) && t(p).max(t(q)) >= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Grid, GridKind};

    /// The probe's tests give [`geom`]'s general answers on many small segments around a
    /// hex of scale 1, one of scale 2 and a thin wall, degenerate ones included (single
    /// points, segments along edges and through corners).
    #[test]
    fn probe_agrees_with_geom() {
        let grid = Grid::new(GridKind::Hex, 3, 3);
        let hex = geom::corners(&grid, Cell::new(1, 1));
        let double = hex.map(|p| (2 * p.0, 2 * p.1));
        let edge = (hex[0], hex[1]);
        let mut below = crate::grid::terrain::tests::below_from(11);
        let mut next = move |n: usize| below(n) as i64;
        for _ in 0..40_000 {
            let (p, q) = ((next(13), next(13)), (next(13), next(13)));
            let probe = Probe::new(p, q);
            for poly in [&hex, &double] {
                let want = geom::segment_touches_convex(p, q, poly);
                let o = Obstacle::Hex(*poly);
                assert_eq!(probe.touches(&o), want, "{p:?} {q:?} {poly:?}");
                let (lo, hi) = ((poly[3].0, poly[4].1), (poly[0].0, poly[1].1));
                assert_eq!(probe.touches_boxed(&o, lo, hi), want, "{p:?} {q:?}");
            }
            let want = geom::segments_touch(p, q, edge.0, edge.1);
            let o = Obstacle::Edge(edge.0, edge.1);
            assert_eq!(probe.touches(&o), want, "{p:?} {q:?}");
            let (lo, hi) = ((edge.1.0, edge.0.1), (edge.0.0, edge.1.1));
            assert_eq!(probe.touches_boxed(&o, lo, hi), want, "{p:?} {q:?}");
            let (lo, hi) = ((next(13), next(13)), (next(13), next(13)));
            let boxed = p.0.max(q.0) >= lo.0
                && p.0.min(q.0) <= hi.0
                && p.1.max(q.1) >= lo.1
                && p.1.min(q.1) <= hi.1;
            assert_eq!(probe.meets_box(lo, hi), boxed);
        }
    }
}

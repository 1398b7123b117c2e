//! A quick certificate that two hexes see each other under the any-point rule: a segment
//! between a few chosen points of the two hexes that touches no obstacle. One such
//! segment proves sight, so this is sound; when none is clear nothing is decided and the
//! exact test runs.
//!
//! The points are the hex's integer points (see [`super::geom`]): its centre, the two
//! points halfway from the centre to the left and right corners, the midpoints of the
//! top and bottom edges, and the six corners. First the segments joining a point of one
//! hex to the same point of the other (parallel to the segment joining the centres, which
//! the caller tried before), then every segment from one of the first five points of one
//! hex to another point of the other; the other corner-to-corner lines are tried after,
//! by the corner rule's own test.

use super::near::{Bounds, Near, clear_of};
use super::obstacle::Obstacle;
use crate::grid::geom::{self, P, Points};
use std::cell::Cell as Slot;

/// Some segment between sample points of the two hexes touches no obstacle. Needs
/// `near.narrow` (so that [`Near::clear`] is exact).
pub(crate) fn some_clear_segment(near: &Near) -> bool {
    let (inner_a, all_a) = samples(&near.pa);
    let (inner_b, all_b) = samples(&near.pb);
    let clear = |p: P, q: P| {
        let clear = near.clear(p, q);
        if clear {
            near.witness.set(Some((p, q)));
        }
        clear
    };
    // A point touching an obstacle spoils every segment from it: such points are left out.
    let (ua, ub) = (usable(near, &all_a, 0), usable(near, &all_b, 1));
    let clear = |i: usize, k: usize| ua[i] && ub[k] && clear(all_a[i], all_b[k]);
    // Segments parallel to the centre segment first (the one that failed, moved sideways),
    // then every other pair.
    let (n, inner) = (all_a.len(), inner_a.len());
    debug_assert_eq!(inner, inner_b.len());
    (1..n).any(|k| clear(k, k))
        || (0..inner).any(|i| (0..n).any(|k| k != i && clear(i, k)))
        || (inner..n).any(|i| (0..inner).any(|k| clear(i, k)))
}

/// Which of the points touch no obstacle: the centre and the points halfway to the side
/// corners (the first three) lie inside the hex, which no obstacle enters (walls are other
/// hexes of the tiling, thin walls lie on edges), so only the others are tested.
fn usable(near: &Near, points: &[P; 11], side: usize) -> [bool; 11] {
    // The bottom and top edge midpoints are those of edges 1 and 4 (see `geom::corners`),
    // then come the corners.
    std::array::from_fn(|k| {
        let bit = match k {
            0..3 => return true,
            3 => 6 + 1,
            4 => 6 + 4,
            corner => corner - 5,
        };
        near.outline_clear(side, bit, || near.clear(points[k], points[k]))
    })
}

/// A finer round, tried just before the exact search: coordinates doubled, so that the
/// points halfway along each edge and halfway from the centre to each corner are integer
/// points too, and every segment between those of one hex and those of the other (the
/// ones parallel to the centre segment first). Needs `near.narrow`: local coordinates are
/// below `NARROW`, so doubled ones stay within the bound of the `i64` tests.
pub(crate) fn finer_clear_segment(near: &Near) -> bool {
    let double = |p: P| (2 * p.0, 2 * p.1);
    let walls: Vec<Obstacle> = near.walls().iter().map(|o| o.map(double)).collect();
    let boxes: Vec<Bounds> = walls.iter().map(Bounds::around).collect();
    let last = Slot::new(0);
    let clear = |p: P, q: P| clear_of(&walls, &boxes, &last, p, q);
    let (fa, fb) = (halfway(&near.pa), halfway(&near.pb));
    // Points touching an obstacle are left out, as in the first round; those halfway to a
    // corner (odd places) lie inside the hex, so only edge midpoints are tested.
    let usable = |pts: &[P; 12], side: usize| {
        let mut out = [true; 12];
        for k in (0..12).step_by(2) {
            out[k] = near.outline_clear(side, 6 + k / 2, || clear(pts[k], pts[k]));
        }
        out
    };
    let (ua, ub) = (usable(&fa, 0), usable(&fb, 1));
    let clear = |i: usize, k: usize| ua[i] && ub[k] && clear(fa[i], fb[k]);
    let n = fa.len();
    (0..n).any(|k| clear(k, k)) || (0..n).any(|i| (0..n).any(|k| k != i && clear(i, k)))
}

/// A hex's points halfway along each edge and halfway from its centre to each corner, in
/// doubled coordinates (where a midpoint is the sum of its two ends).
fn halfway(corners: &[P]) -> [P; 12] {
    let (n, c) = (corners.len(), geom::centre_of(corners));
    let mut out = [(0, 0); 12];
    for k in 0..n.min(6) {
        let (p, q) = (corners[k], corners[(k + 1) % n]);
        out[2 * k] = (p.0 + q.0, p.1 + q.1);
        out[2 * k + 1] = (c.0 + p.0, c.1 + p.1);
    }
    out
}

/// A hex's inner sample points, and those followed by its corners.
fn samples(corners: &[P]) -> (Points, [P; 11]) {
    let (n, c) = (corners.len(), geom::centre_of(corners));
    let mut inner = Points::default();
    for d in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
        inner.push((c.0 + d.0, c.1 + d.1));
    }
    let mut all = [(0, 0); 11];
    all[..inner.len()].copy_from_slice(&inner);
    all[inner.len()..inner.len() + n].copy_from_slice(corners);
    (inner, all)
}

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

use super::geom::{P, Points};
use super::near::Near;

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
    // Segments parallel to the centre segment first (the one that failed, moved sideways),
    // then every other pair.
    let n = all_a.len();
    (1..n).any(|k| clear(all_a[k], all_b[k]))
        || inner_a.iter().enumerate().any(|(i, &p)| {
            all_b
                .iter()
                .enumerate()
                .any(|(k, &q)| k != i && clear(p, q))
        })
        || all_a[inner_a.len()..]
            .iter()
            .any(|&p| inner_b.iter().any(|&q| clear(p, q)))
}

/// A hex's inner sample points, and those followed by its corners.
fn samples(corners: &[P]) -> (Points, [P; 11]) {
    let n = corners.len();
    // Opposite corners average to the centre; corners 0 and 3 are the right and left ones.
    let (right, left) = (corners[0], corners[n / 2]);
    let c = ((right.0 + left.0) / 2, (right.1 + left.1) / 2);
    let mut inner = Points::default();
    for d in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
        inner.push((c.0 + d.0, c.1 + d.1));
    }
    let mut all = [(0, 0); 11];
    all[..inner.len()].copy_from_slice(&inner);
    all[inner.len()..inner.len() + n].copy_from_slice(corners);
    (inner, all)
}

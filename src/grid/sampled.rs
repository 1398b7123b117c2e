//! A quick certificate that two hexes see each other under the any-point rule: a segment
//! between a few chosen points of the two hexes (centre, edge midpoints, corners) that
//! touches no obstacle. One such segment proves sight, so this is sound; when none is
//! clear nothing is decided and the exact test runs.
//!
//! Edge midpoints have half-integer coordinates, so everything here is in doubled
//! coordinates. Every segment starts from a centre or an edge midpoint of one hex: the
//! corner-to-corner lines are tried next, by the corner rule's own test.

use super::any_point::Obstacle;
use super::geom::{P, Points};
use super::near::{Bounds, Near, clear_of};

/// Some segment between sample points of the two hexes touches no obstacle. Needs
/// `near.narrow`, so that the doubled coordinates stay within [`clear_of`]'s bound.
pub(crate) fn some_clear_segment(near: &Near) -> bool {
    let double = |p: P| (2 * p.0, 2 * p.1);
    let walls: Vec<Obstacle> = near.obstacles.iter().map(|o| o.map(double)).collect();
    let boxes: Vec<Bounds> = walls.iter().map(Bounds::around).collect();
    let (inner_a, all_a) = samples(&near.pa);
    let (inner_b, all_b) = samples(&near.pb);
    let clear = |p: P, q: P| clear_of(&walls, &boxes, p, q);
    inner_a.iter().any(|&p| all_b.iter().any(|&q| clear(p, q)))
        || all_a[inner_a.len()..]
            .iter()
            .any(|&p| inner_b.iter().any(|&q| clear(p, q)))
}

/// A hex's centre and edge midpoints, and those followed by its corners (doubled).
fn samples(corners: &[P]) -> (Points, [P; 13]) {
    let n = corners.len();
    let mut inner = Points::default();
    // Opposite corners of a hex average to its centre.
    inner.push(add(corners[0], corners[n / 2]));
    for k in 0..n {
        inner.push(add(corners[k], corners[(k + 1) % n]));
    }
    let mut all = [(0, 0); 13];
    all[..inner.len()].copy_from_slice(&inner);
    for (k, &c) in corners.iter().enumerate() {
        all[inner.len() + k] = add(c, c);
    }
    (inner, all)
}

fn add(p: P, q: P) -> P {
    (p.0 + q.0, p.1 + q.1)
}

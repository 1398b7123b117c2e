//! A quick certificate that two hexes cannot see each other under the any-point rule: a
//! chain of touching obstacles that crosses the convex hull of the two hexes from one side
//! to the other. It answers most blocked pairs before any exact work; when it finds no
//! chain nothing is decided.
//!
//! Why it is sound. Let `H` be the hull of `A ∪ B`. Its outline is a stretch `α` of `A`'s
//! outline, a side `s1` from `A` to `B`, a stretch `β` of `B`'s outline and a side `s2`
//! back. Every segment from `A` to `B` lies in `H`. A connected closed set `K ⊂ H` meeting
//! both `s1` and `s2` meets every path in `H` from `α` to `β` (the crossing lemma for a
//! disc whose boundary is cut into four arcs). Suppose a segment from `a ∈ A` to `b ∈ B`
//! missed every (closed) obstacle: it would still miss them with its ends nudged into the
//! interiors of `A` and `B`, and joined inside `A` to a point of `α` outside `K` (and
//! likewise inside `B`) it would be such a path avoiding `K`, since obstacles never enter
//! the interior of `A` or `B`. So it suffices to find obstacles, each meeting `H`, linked
//! by common points lying in `H`, the first meeting `s1` and the last `s2`, plus a point
//! of `α` and a point of `β` outside every obstacle.

use super::near::Near;
use super::obstacle::Obstacle;
use super::probe::{self, Probe};
use crate::grid::geom::{self, P, Points};

/// True when a chain of the pair's obstacles provably separates hex `A` from hex `B`
/// inside their hull.
pub(crate) fn walled_off(near: &Near) -> bool {
    let (hull, pa, pb) = (&near.hull[..], &near.pa[..], &near.pb[..]);
    let obstacles = &near.obstacles[..];
    let Some(arcs) = outline(hull, pa, pb) else {
        return false;
    };
    let (s1, s2) = (arcs.s1, arcs.s2);
    let (touches_s1, touches_s2) = (near.touching(s1.0, s1.1), near.touching(s2.0, s2.1));
    let n = obstacles.len();
    // With no obstacle touching `s2` (or none touching `s1`) there is no chain: that is
    // found out before anything is allocated.
    if !(0..n).any(&touches_s2) {
        return false;
    }
    // Obstacles reached from `s1`, and those of them whose links are still to follow,
    // as bits: on the stack for up to 256 obstacles. Which of them is followed first
    // does not matter, as every obstacle reached is followed in the end.
    let words = n.div_ceil(64);
    let (mut inline, mut heap) = ([0u64; 8], Vec::new());
    let bits: &mut [u64] = if 2 * words <= inline.len() {
        &mut inline[..2 * words]
    } else {
        heap.resize(2 * words, 0);
        &mut heap
    };
    let (reached, todo) = bits.split_at_mut(words);
    for i in (0..n).filter(|&i| touches_s1(i)) {
        reached[i / 64] |= 1 << (i % 64);
        todo[i / 64] |= 1 << (i % 64);
    }
    while let Some(w) = todo.iter().position(|&word| word != 0) {
        let i = 64 * w + todo[w].trailing_zeros() as usize;
        todo[w] &= todo[w] - 1;
        if touches_s2(i) {
            // The free points are asked for last: they are needed only here.
            return has_free_point(&arcs.run(hull, true), near)
                && has_free_point(&arcs.run(hull, false), near);
        }
        for j in 0..n {
            // Obstacles with a common point have touching boxes: a cheap first test.
            if reached[j / 64] >> (j % 64) & 1 == 0
                && near.boxes[i].meets(&near.boxes[j])
                && linked_in(hull, &obstacles[i], &obstacles[j])
            {
                reached[j / 64] |= 1 << (j % 64);
                todo[j / 64] |= 1 << (j % 64);
            }
        }
    }
    false
}

/// One obstacle (board coordinates) walls hex `A` off from hex `B = A + t` alone: it
/// touches both sides `s1` and `s2` of their hull. Then its part inside the hull is convex,
/// so connected, and meets both; and the free points the argument needs are there, since
/// `α` (likewise `β`) runs over at least three corners of `A`, of which one obstacle (a
/// hex of the tiling other than `A`, or an edge) holds at most two with the edge between.
/// The sides run along `t` where the hull reaches furthest to either hand: from the
/// hindmost corner of `A` there to the foremost corner of `B` there.
pub(crate) fn blocks_alone(pa: &[P], pb: &[P], o: &Obstacle) -> bool {
    // Board coordinates come from `i32` cells times at most 3 (plus 2), so `t` stays below
    // 2^35 in size, and corners are taken from `A`'s centre (at most 2 away): each hand
    // (a cross product with `t`) and reach along `t` below 2^37, exact in `i64`.
    let t = (pb[0].0 - pa[0].0, pb[0].1 - pa[0].1);
    if t == (0, 0) {
        return false;
    }
    let n = pa.len();
    let c = geom::centre_of(pa);
    // Per hand (left: `hand`, right: `-hand`), how far the hull reaches and the hindmost
    // and foremost corners reaching that far. Two corners never tie on both `hand` and
    // `along` (those two numbers give the corner back, as `t` is not zero).
    let mut reach = [(i64::MIN, 0, 0); 2];
    let mut along = [0; 6];
    for k in 0..n.min(6) {
        let r = (pa[k].0 - c.0, pa[k].1 - c.1);
        let hand = geom::cross_narrow((0, 0), t, r);
        along[k] = t.0 * r.0 + t.1 * r.1;
        for (best, far) in reach.iter_mut().zip([hand, -hand]) {
            if far > best.0 {
                *best = (far, k, k);
            } else if far == best.0 {
                if along[k] < along[best.1] {
                    best.1 = k;
                }
                if along[k] > along[best.2] {
                    best.2 = k;
                }
            }
        }
    }
    let side = |(_, back, front): (i64, usize, usize)| (pa[back], pb[front]);
    let (left, right) = (side(reach[0]), side(reach[1]));
    let ends = match o {
        Obstacle::Hex(poly) => [poly[0], poly[3]],
        &Obstacle::Edge(w0, w1) => [w0, w1],
    };
    // In `i64` when every point is small enough (the hex's other corners lie between
    // its left and right ones).
    if probe::small([left.0, left.1, right.0, right.1, ends[0], ends[1]]) {
        let touches = |(p, q): (P, P)| Probe::new(p, q).touches(o);
        return touches(left) && touches(right);
    }
    let touches = |(p, q): (P, P)| match o {
        Obstacle::Hex(poly) => geom::segment_touches_hex(p, q, poly),
        &Obstacle::Edge(w0, w1) => geom::segments_touch(p, q, w0, w1),
    };
    touches(left) && touches(right)
}

/// The hull's outline cut into four arcs (see the module documentation): going round
/// the hull from its corner `start`, `a_len` corners of `A` (the arc `α`), then those of
/// `B` (`β`).
struct Outline {
    s1: (P, P),
    s2: (P, P),
    start: usize,
    a_len: usize,
}

impl Outline {
    /// The corners of `α` (`of_a`) or of `β`, in order.
    fn run(&self, hull: &[P], of_a: bool) -> Points<8> {
        let n = hull.len();
        let ks = if of_a { 0..self.a_len } else { self.a_len..n };
        let mut run = Points::default();
        ks.for_each(|k| run.push(hull[(self.start + k) % n]));
        run
    }
}

/// The hull's outline; `None` when it is not made of one run of `A` corners and one run
/// of `B` corners. Which corners are whose is kept as bits (a hull has at most 8).
fn outline(hull: &[P], pa: &[P], pb: &[P]) -> Option<Outline> {
    let n = hull.len();
    if !(3..=8).contains(&n) {
        return None;
    }
    let (mut of_a, mut of_b) = (0u32, 0u32);
    for (k, p) in hull.iter().enumerate() {
        of_a |= u32::from(pa.contains(p)) << k;
        of_b |= u32::from(pb.contains(p)) << k;
    }
    let all = (1 << n) - 1;
    if of_a & of_b != 0 || of_a | of_b != all {
        return None;
    }
    // `A`'s corners whose predecessor round the hull is not `A`'s: one run of each
    // exactly when there is one of them.
    let before = (of_a << 1 | of_a >> (n - 1)) & all;
    let starts = of_a & !before;
    if starts.count_ones() != 1 {
        return None;
    }
    let (start, a_len) = (starts.trailing_zeros() as usize, of_a.count_ones() as usize);
    let at = |k: usize| hull[(start + k) % n];
    Some(Outline {
        s1: (at(a_len - 1), at(a_len)),
        s2: (at(n - 1), at(0)),
        start,
        a_len,
    })
}

/// Some corner of the chain `run`, or the midpoint of one of its edges, lies in none of
/// the pair's obstacles. Everything is doubled so that midpoints are integer points.
fn has_free_point(run: &[P], near: &Near) -> bool {
    let double = |p: P| (2 * p.0, 2 * p.1);
    let corners = run.iter().map(|&p| double(p));
    let mids = run.windows(2).map(|w| (w[0].0 + w[1].0, w[0].1 + w[1].1));
    corners.chain(mids).any(|p| {
        let boxes = near.boxes.iter();
        near.obstacles.iter().zip(boxes).all(|(o, b)| match o {
            _ if !b.holds_doubled(p) => true,
            Obstacle::Hex(poly) => {
                let n = poly.len();
                (0..n).any(|i| geom::cross(double(poly[i]), double(poly[(i + 1) % n]), p) < 0)
            }
            Obstacle::Edge(w0, w1) => !geom::segments_touch(p, p, double(*w0), double(*w1)),
        })
    })
}

/// Two obstacles share a point lying in the hull. Hexes and thin walls are cells and
/// edges of one tiling, so two of them meet exactly in their common corners (and the
/// edge between two common corners).
fn linked_in(hull: &[P], x: &Obstacle, y: &Obstacle) -> bool {
    let (cy, ny) = ends(y);
    let (cx, nx) = ends(x);
    let mut common = [(0, 0); 2];
    let mut k = 0;
    for p in &cx[..nx] {
        if cy[..ny].contains(p) {
            if k == 2 {
                // More than two common corners: only a hex with itself.
                return common.iter().any(|&q| geom::point_in_convex(q, hull));
            }
            common[k] = *p;
            k += 1;
        }
    }
    match k {
        0 => false,
        1 => geom::point_in_convex(common[0], hull),
        _ => geom::segment_touches_convex(common[0], common[1], hull),
    }
}

/// Corners of a hex obstacle, or the two ends of a thin wall, and how many there are.
fn ends(o: &Obstacle) -> ([P; 6], usize) {
    let mut out = [(0, 0); 6];
    match o {
        Obstacle::Hex(poly) => {
            let n = poly.len().min(6);
            out[..n].copy_from_slice(&poly[..n]);
            (out, n)
        }
        Obstacle::Edge(w0, w1) => {
            out[0] = *w0;
            out[1] = *w1;
            (out, 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Grid, GridKind};

    /// The outline as first written: its arcs as lists.
    struct OutlineReference {
        s1: (P, P),
        s2: (P, P),
        /// `A`'s corners on the hull, in order.
        alpha: Points,
        /// `B`'s corners on the hull, in order.
        beta: Points,
    }

    /// The hull's outline; `None` when it is not made of one run of `A` corners and one run
    /// of `B` corners.
    fn outline_reference(hull: &Points<8>, pa: &[P], pb: &[P]) -> Option<OutlineReference> {
        let n = hull.len();
        // Which hull corners are `A`'s, worked out once.
        let mut from_a = [false; 8];
        for (k, p) in hull.iter().enumerate() {
            from_a[k] = pa.contains(p);
            if from_a[k] == pb.contains(p) {
                return None;
            }
        }
        if n < 3 {
            return None;
        }
        // The first A corner after a B corner starts the A run.
        let start = (0..n).find(|&i| from_a[i] && !from_a[(i + n - 1) % n])?;
        let at = |k: usize| {
            if start + k < n {
                start + k
            } else {
                start + k - n
            }
        };
        let cyc = |k: usize| hull[at(k)];
        let a_len = (0..n).take_while(|&k| from_a[at(k)]).count();
        if (a_len..n).any(|k| from_a[at(k)]) {
            return None;
        }
        let (mut alpha, mut beta) = (<Points>::default(), <Points>::default());
        (0..a_len).for_each(|k| alpha.push(cyc(k)));
        (a_len..n).for_each(|k| beta.push(cyc(k)));
        let s1 = (cyc(a_len - 1), cyc(a_len));
        let s2 = (cyc(n - 1), cyc(0));
        Some(OutlineReference {
            s1,
            s2,
            alpha,
            beta,
        })
    }

    /// [`blocks_alone`] as first written: each side picked by filtering the corners
    /// reaching furthest, then [`geom`]'s general tests.
    fn blocks_alone_reference(pa: &[P], pb: &[P], o: &Obstacle) -> bool {
        let t = (pb[0].0 - pa[0].0, pb[0].1 - pa[0].1);
        if t == (0, 0) {
            return false;
        }
        let c = ((pa[0].0 + pa[3].0) / 2, (pa[0].1 + pa[3].1) / 2);
        let r = |k: usize| (pa[k].0 - c.0, pa[k].1 - c.1);
        let hand: [i128; 6] = std::array::from_fn(|k| geom::cross((0, 0), t, r(k)));
        let along = |k: usize| t.0 * r(k).0 + t.1 * r(k).1;
        let side = |far: i128| {
            let tied = || (0..6).filter(move |&k: &usize| hand[k] == far);
            let back = tied().min_by_key(|&k| along(k)).unwrap();
            let front = tied().max_by_key(|&k| along(k)).unwrap();
            (pa[back], pb[front])
        };
        let (left, right) = (
            side(*hand.iter().max().unwrap()),
            side(*hand.iter().min().unwrap()),
        );
        let touches = |(p, q): (P, P)| match o {
            Obstacle::Hex(poly) => geom::segment_touches_convex(p, q, poly),
            &Obstacle::Edge(w0, w1) => geom::segments_touch(p, q, w0, w1),
        };
        touches(left) && touches(right)
    }

    /// The one-pass pick of the sides and the `i64` tests agree with the reference for
    /// random pairs of hexes (neighbours and the same hex among them) and random wall
    /// hexes and thin walls around them.
    #[test]
    fn blocks_alone_agrees_with_the_reference() {
        let grid = Grid::new(GridKind::Hex, 9, 9);
        let mut below = crate::grid::terrain::tests::below_from(17);
        let mut cell = move || Cell::new(below(9) as i32, below(9) as i32);
        for _ in 0..20_000 {
            let (a, b, w) = (cell(), cell(), cell());
            let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
            let corners = geom::corners(&grid, w);
            let k = (a.col + 2 * b.row + w.col) as usize % 6;
            for o in [
                Obstacle::Hex(corners),
                Obstacle::Edge(corners[k], corners[(k + 1) % 6]),
            ] {
                assert_eq!(
                    blocks_alone(&pa, &pb, &o),
                    blocks_alone_reference(&pa, &pb, &o),
                    "{a} {b} {w}"
                );
            }
        }
    }

    /// The bits and the reference find the same arcs, on the hulls of random pairs of
    /// hexes (neighbours and the same hex among them) and on lists that are not such hulls.
    #[test]
    fn outline_agrees_with_the_reference() {
        let grid = Grid::new(GridKind::Hex, 9, 9);
        let mut below = crate::grid::terrain::tests::below_from(29);
        for _ in 0..5_000 {
            let a = Cell::new(below(9) as i32, below(9) as i32);
            let b = Cell::new(below(9) as i32, below(9) as i32);
            let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
            let hull = geom::hull_of_translates(&pa, &pb);
            // Also some corners dropped or repeated.
            let mut odd = Points::<8>::default();
            let drop = below(8);
            hull.iter()
                .enumerate()
                .filter(|&(k, _)| k != drop)
                .for_each(|(_, &p)| odd.push(p));
            if odd.len() < 8 {
                odd.push(hull[0]);
            }
            for h in [&hull, &odd] {
                let got = outline(h, &pa, &pb).map(|o| {
                    let (alpha, beta) = (o.run(h, true), o.run(h, false));
                    (o.s1, o.s2, alpha.to_vec(), beta.to_vec())
                });
                let want = outline_reference(h, &pa, &pb)
                    .map(|o| (o.s1, o.s2, o.alpha.to_vec(), o.beta.to_vec()));
                assert_eq!(got, want, "{a} {b} {:?}", &h[..]);
            }
        }
    }
}

//! Which lines the exact any-point test ([`super::exact`]) must try: of the lines
//! through two corners of `V`, only those that graze, at both corners, some outline having
//! that corner.
//!
//! Why the others can be skipped. Goodness of a line can only change where the order of
//! its crossings with the outlines of `A`, `B` and the obstacles changes. A line that
//! passes over a corner `v` while cutting the interior of every polygon with a corner at
//! `v` does not change that order: each polygon's stretch on the line moves continuously
//! with the line. (Of the three hexes meeting at a tiling corner a line through it cuts
//! at most two; if it cuts two obstacles, the sliver of the third it may pass through on
//! one side is neither `A` nor `B` when it grazes neither of them, so it joins nothing.)
//! So the boundary of every good face lies on a line through two corners where, at each,
//! the line keeps some polygon with that corner on one closed side, or meets a thin wall's
//! end (thin walls are kept at both ends whatever the direction).

use crate::grid::geom::P;

/// For each point of `V` (sorted), what makes lines through it worth trying.
pub(crate) struct Corners {
    /// A thin wall ends here: every line through it is tried.
    free: Vec<bool>,
    /// The two neighbouring corners of each polygon with a corner here (at most three
    /// hexes of a tiling meet at a corner), and how many there are.
    wedges: Vec<([(P, P); 3], u8)>,
}

impl Corners {
    /// `v` sorted and deduplicated; `polygons` in positive orientation; `ends` the ends of
    /// the thin walls.
    pub(crate) fn new<'p>(
        v: &[P],
        polygons: impl Iterator<Item = &'p [P]>,
        ends: impl Iterator<Item = P>,
    ) -> Corners {
        let mut corners = Corners {
            free: vec![false; v.len()],
            wedges: vec![([((0, 0), (0, 0)); 3], 0); v.len()],
        };
        for poly in polygons {
            let n = poly.len();
            for k in 0..n {
                if let Ok(at) = v.binary_search(&poly[k]) {
                    let (wedges, count) = &mut corners.wedges[at];
                    match wedges.get_mut(usize::from(*count)) {
                        Some(slot) => {
                            *slot = (poly[(k + n - 1) % n], poly[(k + 1) % n]);
                            *count += 1;
                        }
                        // Never on a tiling; trying every line through it is always safe.
                        None => corners.free[at] = true,
                    }
                }
            }
        }
        for p in ends {
            if let Ok(at) = v.binary_search(&p) {
                corners.free[at] = true;
            }
        }
        corners
    }

    /// The line through `u` and `w` grazes some outline at point `k` of `V` (which lies on
    /// that line), or a thin wall ends there; `side` is the sign of [`super::geom::cross`]
    /// (worked out in whatever width is exact).
    pub(crate) fn grazes(&self, k: usize, u: P, w: P, side: impl Fn(P, P, P) -> i8) -> bool {
        let (wedges, count) = &self.wedges[k];
        self.free[k]
            || wedges[..usize::from(*count)]
                .iter()
                .any(|&(p, n)| side(u, w, p) * side(u, w, n) >= 0)
    }
}

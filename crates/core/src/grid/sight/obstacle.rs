//! What blocks a segment of sight: a wall hex or a thin wall, as points.

use crate::grid::geom::{P, Points};

/// An obstacle: a wall hex's corners or a thin wall's two ends.
pub(crate) enum Obstacle {
    Hex(Points),
    Edge(P, P),
}

impl Obstacle {
    /// The same obstacle with every point moved by `f`.
    pub(crate) fn map(&self, f: impl Fn(P) -> P) -> Obstacle {
        match self {
            Obstacle::Hex(poly) => Obstacle::Hex(poly.map(f)),
            Obstacle::Edge(p, q) => Obstacle::Edge(f(*p), f(*q)),
        }
    }
}

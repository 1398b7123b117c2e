//! Points between cells, for the fear/love and hate centres and for "straight away".
//!
//! A point is a column and a row counted from 0 (A1 is (0, 0)), as fractions. On a hex
//! board an odd column sits half a row lower, so B1 is (1, 0.5): in these coordinates the
//! seed's centre rule (moving a fraction of the way toward an entity) is a straight-line
//! move on the board, as it is on a square board. Directions and straight-line distances
//! are measured on the board as drawn: square cells are 1 by 1; hex columns are 1.5 apart
//! and rows √3 apart (flat-topped hexes of side 1).

use crate::grid::{Cell, Grid, GridKind};

/// A point between cells: column and row, as fractions.
pub(crate) type Point = (f64, f64);

/// The point at the middle of cell `c`.
pub(crate) fn point(grid: &Grid, c: Cell) -> Point {
    let shift = match grid.kind {
        GridKind::Hex if c.col & 1 == 1 => 0.5,
        _ => 0.0,
    };
    (f64::from(c.col), f64::from(c.row) + shift)
}

/// Where a point lies on the board as drawn (see the module's note).
fn drawn(grid: &Grid, p: Point) -> (f64, f64) {
    match grid.kind {
        GridKind::Square(_) => p,
        GridKind::Hex => (1.5 * p.0, 3f64.sqrt() * p.1),
    }
}

/// The straight-line distance between two points, as drawn.
pub(crate) fn straight(grid: &Grid, a: Point, b: Point) -> f64 {
    let (a, b) = (drawn(grid, a), drawn(grid, b));
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The cosine of the angle between the step from `from` to `to` and the direction from
/// `centre` to `from` (straight away): 1 straight away, 0 square to it, -1 straight toward
/// it. `None` when `from` is the centre itself (no direction is away).
pub(crate) fn awayness(grid: &Grid, centre: Point, from: Cell, to: Cell) -> Option<f64> {
    let (c, f, t) = (
        drawn(grid, centre),
        drawn(grid, point(grid, from)),
        drawn(grid, point(grid, to)),
    );
    let away = (f.0 - c.0, f.1 - c.1);
    let step = (t.0 - f.0, t.1 - f.1);
    let (la, ls) = (away.0.hypot(away.1), step.0.hypot(step.1));
    if la < 1e-9 || ls < 1e-9 {
        return None;
    }
    Some((away.0 * step.0 + away.1 * step.1) / (la * ls))
}

/// The cell whose middle is nearest the point (on a tie, the first in reading order).
pub(crate) fn cell_of(grid: &Grid, p: Point) -> Cell {
    let col = (p.0 + 0.5).floor() as i32;
    match grid.kind {
        GridKind::Square(_) => Cell::new(col, (p.1 + 0.5).floor() as i32),
        GridKind::Hex => {
            let mut best: Option<(f64, Cell)> = None;
            for c in [col - 1, col, col + 1] {
                let shift = if c & 1 == 1 { 0.5 } else { 0.0 };
                let cell = Cell::new(c, (p.1 - shift + 0.5).floor() as i32);
                let d = straight(grid, point(grid, cell), p);
                if best.is_none_or(|(bd, bc)| d < bd - 1e-9 || (d < bd + 1e-9 && cell < bc)) {
                    best = Some((d, cell));
                }
            }
            best.map_or(Cell::new(col, 0), |(_, c)| c)
        }
    }
}

/// A point as narration and `--json` give it: `(10.5, 3)`.
pub(crate) fn point_text(p: Point) -> String {
    format!("({}, {})", super::num(p.0), super::num(p.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Metric;

    fn square() -> Grid {
        Grid::new(GridKind::Square(Metric::Chebyshev), 10, 10)
    }

    fn hex() -> Grid {
        Grid::new(GridKind::Hex, 10, 10)
    }

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    /// A wolf at (5, 2) (F3) fleeing a centre at (8, 2): straight away is west, E3 (cos 1);
    /// the diagonals E2 and E4 are 45° off (cos 0.71).
    #[test]
    fn straight_away_on_a_square_board() {
        let g = square();
        let at = |to: &str| awayness(&g, (8.0, 2.0), c("F3"), c(to)).unwrap();
        assert!((at("E3") - 1.0).abs() < 1e-9);
        assert!((at("E2") - 0.5f64.sqrt()).abs() < 1e-9);
        assert!((at("E4") - 0.5f64.sqrt()).abs() < 1e-9);
        assert!((at("G3") + 1.0).abs() < 1e-9);
        assert_eq!(awayness(&g, (5.0, 2.0), c("F3"), c("E3")), None);
    }

    /// Hex: B1 is (1, 0.5). From C2 ((2, 1)) with the centre on C1 ((2, 0)), straight away
    /// is south, C3; the SE and SW neighbours D2 and B2 are 60° off (cos 0.5).
    #[test]
    fn straight_away_on_a_hex_board() {
        let g = hex();
        assert_eq!(point(&g, c("B1")), (1.0, 0.5));
        let at = |to: &str| awayness(&g, (2.0, 0.0), c("C2"), c(to)).unwrap();
        assert!((at("C3") - 1.0).abs() < 1e-9);
        assert!((at("D2") - 0.5).abs() < 1e-9);
        assert!((at("B2") - 0.5).abs() < 1e-9);
    }

    #[test]
    fn the_nearest_cell_of_a_point() {
        assert_eq!(cell_of(&square(), (10.5, 3.0)), c("L4"));
        assert_eq!(cell_of(&square(), (8.96, 4.42)), c("J5"));
        let g = hex();
        assert_eq!(cell_of(&g, (1.0, 0.5)), c("B1"));
        assert_eq!(cell_of(&g, (1.0, 0.9)), c("B1"));
        assert_eq!(cell_of(&g, (1.0, 1.1)), c("B2"));
        assert_eq!(cell_of(&g, (1.6, 0.1)), c("C1"));
        assert_eq!(point_text((10.5, 3.0)), "(10.5, 3)");
    }
}

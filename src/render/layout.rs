//! Where cells go in a picture: pixel positions for the SVG drawing and character
//! positions for the text map of a hex board.
//!
//! Square cells are `SQUARE` pixels wide. Hexes are flat-topped with corners `HEX`
//! pixels from the centre; a column is `1.5 × HEX` to the right of the previous one and
//! odd columns (B, D, …) sit half a hex lower, matching the board's offset layout.

use crate::grid::{Cell, Grid, GridKind};

/// Side of a square cell, in pixels.
pub const SQUARE: f64 = 48.0;
/// Centre-to-corner distance of a hex, in pixels.
pub const HEX: f64 = 28.0;
/// Room left of and above the cells for the column letters and row numbers (and the
/// title above them).
pub const MARGIN_LEFT: f64 = 36.0;
/// Room above the cells for the title and the column letters.
pub const MARGIN_TOP: f64 = 56.0;
/// Room right of and below the cells.
pub const MARGIN: f64 = 16.0;

/// A point in pixels: x to the right, y down.
pub type Point = (f64, f64);

/// Height of a flat-topped hex (flat side to flat side).
pub fn hex_height() -> f64 {
    HEX * 3f64.sqrt()
}

/// Pixel geometry of a board.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The board the pixels are laid out for.
    pub grid: Grid,
    /// Room added above the cells for a title of more than one line.
    pub title_room: f64,
}

impl Geometry {
    /// The pixel layout of a board.
    pub fn new(grid: Grid) -> Geometry {
        Geometry {
            grid,
            title_room: 0.0,
        }
    }

    /// Where the cells begin: [`MARGIN_TOP`] below the top, and the room for a longer
    /// title.
    pub fn top(&self) -> f64 {
        MARGIN_TOP + self.title_room
    }

    /// Whether the board's cells are hexes.
    pub fn is_hex(&self) -> bool {
        self.grid.kind == GridKind::Hex
    }

    /// The centre of a cell.
    pub fn centre(&self, c: Cell) -> Point {
        let (col, row) = (f64::from(c.col), f64::from(c.row));
        if self.is_hex() {
            let h = hex_height();
            let lower = if c.col & 1 == 1 { h / 2.0 } else { 0.0 };
            (
                MARGIN_LEFT + HEX + col * 1.5 * HEX,
                self.top() + h / 2.0 + row * h + lower,
            )
        } else {
            (
                MARGIN_LEFT + (col + 0.5) * SQUARE,
                self.top() + (row + 0.5) * SQUARE,
            )
        }
    }

    /// The corners of a cell, clockwise from the left (hex) or the top-left (square).
    pub fn corners(&self, c: Cell) -> Vec<Point> {
        let (x, y) = self.centre(c);
        if self.is_hex() {
            let h2 = hex_height() / 2.0;
            vec![
                (x - HEX, y),
                (x - HEX / 2.0, y - h2),
                (x + HEX / 2.0, y - h2),
                (x + HEX, y),
                (x + HEX / 2.0, y + h2),
                (x - HEX / 2.0, y + h2),
            ]
        } else {
            let s = SQUARE / 2.0;
            vec![
                (x - s, y - s),
                (x + s, y - s),
                (x + s, y + s),
                (x - s, y + s),
            ]
        }
    }

    /// The edge two neighbouring cells share (`None` unless they share a side: square
    /// diagonals and cells further apart share none).
    pub fn shared_edge(&self, a: Cell, b: Cell) -> Option<(Point, Point)> {
        if self.grid.is_diagonal(a, b) || self.grid.distance(a, b) != 1 {
            return None;
        }
        let (ax, ay) = self.centre(a);
        let (bx, by) = self.centre(b);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let (dx, dy) = (bx - ax, by - ay);
        let apart = (dx * dx + dy * dy).sqrt();
        let side = if self.is_hex() { HEX } else { SQUARE };
        // Half the side, along the direction perpendicular to the line between centres.
        let k = side / 2.0 / apart;
        Some(((mx - dy * k, my + dx * k), (mx + dy * k, my - dx * k)))
    }

    /// Width and height of the whole picture.
    pub fn size(&self) -> Point {
        let (w, h) = (f64::from(self.grid.width), f64::from(self.grid.height));
        if self.is_hex() {
            let hh = hex_height();
            let lower = if self.grid.width > 1 { hh / 2.0 } else { 0.0 };
            (
                MARGIN_LEFT + HEX * 2.0 + (w - 1.0) * 1.5 * HEX + MARGIN,
                self.top() + h * hh + lower + MARGIN,
            )
        } else {
            (
                MARGIN_LEFT + w * SQUARE + MARGIN,
                self.top() + h * SQUARE + MARGIN,
            )
        }
    }
}

/// Text layout of a hex board. Each hex is drawn as
///
/// ```text
///  __
/// /Ar\
/// \__/
/// ```
///
/// with `width` characters inside (the marker width). Neighbouring columns share their
/// slanted sides, so a column starts `width + 1` characters after the previous one, and an
/// odd column starts one line lower than an even one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexText {
    /// Characters inside each hex (the width of a marker).
    pub width: usize,
}

impl HexText {
    /// Character column of the hex's left `/`, and the line of its top edge, relative to
    /// the top-left of the drawing.
    pub fn origin(&self, c: Cell) -> (usize, usize) {
        let col = c.col as usize;
        let row = c.row as usize;
        (col * (self.width + 1), 2 * row + (col & 1))
    }

    /// The drawing's size in characters and lines for a board of `cols × rows` cells.
    pub fn size(&self, cols: u32, rows: u32) -> (usize, usize) {
        let (cols, rows) = (cols as usize, rows as usize);
        let lower = usize::from(cols > 1);
        (cols * (self.width + 1) + 1, 2 * rows + 1 + lower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Metric;

    fn close(a: Point, b: Point) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    fn dist(a: Point, b: Point) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn hex_neighbours_are_one_hex_height_apart() {
        let g = Geometry::new(Grid::new(GridKind::Hex, 7, 6));
        for c in g.grid.cells() {
            for n in g.grid.neighbours(c) {
                let d = dist(g.centre(c), g.centre(n));
                assert!((d - hex_height()).abs() < 1e-9, "{c} to {n}: {d}");
            }
        }
    }

    #[test]
    fn odd_hex_columns_sit_half_a_hex_lower() {
        let g = Geometry::new(Grid::new(GridKind::Hex, 4, 3));
        let (a, b) = (g.centre(Cell::new(0, 0)), g.centre(Cell::new(1, 0)));
        assert!(close(
            (b.0 - a.0, b.1 - a.1),
            (1.5 * HEX, hex_height() / 2.0)
        ));
        let c = g.centre(Cell::new(2, 0));
        assert!(close(a, (c.0 - 3.0 * HEX, c.1)));
    }

    #[test]
    fn shared_edges_join_corners_of_both_cells() {
        for kind in [GridKind::Hex, GridKind::Square(Metric::Chebyshev)] {
            let g = Geometry::new(Grid::new(kind, 5, 5));
            for c in g.grid.cells() {
                for n in g.grid.neighbours(c) {
                    let Some((p, q)) = g.shared_edge(c, n) else {
                        assert!(g.grid.is_diagonal(c, n));
                        continue;
                    };
                    for end in [p, q] {
                        assert!(g.corners(c).iter().any(|&k| close(k, end)), "{c}|{n}");
                        assert!(g.corners(n).iter().any(|&k| close(k, end)), "{c}|{n}");
                    }
                }
            }
            assert!(g.shared_edge(Cell::new(0, 0), Cell::new(3, 3)).is_none());
        }
    }

    #[test]
    fn every_cell_fits_in_the_picture() {
        for kind in [GridKind::Hex, GridKind::Square(Metric::Manhattan)] {
            for (w, h) in [(1, 1), (2, 1), (5, 4), (6, 3)] {
                let g = Geometry::new(Grid::new(kind, w, h));
                let (pw, ph) = g.size();
                for c in g.grid.cells() {
                    for (x, y) in g.corners(c) {
                        assert!(x >= MARGIN_LEFT - 1e-9 && x <= pw - MARGIN + 1e-9);
                        assert!(y >= MARGIN_TOP - 1e-9 && y <= ph - MARGIN + 1e-9);
                    }
                }
            }
        }
    }

    #[test]
    fn hex_text_columns_share_their_slanted_sides() {
        let t = HexText { width: 2 };
        assert_eq!(t.origin(Cell::new(0, 0)), (0, 0));
        assert_eq!(t.origin(Cell::new(1, 0)), (3, 1));
        assert_eq!(t.origin(Cell::new(2, 0)), (6, 0));
        assert_eq!(t.origin(Cell::new(3, 2)), (9, 5));
        assert_eq!(t.size(1, 1), (4, 3));
        assert_eq!(t.size(4, 3), (13, 8));
        // The last line of the lowest hex is the drawing's last line.
        let (_, lines) = t.size(4, 3);
        assert_eq!(t.origin(Cell::new(3, 2)).1 + 2, lines - 1);
    }
}

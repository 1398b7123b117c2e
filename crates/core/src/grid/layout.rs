//! Grid kinds (square with a distance metric, or flat-topped hex with offset columns),
//! bounds, neighbours and plain distances that ignore terrain.

use super::Cell;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// Square neighbours in reading order, as `(dcol, drow)`.
const SQUARE_DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// Hex neighbours N, NE, SE, S, SW, NW of a cell in an even column (A, C, ...).
const HEX_DIRS_EVEN: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)];
/// The same for odd columns, which sit half a hex lower.
const HEX_DIRS_ODD: [(i32, i32); 6] = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];
/// The hex directions in reading order (row, then column) of the cells they lead to.
const HEX_READING_EVEN: [(i32, i32); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const HEX_READING_ODD: [(i32, i32); 6] = [(0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Axial coordinates `(q, r)` of a hex cell: odd columns are half a hex lower
/// ("odd-q" offset layout), so `q = col` and `r = row - (col - (col & 1)) / 2`.
pub fn axial(c: Cell) -> (i64, i64) {
    let col = i64::from(c.col);
    (col, i64::from(c.row) - (col - (col & 1)) / 2)
}

/// How steps are counted on a square grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Diagonal steps cost 1.
    #[default]
    Chebyshev,
    /// No diagonal steps.
    Manhattan,
    /// Every second diagonal step costs 2 (the 5-10-5 rule).
    Alternating,
}

/// The shape of the board's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// Squares, with the metric that counts diagonal steps.
    Square(Metric),
    /// Flat-topped hexes in offset columns: odd columns (B, D, ...) sit half a hex lower.
    Hex,
}

/// A rectangular board of `width` columns and `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Square or hex cells.
    pub kind: GridKind,
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
}

impl Grid {
    /// A board of this kind and size.
    pub fn new(kind: GridKind, width: u32, height: u32) -> Grid {
        Grid {
            kind,
            width,
            height,
        }
    }

    /// Whether the cell lies on the board.
    pub fn contains(&self, c: Cell) -> bool {
        c.col >= 0 && c.row >= 0 && (c.col as u32) < self.width && (c.row as u32) < self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether the board has no cells at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of an in-bounds cell (row-major).
    pub fn index(&self, c: Cell) -> usize {
        debug_assert!(self.contains(c), "{c:?} is off the board");
        c.row as usize * self.width as usize + c.col as usize
    }

    /// Inverse of [`Grid::index`].
    pub fn cell_at(&self, index: usize) -> Cell {
        let w = self.width as usize;
        Cell::new((index % w) as i32, (index / w) as i32)
    }

    /// All cells in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len()).map(|i| self.cell_at(i))
    }

    /// In-bounds neighbours in a fixed order. Square grids: 8 (4 with Manhattan); hex: 6.
    ///
    /// The order is reading order (row, then column), the same order as [`Cell`]'s `Ord`.
    pub fn neighbours(&self, c: Cell) -> Neighbours {
        let mut out = Neighbours {
            cells: [Cell::new(0, 0); 8],
            len: 0,
        };
        // Square directions are listed in reading order already (so `d` numbers them as
        // `step_directions` does); hex ones come from their own table in reading order.
        let reading: &[(i32, i32)] = match self.kind {
            GridKind::Square(_) => &SQUARE_DIRS,
            GridKind::Hex if c.col & 1 == 0 => &HEX_READING_EVEN,
            GridKind::Hex => &HEX_READING_ODD,
        };
        for (d, &(dc, dr)) in reading.iter().enumerate() {
            let n = Cell::new(c.col + dc, c.row + dr);
            if self.moves_in_direction(d) && self.contains(n) {
                out.cells[out.len] = n;
                out.len += 1;
            }
        }
        out
    }

    /// True when `a` and `b` are diagonal neighbours on a square grid.
    ///
    /// This is geometric: it holds on Manhattan boards too, where such cells are not
    /// neighbours ([`Grid::adjacent`] is false there).
    pub fn is_diagonal(&self, a: Cell, b: Cell) -> bool {
        matches!(self.kind, GridKind::Square(_))
            && (i64::from(a.col) - i64::from(b.col)).abs() == 1
            && (i64::from(a.row) - i64::from(b.row)).abs() == 1
    }

    /// True when the two cells are neighbours on this grid (ignores terrain).
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        // Neighbours are at most a column and a row apart on every grid, which rules out
        // most pairs before the metric is worked out.
        (i64::from(a.col) - i64::from(b.col)).abs() <= 1
            && (i64::from(a.row) - i64::from(b.row)).abs() <= 1
            && self.distance(a, b) == 1
    }

    /// Steps between two cells on an empty board, under the grid's metric.
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        let steps = match self.kind {
            GridKind::Square(metric) => {
                let dx = (i64::from(a.col) - i64::from(b.col)).abs();
                let dy = (i64::from(a.row) - i64::from(b.row)).abs();
                let (long, short) = (dx.max(dy), dx.min(dy));
                match metric {
                    Metric::Chebyshev => long,
                    Metric::Manhattan => dx + dy,
                    Metric::Alternating => long + short / 2,
                }
            }
            GridKind::Hex => {
                let (q1, r1) = axial(a);
                let (q2, r2) = axial(b);
                let (dq, dr) = (q1 - q2, r1 - r2);
                (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
            }
        };
        u32::try_from(steps).unwrap_or(u32::MAX)
    }

    /// The board's columns and rows each within `radius` of `centre`'s (empty when that
    /// box misses the board). Under every metric here a cell `radius` steps away differs
    /// by at most `radius` in both column and row, so the box holds every such cell.
    pub fn box_around(
        &self,
        centre: Cell,
        radius: u32,
    ) -> (RangeInclusive<i32>, RangeInclusive<i32>) {
        let r = i64::from(radius);
        let span = |at: i32, size: u32| {
            let lo = (i64::from(at) - r).max(0);
            let hi = (i64::from(at) + r).min(i64::from(size) - 1);
            // `lo` lies in 0..=at and `hi` in at..size, so both fit an `i32`.
            lo as i32..=hi as i32
        };
        (span(centre.col, self.width), span(centre.row, self.height))
    }

    /// In-bounds cells within `radius` steps of `centre` (including it), reading order.
    pub fn within(&self, centre: Cell, radius: u32) -> Vec<Cell> {
        let (cols, rows) = self.box_around(centre, radius);
        let mut out = Vec::new();
        for row in rows {
            for col in cols.clone() {
                let c = Cell::new(col, row);
                if self.distance(centre, c) <= radius {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The offsets `(dcol, drow)` of every possible neighbour of `c`, indexed by a
    /// direction number. Square grids: the 8 cells around in reading order
    /// (`opposite(d) == 7 - d`); hex grids: N, NE, SE, S, SW, NW (`opposite(d) == (d + 3) % 6`),
    /// which depend on the column's parity. Manhattan boards still list the diagonals
    /// (see [`Grid::moves_in_direction`]) so that thin-wall bit masks share one layout.
    pub(crate) fn step_directions(&self, c: Cell) -> &'static [(i32, i32)] {
        match self.kind {
            GridKind::Square(_) => &SQUARE_DIRS,
            GridKind::Hex if c.col & 1 == 0 => &HEX_DIRS_EVEN,
            GridKind::Hex => &HEX_DIRS_ODD,
        }
    }

    /// False for the diagonal directions of a Manhattan board.
    pub(crate) fn moves_in_direction(&self, d: usize) -> bool {
        !matches!(self.kind, GridKind::Square(Metric::Manhattan))
            || SQUARE_DIRS[d].0 == 0
            || SQUARE_DIRS[d].1 == 0
    }

    /// The direction number leading from `a` to the touching cell `b` (diagonals
    /// included on every square board), if they touch.
    pub fn direction(&self, a: Cell, b: Cell) -> Option<usize> {
        let delta = (b.col.wrapping_sub(a.col), b.row.wrapping_sub(a.row));
        self.step_directions(a).iter().position(|&d| d == delta)
    }

    /// The cell one more step on from `b` in the direction from `a` to its neighbour `b`
    /// (how a figure keeps sliding on ice), if that is on the board.
    pub fn beyond(&self, a: Cell, b: Cell) -> Option<Cell> {
        let d = self.direction(a, b)?;
        let (dc, dr) = self.step_directions(b)[d];
        let c = Cell::new(b.col + dc, b.row + dr);
        self.contains(c).then_some(c)
    }

    /// Compass names of the step directions, indexed as [`Grid::neighbour_in`] takes
    /// them: NW, N, NE, W, E, SW, S, SE on square grids; N, NE, SE, S, SW, NW on hex.
    pub fn direction_names(&self) -> &'static [&'static str] {
        match self.kind {
            GridKind::Square(_) => &["NW", "N", "NE", "W", "E", "SW", "S", "SE"],
            GridKind::Hex => &["N", "NE", "SE", "S", "SW", "NW"],
        }
    }

    /// The neighbour of `c` one step in direction `d` (see [`Grid::direction_names`]),
    /// when it is on the board and the grid allows that step (no diagonals on Manhattan).
    pub fn neighbour_in(&self, c: Cell, d: usize) -> Option<Cell> {
        let &(dc, dr) = self.step_directions(c).get(d)?;
        let n = Cell::new(c.col + dc, c.row + dr);
        (self.moves_in_direction(d) && self.contains(n)).then_some(n)
    }

    pub(crate) fn opposite(&self, d: usize) -> usize {
        match self.kind {
            GridKind::Square(_) => 7 - d,
            GridKind::Hex => (d + 3) % 6,
        }
    }
}

/// A cell's neighbours (at most eight), kept on the stack: asked for in every search
/// step, so no allocation.
#[derive(Clone, Copy, Debug)]
pub struct Neighbours {
    cells: [Cell; 8],
    len: usize,
}

impl std::ops::Deref for Neighbours {
    type Target = [Cell];
    fn deref(&self) -> &[Cell] {
        &self.cells[..self.len]
    }
}

impl std::ops::DerefMut for Neighbours {
    fn deref_mut(&mut self) -> &mut [Cell] {
        &mut self.cells[..self.len]
    }
}

impl IntoIterator for Neighbours {
    type Item = Cell;
    type IntoIter = std::iter::Take<std::array::IntoIter<Cell, 8>>;
    fn into_iter(self) -> Self::IntoIter {
        self.cells.into_iter().take(self.len)
    }
}

impl<const N: usize> PartialEq<[Cell; N]> for Neighbours {
    fn eq(&self, other: &[Cell; N]) -> bool {
        **self == *other
    }
}

impl PartialEq<Vec<Cell>> for Neighbours {
    fn eq(&self, other: &Vec<Cell>) -> bool {
        **self == **other
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn reading_tables_hold_the_step_directions_in_reading_order() {
        let by_reading = |t: &[(i32, i32)]| {
            let mut v = t.to_vec();
            v.sort_by_key(|&(dc, dr)| (dr, dc));
            v
        };
        assert_eq!(SQUARE_DIRS.to_vec(), by_reading(&SQUARE_DIRS));
        assert_eq!(HEX_READING_EVEN.to_vec(), by_reading(&HEX_DIRS_EVEN));
        assert_eq!(HEX_READING_ODD.to_vec(), by_reading(&HEX_DIRS_ODD));
    }

    #[test]
    fn beyond_keeps_the_direction() {
        let sq = Grid::new(GridKind::Square(Metric::Chebyshev), 5, 5);
        assert_eq!(
            sq.beyond(Cell::new(0, 0), Cell::new(1, 1)),
            Some(Cell::new(2, 2))
        );
        assert_eq!(sq.beyond(Cell::new(1, 0), Cell::new(0, 0)), None);
        let hex = Grid::new(GridKind::Hex, 5, 5);
        // B1 (odd column, lower) is south-east of A1; C2 is south-east of B1.
        assert_eq!(
            hex.beyond(Cell::new(0, 0), Cell::new(1, 0)),
            Some(Cell::new(2, 1))
        );
    }
    use super::*;
    use hexx::{Hex, HexOrientation, OffsetHexMode};

    fn sq(metric: Metric) -> Grid {
        Grid::new(GridKind::Square(metric), 6, 5)
    }

    fn hex() -> Grid {
        Grid::new(GridKind::Hex, 7, 6)
    }

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn indexing_round_trips() {
        let g = sq(Metric::Chebyshev);
        assert_eq!(g.len(), 30);
        assert!(!g.is_empty());
        assert!(Grid::new(GridKind::Hex, 0, 4).is_empty());
        for (i, cell) in g.cells().enumerate() {
            assert_eq!(g.index(cell), i);
            assert_eq!(g.cell_at(i), cell);
        }
        assert_eq!(g.index(c("B3")), 13);
        assert!(g.contains(c("F5")));
        assert!(!g.contains(c("G1")));
        assert!(!g.contains(c("A6")));
        assert!(!g.contains(Cell::new(-1, 0)));
        let cells: Vec<Cell> = g.cells().collect();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(cells, sorted, "cells() is reading order");
    }

    #[test]
    fn square_neighbours() {
        let g = sq(Metric::Chebyshev);
        assert_eq!(
            g.neighbours(c("B2")),
            ["A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"].map(c)
        );
        assert_eq!(g.neighbours(c("A1")), ["B1", "A2", "B2"].map(c));
        let m = sq(Metric::Manhattan);
        assert_eq!(m.neighbours(c("B2")), ["B1", "A2", "C2", "B3"].map(c));
        assert_eq!(
            sq(Metric::Alternating).neighbours(c("F5")),
            ["E4", "F4", "E5"].map(c)
        );
    }

    #[test]
    fn square_distances() {
        let (a, b) = (c("A1"), c("D3")); // 3 across, 2 down
        assert_eq!(sq(Metric::Chebyshev).distance(a, b), 3);
        assert_eq!(sq(Metric::Manhattan).distance(a, b), 5);
        assert_eq!(sq(Metric::Alternating).distance(a, b), 4);
        assert_eq!(sq(Metric::Alternating).distance(c("A1"), c("E5")), 6); // 1+2+1+2
        assert_eq!(sq(Metric::Alternating).distance(c("A1"), c("B2")), 1);
        assert_eq!(sq(Metric::Alternating).distance(c("A1"), c("C3")), 3);
        assert!(sq(Metric::Chebyshev).adjacent(c("B2"), c("C3")));
        assert!(!sq(Metric::Manhattan).adjacent(c("B2"), c("C3")));
        assert!(sq(Metric::Manhattan).is_diagonal(c("B2"), c("C3")));
        assert!(!sq(Metric::Chebyshev).is_diagonal(c("B2"), c("C2")));
        assert!(!sq(Metric::Chebyshev).adjacent(c("B2"), c("B2")));
    }

    //  Flat-topped hexes, odd columns half a hex lower:
    //   __    __
    //  /A1\__/C1\__
    //  \__/B1\__/D1\
    //  /A2\__/C2\__/
    //  \__/B2\__/D2\
    #[test]
    fn hex_neighbours_follow_the_printed_layout() {
        let g = hex();
        assert_eq!(
            g.neighbours(c("C2")),
            ["B1", "C1", "D1", "B2", "D2", "C3"].map(c)
        );
        assert_eq!(
            g.neighbours(c("B2")),
            ["B1", "A2", "C2", "A3", "B3", "C3"].map(c)
        );
        assert_eq!(g.neighbours(c("A1")), ["B1", "A2"].map(c));
        assert!(g.adjacent(c("B1"), c("C1")));
        assert!(g.adjacent(c("B1"), c("C2")));
        assert!(!g.adjacent(c("B1"), c("C3")));
        assert!(!g.adjacent(c("A1"), c("B2")));
        assert!(!g.is_diagonal(c("B1"), c("C2")));
    }

    #[test]
    fn hex_math_agrees_with_hexx() {
        let g = Grid::new(GridKind::Hex, 12, 12);
        let to_hexx = |c: Cell| {
            Hex::from_offset_coordinates([c.col, c.row], OffsetHexMode::Odd, HexOrientation::Flat)
        };
        for a in g.cells() {
            let h = to_hexx(a);
            assert_eq!(axial(a), (i64::from(h.x), i64::from(h.y)));
            let mut expected: Vec<Cell> = h
                .all_neighbors()
                .iter()
                .map(|n| {
                    let [col, row] =
                        n.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
                    Cell::new(col, row)
                })
                .filter(|&n| g.contains(n))
                .collect();
            expected.sort();
            assert_eq!(g.neighbours(a), expected, "{a}");
            for b in g.cells() {
                assert_eq!(
                    g.distance(a, b),
                    h.unsigned_distance_to(to_hexx(b)),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn directions_are_consistent() {
        for g in [sq(Metric::Chebyshev), hex()] {
            for a in g.cells() {
                for (d, &(dc, dr)) in g.step_directions(a).iter().enumerate() {
                    let b = Cell::new(a.col + dc, a.row + dr);
                    assert_eq!(g.direction(a, b), Some(d));
                    assert_eq!(g.direction(b, a), Some(g.opposite(d)), "{a} {b}");
                    assert_eq!(g.distance(a, b), 1);
                }
            }
        }
    }

    #[test]
    fn within_matches_distance() {
        for g in [
            sq(Metric::Chebyshev),
            sq(Metric::Manhattan),
            sq(Metric::Alternating),
            hex(),
        ] {
            for centre in [c("A1"), c("C3"), c("D2"), Cell::new(-3, 2)] {
                for radius in 0..5 {
                    let expected: Vec<Cell> = g
                        .cells()
                        .filter(|&x| g.distance(centre, x) <= radius)
                        .collect();
                    assert_eq!(g.within(centre, radius), expected);
                }
            }
            assert_eq!(g.within(c("C3"), u32::MAX).len(), g.len());
        }
        assert_eq!(hex().within(c("C3"), 1).len(), 7);
        assert_eq!(sq(Metric::Alternating).within(c("C3"), 2).len(), 21);
    }
}

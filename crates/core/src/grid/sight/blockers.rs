//! What blocks sight between two cells, and the segment tests on the board itself: a
//! segment is clear of the thin walls near the two cells and of every sight-blocking cell
//! it passes (hexes: touches none; squares: the square rule of [`super`]). The cells a
//! segment may touch are visited column by column ([`cells_near`]).

use super::obstacle::Obstacle;
use super::probe::{self, Probe};
use crate::grid::geom::{self, P};
use crate::grid::{Cell, GridKind, TerrainMap};

/// Everything that can block sight between two given cells.
pub(crate) struct Sight<'a> {
    pub(crate) map: &'a TerrainMap,
    /// Thin walls (as edge segments) near the two cells.
    pub(crate) walls: Walls,
}

/// A few thin walls, kept on the stack while there are at most eight (as there usually
/// are near two cells), so that working out a pair allocates nothing for them.
#[allow(clippy::large_enum_variant)] // the stack is the point; one lives per pair asked
pub(crate) enum Walls {
    Few([(P, P); 8], usize),
    Many(Vec<(P, P)>),
}

impl Walls {
    fn push(&mut self, w: (P, P)) {
        match self {
            Walls::Few(few, n) if *n < few.len() => {
                few[*n] = w;
                *n += 1;
            }
            Walls::Few(few, _) => {
                let mut many = few.to_vec();
                many.push(w);
                *self = Walls::Many(many);
            }
            Walls::Many(many) => many.push(w),
        }
    }
}

impl FromIterator<(P, P)> for Walls {
    fn from_iter<I: IntoIterator<Item = (P, P)>>(walls: I) -> Walls {
        let mut out = Walls::Few([((0, 0), (0, 0)); 8], 0);
        walls.into_iter().for_each(|w| out.push(w));
        out
    }
}

impl std::ops::Deref for Walls {
    type Target = [(P, P)];
    fn deref(&self) -> &[(P, P)] {
        match self {
            Walls::Few(few, n) => &few[..*n],
            Walls::Many(many) => many,
        }
    }
}

impl<'a> Sight<'a> {
    pub(super) fn new(map: &'a TerrainMap, a: Cell, b: Cell) -> Sight<'a> {
        let grid = map.grid;
        let (ca, cb) = (geom::centre(&grid, a), geom::centre(&grid, b));
        // A cell's corners reach this far from its centre (see `geom::corners`).
        let (rx, ry) = match grid.kind {
            GridKind::Square(_) => (1, 1),
            GridKind::Hex => (2, 1),
        };
        let (x0, x1) = (ca.0.min(cb.0) - rx, ca.0.max(cb.0) + rx);
        let (y0, y1) = (ca.1.min(cb.1) - ry, ca.1.max(cb.1) + ry);
        // Any segment between the two cells stays inside this box, so farther walls never matter.
        let near = |&(p, q): &(P, P)| {
            p.0.max(q.0) >= x0 && p.0.min(q.0) <= x1 && p.1.max(q.1) >= y0 && p.1.min(q.1) <= y1
        };
        let walls = Sight::thin_edges(map)
            .iter()
            .copied()
            .filter(near)
            .collect();
        Sight { map, walls }
    }

    /// The square rule between two cells: some segment from the centre or a corner of
    /// one to the centre or a corner of the other is clear.
    pub(super) fn square_sight(&self, a: Cell, b: Cell) -> bool {
        let grid = self.map.grid;
        let (ca, cb) = (geom::corners(&grid, a), geom::corners(&grid, b));
        let with_centre = |cell: Cell, corners: geom::Points| {
            let mut pts = <geom::Points>::default();
            pts.push(geom::centre(&grid, cell));
            corners.into_iter().for_each(|p| pts.push(p));
            pts
        };
        self.any_clear_pair(&with_centre(a, ca), &with_centre(b, cb))
    }

    /// Everything that can block sight anywhere on the board.
    #[cfg(test)]
    pub(crate) fn whole(map: &'a TerrainMap) -> Sight<'a> {
        Sight {
            map,
            walls: Sight::thin_edges(map).iter().copied().collect(),
        }
    }

    /// The map's thin walls as segments, kept in its memo.
    pub(crate) fn thin_edges(map: &TerrainMap) -> &[(P, P)] {
        let grid = map.grid;
        map.memo.thin_edges(|| {
            map.thin_walls()
                .filter_map(|(c, d)| geom::shared_edge(&grid, c, d))
                .collect()
        })
    }

    /// The hex corner-to-corner rule worked out cell by cell, for pairs too far apart for
    /// [`super::near`]'s narrow arithmetic.
    pub(crate) fn corner_sight(&self, a: Cell, b: Cell) -> bool {
        let grid = self.map.grid;
        self.any_clear_pair(&geom::corners(&grid, a), &geom::corners(&grid, b))
    }

    /// Some pair of points, one from each list, joined by a clear segment.
    fn any_clear_pair(&self, from: &[P], to: &[P]) -> bool {
        // On hexes a point touching a wall spoils every segment from it: drop it early.
        let usable = |p: &&P| self.map.grid.kind != GridKind::Hex || self.touches_nothing(**p, **p);
        let keep = |pts: &[P]| {
            let mut kept = <geom::Points>::default();
            pts.iter().filter(usable).for_each(|&p| kept.push(p));
            kept
        };
        let (from, to) = (keep(from), keep(to));
        from.iter()
            .any(|&p| to.iter().any(|&q| self.segment_clear(p, q)))
    }

    /// The blocking cells whose outline may touch the closed segment `pq`, visited column by
    /// column (only cells whose bounding box meets the segment's stretch in that column).
    fn blocking_cells_near(&self, p: P, q: P, mut visit: impl FnMut(Cell) -> bool) -> bool {
        let map = self.map;
        cells_near(map.grid, p, q, |cell| {
            !map.terrain(cell).blocks_sight() || visit(cell)
        })
    }

    /// The segment `pq` is clear under the grid's rule (see the module documentation).
    pub(crate) fn segment_clear(&self, p: P, q: P) -> bool {
        match self.map.grid.kind {
            GridKind::Hex => self.touches_nothing(p, q),
            GridKind::Square(_) => self.square_clear(p, q),
        }
    }

    /// The closed segment `pq` touches no sight-blocking cell and no thin wall.
    pub(crate) fn touches_nothing(&self, p: P, q: P) -> bool {
        self.blocker(p, q).is_none()
    }

    /// A thin wall or sight-blocking cell (in board coordinates) that the closed segment
    /// `pq` touches, if any.
    pub(crate) fn blocker(&self, p: P, q: P) -> Option<Obstacle> {
        let grid = self.map.grid;
        let probe = self.probe(p, q);
        let meets_wall = |&&(w0, w1): &&(P, P)| match &probe {
            Some(probe) => probe.touches_edge(w0, w1),
            None => geom::segments_touch(p, q, w0, w1),
        };
        if let Some(&(w0, w1)) = self.walls.iter().find(meets_wall) {
            return Some(Obstacle::Edge(w0, w1));
        }
        let mut hit = None;
        self.blocking_cells_near(p, q, |cell| {
            let touches = match &probe {
                Some(probe) => probe.touches_hex(geom::centre(&grid, cell), 1),
                None if grid.kind == GridKind::Hex => {
                    geom::segment_touches_hex(p, q, &geom::corners(&grid, cell))
                }
                None => geom::segment_touches_convex(p, q, &geom::corners(&grid, cell)),
            };
            if touches {
                hit = Some(Obstacle::Hex(geom::corners(&grid, cell)));
            }
            !touches
        });
        hit
    }

    /// The segment `pq` made ready for [`Probe`]'s `i64` tests, on hex boards where they
    /// are exact: the board's points (hexes and thin walls, in [`geom::hex_board_box`]),
    /// `p` and `q` all small enough ([`probe::small`]).
    fn probe(&self, p: P, q: P) -> Option<Probe> {
        let grid = self.map.grid;
        let (lo, hi) = geom::hex_board_box(&grid);
        (grid.kind == GridKind::Hex && probe::small([lo, hi, p, q])).then(|| Probe::new(p, q))
    }

    fn blocks(&self, c: Cell) -> bool {
        self.map.grid.contains(c) && self.map.terrain(c).blocks_sight()
    }

    /// Square rule: interior of the wall region, thin walls, pinch points.
    fn square_clear(&self, p: P, q: P) -> bool {
        let grid = self.map.grid;
        if p == q {
            return self
                .pinch_sides(p, p, q)
                .is_none_or(|(minus, plus)| !minus && !plus);
        }
        if self
            .walls
            .iter()
            .any(|&(w0, w1)| geom::meets_relative_interior(p, q, w0, w1))
        {
            return false;
        }
        let mut points = Vec::new();
        let open = self.blocking_cells_near(p, q, |cell| {
            let poly = geom::corners(&grid, cell);
            if geom::segment_meets_interior(p, q, &poly) {
                return false;
            }
            for (dc, dr) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                let n = Cell::new(cell.col + dc, cell.row + dr);
                if self.blocks(n) {
                    let (e0, e1) =
                        geom::shared_edge(&grid, cell, n).expect("orthogonal neighbours");
                    if geom::overlap_along(p, q, e0, e1) {
                        return false;
                    }
                }
            }
            points.extend(
                poly.into_iter()
                    .filter(|&v| geom::segments_touch(p, q, v, v)),
            );
            true
        });
        if !open {
            return false;
        }
        points.extend(
            self.walls
                .iter()
                .flat_map(|&(w0, w1)| [w0, w1])
                .filter(|&v| geom::segments_touch(p, q, v, v)),
        );
        points.sort_unstable();
        points.dedup();
        points.into_iter().all(|v| {
            self.pinch_sides(v, p, q)
                .is_none_or(|(minus, plus)| !(minus && plus))
        })
    }

    /// At grid point `v` on segment `pq`: whether blocking wedges (wall squares with a
    /// corner at `v`) or thin-wall half-edges leaving `v` lie strictly on the negative and
    /// on the positive side of the segment's line. Pieces the line cuts through or runs
    /// along are left out (rules 1 and 2 judge those). For `p == q` every piece counts
    /// as both sides. `None` when `v` is not a grid point.
    pub(super) fn pinch_sides(&self, v: P, p: P, q: P) -> Option<(bool, bool)> {
        if v.0 % 2 != 0 || v.1 % 2 != 0 {
            return None;
        }
        let (i, j) = ((v.0 / 2) as i32, (v.1 / 2) as i32);
        let d = (q.0 - p.0, q.1 - p.1);
        let side = |r: P| geom::cross((0, 0), d, r).signum();
        let (mut minus, mut plus) = (false, false);
        let mut mark = |s1: i128, s2: i128| {
            if d == (0, 0) {
                (minus, plus) = (true, true);
            } else if s1 >= 0 && s2 >= 0 && s1 + s2 > 0 {
                plus = true;
            } else if s1 <= 0 && s2 <= 0 && s1 + s2 < 0 {
                minus = true;
            }
        };
        // Squares around v with the two directions bounding their corner at v.
        for (cell, r1, r2) in [
            (Cell::new(i - 1, j - 1), (-1, 0), (0, -1)),
            (Cell::new(i, j - 1), (1, 0), (0, -1)),
            (Cell::new(i - 1, j), (-1, 0), (0, 1)),
            (Cell::new(i, j), (1, 0), (0, 1)),
        ] {
            if self.blocks(cell) {
                mark(side(r1), side(r2));
            }
        }
        // Half-edges leaving v, with the two squares they separate.
        for (r, c1, c2) in [
            ((1, 0), Cell::new(i, j - 1), Cell::new(i, j)),
            ((-1, 0), Cell::new(i - 1, j - 1), Cell::new(i - 1, j)),
            ((0, -1), Cell::new(i - 1, j - 1), Cell::new(i, j - 1)),
            ((0, 1), Cell::new(i - 1, j), Cell::new(i, j)),
        ] {
            if self.map.thin_wall_between(c1, c2) {
                mark(side(r), side(r));
            }
        }
        Some((minus, plus))
    }
}

/// The cells on the board whose outline may touch the closed segment `pq`, visited column
/// by column (only cells whose bounding box meets the segment's stretch in that column);
/// `visit` returns `false` to stop, and then so does this.
pub(crate) fn cells_near(
    grid: crate::grid::Grid,
    p: P,
    q: P,
    mut visit: impl FnMut(Cell) -> bool,
) -> bool {
    let (p, q) = if p.0 <= q.0 { (p, q) } else { (q, p) };
    let hex = grid.kind == GridKind::Hex;
    // Column extents: squares [2c, 2c+2], hexes [3c-2, 3c+2].
    let cols = if hex {
        geom::hex_columns(&grid, p.0, q.0)
    } else {
        ceil_div(p.0 - 2, 2).max(0)..=floor_div(q.0, 2).min(i64::from(grid.width) - 1)
    };
    for col in cols {
        let (xl, xh) = if hex {
            (3 * col - 2, 3 * col + 2)
        } else {
            (2 * col, 2 * col + 2)
        };
        let (xa, xb) = (xl.max(p.0), xh.min(q.0));
        if xa > xb {
            continue;
        }
        let (ylo, yhi) = y_range(p, q, xa, xb);
        // Row extents: squares [2r, 2r+2], hexes [2r+par-1, 2r+par+1].
        let (r0, r1) = if hex {
            let par = col & 1;
            (ceil_div(ylo - par - 1, 2), floor_div(yhi - par + 1, 2))
        } else {
            (ceil_div(ylo - 2, 2), floor_div(yhi, 2))
        };
        for row in r0.max(0)..=r1.min(i64::from(grid.height) - 1) {
            if !visit(Cell::new(col as i32, row as i32)) {
                return false;
            }
        }
    }
    true
}

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

/// Integer bounds (rounded outwards) of the `y` values of segment `pq` (`p.0 <= q.0`)
/// over `x` in `[xa, xb]`.
fn y_range(p: P, q: P, xa: i64, xb: i64) -> (i64, i64) {
    let dx = q.0 - p.0;
    if dx == 0 {
        return (p.1.min(q.1), p.1.max(q.1));
    }
    let dy = q.1 - p.1;
    let at = |x: i64| p.1 * dx + (x - p.0) * dy; // y(x) * dx
    let (ya, yb) = (at(xa), at(xb));
    (floor_div(ya.min(yb), dx), ceil_div(ya.max(yb), dx))
}

//! Line of sight. Square grids use a symmetric rule (a line from the centre or a corner
//! of one cell to the centre or a corner of the other that crosses no wall); hex grids
//! use the Gloomhaven corner-to-corner rule or its later any-point variant. Walls,
//! closed doors and thin walls block sight; obstacles and figures do not.
//!
//! All tests are exact (integers only, see [`super::geom`]) and every rule is a statement
//! about an unordered pair of end points, so sight is symmetric.
//!
//! **Square grids** (the classic "border of a square doesn't block" reading): sight
//! exists when some segment from {centre, 4 corners} of `a` to {centre, 4 corners} of `b`
//! is clear. A segment is blocked when it
//! 1. passes through the interior of the wall region (the union of the wall and
//!    closed-door squares; an edge shared by two such squares is inside it);
//! 2. crosses a thin wall or runs along it (any common point except the wall's two ends);
//! 3. passes through, or starts at, a grid point where blocking things meet from both
//!    sides of the segment's line — two walls touching only at a corner, a wall corner and
//!    a thin wall's tip, two thin walls meeting. This closes diagonal gaps as movement does.
//!
//! So merely touching a wall's corner or running along a wall's face does **not** block,
//! and lines past a thin wall's tip see by. A zero-length segment (a corner shared by `a`
//! and `b`) counts only when nothing blocking touches that point.
//!
//! **Hex grids** follow the printed Gloomhaven wording, "touches no wall": a segment is
//! blocked when it shares even one point with a wall hex (closed hexagon) or a thin wall
//! (closed edge, ends included). A corner touching a wall can't be used.
//! - Corner to corner: some segment from a corner of `a` to a corner of `b` is clear.
//! - Any point: some segment from any point of `a` to any point of `b` is clear; decided
//!   exactly in [`super::any_point`].
//!
//! Thin walls count on edges shared by two cells (square orthogonal neighbours, hex
//! neighbours); a thin wall between square diagonal neighbours has no edge and is ignored.
//! A cell that itself blocks sight sees nothing but itself. Cells off the board see
//! nothing; the area outside the board is open.

use super::any_point::Obstacle;
use super::geom::{self, P};
use super::probe::{self, Probe};
use super::{Cell, GridKind, TerrainMap};

/// Which line-of-sight rule a hex board uses (square boards ignore it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HexSight {
    /// A line from any corner of one hex to any corner of the other touching no wall.
    #[default]
    CornerToCorner,
    /// A line from any point of one hex to any point of the other touching no wall.
    AnyPoint,
}

/// True when `a` can see `b`. A cell always sees itself.
pub fn line_of_sight(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight) -> bool {
    sight_within(map, a, b, hex_rule, super::shadow::DEPTH)
}

/// [`line_of_sight`], letting [`super::shadow`] ask about nearer pairs `depth` levels deep.
pub(crate) fn sight_within(
    map: &TerrainMap,
    a: Cell,
    b: Cell,
    hex_rule: HexSight,
    depth: u32,
) -> bool {
    if a == b {
        return true;
    }
    let grid = map.grid;
    if !grid.contains(a) || !grid.contains(b) {
        return false;
    }
    let (cells, ia, ib) = (grid.len(), grid.index(a), grid.index(b));
    // The memo holds answers only about two different cells on the board that both let
    // sight through (those asked about past the tests below, and hexes a clear segment
    // meets), so a remembered answer needs no look at the terrain; and asked again and
    // again (as a whole table does), reading it is most of the work.
    if let Some(known) = map.memo.sight(cells, ia, ib, hex_rule) {
        return known;
    }
    if map.terrain(a).blocks_sight() || map.terrain(b).blocks_sight() {
        return false;
    }
    let clear = work_out_sight(map, a, b, hex_rule, depth);
    map.memo.count_worked_out();
    // Every rule is symmetric, so one answer serves both orders.
    map.memo.keep_sight(cells, ia, ib, hex_rule, clear);
    map.memo.keep_sight(cells, ib, ia, hex_rule, clear);
    clear
}

/// [`line_of_sight`] between two different cells on the board, neither blocking sight.
fn work_out_sight(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight, depth: u32) -> bool {
    let grid = map.grid;
    let sight = Sight::new(map, a, b);
    match grid.kind {
        GridKind::Square(_) => {
            let (ca, cb) = (geom::corners(&grid, a), geom::corners(&grid, b));
            let with_centre = |cell: Cell, corners: geom::Points| {
                let mut pts = <geom::Points>::default();
                pts.push(geom::centre(&grid, cell));
                corners.into_iter().for_each(|p| pts.push(p));
                pts
            };
            sight.any_clear_pair(&with_centre(a, ca), &with_centre(b, cb))
        }
        GridKind::Hex => super::near::hex_sight(&sight, a, b, hex_rule, depth),
    }
}

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
    fn new(map: &'a TerrainMap, a: Cell, b: Cell) -> Sight<'a> {
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
    fn pinch_sides(&self, v: P, p: P, q: P) -> Option<(bool, bool)> {
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
    grid: super::Grid,
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grid::terrain::tests::{below_from, c, find, map};
    use crate::grid::{Grid, Metric, Terrain};

    const SQ: GridKind = GridKind::Square(Metric::Chebyshev);
    const CC: HexSight = HexSight::CornerToCorner;
    const ANY: HexSight = HexSight::AnyPoint;

    fn sees(rows: &str, kind: GridKind, rule: HexSight) -> bool {
        let m = map(kind, rows);
        let (a, b) = (find(rows, 'a'), find(rows, 'b'));
        let there = line_of_sight(&m, a, b, rule);
        assert_eq!(there, line_of_sight(&m, b, a, rule), "symmetry");
        there
    }

    #[test]
    fn square_basics() {
        assert!(sees("a...b", SQ, CC));
        assert!(sees("ab", SQ, CC), "neighbours");
        assert!(sees("a\nb", SQ, CC));
        assert!(sees("a.o.b", SQ, CC), "obstacles do not block");
        let wall = "
            ..#..
            a.#.b
            ..#..
        ";
        assert!(!sees(wall, SQ, CC), "a wall three squares tall");
        assert!(
            !sees(&wall.replace("a.#.b", "a.D.b"), SQ, CC),
            "closed door in a wall"
        );
        assert!(sees(&wall.replace("a.#.b", "a.d.b"), SQ, CC), "open door");
        let m = map(SQ, "#.");
        assert!(
            !line_of_sight(&m, c("A1"), c("B1"), CC),
            "a wall cell sees nothing"
        );
        assert!(line_of_sight(&m, c("A1"), c("A1"), CC), "but itself");
        assert!(!line_of_sight(&m, c("B1"), c("C1"), CC), "off the board");
    }

    #[test]
    fn square_lines_along_and_around_walls() {
        // A lone pillar: the lines along its top and bottom faces are not blocked.
        assert!(sees(".....\na.#.b\n.....", SQ, CC));
        // A pillar two squares tall still leaves its top face; three tall leaves nothing.
        assert!(sees(".....\na.#.b\n..#..", SQ, CC));
        assert!(!sees("..#..\na.#.b\n..#..", SQ, CC));
        // Two walls meeting at a corner close the diagonal gap, as for movement.
        assert!(!sees("a#\n#b", SQ, CC));
        assert!(!sees("a#.\n#..\n..b", SQ, CC));
        // One wall beside the diagonal: the centre line grazes its corner and sees.
        assert!(sees("a#\n.b", SQ, CC));
        // A corridor bending round a corner: deep inside no line gets round, near the
        // bend lines graze the inner corner.
        let rows = "
            ######
            a....#
            ####.#
            ####b#
        ";
        assert!(!sees(rows, SQ, CC));
        let m = map(SQ, rows);
        assert!(!line_of_sight(&m, c("B2"), c("E4"), CC));
        assert!(
            line_of_sight(&m, c("C2"), c("E4"), CC),
            "a line through both inner corners"
        );
        assert!(line_of_sight(&m, c("D2"), c("E4"), CC));
        assert!(
            line_of_sight(&m, c("D2"), c("E3"), CC),
            "diagonal neighbours round the bend"
        );
    }

    #[test]
    fn square_thin_walls() {
        let mut m = map(SQ, "...\n...\n...");
        m.add_thin_wall(c("A2"), c("B2"));
        assert!(m.thin_walls().count() == 1);
        // A lone thin wall: lines past its tips still join the two cells.
        assert!(line_of_sight(&m, c("A2"), c("B2"), CC));
        assert!(line_of_sight(&m, c("A2"), c("C2"), CC));
        // A wall line across the board separates the columns completely.
        m.add_thin_wall(c("A1"), c("B1"));
        m.add_thin_wall(c("A3"), c("B3"));
        for b in ["B2", "C2"] {
            assert!(!line_of_sight(&m, c("A2"), c(b), CC), "{b}");
        }
        assert!(
            line_of_sight(&m, c("A1"), c("A3"), CC),
            "along the wall on one side"
        );
        // At the board's edge the area outside is open: lines reach the wall's end there.
        assert!(line_of_sight(&m, c("A1"), c("B1"), CC));
        assert!(
            line_of_sight(&m, c("A2"), c("B1"), CC),
            "to B1's corner at the wall's end"
        );
        // A thin wall meeting a wall's corner closes the gap between them.
        // (The centre line A2-B1 passes exactly between the wall's tip and B2's corner.)
        let mut g = map(SQ, "...\n.#.\n...");
        let centre_line =
            |g: &TerrainMap| Sight::new(g, c("A2"), c("B1")).segment_clear((1, 3), (3, 1));
        assert!(centre_line(&g));
        g.add_thin_wall(c("A1"), c("B1"));
        assert!(!centre_line(&g));
        // A thin wall between diagonal cells has no edge and is ignored.
        let mut d = map(SQ, "..\n..");
        d.add_thin_wall(c("A1"), c("B2"));
        assert!(line_of_sight(&d, c("A1"), c("B2"), CC));
    }

    //  Flat-topped hexes, odd columns half a hex lower:
    //   __    __
    //  /A1\__/C1\
    //  \__/B1\__/
    //  /A2\__/C2\
    //  \__/B2\__/
    #[test]
    fn hex_corner_to_corner() {
        assert!(sees("a.b", GridKind::Hex, CC));
        assert!(sees("ab", GridKind::Hex, CC));
        // B1 sits below the line A1-C1: the top corners see past it.
        assert!(sees("a#b", GridKind::Hex, CC));
        assert!(
            !sees(".#.\na#b", GridKind::Hex, CC),
            "column B walled from row 1 to 2"
        );
        assert!(sees("a.b\n.#.", GridKind::Hex, CC));
        assert!(sees("a.b\n.#.", GridKind::Hex, ANY));
        // Straight down a column: every line crosses the wall hex's widest row.
        assert!(!sees(
            "
            a.
            #.
            ..
            b.
        ",
            GridKind::Hex,
            ANY
        ));
        // The line along the top corners of A1 and C1 passes above B1's top edge.
        let mut m = map(GridKind::Hex, "a#b\n...");
        m.add_thin_wall(c("B1"), Cell::new(1, -1));
        assert!(line_of_sight(&m, c("A1"), c("C1"), CC));
    }

    #[test]
    fn hex_thin_walls() {
        let mut m = map(GridKind::Hex, "...\n...\n...");
        m.add_thin_wall(c("A2"), c("B2"));
        // Past a lone wall's tips (its end corners are unusable, the others are not).
        assert!(line_of_sight(&m, c("A2"), c("B2"), CC));
        // A hex walled in on all six sides sees nobody, under either rule.
        for n in m.grid.neighbours(c("B2")) {
            m.add_thin_wall(c("B2"), n);
        }
        for x in m.grid.cells().filter(|&x| x != c("B2")) {
            assert!(!line_of_sight(&m, c("B2"), x, CC), "{x}");
            assert!(!line_of_sight(&m, c("B2"), x, ANY), "{x}");
        }
        assert!(
            line_of_sight(&m, c("A1"), c("C1"), CC),
            "outside the enclosure"
        );
    }

    /// Where corner-to-corner fails but any-point succeeds: the viewer's usable lines
    /// start inside its hex, next to corners that touch walls.
    #[test]
    fn hex_any_point_sees_more() {
        let rows = "
            ....
            #..#
            a#.b
            ....
        ";
        let m = map(GridKind::Hex, rows);
        let (a, b) = (find(rows, 'a'), find(rows, 'b'));
        let cc = line_of_sight(&m, a, b, CC);
        let any = line_of_sight(&m, a, b, ANY);
        assert!(!cc || any, "corner-to-corner implies any-point");
        let mut found = false;
        let g = m.grid;
        for x in g.cells() {
            for y in g.cells() {
                let cc = line_of_sight(&m, x, y, CC);
                let any = line_of_sight(&m, x, y, ANY);
                assert!(!cc || any, "{x} {y}");
                found |= any && !cc;
            }
        }
        assert!(found, "some pair differs between the two rules");
    }

    /// Deterministic pseudo-random boards: one cell in five a wall, one in ten an
    /// obstacle, and (with `thin`) one side in twelve a thin wall.
    fn boards(kind: GridKind, w: u32, h: u32, count: usize, thin: bool) -> Vec<TerrainMap> {
        boards_with(
            kind,
            (w, h),
            count,
            0x9e37_79b9_7f4a_7c15,
            (2, thin.then_some(12)),
        )
    }

    /// [`boards`] from another seed, with `walls` cells in ten walls and one side in
    /// `thin` a thin wall.
    pub(crate) fn boards_with(
        kind: GridKind,
        (w, h): (u32, u32),
        count: usize,
        seed: u64,
        (walls, thin): (u32, Option<u32>),
    ) -> Vec<TerrainMap> {
        let mut below = below_from(seed);
        let mut next = move |n: u32| below(n as usize) as u32;
        (0..count)
            .map(|_| {
                let mut m = TerrainMap::new(Grid::new(kind, w, h));
                for cell in m.grid.cells().collect::<Vec<_>>() {
                    match next(10) {
                        k if k < walls => m.set(cell, Terrain::Wall),
                        k if k == walls => m.set(cell, Terrain::Obstacle),
                        _ => {}
                    }
                }
                if let Some(thin) = thin {
                    for cell in m.grid.cells().collect::<Vec<_>>() {
                        for n in m.grid.neighbours(cell) {
                            if next(thin) == 0 {
                                m.add_thin_wall(cell, n);
                            }
                        }
                    }
                }
                m
            })
            .collect()
    }

    /// Reference: every segment tested against every wall and thin wall, scaled by `k`.
    fn naive_clear(m: &TerrainMap, k: i64, p: P, q: P) -> bool {
        let g = m.grid;
        let scale = |v: Vec<P>| {
            v.into_iter()
                .map(|(x, y)| (x * k, y * k))
                .collect::<Vec<_>>()
        };
        let walls_ok = g
            .cells()
            .filter(|&x| m.terrain(x).blocks_sight())
            .all(|x| !geom::segment_touches_convex(p, q, &scale(geom::corners(&g, x).to_vec())));
        walls_ok
            && m.thin_walls()
                .filter_map(|(x, y)| geom::shared_edge(&g, x, y))
                .all(|(w0, w1)| {
                    !geom::segments_touch(p, q, (w0.0 * k, w0.1 * k), (w1.0 * k, w1.1 * k))
                })
    }

    fn naive_points(m: &TerrainMap, a: Cell, b: Cell, with_centre: bool) -> bool {
        let g = m.grid;
        let pts = |x: Cell| {
            let mut v = geom::corners(&g, x).to_vec();
            if with_centre {
                v.push(geom::centre(&g, x));
            }
            v
        };
        let clear = |p: P, q: P| match g.kind {
            GridKind::Hex => naive_clear(m, 1, p, q),
            GridKind::Square(_) => naive_square_clear(m, p, q),
        };
        let solid = |x: Cell| m.terrain(x).blocks_sight();
        a == b
            || (!solid(a)
                && !solid(b)
                && pts(a).iter().any(|&p| pts(b).iter().any(|&q| clear(p, q))))
    }

    /// The square rule checked against every cell, wall and grid point on the segment.
    fn naive_square_clear(m: &TerrainMap, p: P, q: P) -> bool {
        let g = m.grid;
        let walls: Vec<Cell> = g.cells().filter(|&x| m.terrain(x).blocks_sight()).collect();
        let sight = Sight {
            map: m,
            walls: m
                .thin_walls()
                .filter_map(|(x, y)| geom::shared_edge(&g, x, y))
                .collect(),
        };
        if walls
            .iter()
            .any(|&x| geom::segment_meets_interior(p, q, &geom::corners(&g, x)))
        {
            return false;
        }
        for &x in &walls {
            for &y in &walls {
                if let Some((e0, e1)) = geom::shared_edge(&g, x, y)
                    && geom::overlap_along(p, q, e0, e1)
                {
                    return false;
                }
            }
        }
        if sight
            .walls
            .iter()
            .any(|&(w0, w1)| geom::meets_relative_interior(p, q, w0, w1))
        {
            return false;
        }
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let steps = super::geom::gcd(dx.abs(), dy.abs()).max(1);
        (0..=steps).all(|k| {
            let v = (p.0 + dx / steps * k, p.1 + dy / steps * k);
            let sides = sight.pinch_sides(v, p, q);
            sides.is_none_or(|(minus, plus)| {
                if p == q {
                    !minus && !plus
                } else {
                    !(minus && plus)
                }
            })
        })
    }

    #[test]
    fn square_matches_naive_reference_and_is_symmetric() {
        for kind in [SQ, GridKind::Square(Metric::Manhattan)] {
            for m in boards(kind, 6, 5, 12, true) {
                for a in m.grid.cells() {
                    for b in m.grid.cells() {
                        let los = line_of_sight(&m, a, b, CC);
                        assert_eq!(los, line_of_sight(&m, b, a, CC), "{a} {b}");
                        assert_eq!(los, naive_points(&m, a, b, true), "{a} {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn hex_corner_rule_matches_naive_reference_and_is_symmetric() {
        for m in boards(GridKind::Hex, 6, 5, 12, true) {
            for a in m.grid.cells() {
                for b in m.grid.cells() {
                    let los = line_of_sight(&m, a, b, CC);
                    assert_eq!(los, line_of_sight(&m, b, a, CC), "{a} {b}");
                    assert_eq!(los, naive_points(&m, a, b, false), "{a} {b}");
                }
            }
        }
    }

    /// Points on the outline of a hex at spacing `1/k`, scaled by `k`.
    fn outline(g: &Grid, x: Cell, k: i64) -> Vec<P> {
        let cs = geom::corners(g, x);
        let mut out = Vec::new();
        for i in 0..cs.len() {
            let (p, q) = (cs[i], cs[(i + 1) % cs.len()]);
            for s in 0..k {
                out.push((p.0 * k + (q.0 - p.0) * s, p.1 * k + (q.1 - p.1) * s));
            }
        }
        out
    }

    /// Any-point sight against sampling: a clear sampled segment proves sight (a segment
    /// between two hexes can be cut down to one between their outlines), and sampling
    /// finely rarely misses a real line of sight on small boards.
    #[test]
    fn hex_any_point_agrees_with_sampling() {
        let k = 4;
        let (mut agree, mut only_exact) = (0, 0);
        for m in boards(GridKind::Hex, 5, 4, 6, true) {
            let g = m.grid;
            for a in g.cells() {
                for b in g.cells().filter(|&b| a < b) {
                    let exact = line_of_sight(&m, a, b, ANY);
                    assert_eq!(exact, line_of_sight(&m, b, a, ANY));
                    let (oa, ob) = (outline(&g, a, k), outline(&g, b, k));
                    let sampled = !m.terrain(a).blocks_sight()
                        && !m.terrain(b).blocks_sight()
                        && oa
                            .iter()
                            .any(|&p| ob.iter().any(|&q| naive_clear(&m, k, p, q)));
                    assert!(
                        !sampled || exact,
                        "sampling found a line the exact test missed: {a} {b}"
                    );
                    if exact == sampled {
                        agree += 1;
                    } else {
                        only_exact += 1;
                    }
                }
            }
        }
        assert!(
            only_exact * 50 <= agree,
            "{only_exact} pairs only seen exactly vs {agree} agreeing"
        );
    }

    /// The fast any-point test (certificates first) gives the exact reference's answer on
    /// every pair of several walled boards, sparse and crowded.
    #[test]
    fn hex_any_point_matches_the_exact_reference() {
        let mut all = boards(GridKind::Hex, 8, 6, 8, true);
        all.extend(boards(GridKind::Hex, 7, 6, 4, false));
        // Crowded walls, thin walls on one side in four (ending at corners, meeting walls
        // and the board's edge), tiny boards where every pair is close or adjacent.
        let hex = GridKind::Hex;
        all.extend(boards_with(hex, (9, 6), 4, 11, (4, Some(7))));
        all.extend(boards_with(hex, (7, 6), 2, 23, (1, Some(4))));
        all.extend(boards_with(hex, (4, 3), 12, 37, (3, Some(5))));
        all.push(walled_board());
        all.push(map(
            GridKind::Hex,
            "
            ..........
            ...#...#..
            ...#.##.#.
            ......#...
            .##....##.
            ....#..#..
            ",
        ));
        for m in &all {
            for a in m.grid.cells() {
                for b in m.grid.cells() {
                    let solid = |x: Cell| m.terrain(x).blocks_sight();
                    let want = a == b
                        || (!solid(a)
                            && !solid(b)
                            && super::super::any_point::any_point_reference(
                                &Sight::new(m, a, b),
                                a,
                                b,
                            ));
                    assert_eq!(line_of_sight(m, a, b, ANY), want, "{a} {b}");
                }
            }
        }
    }

    /// The exact reference's any-point answer for every ordered pair, by cell indexes.
    fn reference_table(m: &TerrainMap) -> Vec<bool> {
        let cells: Vec<Cell> = m.grid.cells().collect();
        let solid = |x: Cell| m.terrain(x).blocks_sight();
        let mut table = Vec::with_capacity(cells.len() * cells.len());
        for &a in &cells {
            for &b in &cells {
                table.push(
                    a == b
                        || (!solid(a)
                            && !solid(b)
                            && super::super::any_point::any_point_reference(
                                &Sight::new(m, a, b),
                                a,
                                b,
                            )),
                );
            }
        }
        table
    }

    /// The certificates that read the memo (a hex hidden behind unseen neighbours, clear
    /// segments shared by the hexes along them, unseen hexes counted as obstacles) give
    /// the reference's answers whatever order the pairs are asked in: reading order,
    /// backwards, shuffled, and each pair alone on a fresh memo. The boards are long and
    /// thin, so most hexes lie on the edge (neighbours off the board), with walls and thin
    /// walls along the edge, meeting at corners and ending at vertices; neighbours and a
    /// hex with itself are among the pairs.
    #[test]
    fn hex_any_point_answers_do_not_depend_on_the_order_of_questions() {
        let hex = GridKind::Hex;
        let mut all = boards_with(hex, (12, 2), 3, 41, (2, Some(4)));
        all.extend(boards_with(hex, (2, 10), 3, 43, (2, Some(4))));
        all.extend(boards_with(hex, (6, 5), 3, 47, (3, Some(6))));
        all.extend(boards_with(hex, (5, 5), 2, 53, (0, Some(3))));
        // Hexes shadowed edge by edge: thin walls on most edges, few walls.
        all.extend(boards_with(hex, (7, 6), 3, 59, (1, Some(2))));
        let mut next = below_from(99);
        for m in &all {
            let want = reference_table(m);
            let cells: Vec<Cell> = m.grid.cells().collect();
            let n = cells.len();
            let pairs: Vec<(usize, usize)> =
                (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).collect();
            let backwards: Vec<(usize, usize)> = pairs.iter().rev().copied().collect();
            let mut shuffled = pairs.clone();
            for k in (1..shuffled.len()).rev() {
                shuffled.swap(k, next(k + 1));
            }
            let ask = |m: &TerrainMap, (i, j): (usize, usize)| {
                let (a, b) = (cells[i], cells[j]);
                assert_eq!(line_of_sight(m, a, b, ANY), want[i * n + j], "{a} {b}");
            };
            for order in [&pairs, &backwards, &shuffled] {
                let mut fresh = m.clone();
                fresh.forget_memo();
                order.iter().for_each(|&pair| ask(&fresh, pair));
            }
            for &pair in shuffled.iter().step_by(5) {
                let mut fresh = m.clone();
                fresh.forget_memo();
                ask(&fresh, pair);
            }
        }
    }

    /// Boards too big for the memo get no certificate read from it, and still the
    /// reference's answers.
    #[test]
    fn hex_any_point_on_a_board_too_big_to_remember() {
        let m = &boards_with(GridKind::Hex, (50, 42), 1, 61, (2, Some(9)))[0];
        assert!(!m.memo.remembers(m.grid.len()));
        let solid = |x: Cell| m.terrain(x).blocks_sight();
        let mut below = below_from(5);
        let mut next = |n: usize| below(n) as i32;
        for _ in 0..150 {
            let a = Cell::new(next(50), next(42));
            let b = Cell::new(
                (a.col + next(9) - 4).clamp(0, 49),
                (a.row + next(9) - 4).clamp(0, 41),
            );
            let want = a == b
                || (!solid(a)
                    && !solid(b)
                    && super::super::any_point::any_point_reference(&Sight::new(m, a, b), a, b));
            assert_eq!(line_of_sight(m, a, b, ANY), want, "{a} {b}");
        }
    }

    /// Asked about the far corner of a board as big as the memo keeps, once sight there is
    /// asked about widely, the shadow certificate asks about nearer pairs many levels deep
    /// before it gives up (the depth is bounded, so the stack is too); the answers are
    /// right: a hex walled in by six wall hexes sees nothing, while open hexes see each
    /// other across the board.
    #[test]
    fn hex_any_point_deep_shadow_on_a_big_board() {
        let mut m = TerrainMap::new(Grid::new(GridKind::Hex, 45, 45));
        assert!(m.memo.remembers(m.grid.len()));
        let a = Cell::new(2, 2);
        for n in m.grid.neighbours(a) {
            m.set(n, Terrain::Wall);
        }
        // As if a whole table were being worked out.
        for _ in 0..4 * m.grid.len() {
            m.memo.count_worked_out();
        }
        let far = Cell::new(44, 44);
        assert!(!line_of_sight(&m, a, far, ANY));
        assert!(!line_of_sight(&m, far, a, ANY));
        assert!(!line_of_sight(&m, a, Cell::new(5, 2), ANY));
        assert!(line_of_sight(&m, Cell::new(10, 10), far, ANY));
        assert!(line_of_sight(&m, Cell::new(0, 44), Cell::new(44, 0), ANY));
    }

    // `walled_board`: the board of `benches/sight.rs`.
    include!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/boards/walled_hex.rs"
    ));

    /// Walls kept on the stack or, past eight, in a vector, read back in order.
    #[test]
    fn walls_keep_every_wall_in_order() {
        for count in [0, 1, 8, 9, 20] {
            let all: Vec<(P, P)> = (0..count).map(|k| ((k, 0), (k, 1))).collect();
            let walls: Walls = all.iter().copied().collect();
            assert_eq!(&walls[..], &all[..], "{count}");
        }
    }

    /// The blocker search (in `i64` on such boards) finds a blocker exactly when the
    /// reference finds the segment blocked, for random segments between points of the
    /// board and its surroundings (single points and segments along edges among them).
    #[test]
    fn blocker_agrees_with_the_naive_reference() {
        let mut below = below_from(29);
        for m in boards_with(GridKind::Hex, (7, 6), 6, 13, (2, Some(5))) {
            let mut point = || (below(23) as i64 - 2, below(14) as i64 - 1);
            let sight = Sight::whole(&m);
            for _ in 0..2000 {
                let (p, q) = (point(), point());
                assert_eq!(
                    sight.blocker(p, q).is_none(),
                    naive_clear(&m, 1, p, q),
                    "{p:?} {q:?}"
                );
            }
        }
    }

    /// A slit between a wall's corner and the tip of a thin wall: any-point sight through
    /// it needs a line that starts inside the viewer's hex, not on a corner.
    #[test]
    fn hex_any_point_through_a_slit() {
        let rows = "
            ......
            .#....
            ......
            ....#.
            ......
        ";
        let m = map(GridKind::Hex, rows);
        let g = m.grid;
        for a in g.cells() {
            for b in g.cells() {
                let any = line_of_sight(&m, a, b, ANY);
                assert!(!line_of_sight(&m, a, b, CC) || any);
                assert_eq!(any, line_of_sight(&m, b, a, ANY));
            }
        }
    }
}

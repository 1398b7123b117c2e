//! Terrain per cell and thin walls on the edges between cells, with the movement and
//! sight questions every system asks of them.

use super::memo::Memo;
use super::{Cell, Grid};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What one cell of the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Open ground: nothing in the way.
    #[default]
    Floor,
    /// Blocks movement, sight and proximity.
    Wall,
    /// Blocks movement only.
    Obstacle,
    /// Costs 2 to enter.
    Difficult,
    /// Harms whoever enters; monsters avoid it.
    Hazardous,
    /// A figure entering slides on in the same direction.
    Icy,
    /// Blocks movement and sight.
    ClosedDoor,
    /// Floor for all purposes.
    OpenDoor,
}

impl Terrain {
    /// Every terrain, floor first, in the order keys and legends list them.
    pub const ALL: [Terrain; 8] = [
        Terrain::Floor,
        Terrain::Wall,
        Terrain::Obstacle,
        Terrain::Difficult,
        Terrain::Hazardous,
        Terrain::Icy,
        Terrain::ClosedDoor,
        Terrain::OpenDoor,
    ];

    /// Whether a figure may not walk into or through it.
    pub fn blocks_movement(self) -> bool {
        matches!(
            self,
            Terrain::Wall | Terrain::Obstacle | Terrain::ClosedDoor
        )
    }
    /// Whether it stops line of sight.
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::ClosedDoor)
    }
}

/// The board's terrain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainMap {
    /// The board's shape and size.
    pub grid: Grid,
    cells: Vec<Terrain>,
    /// Thin walls, each stored once as (smaller cell, larger cell).
    thin_walls: BTreeSet<(Cell, Cell)>,
    /// Range fields and sight already worked out for this terrain.
    pub(crate) memo: Memo,
}

impl TerrainMap {
    /// An all-floor map.
    pub fn new(grid: Grid) -> TerrainMap {
        TerrainMap {
            grid,
            cells: vec![Terrain::Floor; grid.len()],
            thin_walls: BTreeSet::new(),
            memo: Memo::default(),
        }
    }

    /// What the cell is made of.
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.cells[self.grid.index(c)]
    }

    /// Starts this map's memo afresh, without what copies of it have worked out
    /// (benchmarks that measure the searches themselves use it).
    pub fn forget_memo(&mut self) {
        self.memo = Memo::default();
    }

    /// Changes what a cell is made of (forgetting what was worked out).
    pub fn set(&mut self, c: Cell, t: Terrain) {
        let i = self.grid.index(c);
        self.cells[i] = t;
        self.memo.forget();
    }

    /// Adds a thin wall on the edge between two adjacent cells.
    pub fn add_thin_wall(&mut self, a: Cell, b: Cell) {
        self.thin_walls.insert(if a < b { (a, b) } else { (b, a) });
        self.memo.forget();
    }

    /// Every thin wall, as its two cells (the smaller first).
    pub fn thin_walls(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.thin_walls.iter().copied()
    }

    /// True when a thin wall separates two adjacent cells.
    pub fn thin_wall_between(&self, a: Cell, b: Cell) -> bool {
        self.thin_walls
            .contains(&if a < b { (a, b) } else { (b, a) })
    }

    /// Can a walker step directly from `a` to the neighbouring cell `b`, terrain-wise?
    /// False when `b` blocks movement, a thin wall separates them, or (square grids) the
    /// step is diagonal and both cells beside the diagonal block movement (or a thin wall
    /// closes the corner on both sides). Passing one blocked corner is allowed.
    ///
    /// The exact corner rule: a diagonal step passes through the corner point shared by
    /// `a`, `b` and the two side cells `s1`, `s2`. The side of `s1` is *closed* when `s1`
    /// blocks movement or a thin wall lies on the edge `a|s1` or `s1|b` (the two edges
    /// that meet at that corner on `s1`'s side); likewise for `s2`. The step is refused
    /// only when both sides are closed — i.e. when something solid reaches the corner
    /// from both sides of the diagonal (two blocked cells, a wall running straight
    /// through the corner, or an L of thin walls around `a`'s or `b`'s corner).
    /// False as well when either cell is off the board or they are not neighbours.
    pub fn step_open(&self, a: Cell, b: Cell) -> bool {
        self.step_open_with(a, b, Terrain::blocks_movement, |x, y| {
            self.thin_wall_between(x, y)
        })
    }

    /// Like [`TerrainMap::step_open`] but only walls, closed doors and thin walls matter
    /// (used for proximity and range, which count around walls, not obstacles).
    pub fn step_open_for_range(&self, a: Cell, b: Cell) -> bool {
        self.step_open_with(a, b, Terrain::blocks_sight, |x, y| {
            self.thin_wall_between(x, y)
        })
    }

    /// Steps from `from` to every cell, counted around walls (not obstacles or figures),
    /// with the grid metric. `None` where no route exists. Indexed by [`Grid::index`].
    ///
    /// On alternating-metric boards every second diagonal of the route counts 2. A start
    /// off the board reaches nothing; a start inside a wall still counts outwards.
    pub fn range_distances(&self, from: Cell) -> Vec<Option<u32>> {
        super::path::search(self, &super::path::Rules::range(), &[from], false)
            .costs()
            .into_iter()
            .map(|k| k.map(|k| k.steps))
            .collect()
    }

    /// The shared step test: `blocks` says which terrain may not be entered (and closes
    /// a diagonal's side), `wall` whether a thin wall separates two touching cells.
    pub(crate) fn step_open_with(
        &self,
        a: Cell,
        b: Cell,
        blocks: impl Fn(Terrain) -> bool,
        wall: impl Fn(Cell, Cell) -> bool,
    ) -> bool {
        let g = &self.grid;
        if !g.contains(a)
            || !g.contains(b)
            || !g.adjacent(a, b)
            || blocks(self.terrain(b))
            || wall(a, b)
        {
            return false;
        }
        if !g.is_diagonal(a, b) {
            return true;
        }
        let (s1, s2) = (Cell::new(b.col, a.row), Cell::new(a.col, b.row));
        let closed = |s: Cell| blocks(self.terrain(s)) || wall(a, s) || wall(s, b);
        !(closed(s1) && closed(s2))
    }

    /// The terrain of every cell, indexed by [`Grid::index`].
    pub fn terrain_slice(&self) -> &[Terrain] {
        &self.cells
    }

    /// Per cell, a bit for every direction of [`Grid::step_directions`] in which a thin
    /// wall lies. A thin wall between square diagonal neighbours closes that one
    /// diagonal step (as [`TerrainMap::step_open`] says), never a corner's side.
    pub(crate) fn thin_wall_masks(&self) -> Vec<u8> {
        let g = &self.grid;
        let mut masks = vec![0u8; g.len()];
        for (a, b) in self.thin_walls() {
            let Some(d) = g.direction(a, b) else { continue };
            if g.contains(a) {
                masks[g.index(a)] |= 1 << d;
            }
            if g.contains(b) {
                masks[g.index(b)] |= 1 << g.opposite(d);
            }
        }
        masks
    }
}

#[cfg(test)]
pub(crate) mod tests {
    /// Deterministic pseudo-random numbers below a given bound, from a seed (a linear
    /// congruential generator), for tests that draw boards or segments.
    pub(crate) fn below_from(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |below| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % below
        }
    }

    use super::*;
    use crate::grid::{GridKind, Metric};

    /// Builds a map from rows of characters: `.` floor, `#` wall, `o` obstacle,
    /// `~` difficult, `^` hazardous, `i` icy, `D` closed door, `d` open door. Any other
    /// character is floor (handy for marking cells in a test, e.g. `a`, `b`, `*`).
    pub(crate) fn map(kind: GridKind, rows: &str) -> TerrainMap {
        let lines: Vec<&str> = rows
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let grid = Grid::new(kind, lines[0].len() as u32, lines.len() as u32);
        let mut m = TerrainMap::new(grid);
        for (row, line) in lines.iter().enumerate() {
            assert_eq!(line.len(), lines[0].len(), "ragged test map");
            for (col, ch) in line.chars().enumerate() {
                let t = match ch {
                    '#' => Terrain::Wall,
                    'o' => Terrain::Obstacle,
                    '~' => Terrain::Difficult,
                    '^' => Terrain::Hazardous,
                    'i' => Terrain::Icy,
                    'D' => Terrain::ClosedDoor,
                    'd' => Terrain::OpenDoor,
                    _ => Terrain::Floor,
                };
                m.set(Cell::new(col as i32, row as i32), t);
            }
        }
        m
    }

    /// The cell marked with `mark` in a test map drawing.
    pub(crate) fn find(rows: &str, mark: char) -> Cell {
        let lines = rows.lines().map(str::trim).filter(|l| !l.is_empty());
        for (row, line) in lines.enumerate() {
            if let Some(col) = line.find(mark) {
                return Cell::new(col as i32, row as i32);
            }
        }
        panic!("no {mark} in map")
    }

    pub(crate) fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    const CHEB: GridKind = GridKind::Square(Metric::Chebyshev);

    #[test]
    fn orthogonal_steps() {
        let m = map(
            CHEB,
            "
            .#.
            .o.
            .D~
        ",
        );
        assert!(m.step_open(c("A1"), c("A2")));
        assert!(!m.step_open(c("A1"), c("B1")), "wall");
        assert!(!m.step_open(c("A2"), c("B2")), "obstacle");
        assert!(!m.step_open(c("A3"), c("B3")), "closed door");
        assert!(m.step_open(c("C2"), c("C3")), "difficult is enterable");
        assert!(
            m.step_open(c("B1"), c("A1")),
            "leaving a wall is a terrain question about the target only"
        );
        assert!(!m.step_open(c("A1"), c("A3")), "not neighbours");
        assert!(!m.step_open(c("A1"), c("A1")));
        assert!(!m.step_open(c("A1"), Cell::new(-1, 0)), "off the board");
        assert!(
            m.step_open_for_range(c("A2"), c("B2")),
            "obstacles do not block range"
        );
        assert!(!m.step_open_for_range(c("A1"), c("B1")));
        assert!(!m.step_open_for_range(c("A3"), c("B3")));
    }

    #[test]
    fn diagonal_past_one_corner_but_not_through_a_gap() {
        let m = map(
            CHEB,
            "
            a#.
            .b.
            o.o
        ",
        );
        assert!(
            m.step_open(c("A1"), c("B2")),
            "one wall beside the diagonal"
        );
        let gap = map(
            CHEB,
            "
            a#
            #b
        ",
        );
        assert!(!gap.step_open(c("A1"), c("B2")));
        assert!(!gap.step_open(c("B2"), c("A1")));
        let obstacles = map(
            CHEB,
            "
            .o
            o.
        ",
        );
        assert!(
            !obstacles.step_open(c("A1"), c("B2")),
            "two obstacles close the gap too"
        );
        assert!(
            obstacles.step_open_for_range(c("A1"), c("B2")),
            "but not for range"
        );
        let mixed = map(
            CHEB,
            "
            .#
            o.
        ",
        );
        assert!(!mixed.step_open(c("A1"), c("B2")));
        assert!(mixed.step_open_for_range(c("A1"), c("B2")));
        assert!(!map(GridKind::Square(Metric::Manhattan), "..\n..").step_open(c("A1"), c("B2")));
    }

    #[test]
    fn thin_walls_block_steps_and_close_corners() {
        let mut m = map(
            CHEB,
            "
            ...
            ...
            ...
        ",
        );
        m.add_thin_wall(c("B2"), c("A2"));
        assert!(m.thin_wall_between(c("A2"), c("B2")));
        assert!(!m.step_open(c("A2"), c("B2")));
        assert!(!m.step_open(c("B2"), c("A2")));
        assert!(!m.step_open_for_range(c("B2"), c("A2")));
        // The wall ends at the corners A1/B1/A2/B2 and A2/B2/A3/B3: passing its tip is fine.
        assert!(m.step_open(c("A1"), c("B2")));
        assert!(m.step_open(c("B1"), c("A2")));
        assert!(m.step_open(c("A3"), c("B2")));
        // A straight wall through the corner point closes both sides of the diagonal.
        m.add_thin_wall(c("A1"), c("B1"));
        assert!(!m.step_open(c("A1"), c("B2")));
        assert!(!m.step_open(c("B1"), c("A2")));
        assert!(m.step_open(c("B1"), c("C2")));
        // An L around one cell's corner closes the diagonal out of that corner.
        let mut l = map(CHEB, "...\n...\n...");
        l.add_thin_wall(c("B2"), c("C2"));
        l.add_thin_wall(c("B2"), c("B3"));
        assert!(!l.step_open(c("B2"), c("C3")));
        assert!(!l.step_open(c("C3"), c("B2")));
        // The same L seen from a neighbour's corner: both walls lie on one side.
        assert!(l.step_open(c("C2"), c("B3")));
        // A wall on a wall: one side closed by the blocked cell, the other by a thin wall.
        let mut w = map(CHEB, ".#\n..");
        w.add_thin_wall(c("A1"), c("A2"));
        assert!(!w.step_open(c("A1"), c("B2")));
        w = map(CHEB, ".#\n..");
        w.add_thin_wall(c("B1"), c("B2"));
        assert!(
            w.step_open(c("A1"), c("B2")),
            "the thin wall is on the wall's own side"
        );
    }

    #[test]
    fn hex_steps() {
        // B1 sits half a hex lower than A1 and C1, so it touches A1, A2, C1 and C2.
        let mut m = map(
            GridKind::Hex,
            "
            .o.
            ...
        ",
        );
        assert!(!m.step_open(c("A1"), c("B1")));
        assert!(m.step_open_for_range(c("A1"), c("B1")));
        assert!(m.step_open(c("B1"), c("A2")));
        assert!(m.step_open(c("B1"), c("C2")));
        assert!(!m.step_open(c("A1"), c("B2")), "not neighbours");
        m.add_thin_wall(c("B1"), c("C1"));
        assert!(!m.step_open(c("B1"), c("C1")));
        assert!(!m.step_open_for_range(c("C1"), c("B1")));
        assert!(m.step_open(c("B1"), c("C2")));
    }

    #[test]
    fn range_counts_around_walls_not_obstacles() {
        let rows = "
            a.#...
            .o#.b.
            ..#...
            ......
        ";
        let m = map(CHEB, rows);
        let d = m.range_distances(find(rows, 'a'));
        let at = |n: &str| d[m.grid.index(c(n))];
        assert_eq!(at("A1"), Some(0));
        assert_eq!(at("B2"), Some(1), "obstacles do not matter");
        assert_eq!(at("C1"), None, "walls are never reached");
        assert_eq!(at("E2"), Some(5)); // A1 B2 B3 C4 D3 E2
        let mut closed = map(CHEB, rows);
        closed.set(c("C4"), Terrain::ClosedDoor);
        let d = closed.range_distances(c("A1"));
        assert_eq!(d[closed.grid.index(c("E2"))], None);
        assert!(
            closed
                .range_distances(Cell::new(9, 9))
                .iter()
                .all(Option::is_none)
        );
    }

    #[test]
    fn range_with_alternating_diagonals() {
        let rows = "
            .....
            .....
            .....
            .....
            .....
        ";
        let m = map(GridKind::Square(Metric::Alternating), rows);
        let d = m.range_distances(c("A1"));
        for cell in m.grid.cells() {
            assert_eq!(
                d[m.grid.index(cell)],
                Some(m.grid.distance(c("A1"), cell)),
                "{cell}"
            );
        }
        // A wall forces a detour; the parity of diagonals is kept along the way.
        let m = map(
            GridKind::Square(Metric::Alternating),
            "
            .....
            .#...
            ..#..
            .....
            .....
        ",
        );
        let d = m.range_distances(c("A1"));
        // A1 A2 A3 (or B3)... to C3's blocked diagonal: A1 -> B1 -> C2 (diag 1) -> D3 (diag 2) -> E4 (diag 1)
        assert_eq!(d[m.grid.index(c("E4"))], Some(5));
        assert_eq!(d[m.grid.index(c("E5"))], Some(6));
    }

    #[test]
    fn range_on_hexes() {
        let rows = "
            a.#..
            ..#..
            ..#..
            .....
        ";
        let m = map(GridKind::Hex, rows);
        let d = m.range_distances(c("A1"));
        assert_eq!(d[m.grid.index(c("E1"))], Some(8));
        assert_eq!(m.grid.distance(c("A1"), c("E1")), 4);
    }
}

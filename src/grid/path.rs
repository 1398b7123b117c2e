//! Pathfinding over the terrain for one mover: a full Dijkstra field from the mover's
//! cell (what it can reach and by which path) and a multi-source field towards a set of
//! goal cells (how far each cell still is from the nearest goal). Costs are
//! lexicographic: first the number of avoided cells entered, then movement points.
//!
//! The search is a hand-rolled Dijkstra over dense per-cell vectors rather than the
//! `pathfinding` crate: the contract needs a specific tie rule for predecessors (lowest
//! reading order among all optimal ones), two states per cell on alternating boards, and
//! results for every cell; `dijkstra_all` keeps only the first-found parent and returns a
//! `HashMap` that costs several times more than the search itself on a 200×200 board.

use super::geom::{self, P};
use super::ice::Ice;
use super::layout::GridKind;
use super::{Cell, Grid, Metric, Terrain, TerrainMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Cost of a path: avoided cells entered, then movement points spent (difficult terrain
/// costs 2 to enter unless flying; on alternating-metric boards every second diagonal
/// costs 2). Ordered lexicographically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PathCost {
    pub avoided: u32,
    pub steps: u32,
}

/// What a mover may pass and what its controller wants avoided. Slices are indexed by
/// [`crate::grid::Grid::index`] and have one entry per cell.
#[derive(Clone, Copy, Debug)]
pub struct Passage<'a> {
    pub map: &'a TerrainMap,
    /// Cells the mover may not pass through (enemy figures).
    pub blocked: &'a [bool],
    /// Cells the controller would rather not enter (difficult, hazardous, own traps).
    /// Entering one adds 1 to [`PathCost::avoided`].
    pub avoided: &'a [bool],
    /// Ignores difficult terrain costs and may pass over `blocked` cells and obstacles
    /// (the caller must not end a move on either). Walls, closed doors and thin walls
    /// still stop a flyer, and still close a diagonal's corner.
    pub flying: bool,
    /// Pays no extra for difficult terrain (but passes nothing a walker cannot).
    pub floating: bool,
    /// May pass through walls, obstacles, closed doors and thin walls (but the caller
    /// must not end a move there). Enemy figures still block unless also `flying`.
    pub intangible: bool,
    /// For a walker that slides on ice: the cells holding a figure (a slide stops before
    /// them). Stepping onto ice then carries it on to where the slide ends, over cells
    /// it cannot stop on; `avoided` cells are the ones that end a slide by hurting. `None`:
    /// ice is floor to this mover.
    pub slides: Option<&'a [bool]>,
}

/// Result of a Dijkstra search: best cost and predecessor for every reached cell.
#[derive(Clone, Debug)]
pub struct MoveField {
    grid: Grid,
    /// Search states per cell: 2 on alternating boards (parity of diagonals taken), else 1.
    states: usize,
    /// Packed cost per state (see [`pack`]); `UNREACHED` when not reached.
    dist: Vec<u64>,
    /// Per state: the previous state on the best path (forward field) or the next state
    /// towards the goal (goal field); `NONE` at sources and goals.
    link: Vec<u32>,
    /// True for a goal field.
    towards_goal: bool,
    /// Per state, when its link is a slide: the icy cell stepped onto (`NONE` otherwise).
    /// Empty when the mover does not slide.
    entered: Vec<u32>,
}

const UNREACHED: u64 = u64::MAX;
const NONE: u32 = u32::MAX;

fn pack(avoided: u64, steps: u64) -> u64 {
    (avoided << 32) | steps
}

fn unpack(key: u64) -> PathCost {
    PathCost {
        avoided: (key >> 32) as u32,
        steps: key as u32,
    }
}

impl MoveField {
    /// The state a cell's answer is read from: the cheaper parity (even on ties) for a
    /// forward field; even parity (a mover starting fresh) for a goal field.
    fn best_state(&self, c: Cell) -> Option<usize> {
        if !self.grid.contains(c) {
            return None;
        }
        let base = self.grid.index(c) * self.states;
        let state = if self.towards_goal {
            base
        } else {
            (base..base + self.states)
                .min_by_key(|&s| self.dist[s])
                .expect("at least one state")
        };
        (self.dist[state] != UNREACHED).then_some(state)
    }

    /// Best cost from the source(s) to `c`, `None` when unreachable.
    pub fn cost(&self, c: Cell) -> Option<PathCost> {
        self.best_state(c).map(|s| unpack(self.dist[s]))
    }

    /// The cells walked from the source to `c` (source excluded, `c` included); empty when
    /// `c` is a source or unreachable. For a goal field this walks from `c` towards the
    /// nearest goal instead (c excluded, goal included).
    pub fn path(&self, c: Cell) -> Vec<Cell> {
        let Some(mut state) = self.best_state(c) else {
            return Vec::new();
        };
        let cell_of = |s: usize| self.grid.cell_at(s / self.states);
        let mut cells = Vec::new();
        if self.towards_goal {
            while self.link[state] != NONE {
                let next = self.link[state] as usize;
                cells.extend(self.hop(state, cell_of(state), cell_of(next)));
                state = next;
            }
        } else {
            while self.link[state] != NONE {
                let prev = self.link[state] as usize;
                cells.extend(self.hop(state, cell_of(prev), cell_of(state)).rev());
                state = prev;
            }
            cells.reverse();
        }
        cells
    }

    /// The cells entered on the link of `state`, from `a` to `b`: `b` alone for a step,
    /// every cell of the slide for a step onto ice.
    fn hop(&self, state: usize, a: Cell, b: Cell) -> std::vec::IntoIter<Cell> {
        let Some(&ice) = self.entered.get(state).filter(|&&e| e != NONE) else {
            return vec![b].into_iter();
        };
        let (mut prev, mut cur) = (a, self.grid.cell_at(ice as usize));
        let mut cells = vec![cur];
        while cur != b {
            let Some(next) = self.grid.beyond(prev, cur) else {
                break;
            };
            cells.push(next);
            (prev, cur) = (cur, next);
        }
        cells.into_iter()
    }

    /// Every reached cell with its cost, in reading order.
    pub fn reached(&self) -> impl Iterator<Item = (Cell, PathCost)> + '_ {
        self.grid
            .cells()
            .filter_map(|c| self.cost(c).map(|cost| (c, cost)))
    }
}

/// Dijkstra from `start` over every cell the mover can reach. Ties between equal-cost
/// predecessors are broken by reading order of the predecessor, so paths are
/// deterministic.
pub fn move_field(passage: &Passage, start: Cell) -> MoveField {
    search(
        passage.map,
        &Rules::for_passage(passage),
        &[start],
        false,
        None,
    )
}

/// Multi-source Dijkstra: for every cell, the cost of walking from it to the nearest of
/// `goals` under the same passage rules (entering a cell costs what entering it costs in
/// the forward direction).
///
/// Equal-cost next steps are broken by reading order of the next cell. On alternating
/// boards the cost is for a mover that has taken no diagonal yet when it starts at that
/// cell. Goals off the board are ignored; a goal the mover may not enter is only reached
/// from itself.
pub fn goal_field(passage: &Passage, goals: &[Cell]) -> MoveField {
    search(passage.map, &Rules::for_passage(passage), goals, true, None)
}

/// Like [`goal_field`], but stops as soon as `from` is settled: every cell at least as
/// close to the goals as `from` has its final cost, farther ones may be unknown. This is
/// all a monster walking toward the goals from `from` needs, and much less work when
/// the goals are near.
pub fn goal_field_to(passage: &Passage, goals: &[Cell], from: Cell) -> MoveField {
    search(
        passage.map,
        &Rules::for_passage(passage),
        goals,
        true,
        Some(from),
    )
}

/// Which steps are allowed and what they cost; shared by movement and range counting.
pub(crate) struct Rules<'a> {
    /// Terrain that may not be entered (and closes a diagonal's side).
    solid: Solid,
    thin_walls: bool,
    difficult_costs: bool,
    blocked: &'a [bool],
    avoided: &'a [bool],
    /// Figures that stop a slide, for a mover that slides on ice.
    slides: Option<&'a [bool]>,
}

/// Which terrain a mover may not enter (and which closes a diagonal's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Solid {
    /// What blocks movement: walls, obstacles, closed doors.
    Movement,
    /// What blocks sight only (a flyer's way; range counting).
    Sight,
    /// Nothing (intangible).
    Nothing,
}

impl Solid {
    fn blocks(self, t: Terrain) -> bool {
        match self {
            Solid::Movement => t.blocks_movement(),
            Solid::Sight => t.blocks_sight(),
            Solid::Nothing => false,
        }
    }
}

impl<'a> Rules<'a> {
    pub(crate) fn for_passage(p: &Passage<'a>) -> Rules<'a> {
        let solid = if p.intangible {
            Solid::Nothing
        } else if p.flying {
            Solid::Sight
        } else {
            Solid::Movement
        };
        Rules {
            solid,
            thin_walls: !p.intangible,
            difficult_costs: !(p.flying || p.floating),
            blocked: if p.flying { &[] } else { p.blocked },
            avoided: p.avoided,
            slides: p
                .slides
                .filter(|_| !(p.flying || p.floating || p.intangible)),
        }
    }

    /// Range and proximity: around walls, closed doors and thin walls, every step 1
    /// (alternating diagonals aside).
    pub(crate) fn range() -> Rules<'static> {
        Rules {
            solid: Solid::Sight,
            thin_walls: true,
            difficult_costs: false,
            blocked: &[],
            avoided: &[],
            slides: None,
        }
    }
}

/// Direction number of a square step `(dcol, drow)` in the reading-order table.
fn square_dir(dc: i32, dr: i32) -> usize {
    let k = ((dr + 1) * 3 + dc + 1) as usize;
    if k > 4 { k - 1 } else { k }
}

/// Dense per-search view of the board.
struct Board<'a> {
    grid: Grid,
    square: bool,
    alternating: bool,
    /// Per cell, a bit per direction (as `Grid::step_directions` numbers them) whose
    /// step the terrain allows (see [`open_steps`]).
    open: std::sync::Arc<Vec<u8>>,
    difficult: Vec<bool>,
    rules: &'a Rules<'a>,
}

/// Per cell, a bit for each direction whose step the terrain allows under `solid` and
/// the thin walls (when they count): the neighbour is on the board and not solid, no thin
/// wall is in the way, and a diagonal is not squeezed between two closed sides. Depends
/// on the terrain alone, so each map remembers it.
fn open_steps(map: &TerrainMap, solid: Solid, thin_walls: bool) -> Vec<u8> {
    let grid = map.grid;
    let terrain = map.terrain_slice();
    let closed: Vec<bool> = terrain.iter().map(|&t| solid.blocks(t)).collect();
    let walls = map.thin_wall_masks();
    let wall = |from: usize, dir: usize| thin_walls && walls[from] & (1 << dir) != 0;
    let square = matches!(grid.kind, GridKind::Square(_));
    let mut open = vec![0u8; grid.len()];
    for u in grid.cells() {
        let ui = grid.index(u);
        for (d, &(dc, dr)) in grid.step_directions(u).iter().enumerate() {
            let v = Cell::new(u.col + dc, u.row + dr);
            if !grid.contains(v) || closed[grid.index(v)] || wall(ui, d) {
                continue;
            }
            if square && dc != 0 && dr != 0 {
                let s1 = grid.index(Cell::new(v.col, u.row));
                let s2 = grid.index(Cell::new(u.col, v.row));
                let side1 =
                    closed[s1] || wall(ui, square_dir(dc, 0)) || wall(s1, square_dir(0, dr));
                let side2 =
                    closed[s2] || wall(ui, square_dir(0, dr)) || wall(s2, square_dir(dc, 0));
                if side1 && side2 {
                    continue;
                }
            }
            open[ui] |= 1 << d;
        }
    }
    open
}

impl Board<'_> {
    /// Weight of the step from `u` into its neighbour `v` (direction `d` from `u`) for a
    /// mover whose diagonal parity is `parity`, with the parity after the step; `None`
    /// when the step is not allowed.
    fn step(&self, u: Cell, v: Cell, d: usize, parity: usize) -> Option<(u64, usize)> {
        let g = &self.grid;
        let (ui, vi) = (g.index(u), g.index(v));
        if self.open[ui] & (1 << d) == 0 || self.rules.blocked.get(vi).copied().unwrap_or(false) {
            return None;
        }
        let diagonal = self.square && v.col != u.col && v.row != u.row;
        let mut cost = if diagonal && self.alternating && parity == 1 {
            2
        } else {
            1
        };
        if self.difficult[vi] {
            cost *= 2;
        }
        let avoided = u64::from(self.rules.avoided.get(vi).copied().unwrap_or(false));
        let parity = if diagonal && self.alternating {
            1 - parity
        } else {
            parity
        };
        Some((pack(avoided, cost), parity))
    }
}

/// Dijkstra over (cell, diagonal parity) states from `sources` (forward), or from
/// `sources` as goals over reversed steps (`towards_goal`).
pub(crate) fn search(
    map: &TerrainMap,
    rules: &Rules,
    sources: &[Cell],
    towards_goal: bool,
    stop_at: Option<Cell>,
) -> MoveField {
    let grid = map.grid;
    let alternating = grid.kind == GridKind::Square(Metric::Alternating);
    let states = if alternating { 2 } else { 1 };
    let terrain = map.terrain_slice();
    let board = Board {
        grid,
        square: matches!(grid.kind, GridKind::Square(_)),
        alternating,
        open: map.memo.open_steps((rules.solid, rules.thin_walls), || {
            open_steps(map, rules.solid, rules.thin_walls)
        }),
        difficult: terrain
            .iter()
            .map(|&t| rules.difficult_costs && t == Terrain::Difficult)
            .collect(),
        rules,
    };
    let n = grid.len() * states;
    let ice = rules
        .slides
        .map(|stops| Ice::new(map, stops, rules.avoided));
    let slides_into = reverse_slides(&board, ice.as_ref(), towards_goal);
    let mut front = Frontier {
        dist: vec![UNREACHED; n],
        link: vec![NONE; n],
        entered: if ice.is_some() {
            vec![NONE; n]
        } else {
            Vec::new()
        },
        heap: BinaryHeap::with_capacity(n),
        grid,
        states,
        // Forward fields from one cell prefer, among equally good predecessors, the one
        // nearest the straight line from the start, so walks look like a person's walk.
        line_start: match (towards_goal, sources) {
            (false, [only]) if grid.contains(*only) => Some(geom::centre(&grid, *only)),
            _ => None,
        },
    };
    for &s in sources.iter().filter(|&&s| grid.contains(s)) {
        let base = grid.index(s) * states;
        // A goal is a goal whatever the parity of the walker arriving there.
        let seeded = if towards_goal { states } else { 1 };
        for state in base..base + seeded {
            front.dist[state] = 0;
            front.heap.push(Reverse((0u64, state as u32)));
        }
    }
    while let Some(Reverse((key, state))) = front.heap.pop() {
        let state = state as usize;
        if key > front.dist[state] {
            continue;
        }
        if stop_at.is_some_and(|s| grid.contains(s) && state == grid.index(s) * states) {
            break;
        }
        let (cell, parity) = (grid.cell_at(state / states), state % states);
        for (d, &(dc, dr)) in grid.step_directions(cell).iter().enumerate() {
            if !grid.moves_in_direction(d) {
                continue;
            }
            let other = Cell::new(cell.col + dc, cell.row + dr);
            if !grid.contains(other) {
                continue;
            }
            if towards_goal {
                // Reverse step: a walker at `other` steps into `cell` (unless it would
                // slide on: slides are added below).
                if ice.as_ref().is_some_and(|i| i.slides_into(cell)) {
                    continue;
                }
                let before = parity_before(&board, other, cell, parity);
                if let Some((w, _)) = board.step(other, cell, grid.opposite(d), before) {
                    let next = grid.index(other) * states + before;
                    front.relax((state, cell), (next, other), key + w, NONE);
                }
            } else if let Some((w, after)) = board.step(cell, other, d, parity) {
                match ice.as_ref().filter(|i| i.slides_into(other)) {
                    Some(i) => {
                        let (end, harmed) = i.slide(cell, other);
                        let next = grid.index(end) * states + after;
                        let icy = grid.index(other) as u32;
                        let cost = key + w + pack(u64::from(harmed), 0);
                        front.relax((state, cell), (next, end), cost, icy);
                    }
                    None => {
                        let next = grid.index(other) * states + after;
                        front.relax((state, cell), (next, other), key + w, NONE)
                    }
                }
            }
        }
        for &(from, icy, harmed) in slides_into.get(grid.index(cell)).into_iter().flatten() {
            let (a, b) = (grid.cell_at(from as usize), grid.cell_at(icy as usize));
            let before = parity_before(&board, a, b, parity);
            let d = grid.direction(a, b).expect("a slide starts with a step");
            if let Some((w, _)) = board.step(a, b, d, before) {
                let next = from as usize * states + before;
                let cost = key + w + pack(u64::from(harmed), 0);
                front.relax((state, cell), (next, a), cost, icy);
            }
        }
    }
    MoveField {
        grid,
        states,
        dist: front.dist,
        link: front.link,
        towards_goal,
        entered: front.entered,
    }
}

/// The search's working state: best costs and links so far, and the states to settle.
struct Frontier {
    dist: Vec<u64>,
    link: Vec<u32>,
    /// Per state, the icy cell stepped onto when its link is a slide (empty without ice).
    entered: Vec<u32>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    grid: Grid,
    states: usize,
    /// Centre of the start cell of a forward field from one cell.
    line_start: Option<P>,
}

impl Frontier {
    /// Offers `next` (a state and its cell) the cost `candidate` by way of `state` (over
    /// the icy cell `icy`, or `NONE`); keeps it when cheaper, or as cheap and straighter.
    #[inline(always)]
    fn relax(
        &mut self,
        (state, from): (usize, Cell),
        (next, to): (usize, Cell),
        candidate: u64,
        icy: u32,
    ) {
        let old = self.dist[next];
        if candidate > old {
            return;
        }
        if candidate == old {
            let link = self.link[next];
            if link == NONE || !self.straighter(state, from, to, link as usize) {
                return;
            }
        } else {
            self.heap.push(Reverse((candidate, next as u32)));
        }
        self.dist[next] = candidate;
        self.link[next] = state as u32;
        if let Some(e) = self.entered.get_mut(next) {
            *e = icy;
        }
    }

    /// Should state `new` (in cell `from`) replace state `old` as the link of a state in
    /// cell `at`? The one whose cell is closer to the line from the start to `at` wins
    /// (when there is a start), then the earlier cell in reading order.
    fn straighter(&self, new: usize, from: Cell, at: Cell, old: usize) -> bool {
        let (new_i, old_i) = (new / self.states, old / self.states);
        let Some(start) = self.line_start else {
            return new_i < old_i;
        };
        let end = geom::centre(&self.grid, at);
        let off = |c: Cell| geom::cross(start, end, geom::centre(&self.grid, c)).unsigned_abs();
        (off(from), new_i) < (off(self.grid.cell_at(old_i)), old_i)
    }
}

/// The diagonal parity of a walker before stepping from `a` into `b` that has `after`
/// once there (only alternating-metric diagonals flip it).
fn parity_before(board: &Board, a: Cell, b: Cell, after: usize) -> usize {
    let diagonal = board.square && a.col != b.col && a.row != b.row;
    if diagonal && board.alternating {
        1 - after
    } else {
        after
    }
}

/// For a goal field over ice: per cell, the slides that end there, as (the cell the
/// step starts from, the icy cell stepped onto, harmful cells slid into).
fn reverse_slides(
    board: &Board,
    ice: Option<&Ice>,
    towards_goal: bool,
) -> Vec<Vec<(u32, u32, u32)>> {
    let Some(ice) = ice.filter(|_| towards_goal) else {
        return Vec::new();
    };
    let grid = board.grid;
    let mut into = vec![Vec::new(); grid.len()];
    for a in grid.cells() {
        for (d, &(dc, dr)) in grid.step_directions(a).iter().enumerate() {
            let b = Cell::new(a.col + dc, a.row + dr);
            if !grid.moves_in_direction(d) || !grid.contains(b) || !ice.slides_into(b) {
                continue;
            }
            // Whether the step itself is allowed is asked again with the right parity.
            if board.step(a, b, d, 0).is_none() && board.step(a, b, d, 1).is_none() {
                continue;
            }
            let (end, harmed) = ice.slide(a, b);
            into[grid.index(end)].push((grid.index(a) as u32, grid.index(b) as u32, harmed));
        }
    }
    into
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::terrain::tests::{c, find, map};

    const CHEB: GridKind = GridKind::Square(Metric::Chebyshev);
    const ALT: GridKind = GridKind::Square(Metric::Alternating);

    struct Mover {
        blocked: Vec<bool>,
        avoided: Vec<bool>,
        flying: bool,
        intangible: bool,
    }

    impl Mover {
        /// `E` marks a blocked cell (enemy), `^` (hazardous) an avoided one.
        fn new(m: &TerrainMap, rows: &str) -> Mover {
            let cells: Vec<char> = rows
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .flat_map(str::chars)
                .collect();
            assert_eq!(cells.len(), m.grid.len());
            Mover {
                blocked: cells.iter().map(|&ch| ch == 'E').collect(),
                avoided: cells.iter().map(|&ch| ch == '^').collect(),
                flying: false,
                intangible: false,
            }
        }
        fn passage<'a>(&'a self, m: &'a TerrainMap) -> Passage<'a> {
            Passage {
                map: m,
                blocked: &self.blocked,
                avoided: &self.avoided,
                flying: self.flying,
                floating: false,
                intangible: self.intangible,
                slides: None,
            }
        }
    }

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(|c| c.name()).collect()
    }

    fn cost(avoided: u32, steps: u32) -> Option<PathCost> {
        Some(PathCost { avoided, steps })
    }

    #[test]
    fn open_board_costs_are_distances() {
        for kind in [
            CHEB,
            GridKind::Square(Metric::Manhattan),
            ALT,
            GridKind::Hex,
        ] {
            let rows = ".....\n.....\n.....\n.....";
            let m = map(kind, rows);
            let mover = Mover::new(&m, rows);
            let field = move_field(&mover.passage(&m), c("B2"));
            for x in m.grid.cells() {
                let d = m.grid.distance(c("B2"), x);
                assert_eq!(field.cost(x), cost(0, d), "{kind:?} {x}");
                let path = field.path(x);
                assert_eq!(
                    path.len(),
                    if kind == ALT { path.len() } else { d as usize }
                );
                assert_eq!(
                    path.last().copied(),
                    if x == c("B2") { None } else { Some(x) }
                );
                let mut at = c("B2");
                for &step in &path {
                    assert!(m.grid.adjacent(at, step));
                    at = step;
                }
            }
            assert_eq!(field.reached().count(), m.grid.len());
        }
    }

    #[test]
    fn ties_prefer_reading_order() {
        let rows = "...\n...\n...";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(names(&field.path(c("A3"))), ["A2", "A3"]);
        assert_eq!(names(&field.path(c("C2"))), ["B1", "C2"]);
        assert_eq!(names(&field.path(c("C3"))), ["B2", "C3"]);
        assert!(field.path(c("A1")).is_empty());
    }

    #[test]
    fn walls_obstacles_and_difficult_terrain() {
        let rows = "
            a#..
            .#~.
            .o..
            ....
        ";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), find(rows, 'a'));
        assert_eq!(field.cost(c("B1")), None);
        assert_eq!(field.cost(c("B3")), None);
        // A1 A2 A3 B4 C3 then D2 (4 + 1) or C2 difficult (4 + 2)
        assert_eq!(field.cost(c("D2")), cost(0, 5));
        assert_eq!(field.cost(c("C2")), cost(0, 6));
        assert_eq!(
            names(&field.path(c("D1"))),
            ["A2", "A3", "B4", "C3", "D2", "D1"]
        );
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        let field = move_field(&flyer.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B1")), None, "flyers do not pass walls");
        assert_eq!(field.cost(c("B3")), cost(0, 2), "but pass over obstacles");
        assert_eq!(
            field.cost(c("C2")),
            cost(0, 3),
            "and ignore difficult terrain"
        );
        let mut ghost = Mover::new(&m, rows);
        ghost.intangible = true;
        let field = move_field(&ghost.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B1")), cost(0, 1));
        assert_eq!(
            field.cost(c("C2")),
            cost(0, 3),
            "A1 B1 (wall) then C2, difficult still costs 2"
        );
    }

    #[test]
    fn diagonal_gaps_and_thin_walls() {
        let rows = "
            .#.
            #..
            ...
        ";
        let mut m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        assert_eq!(
            move_field(&mover.passage(&m), c("A1")).cost(c("B2")),
            None,
            "squeezed shut"
        );
        m.add_thin_wall(c("B2"), c("C2"));
        m.add_thin_wall(c("B3"), c("C3"));
        // The thin wall runs down the whole board between columns B and C, and the gap at
        // its top is squeezed between it and the wall at B1 (the corner rule again).
        let field = move_field(&mover.passage(&m), c("C3"));
        assert_eq!(field.cost(c("B3")), None);
        assert_eq!(field.cost(c("B2")), None);
        assert_eq!(field.cost(c("C1")), cost(0, 2));
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        assert_eq!(
            move_field(&flyer.passage(&m), c("C3")).cost(c("B3")),
            None,
            "thin walls stop flyers"
        );
        let mut ghost = Mover::new(&m, rows);
        ghost.intangible = true;
        assert_eq!(
            move_field(&ghost.passage(&m), c("C3")).cost(c("B3")),
            cost(0, 1)
        );
    }

    #[test]
    fn blocked_and_avoided_cells() {
        let rows = "
            .E..
            .E^.
            .E..
            ....
        ";
        let m = map(CHEB, &rows.replace(['E', '^'], "."));
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B2")), None, "enemies block");
        // Around the enemies: A1 A2 A3 B4 C3 D2 (5) avoiding C2's hazard.
        assert_eq!(field.cost(c("D2")), cost(0, 5));
        assert_eq!(
            field.cost(c("C2")),
            cost(1, 5),
            "entering the hazard itself costs one"
        );
        assert!(!field.path(c("D1")).contains(&c("C2")));
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        let field = move_field(&flyer.passage(&m), c("A1"));
        assert_eq!(field.cost(c("C1")), cost(0, 2), "flyers pass over enemies");
        // Straight over the hazard would be 3 steps; avoiding it is longer but preferred.
        assert_eq!(field.cost(c("D2")), cost(0, 3));
        assert!(!field.path(c("D2")).contains(&c("C2")));
    }

    #[test]
    fn alternating_diagonals_cost_one_then_two() {
        let rows = ".....\n.....\n.....\n.....\n.....";
        let m = map(ALT, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B2")), cost(0, 1));
        assert_eq!(field.cost(c("C3")), cost(0, 3));
        assert_eq!(field.cost(c("D4")), cost(0, 4));
        assert_eq!(field.cost(c("E5")), cost(0, 6));
        assert_eq!(field.path(c("E5")).len(), 4);
        // Difficult terrain doubles the step, whatever it is.
        let hard = map(ALT, ".....\n.~...\n..~..\n.....\n.....");
        let field = move_field(&Mover::new(&hard, rows).passage(&hard), c("A1"));
        assert_eq!(field.cost(c("B2")), cost(0, 2));
    }

    /// The goal field from every cell equals the forward field from that cell to the goal.
    #[test]
    fn goal_field_matches_forward_fields() {
        let cases = [
            (CHEB, ".~..\n.#^.\n..E~\n.o.."),
            (ALT, ".~...\n.#^..\n..E~.\n.o...\n.~.~."),
            (GridKind::Hex, ".~..\n.#^.\n..E~\n.o.."),
            (
                GridKind::Square(Metric::Manhattan),
                ".~..\n.#^.\n..E~\n.o..",
            ),
        ];
        for (kind, rows) in cases {
            let mut m = map(kind, &rows.replace(['E', '^'], "."));
            let second = m.grid.cell_at(5);
            m.add_thin_wall(c("A1"), m.grid.cell_at(1));
            m.add_thin_wall(second, m.grid.cell_at(9));
            for flying in [false, true] {
                let mut mover = Mover::new(&m, rows);
                mover.flying = flying;
                let p = mover.passage(&m);
                for goal in m.grid.cells() {
                    let back = goal_field(&p, &[goal]);
                    for x in m.grid.cells() {
                        let forward = move_field(&p, x);
                        assert_eq!(back.cost(x), forward.cost(goal), "{kind:?} {x} -> {goal}");
                        let path = back.path(x);
                        if back.cost(x).is_some() && x != goal {
                            assert_eq!(path.last(), Some(&goal));
                            assert!(m.grid.adjacent(x, path[0]));
                        } else {
                            assert!(path.is_empty());
                        }
                    }
                }
            }
        }
    }

    /// With slides, a goal field still gives every cell the cost of the best walk from it
    /// to the goal, and its paths follow the slides.
    #[test]
    fn goal_fields_agree_with_forward_fields_over_ice() {
        let cases = [
            (CHEB, ".ii.\n.#i.\niiE.\n.i^i"),
            (ALT, ".ii..\n.#i.i\niiE..\n.i^i.\n..ii."),
            (GridKind::Hex, ".ii.\n.#i.\niiE.\n.i^i"),
        ];
        for (kind, rows) in cases {
            let m = map(kind, &rows.replace(['E', '^'], "."));
            let mover = Mover::new(&m, rows);
            let mut p = mover.passage(&m);
            p.slides = Some(&mover.blocked);
            for goal in m.grid.cells() {
                let back = goal_field(&p, &[goal]);
                for x in m.grid.cells() {
                    let forward = move_field(&p, x);
                    assert_eq!(back.cost(x), forward.cost(goal), "{kind:?} {x} -> {goal}");
                    if forward.cost(goal).is_some() && x != goal {
                        assert_eq!(forward.path(goal).last(), Some(&goal));
                        assert_eq!(back.path(x).last(), Some(&goal));
                    }
                }
            }
        }
    }

    #[test]
    fn a_step_onto_ice_slides_for_free() {
        // A1 steps onto the ice at B1 and slides over C1 to D1: one point, three cells.
        let m = map(CHEB, ".ii..\n.....");
        let mover = Mover::new(&m, ".....\n.....");
        let mut p = mover.passage(&m);
        p.slides = Some(&mover.blocked);
        let f = move_field(&p, c("A1"));
        assert_eq!(f.cost(c("D1")), cost(0, 1));
        assert_eq!(names(&f.path(c("D1"))), ["B1", "C1", "D1"]);
        // No one can stop on the ice in passing: B1 is reached only from below.
        assert_eq!(f.cost(c("B1")), cost(0, 2));
    }

    #[test]
    fn goal_field_with_several_goals() {
        let rows = "......\n......\n......";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = goal_field(&mover.passage(&m), &[c("A1"), c("F3"), Cell::new(40, 40)]);
        assert_eq!(field.cost(c("C2")), cost(0, 2));
        assert_eq!(field.cost(c("D2")), cost(0, 2));
        assert_eq!(names(&field.path(c("C2"))), ["B1", "A1"]);
        assert_eq!(names(&field.path(c("D2"))), ["E2", "F3"]);
        assert!(field.path(c("F3")).is_empty());
    }
}

//! The search as it was before the bucket queue: a binary-heap Dijkstra that picks each
//! state's link while it searches. Kept only for the tests, as the reference the fast
//! search must agree with on costs and on every rebuilt path.

use super::field::{best_state, hop};
use super::{PathCost, Rules, UNREACHED, pack, unpack};
use crate::grid::geom::{self, P};
use crate::grid::ice::Ice;
use crate::grid::layout::GridKind;
use crate::grid::{Cell, Grid, Metric, Terrain, TerrainMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Result of a Dijkstra search: best cost and predecessor for every reached cell.
#[derive(Clone, Debug)]
pub(super) struct MoveField {
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

const NONE: u32 = u32::MAX;

impl MoveField {
    fn best_state(&self, c: Cell) -> Option<usize> {
        best_state(self.grid, self.states, self.towards_goal, &self.dist, c)
    }

    /// Best cost from the source(s) to `c`, `None` when unreachable.
    pub(super) fn cost(&self, c: Cell) -> Option<PathCost> {
        self.best_state(c).map(|s| unpack(self.dist[s]))
    }

    /// The cells walked from the source to `c` (source excluded, `c` included); empty when
    /// `c` is a source or unreachable. For a goal field this walks from `c` towards the
    /// nearest goal instead (c excluded, goal included).
    pub(super) fn path(&self, c: Cell) -> Vec<Cell> {
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

    fn hop(&self, state: usize, a: Cell, b: Cell) -> std::vec::IntoIter<Cell> {
        let icy = self.entered.get(state).copied().unwrap_or(NONE);
        hop(self.grid, icy, a, b)
    }
}

/// Dense per-search view of the board.
struct Board<'a> {
    grid: Grid,
    square: bool,
    alternating: bool,
    /// Per cell, a bit per direction (as `Grid::step_directions` numbers them) whose
    /// step the terrain allows.
    open: Vec<u8>,
    difficult: Vec<bool>,
    rules: &'a Rules<'a>,
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
        open: super::steps::step_masks(map, rules.solid, rules.thin_walls).out,
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

//! What a search answers: the best cost of a cell, and the path rebuilt from the costs.
//! Each answer runs the search on as far as it needs (see [`super::resume`]).
//!
//! The search keeps no predecessors. A path is rebuilt backwards from its end, and at
//! each cell the rule for equally good steps is applied among all of them at once: on a
//! forward field from one cell, the step from the cell nearest the straight line from
//! the start (then the earlier cell in reading order), so walks look like a person's
//! walk; on a goal field, the next cell earliest in reading order.

use super::queue::Queue;
use super::steps::{NONE, Slide, Step, Steps};
use super::{PathCost, UNREACHED, unpack};
use crate::grid::geom::{self, P};
use crate::grid::{Cell, Grid};
use std::cell::RefCell;
use std::sync::OnceLock;

/// The best costs from a search's sources, worked out as far as they have been asked for.
#[derive(Clone)]
pub struct MoveField {
    pub(super) steps: Steps,
    /// The costs so far and the search still to run.
    pub(super) live: RefCell<Live>,
    /// True for a goal field.
    pub(super) towards_goal: bool,
    /// Centre of the start cell of a forward field from one cell.
    pub(super) line_start: Option<P>,
    /// Per cell, the slides ending there: worked out once, by the goal search that needs
    /// them or by the first path rebuilt backwards over ice.
    pub(super) slides_into: OnceLock<Vec<Vec<Slide>>>,
}

/// The costs found so far, and what is left of the search.
#[derive(Clone)]
pub(super) struct Live {
    /// Packed cost per state (see `pack`); `UNREACHED` when not reached yet.
    pub dist: Vec<u64>,
    /// Every state whose cost is below this is final; `UNREACHED` once the search is
    /// over (then every cost is final, and unreached states are unreachable).
    pub settled_below: u64,
    /// The search still to run; `None` once it is over.
    pub rest: Option<Rest>,
}

/// A paused search.
#[derive(Clone)]
pub(super) struct Rest {
    pub queue: Queue,
    pub batch: Vec<u32>,
    /// A forward search without slides holds these blocked states at cost 0 while it
    /// runs (see `Steps::blocked_states`); `None` for the other searches.
    pub held: Option<Vec<usize>>,
}

impl Live {
    pub(super) fn over(&self) -> bool {
        self.rest.is_none()
    }
}

impl Rest {
    /// Gives the paused search's buffers back for a later search (`super::spare`).
    pub(super) fn recycle(self) {
        self.queue.recycle();
        super::spare::give_states(self.batch);
    }
}

impl Drop for MoveField {
    fn drop(&mut self) {
        let live = self.live.get_mut();
        super::spare::give_costs(std::mem::take(&mut live.dist));
        if let Some(run) = live.rest.take() {
            run.recycle();
        }
    }
}

impl std::fmt::Debug for MoveField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveField")
            .field("towards_goal", &self.towards_goal)
            .field(
                "reached",
                &self
                    .live
                    .borrow()
                    .dist
                    .iter()
                    .filter(|&&d| d != UNREACHED)
                    .count(),
            )
            .finish()
    }
}

/// The state a cell's answer is read from: the cheaper parity (even on ties) for a
/// forward field; even parity (a mover starting fresh) for a goal field.
pub(super) fn best_state(
    grid: Grid,
    states: usize,
    towards_goal: bool,
    dist: &[u64],
    c: Cell,
) -> Option<usize> {
    if !grid.contains(c) {
        return None;
    }
    let base = grid.index(c) * states;
    let state = match answering(states, towards_goal) {
        1 => base,
        n => (base..base + n)
            .min_by_key(|&s| dist[s])
            .expect("at least one state"),
    };
    (dist[state] != UNREACHED).then_some(state)
}

/// How many of a cell's `states` (its first ones) answer for it: on a goal field the
/// first alone (a mover setting out with even parity), on a forward field the cheapest
/// of them all.
pub(super) fn answering(states: usize, towards_goal: bool) -> usize {
    if towards_goal { 1 } else { states }
}

impl MoveField {
    fn grid(&self) -> Grid {
        self.steps.grid
    }

    fn best_state(&self, dist: &[u64], c: Cell) -> Option<usize> {
        best_state(self.grid(), self.steps.states, self.towards_goal, dist, c)
    }

    /// Best cost from the source(s) to `c`, `None` when unreachable.
    pub fn cost(&self, c: Cell) -> Option<PathCost> {
        self.answer(c).unwrap_or_else(|| {
            self.settle_cell(c);
            // Still unknown only when no search could tell: off the board, or held.
            self.answer(c).flatten()
        })
    }

    /// `c`'s final answer, or `None` while the search has not settled it.
    fn answer(&self, c: Cell) -> Option<Option<PathCost>> {
        let live = self.live.borrow();
        match self.best_state(&live.dist, c).map(|s| live.dist[s]) {
            Some(d) if d < live.settled_below => Some(Some(unpack(d))),
            _ if live.over() => Some(None),
            _ => None,
        }
    }

    /// The cost of `c` if the search has already settled it, without searching further:
    /// `None` when unreachable or not settled yet.
    pub fn known_cost(&self, c: Cell) -> Option<PathCost> {
        self.answer(c).flatten()
    }

    /// The cells walked from the source to `c` (source excluded, `c` included); empty when
    /// `c` is a source or unreachable. For a goal field this walks from `c` towards the
    /// nearest goal instead (c excluded, goal included).
    pub fn path(&self, c: Cell) -> Vec<Cell> {
        self.settle_cell(c);
        let live = self.live.borrow();
        let dist = &live.dist;
        let Some(mut state) = self.best_state(dist, c) else {
            return Vec::new();
        };
        let none = Vec::new();
        let slides = if self.towards_goal {
            &none
        } else {
            self.slides_into
                .get_or_init(|| self.steps.slides_into_each())
        };
        let cell_of = |s: usize| self.grid().cell_at(s / self.steps.states);
        let mut cells = Vec::new();
        while let Some(step) = self.link(dist, state, slides) {
            if step.icy == NONE {
                // A plain step enters one cell: the next one toward the goal, or the
                // one reached from the start.
                cells.push(cell_of(if self.towards_goal { step.state } else { state }));
            } else if self.towards_goal {
                cells.extend(self.hop(step.icy, cell_of(state), cell_of(step.state)));
            } else {
                cells.extend(
                    self.hop(step.icy, cell_of(step.state), cell_of(state))
                        .rev(),
                );
            }
            state = step.state;
        }
        if !self.towards_goal {
            cells.reverse();
        }
        cells
    }

    /// The step a path takes through `state`: on a forward field the step that reached
    /// it, on a goal field the step on towards the goal; `None` at a source or goal.
    fn link(&self, dist: &[u64], state: usize, slides: &[Vec<Slide>]) -> Option<Step> {
        let here = dist[state];
        if here == 0 {
            return None;
        }
        let mut best: Option<(Step, (u64, usize))> = None;
        let mut consider = |step: Step, other: u64| {
            if other == UNREACHED || other + step.cost != here {
                return;
            }
            let key = self.tie_key(step.state, state);
            if best.is_none_or(|(_, k)| key < k) {
                best = Some((step, key));
            }
        };
        if self.towards_goal {
            self.steps
                .each_forward(state, |step| consider(step, dist[step.state]));
        } else {
            self.steps
                .each_backward(state, slides, |step| consider(step, dist[step.state]));
        }
        best.map(|(step, _)| step)
    }

    /// Orders equally good links of `at`'s state through `other`'s: lower is preferred.
    fn tie_key(&self, other: usize, at: usize) -> (u64, usize) {
        let grid = self.grid();
        let other_cell = other / self.steps.states;
        match self.line_start {
            Some(start) => {
                let end = geom::centre(&grid, grid.cell_at(at / self.steps.states));
                let from = geom::centre(&grid, grid.cell_at(other_cell));
                let off = geom::cross(start, end, from).unsigned_abs();
                (u64::try_from(off).unwrap_or(u64::MAX), other_cell)
            }
            None => (0, other_cell),
        }
    }

    fn hop(&self, icy: u32, a: Cell, b: Cell) -> std::vec::IntoIter<Cell> {
        hop(self.grid(), icy, a, b)
    }

    /// Every cell's best cost in reading order, `None` where unreachable (this runs the
    /// search to its end).
    pub fn costs(&self) -> Vec<Option<PathCost>> {
        self.complete();
        // Every cost is final now: each cell's answer is its best state's cost.
        let live = self.live.borrow();
        let states = answering(self.steps.states, self.towards_goal);
        live.dist
            .chunks(self.steps.states)
            .map(|cell| {
                let best = cell[..states].iter().copied().min().unwrap_or(UNREACHED);
                (best != UNREACHED).then(|| unpack(best))
            })
            .collect()
    }
}

/// The cells entered on a link from `a` to `b`: `b` alone for a step, every cell of the
/// slide for a step onto the icy cell `icy` (`NONE` for a step).
pub(super) fn hop(grid: Grid, icy: u32, a: Cell, b: Cell) -> std::vec::IntoIter<Cell> {
    if icy == NONE {
        return vec![b].into_iter();
    }
    let (mut prev, mut cur) = (a, grid.cell_at(icy as usize));
    let mut cells = vec![cur];
    while cur != b {
        let Some(next) = grid.beyond(prev, cur) else {
            break;
        };
        cells.push(next);
        (prev, cur) = (cur, next);
    }
    cells.into_iter()
}

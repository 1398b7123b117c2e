//! How a monster moves as one block: a breadth-first search over the squares its
//! top-left corner can take, each step moving every square of the footprint one space
//! (never into terrain that blocks movement, across a thin wall, or onto another
//! creature's squares). Every step costs one space. From the search it picks where to
//! end: as close to its target as the move allows, or a given number of spaces away.

use super::geometry::Body;
use crate::board::Fight;
use crate::grid::Cell;
use std::collections::VecDeque;

/// The squares each creature covers.
pub(crate) struct Occupancy {
    owner: Vec<Option<usize>>,
}

impl Occupancy {
    /// Records which creature covers each square of the board, large ones included.
    pub(crate) fn new(fight: &Fight) -> Occupancy {
        let grid = fight.grid();
        let mut owner = vec![None; grid.len()];
        for (i, c) in fight.board.creatures.iter().enumerate() {
            let body = Body {
                corner: c.position,
                size: fight.size(i),
                facing: Default::default(),
            };
            for cell in body.cells().filter(|&x| grid.contains(x)) {
                owner[grid.index(cell)] = Some(i);
            }
        }
        Occupancy { owner }
    }

    /// The creature covering `cell` (on the board).
    pub(crate) fn at(&self, fight: &Fight, cell: Cell) -> Option<usize> {
        let grid = fight.grid();
        grid.contains(cell)
            .then(|| self.owner[grid.index(cell)])
            .flatten()
    }
}

/// Steps from the monster's corner to every corner it can reach, with the way back.
pub(crate) struct Reach {
    steps: Vec<Option<u32>>,
    parent: Vec<Option<Cell>>,
    start: Cell,
}

impl Reach {
    /// The corners walked from the start to `corner` (start excluded).
    pub(crate) fn path(&self, fight: &Fight, corner: Cell) -> Vec<Cell> {
        let grid = fight.grid();
        let mut out = Vec::new();
        let mut at = corner;
        while at != self.start {
            out.push(at);
            match self.parent[grid.index(at)] {
                Some(p) => at = p,
                None => return Vec::new(),
            }
        }
        out.reverse();
        out
    }

    /// Reachable corners within `limit` steps, with their steps, in reading order.
    pub(crate) fn within(&self, fight: &Fight, limit: u32) -> Vec<(Cell, u32)> {
        let grid = fight.grid();
        grid.cells()
            .filter_map(|c| {
                self.steps[grid.index(c)]
                    .filter(|&s| s <= limit)
                    .map(|s| (c, s))
            })
            .collect()
    }
}

/// True when monster `me`'s block fits with its corner on `corner`.
fn fits(fight: &Fight, occ: &Occupancy, me: usize, corner: Cell, size: u32) -> bool {
    let body = Body {
        corner,
        size,
        facing: Default::default(),
    };
    body.cells().all(|c| {
        fight.grid().contains(c)
            && !fight.map.terrain(c).blocks_movement()
            && occ.at(fight, c).is_none_or(|o| o == me)
    })
}

/// One step of the whole block from `a` to `b` (neighbouring corners).
fn step_ok(fight: &Fight, occ: &Occupancy, me: usize, a: Cell, b: Cell, size: u32) -> bool {
    if !fits(fight, occ, me, b, size) {
        return false;
    }
    let (dc, dr) = (b.col - a.col, b.row - a.row);
    let body = Body {
        corner: a,
        size,
        facing: Default::default(),
    };
    body.cells()
        .all(|c| fight.map.step_open(c, Cell::new(c.col + dc, c.row + dr)))
}

/// Breadth-first search from creature `me`'s corner, as far as `limit` steps (a move's
/// length: the corners within it, and the ways to them, are the same as a search over the
/// whole board would find).
pub(crate) fn reach(fight: &Fight, occ: &Occupancy, me: usize, size: u32, limit: u32) -> Reach {
    let grid = fight.grid();
    let start = fight.board.creatures[me].position;
    let mut steps = vec![None; grid.len()];
    let mut parent = vec![None; grid.len()];
    steps[grid.index(start)] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(a) = queue.pop_front() {
        let here = steps[grid.index(a)].unwrap_or(0);
        if here >= limit {
            continue;
        }
        // Straight steps first, so that of equally short walks the straightest is kept.
        let mut next = grid.neighbours(a);
        next.sort_by_key(|&b| (grid.is_diagonal(a, b), b));
        for b in next {
            if steps[grid.index(b)].is_none() && step_ok(fight, occ, me, a, b, size) {
                steps[grid.index(b)] = Some(here + 1);
                parent[grid.index(b)] = Some(a);
                queue.push_back(b);
            }
        }
    }
    Reach {
        steps,
        parent,
        start,
    }
}

/// Where to end a move of at most `movement` steps: the reachable corner whose block
/// scores lowest by `score`, then fewest steps, then lowest by `prefer`, then reading
/// order; `None` when that is where it stands.
pub(crate) fn best_corner(
    fight: &Fight,
    reach: &Reach,
    movement: u32,
    score: &dyn Fn(Cell) -> u32,
    prefer: &dyn Fn(Cell) -> u32,
) -> Option<Cell> {
    let start = reach.start;
    let best = reach
        .within(fight, movement)
        .into_iter()
        .min_by_key(|&(c, s)| (score(c), s, prefer(c), c))
        .map(|(c, _)| c)?;
    (best != start).then_some(best)
}

/// The corners where monster `me`'s block fits next to `target`, in reading order.
pub(crate) fn adjacent_places(
    fight: &Fight,
    occ: &Occupancy,
    me: usize,
    size: u32,
    target: Cell,
) -> Vec<Cell> {
    let s = size as i32;
    (target.row - s..=target.row + 1)
        .flat_map(|r| (target.col - s..=target.col + 1).map(move |c| Cell::new(c, r)))
        .filter(|&corner| {
            let body = Body {
                corner,
                size,
                facing: Default::default(),
            };
            fight.grid().contains(corner)
                && body.adjacent(fight, target)
                && fits(fight, occ, me, corner, size)
        })
        .collect()
}

/// Spaces a block at `corner` would still need to walk to stand next to `target`:
/// breadth-first from every corner adjacent to the target, over the same steps.
pub(crate) fn steps_to_adjacent(
    fight: &Fight,
    occ: &Occupancy,
    me: usize,
    size: u32,
    target: Cell,
) -> Vec<Option<u32>> {
    let grid = fight.grid();
    let mut steps = vec![None; grid.len()];
    let mut queue = VecDeque::new();
    for corner in adjacent_places(fight, occ, me, size, target) {
        steps[grid.index(corner)] = Some(0);
        queue.push_back(corner);
    }
    while let Some(a) = queue.pop_front() {
        let here = steps[grid.index(a)].unwrap_or(0);
        for b in grid.neighbours(a) {
            if steps[grid.index(b)].is_none() && step_ok(fight, occ, me, b, a, size) {
                steps[grid.index(b)] = Some(here + 1);
                queue.push_back(b);
            }
        }
    }
    steps
}

//! Range and proximity counted around walls, searched only as far as needed: a small
//! Dijkstra over the cells within a limit, so asking "who is within 3 spaces" costs
//! what those few cells cost, not a search of the whole board.

use super::layout::GridKind;
use super::path::{IndexOffsets, Solid, StepMasks, masks_of, moves};
use super::{Cell, Metric, TerrainMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

/// Steps from one cell to every cell within a limit, counted around walls, closed doors
/// and thin walls (not obstacles or figures), with the grid's metric.
///
/// Stored densely over the window of cells the limit could reach (a step moves at most
/// one column and one row), so a small limit costs a small array on any board.
#[derive(Clone, Debug)]
pub struct RangeField {
    /// Top-left cell of the window.
    corner: Cell,
    width: usize,
    height: usize,
    /// Steps per window cell in reading order; `UNREACHED` beyond the limit or cut off.
    dist: Vec<u32>,
}

const UNREACHED: u32 = u32::MAX;

impl RangeField {
    fn slot(&self, c: Cell) -> Option<usize> {
        let (dc, dr) = (c.col - self.corner.col, c.row - self.corner.row);
        let inside =
            dc >= 0 && dr >= 0 && (dc as usize) < self.width && (dr as usize) < self.height;
        inside.then(|| dr as usize * self.width + dc as usize)
    }

    fn cell_of(&self, slot: usize) -> Cell {
        Cell::new(
            self.corner.col + (slot % self.width) as i32,
            self.corner.row + (slot / self.width) as i32,
        )
    }

    /// Steps to `c`, `None` beyond the limit or when walls cut it off.
    pub fn get(&self, c: Cell) -> Option<u32> {
        self.slot(c)
            .map(|s| self.dist[s])
            .filter(|&d| d != UNREACHED)
    }

    /// Cells in the window searched (reached or not).
    pub fn window_cells(&self) -> usize {
        self.dist.len()
    }

    /// Every reached cell with its distance, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        // Row by row, so no cell's place in the window is divided out.
        self.dist
            .chunks(self.width.max(1))
            .zip(self.corner.row..)
            .flat_map(move |(steps, row)| {
                steps
                    .iter()
                    .zip(self.corner.col..)
                    .filter(|&(&d, _)| d != UNREACHED)
                    .map(move |(&d, col)| (Cell::new(col, row), d))
            })
    }
}

impl RangeField {
    /// An unsearched window around `from`: every cell `limit` steps could reach.
    fn window(grid: crate::grid::Grid, from: Cell, limit: u32) -> RangeField {
        let span = |s: std::ops::RangeInclusive<i32>| {
            let len = i64::from(*s.end()) - i64::from(*s.start()) + 1;
            (*s.start(), len.max(0) as usize)
        };
        let ((c0, width), (r0, height)) = if grid.contains(from) {
            let (cols, rows) = grid.box_around(from, limit);
            (span(cols), span(rows))
        } else {
            ((0, 0), (0, 0))
        };
        RangeField {
            corner: Cell::new(c0, r0),
            width,
            height,
            dist: vec![UNREACHED; width * height],
        }
    }

    /// Fills the window with steps from `from` up to `limit` when every step costs 1,
    /// taking the steps `steps` allows into cells `taken` does not hold. `queue` is
    /// room the search may use (its contents are dropped).
    fn breadth_first(
        &mut self,
        grid: crate::grid::Grid,
        from: Cell,
        limit: u32,
        steps: &StepMasks,
        taken: impl Fn(Cell) -> bool,
        queue: &mut Vec<u32>,
    ) {
        let Some(start) = self.slot(from) else { return };
        let moves = moves(grid);
        if self.width == grid.width as usize && self.height == grid.height as usize {
            let board = WholeBoard::new(grid, steps);
            let taken = |slot| taken(grid.cell_at(slot));
            return self.spread(start, limit, board.open(), WholeBoard::next, taken, queue);
        }
        let (width, height, corner) = (self.width as i32, self.height as i32, self.corner);
        // The directions per column parity (hex columns alternate; square ones do not).
        let dirs = [0, 1].map(|column| grid.step_directions(Cell::new(column, 0)));
        let cell_of = |slot: usize| {
            let (wc, wr) = (slot % width as usize, slot / width as usize);
            Cell::new(corner.col + wc as i32, corner.row + wr as i32)
        };
        // A slot's place in the window, worked out once for all its steps.
        let open = |slot: usize| {
            let cell = cell_of(slot);
            let (wc, wr) = (cell.col - corner.col, cell.row - corner.row);
            (
                steps.open_bits(grid.index(cell)) & moves,
                (wc, wr, (cell.col & 1) as usize),
            )
        };
        let next = |_: usize, &(wc, wr, parity): &(i32, i32, usize), k: usize| {
            let (dc, dr) = dirs[parity][k];
            let (nc, nr) = (wc + dc, wr + dr);
            let inside = nc >= 0 && nr >= 0 && nc < width && nr < height;
            inside.then_some((nr * width + nc) as usize)
        };
        self.spread(start, limit, open, next, |slot| taken(cell_of(slot)), queue)
    }

    /// The breadth-first search itself, from the slot `start` (see [`spread`]).
    fn spread<At>(
        &mut self,
        start: usize,
        limit: u32,
        open: impl Fn(usize) -> (u8, At),
        next: impl Fn(usize, &At, usize) -> Option<usize>,
        taken: impl Fn(usize) -> bool,
        queue: &mut Vec<u32>,
    ) {
        self.dist[start] = 0;
        queue.clear();
        queue.push(start as u32);
        let mut frontier = Frontier { queue, head: 0 };
        spread(
            &mut self.dist,
            &mut frontier,
            limit,
            open,
            next,
            taken,
            None,
        );
    }
}

/// A breadth-first search under way: the slots in the order reached (each is taken out
/// once, at its distance) and how many of them have been stepped out of.
struct Frontier<'q> {
    queue: &'q mut Vec<u32>,
    head: usize,
}

/// Runs a breadth-first search over slots on until nothing is left to step out of or the
/// slot `wanted` is reached: `open` gives the directions a step may take out of a slot
/// (and what its steps need to know of it), `next` the slot a step leads to (`None`
/// outside the window), `taken` whether a slot may not be entered. `dist` holds the
/// steps to every slot reached; no step goes on from a slot `limit` away.
fn spread<At>(
    dist: &mut [u32],
    frontier: &mut Frontier,
    limit: u32,
    open: impl Fn(usize) -> (u8, At),
    next: impl Fn(usize, &At, usize) -> Option<usize>,
    taken: impl Fn(usize) -> bool,
    wanted: Option<usize>,
) {
    while let Some(&slot) = frontier.queue.get(frontier.head) {
        frontier.head += 1;
        let slot = slot as usize;
        let d = dist[slot];
        if d >= limit {
            continue;
        }
        let (mut ways, at) = open(slot);
        while ways != 0 {
            let k = ways.trailing_zeros() as usize;
            ways &= ways - 1;
            let Some(n) = next(slot, &at, k) else {
                continue;
            };
            if dist[n] == UNREACHED && !taken(n) {
                dist[n] = d + 1;
                frontier.queue.push(n as u32);
            }
        }
        if wanted.is_some_and(|w| dist[w] != UNREACHED) {
            return;
        }
    }
}

/// Steps over a whole board by cell index: a step the masks allow never leaves the
/// board, so it is one offset added, no bounds tested.
struct WholeBoard<'s> {
    steps: &'s StepMasks,
    offsets: IndexOffsets,
    moves: u8,
}

impl<'s> WholeBoard<'s> {
    fn new(grid: crate::grid::Grid, steps: &'s StepMasks) -> WholeBoard<'s> {
        WholeBoard {
            steps,
            offsets: IndexOffsets::new(grid),
            moves: moves(grid),
        }
    }

    /// The open directions out of a cell and the offsets of its steps.
    fn open<'b>(&'b self) -> impl Fn(usize) -> (u8, &'b [isize; 8]) + 'b {
        |cell| {
            (
                self.steps.open_bits(cell) & self.moves,
                self.offsets.of(cell),
            )
        }
    }

    fn next(cell: usize, offsets: &&[isize; 8], k: usize) -> Option<usize> {
        Some(cell.wrapping_add_signed(offsets[k]))
    }
}

impl TerrainMap {
    /// Steps a walker takes from `from` to the cells at most `limit` steps away, each
    /// step as [`TerrainMap::step_open`] allows it (around walls, obstacles and closed
    /// doors) and never into a cell `taken` says is occupied; every step counts 1 (on
    /// alternating boards too). For a walker finding its way a few cells ahead.
    pub fn walk_within(&self, from: Cell, limit: u32, taken: impl Fn(Cell) -> bool) -> RangeField {
        let mut field = RangeField::window(self.grid, from, limit);
        let steps = masks_of(self, Solid::Movement, true);
        field.breadth_first(self.grid, from, limit, &steps, taken, &mut Vec::new());
        field
    }

    /// Walking steps from the nearest of `from` to each of `to`, in `to`'s order: every
    /// step as [`TerrainMap::step_open`] allows it (figures ignored) and counting 1;
    /// `None` where none of `from` can walk to it (or it is off the board). The search
    /// stops as soon as every cell of `to` has been reached.
    pub fn walk_to_each(&self, from: &[Cell], to: &[Cell]) -> Vec<Option<u32>> {
        let grid = self.grid;
        let steps = masks_of(self, Solid::Movement, true);
        let board = WholeBoard::new(grid, &steps);
        let mut dist = vec![UNREACHED; grid.len()];
        // Each cell of `to` once: reaching them all ends the search.
        let mut wanted = vec![false; grid.len()];
        let mut left = 0usize;
        for &c in to.iter().filter(|&&c| grid.contains(c)) {
            let i = grid.index(c);
            left += usize::from(!std::mem::replace(&mut wanted[i], true));
        }
        let mut queue = Vec::with_capacity(grid.len());
        for &c in from.iter().filter(|&&c| grid.contains(c)) {
            let i = grid.index(c);
            if dist[i] == UNREACHED {
                dist[i] = 0;
                left -= usize::from(wanted[i]);
                queue.push(i as u32);
            }
        }
        let mut head = 0;
        while left > 0
            && let Some(&cell) = queue.get(head)
        {
            head += 1;
            let cell = cell as usize;
            let d = dist[cell];
            let (mut ways, offsets) = board.open()(cell);
            while ways != 0 {
                let k = ways.trailing_zeros() as usize;
                ways &= ways - 1;
                let n = cell.wrapping_add_signed(offsets[k]);
                if dist[n] == UNREACHED {
                    dist[n] = d + 1;
                    left -= usize::from(wanted[n]);
                    queue.push(n as u32);
                }
            }
        }
        to.iter()
            .map(|&c| {
                grid.contains(c)
                    .then(|| dist[grid.index(c)])
                    .filter(|&d| d != UNREACHED)
            })
            .collect()
    }

    /// Distances from `from` to the cells at most `limit` steps away, counted around
    /// walls (the same numbers as [`TerrainMap::range_distances`], searched locally).
    /// Remembered for the terrain: asking again costs a lookup.
    pub fn range_within(&self, from: Cell, limit: u32) -> Arc<RangeField> {
        if let Some(known) = self.memo.range(from, limit) {
            return known;
        }
        let field = Arc::new(self.search_range(from, limit));
        self.memo.keep_range(from, limit, &field);
        field
    }

    /// The cells from which an action reaches a target, remembered for the terrain:
    /// `key` is (the target's cell, the action's range, whether the target's own cell
    /// counts), and `make` works them out from the terrain alone the first time.
    pub fn reach_cells(
        &self,
        key: (Cell, u32, bool),
        make: impl FnOnce() -> Vec<Cell>,
    ) -> Arc<[Cell]> {
        self.memo.reach(key, make)
    }

    /// The same field as [`TerrainMap::range_within`], searched afresh and not kept: for
    /// callers that keep their own (a cheap breadth-first search costs less than the
    /// shared memo's lookups).
    pub fn search_range(&self, from: Cell, limit: u32) -> RangeField {
        RangeSearch::new(self).search(from, limit)
    }
}

/// Range searches from many cells of one map, for a caller that searches often: the
/// map's step directions are looked up once, and one queue serves every search.
pub struct RangeSearch<'m> {
    map: &'m TerrainMap,
    /// Range counts around what blocks sight: walls, closed doors, thin walls.
    steps: Arc<StepMasks>,
    queue: Vec<u32>,
}

impl<'m> RangeSearch<'m> {
    /// A search over this map's terrain, ready for many starts.
    pub fn new(map: &'m TerrainMap) -> RangeSearch<'m> {
        RangeSearch {
            map,
            steps: masks_of(map, Solid::Sight, true),
            queue: Vec::new(),
        }
    }

    /// The field [`TerrainMap::search_range`] gives.
    pub fn search(&mut self, from: Cell, limit: u32) -> RangeField {
        let grid = self.map.grid;
        let alternating = grid.kind == GridKind::Square(Metric::Alternating);
        let mut field = RangeField::window(grid, from, limit);
        let steps = &self.steps;
        if !alternating {
            // Every step costs 1: a breadth-first search gives the same distances.
            field.breadth_first(grid, from, limit, steps, |_| false, &mut self.queue);
            return field;
        }
        // State: window slot * 2 + (diagonals taken so far are odd).
        let mut best = vec![UNREACHED; field.dist.len() * 2];
        let mut heap = BinaryHeap::new();
        if let Some(s) = field.slot(from) {
            best[s * 2] = 0;
            heap.push(Reverse((0u32, s * 2)));
        }
        while let Some(Reverse((d, state))) = heap.pop() {
            if best[state] < d {
                continue;
            }
            let (slot, odd) = (state / 2, state % 2 == 1);
            let cell = field.cell_of(slot);
            field.dist[slot] = field.dist[slot].min(d);
            for next in steps.open_from(grid, cell) {
                let diagonal = grid.is_diagonal(cell, next);
                let cost = if diagonal && alternating && odd { 2 } else { 1 };
                let nd = d + cost;
                if nd > limit {
                    continue;
                }
                let Some(next_slot) = field.slot(next) else {
                    continue;
                };
                let flips = diagonal && alternating;
                let next_state = next_slot * 2 + usize::from(odd != flips);
                if nd < best[next_state] {
                    best[next_state] = nd;
                    heap.push(Reverse((nd, next_state)));
                }
            }
        }
        field
    }
}

/// Steps around walls from one cell to any cell of the board, searched only as far as
/// asked: the breadth-first search stops once the cell asked about is reached, and the
/// next question goes on from there. (On alternating boards, where a diagonal may cost 2,
/// the board is searched whole at once.)
pub struct Proximity {
    grid: crate::grid::Grid,
    steps: Arc<StepMasks>,
    /// Steps per cell index, `UNREACHED` while not reached.
    dist: Vec<u32>,
    queue: Vec<u32>,
    head: usize,
    whole: Option<RangeField>,
}

impl RangeSearch<'_> {
    /// The steps from `from` to every cell, searched as they are asked for.
    pub fn proximity(&mut self, from: Cell) -> Proximity {
        let grid = self.map.grid;
        let alternating = grid.kind == GridKind::Square(Metric::Alternating);
        let mut dist = vec![UNREACHED; grid.len()];
        let mut queue = Vec::with_capacity(grid.len());
        if grid.contains(from) {
            dist[grid.index(from)] = 0;
            queue.push(grid.index(from) as u32);
        }
        Proximity {
            grid,
            steps: Arc::clone(&self.steps),
            dist,
            queue,
            head: 0,
            whole: alternating.then(|| self.search(from, grid.len() as u32)),
        }
    }
}

impl Proximity {
    /// Steps from the search's cell to `c`, `None` when walls cut it off.
    pub fn get(&mut self, c: Cell) -> Option<u32> {
        let grid = self.grid;
        if let Some(whole) = &self.whole {
            return whole.get(c);
        }
        if !grid.contains(c) {
            return None;
        }
        let i = grid.index(c);
        if self.dist[i] == UNREACHED && self.head < self.queue.len() {
            let board = WholeBoard::new(grid, &self.steps);
            let mut frontier = Frontier {
                queue: &mut self.queue,
                head: self.head,
            };
            let (open, never) = (board.open(), |_| false);
            spread(
                &mut self.dist,
                &mut frontier,
                u32::MAX,
                open,
                WholeBoard::next,
                never,
                Some(i),
            );
            self.head = frontier.head;
        }
        (self.dist[i] != UNREACHED).then_some(self.dist[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Terrain};

    const KINDS: [GridKind; 4] = [
        GridKind::Square(Metric::Chebyshev),
        GridKind::Square(Metric::Alternating),
        GridKind::Square(Metric::Manhattan),
        GridKind::Hex,
    ];

    /// A 9×7 board of `kind` with a few walls, an obstacle and a thin wall.
    fn walled(kind: GridKind, walls: &[(i32, i32)]) -> TerrainMap {
        let mut map = TerrainMap::new(Grid::new(kind, 9, 7));
        for &(c, r) in walls {
            map.set(Cell::new(c, r), Terrain::Wall);
        }
        map.set(Cell::new(4, 2), Terrain::Obstacle);
        map.add_thin_wall(Cell::new(1, 1), Cell::new(2, 1));
        map
    }

    const WALLS: [(i32, i32); 7] = [(3, 0), (3, 1), (3, 2), (3, 3), (5, 4), (6, 4), (1, 5)];

    #[test]
    fn local_search_matches_the_whole_board_search() {
        for kind in KINDS {
            let map = walled(kind, &WALLS);
            let from = Cell::new(1, 2);
            let full = map.range_distances(from);
            for limit in [0, 1, 3, 6, 20] {
                let local = map.range_within(from, limit);
                for c in map.grid.cells() {
                    let want = full[map.grid.index(c)].filter(|d| *d <= limit);
                    assert_eq!(local.get(c), want, "{kind:?} limit {limit} at {c}");
                }
            }
        }
    }

    /// Proximity searched a bit at a time answers every cell as the whole search does,
    /// whatever order the cells are asked in.
    #[test]
    fn proximity_asked_piecemeal_matches_the_whole_search() {
        let mut pick = crate::grid::terrain::tests::below_from(17);
        for kind in KINDS {
            let map = walled(kind, &[WALLS.as_slice(), &[(7, 6)]].concat());
            let mut ranges = RangeSearch::new(&map);
            for from in [
                Cell::new(1, 2),
                Cell::new(0, 0),
                Cell::new(8, 5),
                Cell::new(3, 1),
            ] {
                let whole = map.search_range(from, map.grid.len() as u32);
                let mut asked: Vec<Cell> = map.grid.cells().collect();
                for n in (1..asked.len()).rev() {
                    asked.swap(n, pick(n + 1));
                }
                asked.push(Cell::new(-1, 3));
                let mut near = ranges.proximity(from);
                for c in asked {
                    assert_eq!(near.get(c), whole.get(c), "{kind:?} from {from} to {c}");
                }
            }
        }
    }

    /// From several cells at once, each target gets the walk from the nearest of them,
    /// as walks from each one alone give it, and a cell no one can walk to gets none.
    #[test]
    fn walks_from_several_cells_to_each_target() {
        for kind in KINDS {
            let map = walled(kind, &[WALLS.as_slice(), &[(8, 5), (7, 6)]].concat());
            let from = [Cell::new(1, 2), Cell::new(6, 1), Cell::new(1, 2)];
            let alone = from.map(|f| map.walk_within(f, map.grid.len() as u32, |_| false));
            let to: Vec<Cell> = map.grid.cells().chain([Cell::new(-1, 3)]).collect();
            let walks = map.walk_to_each(&from, &to);
            for (c, got) in to.iter().zip(&walks) {
                let want = alone.iter().filter_map(|w| w.get(*c)).min();
                assert_eq!(*got, want, "{kind:?} to {c}");
            }
            // On a square board the corner behind the walls at I6 and H7 is cut off
            // from everyone (the diagonal from H6 squeezes between them).
            if matches!(kind, GridKind::Square(_)) {
                assert_eq!(walks[map.grid.index(Cell::new(8, 6))], None, "{kind:?}");
            }
            // Asked about one near cell, the answer is the same.
            let near = map.walk_to_each(&from, &[Cell::new(2, 2)]);
            assert_eq!(near, [alone[0].get(Cell::new(2, 2))]);
        }
    }

    #[test]
    fn a_walk_goes_around_obstacles_and_taken_cells() {
        // . o .      From A1 to C1 on a Manhattan board: B1 is an obstacle (range would
        // . x .      pass it) and B2 is taken, so the walk goes A2-A3-B3-C3-C2-C1: 6.
        // . . .
        let mut map = TerrainMap::new(Grid::new(GridKind::Square(Metric::Manhattan), 3, 3));
        map.set(Cell::new(1, 0), Terrain::Obstacle);
        let walk = map.walk_within(Cell::new(0, 0), 10, |c| c == Cell::new(1, 1));
        assert_eq!(walk.get(Cell::new(2, 0)), Some(6));
        assert_eq!(walk.get(Cell::new(1, 1)), None);
        assert_eq!(
            map.range_within(Cell::new(0, 0), 10).get(Cell::new(2, 0)),
            Some(2)
        );
    }
}

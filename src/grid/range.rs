//! Range and proximity counted around walls, searched only as far as needed: a small
//! Dijkstra over the cells within a limit, so asking "who is within 3 spaces" costs
//! what those few cells cost, not a search of the whole board.

use super::layout::GridKind;
use super::{Cell, Metric, TerrainMap};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Steps from one cell to every cell within a limit, counted around walls, closed doors
/// and thin walls (not obstacles or figures), with the grid's metric.
#[derive(Clone, Debug)]
pub struct RangeField {
    dist: HashMap<Cell, u32>,
}

impl RangeField {
    /// Steps to `c`, `None` beyond the limit or when walls cut it off.
    pub fn get(&self, c: Cell) -> Option<u32> {
        self.dist.get(&c).copied()
    }

    /// Every reached cell with its distance, in reading order.
    pub fn cells(&self) -> Vec<(Cell, u32)> {
        let mut all: Vec<(Cell, u32)> = self.dist.iter().map(|(c, d)| (*c, *d)).collect();
        all.sort();
        all
    }
}

impl TerrainMap {
    /// Distances from `from` to the cells at most `limit` steps away, counted around
    /// walls (the same numbers as [`TerrainMap::range_distances`], searched locally).
    pub fn range_within(&self, from: Cell, limit: u32) -> RangeField {
        let grid = self.grid;
        let alternating = grid.kind == GridKind::Square(Metric::Alternating);
        // State: (steps, cell, diagonals taken so far are odd).
        let mut best: HashMap<(Cell, bool), u32> = HashMap::new();
        let mut dist: HashMap<Cell, u32> = HashMap::new();
        let mut heap = BinaryHeap::new();
        if grid.contains(from) {
            best.insert((from, false), 0);
            heap.push(Reverse((0u32, from, false)));
        }
        while let Some(Reverse((d, cell, odd))) = heap.pop() {
            if best.get(&(cell, odd)).is_some_and(|&b| b < d) {
                continue;
            }
            let e = dist.entry(cell).or_insert(d);
            *e = (*e).min(d);
            for next in grid.neighbours(cell) {
                if !self.step_open_for_range(cell, next) {
                    continue;
                }
                let diagonal = grid.is_diagonal(cell, next);
                let cost = if diagonal && alternating && odd { 2 } else { 1 };
                let nd = d + cost;
                if nd > limit {
                    continue;
                }
                let state = (next, if diagonal && alternating { !odd } else { odd });
                if best.get(&state).is_none_or(|&b| nd < b) {
                    best.insert(state, nd);
                    heap.push(Reverse((nd, next, state.1)));
                }
            }
        }
        RangeField { dist }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Terrain};

    #[test]
    fn local_search_matches_the_whole_board_search() {
        for kind in [
            GridKind::Square(Metric::Chebyshev),
            GridKind::Square(Metric::Alternating),
            GridKind::Square(Metric::Manhattan),
            GridKind::Hex,
        ] {
            let mut map = TerrainMap::new(Grid::new(kind, 9, 7));
            for (c, r) in [(3, 0), (3, 1), (3, 2), (3, 3), (5, 4), (6, 4), (1, 5)] {
                map.set(Cell::new(c, r), Terrain::Wall);
            }
            map.set(Cell::new(4, 2), Terrain::Obstacle);
            map.add_thin_wall(Cell::new(1, 1), Cell::new(2, 1));
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
}

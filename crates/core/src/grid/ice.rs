//! Sliding on ice, for the path search: a walker that steps onto an icy cell slides on in
//! the same direction, without spending movement, until the next cell is closed to it
//! (terrain, a thin wall, a figure), it leaves the ice (it stops on the first cell past
//! it), or it slides into a harmful cell (where it stops). This is the slide
//! `World::move_along` carries out, so a planned path and the walk agree.
//!
//! The search works slides out over its own dense arrays (`path::steps`); this plain
//! version is kept for the tests, as part of the reference search it is checked against.

use super::{Cell, Terrain, TerrainMap};

/// The ice of one board for one walker.
pub(crate) struct Ice<'a> {
    map: &'a TerrainMap,
    icy: Vec<bool>,
    /// Cells holding a figure: a slide stops before them.
    stops: &'a [bool],
    /// Cells that hurt (traps, hazardous terrain, fire): a slide stops in them.
    harm: &'a [bool],
}

impl<'a> Ice<'a> {
    pub(super) fn new(map: &'a TerrainMap, stops: &'a [bool], harm: &'a [bool]) -> Ice<'a> {
        let icy = map
            .terrain_slice()
            .iter()
            .map(|&t| t == Terrain::Icy)
            .collect();
        Ice {
            map,
            icy,
            stops,
            harm,
        }
    }

    fn flag(cells: &[bool], i: usize) -> bool {
        cells.get(i).copied().unwrap_or(false)
    }

    /// Does a walker stepping into `b` start to slide? (A harmful icy cell stops it.)
    pub(super) fn slides_into(&self, b: Cell) -> bool {
        let i = self.map.grid.index(b);
        self.icy[i] && !Self::flag(self.harm, i)
    }

    /// Where a walker stepping from `a` onto the icy cell `b` comes to rest, with the
    /// harmful cells it slid into (0 or 1: the first one stops it).
    pub(super) fn slide(&self, a: Cell, b: Cell) -> (Cell, u32) {
        let mut harmed = 0;
        let last = self.walk(a, b, |c| {
            harmed += u32::from(Self::flag(self.harm, self.map.grid.index(c)));
        });
        (last, harmed)
    }

    /// Slides from `b` (entered from `a`), calling `entered` for every cell after `b`;
    /// returns the cell it stops on.
    fn walk(&self, a: Cell, b: Cell, mut entered: impl FnMut(Cell)) -> Cell {
        let grid = &self.map.grid;
        let (mut prev, mut cur) = (a, b);
        while self.icy[grid.index(cur)] && !Self::flag(self.harm, grid.index(cur)) {
            let Some(next) = grid.beyond(prev, cur) else {
                break;
            };
            if !self.map.step_open(cur, next) || Self::flag(self.stops, grid.index(next)) {
                break;
            }
            entered(next);
            (prev, cur) = (cur, next);
        }
        cur
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, GridKind, Metric};

    fn row(text: &str) -> TerrainMap {
        let mut map = TerrainMap::new(Grid::new(
            GridKind::Square(Metric::Chebyshev),
            text.len() as u32,
            1,
        ));
        for (i, ch) in text.chars().enumerate() {
            let t = match ch {
                '*' => Terrain::Icy,
                'o' => Terrain::Obstacle,
                _ => Terrain::Floor,
            };
            map.set(Cell::new(i as i32, 0), t);
        }
        map
    }

    fn at(i: i32) -> Cell {
        Cell::new(i, 0)
    }

    #[test]
    fn a_slide_leaves_the_ice_onto_the_next_cell() {
        // A B C D E: stepping from A onto the ice at B slides over C to D.
        let map = row(".**..");
        let none = vec![false; 5];
        let ice = Ice::new(&map, &none, &none);
        assert!(ice.slides_into(at(1)));
        assert_eq!(ice.slide(at(0), at(1)), (at(3), 0));
    }

    #[test]
    fn obstacles_figures_and_harm_stop_a_slide() {
        let map = row(".**o.");
        let none = vec![false; 5];
        let ice = Ice::new(&map, &none, &none);
        assert_eq!(ice.slide(at(0), at(1)), (at(2), 0));
        let map = row(".***.");
        let mut figure = vec![false; 5];
        figure[3] = true;
        let ice = Ice::new(&map, &figure, &none);
        assert_eq!(ice.slide(at(0), at(1)), (at(2), 0));
        let mut trap = vec![false; 5];
        trap[2] = true;
        let ice = Ice::new(&map, &none, &trap);
        assert_eq!(ice.slide(at(0), at(1)), (at(2), 1));
        // A trap on the first icy cell: no slide at all.
        trap = vec![false, true, false, false, false];
        let ice = Ice::new(&map, &none, &trap);
        assert!(!ice.slides_into(at(1)));
    }
}

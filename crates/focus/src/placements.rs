//! Every placement of an unanchored area over an enemy, worked out once per scene: where
//! an area can be laid does not depend on where the monster stands, so the candidate
//! hexes only pick from this table (by placement id) instead of laying areas again.

use super::aoe::{Axial, lay, origin_for};
use super::targets::Targets;
use crate::grid::Cell;

/// The distinct placements over the scene's enemies.
pub(crate) struct Table {
    /// Each placement's hexes in reading order; the placements sorted, so ascending ids
    /// are the order of the areas themselves.
    pub areas: Vec<Vec<Cell>>,
    /// Per placement: the enemies standing in it.
    pub hits: Vec<Targets>,
    /// Per enemy (index into `Scene::enemies`): the placements covering it, ascending.
    pub over: Vec<Vec<u32>>,
}

impl Table {
    /// The placements of the orientations over each enemy; `cells[j]` is enemy `j`'s hex
    /// and `enemy_at` names the enemy standing in a hex.
    pub(super) fn new(
        grid: &crate::grid::Grid,
        orientations: &[Vec<Axial>],
        cells: &[Cell],
        enemy_at: impl Fn(Cell) -> Option<usize>,
    ) -> Table {
        let around: Vec<Vec<Vec<Cell>>> = cells
            .iter()
            .map(|&cell| {
                let mut out: Vec<Vec<Cell>> = orientations
                    .iter()
                    .flat_map(|o| o.iter().map(move |&k| (o, k)))
                    .filter_map(|(o, k)| origin_for(cell, k).map(|origin| lay(grid, origin, o)))
                    .collect();
                out.sort();
                out.dedup();
                out
            })
            .collect();
        let mut areas: Vec<Vec<Cell>> = around.iter().flatten().cloned().collect();
        areas.sort();
        areas.dedup();
        let id = |a: &Vec<Cell>| areas.binary_search(a).expect("every placement is listed") as u32;
        let over = around
            .iter()
            .map(|placements| placements.iter().map(id).collect())
            .collect();
        let hits = areas
            .iter()
            .map(|area| {
                let mut hit = Targets::none(cells.len());
                for j in area.iter().filter_map(|&c| enemy_at(c)) {
                    hit.insert(j);
                }
                hit
            })
            .collect();
        Table { areas, hits, over }
    }
}

//! Changing a door's terrain during play (open, close), as a `World` method like every
//! other change: the terrain map is updated and the board keeps the change as a terrain
//! patch, so the door stays as it was left when the board is read again.

use super::events::Event;
use crate::board::TerrainPatch;
use crate::grid::{Cell, Terrain};
use crate::rules::world::World;

impl World<'_> {
    /// Turns the door at `cell` into `to` (a closed or an open door), recording that
    /// `by` (a creature id, or nobody for a player's command) made the `change`.
    pub fn set_door(&mut self, cell: Cell, to: Terrain, by: Option<&str>, change: &str) {
        self.fight.map.set(cell, to);
        let patches = &mut self.fight.board.terrain;
        for p in patches.iter_mut() {
            p.cells.retain(|&c| c != cell);
        }
        patches.retain(|p| !p.cells.is_empty());
        match patches.last_mut() {
            Some(last) if last.kind == to => last.cells.push(cell),
            _ => patches.push(TerrainPatch {
                kind: to,
                cells: vec![cell],
            }),
        }
        self.emit(Event::Door {
            creature: by.map(str::to_string),
            cell: cell.name(),
            change: change.to_string(),
        });
    }
}

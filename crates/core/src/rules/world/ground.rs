//! What lies on the ground and acts on those who enter it: fires (set, burning down),
//! traps (laid, set, sprung), hazardous terrain, and doors opened and closed.

use super::World;
use super::harm::Harm;
use crate::board::{Fire, Side, StatusKind, TerrainPatch, Trap};
use crate::chance::dice::Dice;
use crate::grid::{Cell, Terrain};
use crate::rules::events::Event;

/// How long a fire set by a monster burns, in round starts.
pub const FIRE_ROUNDS: u32 = 2;
/// Damage for entering or starting a turn in fire, and for entering hazardous terrain.
pub const FIRE_DAMAGE: Dice = Dice {
    count: 1,
    sides: 4,
    modifier: 0,
};

impl World<'_> {
    /// A trap, fire or hazardous terrain at `cell` acts on the creature that entered it.
    pub(super) fn enter_cell_effects(&mut self, id: &str, cell: Cell) {
        if let Some(t) = self.fight.trap_at(cell) {
            let trap = self.fight.board.traps.remove(t);
            self.emit(Event::TrapSprung {
                cell: cell.name(),
                creature: id.to_string(),
            });
            if let Some(d) = trap.damage {
                let what = format!(
                    "damage from the trap at {} to {}",
                    cell.name(),
                    self.name_of(id)
                );
                let r = self.roll(&d, &what);
                self.damage(id, r.total, Harm::new("a trap").rolled(&r));
            }
            for s in trap.statuses {
                self.add_status(id, s, None);
            }
            return;
        }
        let source = if self.fight.fire_at(cell) {
            "fire"
        } else {
            "hazardous terrain"
        };
        let kind = if source == "fire" { Some("fire") } else { None };
        if source != "fire"
            && let Some(n) = self.monsters.hazard_damage(&self.fight.board)
        {
            self.damage(id, n, Harm::new(source));
            return;
        }
        let what = format!(
            "damage from {source} at {} to {}",
            cell.name(),
            self.name_of(id)
        );
        let r = self.roll(&FIRE_DAMAGE, &what);
        self.damage(id, r.total, Harm::new(source).rolled(&r).of_kind(kind));
    }

    /// Sets fire to the cells that can burn, for a few rounds.
    pub fn set_fire(&mut self, cells: &[Cell]) {
        let mut lit = Vec::new();
        for &c in cells {
            if self.fight.map.terrain(c).blocks_movement() {
                continue;
            }
            self.fight.board.fires.retain(|f| f.cell != c);
            self.fight.board.fires.push(Fire {
                cell: c,
                rounds_left: FIRE_ROUNDS,
            });
            lit.push(c);
        }
        self.fight.board.fires.sort_by_key(|f| f.cell);
        if !lit.is_empty() {
            lit.sort();
            self.emit(Event::FireSet {
                cells: lit.iter().map(|c| c.name()).collect(),
                rounds: FIRE_ROUNDS,
            });
        }
    }

    /// Lays traps that were there all along (a revealed room's); the caller tells of them.
    pub fn lay_traps(&mut self, traps: &[Trap]) {
        self.fight.board.traps.extend_from_slice(traps);
        self.fight.board.traps.sort_by_key(|t| t.cell);
    }

    /// Lays a trap on `cell` set by `by` of side `side` (whose monsters walk around it).
    pub fn add_trap(
        &mut self,
        cell: Cell,
        side: Side,
        damage: Option<Dice>,
        statuses: Vec<StatusKind>,
        by: &str,
    ) {
        self.lay_traps(&[Trap {
            cell,
            side,
            damage,
            statuses,
        }]);
        self.emit(Event::TrapSet {
            cell: cell.name(),
            by: by.to_string(),
        });
    }

    /// Fires burn down as a round starts: each has a round less, and those at none go
    /// out.
    pub(crate) fn burn_down(&mut self) {
        let mut out = Vec::new();
        for f in self.fight.board.fires.iter_mut() {
            f.rounds_left = f.rounds_left.saturating_sub(1);
            if f.rounds_left == 0 {
                out.push(f.cell);
            }
        }
        self.fight.board.fires.retain(|f| f.rounds_left > 0);
        for cell in out {
            self.emit(Event::FireOut { cell: cell.name() });
        }
    }

    /// Turns the door at `cell` into `to` (a closed or an open door), recording that
    /// `by` (a creature id, or nobody for a player's command) made the `change`. The
    /// terrain map is updated and the board keeps the change as a terrain patch, so the
    /// door stays as it was left when the board is read again.
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

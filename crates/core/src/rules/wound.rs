//! Wounds: a wounded creature suffers 1 damage at the start of each of its turns, until
//! a heal removes the wound. Monsters of the ability-deck system bleed in their own
//! start of turn; characters bleed when `next` reveals their turn.

use crate::board::StatusKind;
use crate::rules::world::{Harm, World};

impl World<'_> {
    /// Deals a wounded `id` its 1 damage; returns whether it is still standing.
    pub fn wound_bleeds(&mut self, id: &str) -> bool {
        let Some(i) = self.idx(id) else { return false };
        if self.fight().has_status(i, StatusKind::Wounded) {
            self.damage(id, 1, Harm::new("wound"));
        }
        self.alive(id)
    }
}

//! Opportunity attacks: the enemies whose reach a walker leaves, and those of them that
//! strike at it themselves (the others are left for the players to resolve).

use super::World;
use super::strike::{attack_shape, strike};
use crate::board::action::Attack;
use crate::board::{Side, StatusKind};
use crate::grid::Cell;
use crate::rules::events::Event;
use crate::rules::targeting::attackable;

impl World<'_> {
    /// Records the enemies whose reach a walker leaves by stepping from `from` to `to`.
    pub(super) fn note_leaving(
        &self,
        side: Side,
        from: Cell,
        to: Cell,
        provoked: &mut Vec<String>,
    ) {
        let grid = self.fight.grid();
        let touching =
            |a: Cell, b: Cell| grid.adjacent(a, b) && !self.fight.map.thin_wall_between(a, b);
        for (j, e) in self.fight.board.creatures.iter().enumerate() {
            let threat = e.side != side && !self.fight.has_status(j, StatusKind::Stunned);
            if threat
                && touching(from, e.position)
                && !touching(to, e.position)
                && !provoked.contains(&e.id)
            {
                provoked.push(e.id.clone());
            }
        }
    }

    /// Takes out of `provoked[from..]` the enemies that strike at creature `walker`
    /// themselves (those with an opportunity attack, able to reach it), with their
    /// attacks; the others stay, for the players to resolve.
    pub(super) fn strikers(
        &self,
        walker: usize,
        provoked: &mut Vec<String>,
        from: usize,
    ) -> Vec<(String, Attack)> {
        let mut strikers = Vec::new();
        let mut k = from;
        while k < provoked.len() {
            // A flying walker is out of reach of a melee attack.
            let attack = self
                .idx(&provoked[k])
                .and_then(|j| self.fight.stats[j].opportunity.clone())
                .filter(|a| attackable(self.fight, walker, attack_shape(1, a)));
            match attack {
                Some(a) => strikers.push((provoked.remove(k), a)),
                None => k += 1,
            }
        }
        strikers
    }

    /// `enemy` strikes at `walker` as it leaves its reach.
    pub(super) fn opportunity_attack(&mut self, enemy: &str, walker: &str, attack: &Attack) {
        if !self.alive(walker) || !self.alive(enemy) {
            return;
        }
        self.emit(Event::OpportunityAttack {
            attacker: enemy.to_string(),
            target: walker.to_string(),
        });
        let shape = attack_shape(1, attack);
        strike(self, enemy, walker, attack, shape);
    }
}

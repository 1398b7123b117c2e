//! Resurrect: a creature with the trait that dies comes back to life 1d4 rounds later with
//! half its max HP (rounded up), on the cell where it fell or the free cell closest to it.

use super::World;
use crate::board::load::resolve_stats;
use crate::board::{Creature, Resurrection};
use crate::chance::dice::Dice;
use crate::rules::events::Event;
use crate::rules::targeting::closest_free;

/// How many rounds a resurrecting creature stays dead.
const DELAY: Dice = Dice {
    count: 1,
    sides: 4,
    modifier: 0,
};

impl World<'_> {
    /// Called as `creature` (with Resurrect, maximum `max_hp`) dies: rolls when it comes
    /// back and keeps it in the board's `resurrections`.
    pub(super) fn schedule_resurrection(&mut self, creature: &Creature, max_hp: i32) {
        let what = format!("rounds until {} rises again", creature.display_name());
        let roll = self.roll(&DELAY, &what);
        let round = self.fight.board.round + roll.total.max(1) as u32;
        let mut record = creature.clone();
        record.hp = (max_hp + 1) / 2;
        record.statuses.clear();
        record.retaliated = None;
        self.fight.board.resurrections.push(Resurrection {
            round,
            creature: record,
        });
        self.emit(Event::ResurrectionScheduled {
            creature: creature.id.clone(),
            roll: (&roll).into(),
            round,
        });
    }

    /// At the start of `round`: every creature due back by then returns, in the order
    /// they died.
    pub(crate) fn revive_due(&mut self, round: u32) {
        let (due, later): (Vec<Resurrection>, Vec<Resurrection>) = self
            .fight
            .board
            .resurrections
            .drain(..)
            .partition(|r| r.round <= round);
        self.fight.board.resurrections = later;
        for r in due {
            self.revive(r.creature);
        }
    }

    fn revive(&mut self, mut creature: Creature) {
        let Ok(stats) = resolve_stats(&creature, &self.fight.board, self.monsters) else {
            return;
        };
        let options = closest_free(self.fight, creature.position);
        if options.is_empty() {
            // No room now: it tries again at the start of the next round.
            let near = creature.position.name();
            self.emit(Event::NoRoom {
                what: creature.display_name().to_string(),
                near,
                later: true,
            });
            let round = self.fight.board.round + 1;
            self.fight
                .board
                .resurrections
                .push(Resurrection { round, creature });
            return;
        }
        let names: Vec<String> = options.iter().map(|c| c.name()).collect();
        let what = format!("where {} comes back", creature.display_name());
        let cell = options[self.tie(&what, &names)];
        creature.position = cell;
        let event = Event::Resurrected {
            creature: creature.id.clone(),
            name: creature.display_name().to_string(),
            cell: cell.name(),
            hp: creature.hp,
            max_hp: stats.max_hp,
        };
        self.place_creature(creature, stats, event);
    }
}

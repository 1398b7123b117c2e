//! Creatures coming and going: put on the board (checked, within the board's limits),
//! taken off it (the one way any creature leaves: it fell, retreated or was removed),
//! placed straight onto a cell, scheduled to arrive next round, and the marks a creature
//! carries between turns.

use super::World;
use super::hooks::Leaving;
use crate::board::{Arrival, Creature, Side, Stats, Trait};
use crate::chance::dice::Dice;
use crate::grid::Cell;
use crate::rules::events::Event;

impl World<'_> {
    /// Puts a new creature on the board (its cell has been checked to be free); `event`
    /// says how it came (added by a player, resurrected). A board already at its size
    /// limits (`board::limits`) has no room: the creature stays away.
    pub fn place_creature(&mut self, mut creature: Creature, stats: Stats, mut event: Event) {
        if !crate::board::limits::room_for_one_more(&self.fight.board) {
            self.emit(Event::NoRoom {
                what: creature.display_name().to_string(),
                near: creature.position.name(),
                later: false,
            });
            return;
        }
        // A large creature needs every square of its block.
        let taken = self
            .fight
            .block_blocked(stats.size(), creature.position, None)
            .is_some();
        if taken || self.alive(&creature.id) {
            return self.refuse(format!(
                "refused to put {} on {}: the cell is taken or not ground, or the id is in use",
                creature.id, creature.position
            ));
        }
        if creature.is_character() {
            self.keep_counted_maxima();
        }
        if creature.max_hp.is_none() && self.counts_characters(&creature) {
            creature.max_hp = Some(stats.max_hp);
        }
        let id = creature.id.clone();
        self.fight.board.creatures.push(creature);
        self.fight.stats.push(stats);
        if let Event::Added { health, .. } = &mut event {
            *health = health.take().or_else(|| self.health(&id));
        }
        self.emit(event);
    }

    /// Takes creature `i` off the board, the one way any creature leaves it: its summons
    /// no longer name it as their summoner, its departure is told (`how`), and the
    /// system's hook lets go of what the system's state holds for it (`world::hooks`).
    /// Returns the creature as it left (a fallen one with 0 HP) and its stats.
    pub(super) fn take_off(&mut self, i: usize, how: Leaving) -> (Creature, Stats) {
        if self.fight.board.creatures[i].is_character() {
            self.keep_counted_maxima();
        }
        let mut creature = self.fight.board.creatures.remove(i);
        let stats = self.fight.stats.remove(i);
        for c in &mut self.fight.board.creatures {
            if c.summoner.as_deref() == Some(creature.id.as_str()) {
                c.summoner = None;
            }
        }
        let (id, name, cell) = (
            creature.id.clone(),
            creature.display_name().to_string(),
            creature.position.name(),
        );
        self.emit(match how {
            Leaving::Fell => Event::Died {
                creature: id,
                name,
                cell,
            },
            Leaving::Retreated => Event::Retreat {
                creature: id,
                name,
                cell,
            },
            Leaving::Removed => Event::Removed {
                creature: id,
                name,
                cell,
            },
        });
        if how == Leaving::Fell {
            creature.hp = 0;
        }
        if let Some(hooks) = self.hooks {
            hooks.left(self, &creature, how);
        }
        (creature, stats)
    }

    /// Removes `id` from play (not a death).
    pub fn retreat(&mut self, id: &str) {
        if let Some(i) = self.idx(id) {
            self.take_off(i, Leaving::Retreated);
        }
    }

    /// Takes `id` off the board without a death (a player's `remove`).
    pub fn remove_creature(&mut self, id: &str) {
        if let Some(i) = self.idx(id) {
            self.take_off(i, Leaving::Removed);
        }
    }

    /// Whether `c`'s maximum HP counts the characters (a Gloomhaven boss's `C`).
    fn counts_characters(&self, c: &Creature) -> bool {
        c.kind
            .as_deref()
            .is_some_and(|k| self.monsters.max_hp_counts_characters(k))
    }

    /// The characters are about to change (one enters or leaves): a creature whose
    /// maximum HP counts them keeps the maximum it has, saved as its `max_hp` (a maximum is
    /// fixed when its creature enters the fight; boards written before it was saved get it
    /// here).
    fn keep_counted_maxima(&mut self) {
        for i in 0..self.fight.board.creatures.len() {
            let c = &self.fight.board.creatures[i];
            if c.max_hp.is_none() && self.counts_characters(c) {
                self.fight.board.creatures[i].max_hp = Some(self.fight.stats[i].max_hp);
            }
        }
    }

    /// The nearest cell to `from` on which a figure could stand (on the map, neither
    /// wall, obstacle nor closed door; a figure already there does not matter), counted
    /// in steps around walls: `from` itself when it is one. Equally near cells go to the
    /// tie policy (`what` names what is being placed there, for the tie's narration).
    /// `None` when none can be reached.
    pub fn nearest_ground(&mut self, from: Cell, what: &str) -> Option<Cell> {
        let map = &self.fight.map;
        let ground = |c: Cell| map.grid.contains(c) && !map.terrain(c).blocks_movement();
        if ground(from) {
            return Some(from);
        }
        let most = (map.grid.width + map.grid.height).max(1) * 2;
        let mut limit = 1;
        let nearest = loop {
            let field = map.search_range(from, limit);
            let mut best: Vec<(Cell, u32)> = Vec::new();
            for (c, d) in field.cells().filter(|&(c, _)| ground(c)) {
                match best.first() {
                    Some(&(_, b)) if d > b => {}
                    Some(&(_, b)) if d == b => best.push((c, d)),
                    _ => best = vec![(c, d)],
                }
            }
            if !best.is_empty() {
                break best;
            }
            if limit >= most {
                return None;
            }
            limit = (limit * 2).min(most);
        };
        let names: Vec<String> = nearest.iter().map(|(c, _)| c.name()).collect();
        let k = self.tie(what, &names);
        Some(nearest[k].0)
    }

    /// Puts `id` straight onto `cell`: no path, no traps sprung, no opportunity attacks.
    pub fn place_at(&mut self, id: &str, cell: Cell) {
        let Some(i) = self.idx(id) else { return };
        let flying = self.fight.has_trait(i, &Trait::Flying);
        if self
            .fight
            .stand_blocked(self.fight.size(i), flying, cell, Some(i))
            .is_some()
        {
            return self.refuse(format!(
                "refused to put {id} on {cell}: the cell is taken or not ground"
            ));
        }
        let from = self.fight.board.creatures[i].position;
        self.fight.board.creatures[i].position = cell;
        self.emit(Event::Placed {
            creature: id.to_string(),
            from: from.name(),
            to: cell.name(),
        });
    }

    /// Creatures of `types` will arrive next round in the free cells closest to `near`.
    pub fn schedule_arrival(
        &mut self,
        by: &str,
        near: Cell,
        side: Side,
        count: &Dice,
        types: Vec<String>,
    ) {
        let what = format!("how many answer {}'s call", self.name_of(by));
        let roll = self.roll(count, &what);
        let n = roll.total.max(0) as u32;
        let round = self.fight.board.round + 1;
        self.fight.board.arrivals.push(Arrival {
            round,
            near,
            side,
            count: n,
            types: types.clone(),
            by: by.to_string(),
        });
        self.emit(Event::ArrivalScheduled {
            by: by.to_string(),
            count: n,
            roll: (&roll).into(),
            types,
            round,
            near: near.name(),
        });
    }

    /// Takes out the arrivals due by `round` (the ones scheduled later stay).
    pub(crate) fn take_arrivals_due(&mut self, round: u32) -> Vec<Arrival> {
        let arrivals = &mut self.fight.board.arrivals;
        let due = arrivals
            .iter()
            .filter(|a| a.round <= round)
            .cloned()
            .collect();
        arrivals.retain(|a| a.round > round);
        due
    }

    /// Records that creature `i` (a board index) retaliated in `round`.
    pub(crate) fn mark_retaliated(&mut self, i: usize, round: u32) {
        self.fight.board.creatures[i].retaliated = Some(round);
    }
}

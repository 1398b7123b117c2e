//! The board as one monster sees it for one action: who its enemies are, which hexes it
//! may end a move in and at what cost (traps first, then movement), how far everyone is
//! around walls, and who sees whom (cached).

use super::{Initiatives, Mobility, Plan, Variant};
use crate::board::Fight;
use crate::grid::los::line_of_sight;
use crate::grid::path::{MoveField, Passage, PathCost, goal_field, move_field};
use crate::grid::{Cell, Grid, Terrain};
use std::cell::RefCell;
use std::collections::HashMap;

pub(crate) struct Scene<'a> {
    pub fight: &'a Fight,
    pub plan: &'a Plan,
    pub variant: Variant,
    pub start: Cell,
    pub grid: Grid,
    /// Enemies of the monster, board order.
    pub enemies: Vec<usize>,
    /// Per cell: the enemy standing there (board index).
    enemy_at: Vec<Option<usize>>,
    /// Per cell: someone other than the monster stands there.
    occupied: Vec<bool>,
    /// Per cell: a trap, hazardous terrain or a fire (what monsters walk around).
    negative: Vec<bool>,
    /// Per cell: the mover may not pass (enemies, for walkers).
    blocked: Vec<bool>,
    /// Per cell: avoided while any other way exists (negative hexes, for walkers).
    avoided: Vec<bool>,
    /// The monster's movement field from its hex, ignoring this turn's move limit.
    field: MoveField,
    /// Per cell: steps from the monster counted around walls.
    proximity: Vec<Option<u32>>,
    /// Per creature: initiative when known.
    pub initiative: Vec<Option<u32>>,
    sight: RefCell<HashMap<(Cell, Cell), bool>>,
}

impl<'a> Scene<'a> {
    pub fn new(
        fight: &'a Fight,
        monster: usize,
        plan: &'a Plan,
        variant: Variant,
        initiative: Initiatives,
    ) -> Scene<'a> {
        let grid = fight.grid();
        let me = &fight.board.creatures[monster];
        let start = me.position;
        let side = me.side;
        let mut enemy_at = vec![None; grid.len()];
        let mut occupied = vec![false; grid.len()];
        let mut enemies = Vec::new();
        for (i, c) in fight.board.creatures.iter().enumerate() {
            if i == monster || !grid.contains(c.position) {
                continue;
            }
            occupied[grid.index(c.position)] = true;
            if c.side != side {
                enemies.push(i);
                enemy_at[grid.index(c.position)] = Some(i);
            }
        }
        let negative: Vec<bool> = grid
            .cells()
            .map(|c| {
                fight.map.terrain(c) == Terrain::Hazardous
                    || fight.trap_at(c).is_some()
                    || fight.fire_at(c)
            })
            .collect();
        let walker = plan.mobility == Mobility::Walk;
        let blocked = if walker {
            enemy_at.iter().map(Option::is_some).collect()
        } else {
            vec![false; grid.len()]
        };
        let avoided = if walker {
            negative.clone()
        } else {
            vec![false; grid.len()]
        };
        let field = move_field(&passage(fight, &blocked, &avoided, plan.mobility), start);
        Scene {
            fight,
            plan,
            variant,
            start,
            grid,
            enemies,
            enemy_at,
            occupied,
            negative,
            blocked,
            avoided,
            field,
            proximity: fight.map.range_distances(start),
            initiative: (0..fight.board.creatures.len()).map(initiative).collect(),
            sight: RefCell::new(HashMap::new()),
        }
    }

    fn passage(&self) -> Passage<'_> {
        passage(self.fight, &self.blocked, &self.avoided, self.plan.mobility)
    }

    pub fn position(&self, creature: usize) -> Cell {
        self.fight.board.creatures[creature].position
    }

    pub fn enemy_at(&self, c: Cell) -> Option<usize> {
        self.grid
            .contains(c)
            .then(|| self.enemy_at[self.grid.index(c)])
            .flatten()
    }

    /// Can the monster end a move here (free, enterable, or its own hex)?
    fn can_stand(&self, c: Cell) -> bool {
        c == self.start
            || (self.grid.contains(c)
                && !self.occupied[self.grid.index(c)]
                && !self.fight.map.terrain(c).blocks_movement())
    }

    /// What ending a move in `c` costs (negative hexes on the way, then movement), or
    /// `None` when it can never end there. Jumps and teleports only count the hex they
    /// land in; a Gloomhaven jump pays for landing in difficult terrain.
    pub fn end_cost(&self, c: Cell) -> Option<PathCost> {
        if !self.can_stand(c) {
            return None;
        }
        if c == self.start {
            return Some(PathCost::default());
        }
        let mut cost = self.field.cost(c)?;
        let landing = |cost: &mut PathCost| {
            cost.avoided += u32::from(self.negative[self.grid.index(c)]);
        };
        match self.plan.mobility {
            Mobility::Walk | Mobility::Fly => {}
            Mobility::Jump => {
                landing(&mut cost);
                if self.variant.jump_pays_landing()
                    && self.fight.map.terrain(c) == Terrain::Difficult
                {
                    cost.steps += 1;
                }
            }
            Mobility::Teleport => landing(&mut cost),
        }
        Some(cost)
    }

    /// The hexes passed on the way to `c` (destination included).
    pub fn path_to(&self, c: Cell) -> Vec<Cell> {
        match self.plan.mobility {
            _ if c == self.start => Vec::new(),
            Mobility::Teleport => vec![c],
            _ => self.field.path(c),
        }
    }

    /// Can the monster end its move in `c` this turn?
    pub fn this_turn(&self, c: Cell, cost: PathCost) -> bool {
        c == self.start || self.plan.move_points.is_some_and(|m| cost.steps <= m)
    }

    /// Every hex the monster can end a move in this turn, with its cost, reading order.
    pub fn reachable_now(&self) -> Vec<(Cell, PathCost)> {
        let Some(points) = self.plan.move_points else {
            return vec![(self.start, PathCost::default())];
        };
        let local = self.grid.within(self.start, points);
        local
            .into_iter()
            .filter_map(|c| self.end_cost(c).map(|k| (c, k)))
            .filter(|&(c, k)| self.this_turn(c, k))
            .collect()
    }

    /// For every cell, the cost of going on from it to `goal` under the monster's way of
    /// moving (only the landing hex counts for jumps and teleports).
    pub fn toward(&self, goal: Cell) -> MoveField {
        goal_field(&self.passage(), &[goal])
    }

    /// Steps from the monster to `c` around walls.
    pub fn proximity(&self, c: Cell) -> Option<u32> {
        self.proximity[self.grid.index(c)]
    }

    /// Line of sight under the variant's rule (symmetric, so cached per pair).
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&v) = self.sight.borrow().get(&key) {
            return v;
        }
        let v = line_of_sight(&self.fight.map, a, b, self.variant.sight());
        self.sight.borrow_mut().insert(key, v);
        v
    }

    /// True when every enemy's initiative is known.
    pub fn initiatives_known(&self) -> bool {
        self.enemies.iter().all(|&e| self.initiative[e].is_some())
    }
}

/// How a mover of this mobility passes the board.
fn passage<'p>(
    fight: &'p Fight,
    blocked: &'p [bool],
    avoided: &'p [bool],
    m: Mobility,
) -> Passage<'p> {
    Passage {
        map: &fight.map,
        blocked,
        avoided,
        flying: m != Mobility::Walk,
        floating: false,
        intangible: m == Mobility::Teleport,
    }
}

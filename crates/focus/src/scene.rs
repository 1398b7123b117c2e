//! The board as one monster sees it for one action: who its enemies are, which hexes it
//! may end a move in and at what cost (traps first, then movement), how far everyone is
//! around walls, and who sees whom (cached).

use super::aoe::Axial;
use super::placements::Table;
use super::{Initiatives, Mobility, Plan, Variant};
use crate::board::Fight;
use crate::grid::path::{GoalFields, MoveField, Passage, PathCost, goal_field, move_field};
use crate::grid::range::{Proximity, RangeSearch};
use crate::grid::{Cell, Grid, GridKind, RangeField, Terrain};
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Scenes with at most this many (enemy, cell) pairs cache line of sight in a dense table
/// (one byte each, allocated on the first question); larger ones in a hash map.
const DENSE_SIGHT: usize = 1 << 22;

pub(crate) struct Scene<'a> {
    pub fight: &'a Fight,
    pub plan: &'a Plan,
    pub variant: Variant,
    pub start: Cell,
    pub grid: Grid,
    /// Enemies of the monster, board order.
    pub enemies: Vec<usize>,
    /// Per cell: the index into `enemies` of the enemy standing there, `NO_ENEMY` if none.
    enemy_index: Vec<u32>,
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
    /// Per cell: what ending a move there costs (see [`Scene::end_cost`]), worked out
    /// once from the whole field, since the solver asks for most cells, many times. For
    /// a monster that does not move (an attack after its move, a card without one) it is
    /// worked out only if the whole table is asked for: until then each cell asked about
    /// is searched to, and the search goes no farther than those cells.
    ends: OnceCell<Vec<Option<PathCost>>>,
    /// Steps from the monster counted around walls, searched as far as enemies are asked
    /// about (most puzzles ask only about those near).
    proximity: RefCell<Proximity>,
    /// Per creature: initiative when known.
    pub initiative: Vec<Option<u32>>,
    /// Per creature: its summoner (board index) when that is on the board.
    pub summoner: Vec<Option<usize>>,
    /// Line of sight per enemy and cell: dense (0 unknown, 1 no, 2 yes) while small enough.
    sight: RefCell<Vec<u8>>,
    sight_far: RefCell<HashMap<(usize, Cell), bool>>,
    /// The attack's range (at least 1), which every range question uses.
    range: u32,
    /// Per cell: its range window once asked for.
    near: RefCell<Vec<Option<Arc<RangeField>>>>,
    /// The placements of the action's unanchored area over the enemies, once asked for.
    placements: OnceCell<Table>,
    /// Per cell: marked by `distinct_cells` (all false between calls; sized on first use).
    marks: RefCell<Vec<bool>>,
    /// Every range search of the scene (the step directions and the queue kept).
    ranges: RefCell<RangeSearch<'a>>,
    /// Goal fields kept for the command's next movers (none: each scene searches its own).
    shared: Option<&'a GoalFields>,
}

const NO_ENEMY: u32 = u32::MAX;

impl<'a> Scene<'a> {
    pub(super) fn new(
        fight: &'a Fight,
        monster: usize,
        plan: &'a Plan,
        variant: Variant,
        initiative: Initiatives,
        shared: Option<&'a GoalFields>,
    ) -> Scene<'a> {
        let grid = fight.grid();
        let me = &fight.board.creatures[monster];
        let start = me.position;
        let side = me.side;
        let occupied = fight.covered_by(|i| i != monster);
        // An invisible enemy cannot be focused on (it still blocks the way: see `blocked`).
        let enemies: Vec<usize> = (0..fight.board.creatures.len())
            .filter(|&i| {
                let c = &fight.board.creatures[i];
                i != monster
                    && grid.contains(c.position)
                    && c.side != side
                    && !fight.has_status(i, crate::board::StatusKind::Invisible)
                    && !plan.spared.contains(&i)
            })
            .collect();
        let mut enemy_index = vec![NO_ENEMY; grid.len()];
        for (j, &e) in enemies.iter().enumerate() {
            enemy_index[grid.index(fight.board.creatures[e].position)] = j as u32;
        }
        let mut negative: Vec<bool> = fight
            .map
            .terrain_slice()
            .iter()
            .map(|&t| t == Terrain::Hazardous)
            .collect();
        let traps = fight.board.traps.iter().map(|t| t.cell);
        for c in traps.chain(fight.board.fires.iter().map(|f| f.cell)) {
            if grid.contains(c) {
                negative[grid.index(c)] = true;
            }
        }
        let walker = plan.mobility == Mobility::Walk;
        let blocked = if walker {
            // Enemies block a walker, invisible ones too.
            fight.covered_by(|i| fight.board.creatures[i].side != side)
        } else {
            vec![false; grid.len()]
        };
        let avoided = if walker {
            negative.clone()
        } else {
            vec![false; grid.len()]
        };
        let field = move_field(
            &passage(fight, &blocked, &avoided, &occupied, plan.mobility),
            start,
        );
        let mut ranges = RangeSearch::new(&fight.map);
        let scene = Scene {
            fight,
            plan,
            variant,
            start,
            grid,
            enemies,
            enemy_index,
            occupied,
            negative,
            blocked,
            avoided,
            field,
            ends: OnceCell::new(),
            proximity: RefCell::new(ranges.proximity(start)),
            initiative: (0..fight.board.creatures.len()).map(initiative).collect(),
            summoner: fight
                .board
                .creatures
                .iter()
                .map(|c| c.summoner.as_deref().and_then(|s| fight.index_of(s)))
                .collect(),
            sight: RefCell::new(Vec::new()),
            sight_far: RefCell::new(HashMap::new()),
            range: plan.attack.as_ref().map_or(1, |a| a.range.max(1)),
            near: RefCell::new(vec![None; grid.len()]),
            placements: OnceCell::new(),
            marks: RefCell::new(Vec::new()),
            ranges: RefCell::new(ranges),
            shared,
        };
        // A monster that moves: the solver reads most of the board's costs, a few at a
        // time, and one whole search costs less than many short ones.
        if plan.move_points.is_some() || force_whole() {
            scene.ends();
        }
        scene
    }

    /// The whole table of [`Scene::end_cost`], searched the first time it is needed.
    fn ends(&self) -> &[Option<PathCost>] {
        self.ends.get_or_init(|| {
            self.field
                .costs()
                .into_iter()
                .enumerate()
                .map(|(i, k)| self.ending(i, k?))
                .collect()
        })
    }

    fn passage(&self) -> Passage<'_> {
        passage(
            self.fight,
            &self.blocked,
            &self.avoided,
            &self.occupied,
            self.plan.mobility,
        )
    }

    pub(super) fn position(&self, creature: usize) -> Cell {
        self.fight.board.creatures[creature].position
    }

    /// The index into `enemies` of `enemy` (a board index), which must be one of them.
    pub(super) fn index_of(&self, enemy: usize) -> usize {
        self.enemy_index_at(self.position(enemy))
            .expect("asked about one of the enemies")
    }

    /// The enemy (index into `enemies`) standing in `c`.
    pub(super) fn enemy_index_at(&self, c: Cell) -> Option<usize> {
        if !self.grid.contains(c) {
            return None;
        }
        let j = self.enemy_index[self.grid.index(c)];
        (j != NO_ENEMY).then_some(j as usize)
    }

    /// Visits every enemy (index into `enemies`, with its cell) at most `reach` hexes
    /// from `at`, straight, ignoring walls, in no particular order: from the cells around
    /// `at` when they are fewer than the enemies, else from the enemies.
    pub(super) fn enemies_within(&self, at: Cell, reach: u32, mut visit: impl FnMut(usize, Cell)) {
        let (cols, rows) = self.grid.box_around(at, reach);
        let window = cols.clone().count() * rows.clone().count();
        if window < self.enemies.len() {
            for row in rows {
                for col in cols.clone() {
                    let c = Cell::new(col, row);
                    let j = self.enemy_index[self.grid.index(c)];
                    if j != NO_ENEMY && self.grid.distance(at, c) <= reach {
                        visit(j as usize, c);
                    }
                }
            }
            return;
        }
        for (j, &e) in self.enemies.iter().enumerate() {
            let p = self.position(e);
            if self.grid.distance(at, p) <= reach {
                visit(j, p);
            }
        }
    }

    /// Can the monster end a move in the cell of index `i` (free, enterable, or its own
    /// hex)? A flyer may end on an obstacle.
    fn can_stand(&self, i: usize) -> bool {
        if i == self.grid.index(self.start) {
            return true;
        }
        if self.occupied[i] {
            return false;
        }
        let t = self.fight.map.terrain_slice()[i];
        !t.blocks_movement() || (t == Terrain::Obstacle && self.plan.flies())
    }

    /// What ending a move in `c` costs (negative hexes on the way, then movement), or
    /// `None` when it can never end there. Jumps and teleports only count the hex they
    /// land in; a Gloomhaven jump pays for landing in difficult terrain.
    pub(super) fn end_cost(&self, c: Cell) -> Option<PathCost> {
        if c == self.start {
            return Some(PathCost::default());
        }
        if !self.grid.contains(c) {
            return None;
        }
        let i = self.grid.index(c);
        if let Some(ends) = self.ends.get() {
            return ends[i];
        }
        // The field answers a cell as its whole search would, searching only so far.
        if !self.can_stand(i) {
            return None;
        }
        self.ending(i, self.field.cost(c)?)
    }

    /// The least [`Scene::end_cost`] of the cells in these columns and rows (all on the
    /// board), read straight from the table row by row.
    pub(super) fn cheapest_end(
        &self,
        cols: std::ops::RangeInclusive<i32>,
        rows: std::ops::RangeInclusive<i32>,
    ) -> Option<PathCost> {
        let width = self.grid.width as usize;
        let (first, last) = (*cols.start() as usize, *cols.end() as usize);
        let ends = self.ends();
        rows.flat_map(|row| &ends[row as usize * width..][first..=last])
            .flatten()
            .min()
            .copied()
    }

    /// [`Scene::end_cost`] of the cell of index `i`, reached by the field at `cost`.
    fn ending(&self, i: usize, mut cost: PathCost) -> Option<PathCost> {
        if !self.can_stand(i) {
            return None;
        }
        if i == self.grid.index(self.start) {
            return Some(PathCost::default());
        }
        // A flyer that teleports lands on traps and hazards unharmed.
        let landing = |cost: &mut PathCost| {
            cost.avoided += u32::from(self.negative[i] && !self.plan.flies());
        };
        match self.plan.mobility {
            Mobility::Walk | Mobility::Fly => {}
            Mobility::Jump => {
                landing(&mut cost);
                if self.variant.jump_pays_landing()
                    && self.fight.map.terrain_slice()[i] == Terrain::Difficult
                {
                    cost.steps += 1;
                }
            }
            Mobility::Teleport => landing(&mut cost),
        }
        Some(cost)
    }

    /// The hexes passed on the way to `c` (destination included).
    pub(super) fn path_to(&self, c: Cell) -> Vec<Cell> {
        match self.plan.mobility {
            _ if c == self.start => Vec::new(),
            Mobility::Teleport => vec![c],
            _ => self.field.path(c),
        }
    }

    /// Can the monster end its move in `c` this turn?
    pub(super) fn this_turn(&self, c: Cell, cost: PathCost) -> bool {
        c == self.start || self.plan.move_points.is_some_and(|m| cost.steps <= m)
    }

    /// Every hex the monster can end a move in this turn, with its cost, reading order.
    pub(super) fn reachable_now(&self) -> Vec<(Cell, PathCost)> {
        if self.plan.move_points.is_none() {
            return vec![(self.start, PathCost::default())];
        }
        // Not only the hexes within `points` of the start: a slide on ice goes further.
        self.grid
            .cells()
            .filter_map(|c| self.end_cost(c).map(|k| (c, k)))
            .filter(|&(c, k)| self.this_turn(c, k))
            .collect()
    }

    /// For every cell, the cost of going on from it to `goal` under the monster's way of
    /// moving (only the landing hex counts for jumps and teleports).
    ///
    /// Monsters of a command heading for the same hex over the same board share one
    /// field (`GoalFields`, as scheme monsters do): on a board without ice what stops a
    /// slide never matters, so a walker's field does not depend on where the other
    /// figures stand, only on the enemies that block it and the hexes it avoids.
    pub(super) fn toward(&self, goal: Cell) -> Rc<MoveField> {
        let icy = || self.fight.map.terrain_slice().contains(&Terrain::Icy);
        match self.shared {
            Some(fields) if !icy() => {
                let mut passage = self.passage();
                passage.slides = None;
                fields.toward(&passage, &[goal], self.start)
            }
            _ => Rc::new(goal_field(&self.passage(), &[goal])),
        }
    }

    /// Steps from the monster to `c` around walls.
    pub(super) fn proximity(&self, c: Cell) -> Option<u32> {
        self.proximity.borrow_mut().get(c)
    }

    /// Does a figure in `at` see enemy `j` (index into `enemies`), under the variant's
    /// rule? Cached per enemy and hex: every sight question of the solver is one of these.
    pub(super) fn sees_enemy(&self, at: Cell, j: usize) -> bool {
        let cells = self.grid.len();
        let ask = || {
            super::sight::sees(
                &self.fight.map,
                at,
                self.position(self.enemies[j]),
                self.variant,
            )
        };
        if !self.grid.contains(at) || self.enemies.len().saturating_mul(cells) > DENSE_SIGHT {
            if let Some(&v) = self.sight_far.borrow().get(&(j, at)) {
                return v;
            }
            let v = ask();
            self.sight_far.borrow_mut().insert((j, at), v);
            return v;
        }
        let slot = j * cells + self.grid.index(at);
        {
            let mut table = self.sight.borrow_mut();
            if table.is_empty() {
                *table = vec![0; self.enemies.len() * cells];
            }
            if table[slot] != 0 {
                return table[slot] == 2;
            }
        }
        let v = ask();
        self.sight.borrow_mut()[slot] = 1 + u8::from(v);
        v
    }

    /// The placements of the action's unanchored area (its `orientations`) over every
    /// enemy, worked out the first time they are asked for: they depend on the enemies'
    /// hexes alone, not on where the monster would stand.
    pub(super) fn placements(&self, orientations: &[Vec<Axial>]) -> &Table {
        self.placements.get_or_init(|| {
            let cells: Vec<Cell> = self.enemies.iter().map(|&e| self.position(e)).collect();
            Table::new(&self.grid, orientations, &cells, |c| self.enemy_index_at(c))
        })
    }

    /// The distinct board cells `visit` names (it may name one many times, or cells off
    /// the board), in reading order: a buffer the scene keeps marks them, so this costs
    /// what the names cost, not a pass over the board.
    pub(super) fn distinct_cells(&self, visit: impl FnOnce(&mut Marks)) -> Vec<Cell> {
        let mut marks = self.marks.borrow_mut();
        if marks.len() != self.grid.len() {
            *marks = vec![false; self.grid.len()];
        }
        let mut m = Marks {
            grid: &self.grid,
            marks: &mut marks,
            // Room for a hex's ring of neighbours and some, without growing.
            cells: Vec::with_capacity(16),
        };
        visit(&mut m);
        let mut cells = m.cells;
        for &c in &cells {
            marks[self.grid.index(c)] = false;
        }
        cells.sort_unstable();
        cells
    }

    /// Steps around walls from `c` to the hexes within the attack's range (cached).
    pub(super) fn near(&self, c: Cell) -> Arc<RangeField> {
        let search = || match self.grid.kind {
            // On hexes every step costs one: a fresh breadth-first search is cheaper
            // than the map's shared memo.
            GridKind::Hex => Arc::new(self.ranges.borrow_mut().search(c, self.range)),
            GridKind::Square(_) => self.fight.map.range_within(c, self.range),
        };
        if !self.grid.contains(c) {
            return search();
        }
        let i = self.grid.index(c);
        if let Some(n) = &self.near.borrow()[i] {
            return Arc::clone(n);
        }
        let n = search();
        self.near.borrow_mut()[i] = Some(Arc::clone(&n));
        n
    }

    /// Does creature `s` act just before `c` because it is `c`'s summon on the same
    /// initiative (a summon without its own initiative shares its summoner's)?
    pub(super) fn summon_of(&self, s: usize, c: usize) -> bool {
        self.summoner[s] == Some(c) && self.initiative[s] == self.initiative[c]
    }

    /// True when every enemy's initiative is known.
    pub(super) fn initiatives_known(&self) -> bool {
        self.enemies.iter().all(|&e| self.initiative[e].is_some())
    }
}

#[cfg(test)]
thread_local! {
    /// Tests make every scene search its whole table at once, to check that a scene
    /// answering cell by cell agrees.
    pub(crate) static FORCE_WHOLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
fn force_whole() -> bool {
    FORCE_WHOLE.with(|f| f.get())
}

#[cfg(not(test))]
fn force_whole() -> bool {
    false
}

/// The cells named so far in [`Scene::distinct_cells`].
pub(crate) struct Marks<'m> {
    grid: &'m Grid,
    marks: &'m mut [bool],
    cells: Vec<Cell>,
}

impl Marks<'_> {
    pub(super) fn mark(&mut self, c: Cell) {
        if self.grid.contains(c) && !std::mem::replace(&mut self.marks[self.grid.index(c)], true) {
            self.cells.push(c);
        }
    }
}

/// How a mover of this mobility passes the board.
/// A walker slides on ice and stops before any figure (`occupied`).
fn passage<'p>(
    fight: &'p Fight,
    blocked: &'p [bool],
    avoided: &'p [bool],
    occupied: &'p [bool],
    m: Mobility,
) -> Passage<'p> {
    Passage {
        map: &fight.map,
        blocked,
        avoided,
        flying: m != Mobility::Walk,
        floating: false,
        intangible: m == Mobility::Teleport,
        slides: (m == Mobility::Walk).then_some(occupied),
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{Cell, Grid, GridKind, Metric, Terrain, TerrainMap};

    #[test]
    fn a_fresh_range_search_matches_range_within() {
        for kind in [GridKind::Hex, GridKind::Square(Metric::Alternating)] {
            let mut map = TerrainMap::new(Grid::new(kind, 9, 7));
            for (c, r) in [(3, 0), (3, 1), (3, 2), (3, 3), (5, 4), (6, 4), (1, 5)] {
                map.set(Cell::new(c, r), Terrain::Wall);
            }
            map.set(Cell::new(4, 2), Terrain::Obstacle);
            map.add_thin_wall(Cell::new(1, 1), Cell::new(2, 1));
            for from in [Cell::new(1, 2), Cell::new(0, 0), Cell::new(8, 6)] {
                for limit in [1, 3, 6, 20] {
                    let want = map.range_within(from, limit);
                    let fresh = map.search_range(from, limit);
                    for c in map.grid.cells() {
                        assert_eq!(fresh.get(c), want.get(c), "{kind:?} {from} {limit} {c}");
                    }
                    assert!(fresh.cells().eq(want.cells()));
                }
            }
        }
    }
}

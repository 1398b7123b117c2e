//! Choosing where a monster moves. Given the cells it would like to end in (each with a
//! rank: lower is better, e.g. no disadvantage, more secondary targets), it takes the best
//! one it can reach this turn, or else walks toward the nearest of them. Avoided cells
//! (difficult, hazardous, fire, its own side's traps) count as obstacles while any way
//! around them exists.

use crate::board::{Fight, StatusKind, Trait};
use crate::grid::path::{GoalFields, MoveField, Passage, PathCost, move_field};
use crate::grid::{Cell, Terrain};

/// A monster's view of the board for moving: what blocks it, what it avoids, where
/// others stand, and the Dijkstra field from where it stands.
pub(crate) struct Mover {
    /// Where the monster stands.
    pub start: Cell,
    blocked: Vec<bool>,
    avoided: Vec<bool>,
    /// Cells holding another figure (it may pass allies but not stop on them).
    occupied: Vec<bool>,
    gait: Gait,
    /// Movement costs from where it stands.
    pub field: MoveField,
}

/// How a creature moves: the traits that change which cells it may cross.
#[derive(Clone, Copy, Debug)]
struct Gait {
    flying: bool,
    floating: bool,
    intangible: bool,
}

impl Gait {
    fn passage<'a>(
        self,
        fight: &'a Fight,
        blocked: &'a [bool],
        avoided: &'a [bool],
    ) -> Passage<'a> {
        Passage {
            map: &fight.map,
            blocked,
            avoided,
            flying: self.flying,
            floating: self.floating,
            intangible: self.intangible,
            // Scheme monsters avoid ice; a slide on the way is dealt with as it happens.
            slides: None,
        }
    }
}

impl Mover {
    /// Monster `me`'s view of the board as it stands.
    pub(crate) fn new(fight: &Fight, me: usize) -> Mover {
        let grid = fight.grid();
        let c = &fight.board.creatures[me];
        let flying = fight.has_trait(me, &Trait::Flying);
        let floating = flying || fight.has_trait(me, &Trait::Floating);
        let intangible = fight.has_trait(me, &Trait::Intangible);
        let blocked = fight.covered_by(|j| fight.board.creatures[j].side != c.side);
        let occupied = fight.covered_by(|j| j != me);
        let mut avoided = vec![false; grid.len()];
        if !floating {
            for (avoid, terrain) in avoided.iter_mut().zip(fight.map.terrain_slice()) {
                *avoid = matches!(
                    terrain,
                    Terrain::Difficult | Terrain::Hazardous | Terrain::Icy
                );
            }
            for f in &fight.board.fires {
                avoided[grid.index(f.cell)] = true;
            }
        }
        if !flying {
            for t in fight.board.traps.iter().filter(|t| t.side == c.side) {
                avoided[grid.index(t.cell)] = true;
            }
        }
        let start = c.position;
        let gait = Gait {
            flying,
            floating,
            intangible,
        };
        let field = move_field(&gait.passage(fight, &blocked, &avoided), start);
        Mover {
            start,
            blocked,
            avoided,
            occupied,
            gait,
            field,
        }
    }

    fn passage<'a>(&'a self, fight: &'a Fight) -> Passage<'a> {
        self.gait.passage(fight, &self.blocked, &self.avoided)
    }

    /// Can the monster end its move in `cell`? (The fight is the one the mover was made
    /// for: nobody has moved since.)
    pub(crate) fn can_end(&self, fight: &Fight, cell: Cell) -> bool {
        let grid = fight.grid();
        cell == self.start
            || (grid.contains(cell)
                && !self.occupied[grid.index(cell)]
                && !fight.map.terrain(cell).blocks_movement())
    }
}

/// The outcome of planning a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MovePlan {
    /// Where the monster ends (its own cell when it stays).
    pub dest: Cell,
    /// Cells walked, start excluded.
    pub path: Vec<Cell>,
    /// True when the destination is one of the wanted cells.
    pub arrives: bool,
    /// Why it stays, when it does.
    pub stay_reason: Option<String>,
    /// Equally good destinations (for the tie policy), reading order; includes `dest`.
    pub ties: Vec<Cell>,
}

/// How far a monster may move this turn.
pub(crate) fn budget(fight: &Fight, me: usize, bonus: i32, multiplier: u32) -> u32 {
    if fight.has_status(me, StatusKind::Immobilized) || fight.has_status(me, StatusKind::Stunned) {
        return 0;
    }
    ((fight.stats[me].speed as i64 + bonus as i64).max(0) as u32).saturating_mul(multiplier)
}

/// Plans a move toward `wanted` cells, each with a rank (lower is better). `budget` is the
/// movement available. Ties are returned in `ties` for the caller to settle. When no
/// wanted cell is free and reachable, the monster closes in on `if_free` instead: the
/// cells it could act from if the figures on them were gone.
pub(crate) fn plan<R: Ord + Copy>(
    fight: &Fight,
    mover: &Mover,
    budget: u32,
    wanted: &[(Cell, R)],
    if_free: impl FnOnce() -> Vec<Cell>,
    goal_fields: &GoalFields,
) -> MovePlan {
    let start = mover.start;
    let reachable: Vec<(Cell, R, PathCost)> = wanted
        .iter()
        .filter(|(c, _)| mover.can_end(fight, *c))
        .filter_map(|&(c, r)| mover.field.cost(c).map(|k| (c, r, k)))
        .collect();
    let Some(fewest_avoided) = reachable.iter().map(|(_, _, k)| k.avoided).min() else {
        // Every cell it could use is taken or cut off: it still gets as close as it can
        // to them, through its allies, and ends on the nearest free cell.
        let costs: Vec<(Cell, PathCost)> = if_free()
            .into_iter()
            .filter_map(|c| mover.field.cost(c).map(|k| (c, k)))
            .collect();
        let Some(fewest) = costs.iter().map(|(_, k)| k.avoided).min() else {
            return stay(start, "no space it could use is reachable");
        };
        let goals: Vec<Cell> = costs
            .iter()
            .filter(|(_, k)| k.avoided == fewest)
            .map(|(c, _)| *c)
            .collect();
        return close_in(fight, mover, budget, &goals, goal_fields);
    };
    let eligible: Vec<&(Cell, R, PathCost)> = reachable
        .iter()
        .filter(|(_, _, k)| k.avoided == fewest_avoided)
        .collect();
    let in_reach: Vec<&&(Cell, R, PathCost)> = eligible
        .iter()
        .filter(|(_, _, k)| k.steps <= budget)
        .collect();
    if let Some(best) = in_reach.iter().map(|(_, r, k)| (*r, k.steps)).min() {
        let mut ties: Vec<Cell> = in_reach
            .iter()
            .filter(|(_, r, k)| (*r, k.steps) == best)
            .map(|(c, _, _)| *c)
            .collect();
        ties.sort();
        let dest = ties[0];
        return MovePlan {
            dest,
            path: mover.field.path(dest),
            arrives: true,
            stay_reason: None,
            ties,
        };
    }
    // Nothing wanted is in reach: walk toward the nearest wanted cell.
    let goals: Vec<Cell> = eligible.iter().map(|(c, _, _)| *c).collect();
    close_in(fight, mover, budget, &goals, goal_fields)
}

/// The monster stays where it is, for `reason`.
fn stay(start: Cell, reason: &str) -> MovePlan {
    MovePlan {
        dest: start,
        path: Vec::new(),
        arrives: false,
        stay_reason: Some(reason.to_string()),
        ties: vec![start],
    }
}

/// None of `goals` is in reach this turn (or free): the reachable free cell that leaves
/// the least path cost to the nearest goal, with the fewest steps spent; it stays when no
/// such cell is closer than where it stands.
fn close_in(
    fight: &Fight,
    mover: &Mover,
    budget: u32,
    goals: &[Cell],
    goal_fields: &GoalFields,
) -> MovePlan {
    let start = mover.start;
    if budget == 0 {
        return stay(start, "it cannot move");
    }
    let toward = goal_fields.toward(&mover.passage(fight), goals, start);
    // Farther than `start` from the goals, the goal field need not be searched: no such
    // cell gets the monster closer. (A field shared with an earlier mover may know
    // farther cells: they do not get it closer either.)
    let remaining = |c: Cell, there: PathCost| {
        toward
            .known_cost(c)
            .map(|k| (there.avoided + k.avoided, k.steps))
    };
    let Some(here) = toward.cost(start).map(|k| (k.avoided, k.steps)) else {
        return stay(start, "no path leads toward its goal");
    };
    // A cell entered over more avoided cells than the goals are from `start` cannot get
    // closer, so the field is searched only as far as the budget and that count.
    mover.field.settle_within(here.0, budget);
    let mut best: Option<((u32, u32), u32)> = None;
    let mut ties = Vec::new();
    // Scheme monsters do not slide (see `Gait::passage`), so every step moves one cell:
    // a cell within the budget lies within that many cells.
    for cell in fight.grid().within(start, budget) {
        let Some(k) = mover.field.known_cost(cell).filter(|k| k.steps <= budget) else {
            continue;
        };
        if !mover.can_end(fight, cell) {
            continue;
        }
        let Some(rem) = remaining(cell, k) else {
            continue;
        };
        let key = (rem, k.steps);
        match best {
            Some(b) if key > b => {}
            Some(b) if key == b => ties.push(cell),
            _ => {
                best = Some(key);
                ties = vec![cell];
            }
        }
    }
    match best {
        Some((rem, _)) if rem < here => {
            let dest = ties[0];
            MovePlan {
                dest,
                path: mover.field.path(dest),
                arrives: false,
                stay_reason: None,
                ties,
            }
        }
        _ => stay(start, "no space it can reach gets it closer"),
    }
}

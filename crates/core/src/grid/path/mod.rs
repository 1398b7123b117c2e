//! Pathfinding over the terrain for one mover: a full field of best costs from the
//! mover's cell (what it can reach and by which path) and a multi-source field towards a
//! set of goal cells (how far each cell still is from the nearest goal). Costs are
//! lexicographic: first the number of avoided cells entered, then movement points.
//! A field is searched only as far as it is read ([`resume`]), and a goal field can be
//! kept for the next mover with the same goals ([`shared`]).
//!
//! The search is a hand-rolled Dijkstra with a bucket queue over dense per-cell arrays
//! rather than the `pathfinding` crate: the contract needs a specific tie rule among
//! equally good paths (see [`field`]), two states per cell on alternating boards, slides
//! on ice, and results for every cell; `dijkstra_all` keeps only the first-found parent
//! and returns a `HashMap` that costs several times more than the search itself on a
//! 200×200 board. A step costs at most a few points, so the queue is a ring of buckets
//! ([`queue`]) and a search costs about what a breadth-first search costs.

#[cfg(test)]
mod agree;
mod field;
mod queue;
#[cfg(test)]
mod reference;
mod resume;
mod shared;
mod spare;
mod steps;

pub use field::MoveField;
pub use shared::GoalFields;
pub(crate) use steps::{IndexOffsets, StepMasks, masks_of, moves};

use super::{Cell, Terrain, TerrainMap, geom};
use field::{Live, Rest};
use queue::Queue;
use std::cell::RefCell;
use steps::Steps;

/// Cost of a path: avoided cells entered, then movement points spent (difficult terrain
/// costs 2 to enter unless flying; on alternating-metric boards every second diagonal
/// costs 2). Ordered lexicographically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PathCost {
    /// Avoided cells entered on the way.
    pub avoided: u32,
    /// Movement points spent.
    pub steps: u32,
}

/// What a mover may pass and what its system wants avoided. Slices are indexed by
/// [`crate::grid::Grid::index`] and have one entry per cell.
#[derive(Clone, Copy, Debug)]
pub struct Passage<'a> {
    /// The terrain walked over.
    pub map: &'a TerrainMap,
    /// Cells the mover may not pass through (enemy figures).
    pub blocked: &'a [bool],
    /// Cells the system would rather not enter (difficult, hazardous, own traps).
    /// Entering one adds 1 to [`PathCost::avoided`].
    pub avoided: &'a [bool],
    /// Ignores difficult terrain costs and may pass over `blocked` cells and obstacles
    /// (the caller must not end a move on either). Walls, closed doors and thin walls
    /// still stop a flyer, and still close a diagonal's corner.
    pub flying: bool,
    /// Pays no extra for difficult terrain (but passes nothing a walker cannot).
    pub floating: bool,
    /// May pass through walls, obstacles, closed doors and thin walls (but the caller
    /// must not end a move there). Enemy figures still block unless also `flying`.
    pub intangible: bool,
    /// For a walker that slides on ice: the cells holding a figure (a slide stops before
    /// them). Stepping onto ice then carries it on to where the slide ends, over cells
    /// it cannot stop on; `avoided` cells are the ones that end a slide by hurting. `None`:
    /// ice is floor to this mover.
    pub slides: Option<&'a [bool]>,
}

pub(super) const UNREACHED: u64 = u64::MAX;

/// Packs a cost so that comparing the numbers compares avoided cells first.
pub(super) const fn pack(avoided: u64, steps: u64) -> u64 {
    (avoided << 32) | steps
}

pub(super) fn unpack(key: u64) -> PathCost {
    PathCost {
        avoided: (key >> 32) as u32,
        steps: key as u32,
    }
}

/// Best costs from `start` to every cell the mover can reach; paths between equally
/// good ones keep nearest the straight line from the start. The field is searched as
/// its answers are asked for (see [`MoveField`]).
pub fn move_field(passage: &Passage, start: Cell) -> MoveField {
    search(passage.map, &Rules::for_passage(passage), &[start], false)
}

/// Multi-source field: for every cell, the cost of walking from it to the nearest of
/// `goals` under the same passage rules (entering a cell costs what entering it costs in
/// the forward direction).
///
/// Equal-cost next steps are broken by reading order of the next cell. On alternating
/// boards the cost is for a mover that has taken no diagonal yet when it starts at that
/// cell. Goals off the board are ignored; a goal the mover may not enter is only reached
/// from itself.
pub fn goal_field(passage: &Passage, goals: &[Cell]) -> MoveField {
    search(passage.map, &Rules::for_passage(passage), goals, true)
}

/// Which steps are allowed and what they cost; shared by movement and range counting.
pub(crate) struct Rules<'a> {
    /// Terrain that may not be entered (and closes a diagonal's side).
    solid: Solid,
    thin_walls: bool,
    difficult_costs: bool,
    blocked: &'a [bool],
    avoided: &'a [bool],
    /// Figures that stop a slide, for a mover that slides on ice.
    slides: Option<&'a [bool]>,
}

/// Which terrain a mover may not enter (and which closes a diagonal's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Solid {
    /// What blocks movement: walls, obstacles, closed doors.
    Movement,
    /// What blocks sight only (a flyer's way; range counting).
    Sight,
    /// Nothing (intangible).
    Nothing,
}

impl Solid {
    fn blocks(self, t: Terrain) -> bool {
        match self {
            Solid::Movement => t.blocks_movement(),
            Solid::Sight => t.blocks_sight(),
            Solid::Nothing => false,
        }
    }
}

impl<'a> Rules<'a> {
    pub(crate) fn for_passage(p: &Passage<'a>) -> Rules<'a> {
        let solid = if p.intangible {
            Solid::Nothing
        } else if p.flying {
            Solid::Sight
        } else {
            Solid::Movement
        };
        Rules {
            solid,
            thin_walls: !p.intangible,
            difficult_costs: !(p.flying || p.floating),
            blocked: if p.flying { &[] } else { p.blocked },
            avoided: p.avoided,
            slides: p
                .slides
                .filter(|_| !(p.flying || p.floating || p.intangible)),
        }
    }

    /// Range and proximity: around walls, closed doors and thin walls, every step 1
    /// (alternating diagonals aside).
    pub(crate) fn range() -> Rules<'static> {
        Rules {
            solid: Solid::Sight,
            thin_walls: true,
            difficult_costs: false,
            blocked: &[],
            avoided: &[],
            slides: None,
        }
    }
}

/// Dijkstra over (cell, diagonal parity) states from `sources` (forward), or from
/// `sources` as goals over reversed steps (`towards_goal`). Nothing is searched yet: the
/// field runs the search as far as its readers ask (see [`resume`]).
pub(crate) fn search(
    map: &TerrainMap,
    rules: &Rules,
    sources: &[Cell],
    towards_goal: bool,
) -> MoveField {
    let steps = Steps::new(map, rules);
    let grid = map.grid;
    let states = steps.states;
    let mut dist = spare::costs(grid.len() * states, UNREACHED);
    // A cost's states lie on a ring around the sources, seldom longer than twice the
    // board's edge: room for that in each bucket, and the rare overflow waits in a heap.
    let room = (4 * (grid.width + grid.height) as usize * states).min(grid.len() * states);
    let mut queue = Queue::with_room(room);
    for &s in sources.iter().filter(|&&s| grid.contains(s)) {
        let base = grid.index(s) * states;
        // A goal is a goal whatever the parity of the walker arriving there.
        let seeded = if towards_goal { states } else { 1 };
        for (state, d) in dist.iter_mut().enumerate().skip(base).take(seeded) {
            *d = 0;
            queue.push(0, state as u32);
        }
    }
    // Forward, a blocked cell is never stepped into: held at cost 0 it is never improved.
    // (Backward a walker may start on one, and a slide may end on one: those ask the
    // cell's flags step by step.)
    let held = (!towards_goal && !steps.slides).then(|| steps.blocked_states(&dist));
    MoveField {
        live: RefCell::new(Live {
            dist,
            settled_below: 0,
            rest: Some(Rest {
                queue,
                batch: spare::states(room),
                held,
            }),
        }),
        steps,
        towards_goal,
        line_start: match (towards_goal, sources) {
            (false, [only]) if grid.contains(*only) => Some(geom::centre(&grid, *only)),
            _ => None,
        },
        slides_into: std::sync::OnceLock::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::terrain::tests::{c, find, map};
    use crate::grid::{GridKind, Metric};

    const CHEB: GridKind = GridKind::Square(Metric::Chebyshev);
    const ALT: GridKind = GridKind::Square(Metric::Alternating);

    struct Mover {
        blocked: Vec<bool>,
        avoided: Vec<bool>,
        flying: bool,
        intangible: bool,
    }

    impl Mover {
        /// `E` marks a blocked cell (enemy), `^` (hazardous) an avoided one.
        fn new(m: &TerrainMap, rows: &str) -> Mover {
            let cells: Vec<char> = rows
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .flat_map(str::chars)
                .collect();
            assert_eq!(cells.len(), m.grid.len());
            Mover {
                blocked: cells.iter().map(|&ch| ch == 'E').collect(),
                avoided: cells.iter().map(|&ch| ch == '^').collect(),
                flying: false,
                intangible: false,
            }
        }
        fn passage<'a>(&'a self, m: &'a TerrainMap) -> Passage<'a> {
            Passage {
                map: m,
                blocked: &self.blocked,
                avoided: &self.avoided,
                flying: self.flying,
                floating: false,
                intangible: self.intangible,
                slides: None,
            }
        }
    }

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(|c| c.name()).collect()
    }

    fn cost(avoided: u32, steps: u32) -> Option<PathCost> {
        Some(PathCost { avoided, steps })
    }

    #[test]
    fn open_board_costs_are_distances() {
        for kind in [
            CHEB,
            GridKind::Square(Metric::Manhattan),
            ALT,
            GridKind::Hex,
        ] {
            let rows = ".....\n.....\n.....\n.....";
            let m = map(kind, rows);
            let mover = Mover::new(&m, rows);
            let field = move_field(&mover.passage(&m), c("B2"));
            for x in m.grid.cells() {
                let d = m.grid.distance(c("B2"), x);
                assert_eq!(field.cost(x), cost(0, d), "{kind:?} {x}");
                let path = field.path(x);
                assert_eq!(
                    path.len(),
                    if kind == ALT { path.len() } else { d as usize }
                );
                assert_eq!(
                    path.last().copied(),
                    if x == c("B2") { None } else { Some(x) }
                );
                let mut at = c("B2");
                for &step in &path {
                    assert!(m.grid.adjacent(at, step));
                    at = step;
                }
            }
            assert_eq!(field.costs().iter().flatten().count(), m.grid.len());
        }
    }

    #[test]
    fn ties_prefer_reading_order() {
        let rows = "...\n...\n...";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(names(&field.path(c("A3"))), ["A2", "A3"]);
        assert_eq!(names(&field.path(c("C2"))), ["B1", "C2"]);
        assert_eq!(names(&field.path(c("C3"))), ["B2", "C3"]);
        assert!(field.path(c("A1")).is_empty());
    }

    #[test]
    fn walls_obstacles_and_difficult_terrain() {
        let rows = "
            a#..
            .#~.
            .o..
            ....
        ";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), find(rows, 'a'));
        assert_eq!(field.cost(c("B1")), None);
        assert_eq!(field.cost(c("B3")), None);
        // A1 A2 A3 B4 C3 then D2 (4 + 1) or C2 difficult (4 + 2)
        assert_eq!(field.cost(c("D2")), cost(0, 5));
        assert_eq!(field.cost(c("C2")), cost(0, 6));
        assert_eq!(
            names(&field.path(c("D1"))),
            ["A2", "A3", "B4", "C3", "D2", "D1"]
        );
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        let field = move_field(&flyer.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B1")), None, "flyers do not pass walls");
        assert_eq!(field.cost(c("B3")), cost(0, 2), "but pass over obstacles");
        assert_eq!(
            field.cost(c("C2")),
            cost(0, 3),
            "and ignore difficult terrain"
        );
        let mut ghost = Mover::new(&m, rows);
        ghost.intangible = true;
        let field = move_field(&ghost.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B1")), cost(0, 1));
        assert_eq!(
            field.cost(c("C2")),
            cost(0, 3),
            "A1 B1 (wall) then C2, difficult still costs 2"
        );
    }

    #[test]
    fn diagonal_gaps_and_thin_walls() {
        let rows = "
            .#.
            #..
            ...
        ";
        let mut m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        assert_eq!(
            move_field(&mover.passage(&m), c("A1")).cost(c("B2")),
            None,
            "squeezed shut"
        );
        m.add_thin_wall(c("B2"), c("C2"));
        m.add_thin_wall(c("B3"), c("C3"));
        // The thin wall runs down the whole board between columns B and C, and the gap at
        // its top is squeezed between it and the wall at B1 (the corner rule again).
        let field = move_field(&mover.passage(&m), c("C3"));
        assert_eq!(field.cost(c("B3")), None);
        assert_eq!(field.cost(c("B2")), None);
        assert_eq!(field.cost(c("C1")), cost(0, 2));
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        assert_eq!(
            move_field(&flyer.passage(&m), c("C3")).cost(c("B3")),
            None,
            "thin walls stop flyers"
        );
        let mut ghost = Mover::new(&m, rows);
        ghost.intangible = true;
        assert_eq!(
            move_field(&ghost.passage(&m), c("C3")).cost(c("B3")),
            cost(0, 1)
        );
    }

    #[test]
    fn blocked_and_avoided_cells() {
        let rows = "
            .E..
            .E^.
            .E..
            ....
        ";
        let m = map(CHEB, &rows.replace(['E', '^'], "."));
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B2")), None, "enemies block");
        // Around the enemies: A1 A2 A3 B4 C3 D2 (5) avoiding C2's hazard.
        assert_eq!(field.cost(c("D2")), cost(0, 5));
        assert_eq!(
            field.cost(c("C2")),
            cost(1, 5),
            "entering the hazard itself costs one"
        );
        assert!(!field.path(c("D1")).contains(&c("C2")));
        let mut flyer = Mover::new(&m, rows);
        flyer.flying = true;
        let field = move_field(&flyer.passage(&m), c("A1"));
        assert_eq!(field.cost(c("C1")), cost(0, 2), "flyers pass over enemies");
        // Straight over the hazard would be 3 steps; avoiding it is longer but preferred.
        assert_eq!(field.cost(c("D2")), cost(0, 3));
        assert!(!field.path(c("D2")).contains(&c("C2")));
    }

    #[test]
    fn alternating_diagonals_cost_one_then_two() {
        let rows = ".....\n.....\n.....\n.....\n.....";
        let m = map(ALT, rows);
        let mover = Mover::new(&m, rows);
        let field = move_field(&mover.passage(&m), c("A1"));
        assert_eq!(field.cost(c("B2")), cost(0, 1));
        assert_eq!(field.cost(c("C3")), cost(0, 3));
        assert_eq!(field.cost(c("D4")), cost(0, 4));
        assert_eq!(field.cost(c("E5")), cost(0, 6));
        assert_eq!(field.path(c("E5")).len(), 4);
        // Difficult terrain doubles the step, whatever it is.
        let hard = map(ALT, ".....\n.~...\n..~..\n.....\n.....");
        let field = move_field(&Mover::new(&hard, rows).passage(&hard), c("A1"));
        assert_eq!(field.cost(c("B2")), cost(0, 2));
    }

    /// The goal field from every cell equals the forward field from that cell to the goal.
    #[test]
    fn goal_field_matches_forward_fields() {
        let cases = [
            (CHEB, ".~..\n.#^.\n..E~\n.o.."),
            (ALT, ".~...\n.#^..\n..E~.\n.o...\n.~.~."),
            (GridKind::Hex, ".~..\n.#^.\n..E~\n.o.."),
            (
                GridKind::Square(Metric::Manhattan),
                ".~..\n.#^.\n..E~\n.o..",
            ),
        ];
        for (kind, rows) in cases {
            let mut m = map(kind, &rows.replace(['E', '^'], "."));
            let second = m.grid.cell_at(5);
            m.add_thin_wall(c("A1"), m.grid.cell_at(1));
            m.add_thin_wall(second, m.grid.cell_at(9));
            for flying in [false, true] {
                let mut mover = Mover::new(&m, rows);
                mover.flying = flying;
                let p = mover.passage(&m);
                for goal in m.grid.cells() {
                    let back = goal_field(&p, &[goal]);
                    for x in m.grid.cells() {
                        let forward = move_field(&p, x);
                        assert_eq!(back.cost(x), forward.cost(goal), "{kind:?} {x} -> {goal}");
                        let path = back.path(x);
                        if back.cost(x).is_some() && x != goal {
                            assert_eq!(path.last(), Some(&goal));
                            assert!(m.grid.adjacent(x, path[0]));
                        } else {
                            assert!(path.is_empty());
                        }
                    }
                }
            }
        }
    }

    /// With slides, a goal field still gives every cell the cost of the best walk from it
    /// to the goal, and its paths follow the slides.
    #[test]
    fn goal_fields_agree_with_forward_fields_over_ice() {
        let cases = [
            (CHEB, ".ii.\n.#i.\niiE.\n.i^i"),
            (ALT, ".ii..\n.#i.i\niiE..\n.i^i.\n..ii."),
            (GridKind::Hex, ".ii.\n.#i.\niiE.\n.i^i"),
        ];
        for (kind, rows) in cases {
            let m = map(kind, &rows.replace(['E', '^'], "."));
            let mover = Mover::new(&m, rows);
            let mut p = mover.passage(&m);
            p.slides = Some(&mover.blocked);
            for goal in m.grid.cells() {
                let back = goal_field(&p, &[goal]);
                for x in m.grid.cells() {
                    let forward = move_field(&p, x);
                    assert_eq!(back.cost(x), forward.cost(goal), "{kind:?} {x} -> {goal}");
                    if forward.cost(goal).is_some() && x != goal {
                        assert_eq!(forward.path(goal).last(), Some(&goal));
                        assert_eq!(back.path(x).last(), Some(&goal));
                    }
                }
            }
        }
    }

    #[test]
    fn a_step_onto_ice_slides_for_free() {
        // A1 steps onto the ice at B1 and slides over C1 to D1: one point, three cells.
        let m = map(CHEB, ".ii..\n.....");
        let mover = Mover::new(&m, ".....\n.....");
        let mut p = mover.passage(&m);
        p.slides = Some(&mover.blocked);
        let f = move_field(&p, c("A1"));
        assert_eq!(f.cost(c("D1")), cost(0, 1));
        assert_eq!(names(&f.path(c("D1"))), ["B1", "C1", "D1"]);
        // No one can stop on the ice in passing: B1 is reached only from below.
        assert_eq!(f.cost(c("B1")), cost(0, 2));
    }

    #[test]
    fn goal_field_with_several_goals() {
        let rows = "......\n......\n......";
        let m = map(CHEB, rows);
        let mover = Mover::new(&m, rows);
        let field = goal_field(&mover.passage(&m), &[c("A1"), c("F3"), Cell::new(40, 40)]);
        assert_eq!(field.cost(c("C2")), cost(0, 2));
        assert_eq!(field.cost(c("D2")), cost(0, 2));
        assert_eq!(names(&field.path(c("C2"))), ["B1", "A1"]);
        assert_eq!(names(&field.path(c("D2"))), ["E2", "F3"]);
        assert!(field.path(c("F3")).is_empty());
    }
}

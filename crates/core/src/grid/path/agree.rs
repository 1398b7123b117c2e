//! The bucket-queue search against the reference search (`reference`): the same cost
//! for every cell and the same rebuilt path to every cell, on random boards of every
//! grid kind with walls, obstacles, doors, difficult, hazardous and icy terrain, thin
//! walls, enemies and figures on the ice, for every kind of mover.

use super::{Passage, Rules, Solid, goal_field, masks_of, move_field, reference, search};
use crate::grid::terrain::tests::map;
use crate::grid::{Cell, GridKind, Metric, TerrainMap};

/// Every kind of grid, taken in turn by the random boards.
const KINDS: [GridKind; 4] = [
    GridKind::Square(Metric::Chebyshev),
    GridKind::Square(Metric::Manhattan),
    GridKind::Square(Metric::Alternating),
    GridKind::Hex,
];

/// A small deterministic generator (xorshift), so the boards are the same every run.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn random_map(dice: &mut Dice, kind: GridKind, width: usize, height: usize) -> TerrainMap {
    let mut m = random_terrain(dice, kind, width, height);
    for _ in 0..dice.below(6) {
        let a = m.grid.cell_at(dice.below(m.grid.len() as u64) as usize);
        let neighbours: Vec<Cell> = m.grid.neighbours(a).into_iter().collect();
        if neighbours.is_empty() {
            continue;
        }
        let b = neighbours[dice.below(neighbours.len() as u64) as usize];
        m.add_thin_wall(a, b);
    }
    m
}

/// A random board without thin walls.
fn random_terrain(dice: &mut Dice, kind: GridKind, width: usize, height: usize) -> TerrainMap {
    const TERRAIN: &[u8] = b"........#o~~^iiiDd";
    let rows: Vec<String> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| TERRAIN[dice.below(TERRAIN.len() as u64) as usize] as char)
                .collect()
        })
        .collect();
    map(kind, &rows.join("\n"))
}

/// The board and the mover, for a failure message.
fn describe(round: usize, p: &Passage) -> String {
    let m = p.map;
    let marked = |cells: &[bool]| -> Vec<String> {
        m.grid
            .cells()
            .filter(|&c| cells[m.grid.index(c)])
            .map(|c| c.name())
            .collect()
    };
    let terrain: Vec<String> = m
        .grid
        .cells()
        .map(|c| format!("{:?}", m.terrain(c)))
        .collect();
    format!(
        "board {round} ({:?}, {}×{}; flying {}, floating {}, intangible {}, slides {})\nterrain {}\nblocked {:?}\navoided {:?}\nstops {:?}\nthin walls {:?}",
        m.grid.kind,
        m.grid.width,
        m.grid.height,
        p.flying,
        p.floating,
        p.intangible,
        p.slides.is_some(),
        terrain.join(" "),
        marked(p.blocked),
        marked(p.avoided),
        p.slides.map(marked).unwrap_or_default(),
        m.thin_walls().collect::<Vec<_>>(),
    )
}

fn flags(dice: &mut Dice, cells: usize, percent: u64) -> Vec<bool> {
    (0..cells).map(|_| dice.chance(percent)).collect()
}

fn assert_same(fast: &super::MoveField, slow: &reference::MoveField, m: &TerrainMap, what: &str) {
    for c in m.grid.cells() {
        assert_eq!(
            fast.cost(c),
            slow.cost(c),
            "{what}: cost of {c}, fast path {:?} slow path {:?}",
            fast.path(c).iter().map(|c| c.name()).collect::<Vec<_>>(),
            slow.path(c).iter().map(|c| c.name()).collect::<Vec<_>>()
        );
        assert_eq!(fast.path(c), slow.path(c), "{what}: path to {c}");
    }
}

#[test]
fn the_bucket_search_agrees_with_the_reference() {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    for round in 0..160 {
        let kind = KINDS[round % KINDS.len()];
        let (width, height) = (3 + dice.below(8) as usize, 3 + dice.below(7) as usize);
        let m = random_map(&mut dice, kind, width, height);
        let cells = m.grid.len();
        let blocked = flags(&mut dice, cells, 12);
        let avoided = flags(&mut dice, cells, 10);
        let stops = flags(&mut dice, cells, 8);
        let (flying, floating, intangible) = match dice.below(5) {
            0 => (true, false, false),
            1 => (false, true, false),
            2 => (false, false, true),
            _ => (false, false, false),
        };
        let p = Passage {
            map: &m,
            blocked: &blocked,
            avoided: &avoided,
            flying,
            floating,
            intangible,
            slides: dice.chance(60).then_some(&stops[..]),
        };
        let what = describe(round, &p);
        for start in m.grid.cells() {
            let fast = move_field(&p, start);
            let slow = reference::search(&m, &Rules::for_passage(&p), &[start], false, None);
            assert_partial_answers(&mut dice, &move_field(&p, start), &slow, &m, &what);
            assert_same(&fast, &slow, &m, &format!("{what}, from {start}"));
            let fast = search(&m, &Rules::range(), &[start], false);
            let slow = reference::search(&m, &Rules::range(), &[start], false, None);
            assert_same(&fast, &slow, &m, &format!("{what}, range from {start}"));
        }
        let goals: Vec<Cell> = (0..1 + dice.below(3))
            .map(|_| m.grid.cell_at(dice.below(cells as u64) as usize))
            .collect();
        let fast = goal_field(&p, &goals);
        let slow = reference::search(&m, &Rules::for_passage(&p), &goals, true, None);
        assert_same(&fast, &slow, &m, &format!("{what}, towards {goals:?}"));
        let from = m.grid.cell_at(dice.below(cells as u64) as usize);
        let fast = goal_field(&p, &goals);
        let slow = reference::search(&m, &Rules::for_passage(&p), &goals, true, Some(from));
        let walk = |c: Cell| (fast.cost(c), fast.path(c));
        assert_eq!(
            walk(from),
            (slow.cost(from), slow.path(from)),
            "{what}: from {from} towards {goals:?}"
        );
    }
}

/// A field searched only part of the way answers what it has settled as the whole
/// search would, and knows every cell it was asked to settle.
fn assert_partial_answers(
    dice: &mut Dice,
    fast: &super::MoveField,
    slow: &reference::MoveField,
    m: &TerrainMap,
    what: &str,
) {
    let cells = m.grid.len() as u64;
    let some: Vec<Cell> = (0..1 + dice.below(4))
        .map(|_| m.grid.cell_at(dice.below(cells) as usize))
        .collect();
    fast.settle_nearest(&some);
    let nearest = some.iter().filter_map(|&c| slow.cost(c)).min();
    for &c in &some {
        if slow.cost(c) == nearest && nearest.is_some() {
            assert_eq!(fast.known_cost(c), nearest, "{what}: nearest of {some:?}");
        }
    }
    let (avoided, steps) = (dice.below(2) as u32, dice.below(6) as u32);
    fast.settle_within(avoided, steps);
    let limit = super::PathCost { avoided, steps };
    for c in m.grid.cells() {
        let (k, whole) = (fast.known_cost(c), slow.cost(c));
        if k.is_some() {
            assert_eq!(k, whole, "{what}: {c} settled part of the way");
        }
        if whole.is_some_and(|w| w <= limit) {
            assert_eq!(k, whole, "{what}: {c} within {limit:?}");
        }
    }
}

/// The remembered step masks say what `TerrainMap::step_open` (walkers) and
/// `step_open_for_range` (range, flyers' walls) say, for every pair of cells that touch.
#[test]
fn the_step_masks_agree_with_the_terrain() {
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    for round in 0..300 {
        let kind = KINDS[round % KINDS.len()];
        // Boards one cell wide or high too: every cell is on the edge.
        let (width, height) = (1 + dice.below(10) as usize, 1 + dice.below(9) as usize);
        // Square boards without thin walls have masks of their own making.
        let m = if round % 3 == 0 {
            random_terrain(&mut dice, kind, width, height)
        } else {
            random_map(&mut dice, kind, width, height)
        };
        // On hexes the first question works out both kinds: either may come first.
        let (walking, ranging) = if (round / KINDS.len()).is_multiple_of(2) {
            let walking = masks_of(&m, Solid::Movement, true);
            (walking, masks_of(&m, Solid::Sight, true))
        } else {
            let ranging = masks_of(&m, Solid::Sight, true);
            (masks_of(&m, Solid::Movement, true), ranging)
        };
        // A cell can be entered from a neighbour exactly when that neighbour can step out
        // to it.
        for masks in [&walking, &ranging] {
            for v in m.grid.cells() {
                let (directions, iv) = (m.grid.step_directions(v), m.grid.index(v));
                for (e, &(dc, dr)) in directions.iter().enumerate() {
                    let u = Cell::new(v.col + dc, v.row + dr);
                    let steps_out = m.grid.contains(u)
                        && masks.out[m.grid.index(u)] & (1 << m.grid.opposite(e)) != 0;
                    let enters = masks.into[iv] & (1 << e) != 0;
                    assert_eq!(enters, steps_out, "{kind:?} into {v} from {u}");
                }
            }
        }
        for a in m.grid.cells() {
            let walks: Vec<Cell> = walking.open_from(m.grid, a).collect();
            let ranges: Vec<Cell> = ranging.open_from(m.grid, a).collect();
            for b in m.grid.neighbours(a) {
                assert_eq!(walks.contains(&b), m.step_open(a, b), "{kind:?} {a} -> {b}");
                assert_eq!(
                    ranges.contains(&b),
                    m.step_open_for_range(a, b),
                    "{kind:?} {a} -> {b}"
                );
            }
        }
    }
}

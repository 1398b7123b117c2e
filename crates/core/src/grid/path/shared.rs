//! Goal fields kept for the next mover with the same goals. Several monsters often walk
//! toward the same enemy over the same board: the field toward that enemy's cells is
//! searched once, each mover running it on only as far as its own cell (see
//! [`super::resume`]). A field is reused only when everything it was searched over is
//! the same: the terrain and thin walls, what blocks, what is avoided, what stops a
//! slide, the mover's kind and the goals.

use super::field::MoveField;
use super::{Passage, goal_field};
use crate::grid::{Cell, Terrain};
use std::cell::RefCell;
use std::rc::Rc;

/// How many goal fields are kept (the newest ones): at least 4, and as many more as fit
/// in [`KEEP_CELLS`] cells of search (a field holds a few bytes a cell). Ability-deck
/// monsters each head for the attack hex nearest them, so on a large board a command's
/// monsters head for a dozen or two hexes around the enemies, in no order; with only
/// four kept, each one searched its field afresh.
fn keep(cells: usize) -> usize {
    (KEEP_CELLS / cells.max(1)).clamp(4, 64)
}

/// The cells of search the kept fields may hold between them beyond four of any size.
const KEEP_CELLS: usize = 2_000_000;

/// Goal fields searched for earlier movers, newest last.
#[derive(Default)]
pub struct GoalFields {
    kept: RefCell<Vec<(Searched, Rc<MoveField>)>>,
}

/// What a goal field was searched over.
struct Searched {
    terrain: Vec<Terrain>,
    thin_walls: Vec<(Cell, Cell)>,
    blocked: Vec<bool>,
    avoided: Vec<bool>,
    slides: Option<Vec<bool>>,
    gait: (bool, bool, bool),
    goals: Vec<Cell>,
}

impl Searched {
    fn of(passage: &Passage, goals: &[Cell]) -> Searched {
        Searched {
            terrain: passage.map.terrain_slice().to_vec(),
            thin_walls: passage.map.thin_walls().collect(),
            blocked: passage.blocked.to_vec(),
            avoided: passage.avoided.to_vec(),
            slides: passage.slides.map(<[bool]>::to_vec),
            gait: gait(passage),
            goals: goals.to_vec(),
        }
    }

    fn is(&self, passage: &Passage, goals: &[Cell]) -> bool {
        self.goals == goals
            && self.gait == gait(passage)
            && self.blocked == passage.blocked
            && self.avoided == passage.avoided
            && self.slides.as_deref() == passage.slides
            && self.terrain == passage.map.terrain_slice()
            && self.thin_walls.iter().copied().eq(passage.map.thin_walls())
    }
}

fn gait(passage: &Passage) -> (bool, bool, bool) {
    (passage.flying, passage.floating, passage.intangible)
}

impl GoalFields {
    /// The field toward `goals` for a mover passing as `passage`, searched at least until
    /// `from` is settled (every cell as close to the goals is then final): a kept one
    /// when one was searched over the same board, else a new one, kept for the next mover.
    pub fn toward(&self, passage: &Passage, goals: &[Cell], from: Cell) -> Rc<MoveField> {
        let mut kept = self.kept.borrow_mut();
        let field = match kept.iter().position(|(s, _)| s.is(passage, goals)) {
            Some(i) => {
                let entry = kept.remove(i);
                let field = Rc::clone(&entry.1);
                kept.push(entry);
                field
            }
            None => {
                let field = Rc::new(goal_field(passage, goals));
                if kept.len() >= keep(passage.map.grid.len()) {
                    kept.remove(0);
                }
                kept.push((Searched::of(passage, goals), Rc::clone(&field)));
                field
            }
        };
        drop(kept);
        field.settle_cell(from);
        field
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::terrain::tests::{c, map};
    use crate::grid::{GridKind, Metric};

    fn passage<'a>(
        m: &'a crate::grid::TerrainMap,
        blocked: &'a [bool],
        avoided: &'a [bool],
    ) -> Passage<'a> {
        Passage {
            map: m,
            blocked,
            avoided,
            flying: false,
            floating: false,
            intangible: false,
            slides: None,
        }
    }

    /// Two movers toward the same goal share one field; each reads what a field of its
    /// own would say. A change to what blocks makes a new one.
    #[test]
    fn movers_with_the_same_goals_share_a_field() {
        //     A B C D E
        //   1 . . . . .
        //   2 . # # # .
        //   3 . . . . G    G: the goal, E3
        let rows = "\
            .....\n\
            .###.\n\
            .....";
        let m = map(GridKind::Square(Metric::Chebyshev), rows);
        let none = vec![false; m.grid.len()];
        let p = passage(&m, &none, &none);
        let fields = GoalFields::default();
        let goals = [c("E3")];
        let first = fields.toward(&p, &goals, c("D1"));
        let second = fields.toward(&p, &goals, c("A1"));
        assert!(Rc::ptr_eq(&first, &second));
        for from in [c("D1"), c("A1"), c("A3")] {
            let own = goal_field(&p, &goals);
            assert_eq!(second.cost(from), own.cost(from), "{from}");
            assert_eq!(second.path(from), own.path(from), "{from}");
        }
        // A1 to E3: A2, then B3 C3 D3 E3 (5 steps), or along the top and down (5).
        assert_eq!(second.cost(c("A1")).map(|k| k.steps), Some(5));
        let mut blocked = none.clone();
        blocked[m.grid.index(c("E2"))] = true;
        let third = fields.toward(&passage(&m, &blocked, &none), &goals, c("A1"));
        assert!(!Rc::ptr_eq(&first, &third));
        let other_goal = fields.toward(&p, &[c("A3")], c("A1"));
        assert!(!Rc::ptr_eq(&first, &other_goal));
    }
}

//! What one monster's activation may keep between its cycles: the cells the other
//! creatures cover and the danger it sees in their equipment (they stand still and keep
//! their things while it acts, since its attack ends its turn), and the last few walking
//! searches out from a centre. Without it every cycle would mark
//! every creature's cells and search the same centre again; on a crowded board that is
//! most of the work.

use super::compile::NeedsType;
use super::state::NeedsState;
use crate::board::Fight;
use crate::grid::{Cell, Grid, RangeField};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// How many searches are kept: the fear/love and the hate centre, with room to spare.
const KEPT: usize = 4;

/// The others' cells and the searches of one activation.
pub(crate) struct Crowd {
    /// The acting creature's index.
    me: usize,
    /// The board the cells are on.
    grid: Grid,
    /// Per cell ([`Grid::index`]): covered by a creature other than the actor.
    occupied: Vec<bool>,
    /// The danger the actor sees in each other creature's equipment, by index.
    danger: Vec<f64>,
    /// How many creatures the board had when this was made.
    creatures: usize,
    /// Searches out from a goal cell around walls and the others, latest last.
    fields: RefCell<Vec<(Cell, Arc<RangeField>)>>,
}

impl Crowd {
    /// The crowd around creature `me` (of type `t`), with the items of `state`.
    pub(crate) fn new(fight: &Fight, me: usize, t: &NeedsType, state: &NeedsState) -> Crowd {
        let index: HashMap<&str, usize> = fight
            .board
            .creatures
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.as_str(), i))
            .collect();
        let mut danger = vec![0.0; fight.board.creatures.len()];
        for it in state.items.iter().filter(|it| it.equipped) {
            if let Some(&i) = it.carrier.as_deref().and_then(|c| index.get(c))
                && t.recognises(it)
            {
                danger[i] += it.danger;
            }
        }
        let occupied = fight.covered_by(|i| i != me);
        Crowd {
            me,
            grid: fight.grid(),
            occupied,
            danger,
            creatures: fight.board.creatures.len(),
            fields: RefCell::new(Vec::new()),
        }
    }

    /// True while the board still has the creatures it was made for (a creature fell or
    /// arrived: make a new one).
    pub(crate) fn fits(&self, fight: &Fight) -> bool {
        self.creatures == fight.board.creatures.len()
    }

    /// The danger the actor sees in creature `j`'s equipment (not its own: that changes
    /// as it acts).
    pub(crate) fn danger(&self, j: usize) -> Option<f64> {
        if j == self.me {
            return None;
        }
        self.danger.get(j).copied()
    }

    /// Whether another creature covers `cell`.
    pub(crate) fn taken(&self, cell: Cell) -> bool {
        self.grid.contains(cell) && self.occupied[self.grid.index(cell)]
    }

    /// A kept search from `goal` that reaches `here`.
    pub(crate) fn field(&self, goal: Cell, here: Cell) -> Option<Arc<RangeField>> {
        let fields = self.fields.borrow();
        fields
            .iter()
            .find(|(g, f)| *g == goal && f.get(here).is_some())
            .map(|(_, f)| Arc::clone(f))
    }

    /// Keeps a search from `goal`, forgetting the oldest beyond a few.
    pub(crate) fn keep(&self, goal: Cell, field: &Arc<RangeField>) {
        let mut fields = self.fields.borrow_mut();
        fields.retain(|(g, _)| *g != goal);
        if fields.len() == KEPT {
            fields.remove(0);
        }
        fields.push((goal, Arc::clone(field)));
    }
}

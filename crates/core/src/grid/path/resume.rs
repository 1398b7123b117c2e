//! A search that runs only as far as its readers need. A field starts with its sources
//! queued and nothing settled; reading a cost runs the Dijkstra on until that answer is
//! final, and a reader that needs only the nearest of several cells, or only the cells
//! within some cost, says so and stops it there. Cells are settled one cost at a time,
//! so after each batch every state cheaper than the next waiting cost is final.

use super::field::{Live, MoveField, answering};
use super::steps::Step;
use super::{UNREACHED, pack};
use crate::grid::Cell;

/// How far [`MoveField::advance`] runs the search.
pub(super) enum Until<'a> {
    /// Through every cost up to this one (packed).
    Cost(u64),
    /// Until one of these states is settled (a cell's states).
    Settled(std::ops::Range<usize>),
    /// Until one of the states whose bit is set is settled (one bit per state).
    AnySettled(&'a [u64]),
}

impl MoveField {
    /// Runs the search on, one cost at a time, until it has what `until` asks for or
    /// nothing is left to search.
    pub(super) fn advance(&self, until: Until) {
        // One loop per kind of question, so the test for a wanted state is not
        // chosen again for every state settled.
        match until {
            Until::Cost(limit) => self.run(limit, |_| false),
            Until::Settled(states) => self.run(UNREACHED, |s| states.contains(&s)),
            Until::AnySettled(bits) => self.run(UNREACHED, |s| bits[s / 64] >> (s % 64) & 1 != 0),
        }
    }

    /// Settles every cost up to `limit`, stopping after the cost at which a state
    /// `wanted` accepts is settled.
    #[inline(always)]
    fn run(&self, limit: u64, wanted: impl Fn(usize) -> bool) {
        let mut live = self.live.borrow_mut();
        let Live {
            dist,
            settled_below,
            rest,
        } = &mut *live;
        let Some(run) = rest else { return };
        // A plain slice, so the loops below keep where it lies at hand rather than read it
        // again after every write.
        let dist = dist.as_mut_slice();
        let held = run.held.take();
        for &s in held.as_deref().unwrap_or_default() {
            dist[s] = 0;
        }
        let backward_slides = if self.towards_goal {
            self.slides_into
                .get_or_init(|| self.steps.slides_into_each())
                .as_slice()
        } else {
            &[]
        };
        let held_forward = held.is_some().then(|| self.steps.held_forward());
        let over = loop {
            let Some(next) = run.queue.next_cost() else {
                break true;
            };
            if next > limit {
                *settled_below = next;
                break false;
            }
            let key = run
                .queue
                .pop_batch(&mut run.batch)
                .expect("a cost is waiting");
            let mut reached = false;
            for &state in &run.batch {
                let state = state as usize;
                if key > dist[state] {
                    continue;
                }
                reached |= wanted(state);
                let mut relax = |to: usize, cost: u64| {
                    let candidate = key + cost;
                    if candidate < dist[to] {
                        dist[to] = candidate;
                        run.queue.push(candidate, to as u32);
                    }
                };
                if let Some(forward) = &held_forward {
                    forward.each(state, relax);
                } else if self.towards_goal {
                    let relax = |step: Step| relax(step.state, step.cost);
                    self.steps.each_backward(state, backward_slides, relax);
                } else {
                    let relax = |step: Step| relax(step.state, step.cost);
                    self.steps.each_forward(state, relax);
                }
            }
            if reached {
                // Everything pushed while settling `key` costs more.
                *settled_below = key + 1;
                break false;
            }
        };
        for &s in held.as_deref().unwrap_or_default() {
            dist[s] = UNREACHED;
        }
        if over {
            *settled_below = UNREACHED;
            if let Some(run) = rest.take() {
                run.recycle();
            }
        } else if let Some(run) = rest {
            run.held = held;
        }
    }

    /// The states `c`'s answer is read from, or `None` when it needs no search: off the
    /// board, or a blocked cell a forward search holds (it is never reached).
    fn answer_states(&self, live: &Live, c: Cell) -> Option<std::ops::Range<usize>> {
        let grid = self.steps.grid;
        if !grid.contains(c) {
            return None;
        }
        let first = grid.index(c) * self.steps.states;
        let held = live.rest.as_ref().and_then(|r| r.held.as_deref());
        if held.is_some_and(|h| h.binary_search(&first).is_ok()) {
            return None;
        }
        Some(first..first + answering(self.steps.states, self.towards_goal))
    }

    /// Runs the search until `c`'s answer is final.
    pub(super) fn settle_cell(&self, c: Cell) {
        let states = {
            let live = self.live.borrow();
            match self.answer_states(&live, c) {
                Some(states) if !any_settled(&live, states.clone()) => states,
                _ => return,
            }
        };
        self.advance(Until::Settled(states));
    }

    /// Runs the search until it has settled the nearest of `cells` it can reach (with
    /// every cell as near as that one), or found that it can reach none of them.
    pub fn settle_nearest(&self, cells: &[Cell]) {
        let live = self.live.borrow();
        // One bit per state; a small board's fit on the stack.
        let words = live.dist.len().div_ceil(64);
        let mut small = [0u64; 16];
        let mut large = Vec::new();
        let bits = if words <= small.len() {
            &mut small[..words]
        } else {
            large.resize(words, 0);
            &mut large[..]
        };
        let mut none = true;
        for states in cells.iter().filter_map(|&c| self.answer_states(&live, c)) {
            if any_settled(&live, states.clone()) {
                return;
            }
            none = false;
            for state in states {
                bits[state / 64] |= 1 << (state % 64);
            }
        }
        drop(live);
        if !none {
            self.advance(Until::AnySettled(bits));
        }
    }

    /// Runs the search through every cell costing at most `avoided` avoided cells and
    /// `steps` movement points: their answers are final after it.
    pub fn settle_within(&self, avoided: u32, steps: u32) {
        self.advance(Until::Cost(pack(u64::from(avoided), u64::from(steps))));
    }

    /// Runs the search to its end: every answer is final after it.
    pub fn complete(&self) {
        self.advance(Until::Cost(UNREACHED));
    }
}

/// Whether the search has settled one of `states`.
fn any_settled(live: &Live, states: std::ops::Range<usize>) -> bool {
    live.dist[states].iter().any(|&d| d < live.settled_below)
}

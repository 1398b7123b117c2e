//! The search's priority queue: a bucket queue (Dial's) over the packed path costs.
//!
//! A step adds at most [`super::steps::MAX_STEP`] movement points, so every cost still
//! waiting lies within a few points of the cost being settled: a ring of buckets, one
//! per cost, holds them, and taking the cheapest is a look at the next few buckets. A
//! step into an avoided cell jumps a whole avoided level ahead (see `pack`); those rare
//! costs wait in a small binary heap until they are the cheapest.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Buckets in the ring: more than the largest step, a power of two.
const RING: usize = 8;
const _: () = assert!(super::steps::MAX_STEP < RING as u64);

/// Costs and the search states waiting at them, taken cheapest first. Costs pushed are
/// never below the last one taken (the search only adds to a settled cost).
#[derive(Clone)]
pub(super) struct Queue {
    /// States by cost: bucket `k % RING` holds the states waiting at cost `k`, for the
    /// costs in `base..base + RING`.
    ring: [Vec<u32>; RING],
    /// No waiting cost in the ring is below it.
    base: u64,
    in_ring: usize,
    /// Costs beyond the ring's reach when pushed.
    far: BinaryHeap<Reverse<(u64, u32)>>,
}

impl Queue {
    /// An empty queue whose buckets have room for `room` states each before they grow
    /// (a search sizes them to its board, so it seldom reallocates while it runs).
    pub fn with_room(room: usize) -> Queue {
        Queue {
            ring: std::array::from_fn(|_| Vec::with_capacity(room)),
            base: 0,
            in_ring: 0,
            far: BinaryHeap::new(),
        }
    }

    #[inline]
    pub fn push(&mut self, cost: u64, state: u32) {
        if cost.wrapping_sub(self.base) < RING as u64 {
            self.ring[cost as usize % RING].push(state);
            self.in_ring += 1;
        } else {
            self.far.push(Reverse((cost, state)));
        }
    }

    /// The cheapest cost waiting, `None` when nothing waits.
    pub fn next_cost(&self) -> Option<u64> {
        let near = (self.in_ring > 0).then(|| {
            (self.base..self.base + RING as u64)
                .find(|&k| !self.ring[k as usize % RING].is_empty())
                .expect("a waiting cost lies in the ring's window")
        });
        let far = self.far.peek().map(|&Reverse((cost, _))| cost);
        match (near, far) {
            (Some(k), Some(f)) => Some(k.min(f)),
            (k, f) => k.or(f),
        }
    }

    /// Moves every state waiting at the cheapest cost into `batch` (emptied first) and
    /// returns that cost; `None` when nothing waits. States pushed while the batch is
    /// worked through cost more, so they wait for a later batch.
    pub fn pop_batch(&mut self, batch: &mut Vec<u32>) -> Option<u64> {
        batch.clear();
        let cost = self.next_cost()?;
        self.base = cost;
        let bucket = &mut self.ring[cost as usize % RING];
        if !bucket.is_empty() {
            std::mem::swap(batch, bucket);
            self.in_ring -= batch.len();
        }
        while let Some(&Reverse((f, state))) = self.far.peek()
            && f == cost
        {
            self.far.pop();
            batch.push(state);
        }
        Some(cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_come_out_cheapest_first() {
        let mut q = Queue::with_room(2);
        q.push(0, 7);
        let mut out = Vec::new();
        let mut batch = Vec::new();
        // Settle each cost, pushing the costs a search would push after it.
        while let Some(cost) = q.pop_batch(&mut batch) {
            for state in batch.drain(..) {
                out.push((cost, state));
                if cost < 12 {
                    q.push(cost + 3, state + 1);
                    q.push(cost + 1, state + 2);
                }
                if cost == 1 {
                    q.push(cost + (1 << 32), 99);
                    q.push(cost + 4, 50);
                }
            }
        }
        let costs: Vec<u64> = out.iter().map(|&(c, _)| c).collect();
        let mut sorted = costs.clone();
        sorted.sort();
        assert_eq!(costs, sorted);
        assert_eq!(out.last(), Some(&(1 + (1 << 32), 99)));
        assert!(out.contains(&(5, 50)));
    }
}

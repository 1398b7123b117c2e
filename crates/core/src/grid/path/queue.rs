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
    /// States by cost, one stretch of `room` entries per bucket: bucket `k % RING` holds
    /// the states waiting at cost `k`, for the costs in `base..base + RING`. One buffer
    /// for all the buckets, so a search allocates its queue once.
    slots: Vec<u32>,
    room: usize,
    /// How many states each bucket holds.
    filled: [usize; RING],
    /// No waiting cost in the ring is below it.
    base: u64,
    in_ring: usize,
    /// Costs beyond the ring's reach when pushed, and states a full bucket had no room
    /// for.
    far: BinaryHeap<Reverse<(u64, u32)>>,
}

impl Queue {
    /// An empty queue whose buckets have room for `room` states each (a search sizes
    /// them to its board; a state that finds its bucket full waits in the heap).
    pub(super) fn with_room(room: usize) -> Queue {
        Queue {
            slots: super::spare::slots(room * RING),
            room,
            filled: [0; RING],
            base: 0,
            in_ring: 0,
            far: BinaryHeap::new(),
        }
    }

    /// Gives the queue's buffer back for a later search.
    pub(super) fn recycle(self) {
        super::spare::give_slots(self.slots);
    }

    #[inline]
    pub(super) fn push(&mut self, cost: u64, state: u32) {
        if cost.wrapping_sub(self.base) < RING as u64 {
            let bucket = cost as usize % RING;
            let n = self.filled[bucket];
            if n < self.room {
                self.slots[bucket * self.room + n] = state;
                self.filled[bucket] = n + 1;
                self.in_ring += 1;
                return;
            }
        }
        self.far.push(Reverse((cost, state)));
    }

    /// The cheapest cost waiting, `None` when nothing waits.
    pub(super) fn next_cost(&self) -> Option<u64> {
        let near = (self.in_ring > 0).then(|| {
            (self.base..self.base + RING as u64)
                .find(|&k| self.filled[k as usize % RING] > 0)
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
    pub(super) fn pop_batch(&mut self, batch: &mut Vec<u32>) -> Option<u64> {
        batch.clear();
        let cost = self.next_cost()?;
        self.base = cost;
        let bucket = cost as usize % RING;
        let n = std::mem::take(&mut self.filled[bucket]);
        batch.extend_from_slice(&self.slots[bucket * self.room..][..n]);
        self.in_ring -= n;
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

    /// With no room in the buckets every state waits in the heap, and comes out the same.
    #[test]
    fn full_buckets_spill_into_the_heap() {
        for room in [0, 1, 3] {
            let mut q = Queue::with_room(room);
            for (cost, state) in [(0, 1), (2, 2), (0, 3), (1, 4), (2, 5), (2, 6), (9, 7)] {
                q.push(cost, state);
            }
            let mut batch = Vec::new();
            let mut out = Vec::new();
            while let Some(cost) = q.pop_batch(&mut batch) {
                batch.sort();
                out.push((cost, batch.clone()));
            }
            let want = [
                (0, vec![1, 3]),
                (1, vec![4]),
                (2, vec![2, 5, 6]),
                (9, vec![7]),
            ];
            assert_eq!(out, want, "room {room}");
        }
    }
}

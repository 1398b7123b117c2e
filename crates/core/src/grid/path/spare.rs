//! Buffers of finished searches, kept for the next search on the same thread. A monster's
//! turn searches several fields and `simulate` plays thousands of turns: allocating each
//! field's cost array and queue afresh (each over a kilobyte, the size that makes the
//! system allocator tidy up its small blocks first) cost more than many searches.

use std::cell::RefCell;

/// How many buffers of each kind a thread keeps: more than the fields a turn holds at once.
const KEEP: usize = 8;

/// Spare buffers of one thread.
#[derive(Default)]
struct Spare {
    costs: Vec<Vec<u64>>,
    states: Vec<Vec<u32>>,
    slots: Vec<Vec<u32>>,
}

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::default();
}

/// A cost array of `len` entries, each `fill`.
pub(super) fn costs(len: usize, fill: u64) -> Vec<u64> {
    let mut v = SPARE
        .with(|s| s.borrow_mut().costs.pop())
        .unwrap_or_default();
    v.clear();
    v.resize(len, fill);
    v
}

/// An empty list of search states with room for at least `room`.
pub(super) fn states(room: usize) -> Vec<u32> {
    let mut v = SPARE
        .with(|s| s.borrow_mut().states.pop())
        .unwrap_or_default();
    v.clear();
    v.reserve(room);
    v
}

/// A queue's buffer of `len` slots. A slot is always written before it is read, so a
/// buffer given back keeps what it held: only slots beyond its old length are filled in.
pub(super) fn slots(len: usize) -> Vec<u32> {
    let mut v = SPARE
        .with(|s| s.borrow_mut().slots.pop())
        .unwrap_or_default();
    v.resize(len, 0);
    v
}

/// Gives a cost array back for a later search.
pub(super) fn give_costs(v: Vec<u64>) {
    keep(v, |s| &mut s.costs);
}

/// Gives a queue's buffer back for a later search.
pub(super) fn give_slots(v: Vec<u32>) {
    keep(v, |s| &mut s.slots);
}

/// Gives a list of states back for a later search.
pub(super) fn give_states(v: Vec<u32>) {
    keep(v, |s| &mut s.states);
}

fn keep<T>(v: Vec<T>, kind: impl FnOnce(&mut Spare) -> &mut Vec<Vec<T>>) {
    if v.capacity() == 0 {
        return;
    }
    // A thread being torn down has no spare buffers left to keep them in: drop them.
    let _ = SPARE.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            let list = kind(&mut s);
            if list.len() < KEEP {
                list.push(v);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_given_back_is_handed_out_again_filled_afresh() {
        let mut v = costs(5, 7);
        assert_eq!(v, [7; 5]);
        v[2] = 1;
        let at = v.as_ptr();
        give_costs(v);
        let w = costs(3, 9);
        assert_eq!(w, [9; 3]);
        assert_eq!(w.as_ptr(), at, "the same allocation");
        let s = states(10);
        assert!(s.is_empty() && s.capacity() >= 10);
        give_states(s);
        let q = slots(4);
        assert_eq!(q.len(), 4);
        give_slots(q);
        assert_eq!(slots(6).len(), 6);
    }
}

//! Sets of enemies as bitmasks over the scene's enemy indices (positions in
//! `Scene::enemies`), so the solver's candidate and ranking loops test, join and count
//! target groups with a few word operations and never build a list.
//!
//! Up to 64 enemies a set is one machine word, copied freely. A board may hold more
//! (up to 1000 creatures), so beyond that a set spills to a boxed run of words: the same
//! operations, the same answers, just slower and allocating.

/// Enemies a one-word set holds.
pub(crate) const WORD_ENEMIES: usize = 64;

/// A set of enemy indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Targets {
    Word(u64),
    Wide(Box<[u64]>),
}

impl Targets {
    /// The empty set for a scene of `enemies` enemies.
    pub(super) fn none(enemies: usize) -> Targets {
        if enemies <= WORD_ENEMIES && !force_wide() {
            Targets::Word(0)
        } else {
            Targets::Wide(vec![0; enemies.div_ceil(64).max(1)].into_boxed_slice())
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            Targets::Word(w) => std::slice::from_ref(w),
            Targets::Wide(ws) => ws,
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        match self {
            Targets::Word(w) => std::slice::from_mut(w),
            Targets::Wide(ws) => ws,
        }
    }

    /// An empty set of the same kind.
    pub(super) fn none_like(&self) -> Targets {
        match self {
            Targets::Word(_) => Targets::Word(0),
            Targets::Wide(ws) => Targets::Wide(vec![0; ws.len()].into_boxed_slice()),
        }
    }

    pub(super) fn remove(&mut self, j: usize) {
        if let Some(w) = self.words_mut().get_mut(j / 64) {
            *w &= !(1 << (j % 64));
        }
    }

    /// Empties the set.
    pub(super) fn clear(&mut self) {
        self.words_mut().fill(0);
    }

    pub(super) fn insert(&mut self, j: usize) {
        self.words_mut()[j / 64] |= 1 << (j % 64);
    }

    pub(super) fn contains(&self, j: usize) -> bool {
        self.words()
            .get(j / 64)
            .is_some_and(|w| w & (1 << (j % 64)) != 0)
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Targets::Word(w) => w.count_ones() as usize,
            Targets::Wide(ws) => ws.iter().map(|w| w.count_ones() as usize).sum(),
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        match self {
            Targets::Word(w) => *w == 0,
            Targets::Wide(ws) => ws.iter().all(|&w| w == 0),
        }
    }

    /// How many of `self` are also in `other`.
    pub(super) fn count_in(&self, other: &Targets) -> usize {
        match (self, other) {
            (Targets::Word(a), Targets::Word(b)) => (a & b).count_ones() as usize,
            _ => zip(self, other)
                .map(|(a, b)| (a & b).count_ones() as usize)
                .sum(),
        }
    }

    /// True when every member of `self` is in `other`.
    pub(super) fn is_subset(&self, other: &Targets) -> bool {
        match (self, other) {
            (Targets::Word(a), Targets::Word(b)) => a & !b == 0,
            _ => {
                let mut tail = self.words().iter().skip(other.words().len());
                zip(self, other).all(|(a, b)| a & !b == 0) && tail.all(|&w| w == 0)
            }
        }
    }

    /// The members of `self` that are also in `other`.
    pub(super) fn and(&self, other: &Targets) -> Targets {
        match (self, other) {
            (Targets::Word(a), Targets::Word(b)) => Targets::Word(a & b),
            _ => {
                let mut out = self.clone();
                for (i, w) in out.words_mut().iter_mut().enumerate() {
                    *w &= other.words().get(i).copied().unwrap_or(0);
                }
                out
            }
        }
    }

    /// The members of `self` that are not in `other`.
    pub(super) fn minus(&self, other: &Targets) -> Targets {
        match (self, other) {
            (Targets::Word(a), Targets::Word(b)) => Targets::Word(a & !b),
            _ => {
                let mut out = self.clone();
                for (w, o) in out.words_mut().iter_mut().zip(other.words()) {
                    *w &= !o;
                }
                out
            }
        }
    }

    /// Adds every member of `other`.
    pub(super) fn add_all(&mut self, other: &Targets) {
        for (w, o) in self.words_mut().iter_mut().zip(other.words()) {
            *w |= o;
        }
    }

    /// The members in ascending order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

fn zip<'t>(a: &'t Targets, b: &'t Targets) -> impl Iterator<Item = (u64, u64)> + 't {
    a.words().iter().copied().zip(b.words().iter().copied())
}

#[cfg(not(test))]
fn force_wide() -> bool {
    false
}

#[cfg(test)]
thread_local! {
    /// Tests run the solver with wide sets on small boards too, to check both kinds agree.
    pub(crate) static FORCE_WIDE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
fn force_wide() -> bool {
    FORCE_WIDE.with(|f| f.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(n: usize, members: &[usize]) -> Targets {
        let mut t = Targets::none(n);
        for &j in members {
            t.insert(j);
        }
        t
    }

    #[test]
    fn both_kinds_answer_alike() {
        for n in [5, 64, 65, 200] {
            let a = of(n, &[0, 3, n - 1]);
            let b = of(n, &[3, n - 1, n / 2]);
            assert_eq!(matches!(a, Targets::Word(_)), n <= WORD_ENEMIES);
            assert!(a.contains(n - 1) && !a.contains(1) && !a.contains(n + 500));
            assert_eq!(a.len(), 3);
            assert_eq!(a.count_in(&b), 2);
            assert_eq!(a.and(&b).iter().collect::<Vec<_>>(), [3, n - 1]);
            assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), [0]);
            assert!(a.and(&b).is_subset(&a) && !a.is_subset(&b));
            let mut u = a.clone();
            u.add_all(&b);
            let mut want = vec![0, 3, n / 2, n - 1];
            want.sort_unstable();
            want.dedup();
            assert_eq!(u.iter().collect::<Vec<_>>(), want);
            assert!(Targets::none(n).is_empty() && !a.is_empty());
        }
    }
}

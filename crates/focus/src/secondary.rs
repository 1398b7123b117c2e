//! How enemies rank as secondary targets of a multi-target attack (like foci: proximity,
//! then initiative, a summon just before its summoner), worked out once per scene, and
//! how two groups of secondary targets compare without listing their ranks.

use super::scene::Scene;
use super::shape::Shape;
use super::targets::Targets;
use std::cmp::Ordering;

/// Proximity, initiative, then 0 for a summon sharing its summoner's initiative.
pub(crate) type Rank = (u32, u32, u8);

pub(crate) struct Ranks {
    /// Per enemy (index into `Scene::enemies`).
    rank: Vec<Rank>,
    /// The enemies of each distinct rank, best rank first.
    groups: Vec<Targets>,
}

impl Ranks {
    pub(super) fn of(scene: &Scene, shape: &Shape) -> Ranks {
        // A single target without an area has no secondary targets to rank: all alike.
        let single = shape.targets <= 1 && shape.area.is_none();
        let rank: Vec<Rank> = (0..scene.enemies.len())
            .map(|j| if single { (0, 0, 0) } else { rank(scene, j) })
            .collect();
        let mut by_rank: Vec<usize> = (0..rank.len()).collect();
        by_rank.sort_by_key(|&j| rank[j]);
        let mut groups: Vec<Targets> = Vec::new();
        for (n, &j) in by_rank.iter().enumerate() {
            if n == 0 || rank[by_rank[n - 1]] != rank[j] {
                groups.push(Targets::none(rank.len()));
            }
            groups.last_mut().expect("a group was opened").insert(j);
        }
        Ranks { rank, groups }
    }

    pub(super) fn get(&self, j: usize) -> Rank {
        self.rank[j]
    }

    /// Compares two groups of enemies as the lists of their ranks, each sorted, compare.
    ///
    /// The sorted lists agree as long as the groups hold as many enemies of each rank,
    /// best rank first; at the first rank where they do not, the group with more of it
    /// has that rank where the other list has a worse one, or has ended.
    pub(super) fn compare(&self, a: &Targets, b: &Targets) -> Ordering {
        let (mut left_a, mut left_b) = (a.len(), b.len());
        for g in &self.groups {
            if left_a == 0 || left_b == 0 {
                break;
            }
            let (ca, cb) = (a.count_in(g), b.count_in(g));
            if ca > cb {
                return if left_b > cb {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
            }
            if cb > ca {
                return if left_a > ca {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
            }
            left_a -= ca;
            left_b -= cb;
        }
        left_a.cmp(&left_b)
    }
}

/// How enemy `j` ranks, or all alike when the variant does not rank secondary targets.
///
/// With initiatives known, the summon's place is a sort key, so it also ranks ahead of
/// another character on the same initiative, which the rules would leave to the players
/// (characters rarely tie).
fn rank(scene: &Scene, j: usize) -> Rank {
    if !scene.variant.ranks_secondaries() {
        return (0, 0, 0);
    }
    let e = scene.enemies[j];
    let prox = if scene.variant.proximity_breaks_ties() {
        scene.proximity(scene.position(e)).unwrap_or(u32::MAX)
    } else {
        0
    };
    if !scene.initiatives_known() {
        return (prox, 0, 0);
    }
    let summon = scene.summoner[e].is_some_and(|s| scene.summon_of(e, s));
    (prox, scene.initiative[e].unwrap_or(0), u8::from(!summon))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The comparison by counts agrees with comparing the sorted lists of ranks.
    #[test]
    fn counts_compare_like_sorted_lists() {
        let rank: Vec<Rank> = [3, 1, 3, 2, 1, 5, 2].iter().map(|&p| (p, 0, 0)).collect();
        let n = rank.len();
        let mut groups: Vec<Targets> = Vec::new();
        let mut distinct: Vec<Rank> = rank.clone();
        distinct.sort();
        distinct.dedup();
        for r in &distinct {
            let mut g = Targets::none(n);
            for j in (0..n).filter(|&j| rank[j] == *r) {
                g.insert(j);
            }
            groups.push(g);
        }
        let ranks = Ranks {
            rank: rank.clone(),
            groups,
        };
        let set = |bits: u32| {
            let mut t = Targets::none(n);
            for j in (0..n).filter(|j| bits & (1 << j) != 0) {
                t.insert(j);
            }
            t
        };
        let list = |t: &Targets| {
            let mut l: Vec<Rank> = t.iter().map(|j| rank[j]).collect();
            l.sort();
            l
        };
        for a in 0..(1u32 << n) {
            for b in 0..(1u32 << n) {
                let (a, b) = (set(a), set(b));
                assert_eq!(
                    ranks.compare(&a, &b),
                    list(&a).cmp(&list(&b)),
                    "{a:?} {b:?}"
                );
            }
        }
    }
}

//! One value's fights summed: how each ended, how many rounds each took, and who fell
//! first. Every part is a count, so tallies of any slices of a value's runs add up to the
//! tally of them all, whatever the slices and their order: that is what lets threads and
//! shards (`--shard`, `simulate merge`) give the same report.

use super::super::record::FightRecord;
use crate::board::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one fight leaves in a tally.
#[derive(Clone, Debug, PartialEq)]
pub struct Fought {
    /// Its run number (its seed is the run's).
    pub run: u64,
    /// Who won, if anyone.
    pub winner: Option<Side>,
    /// It ended as a stalemate.
    pub stalemate: bool,
    /// Why the rules had to stop it, when they did.
    pub failure: Option<String>,
    /// Rounds it lasted.
    pub rounds: u32,
    /// Who fell first, by id.
    pub first_fall: Option<String>,
}

impl Fought {
    /// What run `run`'s record says.
    pub fn of(run: u64, r: FightRecord) -> Fought {
        Fought {
            run,
            winner: r.winner,
            stalemate: r.stalemate,
            failure: r.failure,
            rounds: r.rounds,
            first_fall: r.first_fall,
        }
    }
}

/// A value's fights summed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Fights played.
    pub fights: u64,
    /// Won by the players' side.
    pub players: u64,
    /// Won by the monsters.
    pub monsters: u64,
    /// Ended as stalemates.
    pub stalemates: u64,
    /// Stopped by the round cap.
    pub undecided: u64,
    /// Stopped because the rules refused a change (a defect).
    pub failed: u64,
    /// The first such refusal: its run and message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<(u64, String)>,
    /// How many fights took each number of rounds.
    pub rounds: BTreeMap<u32, u64>,
    /// How many fights each creature (by id) fell first in.
    pub first_falls: BTreeMap<String, u64>,
}

impl Tally {
    /// Counts one fight.
    pub fn add(&mut self, f: Fought) {
        self.fights += 1;
        match (&f.failure, f.winner, f.stalemate) {
            (Some(_), _, _) => self.failed += 1,
            (None, Some(Side::Players), _) => self.players += 1,
            (None, Some(Side::Monsters), _) => self.monsters += 1,
            (None, None, true) => self.stalemates += 1,
            (None, None, false) => self.undecided += 1,
        }
        if let Some(message) = f.failure
            && self.failure.as_ref().is_none_or(|(run, _)| f.run < *run)
        {
            self.failure = Some((f.run, message));
        }
        *self.rounds.entry(f.rounds).or_default() += 1;
        if let Some(id) = f.first_fall {
            *self.first_falls.entry(id).or_default() += 1;
        }
    }

    /// Adds another slice's tally of the same value.
    pub fn merge(&mut self, other: &Tally) {
        self.fights += other.fights;
        self.players += other.players;
        self.monsters += other.monsters;
        self.stalemates += other.stalemates;
        self.undecided += other.undecided;
        self.failed += other.failed;
        if let Some((run, message)) = &other.failure
            && self.failure.as_ref().is_none_or(|(mine, _)| run < mine)
        {
            self.failure = Some((*run, message.clone()));
        }
        for (r, n) in &other.rounds {
            *self.rounds.entry(*r).or_default() += n;
        }
        for (id, n) in &other.first_falls {
            *self.first_falls.entry(id.clone()).or_default() += n;
        }
    }

    /// Whether its counts agree: every fight ended one way and took some rounds, and no
    /// more fights had someone fall first than were played (a part read back from a file).
    pub fn adds_up(&self) -> bool {
        let ended = [
            self.players,
            self.monsters,
            self.stalemates,
            self.undecided,
            self.failed,
        ]
        .iter()
        .try_fold(0u64, |n, k| n.checked_add(*k));
        let rounds = self
            .rounds
            .values()
            .try_fold(0u64, |n, k| n.checked_add(*k));
        let fell = self
            .first_falls
            .values()
            .try_fold(0u64, |n, k| n.checked_add(*k));
        ended == Some(self.fights)
            && rounds == Some(self.fights)
            && fell.is_some_and(|f| f <= self.fights)
    }

    /// The median number of rounds, nearest rank (the lower middle for an even number of
    /// fights, as `simulate`'s report); 0 with no fights.
    pub fn median_rounds(&self) -> u32 {
        let k = self.fights.div_ceil(2).max(1);
        let mut seen = 0;
        for (r, n) in &self.rounds {
            seen += n;
            if seen >= k {
                return *r;
            }
        }
        0
    }

    /// The creature that fell first most often (ties: the first of `order`, then by id),
    /// and in how many fights.
    pub fn falls_first(&self, order: &[String]) -> Option<(&str, u64)> {
        let place = |id: &str| order.iter().position(|o| o == id).unwrap_or(usize::MAX);
        self.first_falls
            .iter()
            .max_by(|(a, n), (b, m)| {
                n.cmp(m)
                    .then_with(|| place(b).cmp(&place(a)))
                    .then_with(|| b.cmp(a))
            })
            .map(|(id, n)| (id.as_str(), *n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fought(run: u64, winner: Option<Side>, rounds: u32, first: Option<&str>) -> Fought {
        Fought {
            run,
            winner,
            stalemate: false,
            failure: None,
            rounds,
            first_fall: first.map(str::to_string),
        }
    }

    #[test]
    fn slices_add_up_to_the_whole() {
        let fights = vec![
            fought(0, Some(Side::Players), 5, Some("dain")),
            fought(1, Some(Side::Monsters), 7, Some("aria")),
            fought(2, None, 30, None),
            fought(3, Some(Side::Players), 4, Some("dain")),
            Fought {
                failure: Some("refused".into()),
                ..fought(4, None, 2, None)
            },
        ];
        let mut whole = Tally::default();
        for f in fights.clone() {
            whole.add(f);
        }
        let (mut a, mut b) = (Tally::default(), Tally::default());
        for f in fights {
            if f.run % 2 == 0 { a.add(f) } else { b.add(f) }
        }
        let mut merged = b.clone();
        merged.merge(&a);
        assert_eq!(merged, whole);
        assert_eq!(
            (whole.players, whole.monsters, whole.undecided, whole.failed),
            (2, 1, 1, 1)
        );
        assert_eq!(whole.failure, Some((4, "refused".to_string())));
        assert!(whole.adds_up() && a.adds_up() && Tally::default().adds_up());
        let mut wrong = whole.clone();
        wrong.players += 1;
        assert!(!wrong.adds_up());
        // Rounds 2, 4, 5, 7, 30: the 3rd of 5.
        assert_eq!(whole.median_rounds(), 5);
        let order = ["aria".to_string(), "dain".to_string()];
        assert_eq!(whole.falls_first(&order), Some(("dain", 2)));
    }

    #[test]
    fn ties_for_falling_first_go_to_board_order() {
        let mut t = Tally::default();
        t.add(fought(0, None, 1, Some("zed")));
        t.add(fought(1, None, 1, Some("amy")));
        let order = ["zed".to_string(), "amy".to_string()];
        assert_eq!(t.falls_first(&order), Some(("zed", 1)));
        // Even fights: the lower middle of 1, 1 is 1; of 1, 3 it is 1.
        t.add(fought(2, None, 3, None));
        t.add(fought(3, None, 3, None));
        assert_eq!(t.median_rounds(), 1);
        assert_eq!(Tally::default().falls_first(&order), None);
    }
}

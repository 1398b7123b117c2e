//! What one simulated fight leaves behind: who won, how many rounds it took, when each
//! creature fell, the damage each dealt and took, and which behaviours and cards were
//! used. Built by reading the fight's events as they come, so a fight never holds more
//! than one step's events.

use crate::board::Side;
use crate::rules::events::Event;
use std::collections::BTreeMap;

/// One creature's part in one fight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CreatureRecord {
    /// The round it fell in (1 = the first round of the simulation).
    pub fell_in: Option<u32>,
    pub dealt: i64,
    pub taken: i64,
}

/// One fight, start to end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FightRecord {
    pub seed: u64,
    /// `None` when the round cap ended it first.
    pub winner: Option<Side>,
    pub rounds: u32,
    /// By creature id; creatures that joined during the fight are included.
    pub creatures: BTreeMap<String, CreatureRecord>,
    /// How often each behaviour or card was used, by "Type: behaviour" (or
    /// "character: behaviour").
    pub used: BTreeMap<String, u32>,
    /// Set when the rules refused a change; such a fight is counted apart.
    pub failure: Option<String>,
    /// The fight ended as a stalemate (quiet rounds in a row), counted apart.
    pub stalemate: bool,
}

/// Reads a fight's events into its [`FightRecord`].
pub struct Recorder {
    pub record: FightRecord,
    /// The current round, counted from 1 at the simulation's start.
    round: u32,
    /// Each creature's type, learned from the board and from the turns it takes.
    kinds: BTreeMap<String, String>,
}

impl Recorder {
    /// `mid_round`: the board was saved in the middle of a round, which then counts as
    /// the first.
    pub fn new(seed: u64, kinds: BTreeMap<String, String>, mid_round: bool) -> Recorder {
        Recorder {
            record: FightRecord {
                seed,
                ..FightRecord::default()
            },
            round: u32::from(mid_round),
            kinds,
        }
    }

    pub fn rounds(&self) -> u32 {
        self.round
    }

    pub fn absorb(&mut self, events: &[Event]) {
        for e in events {
            self.one(e);
        }
    }

    fn one(&mut self, e: &Event) {
        let r = &mut self.record;
        match e {
            Event::RoundStart { .. } => self.round += 1,
            Event::TurnStart {
                monster,
                kind: Some(kind),
                ..
            } => {
                self.kinds.insert(monster.clone(), kind.clone());
            }
            Event::Arrived { creature, kind, .. } => {
                self.kinds.insert(creature.clone(), kind.clone());
            }
            Event::Damage {
                target,
                dealer,
                amount,
                ..
            } => {
                let amount = i64::from(*amount);
                r.creatures.entry(target.clone()).or_default().taken += amount;
                if let Some(dealer) = dealer {
                    r.creatures.entry(dealer.clone()).or_default().dealt += amount;
                }
            }
            Event::Stalemate { .. } => r.stalemate = true,
            Event::Died { creature, .. } => {
                r.creatures.entry(creature.clone()).or_default().fell_in = Some(self.round.max(1));
            }
            Event::System(e) => {
                if let Some(c) = e.choice() {
                    let who = match (&c.kind, &c.creature) {
                        (Some(kind), _) => kind.as_str(),
                        (None, Some(id)) => self.kinds.get(id).map_or(id.as_str(), String::as_str),
                        (None, None) => "?",
                    };
                    *r.used.entry(format!("{who}: {}", c.what)).or_default() += 1;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::events::{Choice, Names, SystemWords};

    fn damage(target: &str, dealer: Option<&str>, amount: i32) -> Event {
        Event::Damage {
            target: target.into(),
            source: "a test".into(),
            dealer: dealer.map(str::to_string),
            roll: None,
            modifiers: Vec::new(),
            amount,
            prevented: 0,
            hp: 1,
            max_hp: 10,
        }
    }

    #[test]
    fn damage_is_counted_for_the_dealer_and_the_target() {
        let mut r = Recorder::new(7, BTreeMap::new(), false);
        r.absorb(&[
            Event::RoundStart { round: 1 },
            damage("aria", Some("warg-1"), 5),
            damage("warg-1", Some("aria"), 2),
            damage("aria", None, 3),
            Event::RoundStart { round: 2 },
            Event::Died {
                creature: "aria".into(),
                name: "Aria".into(),
                cell: "C4".into(),
            },
        ]);
        let aria = &r.record.creatures["aria"];
        assert_eq!((aria.taken, aria.dealt, aria.fell_in), (8, 2, Some(2)));
        let warg = &r.record.creatures["warg-1"];
        assert_eq!((warg.taken, warg.dealt, warg.fell_in), (2, 5, None));
        assert_eq!(r.rounds(), 2);
    }

    /// A system's choice, as any system's event reports it.
    #[derive(Clone, Debug, PartialEq, serde::Serialize)]
    struct Chose {
        creature: Option<String>,
        kind: Option<String>,
        what: String,
    }

    impl SystemWords for Chose {
        fn narrate(&self, _: &Names, _: bool) -> Option<String> {
            None
        }
        fn choice(&self) -> Option<Choice> {
            Some(Choice {
                creature: self.creature.clone(),
                kind: self.kind.clone(),
                what: self.what.clone(),
            })
        }
    }

    #[test]
    fn choices_are_counted_by_type() {
        let kinds = BTreeMap::from([("warg-1".to_string(), "Warg".to_string())]);
        let mut r = Recorder::new(7, kinds, true);
        let by = |m: &str, what: &str| {
            Event::system(Chose {
                creature: Some(m.into()),
                kind: None,
                what: what.into(),
            })
        };
        let of_type = Event::system(Chose {
            creature: None,
            kind: Some("Guard".into()),
            what: "Shield Bash".into(),
        });
        r.absorb(&[
            by("warg-1", "bite"),
            by("warg-1", "bite"),
            by("aria", "bite"),
            of_type,
        ]);
        assert_eq!(r.record.used["Warg: bite"], 2);
        assert_eq!(r.record.used["aria: bite"], 1);
        assert_eq!(r.record.used["Guard: Shield Bash"], 1);
        assert_eq!(
            r.rounds(),
            1,
            "a board saved mid-round starts in its first round"
        );
    }
}

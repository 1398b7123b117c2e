//! What one simulated fight leaves behind: who won, how many rounds it took, when each
//! creature fell, the damage each dealt and took, and which behaviours and cards were
//! used. Built by reading the fight's events as they come, so a fight never holds more
//! than one step's events.

use crate::board::Side;
use crate::rules::events::{Event, HarmCount};
use std::collections::BTreeMap;

/// One creature's part in one fight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CreatureRecord {
    /// The round it fell in (1 = the first round of the simulation).
    pub fell_in: Option<u32>,
    /// Damage it dealt to other creatures (hit points).
    pub dealt: i64,
    /// Damage it took (hit points).
    pub taken: i64,
    /// What its system counts for it (cards drawn, wounds dealt, ...), by name.
    pub tallies: BTreeMap<&'static str, u32>,
    /// The tally that counts the harm it dealt in its system's own unit, when one does
    /// (an AI deck's "wounds dealt").
    pub dealt_in: Option<&'static str>,
    /// The tally that counts the harm it took in its system's own unit ("wounds taken").
    pub taken_in: Option<&'static str>,
    /// Its display name, for a creature that joined during the fight (an arrival).
    pub name: Option<String>,
}

/// One fight, start to end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FightRecord {
    /// The RNG seed the fight was played with (it replays the fight).
    pub seed: u64,
    /// `None` when the round cap ended it first.
    pub winner: Option<Side>,
    /// How many rounds it lasted.
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
    /// The creature that fell first (by id), when one fell.
    pub first_fall: Option<String>,
}

/// Reads a fight's events into its [`FightRecord`].
pub(super) struct Recorder {
    /// The record so far.
    pub(super) record: FightRecord,
    /// The current round, counted from 1 at the simulation's start.
    round: u32,
    /// Each creature's type, learned from the board and from the turns it takes.
    kinds: BTreeMap<String, String>,
    /// The name of a use being counted (kept to spare an allocation per event).
    key: String,
}

impl Recorder {
    /// `mid_round`: the board was saved in the middle of a round, which then counts as
    /// the first.
    pub(super) fn new(seed: u64, kinds: BTreeMap<String, String>, mid_round: bool) -> Recorder {
        Recorder {
            record: FightRecord {
                seed,
                ..FightRecord::default()
            },
            round: u32::from(mid_round),
            kinds,
            key: String::new(),
        }
    }

    /// The rounds played so far.
    pub(super) fn rounds(&self) -> u32 {
        self.round
    }

    /// Reads a batch of the fight's events, in order.
    pub(super) fn absorb(&mut self, events: &[Event]) {
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
            } => learn_kind(&mut self.kinds, monster, kind),
            Event::Arrived {
                creature: id,
                name,
                kind,
                ..
            } => {
                learn_kind(&mut self.kinds, id, kind);
                let c = creature(&mut r.creatures, id);
                if c.name.as_deref() != Some(name.as_str()) {
                    c.name = Some(name.clone());
                }
            }
            Event::Damage {
                target,
                dealer,
                amount,
                ..
            } => {
                let amount = i64::from(*amount);
                creature(&mut r.creatures, target).taken += amount;
                if let Some(dealer) = dealer {
                    creature(&mut r.creatures, dealer).dealt += amount;
                }
            }
            Event::Stalemate { .. } => r.stalemate = true,
            Event::Died { creature: id, .. } => {
                creature(&mut r.creatures, id).fell_in = Some(self.round.max(1));
                if r.first_fall.is_none() {
                    r.first_fall = Some(id.clone());
                }
            }
            Event::System(e) => {
                for t in e.tallies() {
                    let c = creature(&mut r.creatures, &t.creature);
                    *c.tallies.entry(t.what).or_default() += 1;
                    match t.harm {
                        Some(HarmCount::Dealt) => c.dealt_in = Some(t.what),
                        Some(HarmCount::Taken) => c.taken_in = Some(t.what),
                        None => {}
                    }
                }
                if let Some(c) = e.choice() {
                    let who = match (&c.kind, &c.creature) {
                        (Some(kind), _) => kind.as_str(),
                        (None, Some(id)) => self.kinds.get(id).map_or(id.as_str(), String::as_str),
                        (None, None) => "?",
                    };
                    // Built in a kept buffer: the map copies it only for a new name.
                    self.key.clear();
                    self.key.push_str(who);
                    self.key.push_str(": ");
                    self.key.push_str(&c.what);
                    match r.used.get_mut(self.key.as_str()) {
                        Some(count) => *count += 1,
                        None => {
                            r.used.insert(self.key.clone(), 1);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Creature `id`'s record, made the first time (its id copied only then: the events of a
/// fight name the same few creatures over and over).
fn creature<'a>(
    creatures: &'a mut BTreeMap<String, CreatureRecord>,
    id: &str,
) -> &'a mut CreatureRecord {
    if !creatures.contains_key(id) {
        creatures.insert(id.to_string(), CreatureRecord::default());
    }
    creatures.get_mut(id).expect("just made")
}

/// Remembers that creature `id` is of type `kind`, copying the names only when that is new.
fn learn_kind(kinds: &mut BTreeMap<String, String>, id: &str, kind: &str) {
    if kinds.get(id).is_none_or(|known| known != kind) {
        kinds.insert(id.to_string(), kind.to_string());
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
        assert_eq!(r.record.first_fall.as_deref(), Some("aria"));
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

    /// A creature that arrives during the fight keeps the name it arrived with, for the
    /// report's table (never its id).
    #[test]
    fn an_arrival_is_recorded_by_its_name() {
        let mut r = Recorder::new(7, BTreeMap::new(), false);
        r.absorb(&[Event::Arrived {
            creature: "goblin-thief-1".into(),
            name: "Goblin Thief 1".into(),
            kind: "Goblin Thief".into(),
            cell: "H2".into(),
        }]);
        let c = &r.record.creatures["goblin-thief-1"];
        assert_eq!(c.name.as_deref(), Some("Goblin Thief 1"));
    }

    /// A system's tallies are counted for the creature they name.
    #[test]
    fn a_systems_tallies_are_counted_per_creature() {
        #[derive(Clone, Debug, PartialEq, serde::Serialize)]
        struct Drew(String);
        impl SystemWords for Drew {
            fn narrate(&self, _: &Names, _: bool) -> Option<String> {
                None
            }
            fn tallies(&self) -> Vec<crate::rules::events::Tally> {
                vec![crate::rules::events::Tally {
                    creature: self.0.clone(),
                    what: "cards drawn",
                    harm: None,
                }]
            }
        }
        let mut r = Recorder::new(7, BTreeMap::new(), false);
        r.absorb(&[
            Event::system(Drew("stag".into())),
            Event::system(Drew("stag".into())),
        ]);
        assert_eq!(r.record.creatures["stag"].tallies["cards drawn"], 2);
    }
}

//! Harm and healing: damage with its shields, pierce and immunities, a creature's death
//! (Resurrect, Explode), bursts (Explode and Frenzy), Test Morale, heals and a wound's
//! bleeding.

use super::World;
use super::hooks::Leaving;
use crate::board::{Ability, Fallen, StatusKind, Trait};
use crate::chance::dice::Roll;
use crate::grid::Cell;
use crate::rules::events::{Event, RollInfo};
use crate::rules::targeting::adjacent_creatures;

/// Where damage comes from and how it is dealt.
#[derive(Clone, Debug, Default)]
pub struct Harm<'a> {
    /// For narration: "Warg 1's attack", "fire", "a trap".
    pub source: String,
    /// The creature that dealt it (its id), when a creature did.
    pub dealer: Option<String>,
    /// The roll behind the damage, when it was rolled.
    pub roll: Option<RollInfo>,
    /// Bonuses and penalties that changed it, in words.
    pub modifiers: Vec<String>,
    /// Damage type for Immunity (`fire`, `magic`).
    pub kind: Option<&'a str>,
    /// Shields only stop damage from attacks.
    pub from_attack: bool,
    /// How much of the target's shield the attack ignores (Gloomhaven's pierce).
    pub pierce: u32,
}

impl<'a> Harm<'a> {
    /// Damage from a source told by this name.
    pub fn new(source: impl Into<String>) -> Harm<'a> {
        Harm {
            source: source.into(),
            ..Harm::default()
        }
    }

    /// Damage creature `id` deals with its `what` ("attack", "retaliate"): told as
    /// "ID's WHAT", with `id` as the dealer.
    pub fn dealt_by(id: &str, what: &str) -> Harm<'a> {
        Harm {
            dealer: Some(id.to_string()),
            ..Harm::new([id, "'s ", what].concat())
        }
    }

    /// The same damage, told with the roll that made it.
    pub fn rolled(mut self, roll: &Roll) -> Harm<'a> {
        self.roll = Some(roll.into());
        self
    }

    /// The same damage, of a type (for immunities).
    pub fn of_kind(mut self, kind: Option<&'a str>) -> Harm<'a> {
        self.kind = kind;
        self
    }
}

impl World<'_> {
    /// Deals `amount` damage (already including the attack's modifiers) to `id`.
    /// Shields only stop damage from attacks, less the attack's pierce. Returns the
    /// damage actually taken.
    pub fn damage(&mut self, id: &str, amount: i32, harm: Harm) -> i32 {
        let Harm {
            source,
            dealer,
            roll,
            mut modifiers,
            kind,
            from_attack,
            pierce,
        } = harm;
        let Some(i) = self.idx(id) else { return 0 };
        let mut prevented = 0;
        let mut amount = amount.max(0);
        if self.fight.has_trait(i, &Trait::Invulnerable) && amount > 0 {
            self.trait_note(id, "invulnerable", "takes no damage");
            prevented += amount;
            amount = 0;
        }
        if let Some(k) = kind
            && amount > 0
            && self.fight.has_trait(i, &Trait::Immunity(k.to_string()))
        {
            self.trait_note(
                id,
                &format!("immunity {k}"),
                &format!("takes no {k} damage"),
            );
            prevented += amount;
            amount = 0;
        }
        if from_attack {
            let mut shield = self.fight.status_amount(i, StatusKind::Shielded) as i32;
            // Pierce ignores that much of the shield (told when it mattered).
            let pierced = (pierce as i32).min(shield);
            if pierced > 0 && amount > 0 {
                shield -= pierced;
                modifiers.push(format!("pierce {pierced}"));
            }
            let stopped = shield.min(amount);
            prevented += stopped;
            amount -= stopped;
        }
        let c = &mut self.fight.board.creatures[i];
        c.hp -= amount;
        let (hp, max_hp) = (c.hp, self.fight.stats[i].max_hp);
        self.emit(Event::Damage {
            target: id.to_string(),
            source: source.to_string(),
            dealer,
            roll,
            modifiers,
            amount,
            prevented,
            hp: hp.max(0),
            max_hp,
        });
        if hp <= 0 {
            self.die(id);
        } else if amount > 0 {
            self.test_morale(id);
        }
        amount
    }

    /// Kills `id` outright (0 HP): records it, removes it, and sets off Explode.
    pub fn die(&mut self, id: &str) {
        let Some(i) = self.idx(id) else { return };
        let (record, stats) = self.take_off(i, Leaving::Fell);
        let cell = record.position;
        let round = self.fight.board.round;
        if stats.traits.contains(&Trait::Resurrect) {
            self.schedule_resurrection(&record, stats.max_hp);
        }
        self.fight.board.fallen.push(Fallen {
            round,
            creature: record,
        });
        for t in &stats.traits {
            if let Trait::Explode(x) = t {
                self.trait_note(
                    id,
                    &format!("explode {x}"),
                    &format!("bursts, dealing {x} damage to each adjacent creature"),
                );
                self.burst(cell, *x as i32, id, "explosion");
            }
        }
    }

    /// Deals `amount` to every creature next to `at` (no thin wall between): Explode and
    /// Frenzy.
    ///
    /// Bursts are queued and worked off one after another by the outermost call, so a
    /// chain of explosions (each death setting off the next) never deepens the stack.
    pub fn burst(&mut self, at: Cell, amount: i32, by: &str, what: &'static str) {
        self.bursts.push_back((at, amount, by.to_string(), what));
        if self.bursting {
            return;
        }
        self.bursting = true;
        while let Some((at, amount, by, what)) = self.bursts.pop_front() {
            let around: Vec<String> = adjacent_creatures(self.fight, at)
                .into_iter()
                .map(|j| self.fight.board.creatures[j].id.clone())
                .collect();
            for other in around {
                self.damage(&other, amount, Harm::dealt_by(&by, what));
            }
        }
        self.bursting = false;
    }

    /// Test Morale: the first time the creature drops below half its max HP it makes a
    /// WIS 10 save or retreats.
    fn test_morale(&mut self, id: &str) {
        let Some(i) = self.idx(id) else { return };
        let c = &self.fight.board.creatures[i];
        if c.morale_tested
            || !self.fight.has_trait(i, &Trait::TestMorale)
            || c.hp * 2 >= self.fight.stats[i].max_hp
        {
            return;
        }
        self.fight.board.creatures[i].morale_tested = true;
        self.trait_note(
            id,
            "test morale",
            "is below half its HP and tests its morale (WIS 10)",
        );
        if !self.saving_throw(id, Ability::Wis, 10, "morale") {
            self.retreat(id);
        }
    }

    /// Heals `id`. A withered creature instead loses its wither and gains no HP.
    pub fn heal(&mut self, id: &str, amount: i32, roll: Option<RollInfo>) {
        let Some(i) = self.idx(id) else { return };
        let withered = self.fight.has_status(i, StatusKind::Withered);
        let max_hp = self.fight.stats[i].max_hp;
        let c = &mut self.fight.board.creatures[i];
        let gained = if withered {
            0
        } else {
            amount.max(0).min(max_hp - c.hp)
        };
        c.hp += gained;
        let hp = c.hp;
        self.emit(Event::Heal {
            creature: id.to_string(),
            roll,
            amount: gained,
            hp,
            max_hp,
        });
        let reason = if withered {
            "the heal only cures the wither"
        } else {
            "healed"
        };
        self.remove_status(id, StatusKind::Withered, reason);
    }
}

impl World<'_> {
    /// Deals a wounded `id` its 1 damage (a wound bleeds at the start of each of its
    /// turns until a heal removes it); returns whether it is still standing.
    pub fn wound_bleeds(&mut self, id: &str) -> bool {
        let Some(i) = self.idx(id) else { return false };
        if self.fight.has_status(i, StatusKind::Wounded) {
            self.damage(id, 1, Harm::new("wound"));
        }
        self.alive(id)
    }
}

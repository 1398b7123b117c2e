//! Everything that happens during a command, as data. Narration renders these as text and
//! `--json` prints them as they are; field names are part of the documented interface.
//!
//! [`Event`] holds what every system shares (moves, attacks, damage, statuses, deaths,
//! rounds, turns). A system's own events are its own types, in its own folder: each says
//! how it is narrated, and serialises itself with its `"event"` tag, through
//! [`SystemWords`]; the core carries them as [`Event::System`] and never looks inside.

pub use super::words::{Names, RollInfo};
use serde::Serialize;
use std::any::Any;
use std::fmt::Debug;

/// What a system's own event must say of itself. Implement it for a `Serialize` enum
/// tagged like [`Event`] (`#[serde(tag = "event", rename_all = "kebab-case")]`) and emit
/// its values with [`Event::system`].
pub trait SystemWords: Serialize + Clone + PartialEq + Debug + Send + Sync + 'static {
    /// Its line of narration (without the trailing newline), or `None` for nothing. With
    /// `explain` the command asked for the whole decision trace: an event meant only for
    /// that answers `None` without it.
    fn narrate(&self, names: &Names, explain: bool) -> Option<String>;

    /// When this event says which of its options a monster chose (a behaviour, a card, a
    /// need), that choice: `simulate` counts these for every system.
    fn choice(&self) -> Option<Choice> {
        None
    }

    /// What of this event `simulate` counts per creature (a card drawn, a wound dealt, a
    /// severe injury suffered), what and whose: the report gives each creature's mean
    /// per fight. Nothing by default.
    fn tallies(&self) -> Vec<Tally> {
        Vec::new()
    }
}

/// One thing `simulate` counts for a creature (see [`SystemWords::tallies`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The creature it is counted for.
    pub creature: String,
    /// What is counted, as the report names it ("wounds dealt", "cards drawn").
    pub what: &'static str,
    /// When the count is the harm the creature dealt or took in its system's own unit
    /// (an AI deck's wounds, hits on a survivor), which: `simulate`'s creature table then
    /// shows it where hit points would stand.
    pub harm: Option<HarmCount>,
}

/// Which column of `simulate`'s creature table a [`Tally`] of harm stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HarmCount {
    /// Harm the creature dealt.
    Dealt,
    /// Harm the creature took.
    Taken,
}

/// A decision a monster made, as `simulate` counts it: by the type (`kind`) or by the
/// creature (`creature`, whose type the counter looks up), and what was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The creature that chose, when the choice is counted per creature.
    pub creature: Option<String>,
    /// The monster type that chose, when the choice is counted per type.
    pub kind: Option<String>,
    /// What was chosen, as the report lists it.
    pub what: String,
}

/// A system's event as the core carries it (see [`SystemWords`]).
pub trait SystemEvent: erased_serde::Serialize + Debug + Send + Sync {
    /// See [`SystemWords::narrate`].
    fn narrate(&self, names: &Names, explain: bool) -> Option<String>;
    /// See [`SystemWords::choice`].
    fn choice(&self) -> Option<Choice>;
    /// See [`SystemWords::tallies`].
    fn tallies(&self) -> Vec<Tally>;
    /// For the system (and tests) to get its own type back.
    fn as_any(&self) -> &dyn Any;
    /// A boxed copy of the event.
    fn clone_event(&self) -> Box<dyn SystemEvent>;
    /// Whether `other` is an equal event of the same type.
    fn same_as(&self, other: &dyn SystemEvent) -> bool;
}

impl<T: SystemWords> SystemEvent for T {
    fn narrate(&self, names: &Names, explain: bool) -> Option<String> {
        SystemWords::narrate(self, names, explain)
    }
    fn choice(&self) -> Option<Choice> {
        SystemWords::choice(self)
    }
    fn tallies(&self) -> Vec<Tally> {
        SystemWords::tallies(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_event(&self) -> Box<dyn SystemEvent> {
        Box::new(self.clone())
    }
    fn same_as(&self, other: &dyn SystemEvent) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

erased_serde::serialize_trait_object!(SystemEvent);

impl Clone for Box<dyn SystemEvent> {
    fn clone(&self) -> Self {
        self.clone_event()
    }
}

impl PartialEq for Box<dyn SystemEvent> {
    fn eq(&self, other: &Self) -> bool {
        self.same_as(other.as_ref())
    }
}

impl Event {
    /// A system's own event.
    pub fn system(e: impl SystemWords) -> Event {
        Event::System(Box::new(e))
    }

    /// The system event inside, when it is one of type `T`.
    pub fn system_event<T: SystemWords>(&self) -> Option<&T> {
        match self {
            Event::System(e) => e.as_any().downcast_ref::<T>(),
            _ => None,
        }
    }
}

/// A status a character carries as its turn opens (see [`Event::CharacterTurn`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Held {
    /// The status (`muddled`).
    pub status: crate::board::StatusKind,
    /// Its strength (shielded, retaliating, withered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// A retaliate's range, when not 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// When it ends (`end-of-next-turn`: the end of the turn now opening).
    pub until: crate::board::Until,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
/// Something that happened during a command, as narration tells it and `--json` prints it.
pub enum Event {
    /// A new round began.
    RoundStart {
        /// The round's number, from 1.
        round: u32,
    },
    /// `next` revealed a turn card (`position` of `size`).
    CardDrawn {
        /// The card's name: a monster type or a character's id.
        card: String,
        /// Where the card lay in the deck, from 1.
        position: u32,
        /// How many cards the deck held.
        size: u32,
        /// The players drew it from their own deck (`--cards`; left out when not).
        #[serde(skip_serializing_if = "super::words::not")]
        entered: bool,
    },
    /// A revealed card stands for no one left on the board.
    CardPassed {
        /// The card's name: a monster type or a character's id.
        card: String,
        /// Why, in words.
        reason: String,
    },
    /// A character's turn begins: the players act, then run `next`.
    CharacterTurn {
        /// The id of the creature concerned.
        creature: String,
        /// The commands to record the turn with, when the system names its own.
        #[serde(skip_serializing_if = "Option::is_none")]
        commands: Option<String>,
        /// The statuses it plays its turn under (muddled, immobilized, poisoned, ...),
        /// as they stand once the turn has begun; left out when it has none.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        conditions: Vec<Held>,
    },
    /// The character's turn that `next` opened is over.
    CharacterTurnOver {
        /// The id of the creature concerned.
        creature: String,
    },
    /// A player command acts for a character whose turn is not the open one (see
    /// `Fight::out_of_turn`): told on standard error as a warning, and in `--json` as
    /// this event, before what the command did.
    OutOfTurn {
        /// The character acting.
        creature: String,
        /// The character whose turn is open, when one is.
        #[serde(skip_serializing_if = "Option::is_none")]
        acting: Option<String>,
        /// What the next `next` reveals.
        next: crate::board::turn_state::NextCard,
    },
    /// One side has no creature left.
    FightOver {
        /// The side left on the board.
        winner: String,
    },
    /// The fight ended as a stalemate: this many quiet rounds in a row (see
    /// `rules::stalemate`).
    Stalemate {
        /// How many quiet rounds ended it.
        rounds: u32,
    },
    /// The turn-order deck for the round, top card first.
    TurnOrder {
        /// Monster type names and character ids.
        cards: Vec<String>,
        /// The cards that are characters' (by id); the others are monster types.
        characters: Vec<String>,
        /// Each card's initiative, in the order of `cards`, when the system orders a
        /// round by initiative (left out otherwise).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        initiatives: Vec<u32>,
        /// The players shuffle and reveal their own turn-order deck this round (`--cards`,
        /// `--cards ask`, the board's `own_cards`): `cards` is what the deck holds, sorted,
        /// not an order (left out when not).
        #[serde(default, skip_serializing_if = "crate::rules::words::not")]
        by_players: bool,
    },
    /// A monster's turn begins.
    TurnStart {
        /// The monster's id.
        monster: String,
        /// Its display name.
        name: String,
        /// Its monster type; left out for a character.
        #[serde(skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
        /// Its rank under its system's rules (`elite`); left out when it has none.
        #[serde(skip_serializing_if = "Option::is_none")]
        rank: Option<String>,
        /// Where it stands.
        cell: String,
        /// Hit points left.
        hp: i32,
        /// Hit points when unhurt.
        max_hp: i32,
        /// What stands in place of its hit points where its system measures health
        /// otherwise (an AI deck's cards or Life); left out for plain hit points.
        #[serde(skip_serializing_if = "Option::is_none")]
        health: Option<String>,
    },
    /// A monster's turn ends.
    TurnEnd {
        /// The monster's id.
        monster: String,
    },
    /// The monster cannot act this turn.
    TurnSkipped {
        /// The monster's id.
        monster: String,
        /// Why, in words.
        reason: String,
    },
    /// The target of the monster's actions and why it was chosen.
    Target {
        /// The monster's id.
        monster: String,
        /// The id of the creature chosen.
        target: String,
        /// The chosen creature's display name.
        name: String,
        /// Why it was chosen, in words.
        reason: String,
        /// The ids of every creature it could have chosen.
        candidates: Vec<String>,
    },
    /// Several options were equally good; the tie policy picked one.
    Tie {
        /// What was being chosen.
        what: String,
        /// The equally good options, in the listed order.
        options: Vec<String>,
        /// The option taken.
        chosen: String,
        /// The tie policy that took it.
        policy: String,
    },
    /// A creature moved along a path (cell names, start excluded).
    Move {
        /// The id of the creature concerned.
        creature: String,
        /// The cell it started on.
        from: String,
        /// The cell it ended on.
        to: String,
        /// Every cell entered, in order.
        path: Vec<String>,
        /// Why it moved: `walk`, `push`, `pull`, ….
        cause: String,
    },
    /// A creature slid across ice to `to`.
    Slide {
        /// The id of the creature concerned.
        creature: String,
        /// The cell it stopped on.
        to: String,
    },
    /// A creature did not move.
    Stay {
        /// The id of the creature concerned.
        creature: String,
        /// Why it stayed, in words.
        reason: String,
    },
    /// Leaving an enemy's reach: that enemy may make an opportunity attack.
    Provoke {
        /// The id of the creature leaving.
        creature: String,
        /// The id of the enemy it leaves.
        enemy: String,
    },
    /// A monster strikes at an enemy walking out of its reach; its attack follows.
    OpportunityAttack {
        /// The attacker's id.
        attacker: String,
        /// The id of the creature walking away.
        target: String,
    },
    /// A Slippery creature disengaged as it moved.
    Disengage {
        /// The id of the creature concerned.
        creature: String,
    },
    /// A part of the behaviour that could not happen.
    ActionSkipped {
        /// The id of the creature concerned.
        creature: String,
        /// The part that could not happen, in words.
        action: String,
        /// Why, in words.
        reason: String,
    },
    /// An attack roll.
    Attack {
        /// The attacker's id.
        attacker: String,
        /// The target's id.
        target: String,
        /// What kind of attack (melee, ranged, …).
        kind: String,
        /// Each face of the d20s rolled.
        faces: Vec<u32>,
        /// Normal, advantage or disadvantage.
        edge: String,
        /// What gave advantage or disadvantage.
        edge_reasons: Vec<String>,
        /// The d20 face that counts.
        kept: u32,
        /// What is added to the kept face.
        bonus: i32,
        /// The roll with every bonus.
        total: i32,
        /// The number the total had to reach.
        defence: i32,
        /// Whether it hit.
        hit: bool,
        /// Whether it was a critical hit.
        critical: bool,
        /// Whether the players rolled the d20 themselves and entered it (left out when not).
        #[serde(skip_serializing_if = "super::words::not")]
        entered: bool,
    },
    /// A creature caught in an area effect.
    AreaHit {
        /// The attacker's id.
        attacker: String,
        /// The target's id.
        target: String,
        /// The names of the cells the area covered.
        cells: Vec<String>,
    },
    /// Damage dealt.
    Damage {
        /// The target's id.
        target: String,
        /// What dealt it, as narration tells it.
        source: String,
        /// The creature that dealt it (its id), when a creature did.
        #[serde(skip_serializing_if = "Option::is_none")]
        dealer: Option<String>,
        /// The damage roll, when it was rolled.
        roll: Option<RollInfo>,
        /// Bonuses and penalties that changed it, in words.
        modifiers: Vec<String>,
        /// Damage taken.
        amount: i32,
        /// Damage shields and the like stopped.
        prevented: i32,
        /// Hit points after it.
        hp: i32,
        /// Hit points when unhurt.
        max_hp: i32,
    },
    /// A saving throw.
    Save {
        /// The id of the creature concerned.
        creature: String,
        /// The ability the save uses.
        ability: String,
        /// The number the total had to reach.
        dc: i32,
        /// Each face of the d20s rolled.
        faces: Vec<u32>,
        /// Normal, advantage or disadvantage.
        edge: String,
        /// The creature's bonus to the save.
        modifier: i32,
        /// The roll with every bonus.
        total: i32,
        /// Whether the save succeeded.
        success: bool,
        /// Whether the players rolled the d20 themselves and entered it (left out when not).
        #[serde(skip_serializing_if = "super::words::not")]
        entered: bool,
    },
    /// A creature gained a status.
    StatusGained {
        /// The id of the creature concerned.
        creature: String,
        /// The status's name.
        status: String,
        /// Its strength, for a status that has one.
        amount: Option<u32>,
        /// A retaliating status's range, when it is more than 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        range: Option<u32>,
        /// When it ends, in words.
        until: String,
    },
    /// A status of a creature ended.
    StatusEnded {
        /// The id of the creature concerned.
        creature: String,
        /// The status's name.
        status: String,
        /// Why it ended, in words.
        reason: String,
        /// When only a card's part ended: the strength of the same status the creature
        /// keeps from its stat line (left out when the status is gone).
        #[serde(skip_serializing_if = "Option::is_none")]
        remains: Option<u32>,
    },
    /// A creature regained hit points.
    Heal {
        /// The id of the creature concerned.
        creature: String,
        /// The healing roll, when it was rolled.
        roll: Option<RollInfo>,
        /// Hit points regained.
        amount: i32,
        /// Hit points after it.
        hp: i32,
        /// Hit points when unhurt.
        max_hp: i32,
    },
    /// A creature fell and left the board.
    Died {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// The cell it fell on.
        cell: String,
    },
    /// A creature fled off the board; not a death.
    Retreat {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// The cell it left from.
        cell: String,
    },
    /// Cells were set alight.
    FireSet {
        /// The names of the cells set alight.
        cells: Vec<String>,
        /// How many rounds the fire burns.
        rounds: u32,
    },
    /// A fire burnt out.
    FireOut {
        /// The cell where the fire went out.
        cell: String,
    },
    /// A trap was laid.
    TrapSet {
        /// The cell the trap lies on.
        cell: String,
        /// The id of the creature that did it.
        by: String,
    },
    /// A creature sprang a trap.
    TrapSprung {
        /// The cell the trap lay on.
        cell: String,
        /// The id of the creature that sprang it.
        creature: String,
    },
    /// Gold was taken from one creature by another.
    Gold {
        /// The id of the creature that lost the gold.
        from: String,
        /// The id of the creature that took it.
        to: String,
        /// How much gold changed hands.
        amount: u32,
        /// The roll for how much was taken.
        rolled: RollInfo,
    },
    /// Creatures will arrive at the start of a later round.
    ArrivalScheduled {
        /// The id of the creature that called them.
        by: String,
        /// How many will arrive.
        count: u32,
        /// The roll for how many.
        roll: RollInfo,
        /// The monster types that will arrive.
        types: Vec<String>,
        /// The round they arrive at the start of.
        round: u32,
        /// The cell it is placed near.
        near: String,
    },
    /// No free cell could be found for an arrival or a resurrection; `later` when it
    /// will try again next round.
    NoRoom {
        /// What could not be placed, in words.
        what: String,
        /// The cell it was to be placed near.
        near: String,
        /// Whether it will try again next round.
        later: bool,
    },
    /// A creature arrived on the board.
    Arrived {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// The monster type.
        kind: String,
        /// The cell it arrived on.
        cell: String,
    },
    /// A special trait took effect.
    TraitTriggered {
        /// The id of the creature concerned.
        creature: String,
        /// The trait's name.
        name: String,
        /// What it did, in words.
        detail: String,
    },
    /// A roll on an effect table.
    TableRoll {
        /// The id of the creature concerned.
        creature: String,
        /// The roll on the table.
        roll: RollInfo,
        /// The entry the roll picked, in words.
        entry: String,
    },
    /// A player put a new creature on the board (`add`).
    Added {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// Which side it fights on.
        side: String,
        /// Its monster type, or `character`.
        kind: String,
        /// The cell it was put on.
        cell: String,
        /// Hit points it starts with.
        hp: i32,
        /// Hit points when unhurt.
        max_hp: i32,
        /// What stands in place of its hit points where its system measures health
        /// otherwise (an AI deck's cards or Life); left out for plain hit points. Filled
        /// in when the creature is placed.
        #[serde(skip_serializing_if = "Option::is_none")]
        health: Option<String>,
    },
    /// A player took a creature off the board (`remove`); not a death.
    Removed {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// The cell it was taken from.
        cell: String,
    },
    /// A player put a creature straight onto a cell (`move --place`).
    Placed {
        /// The id of the creature concerned.
        creature: String,
        /// The cell it started on.
        from: String,
        /// The cell it ended on.
        to: String,
    },
    /// A player changed a creature's gold (`gold`).
    GoldChanged {
        /// The id of the creature concerned.
        creature: String,
        /// How much was added (negative: taken away).
        change: i64,
        /// The gold it now carries.
        gold: u32,
    },
    /// A creature with Resurrect died and will come back at the start of `round`.
    ResurrectionScheduled {
        /// The id of the creature concerned.
        creature: String,
        /// The roll for when it comes back.
        roll: RollInfo,
        /// The round it comes back at the start of.
        round: u32,
    },
    /// A creature came back to life.
    Resurrected {
        /// The id of the creature concerned.
        creature: String,
        /// Its display name.
        name: String,
        /// The cell it came back on.
        cell: String,
        /// Hit points it comes back with.
        hp: i32,
        /// Hit points when unhurt.
        max_hp: i32,
    },
    /// A door was opened, closed, locked or unlocked (`creature`: who did it).
    Door {
        /// The id of the creature that did it, when one did.
        creature: Option<String>,
        /// The door's cell.
        cell: String,
        /// What happened to it: `opened`, `closed`, `locked` or `unlocked`.
        change: String,
    },
    /// An event of one system, in that system's own words (see [`SystemWords`]); its
    /// JSON is the system's own, tagged with its `"event"` name.
    #[serde(untagged)]
    System(Box<dyn SystemEvent>),
}

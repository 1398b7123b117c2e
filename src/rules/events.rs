//! Everything that happens during a command, as data. Narration renders these as text and
//! `--json` prints them as they are; field names are part of the documented interface.
//!
//! [`Event`] holds what every system shares (moves, attacks, damage, statuses, deaths,
//! rounds, turns). A system's own events are its own types, in its own folder: each says
//! how it is narrated, and serialises itself with its `"event"` tag, through
//! [`SystemWords`]; the core carries them as [`Event::System`] and never looks inside.

pub use super::words::Names;
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
}

/// A decision a monster made, as `simulate` counts it: by the type (`kind`) or by the
/// creature (`creature`, whose type the counter looks up), and what was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub creature: Option<String>,
    pub kind: Option<String>,
    pub what: String,
}

/// A system's event as the core carries it (see [`SystemWords`]).
pub trait SystemEvent: erased_serde::Serialize + Debug + Send + Sync {
    fn narrate(&self, names: &Names, explain: bool) -> Option<String>;
    fn choice(&self) -> Option<Choice>;
    /// For the system (and tests) to get its own type back.
    fn as_any(&self) -> &dyn Any;
    fn clone_event(&self) -> Box<dyn SystemEvent>;
    fn same_as(&self, other: &dyn SystemEvent) -> bool;
}

impl<T: SystemWords> SystemEvent for T {
    fn narrate(&self, names: &Names, explain: bool) -> Option<String> {
        SystemWords::narrate(self, names, explain)
    }
    fn choice(&self) -> Option<Choice> {
        SystemWords::choice(self)
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

/// One die roll: the dice, each face, and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollInfo {
    pub dice: String,
    pub faces: Vec<u32>,
    pub total: i32,
}

impl From<&crate::chance::dice::Roll> for RollInfo {
    fn from(r: &crate::chance::dice::Roll) -> RollInfo {
        RollInfo {
            dice: r.dice.to_string(),
            faces: r.faces.clone(),
            total: r.total,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A new round began.
    RoundStart {
        round: u32,
    },
    /// `next` revealed a turn card (`position` of `size`).
    CardDrawn {
        card: String,
        position: u32,
        size: u32,
    },
    /// A revealed card stands for no one left on the board.
    CardPassed {
        card: String,
        reason: String,
    },
    /// A character's turn begins: the players act, then run `next`.
    CharacterTurn {
        creature: String,
    },
    /// The character's turn that `next` opened is over.
    CharacterTurnOver {
        creature: String,
    },
    /// One side has no creature left.
    FightOver {
        winner: String,
    },
    /// The fight ended as a stalemate: this many quiet rounds in a row (see
    /// `rules::stalemate`).
    Stalemate {
        rounds: u32,
    },
    /// The turn-order deck for the round, top card first.
    TurnOrder {
        /// Monster type names and character ids.
        cards: Vec<String>,
        /// The cards that are characters' (by id); the others are monster types.
        characters: Vec<String>,
    },
    /// A monster's turn begins.
    TurnStart {
        monster: String,
        name: String,
        /// Its monster type; left out for a character.
        #[serde(skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
        cell: String,
        hp: i32,
        max_hp: i32,
    },
    /// A monster's turn ends.
    TurnEnd {
        monster: String,
    },
    /// The monster cannot act this turn.
    TurnSkipped {
        monster: String,
        reason: String,
    },
    /// The target of the monster's actions and why it was chosen.
    Target {
        monster: String,
        target: String,
        name: String,
        reason: String,
        candidates: Vec<String>,
    },
    /// Several options were equally good; the tie policy picked one.
    Tie {
        what: String,
        options: Vec<String>,
        chosen: String,
        policy: String,
    },
    /// A creature moved along a path (cell names, start excluded).
    Move {
        creature: String,
        from: String,
        to: String,
        path: Vec<String>,
        cause: String,
    },
    /// A creature slid across ice to `to`.
    Slide {
        creature: String,
        to: String,
    },
    /// A creature did not move.
    Stay {
        creature: String,
        reason: String,
    },
    /// Leaving an enemy's reach: that enemy may make an opportunity attack.
    Provoke {
        creature: String,
        enemy: String,
    },
    /// A monster strikes at an enemy walking out of its reach; its attack follows.
    OpportunityAttack {
        attacker: String,
        target: String,
    },
    /// A Slippery creature disengaged as it moved.
    Disengage {
        creature: String,
    },
    /// A part of the behaviour that could not happen.
    ActionSkipped {
        creature: String,
        action: String,
        reason: String,
    },
    /// An attack roll.
    Attack {
        attacker: String,
        target: String,
        kind: String,
        faces: Vec<u32>,
        edge: String,
        edge_reasons: Vec<String>,
        kept: u32,
        bonus: i32,
        total: i32,
        defence: i32,
        hit: bool,
        critical: bool,
    },
    /// A creature caught in an area effect.
    AreaHit {
        attacker: String,
        target: String,
        cells: Vec<String>,
    },
    /// Damage dealt.
    Damage {
        target: String,
        source: String,
        /// The creature that dealt it (its id), when a creature did.
        #[serde(skip_serializing_if = "Option::is_none")]
        dealer: Option<String>,
        roll: Option<RollInfo>,
        modifiers: Vec<String>,
        amount: i32,
        prevented: i32,
        hp: i32,
        max_hp: i32,
    },
    /// A saving throw.
    Save {
        creature: String,
        ability: String,
        dc: i32,
        faces: Vec<u32>,
        edge: String,
        modifier: i32,
        total: i32,
        success: bool,
    },
    StatusGained {
        creature: String,
        status: String,
        amount: Option<u32>,
        /// A retaliating status's range, when it is more than 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        range: Option<u32>,
        until: String,
    },
    StatusEnded {
        creature: String,
        status: String,
        reason: String,
    },
    Heal {
        creature: String,
        roll: Option<RollInfo>,
        amount: i32,
        hp: i32,
        max_hp: i32,
    },
    Died {
        creature: String,
        name: String,
        cell: String,
    },
    Retreat {
        creature: String,
        name: String,
        cell: String,
    },
    FireSet {
        cells: Vec<String>,
        rounds: u32,
    },
    FireOut {
        cell: String,
    },
    TrapSet {
        cell: String,
        by: String,
    },
    TrapSprung {
        cell: String,
        creature: String,
    },
    Gold {
        from: String,
        to: String,
        amount: u32,
        rolled: RollInfo,
    },
    /// Creatures will arrive at the start of a later round.
    ArrivalScheduled {
        by: String,
        count: u32,
        roll: RollInfo,
        types: Vec<String>,
        round: u32,
        near: String,
    },
    /// No free cell could be found for an arrival or a resurrection; `later` when it
    /// will try again next round.
    NoRoom {
        what: String,
        near: String,
        later: bool,
    },
    /// A creature arrived on the board.
    Arrived {
        creature: String,
        name: String,
        kind: String,
        cell: String,
    },
    /// A special trait took effect.
    TraitTriggered {
        creature: String,
        name: String,
        detail: String,
    },
    /// A roll on an effect table.
    TableRoll {
        creature: String,
        roll: RollInfo,
        entry: String,
    },
    /// A player put a new creature on the board (`add`).
    Added {
        creature: String,
        name: String,
        side: String,
        kind: String,
        cell: String,
        hp: i32,
        max_hp: i32,
    },
    /// A player took a creature off the board (`remove`); not a death.
    Removed {
        creature: String,
        name: String,
        cell: String,
    },
    /// A player put a creature straight onto a cell (`move --place`).
    Placed {
        creature: String,
        from: String,
        to: String,
    },
    /// A player changed a creature's gold (`gold`).
    GoldChanged {
        creature: String,
        change: i64,
        gold: u32,
    },
    /// A creature with Resurrect died and will come back at the start of `round`.
    ResurrectionScheduled {
        creature: String,
        roll: RollInfo,
        round: u32,
    },
    /// A creature came back to life.
    Resurrected {
        creature: String,
        name: String,
        cell: String,
        hp: i32,
        max_hp: i32,
    },
    /// A door was opened, closed, locked or unlocked (`creature`: who did it).
    Door {
        creature: Option<String>,
        cell: String,
        change: String,
    },
    /// An event of one system, in that system's own words (see [`SystemWords`]); its
    /// JSON is the system's own, tagged with its `"event"` name.
    #[serde(untagged)]
    System(Box<dyn SystemEvent>),
}

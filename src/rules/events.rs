//! Everything that happens during a command, as data. Narration renders these as text and
//! `--json` prints them as they are; field names are part of the documented interface.

use serde::Serialize;

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
    /// An ability-deck type drew its ability card for the round.
    AbilityCard {
        kind: String,
        card: u32,
        label: String,
        initiative: u32,
        actions: Vec<String>,
    },
    /// An ability-deck monster's attack drew from the attack-modifier deck (two cards
    /// with advantage or disadvantage; `used` is the one that counts).
    ModifierDrawn {
        attacker: String,
        target: String,
        drawn: Vec<String>,
        used: String,
        base: i32,
        attack: i32,
    },
    /// The monster cannot act this turn.
    TurnSkipped {
        monster: String,
        reason: String,
    },
    /// A behaviour's condition was checked (shown with `--explain`).
    Check {
        monster: String,
        behaviour: u32,
        label: String,
        holds: bool,
        why: String,
    },
    /// The behaviour the monster performs.
    Behaviour {
        monster: String,
        behaviour: u32,
        label: String,
        /// Its action lines as the monster file writes them, joined by commas.
        does: String,
    },
    /// No behaviour applies: two moves toward the closest enemy.
    Fallback {
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
    /// A behaviour with Charge N was used.
    Charged {
        kind: String,
        behaviour: u32,
        charges: u32,
    },
    /// One charge came off a behaviour at the start of a round.
    ChargeTick {
        kind: String,
        behaviour: u32,
        charges: u32,
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
    /// An AI-deck monster plays an AI card (`face`: "face down", "face up" or empty; `how`:
    /// drawn, revealed, harmony, basic action, instinct).
    AiCard {
        monster: String,
        card: String,
        card_type: String,
        face: String,
        how: String,
    },
    /// A pick-target condition of an AI card was tried (shown with `--explain`).
    PickCheck {
        monster: String,
        condition: String,
        holds: bool,
        why: String,
    },
    /// AI-deck bookkeeping: the deck, discard pile, wound stack, cards in play, Life, facing
    /// and the survivors' recorded facts.
    AiNote {
        creature: String,
        detail: String,
    },
    /// An AI-deck attack's speed dice: each die at `accuracy + evasion` or more hits.
    SpeedRoll {
        attacker: String,
        target: String,
        faces: Vec<u32>,
        accuracy: u32,
        evasion: i32,
        hits: u32,
    },
    /// Where one hit of an AI-deck attack lands, rolled on the monster's hit locations.
    HitLocation {
        target: String,
        location: String,
        roll: u32,
        damage: u32,
    },
    /// What a need-driven monster perceives and how it feels about it: the totals of
    /// fear/love (negative: fear) and hate, their centres, and the most feared, loved and
    /// hated entity (display names).
    NeedSense {
        monster: String,
        seen: u32,
        fear_love: f64,
        hate: f64,
        fear_love_centre: Option<String>,
        hate_centre: Option<String>,
        most_feared: Option<String>,
        most_loved: Option<String>,
        most_hated: Option<String>,
    },
    /// One perceived entity's fear/love and hate with the numbers behind them, and where
    /// the centres stand after it (shown with `--explain`).
    NeedValue {
        monster: String,
        entity: String,
        detail: String,
    },
    /// One action's rating and why (shown with `--explain`).
    NeedRating {
        monster: String,
        action: String,
        rating: f64,
        why: String,
    },
    /// The most urgent action, which the monster performs now; `others` are the other
    /// actions rated above 0 (`"equip 300"`).
    NeedChosen {
        monster: String,
        action: String,
        rating: f64,
        why: String,
        others: Vec<String>,
    },
    /// A creature picked up, dropped or equipped an item (or was given one).
    Item {
        creature: String,
        verb: String,
        item: String,
        cell: String,
    },
    /// A door was opened, closed, locked or unlocked (`creature`: who did it).
    Door {
        creature: Option<String>,
        cell: String,
        change: String,
    },
    /// Blessings or curses shuffled into the monsters' attack-modifier deck (`held`: how
    /// many of that card it holds now).
    ModifiersAdded {
        card: String,
        count: usize,
        held: usize,
    },
    /// A character's initiative for the round was recorded (`second`: its second card's,
    /// for ties between characters).
    InitiativeSet {
        creature: String,
        initiative: u32,
        second: Option<u32>,
    },
    /// A curse went into a character's own attack-modifier deck (`given`: curses the
    /// monsters have given it so far).
    CurseGiven {
        creature: String,
        given: u32,
    },
    /// A money token fell on `cell` where a monster was killed.
    CoinDropped {
        creature: String,
        cell: String,
    },
    /// A character ended its turn on loot and picked it up (`gold`: the coins).
    LootPicked {
        creature: String,
        cell: String,
        gold: u32,
    },
    /// A door was opened and the room behind it revealed: its monsters were placed (each
    /// told by its own `Arrived` before this) and its coins laid out.
    RoomRevealed {
        door: String,
        monsters: Vec<String>,
        coins: u32,
    },
}

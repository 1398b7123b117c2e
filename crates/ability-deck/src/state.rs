//! The ability-deck system's saved state in a board (`systems.ability-deck`, SPEC §6):
//! the scenario level and rule variant, each type's ability deck, the monsters'
//! attack-modifier deck, the round's fresh summons, loot, the elite monsters, and the
//! characters' initiatives this round. Reading it, the changes play makes to it, and checking it when a board is
//! loaded; the rules for using it live in the other files of this folder.

/// The system's name: the `system` key of its monster files and its key under a board's `systems`.
pub(crate) const NAME: &str = "ability-deck";
use super::elements::{Element, ElementBoard};
use crate::board::{Board, Fight};
use crate::grid::Cell;
use crate::rules::world::World;
use crate::systems::state::{StateProblem, read_state};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The state (every part may be left out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeckState {
    /// Rooms not yet revealed: opening one of a room's doors places its monsters and
    /// loot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<Room>,
    /// The scenario level (stat lines), default 1.
    #[serde(default = "first_level", skip_serializing_if = "is_first_level")]
    pub level: u32,
    /// Which edition's rulings the monsters follow.
    #[serde(default, skip_serializing_if = "RuleVariant::is_default")]
    pub variant: RuleVariant,
    /// Each type's ability deck.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ability_decks: BTreeMap<String, TypeDeck>,
    /// The monsters' attack-modifier deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifier_deck: Option<ModifierDeck>,
    /// The elite monsters on the board, by id: they use their type's elite stat line
    /// and act before the normal ones. (Older boards said `"elite": true` on the
    /// creature; the core moves it here as it reads them.)
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub elite: BTreeSet<String>,
    /// Monsters summoned this round: they act from the next round on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fresh_summons: Vec<String>,
    /// Coins on the board that monsters can `loot`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot: Vec<Loot>,
    /// Characters' initiatives this round (character id → initiative).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub initiatives: BTreeMap<String, u32>,
    /// The initiative of a character's second card, which breaks a tie between
    /// characters on the same initiative (lower first).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tiebreaks: BTreeMap<String, u32>,
    /// The round each character's initiative was recorded for (character id → round):
    /// a round is not dealt until every character's is recorded for it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub recorded_for: BTreeMap<String, u32>,
    /// Initiatives recorded while a round was still under way, for the next one (they
    /// replace `initiatives` when it is dealt).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub next_initiatives: BTreeMap<String, Called>,
    /// Monsters that came by a summon (they drop no money token when they fall).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summoned: Vec<String>,
    /// The characters' own attack-modifier decks, kept when the tool plays them
    /// (`simulate`): character id → its deck (the standard twenty, blessings and curses).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hero_decks: BTreeMap<String, ModifierDeck>,
    /// Curses the monsters gave each character (character id → how many), for the
    /// players to shuffle into that character's own attack-modifier deck.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub curses_given: BTreeMap<String, u32>,
    /// The elements, when the board tracks them: each one's strength (`{ "fire":
    /// "strong" }`; one left out is inert, `{}` tracks them all inert). Absent: elements
    /// are not tracked and the cards' element lines are skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elements: Option<ElementBoard>,
    /// The elements each type consumed this round (type → elements; an empty list: it
    /// found none to consume): every monster of the type plays the card with their bonus.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub consumed: BTreeMap<String, Vec<Element>>,
}

impl Default for DeckState {
    fn default() -> DeckState {
        DeckState {
            rooms: Vec::new(),
            level: first_level(),
            variant: RuleVariant::default(),
            ability_decks: BTreeMap::new(),
            modifier_deck: None,
            elite: BTreeSet::new(),
            fresh_summons: Vec::new(),
            loot: Vec::new(),
            initiatives: BTreeMap::new(),
            tiebreaks: BTreeMap::new(),
            recorded_for: BTreeMap::new(),
            next_initiatives: BTreeMap::new(),
            summoned: Vec::new(),
            hero_decks: BTreeMap::new(),
            curses_given: BTreeMap::new(),
            elements: None,
            consumed: BTreeMap::new(),
        }
    }
}

fn first_level() -> u32 {
    1
}

fn is_first_level(n: &u32) -> bool {
    *n == 1
}

/// The field names of [`DeckState`], for reading and writing one field at a time (a turn
/// touches the modifier deck at every attack; the whole state need not be read for it).
const LEVEL: &str = "level";
const VARIANT: &str = "variant";
const ABILITY_DECKS: &str = "ability_decks";
const MODIFIER_DECK: &str = "modifier_deck";
const FRESH_SUMMONS: &str = "fresh_summons";
const LOOT: &str = "loot";
const INITIATIVES: &str = "initiatives";
const TIEBREAKS: &str = "tiebreaks";
const SUMMONED: &str = "summoned";
const ELITE: &str = "elite";
const RECORDED_FOR: &str = "recorded_for";
const NEXT_INITIATIVES: &str = "next_initiatives";
const CURSES_GIVEN: &str = "curses_given";
const HERO_DECKS: &str = "hero_decks";
const ROOMS: &str = "rooms";
const ELEMENTS: &str = "elements";
const CONSUMED: &str = "consumed";

/// One field of the board's state (checked when the board was loaded), `None` when absent.
fn field<T: DeserializeOwned>(fight: &Fight, key: &str) -> Option<T> {
    fight.system_value(NAME, key).ok().flatten()
}

/// Writes one field; as when the whole state is written, the level and variant are left
/// out when they hold their default.
fn set_field<T: Serialize>(world: &mut World, key: &str, value: &T) {
    world.set_system_value(NAME, key, value);
    if level(world.fight()) == first_level() {
        world.set_system_value(NAME, LEVEL, &None::<u32>);
    }
    if rule_variant(world.fight()).is_default() {
        world.set_system_value(NAME, VARIANT, &None::<RuleVariant>);
    }
}

/// The scenario level.
pub(crate) fn level(fight: &Fight) -> u32 {
    board_level(&fight.board)
}

/// The edition whose rulings the monsters follow.
pub(crate) fn rule_variant(fight: &Fight) -> RuleVariant {
    board_rule_variant(&fight.board)
}

/// One field of a board file's state, before it is a fight (a bad value reads as absent:
/// the load reports it).
fn board_field<T: DeserializeOwned>(board: &Board, key: &str) -> Option<T> {
    let value = board.systems.get(NAME)?.get(key)?;
    T::deserialize(value).ok()
}

/// The scenario level of a board file.
pub(crate) fn board_level(board: &Board) -> u32 {
    board_field(board, LEVEL).unwrap_or_else(first_level)
}

/// Whether monster `id` of a board file is an elite.
pub(crate) fn board_is_elite(board: &Board, id: &str) -> bool {
    board_field::<BTreeSet<String>>(board, ELITE).is_some_and(|e| e.contains(id))
}

/// Whether monster `id` is an elite (the one place play asks).
pub(crate) fn is_elite(fight: &Fight, id: &str) -> bool {
    board_is_elite(&fight.board, id)
}

/// Monster `id`, just placed, is an elite.
pub(crate) fn mark_elite(world: &mut World, id: &str) {
    let mut all: BTreeSet<String> = field(world.fight(), ELITE).unwrap_or_default();
    if all.insert(id.to_string()) {
        set_field(world, ELITE, &all);
    }
}

/// The rule variant of a board file.
pub(crate) fn board_rule_variant(board: &Board) -> RuleVariant {
    board_field(board, VARIANT).unwrap_or_default()
}

/// Each type's ability deck.
pub(crate) fn type_decks(fight: &Fight) -> BTreeMap<String, TypeDeck> {
    field(fight, ABILITY_DECKS).unwrap_or_default()
}

/// The characters' initiatives this round.
pub(crate) fn initiatives(fight: &Fight) -> BTreeMap<String, u32> {
    field(fight, INITIATIVES).unwrap_or_default()
}

/// The characters' second cards this round, for ties between characters.
pub(crate) fn tiebreaks(fight: &Fight) -> BTreeMap<String, u32> {
    field(fight, TIEBREAKS).unwrap_or_default()
}

/// Records a character's initiative for the round, and its second card's (or none).
pub(crate) fn set_initiative(world: &mut World, id: &str, initiative: u32, second: Option<u32>) {
    let mut all = initiatives(world.fight());
    all.insert(id.to_string(), initiative);
    set_field(world, INITIATIVES, &all);
    let mut ties = tiebreaks(world.fight());
    match second {
        Some(s) => ties.insert(id.to_string(), s),
        None => ties.remove(id),
    };
    if ties.is_empty() {
        set_field(world, TIEBREAKS, &None::<BTreeMap<String, u32>>);
    } else {
        set_field(world, TIEBREAKS, &ties);
    }
}

/// The round each character's initiative was recorded for.
pub(crate) fn recorded_for(fight: &Fight) -> BTreeMap<String, u32> {
    field(fight, RECORDED_FOR).unwrap_or_default()
}

/// Notes that character `id`'s initiative is recorded for `round`.
pub(crate) fn set_recorded_for(world: &mut World, id: &str, round: u32) {
    let mut all = recorded_for(world.fight());
    all.insert(id.to_string(), round);
    set_field(world, RECORDED_FOR, &all);
}

/// Initiatives recorded for the next round while this one is under way.
pub(crate) fn next_initiatives(fight: &Fight) -> BTreeMap<String, Called> {
    field(fight, NEXT_INITIATIVES).unwrap_or_default()
}

/// Keeps character `id`'s initiative for the next round, this one being under way.
pub(crate) fn set_next_initiative(world: &mut World, id: &str, called: Called) {
    let mut all = next_initiatives(world.fight());
    all.insert(id.to_string(), called);
    set_field(world, NEXT_INITIATIVES, &all);
}

/// A new round is dealt: the initiatives recorded for it come into play.
pub(crate) fn take_next_initiatives(world: &mut World) {
    let next = next_initiatives(world.fight());
    if next.is_empty() {
        return;
    }
    for (id, called) in &next {
        set_initiative(world, id, called.initiative, called.second);
    }
    set_field(world, NEXT_INITIATIVES, &None::<BTreeMap<String, Called>>);
}

/// Monsters summoned this round.
pub(crate) fn fresh_summons(fight: &Fight) -> Vec<String> {
    field(fight, FRESH_SUMMONS).unwrap_or_default()
}

/// Coins on the board.
pub(crate) fn loot(fight: &Fight) -> Vec<Loot> {
    field(fight, LOOT).unwrap_or_default()
}

/// Coins newly on the board (a revealed room's), with any already on their hexes.
pub(crate) fn add_loot(world: &mut World, more: &[Loot]) {
    let mut coins = loot(world.fight());
    for l in more {
        match coins.iter_mut().find(|c| c.cell == l.cell) {
            // A token holds at most MAX_LOOT_GOLD (what the board accepts); more is lost.
            Some(c) => c.gold = c.gold.saturating_add(l.gold).min(MAX_LOOT_GOLD),
            None => coins.push(Loot {
                cell: l.cell,
                gold: l.gold.min(MAX_LOOT_GOLD),
            }),
        }
    }
    set_field(world, LOOT, &coins);
}

/// The rooms not yet revealed.
pub(crate) fn rooms(fight: &Fight) -> Vec<Room> {
    field(fight, ROOMS).unwrap_or_default()
}

/// Stores the rooms not yet revealed.
pub(crate) fn set_rooms(world: &mut World, rooms: &[Room]) {
    set_field(world, ROOMS, &rooms);
}

/// Whether monsters still wait in an unrevealed room of the board (the heroes have not
/// won while they do).
pub(crate) fn monsters_waiting(fight: &Fight) -> bool {
    self::rooms(fight).iter().any(|r| !r.monsters.is_empty())
}

/// The board's elements, `None` when it does not track them. Inert ones are left out, as
/// [`super::elements::set`] keeps them (the saved form lists all six).
pub(crate) fn elements(fight: &Fight) -> Option<ElementBoard> {
    let saved: ElementBoard = field(fight, ELEMENTS)?;
    Some(
        saved
            .into_iter()
            .filter(|&(_, s)| s != super::elements::Strength::Inert)
            .collect(),
    )
}

/// Stores the elements (the board tracks them from now on). All six are written, inert
/// ones too, so that a board with every element inert still tracks them.
pub(crate) fn set_elements(world: &mut World, board: &ElementBoard) {
    let all: ElementBoard = Element::ALL
        .into_iter()
        .map(|e| (e, super::elements::strength(board, e)))
        .collect();
    set_field(world, ELEMENTS, &all);
}

/// The elements each type consumed this round.
pub(crate) fn consumed(fight: &Fight) -> BTreeMap<String, Vec<Element>> {
    field(fight, CONSUMED).unwrap_or_default()
}

/// Records what type `kind` consumed this round (an empty list: nothing).
pub(crate) fn set_consumed(world: &mut World, kind: &str, elements: Vec<Element>) {
    let mut all = consumed(world.fight());
    all.insert(kind.to_string(), elements);
    set_field(world, CONSUMED, &all);
}

/// A new round: no type has consumed anything in it yet.
pub(crate) fn clear_consumed(world: &mut World) {
    if !consumed(world.fight()).is_empty() {
        set_field(world, CONSUMED, &None::<BTreeMap<String, Vec<Element>>>);
    }
}

/// The highest scenario level, and the highest a monster file may define (0 to 7 in the
/// usual game, but any 0-20 is accepted).
pub(crate) const MAX_LEVEL: u32 = 20;
/// The most gold one loot token on the board holds.
pub(crate) const MAX_LOOT_GOLD: u32 = 1000;

/// The state's problems: its shape and types, the level's range, loot lying on the
/// board with a sane amount, the characters' initiatives (as `record` takes them) and
/// the types that consumed elements (`known_kind`: a type of the monster file); the rest
/// is checked as it is used.
pub(crate) fn check(fight: &Fight, known_kind: &dyn Fn(&str) -> bool) -> Vec<StateProblem> {
    use crate::io::load::path_key;
    let state = match read_state::<DeckState>(fight, NAME) {
        Ok(state) => state,
        Err(p) => return vec![p],
    };
    let mut problems = Vec::new();
    if state.level > MAX_LEVEL {
        problems.push(StateProblem::hinted(
            LEVEL.into(),
            format!("level {} is out of range", state.level),
            &format!("levels run from 0 to {MAX_LEVEL}"),
        ));
    }
    problems.extend(loot_problems(fight, &state.loot, LOOT));
    for (i, id) in state.elite.iter().enumerate() {
        let monster = fight.board.creatures.iter().find(|c| &c.id == id);
        if monster.is_none_or(|c| c.kind.is_none()) {
            problems.push(StateProblem::hinted(
                format!("{ELITE}[{i}]"),
                format!("`{id}` is not a monster on this board"),
                "`elite` lists the ids of the board's elite monsters: remove it or fix the id",
            ));
        }
    }
    // The characters' initiatives, held to the rule `record initiative` keeps.
    let mut call = |path: String, id: &str, called: Called| {
        if let Err(p) = super::calls::check_call(fight, id, called.initiative, called.second) {
            problems.push(StateProblem::hinted(path, p.message(id), p.hint()));
        }
    };
    for (id, &initiative) in &state.initiatives {
        let second = state.tiebreaks.get(id).copied();
        call(
            format!("{INITIATIVES}{}", path_key(id, false)),
            id,
            Called { initiative, second },
        );
    }
    for (id, &second) in &state.tiebreaks {
        if !state.initiatives.contains_key(id) {
            call(
                format!("{TIEBREAKS}{}", path_key(id, false)),
                id,
                Called {
                    initiative: 0,
                    second: Some(second),
                },
            );
        }
    }
    for (id, &called) in &state.next_initiatives {
        call(
            format!("{NEXT_INITIATIVES}{}", path_key(id, false)),
            id,
            called,
        );
    }
    for kind in state.consumed.keys() {
        if !known_kind(kind) {
            problems.push(StateProblem::hinted(
                format!("{CONSUMED}{}", path_key(kind, false)),
                format!("no monster type `{kind}` in the monster file"),
                "`consumed` lists what the types of the board's monster file consumed this round",
            ));
        }
    }
    problems
}

/// The problems of money tokens lying on the board (`at` is the list's path in the
/// state: `loot`, or a hidden room's `rooms[0].loot`): each on a cell someone can stand
/// on, with at most [`MAX_LOOT_GOLD`]. The board's loot and a room's are held to this one
/// rule, so a room revealed puts on the board only loot the board accepts.
pub(crate) fn loot_problems(fight: &Fight, loot: &[Loot], at: &str) -> Vec<StateProblem> {
    let mut problems = Vec::new();
    for (i, loot) in loot.iter().enumerate() {
        let grid = fight.grid();
        if !grid.contains(loot.cell) || fight.map.terrain(loot.cell).blocks_movement() {
            problems.push(StateProblem::hinted(
                format!("{at}[{i}].cell"),
                format!("loot at {} lies where no one can stand", loot.cell),
                "put loot on a cell of the map that is not a wall, obstacle or closed door",
            ));
        }
        if loot.gold > MAX_LOOT_GOLD {
            problems.push(StateProblem::hinted(
                format!("{at}[{i}].gold"),
                format!("{} gold in one loot token is out of range", loot.gold),
                &format!("a loot token holds 0 to {MAX_LOOT_GOLD} gold"),
            ));
        }
    }
    problems
}

/// Stores a type's ability deck after a draw or the end of a round.
pub(crate) fn set_type_deck(world: &mut World, kind: &str, deck: TypeDeck) {
    let mut decks = type_decks(world.fight());
    decks.insert(kind.to_string(), deck);
    set_field(world, ABILITY_DECKS, &decks);
}

/// The monsters' attack-modifier deck as the board holds it (`None`: none yet).
pub(crate) fn modifier_deck(fight: &Fight) -> Option<ModifierDeck> {
    field(fight, MODIFIER_DECK)
}

/// Takes the attack-modifier deck out to draw from (put it back with
/// [`set_modifier_deck`]); `None` on a board that has none yet.
pub(crate) fn take_modifier_deck(world: &mut World) -> Option<ModifierDeck> {
    let deck = field(world.fight(), MODIFIER_DECK);
    set_field(world, MODIFIER_DECK, &None::<ModifierDeck>);
    deck
}

/// The characters' own attack-modifier decks (only kept while the tool plays them).
pub(crate) fn hero_decks(fight: &Fight) -> BTreeMap<String, ModifierDeck> {
    field(fight, HERO_DECKS).unwrap_or_default()
}

/// Stores the characters' own attack-modifier decks.
pub(crate) fn set_hero_decks(world: &mut World, decks: &BTreeMap<String, ModifierDeck>) {
    set_field(world, HERO_DECKS, decks);
}

/// Puts the monsters' attack-modifier deck back after drawing from it.
pub(crate) fn set_modifier_deck(world: &mut World, deck: ModifierDeck) {
    set_field(world, MODIFIER_DECK, &deck);
}

/// A monster summoned this round: it does not act until the next one, and drops no
/// money token when it falls.
pub(crate) fn mark_summoned(world: &mut World, id: &str) {
    let mut fresh = fresh_summons(world.fight());
    fresh.push(id.to_string());
    set_field(world, FRESH_SUMMONS, &fresh);
    let mut all = summoned(world.fight());
    all.push(id.to_string());
    set_field(world, SUMMONED, &all);
}

/// Monsters on the board that came by a summon.
pub(crate) fn summoned(fight: &Fight) -> Vec<String> {
    field(fight, SUMMONED).unwrap_or_default()
}

/// A summoned monster fell or left: its id may be used again.
pub(crate) fn forget_summoned(world: &mut World, id: &str) {
    for key in [SUMMONED, FRESH_SUMMONS] {
        let mut all: Vec<String> = field(world.fight(), key).unwrap_or_default();
        if all.iter().any(|s| s == id) {
            all.retain(|s| s != id);
            set_field(world, key, &all);
        }
    }
}

/// Creature `id` left the board: the state forgets it (a summon's or elite's mark, a character's
/// initiatives, its own attack-modifier deck and the curses it was given).
pub(crate) fn forget(world: &mut World, id: &str) {
    forget_summoned(world, id);
    let mut elite: BTreeSet<String> = field(world.fight(), ELITE).unwrap_or_default();
    if elite.remove(id) {
        set_field(world, ELITE, &elite);
    }
    fn drop_key<T: Serialize + DeserializeOwned>(world: &mut World, key: &str, id: &str) {
        let mut all: BTreeMap<String, T> = field(world.fight(), key).unwrap_or_default();
        if all.remove(id).is_some() {
            set_field(world, key, &all);
        }
    }
    for key in [INITIATIVES, TIEBREAKS, RECORDED_FOR, CURSES_GIVEN] {
        drop_key::<u32>(world, key, id);
    }
    drop_key::<Called>(world, NEXT_INITIATIVES, id);
    drop_key::<ModifierDeck>(world, HERO_DECKS, id);
}

/// Curses given to each character so far.
pub(crate) fn curses_given(fight: &Fight) -> BTreeMap<String, u32> {
    field(fight, CURSES_GIVEN).unwrap_or_default()
}

/// One more curse for character `id`; returns how many it has been given.
pub(crate) fn add_curse_given(world: &mut World, id: &str) -> u32 {
    let mut all = curses_given(world.fight());
    let n = all.entry(id.to_string()).or_insert(0);
    *n += 1;
    let held = *n;
    set_field(world, CURSES_GIVEN, &all);
    held
}

/// A money token dropped on `cell`, with any tokens already there.
pub(crate) fn drop_coin(world: &mut World, cell: Cell) {
    add_loot(world, &[Loot { cell, gold: 1 }]);
}

/// A new round: last round's summons may act.
pub(crate) fn clear_fresh_summons(world: &mut World) {
    set_field(world, FRESH_SUMMONS, &Vec::<String>::new());
}

/// Takes every money token lying on the `cells` off the board; returns how many.
pub(crate) fn take_loot(world: &mut World, cells: &[Cell]) -> u32 {
    let mut coins = loot(world.fight());
    let mut total: u32 = 0;
    coins.retain(|l| {
        let taken = cells.contains(&l.cell);
        if taken {
            total = total.saturating_add(l.gold);
        }
        !taken
    });
    set_field(world, LOOT, &coins);
    total
}

/// Which edition's rulings ability-deck monsters follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RuleVariant {
    #[default]
    /// The first edition's rulings (the default).
    Gloomhaven,
    /// Frosthaven's rulings.
    Frosthaven,
    /// Jaws of the Lion's rulings.
    JawsOfTheLion,
}

impl RuleVariant {
    /// Whether this is the default, `gloomhaven`.
    pub(crate) fn is_default(&self) -> bool {
        *self == RuleVariant::Gloomhaven
    }
}

/// One attack-modifier card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Modifier {
    /// +0.
    Plus0,
    /// +1.
    Plus1,
    /// +2.
    Plus2,
    /// −1.
    Minus1,
    /// −2.
    Minus2,
    /// ×2.
    Double,
    /// Null: no damage.
    Null,
    /// Bless: ×2, then it leaves the deck.
    Bless,
    /// Curse: null, then it leaves the deck.
    Curse,
}

/// The monsters' attack-modifier deck: the draw pile (top card first) and the discards.
/// A board without it starts from a fresh, shuffled standard deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ModifierDeck {
    #[serde(default)]
    /// The draw pile, top card first.
    pub draw: Vec<Modifier>,
    #[serde(default)]
    /// The cards drawn since the last shuffle.
    pub discard: Vec<Modifier>,
    /// A ×2 or null was drawn: the deck is shuffled at the end of the round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shuffle_due: bool,
}

/// A character's initiative for a round, and its second card's (for ties).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Called {
    /// The initiative it acts at.
    pub initiative: u32,
    /// Its second card's initiative, which breaks a tie with another character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<u32>,
}

/// One type's ability deck (cards by their 1-based number in the monster file).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TypeDeck {
    /// The draw pile, top first; filled (shuffled) from the type's cards when empty.
    #[serde(default)]
    pub draw: Vec<u32>,
    #[serde(default)]
    /// The cards played since the last shuffle.
    pub discard: Vec<u32>,
    /// This round's card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u32>,
    /// The card the players drew from their own deck for the next deal (`record BOARD
    /// drew`): that deal takes it out of the draw pile instead of the top card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn: Option<u32>,
}

/// Money tokens lying on a hex (`gold` counts the tokens; what each is worth comes from
/// the scenario level when a character picks them up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Loot {
    #[serde(with = "crate::board::cell_serde")]
    #[schemars(with = "String")]
    /// The hex it lies on.
    pub cell: Cell,
    /// How many money tokens.
    pub gold: u32,
}

/// A room behind closed doors, hidden until one of them is opened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Room {
    /// The closed doors that open onto it (at least one).
    #[serde(with = "crate::board::cell_serde::list")]
    #[schemars(with = "Vec<String>")]
    pub doors: Vec<Cell>,
    /// Its hexes, shown by `show` as unrevealed (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[serde(with = "crate::board::cell_serde::list")]
    #[schemars(with = "Vec<String>")]
    pub cells: Vec<Cell>,
    /// The monsters placed when it is revealed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<HiddenMonster>,
    /// The money tokens lying in it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot: Vec<Loot>,
    /// The traps set in it, laid on the board (`traps`) when it is revealed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traps: Vec<crate::board::Trap>,
}

/// A monster waiting in an unrevealed room: it comes with its stat line's full HP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HiddenMonster {
    /// Its id once placed.
    pub id: String,
    /// Its monster type (in the board's monster file).
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(with = "crate::board::cell_serde")]
    #[schemars(with = "String")]
    /// Where it is placed.
    pub position: Cell,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    /// Whether it is an elite.
    pub elite: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The field names used one at a time are the names the whole state is written with.
    #[test]
    fn the_field_names_match_the_state() {
        let full = DeckState {
            level: 2,
            variant: RuleVariant::Frosthaven,
            ability_decks: BTreeMap::from([("a".to_string(), TypeDeck::default())]),
            modifier_deck: Some(ModifierDeck::default()),
            elite: BTreeSet::from(["imp-1".to_string()]),
            fresh_summons: vec!["imp-1".into()],
            loot: vec![Loot {
                cell: Cell::parse("A1").unwrap(),
                gold: 1,
            }],
            initiatives: BTreeMap::from([("aria".to_string(), 10)]),
            tiebreaks: BTreeMap::from([("aria".to_string(), 40)]),
            recorded_for: BTreeMap::from([("aria".to_string(), 2)]),
            next_initiatives: BTreeMap::from([(
                "aria".to_string(),
                Called {
                    initiative: 9,
                    second: None,
                },
            )]),
            summoned: vec!["imp-1".into()],
            hero_decks: BTreeMap::from([("aria".to_string(), ModifierDeck::default())]),
            curses_given: BTreeMap::from([("aria".to_string(), 1)]),
            elements: Some(BTreeMap::new()),
            consumed: BTreeMap::from([("imp".to_string(), vec![Element::Fire])]),
            rooms: vec![Room {
                doors: vec![Cell::parse("B1").unwrap()],
                cells: Vec::new(),
                monsters: Vec::new(),
                loot: Vec::new(),
                traps: Vec::new(),
            }],
        };
        let value = serde_json::to_value(full).unwrap();
        let mut names: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        names.sort_unstable();
        let mut ours = vec![
            LEVEL,
            VARIANT,
            ABILITY_DECKS,
            MODIFIER_DECK,
            FRESH_SUMMONS,
            LOOT,
            INITIATIVES,
            TIEBREAKS,
            SUMMONED,
            ELITE,
            RECORDED_FOR,
            NEXT_INITIATIVES,
            CURSES_GIVEN,
            HERO_DECKS,
            ROOMS,
            ELEMENTS,
            CONSUMED,
        ];
        ours.sort_unstable();
        assert_eq!(names, ours);
    }
}

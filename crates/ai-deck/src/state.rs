//! What the AI-deck system saves in a board (`systems.ai-deck`): the showdown level, each
//! type's AI deck (draw pile, discard pile, wound stack, cards in play, the face-up
//! duration or repeat card with its tokens, persistent injuries in play), each monster's
//! facing, Life, overtone token and last wounder, and the survivors' facts the pick-target
//! terms read (knocked down, deaf, evasion, tokens).

use super::compile::SYSTEM_NAME;
use crate::board::Fight;
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::systems::state::{StateProblem, read_state};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most tokens a repeat card lying face up holds; a card drawn at the limit stays
/// there.
pub(crate) const MAX_CARD_TOKENS: u32 = 100;
/// The most tokens of one kind a survivor holds; gains beyond it are lost.
pub(crate) const MAX_SURVIVOR_TOKENS: u32 = 1000;
/// A survivor's evasion runs from minus this to this (as `record ... evasion` takes it).
pub(crate) const MAX_EVASION: i32 = 10;
/// The most armour points one hit location holds.
pub(crate) const MAX_ARMOUR: u32 = 100;
/// The highest Life a monster's state may hold (the monster file's own limit).
pub(crate) const MAX_LIFE: u32 = 1000;

/// The most characters in a token kind's or a persistent injury's name.
pub(crate) const MAX_NAME_CHARS: usize = 60;
/// The most persistent injuries one type suffers at once.
pub(crate) const MAX_INJURIES: usize = 30;
/// The most kinds of tokens one survivor holds.
pub(crate) const MAX_TOKEN_KINDS: usize = 30;
/// The most survivor status cards one survivor holds.
pub(crate) const MAX_STATUS_CARDS: usize = 30;

/// Why `name` (a token kind or a persistent injury) cannot be kept, as the end of a
/// sentence ("is empty"), or `Ok` when it can.
pub(crate) fn name_problem(name: &str) -> Result<(), String> {
    let n = name.chars().count();
    if name.trim().is_empty() {
        Err("is empty".into())
    } else if n > MAX_NAME_CHARS {
        Err(format!("has {n} characters, more than {MAX_NAME_CHARS}"))
    } else if name.chars().any(char::is_control) {
        Err("holds a control character".into())
    } else {
        Ok(())
    }
}

/// What the AI-deck system keeps in a board under `systems.ai-deck`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiState {
    /// The showdown level: which recipe builds the decks (default 1).
    #[serde(default = "first_level", skip_serializing_if = "is_first_level")]
    pub level: u32,
    /// Each type's AI deck, built from the level's recipe the first time it is needed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub decks: BTreeMap<String, TypeDeck>,
    /// Per monster (by id).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub monsters: BTreeMap<String, MonsterFacts>,
    /// Per survivor (by id).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub survivors: BTreeMap<String, SurvivorFacts>,
    /// Severe-injury tables replacing the shipped ones, by hit location.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub severe_injuries: super::severe::Tables,
}

impl Default for AiState {
    fn default() -> AiState {
        AiState {
            level: 1,
            decks: BTreeMap::new(),
            monsters: BTreeMap::new(),
            survivors: BTreeMap::new(),
            severe_injuries: BTreeMap::new(),
        }
    }
}

fn first_level() -> u32 {
    1
}

fn is_first_level(n: &u32) -> bool {
    *n == 1
}

/// One type's cards, by name. The draw pile's top is its first card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TypeDeck {
    /// The draw pile, top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// The discard pile, in the order the cards went there.
    #[serde(default)]
    pub discard: Vec<String>,
    /// Cards lost to wounds.
    #[serde(default)]
    pub wounds: Vec<String>,
    /// Moods, traits and overtones in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<String>,
    /// A duration or repeat card lying face up on top of the deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face_up: Option<FaceUp>,
    /// Persistent injuries in play (recorded by the players).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub injuries: Vec<String>,
}

/// A duration or repeat card lying face up on the deck, with its tokens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FaceUp {
    /// The card's name.
    pub card: String,
    /// Tokens on a repeat card.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tokens: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Which way a monster faces.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Facing {
    /// Its front edge faces up the map (row 1).
    North,
    /// Toward the higher columns.
    East,
    /// Toward the higher rows (the default).
    #[default]
    South,
    /// Toward column A.
    West,
}

impl Facing {
    /// The four facings, in order.
    pub(crate) const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    /// The facing's word (`north`, ...).
    pub(crate) fn word(self) -> &'static str {
        match self {
            Facing::North => "north",
            Facing::East => "east",
            Facing::South => "south",
            Facing::West => "west",
        }
    }

    /// The column and row step of one square forward.
    pub(crate) fn step(self) -> (i32, i32) {
        match self {
            Facing::North => (0, -1),
            Facing::East => (1, 0),
            Facing::South => (0, 1),
            Facing::West => (-1, 0),
        }
    }
}

/// What the system keeps about one monster.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MonsterFacts {
    /// Which way it faces (default south).
    #[serde(default, skip_serializing_if = "is_default_facing")]
    pub facing: Facing,
    /// Its Life now, when it has the Life trait.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<u32>,
    /// Life's starting number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life_start: Option<u32>,
    /// It carries an overtone token.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overtone: bool,
    /// The last survivor to wound it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_to_wound: Option<String>,
}

fn is_default_facing(f: &Facing) -> bool {
    *f == Facing::default()
}

/// What the system keeps about one survivor.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SurvivorFacts {
    /// Knocked down: not a threat; it stands at the end of the next monster turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub knocked_down: bool,
    /// Suffers the deaf injury.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deaf: bool,
    /// Added to the accuracy a monster's die needs to hit it.
    #[serde(default, skip_serializing_if = "is_zero_i")]
    pub evasion: i32,
    /// Tokens by kind (bleeding, insanity, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tokens: BTreeMap<String, u32>,
    /// Its hit locations, when the board tracks them (armour and injury by location
    /// name); left out, the monsters' hits are only narrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<BTreeMap<String, Location>>,
    /// The severe injuries it has suffered, in order ("head: ..."), as the table said.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub severe: Vec<String>,
    /// The survivor status cards it holds, in the order it gained them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status_cards: Vec<HeldStatus>,
}

/// A survivor status card a survivor holds: the card and the monster type whose card it
/// is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HeldStatus {
    /// The card's name, as the monster file writes it.
    pub card: String,
    /// The monster type whose status card it is.
    pub of: String,
}

/// One hit location of a survivor: its armour points and injury level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Location {
    /// Armour points left there (0 to 100).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub armour: u32,
    /// How badly the location is hurt.
    #[serde(default, skip_serializing_if = "Injury::is_none")]
    pub injury: Injury,
}

/// A hit location's injury level; a hit past the armour at `heavy` is a severe injury.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Injury {
    /// Unhurt.
    #[default]
    None,
    /// A light injury.
    Light,
    /// A heavy injury: the next hit past the armour is severe.
    Heavy,
}

impl Injury {
    /// Whether the location is unhurt.
    pub(crate) fn is_none(&self) -> bool {
        *self == Injury::None
    }

    /// The level's word.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Injury::None => "none",
            Injury::Light => "light",
            Injury::Heavy => "heavy",
        }
    }
}

fn is_zero_i(n: &i32) -> bool {
    *n == 0
}

impl SurvivorFacts {
    /// How many tokens of `kind` it holds (0 when none).
    pub(crate) fn tokens(&self, kind: &str) -> u32 {
        self.tokens.get(kind).copied().unwrap_or(0)
    }

    /// Whether it holds status card `card` of type `of`.
    pub(crate) fn holds(&self, card: &str, of: &str) -> bool {
        self.status_cards
            .iter()
            .any(|h| h.card == card && h.of == of)
    }
}

/// The board's state (checked when the board was loaded).
pub(crate) fn read(fight: &Fight) -> AiState {
    fight.system_state(SYSTEM_NAME).unwrap_or_default()
}

/// Writes `state` into the board (dropping survivors and monsters with nothing to keep).
pub(crate) fn write(world: &mut World, state: &AiState) {
    let mut clean = state.clone();
    clean
        .survivors
        .retain(|_, s| *s != SurvivorFacts::default());
    clean.monsters.retain(|_, m| *m != MonsterFacts::default());
    world.set_system_state(SYSTEM_NAME, &clean);
}

/// Creature `id` left the board (it fell, retreated or was taken off): its record as a
/// monster or a survivor goes, and no monster keeps it as its last wounder.
pub(crate) fn forget(world: &mut World, id: &str) {
    let mut state = read(world.fight());
    let mut changed = state.survivors.remove(id).is_some();
    changed |= state.monsters.remove(id).is_some();
    for m in state.monsters.values_mut() {
        if m.last_to_wound.as_deref() == Some(id) {
            m.last_to_wound = None;
            changed = true;
        }
    }
    if changed {
        write(world, &state);
    }
}

/// The state's problems: its shape, and names that must refer to the board and file.
pub(crate) fn check(fight: &Fight, card_of: &dyn Fn(&str, &str) -> bool) -> Vec<StateProblem> {
    let state = match read_state::<AiState>(fight, SYSTEM_NAME) {
        Ok(s) => s,
        Err(p) => return vec![p],
    };
    let mut problems = Vec::new();
    let mut bad = |path: String, message: String, hint: &str| {
        problems.push(StateProblem::hinted(path, message, hint))
    };
    if state.level == 0 || state.level > 20 {
        bad(
            "level".into(),
            format!("level {} is out of range", state.level),
            "levels run from 1 to 20",
        );
    }
    for (kind, deck) in &state.decks {
        for (field, list) in [
            ("deck", &deck.deck),
            ("discard", &deck.discard),
            ("wounds", &deck.wounds),
            ("in_play", &deck.in_play),
        ] {
            for (i, name) in list.iter().enumerate() {
                if !card_of(kind, name) {
                    bad(
                        format!("decks.{kind}.{field}[{i}]"),
                        format!("`{kind}` has no card `{name}`"),
                        "name a card of the monster file, or remove the deck to build it afresh",
                    );
                }
            }
        }
        if deck.injuries.len() > MAX_INJURIES {
            bad(
                format!("decks.{kind}.injuries"),
                format!("{} persistent injuries is too many", deck.injuries.len()),
                &format!("a type suffers at most {MAX_INJURIES} at once"),
            );
        }
        for (i, name) in deck.injuries.iter().enumerate() {
            if let Err(e) = name_problem(name) {
                bad(
                    format!("decks.{kind}.injuries[{i}]"),
                    format!("the injury's name {e}"),
                    "name the persistent injury in a few words",
                );
            }
        }
        if let Some(f) = &deck.face_up
            && f.tokens > MAX_CARD_TOKENS
        {
            bad(
                format!("decks.{kind}.face_up.tokens"),
                format!(
                    "{} token{} on a card is out of range",
                    f.tokens,
                    plural(f.tokens as usize)
                ),
                &format!("a face-up card holds 0 to {MAX_CARD_TOKENS} tokens"),
            );
        }
        if let Some(f) = &deck.face_up
            && !card_of(kind, &f.card)
        {
            bad(
                format!("decks.{kind}.face_up.card"),
                format!("`{kind}` has no card `{}`", f.card),
                "name a duration or repeat card of the monster file",
            );
        }
    }
    for (id, m) in &state.monsters {
        for (field, value) in [("life", m.life), ("life_start", m.life_start)] {
            if let Some(n) = value.filter(|n| *n > MAX_LIFE) {
                bad(
                    format!("monsters.{id}.{field}"),
                    format!("Life {n} is out of range"),
                    &format!("Life runs from 0 to {MAX_LIFE}"),
                );
            }
        }
        if let (Some(life), Some(start)) = (m.life, m.life_start)
            && life > start
        {
            bad(
                format!("monsters.{id}.life"),
                format!("Life {life} is above its starting Life {start}"),
                "Life only goes down from its start (and heals back up to it)",
            );
        }
    }
    for (id, s) in &state.survivors {
        if !(-MAX_EVASION..=MAX_EVASION).contains(&s.evasion) {
            bad(
                format!("survivors.{id}.evasion"),
                format!("evasion {} is out of range", s.evasion),
                &format!("evasion runs from -{MAX_EVASION} to {MAX_EVASION}"),
            );
        }
        for (at, l) in s.locations.iter().flatten() {
            if l.armour > MAX_ARMOUR {
                bad(
                    format!("survivors.{id}.locations.{at}.armour"),
                    format!(
                        "{} armour point{} is out of range",
                        l.armour,
                        plural(l.armour as usize)
                    ),
                    &format!("a hit location holds 0 to {MAX_ARMOUR} armour points"),
                );
            }
        }
        if s.tokens.len() > MAX_TOKEN_KINDS {
            bad(
                format!("survivors.{id}.tokens"),
                format!("{} kinds of tokens is too many", s.tokens.len()),
                &format!("a survivor holds at most {MAX_TOKEN_KINDS} kinds"),
            );
        }
        for kind in s.tokens.keys() {
            if let Err(e) = name_problem(kind) {
                bad(
                    format!("survivors.{id}.tokens"),
                    format!("the token's name {e}"),
                    "name the token in one word, e.g. bleeding",
                );
            }
        }
        for (kind, &n) in &s.tokens {
            if n > MAX_SURVIVOR_TOKENS {
                bad(
                    format!("survivors.{id}.tokens.{kind}"),
                    format!("{n} {kind} token{} is out of range", plural(n as usize)),
                    &format!("a survivor holds 0 to {MAX_SURVIVOR_TOKENS} tokens of a kind"),
                );
            }
        }
    }
    for id in state.monsters.keys().chain(state.survivors.keys()) {
        if fight.index_of(id).is_none() && !fight.board.fallen.iter().any(|f| f.creature.id == *id)
        {
            let field = if state.monsters.contains_key(id) {
                "monsters"
            } else {
                "survivors"
            };
            bad(
                format!("{field}.{id}"),
                format!("there is no creature `{id}` on the board"),
                "use the id of a creature on the board",
            );
        }
    }
    problems.extend(super::severe::check(&state.severe_injuries));
    problems
}

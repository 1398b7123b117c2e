//! Checking the ability-deck monsters of a monster file and compiling them: stat lines per
//! level, immunities, and each card's action lines. Every problem points at its place in
//! the TOML file.

use super::elements::Element;
use super::format::{CardDef, DeckFile, DeckMonsterDef, LevelDef, StatLineDef, StatValue};
use super::state::MAX_LEVEL;
use crate::focus::{Mobility, Pattern};
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems, did_you_mean};
use crate::io::load::parse_toml;
use crate::rules::world::MoveCause;
use crate::systems::monster_file::compile_monsters;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The system name that selects this system in `[[monster]]`.
pub(crate) const CONTROLLER: &str = "ability-deck";
/// Largest number on a card or a stat line.
const MAX_VALUE: i64 = 1000;
/// Most cards in one deck.
const MAX_CARDS: usize = 100;
/// Most standees a type may have.
const MAX_STANDEES: u32 = 30;
/// Standees of a type whose file does not say: the usual box holds six of a normal
/// monster type and one of a boss.
const DEFAULT_STANDEES: u32 = 6;

/// The conditions cards can give and bosses can be immune to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CardCondition {
    /// Poison: +1 to every attack on it; a heal ends it.
    Poison,
    /// Wound: 1 damage at the start of each of its turns.
    Wound,
    /// Muddle: its attacks have disadvantage.
    Muddle,
    /// Immobilize: it cannot move.
    Immobilize,
    /// Disarm: it cannot attack.
    Disarm,
    /// Stun: it loses its turn.
    Stun,
    /// Strengthen: its attacks have advantage.
    Strengthen,
    /// Invisible: enemies cannot focus on it.
    Invisible,
}

impl CardCondition {
    /// Every condition, in the order the files write them.
    pub const ALL: [CardCondition; 8] = [
        CardCondition::Poison,
        CardCondition::Wound,
        CardCondition::Muddle,
        CardCondition::Immobilize,
        CardCondition::Disarm,
        CardCondition::Stun,
        CardCondition::Strengthen,
        CardCondition::Invisible,
    ];

    /// The condition's word in files and narration.
    pub fn word(self) -> &'static str {
        match self {
            CardCondition::Poison => "poison",
            CardCondition::Wound => "wound",
            CardCondition::Muddle => "muddle",
            CardCondition::Immobilize => "immobilize",
            CardCondition::Disarm => "disarm",
            CardCondition::Stun => "stun",
            CardCondition::Strengthen => "strengthen",
            CardCondition::Invisible => "invisible",
        }
    }

    /// The condition a word names, if any.
    pub fn parse(word: &str) -> Option<CardCondition> {
        CardCondition::ALL.into_iter().find(|c| c.word() == word)
    }

    /// Conditions that help: a monster gives them to itself, not to its targets.
    pub fn is_blessing(self) -> bool {
        matches!(self, CardCondition::Strengthen | CardCondition::Invisible)
    }
}

/// A stat: `per_character × C + base` (C = the number of characters; 0 per character
/// for everything but boss stats written like `"8xC"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stat {
    /// How much it grows per character (the `C` of a boss stat).
    pub per_character: i64,
    /// The fixed part.
    pub base: i64,
}

impl Stat {
    /// The value with `characters` characters on the board.
    pub(crate) fn value(self, characters: u32) -> i64 {
        self.per_character * i64::from(characters) + self.base
    }
}

/// One stat line (normal or elite, at one level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StatLine {
    /// Hit points.
    pub hp: Stat,
    /// Move points.
    pub movement: Stat,
    /// Attack value.
    pub attack: Stat,
    /// 0 for melee.
    pub range: u32,
    /// Standing shield.
    pub shield: u32,
    /// Retaliate amount and its range (1 when not given).
    pub retaliate: Option<(u32, u32)>,
    /// Whether it flies.
    pub flying: bool,
    /// Whether it jumps when it moves.
    pub jumping: bool,
}

/// How a card's `range` line changes the stat line's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RangeChange {
    /// A range of its own.
    Set(u32),
    /// The line's range changed by this much.
    Add(i32),
}

/// A card's attack with the lines that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CardAttack {
    /// Added to the stat line's attack.
    pub delta: i32,
    /// Its range: the line's, changed, or its own.
    pub range: Option<RangeChange>,
    /// How many enemies it strikes.
    pub targets: u32,
    /// Its area of effect, if any.
    pub aoe: Option<Pattern>,
    /// How much of the target's shield it ignores.
    pub pierce: u32,
    /// Conditions given to every target.
    pub conditions: Vec<CardCondition>,
    /// `push N` or `pull N`: every target surviving the attack is moved (SPEC §5 item 7).
    pub forced: Option<(MoveCause, u32)>,
    /// `curse`: a curse goes into each character target's attack-modifier deck.
    pub curse: bool,
}

/// One action of a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Move with the stat line's move plus `delta`; `how` when the card says jump or
    /// teleport (otherwise the stat line decides: walking, flying or jumping).
    Move {
        /// Move points added to the line's.
        delta: i32,
        /// How it moves, when the card says (jump, teleport).
        how: Option<Mobility>,
    },
    /// An attack.
    Attack(CardAttack),
    /// Shield N until the end of the round.
    Shield(u32),
    /// Retaliate N (range M) until the end of the round.
    Retaliate {
        /// Retaliate amount.
        amount: u32,
        /// Retaliate range.
        range: u32,
    },
    /// Heal N: itself (`self_only`), or the ally within range that lost most HP.
    Heal {
        /// Hit points healed.
        amount: u32,
        /// Heal range (0: adjacent).
        range: u32,
        /// Heals only the monster itself.
        self_only: bool,
    },
    /// Summon a monster of this type (normal) next to itself.
    Summon(String),
    /// Take the loot within N hexes.
    Loot(u32),
    /// A helpful condition it gives itself (strengthen, invisible).
    Bless(CardCondition),
    /// `bless`: a blessing shuffled into the monsters' attack-modifier deck.
    BlessDeck,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// An ability card of a monster type.
pub(crate) struct AbilityCard {
    /// 1-based position in the file.
    pub number: u32,
    /// Its name for narration.
    pub label: String,
    /// Its initiative.
    pub initiative: u32,
    /// Whether the deck is shuffled after the round it is drawn in.
    pub shuffle: bool,
    /// Its actions, in order.
    pub steps: Vec<Step>,
    /// Elements it infuses: each becomes strong at the end of the turn of a monster that
    /// played the card.
    pub infuse: Vec<Element>,
    /// What consuming an element adds to its actions (`consume fire: +1`).
    pub consume: Vec<Consume>,
}

/// What a card gains when its type consumes an element: one of its actions changed, or
/// an action added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Consume {
    /// The element consumed.
    pub element: Element,
    /// The step it replaces, or the place a new step goes in before.
    pub at: usize,
    /// Whether `step` replaces the step at `at` (else it is put in before it).
    pub replaces: bool,
    /// The step as it is with the element consumed.
    pub step: Step,
    /// What the line says after the element (`+1`, `wound`), for narration.
    pub text: String,
}

impl AbilityCard {
    /// The elements the card would consume, each once, in the card's order.
    pub(crate) fn elements_to_consume(&self) -> Vec<Element> {
        let mut out: Vec<Element> = Vec::new();
        for c in &self.consume {
            if !out.contains(&c.element) {
                out.push(c.element);
            }
        }
        out
    }

    /// The card as played when its type consumed `consumed`: those elements' changes
    /// made, the others' left out.
    pub(crate) fn with_consumed(&self, consumed: &[Element]) -> AbilityCard {
        let on: Vec<&Consume> = self
            .consume
            .iter()
            .filter(|c| consumed.contains(&c.element))
            .collect();
        let mut steps = Vec::new();
        for i in 0..=self.steps.len() {
            steps.extend(
                on.iter()
                    .filter(|c| !c.replaces && c.at == i)
                    .map(|c| c.step.clone()),
            );
            if let Some(base) = self.steps.get(i) {
                let changed = on.iter().rev().find(|c| c.replaces && c.at == i);
                steps.push(changed.map_or(base, |c| &c.step).clone());
            }
        }
        AbilityCard {
            steps,
            consume: Vec::new(),
            ..self.clone()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// One monster type of an ability-deck file.
pub(crate) struct DeckType {
    /// The type's name.
    pub name: String,
    /// Whether it is a boss (one stat line).
    pub boss: bool,
    /// How many of this type can be on the board at once (summons beyond fail).
    pub standees: u32,
    /// Conditions it is immune to.
    pub immune: Vec<CardCondition>,
    /// Level → (normal, elite); bosses have no elite line.
    pub levels: BTreeMap<u32, (StatLine, Option<StatLine>)>,
    /// Its ability cards, numbered from 1.
    pub cards: Vec<AbilityCard>,
}

impl DeckType {
    /// The stat line for a level and rank; `None` when the level is not defined (or an
    /// elite of a boss).
    pub(crate) fn line(&self, level: u32, elite: bool) -> Option<&StatLine> {
        let (normal, best) = self.levels.get(&level)?;
        if elite { best.as_ref() } else { Some(normal) }
    }
}

/// The ability-deck monster types of a monster file.
#[derive(Clone, Debug, Default)]
pub(crate) struct AbilityDecks {
    /// The types, in file order.
    pub types: Vec<DeckType>,
}

impl AbilityDecks {
    /// The type named `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&DeckType> {
        self.types.iter().find(|t| t.name == name)
    }

    /// The types in play, in file order: those with a monster on the board (on the
    /// monsters' side), each of which draws an ability card at the deal.
    pub(crate) fn in_play(&self, board: &crate::board::Board) -> Vec<&DeckType> {
        self.types
            .iter()
            .filter(|t| {
                board.creatures.iter().any(|c| {
                    c.side == crate::board::Side::Monsters
                        && c.kind.as_deref() == Some(t.name.as_str())
                })
            })
            .collect()
    }
}

pub(super) type At<'a> = dyn Fn(Range<usize>, String) -> Diagnostic + 'a;

/// Parses and checks a monster file whose monsters are ability-deck types.
///
/// Text that does not parse, or of another format, stops at its first problem; after that
/// every type, immunity, stat line, card and action line is checked on its own and all
/// problems are reported.
pub(crate) fn load_decks(file: &str, text: &str) -> Result<AbilityDecks, Diagnostics> {
    let raw: DeckFile = parse_toml(file, text)?;
    let locate = Locator::new(file, text);
    let at = |span: Range<usize>, msg: String| locate.span(span, msg);
    let (types, problems) = compile_monsters(
        file,
        text,
        &raw.format,
        &raw.monsters,
        |m| (m.name.get_ref().trim().to_string(), m.name.span()),
        |m, mi, names, problems| compile_type(m, mi, names, &at, problems),
    )?;
    problems.finish(AbilityDecks { types })
}

/// A type, or `None` with its problems added to `problems`: a missing name or another
/// system ends the type's checks; each immunity, level and card is checked on its own.
fn compile_type(
    m: &DeckMonsterDef,
    mi: usize,
    names: &[String],
    at: &At,
    problems: &mut Problems,
) -> Option<DeckType> {
    let path = |rest: &str| format!("monster[{mi}].{rest}");
    let name = names[mi].clone();
    if name.is_empty() {
        problems
            .push(at(m.name.span(), "a monster type needs a name".into()).with_path(path("name")));
        return None;
    }
    if let Some(controller) = m.controller.as_ref().filter(|c| c.get_ref() != CONTROLLER) {
        problems.push(at(
            controller.span(),
            format!(
                "`{}` is in an ability-deck file, so its `controller` (an older way to name the system) must be \"{CONTROLLER}\", not `{}`",
                name,
                controller.get_ref()
            ),
        )
        .with_path(path("controller"))
        .with_hint("put scheme monsters and ability-deck monsters in separate files"));
        return None;
    }
    let before = problems.len();
    let mut immune = Vec::new();
    for (ii, word) in m.immune.iter().enumerate() {
        let c = condition_word(word.get_ref().trim()).map_err(|hint| {
            at(
                word.span(),
                format!("`{}` is not a condition", word.get_ref()),
            )
            .with_path(path(&format!("immune[{ii}]")))
            .with_hint(hint)
        });
        immune.extend(problems.check(c));
    }
    let standees = match &m.standees {
        None if m.boss => 1,
        None => DEFAULT_STANDEES,
        Some(n) if (1..=MAX_STANDEES).contains(n.get_ref()) => *n.get_ref(),
        Some(n) => {
            problems.push(
                at(n.span(), format!("{name} has {} standees", n.get_ref()))
                    .with_path(path("standees"))
                    .with_hint(format!("give a number from 1 to {MAX_STANDEES}")),
            );
            0
        }
    };
    if m.levels.is_empty() {
        problems.push(
            at(m.name.span(), format!("{name} has no stat lines"))
                .with_path(path("level"))
                .with_hint("add a `[[monster.level]]` table with `level`, `normal` and `elite`"),
        );
    }
    let mut levels = BTreeMap::new();
    for (li, l) in m.levels.iter().enumerate() {
        let lp = |rest: &str| path(&format!("level[{li}].{rest}"));
        if let Some((level, lines)) =
            problems.check(compile_level(l, &lp, &name, m.boss, &levels, at))
        {
            levels.insert(level, lines);
        }
    }
    if m.cards.is_empty() {
        problems.push(
            at(m.name.span(), format!("{name} has no ability cards"))
                .with_path(path("card"))
                .with_hint("add `[[monster.card]]` tables with `initiative` and `actions`"),
        );
    }
    if m.cards.len() > MAX_CARDS {
        problems.push(
            at(m.name.span(), format!("{name} has {} cards", m.cards.len()))
                .with_path(path("card"))
                .with_hint(format!("a deck holds at most {MAX_CARDS} cards")),
        );
        return None;
    }
    let mut cards = Vec::new();
    for (ci, c) in m.cards.iter().enumerate() {
        cards.extend(compile_card(
            c,
            ci,
            &|rest| path(&format!("card[{ci}].{rest}")),
            names,
            at,
            problems,
        ));
    }
    if problems.len() > before {
        return None;
    }
    Some(DeckType {
        name,
        boss: m.boss,
        standees,
        immune,
        levels,
        cards,
    })
}

/// One `[[monster.level]]`: its number (not one already in `levels`) and its normal and
/// elite stat lines (a boss has only the normal one).
fn compile_level(
    l: &LevelDef,
    lp: &dyn Fn(&str) -> String,
    name: &str,
    boss: bool,
    levels: &BTreeMap<u32, (StatLine, Option<StatLine>)>,
    at: &At,
) -> Result<(u32, (StatLine, Option<StatLine>)), Diagnostic> {
    let level = *l.level.get_ref();
    if level > MAX_LEVEL {
        return Err(at(l.level.span(), format!("level {level} is out of range"))
            .with_path(lp("level"))
            .with_hint(format!("levels run from 0 to {MAX_LEVEL}")));
    }
    if levels.contains_key(&level) {
        return Err(at(
            l.level.span(),
            format!("{name}: level {level} is defined twice"),
        )
        .with_path(lp("level"))
        .with_hint("give each level one `[[monster.level]]` table"));
    }
    let normal = stat_line(&l.normal, boss, &lp("normal"), at)?;
    let elite = match (&l.elite, boss) {
        (Some(_), true) => {
            return Err(at(
                l.level.span(),
                format!("{name} is a boss, so it has no elite line"),
            )
            .with_path(lp("elite"))
            .with_hint("a boss uses its `normal` line; remove `elite`"));
        }
        (None, false) => {
            return Err(at(
                l.level.span(),
                format!("{name}: level {level} has no elite line"),
            )
            .with_path(lp("elite"))
            .with_hint("add `elite = { hp = …, move = …, attack = … }`"));
        }
        (Some(e), false) => Some(stat_line(e, false, &lp("elite"), at)?),
        (None, true) => None,
    };
    Ok((level, (normal, elite)))
}

fn condition_word(word: &str) -> Result<CardCondition, String> {
    CardCondition::parse(word).ok_or_else(|| {
        let words: Vec<&str> = CardCondition::ALL.iter().map(|c| c.word()).collect();
        match did_you_mean(word, &words) {
            Some(g) => format!("did you mean `{g}`?"),
            None => format!("conditions: {}", words.join(", ")),
        }
    })
}

fn stat_line(s: &StatLineDef, boss: bool, path: &str, at: &At) -> Result<StatLine, Diagnostic> {
    let stat = |v: &Spanned<StatValue>, field: &str, min: i64| -> Result<Stat, Diagnostic> {
        let bad = |msg: String, hint: &str| {
            at(v.span(), msg)
                .with_path(format!("{path}.{field}"))
                .with_hint(hint.to_string())
        };
        let stat = match v.get_ref() {
            StatValue::Number(n) => Stat {
                per_character: 0,
                base: *n,
            },
            StatValue::Text(t) => {
                let Some(stat) = parse_c_stat(t) else {
                    return Err(bad(
                        format!("`{t}` is not a stat"),
                        "write a number, or for a boss `NxC` or `NxC+M` (C = the number of characters)",
                    ));
                };
                if !boss {
                    return Err(bad(
                        format!("`{t}` counts characters, which only boss stats do"),
                        "write a number, or mark the type `boss = true`",
                    ));
                }
                stat
            }
        };
        if !(-MAX_VALUE..=MAX_VALUE).contains(&stat.base)
            || !(0..=MAX_VALUE).contains(&stat.per_character)
            || !(min..=MAX_VALUE).contains(&stat.value(1))
        {
            return Err(bad(
                format!("`{field}` is out of range"),
                &format!("{field} runs from {min} to {MAX_VALUE}"),
            ));
        }
        Ok(stat)
    };
    let hp = stat(&s.hp, "hp", 1)?;
    let movement = stat(&s.movement, "move", 0)?;
    let attack = stat(&s.attack, "attack", 0)?;
    let range = s.range.as_ref().map_or(0, |r| *r.get_ref());
    if let Some(r) = s.range.as_ref().filter(|_| i64::from(range) > MAX_VALUE) {
        return Err(at(r.span(), "`range` is out of range".into())
            .with_path(format!("{path}.range"))
            .with_hint(format!("range runs from 0 (melee) to {MAX_VALUE}")));
    }
    let mut line = StatLine {
        hp,
        movement,
        attack,
        range,
        shield: 0,
        retaliate: None,
        flying: false,
        jumping: false,
    };
    for (ti, phrase) in s.traits.iter().enumerate() {
        let words: Vec<&str> = phrase.get_ref().split_whitespace().collect();
        let bad = |msg: String| {
            at(phrase.span(), msg)
                .with_path(format!("{path}.traits[{ti}]"))
                .with_hint(
                    "traits: `shield N`, `retaliate N`, `retaliate N range M`, `flying`, `jumping`",
                )
        };
        match words.as_slice() {
            ["flying"] => line.flying = true,
            ["jumping"] => line.jumping = true,
            ["shield", n] => {
                line.shield = small(n).ok_or_else(|| bad(format!("`{n}` is not a shield value")))?
            }
            ["retaliate", n] => {
                line.retaliate = Some((
                    small(n).ok_or_else(|| bad(format!("`{n}` is not a retaliate value")))?,
                    1,
                ))
            }
            ["retaliate", n, "range", r] => {
                line.retaliate = Some((
                    small(n).ok_or_else(|| bad(format!("`{n}` is not a retaliate value")))?,
                    small(r)
                        .filter(|r| *r > 0)
                        .ok_or_else(|| bad(format!("`{r}` is not a range")))?,
                ))
            }
            _ => return Err(bad(format!("`{}` is not a trait", phrase.get_ref()))),
        }
    }
    Ok(line)
}

/// `NxC`, `NxC+M`, `NxC-M` (also with `*`).
fn parse_c_stat(text: &str) -> Option<Stat> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.to_ascii_lowercase();
    let (per, rest) = t.split_once(['x', '*'])?;
    let rest = rest.strip_prefix('c')?;
    let base = match rest {
        "" => 0,
        r if r.starts_with('+') || r.starts_with('-') => r.parse().ok()?,
        _ => return None,
    };
    Some(Stat {
        per_character: per.parse().ok()?,
        base,
    })
}

fn small(word: &str) -> Option<u32> {
    word.parse::<u32>()
        .ok()
        .filter(|n| i64::from(*n) <= MAX_VALUE)
}

fn signed(word: &str) -> Option<i32> {
    let n: i32 = word.strip_prefix('+').unwrap_or(word).parse().ok()?;
    (i64::from(n).abs() <= MAX_VALUE).then_some(n)
}

fn open_attack(steps: &mut [Step], open: bool) -> Option<&mut CardAttack> {
    match steps.last_mut() {
        Some(Step::Attack(a)) if open => Some(a),
        _ => None,
    }
}

/// The first words of action lines, for hints.
pub(crate) const ACTION_WORDS: &str = "move ±N [jump | teleport], attack ±N, range N (or ±N), target N, aoe PATTERN, pierce N, push N, pull N, curse, shield N, retaliate N [range M], heal N [range M | self], summon TYPE, loot N, bless, infuse ELEMENT, consume ELEMENT: BONUS, and the conditions poison, wound, muddle, immobilize, disarm, stun, strengthen, invisible";

/// A character's card-like actions (a heroes file's), checked as a monster card's lines
/// are: `Some` with its steps, or `None` with its problems added.
pub(super) fn compile_actions(
    actions: &[Spanned<String>],
    path: &dyn Fn(&str) -> String,
    at: &At,
    problems: &mut Problems,
) -> Option<Vec<Step>> {
    let card = CardDef {
        name: None,
        initiative: Spanned::new(0..0, 0),
        shuffle: false,
        actions: actions.to_vec(),
    };
    let card = compile_card(&card, 0, path, &[], at, problems)?;
    if !card.infuse.is_empty() || !card.consume.is_empty() {
        let first = actions.iter().find(|l| {
            let w = l.get_ref().split_whitespace().next().unwrap_or("");
            w.eq_ignore_ascii_case("infuse") || w.eq_ignore_ascii_case("consume")
        });
        let span = first.map_or(0..0, |l| l.span());
        problems.push(
            at(span, "a character's card does not infuse or consume elements".into())
                .with_path(path("actions"))
                .with_hint("leave out the `infuse` and `consume` lines: `simulate` plays elements for monsters only"),
        );
        return None;
    }
    Some(card.steps)
}

/// A card, or `None` with its problems added to `problems`: its initiative and each action
/// line are checked on their own.
fn compile_card(
    c: &CardDef,
    ci: usize,
    path: &dyn Fn(&str) -> String,
    names: &[String],
    at: &At,
    problems: &mut Problems,
) -> Option<AbilityCard> {
    let before = problems.len();
    let initiative = *c.initiative.get_ref();
    if initiative > 99 {
        problems.push(
            at(
                c.initiative.span(),
                format!("initiative {initiative} is out of range"),
            )
            .with_path(path("initiative"))
            .with_hint("initiatives run from 0 to 99"),
        );
    }
    if c.actions.is_empty() {
        problems.push(
            at(
                c.initiative.span(),
                "a card needs at least one action".into(),
            )
            .with_path(path("actions"))
            .with_hint(format!("actions: {ACTION_WORDS}")),
        );
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut infuse: Vec<Element> = Vec::new();
    let mut consume: Vec<Consume> = Vec::new();
    // True while the last step is an attack that following lines may add to.
    let mut open = false;
    for (ai, line) in c.actions.iter().enumerate() {
        let lp = path(&format!("actions[{ai}]"));
        let lower = line.get_ref().trim().to_ascii_lowercase();
        let first = lower.split_whitespace().next().unwrap_or("");
        // Element lines change nothing of the actions around them.
        if first == "infuse" || first == "consume" {
            let card = ElementLines {
                steps: &steps,
                open,
                names,
            };
            problems.check(element_line(
                line,
                &lp,
                &card,
                &mut infuse,
                &mut consume,
                at,
            ));
            continue;
        }
        let sealed = consume
            .iter()
            .any(|k| k.replaces && k.at + 1 == steps.len());
        if open && sealed && is_rider(first) {
            problems.push(
                at(
                    line.span(),
                    format!(
                        "`{}` adds to the attack after its `consume` line",
                        line.get_ref().trim()
                    ),
                )
                .with_path(lp)
                .with_hint("put `consume` lines after every line that adds to the attack"),
            );
            continue;
        }
        let added = card_line(line, &lp, names, &mut steps, open, at);
        if problems.check(added).is_none() && first == "attack" {
            // A stand-in for the bad attack, so the lines that add to it are still checked.
            steps.push(Step::Attack(CardAttack {
                delta: 0,
                range: None,
                targets: 1,
                aoe: None,
                pierce: 0,
                conditions: Vec::new(),
                forced: None,
                curse: false,
            }));
        }
        open =
            matches!(steps.last(), Some(Step::Attack(_))) && (first == "attack" || is_rider(first));
    }
    if problems.len() > before {
        return None;
    }
    Some(AbilityCard {
        number: ci as u32 + 1,
        label: c.name.clone().unwrap_or_else(|| format!("card {}", ci + 1)),
        initiative,
        shuffle: c.shuffle,
        steps,
        infuse,
        consume,
    })
}

/// Whether a line starting with `first` adds to the attack before it; strengthen and
/// invisible are given to the monster itself.
fn is_rider(first: &str) -> bool {
    matches!(
        first,
        "range" | "target" | "aoe" | "pierce" | "push" | "pull" | "curse"
    ) || CardCondition::parse(first).is_some_and(|c| !c.is_blessing())
}

/// The card so far, as an element line sees it.
struct ElementLines<'a> {
    steps: &'a [Step],
    open: bool,
    names: &'a [String],
}

/// `infuse ELEMENT`, or `consume ELEMENT: WHAT`: `+N` on the action before it (a move,
/// attack, heal, shield or retaliate), a line adding to the attack before it (`wound`,
/// `pierce 1`, `target 2`, ...), or an action of its own that is not a move or an attack
/// (`shield 1`, `heal 2 self`, `strengthen`, ...).
fn element_line(
    line: &Spanned<String>,
    lp: &str,
    card: &ElementLines,
    infuse: &mut Vec<Element>,
    consume: &mut Vec<Consume>,
    at: &At,
) -> Result<(), Diagnostic> {
    let text = line.get_ref().trim();
    let bad = |msg: String, hint: String| {
        at(line.span(), msg)
            .with_path(lp.to_string())
            .with_hint(hint)
    };
    let element = |word: &str| {
        Element::parse(word.trim()).ok_or_else(|| {
            let hint = match did_you_mean(word.trim(), &Element::words()) {
                Some(g) => format!("did you mean `{g}`?"),
                None => format!("the elements: {}", Element::words().join(", ")),
            };
            bad(
                format!("`{text}`: `{}` is not an element", word.trim()),
                hint,
            )
        })
    };
    // The caller saw `infuse` or `consume` as the first word (ASCII, so it splits cleanly).
    let (verb, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if verb.eq_ignore_ascii_case("infuse") {
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.len() != 1 {
            return Err(bad(
                format!("`{text}`: infuse one element"),
                "e.g. `infuse fire` (a line for each element)".into(),
            ));
        }
        let e = element(words[0])?;
        if !infuse.contains(&e) {
            infuse.push(e);
        }
        return Ok(());
    }
    let rest = rest.trim_start();
    let Some((word, what)) = rest.split_once(':') else {
        return Err(bad(
            format!("`{text}`: write the element, a colon, then what consuming it adds"),
            "e.g. `consume fire: +1` (on the action before it), `consume fire: wound`, `consume earth: heal 2 self`".into(),
        ));
    };
    let e = element(word)?;
    let what = what.trim();
    let first = what
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let last = card.steps.len().checked_sub(1);
    // The action before the line, as this element has changed it so far.
    let current = |k: usize| {
        consume
            .iter()
            .rev()
            .find(|c| c.replaces && c.at == k && c.element == e)
            .map_or(&card.steps[k], |c| &c.step)
            .clone()
    };
    let other = |k: usize| {
        consume
            .iter()
            .find(|c| c.replaces && c.at == k && c.element != e)
            .map(|c| c.element)
    };
    let (at_step, replaces, step) = if what.starts_with('+') {
        let n = signed(what).filter(|n| *n > 0).ok_or_else(|| {
            bad(
                format!("`{text}`: `{what}` is not a bonus such as +1"),
                "e.g. `consume fire: +1`".into(),
            )
        })?;
        let k = last.ok_or_else(|| {
            bad(
                format!("`{text}`: no action comes before it to add to"),
                "put it right after the move, attack, heal, shield or retaliate it adds to".into(),
            )
        })?;
        let up = |v: u32| v.saturating_add(n as u32);
        let step = match current(k) {
            Step::Move { delta, how } => Step::Move {
                delta: delta + n,
                how,
            },
            Step::Attack(mut a) => {
                a.delta += n;
                Step::Attack(a)
            }
            Step::Heal {
                amount,
                range,
                self_only,
            } => Step::Heal {
                amount: up(amount),
                range,
                self_only,
            },
            Step::Shield(v) => Step::Shield(up(v)),
            Step::Retaliate { amount, range } => Step::Retaliate {
                amount: up(amount),
                range,
            },
            _ => {
                return Err(bad(
                    format!("`{text}`: the action before it has no number to add to"),
                    "a bonus `+N` adds to a move, attack, heal, shield or retaliate".into(),
                ));
            }
        };
        (k, true, step)
    } else if is_rider(&first) {
        let k = last.filter(|_| card.open).ok_or_else(|| {
            bad(
                format!("`{text}` changes an attack, but no attack comes before it"),
                "put it on the lines right after `attack`".into(),
            )
        })?;
        let mut scratch = vec![current(k)];
        let inner = Spanned::new(line.span(), what.to_string());
        card_line(&inner, lp, card.names, &mut scratch, true, at)?;
        (k, true, scratch.remove(0))
    } else {
        if first == "move" || first == "attack" {
            return Err(bad(
                format!("`{text}`: consuming an element cannot add its own `{first}`"),
                format!(
                    "write `consume {}: +1` right after the {first} it adds to",
                    e.word()
                ),
            ));
        }
        let mut scratch = Vec::new();
        let inner = Spanned::new(line.span(), what.to_string());
        card_line(&inner, lp, card.names, &mut scratch, false, at)?;
        (card.steps.len(), false, scratch.remove(0))
    };
    if let Some(o) = other(at_step).filter(|_| replaces) {
        return Err(bad(
            format!(
                "`{text}`: the action before it already has a `consume {}` bonus",
                o.word()
            ),
            "one element per action".into(),
        ));
    }
    consume.push(Consume {
        element: e,
        at: at_step,
        replaces,
        step,
        text: what.to_ascii_lowercase(),
    });
    Ok(())
}

/// One action line of a card, added to `steps`; `open` says whether the last step is an
/// attack this line may add to.
fn card_line(
    line: &Spanned<String>,
    lp: &str,
    names: &[String],
    steps: &mut Vec<Step>,
    open: bool,
    at: &At,
) -> Result<(), Diagnostic> {
    let bad = |msg: String, hint: String| {
        at(line.span(), msg)
            .with_path(lp.to_string())
            .with_hint(hint)
    };
    let text = line.get_ref().trim();
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Err(bad(
            "an empty action".into(),
            format!("actions: {ACTION_WORDS}"),
        ));
    };
    let number = |w: Option<&&str>, what: &str| {
        w.and_then(|w| small(w)).ok_or_else(|| {
            bad(
                format!("`{text}`: {what} needs a number"),
                format!("e.g. `{first} 2`"),
            )
        })
    };
    let change = |w: Option<&&str>| match w {
        None => Ok(0),
        Some(w) => signed(w).ok_or_else(|| {
            bad(
                format!("`{text}`: `{w}` is not a change such as +1 or -1"),
                format!("e.g. `{first} +1`, `{first} -1` or just `{first}`"),
            )
        }),
    };
    let extra = |n: usize| {
        if words.len() > n {
            Err(bad(
                format!("`{text}`: unexpected `{}`", words[n..].join(" ")),
                format!("actions: {ACTION_WORDS}"),
            ))
        } else {
            Ok(())
        }
    };
    let no_attack = || {
        bad(
            format!("`{text}` changes an attack, but no attack comes before it"),
            "put it on the lines right after `attack`".into(),
        )
    };
    match first {
        "move" => {
            // `move`, `move +1`, `move jump`, `move -1 teleport`.
            let how = |w: &str| match w {
                "jump" => Some(Mobility::Jump),
                "teleport" => Some(Mobility::Teleport),
                _ => None,
            };
            let (delta, rest) = match words.get(1) {
                Some(w) if how(w).is_none() => (change(Some(w))?, 2),
                _ => (0, 1),
            };
            extra(rest + 1)?;
            let how = match words.get(rest) {
                None => None,
                Some(w) => Some(how(w).ok_or_else(|| {
                    bad(
                        format!("`{text}`: `{w}` is not a way of moving"),
                        "a move may end with `jump` or `teleport`, e.g. `move +1 jump`".into(),
                    )
                })?),
            };
            steps.push(Step::Move { delta, how });
        }
        "attack" => {
            extra(2)?;
            steps.push(Step::Attack(CardAttack {
                delta: change(words.get(1))?,
                range: None,
                targets: 1,
                aoe: None,
                pierce: 0,
                conditions: Vec::new(),
                forced: None,
                curse: false,
            }));
        }
        "range" => {
            extra(2)?;
            let w = words.get(1).copied().unwrap_or("");
            let r = if w.starts_with(['+', '-']) {
                RangeChange::Add(change(words.get(1))?)
            } else {
                RangeChange::Set(number(words.get(1), "range")?)
            };
            let a = open_attack(steps, open).ok_or_else(no_attack)?;
            a.range = Some(r);
        }
        "target" => {
            extra(2)?;
            let n = number(words.get(1), "target")?;
            if n == 0 || n > 20 {
                return Err(bad(
                    format!("`{text}`: target runs from 1 to 20"),
                    "e.g. `target 2`".into(),
                ));
            }
            open_attack(steps, open).ok_or_else(no_attack)?.targets = n;
        }
        "pierce" => {
            extra(2)?;
            let n = number(words.get(1), "pierce")?;
            open_attack(steps, open).ok_or_else(no_attack)?.pierce = n;
        }
        "push" | "pull" => {
            extra(2)?;
            let n = number(words.get(1), first)?;
            if n == 0 || n > 20 {
                return Err(bad(
                    format!("`{text}`: {first} runs from 1 to 20"),
                    format!("e.g. `{first} 2`"),
                ));
            }
            let a = open_attack(steps, open).ok_or_else(no_attack)?;
            if a.forced.is_some() {
                return Err(bad(
                    format!("`{text}`: this attack already pushes or pulls"),
                    "an attack moves its targets once: keep one `push` or `pull` line".into(),
                ));
            }
            let cause = if first == "push" {
                MoveCause::Push
            } else {
                MoveCause::Pull
            };
            a.forced = Some((cause, n));
        }
        "curse" => {
            extra(1)?;
            open_attack(steps, open).ok_or_else(no_attack)?.curse = true;
        }
        "aoe" => {
            // The pattern keeps its spaces and case: take it from the original text.
            let picture = text[3..].trim_start_matches([' ', '\t']);
            let pattern = Pattern::parse(picture).map_err(|e| {
                bad(
                    format!("`{text}`: {e}"),
                    "write the area as a picture, e.g. `aoe @//X//X` (see docs/gloomhaven.md)"
                        .into(),
                )
            })?;
            open_attack(steps, open).ok_or_else(no_attack)?.aoe = Some(pattern);
        }
        "shield" => {
            extra(2)?;
            steps.push(Step::Shield(number(words.get(1), "shield")?));
        }
        "retaliate" => {
            let amount = number(words.get(1), "retaliate")?;
            let range = match words.get(2) {
                None => 1,
                Some(&"range") => {
                    extra(4)?;
                    number(words.get(3), "range")?.max(1)
                }
                Some(_) => {
                    extra(2)?;
                    1
                }
            };
            steps.push(Step::Retaliate { amount, range });
        }
        "heal" => {
            let amount = number(words.get(1), "heal")?;
            let (range, self_only) = match words.get(2) {
                None => (0, true),
                Some(&"self") => {
                    extra(3)?;
                    (0, true)
                }
                Some(&"range") => {
                    extra(4)?;
                    (number(words.get(3), "range")?, false)
                }
                Some(_) => {
                    extra(2)?;
                    (0, true)
                }
            };
            steps.push(Step::Heal {
                amount,
                range,
                self_only,
            });
        }
        "summon" => {
            extra(2)?;
            let Some(kind) = text.split_whitespace().nth(1) else {
                return Err(bad(
                    format!("`{text}`: summon what?"),
                    "e.g. `summon bone-rat`".into(),
                ));
            };
            if !names.iter().any(|n| n == kind) {
                let list: Vec<&str> = names.iter().map(String::as_str).collect();
                let hint = match did_you_mean(kind, &list) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!("types in this file: {}", list.join(", ")),
                };
                return Err(bad(
                    format!("`{text}`: no monster type `{kind}` in this file"),
                    hint,
                ));
            }
            steps.push(Step::Summon(kind.to_string()));
        }
        "loot" => {
            extra(2)?;
            steps.push(Step::Loot(number(words.get(1), "loot")?));
        }
        "bless" => {
            extra(1)?;
            steps.push(Step::BlessDeck);
        }
        word => match CardCondition::parse(word) {
            Some(cond) if !cond.is_blessing() && open => {
                extra(1)?;
                open_attack(steps, open)
                    .ok_or_else(no_attack)?
                    .conditions
                    .push(cond);
            }
            Some(cond) if cond.is_blessing() => {
                extra(1)?;
                steps.push(Step::Bless(cond));
            }
            Some(_) => {
                return Err(bad(
                    format!("`{text}` is given to targets, but no attack comes before it"),
                    "put it on the lines right after `attack`".into(),
                ));
            }
            None => {
                let all = [
                    "move",
                    "attack",
                    "range",
                    "target",
                    "aoe",
                    "pierce",
                    "push",
                    "pull",
                    "curse",
                    "shield",
                    "retaliate",
                    "heal",
                    "summon",
                    "loot",
                    "poison",
                    "wound",
                    "muddle",
                    "immobilize",
                    "disarm",
                    "stun",
                    "strengthen",
                    "invisible",
                    "bless",
                    "infuse",
                    "consume",
                ];
                let hint = match did_you_mean(word, &all) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!("actions: {ACTION_WORDS}"),
                };
                return Err(bad(format!("`{text}` is not an action"), hint));
            }
        },
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_card_and_line_is_checked_on_its_own() {
        let text = r#"format = 1
[[monster]]
name = "warden"
controller = "ability-deck"
immune = ["poisn"]
[[monster.level]]
level = 1
normal = { hp = 7, move = 2, attack = 3, traits = ["sheild 1"] }
elite = { hp = 11, move = 2, attack = 4 }
[[monster.card]]
initiative = 144
actions = ["attack x", "range 3", "poison", "move +0", "wound", "fly"]
[[monster.card]]
initiative = 50
actions = ["summon wardn"]
"#;
        let all = load_decks("crypt.toml", text).unwrap_err();
        let paths: Vec<&str> = all.iter().filter_map(|d| d.path.as_deref()).collect();
        // `range 3` and `poison` add to the bad attack before them without a problem of
        // their own; `wound` after `move` has no attack.
        assert_eq!(
            paths,
            [
                "monster[0].immune[0]",
                "monster[0].level[0].normal.traits[0]",
                "monster[0].card[0].initiative",
                "monster[0].card[0].actions[0]",
                "monster[0].card[0].actions[4]",
                "monster[0].card[0].actions[5]",
                "monster[0].card[1].actions[0]",
            ]
        );
    }

    #[test]
    fn character_count_stats() {
        assert_eq!(
            parse_c_stat("8xC"),
            Some(Stat {
                per_character: 8,
                base: 0
            })
        );
        assert_eq!(parse_c_stat("6 x C + 2").unwrap().value(3), 20);
        assert_eq!(parse_c_stat("6*C-1").unwrap().value(2), 11);
        assert_eq!(parse_c_stat("C"), None);
        assert_eq!(parse_c_stat("6xD"), None);
    }

    /// A card with three element lines: dark adds 2 to the attack and a wound (each on
    /// the attack before it, the pierce kept), earth puts a shield in before the move,
    /// which comes after it; light is infused. Consuming one element makes only its
    /// changes.
    #[test]
    fn consumed_elements_change_only_their_own_actions() {
        let text = r#"format = 1
system = "ability-deck"
[[monster]]
name = "shade"
[[monster.level]]
level = 1
normal = { hp = 5, move = 2, attack = 2 }
elite = { hp = 7, move = 2, attack = 3 }
[[monster.card]]
initiative = 30
actions = ["attack +1", "pierce 1", "consume dark: +2", "consume dark: wound", "consume earth: shield 1", "move +0", "infuse light"]
"#;
        let decks = load_decks("m.toml", text).unwrap();
        let card = &decks.types[0].cards[0];
        assert_eq!(card.infuse, [Element::Light]);
        assert_eq!(card.elements_to_consume(), [Element::Dark, Element::Earth]);
        let attack = |delta: i32, conditions: Vec<CardCondition>| {
            Step::Attack(CardAttack {
                delta,
                range: None,
                targets: 1,
                aoe: None,
                pierce: 1,
                conditions,
                forced: None,
                curse: false,
            })
        };
        let walk = Step::Move {
            delta: 0,
            how: None,
        };
        assert_eq!(card.steps, [attack(1, vec![]), walk.clone()]);
        assert_eq!(
            card.with_consumed(&[Element::Dark]).steps,
            [attack(3, vec![CardCondition::Wound]), walk.clone()]
        );
        assert_eq!(
            card.with_consumed(&[Element::Earth]).steps,
            [attack(1, vec![]), Step::Shield(1), walk.clone()]
        );
        assert_eq!(
            card.with_consumed(&[Element::Earth, Element::Dark]).steps,
            [attack(3, vec![CardCondition::Wound]), Step::Shield(1), walk]
        );
        assert_eq!(
            crate::turn::describe(card, Some(0)),
            [
                "attack +1 melee pierce 1",
                "consume dark: +2",
                "consume dark: wound",
                "consume earth: shield 1",
                "move +0",
                "infuse light"
            ]
        );
    }
}

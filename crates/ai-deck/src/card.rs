//! AI cards as the rules use them, and the small text language their lines are written
//! in: pick-target conditions ("closest threat, in field of view"), actions ("move &
//! attack 2/6+/3"), attack effects ("on hit: knock down"), persistent-injury
//! replacements ("injury Broken Antler: attack 1/8+/1") and persistent rules
//! ("movement +2"). Each parser returns the problem as a message and a hint; the loader
//! places it in the file.

use crate::io::diagnostic::did_you_mean;

/// The pool a card belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Pool {
    /// The basic pool: the commonest, weakest cards.
    Basic,
    /// The advanced pool: stronger cards for higher levels.
    Advanced,
    /// The legendary pool: the strongest cards, for the highest levels.
    Legendary,
    /// Special cards: never dealt by pool counts, only named in a level's `specials`.
    Special,
}

impl Pool {
    /// Every pool with the word the monster file uses for it.
    pub(crate) const ALL: [(Pool, &'static str); 4] = [
        (Pool::Basic, "basic"),
        (Pool::Advanced, "advanced"),
        (Pool::Legendary, "legendary"),
        (Pool::Special, "special"),
    ];
}

/// What kind of AI card it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CardKind {
    /// Played once and discarded.
    Normal,
    /// Stays in play with its rules until the monster is wounded (or as `until` says).
    Mood,
    /// Stays in play with its rules for good (`until = "never"`).
    Trait,
    /// Lies face up on the deck after play; its face-up actions run at the next draw.
    Duration,
    /// Gains a token each draw and goes back face up on the deck; only a wound removes it.
    Repeat,
    /// When done, with a threat in view the next card is revealed, and played if relentless.
    Relentless,
    /// Stays in play; its rules apply to monsters of the type holding an overtone token.
    Overtone,
    /// Every monster of the type performs it in turn, each picking its own target.
    Harmony,
    /// A survivor status card: a special card held by a survivor, whose rules apply to
    /// that survivor only; it never enters the AI deck.
    Status,
}

impl CardKind {
    /// Every card kind with the word the monster file uses for it.
    pub(crate) const ALL: [(CardKind, &'static str); 9] = [
        (CardKind::Normal, "normal"),
        (CardKind::Mood, "mood"),
        (CardKind::Trait, "trait"),
        (CardKind::Duration, "duration"),
        (CardKind::Repeat, "repeat"),
        (CardKind::Relentless, "relentless"),
        (CardKind::Overtone, "overtone"),
        (CardKind::Harmony, "harmony"),
        (CardKind::Status, "status"),
    ];

    /// The word the monster file uses for this kind (`normal`, `mood`, ...).
    pub(crate) fn word(self) -> &'static str {
        CardKind::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, w)| w)
    }

    /// Cards that stay in play after they are drawn.
    pub(crate) fn stays_in_play(self) -> bool {
        matches!(self, CardKind::Mood | CardKind::Trait | CardKind::Overtone)
    }
}

/// A number that may grow with the tokens on a repeat card: `base + per_token × tokens`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Amount {
    /// The amount with no tokens on the card.
    pub base: u32,
    /// Added for each token on the repeat card.
    pub per_token: u32,
}

impl Amount {
    /// The amount with this many tokens on the card.
    pub(crate) fn value(self, tokens: u32) -> u32 {
        self.base
            .saturating_add(self.per_token.saturating_mul(tokens))
    }
}

/// An attack profile: speed (d10s rolled), accuracy (each die hits at this or more,
/// plus the survivor's evasion) and damage per hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    /// How many d10s are rolled.
    pub speed: Amount,
    /// The die result (before the survivor's evasion) at or above which a die hits.
    pub accuracy: u32,
    /// Wounds dealt by each hit.
    pub damage: Amount,
}

/// Something done to the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// The target is knocked down.
    KnockDown,
    /// The target is deafened.
    Deafen,
    /// Tokens of a kind given to the target (`give 1 bleeding`).
    Tokens(String, u32),
    /// Brain damage, for the players to record.
    Brain(u32),
    /// The target gains this survivor status card (`give status NAME`; the card's name as
    /// the monster file writes it).
    GiveStatus(String),
    /// The target loses this survivor status card, when it holds it (`remove status NAME`).
    RemoveStatus(String),
}

/// When an attack effect applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Trigger {
    /// At least one die hit.
    Hit,
    /// No die hit.
    Miss,
    /// After the attack, whatever it rolled.
    After,
}

/// An attack with its effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Attack {
    /// Speed, accuracy and damage of the attack.
    pub profile: Profile,
    /// What happens to the target, each with when it applies, in written order.
    pub effects: Vec<(Trigger, Effect)>,
}

/// How the monster gets into position before the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Approach {
    /// It does not move.
    Stay,
    /// It moves toward the target until adjacent.
    Close,
    /// It moves until this many spaces away, backing off when closer.
    Range(u32),
    /// It appears next to the target without walking (Materialize & Attack).
    Materialize,
}

/// One action line of a card, basic action or instinct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// Get into position, then attack the target.
    Attack(Approach, Attack),
    /// Get into position, then give the target this much brain damage (no dice rolled).
    Intimidate(Approach, u32),
    /// A full move toward the target.
    Move,
    /// Draw and play another card once this one is done.
    Draw,
    /// A survival opportunity for the players.
    Flow,
    /// Information the players must weigh.
    Alert(String),
    /// An alert that ends the card: the actions after it are not performed.
    End(String),
    /// The monster is placed next to the target without walking, facing it.
    Materialize,
    /// Something done to every survivor in a zone who is not a target of the card.
    Collateral(Collateral),
    /// The type's basic action, performed against the target (a mood's trigger).
    Basic,
    /// Shuffle the AI deck (ignored while a duration or repeat card is face up).
    Shuffle,
    /// An effect put on the target directly, without an attack.
    Effect(Effect),
}

/// What collateral damage does to each survivor it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Blow {
    /// A hit of this much damage at a rolled hit location (armour first).
    Damage(u32),
    /// An effect, as on a target.
    Effect(Effect),
}

/// Collateral damage: the survivors meeting the zone's terms who are not targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Collateral {
    /// The terms a survivor must meet to be reached (pick-target filters).
    pub zone: Vec<Filter>,
    /// What reaches each of them.
    pub blow: Blow,
}

/// A mood's (or trait's) triggered actions: checked at the start of each of the
/// monster's turns while the card is in play, and performed against each survivor who
/// meets the condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Watch {
    /// What a survivor must meet to set the actions off.
    pub condition: Condition,
    /// The actions, performed against each survivor who meets it, one after another.
    pub steps: Vec<Step>,
}

/// A condition on an action: it is performed only when it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Guard {
    /// The target is in a square next to the monster.
    Adjacent,
    /// The target is knocked down.
    KnockedDown,
    /// The target is deafened.
    Deaf,
    /// The target stands in the monster's blind spot.
    InBlindSpot,
    /// The target carries at least one token of this kind.
    Has(String),
    /// The target holds this survivor status card (`target holds NAME`).
    Holds(String),
}

/// One action line with its optional condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The condition that must hold for the action to run; `None`: it always runs.
    pub guard: Option<Guard>,
    /// What is done.
    pub action: Action,
    /// The line as written, for narration.
    pub text: String,
}

/// How a pick-target condition chooses among the survivors meeting it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choose {
    /// The fewest spaces away.
    Closest,
    /// One picked at random.
    Random,
    /// Whoever carries the most tokens of this kind.
    Most(String),
    /// Whoever carries the fewest tokens of this kind.
    Least(String),
    /// Whoever meets it (several: the tie policy).
    Any,
    /// Every survivor who meets it is a target.
    Every,
}

/// A filter of a pick-target condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Filter {
    /// A survivor not knocked down.
    Threat,
    /// Seen by the monster and outside its blind spot.
    InFieldOfView,
    /// Beyond the monster's front edge.
    Facing,
    /// In the row behind the monster's back edge.
    BlindSpot,
    /// Within the monster's movement (`None`) or the given number of spaces.
    InRange(Option<u32>),
    /// The survivor who last wounded the monster.
    LastToWound,
    /// A survivor who is not deafened.
    NonDeaf,
    /// A survivor who is knocked down.
    KnockedDown,
    /// A survivor next to the monster.
    Adjacent,
    /// At most this many steps from the nearest square of the monster (`within 1`: adjacent).
    Within(u32),
    /// In the zone drawn on the card (`zone`).
    InZone,
    /// Holding this survivor status card (`holding NAME`).
    Holding(String),
}

/// One line of a pick-target list: a survivor meeting all filters, chosen this way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Condition {
    /// How to choose among the survivors meeting the filters.
    pub choose: Choose,
    /// What a survivor must meet; empty: every survivor does.
    pub filters: Vec<Filter>,
    /// The line as written, for narration and `--explain`.
    pub text: String,
}

/// What a card does when its list picks no one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoTarget {
    /// The monster performs its instinct.
    Instinct,
    /// The monster performs its basic action.
    BasicAction,
    /// The monster does nothing more this turn.
    Nothing,
}

/// A rule that holds while a card is in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Spaces added to the monster's movement (negative: fewer).
    Movement(i32),
    /// Dice added to each attack's speed (negative: fewer).
    Speed(i32),
    /// Added to each hit's damage (negative: less).
    Damage(i32),
    /// Added to the accuracy number (negative: easier to hit).
    Accuracy(i32),
    /// The monster performs its basic action instead of drawing.
    NoDraws,
}

/// When a mood, trait or overtone leaves play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Until {
    /// It leaves play when the monster is next wounded.
    Wounded,
    /// It stays in play for the rest of the showdown.
    Never,
}

/// A pick-target list and actions: a card's front, the basic action, the instinct.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Routine {
    /// Pick-target conditions, tried in order until one picks (empty: no target).
    pub pick: Vec<Condition>,
    /// The actions performed on the picked target, in order.
    pub steps: Vec<Step>,
}

/// One AI card, checked and ready to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Card {
    /// The card's title, unique within its monster type.
    pub name: String,
    /// The pool it is dealt from.
    pub pool: Pool,
    /// How it is played and whether it stays in play.
    pub kind: CardKind,
    /// The pick-target list and actions on its front.
    pub front: Routine,
    /// What the card does when its pick-target list picks no one.
    pub no_target: NoTarget,
    /// A duration's face-up actions.
    pub face_up: Vec<Step>,
    /// Persistent injury → the action that replaces the card.
    pub injuries: Vec<(String, Step)>,
    /// Rules that hold while the card is in play (moods, traits, overtones).
    pub rules: Vec<Rule>,
    /// When a card that stays in play leaves it.
    pub until: Until,
    /// The shape drawn on the card: its zone and, when drawn, its own blind spot.
    pub shape: Option<super::shape::Shape>,
    /// A mood's or trait's triggered actions.
    pub watch: Option<Watch>,
    /// The Life this card gives each monster of its type when it comes into play.
    pub life: Option<u32>,
    /// A survivor status card's rules for its holder and when the holder loses it.
    pub status: Option<StatusRules>,
}

/// A rule a survivor status card puts on the survivor holding it (and on no one else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SurvivorRule {
    /// Added to the holder's evasion: each die of a monster's attack on it needs this
    /// much more (negative: less).
    Evasion(i32),
    /// The holder's attacks: each die needs this much less (`accuracy +1`, as a survivor's
    /// accuracy is counted; negative: more).
    Accuracy(i32),
    /// Dice added to the holder's attacks (negative: fewer; at least one is rolled).
    Speed(i32),
    /// Added to the holder's wound rolls.
    Strength(i32),
    /// Spaces added to how far the holder walks in `simulate`'s tactic.
    Movement(i32),
    /// The holder is not a threat (pick-target lists and relentless cards pass it over).
    NotAThreat,
}

/// When a survivor loses a status card it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Release {
    /// It keeps it for the rest of the showdown (unless a card or the players take it).
    Never,
    /// It loses it when it is knocked down.
    KnockedDown,
    /// It loses it when it wounds a monster of the card's type.
    Wounds,
    /// It loses it at the end of the next turn of a monster of the card's type (a card
    /// gained during a monster turn lasts until the end of the one after).
    MonsterTurn,
}

impl Release {
    /// Every release with the words the monster file uses for it.
    pub(crate) const ALL: [(Release, &'static str); 4] = [
        (Release::Never, "never"),
        (Release::KnockedDown, "knocked down"),
        (Release::Wounds, "wounds the monster"),
        (Release::MonsterTurn, "end of monster turn"),
    ];

    /// How the narration and `show` say it, after "holds it ": "until it is knocked
    /// down"; empty for `Never`.
    pub(crate) fn told(self) -> &'static str {
        match self {
            Release::Never => "",
            Release::KnockedDown => "until it is knocked down",
            Release::Wounds => "until it wounds the monster",
            Release::MonsterTurn => "until the end of the next monster turn",
        }
    }
}

/// What a survivor status card does to its holder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StatusRules {
    /// The rules on the holder.
    pub rules: Vec<SurvivorRule>,
    /// When the holder loses the card.
    pub until: Release,
}

impl StatusRules {
    /// The rules as the monster file writes them ("evasion -1, not a threat").
    pub(crate) fn summary(&self) -> String {
        self.rules
            .iter()
            .map(|r| match r {
                SurvivorRule::Evasion(n) => format!("evasion {n:+}"),
                SurvivorRule::Accuracy(n) => format!("accuracy {n:+}"),
                SurvivorRule::Speed(n) => format!("speed {n:+}"),
                SurvivorRule::Strength(n) => format!("strength {n:+}"),
                SurvivorRule::Movement(n) => format!("movement {n:+}"),
                SurvivorRule::NotAThreat => "not a threat".to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A parse problem: what is wrong and what to do.
pub(crate) type Problem = (String, String);

fn problem(msg: impl Into<String>, hint: impl Into<String>) -> Problem {
    (msg.into(), hint.into())
}

fn normalise(text: &str) -> String {
    text.trim()
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word naming one of `options`, with a suggestion when it is not.
pub(crate) fn one_of<T: Copy>(
    word: &str,
    options: &[(T, &'static str)],
    what: &str,
) -> Result<T, Problem> {
    let w = normalise(word);
    if let Some((v, _)) = options.iter().find(|(_, name)| *name == w) {
        return Ok(*v);
    }
    let names: Vec<&str> = options.iter().map(|(_, n)| *n).collect();
    let hint = match did_you_mean(&w, &names) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!("write one of: {}", names.join(", ")),
    };
    Err(problem(format!("`{word}` is not {what}"), hint))
}

const PICK_HINT: &str = "combine: closest, random, most TOKEN, least TOKEN, every, survivor, threat, in field of view, facing, blind spot, in range, in range N, within N, in zone, last to wound, non-deaf, knocked down, adjacent, holding CARD";

/// Takes the `holding NAME` terms out of a condition: a status card's name runs from
/// `holding` to the next comma (or the end). Returns the rest of the text and the names
/// (lower case, spaces single).
fn holding_terms(text: &str) -> Result<(String, Vec<String>), Problem> {
    let mut rest = Vec::new();
    let mut names = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        match words.iter().position(|w| w.eq_ignore_ascii_case("holding")) {
            Some(k) => {
                let name = normalise(&words[k + 1..].join(" "));
                if name.is_empty() {
                    return Err(problem(
                        format!("`{}`: holding which status card?", text.trim()),
                        "write `holding NAME` with a survivor status card's name, then a comma or the end",
                    ));
                }
                names.push(name);
                rest.push(words[..k].join(" "));
            }
            None => rest.push(part.to_string()),
        }
    }
    Ok((rest.join(","), names))
}

/// One pick-target condition: terms separated by commas or spaces, at most one way of
/// choosing (closest, random, most X, least X, every). `holding NAME` (a survivor status
/// card) runs to the next comma.
pub(crate) fn parse_condition(text: &str) -> Result<Condition, Problem> {
    let (others, held) = holding_terms(text)?;
    let mut cond = parse_terms(text, &others, !held.is_empty())?;
    cond.filters.extend(held.into_iter().map(Filter::Holding));
    Ok(cond)
}

/// The terms of `terms` (the condition `text` without its `holding` terms; `held`: it had
/// some, so it may hold no other term).
fn parse_terms(text: &str, terms: &str, held: bool) -> Result<Condition, Problem> {
    let norm = normalise(&terms.replace([',', '(', ')'], " "));
    let words: Vec<&str> = norm
        .split(' ')
        .filter(|w| !w.is_empty() && *w != "and")
        .collect();
    if words.is_empty() && !held {
        return Err(problem("an empty pick-target condition", PICK_HINT));
    }
    let mut choose: Option<Choose> = None;
    let mut filters = Vec::new();
    let mut i = 0;
    let starts = |i: usize, phrase: &str| {
        let p: Vec<&str> = phrase.split(' ').collect();
        words.len() >= i + p.len() && words[i..i + p.len()] == p[..]
    };
    while i < words.len() {
        let mut chosen = |c: Choose| -> Result<(), Problem> {
            if choose.is_some() {
                return Err(problem(
                    format!("`{text}` chooses two ways"),
                    "use one of closest, random, most TOKEN, least TOKEN, every per condition",
                ));
            }
            choose = Some(c);
            Ok(())
        };
        let w = words[i];
        let (len, filter) = if starts(i, "in field of view") {
            (4, Some(Filter::InFieldOfView))
        } else if starts(i, "in zone") {
            (2, Some(Filter::InZone))
        } else if w == "within" {
            let n = words.get(i + 1).ok_or_else(|| {
                problem(
                    format!("`{text}`: within how many spaces?"),
                    "write `within N`, e.g. within 2 (within 1: adjacent)",
                )
            })?;
            let n = number(n, "within", 1000)?;
            if n == 0 {
                return Err(problem(
                    format!("`{text}`: within 0"),
                    "within runs from 1 (adjacent) to 1000",
                ));
            }
            (2, Some(Filter::Within(n)))
        } else if starts(i, "in blind spot") {
            (3, Some(Filter::BlindSpot))
        } else if starts(i, "blind spot") {
            (2, Some(Filter::BlindSpot))
        } else if starts(i, "last to wound") {
            (3, Some(Filter::LastToWound))
        } else if starts(i, "knocked down") {
            (2, Some(Filter::KnockedDown))
        } else if starts(i, "in range") {
            match words.get(i + 2).and_then(|n| n.parse::<u32>().ok()) {
                Some(n) if n <= 1000 => (3, Some(Filter::InRange(Some(n)))),
                Some(_) => {
                    return Err(problem(
                        format!("`{text}`: the range is too large"),
                        "ranges run to 1000",
                    ));
                }
                None => (2, Some(Filter::InRange(None))),
            }
        } else if w == "closest" {
            chosen(Choose::Closest)?;
            (1, None)
        } else if w == "random" {
            chosen(Choose::Random)?;
            (1, None)
        } else if w == "every" || w == "all" || w == "each" {
            chosen(Choose::Every)?;
            (1, None)
        } else if w == "most" || w == "least" {
            let Some(token) = words.get(i + 1) else {
                return Err(problem(
                    format!("`{text}`: {w} what?"),
                    "name the token, e.g. `most bleeding`",
                ));
            };
            chosen(if w == "most" {
                Choose::Most(token.to_string())
            } else {
                Choose::Least(token.to_string())
            })?;
            (2, None)
        } else {
            let f = match w {
                "survivor" | "survivors" => None,
                "threat" | "threats" => Some(Filter::Threat),
                "facing" => Some(Filter::Facing),
                "non-deaf" => Some(Filter::NonDeaf),
                "adjacent" => Some(Filter::Adjacent),
                _ => {
                    let known = [
                        "closest", "random", "most", "least", "every", "survivor", "threat",
                        "facing", "non-deaf", "adjacent", "in", "within", "blind", "last",
                        "knocked", "holding",
                    ];
                    let hint = match did_you_mean(w, &known) {
                        Some(g) => format!("did you mean `{g}`? ({PICK_HINT})"),
                        None => PICK_HINT.to_string(),
                    };
                    return Err(problem(format!("`{w}` is not a pick-target term"), hint));
                }
            };
            (1, f)
        };
        filters.extend(filter);
        i += len;
    }
    Ok(Condition {
        choose: choose.unwrap_or(Choose::Any),
        filters,
        text: text.trim().to_string(),
    })
}

const ACTION_HINT: &str = "actions: move & attack S/A+/D, move into range N & attack S/A+/D, materialize & attack S/A+/D, attack S/A+/D, move & intimidate N, intimidate N, move, materialize, draw, flow, alert: TEXT, alert end: TEXT, shuffle, knock down, deafen, give N TOKEN, give status CARD, remove status CARD, brain damage N, collateral ZONE: N damage (or an effect), basic action; attack effects on the next lines: on hit: / on miss: / after attack: EFFECT; `if target adjacent: ACTION`";

/// What the effects are, for hints.
const EFFECT_HINT: &str = "effects: knock down, deafen, give N TOKEN, give status CARD, remove status CARD, brain damage N";

/// A number of at most `max`.
fn number(word: &str, what: &str, max: u32) -> Result<u32, Problem> {
    match word.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(problem(
            format!("{what} `{word}` is too large"),
            format!("{what} runs to {max}"),
        )),
        Err(_) => Err(problem(
            format!("`{word}` is not a number ({what})"),
            "write a whole number such as 2",
        )),
    }
}

/// `2` or `1+T` (T: the tokens on the card).
fn amount(word: &str, what: &str) -> Result<Amount, Problem> {
    let w = word.trim();
    let (base, per_token) = match w.split_once('+') {
        Some((b, t)) => {
            let t = t.trim();
            let per = if t == "t" {
                1
            } else if let Some(n) = t.strip_suffix('t') {
                number(n, what, 20)?
            } else {
                return Err(problem(
                    format!("`{word}` is not a {what}"),
                    "write N, N+T or N+2T (T: the tokens on the card)",
                ));
            };
            (number(b.trim(), what, 50)?, per)
        }
        None => (number(w, what, 50)?, 0),
    };
    Ok(Amount { base, per_token })
}

/// An attack profile `SPEED/ACCURACY+/DAMAGE`, e.g. `2/6+/3` or `1+T/5+/1+T`.
pub(crate) fn parse_profile(text: &str) -> Result<Profile, Problem> {
    let parts: Vec<&str> = text.split('/').map(str::trim).collect();
    let [speed, accuracy, damage] = parts[..] else {
        return Err(problem(
            format!("`{text}` is not an attack profile"),
            "write SPEED/ACCURACY+/DAMAGE, e.g. 2/6+/3",
        ));
    };
    let speed = amount(speed, "speed")?;
    if speed.base == 0 && speed.per_token == 0 {
        return Err(problem(
            format!("`{text}`: an attack needs at least one speed die"),
            "speed is 1 or more",
        ));
    }
    let acc = accuracy.strip_suffix('+').unwrap_or(accuracy);
    let accuracy = number(acc, "accuracy", 11)?;
    if accuracy == 0 {
        return Err(problem(
            format!("`{text}`: accuracy 0"),
            "accuracy runs from 1 to 11 (a d10 at or above it hits)",
        ));
    }
    Ok(Profile {
        speed,
        accuracy,
        damage: amount(damage, "damage")?,
    })
}

fn parse_effect(text: &str) -> Result<Option<Effect>, Problem> {
    let t = normalise(text);
    if t == "knock down" || t == "knock target down" {
        return Ok(Some(Effect::KnockDown));
    }
    if t == "deafen" || t == "deaf" {
        return Ok(Some(Effect::Deafen));
    }
    if let Some(rest) = t.strip_prefix("brain damage ") {
        return Ok(Some(Effect::Brain(number(rest, "brain damage", 100)?)));
    }
    for (prefix, give) in [("give status", true), ("remove status", false)] {
        if let Some(rest) = t.strip_prefix(prefix)
            && (rest.is_empty() || rest.starts_with(' '))
        {
            let name = rest.trim().to_string();
            if name.is_empty() {
                return Err(problem(
                    format!("`{}`: which status card?", text.trim()),
                    format!("write `{prefix} NAME` with a survivor status card of the type"),
                ));
            }
            return Ok(Some(if give {
                Effect::GiveStatus(name)
            } else {
                Effect::RemoveStatus(name)
            }));
        }
    }
    if let Some(rest) = t.strip_prefix("give ") {
        let mut w = rest.split(' ');
        let (Some(n), Some(token), None) = (w.next(), w.next(), w.next()) else {
            return Err(problem(
                format!("`{text}` is not an effect"),
                "write `give N TOKEN`, e.g. give 1 bleeding",
            ));
        };
        return Ok(Some(Effect::Tokens(
            token.to_string(),
            number(n, "tokens", 100)?,
        )));
    }
    Ok(None)
}

/// A whole effect (for `on hit:` lines).
pub(crate) fn parse_effect_line(text: &str) -> Result<Effect, Problem> {
    parse_effect(text)?
        .ok_or_else(|| problem(format!("`{}` is not an effect", text.trim()), EFFECT_HINT))
}

/// An attack-effect line (`on hit: knock down`): its trigger and effect, or `None` when
/// the line is not one.
pub(crate) fn parse_attack_effect(text: &str) -> Result<Option<(Trigger, Effect)>, Problem> {
    let t = normalise(text);
    for (prefix, trigger) in [
        ("on hit:", Trigger::Hit),
        ("on miss:", Trigger::Miss),
        ("after attack:", Trigger::After),
    ] {
        if let Some(rest) = t.strip_prefix(prefix) {
            return Ok(Some((trigger, parse_effect_line(rest)?)));
        }
    }
    Ok(None)
}

fn parse_guard(text: &str) -> Result<Guard, Problem> {
    let t = normalise(text);
    Ok(match t.as_str() {
        "target adjacent" | "the target is adjacent" => Guard::Adjacent,
        "target knocked down" | "the target is knocked down" => Guard::KnockedDown,
        "target deaf" | "the target is deaf" => Guard::Deaf,
        "target in blind spot" | "the target is in the blind spot" => Guard::InBlindSpot,
        _ => match (
            t.strip_prefix("target has "),
            t.strip_prefix("target holds "),
        ) {
            (Some(token), _) if !token.contains(' ') => Guard::Has(token.to_string()),
            (_, Some(card)) if !card.trim().is_empty() => Guard::Holds(card.trim().to_string()),
            _ => {
                return Err(problem(
                    format!("`{}` is not a condition", text.trim()),
                    "conditions: target adjacent, target knocked down, target deaf, target in blind spot, target has TOKEN, target holds CARD",
                ));
            }
        },
    })
}

/// One action line, with an optional `if CONDITION:` in front.
pub(crate) fn parse_step(text: &str) -> Result<Step, Problem> {
    let t = normalise(text);
    let (guard, body) = match t.strip_prefix("if ") {
        Some(rest) => match rest.split_once(':') {
            Some((g, b)) => (Some(parse_guard(g)?), b.trim().to_string()),
            None => {
                return Err(problem(
                    format!("`{}`: a condition ends with `:`", text.trim()),
                    "write `if target adjacent: attack 1/6+/2`",
                ));
            }
        },
        None => (None, t.clone()),
    };
    let action = parse_action(&body, text)?;
    Ok(Step {
        guard,
        action,
        text: text.trim().to_string(),
    })
}

fn parse_action(t: &str, original: &str) -> Result<Action, Problem> {
    let attack = |profile: &str| -> Result<Attack, Problem> {
        Ok(Attack {
            profile: parse_profile(profile)?,
            effects: Vec::new(),
        })
    };
    if let Some(rest) = t
        .strip_prefix("move & attack ")
        .or_else(|| t.strip_prefix("move and attack "))
    {
        return Ok(Action::Attack(Approach::Close, attack(rest)?));
    }
    if let Some(rest) = t.strip_prefix("move into range ") {
        let Some((n, profile)) = rest
            .split_once(" & attack ")
            .or_else(|| rest.split_once(" and attack "))
        else {
            return Err(problem(
                format!("`{}` is not an action", original.trim()),
                "write `move into range N & attack S/A+/D`",
            ));
        };
        let range = number(n.trim(), "range", 100)?;
        if range == 0 {
            return Err(problem(
                "`move into range 0`",
                "a range attack has range 1 or more",
            ));
        }
        return Ok(Action::Attack(Approach::Range(range), attack(profile)?));
    }
    if let Some(rest) = t
        .strip_prefix("materialize & attack ")
        .or_else(|| t.strip_prefix("materialize and attack "))
    {
        return Ok(Action::Attack(Approach::Materialize, attack(rest)?));
    }
    if let Some(rest) = t.strip_prefix("attack ") {
        return Ok(Action::Attack(Approach::Stay, attack(rest)?));
    }
    if let Some(rest) = t.strip_prefix("collateral") {
        return parse_collateral(rest, original).map(Action::Collateral);
    }
    if let Some(rest) = t
        .strip_prefix("move & intimidate ")
        .or_else(|| t.strip_prefix("move and intimidate "))
    {
        return Ok(Action::Intimidate(
            Approach::Close,
            number(rest, "brain damage", 100)?,
        ));
    }
    if let Some(rest) = t.strip_prefix("intimidate ") {
        return Ok(Action::Intimidate(
            Approach::Stay,
            number(rest, "brain damage", 100)?,
        ));
    }
    if let Some(rest) = t
        .strip_prefix("alert end:")
        .or_else(|| t.strip_prefix("alert, end:"))
    {
        return Ok(Action::End(rest.trim().to_string()));
    }
    if let Some(rest) = t.strip_prefix("alert:") {
        return Ok(Action::Alert(rest.trim().to_string()));
    }
    match t {
        "move" | "full move" => return Ok(Action::Move),
        "materialize" => return Ok(Action::Materialize),
        "end card" | "end the card" | "alert end" => return Ok(Action::End(String::new())),
        "basic action" | "perform the basic action" => return Ok(Action::Basic),
        "draw" | "draw another card" | "draw an ai card" => return Ok(Action::Draw),
        "flow" => return Ok(Action::Flow),
        "shuffle" | "shuffle the ai deck" => return Ok(Action::Shuffle),
        _ => {}
    }
    if let Some(e) = parse_effect(t)? {
        return Ok(Action::Effect(e));
    }
    let first = t.split(' ').next().unwrap_or("");
    let words = [
        "move",
        "materialize",
        "attack",
        "collateral",
        "intimidate",
        "draw",
        "flow",
        "alert",
        "shuffle",
        "knock",
        "deafen",
        "give",
        "brain",
    ];
    let hint = match did_you_mean(first, &words) {
        Some(g) if g != first => format!("did you mean `{g}`? ({ACTION_HINT})"),
        _ => ACTION_HINT.to_string(),
    };
    Err(problem(
        format!("`{}` is not an action", original.trim()),
        hint,
    ))
}

/// `collateral ZONE: N damage` or `collateral ZONE: EFFECT` (after the word `collateral`).
fn parse_collateral(rest: &str, original: &str) -> Result<Collateral, Problem> {
    let hint = "write `collateral ZONE: N damage` or `collateral ZONE: EFFECT`, e.g. collateral adjacent: 1 damage";
    let Some((zone, blow)) = rest.split_once(':') else {
        return Err(problem(
            format!("`{}`: the zone ends with `:`", original.trim()),
            hint,
        ));
    };
    if zone.trim().is_empty() {
        return Err(problem(
            format!("`{}`: collateral damage needs a zone", original.trim()),
            format!("{hint} (zone terms: adjacent, within N, facing, blind spot, in zone, ...)"),
        ));
    }
    let zone = parse_condition(zone)?;
    if zone.choose != Choose::Any {
        return Err(problem(
            format!(
                "`{}`: collateral damage reaches everyone in its zone, so it chooses no one",
                original.trim()
            ),
            "remove closest, random, most, least or every from the zone",
        ));
    }
    let blow = normalise(blow);
    let blow = match blow.strip_suffix(" damage") {
        Some(n) => Blow::Damage(number(n, "collateral damage", 50)?),
        None => Blow::Effect(parse_effect(&blow)?.ok_or_else(|| {
            problem(
                format!("`{}` is not collateral damage", blow.trim()),
                "write N damage, knock down, deafen, give N TOKEN, give status CARD, remove status CARD or brain damage N",
            )
        })?),
    };
    Ok(Collateral {
        zone: zone.filters,
        blow,
    })
}

/// An injury line: `injury NAME: ACTION`, or `None` when the line is not one.
pub(crate) fn parse_injury(text: &str) -> Result<Option<(String, Step)>, Problem> {
    let trimmed = text.trim();
    if !normalise(trimmed).starts_with("injury ") {
        return Ok(None);
    }
    let rest = trimmed["injury ".len()..].trim();
    let Some((name, action)) = rest.split_once(':') else {
        return Err(problem(
            format!("`{trimmed}`: the injury's name ends with `:`"),
            "write `injury NAME: ACTION`",
        ));
    };
    if name.trim().is_empty() {
        return Err(problem(
            format!("`{trimmed}`: the injury has no name"),
            "write `injury NAME: ACTION`",
        ));
    }
    Ok(Some((name.trim().to_string(), parse_step(action)?)))
}

/// A rule that holds while a card is in play.
pub(crate) fn parse_rule(text: &str) -> Result<Rule, Problem> {
    let t = normalise(text);
    if t == "no draws" {
        return Ok(Rule::NoDraws);
    }
    let hint = "rules: movement +N, speed +N, damage +N, accuracy -N (or +N), no draws";
    let Some((word, n)) = t.split_once(' ') else {
        return Err(problem(format!("`{}` is not a rule", text.trim()), hint));
    };
    let value: i32 = match n.trim().parse::<i32>() {
        Ok(v) if (-20..=20).contains(&v) && (n.starts_with('+') || n.starts_with('-')) => v,
        _ => {
            return Err(problem(
                format!("`{}`: `{n}` is not a change", text.trim()),
                "write a signed number from -20 to +20, e.g. +1",
            ));
        }
    };
    Ok(match word {
        "movement" => Rule::Movement(value),
        "speed" => Rule::Speed(value),
        "damage" => Rule::Damage(value),
        "accuracy" => Rule::Accuracy(value),
        _ => return Err(problem(format!("`{word}` is not a rule"), hint)),
    })
}

/// A rule a survivor status card puts on its holder: `evasion +N`, `accuracy +N`,
/// `speed +N`, `strength +N`, `movement +N` (each also `-N`), `not a threat`.
pub(crate) fn parse_survivor_rule(text: &str) -> Result<SurvivorRule, Problem> {
    let t = normalise(text);
    if t == "not a threat" {
        return Ok(SurvivorRule::NotAThreat);
    }
    let hint = "a status card's rules: evasion +N, accuracy +N, speed +N, strength +N, movement +N (or -N), not a threat";
    let known = ["evasion", "accuracy", "speed", "strength", "movement"];
    let Some((word, n)) = t.split_once(' ').filter(|(w, _)| known.contains(w)) else {
        return Err(problem(
            format!("`{}` is not a survivor's rule", text.trim()),
            hint,
        ));
    };
    let value: i32 = match n.trim().parse::<i32>() {
        Ok(v) if (-20..=20).contains(&v) && (n.starts_with('+') || n.starts_with('-')) => v,
        _ => {
            return Err(problem(
                format!("`{}`: `{n}` is not a change", text.trim()),
                "write a signed number from -20 to +20, e.g. +1",
            ));
        }
    };
    Ok(match word {
        "evasion" => SurvivorRule::Evasion(value),
        "accuracy" => SurvivorRule::Accuracy(value),
        "speed" => SurvivorRule::Speed(value),
        "strength" => SurvivorRule::Strength(value),
        "movement" => SurvivorRule::Movement(value),
        _ => return Err(problem(format!("`{word}` is not a survivor's rule"), hint)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_read_their_terms() {
        let c = parse_condition("closest threat, in field of view").unwrap();
        assert_eq!(c.choose, Choose::Closest);
        assert_eq!(c.filters, vec![Filter::Threat, Filter::InFieldOfView]);
        let c = parse_condition("most bleeding survivor in range (8)").unwrap();
        assert_eq!(c.choose, Choose::Most("bleeding".into()));
        assert_eq!(c.filters, vec![Filter::InRange(Some(8))]);
        assert!(parse_condition("closest random").is_err());
        assert!(
            parse_condition("nearest threat")
                .unwrap_err()
                .0
                .contains("nearest")
        );
    }

    /// `holding NAME` runs to the next comma or the end; the name keeps its spaces.
    #[test]
    fn holding_names_a_status_card_to_the_next_comma() {
        let c = parse_condition("closest survivor holding Musk Marked, in field of view").unwrap();
        assert_eq!(c.choose, Choose::Closest);
        assert_eq!(
            c.filters,
            vec![Filter::InFieldOfView, Filter::Holding("musk marked".into())]
        );
        assert_eq!(
            c.text,
            "closest survivor holding Musk Marked, in field of view"
        );
        let c = parse_condition("holding Dread").unwrap();
        assert_eq!(c.filters, vec![Filter::Holding("dread".into())]);
        assert!(parse_condition("closest holding").is_err());
        assert!(parse_condition("closest survivor holding , threat").is_err());
    }

    #[test]
    fn status_effects_guards_and_rules() {
        assert_eq!(
            parse_effect_line("give status Musk Marked").unwrap(),
            Effect::GiveStatus("musk marked".into())
        );
        assert_eq!(
            parse_step("remove status Dread").unwrap().action,
            Action::Effect(Effect::RemoveStatus("dread".into()))
        );
        assert!(parse_effect_line("give status").is_err());
        assert_eq!(
            parse_step("give 2 bleeding").unwrap().action,
            Action::Effect(Effect::Tokens("bleeding".into(), 2)),
            "a token is not a status"
        );
        assert_eq!(
            parse_step("if target holds Dread: flow").unwrap().guard,
            Some(Guard::Holds("dread".into()))
        );
        assert_eq!(
            parse_survivor_rule("evasion -1"),
            Ok(SurvivorRule::Evasion(-1))
        );
        assert_eq!(
            parse_survivor_rule("Accuracy +2"),
            Ok(SurvivorRule::Accuracy(2))
        );
        assert_eq!(
            parse_survivor_rule("not a threat"),
            Ok(SurvivorRule::NotAThreat)
        );
        for bad in [
            "evasion 1",
            "damage +1",
            "no draws",
            "speed +21",
            "strength",
        ] {
            assert!(parse_survivor_rule(bad).is_err(), "{bad}");
        }
        let s = StatusRules {
            rules: vec![SurvivorRule::Evasion(-1), SurvivorRule::NotAThreat],
            until: Release::KnockedDown,
        };
        assert_eq!(s.summary(), "evasion -1, not a threat");
        assert_eq!(s.until.told(), "until it is knocked down");
    }

    #[test]
    fn actions_and_profiles() {
        let s = parse_step("move & attack 2/6+/3").unwrap();
        assert_eq!(
            s.action,
            Action::Attack(
                Approach::Close,
                Attack {
                    profile: Profile {
                        speed: Amount {
                            base: 2,
                            per_token: 0
                        },
                        accuracy: 6,
                        damage: Amount {
                            base: 3,
                            per_token: 0
                        }
                    },
                    effects: vec![]
                }
            )
        );
        let s = parse_step("move into range 6 & attack 1+T/5+/1+2T").unwrap();
        let Action::Attack(Approach::Range(6), a) = s.action else {
            panic!()
        };
        assert_eq!(
            a.profile.speed,
            Amount {
                base: 1,
                per_token: 1
            }
        );
        assert_eq!(
            a.profile.damage,
            Amount {
                base: 1,
                per_token: 2
            }
        );
        let s = parse_step("if target knocked down: give 1 bleeding").unwrap();
        assert_eq!(s.guard, Some(Guard::KnockedDown));
        assert_eq!(
            s.action,
            Action::Effect(Effect::Tokens("bleeding".into(), 1))
        );
        assert!(parse_step("charge 3").is_err());
        assert!(parse_step("attack 0/6+/1").is_err());
        assert_eq!(
            parse_attack_effect("on hit: knock down").unwrap(),
            Some((Trigger::Hit, Effect::KnockDown))
        );
        assert_eq!(parse_rule("accuracy -1").unwrap(), Rule::Accuracy(-1));
        assert!(parse_rule("movement 2").is_err());
        let (name, _) = parse_injury("injury Broken Antler: attack 1/8+/1")
            .unwrap()
            .unwrap();
        assert_eq!(name, "Broken Antler");
    }
}

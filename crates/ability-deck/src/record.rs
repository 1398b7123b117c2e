//! What the players record on ability-deck boards (`monster-ai record BOARD ...`):
//! `curse [N]` — a character's curse shuffled into the monsters' attack-modifier deck —
//! and `bless [N]`, a blessing (N from 1 to 10, default 1; the deck holds at most ten of
//! each); `initiative aria=12 borin=45`, the characters' initiatives for the coming round
//! (`aria=12/40` adds a second card, which breaks ties between characters; `initiative
//! ID N [M]` gives one; `initiative keep` keeps last round's); `door CELL open` (also `monster-ai
//! door`), a character opening a door, which reveals the rooms behind it; `element
//! fire=strong ...`, the elements the characters infused or consumed; `attack CHARACTER
//! TARGET ATTACK CARD [pierce N] [CONDITION ...]`, a character's attack at the table,
//! landed as a monster's is (`blow`): +1 against a poisoned target, the card the player
//! drew, the shield less pierce, the conditions, and the target's retaliate.

use super::AbilityDecks;
use super::blow::{Blow, attack_on, land};
use super::calls::{INITIATIVE_RULE, check_call};
use super::compile::CardCondition;
use super::events::DeckEvent;
use super::modifiers::{Draw, MAX_BLESS_CURSE, Modifier, take_deck};
use super::round_calls::{coming_round, missing_for, record_command, under_way};
use super::state::{
    Called, initiatives, set_initiative, set_modifier_deck, set_next_initiative, set_recorded_for,
    tiebreaks,
};
use super::words::Record;
use crate::board::Fight;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::events::Event;
use crate::rules::world::World;
use crate::systems::Words;

/// Carries out `record BOARD WORD ...` on an ability-deck board.
pub(crate) fn record(
    world: &mut World,
    decks: &AbilityDecks,
    words: Words,
) -> Result<(), Diagnostic> {
    let (card, n) = match words.parse::<Record>()? {
        Record::Initiative { calls } => return record_initiative(world, &calls),
        Record::Drew { drawn } => return super::drawn::record_drew(world, decks, &drawn),
        Record::Element { elements } => {
            return super::element_play::record_elements(world, &elements);
        }
        Record::Door { cell, action } => {
            return super::rooms::open_door(world, decks, &cell, &action);
        }
        Record::Attack {
            attacker,
            target,
            attack,
            card,
            extras,
        } => {
            let attack = check_attack(world, attacker, target, attack, card, &extras)?;
            land_attack(world, decks, &attack);
            return Ok(());
        }
        Record::Curse { n } => (Modifier::Curse, n),
        Record::Bless { n } => (Modifier::Bless, n),
    };
    let what = card.label();
    let count = n.unwrap_or(1);
    let mut deck = take_deck(world);
    let held = deck.count(card);
    if held + count > MAX_BLESS_CURSE {
        return Err(Diagnostic::plain(format!(
            "the monsters' deck holds {held} {what} card(s): {count} more would pass {MAX_BLESS_CURSE}"
        ))
        .with_hint(format!(
            "add at most {}",
            MAX_BLESS_CURSE.saturating_sub(held)
        )));
    }
    for _ in 0..count {
        deck.add(card, world.rng());
    }
    set_modifier_deck(world, deck);
    world.emit(Event::system(DeckEvent::ModifiersAdded {
        card: card.label().to_string(),
        count,
        held: held + count,
    }));
    Ok(())
}

/// How `record initiative` is written, for hints.
const INITIATIVE_USAGE: &str = "write `record BOARD initiative aria=12 borin=45` (every character \
at once; `aria=12/40` adds a second card for ties), `record BOARD initiative ID N [M]`, or \
`record BOARD initiative keep`; initiatives run from 0 to 99";

/// `initiative ID=N[/M] ...` (any characters at once), `initiative ID N [M]` (one), or
/// `initiative keep` (every character keeps last round's): the initiatives of the coming
/// round — this one's before it is dealt, the next one's while it is under way.
fn record_initiative(world: &mut World, words: &[String]) -> Result<(), Diagnostic> {
    let calls = parse_calls(world, words)?;
    let round = coming_round(&world.fight().board);
    let later = under_way(world.fight());
    for (id, called) in calls {
        if later {
            set_next_initiative(world, &id, called);
        } else {
            set_initiative(world, &id, called.initiative, called.second);
        }
        set_recorded_for(world, &id, round);
        world.emit(Event::system(DeckEvent::InitiativeSet {
            creature: id,
            initiative: called.initiative,
            second: called.second,
            round,
        }));
    }
    let missing = missing_for(
        world.fight(),
        round,
        world.fight().board.turn_order.is_empty(),
    );
    if !missing.is_empty() {
        world.emit(Event::system(DeckEvent::InitiativesMissing {
            round,
            missing,
        }));
    }
    Ok(())
}

/// The characters and initiatives `words` give, every one checked: each a character of
/// the board, named once, with an initiative from 0 to 99.
fn parse_calls(world: &World, words: &[String]) -> Result<Vec<(String, Called)>, Diagnostic> {
    let fight = world.fight();
    let characters = fight.board.character_ids();
    if words.is_empty() {
        return Err(Diagnostic::plain("`record initiative`: whose initiatives?")
            .with_hint(INITIATIVE_USAGE));
    }
    if words.len() == 1 && words[0] == "keep" {
        return keep_calls(fight, &characters);
    }
    // The one-character form: `initiative ID N [M]`.
    if !words[0].contains('=') {
        let [id, rest @ ..] = words else {
            unreachable!("words is not empty")
        };
        let Some(first) = rest.first() else {
            return Err(Diagnostic::plain(format!(
                "`record initiative {id}`: at what initiative?"
            ))
            .with_hint(INITIATIVE_USAGE));
        };
        if rest.len() > 2 {
            return Err(Diagnostic::plain("`record initiative`: too many words")
                .with_hint(INITIATIVE_USAGE));
        }
        let id = character(&characters, id, 1)?;
        let initiative = number(first, 2)?;
        let second = rest.get(1).map(|w| number(w, 3)).transpose()?;
        let called = checked(fight, &id, Called { initiative, second }, 2)?;
        return Ok(vec![(id, called)]);
    }
    let mut calls: Vec<(String, Called)> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let at = i + 1;
        let Some((id, value)) = word.split_once('=') else {
            return Err(Diagnostic::plain(format!(
                "`record initiative`, word {at} `{word}`: give it as ID=N"
            ))
            .with_hint(INITIATIVE_USAGE));
        };
        let id = character(&characters, id, at)?;
        if calls.iter().any(|(known, _)| *known == id) {
            return Err(Diagnostic::plain(format!(
                "`record initiative`, word {at} `{word}`: {id}'s initiative is given twice"
            ))
            .with_hint("give each character once"));
        }
        if value.is_empty() {
            return Err(Diagnostic::plain(format!(
                "`record initiative`, word {at} `{word}`: the initiative is missing"
            ))
            .with_hint(INITIATIVE_USAGE));
        }
        let (first, second) = match value.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (value, None),
        };
        let initiative = number(first, at)?;
        let second = second.map(|w| number(w, at)).transpose()?;
        let called = checked(fight, &id, Called { initiative, second }, at)?;
        calls.push((id, called));
    }
    Ok(calls)
}

/// `keep`: every character keeps the initiative it holds (and its second card).
fn keep_calls(fight: &Fight, characters: &[String]) -> Result<Vec<(String, Called)>, Diagnostic> {
    let given = initiatives(fight);
    let seconds = tiebreaks(fight);
    let mut calls = Vec::new();
    let mut none = Vec::new();
    for id in characters {
        match given.get(id) {
            Some(&initiative) => calls.push((
                id.clone(),
                Called {
                    initiative,
                    second: seconds.get(id).copied(),
                },
            )),
            None => none.push(id.clone()),
        }
    }
    if !none.is_empty() {
        return Err(Diagnostic::plain(format!(
            "`record initiative keep`: {} no initiative to keep",
            if none.len() == 1 {
                format!("{} has", none[0])
            } else {
                format!("{} have", none.join(", "))
            }
        ))
        .with_hint(format!("record theirs: `{}`", record_command(&none))));
    }
    Ok(calls)
}

/// Word `at`'s character id: one of the board's characters.
fn character(characters: &[String], id: &str, at: usize) -> Result<String, Diagnostic> {
    if characters.iter().any(|c| c == id) {
        return Ok(id.to_string());
    }
    let ids: Vec<&str> = characters.iter().map(String::as_str).collect();
    let hint = match did_you_mean(id, &ids) {
        Some(g) => format!("did you mean `{g}`?"),
        None if ids.is_empty() => "the board has no characters".to_string(),
        None => format!("the board's characters are {}", ids.join(", ")),
    };
    Err(Diagnostic::plain(format!(
        "`record initiative`, word {at}: `{id}` is not a character on the board"
    ))
    .with_hint(hint))
}

/// Word `at`'s number (its range is [`check_call`]'s to say).
fn number(word: &str, at: usize) -> Result<u32, Diagnostic> {
    word.parse::<u32>().map_err(|_| {
        Diagnostic::plain(format!(
            "`record initiative`, word {at}: `{word}` is not an initiative"
        ))
        .with_hint(INITIATIVE_RULE)
    })
}

/// `called`, for character `id` (word `at`), when it keeps the rule a board's saved
/// initiatives keep too ([`check_call`]).
fn checked(fight: &Fight, id: &str, called: Called, at: usize) -> Result<Called, Diagnostic> {
    check_call(fight, id, called.initiative, called.second).map_err(|p| {
        Diagnostic::plain(format!("`record initiative`, word {at}: {}", p.message(id)))
            .with_hint(p.hint())
    })?;
    Ok(called)
}

/// How `record attack` is written, for hints.
const ATTACK_USAGE: &str = "write `record BOARD attack CHARACTER TARGET ATTACK CARD [pierce N] \
[CONDITION ...]`, e.g. `record BOARD attack vela bone-archer-1 3 +1 pierce 1 poison`: ATTACK \
as the character's card says (with its own bonuses), CARD the attack-modifier card drawn";

/// The character of `record attack` when it is the one acting (for the turn rule).
pub(crate) fn actor(words: Words) -> Option<String> {
    match words.parse::<Record>().ok()? {
        Record::Attack { attacker, .. } => Some(attacker),
        _ => None,
    }
}

/// A character's attack as recorded, every word checked.
struct Recorded {
    attacker: String,
    target: String,
    attack: i32,
    card: Modifier,
    pierce: u32,
    conditions: Vec<CardCondition>,
}

/// `attack CHARACTER TARGET ATTACK CARD [pierce N] [CONDITION ...]` as clap parsed it,
/// checked against the board: a creature of the players' side that can attack (not
/// stunned, not disarmed), an enemy of it, then pierce (1 to 20) and conditions given to
/// the target, each once.
fn check_attack(
    world: &World,
    attacker: String,
    target: String,
    attack: i32,
    card: Modifier,
    rest: &[String],
) -> Result<Recorded, Diagnostic> {
    let fight = world.fight();
    let creature = |id: &str, role: &str| {
        super::options::on_board(fight, id, || {
            format!("`record attack`: the {role} `{id}` is not on the board")
        })
    };
    let a = creature(&attacker, "attacker")?;
    let t = creature(&target, "target")?;
    let me = &fight.board.creatures[a];
    let name = me.display_name();
    if me.side != crate::board::Side::Players {
        return Err(Diagnostic::plain(format!(
            "`record attack`: {name} is a monster, and monsters attack on their own turns"
        ))
        .with_hint("the monsters' attacks are played by `next` and `turn`; record a character's"));
    }
    if me.side == fight.board.creatures[t].side {
        return Err(Diagnostic::plain(format!(
            "`record attack`: {} is on {name}'s side",
            fight.board.creatures[t].display_name()
        ))
        .with_hint("a character attacks its enemies; name a monster as the target"));
    }
    for (status, what) in [
        (crate::board::StatusKind::Stunned, "stunned"),
        (crate::board::StatusKind::Disarmed, "disarmed"),
    ] {
        if fight.has_status(a, status) {
            return Err(Diagnostic::plain(format!(
                "`record attack`: {name} is {what} and cannot attack"
            ))
            .with_hint(format!(
                "the condition ends with its turn; if the table says otherwise, take it off first: `monster-ai status BOARD {attacker} remove {what}`"
            )));
        }
    }
    let mut pierce = None;
    let mut conditions: Vec<CardCondition> = Vec::new();
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        if word == "pierce" {
            let n = words.next();
            let n = n
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| (1..=20).contains(n))
                .ok_or_else(|| {
                    Diagnostic::plain(format!(
                        "`record attack`: `pierce {}` needs a number from 1 to 20",
                        n.map_or("", String::as_str)
                    ))
                    .with_hint(ATTACK_USAGE)
                })?;
            if pierce.replace(n).is_some() {
                return Err(Diagnostic::plain("`record attack`: pierce is given twice")
                    .with_hint("give it once"));
            }
            continue;
        }
        let given: Vec<&str> = CardCondition::ALL
            .iter()
            .filter(|c| !c.is_blessing())
            .map(|c| c.word())
            .collect();
        let Some(c) = CardCondition::parse(word).filter(|c| !c.is_blessing()) else {
            let hint = match did_you_mean(word, &given) {
                Some(g) => format!("did you mean `{g}`?"),
                None => format!(
                    "after the card come `pierce N` and the conditions the attack gives: {}",
                    given.join(", ")
                ),
            };
            return Err(Diagnostic::plain(format!(
                "`record attack`: `{word}` is not something an attack gives"
            ))
            .with_hint(hint));
        };
        if conditions.contains(&c) {
            return Err(
                Diagnostic::plain(format!("`record attack`: {} is given twice", c.word()))
                    .with_hint("give each condition once"),
            );
        }
        conditions.push(c);
    }
    Ok(Recorded {
        attacker,
        target,
        attack,
        card,
        pierce: pierce.unwrap_or(0),
        conditions,
    })
}

/// Lands a recorded attack as a monster's lands (`blow`), then lets the target retaliate.
fn land_attack(world: &mut World, decks: &AbilityDecks, r: &Recorded) {
    let Some(t) = world.idx(&r.target) else {
        return;
    };
    let attack = attack_on(world, t, r.attack);
    let blow = Blow {
        attacker: &r.attacker,
        target: &r.target,
        pierce: r.pierce,
        conditions: &r.conditions,
    };
    let draw = Draw {
        drawn: vec![r.card],
        used: r.card,
        entered: false,
    };
    land(world, decks, &blow, attack, draw);
    crate::rules::retaliate::retaliate(world, &r.target, &r.attacker);
}

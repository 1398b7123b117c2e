//! Survivor status cards (seed 003): special cards a survivor holds, whose rules apply to
//! that survivor only. A level's specials give one to every survivor when the showdown
//! starts (the deck is built); an AI card gives or takes one (`give status NAME`), and so
//! do the players (`record give-status`). The survivor loses it as the card says (when
//! knocked down, when it wounds the monster, at the end of the next monster turn) or
//! keeps it. Held cards are kept in the system's state (`survivors.ID.status_cards`),
//! each with the type whose card it is.

use super::card::{Card, CardKind, Release, SurvivorRule};
use super::compile::{AiDecks, AiType};
use super::events::Fact;
use super::notes::note_fact;
use super::state::{self, AiState, HeldStatus, MAX_STATUS_CARDS, SurvivorFacts};
use crate::board::{Fight, Side};
use crate::io::diagnostic::did_you_mean;
use crate::rules::world::World;
use crate::systems::StateProblem;

/// The AI-deck monster types of the board's monster file, reached through the world.
pub(crate) fn decks<'a>(world: &World<'a>) -> Option<&'a AiDecks> {
    world
        .monsters_any()
        .and_then(|a| a.downcast_ref::<AiDecks>())
}

/// The status card a held card names, when the file still has it.
pub(crate) fn card_of<'d>(decks: &'d AiDecks, held: &HeldStatus) -> Option<&'d Card> {
    decks
        .get(&held.of)?
        .card(&held.card)
        .filter(|c| c.kind == CardKind::Status)
}

/// One rule in force on a survivor, with the card it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Held {
    /// The card's name.
    pub card: String,
    /// The rule.
    pub rule: SurvivorRule,
}

/// The rules the status cards a survivor holds put on it, card by card, in the order it
/// gained them.
pub(crate) fn rules(decks: &AiDecks, facts: &SurvivorFacts) -> Vec<Held> {
    facts
        .status_cards
        .iter()
        .filter_map(|h| card_of(decks, h))
        .flat_map(|c| {
            let rules = c
                .status
                .as_ref()
                .map(|s| s.rules.clone())
                .unwrap_or_default();
            rules.into_iter().map(|rule| Held {
                card: c.name.clone(),
                rule,
            })
        })
        .collect()
}

/// The changes one kind of rule makes, each with its card: `pick` takes the rule's number
/// when it is of that kind.
pub(crate) fn changes(
    held: &[Held],
    pick: impl Fn(SurvivorRule) -> Option<i32>,
) -> Vec<(i32, String)> {
    held.iter()
        .filter_map(|h| pick(h.rule).map(|n| (n, h.card.clone())))
        .collect()
}

/// Whether a survivor's status cards say it is not a threat.
pub(crate) fn not_a_threat(decks: &AiDecks, facts: &SurvivorFacts) -> bool {
    rules(decks, facts)
        .iter()
        .any(|h| h.rule == SurvivorRule::NotAThreat)
}

/// The survivors on the board, in board order.
fn survivors(fight: &Fight) -> Vec<String> {
    fight
        .board
        .creatures
        .iter()
        .filter(|c| c.side == Side::Players)
        .map(|c| c.id.clone())
        .collect()
}

/// Survivor `id` gains status card `card` of type `of` (`how`: why, for the narration).
/// When it already holds it, or holds as many as it may, nothing changes and the error
/// says why (the end of a sentence about the survivor).
pub(crate) fn give(
    world: &mut World,
    id: &str,
    card: &str,
    of: &str,
    how: &str,
) -> Result<(), String> {
    let mut st = state::read(world.fight());
    let facts = st.survivors.entry(id.to_string()).or_default();
    if facts.holds(card, of) {
        return Err(format!("already holds the status card \"{card}\""));
    }
    if facts.status_cards.len() >= MAX_STATUS_CARDS {
        return Err(format!(
            "holds {MAX_STATUS_CARDS} status cards, as many as a survivor may: it does not gain \"{card}\""
        ));
    }
    facts.status_cards.push(HeldStatus {
        card: card.to_string(),
        of: of.to_string(),
    });
    state::write(world, &st);
    let told = decks(world)
        .and_then(|d| {
            d.get(of)?
                .card(card)
                .and_then(|c| c.status.as_ref())
                .map(|s| {
                    let rules = s.summary();
                    match (rules.is_empty(), s.until.told()) {
                        (true, "") => String::new(),
                        (true, until) => format!(" ({until})"),
                        (false, "") => format!(" ({rules})"),
                        (false, until) => format!(" ({rules}, {until})"),
                    }
                })
        })
        .unwrap_or_default();
    let fact = Fact::StatusGained {
        card: card.to_string(),
        of: of.to_string(),
    };
    note_fact(
        world,
        id,
        format!("gains the status card \"{card}\"{told}{how}"),
        Some(fact),
    );
    Ok(())
}

/// Survivor `id` loses status card `card` of type `of` (`why`: the end of the narration,
/// "" or ": it is knocked down"). Returns false when it did not hold it.
pub(crate) fn take(world: &mut World, id: &str, card: &str, of: &str, why: &str) -> bool {
    let mut st = state::read(world.fight());
    let Some(facts) = st.survivors.get_mut(id).filter(|f| f.holds(card, of)) else {
        return false;
    };
    facts
        .status_cards
        .retain(|h| !(h.card == card && h.of == of));
    state::write(world, &st);
    let fact = Fact::StatusLost {
        card: card.to_string(),
        of: of.to_string(),
    };
    note_fact(
        world,
        id,
        format!("loses the status card \"{card}\"{why}"),
        Some(fact),
    );
    true
}

/// Whether some type of the file has a status card lost on `release`: when none has,
/// nobody holds one and the state need not be read.
fn any_lost_on(decks: &AiDecks, release: Release) -> bool {
    decks.types.iter().any(|t| {
        t.cards
            .iter()
            .any(|c| c.status.as_ref().is_some_and(|s| s.until == release))
    })
}

/// The cards survivor `id` holds (in `st`) that it loses on `release` (of type `of` only,
/// when given).
fn held_in(
    decks: &AiDecks,
    st: &AiState,
    id: &str,
    release: Release,
    of: Option<&str>,
) -> Vec<HeldStatus> {
    st.survivors
        .get(id)
        .map(|f| {
            f.status_cards
                .iter()
                .filter(|h| of.is_none_or(|o| h.of == o))
                .filter(|h| {
                    card_of(decks, h)
                        .and_then(|c| c.status.as_ref())
                        .is_some_and(|s| s.until == release)
                })
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// The cards survivor `id` holds now that it loses on `release` (of type `of` only, when
/// given).
fn held_with(world: &World, id: &str, release: Release, of: Option<&str>) -> Vec<HeldStatus> {
    match decks(world) {
        Some(decks) if any_lost_on(decks, release) => {
            held_in(decks, &state::read(world.fight()), id, release, of)
        }
        _ => Vec::new(),
    }
}

/// Survivor `id` loses the cards it keeps only until `release` (of type `of` only, when
/// given); `why` ends each note.
pub(crate) fn release(world: &mut World, id: &str, release: Release, of: Option<&str>, why: &str) {
    for h in held_with(world, id, release, of) {
        take(world, id, &h.card, &h.of, why);
    }
}

/// The cards of type `t` that last until the end of a monster turn, held now: those held
/// before a turn of the type begins are lost when it ends.
pub(crate) fn held_for_a_turn(world: &World, t: &AiType) -> Vec<(String, HeldStatus)> {
    let Some(decks) = decks(world).filter(|d| any_lost_on(d, Release::MonsterTurn)) else {
        return Vec::new();
    };
    let st = state::read(world.fight());
    survivors(world.fight())
        .into_iter()
        .flat_map(|id| {
            held_in(decks, &st, &id, Release::MonsterTurn, Some(&t.name))
                .into_iter()
                .map(move |h| (id.clone(), h))
        })
        .collect()
}

/// At the end of a turn of a type's monsters: the survivors lose the cards in `held` (held
/// before the turn began), unless they gained them again during it (still held, and given
/// since event `mark`).
pub(crate) fn end_of_turn(world: &mut World, held: &[(String, HeldStatus)], mark: usize) {
    for (id, h) in held {
        let again = world.events()[mark.min(world.events().len())..]
            .iter()
            .filter_map(|e| e.system_event::<super::events::AiEvent>())
            .any(|e| e.gives_status(id, &h.card, &h.of));
        if !again {
            take(
                world,
                id,
                &h.card,
                &h.of,
                ": the monster turn after it gained it is over",
            );
        }
    }
}

/// When a type's deck is built (the showdown starts): every survivor on the board gains
/// the status cards among the level's specials.
pub(crate) fn start(world: &mut World, t: &AiType, level: u32) {
    let Some(recipe) = super::deck::recipe(t, level) else {
        return;
    };
    let cards: Vec<String> = recipe
        .specials
        .iter()
        .filter(|n| t.card(n).is_some_and(|c| c.kind == CardKind::Status))
        .cloned()
        .collect();
    for card in cards {
        for id in survivors(world.fight()) {
            let how = ": every survivor holds it from the start of the showdown";
            if let Err(why) = give(world, &id, &card, &t.name, how) {
                note_fact(world, &id, why, None);
            }
        }
    }
}

/// A held card's words for `show`: its name, then its rules and when it goes.
pub(crate) fn shown(decks: &AiDecks, h: &HeldStatus) -> String {
    let Some(s) = card_of(decks, h).and_then(|c| c.status.as_ref()) else {
        return h.card.clone();
    };
    let mut parts = Vec::new();
    let rules = s.summary();
    if !rules.is_empty() {
        parts.push(rules);
    }
    if !s.until.told().is_empty() {
        parts.push(s.until.told().to_string());
    }
    if parts.is_empty() {
        h.card.clone()
    } else {
        format!("{} ({})", h.card, parts.join(", "))
    }
}

/// The status cards of the file named `name` (any case), with their types; `of` narrows
/// them to one type.
pub(crate) fn named(decks: &AiDecks, name: &str, of: Option<&str>) -> Vec<HeldStatus> {
    decks
        .types
        .iter()
        .filter(|t| of.is_none_or(|o| t.name == o))
        .flat_map(|t| {
            t.cards
                .iter()
                .filter(|c| c.kind == CardKind::Status && c.name.eq_ignore_ascii_case(name))
                .map(|c| HeldStatus {
                    card: c.name.clone(),
                    of: t.name.clone(),
                })
        })
        .collect()
}

/// Every status card of the file, for hints.
pub(crate) fn all_names(decks: &AiDecks) -> Vec<String> {
    decks
        .types
        .iter()
        .flat_map(|t| {
            t.cards
                .iter()
                .filter(|c| c.kind == CardKind::Status)
                .map(|c| c.name.clone())
        })
        .collect()
}

/// The problems with the status cards the survivors hold in `state`: each names a type
/// of the file and a status card of it, at most once, and a survivor holds at most
/// [`MAX_STATUS_CARDS`].
pub(crate) fn check(state: &AiState, decks: &AiDecks) -> Vec<StateProblem> {
    let mut problems = Vec::new();
    for (id, s) in &state.survivors {
        if s.status_cards.len() > MAX_STATUS_CARDS {
            problems.push(StateProblem::hinted(
                format!("survivors.{id}.status_cards"),
                format!("{} status cards is too many", s.status_cards.len()),
                &format!("a survivor holds at most {MAX_STATUS_CARDS}"),
            ));
        }
        for (i, h) in s.status_cards.iter().enumerate() {
            let at = |field: &str| format!("survivors.{id}.status_cards[{i}].{field}");
            let Some(t) = decks.get(&h.of) else {
                let types: Vec<&str> = decks.types.iter().map(|t| t.name.as_str()).collect();
                let hint = match did_you_mean(&h.of, &types) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!(
                        "name an AI-deck type of the monster file: {}",
                        types.join(", ")
                    ),
                };
                problems.push(StateProblem::hinted(
                    at("of"),
                    format!("there is no AI-deck monster type `{}`", h.of),
                    &hint,
                ));
                continue;
            };
            match t.card(&h.card) {
                Some(c) if c.kind == CardKind::Status => {}
                Some(c) => problems.push(StateProblem::hinted(
                    at("card"),
                    format!(
                        "`{}` is a {} card, not a survivor status card",
                        h.card,
                        c.kind.word()
                    ),
                    "a survivor holds only cards with type = \"status\"",
                )),
                None => {
                    let names: Vec<&str> = t
                        .cards
                        .iter()
                        .filter(|c| c.kind == CardKind::Status)
                        .map(|c| c.name.as_str())
                        .collect();
                    let hint = match did_you_mean(&h.card, &names) {
                        Some(g) => format!("did you mean `{g}`?"),
                        None if names.is_empty() => {
                            format!("`{}` has no survivor status cards", t.name)
                        }
                        None => format!("`{}`'s status cards: {}", t.name, names.join(", ")),
                    };
                    problems.push(StateProblem::hinted(
                        at("card"),
                        format!("`{}` has no status card `{}`", t.name, h.card),
                        &hint,
                    ));
                }
            }
            if s.status_cards[..i].contains(h) {
                problems.push(StateProblem::hinted(
                    format!("survivors.{id}.status_cards[{i}]"),
                    format!("`{id}` holds `{}` twice", h.card),
                    "a survivor holds each status card once",
                ));
            }
        }
    }
    problems
}

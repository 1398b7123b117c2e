//! What the players record between monster turns (`monster-ai record BOARD WHAT ...`):
//! wounds and Life healing, persistent injuries, deck manipulation, a monster's facing,
//! and the survivors' facts the pick-target terms read. The words are declared and
//! parsed in `words.rs`; here every one is checked against the board before anything
//! changes.

use super::compile::{AiDecks, AiType};
use super::notes::note;
use super::state;
use super::status;
use super::survivor_attack;
use super::survivor_hits;
use super::turn::ensure_deck;
use super::words::Record;
use super::wounding::{wound, wounded_by};
use crate::board::Side;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::world::World;
use crate::systems::Words;

/// The survivor who acts in a record, when the words name one: the attacker of `attack
/// SURVIVOR ...`, the survivor of `wound MONSTER --by SURVIVOR` (for the turn rule).
pub(crate) fn actor(words: Words) -> Option<String> {
    match words.parse::<Record>().ok()? {
        Record::Attack { survivor, .. } => Some(survivor),
        Record::Wound { by, .. } => by,
        _ => None,
    }
}

/// Checks the words against the board, then makes the change.
pub(crate) fn record(decks: &AiDecks, world: &mut World, words: Words) -> Result<(), Diagnostic> {
    match words.parse::<Record>()? {
        Record::Wound { monster: m, by } => {
            let t = monster(decks, world, &m)?;
            if let Some(s) = &by {
                survivor(world, s)?;
            }
            wound(world, t, &m, by.as_deref());
            if let Some(s) = &by {
                wounded_by(world, t, &m, s);
            }
        }
        Record::Attack {
            survivor: s,
            monster: m,
            weapon,
        } => {
            survivor(world, &s)?;
            let t = monster(decks, world, &m)?;
            if let Some(refused) = knocked_down(decks, world, &s, "attack") {
                return Err(refused);
            }
            ensure_deck(world, t);
            survivor_attack::attack(world, t, &s, &m, weapon);
        }
        Record::Heal { monster: m, n } => heal(world, monster(decks, world, &m)?, &m, n)?,
        Record::Injury { monster: m, name } => {
            injury(world, monster(decks, world, &m)?, &m, &name, true)?;
        }
        Record::HealInjury { monster: m, name } => {
            injury(world, monster(decks, world, &m)?, &m, &name, false)?;
        }
        Record::LeavePlay { monster: m, card } => {
            leave_play(world, monster(decks, world, &m)?, &m, &card)?;
        }
        Record::Bury { monster: m } => bury(world, monster(decks, world, &m)?, &m)?,
        Record::Facing { monster: m, facing } => {
            monster(decks, world, &m)?;
            let mut st = state::read(world.fight());
            st.monsters.entry(m.clone()).or_default().facing = facing;
            state::write(world, &st);
            note(world, &m, format!("now faces {}", facing.word()));
        }
        Record::KnockDown { survivor: s } => {
            survivor(world, &s)?;
            knock_down(decks, world, &s);
        }
        Record::GiveStatus {
            survivor: who,
            card,
            of,
        } => give_status(decks, world, &who, &card, of.as_deref())?,
        Record::RemoveStatus {
            survivor: who,
            card,
        } => {
            survivor(world, &who)?;
            remove_status(world, &who, &card)?;
        }
        Record::Dead { survivor: s } => {
            survivor(world, &s)?;
            note(world, &s, "dies, as the players record");
            world.die(&s);
        }
        Record::Stand { survivor: s } => {
            survivor(world, &s)?;
            stand(world, &s)?;
        }
        Record::Deaf { survivor: s } => {
            survivor(world, &s)?;
            hearing(world, &s, true)?;
        }
        Record::Hear { survivor: s } => {
            survivor(world, &s)?;
            hearing(world, &s, false)?;
        }
        Record::Token {
            survivor: s,
            kind,
            change,
        } => {
            survivor(world, &s)?;
            token(world, &s, &kind, change)?;
        }
        Record::Evasion { survivor: s, n } => {
            survivor(world, &s)?;
            let n = n as i32;
            let mut st = state::read(world.fight());
            st.survivors.entry(s.clone()).or_default().evasion = n;
            state::write(world, &st);
            note(world, &s, format!("has evasion {n}"));
        }
        Record::Level { n } => level(world, n as u32)?,
    }
    Ok(())
}

/// Monster `id` of the board, an AI-deck monster: its type.
fn monster<'d>(decks: &'d AiDecks, world: &World, id: &str) -> Result<&'d AiType, Diagnostic> {
    let Some(i) = world.idx(id) else {
        return Err(
            Diagnostic::plain(format!("there is no creature `{id}` on the board"))
                .with_hint("use the id of an AI-deck monster on the board"),
        );
    };
    world.fight().board.creatures[i]
        .kind
        .as_deref()
        .and_then(|k| decks.get(k))
        .ok_or_else(|| {
            Diagnostic::plain(format!("`{id}` is not an AI-deck monster"))
                .with_hint("name a monster whose type the monster file defines")
        })
}

/// Creature `id` of the board is a survivor (of the players' side).
fn survivor(world: &World, id: &str) -> Result<(), Diagnostic> {
    match world.idx(id) {
        Some(i) if world.fight().board.creatures[i].side == Side::Players => Ok(()),
        Some(_) => Err(Diagnostic::plain(format!("`{id}` is not a survivor"))
            .with_hint("name a creature of the players' side")),
        None => Err(
            Diagnostic::plain(format!("there is no creature `{id}` on the board"))
                .with_hint("use a survivor's id"),
        ),
    }
}

/// `heal MONSTER N`: monster `m` (of type `t`) heals `n` Life, up to its start.
fn heal(world: &mut World, t: &AiType, m: &str, n: i64) -> Result<(), Diagnostic> {
    let n = n as u32;
    ensure_deck(world, t);
    let mut st = state::read(world.fight());
    let entry = st.monsters.entry(m.to_string()).or_default();
    let (Some(life), Some(start)) = (entry.life, entry.life_start) else {
        return Err(
            Diagnostic::plain(format!("`{m}` has no Life trait, so it cannot heal Life"))
                .with_hint("only monsters whose level gives `life` heal"),
        );
    };
    let now = life.saturating_add(n).min(start);
    entry.life = Some(now);
    state::write(world, &st);
    note(
        world,
        m,
        format!("heals {} Life: {now} of {start}", now - life),
    );
    Ok(())
}

/// `leave-play MONSTER CARD`: a card of monster `m` (of type `t`) in play goes to the
/// discard pile.
fn leave_play(world: &mut World, t: &AiType, m: &str, card: &[String]) -> Result<(), Diagnostic> {
    let name = card.join(" ");
    ensure_deck(world, t);
    let mut st = state::read(world.fight());
    let deck = st.decks.entry(t.name.clone()).or_default();
    if !deck.in_play.contains(&name) {
        let hint = if deck.in_play.is_empty() {
            "no card is in play".to_string()
        } else {
            format!("in play: {}", deck.in_play.join(", "))
        };
        return Err(Diagnostic::plain(format!("`{name}` is not in play")).with_hint(hint));
    }
    deck.in_play.retain(|n| *n != name);
    deck.discard.push(name.clone());
    state::write(world, &st);
    note(
        world,
        m,
        format!("\"{name}\" leaves play for the discard pile"),
    );
    Ok(())
}

/// `bury MONSTER`: the top card of the deck of monster `m` (of type `t`) goes to the
/// bottom, unless a card lies face up on it.
fn bury(world: &mut World, t: &AiType, m: &str) -> Result<(), Diagnostic> {
    ensure_deck(world, t);
    let mut st = state::read(world.fight());
    let deck = st.decks.entry(t.name.clone()).or_default();
    if let Some(f) = &deck.face_up {
        let why = format!(
            "the top AI card stays: \"{}\" lies face up on the deck, so effects that move its cards are ignored",
            f.card
        );
        note(world, m, why);
        return Ok(());
    }
    if deck.deck.is_empty() {
        return Err(Diagnostic::plain(format!("`{m}`'s AI deck is empty"))
            .with_hint("there is no top card to move"));
    }
    let top = deck.deck.remove(0);
    deck.deck.push(top);
    state::write(world, &st);
    note(world, m, "its top AI card goes to the bottom of the deck");
    Ok(())
}

/// `knock-down SURVIVOR`: survivor `s` is knocked down (again, while down).
fn knock_down(decks: &AiDecks, world: &mut World, s: &str) {
    let again = state::read(world.fight())
        .survivors
        .get(s)
        .is_some_and(|f| f.knocked_down);
    let when = survivor_hits::stands_when(world.fight(), &|k| decks.get(k).is_some());
    let how = if again {
        format!("is knocked down again while down: it stands {when}")
    } else {
        format!("is knocked down: it stands {when}")
    };
    survivor_hits::knock_down(world, s, &how);
}

/// `give-status SURVIVOR CARD [--of TYPE]`: survivor `who` gains a status card.
fn give_status(
    decks: &AiDecks,
    world: &mut World,
    who: &str,
    card: &[String],
    of: Option<&str>,
) -> Result<(), Diagnostic> {
    let name = card.join(" ");
    if name.trim().is_empty() {
        return Err(
            Diagnostic::plain("`give-status` takes SURVIVOR and the status card's name")
                .with_hint("write `record BOARD give-status SURVIVOR CARD [--of TYPE]`"),
        );
    }
    survivor(world, who)?;
    let card = status_card(decks, &name, of)?;
    let held = state::read(world.fight())
        .survivors
        .get(who)
        .cloned()
        .unwrap_or_default();
    if held.holds(&card.card, &card.of) {
        return Err(Diagnostic::plain(format!(
            "`{who}` already holds the status card \"{}\"",
            card.card
        ))
        .with_hint("a survivor holds each status card once"));
    }
    let how = ", as the players record";
    status::give(world, who, &card.card, &card.of, how).map_err(|why| {
        Diagnostic::plain(format!("`{who}` {why}"))
            .with_hint("remove one first with `remove-status`")
    })?;
    Ok(())
}

/// `remove-status SURVIVOR CARD`: survivor `who` loses a status card.
fn remove_status(world: &mut World, who: &str, card: &[String]) -> Result<(), Diagnostic> {
    let name = card.join(" ");
    let held = state::read(world.fight())
        .survivors
        .get(who)
        .map(|f| f.status_cards.clone())
        .unwrap_or_default();
    let Some(card) = held
        .iter()
        .find(|h| h.card.eq_ignore_ascii_case(name.trim()))
        .cloned()
    else {
        let hint = if held.is_empty() {
            format!("`{who}` holds no status card")
        } else {
            let names: Vec<&str> = held.iter().map(|h| h.card.as_str()).collect();
            format!("`{who}` holds: {}", names.join(", "))
        };
        return Err(
            Diagnostic::plain(format!("`{who}` holds no status card `{}`", name.trim()))
                .with_hint(hint),
        );
    };
    status::take(world, who, &card.card, &card.of, ", as the players record");
    Ok(())
}

/// `stand SURVIVOR`: knocked-down survivor `s` stands up.
fn stand(world: &mut World, s: &str) -> Result<(), Diagnostic> {
    let mut st = state::read(world.fight());
    let facts = st.survivors.entry(s.to_string()).or_default();
    if !facts.knocked_down {
        return Err(Diagnostic::plain(format!("`{s}` is not knocked down"))
            .with_hint("only a knocked-down survivor stands up"));
    }
    facts.knocked_down = false;
    state::write(world, &st);
    note(world, s, "stands up");
    Ok(())
}

/// `level N`: the showdown's level, before the decks are built.
fn level(world: &mut World, n: u32) -> Result<(), Diagnostic> {
    let mut st = state::read(world.fight());
    if !st.decks.is_empty() {
        return Err(Diagnostic::plain("the AI decks are already built")
            .with_hint("set the level before the first monster turn"));
    }
    st.level = n;
    state::write(world, &st);
    let first = world
        .fight()
        .board
        .creatures
        .first()
        .map(|c| c.id.clone())
        .unwrap_or_default();
    note(world, &first, format!("the showdown is now level {n}"));
    Ok(())
}

/// `injury MONSTER NAME` (`suffers`) or `heal-injury MONSTER NAME`: a persistent injury of
/// monster `id` (of type `t`) comes into play or leaves it.
fn injury(
    world: &mut World,
    t: &AiType,
    id: &str,
    name: &[String],
    suffers: bool,
) -> Result<(), Diagnostic> {
    let name = name.join(" ");
    state::name_problem(&name).map_err(|e| {
        Diagnostic::plain(format!("the injury's name {e}"))
            .with_hint("name the persistent injury in a few words")
    })?;
    ensure_deck(world, t);
    let mut st = state::read(world.fight());
    let deck = st.decks.entry(t.name.clone()).or_default();
    if suffers {
        if deck.injuries.contains(&name) {
            return Err(Diagnostic::plain(format!("`{name}` is already in play"))
                .with_hint("each persistent injury is recorded once"));
        }
        if deck.injuries.len() >= state::MAX_INJURIES {
            return Err(Diagnostic::plain(format!(
                "`{}` already suffers {} persistent injuries",
                t.name,
                state::MAX_INJURIES
            ))
            .with_hint("heal one first with `heal-injury`"));
        }
        deck.injuries.push(name.clone());
    } else if !deck.injuries.contains(&name) {
        return Err(
            Diagnostic::plain(format!("`{name}` is not in play")).with_hint(format!(
                "the injuries in play: {}",
                deck.injuries.join(", ")
            )),
        );
    } else {
        deck.injuries.retain(|n| *n != name);
    }
    state::write(world, &st);
    let verb = if suffers {
        "now suffers"
    } else {
        "no longer suffers"
    };
    note(
        world,
        id,
        format!("{verb} the persistent injury \"{name}\""),
    );
    Ok(())
}

/// `deaf SURVIVOR` (`deaf`) or `hear SURVIVOR`.
fn hearing(world: &mut World, id: &str, deaf: bool) -> Result<(), Diagnostic> {
    survivor(world, id)?;
    let mut st = state::read(world.fight());
    st.survivors.entry(id.to_string()).or_default().deaf = deaf;
    state::write(world, &st);
    note(world, id, if deaf { "is deaf" } else { "hears again" });
    Ok(())
}

/// `token SURVIVOR KIND CHANGE`: survivor `id` gains or loses tokens of `kind`.
fn token(world: &mut World, id: &str, kind: &str, change: i64) -> Result<(), Diagnostic> {
    let kind = kind.to_ascii_lowercase();
    if kind.is_empty() || kind.contains(char::is_whitespace) {
        return Err(Diagnostic::plain(format!("`{kind}` is not a token name"))
            .with_hint("name the token in one word, e.g. bleeding"));
    }
    state::name_problem(&kind).map_err(|e| {
        Diagnostic::plain(format!("the token's name {e}"))
            .with_hint("name the token in one word, e.g. bleeding")
    })?;
    let mut st = state::read(world.fight());
    let s = st.survivors.entry(id.to_string()).or_default();
    if !s.tokens.contains_key(&kind) && s.tokens.len() >= state::MAX_TOKEN_KINDS {
        return Err(Diagnostic::plain(format!(
            "`{id}` already holds {} kinds of tokens",
            state::MAX_TOKEN_KINDS
        ))
        .with_hint("record a kind it already holds, or take one kind away first"));
    }
    let now = (i64::from(s.tokens(&kind)) + change).clamp(0, i64::from(state::MAX_SURVIVOR_TOKENS))
        as u32;
    if now == 0 {
        s.tokens.remove(&kind);
    } else {
        s.tokens.insert(kind.clone(), now);
    }
    state::write(world, &st);
    note(
        world,
        id,
        format!("has {now} {kind} token{}", if now == 1 { "" } else { "s" }),
    );
    Ok(())
}

/// Why survivor `id` may not `act` ("attack", "move") now: it lies knocked down, and the
/// message says when it stands. `None` when it may.
pub(crate) fn knocked_down(
    decks: &AiDecks,
    world: &World,
    id: &str,
    act: &str,
) -> Option<Diagnostic> {
    knocked_down_in(decks, world.fight(), id, act)
}

/// [`knocked_down`] on a fight.
pub(crate) fn knocked_down_in(
    decks: &AiDecks,
    fight: &crate::board::Fight,
    id: &str,
    act: &str,
) -> Option<Diagnostic> {
    if !state::read(fight)
        .survivors
        .get(id)
        .is_some_and(|f| f.knocked_down)
    {
        return None;
    }
    let when = survivor_hits::stands_when(fight, &|k| decks.get(k).is_some());
    let name = fight
        .index_of(id)
        .map_or(id, |i| fight.board.creatures[i].display_name());
    Some(
        Diagnostic::plain(format!(
            "{name} is knocked down and cannot {act} until it stands up, {when}"
        ))
        .with_hint(if act == "move" {
            format!(
                "if a rule stands it up sooner, record it first (`record BOARD stand {id}`); a monster's knockback moves it with `move --place`"
            )
        } else {
            format!(
                "if a rule stands it up sooner, record it first: `record BOARD stand {id}`"
            )
        }),
    )
}

/// The status card `name` (any case) of the file, of type `of` when given; the error
/// names the cards there are.
fn status_card(
    decks: &AiDecks,
    name: &str,
    of: Option<&str>,
) -> Result<state::HeldStatus, Diagnostic> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(kind) = of
        && decks.get(kind).is_none()
    {
        return Err(
            Diagnostic::plain(format!("there is no AI-deck monster type `{kind}`"))
                .with_hint("name a type of the monster file after --of"),
        );
    }
    let found = status::named(decks, &name, of);
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => {
            let all = status::all_names(decks);
            let names: Vec<&str> = all.iter().map(String::as_str).collect();
            let hint = match did_you_mean(&name, &names) {
                Some(g) => format!("did you mean `{g}`?"),
                None if all.is_empty() => {
                    "the monster file has no survivor status cards (type = \"status\")".into()
                }
                None => format!("the status cards: {}", all.join(", ")),
            };
            Err(
                Diagnostic::plain(format!("there is no survivor status card `{name}`"))
                    .with_hint(hint),
            )
        }
        several => {
            let types: Vec<&str> = several.iter().map(|h| h.of.as_str()).collect();
            Err(Diagnostic::plain(format!(
                "several monster types have a status card `{name}`: {}",
                types.join(", ")
            ))
            .with_hint("say whose with `--of TYPE`"))
        }
    }
}

//! What the players record between monster turns (`monster-ai record BOARD WHAT ...`):
//! wounds and Life healing, persistent injuries, deck manipulation, a monster's facing,
//! and the survivors' facts the pick-target terms read. Every word is checked before
//! anything changes.

use super::compile::{AiDecks, AiType};

use super::notes::note;
use super::state::{self, Facing};
use super::status;
use super::survivor_attack::{self, Weapon};
use super::survivor_hits;
use super::turn::ensure_deck;
use super::wounding::{wound, wounded_by};
use crate::board::Side;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::systems::{RecordWord, record_usage};

/// The words AI-deck boards take in `monster-ai record`.
pub(crate) const RECORD_WORDS: &[RecordWord] = &[
    word(
        "wound",
        "MONSTER [--by SURVIVOR]",
        "a survivor wounded the monster (a card to the wound stack, or 1 Life)",
    ),
    word(
        "attack",
        "SURVIVOR MONSTER SPEED/ACCURACY+/STRENGTH",
        "a survivor attacks: to-hit dice, then a wound roll per hit",
    ),
    word(
        "heal",
        "MONSTER N",
        "the monster heals N Life (up to its start)",
    ),
    word(
        "injury",
        "MONSTER NAME",
        "the monster suffers a persistent injury",
    ),
    word(
        "heal-injury",
        "MONSTER NAME",
        "a persistent injury is healed",
    ),
    word(
        "bury",
        "MONSTER",
        "the top card of the monster's deck is buried",
    ),
    word(
        "leave-play",
        "MONSTER CARD",
        "a card in play leaves it for the discard pile",
    ),
    word(
        "facing",
        "MONSTER north|east|south|west",
        "the monster turns to face that way",
    ),
    word("knock-down", "SURVIVOR", "a survivor is knocked down"),
    word(
        "dead",
        "SURVIVOR",
        "a survivor dies (the players decide it)",
    ),
    word("stand", "SURVIVOR", "a knocked-down survivor stands up"),
    word(
        "give-status",
        "SURVIVOR CARD [--of TYPE]",
        "a survivor gains a survivor status card",
    ),
    word(
        "remove-status",
        "SURVIVOR CARD",
        "a survivor loses a survivor status card",
    ),
    word("deaf", "SURVIVOR", "a survivor is deafened"),
    word("hear", "SURVIVOR", "a survivor can hear again"),
    word(
        "token",
        "SURVIVOR KIND CHANGE",
        "a survivor gains or loses tokens (+1, -2)",
    ),
    word("evasion", "SURVIVOR N", "a survivor's evasion"),
    word("level", "N", "the showdown's level"),
];

const fn word(word: &'static str, args: &'static str, help: &'static str) -> RecordWord {
    RecordWord { word, args, help }
}

fn bad(msg: impl Into<String>) -> Diagnostic {
    Diagnostic::plain(msg).with_hint(format!("write one of: {}", record_usage(RECORD_WORDS)))
}

/// The survivor who acts in a record, when the words name one: the attacker of `attack
/// SURVIVOR ...`, the survivor of `wound MONSTER --by SURVIVOR` (for the turn rule).
pub(crate) fn actor(words: &[String]) -> Option<String> {
    match words {
        [w, survivor, ..] if w == "attack" => Some(survivor.clone()),
        [w, _, flag, survivor] if w == "wound" && flag == "--by" => Some(survivor.clone()),
        _ => None,
    }
}

/// Checks the words against the board, then makes the change.
pub(crate) fn record(
    decks: &AiDecks,
    world: &mut World,
    words: &[String],
) -> Result<(), Diagnostic> {
    let Some((what, args)) = words.split_first() else {
        return Err(bad("say what to record"));
    };
    let what = what.as_str();
    let whats: Vec<&str> = RECORD_WORDS.iter().map(|w| w.word).collect();
    if !whats.contains(&what) {
        let hint = match did_you_mean(what, &whats) {
            Some(g) => format!("did you mean `{g}`?"),
            None => format!("write one of: {}", record_usage(RECORD_WORDS)),
        };
        return Err(
            Diagnostic::plain(format!("`{what}` is not something to record")).with_hint(hint),
        );
    }
    let arity = |n: usize| -> Result<(), Diagnostic> {
        if args.len() == n {
            Ok(())
        } else {
            Err(bad(format!(
                "`{what}` takes {n} argument{}, not {}",
                plural(n),
                args.len()
            )))
        }
    };
    let monster = |id: &str| -> Result<&AiType, Diagnostic> {
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
    };
    let survivor = |id: &str| -> Result<(), Diagnostic> {
        match world.idx(id) {
            Some(i) if world.fight().board.creatures[i].side == Side::Players => Ok(()),
            Some(_) => Err(Diagnostic::plain(format!("`{id}` is not a survivor"))
                .with_hint("name a creature of the players' side")),
            None => Err(
                Diagnostic::plain(format!("there is no creature `{id}` on the board"))
                    .with_hint("use a survivor's id"),
            ),
        }
    };
    let number = |text: &str, lo: i64, max: i64| -> Result<i64, Diagnostic> {
        match text.parse::<i64>() {
            Ok(n) if (lo..=max).contains(&n) => Ok(n),
            _ => Err(
                Diagnostic::plain(format!("`{text}` is not a number from {lo} to {max}"))
                    .with_hint(format!("write a whole number for `{what}`")),
            ),
        }
    };
    match what {
        "wound" => {
            let by = match args {
                [m] => (m, None),
                [m, flag, s] if flag == "--by" => (m, Some(s.clone())),
                _ => {
                    return Err(bad(
                        "`wound` takes MONSTER, optionally followed by `--by SURVIVOR`",
                    ));
                }
            };
            let t = monster(by.0)?;
            if let Some(s) = &by.1 {
                survivor(s)?;
            }
            wound(world, t, by.0, by.1.as_deref());
            if let Some(s) = &by.1 {
                wounded_by(world, t, by.0, s);
            }
        }
        "attack" => {
            arity(3)?;
            survivor(&args[0])?;
            let t = monster(&args[1])?;
            if let Some(refused) = knocked_down(decks, world, &args[0], "attack") {
                return Err(refused);
            }
            let weapon = Weapon::parse(&args[2]).map_err(|e| {
                Diagnostic::plain(e)
                    .with_hint("write the weapon profile as SPEED/ACCURACY+/STRENGTH, e.g. 2/6+/3")
            })?;
            ensure_deck(world, t);
            survivor_attack::attack(world, t, &args[0], &args[1], weapon);
        }
        "heal" => {
            arity(2)?;
            let t = monster(&args[0])?;
            let n = number(&args[1], 0, 1000)? as u32;
            ensure_deck(world, t);
            let mut st = state::read(world.fight());
            let m = st.monsters.entry(args[0].clone()).or_default();
            let (Some(life), Some(start)) = (m.life, m.life_start) else {
                return Err(Diagnostic::plain(format!(
                    "`{}` has no Life trait, so it cannot heal Life",
                    args[0]
                ))
                .with_hint("only monsters whose level gives `life` heal"));
            };
            let now = life.saturating_add(n).min(start);
            m.life = Some(now);
            state::write(world, &st);
            note(
                world,
                &args[0],
                format!("heals {} Life: {now} of {start}", now - life),
            );
        }
        "injury" | "heal-injury" => {
            if args.len() < 2 {
                return Err(bad(format!("`{what}` takes MONSTER and the injury's name")));
            }
            let t = monster(&args[0])?;
            let name = args[1..].join(" ");
            state::name_problem(&name).map_err(|e| {
                Diagnostic::plain(format!("the injury's name {e}"))
                    .with_hint("name the persistent injury in a few words")
            })?;
            ensure_deck(world, t);
            let mut st = state::read(world.fight());
            let deck = st.decks.entry(t.name.clone()).or_default();
            if what == "injury" {
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
            let verb = if what == "injury" {
                "now suffers"
            } else {
                "no longer suffers"
            };
            note(
                world,
                &args[0],
                format!("{verb} the persistent injury \"{name}\""),
            );
        }
        "leave-play" => {
            if args.len() < 2 {
                return Err(bad("`leave-play` takes MONSTER and the card's name"));
            }
            let t = monster(&args[0])?;
            let name = args[1..].join(" ");
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
                &args[0],
                format!("\"{name}\" leaves play for the discard pile"),
            );
        }
        "bury" => {
            arity(1)?;
            let t = monster(&args[0])?;
            ensure_deck(world, t);
            let mut st = state::read(world.fight());
            let deck = st.decks.entry(t.name.clone()).or_default();
            if let Some(f) = &deck.face_up {
                let why = format!(
                    "the top AI card stays: \"{}\" lies face up on the deck, so effects that move its cards are ignored",
                    f.card
                );
                note(world, &args[0], why);
                return Ok(());
            }
            if deck.deck.is_empty() {
                return Err(
                    Diagnostic::plain(format!("`{}`'s AI deck is empty", args[0]))
                        .with_hint("there is no top card to move"),
                );
            }
            let top = deck.deck.remove(0);
            deck.deck.push(top);
            state::write(world, &st);
            note(
                world,
                &args[0],
                "its top AI card goes to the bottom of the deck",
            );
        }
        "facing" => {
            arity(2)?;
            monster(&args[0])?;
            let Some(f) = Facing::ALL
                .into_iter()
                .find(|f| f.word() == args[1].to_ascii_lowercase())
            else {
                return Err(Diagnostic::plain(format!("`{}` is not a facing", args[1]))
                    .with_hint("write north, east, south or west"));
            };
            let mut st = state::read(world.fight());
            st.monsters.entry(args[0].clone()).or_default().facing = f;
            state::write(world, &st);
            note(world, &args[0], format!("now faces {}", f.word()));
        }
        "knock-down" => {
            arity(1)?;
            survivor(&args[0])?;
            let again = state::read(world.fight())
                .survivors
                .get(&args[0])
                .is_some_and(|f| f.knocked_down);
            let when = survivor_hits::stands_when(world.fight(), &|k| decks.get(k).is_some());
            let how = if again {
                format!("is knocked down again while down: it stands {when}")
            } else {
                format!("is knocked down: it stands {when}")
            };
            survivor_hits::knock_down(world, &args[0], &how);
        }
        "give-status" | "remove-status" => {
            let (who, name, of) = match args {
                [who, rest @ ..] if what == "give-status" => match rest {
                    [name @ .., flag, kind] if flag == "--of" && !name.is_empty() => {
                        (who, name.join(" "), Some(kind.as_str()))
                    }
                    [] => (who, String::new(), None),
                    name => (who, name.join(" "), None),
                },
                [who, name @ ..] => (who, name.join(" "), None),
                [] => (&String::new(), String::new(), None),
            };
            if who.is_empty() || name.trim().is_empty() {
                return Err(bad(format!(
                    "`{what}` takes SURVIVOR and the status card's name"
                )));
            }
            survivor(who)?;
            if what == "give-status" {
                let card = status_card(decks, &name, of)?;
                let held = state::read(world.fight())
                    .survivors
                    .get(who.as_str())
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
            } else {
                let held = state::read(world.fight())
                    .survivors
                    .get(who.as_str())
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
                    return Err(Diagnostic::plain(format!(
                        "`{who}` holds no status card `{}`",
                        name.trim()
                    ))
                    .with_hint(hint));
                };
                status::take(world, who, &card.card, &card.of, ", as the players record");
            }
        }
        "dead" => {
            arity(1)?;
            survivor(&args[0])?;
            note(world, &args[0], "dies, as the players record");
            world.die(&args[0]);
        }
        "stand" | "deaf" | "hear" => {
            arity(1)?;
            survivor(&args[0])?;
            let mut st = state::read(world.fight());
            let s = st.survivors.entry(args[0].clone()).or_default();
            let detail = match what {
                "stand" => {
                    if !s.knocked_down {
                        return Err(Diagnostic::plain(format!(
                            "`{}` is not knocked down",
                            args[0]
                        ))
                        .with_hint("only a knocked-down survivor stands up"));
                    }
                    s.knocked_down = false;
                    "stands up"
                }
                "deaf" => {
                    s.deaf = true;
                    "is deaf"
                }
                _ => {
                    s.deaf = false;
                    "hears again"
                }
            };
            state::write(world, &st);
            note(world, &args[0], detail);
        }
        "token" => {
            arity(3)?;
            survivor(&args[0])?;
            let kind = args[1].to_ascii_lowercase();
            if kind.is_empty() || kind.contains(char::is_whitespace) {
                return Err(bad(format!("`{}` is not a token name", args[1])));
            }
            state::name_problem(&kind).map_err(|e| {
                Diagnostic::plain(format!("the token's name {e}"))
                    .with_hint("name the token in one word, e.g. bleeding")
            })?;
            let change = number(&args[2], -1000, 1000)?;
            let mut st = state::read(world.fight());
            let s = st.survivors.entry(args[0].clone()).or_default();
            if !s.tokens.contains_key(&kind) && s.tokens.len() >= state::MAX_TOKEN_KINDS {
                return Err(Diagnostic::plain(format!(
                    "`{}` already holds {} kinds of tokens",
                    args[0],
                    state::MAX_TOKEN_KINDS
                ))
                .with_hint("record a kind it already holds, or take one kind away first"));
            }
            let now = (i64::from(s.tokens(&kind)) + change)
                .clamp(0, i64::from(state::MAX_SURVIVOR_TOKENS)) as u32;
            if now == 0 {
                s.tokens.remove(&kind);
            } else {
                s.tokens.insert(kind.clone(), now);
            }
            state::write(world, &st);
            note(
                world,
                &args[0],
                format!("has {now} {kind} token{}", if now == 1 { "" } else { "s" }),
            );
        }
        "evasion" => {
            arity(2)?;
            survivor(&args[0])?;
            let n = number(&args[1], -10, 10)? as i32;
            let mut st = state::read(world.fight());
            st.survivors.entry(args[0].clone()).or_default().evasion = n;
            state::write(world, &st);
            note(world, &args[0], format!("has evasion {n}"));
        }
        _ => {
            arity(1)?;
            let n = number(&args[0], 1, 20)? as u32;
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
        }
    }
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

//! `monster-ai turn`: resolve monster turns.

use super::WriteArgs;
use super::session::Session;
use crate::board::Side;
use crate::controllers::ability_deck;
use crate::controllers::scheme::Scheme;
use crate::controllers::scheme::turn::take_turn;
use crate::controllers::scheme::vocabulary::CardDraw;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::deck::winner;
use crate::rules::ties::TiePolicy;
pub use crate::rules::turn_order::number_order;
use crate::rules::world::World;
use clap::Args;

#[derive(Debug, Args)]
pub struct TurnArgs {
    /// The scheme file (TOML) defining the monster types.
    pub schemes: String,
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// Only monsters of this type (the turn card that came up).
    #[arg(long = "type", value_name = "NAME")]
    pub kind: Option<String>,
    /// Only this monster (its id).
    #[arg(long, value_name = "ID")]
    pub monster: Option<String>,
    /// Where this type's turn card was drawn, as POSITION/DECK (e.g. 1/7: drawn first of
    /// seven), for conditions and bonuses that depend on it. By default it is read from
    /// the deck `round` shuffled into the board.
    #[arg(long, value_name = "N/M")]
    pub card: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// Largest turn-order deck `--card` accepts.
const MAX_DECK: u32 = 1000;

/// Reads `--card POSITION/DECK`; every mistake is a diagnostic quoting the argument.
// An error path that runs once per command does not need the `Err` variant to be small.
#[allow(clippy::result_large_err)]
fn parse_card(s: &str) -> Result<CardDraw, Diagnostic> {
    let bad = |why: String| {
        Diagnostic::plain(format!("--card {s}: {why}")).with_hint(
            "write POSITION/DECK with 1 <= POSITION <= DECK, e.g. --card 1/7 for the first of seven cards",
        )
    };
    let Some((p, n)) = s.split_once('/') else {
        return Err(bad(
            "expected a position and a deck size separated by `/`".into()
        ));
    };
    let position: u32 = p
        .trim()
        .parse()
        .map_err(|_| bad(format!("`{p}` is not a card position")))?;
    let size: u32 = n
        .trim()
        .parse()
        .map_err(|_| bad(format!("`{n}` is not a number of cards")))?;
    if size == 0 || size > MAX_DECK {
        return Err(bad(format!(
            "a deck holds from 1 to {MAX_DECK} cards, not {size}"
        )));
    }
    if position == 0 || position > size {
        return Err(bad(format!(
            "position {position} is not in a deck of {size} cards"
        )));
    }
    Ok(CardDraw { position, size })
}

pub fn run(args: TurnArgs) -> Result<()> {
    let card = args.card.as_deref().map(parse_card).transpose()?;
    let mut session = Session::open(Some(&args.schemes), &args.board, &args.write)?;
    refuse_if_over(&session)?;
    if !session.decks.types.is_empty() {
        if let Some(c) = &args.card {
            return Err(Diagnostic::plain(format!(
                "--card {c}: ability-deck monsters have no turn-order card"
            ))
            .with_hint(
                "each type draws an ability card from its own deck; drop --card \
                 (to fix the draw, set `ability_decks.TYPE.draw` on the board)",
            )
            .into());
        }
        return ability_turn(session, &args);
    }
    let groups = select(&session, &args)?;
    let ask = args.write.ties == TiePolicy::Ask;
    let order = session.fight.board.turn_order.clone();
    let card_of = |kind: &str| {
        card.or_else(|| {
            let p = order.iter().position(|c| c == kind)?;
            Some(CardDraw {
                position: p as u32 + 1,
                size: order.len() as u32,
            })
        })
    };
    let events = session.play(args.write.ties, |world, scheme| {
        for (kind, ids) in &groups {
            activate(world, scheme, kind, ids, ask, card_of(kind));
        }
    })?;
    session.finish("turn", &events, &args.write)
}

/// `turn` for ability-deck monsters: each type (file order, or `--type`) draws its card
/// for the round if it has none and its monsters act, elites first.
fn ability_turn(mut session: Session, args: &TurnArgs) -> Result<()> {
    let decks = session.decks.clone();
    let kinds: Vec<&str> = decks.types.iter().map(|t| t.name.as_str()).collect();
    check_selection(&session, args, &kinds)?;
    let only_kind = match &args.monster {
        Some(id) => session
            .fight
            .board
            .creatures
            .iter()
            .find(|c| &c.id == id)
            .and_then(|c| c.kind.clone()),
        None => args.kind.clone(),
    };
    let events = session.play(args.write.ties, |world, _| {
        for t in &decks.types {
            if only_kind.as_deref().is_some_and(|k| k != t.name) {
                continue;
            }
            ability_deck::turn::play_type(world, &decks, &t.name, args.monster.as_deref());
        }
    })?;
    session.finish("turn", &events, &args.write)
}

/// Every monster of one type takes its turn: in ascending number, or in the order the
/// player picks with `--ties ask`.
pub(super) fn activate(
    world: &mut World,
    scheme: &Scheme,
    kind: &str,
    ids: &[String],
    ask: bool,
    card: Option<CardDraw>,
) {
    let mut waiting = ids.to_vec();
    while world.failure.is_none() {
        waiting.retain(|id| world.alive(id));
        if waiting.is_empty() {
            break;
        }
        let next = if ask {
            world.tie(&format!("which {kind} acts next"), &waiting)
        } else {
            0
        };
        let id = waiting.remove(next);
        take_turn(world, scheme, &id, card);
    }
}

/// Refuses to play on once a fight is over.
pub(super) fn refuse_if_over(session: &Session) -> Result<()> {
    let Some(side) = winner(&session.fight) else {
        return Ok(());
    };
    let who = if side == Side::Players {
        "the heroes won: no monsters are left"
    } else {
        "the monsters won: no heroes are left"
    };
    Err(Diagnostic::plain(format!("the fight is over: {who}"))
        .with_hint(
            "add creatures with `add`, take moves back with `undo`, or start from a new board",
        )
        .into())
}

/// Checks `--type` (a type of the scheme file) and `--monster` (a creature on the board
/// whose type the scheme file defines), with "did you mean" hints.
fn check_selection(session: &Session, args: &TurnArgs, kinds: &[&str]) -> Result<()> {
    if let Some(k) = &args.kind
        && !kinds.contains(&k.as_str())
    {
        let hint = match did_you_mean(k, kinds) {
            Some(g) => format!("did you mean `{g}`?"),
            None => format!("the scheme file defines: {}", kinds.join(", ")),
        };
        return Err(Diagnostic::plain(format!(
            "--type `{k}` is not a monster type of {}",
            args.schemes
        ))
        .with_hint(hint)
        .into());
    }
    let Some(id) = &args.monster else {
        return Ok(());
    };
    let creatures = &session.fight.board.creatures;
    let Some(c) = creatures.iter().find(|c| &c.id == id) else {
        let ids: Vec<&str> = creatures.iter().map(|c| c.id.as_str()).collect();
        let hint = did_you_mean(id, &ids).map_or_else(
            || format!("creatures on the board: {}", ids.join(", ")),
            |g| format!("did you mean `{g}`?"),
        );
        let board = match args.board.as_str() {
            "-" => "the board on standard input".to_string(),
            file => file.to_string(),
        };
        return Err(Diagnostic::plain(format!(
            "--monster `{id}`: no creature has this id in {board}"
        ))
        .with_hint(hint)
        .into());
    };
    if c.kind.as_deref().is_none_or(|k| !kinds.contains(&k)) {
        return Err(
            Diagnostic::plain(format!("`{id}` is not a monster of {}", args.schemes))
                .with_hint("pick a creature whose type the scheme file defines")
                .into(),
        );
    }
    Ok(())
}

/// The monsters to activate, grouped by type in scheme order, each group in ascending
/// number.
fn select(session: &Session, args: &TurnArgs) -> Result<Vec<(String, Vec<String>)>> {
    let scheme = &session.scheme;
    let creatures = &session.fight.board.creatures;
    let kinds: Vec<&str> = scheme.monsters.iter().map(|m| m.name.as_str()).collect();
    check_selection(session, args, &kinds)?;
    let mut groups = Vec::new();
    for k in kinds {
        if args.kind.as_deref().is_some_and(|want| want != k) {
            continue;
        }
        let mut of_kind: Vec<&str> = creatures
            .iter()
            .filter(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(k))
            .filter(|c| args.monster.as_ref().is_none_or(|m| *m == c.id))
            .map(|c| c.id.as_str())
            .collect();
        of_kind.sort_by_key(|id| number_order(id));
        if !of_kind.is_empty() {
            groups.push((
                k.to_string(),
                of_kind.into_iter().map(String::from).collect(),
            ));
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_positions() {
        assert_eq!(
            parse_card("1/7").unwrap(),
            CardDraw {
                position: 1,
                size: 7
            }
        );
        assert_eq!(parse_card(" 3 / 3").unwrap().position, 3);
        let message = |s: &str| parse_card(s).unwrap_err().message;
        assert_eq!(
            message("9/3"),
            "--card 9/3: position 9 is not in a deck of 3 cards"
        );
        assert_eq!(
            message("0/3"),
            "--card 0/3: position 0 is not in a deck of 3 cards"
        );
        assert_eq!(
            message("1/0"),
            "--card 1/0: a deck holds from 1 to 1000 cards, not 0"
        );
        assert_eq!(
            message("7"),
            "--card 7: expected a position and a deck size separated by `/`"
        );
        assert_eq!(message("x/3"), "--card x/3: `x` is not a card position");
        assert_eq!(message("1/y"), "--card 1/y: `y` is not a number of cards");
        assert!(
            parse_card("9/3")
                .unwrap_err()
                .hint
                .unwrap()
                .contains("--card 1/7")
        );
    }
}

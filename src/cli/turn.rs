//! `monster-ai turn`: resolve monster turns.

use super::WriteArgs;
use super::session::{Session, refuse_if_over};
use crate::board::Side;
use crate::controllers::Registry;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::deck::TurnCard;
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
fn parse_card(s: &str) -> Result<TurnCard, Diagnostic> {
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
    Ok(TurnCard { position, size })
}

pub fn run(args: TurnArgs, registry: &Registry) -> Result<()> {
    let card = args.card.as_deref().map(parse_card).transpose()?;
    let mut session = Session::open(registry, Some(&args.schemes), &args.board, &args.write)?;
    refuse_if_over(&session.fight)?;
    if let Some(c) = &args.card {
        session.monsters.accepts_card(c)?;
    }
    let kinds = session.monsters.kinds();
    check_selection(&session, &args, &kinds)?;
    let creatures = &session.fight.board.creatures;
    let only_kind = match &args.monster {
        Some(id) => creatures
            .iter()
            .find(|c| &c.id == id)
            .and_then(|c| c.kind.clone()),
        None => args.kind.clone(),
    };
    refuse_empty_selection(&session, &args, only_kind.as_deref())?;
    // The monsters on the board now act; one that appears during the turn waits.
    let roster: Vec<String> = creatures
        .iter()
        .filter(|c| args.monster.as_ref().is_none_or(|m| *m == c.id))
        .map(|c| c.id.clone())
        .collect();
    let order = session.fight.board.turn_order.clone();
    let card_of = |kind: &str| {
        card.or_else(|| {
            let p = order.iter().position(|c| c == kind)?;
            Some(TurnCard {
                position: p as u32 + 1,
                size: order.len() as u32,
            })
        })
    };
    let events = session.play(args.write.ties, |world, monsters| {
        for kind in &kinds {
            if only_kind.as_ref().is_some_and(|k| k != kind) {
                continue;
            }
            monsters.activate(world, kind, Some(&roster), card_of(kind));
        }
    })?;
    session.finish("turn", &events, &args.write)
}

/// A selection that picks no monster is a mistake, not a turn: nothing would happen, yet
/// the board would be rewritten with an undo step.
fn refuse_empty_selection(session: &Session, args: &TurnArgs, kind: Option<&str>) -> Result<()> {
    if let (Some(want), Some(id), Some(kind)) = (&args.kind, &args.monster, kind)
        && want != kind
    {
        return Err(Diagnostic::plain(format!(
            "--type {want} --monster {id} selects no monster: `{id}` is a {kind}"
        ))
        .with_hint("give one of them, or a monster of that type")
        .into());
    }
    if let Some(want) = kind {
        let present = session
            .fight
            .board
            .creatures
            .iter()
            .any(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(want));
        if !present {
            return Err(
                Diagnostic::plain(format!("no {want} is on the board, so none can act"))
                    .with_hint("`monster-ai show BOARD` lists who is left")
                    .into(),
            );
        }
    }
    Ok(())
}

/// Checks `--type` (a type of the scheme file) and `--monster` (a creature on the board
/// whose type the scheme file defines), with "did you mean" hints.
fn check_selection(session: &Session, args: &TurnArgs, kinds: &[String]) -> Result<()> {
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let kinds = kinds.as_slice();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_positions() {
        assert_eq!(
            parse_card("1/7").unwrap(),
            TurnCard {
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

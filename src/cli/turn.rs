//! `monster-ai turn`: resolve monster turns.

use super::WriteArgs;
use super::acted::{acted_this_round, turn_label, warn_or_refuse};
use super::files::monster_file_and_board;
use super::session::{Session, refuse_if_over};
use crate::board::Side;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::registry::Registry;
use crate::rules::deck::TurnCard;
use clap::Args;

#[derive(Debug, Args)]
pub struct TurnArgs {
    /// [MONSTERS] BOARD: the monster file (TOML) may be left out when the board names its
    /// `monster_file`; the board (JSON) may be `-` for standard input, or left out when
    /// MONSTER_AI_BOARD names it (then a lone `.toml` file is the monster file).
    #[arg(value_names = ["MONSTERS", "BOARD"], num_args = 0..=2)]
    pub files: Vec<String>,
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
    /// Refuse (exit 2, nothing written) when a selected type already acted this round,
    /// instead of warning.
    #[arg(long)]
    pub strict: bool,
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

/// The files a turn works on, as given or found.
struct Files {
    board: String,
    /// How messages name the monster file.
    monsters_file: String,
}

pub(super) fn run(mut args: TurnArgs, registry: &Registry) -> Result<()> {
    let card = args.card.as_deref().map(parse_card).transpose()?;
    let (monsters_file, board) = monster_file_and_board(&args.files, None)?;
    let mut session = Session::open(registry, monsters_file.as_deref(), &board, &args.write)?;
    let files = Files {
        monsters_file: monsters_file.unwrap_or_else(|| "the board's monster_file".to_string()),
        board,
    };
    refuse_if_over(&session.fight, session.monsters.as_ref())?;
    if let Some(c) = &args.card {
        session.monsters.accepts_card(c)?;
    }
    let kinds = session.monsters.kinds();
    check_selection(&session, &mut args, &files, &kinds)?;
    let creatures = &session.fight.board.creatures;
    let only_kind = match &args.monster {
        Some(id) => creatures
            .iter()
            .find(|c| &c.id == id)
            .and_then(|c| c.kind.clone()),
        None => args.kind.clone(),
    };
    refuse_empty_selection(&session, &args, only_kind.as_deref())?;
    let acted = acted_this_round(&session, &kinds);
    let again = kinds
        .iter()
        .filter(|k| only_kind.as_ref().is_none_or(|o| o == *k) && acted.contains(*k))
        .cloned()
        .collect();
    warn_or_refuse(&again, args.strict)?;
    session.history_label = Some(turn_label(args.kind.as_deref(), args.monster.as_deref()));
    let creatures = &session.fight.board.creatures;
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

/// Checks `--type` (a type of the monster file) and `--monster` (a creature on the board
/// whose type the monster file defines), with "did you mean" hints.
/// A name typed in another case is taken when exactly one candidate matches it.
fn check_selection(
    session: &Session,
    args: &mut TurnArgs,
    files: &Files,
    kinds: &[String],
) -> Result<()> {
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let kinds = kinds.as_slice();
    if let Some(k) = &mut args.kind
        && let Some(exact) = same_but_case(k, kinds)
    {
        *k = exact.to_string();
    }
    if let Some(k) = &args.kind
        && !kinds.contains(&k.as_str())
    {
        let hint = match did_you_mean(k, kinds) {
            Some(g) => format!("did you mean `{g}`?"),
            None => format!("the monster file defines: {}", kinds.join(", ")),
        };
        return Err(Diagnostic::plain(format!(
            "--type `{k}` is not a monster type of {}",
            files.monsters_file
        ))
        .with_hint(hint)
        .into());
    }
    let Some(id) = &args.monster else {
        return Ok(());
    };
    let creatures = &session.fight.board.creatures;
    let ids: Vec<&str> = creatures.iter().map(|c| c.id.as_str()).collect();
    let id = &same_but_case(id, &ids).unwrap_or(id).to_string();
    args.monster = Some(id.clone());
    let Some(c) = creatures.iter().find(|c| &c.id == id) else {
        let hint = did_you_mean(id, &ids).map_or_else(
            || format!("creatures on the board: {}", ids.join(", ")),
            |g| format!("did you mean `{g}`?"),
        );
        let board = match files.board.as_str() {
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
        return Err(Diagnostic::plain(format!(
            "`{id}` is not a monster of {}",
            files.monsters_file
        ))
        .with_hint("pick a creature whose type the monster file defines")
        .into());
    }
    Ok(())
}

/// The one candidate equal to `name` but for case; none when it is there exactly, when
/// nothing matches, or when several do.
fn same_but_case<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if candidates.contains(&name) {
        return None;
    }
    let mut matches = candidates.iter().filter(|c| c.eq_ignore_ascii_case(name));
    match (matches.next(), matches.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_whatever_the_case_when_one_fits() {
        assert_eq!(same_but_case("warg", &["Warg", "Orc"]), Some("Warg"));
        assert_eq!(same_but_case("Warg", &["Warg", "Orc"]), None);
        assert_eq!(same_but_case("wolf", &["Warg"]), None);
        assert_eq!(same_but_case("imp", &["Imp", "IMP"]), None);
    }

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

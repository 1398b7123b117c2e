//! `monster-ai turn`: resolve monster turns.

use super::WriteArgs;
use super::session::Session;
use crate::controllers::scheme::turn::take_turn;
use crate::controllers::scheme::vocabulary::CardDraw;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
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
    #[arg(long, value_name = "N/M", value_parser = parse_card)]
    pub card: Option<CardDraw>,
    #[command(flatten)]
    pub write: WriteArgs,
}

fn parse_card(s: &str) -> Result<CardDraw, String> {
    let (p, n) = s
        .split_once('/')
        .ok_or("write the card position as N/M, e.g. 1/7")?;
    let position: u32 = p
        .trim()
        .parse()
        .map_err(|_| format!("`{p}` is not a position"))?;
    let size: u32 = n
        .trim()
        .parse()
        .map_err(|_| format!("`{n}` is not a deck size"))?;
    if position == 0 || position > size || size > 1000 {
        return Err(format!(
            "position {position} is not within a deck of {size}"
        ));
    }
    Ok(CardDraw { position, size })
}

pub fn run(args: TurnArgs) -> Result<()> {
    let mut session = Session::open(&args.schemes, &args.board, &args.write)?;
    let ids = select(&session, &args)?;
    let order = session.fight.board.turn_order.clone();
    let card_of = |kind: &str| {
        args.card.or_else(|| {
            let p = order.iter().position(|c| c == kind)?;
            Some(CardDraw {
                position: p as u32 + 1,
                size: order.len() as u32,
            })
        })
    };
    let events = session.play(args.write.ties, |world, scheme| {
        for id in &ids {
            if world.failure.is_some() {
                break;
            }
            let kind = world
                .idx(id)
                .and_then(|i| world.fight.board.creatures[i].kind.clone())
                .unwrap_or_default();
            take_turn(world, scheme, id, card_of(&kind));
        }
    })?;
    session.finish("turn", &events, &args.write)
}

/// The monsters to activate, type by type in scheme order, then by their number.
fn select(session: &Session, args: &TurnArgs) -> Result<Vec<String>> {
    let scheme = &session.scheme;
    let creatures = &session.fight.board.creatures;
    let kinds: Vec<&str> = scheme.monsters.iter().map(|m| m.name.as_str()).collect();
    if let Some(k) = &args.kind
        && !kinds.contains(&k.as_str())
    {
        let hint = match did_you_mean(k, &kinds) {
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
    if let Some(id) = &args.monster {
        let Some(c) = creatures.iter().find(|c| &c.id == id) else {
            let ids: Vec<&str> = creatures.iter().map(|c| c.id.as_str()).collect();
            let hint = did_you_mean(id, &ids).map_or_else(
                || format!("creatures on the board: {}", ids.join(", ")),
                |g| format!("did you mean `{g}`?"),
            );
            return Err(
                Diagnostic::plain(format!("--monster `{id}` is not on the board"))
                    .with_hint(hint)
                    .into(),
            );
        };
        if c.kind.as_deref().is_none_or(|k| scheme.get(k).is_none()) {
            return Err(
                Diagnostic::plain(format!("`{id}` is not a monster of {}", args.schemes))
                    .with_hint("pick a creature whose type the scheme file defines")
                    .into(),
            );
        }
    }
    let mut ids = Vec::new();
    for k in kinds {
        if args.kind.as_deref().is_some_and(|want| want != k) {
            continue;
        }
        let mut of_kind: Vec<&str> = creatures
            .iter()
            .filter(|c| c.kind.as_deref() == Some(k))
            .filter(|c| args.monster.as_ref().is_none_or(|m| *m == c.id))
            .map(|c| c.id.as_str())
            .collect();
        of_kind.sort_by_key(|id| number_order(id));
        ids.extend(of_kind.into_iter().map(String::from));
    }
    Ok(ids)
}

/// Sort key putting `warg-2` before `warg-10`: the id's trailing number, then the id.
pub fn number_order(id: &str) -> (String, u64, String) {
    let digits = id.len() - id.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (stem, num) = id.split_at(id.len() - digits);
    (stem.to_string(), num.parse().unwrap_or(0), id.to_string())
}

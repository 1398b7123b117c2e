//! `monster-ai status`: a player gives a creature a status or takes one away.

use super::WriteArgs;
use super::player::creature;
use super::session::{Session, Without};
use crate::board::StatusKind;
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::registry::Registry;
use clap::{Args, ValueEnum};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Change {
    Add,
    Remove,
}

impl Change {
    fn doing(self) -> &'static str {
        match self {
            Change::Add => "adding",
            Change::Remove => "removing",
        }
    }
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature (its id).
    pub id: String,
    /// Give the status or take it away.
    pub change: Change,
    /// dazed, disarmed, immobilized, stunned, withered, shielded, terrified, retreating,
    /// poisoned, wounded, muddled, strengthened, invisible or retaliating.
    pub status: String,
    /// Its strength, for withered, shielded and retaliating (e.g. `--amount 2`).
    #[arg(long, value_name = "N")]
    pub amount: Option<u32>,
    /// How far a retaliating creature answers attackers, in steps around walls (default
    /// 1, adjacent); retaliates of other ranges stay.
    #[arg(long, value_name = "M")]
    pub range: Option<u32>,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

const ALL: [StatusKind; 14] = StatusKind::ALL;

fn parse_status(text: &str) -> Result<StatusKind> {
    let lower = text.trim().to_ascii_lowercase();
    if let Some(s) = ALL.iter().find(|s| s.label() == lower) {
        return Ok(*s);
    }
    let names: Vec<&str> = ALL.iter().map(|s| s.label()).collect();
    let hint = match did_you_mean(&lower, &names) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!("the statuses are: {}", names.join(", ")),
    };
    Err(
        Diagnostic::plain(format!("STATUS `{text}` is not a status"))
            .with_hint(hint)
            .into(),
    )
}

pub(super) fn run(args: StatusArgs, registry: &Registry) -> Result<()> {
    let kind = parse_status(&args.status)?;
    let measured = kind.measured();
    match (args.change, measured, args.amount) {
        (Change::Add, true, None) => {
            return Err(
                Diagnostic::plain(format!("{} needs an amount", kind.label()))
                    .with_hint(format!(
                        "say how strong it is, e.g. `--amount 2` ({} 2)",
                        kind.label()
                    ))
                    .into(),
            );
        }
        (Change::Add, true, Some(0)) => {
            return Err(
                Diagnostic::plain(format!("{} 0 does nothing", kind.label()))
                    .with_hint("use --amount 1 or more")
                    .into(),
            );
        }
        (Change::Add, false, Some(_)) | (Change::Remove, _, Some(_)) => {
            return Err(Diagnostic::plain(format!(
                "--amount does not apply to {} {}",
                args.change.doing(),
                kind.label()
            ))
            .with_hint(
                "only withered, shielded and retaliating have an amount, and only when added",
            )
            .into());
        }
        _ => {}
    }
    if args.amount.is_some_and(|a| a > 1000) {
        return Err(Diagnostic::plain("--amount is out of range")
            .with_hint("use a number from 1 to 1000")
            .into());
    }
    check_range(&args, kind)?;
    let mut session = Session::open_without(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
        Without::StandInsFor(&args.id),
    )?;
    let i = creature(&session, &args.board, &args.id, "ID")?;
    if args.change == Change::Remove && !session.fight.has_status(i, kind) {
        let c = &session.fight.board.creatures[i];
        let has: Vec<&str> = c.statuses.iter().map(|s| s.status.label()).collect();
        let hint = if has.is_empty() {
            "it has no statuses".to_string()
        } else {
            format!("its statuses: {}", has.join(", "))
        };
        return Err(
            Diagnostic::plain(format!("{} is not {}", c.display_name(), kind.label()))
                .with_hint(hint)
                .into(),
        );
    }
    let events = session.play(args.write.ties, |world, _| match args.change {
        Change::Add if kind == StatusKind::Retaliating => {
            let (amount, range) = (args.amount.unwrap_or(0), args.range.unwrap_or(1));
            world.add_retaliate(&args.id, amount, range)
        }
        Change::Add => world.add_status(&args.id, kind, args.amount),
        Change::Remove => world.remove_status(&args.id, kind, "a player removed it"),
    })?;
    session.finish("status", &events, &args.write)
}

/// `--range` only goes with adding retaliating, and runs from 1 to 1000.
fn check_range(args: &StatusArgs, kind: StatusKind) -> Result<()> {
    let Some(range) = args.range else {
        return Ok(());
    };
    if args.change == Change::Remove || kind != StatusKind::Retaliating {
        return Err(Diagnostic::plain(format!(
            "--range does not apply to {} {}",
            args.change.doing(),
            kind.label()
        ))
        .with_hint(
            "only retaliating has a range, and only when added (removing it removes every range)",
        )
        .into());
    }
    if !(1..=1000).contains(&range) {
        return Err(Diagnostic::plain("--range is out of range")
            .with_hint("use a number from 1 (adjacent) to 1000")
            .into());
    }
    Ok(())
}

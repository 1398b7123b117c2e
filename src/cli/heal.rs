//! `monster-ai heal`: a player heals a creature.

use super::WriteArgs;
use super::player::{amount, board_name, creature};
use super::session::{Session, Without};
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::registry::Registry;
use clap::Args;

#[derive(Debug, Args)]
// Nothing here is left to chance or checked against a monster file: hide what would do nothing.
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
pub struct HealArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature healed (its id).
    pub target: String,
    /// How much: dice to roll (`1d8+2`) or the number already rolled (`6`). A withered
    /// creature loses the wither instead and gains no HP.
    #[arg(allow_hyphen_values = true)]
    pub amount: String,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: HealArgs, registry: &Registry) -> Result<()> {
    let dice = amount(&args.amount, "AMOUNT")?;
    let mut session = Session::open_without(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
        Without::StandInsFor(&args.target),
    )?;
    fallen_character(&session, &args.board, &args.target)?;
    creature(&session, &args.board, &args.target, "TARGET")?;
    let events = session.play(args.write.ties, |world, _| {
        let what = format!("{} is healed", world.name_of(&args.target));
        let roll = world.roll(&dice, &what);
        let info = (dice.count > 0).then(|| (&roll).into());
        world.heal(&args.target, roll.total, info);
    })?;
    session.finish("heal", &events, &args.write)
}

/// A heal cannot reach a character that fell: say so, and how the players bring it
/// back when the board's system allows it (`add` it again), or that they cannot.
fn fallen_character(session: &Session, board: &str, id: &str) -> Result<()> {
    let b = &session.fight.board;
    if session.fight.index_of(id).is_some() || b.resurrections.iter().any(|r| r.creature.id == id) {
        return Ok(());
    }
    let Some(f) = b
        .fallen
        .iter()
        .rev()
        .find(|f| f.creature.id == id && f.creature.is_character())
    else {
        return Ok(());
    };
    let c = &f.creature;
    let message = format!(
        "TARGET `{id}` fell in round {} and is no longer on {}: a heal cannot reach it",
        f.round,
        board_name(board)
    );
    let hint = match session.monsters.fallen_stay_fallen() {
        Some(rule) => format!("under this board's rules {rule}; play on without it"),
        None => {
            let name = if c.display_name() == c.id {
                String::new()
            } else {
                format!(" --name '{}'", c.display_name())
            };
            let max = c.max_hp.map_or(String::new(), |m| format!(" --max-hp {m}"));
            let defence = c
                .defence
                .map_or(String::new(), |d| format!(" --defence {d}"));
            let speed = c.speed.map_or(String::new(), |v| format!(" --speed {v}"));
            // Ids stay taken by the fallen: the one who comes back needs a new one.
            let used = |x: &str| {
                b.creatures.iter().any(|o| o.id == x) || b.fallen.iter().any(|o| o.creature.id == x)
            };
            let again = (2..)
                .map(|n| format!("{id}-{n}"))
                .find(|x| !used(x))
                .unwrap_or_default();
            format!(
                "if your game's rules bring it back, put it on the board again under a new id: `monster-ai add {board} {again} {} --character --hp N{max}{defence}{speed}{name}`",
                c.position
            )
        }
    };
    Err(Diagnostic::plain(message).with_hint(hint).into())
}

//! `monster-ai hit`: a player deals damage, or rolls an attack, against a creature.

use super::WriteArgs;
use super::follow::{ActingArgs, follow_turn};
use super::player::{amount, creature, signed};
use super::session::Session;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::registry::Registry;
use crate::rules::player::{Blow, deal_blow};
use clap::Args;

/// `--rolls` as `hit` reads it: which faces go where, beside `--roll`.
const ROLLS_HELP: &str = "The faces of the dice you rolled yourself, in the order they are \
    rolled: with --roll the d20 first (two with advantage or disadvantage), then the damage \
    dice (none when DAMAGE is a number). `1d8+2 --roll +5 --rolls 14,6`: the d20 showed 14 \
    (14 + 5 = 19 against the defence), the d8 showed 6 (6 + 2 = 8 damage on a hit). A miss \
    rolls no damage, so give the d20 alone; too few or too many faces is refused";

#[derive(Debug, Args)]
#[command(mut_arg("rolls", |a| a.help(ROLLS_HELP)))]
pub struct HitArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The creature hit (its id).
    pub target: String,
    /// The damage: dice to roll (`2d6+3`) or the number already rolled (`7`).
    #[arg(allow_hyphen_values = true)]
    pub damage: String,
    /// Who attacks (its id): needed for Retaliate and Frenzy, and for the attacker's
    /// advantage and disadvantage.
    #[arg(long, value_name = "ATTACKER")]
    pub by: Option<String>,
    /// Roll the attack here: d20 + BONUS against the target's defence (natural 20: a
    /// critical hit; natural 1: a miss). Without it the damage simply lands. BONUS is the
    /// attacker's bonus (`+5`), not a die: the tool rolls the d20, unless you rolled it
    /// yourself and give its face with --rolls.
    #[arg(long, value_name = "BONUS", allow_hyphen_values = true)]
    pub roll: Option<String>,
    /// A magic attack: advantage against Ethereal creatures, stopped by `immunity magic`.
    #[arg(long)]
    pub magic: bool,
    /// A ranged attack: disadvantage when an active enemy stands next to the attacker.
    #[arg(long)]
    pub ranged: bool,
    /// The player rolled a critical hit: damage dice doubled, Aim for the Head kills.
    #[arg(long, conflicts_with = "roll")]
    pub crit: bool,
    /// The damage type, for Immunity (e.g. `fire`).
    #[arg(long, value_name = "TYPE")]
    pub kind: Option<String>,
    /// The attack ignores up to N of the target's shield (Gloomhaven's pierce).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub pierce: Option<u32>,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub acting: ActingArgs,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: HitArgs, registry: &Registry) -> Result<()> {
    let damage = amount(&args.damage, "DAMAGE")?;
    let bonus = args
        .roll
        .as_deref()
        .map(|r| signed(r, "--roll", 1000))
        .transpose()?
        .map(|b| b as i32);
    if let Some(k) = &args.kind
        && !crate::board::traits::DAMAGE_TYPES.contains(&k.to_ascii_lowercase().as_str())
    {
        return Err(
            Diagnostic::plain(format!("--kind `{k}` is not a damage type"))
                .with_hint(format!(
                    "use one of: {}",
                    crate::board::traits::DAMAGE_TYPES.join(", ")
                ))
                .into(),
        );
    }
    let kind = args.kind.as_deref().map(str::to_ascii_lowercase);
    let mut session = Session::open(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
    )?;
    creature(&session, &args.board, &args.target, "TARGET")?;
    if let Some(refused) = session.monsters.refuse_hit(&session.fight, &args.target) {
        return Err(refused.into());
    }
    if let Some(by) = &args.by {
        creature(&session, &args.board, by, "--by")?;
        if *by == args.target {
            return Err(Diagnostic::plain(format!("{by} cannot attack itself"))
                .with_hint("leave out --by for damage that has no attacker")
                .into());
        }
    }
    follow_turn(&mut session, args.by.as_deref(), &args.acting)?;
    let blow = Blow {
        target: &args.target,
        by: args.by.as_deref(),
        damage,
        bonus,
        magic: args.magic,
        crit: args.crit,
        kind: kind.as_deref(),
        ranged: args.ranged,
        pierce: args.pierce.unwrap_or(0),
    };
    let events = session.play(args.write.ties, |world, _| deal_blow(world, &blow))?;
    session.finish("hit", &events, &args.write)
}

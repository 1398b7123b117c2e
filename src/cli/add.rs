//! `monster-ai add`: a player puts a new creature on the board: a monster of a type
//! from the monster file (its stats from there) or a character.

use super::WriteArgs;
use super::player::{block_error, creature, free_cell};
use super::session::Session;
use crate::board::load::resolve_stats;
use crate::board::{Creature, Side, StatSource, Stats, limits};
use crate::error::Result;
use crate::grid::Cell;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::registry::Registry;
use crate::rules::events::Event;
use clap::{ArgGroup, Args, ValueEnum};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    Players,
    Monsters,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("what").required(true).args(["monster", "character"])))]
// Nothing here is left to chance or checked against a monster file: hide what would do nothing.
#[command(mut_arg("ties", |a| a.hide(true)), mut_arg("explain", |a| a.hide(true)))]
#[command(mut_arg("dice", |a| a.hide(true)), mut_arg("rolls", |a| a.hide(true)))]
#[command(mut_arg("cards", |a| a.hide(true)))]
pub struct AddArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The new creature's id (unique, no spaces), e.g. `warg-3` or `bran`.
    pub id: String,
    /// Where it stands, e.g. `C4`.
    pub cell: String,
    /// A monster of this type; its stats come from the monster file.
    #[arg(long, value_name = "TYPE")]
    pub monster: Option<String>,
    /// A character (players' side by default); give at least --hp.
    #[arg(long)]
    pub character: bool,
    /// The flags the systems add (`--elite`, see `System::add_flags`) that were
    /// given; filled in by `Cli::from_matches_for`.
    #[arg(skip)]
    pub flags: Vec<String>,
    /// Display name (default: the id).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Current HP (default for a monster: its maximum).
    #[arg(long, value_name = "N")]
    pub hp: Option<i32>,
    /// Maximum HP (default: the monster file's for a monster, --hp for a character).
    #[arg(long, value_name = "N")]
    pub max_hp: Option<i32>,
    /// Defence (what an attack roll must reach to hit it), 0 to 100 (default: the
    /// monster type's, or 10 for a character).
    #[arg(long, value_name = "N")]
    pub defence: Option<i32>,
    /// Speed in spaces per move (default: the monster type's, or 6 for a character).
    #[arg(long, value_name = "N")]
    pub speed: Option<u32>,
    /// Which side it fights on (default: monsters for --monster, players for --character).
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// It was summoned by this creature (on the board): it fights on its side and is
    /// focused on just before it when their initiatives tie.
    #[arg(long, value_name = "ID")]
    pub summoner: Option<String>,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub monsters_file: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// Refuses a flag that the board's system does not add to `add` (another system's).
fn system_flags_only(
    registry: &Registry,
    system: &str,
    kind: &str,
    flags: &[String],
) -> Result<()> {
    let own = registry.find(system).map_or(&[][..], |c| c.add_flags());
    match flags
        .iter()
        .find(|f| !own.iter().any(|o| o.name == f.as_str()))
    {
        None => Ok(()),
        Some(flag) => {
            let adders: Vec<&str> = registry
                .systems()
                .iter()
                .filter(|c| c.add_flags().iter().any(|o| o.name == flag.as_str()))
                .map(|c| c.system())
                .collect();
            Err(Diagnostic::plain(format!(
                "--{flag}: `{kind}` is a {system} monster, which takes no --{flag}"
            ))
            .with_hint(format!(
                "--{flag} is for {} monsters; drop it",
                adders.join(" and ")
            ))
            .into())
        }
    }
}

/// The exact stats of the new monster's type on this board (level, elite, characters),
/// for checking the new creature like any other.
struct ExactLine<'a>(&'a str, Stats);

impl StatSource for ExactLine<'_> {
    fn stats(&self, kind: &str) -> Option<Stats> {
        (kind == self.0).then(|| self.1.clone())
    }
    fn kinds(&self) -> Vec<String> {
        vec![self.0.to_string()]
    }
}

fn bad(message: String, hint: &str) -> crate::error::Error {
    Diagnostic::plain(message).with_hint(hint).into()
}

pub(super) fn run(args: AddArgs, registry: &Registry) -> Result<()> {
    if args.id.is_empty() || args.id.chars().any(char::is_whitespace) {
        return Err(bad(
            format!("ID `{}` is not usable on the command line", args.id),
            "use a short id without spaces, e.g. `warg-3`",
        ));
    }
    if args.character && args.hp.is_none() {
        return Err(bad(
            "a character needs its HP".into(),
            "add `--hp N` (and `--max-hp N` if it is hurt)",
        ));
    }
    if let Some(hp) = args.hp.filter(|hp| *hp < 1) {
        return Err(bad(
            format!("--hp {hp}: a creature on the board needs at least 1 HP"),
            "give the HP it has now",
        ));
    }
    let mut session = Session::open(
        registry,
        args.monsters_file.as_deref(),
        &args.board,
        &args.write,
    )?;
    let b = &session.fight.board;
    let taken = b.creatures.iter().any(|c| c.id == args.id)
        || b.resurrections.iter().any(|r| r.creature.id == args.id)
        || b.fallen.iter().any(|f| f.creature.id == args.id);
    if taken {
        return Err(bad(
            format!("ID `{}` is already used on this board", args.id),
            "ids are unique, also among the fallen and those waiting to come back; pick another",
        ));
    }
    if !limits::room_for_one_more(b) {
        let (_, hint) = limits::too_many(b.creatures.len() + 1, limits::cells(b));
        return Err(bad("the board is full".into(), &hint));
    }
    if let Some(kind) = &args.monster
        && session.monsters.stats(kind).is_none()
    {
        let kinds = session.monsters.kinds();
        let names: Vec<&str> = kinds.iter().map(String::as_str).collect();
        let hint = match did_you_mean(kind, &names) {
            Some(g) => format!("did you mean `{g}`?"),
            None if names.is_empty() => {
                "no monster file is loaded; pass --monsters FILE or set the board's monster_file"
                    .to_string()
            }
            None => format!("the monster file defines: {}", names.join(", ")),
        };
        return Err(bad(
            format!("--monster `{kind}` is not a monster type"),
            &hint,
        ));
    }
    if let Some(kind) = &args.monster {
        system_flags_only(registry, session.monsters.system(), kind, &args.flags)?;
    }
    // The exact stats of the new monster on this board (level, elite line, characters).
    let flags: Vec<&str> = args.flags.iter().map(String::as_str).collect();
    let exact = match args.monster.as_deref() {
        Some(kind) => Some(ExactLine(
            kind,
            session.monsters.new_monster(&session.fight, kind, &flags)?,
        )),
        None => None,
    };
    let cell = free_cell(&session, &args.cell, None)?;
    if let Some(ExactLine(_, stats)) = &exact {
        whole_block_free(&session, cell, stats)?;
    }
    let summoner_side = match args.summoner.as_deref() {
        Some(id) => {
            let i = creature(&session, &args.board, id, "--summoner")?;
            Some(session.fight.board.creatures[i].side)
        }
        None => None,
    };
    let side = match (args.side, summoner_side, args.character) {
        (Some(SideArg::Players), ..) | (None, None, true) => Side::Players,
        (None, Some(side), _) => side,
        _ => Side::Monsters,
    };
    if summoner_side.is_some_and(|s| s != side) {
        return Err(bad(
            "--side: a summon fights on its summoner's side".into(),
            "drop --side, or name another --summoner",
        ));
    }
    crate::io::printable::check_argument(&args.id, "ID")?;
    if let Some(name) = &args.name {
        crate::io::printable::check_argument(name, "--name")?;
    }
    let mut creature = Creature {
        name: args.name.clone(),
        max_hp: args.max_hp,
        defence: args.defence,
        speed: args.speed,
        ..Creature::fresh(args.id.clone(), side, args.monster.clone(), cell, 1)
    };
    if args.character {
        creature.max_hp = args.max_hp.or(args.hp);
    }
    creature.summoner = args.summoner.clone();
    let source: &dyn StatSource = match &exact {
        Some(e) => e,
        None => session.monsters.as_ref(),
    };
    let stats =
        resolve_stats(&creature, &session.fight.board, source).map_err(|(field, msg, hint)| {
            Diagnostic::plain(format!("--{}: {msg}", field.replace('_', "-"))).with_hint(hint)
        })?;
    // A creature whose maximum HP a board load would not derive keeps it in the board.
    // With a system's flag (`--elite`) the system records the flag as the monster is
    // placed, and a load derives the flagged line, which is the exact one.
    let derived = session
        .monsters
        .creature_stats(&session.fight.board, &creature)
        .map(|s| s.max_hp);
    let derives = match flags.is_empty() {
        true => derived == Some(stats.max_hp),
        false => derived.is_some(),
    };
    if args.monster.is_some() && creature.max_hp.is_none() && !derives {
        creature.max_hp = Some(stats.max_hp);
    }
    let hp = args.hp.unwrap_or(stats.max_hp);
    if hp < 1 || hp > stats.max_hp {
        return Err(bad(
            format!(
                "--hp {hp} is not between 1 and its maximum of {}",
                stats.max_hp
            ),
            "give the HP it has now; raise --max-hp for more",
        ));
    }
    if args.defence.is_some_and(|d| !(0..=100).contains(&d)) {
        return Err(bad("--defence is out of range".into(), "use 0 to 100"));
    }
    creature.hp = hp;
    // A monster whose system measures its health otherwise is saved without `hp`.
    if args.hp.is_none()
        && creature
            .kind
            .as_deref()
            .is_some_and(|k| session.monsters.hp_implied(k))
    {
        creature.implied_hp = Some(hp);
    }
    let event = Event::Added {
        creature: creature.id.clone(),
        name: creature.display_name().to_string(),
        side: match side {
            Side::Players => "players",
            Side::Monsters => "monsters",
        }
        .to_string(),
        kind: creature.kind.clone().unwrap_or_default(),
        cell: cell.name(),
        hp,
        max_hp: stats.max_hp,
        health: None,
    };
    let id = creature.id.clone();
    let events = session.play(args.write.ties, |world, monsters| {
        world.place_creature(creature, stats, event);
        if world.alive(&id) {
            monsters.placed(world, &id, &flags);
        }
    })?;
    session.finish("add", &events, &args.write)
}

/// A large monster (`Large N`) needs every square of its N×N block, `cell` being the
/// top-left one, on the board, walkable and free.
fn whole_block_free(session: &Session, cell: Cell, stats: &Stats) -> Result<()> {
    match session.fight.block_blocked(stats.size(), cell, None) {
        None => Ok(()),
        Some(b) => Err(block_error(&session.fight, stats.size(), cell, b)),
    }
}

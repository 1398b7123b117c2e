//! `monster-ai options`: every equally valid choice a monster has for one action, from
//! its system's solver view (for ability-deck monsters: focus, where to stand, whom to
//! hit, where to lay an area), as text or JSON. Read-only: the board is never written, so
//! no lock is taken.

use crate::controllers::{Registry, SolverQuery};
use crate::error::Result;
use crate::fight::load_fight_and_monsters;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct OptionsArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// The monster about to act (its id).
    pub monster: String,
    /// The scheme file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    /// Move points this turn; without it the card has no move.
    #[arg(long = "move", value_name = "N", value_parser = clap::value_parser!(u32).range(..=1000))]
    pub move_points: Option<u32>,
    /// A ranged attack of range N (`--range 1` is ranged too: disadvantage against a
    /// neighbour); 0 is melee. Default: the monster's own.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(..=1000))]
    pub range: Option<u32>,
    /// A melee attack (an attack without a range), whatever the monster's own range.
    #[arg(long, conflicts_with = "range")]
    pub melee: bool,
    /// Target N: how many enemies the attack may hit.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub targets: u32,
    /// An area of effect as a picture: lines separated by `/`, `X` an area hex, `@` the
    /// attacker (a melee area fixed to it), odd columns on every second line two
    /// characters in, e.g. `X/  X/X` (a triangle) or `@//X//X` (a line of two).
    #[arg(long, value_name = "PATTERN", allow_hyphen_values = true)]
    pub aoe: Option<String>,
    /// The card has no attack (the focus is found as for a melee attack).
    #[arg(long, conflicts_with_all = ["range", "melee", "aoe"])]
    pub no_attack: bool,
    /// The move is a jump.
    #[arg(long, conflicts_with_all = ["flying", "teleport"])]
    pub jump: bool,
    /// The monster flies (also when it has the `flying` trait).
    #[arg(long)]
    pub flying: bool,
    /// The move is a teleport.
    #[arg(long)]
    pub teleport: bool,
    /// The monster is muddled: it never moves to avoid disadvantage.
    #[arg(long)]
    pub muddled: bool,
    /// Which edition's rulings to follow (default: the board's `variant`, else
    /// gloomhaven).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    Gloomhaven,
    Frosthaven,
    JawsOfTheLion,
}

impl VariantArg {
    fn name(self) -> &'static str {
        match self {
            VariantArg::Gloomhaven => "gloomhaven",
            VariantArg::Frosthaven => "frosthaven",
            VariantArg::JawsOfTheLion => "jaws-of-the-lion",
        }
    }
}

pub(super) fn run(args: OptionsArgs, registry: &Registry) -> Result<()> {
    let text = read_argument(&args.board, "BOARD is the board file")?;
    let (fight, monsters) =
        load_fight_and_monsters(registry, args.schemes.as_deref(), &args.board, &text)?;
    let system = monsters.system();
    let Some(monsters) = registry.with_solver(monsters) else {
        return Err(Diagnostic::plain(format!(
            "`options` has nothing to show for {system} monsters"
        ))
        .with_hint(
            "it lists the choices of systems with a focus solver, such as ability-deck monsters",
        )
        .into());
    };
    let solver = monsters
        .solver()
        .expect("with_solver keeps only monsters with a solver");
    let query = SolverQuery {
        monster: args.monster,
        move_points: args.move_points,
        range: if args.melee { Some(0) } else { args.range },
        targets: args.targets,
        aoe: args.aoe,
        no_attack: args.no_attack,
        jump: args.jump,
        flying: args.flying,
        teleport: args.teleport,
        muddled: args.muddled,
        variant: args.variant.map(|v| v.name().to_string()),
        json: args.json,
    };
    let out = solver.options(&fight, monsters.as_ref(), &query)?;
    super::output::write_stdout(out.as_bytes())
}

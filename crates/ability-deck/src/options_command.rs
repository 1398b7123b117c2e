//! `monster-ai options`, the ability-deck system's own command: its arguments (one
//! action of a monster card: move, range, targets, area, jump, flying, teleport) and how
//! they become the focus solver's question.

use super::options::{OptionsQuery, options};
use crate::board::Fight;
use crate::error::Result;
use crate::systems::{CommandKind, Monsters, SystemCommand};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, FromArgMatches, ValueEnum};

/// The commands ability-deck boards add to the command line.
pub(super) const COMMANDS: &[SystemCommand] = &[
    SystemCommand {
        name: "options",
        about: "List every equally valid choice of a Gloomhaven monster for one action: focus, destination, targets and area placement; read-only",
        examples: "  monster-ai options board.json archer-1                    # its type's card this round
  monster-ai options board.json archer-1 --move 2 --range 3
  monster-ai options board.json guard-2 --move 3 --targets 2 --variant frosthaven --json
  monster-ai options board.json ooze-1 --aoe 'X/  X/X' --range 4",
        kind: CommandKind::Question {
            args: OptionsArgs::augment_args,
            answer,
        },
    },
    SystemCommand {
        name: "door",
        about: "Open a door and reveal the rooms behind it (ability-deck boards)",
        examples: "  monster-ai door board.json G8 open",
        kind: CommandKind::Record,
    },
];

/// The arguments of `options` after the board.
#[derive(Debug, Args)]
struct OptionsArgs {
    /// The monster about to act (its id). Given alone, the action is its type's ability
    /// card this round: the card's first move and the attack after it (or its first
    /// attack), on the monster's stat line.
    #[arg(value_name = "MONSTER")]
    monster: String,
    /// Move points this turn; without it the card has no move.
    #[arg(long = "move", value_name = "N", value_parser = clap::value_parser!(u32).range(..=1000))]
    move_points: Option<u32>,
    /// A ranged attack of range N (`--range 1` is ranged too: disadvantage against a
    /// neighbour); 0 is melee. Default: the monster's own.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(..=1000))]
    range: Option<u32>,
    /// A melee attack (an attack without a range), whatever the monster's own range.
    #[arg(long, conflicts_with = "range")]
    melee: bool,
    /// Target N: how many enemies the attack may hit.
    #[arg(long, value_name = "N", default_value_t = 1)]
    targets: u32,
    /// An area of effect as a picture: lines separated by `/`, `X` an area hex, `@` the
    /// attacker (a melee area fixed to it), odd columns on every second line two
    /// characters in, e.g. `X/  X/X` (a triangle) or `@//X//X` (a line of two).
    #[arg(long, value_name = "PATTERN", allow_hyphen_values = true)]
    aoe: Option<String>,
    /// The card has no attack (the focus is found as for a melee attack).
    #[arg(long, conflicts_with_all = ["range", "melee", "aoe"])]
    no_attack: bool,
    /// The move is a jump.
    #[arg(long, conflicts_with_all = ["flying", "teleport"])]
    jump: bool,
    /// The monster flies (also when it has the `flying` trait).
    #[arg(long)]
    flying: bool,
    /// The move is a teleport.
    #[arg(long)]
    teleport: bool,
    /// The monster is muddled: it never moves to avoid disadvantage.
    #[arg(long)]
    muddled: bool,
    /// Which edition's rulings to follow (default: the board's `variant`, else
    /// gloomhaven).
    #[arg(long, value_enum)]
    variant: Option<VariantArg>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
}

/// The editions `--variant` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VariantArg {
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

/// `options`' answer: the parsed arguments as the focus solver's question.
fn answer(fight: &Fight, monsters: &dyn Monsters, matches: &ArgMatches) -> Result<String> {
    let args = OptionsArgs::from_arg_matches(matches)
        .map_err(|e| crate::io::diagnostic::Diagnostic::plain(e.to_string().trim().to_string()))?;
    // No action given (`--targets` at its default counts as none): read the card.
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let from_card = ![
        "move_points",
        "range",
        "melee",
        "targets",
        "aoe",
        "no_attack",
        "jump",
        "flying",
        "teleport",
    ]
    .into_iter()
    .any(given);
    let query = OptionsQuery {
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
        from_card,
    };
    options(fight, monsters, &query)
}

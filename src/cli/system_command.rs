//! The commands the systems add to the command line (`systems::SystemCommand`):
//! built from the registry for `--help` and completion, recognised when parsing, and run
//! here. A record shortcut (`door`, `item`) records its words as `record BOARD NAME ...`
//! does; a question (`options`) loads the board and prints the system's answer.

use super::WriteArgs;
use super::follow::ActingArgs;
use super::record::record;
use super::record_words::{given, global_options, shortcut_args};
use crate::error::Result;
use crate::fight::load_fight_and_monsters;
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::registry::Registry;
use crate::systems::{CommandKind, System, SystemCommand};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};

/// A system command as parsed: its name and its arguments.
#[derive(Clone, Debug)]
pub struct SystemCall {
    /// The command's name (`door`, `options`, ...).
    pub name: String,
    /// Its arguments, as clap parsed them against the command the registry built.
    pub matches: ArgMatches,
}

impl SystemCall {
    /// True when the call asks for JSON (`--json`).
    pub(super) fn wants_json(&self) -> bool {
        matches!(self.matches.try_get_one::<bool>("json"), Ok(Some(true)))
    }
}

/// `cli` with a subcommand for every command the systems of `registry` add.
pub(super) fn add_commands(mut cli: clap::Command, registry: &Registry) -> clap::Command {
    let mut names: Vec<&str> = Vec::new();
    for (_, command) in registry.commands() {
        if !names.contains(&command.name) {
            names.push(command.name);
        }
    }
    for name in names {
        let adders: Vec<(&dyn System, &SystemCommand)> = registry
            .commands()
            .filter(|(_, command)| command.name == name)
            .collect();
        cli = cli.subcommand(subcommand(registry, name, &adders));
    }
    cli
}

/// `add` with a `--FLAG` for every flag the systems of `registry` add to it.
pub(super) fn with_add_flags(mut add: clap::Command, registry: &Registry) -> clap::Command {
    let mut seen: Vec<&str> = Vec::new();
    for flag in registry.systems().iter().flat_map(|c| c.add_flags()) {
        if !seen.contains(&flag.name) {
            seen.push(flag.name);
            add = add.arg(
                Arg::new(flag.name)
                    .long(flag.name)
                    .action(ArgAction::SetTrue)
                    .requires("monster")
                    .help(flag.help),
            );
        }
    }
    add
}

/// The system flags given to `add` (`sub` are its arguments).
pub(super) fn add_flags_given(registry: &Registry, sub: &ArgMatches) -> Vec<String> {
    let mut given: Vec<String> = Vec::new();
    for flag in registry.systems().iter().flat_map(|c| c.add_flags()) {
        if sub.get_flag(flag.name) && !given.iter().any(|g| g == flag.name) {
            given.push(flag.name.to_string());
        }
    }
    given
}

/// The call, when `matches` chose a command a system adds.
pub(super) fn call_from(registry: &Registry, matches: &ArgMatches) -> Option<SystemCall> {
    let (name, sub) = matches.subcommand()?;
    registry
        .commands()
        .any(|(_, command)| command.name == name)
        .then(|| SystemCall {
            name: name.to_string(),
            matches: sub.clone(),
        })
}

/// One subcommand for the systems adding `name` (the first one's kind and arguments;
/// every adder's description and examples).
fn subcommand(
    registry: &Registry,
    name: &'static str,
    adders: &[(&dyn System, &SystemCommand)],
) -> clap::Command {
    // One sentence, each system's part after the first going on in lower case: "Open a
    // door and reveal ... (ability-deck boards); open, close, lock or unlock a door (...)".
    let about: Vec<String> = adders
        .iter()
        .enumerate()
        .map(|(i, (_, c))| {
            let mut chars = c.about.chars();
            match chars.next() {
                Some(first) if i > 0 => first.to_lowercase().chain(chars).collect(),
                _ => c.about.to_string(),
            }
        })
        .collect();
    let mut examples: Vec<&str> = Vec::new();
    for line in adders.iter().flat_map(|(_, c)| c.examples.lines()) {
        if !examples.contains(&line) {
            examples.push(line);
        }
    }
    let cmd = clap::Command::new(name).arg(
        Arg::new("board")
            .value_name("BOARD")
            .required(true)
            .help("The board file (JSON); `-` reads standard input"),
    );
    let cmd = match adders[0].1.kind {
        CommandKind::Record => {
            WriteArgs::augment_args(ActingArgs::augment_args(shortcut_args(cmd, registry, name)))
                .mut_arg("ties", |a| a.hide(true))
                .mut_arg("explain", |a| a.hide(true))
        }
        CommandKind::Question { args, .. } => args(cmd),
    };
    let cmd = cmd
        .about(about.join("; "))
        .after_help(format!("Examples:\n{}", examples.join("\n")))
        .arg(
            Arg::new("schemes")
                .long("monsters")
                .alias("schemes")
                .value_name("FILE")
                .action(ArgAction::Set)
                .help(
                    "The monster file of the board's monsters (default: the one the board's `monster_file` names)",
                ),
        );
    match adders[0].1.kind {
        // Its options may follow the words, also a sub-word's (`item BOARD ITEM give ID
        // --dry-run`).
        CommandKind::Record => global_options(cmd.disable_help_subcommand(true)),
        CommandKind::Question { .. } => cmd,
    }
}

/// Runs a system command.
pub(super) fn run(call: SystemCall, registry: &Registry) -> Result<()> {
    let board = call
        .matches
        .get_one::<String>("board")
        .expect("BOARD is required");
    let monster_file = call
        .matches
        .get_one::<String>("schemes")
        .map(String::as_str);
    let kind = registry
        .commands()
        .find(|(_, command)| command.name == call.name)
        .map(|(_, command)| command.kind)
        .expect("call_from only makes calls of registered commands");
    match kind {
        CommandKind::Record => {
            let word = given(registry, &call.name, &call.matches);
            let write = WriteArgs::from_arg_matches(&call.matches).map_err(clap_error)?;
            let acting = ActingArgs::from_arg_matches(&call.matches).map_err(clap_error)?;
            record(
                registry,
                &call.name,
                board,
                monster_file,
                &word,
                &acting,
                &write,
            )
        }
        CommandKind::Question { .. } => {
            let text = read_argument(board, "BOARD is the board file")?;
            let (fight, monsters) = load_fight_and_monsters(registry, monster_file, board, &text)?;
            let system = monsters.system();
            let Some((command, monsters)) = registry.system_command(&call.name, monsters) else {
                return Err(not_for(registry, &call.name, system).into());
            };
            let CommandKind::Question { answer, .. } = command.kind else {
                return Err(not_for(registry, &call.name, system).into());
            };
            let out = answer(&fight, monsters.as_ref(), &call.matches)?;
            super::output::write_stdout(out.as_bytes())
        }
    }
}

/// `name` asked of a board whose system does not add it.
fn not_for(registry: &Registry, name: &str, system: &str) -> Diagnostic {
    let systems: Vec<&str> = registry
        .commands()
        .filter(|(_, command)| command.name == name)
        .map(|(c, _)| c.system())
        .collect();
    Diagnostic::plain(format!(
        "`{name}` has nothing to show for {system} monsters"
    ))
    .with_hint(format!("it answers for {} boards", systems.join(" and ")))
}

fn clap_error(e: clap::Error) -> Diagnostic {
    Diagnostic::plain(e.to_string().trim().to_string())
}

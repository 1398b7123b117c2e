//! `monster-ai record`: the players record something in the words of the board's
//! system (for AI-deck monsters: a wound, a persistent injury, a survivor knocked down,
//! tokens...). Each system registers its words (`Controller::record_words`); `record
//! BOARD` alone lists the board's, `record --help` every system's. The system checks the
//! words; a mistake changes nothing.

use super::WriteArgs;
use super::follow::{ActingArgs, follow_turn};
use super::session::Session;
use crate::error::Result;
use crate::fight::monsters_for;
use crate::io::load::read_argument;
use crate::io::printable::check_argument;
use crate::registry::Registry;
use crate::systems::RecordWord;
use clap::Args;

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The board file (JSON); `-` reads standard input.
    pub board: String,
    /// What to record and its arguments, e.g. `wound stag-1 --by aria`; none lists the
    /// words the board's system takes. Options may follow the words (`record b.json
    /// wound stag-1 --dry-run`); a negative number is a word (`token osk bleeding -1`).
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    pub words: Vec<String>,
    /// Who dealt a wound (`wound MONSTER --by SURVIVOR`); passed on with the words.
    #[arg(long, value_name = "SURVIVOR")]
    pub by: Option<String>,
    /// Whose card it is, when several monster types have a status card of that name
    /// (`give-status SURVIVOR CARD --of TYPE`); passed on with the words.
    #[arg(long, value_name = "TYPE")]
    pub of: Option<String>,
    /// The monster file of the board's monsters (default: the one the board's
    /// `monster_file` names).
    #[arg(long = "monsters", alias = "schemes", value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub acting: ActingArgs,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub(super) fn run(args: RecordArgs, registry: &Registry) -> Result<()> {
    if args.words.is_empty() {
        return list_words(registry, &args);
    }
    let mut words = args.words;
    if let Some(by) = args.by {
        words.extend(["--by".to_string(), by]);
    }
    if let Some(of) = args.of {
        words.extend(["--of".to_string(), of]);
    }
    record(
        registry,
        "record",
        &args.board,
        args.schemes.as_deref(),
        &words,
        &args.acting,
        &args.write,
    )
}

/// `record BOARD` with no words: the words the board's system takes, one a line.
fn list_words(registry: &Registry, args: &RecordArgs) -> Result<()> {
    let text = read_argument(&args.board, "BOARD is the board file")?;
    let monsters = monsters_for(registry, args.schemes.as_deref(), &args.board, &text)?;
    let system = monsters.system();
    let controller = registry.find(system);
    let words = controller.map_or(&[][..], |c| c.record_words());
    let title = controller.map_or(system, |c| c.title());
    let out = if words.is_empty() {
        format!(
            "{} boards ({title}) record nothing with `record`; use the player commands (hit, heal, move, status, ...).\n",
            system
        )
    } else {
        format!("{} boards ({title}) record:\n{}", system, word_lines(words))
    };
    super::output::write_stdout(out.as_bytes())
}

/// One line a word: its usage, then what it records, in a column.
pub(super) fn word_lines(words: &[RecordWord]) -> String {
    let width = words.iter().map(|w| w.usage().len()).max().unwrap_or(0);
    words
        .iter()
        .map(|w| format!("  {:width$}  {}\n", w.usage(), w.help))
        .collect()
}

/// `record --help`'s list: every system's words.
pub(super) fn every_systems_words(registry: &Registry) -> String {
    let mut out = String::from("What each system records:\n");
    for c in registry.controllers() {
        let words = c.record_words();
        if words.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "{} ({}):\n{}",
            c.system(),
            c.title(),
            word_lines(words)
        ));
    }
    out.push_str("Run `monster-ai record BOARD` to list the words of the board's system.");
    out
}

/// A value parser for the words that takes any word but offers the systems' record
/// words to shell completion.
#[derive(Clone)]
pub(super) struct RecordWords(pub Vec<&'static str>);

impl clap::builder::TypedValueParser for RecordWords {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8))
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|w| clap::builder::PossibleValue::new(*w)),
        ))
    }
}

/// Records `words` on the board through its system (`command` names the command in the
/// board's history); a character the words say acts follows the turn (`acting`).
pub(super) fn record(
    registry: &Registry,
    command: &str,
    board: &str,
    schemes: Option<&str>,
    words: &[String],
    acting: &ActingArgs,
    write: &WriteArgs,
) -> Result<()> {
    // Checked before the board is opened: a refused word leaves nothing written.
    for word in words {
        check_argument(word, "a word to record")?;
    }
    let mut session = Session::open(registry, schemes, board, write)?;
    let actor = session.monsters.record_actor(words);
    follow_turn(&mut session, actor.as_deref(), acting)?;
    let mut outcome = Ok(());
    let events = session.play(write.ties, |world, monsters| {
        outcome = monsters.record(world, words);
    })?;
    outcome?;
    session.finish(command, &events, write)
}

//! A system's record words (`monster-ai record BOARD WORD ...`), declared once with clap:
//! each word is a subcommand (its name, its help as `about`, its arguments as clap
//! arguments), usually the variants of a `#[derive(clap::Subcommand)]` enum. The app
//! builds `record`'s subcommands, its help, `record BOARD`'s list and the shell completion
//! from these declarations and parses the words with them; the system receives the
//! parsed words ([`Words`]) and turns them back into its enum with [`Words::parse`].

use crate::io::diagnostic::Diagnostic;
use clap::FromArgMatches;

/// Declares a system's record words: adds one subcommand per word to the command it is
/// given (`<MyWords as clap::Subcommand>::augment_subcommands`).
pub type Declare = fn(clap::Command) -> clap::Command;

/// The words `declare` declares, one command each, in its order.
pub fn declared(declare: Declare) -> Vec<clap::Command> {
    declare(clap::Command::new("record"))
        .get_subcommands()
        .cloned()
        .collect()
}

/// A record as clap parsed it against the board's system's declaration: the word chosen
/// is the subcommand of these matches.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a>(pub &'a clap::ArgMatches);

impl Words<'_> {
    /// The word recorded (`wound`).
    pub fn word(&self) -> &str {
        self.0.subcommand_name().unwrap_or("")
    }

    /// The words as the system's own type (the enum whose variants declared them).
    pub fn parse<T: FromArgMatches>(&self) -> Result<T, Diagnostic> {
        T::from_arg_matches(self.0).map_err(|e| {
            Diagnostic::plain(format!("`record {}`: {}", self.word(), e.kind()))
                .with_hint("write it as `record --help` shows")
        })
    }
}

/// A word's arguments as a usage line writes them, from its declaration: `MONSTER [--by
/// SURVIVOR]`, `MONSTER north|east|south|west`, `ITEM give ID | drop [CELL] | equip |
/// unequip` (a word whose last argument is one of several sub-words).
pub fn usage(word: &clap::Command) -> String {
    let mut parts: Vec<String> = Vec::new();
    for arg in word.get_positionals().filter(|a| !a.is_hide_set()) {
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        let name = if values.is_empty() {
            value_name(arg)
        } else {
            values.join("|")
        };
        let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        let name = if many && !arg.is_required_set() {
            format!("{name} ...")
        } else {
            name
        };
        parts.push(if arg.is_required_set() {
            name
        } else {
            format!("[{name}]")
        });
    }
    for arg in word.get_opts().filter(|a| !a.is_hide_set()) {
        let Some(long) = arg.get_long() else { continue };
        let flag = if arg.get_action().takes_values() {
            format!("--{long} {}", value_name(arg))
        } else {
            format!("--{long}")
        };
        parts.push(if arg.is_required_set() {
            flag
        } else {
            format!("[{flag}]")
        });
    }
    let subs: Vec<String> = word
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| {
            let args = usage(s);
            if args.is_empty() {
                s.get_name().to_string()
            } else {
                format!("{} {args}", s.get_name())
            }
        })
        .collect();
    if !subs.is_empty() {
        parts.push(subs.join(" | "));
    }
    parts.join(" ")
}

/// `wound MONSTER [--by SURVIVOR]`: the word, then its [`usage`].
pub fn word_usage(word: &clap::Command) -> String {
    let args = usage(word);
    if args.is_empty() {
        word.get_name().to_string()
    } else {
        format!("{} {args}", word.get_name())
    }
}

/// What a word records, one line (its `about`).
pub fn help(word: &clap::Command) -> String {
    word.get_about()
        .map(ToString::to_string)
        .unwrap_or_default()
}

fn value_name(arg: &clap::Arg) -> String {
    arg.get_value_names()
        .and_then(|v| v.first())
        .map_or_else(|| arg.get_id().as_str().to_uppercase(), ToString::to_string)
}

/// A value parser for a whole number from `lo` to `hi`, for a word's argument; its error
/// says so (`` `lots` is not a number from -1000 to 1000 ``).
pub fn number(
    lo: i64,
    hi: i64,
) -> impl Fn(&str) -> Result<i64, String> + Clone + Send + Sync + 'static {
    move |text: &str| match text.parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("`{text}` is not a number from {lo} to {hi}")),
    }
}

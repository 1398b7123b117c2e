//! The systems' record words on the command line, built from their declarations
//! (`System::record_words`, clap commands): `record`'s subcommands and the record
//! shortcuts' arguments (`door`, `item`), their help and the lists of words. A word one
//! system declares is parsed with its declaration as it is typed; a word several systems
//! declare with different arguments (`attack`, `door`) takes any words there, and they
//! are parsed once the board says whose words they are ([`parse_for`]).

use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::registry::Registry;
use crate::systems::System;
use crate::systems::record::{help, usage, word_usage};
use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Command};

/// A record word as typed: its name and its arguments, as tokens to parse against the
/// board's system's declaration.
#[derive(Clone, Debug, Default)]
pub struct WordGiven {
    /// The word (`wound`).
    pub name: String,
    /// Its arguments, one token each (`stag-1`, `--by=aria`).
    pub tokens: Vec<String>,
}

/// Every word the systems of `registry` declare, each name once, in registry order.
fn names(registry: &Registry) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for word in registry.systems().iter().flat_map(|c| c.record_words()) {
        if !names.iter().any(|n| n == word.get_name()) {
            names.push(word.get_name().to_string());
        }
    }
    names
}

/// The systems declaring word `name`, each with its declaration.
fn declarers(registry: &Registry, name: &str) -> Vec<(&'static dyn System, Command)> {
    registry
        .systems()
        .iter()
        .filter_map(|c| {
            let word = c
                .record_words()
                .into_iter()
                .find(|w| w.get_name() == name)?;
            Some((*c, word))
        })
        .collect()
}

/// Word `name` as the command line takes it: its one declaration, or, when several
/// systems declare it, any words after it (with every declarer's options), its help
/// saying what each system's boards take.
pub(super) fn word_command(registry: &Registry, name: &str) -> Command {
    let mut declarers = declarers(registry, name);
    if declarers.len() == 1 {
        return declarers.remove(0).1;
    }
    let abouts: Vec<String> = declarers
        .iter()
        .map(|(c, w)| format!("{}: {}", c.system(), help(w)))
        .collect();
    let usages: Vec<String> = declarers
        .iter()
        .map(|(c, w)| format!("{} boards: {}", c.system(), usage(w)))
        .collect();
    let mut cmd = Command::new(name.to_string()).about(abouts.join("; ")).arg(
        Arg::new("args")
            .value_name("ARGS")
            .num_args(0..)
            .allow_negative_numbers(true)
            .help(format!("What to record ({})", usages.join("; "))),
    );
    let mut seen: Vec<String> = Vec::new();
    for arg in declarers.iter().flat_map(|(_, w)| w.get_opts()) {
        if !seen.iter().any(|s| s == arg.get_id().as_str()) {
            seen.push(arg.get_id().to_string());
            cmd = cmd.arg(arg.clone());
        }
    }
    cmd
}

/// `record` with a subcommand for every word of every system, its options taken after
/// the word too (`record b.json wound stag-1 --dry-run`), and its help listing every
/// system's words.
pub(super) fn with_words(record: Command, registry: &Registry) -> Command {
    let examples = record.get_after_help().map(|h| h.to_string());
    let list = every_systems_words(registry);
    let mut record =
        global_options(record.disable_help_subcommand(true)).after_help(match examples {
            Some(e) => format!("{e}\n\n{list}"),
            None => list,
        });
    for (i, name) in names(registry).iter().enumerate() {
        record = record.subcommand(word_command(registry, name).display_order(i));
    }
    record
}

/// `cmd` with its options taken after its subcommands' words too.
pub(super) fn global_options(cmd: Command) -> Command {
    cmd.mut_args(|a| if a.is_positional() { a } else { a.global(true) })
}

/// The arguments of a record shortcut (`door BOARD CELL open`): `cmd` (which has the
/// board) with word `name`'s.
pub(super) fn shortcut_args(cmd: Command, registry: &Registry, name: &str) -> Command {
    let word = word_command(registry, name);
    let cmd = cmd.args(word.get_arguments().cloned());
    word.get_subcommands().cloned().fold(
        cmd.subcommand_required(word.is_subcommand_required_set()),
        |c, s| c.subcommand(s),
    )
}

/// Word `name` as typed, from `matches` (its arguments parsed against [`word_command`],
/// or a shortcut made with [`shortcut_args`]).
pub(super) fn given(registry: &Registry, name: &str, matches: &ArgMatches) -> WordGiven {
    WordGiven {
        name: name.to_string(),
        tokens: tokens(&word_command(registry, name), matches),
    }
}

/// The tokens that give `matches` again when parsed against `cmd`: its options given on
/// the command line (`--by=aria`), its positionals in order, then its subcommand's.
fn tokens(cmd: &Command, matches: &ArgMatches) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for arg in cmd.get_opts() {
        let id = arg.get_id().as_str();
        if matches.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        let flag = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => continue,
        };
        if arg.get_action().takes_values() {
            for value in matches.get_raw(id).into_iter().flatten() {
                out.push(format!("{flag}={}", value.to_string_lossy()));
            }
        } else {
            out.push(flag);
        }
    }
    for arg in cmd.get_positionals() {
        let values = matches.get_raw(arg.get_id().as_str()).into_iter().flatten();
        out.extend(values.map(|v| v.to_string_lossy().into_owned()));
    }
    if let Some((name, sub)) = matches.subcommand()
        && let Some(sub_cmd) = cmd.find_subcommand(name)
    {
        out.push(name.to_string());
        out.extend(tokens(sub_cmd, sub));
    }
    out
}

/// The word as the system `declared_by` declares it, parsed: the matches of `record` whose
/// subcommand is the word. An error names the word, the argument and what to write.
pub(super) fn parse_for(
    declared_by: Option<&'static dyn System>,
    system: &str,
    word: &WordGiven,
) -> Result<ArgMatches, Diagnostic> {
    let words = declared_by.map(|c| c.record_words()).unwrap_or_default();
    let Some(declared) = words.iter().find(|w| w.get_name() == word.name) else {
        return Err(not_for(system, &word.name, &words));
    };
    let line = word_usage(declared);
    Command::new("record")
        .no_binary_name(true)
        .disable_help_subcommand(true)
        .disable_help_flag(true)
        .subcommand(declared.clone().disable_help_flag(true))
        .try_get_matches_from(std::iter::once(word.name.clone()).chain(word.tokens.iter().cloned()))
        .map_err(|e| clap_diagnostic(&e, &word.name, &line))
}

/// Word `word` given on a board of `system`, which declares `words` but not it.
fn not_for(system: &str, word: &str, words: &[Command]) -> Diagnostic {
    let message = format!("`{word}` is not something {system} boards record");
    if words.is_empty() {
        return Diagnostic::plain(message)
            .with_hint("use the player commands (hit, heal, move, status, ...)");
    }
    let names: Vec<&str> = words.iter().map(Command::get_name).collect();
    let hint = match did_you_mean(word, &names) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!(
            "write one of: {}",
            words.iter().map(word_usage).collect::<Vec<_>>().join(" | ")
        ),
    };
    Diagnostic::plain(message).with_hint(hint)
}

/// clap's refusal of a word's arguments as a diagnostic: its first line (the word, the
/// argument and what is wrong), its tip or else the word's usage as the hint.
fn clap_diagnostic(e: &clap::Error, word: &str, line: &str) -> Diagnostic {
    let text = e.render().to_string();
    let mut message: Vec<&str> = Vec::new();
    let mut tip = None;
    for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if l.starts_with("Usage:") || l.starts_with("For more information") {
            break;
        }
        match l.strip_prefix("tip: ") {
            Some(t) => tip = Some(t.to_string()),
            None => message.push(l.trim_start_matches("error: ")),
        }
    }
    Diagnostic::plain(format!("`record {word}`: {}", message.join(" ")))
        .with_hint(tip.unwrap_or_else(|| format!("write `record BOARD {line}`")))
}

/// One line a word: its usage, then what it records, in a column.
pub(super) fn word_lines(words: &[Command]) -> String {
    let usages: Vec<String> = words.iter().map(word_usage).collect();
    let width = usages.iter().map(String::len).max().unwrap_or(0);
    words
        .iter()
        .zip(&usages)
        .map(|(w, u)| format!("  {u:width$}  {}\n", help(w)))
        .collect()
}

/// `record --help`'s list: every system's words.
pub(super) fn every_systems_words(registry: &Registry) -> String {
    let mut out = String::from("What each system records:\n");
    for c in registry.systems() {
        let words = c.record_words();
        if words.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "{} ({}):\n{}",
            c.system(),
            c.title(),
            word_lines(&words)
        ));
    }
    out.push_str("Run `monster-ai record BOARD` to list the words of the board's system.");
    out
}

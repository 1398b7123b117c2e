//! `monster-ai completions SHELL` and `monster-ai manpage`: shell completion scripts and a
//! roff manual page, both generated from the clap definitions so they never drift from
//! the real flags.

use super::Cli;
use super::output::write_stdout;
use crate::error::Result;
use clap::Args;
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManpageArgs {}

/// The completion script for `shell`.
pub(super) fn completion_script(shell: Shell) -> Vec<u8> {
    let mut cmd = Cli::command_for(&crate::registry::Registry::builtin());
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "monster-ai", &mut out);
    out
}

/// The manual page (roff) of the whole program: clap_mangen's title, name, synopsis,
/// description and options for `monster-ai`, then one section per command with its usage
/// and every option, then EXAMPLES, EXIT STATUS, ENVIRONMENT and VERSION. (clap_mangen's
/// own command list points at one page per command, which we do not ship.)
pub(super) fn manual_page() -> Vec<u8> {
    let cmd = Cli::command_for(&crate::registry::Registry::builtin()).after_help(None::<&str>);
    let man = clap_mangen::Man::new(cmd.clone());
    let mut out = Vec::new();
    let written: std::io::Result<()> = (|| {
        man.render_title(&mut out)?;
        man.render_name_section(&mut out)?;
        man.render_synopsis_section(&mut out)?;
        man.render_description_section(&mut out)?;
        man.render_options_section(&mut out)
    })();
    written.expect("writing to memory cannot fail");
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        out.extend_from_slice(command_section(sub).as_bytes());
    }
    for (title, text) in [
        ("EXAMPLES", super::EXAMPLES),
        ("EXIT STATUS", super::EXIT_STATUS),
        ("ENVIRONMENT", super::ENVIRONMENT),
    ] {
        out.extend_from_slice(format!(".SH \"{title}\"\n.nf\n{}\n.fi\n", roff(text)).as_bytes());
    }
    man.render_version_section(&mut out)
        .expect("writing to memory cannot fail");
    out
}

/// Escapes text for roff: backslashes, and a leading `.` or `'` that would read as a
/// request.
fn roff(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    text.lines()
        .map(|l| {
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn command_section(sub: &clap::Command) -> String {
    let name = format!("monster-ai {}", sub.get_name());
    let mut s = format!(".SH \"{}\"\n", roff(&name.to_uppercase()));
    if let Some(about) = sub.get_long_about().or(sub.get_about()) {
        s.push_str(&format!(".PP\n{}\n", roff(&about.to_string())));
    }
    let usage = sub
        .clone()
        .bin_name(&name)
        .render_usage()
        .to_string()
        .trim_start_matches("Usage: ")
        .to_string();
    s.push_str(&format!(".PP\n\\fB{}\\fR\n", roff(&usage)));
    for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
        let id = arg.get_id().as_str();
        if id == "help" || id == "version" {
            continue;
        }
        let names = match (arg.get_short(), arg.get_long()) {
            (Some(c), Some(l)) => format!("\\-{c}, \\-\\-{}", roff(l)),
            (None, Some(l)) => format!("\\-\\-{}", roff(l)),
            (Some(c), None) => format!("\\-{c}"),
            (None, None) => {
                let v = arg
                    .get_value_names()
                    .map(|v| {
                        v.iter()
                            .map(|n| n.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .unwrap_or_else(|| id.to_uppercase());
                roff(&v)
            }
        };
        let value = if arg.get_long().is_some() && arg.get_action().takes_values() {
            let v = arg
                .get_value_names()
                .and_then(|v| v.first().map(|n| n.to_string()))
                .unwrap_or_else(|| id.to_uppercase());
            format!(" \\fI{}\\fR", roff(&v))
        } else {
            String::new()
        };
        s.push_str(&format!(".TP\n\\fB{names}\\fR{value}\n"));
        if let Some(help) = arg.get_long_help().or(arg.get_help()) {
            let mut help = help.to_string();
            if arg.get_action().takes_values() {
                let values: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .filter(|v| !v.is_hide_set())
                    .map(|v| v.get_name().to_string())
                    .collect();
                if !values.is_empty() {
                    help.push_str(&format!(" [possible values: {}]", values.join(", ")));
                }
                let defaults: Vec<String> = arg
                    .get_default_values()
                    .iter()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect();
                if !defaults.is_empty() {
                    help.push_str(&format!(" [default: {}]", defaults.join(", ")));
                }
            }
            s.push_str(&format!("{}\n", roff(&help)));
        }
    }
    if let Some(after) = sub.get_after_help() {
        s.push_str(&format!(".PP\n.nf\n{}\n.fi\n", roff(&after.to_string())));
    }
    s
}

pub(super) fn run_completions(args: CompletionsArgs) -> Result<()> {
    write_stdout(&completion_script(args.shell))
}

pub(super) fn run_manpage(_args: ManpageArgs) -> Result<()> {
    write_stdout(&manual_page())
}

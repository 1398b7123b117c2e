//! The systems' record words on the command line, built from each system's one clap
//! declaration: `record --help` and `record BOARD` list them, shell completion offers
//! them, and a word or argument the command line or the board's system refuses is named
//! in the message, with exit code 2 and the board (and its folder) untouched.

use crate::common::{Table, files_in, refused_untouched, repo, run_in, shipped};
use monster_ai::cli::Cli;
use monster_ai::registry::Registry;
use monster_ai_core::systems::record::word_usage;

/// `args` is refused with exit code 2, its message holding every one of `wanted`, and
/// the board and all beside it are as they were.
fn refused(t: &Table, args: &[&str], wanted: &[&str]) {
    let files = files_in(&t.dir);
    refused_untouched(t, args, 2, wanted);
    assert_eq!(files_in(&t.dir), files, "{args:?} left files behind");
}

#[test]
fn record_help_lists_every_word_of_every_system() {
    let r = run_in(&repo(), &["record", "--help"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let registry = Registry::builtin();
    let mut words = 0;
    for c in registry.systems() {
        for word in c.record_words() {
            words += 1;
            let usage = word_usage(&word);
            let heading = format!("{} ({}):\n", c.system(), c.title());
            let part = r.stdout.split(&heading).nth(1).unwrap_or_else(|| {
                panic!("no part for {} in {}", c.system(), r.stdout);
            });
            assert!(
                part.lines()
                    .take_while(|l| l.starts_with("  "))
                    .any(|l| l.trim_start().starts_with(&usage)),
                "{}: `{usage}` missing from\n{}",
                c.system(),
                r.stdout
            );
            // clap's own list of subcommands names it too.
            assert!(
                r.stdout.contains(&format!("\n  {} ", word.get_name())),
                "{}",
                word.get_name()
            );
        }
    }
    assert!(words >= 26, "{words} words");
    // Each system's words are listed by `record BOARD` too.
    let t = shipped("record-words-list", "stag-hunt.json", "gaunt-stag.toml");
    let r = t.run(&["record", "b.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("ai-deck boards ("), "{}", r.stdout);
    assert!(
        r.stdout.contains("\n  wound MONSTER [--by SURVIVOR]  "),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("\n  facing MONSTER north|east|south|west  "),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("initiative"), "{}", r.stdout);
}

#[test]
fn an_unknown_word_or_a_bad_argument_is_named_and_changes_nothing() {
    let t = shipped("record-words-refused", "stag-hunt.json", "gaunt-stag.toml");
    // A word no system takes: the command line refuses it, and offers the nearest.
    refused(
        &t,
        &["record", "b.json", "wund", "stag"],
        &[
            "unrecognized subcommand 'wund'",
            "similar subcommand exists: 'wound'",
        ],
    );
    // A word of another system: the board's system refuses it, listing its own.
    refused(
        &t,
        &["record", "b.json", "initiative", "wren=12"],
        &[
            "`initiative` is not something ai-deck boards record",
            "wound MONSTER [--by SURVIVOR]",
        ],
    );
    // An argument out of range, missing, or one too many: the argument is named.
    refused(
        &t,
        &["record", "b.json", "token", "wren", "bleeding", "lots"],
        &[
            "invalid value 'lots' for '<CHANGE>'",
            "`lots` is not a number from -1000 to 1000",
        ],
    );
    refused(
        &t,
        &["record", "b.json", "evasion", "wren"],
        &["required arguments were not provided", "<N>"],
    );
    refused(
        &t,
        &["record", "b.json", "bury", "stag", "twice"],
        &["unexpected argument 'twice' found"],
    );
    // A word two systems declare (`attack`) is parsed once the board names its system.
    refused(
        &t,
        &["record", "b.json", "attack", "wren", "stag", "2/6+"],
        &["`record attack`: invalid value '2/6+' for '<SPEED/ACCURACY+/STRENGTH>'"],
    );
    refused(
        &t,
        &["record", "b.json", "attack", "wren", "stag"],
        &[
            "`record attack`: the following required arguments were not provided: <SPEED/ACCURACY+/STRENGTH>",
        ],
    );
    // The board's system checks what only the board can say.
    refused(
        &t,
        &["record", "b.json", "wound", "stag", "--by", "stag"],
        &["`stag` is not a survivor"],
    );
}

/// `--by` and `--of` are the AI-deck system's, declared on its words: the app's `record`
/// has no such flag, `wound` and `give-status` have.
#[test]
fn by_and_of_are_arguments_of_the_ai_deck_words() {
    let cli = Cli::command_for(&Registry::builtin());
    let record = cli.find_subcommand("record").expect("record");
    let own: Vec<&str> = record
        .get_arguments()
        .map(|a| a.get_id().as_str())
        .collect();
    assert!(!own.contains(&"by") && !own.contains(&"of"), "{own:?}");
    let wound = record.find_subcommand("wound").expect("wound");
    assert!(wound.get_arguments().any(|a| a.get_long() == Some("by")));
    let give = record.find_subcommand("give-status").expect("give-status");
    assert!(give.get_arguments().any(|a| a.get_long() == Some("of")));
    let t = shipped("record-words-by", "stag-hunt.json", "gaunt-stag.toml");
    let r = t.run(&[
        "record",
        "b.json",
        "wound",
        "stag",
        "--by",
        "wren",
        "--dry-run",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("\"detail\": \"is wounded by Wren\""),
        "{}",
        r.stdout
    );
    // Before the word, `--by` is no option of `record`'s.
    refused(
        &t,
        &["record", "b.json", "--by", "wren", "wound", "stag"],
        &["unexpected argument '--by'"],
    );
}

#[test]
fn shell_completion_offers_every_word() {
    let registry = Registry::builtin();
    for shell in ["bash", "zsh", "fish"] {
        let r = run_in(&repo(), &["completions", shell], "");
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        for c in registry.systems() {
            for word in c.record_words() {
                assert!(
                    r.stdout.contains(word.get_name()),
                    "{shell}: {} missing",
                    word.get_name()
                );
            }
        }
    }
    // A word's own values are offered: the four facings, the item's actions.
    let r = run_in(&repo(), &["completions", "zsh"], "");
    assert!(r.stdout.contains("(north east south west)"), "facings");
    assert!(r.stdout.contains("unequip"), "item actions");
}

//! End-to-end tests of the ability-deck controller (Gloomhaven style): the scheme format
//! and its diagnostics.

mod common;

use common::{Table, repo, run_in};
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};

fn crypt() -> String {
    repo().join("schemes/crypt.toml").display().to_string()
}

/// A minimal valid type; tests replace one part to make it wrong.
const BAT: &str = r#"format = 1
[[monster]]
name = "bat"
controller = "ability-deck"
[[monster.level]]
level = 1
normal = { hp = 3, move = 3, attack = 1, traits = ["flying"] }
elite = { hp = 5, move = 4, attack = 2, traits = ["flying"] }
[[monster.card]]
initiative = 8
actions = ["move +1", "attack +0"]
"#;

fn check(toml: &str) -> common::Run {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let t = Table::new(&format!("ad-check-{n}"), &json!({})).with_scheme(toml);
    let r = t.run(&["check", "scheme.toml"]);
    drop(t);
    r
}

#[test]
fn the_shipped_crypt_checks() {
    let r = run_in(&repo(), &["check", &crypt()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("5 monster types OK (20 ability cards)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_minimal_type_checks() {
    let r = check(BAT);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

fn refused(toml: &str, message: &str, path: &str) {
    let r = check(toml);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(message),
        "want `{message}` in:\n{}",
        r.stderr
    );
    assert!(r.stderr.contains(path), "want `{path}` in:\n{}", r.stderr);
    assert!(
        r.stderr.contains("scheme.toml:"),
        "no location in:\n{}",
        r.stderr
    );
}

#[test]
fn bad_action_lines_are_located() {
    let with = |line: &str| BAT.replace("\"attack +0\"", &format!("\"attack +0\", \"{line}\""));
    refused(&with("atack +1"), "is not an action", "card[0].actions[2]");
    refused(&with("hael 2"), "did you mean `heal`", "card[0].actions[2]");
    refused(&with("range x"), "needs a number", "card[0].actions[2]");
    refused(
        &with("target 0"),
        "target runs from 1 to 20",
        "card[0].actions[2]",
    );
    refused(
        &with("aoe Q"),
        "unexpected `Q` in the pattern",
        "card[0].actions[2]",
    );
    refused(
        &with("summon dragon"),
        "no monster type `dragon`",
        "card[0].actions[2]",
    );
    refused(
        &with("heal 2 range"),
        "needs a number",
        "card[0].actions[2]",
    );
    let before = BAT.replace("\"move +1\", \"attack +0\"", "\"poison\", \"attack +0\"");
    refused(&before, "no attack comes before it", "card[0].actions[0]");
    let pierce_after_move = BAT.replace(
        "\"move +1\", \"attack +0\"",
        "\"attack +0\", \"move +1\", \"pierce 1\"",
    );
    refused(
        &pierce_after_move,
        "changes an attack",
        "card[0].actions[2]",
    );
}

#[test]
fn bad_stat_lines_are_located() {
    refused(
        &BAT.replace("hp = 3,", "hp = \"3xC\","),
        "only boss stats do",
        "level[0].normal.hp",
    );
    refused(
        &BAT.replace("hp = 3,", "hp = 0,"),
        "`hp` is out of range",
        "level[0].normal.hp",
    );
    refused(
        &BAT.replace(
            "traits = [\"flying\"] }\nelite",
            "traits = [\"flyng\"] }\nelite",
        ),
        "is not a trait",
        "level[0].normal.traits[0]",
    );
    refused(
        &BAT.replace(
            "elite = { hp = 5, move = 4, attack = 2, traits = [\"flying\"] }\n",
            "",
        ),
        "has no elite line",
        "level[0].elite",
    );
    refused(
        &BAT.replace("initiative = 8", "initiative = 100"),
        "initiative 100 is out of range",
        "card[0].initiative",
    );
    refused(
        &BAT.replace("name = \"bat\"", "name = \"bat\"\nimmune = [\"posion\"]"),
        "did you mean `poison`",
        "immune[0]",
    );
    refused(
        &format!(
            "{BAT}[[monster]]\nname = \"imp\"\ncontroller = \"scheme\"\nhp = 3\ndefence = 1\nspeed = 1\nrange = 1\n"
        ),
        "unknown field",
        "monster[1]",
    );
}

#[test]
fn bosses_count_characters() {
    let boss = BAT
        .replace("name = \"bat\"", "name = \"bat\"\nboss = true")
        .replace("hp = 3,", "hp = \"7xC+1\",")
        .replace(
            "elite = { hp = 5, move = 4, attack = 2, traits = [\"flying\"] }\n",
            "",
        );
    let r = check(&boss);
    assert_eq!(r.code, 0, "{}", r.stderr);
    refused(
        &boss.replace(
            "[[monster.card]]",
            "elite = { hp = 5, move = 4, attack = 2 }\n[[monster.card]]",
        ),
        "is a boss, so it has no elite line",
        "level[0].elite",
    );
}

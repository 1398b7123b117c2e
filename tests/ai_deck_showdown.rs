//! AI-deck showdowns played to their end (issue 32): survivors' hit locations (armour,
//! light, heavy and severe injuries), severe-injury tables and death, standing up, and
//! the end of the showdown. Worked by hand on small maps drawn in each test.
//!
//! The test monster `brute` has one hit location, `body`, so every hit lands there and
//! the order of injuries is known; its cards hit with accuracy 1+ (every die hits).

use crate::common::ai_deck::{self, creature, deck, facts, record, survivor};
use crate::common::{Table, of, one, repo, run_in, temp_dir};
use serde_json::{Value, json};

const BRUTE: &str = r#"format = 1
system = "ai-deck"

[[monster]]
name = "brute"
movement = 4
toughness = 6
evasion = 2
hit_locations = ["body"]
basic_action = { pick = ["closest survivor"], actions = ["alert: basic action"] }
instinct = { pick = ["closest survivor"], actions = ["alert: instinct"] }

[[monster.level]]
level = 1
basic = 1

[[monster.card]]
name = "Three Blows"
level = "basic"
pick = ["closest survivor"]
actions = ["move & attack 3/1+/2"]

[[monster.card]]
name = "Jab"
level = "basic"
pick = ["closest survivor"]
actions = ["move & attack 1/1+/2"]

[[monster.card]]
name = "Shove"
level = "basic"
pick = ["closest survivor"]
actions = ["move & attack 1/11+/1", "after attack: knock down"]

[[monster.card]]
name = "Watch"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: it watches"]

[[monster.card]]
name = "Stare"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: it stares"]

[[monster.card]]
name = "Glare"
level = "basic"
pick = ["closest survivor"]
actions = ["alert: it glares"]

[[monster.card]]
name = "Poke"
level = "basic"
pick = ["closest survivor"]
actions = ["move & attack 1/1+/2"]
"#;

fn brute() -> Value {
    creature("m", "brute", 6)
}

/// A table with the brute and `state` as `systems.ai-deck`.
fn showdown(name: &str, picture: &str, creatures: &[(char, Value)], state: Value) -> Table {
    ai_deck::table(
        &format!("kd-{name}"),
        picture,
        creatures,
        state,
        Some(11),
        BRUTE,
    )
}

fn cards(names: &[&str]) -> Value {
    json!({ "brute": deck(names) })
}

/// A table saying every face of the d10 at `body` gives `result`, fatal or not.
fn body_table(dies: bool) -> Value {
    json!({ "body": [ { "from": 1, "to": 10, "result": "struck down", "dies": dies } ] })
}

/// ```text
///   A B
/// 1 a m      a adjacent to the brute; a's body has 3 armour points
/// ```
/// "Three Blows" rolls 3 dice needing 1+: 3 hits of 2 damage, all on the body.
/// Hit 1: 2 <= 3 armour, the armour takes it: 1 left, no injury.
/// Hit 2: 2 > 1: the last point goes and the hit gets past: light injury.
/// Hit 3: no armour left: light -> heavy.
/// Next turn "Jab" (1 hit of 2) at a heavy body: severe injury, a is knocked down and
/// the players roll on the body table (here: every face "struck down", not fatal).
#[test]
fn armour_first_then_light_heavy_and_severe() {
    let t = showdown(
        "levels",
        "a m",
        &[('a', survivor("a")), ('m', brute())],
        json!({ "decks": cards(&["Three Blows", "Jab"]),
                "survivors": { "a": { "locations": { "body": { "armour": 3 } } } },
                "severe_injuries": body_table(false) }),
    );
    let ev = t.turn(&[]);
    let hurt: Vec<(u64, u64, &str)> = of(&ev, "location-hurt")
        .iter()
        .map(|e| {
            (
                e["absorbed"].as_u64().unwrap(),
                e["armour"].as_u64().unwrap(),
                e["injury"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(hurt, [(2, 1, "none"), (1, 0, "light"), (0, 0, "heavy")]);
    assert_eq!(
        facts(&t, "a")["locations"]["body"],
        json!({ "injury": "heavy" })
    );
    assert!(facts(&t, "a")["knocked_down"].is_null());
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "location-hurt")["injury"], "severe");
    let severe = one(&ev, "severe-injury");
    assert_eq!(severe["result"], "struck down");
    assert_eq!(severe["dies"], false);
    let f = facts(&t, "a");
    assert_eq!(f["knocked_down"], true);
    assert_eq!(f["severe"], json!(["body: struck down"]));
    assert!(t.creature("a").is_some(), "a lives");
}

/// ```text
///   A B C
/// 1 a m .    a's body already heavy; the body table kills on every face
/// ```
/// "Jab": one hit past no armour at a heavy body: severe, the roll kills, a falls. a
/// was the last survivor: the monsters win.
#[test]
fn a_severe_injury_from_the_table_kills_and_ends_the_showdown() {
    let t = showdown(
        "death",
        "a m .",
        &[('a', survivor("a")), ('m', brute())],
        json!({ "decks": cards(&["Jab"]),
                "survivors": { "a": { "locations": { "body": { "injury": "heavy" } } } },
                "severe_injuries": body_table(true) }),
    );
    let r = t.run(&["next", "board.json", "--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev = crate::common::events(&r.stdout);
    let severe = one(&ev, "severe-injury");
    assert_eq!(severe["dies"], true);
    let roll = severe["roll"].as_u64().unwrap();
    assert!((1..=10).contains(&roll));
    assert_eq!(one(&ev, "died")["creature"], "a");
    assert_eq!(one(&ev, "fight-over")["winner"], "monsters");
    assert!(t.creature("a").is_none());
}

/// A table like the shipped head table, rolled with a dozen fixed seeds: the severe roll's face decides, and only
/// the face the table marks fatal kills (head: 1 kills, 2-10 do not).
#[test]
fn the_shipped_table_is_rolled_with_the_board_seed() {
    let head = json!({ "body": [
        { "from": 1, "result": "the blow caves in the skull", "dies": true },
        { "from": 2, "to": 10, "result": "lives" } ] });
    for seed in 0..12u64 {
        let t = ai_deck::table(
            &format!("kd-seed-{seed}"),
            "a m",
            &[('a', survivor("a")), ('m', brute())],
            json!({ "decks": cards(&["Jab"]), "severe_injuries": head,
                "survivors": { "a": { "locations": { "body": { "injury": "heavy" } } } } }),
            Some(seed),
            BRUTE,
        );
        let ev = t.turn(&[]);
        let severe = one(&ev, "severe-injury");
        let dies = severe["roll"] == 1;
        assert_eq!(severe["dies"], dies);
        assert_eq!(t.creature("a").is_none(), dies, "seed {seed}");
    }
}

/// ```text
///   A B C D
/// 1 a m . b     a knocked down before the monster turn; the brute watches (no attack)
/// ```
/// At the end of that monster turn a stands. In the next, "Shove" picks the closest
/// survivor, a (adjacent), and misses (11+ on a d10), but `after attack: knock down`
/// knocks a down during the turn, so a stays down at its end, and stands at the end of
/// the turn after ("Stare").
#[test]
fn a_knocked_down_survivor_stands_at_the_end_of_the_next_monster_turn() {
    let t = showdown(
        "stand",
        "a m . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', brute())],
        json!({ "decks": cards(&["Watch", "Shove", "Stare"]),
                "survivors": { "a": { "knocked_down": true } } }),
    );
    let ev = t.turn(&[]);
    assert!(
        of(&ev, "ai-note")
            .iter()
            .any(|n| n["creature"] == "a" && n["detail"].as_str().unwrap().starts_with("stands up"))
    );
    assert!(facts(&t, "a").is_null(), "a is up: {}", facts(&t, "a"));
    t.turn(&[]);
    assert_eq!(
        facts(&t, "a")["knocked_down"],
        true,
        "knocked down this turn"
    );
    t.turn(&[]);
    assert!(facts(&t, "a").is_null(), "up after the next monster turn");
}

/// A survivor whose locations the board does not track: the hits are narrated, and
/// the narration says once that nothing was applied.
#[test]
fn untracked_survivors_hear_once_that_nothing_was_applied() {
    let t = showdown(
        "untracked",
        "a m",
        &[('a', survivor("a")), ('m', brute())],
        json!({ "decks": cards(&["Three Blows"]) }),
    );
    let ev = t.turn(&[]);
    assert_eq!(of(&ev, "hit-location").len(), 3);
    let told: Vec<_> = of(&ev, "ai-note")
        .into_iter()
        .filter(|n| n["detail"].as_str().unwrap().contains("narrated only"))
        .collect();
    assert_eq!(told.len(), 1);
    assert!(of(&ev, "location-hurt").is_empty());
    assert_eq!(t.creature("a").unwrap()["hp"], 10);
}

/// `record dead` takes a survivor off the board; the last one's death ends it.
#[test]
fn record_dead_ends_the_showdown_with_the_last_survivor() {
    let t = showdown(
        "dead",
        "a m . b",
        &[('a', survivor("a")), ('b', survivor("b")), ('m', brute())],
        json!({}),
    );
    let dead = |id: &str| {
        let r = record(&t, &["dead", id, "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        crate::common::events(&r.stdout)
    };
    let ev = dead("a");
    assert!(of(&ev, "fight-over").is_empty());
    assert!(t.creature("a").is_none());
    let ev = dead("b");
    assert_eq!(one(&ev, "fight-over")["winner"], "monsters");
    let r = record(&t, &["dead", "m"]);
    assert_eq!(r.code, 2);
}

/// The shipped stag hunt played with `next` alone, the survivors doing nothing: their
/// armour and injuries are tracked, severe injuries kill in the end, and the Gaunt Stag
/// wins in a bounded number of calls (the first `next` always builds the deck).
#[test]
fn the_stag_hunt_with_idle_survivors_ends_with_the_stag_winning() {
    let dir = temp_dir("kd-idle-hunt");
    let scenario = std::fs::read_to_string(repo().join("scenarios/stag-hunt.json")).unwrap();
    let stag = repo().join("schemes/gaunt-stag.toml");
    let scenario = scenario.replace("../schemes/gaunt-stag.toml", stag.to_str().unwrap());
    std::fs::write(dir.join("board.json"), scenario).unwrap();
    let mut over = None;
    let mut fatal = 0;
    for call in 1..=400 {
        let r = run_in(&dir, &["next", "board.json", "--json"], "");
        assert_eq!(r.code, 0, "call {call}: {}", r.stderr);
        let ev = crate::common::events(&r.stdout);
        fatal += of(&ev, "severe-injury")
            .iter()
            .filter(|e| e["dies"] == true)
            .count();
        if let Some(f) = of(&ev, "fight-over").first() {
            over = Some((call, f["winner"].clone()));
            break;
        }
    }
    let (calls, winner) = over.expect("the showdown ends");
    assert_eq!(winner, "monsters");
    assert_eq!(
        fatal, 4,
        "each of the four survivors died of a severe injury"
    );
    assert!(calls < 400);
    let r = run_in(&dir, &["next", "board.json"], "");
    assert_eq!(r.code, 2, "a finished showdown refuses another `next`");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `record attack a m 6/5+/1`: 6 dice, each needing 5 + the brute's evasion 2 = 7+;
/// each hit's wound roll d10 + 1 must beat toughness 6 (7+ on the die), a 10 always
/// wounds; each wound takes the top card of the brute's deck to the wound stack.
/// ```text
///   A B
/// 1 a m
/// ```
/// Checked against every roll shown, over several seeds.
#[test]
fn record_attack_shows_every_roll_and_wounds_card_by_card() {
    for seed in 0..6u64 {
        let t = ai_deck::table(
            &format!("kd-attack-{seed}"),
            "a m",
            &[('a', survivor("a")), ('m', brute())],
            json!({ "decks": cards(&["Jab", "Watch", "Shove", "Three Blows", "Poke", "Stare", "Glare"]) }),
            Some(seed),
            BRUTE,
        );
        let r = record(&t, &["attack", "a", "m", "6/5+/1", "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let ev = crate::common::events(&r.stdout);
        let roll = one(&ev, "speed-roll");
        assert_eq!(
            (roll["accuracy"].clone(), roll["evasion"].clone()),
            (json!(5), json!(2))
        );
        let faces = roll["faces"].as_array().unwrap();
        assert_eq!(faces.len(), 6);
        let hits = faces.iter().filter(|f| f.as_u64().unwrap() >= 7).count();
        assert_eq!(roll["hits"], hits);
        let wound_rolls = of(&ev, "wound-roll");
        assert_eq!(wound_rolls.len(), hits);
        let mut wounds = 0;
        for w in &wound_rolls {
            let face = w["face"].as_u64().unwrap();
            assert_eq!(w["wounds"], face == 10 || face + 1 > 6, "{w}");
            wounds += usize::from(w["wounds"] == true);
        }
        let stack = t.board()["systems"]["ai-deck"]["decks"]["brute"]["wounds"].clone();
        assert_eq!(stack.as_array().unwrap().len(), wounds, "seed {seed}");
        assert_eq!(
            t.board()["systems"]["ai-deck"]["monsters"]["m"]["last_to_wound"],
            if wounds > 0 { json!("a") } else { Value::Null }
        );
    }
}

/// `hit` on an AI-deck monster is refused (its health is its deck), naming `record
/// attack`; a bad weapon profile is refused; neither touches the board.
#[test]
fn hit_is_refused_on_an_ai_deck_monster_and_bad_profiles_too() {
    let t = showdown(
        "refuse",
        "a m",
        &[('a', survivor("a")), ('m', brute())],
        json!({}),
    );
    let before = t.board();
    let r = t.run(&[
        "hit",
        "board.json",
        "m",
        "20",
        "--by",
        "a",
        "--monsters",
        "scheme.toml",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("record BOARD attack"), "{}", r.stderr);
    for bad in ["2/6/3", "0/6+/1", "2/6+/99", "99999999999/6+/1"] {
        let r = record(&t, &["attack", "a", "m", bad]);
        assert_eq!(r.code, 2, "{bad}");
    }
    let r = record(&t, &["attack", "m", "a", "1/6+/1"]);
    assert_eq!(r.code, 2, "a monster does not attack with `record attack`");
    assert_eq!(t.board(), before);
}

/// Options after `record`'s words are options, not words: `--json` answers in JSON,
/// `--dry-run` leaves the board as it was, and `--monsters` names the file, all written
/// after `wound m --by a`.
#[test]
fn options_after_records_words_are_options() {
    let t = showdown(
        "record-options",
        "a m",
        &[('a', survivor("a")), ('m', brute())],
        json!({ "decks": cards(&["Jab", "Watch"]) }),
    );
    let before = t.board();
    let base = ["record", "board.json", "wound", "m", "--by", "a"];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        t.run(&args)
    };
    let r = run(&["--monsters", "scheme.toml", "--dry-run"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("\"Jab\", to the wound stack"),
        "{}",
        r.stdout
    );
    assert_eq!(
        t.board(),
        before,
        "--dry-run after the words wrote the board"
    );
    let r = run(&["--monsters", "scheme.toml", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["command"], "record");
    assert_eq!(
        t.board()["systems"]["ai-deck"]["decks"]["brute"]["wounds"],
        json!(["Jab"])
    );
}

/// `simulate` counts what the AI-deck system tallies, per creature and per fight: the
/// Stag's cards drawn, each survivor's wounds dealt, hits taken, severe injuries and
/// deaths. A survivor dies at most once a fight, so its mean deaths equal its share of
/// fights fallen in; a death is also a severe injury.
#[test]
fn simulate_counts_cards_wounds_severe_injuries_and_deaths() {
    let simulate = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "scenarios/stag-hunt.json",
            "--runs",
            "60",
            "--seed",
            "5",
        ];
        args.extend_from_slice(extra);
        run_in(&repo(), &args, "")
    };
    let r = simulate(&["--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let creatures = v["report"]["creatures"].as_array().unwrap();
    let mut deaths = 0.0;
    for c in creatures {
        let counts = &c["counts"];
        if c["side"] == "monsters" {
            assert!(counts["cards drawn"].as_f64().unwrap() > 1.0, "{c}");
            continue;
        }
        for what in ["wounds dealt", "hits taken", "severe injuries"] {
            assert!(counts[what].is_number(), "{what}: {c}");
        }
        let died = counts.get("deaths").and_then(Value::as_f64).unwrap_or(0.0);
        assert_eq!(died, c["falls"]["rate"].as_f64().unwrap(), "{c}");
        assert!(died <= counts["severe injuries"].as_f64().unwrap(), "{c}");
        deaths += died;
    }
    assert!(
        deaths > 0.0,
        "no survivor died in 60 stag hunts: {}",
        r.stdout
    );
    let text = simulate(&[]);
    assert!(
        text.stdout.contains("Counts (mean per fight):"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains(" cards drawn"), "{}", text.stdout);
}

/// `show`'s creature table heads its health column "health" when a system tells health
/// in its own words (the Stag's deck, the survivors' armour), and "HP" otherwise.
#[test]
fn the_health_column_is_headed_by_what_it_holds() {
    let header = |board: &str| {
        let r = run_in(&repo(), &["show", board, "--ascii"], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
            .lines()
            .find(|l| l.trim_start().starts_with("id "))
            .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    let stag = header("scenarios/stag-hunt.json");
    assert_eq!(
        stag,
        ["id", "name", "side", "type", "health", "cell", "statuses"]
    );
    let goblins = header("scenarios/goblin-ambush.json");
    assert!(
        goblins.iter().any(|w| w == "HP") && !goblins.iter().any(|w| w == "health"),
        "{goblins:?}"
    );
}

//! Need-driven choices worked by hand (docs/needs.md, "Ties" and "Rating the actions"):
//! equally good targets, doors and items go to the board's tie policy like every system's
//! (`first` keeps reading or board order, `random` draws, `ask` asks), and a monster next
//! to what it fears never just stands there. The types are those of tests/needs.rs
//! (skeleton: mindless, hates every other race 1000 at distance 1; kobold: mind, strength
//! 6, hp 8, hates snakes 0; snake: instinct, strength 12).

use crate::board::Fight;
use crate::chance::rng::GameRng;
use crate::compile::NeedsMonsters;
use crate::events::NeedsEvent;
use crate::rate::{Plan, Rating};
use crate::rules::events::Event;
use crate::rules::ties::{AskChooser, AutoChooser, Chooser, TiePolicy};
use crate::rules::world::World;
use crate::systems::Monsters;
use crate::tests::{NONE, fight, rating, ratings_of};

fn of<'a>(r: &'a [Rating], action: &str) -> &'a Rating {
    r.iter().find(|x| x.action == action).expect("a rating")
}

/// The tie an action's plan holds: what is chosen and the options' labels.
fn tie_of(r: &[Rating], action: &str) -> (String, Vec<String>) {
    match &of(r, action).plan {
        Some(Plan::OneOf(what, options)) => (
            what.clone(),
            options.iter().map(|(l, _)| l.clone()).collect(),
        ),
        other => panic!("a tie for {action}: {other:?}"),
    }
}

/// Plays one activation of `kind` with `chooser`; the events.
fn play(m: &NeedsMonsters, f: &mut Fight, kind: &str, chooser: &mut dyn Chooser) -> Vec<Event> {
    let mut rng = GameRng::from_seed(3);
    let mut world = World::new(f, &mut rng, chooser, m);
    m.activate(&mut world, kind, None, None);
    world.take_events()
}

/// The `(what, options, chosen)` of every tie told.
fn ties(events: &[Event]) -> Vec<(String, Vec<String>, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Tie {
                what,
                options,
                chosen,
                ..
            } => Some((what.clone(), options.clone(), chosen.clone())),
            _ => None,
        })
        .collect()
}

/// Who was attacked, in order.
fn attacked(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack { target, .. } => Some(target.clone()),
            _ => None,
        })
        .collect()
}

/// The plain-words line of every chosen need.
fn stories(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e.system_event::<NeedsEvent>() {
            Some(NeedsEvent::NeedChosen { story, .. }) => Some(story.clone()),
            _ => None,
        })
        .collect()
}

const TWO_HEROES: [&str; 3] = ["hero-a - A1 12", "skel-1 skeleton B1 10", "hero-b - C1 12"];

/// ```text
///   A B C
/// 1 a S b
/// ```
/// The skeleton (mindless: no fear or love) hates both heroes, of another race, 1000 / 1
/// each: the hate total 2000 is centred on its own cell (the midpoint of A1 and C1), so no
/// step gets closer and advance is 0. Both heroes are hated most (1000) and within reach
/// of its blade: attack HIGHEST 400, and the two targets are a tie, hero-a first (the
/// entities are taken nearest first, then by id).
#[test]
fn equally_hated_targets_are_a_tie() {
    let (m, f) = fight(&["..."], &TWO_HEROES, NONE);
    let r = ratings_of(&m, &f, "skel-1");
    assert_eq!(rating(&r, "attack"), 400.0);
    assert_eq!(rating(&r, "advance"), 0.0);
    let (what, labels) = tie_of(&r, "attack");
    assert_eq!(what, "the creature to attack");
    assert_eq!(labels, ["hero-a", "hero-b"]);
    let Some(Plan::OneOf(_, options)) = &of(&r, "attack").plan else {
        unreachable!()
    };
    assert_eq!(options[1].1, Plan::Attack("hero-b".into(), 0));
    assert!(
        of(&r, "attack")
            .why
            .starts_with("hero-a or hero-b (hate 1000)")
    );
}

/// The same tie played: `first` strikes hero-a and tells no tie; `ask` answered "2"
/// strikes hero-b; `random` draws one and says which.
#[test]
fn the_tie_policy_picks_the_target() {
    let (m, mut f) = fight(&["..."], &TWO_HEROES, NONE);
    let ev = play(&m, &mut f, "skeleton", &mut AutoChooser(TiePolicy::First));
    assert!(ties(&ev).is_empty());
    assert_eq!(attacked(&ev), ["hero-a"]);
    assert_eq!(
        stories(&ev),
        ["skel-1 hates hero-a and hero-b and attacks hero-a."]
    );

    let (m, mut f) = fight(&["..."], &TWO_HEROES, NONE);
    let mut ask = AskChooser {
        input: &b"2\n"[..],
        out: Vec::new(),
        narrate: None,
    };
    let ev = play(&m, &mut f, "skeleton", &mut ask);
    let asked = String::from_utf8(ask.out).unwrap();
    assert!(asked.contains("Tie: the creature to attack"), "{asked}");
    assert!(asked.contains("2) hero-b"), "{asked}");
    assert_eq!(attacked(&ev), ["hero-b"]);

    let (m, mut f) = fight(&["..."], &TWO_HEROES, NONE);
    let ev = play(&m, &mut f, "skeleton", &mut AutoChooser(TiePolicy::Random));
    let t = ties(&ev);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].0, "the creature to attack");
    assert_eq!(attacked(&ev), [t[0].2.clone()]);
}

/// ```text
///   A B C
/// 1 s K S
/// ```
/// A kobold between two snakes fears each −(500 × 12 / 6 + 500 × 0 / 1) / 1 = −1000 and
/// hates them 0 (its type says so). Fear 2000 outweighs hate 0, but it has no free step:
/// cornered, flee 0; attack 0 (it hates nothing). With nothing else to do it fights back
/// at LOW 100, and the two equally near snakes are a tie.
#[test]
fn equally_near_foes_to_fight_back_at_are_a_tie() {
    let (m, f) = fight(
        &["..."],
        &[
            "snake-1 snake A1 20",
            "kobold-1 kobold B1 8",
            "snake-2 snake C1 20",
        ],
        NONE,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "flee"), 0.0);
    assert_eq!(rating(&r, "attack"), 100.0);
    assert!(of(&r, "attack").fights_back);
    let (what, labels) = tie_of(&r, "attack");
    assert_eq!(what, "the creature to fight back at");
    assert_eq!(labels, ["snake-1", "snake-2"]);
}

/// ```text
///   A B C
/// 1 # + #
/// 2 . K .
/// 3 # + #
/// ```
/// Two closed doors next to the kobold, which perceives nothing: open is NORMAL 200 (over
/// wander 100), and the doors are a tie in reading order, B1 then B3.
#[test]
fn two_doors_are_a_tie() {
    let (m, f) = fight(&["#+#", "...", "#+#"], &["kobold-1 kobold B2 8"], NONE);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "open"), 200.0);
    assert_eq!(
        of(&r, "open").plan,
        Some(Plan::OneOf(
            "the door to open".into(),
            vec![
                ("B1".into(), Plan::Open(crate::tests::c("B1"))),
                ("B3".into(), Plan::Open(crate::tests::c("B3"))),
            ]
        ))
    );
}

/// Two items underfoot, neither too heavy: pick up is NORMAL 200 and they are a tie (board
/// order); two equally dangerous weapons carried and none wielded: equip is HIGH 300 and
/// they are a tie. Under `random` the turn says which it drew.
#[test]
fn equal_items_are_a_tie() {
    let needs = r#"{"items":[
        {"id":"gold-1","name":"gold","kind":"treasure","at":"A1"},
        {"id":"gem-1","name":"gem","kind":"treasure","at":"A1"},
        {"id":"axe","kind":"weapon","carrier":"kobold-1","danger":2},
        {"id":"club","kind":"weapon","carrier":"kobold-1","danger":2}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], needs);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "pick-up"), 200.0);
    assert_eq!(rating(&r, "equip"), 300.0);
    assert_eq!(tie_of(&r, "pick-up").1, ["gold", "gem"]);
    assert_eq!(tie_of(&r, "equip").1, ["axe", "club"]);
    let (m, mut f) = fight(&["..."], &["kobold-1 kobold A1 8"], needs);
    let ev = play(&m, &mut f, "kobold", &mut AutoChooser(TiePolicy::Random));
    let whats: Vec<String> = ties(&ev).into_iter().map(|t| t.0).collect();
    assert_eq!(whats[0], "the item to equip");
    assert!(
        whats.contains(&"the item to pick up".to_string()),
        "{whats:?}"
    );
}

/// ```text
///   A B
/// 1 . S
/// 2 F K
/// ```
/// The issue's kobold at 5/8 HP next to the snake that bit it, with an armed friend: its
/// own perceived strength is 6 × 5/8 = 3.75 and it is unarmed (danger 1). Its friend at A2
/// (strength 6, armour of danger 4) is loved (500 × 6 / 3.75 + 500 × 4 / 1) / 1 = 2800;
/// the snake is feared −(500 × 12 / 3.75) / 1 = −1600. Love wins (total 1200): regroup.
/// The centre starts on the friend (0, 1) and moves min(1200, 1600) / 1600 = 3/4 of the way
/// to the snake (1, 0): (0.75, 0.25), the snake's own cell B1, so no step gets closer and
/// regroup is 0. It once rated "nothing" there; now, with the snake in reach, it fights
/// back (LOW 100) and says so.
#[test]
fn a_monster_next_to_what_it_fears_never_rates_nothing() {
    const NEXT_TO_SNAKE: [&str; 3] = [
        "snake-1 snake B1 20",
        "friend kobold A2 8",
        "kobold-1 kobold B2 5",
    ];
    let needs = r#"{"items":[{"id":"mail","kind":"armour","carrier":"friend","equipped":true,"danger":4}]}"#;
    let (m, f) = fight(&["..", ".."], &NEXT_TO_SNAKE, needs);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "regroup"), 0.0);
    assert_eq!(rating(&r, "attack"), 100.0);
    assert_eq!(
        of(&r, "attack").plan,
        Some(Plan::Attack("snake-1".into(), 0))
    );
    let (m, mut f) = fight(&["..", ".."], &NEXT_TO_SNAKE, needs);
    let mut first = AutoChooser(TiePolicy::First);
    let mut rng = GameRng::from_seed(3);
    let ev = {
        let mut world = World::new(&mut f, &mut rng, &mut first, &m);
        let ids = ["kobold-1".to_string()];
        m.activate(&mut world, "kobold", Some(&ids[..]), None);
        world.take_events()
    };
    assert_eq!(
        stories(&ev)[0],
        "kobold-1 loves friend more than it fears snake-1 but with nothing else it can do \
         fights back at snake-1."
    );
    assert_eq!(attacked(&ev), ["snake-1"]);
}

//! Fleeing straight away (docs/needs.md, "A step away"), worked by hand on every grid and
//! metric: the flee step is the free step whose direction is closest to the direction from
//! the fear/love centre to the monster, leaving out steps next to a creature it fears while
//! another step exists; equally straight steps go to the tie policy. The types are those of
//! tests/needs.rs (wolf: instinct, strength 10; snake: instinct, strength 12; kobold: mind,
//! strength 6, hates snakes 0, loves treasure 500).

use crate::board::load::load_board;
use crate::chance::rng::GameRng;
use crate::rate::{Plan, Rating, Way};
use crate::rules::events::Event;
use crate::rules::ties::{AutoChooser, TiePolicy};
use crate::rules::world::World;
use crate::systems::Monsters;
use crate::tests::{NONE, c, fight, monsters, ratings_of};

fn flee(r: &[Rating]) -> &Rating {
    r.iter()
        .find(|x| x.action == "flee")
        .expect("a flee rating")
}

/// ```text
///   A B C D E F G H I J
/// 1 . . . . . . . . . .
/// 2 . . . . . . . . . .
/// 3 . . . . . W . . S .
/// 4 . . . . . . . . . .
/// ```
/// The wolf at F3 (5, 2) sees the snake at I3 (8, 2), 3 away: fear −1000 × 12/10 / 3 =
/// −400, hate 1000 / 3 = 333.33: fear wins, it flees from the centre (8, 2). Straight away
/// is west: E3 (cos 1); E2 and E4 are 45° off (cos 0.71). It steps to E3, not to a
/// diagonal (the old rule, "most steps from the centre, then farthest", took E2).
#[test]
fn the_wolf_flees_straight_west_not_diagonally() {
    let (m, f) = fight(
        &["..........", "..........", "..........", ".........."],
        &["wolf-1 wolf F3 10", "snake-1 snake I3 20"],
        NONE,
    );
    let r = ratings_of(&m, &f, "wolf-1");
    assert_eq!(flee(&r).rating, 400.0);
    assert_eq!(flee(&r).plan, Some(Plan::Step(Way::Flee, vec![c("E3")])));
}

/// The same on a Manhattan board (no diagonal steps) and on the 5-10-5 board: E3 on both.
#[test]
fn every_square_metric_flees_straight() {
    for metric in ["manhattan", "alternating"] {
        let m = monsters();
        let text = crate::tests::board(
            &["..........", "..........", "..........", ".........."],
            &["wolf-1 wolf F3 10", "snake-1 snake I3 20"],
            NONE,
        )
        .replace(
            r#""kind":"square""#,
            &format!(r#""kind":"square","metric":"{metric}""#),
        );
        let f = load_board("b.json", &text, &m).unwrap();
        let r = ratings_of(&m, &f, "wolf-1");
        assert_eq!(
            flee(&r).plan,
            Some(Plan::Step(Way::Flee, vec![c("E3")])),
            "{metric}"
        );
    }
}

/// ```text
///   A B C D E F G H I J
/// 1 . . . . . . . . . .
/// 2 . . . . . . . . . .
/// 3 . . . . # W . . S .
/// 4 . . . . . . . . . .
/// ```
/// With a wall on E3 the straight step is gone; E2 and E4 are equally straight (cos 0.71
/// each). Both are listed; `--ties first` takes E2 (reading order), `--ties random` draws
/// one and says so.
#[test]
fn equally_straight_steps_go_to_the_tie_policy() {
    let map = ["..........", "..........", "....#.....", ".........."];
    let creatures = ["wolf-1 wolf F3 10", "snake-1 snake I3 20"];
    let (m, f) = fight(&map, &creatures, NONE);
    let r = ratings_of(&m, &f, "wolf-1");
    assert_eq!(
        flee(&r).plan,
        Some(Plan::Step(Way::Flee, vec![c("E2"), c("E4")]))
    );
    let (m, mut f) = fight(&map, &creatures, NONE);
    let mut rng = GameRng::from_seed(7);
    let mut chooser = AutoChooser(TiePolicy::Random);
    let events = {
        let mut world = World::new(&mut f, &mut rng, &mut chooser, &m);
        m.activate(&mut world, "wolf", None, None);
        world.take_events()
    };
    let tie = events
        .iter()
        .find_map(|e| match e {
            Event::Tie { what, options, .. } => Some((what.clone(), options.clone())),
            _ => None,
        })
        .expect("the tie is told");
    assert_eq!(
        tie,
        ("the flee step".to_string(), vec!["E2".into(), "E4".into()])
    );
}

/// On a hex board (odd columns half a row lower) the wolf at C3 flees the snake at C1,
/// straight north of it: straight away is south, C4 (cos 1); the south-west and
/// south-east neighbours B3 and D3 are 60° off (cos 0.5).
#[test]
fn a_hex_board_flees_straight_too() {
    let m = monsters();
    let text = r#"{"format":2,"grid":{"kind":"hex","width":5,"height":6},
      "creatures":[
        {"id":"wolf-1","type":"wolf","side":"monsters","position":"C3","hp":10},
        {"id":"snake-1","type":"snake","side":"monsters","position":"C1","hp":20}]}"#;
    let f = load_board("b.json", text, &m).unwrap();
    let r = ratings_of(&m, &f, "wolf-1");
    assert_eq!(flee(&r).plan, Some(Plan::Step(Way::Flee, vec![c("C4")])));
}

/// ```text
///   A B C D E
/// 1 . . . . .
/// 2 . $ . . .
/// 3 . . K S .
/// 4 . . . . .
/// ```
/// The kobold at C3 sees the gold at B2 and the snake at D3, both 1 away (the gold first by
/// id): love 500, then fear −(500 × 12/6 + 500 × 0/1) / 1 = −1000. The total is −500, and
/// the centre moves min(500, 1000) / 1000 = 1/2 of the way from the gold (1, 1) toward the
/// snake (3, 2): (2, 1.5). Straight away from it is south, C4 — but C4 is next to the
/// snake, and so are C2, D2 and D4. Of the steps left, B2 (cos −0.71), B3 (cos 0) and B4
/// (cos 0.71), B4 is the straightest: it never steps beside what it flees.
#[test]
fn a_fleeing_monster_does_not_step_next_to_what_it_fears() {
    let (m, f) = fight(
        &[".....", ".....", ".....", "....."],
        &["kobold-1 kobold C3 8", "snake-1 snake D3 20"],
        r#"{"items":[{"id":"gold-1","kind":"treasure","at":"B2"}]}"#,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(flee(&r).rating, 400.0);
    assert_eq!(flee(&r).plan, Some(Plan::Step(Way::Flee, vec![c("B4")])));
}

/// ```text
///   A B C
/// 1 # K S
/// ```
/// `#KS`: no step is free at all; every step that exists is next to the snake, so the rule
/// keeps them, but there are none: cornered, flee 0.
#[test]
fn a_monster_with_no_free_step_is_cornered() {
    let (m, f) = fight(
        &["#.."],
        &["kobold-1 kobold B1 8", "snake-1 snake C1 20"],
        NONE,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(flee(&r).rating, 0.0);
    assert!(flee(&r).why.contains("cornered"), "{}", flee(&r).why);
}

//! The two readings of seed 002 that keep a need-driven monster from looking frozen or
//! dithering (SPEC §8, docs/needs.md "Readings we adopt"), worked by hand:
//!
//! - when no step gets closer to the hate centre but the entity it hates most can be
//!   reached, it advances toward that entity;
//! - a cycle whose step would undo the previous cycle's step (A → B → A in one turn) is
//!   not taken: the monster holds its ground for the rest of the turn.
//!
//! The types are those of tests/needs.rs (skeleton: mindless, strength 10, speed 3,
//! perception 8, race undead, hate 1000 / d for other races; jackal: mind, strength 5, fear
//! falloff 2, speed 4). Distances are Chebyshev steps around walls; a diagonal step may
//! pass one blocked corner.

use crate::events::NeedsEvent;
use crate::rate::{Plan, Way};
use crate::rules::events::Event;
use crate::tests::{NONE, c, chosen, fight, ratings_of, turn};

/// ```text
///   A B C D E F G
/// 1 . . k k k . .
/// 2 a . k . k . b       D2: an empty cell ringed by eight other skeletons (k)
/// 3 . . k k k . .
/// 4 . . . S . . .
/// ```
/// The skeleton S (D4) sees Aria (A2) and Bram (G2), each 3 steps away (C4, B3, A2 and
/// E4, F3, G2): hate 1000 / 3 = 333.33 each; its own kind it neither hates nor fears. The
/// hate centre lands on the nearer, then first by id, Aria (0, 1), and Bram moves it
/// 333.33 / 666.67 = half way to (6, 1): (3, 1), the ringed cell D2. A walker cannot get
/// into D2 past the ring, so no step gets closer to it (before this reading: advance 0,
/// "cannot get at them"). Aria is the most hated (Bram's equal hate does not replace her)
/// and can be reached: a walker out of A2 counts C4 2 (B3, C4), D4 itself 3 and E4 4, so
/// C4 is the step that gets closer. Advance, HIGH 300, toward Aria by C4.
#[test]
fn no_step_closer_to_the_hate_centre_makes_for_the_most_hated() {
    let (m, f) = fight(&RING, &ring_creatures(), NONE);
    let r = ratings_of(&m, &f, "skel");
    let advance = r.iter().find(|x| x.action == "advance").expect("advance");
    assert_eq!(advance.rating, 300.0);
    assert_eq!(advance.plan, Some(Plan::Step(Way::Advance, vec![c("C4")])));
    assert_eq!(
        advance.why,
        "hate 666.67 is not outweighed by fear 0, but no step gets closer to D2: HIGH, \
         toward aria at A2, whom it hates most, by C4"
    );
}

/// The board above: open floor, the creatures placed by `ring_creatures`.
const RING: [&str; 4] = ["......."; 4];

fn ring_creatures() -> Vec<&'static str> {
    vec![
        "skel skeleton D4 10",
        "aria - A2 12",
        "bram - G2 12",
        "k1 skeleton C1 10",
        "k2 skeleton D1 10",
        "k3 skeleton E1 10",
        "k4 skeleton C2 10",
        "k5 skeleton E2 10",
        "k6 skeleton C3 10",
        "k7 skeleton D3 10",
        "k8 skeleton E3 10",
    ]
}

/// The whole turn on the board above (speed 3). Cycle 1: to C4 (worked out above).
/// Cycle 2, from C4: Aria 2 away (B3, A2), hate 500; Bram 4 (D4, E4, F3, G2), hate 250.
/// The centre starts on Aria (0, 1) and Bram moves it 250 / 750 = a third of the way to
/// (6, 1): (2, 1), the ring's skeleton at C2. A walker out of C2 reaches B3 in 1 and C4 in
/// 2, so the step that gets closer is B3, next to Aria. Cycle 3: Aria is within reach of
/// its blade: attack (HIGHEST), which ends the turn.
#[test]
fn the_skeleton_goes_round_the_ring_and_attacks() {
    let (events, f) = turn(&RING, &ring_creatures(), NONE, "skel");
    assert_eq!(chosen(&events), ["advance", "advance", "attack"]);
    let at = f.board.creatures[f.index_of("skel").unwrap()].position;
    assert_eq!(at, c("B3"));
    let attacked: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Attack { target, .. } => Some(target.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(attacked, ["aria"]);
}

/// The jackal (strength 5, fear falloff 2) against the hero with an axe (danger 4): fear
/// (500 × 10 / 5 + 500 × 4 / 1) / d² = 3000 / d², hate 1000 / d.
const AXE: &str =
    r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4}]}"#;

/// ```text
///   A B C D E
/// 1 . . J # .        J: the jackal at C1; a wall on D1
/// 2 . . . . .
/// 3 . . . . .
/// 4 . . . h .        h: the hero at D4
/// ```
/// Cycle 1, C1, 3 from the hero: fear 333.33 does not outweigh hate 333.33: advance. B2,
/// C2 and D2 are each 2 from D4; D2 lies nearest it in a straight line (2, against 2.24
/// and 2.83): to D2.
/// Cycle 2, D2, 2 away: fear 750 outweighs hate 500: flee. Straight away (north) is the
/// wall; C3, D3 and E3 are next to the hero and left out; C1 and E1 are equally straight
/// (45°), C2 and E2 square to it. C1 is where it came from: stepping there would undo the
/// last step, so it takes E1 (before this reading, `first` took C1).
/// Cycle 3, E1, 3 away: fear 333.33 = hate: advance, and the one best step is D2 (2 from
/// D4 and 2 in a straight line; E2 is 2.24, F2 off the board). D2 is where it came from:
/// it holds its ground at E1 for the rest of the turn.
#[test]
fn a_step_back_the_way_it_came_is_not_taken() {
    let (events, f) = turn(
        &["...#.", ".....", ".....", "....."],
        &["jackal-1 jackal C1 10", "hero - D4 12"],
        AXE,
        "jackal-1",
    );
    assert_eq!(chosen(&events), ["advance", "flee", "hold"]);
    let moves: Vec<(String, String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Move { from, to, .. } => Some((from.clone(), to.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        [("C1".into(), "D2".into()), ("D2".into(), "E1".into())]
    );
    assert_eq!(f.board.creatures[0].position, c("E1"));
    let hold = events
        .iter()
        .find_map(|e| match e.system_event::<NeedsEvent>() {
            Some(NeedsEvent::NeedChosen {
                action,
                story,
                why,
                others,
                ..
            }) if action == "hold" => Some((story.clone(), why.clone(), others.clone())),
            _ => None,
        })
        .expect("a hold");
    assert_eq!(
        hold.0,
        "jackal-1 hates hero more than it fears it but holds its ground rather than step \
         back to D2."
    );
    assert_eq!(
        hold.1,
        "its advance would step back to D2, undoing its last step: it holds its ground for \
         the rest of the turn"
    );
    assert_eq!(hold.2, ["advance 300"]);
}

/// ```text
///   A B C
/// 1 K . #          a kobold alone in a dead end
/// ```
/// It perceives nothing and carries nothing: wander (LOW). Cycle 1: the only free step,
/// B1 (east, remembered). Cycle 2: east is the wall, and the only free step is A1, back
/// where it came from: it holds its ground (a wander would have walked back and forth).
#[test]
fn a_wander_into_a_dead_end_holds_rather_than_turn_back() {
    let (events, f) = turn(&["..#"], &["kobold-1 kobold A1 8"], NONE, "kobold-1");
    assert_eq!(chosen(&events), ["wander", "hold"]);
    assert_eq!(f.board.creatures[0].position, c("B1"));
}

/// ```text
///   A B C D E F G H I J K
/// 1 . . . . K . . . $ . S      the kobold at E1, gold coins at I1, the snake at K1
/// ```
/// The kobold (perception 6) sees the gold 4 away (love 500 / 4 = 125) and the snake 6
/// away (fear (500 × 12 / 6 + 500 × 0 / 1) / 6 = 166.67; it does not hate snakes): the
/// total −41.67 is fear, so it flees from the centre, on the gold (8, 0) and moved
/// 41.67 / 166.67 = a quarter of the way to the snake: (8.5, 0). Straight west: D1. From
/// D1 the snake is 7 away, beyond its perception, and only the gold (5 away, 100) is felt:
/// regroup toward I1, whose one step is E1 — back where it came from. It holds its ground
/// at D1 instead of hovering D1, E1, D1, E1.
#[test]
fn fear_then_love_does_not_make_it_hover() {
    let gold =
        r#"{"items":[{"id":"gold","name":"gold coins","kind":"treasure","at":"I1","weight":2}]}"#;
    let (events, f) = turn(
        &["..........."],
        &["kobold-1 kobold E1 8", "snake-1 snake K1 20"],
        gold,
        "kobold-1",
    );
    assert_eq!(chosen(&events), ["flee", "hold"]);
    assert_eq!(f.board.creatures[0].position, c("D1"));
}

/// A refused step leaves the other best-rated actions: the slinger (strength 5, fear
/// falloff 2, sling range 6) here rates advancing as high as attacking (`action_priority
/// = { advance = 400 }`), against the hero with an axe: fear 3000 / d², hate 1000 / d.
///
/// ```text
///   A B C D E
/// 1 h . . L .        h: the hero at A1; L: the slinger at D1
/// ```
/// Cycle 1, D1, 3 away: fear 333.33 does not outweigh hate 333.33: advance 400, tied with
/// the sling (attack 400); the fixed order puts the move first: to C1. Cycle 2, C1, 2 away:
/// fear 750 outweighs hate 500: flee 400, whose one step is D1, back where it came from,
/// so it is no option; the sling, also 400, is what is left: it attacks the hero, which
/// ends its turn (before this reading it backed off to D1 and came on again).
#[test]
fn a_refused_step_leaves_the_attack_it_was_tied_with() {
    use crate::board::load::load_board;
    use crate::compile::load_needs;
    use crate::tests::{TYPES, board, turn_of};
    let text = TYPES.replacen(
        "wound_fear = 1\n",
        "wound_fear = 1\naction_priority = { advance = 400 }\n",
        1,
    );
    let m = load_needs("t.toml", &text).unwrap();
    let board = board(&["....."], &["sling-1 slinger D1 10", "hero - A1 12"], AXE);
    let f = load_board("b.json", &board, &m).unwrap();
    let (events, f) = turn_of(&m, f, "sling-1");
    assert_eq!(chosen(&events), ["advance", "attack"]);
    assert_eq!(f.board.creatures[0].position, c("C1"));
}

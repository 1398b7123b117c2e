//! The need-driven file's finer knobs, worked by hand: fears, loves and hates keyed by a
//! monster type as well as a race, hated objects, one action's own priority (the seed's
//! scavenger), weapons and armour recognised apart, and equipment in any slot. Boards are
//! one row (columns A, B, C, ...); distances are steps.

use crate::board::Fight;
use crate::board::load::load_board;
use crate::compile::{NeedsMonsters, load_needs};
use crate::perceive::Sense;
use crate::rate::{Plan, Rating, Way};
use crate::systems::Monsters;
use crate::tests::{board, ratings_of, sense_of};

const TYPES: &str = r#"
format = 1
system = "needs"

# Fears its chief (a type of its own race) and hates it a little; hates rotten things.
[[monster]]
name = "kobold"
hp = 8
defence = 12
speed = 4
mind = "mind"
strength = 6
loves = {}
fears = { kobold-chief = 200 }
hates = { kobold-chief = 50, rot = 100 }
[[monster.attack]]
name = "spear"
reach = "melee"
damage = "1d6"

[[monster]]
name = "kobold-chief"
race = "kobold"
hp = 8
defence = 12
speed = 4
mind = "mind"
strength = 6
[[monster.attack]]
name = "spear"
reach = "melee"
damage = "1d6"

# The seed's scavenger: picking up outranks its other needs.
[[monster]]
name = "rat"
hp = 3
defence = 10
speed = 4
mind = "instinct"
strength = 2
hates = { bone = 300 }
actions = ["pick-up", "move", "attack"]
action_priority = { pick-up = 350 }
[[monster.attack]]
name = "bite"
reach = "melee"
damage = "1d3"

# Attacks what it hates below HIGHEST: its own priority for the action.
[[monster]]
name = "brute"
hp = 10
defence = 12
speed = 4
mind = "instinct"
strength = 10
hates = { kobold = 300 }
action_priority = { attack = 350 }
[[monster.attack]]
name = "club"
reach = "melee"
damage = "1d6"

# Sees swords for what they are, not armour.
[[monster]]
name = "guard"
hp = 10
defence = 12
speed = 4
mind = "mind"
strength = 10
recognises_weapons = true
recognises_armour = false
[[monster.attack]]
name = "club"
reach = "melee"
damage = "1d6"
"#;

fn fight(creatures: &[&str], needs: &str) -> (NeedsMonsters, Fight) {
    let m = load_needs("t.toml", TYPES).expect("the test types load");
    let text = board(&["......"], creatures, needs);
    let f = load_board("b.json", &text, &m).expect("the test board loads");
    assert!(m.check_state(&f).is_empty(), "{:?}", m.check_state(&f));
    (m, f)
}

fn look(m: &NeedsMonsters, f: &Fight, id: &str) -> (Sense, Vec<Rating>) {
    (sense_of(m, f, id), ratings_of(m, f, id))
}

fn feel(s: &Sense, of: &str) -> (f64, f64) {
    let e = s.entities.iter().find(|e| e.id == of).expect("perceived");
    (e.fear_love, e.hate)
}

fn rated<'a>(r: &'a [Rating], action: &str) -> &'a Rating {
    r.iter().find(|x| x.action == action).expect("rated")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

/// `K k . C`: kobold-1 at A1, kobold-2 (a kobold) at B1, the chief (race kobold) at D1.
/// Both are friends of the same race, strength 6 like itself, unarmed (danger 0 / 1):
/// - kobold-2, 1 away: (500 × 6/6 + 500 × 0/1) / 1 = 500; hate 0 (a friend).
/// - the chief, 3 away: (500 − 200 feared by type) / 3 = 100; hate 50 by type (its
///   race's rule would give 0) / 3 = 16.67.
#[test]
fn a_type_is_told_apart_from_its_race() {
    let (m, f) = fight(
        &[
            "kobold-1 kobold A1 8",
            "kobold-2 kobold B1 8",
            "chief kobold-chief D1 8",
        ],
        "{}",
    );
    let (s, _) = look(&m, &f, "kobold-1");
    let (fl, h) = feel(&s, "kobold-2");
    assert!(close(fl, 500.0) && close(h, 0.0), "{fl} {h}");
    let (fl, h) = feel(&s, "chief");
    assert!(close(fl, 100.0) && close(h, 16.67), "{fl} {h}");
}

/// `K . . . i`: a rotten idol (tag `rot`) 4 away is hated 100 / 4 = 25 and neither
/// feared nor loved. Hate 25 outweighs fear 0: the kobold advances toward E1 (HIGH 300,
/// to B1), but it cannot attack a thing: attack 0.
#[test]
fn an_object_can_be_hated_and_walked_at_but_not_attacked() {
    let (m, f) = fight(
        &["kobold-1 kobold A1 8"],
        r#"{"items":[{"id":"idol","kind":"other","at":"E1","tags":["rot"]}]}"#,
    );
    let (s, r) = look(&m, &f, "kobold-1");
    let (fl, h) = feel(&s, "idol");
    assert!(close(fl, 0.0) && close(h, 25.0), "{fl} {h}");
    let advance = rated(&r, "advance");
    assert_eq!(advance.rating, 300.0, "{advance:?}");
    assert_eq!(
        advance.plan,
        Some(Plan::Step(Way::Advance, vec![crate::tests::c("B1")]))
    );
    let attack = rated(&r, "attack");
    assert_eq!(attack.rating, 0.0);
    assert!(attack.why.contains("hates no creature"), "{}", attack.why);
}

/// `R . b`: the rat stands on a crumb; a bone 2 away is hated 300 / 2 = 150, so moving
/// is an advance (HIGH 300). Picking up would be NORMAL 200, but the rat's own priority
/// for it is 350: it picks the crumb up first.
#[test]
fn the_scavenger_ranks_picking_up_above_its_level() {
    let (m, f) = fight(
        &["rat-1 rat A1 3"],
        r#"{"items":[{"id":"crumb","kind":"treasure","at":"A1"},{"id":"bone","kind":"other","at":"C1","tags":["bone"]}]}"#,
    );
    let (_, r) = look(&m, &f, "rat-1");
    assert_eq!(rated(&r, "advance").rating, 300.0);
    let pick = rated(&r, "pick-up");
    assert_eq!(pick.rating, 350.0);
    assert!(
        pick.why.contains("its own priority for pick-up"),
        "{}",
        pick.why
    );
    assert_eq!(pick.plan, Some(Plan::PickUp(0)));
}

/// `G . H`: the guard (strength 10, unarmed: danger 1) sees the hero (strength 10) 2 away
/// with a sword (danger 4), plate (danger 6) and a ring (danger 2, slot `ring`), all
/// equipped. It recognises weapons, not armour; a ring counts when either is recognised:
/// −(500 × 10/10 + 500 × (4 + 2) / 1) / 2 = −(500 + 3000) / 2 = −1750.
#[test]
fn weapons_and_armour_are_recognised_apart() {
    let (m, f) = fight(
        &["guard-1 guard A1 10", "hero - C1 10"],
        r#"{"items":[
            {"id":"sword","kind":"weapon","carrier":"hero","equipped":true,"danger":4},
            {"id":"plate","kind":"armour","carrier":"hero","equipped":true,"danger":6},
            {"id":"ring","kind":"other","slot":"ring","carrier":"hero","equipped":true,"danger":2}]}"#,
    );
    let (s, _) = look(&m, &f, "guard-1");
    let (fl, _) = feel(&s, "hero");
    assert!(close(fl, -1750.0), "{fl}");
}

/// A kobold carrying only a ring (kind `other`, slot `ring`) puts it on: nothing is in its
/// ring slot, HIGH 300. Without a slot the same item could not be equipped.
#[test]
fn a_ring_is_equipped_in_its_slot() {
    let (m, f) = fight(
        &["kobold-1 kobold A1 8"],
        r#"{"items":[{"id":"ring","kind":"other","slot":"ring","carrier":"kobold-1","danger":1}]}"#,
    );
    let (_, r) = look(&m, &f, "kobold-1");
    let equip = rated(&r, "equip");
    assert_eq!(equip.rating, 300.0);
    assert_eq!(equip.plan, Some(Plan::Equip(0)));
    assert!(equip.why.contains("no ring equipped"), "{}", equip.why);
    let (m, f) = fight(
        &["kobold-1 kobold A1 8"],
        r#"{"items":[{"id":"ring","kind":"other","carrier":"kobold-1","danger":1}]}"#,
    );
    assert_eq!(rated(&look(&m, &f, "kobold-1").1, "equip").rating, 0.0);
}

/// `B K`: the brute hates the kobold next to it (300 / 1) and attacks at its own priority,
/// 350 rather than HIGHEST 400. That is an attack it wants, not fighting back because
/// nothing else can be done: only the fall-back attack is told as fighting back.
#[test]
fn an_attack_below_highest_is_not_fighting_back() {
    let (m, f) = fight(&["brute-1 brute A1 10", "kobold-1 kobold B1 8"], "{}");
    let (_, r) = look(&m, &f, "brute-1");
    let attack = rated(&r, "attack");
    assert!(close(attack.rating, 350.0), "{}", attack.rating);
    assert!(!attack.fights_back, "{}", attack.why);
}

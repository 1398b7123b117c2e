//! Need-driven monsters (seed 002), worked by hand: each test draws its board, works the
//! numbers out in its comment from the rules in docs/needs.md, then checks the program
//! agrees. Boards are one or a few rows; columns A, B, C, ... and rows 1, 2, ... as `show`
//! labels them. Distances are Chebyshev steps around walls; an item underfoot counts 1.
//!
//! The types (`TYPES` below), at full HP unless a test says otherwise:
//! - kobold: mind, strength 6, hp 8, perception 6, hates snakes 0, fears `holy` 600,
//!   loves treasure 500, regroup 0, capacity 20;
//! - snake: instinct, strength 12, hp 20, perception 8 (weights 500 + 500 = 1000);
//! - skeleton: mindless, strength 10, hp 10, race undead;
//! - slinger: mind, strength 5, hp 10, race goblin, friends kobolds, fear falloff 2, hate
//!   falloff 1, wound fear 1, sling range 6;
//! - jackal: mind, strength 5, fear falloff 2, melee only, speed 4;
//! - brute / clever: mind, strength 10, hp 10; the brute does not recognise equipment;
//! - wolf: instinct, strength 10, wound fear 3;
//! - a character (hero) has strength 10 and race `character`.

mod choices;
mod flee;
mod format;
mod readings;

use crate::board::Fight;
use crate::board::load::load_board;
use crate::chance::rng::GameRng;
use crate::compile::{NeedsMonsters, load_needs};
use crate::events::NeedsEvent;
use crate::grid::Cell;
use crate::perceive::{Centre, Ctx, Sense, perceive};
use crate::plane::Point;
use crate::rate::{Plan, Rating, Way, rate_all};
use crate::rules::events::Event;
use crate::rules::ties::{AutoChooser, TiePolicy};
use crate::rules::world::World;
use crate::state::read;
use crate::systems::Monsters;

pub(crate) const TYPES: &str = r#"
format = 1
system = "needs"

[[monster]]
name = "kobold"
hp = 8
defence = 12
speed = 4
mind = "mind"
strength = 6
perception = 6
hates = { snake = 0 }
fears = { holy = 600 }
regroup = 0
capacity = 20
[[monster.attack]]
name = "short sword"
reach = "melee"
damage = "1d6"

[[monster]]
name = "snake"
hp = 20
defence = 13
speed = 2
mind = "instinct"
strength = 12
[[monster.attack]]
name = "bite"
reach = "melee"
damage = "1d8"

[[monster]]
name = "skeleton"
hp = 10
defence = 13
speed = 3
mind = "mindless"
strength = 10
race = "undead"
[[monster.attack]]
name = "blade"
reach = "melee"
damage = "1d6"

[[monster]]
name = "slinger"
hp = 10
defence = 13
speed = 3
mind = "mind"
strength = 5
race = "goblin"
friends = ["kobold"]
falloff = { fear = 2, hate = 1 }
wound_fear = 1
[[monster.attack]]
name = "sling"
reach = "ranged"
damage = "1d4"
range = 6

[[monster]]
name = "jackal"
hp = 10
defence = 12
speed = 4
mind = "mind"
strength = 5
falloff = { fear = 2, hate = 1 }
[[monster.attack]]
name = "bite"
reach = "melee"
damage = "1d4"

[[monster]]
name = "brute"
hp = 10
defence = 12
speed = 3
mind = "mind"
strength = 10
recognises_equipment = false
[[monster.attack]]
name = "club"
reach = "melee"
damage = "1d6"

[[monster]]
name = "clever"
hp = 10
defence = 12
speed = 3
mind = "mind"
strength = 10
[[monster.attack]]
name = "club"
reach = "melee"
damage = "1d6"

[[monster]]
name = "wolf"
hp = 10
defence = 12
speed = 3
mind = "instinct"
strength = 10
wound_fear = 3
[[monster.attack]]
name = "bite"
reach = "melee"
damage = "1d6"
"#;

pub(crate) fn monsters() -> NeedsMonsters {
    load_needs("types.toml", TYPES).expect("the test types load")
}

/// A board from map rows, creatures (`id type cell hp`; type `-` for a character) and the
/// `systems.needs` object as JSON text.
pub(crate) fn board(map: &[&str], creatures: &[&str], needs: &str) -> String {
    let list: Vec<String> = creatures
        .iter()
        .map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            let (id, kind, cell, hp) = (w[0], w[1], w[2], w[3]);
            if kind == "-" {
                format!(r#"{{"id":"{id}","side":"players","position":"{cell}","hp":{hp}}}"#)
            } else {
                format!(
                    r#"{{"id":"{id}","type":"{kind}","side":"monsters","position":"{cell}","hp":{hp}}}"#
                )
            }
        })
        .collect();
    let rows: Vec<String> = map.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r#"{{"format":2,"grid":{{"kind":"square","width":{},"height":{}}},"map":[{}],"creatures":[{}],"systems":{{"needs":{needs}}}}}"#,
        map[0].len(),
        map.len(),
        rows.join(","),
        list.join(",")
    )
}

pub(crate) fn fight(map: &[&str], creatures: &[&str], needs: &str) -> (NeedsMonsters, Fight) {
    let m = monsters();
    let text = board(map, creatures, needs);
    let f = load_board("b.json", &text, &m).expect("the test board loads");
    assert!(m.check_state(&f).is_empty(), "{:?}", m.check_state(&f));
    (m, f)
}

pub(crate) fn sense_of(m: &NeedsMonsters, f: &Fight, id: &str) -> Sense {
    let state = read(f);
    let ctx = Ctx {
        fight: f,
        monsters: m,
        state: &state,
        crowd: None,
    };
    let i = f.index_of(id).unwrap();
    perceive(&ctx, i, ctx.kind(i).unwrap(), true)
}

pub(crate) fn ratings_of(m: &NeedsMonsters, f: &Fight, id: &str) -> Vec<Rating> {
    let state = read(f);
    let ctx = Ctx {
        fight: f,
        monsters: m,
        state: &state,
        crowd: None,
    };
    let i = f.index_of(id).unwrap();
    let t = ctx.kind(i).unwrap();
    let sense = perceive(&ctx, i, t, true);
    rate_all(&ctx, i, t, &sense)
}

pub(crate) fn rating(r: &[Rating], action: &str) -> f64 {
    r.iter()
        .find(|x| x.action == action)
        .unwrap_or_else(|| panic!("no rating `{action}` in {r:?}"))
        .rating
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

/// The fear/love and hate the monster `id` feels for entity `of`.
fn feel(s: &Sense, of: &str) -> (f64, f64) {
    let e = s.entities.iter().find(|e| e.id == of).expect("perceived");
    (e.fear_love, e.hate)
}

/// The nearest cell to a point on a square board.
fn cell_at(p: Point) -> Cell {
    Cell::new((p.0 + 0.5).floor() as i32, (p.1 + 0.5).floor() as i32)
}

/// A cell's point on a square board.
fn pt(col: i32, row: i32) -> Point {
    (f64::from(col), f64::from(row))
}

pub(crate) fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

pub(crate) const NONE: &str = "{}";

// ---- fear/love and hate by mind ---------------------------------------------------

/// `S . . K .`: the snake (instinct, strength 12) sees a kobold (strength 6) 3 away:
/// fear/love = -1000 × (6 / 12) / 3 = -166.67; hate (another race) = 1000 / 3 = 333.33.
#[test]
fn instinct_fears_an_enemy_by_strength_alone() {
    let (m, f) = fight(
        &["....."],
        &["snake-1 snake A1 20", "kobold-1 kobold D1 8"],
        NONE,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "snake-1"), "kobold-1");
    assert!(close(fl, -166.67) && close(h, 333.33), "{fl} {h}");
}

/// `S . S2`: a snake sees another snake 2 away at 10 of 20 HP: its perceived strength is
/// 12 × 0.5 = 6, so the love is 1000 × (6 / 12) / 2 = 250, and its own race is not hated.
#[test]
fn instinct_loves_its_own_race_and_a_hurt_friend_less() {
    let (m, f) = fight(
        &["....."],
        &["snake-1 snake A1 20", "snake-2 snake C1 10"],
        NONE,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "snake-1"), "snake-2");
    assert!(close(fl, 250.0) && h == 0.0, "{fl} {h}");
}

/// `Sk . H`: the mindless skeleton feels nothing (0) but hates the hero, of another race:
/// 1000 / 2 = 500.
#[test]
fn mindless_feels_no_fear_or_love_but_hates() {
    let (m, f) = fight(&["....."], &["skel-1 skeleton A1 10", "hero - C1 12"], NONE);
    let (fl, h) = feel(&sense_of(&m, &f, "skel-1"), "hero");
    assert!(fl == 0.0 && close(h, 500.0), "{fl} {h}");
}

const KOBOLD_ARMED: &str = r#"{"items":[
  {"id":"sword","kind":"weapon","carrier":"kobold-1","equipped":true,"danger":2,"weight":3},
  {"id":"leather","kind":"armour","carrier":"kobold-1","equipped":true,"danger":1,"weight":8},
  {"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4,"weight":4}]}"#;

/// `K . . . H`: an armed kobold (danger 2 + 1 = 3) sees the hero (strength 10, an axe of
/// danger 4) 4 away: -(500 × 10/6 + 500 × 4/3) / 4 = -(833.33 + 666.67) / 4 = -375;
/// hate 1000 / 4 = 250.
#[test]
fn mind_weighs_strength_and_equipment() {
    let (m, f) = fight(
        &["....."],
        &["kobold-1 kobold A1 8", "hero - E1 12"],
        KOBOLD_ARMED,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "kobold-1"), "hero");
    assert!(close(fl, -375.0) && close(h, 250.0), "{fl} {h}");
}

/// `K . K2`: an armed kobold (danger 3) sees a friend with danger 8 two away:
/// (500 × 6/6 + 500 × 8/3) / 2 = (500 + 1333.33) / 2 = 916.67.
#[test]
fn mind_loves_a_well_armed_friend() {
    let needs = r#"{"items":[
      {"id":"sword","kind":"weapon","carrier":"kobold-1","equipped":true,"danger":2},
      {"id":"leather","kind":"armour","carrier":"kobold-1","equipped":true,"danger":1},
      {"id":"spear","kind":"weapon","carrier":"kobold-2","equipped":true,"danger":4},
      {"id":"mail","kind":"armour","carrier":"kobold-2","equipped":true,"danger":4}]}"#;
    let (m, f) = fight(
        &["....."],
        &["kobold-1 kobold A1 8", "kobold-2 kobold C1 8"],
        needs,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "kobold-1"), "kobold-2");
    assert!(close(fl, 916.67) && h == 0.0, "{fl} {h}");
}

/// `K H`: an unarmed kobold counts its own danger as 1: -(500 × 10/6 + 500 × 4/1) / 1 =
/// -(833.33 + 2000) = -2833.33.
#[test]
fn an_unarmed_monster_divides_by_a_danger_of_one() {
    let needs =
        r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8", "hero - B1 12"], needs);
    let (fl, _) = feel(&sense_of(&m, &f, "kobold-1"), "hero");
    assert!(close(fl, -2833.33), "{fl}");
}

const HEAVY_HERO: &str = r#"{"items":[{"id":"greatsword","kind":"weapon","carrier":"hero","equipped":true,"danger":20}]}"#;

/// The "stupid" brute does not recognise weapons: against the hero (strength 10, as strong
/// as itself) with a greatsword of danger 20, fear is only -500 × 10/10 = -500, less than
/// the hate 1000: it attacks. The clever type, the same but for recognising equipment,
/// fears -(500 + 500 × 20/1) = -10500 and flees.
#[test]
fn the_stupid_monster_does_not_fear_weapons_and_attacks() {
    let (m, f) = fight(
        &["....."],
        &["brute-1 brute B1 10", "hero - C1 12"],
        HEAVY_HERO,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "brute-1"), "hero");
    assert!(close(fl, -500.0) && close(h, 1000.0), "{fl} {h}");
    let r = ratings_of(&m, &f, "brute-1");
    assert_eq!(rating(&r, "attack"), 400.0);

    let (m, f) = fight(
        &["....."],
        &["clever-1 clever B1 10", "hero - C1 12"],
        HEAVY_HERO,
    );
    let (fl, _) = feel(&sense_of(&m, &f, "clever-1"), "hero");
    assert!(close(fl, -10500.0), "{fl}");
    let r = ratings_of(&m, &f, "clever-1");
    assert_eq!(rating(&r, "flee"), 400.0);
}

/// `K . H`: a kobold at 4 of 8 HP perceives its own strength as 6 × 0.5 = 3, so an
/// unarmed hero 2 away is feared -(500 × 10/3 + 500 × 0/1) / 2 = -833.33.
#[test]
fn own_wounds_lower_own_strength_and_raise_fear() {
    let (m, f) = fight(&["....."], &["kobold-1 kobold A1 4", "hero - C1 12"], NONE);
    let (fl, _) = feel(&sense_of(&m, &f, "kobold-1"), "hero");
    assert!(close(fl, -833.33), "{fl}");
}

/// `Sl . H`: the slinger at 5 of 10 HP (own strength 2.5), wound fear 1, fear falloff 2,
/// against an unarmed hero 2 away: base 500 × 10/2.5 = 2000; wounds × (1 + 1 × 0.5) =
/// 3000; over 2² = -750. Hate falls off by 1: 1000 / 2 = 500.
#[test]
fn wound_fear_and_falloff_shape_the_fear() {
    let (m, f) = fight(&["....."], &["sling-1 slinger A1 5", "hero - C1 12"], NONE);
    let (fl, h) = feel(&sense_of(&m, &f, "sling-1"), "hero");
    assert!(close(fl, -750.0) && close(h, 500.0), "{fl} {h}");
}

/// The slinger counts kobolds as friends (its `friends` list): a kobold 2 away is loved
/// (500 × 6/5 + 500 × 0/1) / 2² = 600 / 4 = 150 (its fear/love falls off with the square
/// of the distance) and not hated.
#[test]
fn a_friends_list_makes_another_race_loved() {
    let (m, f) = fight(
        &["....."],
        &["sling-1 slinger A1 10", "kobold-1 kobold C1 8"],
        NONE,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "sling-1"), "kobold-1");
    assert!(close(fl, 150.0) && h == 0.0, "{fl} {h}");
}

/// A kobold's `hates = { snake = 0 }`: a snake 2 away is feared, -(500 × 12/6 + 0) / 2 =
/// -500, but not hated.
#[test]
fn a_per_type_hate_replaces_the_race_rule() {
    let (m, f) = fight(
        &["....."],
        &["kobold-1 kobold A1 8", "snake-1 snake C1 20"],
        NONE,
    );
    let (fl, h) = feel(&sense_of(&m, &f, "kobold-1"), "snake-1");
    assert!(close(fl, -500.0) && h == 0.0, "{fl} {h}");
}

/// Objects: gold 2 away is loved 500 / 2 = 250 and gold underfoot 500 / 1 = 500 (a
/// distance of 0 counts as 1); an idol of feel -300 three away is feared -100; holy water
/// (tag `holy`, which kobolds fear 600) 4 away, -150. The skeleton, mindless, feels nothing
/// for the idol.
#[test]
fn objects_are_loved_or_feared_by_kind_tag_and_feel() {
    let needs = r#"{"items":[
      {"id":"gold-1","kind":"treasure","at":"C1"},
      {"id":"gold-2","kind":"treasure","at":"A1"},
      {"id":"idol","kind":"other","at":"D1","feel":-300},
      {"id":"water","kind":"other","at":"E1","tags":["holy"]}]}"#;
    let (m, f) = fight(
        &["......"],
        &["kobold-1 kobold A1 8", "skel-1 skeleton F1 10"],
        needs,
    );
    let s = sense_of(&m, &f, "kobold-1");
    assert!(close(feel(&s, "gold-1").0, 250.0));
    assert!(close(feel(&s, "gold-2").0, 500.0));
    assert!(close(feel(&s, "idol").0, -100.0));
    assert!(close(feel(&s, "water").0, -150.0));
    assert_eq!(feel(&sense_of(&m, &f, "skel-1"), "idol").0, 0.0);
}

// ---- perception -------------------------------------------------------------------

/// The kobold perceives 6 steps: a hero 6 away is seen, one 7 away is not.
#[test]
fn perception_stops_at_the_radius() {
    let (m, f) = fight(
        &["........"],
        &["kobold-1 kobold A1 8", "hero - G1 12"],
        NONE,
    );
    assert_eq!(sense_of(&m, &f, "kobold-1").entities.len(), 1);
    let (m, f) = fight(
        &["........"],
        &["kobold-1 kobold A1 8", "hero - H1 12"],
        NONE,
    );
    assert!(sense_of(&m, &f, "kobold-1").entities.is_empty());
}

/// ```text
///   A B C D E
/// 1 . H . . .
/// 2 # # # # .
/// 3 . K . . .
/// ```
/// The hero is 2 rows up but the wall hides it (no line of sight), and around the wall it
/// is 6 steps away (B3-C3-D3-E2-D1-C1-B1): within reach, yet not perceived.
#[test]
fn walls_hide_a_creature() {
    let (m, f) = fight(
        &[".....", "####.", "....."],
        &["kobold-1 kobold B3 8", "hero - B1 12"],
        NONE,
    );
    assert!(sense_of(&m, &f, "kobold-1").entities.is_empty());
}

// ---- the centres -------------------------------------------------------------------

/// The seed's first picture: one entity, both centres on it.
#[test]
fn picture_one_entity_puts_both_centres_on_it() {
    let (m, f) = fight(
        &["........."; 9],
        &["kobold-1 kobold E8 8", "hero - B5 12"],
        NONE,
    );
    let s = sense_of(&m, &f, "kobold-1");
    assert_eq!(cell_at(s.fear_love.at.unwrap()), c("B5"));
    assert_eq!(cell_at(s.hate.at.unwrap()), c("B5"));
}

/// The seed's second picture: `.1..x..2.` with the monster below x. Two unarmed heroes
/// at B5 and H5, both 3 away from E8, are feared -(500 × 10/6 + 0) / 3 = -277.78 and
/// hated 333.33 alike. hero-1 comes first (same distance, id order): centre B5 (1, 4);
/// hero-2 brings the total to -555.56, so the centre moves 277.78 / 555.56 = 1/2 of the
/// way to H5 (7, 4): (4, 4) = E5, the cell x. The same for hate.
#[test]
fn picture_two_equal_entities_put_the_centres_at_the_midpoint() {
    let (m, f) = fight(
        &["........."; 9],
        &["kobold-1 kobold E8 8", "hero-1 - B5 12", "hero-2 - H5 12"],
        NONE,
    );
    let s = sense_of(&m, &f, "kobold-1");
    assert!(close(s.fear_love.total, -555.56), "{}", s.fear_love.total);
    assert_eq!(s.fear_love.at, Some((4.0, 4.0)));
    assert_eq!(s.hate.at, Some((4.0, 4.0)));
    assert_eq!(cell_at(s.hate.at.unwrap()), c("E5"));
}

/// The seed's third picture: `.1f.h..2.`. hero-1 now wields an axe (danger 4): fear
/// -(833.33 + 500 × 4/1) / 3 = -944.44; hero-2 stays -277.78. Centre after hero-1: (1, 4);
/// total -1222.22, so it moves 277.78 / 1222.22 = 0.2273 of 6 columns: x = 2.36, cell C5
/// (f, nearer 1). The hates are equal: the hate centre is at E5 (h).
#[test]
fn picture_three_the_stronger_fear_pulls_the_centre_the_hate_centre_stays() {
    let needs =
        r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero-1","equipped":true,"danger":4}]}"#;
    let (m, f) = fight(
        &["........."; 9],
        &["kobold-1 kobold E8 8", "hero-1 - B5 12", "hero-2 - H5 12"],
        needs,
    );
    let s = sense_of(&m, &f, "kobold-1");
    let (x, y) = s.fear_love.at.unwrap();
    assert!(close(x, 2.3636) && y == 4.0, "{x} {y}");
    assert_eq!(cell_at((x, y)), c("C5"));
    assert_eq!(cell_at(s.hate.at.unwrap()), c("E5"));
    assert_eq!(
        s.most_feared.map(|k| s.entities[k].id.as_str()),
        Some("hero-1")
    );
}

/// Three entities, step by step: 100 at (0, 0) places the centre; 200 at (6, 0): total
/// 300, moved 200/300 of the way: (4, 0); 300 at (0, 6): total 600, moved 300/600:
/// (2, 3) — the weighted mean (0·100 + 6·200 + 0·300) / 600 = 2, (6·300) / 600 = 3.
#[test]
fn the_centre_after_three_entities_is_the_weighted_mean() {
    let mut centre = Centre::default();
    centre.add(pt(0, 0), 100.0);
    centre.add(pt(6, 0), 200.0);
    let near = |at: Option<(f64, f64)>, x: f64, y: f64| {
        let (a, b) = at.unwrap();
        close(a, x) && close(b, y)
    };
    assert!(near(centre.at, 4.0, 0.0), "{:?}", centre.at);
    centre.add(pt(0, 6), 300.0);
    assert!(near(centre.at, 2.0, 3.0), "{:?}", centre.at);
    assert_eq!(centre.total, 600.0);
    // A fourth of value 0 changes nothing (min(600, 0) / 600 = 0).
    let before = centre.at;
    centre.add(pt(9, 9), 0.0);
    assert_eq!(centre.at, before);
}

/// Fear and love mixed, as the seed's rule has it: love 500 at (0, 0), then fear -250 at
/// (4, 0): the total is 250 and min(250, 250) / max = 1, so the centre moves all the way
/// to the feared entity (docs/needs.md explains this reading).
#[test]
fn mixed_fear_and_love_follow_the_seed_rule_literally() {
    let mut centre = Centre::default();
    centre.add(pt(0, 0), 500.0);
    centre.add(pt(4, 0), -250.0);
    assert_eq!(centre.at, Some((4.0, 0.0)));
    assert_eq!(centre.total, 250.0);
}

// ---- ratings ------------------------------------------------------------------------

/// `. K + . .`: a closed door next to the kobold: open NORMAL 200, lockpick 0. Locked:
/// lockpick 200, open 0.
#[test]
fn doors_are_opened_and_locks_picked_at_normal() {
    let (m, f) = fight(&["..+.."], &["kobold-1 kobold B1 8"], NONE);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "open"), 200.0);
    assert_eq!(rating(&r, "lockpick"), 0.0);
    let (m, f) = fight(
        &["..+.."],
        &["kobold-1 kobold B1 8"],
        r#"{"locked":["C1"]}"#,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "open"), 0.0);
    assert_eq!(rating(&r, "lockpick"), 200.0);
    let lock = r.iter().find(|x| x.action == "lockpick").unwrap();
    assert_eq!(lock.plan, Some(Plan::Lockpick(c("C1"))));
}

/// A kobold at 2 of 8 HP: condition 0.25, physical speed min(1, 2 × 0.25) = 0.5 (load 5 of
/// 20 does not slow it). Drop = NORMAL / 0.5 = 400; it drops the gold (not equipped)
/// before the equipped sword. Slowed, it would not pick anything up.
#[test]
fn a_badly_hurt_monster_drops_its_load_at_normal_over_speed() {
    let needs = r#"{"items":[
      {"id":"sword","kind":"weapon","carrier":"kobold-1","equipped":true,"danger":2,"weight":3},
      {"id":"gold","kind":"treasure","carrier":"kobold-1","weight":2},
      {"id":"gem","kind":"treasure","at":"A1","weight":1}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 2"], needs);
    let r = ratings_of(&m, &f, "kobold-1");
    let drop = r.iter().find(|x| x.action == "drop").unwrap();
    assert_eq!(drop.rating, 400.0);
    assert_eq!(drop.plan, Some(Plan::Drop(1)));
    assert_eq!(rating(&r, "pick-up"), 0.0);
}

/// Overloaded: a kobold (capacity 20) carrying an anvil of weight 25 has physical speed
/// 20 / 25 = 0.8: drop = 200 / 0.8 = 250.
#[test]
fn an_overloaded_monster_drops_at_normal_over_speed() {
    let needs = r#"{"items":[{"id":"anvil","kind":"other","carrier":"kobold-1","weight":25}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], needs);
    assert_eq!(rating(&ratings_of(&m, &f, "kobold-1"), "drop"), 250.0);
}

/// Underfoot: gold (weight 2) is picked up at NORMAL 200; an anvil of weight 25 would
/// slow it (25 > 20), so it is left (0).
#[test]
fn pick_up_what_lies_underfoot_unless_it_would_slow() {
    let gold = r#"{"items":[{"id":"gold","kind":"treasure","at":"A1","weight":2}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], gold);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "pick-up"), 200.0);
    let anvil = r#"{"items":[{"id":"anvil","kind":"other","at":"A1","weight":25}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], anvil);
    assert_eq!(rating(&ratings_of(&m, &f, "kobold-1"), "pick-up"), 0.0);
}

/// Equip is HIGH 300: the weapon first, then the armour, then nothing.
#[test]
fn equip_a_weapon_then_armour_at_high() {
    let both = r#"{"items":[
      {"id":"leather","kind":"armour","carrier":"kobold-1","danger":1},
      {"id":"sword","kind":"weapon","carrier":"kobold-1","danger":2}]}"#;
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], both);
    let r = ratings_of(&m, &f, "kobold-1");
    let equip = r.iter().find(|x| x.action == "equip").unwrap();
    assert_eq!(
        (equip.rating, equip.plan.clone()),
        (300.0, Some(Plan::Equip(1)))
    );
    let armed = both.replace(r#""danger":2}"#, r#""danger":2,"equipped":true}"#);
    let (m, f) = fight(&["..."], &["kobold-1 kobold A1 8"], &armed);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(
        r.iter().find(|x| x.action == "equip").unwrap().plan,
        Some(Plan::Equip(0))
    );
}

/// Nothing perceived: wander at LOW 100.
#[test]
fn nothing_felt_means_wander_at_low() {
    let (m, f) = fight(&["....."], &["kobold-1 kobold C1 8"], NONE);
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "wander"), 100.0);
    assert_eq!(rating(&r, "attack"), 0.0);
}

/// Only love: two snakes 5 apart (love 1000 × 12/12 / 5 = 200) — the snake regroups at
/// NORMAL 200, stepping to B1 toward F1. Two apart (within its default 3 steps of the
/// centre), it wanders instead at LOW 100.
#[test]
fn regroup_toward_love_unless_already_close() {
    let (m, f) = fight(
        &["........"],
        &["snake-1 snake A1 20", "snake-2 snake F1 20"],
        NONE,
    );
    let r = ratings_of(&m, &f, "snake-1");
    let regroup = r.iter().find(|x| x.action == "regroup").unwrap();
    assert_eq!(regroup.rating, 200.0);
    assert_eq!(regroup.plan, Some(Plan::Step(Way::Regroup, vec![c("B1")])));
    let (m, f) = fight(
        &["........"],
        &["snake-1 snake A1 20", "snake-2 snake C1 20"],
        NONE,
    );
    assert_eq!(rating(&ratings_of(&m, &f, "snake-1"), "wander"), 100.0);
}

/// `S . K . .`: the kobold fears the snake -(500 × 12/6 + 0) / 2 = -500 and hates it 0:
/// fear outweighs hate, flee at HIGHEST 400, one step straight away to D1.
#[test]
fn fear_over_hate_means_flee_at_highest() {
    let (m, f) = fight(
        &["....."],
        &["snake-1 snake A1 20", "kobold-1 kobold C1 8"],
        NONE,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    let flee = r.iter().find(|x| x.action == "flee").unwrap();
    assert_eq!(flee.rating, 400.0);
    assert_eq!(flee.plan, Some(Plan::Step(Way::Flee, vec![c("D1")])));
}

/// ```text
///   A B C D
/// 1 . . S .
/// 2 # # # K
/// 3 . . . .
/// ```
/// The kobold flees from the snake at C1 (the centre, (2, 0)): straight away from it is
/// south-east, (1, 1). D1 is next to the snake; of C3 (square to that way, cos 0) and D3
/// (45° off it, cos 0.71) D3 is the straighter: it goes to D3, past the wall's corner.
#[test]
fn flee_goes_straight_away_past_a_wall() {
    let (m, f) = fight(
        &["....", "###.", "...."],
        &["snake-1 snake C1 20", "kobold-1 kobold D2 8"],
        NONE,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    let flee = r.iter().find(|x| x.action == "flee").unwrap();
    assert_eq!(flee.plan, Some(Plan::Step(Way::Flee, vec![c("D3")])));
}

/// `K S`: a kobold in a dead end fears the snake (−(500 × 12/6 + 0) / 1 = −1000) but has
/// no step away: flee is 0, and it hates the snake 0, so attack is 0 too. With nothing else
/// to do and the snake within reach of its short sword, it fights back at LOW 100 rather
/// than stand still.
#[test]
fn a_cornered_monster_fights_back() {
    let (m, f) = fight(
        &[".."],
        &["kobold-1 kobold A1 8", "snake-1 snake B1 20"],
        NONE,
    );
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!(rating(&r, "flee"), 0.0);
    assert_eq!(rating(&r, "attack"), 100.0);
    let attack = r.iter().find(|x| x.action == "attack").unwrap();
    assert_eq!(attack.plan, Some(Plan::Attack("snake-1".into(), 0)));
    assert!(
        r.iter()
            .filter(|x| x.action != "attack")
            .all(|x| x.rating == 0.0),
        "{r:?}"
    );
}

/// `Sk . . . H`: hate 1000 / 4 = 250, no fear: advance at HIGH 300 to B1. Adjacent, the
/// hero is in reach of the blade: attack at HIGHEST 400, and no step gets closer.
#[test]
fn hate_means_advance_then_attack() {
    let (m, f) = fight(&["....."], &["skel-1 skeleton A1 10", "hero - E1 12"], NONE);
    let r = ratings_of(&m, &f, "skel-1");
    let adv = r.iter().find(|x| x.action == "advance").unwrap();
    assert_eq!(adv.rating, 300.0);
    assert_eq!(adv.plan, Some(Plan::Step(Way::Advance, vec![c("B1")])));
    assert_eq!(rating(&r, "attack"), 0.0);
    let (m, f) = fight(&["....."], &["skel-1 skeleton A1 10", "hero - B1 12"], NONE);
    let r = ratings_of(&m, &f, "skel-1");
    assert_eq!(rating(&r, "attack"), 400.0);
    assert_eq!(rating(&r, "advance"), 0.0);
}

/// The slinger (strength 5, unarmed so own danger 1) against the hero (strength 10, axe 4):
/// base 500 × 10/5 + 500 × 4/1 = 3000, fear 3000 / d², hate 1000 / d. At 2: 750 > 500,
/// flee. At 3: 333.33 = 333.33, not outweighed: the sling (range 6) reaches, attack 400.
/// At 5: fear 120 < hate 200, attack.
#[test]
fn the_ranged_monster_keeps_its_distance_and_shoots() {
    let needs =
        r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4}]}"#;
    let at = |cell: &str| {
        let (m, f) = fight(
            &["........"],
            &[&format!("sling-1 slinger {cell} 10"), "hero - A1 12"],
            needs,
        );
        ratings_of(&m, &f, "sling-1")
    };
    let r = at("C1");
    assert_eq!((rating(&r, "flee"), rating(&r, "attack")), (400.0, 400.0));
    let r = at("D1");
    assert_eq!(
        (rating(&r, "advance"), rating(&r, "attack")),
        (300.0, 400.0)
    );
    let r = at("F1");
    assert_eq!(rating(&r, "attack"), 400.0);
}

/// Hit-and-run: the wolf (instinct, strength 10, wound fear 3) next to a hero (strength
/// 10): whole, fear -1000 × 10/10 = -1000 is not more than hate 1000: attack 400. At 3
/// of 10 HP its own strength is 3 and the wounds multiply fear by 1 + 3 × 0.7 = 3.1:
/// -1000 × 10/3 × 3.1 = -10333.33 > 1000: flee 400, tied with attack, and flee comes
/// first in the fixed order.
#[test]
fn fear_of_wounds_turns_an_attacker_into_a_runner() {
    let (m, f) = fight(&["....."], &["wolf-1 wolf C1 10", "hero - B1 12"], NONE);
    let r = ratings_of(&m, &f, "wolf-1");
    assert_eq!((rating(&r, "attack"), rating(&r, "advance")), (400.0, 0.0));
    let (m, f) = fight(&["....."], &["wolf-1 wolf C1 3", "hero - B1 12"], NONE);
    let (fl, _) = feel(&sense_of(&m, &f, "wolf-1"), "hero");
    assert!(close(fl, -10333.33), "{fl}");
    let r = ratings_of(&m, &f, "wolf-1");
    assert_eq!((rating(&r, "flee"), rating(&r, "attack")), (400.0, 400.0));
}

/// Per-type priorities replace the numbers: a kobold whose priorities are 1, 2, 3, 4
/// rates a door 2 and wandering 1.
#[test]
fn priorities_are_a_per_type_setting() {
    let text = TYPES.replacen(
        "regroup = 0\n",
        "regroup = 0\npriorities = { low = 1, normal = 2, high = 3, highest = 4 }\n",
        1,
    );
    let m = load_needs("t.toml", &text).unwrap();
    let f = load_board(
        "b.json",
        &board(&["..+.."], &["kobold-1 kobold B1 8"], NONE),
        &m,
    )
    .unwrap();
    let r = ratings_of(&m, &f, "kobold-1");
    assert_eq!((rating(&r, "open"), rating(&r, "wander")), (2.0, 1.0));
}

// ---- whole turns ----------------------------------------------------------------------

/// Runs the turn of monster `id` and returns the events and the fight after it.
pub(crate) fn turn(map: &[&str], creatures: &[&str], needs: &str, id: &str) -> (Vec<Event>, Fight) {
    let (m, f) = fight(map, creatures, needs);
    turn_of(&m, f, id)
}

/// Runs the turn of monster `id` on fight `f` with the types `m`.
pub(crate) fn turn_of(m: &NeedsMonsters, mut f: Fight, id: &str) -> (Vec<Event>, Fight) {
    let kind = f.board.creatures[f.index_of(id).unwrap()]
        .kind
        .clone()
        .unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut chooser = AutoChooser(TiePolicy::First);
    let events = {
        let mut world = World::new(&mut f, &mut rng, &mut chooser, m);
        m.activate(&mut world, &kind, Some(&[id.to_string()]), None);
        world.take_events()
    };
    (events, f)
}

pub(crate) fn chosen(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e.system_event::<NeedsEvent>() {
            Some(NeedsEvent::NeedChosen { action, .. }) => Some(action.clone()),
            _ => None,
        })
        .collect()
}

/// The jackal (strength 5, fear falloff 2) against the hero with an axe: base 3000, fear
/// 3000 / d², hate 1000 / d. From B1 (5 away from G1): at 5, 120 < 200, advance to C1; at
/// 4, 187.5 < 250, advance to D1; at 3, 333.33 = 333.33, advance to E1; at 2, 750 > 500:
/// fear now outweighs hate and it would flee. Observing after every step turns the advance
/// into a retreat, but on this one-row board the only step away is back to D1, which
/// would undo the step it just took: it holds its ground at E1 for the rest of the turn.
#[test]
fn fear_grows_mid_turn_and_turns_the_advance_into_a_retreat() {
    let needs =
        r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4}]}"#;
    let (events, f) = turn(
        &["........"],
        &["jackal-1 jackal B1 10", "hero - G1 12"],
        needs,
        "jackal-1",
    );
    assert_eq!(chosen(&events), ["advance", "advance", "advance", "hold"]);
    assert_eq!(f.board.creatures[0].position, c("E1"));
}

/// `H . Sl . .`: the slinger 2 from the hero: fear 750 > hate 500, flee and attack both
/// 400, and flee comes first in the fixed order: from C1 to D1 (3 away; B1 would be 1).
/// There fear equals hate (333.33): the sling reaches, attack 400 over advance 300, and
/// the attack ends the turn.
#[test]
fn the_slinger_backs_off_then_shoots_and_the_attack_ends_the_turn() {
    let needs =
        r#"{"items":[{"id":"axe","kind":"weapon","carrier":"hero","equipped":true,"danger":4}]}"#;
    let (events, f) = turn(
        &["........"],
        &["sling-1 slinger C1 10", "hero - A1 12"],
        needs,
        "sling-1",
    );
    assert_eq!(chosen(&events), ["flee", "attack"]);
    assert_eq!(f.board.creatures[0].position, c("D1"));
    assert!(events.iter().any(|e| matches!(e, Event::Attack { .. })));
}

/// A kobold equips its sword (HIGH), then its armour, then wanders (the only free step
/// from A1 in `K..+`, remembered as E), then opens the door at D1: the state records the
/// equipment, the direction, and the door becomes an open-door terrain patch.
#[test]
fn a_lone_kobold_equips_wanders_and_opens_a_door() {
    let needs = r#"{"items":[
      {"id":"sword","kind":"weapon","carrier":"kobold-1","danger":2},
      {"id":"leather","kind":"armour","carrier":"kobold-1","danger":1}]}"#;
    let (events, f) = turn(&["...+.."], &["kobold-1 kobold A1 8"], needs, "kobold-1");
    assert_eq!(chosen(&events), ["equip", "equip", "wander", "wander"]);
    let (events2, f2) = {
        let m = monsters();
        let mut f = f;
        let mut rng = GameRng::from_seed(1);
        let mut chooser = AutoChooser(TiePolicy::First);
        let events = {
            let mut world = World::new(&mut f, &mut rng, &mut chooser, &m);
            m.activate(&mut world, "kobold", None, None);
            world.take_events()
        };
        (events, f)
    };
    assert_eq!(chosen(&events2)[0], "open");
    assert_eq!(f2.map.terrain(c("D1")), crate::grid::Terrain::OpenDoor);
    let state = read(&f2);
    assert!(state.items.iter().all(|i| i.equipped));
    assert_eq!(state.wander.get("kobold-1").map(String::as_str), Some("E"));
    assert_eq!(f2.board.terrain.len(), 1);
}

/// On a hex board (odd columns half a hex lower) the skeleton at A1 and the hero at A4 are
/// 3 apart down column A. From A1 the step S to A2 is 2 from A4 (SE to B1 would be 3):
/// it advances to A2, then A3 (adjacent), then attacks.
#[test]
fn a_hex_board_plays_the_same_rules() {
    let m = monsters();
    let text = r#"{"format":2,"grid":{"kind":"hex","width":3,"height":4},
      "creatures":[
        {"id":"skel-1","type":"skeleton","side":"monsters","position":"A1","hp":10},
        {"id":"hero","side":"players","position":"A4","hp":12}]}"#;
    let mut f = load_board("b.json", text, &m).unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut chooser = AutoChooser(TiePolicy::First);
    let events = {
        let mut world = World::new(&mut f, &mut rng, &mut chooser, &m);
        m.activate(&mut world, "skeleton", None, None);
        world.take_events()
    };
    assert_eq!(chosen(&events), ["advance", "advance", "attack"]);
    assert_eq!(f.board.creatures[0].position, c("A3"));
}

/// Ten rounds of every shipped type on a walled 24×24 board with items and heroes: no
/// panic, nobody ends in a wall or on another creature, and the state stays valid.
#[test]
fn a_dungeon_lives_for_ten_rounds() {
    let m = load_needs(
        "needs-dungeon.toml",
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemes/needs-dungeon.toml"
        ))
        .unwrap(),
    )
    .unwrap();
    let n = 24;
    let map: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match (r % 8, c % 6) {
                    (4, 2) => '+',
                    (4, _) => '#',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let kinds = [
        ("kobold", 8),
        ("giant-snake", 20),
        ("skeleton", 13),
        ("goblin-slinger", 7),
    ];
    let mut creatures = Vec::new();
    let mut items = Vec::new();
    for i in 0..24 {
        let (col, row) = ((i * 5) % n, (i * 7) % n);
        if row % 8 == 4 {
            continue;
        }
        let cell = Cell::new(col as i32, row as i32).name();
        if i % 6 == 5 {
            creatures.push(format!(
                r#"{{"id":"hero-{i}","side":"players","position":"{cell}","hp":12}}"#
            ));
        } else {
            let (k, hp) = kinds[i % 4];
            creatures.push(format!(
                r#"{{"id":"m-{i}","type":"{k}","side":"monsters","position":"{cell}","hp":{hp}}}"#
            ));
            items.push(format!(
                r#"{{"id":"gear-{i}","kind":"weapon","carrier":"m-{i}","danger":2,"weight":30}}"#
            ));
        }
        let (col, row) = ((i * 11 + 3) % n, (i * 13 + 1) % n);
        if row % 8 != 4 {
            let at = Cell::new(col as i32, row as i32).name();
            items.push(format!(
                r#"{{"id":"gold-{i}","kind":"treasure","at":"{at}","weight":2}}"#
            ));
        }
    }
    let text = format!(
        r#"{{"format":2,"grid":{{"kind":"square","width":{n},"height":{n}}},"map":[{}],"creatures":[{}],"systems":{{"needs":{{"items":[{}]}}}}}}"#,
        map.iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(","),
        creatures.join(","),
        items.join(",")
    );
    let mut f = load_board("b.json", &text, &m).unwrap();
    assert!(m.check_state(&f).is_empty());
    let mut rng = GameRng::from_seed(5);
    let mut chooser = AutoChooser(TiePolicy::First);
    for _ in 0..10 {
        let mut world = World::new(&mut f, &mut rng, &mut chooser, &m);
        for (k, _) in kinds {
            m.activate(&mut world, k, None, None);
        }
        assert!(!world.failed());
    }
    assert!(m.check_state(&f).is_empty(), "{:?}", m.check_state(&f));
    let mut seen = std::collections::HashSet::new();
    for c in &f.board.creatures {
        assert!(
            !f.map.terrain(c.position).blocks_movement(),
            "{} in a wall",
            c.id
        );
        assert!(seen.insert(c.position), "two creatures on {}", c.position);
    }
}

/// ```text
///   A  B  C  D  E      (no diagonal steps: Manhattan)
/// 1 .  .  .  .  .
/// 2 Sk Sk .  .  H
/// 3 .  .  .  .  .
/// ```
/// skel-1 at A2 hates the hero at E2, but its friend stands on B2, the only step that
/// shortens the straight way. Counting the way a walker must go around others, A2 is 6
/// from E2 (A1-B1-C1-D1-E1-E2 plus the step to A1) and A1 and A3 are 5, equally far from
/// the centre point in a straight line: both are listed for the tie policy (`first` takes
/// A1, first in reading order).
#[test]
fn a_monster_walks_around_a_friend_in_its_way() {
    let m = monsters();
    let text = board(
        &[".....", ".....", "....."],
        &[
            "skel-1 skeleton A2 10",
            "skel-2 skeleton B2 10",
            "hero - E2 12",
        ],
        NONE,
    )
    .replace(
        r#""kind":"square""#,
        r#""kind":"square","metric":"manhattan""#,
    );
    let f = load_board("b.json", &text, &m).unwrap();
    let r = ratings_of(&m, &f, "skel-1");
    let adv = r.iter().find(|x| x.action == "advance").unwrap();
    assert_eq!(
        adv.plan,
        Some(Plan::Step(Way::Advance, vec![c("A1"), c("A3")]))
    );
}

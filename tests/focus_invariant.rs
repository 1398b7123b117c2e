//! The focus solver never reports a focus it can attack while listing no way to attack
//! it (issue 11, point 4): on random hex boards (walls, obstacles, thin walls, traps,
//! allies, one to three enemies) with random cards (move, mobility, melee or ranged,
//! targets, areas), every focus has at least one outcome; a focus attackable this turn
//! is attacked (first) by each of its outcomes, and one that is not is headed for.

use crate::common::{coded_map, distinct_places};
use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::grid::Cell;
use monster_ai_focus::{AttackShape, Mobility, Pattern, Plan, Variant, solve};
use proptest::prelude::*;
use serde_json::json;

const AREAS: [&str; 5] = ["X//X", "X/  X/X", "X//X//X", "@//X//X", "@/  X/X"];

/// A hex board from a terrain code per cell (0 wall, 1 obstacle, 2 trap, else floor),
/// the places of the monster, its enemies and one ally, and thin walls below some cells.
/// `None` when the monster or every enemy is left out.
fn fight(w: usize, h: usize, terrain: &[u8], places: &[usize], thin: &[usize]) -> Option<Fight> {
    let code = |i: usize| terrain.get(i).copied().unwrap_or(9);
    let name = |i: usize| Cell::new((i % w) as i32, (i / w) as i32).name();
    let map = coded_map(w, h, terrain);
    let traps: Vec<_> = (0..w * h)
        .filter(|&i| code(i) == 2)
        .map(|i| json!({"cell": name(i), "side": "players", "damage": "3"}))
        .collect();
    let taken = distinct_places(w, h, places, |i| code(i) >= 2);
    if taken.len() < 2 {
        return None;
    }
    let mut creatures =
        vec![json!({"id": "M", "side": "monsters", "position": name(taken[0]), "hp": 5})];
    for (k, &i) in taken[1..].iter().enumerate() {
        let (id, side) = if k == 3 {
            ("ally".to_string(), "monsters")
        } else {
            (format!("E{k}"), "players")
        };
        creatures.push(json!({"id": id, "side": side, "position": name(i), "hp": 5}));
    }
    let thin_walls: Vec<_> = thin
        .iter()
        .map(|&i| i % (w * h))
        .filter(|&i| i + w < w * h)
        .map(|i| [name(i), name(i + w)])
        .collect();
    let text = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": w, "height": h},
        "map": map,
        "thin_walls": thin_walls,
        "traps": traps,
        "creatures": creatures,
    })
    .to_string();
    load_board("random", &text, Registry::builtin().no_monsters().as_ref()).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
    ))]

    #[test]
    fn an_attackable_focus_always_has_a_way(
        w in 3usize..9, h in 3usize..8,
        terrain in proptest::collection::vec(0u8..12, 72),
        places in proptest::collection::vec(0usize..72, 2..6),
        thin in proptest::collection::vec(0usize..72, 0..4),
        move_points in proptest::option::of(0u32..5),
        mobility in 0usize..4,
        flying in any::<bool>(),
        attack in proptest::option::of((0u32..4, 1u32..3, proptest::option::of(0usize..5))),
        muddled in any::<bool>(),
        variant in 0usize..3,
    ) {
        let Some(f) = fight(w, h, &terrain, &places, &thin) else { return Ok(()) };
        let plan = Plan {
            move_points,
            mobility: [Mobility::Walk, Mobility::Jump, Mobility::Fly, Mobility::Teleport][mobility],
            flying,
            muddled,
            attack: attack.map(|(range, targets, aoe)| AttackShape {
                range,
                targets,
                aoe: aoe.map(|k| Pattern::parse(AREAS[k]).unwrap()),
            }),
            ..Plan::default()
        };
        let me = f.index_of("M").unwrap();
        let s = solve(&f, me, &plan, Variant::ALL[variant]);
        for c in &s.choices {
            prop_assert!(!c.outcomes.is_empty(), "focus {} listed with no outcome", c.focus);
            for o in &c.outcomes {
                if c.attacks {
                    prop_assert_eq!(o.toward, None);
                    prop_assert_eq!(o.targets.first(), Some(&c.focus));
                } else if plan.attack.is_some() {
                    prop_assert!(o.toward.is_some(), "not attacking, yet not heading anywhere");
                    prop_assert!(o.targets.is_empty());
                }
            }
        }
    }
}

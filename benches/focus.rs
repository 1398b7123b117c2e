//! Speed of the Gloomhaven focus solver: `options` on a crowded 16×7 hex board with 16
//! characters, some walls, obstacles and traps, for a Move 7, Range 7, Target 5 ranged
//! triangle — and, for comparison, a plain melee attack on the same board.

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai::board::Fight;
use monster_ai::board::load::load_board;
use monster_ai::controllers::scheme::Scheme;
use monster_ai::rules::focus::{AttackShape, Pattern, Plan, Variant, solve};
use serde_json::json;
use std::hint::black_box;

fn crowded() -> Fight {
    let map = [
        "................",
        "...#......o.....",
        "...#.....~~.....",
        "..........o..#..",
        "......#......#..",
        "....o...........",
        "................",
    ];
    let heroes = [
        "H1", "J1", "L2", "N1", "P3", "O5", "M6", "K7", "I5", "G7", "F2", "H3", "J4", "L5", "N7",
        "P6",
    ];
    let mut creatures = vec![json!({"id": "ooze", "side": "monsters", "position": "B4", "hp": 8})];
    for (n, cell) in heroes.iter().enumerate() {
        creatures.push(
            json!({"id": format!("hero-{n}"), "side": "players", "position": cell, "hp": 10}),
        );
    }
    creatures.push(json!({"id": "guard", "side": "monsters", "position": "C5", "hp": 8}));
    let text = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 16, "height": 7},
        "map": map,
        "traps": [{"cell": "E3", "side": "players"}, {"cell": "G4", "side": "players"}],
        "creatures": creatures,
    })
    .to_string();
    load_board(
        "bench",
        &text,
        &Scheme {
            monsters: Vec::new(),
        },
    )
    .unwrap()
}

fn bench(c: &mut Criterion) {
    let fight = crowded();
    let ooze = fight.index_of("ooze").unwrap();
    let area = Plan {
        move_points: Some(7),
        attack: Some(AttackShape {
            range: 7,
            targets: 5,
            aoe: Some(Pattern::parse("X/  X/X").unwrap()),
        }),
        ..Plan::default()
    };
    let melee = Plan {
        move_points: Some(7),
        attack: Some(AttackShape {
            range: 1,
            targets: 1,
            aoe: None,
        }),
        ..Plan::default()
    };
    let s = solve(&fight, ooze, &area, Variant::Gloomhaven);
    assert!(!s.choices.is_empty());
    c.bench_function("focus: move 7, range 7, target 5, ranged triangle", |b| {
        b.iter(|| {
            solve(
                black_box(&fight),
                ooze,
                black_box(&area),
                Variant::Gloomhaven,
            )
        })
    });
    c.bench_function(
        "focus: move 7, range 7, target 5, triangle (frosthaven)",
        |b| {
            b.iter(|| {
                solve(
                    black_box(&fight),
                    ooze,
                    black_box(&area),
                    Variant::Frosthaven,
                )
            })
        },
    );
    c.bench_function("focus: move 7, melee", |b| {
        b.iter(|| {
            solve(
                black_box(&fight),
                ooze,
                black_box(&melee),
                Variant::Gloomhaven,
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

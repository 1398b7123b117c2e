//! Speed of the Gloomhaven focus solver: `options` on a crowded 16×7 hex board with 16
//! characters, some walls, obstacles and traps, for a Move 7, Range 7, Target 5 ranged
//! triangle — and, for comparison, a plain melee attack on the same board (also with the
//! map's memo already filled, as every monster after the first in a turn finds it); the same
//! triangle among 80 characters on a 24×10 board (more enemies than one machine word of
//! target bits holds, so the solver's wide target sets). The cold copies are made and
//! dropped outside the timing (`iter_batched_ref`): only `solve` is timed. Last, a whole
//! round of the shipped hex scenario `scenarios/crypt-gate.json` with `schemes/crypt.toml`:
//! cards drawn, turn order laid out, every monster type played (as `next` and `round` do).
//! And the largest board ability-deck monsters may have (docs/board.md, "Limits"): 996
//! grave wardens and three characters on 150×150 hexes, one turn of the wardens with a card
//! that moves them (each searches the board for its focus, moves toward it, and solves
//! again before it attacks). Target: about the two seconds of the other systems' largest
//! boards (issue 43; at 250×250, before the cap, a turn took 10 to 16 seconds).

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::chance::rng::GameRng;
use monster_ai_core::rules::events::Event;
use monster_ai_core::rules::ties::{AutoChooser, TiePolicy};
use monster_ai_core::rules::world::World;
use monster_ai_core::systems::Monsters;
use monster_ai_focus::{AttackShape, Pattern, Plan, Variant, solve};
use serde_json::json;
use std::hint::black_box;

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The crypt's ability-deck types, read as the commands read them (by the registry).
fn crypt_decks() -> Box<dyn Monsters> {
    Registry::builtin()
        .load("schemes/crypt.toml", &repo_file("schemes/crypt.toml"))
        .unwrap()
}

/// The shipped crypt scenario with its ability-deck types, stats prepared as the CLI does.
fn crypt_gate() -> (Fight, Box<dyn Monsters>) {
    let decks = crypt_decks();
    let mut fight = load_board(
        "scenarios/crypt-gate.json",
        &repo_file("scenarios/crypt-gate.json"),
        &*decks,
    )
    .unwrap();
    decks.prepare(&mut fight);
    (fight, decks)
}

/// One round: each type draws its card, the turn order is laid out by initiative, and
/// every type in it plays all its monsters (characters' cards are skipped: players act).
/// Returns the round's events.
fn crypt_round(fight: &mut Fight, decks: &dyn Monsters, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::from_seed(seed);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(fight, &mut rng, &mut chooser, decks);
    decks.order_round(&mut world);
    let order = world.fight().board.turn_order.clone();
    let kinds = decks.kinds();
    for name in &order {
        if kinds.contains(name) {
            decks.activate(&mut world, name, None, None);
        }
    }
    world.take_events()
}

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
    hex_board(json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 16, "height": 7},
        "map": map,
        "traps": [{"cell": "E3", "side": "players"}, {"cell": "G4", "side": "players"}],
        "creatures": creatures,
    }))
}

/// The board of a JSON value (no monster types).
fn hex_board(board: serde_json::Value) -> Fight {
    let no_types = Registry::builtin().no_monsters();
    load_board("bench", &board.to_string(), no_types.as_ref()).unwrap()
}

/// A 24×10 hex board with a few walls, the ooze at B5 and 80 characters over most of it.
fn throng() -> Fight {
    let mut map = vec![".".repeat(24); 10];
    for (row, col) in [(2, 5), (3, 5), (4, 5), (6, 12), (7, 12), (1, 18), (2, 18)] {
        map[row].replace_range(col..col + 1, "#");
    }
    let mut creatures = vec![json!({"id": "ooze", "side": "monsters", "position": "B5", "hp": 8})];
    let mut n = 0;
    for row in 0..10 {
        for col in (3..23).step_by(2) {
            let cell = monster_ai_core::grid::Cell::new(col + (row % 2), row);
            if n < 80 && map[row as usize].as_bytes()[cell.col as usize] == b'.' {
                creatures.push(json!({"id": format!("hero-{n}"), "side": "players", "position": cell.name(), "hp": 10}));
                n += 1;
            }
        }
    }
    assert_eq!(n, 80);
    hex_board(json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 24, "height": 10},
        "map": map,
        "creatures": creatures,
    }))
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
            range: 0,
            targets: 1,
            aoe: None,
        }),
        ..Plan::default()
    };
    let s = solve(&fight, ooze, &area, Variant::Gloomhaven);
    assert!(!s.choices.is_empty());
    c.bench_function("focus: move 7, range 7, target 5, ranged triangle", |b| {
        b.iter_batched_ref(
            || cold(&fight),
            |f| solve(black_box(f), ooze, black_box(&area), Variant::Gloomhaven),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function(
        "focus: move 7, range 7, target 5, triangle (frosthaven)",
        |b| {
            b.iter_batched_ref(
                || cold(&fight),
                |f| solve(black_box(f), ooze, black_box(&area), Variant::Frosthaven),
                criterion::BatchSize::SmallInput,
            )
        },
    );
    c.bench_function("focus: move 7, melee", |b| {
        b.iter_batched_ref(
            || cold(&fight),
            |f| solve(black_box(f), ooze, black_box(&melee), Variant::Gloomhaven),
            criterion::BatchSize::SmallInput,
        )
    });
    // As a turn after the first monster's sees it: the map's step masks already known.
    c.bench_function("focus: move 7, melee (terrain memo warm)", |b| {
        b.iter(|| {
            solve(
                black_box(&fight),
                ooze,
                black_box(&melee),
                Variant::Gloomhaven,
            )
        })
    });
    let throng = throng();
    let ooze = throng.index_of("ooze").unwrap();
    assert!(
        !solve(&throng, ooze, &area, Variant::Gloomhaven)
            .choices
            .is_empty()
    );
    c.bench_function("focus: 80 characters, triangle (wide target sets)", |b| {
        b.iter_batched_ref(
            || cold(&throng),
            |f| solve(black_box(f), ooze, black_box(&area), Variant::Gloomhaven),
            criterion::BatchSize::SmallInput,
        )
    });
}

fn bench_round(c: &mut Criterion) {
    let (fight, decks) = crypt_gate();
    let monsters = fight
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.is_some())
        .count();
    let probe = crypt_round(&mut fight.clone(), &*decks, 7);
    let turns = probe
        .iter()
        .filter(|e| matches!(e, Event::TurnStart { .. }))
        .count();
    assert_eq!(turns, monsters, "every monster takes its turn");
    assert!(probe.iter().any(|e| matches!(e, Event::Move { .. })));
    c.bench_function("ability decks: one round of crypt-gate", |b| {
        b.iter_batched(
            || cold(&fight),
            |mut f| crypt_round(&mut f, black_box(&*decks), 7).len(),
            criterion::BatchSize::SmallInput,
        )
    });
}

/// The largest ability-deck board: `wardens` grave wardens spread over an open `side`×`side`
/// hex board (every cell but the rim, in reading order, a fixed stride apart), then the
/// crypt's three characters after them, near the bottom edge.
fn largest(side: usize, wardens: usize) -> String {
    let cells: Vec<(usize, usize)> = (1..side - 1)
        .flat_map(|r| (1..side - 1).map(move |c| (c, r)))
        .collect();
    let step = cells.len() / (wardens + 3);
    let at = |k: usize| {
        let (c, r) = cells[k * step];
        monster_ai_core::grid::Cell::new(c as i32, r as i32).name()
    };
    let mut creatures: Vec<serde_json::Value> = ["vela", "tor", "mira"]
        .iter()
        .enumerate()
        .map(|(i, id)| json!({ "id": id, "side": "players", "position": at(wardens + i), "hp": 10, "max_hp": 10 }))
        .collect();
    creatures.extend((0..wardens).map(|i| {
        json!({ "id": format!("grave-warden-{}", i + 1), "type": "grave-warden", "side": "monsters", "position": at(i), "hp": 7 })
    }));
    json!({
        "format": 2,
        "grid": { "kind": "hex", "width": side, "height": side },
        "systems": { "ability-deck": { "initiatives": { "mira": 77, "tor": 40, "vela": 15 }, "level": 1 } },
        "creatures": creatures,
    })
    .to_string()
}

/// The wardens' turn of one round: the cards drawn and laid out, then every warden plays.
fn wardens_turn(fight: &mut Fight, decks: &dyn Monsters, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::from_seed(seed);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(fight, &mut rng, &mut chooser, decks);
    decks.order_round(&mut world);
    decks.activate(&mut world, "grave-warden", None, None);
    world.take_events()
}

fn bench_largest(c: &mut Criterion) {
    let decks = crypt_decks();
    // The largest board the limits allow (docs/board.md, "Limits").
    let side = 150;
    let wardens = 996;
    let mut fight = load_board("largest.json", &largest(side, wardens), &*decks).unwrap();
    decks.prepare(&mut fight);
    // A seed whose card moves the wardens (a card without a move costs less).
    let seed = (1..50)
        .find(|&s| {
            wardens_turn(&mut fight.clone(), &*decks, s)
                .iter()
                .any(|e| matches!(e, Event::Move { .. }))
        })
        .expect("some card moves the wardens");
    let probe = wardens_turn(&mut fight.clone(), &*decks, seed);
    let turns = probe
        .iter()
        .filter(|e| matches!(e, Event::TurnStart { .. }))
        .count();
    assert_eq!(turns, wardens, "every warden takes its turn");
    let mut group = c.benchmark_group("ability-decks-largest");
    group.sample_size(10);
    group.bench_function("996 wardens, 150x150 hexes, one turn with a move", |b| {
        b.iter_batched(
            || cold(&fight),
            |mut f| wardens_turn(&mut f, black_box(&*decks), seed).len(),
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// A copy of `fight` that has worked nothing out yet: no remembered ranges or sight.
fn cold(fight: &Fight) -> Fight {
    let mut f = fight.clone();
    f.map.forget_memo();
    f
}

criterion_group!(benches, bench, bench_round, bench_largest);
criterion_main!(benches);

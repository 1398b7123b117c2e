//! Speed of need-driven turns: 100 monsters of the shipped types (kobolds, snakes,
//! skeletons, slingers) on a 100×100 board with wall lines, 300 items on the floor and
//! 20 characters; one turn of every monster (each observes, rates and acts up to its
//! speed). Target: under 20 ms.
//!
//! And the largest board the limits allow: 999 kobolds (speed 10, perception 16, the
//! bounds) and a character on 250×250 cut into 5×5 rooms with doorways, 1000 items on
//! the floor: one turn. Target: under 2 s (issue 33; before the bounds, a board of the
//! then-allowed speed and perception 100 took minutes).

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::chance::rng::GameRng;
use monster_ai_core::grid::Cell;
use monster_ai_core::rules::ties::{AutoChooser, TiePolicy};
use monster_ai_core::rules::world::World;
use monster_ai_core::systems::Monsters;
use std::hint::black_box;

/// A need-driven monster file, read as the commands read it (by the registry).
fn load_monsters(file: &str, text: &str) -> Box<dyn Monsters> {
    Registry::builtin()
        .load(file, text)
        .expect("the monster file loads")
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The board: wall lines every 15 rows with a gap every 12 columns, 100 monsters, 20
/// characters, 300 items on free cells spread by a fixed stride.
fn dungeon(n: usize) -> String {
    let map: Vec<String> = (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    if row % 15 == 7 && col % 12 != 5 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let mut taken = std::collections::HashSet::new();
    let mut k = 0usize;
    let mut free = || loop {
        k += 1;
        let (col, row) = ((k * 7919) % n, (k * 104_729 / n) % n);
        if map[row].as_bytes()[col] == b'.' && taken.insert((col, row)) {
            return Cell::new(col as i32, row as i32).name();
        }
    };
    let kinds = ["kobold", "giant-snake", "skeleton", "goblin-slinger"];
    let hp = [8, 20, 13, 7];
    let mut creatures = Vec::new();
    for i in 0..100 {
        let cell = free();
        creatures.push(format!(
            r#"{{"id":"m-{i}","type":"{}","side":"monsters","position":"{cell}","hp":{}}}"#,
            kinds[i % 4],
            hp[i % 4]
        ));
    }
    for i in 0..20 {
        let cell = free();
        creatures.push(format!(
            r#"{{"id":"hero-{i}","side":"players","position":"{cell}","hp":12}}"#
        ));
    }
    let words = ["treasure", "weapon", "armour", "other"];
    let mut items = Vec::new();
    for i in 0..300 {
        let cell = free();
        items.push(format!(
            r#"{{"id":"item-{i}","kind":"{}","at":"{cell}","danger":{},"feel":{},"weight":{}}}"#,
            words[i % 4],
            if i % 4 == 1 || i % 4 == 2 { 2 } else { 0 },
            if i % 4 == 3 { -100 } else { 0 },
            1 + i % 5
        ));
    }
    board_text(n, &map, &creatures, &items)
}

/// A square board of side `n` from its map rows, creatures and items (JSON objects).
fn board_text(n: usize, map: &[String], creatures: &[String], items: &[String]) -> String {
    format!(
        r#"{{"format":2,"grid":{{"kind":"square","width":{n},"height":{n}}},"map":[{}],"creatures":[{}],"systems":{{"needs":{{"items":[{}]}}}},"rng":{{"seed":3,"position":0}}}}"#,
        map.iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(","),
        creatures.join(","),
        items.join(",")
    )
}

/// One turn of every type in `kinds` on a copy of `fight`; the number of events.
fn one_turn(fight: &Fight, monsters: &dyn Monsters, kinds: &[String]) -> usize {
    let mut f = fight.clone();
    let mut rng = GameRng::from_seed(3);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(&mut f, &mut rng, &mut chooser, monsters);
    for kind in kinds {
        monsters.activate(&mut world, kind, None, None);
    }
    world.events().len()
}

/// The largest board: rooms of 5×5 with a doorway in the middle of each wall.
fn largest() -> String {
    let n = 250usize;
    let wall = |c: usize, r: usize| {
        (r.is_multiple_of(6) && c % 6 != 3) || (c.is_multiple_of(6) && r % 6 != 3)
    };
    let map: Vec<String> = (0..n)
        .map(|r| (0..n).map(|c| if wall(c, r) { '#' } else { '.' }).collect())
        .collect();
    let free: Vec<(usize, usize)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (c, r)))
        .filter(|&(c, r)| !wall(c, r))
        .collect();
    let name = |(c, r): (usize, usize)| Cell::new(c as i32, r as i32).name();
    let step = free.len() / 1000;
    let mut creatures: Vec<String> = (0..999)
        .map(|i| {
            format!(
                r#"{{"id":"k-{i}","type":"kobold","side":"monsters","position":"{}","hp":8}}"#,
                name(free[i * step])
            )
        })
        .collect();
    creatures.push(format!(
        r#"{{"id":"aria","side":"players","position":"{}","hp":12}}"#,
        name(free[999 * step])
    ));
    let items: Vec<String> = (0..1000)
        .map(|i| {
            format!(
                r#"{{"id":"i-{i}","kind":"treasure","at":"{}","weight":1}}"#,
                name(free[i * step + step / 2])
            )
        })
        .collect();
    board_text(n, &map, &creatures, &items)
}

const FASTEST_KOBOLD: &str = r#"format = 1
system = "needs"
[[monster]]
name = "kobold"
hp = 8
defence = 12
speed = 10
mind = "mind"
strength = 6
perception = 16
[[monster.attack]]
name = "short sword"
reach = "melee"
damage = "1d6"
"#;

fn bench_largest(c: &mut Criterion) {
    let monsters = load_monsters("kobold.toml", FASTEST_KOBOLD);
    let monsters = monsters.as_ref();
    let fight = load_board("largest.json", &largest(), monsters).expect("the board loads");
    assert!(monsters.check_state(&fight).is_empty());
    let kinds = vec!["kobold".to_string()];
    let mut group = c.benchmark_group("needs-largest");
    group.sample_size(10);
    group.bench_function("999 kobolds, 250x250 rooms, 1000 items, one turn", |b| {
        b.iter(|| black_box(one_turn(&fight, monsters, &kinds)))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let monsters = load_monsters(
        "needs-dungeon.toml",
        &repo_file("schemes/needs-dungeon.toml"),
    );
    let monsters = monsters.as_ref();
    let text = dungeon(100);
    let fight = load_board("dungeon.json", &text, monsters).expect("the dungeon loads");
    assert!(monsters.check_state(&fight).is_empty());
    let kinds = monsters.kinds();
    c.bench_function("needs: 100 monsters, 100x100, 300 items, one turn", |b| {
        b.iter(|| black_box(one_turn(&fight, monsters, &kinds)))
    });
}

criterion_group!(benches, bench, bench_largest);
criterion_main!(benches);

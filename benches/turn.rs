//! Speed of monster turns: the shipped scenario end to end (parse, decide, serialise), a
//! round of 200 monsters on a 200×200 walled board, and, for comparison, one plain
//! breadth-first search (the floor a search can reach), one range search and one
//! movement field over that board. Last, one monster's turn on a 1000×1000 board holding
//! as many creatures as the limits allow there (50 monsters and 12 characters:
//! docs/board.md, "Limits"), and (only with `BENCH_HUGE_ROUND=1`) the whole round.

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::chance::rng::GameRng;
use monster_ai_core::grid::Cell;
use monster_ai_core::grid::path::{Passage, move_field};
use monster_ai_core::rules::ties::AutoChooser;
use monster_ai_core::rules::ties::TiePolicy;
use monster_ai_core::rules::world::World;
use monster_ai_core::systems::Monsters;
use std::hint::black_box;

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A copy of `fight` that has worked nothing out yet: no remembered ranges or sight.
fn cold(fight: &Fight) -> Fight {
    let mut f = fight.clone();
    f.map.forget_memo();
    f
}

/// The goblins' monster file, read as the commands read it (by the registry).
fn load_goblins(text: &str) -> Box<dyn Monsters> {
    Registry::builtin().load("goblins.toml", text).unwrap()
}

/// Every monster of the board takes its turn once, in board order.
fn play_round(monsters: &dyn Monsters, fight: &mut Fight, seed: u64) -> usize {
    play_turns(monsters, fight, seed, usize::MAX)
}

/// The first `count` monsters of the board take their turns, in board order, each as
/// `turn --monster ID` plays it.
fn play_turns(monsters: &dyn Monsters, fight: &mut Fight, seed: u64, count: usize) -> usize {
    let ids: Vec<(String, String)> = fight
        .board
        .creatures
        .iter()
        .filter_map(|c| Some((c.id.clone(), c.kind.clone()?)))
        .take(count)
        .collect();
    let mut rng = GameRng::from_seed(seed);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(fight, &mut rng, &mut chooser, monsters);
    for (id, kind) in &ids {
        monsters.activate(&mut world, kind, Some(std::slice::from_ref(id)), None);
    }
    world.events().len()
}

/// An `n`×`n` board: wall lines every 20 rows with a gap every 25 columns, `monsters`
/// Goblin Warriors in the top half and `characters` characters in the bottom half.
fn big_board(n: usize, monsters: usize, characters: usize) -> String {
    let mut map = Vec::new();
    for row in 0..n {
        let line: String = (0..n)
            .map(|col| {
                if row % 20 == 10 && col % 25 != 12 {
                    '#'
                } else if (row * 7 + col * 13) % 97 == 0 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect();
        map.push(line);
    }
    let mut creatures = Vec::new();
    let mut taken = std::collections::HashSet::new();
    let mut place = |i: usize, top: bool, map: &Vec<String>| -> Cell {
        let mut k = i * 7919;
        loop {
            let col = (k % n) as i32;
            let row = ((k / n) % (n / 2)) as i32 + if top { 0 } else { (n / 2) as i32 };
            k += 1;
            if map[row as usize].as_bytes()[col as usize] == b'.' && taken.insert((col, row)) {
                return Cell::new(col, row);
            }
        }
    };
    for i in 0..monsters {
        let c = place(i, true, &map);
        creatures.push(format!(
            r#"{{"id":"g{i}","type":"Goblin Warrior","side":"monsters","position":"{}","hp":7}}"#,
            c.name()
        ));
    }
    for i in 0..characters {
        let c = place(i + 1000, false, &map);
        creatures.push(format!(
            r#"{{"id":"p{i}","side":"players","position":"{}","hp":30,"defence":12}}"#,
            c.name()
        ));
    }
    format!(
        r#"{{"format":1,"grid":{{"kind":"square","width":{n},"height":{n}}},"map":{},"creatures":[{}]}}"#,
        serde_json::to_string(&map).unwrap(),
        creatures.join(",")
    )
}

/// The steps open from each cell, as flat arrays (`starts[i]..starts[i + 1]` indexes
/// `to`): what a plain breadth-first search walks.
struct Adjacency {
    starts: Vec<u32>,
    to: Vec<u32>,
}

fn adjacency(fight: &Fight) -> Adjacency {
    let grid = fight.grid();
    let mut starts = vec![0];
    let mut to = Vec::new();
    for a in grid.cells() {
        for b in grid.neighbours(a) {
            if fight.map.step_open(a, b) {
                to.push(grid.index(b) as u32);
            }
        }
        starts.push(to.len() as u32);
    }
    Adjacency { starts, to }
}

/// Steps from `from` to every cell by a plain breadth-first search with a FIFO queue.
fn plain_bfs(adj: &Adjacency, from: usize) -> Vec<u32> {
    let mut dist = vec![u32::MAX; adj.starts.len() - 1];
    let mut queue = Vec::with_capacity(dist.len());
    dist[from] = 0;
    queue.push(from as u32);
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head] as usize;
        head += 1;
        for &v in &adj.to[adj.starts[u] as usize..adj.starts[u + 1] as usize] {
            if dist[v as usize] == u32::MAX {
                dist[v as usize] = dist[u] + 1;
                queue.push(v);
            }
        }
    }
    dist
}

fn benches(c: &mut Criterion) {
    let goblins = repo_file("schemes/goblins.toml");
    let ambush = repo_file("scenarios/goblin-ambush.json");
    c.bench_function(
        "turn/goblin-ambush (parse, every monster, serialise)",
        |b| {
            b.iter(|| {
                let scheme = load_goblins(&goblins);
                let mut fight = load_board("ambush.json", &ambush, scheme.as_ref()).unwrap();
                play_round(scheme.as_ref(), &mut fight, 1);
                black_box(fight.to_json())
            })
        },
    );

    let scheme = load_goblins(&goblins);
    let scheme = scheme.as_ref();
    let big = load_board("big.json", &big_board(200, 200, 40), scheme).unwrap();
    let mut group = c.benchmark_group("200x200");
    group.sample_size(10);
    group.bench_function("round of 200 monsters", |b| {
        b.iter_batched(
            || cold(&big),
            |mut f| black_box(play_round(scheme, &mut f, 1)),
            criterion::BatchSize::LargeInput,
        )
    });
    let from = big.board.creatures[0].position;
    let adj = adjacency(&big);
    group.bench_function("one plain breadth-first search", |b| {
        b.iter(|| black_box(plain_bfs(&adj, big.grid().index(from))))
    });
    group.bench_function("one breadth-first range search", |b| {
        b.iter(|| black_box(big.map.range_distances(from)))
    });
    let none = vec![false; big.grid().len()];
    group.bench_function("one movement field", |b| {
        b.iter(|| {
            let p = Passage {
                map: &big.map,
                blocked: &none,
                avoided: &none,
                flying: false,
                floating: false,
                intangible: false,
                slides: None,
            };
            // A field is searched as it is read: search all of it.
            let field = move_field(&p, from);
            field.complete();
            black_box(field)
        })
    });
    group.finish();

    let huge = load_board("huge.json", &big_board(1000, 50, 12), scheme).unwrap_or_else(|e| {
        panic!(
            "the 1000×1000 board does not load: {}",
            e.to_string().lines().next().unwrap_or("")
        )
    });
    let mut group = c.benchmark_group("1000x1000");
    group.sample_size(10);
    group.bench_function("one turn among 50 monsters", |b| {
        b.iter_batched(
            || cold(&huge),
            |mut f| black_box(play_turns(scheme, &mut f, 1, 1)),
            criterion::BatchSize::LargeInput,
        )
    });
    let adj = adjacency(&huge);
    let from = huge.grid().index(huge.board.creatures[0].position);
    group.bench_function("one plain breadth-first search", |b| {
        b.iter(|| black_box(plain_bfs(&adj, from)))
    });
    if std::env::var_os("BENCH_HUGE_ROUND").is_some() {
        group.bench_function("round of 50 monsters", |b| {
            b.iter_batched(
                || cold(&huge),
                |mut f| black_box(play_round(scheme, &mut f, 1)),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(turn, benches);
criterion_main!(turn);

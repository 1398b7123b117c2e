//! Speed of a balance sweep (`simulate --vary`, issue 41 point 8): a 9-value sweep of the
//! Warg's HP (18 to 26, around its 22) with 1,000 goblin-ambush fights a value, against
//! the same 9 fights played as 9 plain 1,000-fight simulations, each loading its own
//! edited monster file and board as `simulate` would, in the same process on two
//! threads. The sweep reads and checks the files once and builds each value's monsters
//! once; its cost over the plain simulations is what it adds (the goal: at most 5%).

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai::fight::load_board_with;
use monster_ai::registry::Registry;
use monster_ai::simulate::sweep::{self, Asked, Base, Plan, Text};
use monster_ai::simulate::{Setup, characters, simulate};
use monster_ai_core::rules::ties::TiePolicy;
use std::hint::black_box;

// The allocator the binary uses (src/main.rs), so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Fights a value.
const RUNS: u64 = 1000;
/// The values of the Warg's HP.
const VALUES: std::ops::RangeInclusive<i64> = 18..=26;

fn read(path: &str) -> Text {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    Text {
        text: std::fs::read_to_string(&path).unwrap(),
        path,
    }
}

/// `text` with the Warg's `hp = 22` (monster file) or each Warg's `"hp": 22` (board)
/// written as `hp`.
fn warg_hp(text: &str, hp: i64) -> String {
    let mut out = String::new();
    let mut in_warg = false;
    for line in text.split_inclusive('\n') {
        if line.starts_with("name = ") {
            in_warg = line.trim() == "name = \"Warg\"";
        }
        if in_warg && line.starts_with("hp = 22") {
            out.push_str(&format!("hp = {hp}\n"));
        } else if line.contains("\"type\": \"Warg\"") {
            out.push_str(&line.replace("\"hp\": 22", &format!("\"hp\": {hp}")));
        } else {
            out.push_str(line);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let registry = Registry::builtin();
    let board = read("scenarios/goblin-ambush.json");
    let goblins = read("schemes/goblins.toml");
    let heroes = read("scenarios/goblin-ambush-heroes.toml");
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("sweep");
    group.sample_size(10);
    group.bench_function("9 plain simulations of 1000 goblin-ambush fights", |b| {
        b.iter(|| {
            two.install(|| {
                let mut wins = 0;
                for hp in VALUES {
                    let monsters = registry
                        .load(&goblins.path, &warg_hp(&goblins.text, hp))
                        .unwrap();
                    let mut fight =
                        load_board_with(&board.path, &warg_hp(&board.text, hp), monsters.as_ref())
                            .unwrap();
                    let heroes = characters(
                        &registry,
                        &mut fight,
                        monsters.as_ref(),
                        Some((&heroes.path, &heroes.text)),
                    )
                    .unwrap();
                    let setup = Setup {
                        fight: &fight,
                        monsters: monsters.as_ref(),
                        characters: heroes.as_ref(),
                        max_rounds: 30,
                        ties: TiePolicy::Random,
                    };
                    wins += simulate(&setup, 1, RUNS, &|| {}).outcomes.players.fights;
                }
                black_box(wins)
            })
        })
    });
    group.bench_function("a 9-value sweep of 1000 goblin-ambush fights", |b| {
        b.iter(|| {
            two.install(|| {
                let monsters = registry.load(&goblins.path, &goblins.text).unwrap();
                let fight = load_board_with(&board.path, &board.text, monsters.as_ref()).unwrap();
                let base = Base {
                    registry: &registry,
                    board: board.clone(),
                    monster_file: Some(goblins.clone()),
                    heroes: Some(heroes.clone()),
                    monsters,
                    fight,
                };
                let asked = Asked {
                    vary: vec![sweep::spec::parse_vary("warg.hp=18..26").unwrap()],
                    at: vec![0.6],
                    plan: Plan {
                        seed: 1,
                        runs: RUNS,
                        max_rounds: 30,
                        ties: TiePolicy::Random,
                        precision: None,
                        target: None,
                        shard: None,
                    },
                };
                match sweep::sweep(&base, &asked, &|| {}).unwrap() {
                    sweep::Outcome::Report(r) => black_box(r.rows.len()),
                    sweep::Outcome::Partial(_) => unreachable!("no shard"),
                }
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

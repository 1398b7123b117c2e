//! Speed of `simulate`: one whole goblin-ambush fight on one thread, and for every shipped
//! scenario whose system plays whole fights a batch of fights on two threads (rayon), from
//! which criterion gives fights per second (the table of issue 28; docs/ARCHITECTURE.md,
//! "Speed"). Scenarios `simulate` refuses are named and skipped.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use monster_ai::fight::load_fight_and_monsters;
use monster_ai::registry::Registry;
use monster_ai::simulate::{Setup, characters, play_fight, simulate};
use monster_ai_core::rules::ties::TiePolicy;
use std::hint::black_box;

// The allocator the binary uses (src/main.rs), so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Fights in one timed batch.
const BATCH: u64 = 200;

fn bench(c: &mut Criterion) {
    let registry = Registry::builtin();
    let dir = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut boards: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    boards.sort();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for path in &boards {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let path = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut fight, monsters) = load_fight_and_monsters(&registry, None, &path, &text).unwrap();
        if let Some(why) = monsters.cannot_simulate() {
            eprintln!("simulate/{name}: skipped, `simulate` refuses it ({why})");
            continue;
        }
        let heroes = characters(&registry, &mut fight, monsters.as_ref(), None).unwrap();
        let setup = Setup {
            fight: &fight,
            monsters: monsters.as_ref(),
            characters: heroes.as_ref(),
            max_rounds: 30,
            ties: TiePolicy::Random,
        };
        if name == "goblin-ambush" {
            let mut seed = 0u64;
            group.throughput(Throughput::Elements(1));
            group.bench_function("one goblin-ambush fight (1 thread)", |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(play_fight(&setup, seed, false).0.rounds)
                })
            });
        }
        group.throughput(Throughput::Elements(BATCH));
        group.bench_function(format!("{BATCH} {name} fights (2 threads)"), |b| {
            b.iter(|| two.install(|| black_box(simulate(&setup, 1, BATCH, &|| {}).rounds.median)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Speed of `simulate`: one whole goblin-ambush fight on one thread, and a batch of 200
//! fights on every core (rayon), from which fights per second follow.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use monster_ai::controllers::Registry;
use monster_ai::fight::load_fight_and_monsters;
use monster_ai::rules::ties::TiePolicy;
use monster_ai::simulate::{Setup, characters, play_fight, simulate};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let path = format!(
        "{}/scenarios/goblin-ambush.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let registry = Registry::builtin();
    let (mut fight, monsters) = load_fight_and_monsters(&registry, None, &path, &text).unwrap();
    let heroes = characters(&registry, &mut fight, monsters.as_ref(), None).unwrap();
    let setup = Setup {
        fight: &fight,
        monsters: monsters.as_ref(),
        characters: heroes.as_ref(),
        max_rounds: 30,
        ties: TiePolicy::Random,
    };
    let mut seed = 0u64;
    c.bench_function("simulate/one goblin-ambush fight (1 thread)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_fight(&setup, seed, false).0.rounds)
        })
    });
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(200));
    group.sample_size(10);
    group.bench_function("200 goblin-ambush fights (all cores)", |b| {
        b.iter(|| black_box(simulate(&setup, 1, 200, &|| {}).rounds.median))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

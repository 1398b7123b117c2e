//! Speed of one AI-deck monster turn on the shipped stag-hunt scenario, in-process: the
//! Gaunt Stag builds its deck, draws, picks, moves as a 2×2 block and attacks. A second
//! case starts from a board whose deck is already built (a turn in the middle of a fight).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::chance::rng::GameRng;
use monster_ai_core::rules::ties::{AutoChooser, TiePolicy};
use monster_ai_core::rules::world::World;
use monster_ai_core::systems::Monsters;
use std::hint::black_box;

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn turn(decks: &dyn Monsters, fight: &mut Fight, seed: u64) -> usize {
    let mut rng = GameRng::from_seed(seed);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(fight, &mut rng, &mut chooser, decks);
    decks.activate(&mut world, "gaunt-stag", None, None);
    world.events().len()
}

fn bench(c: &mut Criterion) {
    let decks = Registry::builtin()
        .load("gaunt-stag.toml", &repo_file("schemes/gaunt-stag.toml"))
        .unwrap();
    let fresh = load_board(
        "stag-hunt.json",
        &repo_file("scenarios/stag-hunt.json"),
        &*decks,
    )
    .unwrap();
    c.bench_function("ai-deck turn, stag hunt (deck built this turn)", |b| {
        b.iter_batched(
            || fresh.clone(),
            |mut f| black_box(turn(&*decks, &mut f, 3)),
            BatchSize::SmallInput,
        )
    });
    let mut built = fresh.clone();
    turn(&*decks, &mut built, 3);
    c.bench_function("ai-deck turn, stag hunt (deck already built)", |b| {
        b.iter_batched(
            || built.clone(),
            |mut f| black_box(turn(&*decks, &mut f, 4)),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

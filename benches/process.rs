//! Whole-process start-up: `monster-ai turn` of the shipped ambush (`--dry-run`) against
//! `monster-ai --version`, each a new process, as a user runs them; the first over the
//! second is the start-up ratio of issue 28 (goal: at most 1.5). The binary timed is the
//! one `cargo bench` builds (the release profile); `MONSTER_AI_BIN=PATH` times another,
//! such as the one `cargo install --path . --profile dist` installs.

use criterion::{Criterion, criterion_group, criterion_main};
use std::process::{Command, Stdio};

fn run(bin: &str, args: &[&str]) {
    let status = Command::new(bin)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{bin} {args:?} failed");
}

fn bench(c: &mut Criterion) {
    let bin = std::env::var("MONSTER_AI_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_monster-ai").to_string());
    let turn = [
        "turn",
        "schemes/goblins.toml",
        "scenarios/goblin-ambush.json",
        "--dry-run",
    ];
    let mut group = c.benchmark_group("process");
    group.bench_function("--version", |b| b.iter(|| run(&bin, &["--version"])));
    group.bench_function("turn of the goblin ambush (--dry-run)", |b| {
        b.iter(|| run(&bin, &turn))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

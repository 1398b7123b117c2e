//! What a command writes, every command reads (SPEC §10): long seeded random sequences of
//! the commands players and monsters use (next, round, turn, hit, heal, move, status, gold,
//! add, remove, each system's record words, door, item, undo), played on a copy of every
//! shipped scenario, each command checked as `sequences/driver.rs` says. The commands run
//! in this process through the binary's own entry point: a few thousand of them, each
//! followed by `check`, `show`, `next --dry-run` and `undo`, take seconds, where as many
//! processes would take minutes.
//!
//! More than CI's share (docs/fuzzing.md, "Command sequences"):
//!
//! ```sh
//! SEQUENCE_SEEDS=200 cargo test --release --test integration sequences:: -- --nocapture
//! ```
//!
//! `SEQUENCE_SEEDS` sequences per scenario (default 2), from seed `SEQUENCE_SEED` on
//! (default 1), each of `SEQUENCE_LENGTH` commands (default 110); `SEQUENCE_SCENARIO=NAME`
//! plays only the scenarios whose file name holds NAME. A failure prints the scenario, the
//! seed and the commands to replay it from a shell.

mod driver;

use driver::{Failure, Seeded, Table};
use monster_ai::registry::Registry;
use std::collections::BTreeMap;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seed of sequence `seed` on `scenario`: the scenario's name mixed in, so each
/// scenario's sequences differ while one (scenario, seed) pair always plays the same.
fn mixed(scenario: &str, seed: u64) -> u64 {
    scenario.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) ^ seed
}

/// Every shipped scenario played by seeded random sequences: none may write a board some
/// command then refuses, or change the board when it refuses.
#[test]
fn every_command_reads_what_any_command_wrote() {
    let seeds = setting("SEQUENCE_SEEDS", 2);
    let first = setting("SEQUENCE_SEED", 1);
    let length = setting("SEQUENCE_LENGTH", 110) as usize;
    let only = std::env::var("SEQUENCE_SCENARIO").unwrap_or_default();
    let scenarios: Vec<_> = crate::common::tracked("scenarios")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| p.to_string_lossy().contains(&only))
        .collect();
    assert!(!scenarios.is_empty(), "no scenario matches `{only}`");
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let registry = Registry::builtin();
    let started = std::time::Instant::now();
    let results: Vec<(usize, Vec<Failure>, driver::Tally)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut commands = 0;
                    let mut failures = Vec::new();
                    let mut tally = driver::Tally::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(path) = scenarios.get(k) else { break };
                        let name = path.file_name().unwrap().to_string_lossy().to_string();
                        let root = std::env::temp_dir().join(format!(
                            "monster-ai-sequences-{}-{name}",
                            std::process::id()
                        ));
                        let table = Table::lay(&crate::common::repo(), path, root);
                        for seed in first..first + seeds {
                            table.reset();
                            let mut source = Seeded(mixed(&name, seed));
                            match driver::play(&registry, &table, &mut source, length, &mut tally) {
                                Ok(played) => commands += played.len(),
                                Err(mut f) => {
                                    commands += f.commands.len();
                                    f.seed = Some(seed);
                                    failures.push(f);
                                }
                            }
                        }
                        table.clear();
                    }
                    (commands, failures, tally)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let commands: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<&Failure> = results.iter().flat_map(|r| &r.1).collect();
    let mut tally = driver::Tally::new();
    for (word, (done, refused)) in results.iter().flat_map(|r| &r.2) {
        let t = tally.entry(word.clone()).or_default();
        t.0 += done;
        t.1 += refused;
    }
    eprintln!(
        "{commands} commands on {} scenarios in {:.1?}; {} sequences failed",
        scenarios.len(),
        started.elapsed(),
        failures.len()
    );
    for (word, (done, refused)) in &tally {
        eprintln!("  {word}: {done} done, {refused} refused");
    }
    if failures.is_empty() {
        return;
    }
    // Each distinct problem once, with its shortest replay.
    let mut distinct: BTreeMap<String, (usize, &Failure)> = BTreeMap::new();
    for f in &failures {
        let key = f.what.lines().next().unwrap_or("").to_string();
        let e = distinct.entry(key).or_insert((0, f));
        e.0 += 1;
        if f.commands.len() < e.1.commands.len() {
            e.1 = f;
        }
    }
    let mut report = String::new();
    for (n, f) in distinct.values() {
        report.push_str(&format!("\n== {n} time(s): {f}"));
    }
    panic!(
        "{} of the sequences failed, {} distinct ways:{report}",
        failures.len(),
        distinct.len()
    );
}

/// The fuzz target's source (`fuzz/fuzz_targets/sequences.rs`): its bytes choose the
/// commands, and the sequence ends with them.
#[test]
fn a_fuzzers_bytes_play_a_sequence_that_ends_with_them() {
    let repo = crate::common::repo();
    let root = std::env::temp_dir().join(format!("monster-ai-bytes-{}", std::process::id()));
    let table = Table::lay(&repo, &repo.join("scenarios/goblin-ambush.json"), root);
    let bytes: Vec<u8> = (0..=255u8).rev().cycle().step_by(7).take(120).collect();
    let played = driver::play(
        &Registry::builtin(),
        &table,
        &mut driver::Bytes(&bytes),
        1000,
        &mut driver::Tally::new(),
    )
    .unwrap_or_else(|f| panic!("{f}"));
    table.clear();
    assert!(!played.is_empty() && played.len() < 120, "{}", played.len());
}

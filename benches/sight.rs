//! Speed of exact hex line of sight: the whole sight table (every ordered pair of cells)
//! of a 16×7 hex board with many walls and thin walls, under the any-point rule and,
//! for comparison, the corner-to-corner rule.

use criterion::{Criterion, criterion_group, criterion_main};
use monster_ai_core::grid::sight::{HexSight, line_of_sight};
use monster_ai_core::grid::{Cell, Grid, GridKind, Terrain, TerrainMap};
use std::hint::black_box;

// `walled_board`: the board is shared with the sight tests (`grid::sight`).
include!("boards/walled_hex.rs");

/// Counts the pairs that see each other.
fn table(m: &TerrainMap, rule: HexSight) -> usize {
    let cells: Vec<Cell> = m.grid.cells().collect();
    let mut seen = 0;
    for &a in &cells {
        for &b in &cells {
            seen += usize::from(line_of_sight(m, a, b, rule));
        }
    }
    seen
}

fn benches(c: &mut Criterion) {
    let m = walled_board();
    let mut group = c.benchmark_group("sight 16x7 hex");
    group.sample_size(10);
    // Each run starts without the map's memo of sight, so the rule itself is measured.
    let fresh = || {
        let mut m = m.clone();
        m.forget_memo();
        m
    };
    group.bench_function("all pairs, any point", |b| {
        b.iter_batched(
            fresh,
            |m| black_box(table(&m, HexSight::AnyPoint)),
            criterion::BatchSize::SmallInput,
        )
    });
    group.bench_function("all pairs, corner to corner", |b| {
        b.iter_batched(
            fresh,
            |m| black_box(table(&m, HexSight::CornerToCorner)),
            criterion::BatchSize::SmallInput,
        )
    });
    // Asked again of the same terrain (as `simulate`'s fights do), sight is remembered.
    let warm = fresh();
    table(&warm, HexSight::AnyPoint);
    group.bench_function("all pairs, any point, remembered", |b| {
        b.iter(|| black_box(table(&warm, HexSight::AnyPoint)))
    });
    group.finish();
}

criterion_group!(sight, benches);
criterion_main!(sight);

// The walled 16×7 hex board that `benches/sight.rs` times and the sight tests in
// `src/grid/los.rs` check pair by pair; included by both, so it names only `Cell`,
// `Grid`, `GridKind`, `Terrain` and `TerrainMap`, which both bring into scope.

/// A 16×7 hex board: wall runs, scattered pillars and thin walls, one in five hexes a wall.
fn walled_board() -> TerrainMap {
    let map = [
        "................",
        "...#......#.....",
        "...#..##..#..#..",
        "......#.........",
        ".##.......##..#.",
        "....#..#.....#..",
        "....#......#....",
    ];
    let mut m = TerrainMap::new(Grid::new(GridKind::Hex, 16, 7));
    for (row, line) in map.iter().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch == '#' {
                m.set(Cell::new(col as i32, row as i32), Terrain::Wall);
            }
        }
    }
    for (a, b) in [
        ((7, 1), (8, 1)),
        ((12, 5), (12, 6)),
        ((1, 1), (2, 1)),
        ((9, 4), (9, 5)),
    ] {
        m.add_thin_wall(Cell::new(a.0, a.1), Cell::new(b.0, b.1));
    }
    m
}

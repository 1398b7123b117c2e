//! Line of sight on every kind of board, held to plain references.

use super::blockers::Walls;
use super::*;
use crate::grid::geom::{self, P};
use crate::grid::terrain::tests::{below_from, c, find, map};
use crate::grid::{Grid, Metric, Terrain};

const SQ: GridKind = GridKind::Square(Metric::Chebyshev);
const CC: HexSight = HexSight::CornerToCorner;
const ANY: HexSight = HexSight::AnyPoint;

fn sees(rows: &str, kind: GridKind, rule: HexSight) -> bool {
    let m = map(kind, rows);
    let (a, b) = (find(rows, 'a'), find(rows, 'b'));
    let there = line_of_sight(&m, a, b, rule);
    assert_eq!(there, line_of_sight(&m, b, a, rule), "symmetry");
    there
}

#[test]
fn square_basics() {
    assert!(sees("a...b", SQ, CC));
    assert!(sees("ab", SQ, CC), "neighbours");
    assert!(sees("a\nb", SQ, CC));
    assert!(sees("a.o.b", SQ, CC), "obstacles do not block");
    let wall = "
        ..#..
        a.#.b
        ..#..
    ";
    assert!(!sees(wall, SQ, CC), "a wall three squares tall");
    assert!(
        !sees(&wall.replace("a.#.b", "a.D.b"), SQ, CC),
        "closed door in a wall"
    );
    assert!(sees(&wall.replace("a.#.b", "a.d.b"), SQ, CC), "open door");
    let m = map(SQ, "#.");
    assert!(
        !line_of_sight(&m, c("A1"), c("B1"), CC),
        "a wall cell sees nothing"
    );
    assert!(line_of_sight(&m, c("A1"), c("A1"), CC), "but itself");
    assert!(!line_of_sight(&m, c("B1"), c("C1"), CC), "off the board");
}

#[test]
fn square_lines_along_and_around_walls() {
    // A lone pillar: the lines along its top and bottom faces are not blocked.
    assert!(sees(".....\na.#.b\n.....", SQ, CC));
    // A pillar two squares tall still leaves its top face; three tall leaves nothing.
    assert!(sees(".....\na.#.b\n..#..", SQ, CC));
    assert!(!sees("..#..\na.#.b\n..#..", SQ, CC));
    // Two walls meeting at a corner close the diagonal gap, as for movement.
    assert!(!sees("a#\n#b", SQ, CC));
    assert!(!sees("a#.\n#..\n..b", SQ, CC));
    // One wall beside the diagonal: the centre line grazes its corner and sees.
    assert!(sees("a#\n.b", SQ, CC));
    // A corridor bending round a corner: deep inside no line gets round, near the
    // bend lines graze the inner corner.
    let rows = "
        ######
        a....#
        ####.#
        ####b#
    ";
    assert!(!sees(rows, SQ, CC));
    let m = map(SQ, rows);
    assert!(!line_of_sight(&m, c("B2"), c("E4"), CC));
    assert!(
        line_of_sight(&m, c("C2"), c("E4"), CC),
        "a line through both inner corners"
    );
    assert!(line_of_sight(&m, c("D2"), c("E4"), CC));
    assert!(
        line_of_sight(&m, c("D2"), c("E3"), CC),
        "diagonal neighbours round the bend"
    );
}

#[test]
fn square_thin_walls() {
    let mut m = map(SQ, "...\n...\n...");
    m.add_thin_wall(c("A2"), c("B2"));
    assert!(m.thin_walls().count() == 1);
    // A lone thin wall: lines past its tips still join the two cells.
    assert!(line_of_sight(&m, c("A2"), c("B2"), CC));
    assert!(line_of_sight(&m, c("A2"), c("C2"), CC));
    // A wall line across the board separates the columns completely.
    m.add_thin_wall(c("A1"), c("B1"));
    m.add_thin_wall(c("A3"), c("B3"));
    for b in ["B2", "C2"] {
        assert!(!line_of_sight(&m, c("A2"), c(b), CC), "{b}");
    }
    assert!(
        line_of_sight(&m, c("A1"), c("A3"), CC),
        "along the wall on one side"
    );
    // At the board's edge the area outside is open: lines reach the wall's end there.
    assert!(line_of_sight(&m, c("A1"), c("B1"), CC));
    assert!(
        line_of_sight(&m, c("A2"), c("B1"), CC),
        "to B1's corner at the wall's end"
    );
    // A thin wall meeting a wall's corner closes the gap between them.
    // (The centre line A2-B1 passes exactly between the wall's tip and B2's corner.)
    let mut g = map(SQ, "...\n.#.\n...");
    let centre_line =
        |g: &TerrainMap| Sight::new(g, c("A2"), c("B1")).segment_clear((1, 3), (3, 1));
    assert!(centre_line(&g));
    g.add_thin_wall(c("A1"), c("B1"));
    assert!(!centre_line(&g));
    // A thin wall between diagonal cells has no edge and is ignored.
    let mut d = map(SQ, "..\n..");
    d.add_thin_wall(c("A1"), c("B2"));
    assert!(line_of_sight(&d, c("A1"), c("B2"), CC));
}

//  Flat-topped hexes, odd columns half a hex lower:
//   __    __
//  /A1\__/C1\
//  \__/B1\__/
//  /A2\__/C2\
//  \__/B2\__/
#[test]
fn hex_corner_to_corner() {
    assert!(sees("a.b", GridKind::Hex, CC));
    assert!(sees("ab", GridKind::Hex, CC));
    // B1 sits below the line A1-C1: the top corners see past it.
    assert!(sees("a#b", GridKind::Hex, CC));
    assert!(
        !sees(".#.\na#b", GridKind::Hex, CC),
        "column B walled from row 1 to 2"
    );
    assert!(sees("a.b\n.#.", GridKind::Hex, CC));
    assert!(sees("a.b\n.#.", GridKind::Hex, ANY));
    // Straight down a column: every line crosses the wall hex's widest row.
    assert!(!sees(
        "
        a.
        #.
        ..
        b.
    ",
        GridKind::Hex,
        ANY
    ));
    // The line along the top corners of A1 and C1 passes above B1's top edge.
    let mut m = map(GridKind::Hex, "a#b\n...");
    m.add_thin_wall(c("B1"), Cell::new(1, -1));
    assert!(line_of_sight(&m, c("A1"), c("C1"), CC));
}

#[test]
fn hex_thin_walls() {
    let mut m = map(GridKind::Hex, "...\n...\n...");
    m.add_thin_wall(c("A2"), c("B2"));
    // Past a lone wall's tips (its end corners are unusable, the others are not).
    assert!(line_of_sight(&m, c("A2"), c("B2"), CC));
    // A hex walled in on all six sides sees nobody, under either rule.
    for n in m.grid.neighbours(c("B2")) {
        m.add_thin_wall(c("B2"), n);
    }
    for x in m.grid.cells().filter(|&x| x != c("B2")) {
        assert!(!line_of_sight(&m, c("B2"), x, CC), "{x}");
        assert!(!line_of_sight(&m, c("B2"), x, ANY), "{x}");
    }
    assert!(
        line_of_sight(&m, c("A1"), c("C1"), CC),
        "outside the enclosure"
    );
}

/// Where corner-to-corner fails but any-point succeeds: the viewer's usable lines
/// start inside its hex, next to corners that touch walls.
#[test]
fn hex_any_point_sees_more() {
    let rows = "
        ....
        #..#
        a#.b
        ....
    ";
    let m = map(GridKind::Hex, rows);
    let (a, b) = (find(rows, 'a'), find(rows, 'b'));
    let cc = line_of_sight(&m, a, b, CC);
    let any = line_of_sight(&m, a, b, ANY);
    assert!(!cc || any, "corner-to-corner implies any-point");
    let mut found = false;
    let g = m.grid;
    for x in g.cells() {
        for y in g.cells() {
            let cc = line_of_sight(&m, x, y, CC);
            let any = line_of_sight(&m, x, y, ANY);
            assert!(!cc || any, "{x} {y}");
            found |= any && !cc;
        }
    }
    assert!(found, "some pair differs between the two rules");
}

/// Deterministic pseudo-random boards: one cell in five a wall, one in ten an
/// obstacle, and (with `thin`) one side in twelve a thin wall.
fn boards(kind: GridKind, w: u32, h: u32, count: usize, thin: bool) -> Vec<TerrainMap> {
    boards_with(
        kind,
        (w, h),
        count,
        0x9e37_79b9_7f4a_7c15,
        (2, thin.then_some(12)),
    )
}

/// [`boards`] from another seed, with `walls` cells in ten walls and one side in
/// `thin` a thin wall.
pub(crate) fn boards_with(
    kind: GridKind,
    (w, h): (u32, u32),
    count: usize,
    seed: u64,
    (walls, thin): (u32, Option<u32>),
) -> Vec<TerrainMap> {
    let mut below = below_from(seed);
    let mut next = move |n: u32| below(n as usize) as u32;
    (0..count)
        .map(|_| {
            let mut m = TerrainMap::new(Grid::new(kind, w, h));
            for cell in m.grid.cells().collect::<Vec<_>>() {
                match next(10) {
                    k if k < walls => m.set(cell, Terrain::Wall),
                    k if k == walls => m.set(cell, Terrain::Obstacle),
                    _ => {}
                }
            }
            if let Some(thin) = thin {
                for cell in m.grid.cells().collect::<Vec<_>>() {
                    for n in m.grid.neighbours(cell) {
                        if next(thin) == 0 {
                            m.add_thin_wall(cell, n);
                        }
                    }
                }
            }
            m
        })
        .collect()
}

/// Reference: every segment tested against every wall and thin wall, scaled by `k`.
fn naive_clear(m: &TerrainMap, k: i64, p: P, q: P) -> bool {
    let g = m.grid;
    let scale = |v: Vec<P>| {
        v.into_iter()
            .map(|(x, y)| (x * k, y * k))
            .collect::<Vec<_>>()
    };
    let walls_ok = g
        .cells()
        .filter(|&x| m.terrain(x).blocks_sight())
        .all(|x| !geom::segment_touches_convex(p, q, &scale(geom::corners(&g, x).to_vec())));
    walls_ok
        && m.thin_walls()
            .filter_map(|(x, y)| geom::shared_edge(&g, x, y))
            .all(|(w0, w1)| !geom::segments_touch(p, q, (w0.0 * k, w0.1 * k), (w1.0 * k, w1.1 * k)))
}

fn naive_points(m: &TerrainMap, a: Cell, b: Cell, with_centre: bool) -> bool {
    let g = m.grid;
    let pts = |x: Cell| {
        let mut v = geom::corners(&g, x).to_vec();
        if with_centre {
            v.push(geom::centre(&g, x));
        }
        v
    };
    let clear = |p: P, q: P| match g.kind {
        GridKind::Hex => naive_clear(m, 1, p, q),
        GridKind::Square(_) => naive_square_clear(m, p, q),
    };
    let solid = |x: Cell| m.terrain(x).blocks_sight();
    a == b
        || (!solid(a) && !solid(b) && pts(a).iter().any(|&p| pts(b).iter().any(|&q| clear(p, q))))
}

/// The square rule checked against every cell, wall and grid point on the segment.
fn naive_square_clear(m: &TerrainMap, p: P, q: P) -> bool {
    let g = m.grid;
    let walls: Vec<Cell> = g.cells().filter(|&x| m.terrain(x).blocks_sight()).collect();
    let sight = Sight {
        map: m,
        walls: m
            .thin_walls()
            .filter_map(|(x, y)| geom::shared_edge(&g, x, y))
            .collect(),
    };
    if walls
        .iter()
        .any(|&x| geom::segment_meets_interior(p, q, &geom::corners(&g, x)))
    {
        return false;
    }
    for &x in &walls {
        for &y in &walls {
            if let Some((e0, e1)) = geom::shared_edge(&g, x, y)
                && geom::overlap_along(p, q, e0, e1)
            {
                return false;
            }
        }
    }
    if sight
        .walls
        .iter()
        .any(|&(w0, w1)| geom::meets_relative_interior(p, q, w0, w1))
    {
        return false;
    }
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let steps = geom::gcd(dx.abs(), dy.abs()).max(1);
    (0..=steps).all(|k| {
        let v = (p.0 + dx / steps * k, p.1 + dy / steps * k);
        let sides = sight.pinch_sides(v, p, q);
        sides.is_none_or(|(minus, plus)| {
            if p == q {
                !minus && !plus
            } else {
                !(minus && plus)
            }
        })
    })
}

#[test]
fn square_matches_naive_reference_and_is_symmetric() {
    for kind in [SQ, GridKind::Square(Metric::Manhattan)] {
        for m in boards(kind, 6, 5, 12, true) {
            for a in m.grid.cells() {
                for b in m.grid.cells() {
                    let los = line_of_sight(&m, a, b, CC);
                    assert_eq!(los, line_of_sight(&m, b, a, CC), "{a} {b}");
                    assert_eq!(los, naive_points(&m, a, b, true), "{a} {b}");
                }
            }
        }
    }
}

#[test]
fn hex_corner_rule_matches_naive_reference_and_is_symmetric() {
    for m in boards(GridKind::Hex, 6, 5, 12, true) {
        for a in m.grid.cells() {
            for b in m.grid.cells() {
                let los = line_of_sight(&m, a, b, CC);
                assert_eq!(los, line_of_sight(&m, b, a, CC), "{a} {b}");
                assert_eq!(los, naive_points(&m, a, b, false), "{a} {b}");
            }
        }
    }
}

/// Points on the outline of a hex at spacing `1/k`, scaled by `k`.
fn outline(g: &Grid, x: Cell, k: i64) -> Vec<P> {
    let cs = geom::corners(g, x);
    let mut out = Vec::new();
    for i in 0..cs.len() {
        let (p, q) = (cs[i], cs[(i + 1) % cs.len()]);
        for s in 0..k {
            out.push((p.0 * k + (q.0 - p.0) * s, p.1 * k + (q.1 - p.1) * s));
        }
    }
    out
}

/// Any-point sight against sampling: a clear sampled segment proves sight (a segment
/// between two hexes can be cut down to one between their outlines), and sampling
/// finely rarely misses a real line of sight on small boards.
#[test]
fn hex_any_point_agrees_with_sampling() {
    let k = 4;
    let (mut agree, mut only_exact) = (0, 0);
    for m in boards(GridKind::Hex, 5, 4, 6, true) {
        let g = m.grid;
        for a in g.cells() {
            for b in g.cells().filter(|&b| a < b) {
                let exact = line_of_sight(&m, a, b, ANY);
                assert_eq!(exact, line_of_sight(&m, b, a, ANY));
                let (oa, ob) = (outline(&g, a, k), outline(&g, b, k));
                let sampled = !m.terrain(a).blocks_sight()
                    && !m.terrain(b).blocks_sight()
                    && oa
                        .iter()
                        .any(|&p| ob.iter().any(|&q| naive_clear(&m, k, p, q)));
                assert!(
                    !sampled || exact,
                    "sampling found a line the exact test missed: {a} {b}"
                );
                if exact == sampled {
                    agree += 1;
                } else {
                    only_exact += 1;
                }
            }
        }
    }
    assert!(
        only_exact * 50 <= agree,
        "{only_exact} pairs only seen exactly vs {agree} agreeing"
    );
}

/// Both hex rules give the plain reference's answer ([`super::reference`], which shares
/// no code with them) on every pair of several walled boards, sparse and crowded, in
/// both orders. (Two tests, so that the test runner checks the two sets side by side.)
#[test]
fn hex_sight_matches_the_plain_reference_on_random_boards() {
    let mut all = boards(GridKind::Hex, 8, 6, 8, true);
    all.extend(boards(GridKind::Hex, 7, 6, 4, false));
    agrees_with_the_reference(&all);
}

/// As above, on crowded walls, thin walls on one side in four (ending at corners, meeting
/// walls and the board's edge), tiny boards where every pair is close or adjacent, and two
/// drawn boards.
#[test]
fn hex_sight_matches_the_plain_reference_on_crowded_boards() {
    let hex = GridKind::Hex;
    let mut all = boards_with(hex, (9, 6), 4, 11, (4, Some(7)));
    all.extend(boards_with(hex, (7, 6), 2, 23, (1, Some(4))));
    all.extend(boards_with(hex, (4, 3), 12, 37, (3, Some(5))));
    all.push(walled_board());
    all.push(map(
        GridKind::Hex,
        "
        ..........
        ...#...#..
        ...#.##.#.
        ......#...
        .##....##.
        ....#..#..
        ",
    ));
    agrees_with_the_reference(&all);
}

/// Both hex rules, both ways round, against the reference on every pair of each board.
fn agrees_with_the_reference(all: &[TerrainMap]) {
    for m in all {
        let cells: Vec<Cell> = m.grid.cells().collect();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i..] {
                for rule in [CC, ANY] {
                    let want = reference::sees(m, a, b, rule);
                    assert_eq!(line_of_sight(m, a, b, rule), want, "{a} {b} {rule:?}");
                    assert_eq!(line_of_sight(m, b, a, rule), want, "{b} {a} {rule:?}");
                }
            }
        }
    }
}

/// The plain reference's any-point answer for every ordered pair, by cell indexes.
fn reference_table(m: &TerrainMap) -> Vec<bool> {
    let cells: Vec<Cell> = m.grid.cells().collect();
    let n = cells.len();
    let mut table = vec![false; n * n];
    for i in 0..n {
        for j in i..n {
            let seen = reference::sees(m, cells[i], cells[j], ANY);
            (table[i * n + j], table[j * n + i]) = (seen, seen);
        }
    }
    table
}

/// The certificates that read the memo (a hex hidden behind unseen neighbours, clear
/// segments shared by the hexes along them, unseen hexes counted as obstacles) give
/// the reference's answers whatever order the pairs are asked in: reading order,
/// backwards, shuffled, and each pair alone on a fresh memo. The boards are long and
/// thin, so most hexes lie on the edge (neighbours off the board), with walls and thin
/// walls along the edge, meeting at corners and ending at vertices; neighbours and a
/// hex with itself are among the pairs.
#[test]
fn hex_any_point_answers_do_not_depend_on_the_order_of_questions() {
    let hex = GridKind::Hex;
    let mut all = boards_with(hex, (12, 2), 3, 41, (2, Some(4)));
    all.extend(boards_with(hex, (2, 10), 3, 43, (2, Some(4))));
    all.extend(boards_with(hex, (6, 5), 3, 47, (3, Some(6))));
    all.extend(boards_with(hex, (5, 5), 2, 53, (0, Some(3))));
    // Hexes shadowed edge by edge: thin walls on most edges, few walls.
    all.extend(boards_with(hex, (7, 6), 3, 59, (1, Some(2))));
    let mut next = below_from(99);
    for m in &all {
        let want = reference_table(m);
        let cells: Vec<Cell> = m.grid.cells().collect();
        let n = cells.len();
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).collect();
        let backwards: Vec<(usize, usize)> = pairs.iter().rev().copied().collect();
        let mut shuffled = pairs.clone();
        for k in (1..shuffled.len()).rev() {
            shuffled.swap(k, next(k + 1));
        }
        let ask = |m: &TerrainMap, (i, j): (usize, usize)| {
            let (a, b) = (cells[i], cells[j]);
            assert_eq!(line_of_sight(m, a, b, ANY), want[i * n + j], "{a} {b}");
        };
        for order in [&pairs, &backwards, &shuffled] {
            let mut fresh = m.clone();
            fresh.forget_memo();
            order.iter().for_each(|&pair| ask(&fresh, pair));
        }
        for &pair in shuffled.iter().step_by(5) {
            let mut fresh = m.clone();
            fresh.forget_memo();
            ask(&fresh, pair);
        }
    }
}

/// Boards too big for the memo get no certificate read from it, and still the
/// reference's answers.
#[test]
fn hex_any_point_on_a_board_too_big_to_remember() {
    let m = &boards_with(GridKind::Hex, (50, 42), 1, 61, (2, Some(9)))[0];
    assert!(!m.memo.remembers(m.grid.len()));
    let mut below = below_from(5);
    let mut next = |n: usize| below(n) as i32;
    for _ in 0..150 {
        let a = Cell::new(next(50), next(42));
        let b = Cell::new(
            (a.col + next(9) - 4).clamp(0, 49),
            (a.row + next(9) - 4).clamp(0, 41),
        );
        let want = reference::sees(m, a, b, ANY);
        assert_eq!(line_of_sight(m, a, b, ANY), want, "{a} {b}");
    }
}

/// Asked about the far corner of a board as big as the memo keeps, once sight there is
/// asked about widely, the shadow certificate asks about nearer pairs many levels deep
/// before it gives up (the depth is bounded, so the stack is too); the answers are
/// right: a hex walled in by six wall hexes sees nothing, while open hexes see each
/// other across the board.
#[test]
fn hex_any_point_deep_shadow_on_a_big_board() {
    let mut m = TerrainMap::new(Grid::new(GridKind::Hex, 45, 45));
    assert!(m.memo.remembers(m.grid.len()));
    let a = Cell::new(2, 2);
    for n in m.grid.neighbours(a) {
        m.set(n, Terrain::Wall);
    }
    // As if a whole table were being worked out.
    for _ in 0..4 * m.grid.len() {
        m.memo.count_worked_out();
    }
    let far = Cell::new(44, 44);
    assert!(!line_of_sight(&m, a, far, ANY));
    assert!(!line_of_sight(&m, far, a, ANY));
    assert!(!line_of_sight(&m, a, Cell::new(5, 2), ANY));
    assert!(line_of_sight(&m, Cell::new(10, 10), far, ANY));
    assert!(line_of_sight(&m, Cell::new(0, 44), Cell::new(44, 0), ANY));
}

// `walled_board`: the board of `benches/sight.rs`.
include!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../benches/boards/walled_hex.rs"
));

/// Walls kept on the stack or, past eight, in a vector, read back in order.
#[test]
fn walls_keep_every_wall_in_order() {
    for count in [0, 1, 8, 9, 20] {
        let all: Vec<(P, P)> = (0..count).map(|k| ((k, 0), (k, 1))).collect();
        let walls: Walls = all.iter().copied().collect();
        assert_eq!(&walls[..], &all[..], "{count}");
    }
}

/// The blocker search (in `i64` on such boards) finds a blocker exactly when the
/// reference finds the segment blocked, for random segments between points of the
/// board and its surroundings (single points and segments along edges among them).
#[test]
fn blocker_agrees_with_the_naive_reference() {
    let mut below = below_from(29);
    for m in boards_with(GridKind::Hex, (7, 6), 6, 13, (2, Some(5))) {
        let mut point = || (below(23) as i64 - 2, below(14) as i64 - 1);
        let sight = Sight::whole(&m);
        for _ in 0..2000 {
            let (p, q) = (point(), point());
            assert_eq!(
                sight.blocker(p, q).is_none(),
                naive_clear(&m, 1, p, q),
                "{p:?} {q:?}"
            );
        }
    }
}

/// A slit between a wall's corner and the tip of a thin wall: any-point sight through
/// it needs a line that starts inside the viewer's hex, not on a corner.
#[test]
fn hex_any_point_through_a_slit() {
    let rows = "
        ......
        .#....
        ......
        ....#.
        ......
    ";
    let m = map(GridKind::Hex, rows);
    let g = m.grid;
    for a in g.cells() {
        for b in g.cells() {
            let any = line_of_sight(&m, a, b, ANY);
            assert!(!line_of_sight(&m, a, b, CC) || any);
            assert_eq!(any, line_of_sight(&m, b, a, ANY));
        }
    }
}

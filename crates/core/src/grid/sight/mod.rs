//! Line of sight. Square grids use a symmetric rule (a line from the centre or a corner
//! of one cell to the centre or a corner of the other that crosses no wall); hex grids
//! use the Gloomhaven corner-to-corner rule or its later any-point variant. Walls,
//! closed doors and thin walls block sight; obstacles and figures do not.
//!
//! All tests are exact (integers only, see [`crate::grid::geom`]) and every rule is a statement
//! about an unordered pair of end points, so sight is symmetric.
//!
//! **Square grids** (the classic "border of a square doesn't block" reading): sight
//! exists when some segment from {centre, 4 corners} of `a` to {centre, 4 corners} of `b`
//! is clear. A segment is blocked when it
//! 1. passes through the interior of the wall region (the union of the wall and
//!    closed-door squares; an edge shared by two such squares is inside it);
//! 2. crosses a thin wall or runs along it (any common point except the wall's two ends);
//! 3. passes through, or starts at, a grid point where blocking things meet from both
//!    sides of the segment's line — two walls touching only at a corner, a wall corner and
//!    a thin wall's tip, two thin walls meeting. This closes diagonal gaps as movement does.
//!
//! So merely touching a wall's corner or running along a wall's face does **not** block,
//! and lines past a thin wall's tip see by. A zero-length segment (a corner shared by `a`
//! and `b`) counts only when nothing blocking touches that point.
//!
//! **Hex grids** follow the printed Gloomhaven wording, "touches no wall": a segment is
//! blocked when it shares even one point with a wall hex (closed hexagon) or a thin wall
//! (closed edge, ends included). A corner touching a wall can't be used.
//! - Corner to corner: some segment from a corner of `a` to a corner of `b` is clear.
//! - Any point: some segment from any point of `a` to any point of `b` is clear; decided
//!   exactly in [`exact`].
//!
//! Thin walls count on edges shared by two cells (square orthogonal neighbours, hex
//! neighbours); a thin wall between square diagonal neighbours has no edge and is ignored.
//! A cell that itself blocks sight sees nothing but itself. Cells off the board see
//! nothing; the area outside the board is open.
//!
//! ## The order of the work
//!
//! [`line_of_sight`] below is the whole order, cheapest proof first; each step is a file
//! of this folder, and the files import one way only (each uses only those listed
//! after it):
//!
//! 1. the memo of the terrain (an answer already known, or known from a clear segment
//!    [`witness`] spread), then cells that block sight themselves;
//! 2. square boards: the square rule in [`blockers`], nothing more;
//! 3. hex, any point: [`shadow`] (every hex a segment could enter `b` through is known
//!    not to be seen), then the segment joining the centres ([`blockers`]; when clear,
//!    [`witness`] spreads it), then the obstacle stopping it as a wall alone
//!    ([`crossing::blocks_alone`]);
//! 4. hex: the obstacles near the pair gathered once ([`near`]); none means sight;
//! 5. corner to corner: the corner lines against them, and that is the answer;
//! 6. any point: a chain of obstacles walling the hexes off ([`crossing`]), a few
//!    sample segments ([`sampled`]), the corner lines, the chain again with the hexes
//!    either end is known not to see, finer samples, and last the exact search
//!    ([`exact`], with [`critical`] its candidate lines).
//!
//! Below them: [`probe`] (one segment made ready for many obstacle tests), [`obstacle`]
//! and [`rule`]. The tests hold every answer to [`reference`], a plain exact search
//! written apart from all of this.

mod blockers;
mod critical;
mod crossing;
mod exact;
mod near;
mod obstacle;
mod probe;
#[cfg(test)]
mod reference;
mod rule;
mod sampled;
mod shadow;
#[cfg(test)]
mod tests;
mod witness;

pub use rule::HexSight;

use crate::grid::geom;
use crate::grid::{Cell, GridKind, TerrainMap};
use blockers::Sight;
use near::Near;

/// True when `a` can see `b`. A cell always sees itself.
pub fn line_of_sight(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight) -> bool {
    sight_within(map, a, b, hex_rule, shadow::DEPTH)
}

/// [`line_of_sight`], letting [`shadow`] ask about nearer pairs `depth` levels deep.
fn sight_within(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight, depth: u32) -> bool {
    if a == b {
        return true;
    }
    let grid = map.grid;
    if !grid.contains(a) || !grid.contains(b) {
        return false;
    }
    let (cells, ia, ib) = (grid.len(), grid.index(a), grid.index(b));
    // The memo holds answers only about two different cells on the board that both let
    // sight through (those asked about past the tests below, and hexes a clear segment
    // meets), so a remembered answer needs no look at the terrain; and asked again and
    // again (as a whole table does), reading it is most of the work.
    if let Some(known) = map.memo.sight(cells, ia, ib, hex_rule) {
        return known;
    }
    if map.terrain(a).blocks_sight() || map.terrain(b).blocks_sight() {
        return false;
    }
    let clear = work_out_sight(map, a, b, hex_rule, depth);
    map.memo.count_worked_out();
    // Every rule is symmetric, so one answer serves both orders.
    map.memo.keep_sight(cells, ia, ib, hex_rule, clear);
    map.memo.keep_sight(cells, ib, ia, hex_rule, clear);
    clear
}

/// [`line_of_sight`] between two different cells on the board, neither blocking sight.
fn work_out_sight(map: &TerrainMap, a: Cell, b: Cell, hex_rule: HexSight, depth: u32) -> bool {
    let sight = Sight::new(map, a, b);
    match map.grid.kind {
        GridKind::Square(_) => sight.square_sight(a, b),
        GridKind::Hex => hex_sight(&sight, a, b, hex_rule, depth),
    }
}

/// Hex sight between two different hexes on the board, neither blocking sight; `depth`
/// bounds how deep [`shadow`] may ask about nearer pairs.
fn hex_sight(sight: &Sight, a: Cell, b: Cell, rule: HexSight, depth: u32) -> bool {
    let map = sight.map;
    let grid = map.grid;
    if rule == HexSight::AnyPoint {
        // First what is known of the hexes around (asking about nearer pairs first): it
        // settles most hidden pairs with a few reads of the memo.
        let ask = |x: Cell, y: Cell, depth: u32| sight_within(map, x, y, rule, depth);
        if shadow::hidden(map, a, b, depth, &ask) {
            return false;
        }
        // Sight between most hexes in plain view is shown by the segment joining their
        // centres (integer points), walked cell by cell before any gathering.
        let (ca, cb) = (geom::centre(&grid, a), geom::centre(&grid, b));
        let Some(blocker) = sight.blocker(ca, cb) else {
            witness::spread(map, ca, cb);
            return true;
        };
        // Often the obstacle that stops it walls the two hexes off alone.
        let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
        if crossing::blocks_alone(&pa, &pb, &blocker) {
            return false;
        }
    }
    let mut near = Near::frame(grid, a, b);
    near.add_walls(sight);
    if near.obstacles.is_empty() {
        return true;
    }
    // Worked out for the whole terrain the first time a pair gets this far: it costs
    // about what testing the outline points of a few dozen pairs does.
    if rule == HexSight::AnyPoint && map.memo.remembers(grid.len()) {
        let free = near::outline_free(map);
        near.free = Some([free[grid.index(a)], free[grid.index(b)]]);
    }
    match rule {
        HexSight::CornerToCorner => corners_see(sight, &near, a, b),
        HexSight::AnyPoint => {
            let clear = any_point(sight, &mut near, a, b);
            if let Some((p, q)) = near.witness.get() {
                let global = |v: geom::P| (v.0 + near.origin.0, v.1 + near.origin.1);
                witness::spread(map, global(p), global(q));
            }
            clear
        }
    }
}

/// The corner-to-corner rule on the gathered obstacles, or cell by cell for pairs too
/// far apart for [`near`]'s narrow arithmetic.
fn corners_see(sight: &Sight, near: &Near, a: Cell, b: Cell) -> bool {
    if near.narrow {
        near.corner_sight()
    } else {
        sight.corner_sight(a, b)
    }
}

/// Any-point sight once the obstacles are gathered (the caller has tried the segment
/// joining the two centres): quick certificates, then the exact search.
fn any_point(sight: &Sight, near: &mut Near, a: Cell, b: Cell) -> bool {
    if crossing::walled_off(near) {
        return false;
    }
    if near.narrow && sampled::some_clear_segment(near) {
        return true;
    }
    if corners_see(sight, near, a, b) {
        return true;
    }
    // Hexes either end is known not to see count as obstacles (see [`Near::add_unseen`]).
    if near.add_unseen(sight.map, a, b) && crossing::walled_off(near) {
        return false;
    }
    (near.narrow && sampled::finer_clear_segment(near)) || exact::exact(near, true)
}

//! Exact "any point to any point" hex line of sight.
//!
//! Question: is there a segment from some point of hex `A` to some point of hex `B` that
//! touches no wall hex and no thin wall (closed sets)? Only obstacles meeting the convex
//! hull of `A ∪ B` can matter, since every such segment lies in the hull.
//!
//! Method. Think of the segment as a piece of an infinite line `L`: `L` is *good* when
//! some point of `L ∩ A` and some point of `L ∩ B` are joined along `L` without meeting an
//! obstacle. Let `V` be all corners of `A`, `B` and the relevant obstacles. While `L` moves
//! without passing over a point of `V`, the order of its crossings with all those outlines
//! cannot change, so goodness is constant on each cell of the arrangement of lines (the
//! "faces" of line space cut out by the pencils through points of `V`). Goodness is an
//! open condition (obstacles are closed), so if a good line exists a whole face is good,
//! and every face has on its boundary a line through two points `u, v` of `V`. The faces
//! around such a line `L0` are reached by tiny moves of `L0`: shift it to either side, or
//! turn it either way about a pivot placed between two consecutive points of `V` lying on
//! `L0`. So it suffices to test those few perturbed lines for every line through two
//! points of `V`.
//!
//! The perturbations are made concrete and still exact: coordinates are scaled by an even
//! `S > 2R²` (`R` bounds the spread of `V`), the shift moves the line by `|d|/S` and the
//! turn is by an angle of about `1/S`. A point of `V` off `L0` is at least `1/|d|` from it
//! (integer cross product over `|d|`), and the perturbed line moves less than that within
//! the area, so no point of `V` changes side. Intersections are then compared as
//! fractions in `i128`; edge directions stay unscaled so the numbers stay small.
//!
//! Cost: `O(|V|² · (|V| + obstacles))` in the worst case, only reached when no
//! corner-to-corner line exists (callers try that first); `V` holds only corners near the
//! two hexes, so it is small at tabletop ranges.

use super::Cell;
use super::critical::Corners;
use super::geom::{self, P};
use super::los::Sight;
use std::cell::RefCell;
use std::cmp::Ordering;

/// An obstacle: a wall hex's corners or a thin wall's two ends.
pub(crate) enum Obstacle {
    Hex(Vec<P>),
    Edge(P, P),
}

/// See the module documentation. Pairs walled off by a chain of obstacles are answered
/// first by [`super::crossing`].
pub(crate) fn any_point_sight(sight: &Sight, a: Cell, b: Cell) -> bool {
    decide(sight, a, b, true)
}

/// The exact method alone, without quick certificates: the oracle for the tests.
#[cfg(test)]
pub(crate) fn any_point_reference(sight: &Sight, a: Cell, b: Cell) -> bool {
    decide(sight, a, b, false)
}

/// `fast`: certificates first, and only the lines [`super::critical`] keeps.
fn decide(sight: &Sight, a: Cell, b: Cell, fast: bool) -> bool {
    let map = sight.map;
    let grid = map.grid;
    if map.terrain(a).blocks_sight() || map.terrain(b).blocks_sight() {
        return false;
    }
    let (pa, pb) = (geom::corners(&grid, a), geom::corners(&grid, b));
    let hull = geom::convex_hull([&pa[..], &pb[..]].concat());
    let mut obstacles = Vec::new();
    // Wall hexes whose bounding box meets the hull's bounding box, then the exact test.
    let (x0, x1) = (
        hull.iter().map(|p| p.0).min().unwrap(),
        hull.iter().map(|p| p.0).max().unwrap(),
    );
    let (y0, y1) = (
        hull.iter().map(|p| p.1).min().unwrap(),
        hull.iter().map(|p| p.1).max().unwrap(),
    );
    let mut near = Vec::new();
    for col in (x0 - 2).div_euclid(3)..=(x1 + 2).div_euclid(3) + 1 {
        for row in (y0 - 2).div_euclid(2)..=(y1 + 2).div_euclid(2) + 1 {
            let cell = Cell::new(col as i32, row as i32);
            if grid.contains(cell) && map.terrain(cell).blocks_sight() {
                near.push(cell);
            }
        }
    }
    for cell in near {
        let poly = geom::corners(&grid, cell);
        if geom::convex_touch(&hull, &poly) {
            obstacles.push(Obstacle::Hex(poly.to_vec()));
        }
    }
    for &(w0, w1) in &sight.walls {
        if geom::segment_touches_convex(w0, w1, &hull) {
            obstacles.push(Obstacle::Edge(w0, w1));
        }
    }
    if obstacles.is_empty() {
        return true;
    }
    if fast && super::crossing::walled_off(&hull, &pa, &pb, &obstacles) {
        return false;
    }
    let mut v: Vec<P> = [&pa[..], &pb[..]].concat();
    for o in &obstacles {
        match o {
            Obstacle::Hex(poly) => v.extend(poly),
            Obstacle::Edge(p, q) => v.extend([*p, *q]),
        }
    }
    v.sort_unstable();
    v.dedup();
    // Translate so coordinates start at 0 and stay small after scaling.
    let origin = (
        v.iter().map(|p| p.0).min().unwrap(),
        v.iter().map(|p| p.1).min().unwrap(),
    );
    let local = |p: P| (p.0 - origin.0, p.1 - origin.1);
    let v: Vec<P> = v.into_iter().map(local).collect();
    let pa: Vec<P> = pa.into_iter().map(local).collect();
    let pb: Vec<P> = pb.into_iter().map(local).collect();
    let obstacles: Vec<Obstacle> = obstacles
        .into_iter()
        .map(|o| match o {
            Obstacle::Hex(poly) => Obstacle::Hex(poly.into_iter().map(local).collect()),
            Obstacle::Edge(p, q) => Obstacle::Edge(local(p), local(q)),
        })
        .collect();
    let spread = v.iter().map(|p| p.0 + p.1).max().unwrap() + 1;
    let scale = i128::from(2 * spread * spread + 2);
    let scene = Scene {
        a: &pa,
        b: &pb,
        obstacles: &obstacles,
        scale,
        blocked: RefCell::new(Vec::with_capacity(obstacles.len())),
    };

    let corners = fast.then(|| {
        let polygons =
            [pa.as_slice(), pb.as_slice()]
                .into_iter()
                .chain(obstacles.iter().filter_map(|o| match o {
                    Obstacle::Hex(poly) => Some(poly.as_slice()),
                    Obstacle::Edge(..) => None,
                }));
        let ends = obstacles.iter().flat_map(|o| match o {
            Obstacle::Hex(_) => Vec::new(),
            Obstacle::Edge(p, q) => vec![*p, *q],
        });
        Corners::new(&v, polygons, ends)
    });
    let tried = |k: usize, u: P, w: P| corners.as_ref().is_none_or(|c| c.grazes(k, u, w));
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            let (u, w) = (v[i], v[j]);
            if !(tried(i, u, w) && tried(j, u, w)) {
                continue;
            }
            if !(meets(u, w, &pa) && meets(u, w, &pb)) {
                continue;
            }
            let on_line: Vec<usize> = (0..v.len())
                .filter(|&k| geom::cross(u, w, v[k]) == 0)
                .collect();
            // Handle each line once: from its first two points of `V` worth trying.
            let mut firsts = on_line.iter().filter(|&&k| tried(k, u, w));
            if firsts.next() != Some(&i) || firsts.next() != Some(&j) {
                continue;
            }
            if scene.line_family_good(u, w, on_line.iter().map(|&k| v[k]).collect()) {
                return true;
            }
        }
    }
    false
}

/// The infinite line through `u` and `w` meets the closed convex polygon.
fn meets(u: P, w: P, poly: &[P]) -> bool {
    poly.iter().any(|&p| geom::cross(u, w, p) >= 0)
        && poly.iter().any(|&p| geom::cross(u, w, p) <= 0)
}

/// A fraction `n / d` with `d > 0`.
#[derive(Clone, Copy, Debug)]
struct Frac {
    n: i128,
    d: i128,
}

impl Frac {
    fn new(n: i128, d: i128) -> Frac {
        if d < 0 {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }
    fn cmp(self, o: Frac) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
    fn lt(self, o: Frac) -> bool {
        self.cmp(o) == Ordering::Less
    }
}

/// A closed interval of line parameters; `None` bounds are unbounded.
type Interval = (Option<Frac>, Option<Frac>);

struct Scene<'a> {
    a: &'a [P],
    b: &'a [P],
    obstacles: &'a [Obstacle],
    scale: i128,
    /// Working space for [`Scene::line_good`], reused from line to line.
    blocked: RefCell<Vec<(Frac, Frac)>>,
}

fn sub(p: (i128, i128), q: (i128, i128)) -> (i128, i128) {
    (p.0 - q.0, p.1 - q.1)
}

fn cr(a: (i128, i128), b: (i128, i128)) -> i128 {
    a.0 * b.1 - a.1 * b.0
}

fn wide(p: P) -> (i128, i128) {
    (i128::from(p.0), i128::from(p.1))
}

impl Scene<'_> {
    fn scaled(&self, p: P) -> (i128, i128) {
        (i128::from(p.0) * self.scale, i128::from(p.1) * self.scale)
    }

    /// Tests the perturbed lines around the line through the sorted-or-not collinear
    /// points `on_line` (at least two).
    fn line_family_good(&self, u: P, w: P, mut on_line: Vec<P>) -> bool {
        let d = (w.0 - u.0, w.1 - u.1);
        on_line.sort_by_key(|p| (p.0 - u.0) * d.0 + (p.1 - u.1) * d.1);
        let d = wide(d);
        let normal = (-d.1, d.0);
        let su = self.scaled(u);
        let mut lines = Vec::new();
        for sign in [1, -1] {
            lines.push(((su.0 + sign * normal.0, su.1 + sign * normal.1), (d.0, d.1)));
            for pair in on_line.windows(2) {
                // Pivot halfway between consecutive points (S is even).
                let half = self.scale / 2;
                let pivot = (
                    (wide(pair[0]).0 + wide(pair[1]).0) * half,
                    (wide(pair[0]).1 + wide(pair[1]).1) * half,
                );
                let dir = (
                    d.0 * self.scale + sign * normal.0,
                    d.1 * self.scale + sign * normal.1,
                );
                lines.push((pivot, dir));
            }
        }
        lines.into_iter().any(|(p, dir)| self.line_good(p, dir))
    }

    /// Parameters `t` with `p + t·dir` inside the closed convex polygon (local coordinates).
    fn clip(&self, p: (i128, i128), dir: (i128, i128), poly: &[P]) -> Option<Interval> {
        let (mut lo, mut hi): Interval = (None, None);
        for k in 0..poly.len() {
            let e0 = self.scaled(poly[k]);
            let e = sub(wide(poly[(k + 1) % poly.len()]), wide(poly[k]));
            let f0 = cr(e, sub(p, e0));
            let f1 = cr(e, dir);
            match f1.cmp(&0) {
                Ordering::Equal if f0 < 0 => return None,
                Ordering::Equal => {}
                Ordering::Greater => {
                    let t = Frac::new(-f0, f1);
                    if lo.is_none_or(|l| l.lt(t)) {
                        lo = Some(t);
                    }
                }
                Ordering::Less => {
                    let t = Frac::new(f0, -f1);
                    if hi.is_none_or(|h| t.lt(h)) {
                        hi = Some(t);
                    }
                }
            }
        }
        match (lo, hi) {
            (Some(l), Some(h)) if h.lt(l) => None,
            other => Some(other),
        }
    }

    /// Parameters where the line meets the closed segment `w0 w1`.
    fn clip_edge(&self, p: (i128, i128), dir: (i128, i128), w0: P, w1: P) -> Option<Interval> {
        let s0 = self.scaled(w0);
        let e = sub(wide(w1), wide(w0));
        let f0 = cr(e, sub(p, s0));
        let f1 = cr(e, dir);
        let param = |q: (i128, i128)| {
            let off = sub(q, p);
            if dir.0 != 0 {
                Frac::new(off.0, dir.0)
            } else {
                Frac::new(off.1, dir.1)
            }
        };
        if f1 == 0 {
            if f0 != 0 {
                return None;
            }
            let (t0, t1) = (param(s0), param(self.scaled(w1)));
            let (t0, t1) = if t1.lt(t0) { (t1, t0) } else { (t0, t1) };
            return Some((Some(t0), Some(t1)));
        }
        let t = Frac::new(-f0, f1);
        // Position along the edge: dot(p + t·dir - s0, e) in [0, S·|e|²], times t.d.
        let along = (p.0 - s0.0) * e.0 + (p.1 - s0.1) * e.1;
        let pos = along * t.d + t.n * (dir.0 * e.0 + dir.1 * e.1);
        let len = self.scale * (e.0 * e.0 + e.1 * e.1) * t.d;
        (0 <= pos && pos <= len).then_some((Some(t), Some(t)))
    }

    /// Some point of the line in `A` and some point in `B` are joined without touching
    /// an obstacle.
    fn line_good(&self, p: (i128, i128), dir: (i128, i128)) -> bool {
        let (Some(ia), Some(ib)) = (self.clip(p, dir, self.a), self.clip(p, dir, self.b)) else {
            return false;
        };
        let mut blocked = self.blocked.borrow_mut();
        blocked.clear();
        blocked.extend(
            self.obstacles
                .iter()
                .filter_map(|o| match o {
                    Obstacle::Hex(poly) => self.clip(p, dir, poly),
                    Obstacle::Edge(w0, w1) => self.clip_edge(p, dir, *w0, *w1),
                })
                // Obstacles are bounded, so both ends are finite unless the line misses them.
                .filter_map(|(lo, hi)| Some((lo?, hi?))),
        );
        blocked.sort_by(|x, y| x.0.cmp(y.0));
        // Walk the free gaps (open intervals) between merged obstacle stretches.
        let mut gap_lo: Option<Frac> = None;
        let mut k = 0;
        loop {
            let gap_hi = blocked.get(k).map(|x| x.0);
            if gap_touches(ia, gap_lo, gap_hi) && gap_touches(ib, gap_lo, gap_hi) {
                return true;
            }
            let Some(&(_, mut end)) = blocked.get(k) else {
                return false;
            };
            k += 1;
            while let Some(&(s, e)) = blocked.get(k) {
                if end.lt(s) {
                    break;
                }
                if end.lt(e) {
                    end = e;
                }
                k += 1;
            }
            gap_lo = Some(end);
        }
    }
}

/// The closed interval meets the open gap `(lo, hi)` (`None` = unbounded).
fn gap_touches(iv: Interval, lo: Option<Frac>, hi: Option<Frac>) -> bool {
    let below_hi = match (iv.0, hi) {
        (_, None) => true,
        (None, Some(_)) => true,
        (Some(a), Some(h)) => a.lt(h),
    };
    let above_lo = match (iv.1, lo) {
        (_, None) => true,
        (None, Some(_)) => true,
        (Some(b), Some(l)) => l.lt(b),
    };
    below_hi && above_lo
}

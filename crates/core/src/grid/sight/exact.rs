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
//! fractions, in `i64` when the spread is small enough for that to be exact (see
//! [`NARROW_SCENE`]) and in `i128` otherwise; edge directions stay unscaled so the numbers
//! stay small.
//!
//! Prunings of the fast search (its unpruned mode, `fast` off, keeps all of `V` for its
//! own tests). Only points of `V` in the hull matter: a point outside it lies on no
//! line's stretch between `A` and `B`, so passing over it changes no goodness, and the arrangement of the pencils through the
//! points in the hull (at least `A`'s and `B`'s corners) still has every good face next
//! to one of its vertices; the perturbations stay small enough because `S` is worked out
//! from the spread of all of `V`. And when a line leaves one hex before entering the
//! other, it is good exactly when no obstacle's stretch meets the closed stretch between
//! them, so the first such obstacle settles it (no sorting or merging). Lines through
//! two points that cut through an obstacle on that stretch are skipped altogether (see
//! [`Scene::cut_through`]).
//!
//! Cost: `O(|V|² · (|V| + obstacles))` in the worst case, only reached when no quick
//! certificate decides ([`super::crossing`] and [`super::shadow`] for blocked pairs; the
//! centre segment, [`super::sampled`], the corner-to-corner lines and the clear segments
//! [`super::witness`] remembers for clear ones); `V` holds only
//! corners near the two hexes, so it is small at tabletop ranges. Working buffers are
//! reused from line to line, so no candidate line allocates.

use super::critical::Corners;
use super::near::Near;
use super::obstacle::Obstacle;
use super::probe::Probe;
use crate::grid::geom::{self, P};
use std::cell::{Cell as Slot, RefCell};
use std::cmp::Ordering;

/// `fast`: only the points and lines that can matter ([`super::critical`]), and `i64`
/// where it is exact.
pub(super) fn exact(near: &Near, fast: bool) -> bool {
    let (pa, pb, obstacles) = (&near.pa[..], &near.pb[..], near.walls());
    if obstacles.is_empty() {
        return true;
    }
    let mut v: Vec<P> = Vec::with_capacity(pa.len() + pb.len() + 6 * obstacles.len());
    v.extend(pa.iter().chain(pb));
    for o in obstacles {
        match o {
            Obstacle::Hex(poly) => v.extend(poly.iter()),
            Obstacle::Edge(p, q) => v.extend([*p, *q]),
        }
    }
    // A pair's local coordinates start at 0 (see `Near`), so they stay small after
    // scaling; the spread of every point keeps the perturbations small wherever a point
    // lies.
    debug_assert!(v.iter().all(|p| p.0 >= 0 && p.1 >= 0));
    let spread = v.iter().map(|p| p.0 + p.1).max().unwrap() + 1;
    if fast {
        // Only points in the hull can lie on a line's stretch between the two hexes. The
        // hull is `A` swept along the segment joining the centres, so a point lies in it
        // exactly when that segment meets the hex (of `A`'s size) around the point.
        if near.narrow {
            let probe = Probe::new(geom::centre_of(pa), geom::centre_of(pb));
            v.retain(|&p| probe.touches_hex(p, 1));
        } else {
            let hull = &near.hull[..];
            v.retain(|&p| geom::point_in_convex(p, hull));
        }
    }
    v.sort_unstable();
    v.dedup();
    let corners = fast.then(|| {
        let polygons = [pa, pb]
            .into_iter()
            .chain(obstacles.iter().filter_map(|o| match o {
                Obstacle::Hex(poly) => Some(&poly[..]),
                Obstacle::Edge(..) => None,
            }));
        let ends = obstacles.iter().flat_map(|o| match o {
            Obstacle::Hex(_) => None,
            Obstacle::Edge(p, q) => Some([*p, *q]),
        });
        let ends = ends.flatten();
        Corners::new(&v, polygons, ends)
    });
    let scene = Lines {
        v: &v,
        a: pa,
        b: pb,
        obstacles,
        corners: corners.as_ref(),
        spread,
    };
    // The reference keeps `i128` throughout, so the tests also check the narrow arithmetic.
    if fast && spread <= NARROW_SCENE {
        scene.search::<i64>()
    } else {
        scene.search::<i128>()
    }
}

/// The spread up to which the exact arithmetic fits in `i64`. With `R` the spread (every
/// local coordinate is below it) and `S = 2R² + 2` the scale, the points and directions of
/// the perturbed lines are below `R·S + R` per coordinate and edge vectors at most 2, so
/// every clipping number (`f0`, `f1`, the offsets along a thin wall) is at most
/// `4(R·S + R)`. Comparing two fractions multiplies two of them, and a thin wall's position
/// test adds two such products: at most `32(R·S + R)² ≈ 128·R⁶`, about `2·10^18` for
/// `R = 500`, under `2^63 ≈ 9.2·10^18`. Tabletop pairs have a spread of a few dozen.
const NARROW_SCENE: i64 = 500;

/// Everything the search over candidate lines needs.
struct Lines<'a> {
    v: &'a [P],
    a: &'a [P],
    b: &'a [P],
    obstacles: &'a [Obstacle],
    corners: Option<&'a Corners>,
    spread: i64,
}

impl Lines<'_> {
    /// Some perturbed line of some line through two points of `V` is good.
    fn search<T: Int>(&self) -> bool {
        // Which lines to try depends only on which side of a line through two points of
        // `V` each other point lies: the sign of a cross product, in `i64` where exact.
        if self.spread < NARROW_SPREAD {
            self.search_by::<T>(|o, a, b| geom::cross_narrow(o, a, b).signum() as i8)
        } else {
            self.search_by::<T>(|o, a, b| geom::cross(o, a, b).signum() as i8)
        }
    }

    /// [`Lines::search`], with `side(o, a, b)` the sign of [`geom::cross`].
    fn search_by<T: Int>(&self, side: impl Fn(P, P, P) -> i8 + Copy) -> bool {
        let (v, spread) = (self.v, self.spread);
        let scene: Scene<T> = Scene {
            a: self.a,
            b: self.b,
            obstacles: self.obstacles,
            scale: T::from(2 * spread * spread + 2),
            blocked: RefCell::new(Vec::with_capacity(self.obstacles.len())),
            fast: self.corners.is_some(),
            last: Slot::new(0),
        };
        let tried = |k: usize, u: P, w: P| self.corners.is_none_or(|c| c.grazes(k, u, w, side));
        let mut on_line = Vec::new();
        for i in 0..v.len() {
            let u = v[i];
            let reach = [Reach::new(u, self.a, side), Reach::new(u, self.b, side)];
            for j in i + 1..v.len() {
                let w = v[j];
                if !reach.iter().all(|r| r.meets(u, w, side)) {
                    continue;
                }
                if !(tried(i, u, w) && tried(j, u, w)) {
                    continue;
                }
                // Handle each line once: from its first two points of `V` worth trying.
                // Points before `j` on the line worth trying other than `i` mean it was.
                on_line.clear();
                let mut done_before = false;
                for (k, &p) in v.iter().enumerate() {
                    if side(u, w, p) == 0 {
                        if k < j && k != i && tried(k, u, w) {
                            done_before = true;
                            break;
                        }
                        on_line.push(p);
                    }
                }
                if done_before {
                    continue;
                }
                if scene.line_family_good(u, w, &mut on_line) {
                    return true;
                }
            }
        }
        false
    }
}

/// The local coordinates' spread below which [`geom::cross_narrow`] is exact: each
/// difference is below 2^30 in size, so each product is below 2^60 and the difference of
/// two below 2^61. Local coordinates stay far under that on any board the loader accepts
/// (sides of at most 1000 cells give coordinates under 7000), but a map built directly
/// could be larger, so the search checks the spread first.
const NARROW_SPREAD: i64 = 1 << 30;

/// Which lines through a point `u` meet a closed convex polygon (positive orientation):
/// every one when `u` lies in it; else, as the polygon then lies in an open half-plane
/// seen from `u`, those whose direction lies between the two tangents from `u` (the
/// corners every other corner is left of, and right of). So each line through `u` costs
/// two cross products instead of one per corner.
#[derive(Clone, Copy)]
enum Reach {
    All,
    Between(P, P),
}

impl Reach {
    fn new(u: P, poly: &[P], side: impl Fn(P, P, P) -> i8) -> Reach {
        let n = poly.len();
        if (0..n).all(|k| side(poly[k], poly[(k + 1) % n], u) >= 0) {
            return Reach::All;
        }
        // Directions from `u` to the corners span less than a half-turn, so turning is a
        // total order on them and one pass finds its two ends.
        let (mut right, mut left) = (poly[0], poly[0]);
        for &p in &poly[1..] {
            if side(u, right, p) < 0 {
                right = p;
            }
            if side(u, left, p) > 0 {
                left = p;
            }
        }
        Reach::Between(right, left)
    }

    /// The infinite line through `u` (the point it was made for) and `w` meets the polygon:
    /// the two tangents are not strictly on one side of it.
    fn meets(self, u: P, w: P, side: impl Fn(P, P, P) -> i8) -> bool {
        match self {
            Reach::All => true,
            Reach::Between(right, left) => side(u, w, right) * side(u, w, left) <= 0,
        }
    }
}

/// The integer type of the exact arithmetic: `i64` when the spread allows (see
/// [`NARROW_SCENE`]), `i128` otherwise.
trait Int:
    Copy
    + Ord
    + From<i64>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Neg<Output = Self>
    + std::ops::Div<Output = Self>
{
}

impl Int for i64 {}
impl Int for i128 {}

/// A fraction `n / d` with `d > 0`.
#[derive(Clone, Copy, Debug)]
struct Frac<T> {
    n: T,
    d: T,
}

impl<T: Int> Frac<T> {
    fn new(n: T, d: T) -> Frac<T> {
        if d < T::from(0) {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }
    fn cmp(self, o: Frac<T>) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
    fn lt(self, o: Frac<T>) -> bool {
        self.cmp(o) == Ordering::Less
    }
}

/// A closed interval of line parameters; `None` bounds are unbounded.
type Interval<T> = (Option<Frac<T>>, Option<Frac<T>>);

struct Scene<'a, T> {
    a: &'a [P],
    b: &'a [P],
    obstacles: &'a [Obstacle],
    scale: T,
    /// Working space for [`Scene::line_good`], reused from line to line.
    blocked: RefCell<Vec<(Frac<T>, Frac<T>)>>,
    /// Whether the quick bridge test may be used (the reference always merges stretches).
    fast: bool,
    /// The obstacle that blocked the last line the quick test tried.
    last: Slot<usize>,
}

fn sub<T: Int>(p: (T, T), q: (T, T)) -> (T, T) {
    (p.0 - q.0, p.1 - q.1)
}

fn cr<T: Int>(a: (T, T), b: (T, T)) -> T {
    a.0 * b.1 - a.1 * b.0
}

fn wide<T: Int>(p: P) -> (T, T) {
    (T::from(p.0), T::from(p.1))
}

impl<T: Int> Scene<'_, T> {
    fn scaled(&self, p: P) -> (T, T) {
        (T::from(p.0) * self.scale, T::from(p.1) * self.scale)
    }

    /// Tests the perturbed lines around the line through the sorted-or-not collinear
    /// points `on_line` (at least two).
    fn line_family_good(&self, u: P, w: P, on_line: &mut [P]) -> bool {
        let d = (w.0 - u.0, w.1 - u.1);
        on_line.sort_unstable_by_key(|p| (p.0 - u.0) * d.0 + (p.1 - u.1) * d.1);
        let d: (T, T) = wide(d);
        let normal = (-d.1, d.0);
        let su = self.scaled(u);
        if self.fast && self.cut_through(u, su, d) {
            return false;
        }
        // Pivots halfway between consecutive points (S is even).
        let half = self.scale / T::from(2);
        [1, -1].into_iter().map(T::from).any(|sign| {
            self.line_good((su.0 + sign * normal.0, su.1 + sign * normal.1), d)
                || on_line.windows(2).any(|pair| {
                    let (p0, p1): ((T, T), (T, T)) = (wide(pair[0]), wide(pair[1]));
                    let pivot = ((p0.0 + p1.0) * half, (p0.1 + p1.1) * half);
                    let dir = (
                        d.0 * self.scale + sign * normal.0,
                        d.1 * self.scale + sign * normal.1,
                    );
                    self.line_good(pivot, dir)
                })
        })
    }

    /// The line through `u` (scaled: `su`) along `d` leaves one hex before it enters the
    /// other, and between them it cuts through an obstacle: across a wall hex's interior,
    /// or across a thin wall away from its ends. Then every line close enough to it is
    /// stopped there too (the stretch between the hexes can only grow a little as the line
    /// moves, since the hexes are closed), so all the faces around it are bad and none of
    /// its perturbed lines need trying.
    ///
    /// The arithmetic is that of [`Scene::line_good`] on a line whose direction is not
    /// scaled, so its numbers stay below the bound worked out at [`NARROW_SCENE`].
    fn cut_through(&self, u: P, su: (T, T), d: (T, T)) -> bool {
        let (Some(ia), Some(ib)) = (self.clip(su, d, self.a), self.clip(su, d, self.b)) else {
            return false;
        };
        let Some((lo, hi)) = bridge(ia, ib) else {
            return false;
        };
        let zero = T::from(0);
        let side = |v: P| cr(d, sub(wide(v), wide(u))).cmp(&zero);
        let across = |pts: &[P]| {
            pts.iter().any(|&v| side(v) == Ordering::Less)
                && pts.iter().any(|&v| side(v) == Ordering::Greater)
        };
        // A hex's corners (scale 1) lie on both sides of the line exactly when its centre
        // is nearer the line than the farthest corner is from the centre.
        let abs = |x: T| if x < zero { -x } else { x };
        let reach = abs(d.1 + d.1).max(abs(d.0 - d.1)).max(abs(d.0 + d.1));
        let hex_across = |poly: &[P]| abs(cr(d, sub(wide(geom::centre_of(poly)), wide(u)))) < reach;
        self.obstacles.iter().any(|o| match o {
            Obstacle::Hex(poly) => {
                hex_across(poly)
                    && matches!(self.clip(su, d, poly), Some((Some(s0), Some(s1)))
                        if max(s0, lo).lt(min(s1, hi)))
            }
            &Obstacle::Edge(w0, w1) => {
                across(&[w0, w1])
                    && matches!(self.clip_edge(su, d, w0, w1), Some((Some(t), _))
                        if lo.lt(t) && t.lt(hi))
            }
        })
    }

    /// Parameters `t` with `p + t·dir` inside the closed hex `poly` (local coordinates):
    /// by its three slabs in the fast search, edge by edge in the reference.
    fn clip(&self, p: (T, T), dir: (T, T), poly: &[P]) -> Option<Interval<T>> {
        if self.fast {
            self.clip_hex(p, dir, geom::centre_of(poly))
        } else {
            self.clip_polygon(p, dir, poly)
        }
    }

    /// [`Scene::clip`] for the hex of scale 1 centred at `c` (every hex of a pair's scene
    /// is one): the points within its
    /// three slabs `|y| <= 1`, `|x + y| <= 2` and `|x - y| <= 2` around the centre, the
    /// sides of its edges two by two. How fast the line crosses each slab is a sum, not a
    /// cross product. The numbers stay within those of [`Scene::clip_polygon`] (an offset
    /// `o` and half-width `h` add to at most `2S + 2(R·S + R) <= 4(R·S + R)`, see
    /// [`NARROW_SCENE`]).
    fn clip_hex(&self, p: (T, T), dir: (T, T), c: P) -> Option<Interval<T>> {
        let s = self.scale;
        let off = sub(p, self.scaled(c));
        let two = T::from(2);
        let slabs = [
            (off.1, dir.1, s),
            (off.0 + off.1, dir.0 + dir.1, two * s),
            (off.0 - off.1, dir.0 - dir.1, two * s),
        ];
        let zero = T::from(0);
        let (mut lo, mut hi): Interval<T> = (None, None);
        for (o, v, h) in slabs {
            // `o + t·v` within `[-h, h]`.
            let (from, to) = match v.cmp(&zero) {
                Ordering::Equal if o < -h || o > h => return None,
                Ordering::Equal => continue,
                Ordering::Greater => (Frac::new(-h - o, v), Frac::new(h - o, v)),
                Ordering::Less => (Frac::new(h - o, v), Frac::new(-h - o, v)),
            };
            if lo.is_none_or(|l| l.lt(from)) {
                lo = Some(from);
            }
            if hi.is_none_or(|x| to.lt(x)) {
                hi = Some(to);
            }
        }
        match (lo, hi) {
            (Some(l), Some(h)) if h.lt(l) => None,
            other => Some(other),
        }
    }

    /// Parameters `t` with `p + t·dir` inside the closed convex polygon (local coordinates).
    fn clip_polygon(&self, p: (T, T), dir: (T, T), poly: &[P]) -> Option<Interval<T>> {
        let (mut lo, mut hi): Interval<T> = (None, None);
        for k in 0..poly.len() {
            let e0 = self.scaled(poly[k]);
            let e = sub(wide(poly[(k + 1) % poly.len()]), wide(poly[k]));
            let f0 = cr(e, sub(p, e0));
            let f1 = cr(e, dir);
            match f1.cmp(&T::from(0)) {
                Ordering::Equal if f0 < T::from(0) => return None,
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
    fn clip_edge(&self, p: (T, T), dir: (T, T), w0: P, w1: P) -> Option<Interval<T>> {
        let s0 = self.scaled(w0);
        let e = sub(wide(w1), wide(w0));
        let f0 = cr(e, sub(p, s0));
        let f1 = cr(e, dir);
        let zero = T::from(0);
        let param = |q: (T, T)| {
            let off = sub(q, p);
            if dir.0 != zero {
                Frac::new(off.0, dir.0)
            } else {
                Frac::new(off.1, dir.1)
            }
        };
        if f1 == zero {
            if f0 != zero {
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
        (zero <= pos && pos <= len).then_some((Some(t), Some(t)))
    }

    /// Some point of the line in `A` and some point in `B` are joined without touching
    /// an obstacle.
    fn line_good(&self, p: (T, T), dir: (T, T)) -> bool {
        let (Some(ia), Some(ib)) = (self.clip(p, dir, self.a), self.clip(p, dir, self.b)) else {
            return false;
        };
        if let Some(bridge) = bridge(ia, ib).filter(|_| self.fast) {
            let hit = |i: usize| {
                let stretch = match &self.obstacles[i] {
                    Obstacle::Hex(poly) => self.clip(p, dir, poly),
                    Obstacle::Edge(w0, w1) => self.clip_edge(p, dir, *w0, *w1),
                };
                matches!(stretch, Some((Some(s), Some(e))) if !bridge.1.lt(s) && !e.lt(bridge.0))
            };
            // The obstacle that spoilt the last line first: neighbouring lines tend to
            // meet the same one.
            let first = self.last.get();
            if first < self.obstacles.len() && hit(first) {
                return false;
            }
            return match (0..self.obstacles.len()).find(|&i| i != first && hit(i)) {
                Some(i) => {
                    self.last.set(i);
                    false
                }
                None => true,
            };
        }
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
        let mut gap_lo: Option<Frac<T>> = None;
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

fn max<T: Int>(x: Frac<T>, y: Frac<T>) -> Frac<T> {
    if x.lt(y) { y } else { x }
}

fn min<T: Int>(x: Frac<T>, y: Frac<T>) -> Frac<T> {
    if y.lt(x) { y } else { x }
}

/// When the line leaves one hex before it enters the other, the closed stretch between
/// them: the line is good exactly when no obstacle's (closed) stretch meets it.
fn bridge<T: Int>(ia: Interval<T>, ib: Interval<T>) -> Option<(Frac<T>, Frac<T>)> {
    let ((Some(a0), Some(a1)), (Some(b0), Some(b1))) = (ia, ib) else {
        return None;
    };
    if a1.lt(b0) {
        Some((a1, b0))
    } else if b1.lt(a0) {
        Some((b1, a0))
    } else {
        None
    }
}

/// The closed interval meets the open gap `(lo, hi)` (`None` = unbounded).
fn gap_touches<T: Int>(iv: Interval<T>, lo: Option<Frac<T>>, hi: Option<Frac<T>>) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The infinite line through `u` and `w` meets the closed convex polygon: some corner
    /// on each closed side.
    fn meets(u: P, w: P, poly: &[P]) -> bool {
        poly.iter().any(|&p| geom::cross(u, w, p) >= 0)
            && poly.iter().any(|&p| geom::cross(u, w, p) <= 0)
    }

    /// The tangents say what testing every corner says, for points inside, on and outside
    /// a hex (on its corners and edges, and in line with its edges), and every direction.
    #[test]
    fn reach_agrees_with_testing_every_corner() {
        let hex = geom::hex_corners_at((6, 4));
        for ux in 0..13 {
            for uy in 0..9 {
                let u = (ux, uy);
                let side = |o, a, b| geom::cross(o, a, b).signum() as i8;
                let reach = Reach::new(u, &hex, side);
                for wx in -2..15 {
                    for wy in -2..11 {
                        let w = (wx, wy);
                        if w != u {
                            assert_eq!(reach.meets(u, w, side), meets(u, w, &hex), "{u:?} {w:?}");
                        }
                    }
                }
            }
        }
    }

    /// The slabs and the edges find the same stretch of a line in a hex (as values), for
    /// lines through and beside a hex, along its edges and through its corners.
    #[test]
    fn hex_slabs_clip_as_the_edges_do() {
        let hex = geom::hex_corners_at((5, 4));
        let same = |x: Option<Interval<i64>>, y: Option<Interval<i64>>| match (x, y) {
            (None, None) => true,
            (Some((a0, a1)), Some((b0, b1))) => {
                let eq = |u: Option<Frac<i64>>, v: Option<Frac<i64>>| match (u, v) {
                    (None, None) => true,
                    (Some(u), Some(v)) => u.cmp(v) == Ordering::Equal,
                    _ => false,
                };
                eq(a0, b0) && eq(a1, b1)
            }
            _ => false,
        };
        for scale in [1, 4, 50] {
            let scene = |fast| Scene::<i64> {
                a: &hex,
                b: &hex,
                obstacles: &[],
                scale,
                blocked: RefCell::new(Vec::new()),
                fast,
                last: Slot::new(0),
            };
            let (fast, slow) = (scene(true), scene(false));
            for px in -2..14 {
                for py in -2..11 {
                    for dx in -4i64..=4 {
                        for dy in -3..=3 {
                            if (dx, dy) == (0, 0) {
                                continue;
                            }
                            let (p, dir) = ((px * scale + dx.signum(), py * scale), (dx, dy));
                            assert!(
                                same(fast.clip(p, dir, &hex), slow.clip(p, dir, &hex)),
                                "{scale} {p:?} {dir:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

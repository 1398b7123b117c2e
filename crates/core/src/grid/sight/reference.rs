//! Hex line of sight worked out plainly, for the tests: it shares no code with the rest of
//! this folder (its own hex corners, segment tests and fractions), gathers nothing ahead,
//! remembers nothing and takes no shortcut but two (a clear segment between the centres
//! or between two corners shows any-point sight).
//!
//! Corner to corner: some segment from a corner of `A` to a corner of `B` touches no wall
//! hex and no thin wall (closed sets).
//!
//! Any point: some segment from a point of `A` to a point of `B` touches none. Only the
//! obstacles meeting the convex hull of the two hexes can touch such a segment. If one
//! exists, an open set of lines carries one, and goodness only changes where a line passes
//! over a corner (of `A`, `B` or those obstacles) inside the hull (the stretch between
//! the hexes lies in it), so some such set has on its edge a line through two such
//! corners `u` and `v`. The lines beside that line are reached by shifting it
//! to either side, or turning it either way about a point between two consecutive corners
//! lying on it. The moves are made exact by scaling every coordinate by an even `S` above
//! `8R²` (`R` the spread of the corners): the moved line then passes within less than
//! `1/R` of the first inside the hull, and a corner off the first line is at least that
//! far from it, so none changes side. A line carries a clear segment when some stretch of
//! it between obstacles (or beyond them all) meets both hexes.

use super::HexSight;
use crate::grid::{Cell, TerrainMap};

type Pt = (i128, i128);

fn sub(p: Pt, q: Pt) -> Pt {
    (p.0 - q.0, p.1 - q.1)
}

fn cross(p: Pt, q: Pt) -> i128 {
    p.0 * q.1 - p.1 * q.0
}

fn dot(p: Pt, q: Pt) -> i128 {
    p.0 * q.0 + p.1 * q.1
}

fn scaled(p: Pt, s: i128) -> Pt {
    (p.0 * s, p.1 * s)
}

/// The corners of a hex: a flat-topped hex of width 4 and height 2 around its centre,
/// columns 3 apart and odd columns half a hex lower.
fn hex(c: Cell) -> Vec<Pt> {
    let (x, y) = (
        3 * i128::from(c.col),
        2 * i128::from(c.row) + i128::from(c.col & 1),
    );
    [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]
        .iter()
        .map(|&(dx, dy)| (x + dx, y + dy))
        .collect()
}

/// What blocks sight: wall hexes as their corners, thin walls as their two ends.
fn obstacles(m: &TerrainMap) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = m
        .grid
        .cells()
        .filter(|&c| m.terrain(c).blocks_sight())
        .map(hex)
        .collect();
    for (c, d) in m.thin_walls() {
        let (pc, pd) = (hex(c), hex(d));
        let shared: Vec<Pt> = pc.into_iter().filter(|p| pd.contains(p)).collect();
        if shared.len() == 2 {
            out.push(shared);
        }
    }
    out
}

/// Two closed convex shapes (points, a segment or a polygon) share a point: no axis
/// (across or along any of their edges) holds them strictly apart.
fn touch(p: &[Pt], q: &[Pt]) -> bool {
    let mut axes = Vec::new();
    for shape in [p, q] {
        for i in 0..shape.len() {
            let e = sub(shape[(i + 1) % shape.len()], shape[i]);
            if e != (0, 0) {
                axes.push(e);
                axes.push((-e.1, e.0));
            }
        }
    }
    axes.into_iter().all(|axis| {
        let span = |s: &[Pt]| {
            let v = s.iter().map(|&x| dot(x, axis));
            (v.clone().min().unwrap(), v.max().unwrap())
        };
        let ((p0, p1), (q0, q1)) = (span(p), span(q));
        p1 >= q0 && q1 >= p0
    })
}

/// The convex hull of some points, without points inside its edges.
fn hull(mut pts: Vec<Pt>) -> Vec<Pt> {
    pts.sort_unstable();
    pts.dedup();
    let half = |pts: &mut dyn Iterator<Item = Pt>| {
        let mut h: Vec<Pt> = Vec::new();
        for p in pts {
            while h.len() >= 2
                && cross(sub(h[h.len() - 1], h[h.len() - 2]), sub(p, h[h.len() - 2])) <= 0
            {
                h.pop();
            }
            h.push(p);
        }
        h.pop();
        h
    };
    let mut lower = half(&mut pts.clone().into_iter());
    lower.extend(half(&mut pts.into_iter().rev()));
    lower
}

/// A point along a line, `n / d` of its direction from its start (`d > 0`).
#[derive(Clone, Copy)]
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

    fn below(self, o: Frac) -> bool {
        self.n * o.d < o.n * self.d
    }
}

/// The stretch (from, to) of the line `start + t dir` inside a closed shape, if any.
fn stretch(shape: &[Pt], start: Pt, dir: Pt) -> Option<(Frac, Frac)> {
    if shape.len() == 2 {
        let (w0, e) = (shape[0], sub(shape[1], shape[0]));
        let den = cross(dir, e);
        if den == 0 {
            if cross(sub(w0, start), dir) != 0 {
                return None;
            }
            let len = dot(dir, dir);
            let (t0, t1) = (
                Frac::new(dot(sub(w0, start), dir), len),
                Frac::new(dot(sub(shape[1], start), dir), len),
            );
            return Some(if t1.below(t0) { (t1, t0) } else { (t0, t1) });
        }
        let s = Frac::new(cross(sub(w0, start), dir), den);
        if s.n < 0 || s.n > s.d {
            return None;
        }
        let t = Frac::new(cross(sub(w0, start), e), den);
        return Some((t, t));
    }
    let area: i128 = (0..shape.len())
        .map(|i| cross(shape[i], shape[(i + 1) % shape.len()]))
        .sum();
    let turn = area.signum();
    let (mut lo, mut hi): (Option<Frac>, Option<Frac>) = (None, None);
    for i in 0..shape.len() {
        let (a, e) = (shape[i], sub(shape[(i + 1) % shape.len()], shape[i]));
        // Inside this edge's half-plane: c0 + t c1 >= 0.
        let (c0, c1) = (turn * cross(e, sub(start, a)), turn * cross(e, dir));
        if c1 == 0 {
            if c0 < 0 {
                return None;
            }
        } else if c1 > 0 {
            let t = Frac::new(-c0, c1);
            lo = Some(lo.map_or(t, |l| if l.below(t) { t } else { l }));
        } else {
            let t = Frac::new(c0, -c1);
            hi = Some(hi.map_or(t, |h| if t.below(h) { t } else { h }));
        }
    }
    let (lo, hi) = (lo?, hi?);
    (!hi.below(lo)).then_some((lo, hi))
}

/// Some stretch of the line `start + t dir` clear of every obstacle meets both hexes.
fn good_line(a: &[Pt], b: &[Pt], obstacles: &[&Vec<Pt>], start: Pt, dir: Pt) -> bool {
    let (Some(ia), Some(ib)) = (stretch(a, start, dir), stretch(b, start, dir)) else {
        return false;
    };
    let mut blocked: Vec<(Frac, Frac)> = obstacles
        .iter()
        .filter_map(|o| stretch(o, start, dir))
        .collect();
    blocked.sort_by(|x, y| (x.0.n * y.0.d).cmp(&(y.0.n * x.0.d)));
    // The open gaps between the merged blocked stretches (`None`: no end that way).
    let mut gaps: Vec<(Option<Frac>, Option<Frac>)> = Vec::new();
    let mut from: Option<Frac> = None;
    let mut i = 0;
    while i < blocked.len() {
        let (lo, mut hi) = blocked[i];
        i += 1;
        while i < blocked.len() && !hi.below(blocked[i].0) {
            if hi.below(blocked[i].1) {
                hi = blocked[i].1;
            }
            i += 1;
        }
        gaps.push((from, Some(lo)));
        from = Some(hi);
    }
    gaps.push((from, None));
    let meets = |(g0, g1): (Option<Frac>, Option<Frac>), (s0, s1): (Frac, Frac)| {
        g1.is_none_or(|g1| s0.below(g1)) && g0.is_none_or(|g0| g0.below(s1))
    };
    gaps.into_iter().any(|g| meets(g, ia) && meets(g, ib))
}

/// Any-point sight between two different open hexes: see the module documentation.
fn any_point(a: &[Pt], b: &[Pt], all: &[Vec<Pt>]) -> bool {
    let both = hull(a.iter().chain(b).copied().collect());
    let near: Vec<Vec<Pt>> = all.iter().filter(|o| touch(o, &both)).cloned().collect();
    let centre = |h: &[Pt]| ((h[0].0 + h[3].0) / 2, (h[0].1 + h[3].1) / 2);
    let centres = [centre(a), centre(b)];
    if near.iter().all(|o| !touch(o, &centres)) || corner_to_corner(a, b, &near) {
        return true;
    }
    let mut corners: Vec<Pt> = a
        .iter()
        .chain(b)
        .chain(near.iter().flatten())
        .copied()
        .collect();
    corners.sort_unstable();
    corners.dedup();
    let spread = |f: fn(&Pt) -> i128| {
        let v = corners.iter().map(f);
        v.clone().max().unwrap() - v.min().unwrap()
    };
    let r = spread(|p| p.0).max(spread(|p| p.1)) + 1;
    // The lines worth trying pass through two corners inside the hull: a corner outside
    // it lies on no line's stretch between the hexes, so passing over it changes nothing
    // (the scale above still comes from every corner).
    let inside = |p: &Pt| {
        (0..both.len())
            .all(|i| cross(sub(both[(i + 1) % both.len()], both[i]), sub(*p, both[i])) >= 0)
    };
    let pivots: Vec<Pt> = corners.iter().copied().filter(inside).collect();
    let s = 8 * r * r + 2;
    let (a, b) = (
        a.iter().map(|&p| scaled(p, s)).collect::<Vec<_>>(),
        b.iter().map(|&p| scaled(p, s)).collect::<Vec<_>>(),
    );
    let near: Vec<Vec<Pt>> = near
        .iter()
        .map(|o| o.iter().map(|&p| scaled(p, s)).collect())
        .collect();
    // Whether a line through `u` with direction `d` meets a hex (closed): its corners do
    // not all lie strictly on one side.
    let meets = |hex: &[Pt], u: Pt, d: Pt| {
        let (mut below, mut above) = (false, false);
        for &p in hex {
            let side = cross(d, sub(p, u));
            below |= side <= 0;
            above |= side >= 0;
        }
        below && above
    };
    for (i, &u) in pivots.iter().enumerate() {
        for &v in &pivots[i + 1..] {
            let d = sub(v, u);
            let (su, sd) = (scaled(u, s), scaled(d, s));
            if !meets(&a, su, sd) || !meets(&b, su, sd) {
                continue;
            }
            // An obstacle this line misses has every corner at least `1/|d|` off it, out
            // of reach of the moved lines below.
            let close: Vec<&Vec<Pt>> = near.iter().filter(|o| meets(o, su, sd)).collect();
            let mut on: Vec<Pt> = pivots
                .iter()
                .copied()
                .filter(|&w| cross(d, sub(w, u)) == 0)
                .collect();
            on.sort_by_key(|&w| dot(sub(w, u), d));
            let normal = (-d.1, d.0);
            let mut lines = vec![
                ((su.0 + normal.0, su.1 + normal.1), sd),
                ((su.0 - normal.0, su.1 - normal.1), sd),
            ];
            for pair in on.windows(2) {
                let pivot = (
                    (pair[0].0 + pair[1].0) * s / 2,
                    (pair[0].1 + pair[1].1) * s / 2,
                );
                lines.push((pivot, (sd.0 + normal.0, sd.1 + normal.1)));
                lines.push((pivot, (sd.0 - normal.0, sd.1 - normal.1)));
            }
            if lines
                .into_iter()
                .any(|(start, dir)| good_line(&a, &b, &close, start, dir))
            {
                return true;
            }
        }
    }
    false
}

/// Corner-to-corner sight between two different open hexes.
fn corner_to_corner(a: &[Pt], b: &[Pt], all: &[Vec<Pt>]) -> bool {
    a.iter()
        .any(|&p| b.iter().any(|&q| all.iter().all(|o| !touch(o, &[p, q]))))
}

/// Whether `a` sees `b` on a hex board under `rule`, worked out plainly.
pub(super) fn sees(m: &TerrainMap, a: Cell, b: Cell, rule: HexSight) -> bool {
    if a == b {
        return true;
    }
    let open = |c: Cell| m.grid.contains(c) && !m.terrain(c).blocks_sight();
    if !open(a) || !open(b) {
        return false;
    }
    let all = obstacles(m);
    let (ha, hb) = (hex(a), hex(b));
    match rule {
        HexSight::CornerToCorner => corner_to_corner(&ha, &hb, &all),
        HexSight::AnyPoint => any_point(&ha, &hb, &all),
    }
}

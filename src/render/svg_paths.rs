//! What `--last` and `--paths` add to the SVG picture: each creature's walks and blows in a
//! colour of its own, a blow's arrowhead solid when it landed and hollow when it missed,
//! the creatures that fell drawn faded with a cross where they fell, and the key for all
//! of it (one entry per creature drawn, then the arrowheads and the fallen mark).

use super::layout::{Geometry, Point};
use super::markers::markers;
use super::paths::{ATTACK, Drawing};
use super::svg_key::{KEY_FONT, KEY_LINE, flow_widths, text_width};
use super::svg_parts::{DISC, creature_centre, cross, escape, num, point, side_colour};
use crate::board::{Creature, Fight, Side};
use std::fmt::Write;

/// How the fallen are faded.
const FADED: &str = "0.35";

/// A creature whose walks or blows are drawn, or that fell, with its colour (when it has
/// lines drawn) and the words the key gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// The creature's id.
    pub creature: String,
    /// Its colour (`#rrggbb`), different for every creature with lines drawn; empty for
    /// one that only fell.
    pub colour: String,
    /// Whether it has walks or blows drawn (and so a colour and an entry in the key).
    pub drawn: bool,
    /// Its marker and name, as the key gives them (`1K Kobold 1`).
    pub label: String,
    /// Its side, when the board still knows it (on the board or among the fallen).
    pub side: Option<Side>,
    /// Its marker, for a fallen creature's faded disc.
    pub marker: String,
}

/// The creatures a drawing shows: those on the board in board order, then the fallen,
/// then any other the document names, in its order; each with lines drawn has its own
/// colour.
pub fn strokes(fight: &Fight, drawing: &Drawing) -> Vec<Stroke> {
    let b = &fight.board;
    let drawn = |id: &str| drawing.paths.iter().any(|p| p.creature == id);
    let named = |id: &str| drawn(id) || drawing.fallen.iter().any(|f| f.creature == id);
    // The fallen get markers after everyone on the board, so the board's stay as they are.
    let mut everyone: Vec<Creature> = b.creatures.clone();
    let fallen: Vec<&Creature> = b
        .fallen
        .iter()
        .map(|f| &f.creature)
        .filter(|c| named(&c.id) && !b.creatures.iter().any(|o| o.id == c.id))
        .collect();
    everyone.extend(fallen.iter().map(|c| (*c).clone()));
    let marks = markers(&everyone);
    let mut out: Vec<Stroke> = Vec::new();
    for (c, mark) in everyone.iter().zip(&marks) {
        if named(&c.id) && !out.iter().any(|s| s.creature == c.id) {
            let gone = b.creatures.iter().all(|o| o.id != c.id);
            let mark = mark.trim_end().to_string();
            out.push(Stroke {
                creature: c.id.clone(),
                colour: String::new(),
                drawn: drawn(&c.id),
                label: format!(
                    "{mark} {}{}",
                    c.display_name(),
                    if gone { " (fell)" } else { "" }
                ),
                side: Some(c.side),
                marker: mark,
            });
        }
    }
    let ids = drawing
        .paths
        .iter()
        .map(|p| (p.creature.as_str(), ""))
        .chain(
            drawing
                .fallen
                .iter()
                .map(|f| (f.creature.as_str(), f.name.as_str())),
        );
    for (id, name) in ids {
        if !out.iter().any(|s| s.creature == id) {
            out.push(Stroke {
                creature: id.to_string(),
                colour: String::new(),
                drawn: drawn(id),
                label: if name.is_empty() { id } else { name }.to_string(),
                side: None,
                marker: String::new(),
            });
        }
    }
    for (k, s) in out.iter_mut().filter(|s| s.drawn).enumerate() {
        s.colour = colour(k);
    }
    out
}

/// The `k`th colour: hues a golden angle apart (so any few drawn together are far apart
/// on the wheel), saturated, dark enough to read on every terrain's colour but a wall's,
/// two lightnesses taking turns.
pub fn colour(k: usize) -> String {
    let hue = (215.0 + k as f64 * 137.507_764) % 360.0;
    let light = if k.is_multiple_of(2) { 0.40 } else { 0.30 };
    let (r, g, b) = hsl_to_rgb(hue, 0.80, light);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn hsl_to_rgb(hue: f64, sat: f64, light: f64) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * light - 1.0).abs()) * sat;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = light - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

/// The arrowheads, two per colour: `arrow-K` solid (a walk's end, a blow that landed) and
/// `arrow-hollow-K` hollow (a blow that missed), K counting the creatures with lines.
pub fn defs(s: &mut String, strokes: &[Stroke]) {
    for (k, st) in strokes.iter().filter(|st| st.drawn).enumerate() {
        let _ = writeln!(
            s,
            r#"<marker id="arrow-{k}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0L10,5L0,10z" fill="{}"/></marker>"#,
            st.colour
        );
        let _ = writeln!(
            s,
            r##"<marker id="arrow-hollow-{k}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M1,1.5L9,5L1,8.5z" fill="#ffffff" stroke="{}" stroke-width="1.6" stroke-linejoin="miter"/></marker>"##,
            st.colour
        );
    }
}

/// The fallen, faded, each with a cross, then the walks and blows over them; each line
/// ends at the edge of the disc it points at.
pub fn draw(s: &mut String, geo: &Geometry, fight: &Fight, drawing: &Drawing, strokes: &[Stroke]) {
    let on_board = |id: &str| fight.board.creatures.iter().any(|c| c.id == id);
    let fallen: Vec<_> = drawing
        .fallen
        .iter()
        .filter(|f| !on_board(&f.creature))
        .collect();
    if !fallen.is_empty() {
        s.push_str(r#"<g class="fallen" text-anchor="middle">"#);
        s.push('\n');
        for f in fallen {
            let st = strokes.iter().find(|st| st.creature == f.creature);
            let side = st.and_then(|st| st.side);
            let (x, y) = block_middle(geo, f.cell, f.size);
            let d = DISC * 0.8;
            // "1G fell" under the disc, or just "1G" where that does not fit (a hex's foot).
            let marker = st.map_or("", |st| st.marker.as_str());
            let label = [format!("{marker} fell"), marker.to_string()]
                .into_iter()
                .find_map(|t| {
                    let cells = (f.size * f.size) as usize;
                    let fitted = super::disc_label::fit_under_disc(geo, cells, t.trim())?;
                    (fitted.lines.len() == 1).then(|| {
                        format!(
                            r##"<text class="fell-label" x="{}" y="{}" font-size="{}" fill="#222222">{}</text>"##,
                            num(x),
                            num(y + super::disc_label::FIRST_BASELINE),
                            num(fitted.size),
                            escape(t.trim())
                        )
                    })
                })
                .unwrap_or_default();
            let _ = writeln!(
                s,
                r##"<g class="fell" id="fallen-{}"><title>{} fell on {}</title><circle cx="{}" cy="{}" r="{}" fill="{}" fill-opacity="{FADED}" stroke="#ffffff" stroke-opacity="{FADED}" stroke-width="2"/><path class="cross" d="{}" stroke="#1a1a1a" stroke-width="3" stroke-linecap="round"/>{label}</g>"##,
                escape(&f.creature),
                escape(if f.name.is_empty() {
                    &f.creature
                } else {
                    &f.name
                }),
                f.cell,
                num(x),
                num(y),
                num(DISC),
                side_colour(side).0,
                cross((x, y), d),
            );
        }
        s.push_str("</g>\n");
    }
    if drawing.paths.is_empty() {
        return;
    }
    s.push_str(r#"<g class="paths" fill="none" stroke-width="3" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.85">"#);
    s.push('\n');
    for p in &drawing.paths {
        let drawn = strokes.iter().filter(|st| st.drawn);
        let Some((k, st)) = drawn.enumerate().find(|(_, st)| st.creature == p.creature) else {
            continue;
        };
        let mut pts: Vec<Point> = p.cells.iter().map(|&c| geo.centre(c)).collect();
        // A large creature's disc sits in the middle of its block, not on its corner cell:
        // its walk is drawn through the middles, and a blow aimed at it ends there.
        let mover = large_offset(geo, fight, |c| c.id == p.creature);
        let last = *p.cells.last().unwrap_or(&crate::grid::Cell::new(0, 0));
        let mut target = large_offset(geo, fight, |c| c.position == last);
        if let Some(f) = drawing.fallen.iter().find(|f| f.cell == last && f.size > 1)
            && !fight.board.creatures.iter().any(|c| c.position == last)
        {
            let ((x, y), (cx, cy)) = (block_middle(geo, last, f.size), geo.centre(last));
            target = (x - cx, y - cy);
        }
        for (j, pt) in pts.iter_mut().enumerate() {
            let (dx, dy) = if p.cause == ATTACK && j > 0 {
                target
            } else {
                mover
            };
            *pt = (pt.0 + dx, pt.1 + dy);
        }
        shorten_end(&mut pts, DISC + 2.0);
        let list: Vec<String> = pts.into_iter().map(point).collect();
        let cells: Vec<String> = p.cells.iter().map(|c| c.name()).collect();
        let side = match st.side {
            Some(side) => super::legend::side_word(side),
            None => "other",
        };
        // A blow is a dashed line from attacker to target, its head hollow if it missed.
        let (kind, dashed, head) = match (p.cause == ATTACK, p.missed) {
            (false, _) => ("walk", "", "arrow"),
            (true, false) => ("blow hit", r#" stroke-dasharray="7 5""#, "arrow"),
            (true, true) => ("blow miss", r#" stroke-dasharray="7 5""#, "arrow-hollow"),
        };
        let _ = writeln!(
            s,
            r#"<polyline class="path {side} {kind}" data-creature="{}" points="{}" stroke="{}"{dashed} marker-end="url(#{head}-{k})"><title>{} ({}{}): {}</title></polyline>"#,
            escape(&p.creature),
            list.join(" "),
            st.colour,
            escape(&p.creature),
            escape(&p.cause),
            if p.cause == ATTACK {
                if p.missed { ", missed" } else { ", hit" }
            } else {
                ""
            },
            cells.join(" ")
        );
    }
    s.push_str("</g>\n");
}

/// The middle of the `size`×`size` block whose corner is `corner`.
fn block_middle(geo: &Geometry, corner: crate::grid::Cell, size: u32) -> Point {
    let n = size.max(1) as i32;
    let centres: Vec<Point> = (0..n)
        .flat_map(|dr| (0..n).map(move |dc| (dc, dr)))
        .map(|(dc, dr)| geo.centre(crate::grid::Cell::new(corner.col + dc, corner.row + dr)))
        .collect();
    let k = centres.len() as f64;
    (
        centres.iter().map(|p| p.0).sum::<f64>() / k,
        centres.iter().map(|p| p.1).sum::<f64>() / k,
    )
}

/// How far the disc of the large creature on the board that `is` picks lies from the
/// centre of its position's cell (nothing for a creature of one cell, or none).
fn large_offset(geo: &Geometry, fight: &Fight, is: impl Fn(&Creature) -> bool) -> Point {
    let Some(i) = fight.board.creatures.iter().position(is) else {
        return (0.0, 0.0);
    };
    let (x, y) = creature_centre(geo, fight, i);
    let (cx, cy) = geo.centre(fight.board.creatures[i].position);
    (x - cx, y - cy)
}

/// Pulls the last point of a polyline back towards the one before it by `by` pixels (not
/// past it), so an arrow ends at the edge of a disc instead of under it.
fn shorten_end(pts: &mut [Point], by: f64) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= by {
        return;
    }
    let k = (len - by) / len;
    pts[n - 1] = (a.0 + dx * k, a.1 + dy * k);
}

/// One entry of the paths' key: what its sample shows, and its words.
#[derive(Clone, Debug, PartialEq)]
pub enum Sample {
    /// The colour of the `k`th creature with lines drawn.
    Creature(usize),
    /// A blow's arrowhead: solid (landed) or hollow (missed).
    Blow {
        /// Whether the blow missed.
        missed: bool,
    },
    /// The faded disc and cross of a creature that fell.
    Fell,
}

/// Room a sample takes before its words.
const SAMPLE: f64 = 30.0;

/// The paths' key: each creature with lines drawn, then (when there are blows) a landed
/// and a missed blow's head, then (when someone fell) the fallen mark.
pub fn key(drawing: &Drawing, strokes: &[Stroke]) -> Vec<(Sample, String)> {
    let mut out: Vec<(Sample, String)> = strokes
        .iter()
        .filter(|st| st.drawn)
        .enumerate()
        .map(|(k, st)| (Sample::Creature(k), st.label.clone()))
        .collect();
    if drawing.paths.iter().any(|p| p.cause == ATTACK) {
        out.push((Sample::Blow { missed: false }, "blow that hit".into()));
        out.push((Sample::Blow { missed: true }, "blow that missed".into()));
    }
    if !drawing.fallen.is_empty() {
        out.push((Sample::Fell, "fell in the last command".into()));
    }
    out
}

/// How wide each entry of the key is, with the gap after it.
pub fn key_widths(entries: &[(Sample, String)]) -> Vec<f64> {
    entries
        .iter()
        .map(|(_, text)| SAMPLE + text_width(text, KEY_FONT) + 14.0)
        .collect()
}

/// The paths' key laid out from `left` to `right`: each entry's x and line, and the
/// number of lines.
pub fn key_layout(
    entries: &[(Sample, String)],
    left: f64,
    right: f64,
) -> (Vec<(f64, usize)>, usize) {
    flow_widths(&key_widths(entries), left, right)
}

/// Draws the paths' key, its first line's top at `top`.
pub fn draw_key(
    s: &mut String,
    entries: &[(Sample, String)],
    at: &[(f64, usize)],
    strokes: &[Stroke],
    top: f64,
) {
    if entries.is_empty() {
        return;
    }
    s.push_str(r#"<g class="path-key">"#);
    s.push('\n');
    for ((sample, text), &(x, line)) in entries.iter().zip(at) {
        let y = top + line as f64 * KEY_LINE + 12.0;
        let mid = y - 4.0;
        let _ = match sample {
            Sample::Creature(k) => {
                let st = strokes.iter().filter(|st| st.drawn).nth(*k);
                write!(
                    s,
                    r#"<g class="path-key-entry" data-creature="{}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3" marker-end="url(#arrow-{k})"/>"#,
                    escape(st.map_or("", |st| st.creature.as_str())),
                    num(x),
                    num(mid),
                    num(x + SAMPLE - 10.0),
                    num(mid),
                    st.map_or("", |st| st.colour.as_str())
                )
            }
            Sample::Blow { missed } => write!(
                s,
                r##"<g class="path-key-entry {}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#555555" stroke-width="3" stroke-dasharray="7 5"/><path d="{}" fill="{}" stroke="#555555" stroke-width="2"/>"##,
                if *missed { "miss" } else { "hit" },
                num(x),
                num(mid),
                num(x + SAMPLE - 14.0),
                num(mid),
                format_args!(
                    "M{},{}L{},{}L{},{}z",
                    num(x + SAMPLE - 16.0),
                    num(mid - 5.0),
                    num(x + SAMPLE - 6.0),
                    num(mid),
                    num(x + SAMPLE - 16.0),
                    num(mid + 5.0)
                ),
                if *missed { "#ffffff" } else { "#555555" }
            ),
            Sample::Fell => {
                let (cx, r) = (x + 10.0, 7.0);
                write!(
                    s,
                    r##"<g class="path-key-entry fell"><circle cx="{}" cy="{}" r="{}" fill="#555555" fill-opacity="{FADED}"/><path d="{}" stroke="#1a1a1a" stroke-width="2" stroke-linecap="round"/>"##,
                    num(cx),
                    num(mid),
                    num(r),
                    cross((cx, mid), r),
                )
            }
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{}" fill="#222222">{}</text></g>"##,
            num(x + SAMPLE),
            num(y),
            num(KEY_FONT),
            escape(text)
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2×2 block from D9 covers D9, E9, D10, E10: its middle is the corner they share,
    /// x 36 + 4 × 48 = 228, y 56 + 9 × 48 = 488; a block of one is its cell's centre.
    #[test]
    fn a_block_s_middle_is_where_its_disc_goes() {
        use crate::grid::{Cell, Grid, GridKind, Metric};
        let geo = Geometry::new(Grid::new(GridKind::Square(Metric::Chebyshev), 16, 12));
        assert_eq!(block_middle(&geo, Cell::new(3, 8), 2), (228.0, 488.0));
        assert_eq!(
            block_middle(&geo, Cell::new(3, 8), 1),
            geo.centre(Cell::new(3, 8))
        );
    }

    #[test]
    fn arrows_stop_short_of_the_disc() {
        let mut pts = vec![(0.0, 0.0), (48.0, 0.0)];
        shorten_end(&mut pts, 15.0);
        assert_eq!(pts[1], (33.0, 0.0));
        let mut short = vec![(0.0, 0.0), (10.0, 0.0)];
        shorten_end(&mut short, 15.0);
        assert_eq!(short[1], (10.0, 0.0));
    }

    /// Hue 215 at 80% saturation, 40% lightness: chroma 0.64, m 0.08; 215/60 = 3.58 is
    /// the blue-cyan sixth, x = 0.64 * (1 - |3.58 mod 2 - 1|) = 0.64 * 0.4167 = 0.267: rgb
    /// (0.08, 0.347, 0.72) = #1458b8.
    #[test]
    fn the_first_colour_is_a_dark_blue_and_forty_are_all_different() {
        assert_eq!(colour(0), "#1458b8");
        let all: std::collections::BTreeSet<String> = (0..40).map(colour).collect();
        assert_eq!(all.len(), 40);
    }
}

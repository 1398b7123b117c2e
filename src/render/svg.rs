//! The board as an SVG picture: cells coloured by terrain, cell names, thin walls, traps,
//! fires, walked paths with arrows, and creatures with their marker and hit points.
//!
//! Every number is written with at most two decimals (trailing zeros dropped), and
//! elements come in a fixed order, so the same board always gives the same bytes.

use super::disc_label;
use super::layout::{Geometry, MARGIN, MARGIN_LEFT, Point, SQUARE, hex_height};
use super::legend::{creature_rows, side_word, status_text, summed, trap_text};
use super::markers::markers;
use super::paths::Drawing;
use super::svg_key::{
    KEY_FONT, KEY_LINE, KeyItem, flow, overlay_key, short_labels, short_lead, text_width, wrap_text,
};
use super::svg_parts::{DISC, creature_centre, cross, point, side_colour};
use super::svg_paths;
use super::{Overlay, column_name};
use crate::board::{Creature, Fight};
use crate::grid::{Cell, Terrain};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The title's font size, and how far apart its lines are when it takes more than one.
const TITLE_FONT: f64 = 14.0;
/// See [`TITLE_FONT`].
const TITLE_LINE: f64 = 18.0;

pub use super::svg_parts::{escape, num};

fn terrain_colour(t: Terrain) -> &'static str {
    match t {
        Terrain::Floor => "#f4f1e8",
        Terrain::Wall => "#3b3b3b",
        Terrain::Obstacle => "#9a8f78",
        Terrain::Difficult => "#c3d99a",
        Terrain::Hazardous => "#e8a0a0",
        Terrain::Icy => "#c4e8f4",
        Terrain::ClosedDoor => "#8b5a2b",
        Terrain::OpenDoor => "#dcc197",
    }
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Floor => "floor",
        Terrain::Wall => "wall",
        Terrain::Obstacle => "obstacle",
        Terrain::Difficult => "difficult",
        Terrain::Hazardous => "hazardous",
        Terrain::Icy => "icy",
        Terrain::ClosedDoor => "closed-door",
        Terrain::OpenDoor => "open-door",
    }
}

/// The SVG document (with a trailing newline).
pub fn render_svg(fight: &Fight, drawing: &Drawing) -> String {
    render_svg_with(fight, drawing, &Overlay::default(), None)
}

/// [`render_svg`] with a system's overlay (its labelled cells outlined, its lines as the
/// picture's description) and, for a finished fight, how it ended (the title says so).
pub fn render_svg_with(
    fight: &Fight,
    drawing: &Drawing,
    overlay: &Overlay,
    ending: Option<&crate::rules::deck::Ending>,
) -> String {
    let g = fight.grid();
    let mut geo = Geometry::new(g);
    // The title is broken into lines as wide as the map, the map moved down for them.
    let title = super::heading::picture_title(fight, ending);
    let title_lines = wrap_text(&title, TITLE_FONT, geo.size().0 - MARGIN_LEFT - MARGIN);
    geo.title_room = (title_lines.len() - 1) as f64 * TITLE_LINE;
    let (w, h) = geo.size();
    let half_height = if geo.is_hex() {
        hex_height() / 2.0
    } else {
        SQUARE / 2.0
    };
    let mut s = String::new();
    // The canvas is widened for a word of the title or an entry of the key wider than
    // the map, so no text is cut off at the right edge; the key goes below the map.
    let status_keys = status_labels(fight, overlay);
    let w = title_lines
        .iter()
        .map(|l| MARGIN_LEFT + text_width(l, TITLE_FONT) + MARGIN)
        .fold(w, f64::max);
    let marks = markers(&fight.board.creatures);
    let rows = creature_rows(fight, &marks, overlay);
    // Each creature's status labels, fitted above its disc; those that fit nowhere there
    // are listed under the key.
    let labels: Vec<Option<String>> = fight
        .board
        .creatures
        .iter()
        .map(|c| creature_statuses(c, &status_keys, overlay.notes_of(&c.id)))
        .collect();
    let status_key: Vec<String> = rows
        .iter()
        .zip(&labels)
        .enumerate()
        .filter_map(|(i, (row, label))| {
            let label = label.as_deref()?;
            let cells = fight.cells_of(i).count();
            disc_label::fit_above_disc(&geo, cells, label)
                .is_none()
                .then(|| format!("{} {}, statuses: {label}", row.marker.trim_end(), row.name))
        })
        .collect();
    let mut key = key_items(fight, overlay, &status_keys);
    key.extend(overlay_key(overlay));
    let widest = key.iter().map(KeyItem::width).fold(0.0, f64::max);
    let w = w.max(MARGIN_LEFT + widest + MARGIN);
    // Health labels too long for their creature's cells are listed under the key. The
    // lines under the key are broken to the canvas's width.
    let under_key = |lines: &[String]| -> Vec<String> {
        let room = w - MARGIN_LEFT - MARGIN;
        let wrap = |l: &String| wrap_text(l, KEY_FONT, room);
        lines.iter().flat_map(wrap).collect()
    };
    let overlay_lines = under_key(&overlay.lines);
    let health_key = under_key(&disc_label::to_key(fight, &geo, overlay));
    let status_key = under_key(&status_key);
    let w = overlay_lines
        .iter()
        .chain(&health_key)
        .chain(&status_key)
        .map(|l| MARGIN_LEFT + text_width(l, KEY_FONT) + MARGIN)
        .fold(w, f64::max);
    let strokes = svg_paths::strokes(fight, drawing);
    let path_key = svg_paths::key(drawing, &strokes);
    let w = svg_paths::key_widths(&path_key)
        .into_iter()
        .map(|width| MARGIN_LEFT + width + MARGIN)
        .fold(w, f64::max);
    let (key_at, key_lines) = flow(&key, MARGIN_LEFT, w - MARGIN);
    let (path_key_at, path_key_lines) = svg_paths::key_layout(&path_key, MARGIN_LEFT, w - MARGIN);
    let key_lines = key_lines + path_key_lines;
    let key_top = h;
    let path_key_top = h + (key_lines - path_key_lines) as f64 * KEY_LINE;
    let lines_top = h + key_lines as f64 * KEY_LINE;
    let health_top = lines_top + overlay_lines.len() as f64 * KEY_LINE;
    let status_top = health_top + health_key.len() as f64 * KEY_LINE;
    let h = status_top
        + status_key.len() as f64 * KEY_LINE
        + if key_lines + overlay_lines.len() + health_key.len() + status_key.len() > 0 {
            MARGIN
        } else {
            0.0
        };
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" font-family="sans-serif">"#,
        num(w),
        num(h)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&title));
    s.push_str("<defs>\n");
    svg_paths::defs(&mut s, &strokes);
    s.push_str("</defs>\n");
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num(w),
        num(h)
    );
    for (k, line) in title_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text class="title" x="{}" y="{}" font-size="14" font-weight="bold">{}</text>"#,
            num(MARGIN_LEFT),
            num(22.0 + k as f64 * TITLE_LINE),
            escape(line)
        );
    }

    // Cells.
    s.push_str(r##"<g class="cells" stroke="#a89f88" stroke-width="1">"##);
    s.push('\n');
    for c in g.cells() {
        let t = fight.map.terrain(c);
        let _ = writeln!(
            s,
            r#"<polygon class="{}" points="{}" fill="{}"/>"#,
            terrain_word(t),
            corners(&geo, c),
            terrain_colour(t)
        );
    }
    s.push_str("</g>\n");

    // Fires, over the cells they burn.
    if !fight.board.fires.is_empty() {
        s.push_str(r##"<g class="fires" fill="#ff7a1a" fill-opacity="0.6">"##);
        s.push('\n');
        for f in &fight.board.fires {
            let rounds = if f.rounds_left == 1 { "" } else { "s" };
            let _ = writeln!(
                s,
                r#"<polygon class="fire" points="{}"><title>fire at {} ({} round{rounds} left)</title></polygon>"#,
                corners(&geo, f.cell),
                f.cell,
                f.rounds_left
            );
        }
        s.push_str("</g>\n");
    }

    // Cell names, column letters and row numbers.
    s.push_str(r##"<g class="cell-names" font-size="7" fill="#8a826e" text-anchor="middle">"##);
    s.push('\n');
    for c in g.cells() {
        let (x, y) = geo.centre(c);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(x),
            num(y - half_height + 9.0),
            c
        );
    }
    s.push_str("</g>\n");
    s.push_str(r##"<g class="labels" font-size="12" fill="#444444" text-anchor="middle">"##);
    s.push('\n');
    for col in 0..g.width as i32 {
        let (x, _) = geo.centre(Cell::new(col, 0));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(x),
            num(geo.top() - 6.0),
            column_name(col)
        );
    }
    for row in 0..g.height as i32 {
        let (_, y) = geo.centre(Cell::new(0, row));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(MARGIN_LEFT / 2.0),
            num(y + 4.0),
            row + 1
        );
    }
    s.push_str("</g>\n");

    // Thin walls on the edges they stand on.
    let walls: Vec<(Point, Point)> = fight
        .map
        .thin_walls()
        .filter_map(|(a, b)| geo.shared_edge(a, b))
        .collect();
    if !walls.is_empty() {
        s.push_str(
            r##"<g class="thin-walls" stroke="#1a1a1a" stroke-width="5" stroke-linecap="round">"##,
        );
        s.push('\n');
        for (p, q) in walls {
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(p.0),
                num(p.1),
                num(q.0),
                num(q.1)
            );
        }
        s.push_str("</g>\n");
    }

    // Traps: a cross over the cell.
    if !fight.board.traps.is_empty() {
        s.push_str(
            r##"<g class="traps" stroke="#c2185b" stroke-width="3" stroke-linecap="round">"##,
        );
        s.push('\n');
        for t in &fight.board.traps {
            let _ = writeln!(
                s,
                r#"<g class="trap"><title>{}</title><path d="{}"/></g>"#,
                escape(&trap_text(t)),
                cross(geo.centre(t.cell), 12.0)
            );
        }
        s.push_str("</g>\n");
    }

    // The fallen, walked paths and blows, under the creatures.
    svg_paths::draw(&mut s, &geo, fight, drawing, &strokes);

    if !overlay.marks.is_empty() || !overlay.lines.is_empty() {
        s.push_str(r##"<g class="overlay" fill="none" stroke="#6a1b9a" stroke-width="2" stroke-dasharray="4 3">"##);
        s.push('\n');
        if !overlay.lines.is_empty() {
            let _ = writeln!(s, "<desc>{}</desc>", escape(&overlay.lines.join("\n")));
        }
        for (cell, label, meaning) in &overlay.marks {
            let (x, y) = geo.centre(*cell);
            let _ = writeln!(
                s,
                r##"<g class="mark"><title>{}</title><polygon points="{}"/><text x="{}" y="{}" font-size="10" fill="#6a1b9a" stroke="none" text-anchor="middle">{}</text></g>"##,
                escape(meaning),
                corners(&geo, *cell),
                num(x),
                num(y + 4.0),
                escape(label)
            );
        }
        s.push_str("</g>\n");
    }

    // Creatures.
    s.push_str(r#"<g class="creatures" text-anchor="middle">"#);
    s.push('\n');
    for (i, (c, row)) in fight.board.creatures.iter().zip(&rows).enumerate() {
        let block: Vec<Cell> = fight.cells_of(i).collect();
        if block.len() > 1 {
            // A large creature: its squares shaded, its disc in the middle of them.
            for &cell in &block {
                let _ = writeln!(
                    s,
                    r#"<polygon class="large" points="{}" fill="{}" fill-opacity="0.3"/>"#,
                    corners(&geo, cell),
                    side_colour(Some(row.side)).0
                );
            }
        }
        let at = creature_centre(&geo, fight, i);
        let (x, y) = at;
        let health = overlay.health_of(&row.id, row.hp, row.max_hp);
        let shown = if overlay.health.contains_key(&row.id) {
            health.clone()
        } else {
            format!("{health} HP")
        };
        let ranked = overlay.rank_of(&c.id).is_some();
        let mut about = format!(
            "{} ({}), {}, {}, {shown} at {}",
            row.name,
            row.id,
            side_word(row.side),
            row.kind,
            row.cell
        );
        let mut statuses: Vec<String> = summed(&c.statuses).iter().map(status_text).collect();
        statuses.extend(overlay.notes_of(&c.id).iter().cloned());
        if !statuses.is_empty() {
            about.push_str(&format!(": {}", statuses.join(", ")));
        }
        let _ = writeln!(
            s,
            r##"<g class="creature {}" id="creature-{}"><title>{}</title><circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/><text x="{}" y="{}" font-size="12" font-weight="bold" fill="#ffffff">{}</text>{}{}</g>"##,
            side_word(row.side),
            escape(&row.id),
            escape(&about),
            num(x),
            num(y),
            num(DISC),
            side_colour(Some(row.side)).0,
            // A ranked creature (an elite) wears a gold ring.
            if ranked { RANK_RING } else { "#ffffff" },
            if ranked { 4 } else { 2 },
            num(x),
            num(y + 4.0),
            escape(row.marker.trim_end()),
            health_lines(&geo, block.len(), (x, y), &health),
            status_lines(&geo, block.len(), (x, y), labels[i].as_deref())
        );
    }
    s.push_str("</g>\n");
    draw_key(&mut s, &key, &key_at, key_top);
    svg_paths::draw_key(&mut s, &path_key, &path_key_at, &strokes, path_key_top);
    draw_lines(&mut s, "overlay-lines", &overlay_lines, lines_top);
    draw_lines(&mut s, "health-key", &health_key, health_top);
    draw_lines(&mut s, "status-key", &status_key, status_top);
    s.push_str("</svg>\n");
    s
}

/// The health label under a disc, fitted to the creature's cells (`cells` of them: a
/// large one's square block) so it stays inside them; nothing when it does not fit (the
/// key lists it: [`disc_label::to_key`]).
fn health_lines(geo: &Geometry, cells: usize, (x, y): Point, health: &str) -> String {
    let Some(fitted) = disc_label::fit_under_disc(geo, cells, health) else {
        return String::new();
    };
    let mut out = String::new();
    for (k, line) in fitted.lines.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text class="health" x="{}" y="{}" font-size="{}" fill="#222222">{}</text>"##,
            num(x),
            num(y + disc_label::FIRST_BASELINE + k as f64 * (fitted.size + 1.0)),
            num(fitted.size),
            escape(line)
        );
    }
    out
}

/// A creature's status labels above its disc, fitted to its cells like its health;
/// nothing when they do not fit (the key lists them).
fn status_lines(geo: &Geometry, cells: usize, (x, y): Point, label: Option<&str>) -> String {
    let Some(fitted) = label.and_then(|l| disc_label::fit_above_disc(geo, cells, l)) else {
        return String::new();
    };
    let n = fitted.lines.len();
    let mut out = String::new();
    for (k, line) in fitted.lines.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text class="statuses" x="{}" y="{}" font-size="{}" font-weight="bold" fill="#6a1b9a">{}</text>"##,
            num(x),
            num(y - disc_label::ABOVE_BASELINE - (n - 1 - k) as f64 * (fitted.size + 1.0)),
            num(fitted.size),
            escape(line)
        );
    }
    out
}

/// The short label of every status word on the board and of the system's words for the
/// creatures' states (see [`short_labels`]).
fn status_labels(fight: &Fight, overlay: &Overlay) -> Vec<(String, String)> {
    let words: BTreeSet<String> = fight
        .board
        .creatures
        .iter()
        .flat_map(|c| c.statuses.iter().map(|s| s.status.label().to_string()))
        .chain(overlay.notes.values().flatten().cloned())
        .collect();
    short_labels(&words)
}

/// A creature's statuses, then the system's words for its state (`notes`), as short
/// labels (`IMM SHI2`), none when it has none.
fn creature_statuses(
    c: &Creature,
    labels: &[(String, String)],
    notes: &[String],
) -> Option<String> {
    let short_of = |word: &str| {
        labels
            .iter()
            .find(|(_, w)| w == word)
            .map_or("?".to_string(), |(s, _)| s.clone())
    };
    let mut shorts: Vec<String> = summed(&c.statuses)
        .iter()
        .map(|st| {
            let short = short_of(st.status.label());
            match st.amount {
                Some(n) if st.status.measured() => format!("{short}{n}"),
                _ => short,
            }
        })
        .collect();
    shorts.extend(notes.iter().map(|n| short_of(n)));
    (!shorts.is_empty()).then(|| shorts.join(" "))
}

/// The key's entries: each terrain on the map (walls and floor included), fires, thin
/// walls and traps when there are any, then each status label.
/// The ring drawn round a ranked creature's disc (an elite's) and its key swatch.
const RANK_RING: &str = "#d4a017";

fn key_items(fight: &Fight, overlay: &Overlay, statuses: &[(String, String)]) -> Vec<KeyItem> {
    // The ranks on the board, each once ("elite").
    let ranks: Vec<&str> = overlay
        .ranks
        .values()
        .map(String::as_str)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let present: BTreeSet<&'static str> = fight
        .grid()
        .cells()
        .map(|c| terrain_word(fight.map.terrain(c)))
        .collect();
    let mut items: Vec<KeyItem> = Terrain::ALL
        .iter()
        .filter(|t| present.contains(terrain_word(**t)))
        .map(|&t| KeyItem {
            swatch: Some(terrain_colour(t)),
            short: None,
            text: terrain_word(t).replace('-', " "),
        })
        .collect();
    let b = &fight.board;
    for (shown, colour, word) in [
        (!b.fires.is_empty(), "#ff7a1a", "fire"),
        (!b.thin_walls.is_empty(), "#1a1a1a", "thin wall"),
        (!b.traps.is_empty(), "#c2185b", "trap"),
        (
            !ranks.is_empty(),
            RANK_RING,
            &format!("{} (gold ring)", ranks.join(", ")),
        ),
    ] {
        if shown {
            items.push(KeyItem {
                swatch: Some(colour),
                short: None,
                text: word.to_string(),
            });
        }
    }
    items.extend(statuses.iter().map(|(short, word)| KeyItem {
        swatch: None,
        short: Some(short.clone()),
        text: word.clone(),
    }));
    items
}

/// Lines of text (the overlay's, the health labels moved to the key), one under the
/// other from `top`, in a group of `class`.
fn draw_lines(s: &mut String, class: &str, lines: &[String], top: f64) {
    if lines.is_empty() {
        return;
    }
    let _ = write!(s, r#"<g class="{class}">"#);
    s.push('\n');
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{}" fill="#222222">{}</text>"##,
            num(MARGIN_LEFT),
            num(top + i as f64 * KEY_LINE + 12.0),
            num(KEY_FONT),
            escape(line)
        );
    }
    s.push_str("</g>\n");
}

fn draw_key(s: &mut String, items: &[KeyItem], at: &[(f64, usize)], top: f64) {
    if items.is_empty() {
        return;
    }
    s.push_str(r#"<g class="key">"#);
    s.push('\n');
    for (item, &(x, line)) in items.iter().zip(at) {
        let y = top + line as f64 * KEY_LINE + 12.0;
        let text_x = match (&item.swatch, &item.short) {
            (Some(colour), _) => {
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="12" height="12" fill="{colour}" stroke="#a89f88"/>"##,
                    num(x),
                    num(y - 10.0)
                );
                x + 16.0
            }
            (None, Some(short)) => {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" font-weight="bold" fill="#6a1b9a">{}</text>"##,
                    num(x),
                    num(y),
                    num(KEY_FONT),
                    escape(short)
                );
                x + short_lead(short)
            }
            (None, None) => x,
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{}" fill="#222222">{}</text>"##,
            num(text_x),
            num(y),
            num(KEY_FONT),
            escape(&item.text)
        );
    }
    s.push_str("</g>\n");
}

fn corners(geo: &Geometry, c: Cell) -> String {
    let pts: Vec<String> = geo.corners(c).into_iter().map(point).collect();
    pts.join(" ")
}

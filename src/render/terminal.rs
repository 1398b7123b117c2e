//! The text map: column letters across the top, row numbers down the side, terrain,
//! thin walls, traps, fires and creature markers, then a legend.
//!
//! Square boards are drawn as a grid of boxes (Unicode box drawing, or `+ - |` with
//! `--ascii`), thin walls as heavy lines (`#` in ASCII) on the edge they stand on. Hex
//! boards are drawn as flat-topped hexes in offset columns, odd columns one line lower
//! (see [`super::layout::HexText`]). Colour is added only when asked for; without it the
//! output is plain text, identical on every machine.

use super::layout::HexText;
use super::legend::{creature_rows, feature_lines, side_word};
use super::markers::{marker_width, markers};
use super::{Overlay, column_name, occupants};
use crate::board::{Fight, Side};
use crate::grid::{Cell, GridKind, Terrain};
use anstyle::{AnsiColor, Style};

/// How to draw the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Plain ASCII instead of Unicode box drawing and block characters.
    pub ascii: bool,
    /// Add ANSI colour codes.
    pub color: bool,
    /// How the fight ended, when it is over: said instead of where the round stands.
    pub ending: Option<crate::rules::deck::Ending>,
}

fn fg(c: AnsiColor) -> Style {
    Style::new().fg_color(Some(c.into()))
}

fn line_style() -> Style {
    fg(AnsiColor::BrightBlack)
}

fn wall_line_style() -> Style {
    fg(AnsiColor::BrightWhite).bold()
}

fn label_style() -> Style {
    Style::new().dimmed()
}

fn side_style(side: Side) -> Style {
    match side {
        Side::Players => fg(AnsiColor::BrightGreen).bold(),
        Side::Monsters => fg(AnsiColor::BrightRed).bold(),
    }
}

/// A map symbol: two characters (the last one repeated for wider cells) and its colour.
#[derive(Clone, Copy, Debug)]
struct Symbol {
    text: &'static str,
    style: Style,
    meaning: &'static str,
}

fn terrain_symbol(t: Terrain, ascii: bool) -> Option<Symbol> {
    let pick = |u: &'static str, a: &'static str| if ascii { a } else { u };
    let (text, style, meaning) = match t {
        Terrain::Floor => return None,
        Terrain::Wall => (pick("██", "##"), fg(AnsiColor::White), "wall"),
        Terrain::Obstacle => (pick("▒▒", "oo"), fg(AnsiColor::Yellow), "obstacle"),
        Terrain::Difficult => (pick("░░", "~~"), fg(AnsiColor::Green), "difficult"),
        Terrain::Hazardous => ("^^", fg(AnsiColor::Magenta), "hazardous"),
        Terrain::Icy => ("**", fg(AnsiColor::BrightCyan), "icy"),
        Terrain::ClosedDoor => (
            pick("▐▌", "++"),
            fg(AnsiColor::Yellow).bold(),
            "closed door",
        ),
        Terrain::OpenDoor => (pick("╌╌", "--"), fg(AnsiColor::Yellow), "open door"),
    };
    Some(Symbol {
        text,
        style,
        meaning,
    })
}

const TRAP: Symbol = Symbol {
    text: "xx",
    style: Style::new()
        .fg_color(Some(anstyle::Color::Ansi(AnsiColor::BrightMagenta)))
        .bold(),
    meaning: "trap",
};
const FIRE: Symbol = Symbol {
    text: "ff",
    style: Style::new()
        .fg_color(Some(anstyle::Color::Ansi(AnsiColor::BrightYellow)))
        .bg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)))
        .bold(),
    meaning: "fire",
};

/// A symbol stretched to `width` characters.
fn fill(text: &str, width: usize) -> String {
    let mut s: String = text.chars().take(width).collect();
    let last = text.chars().last().unwrap_or(' ');
    while s.chars().count() < width {
        s.push(last);
    }
    s
}

/// A block of characters, each with a style.
struct Canvas {
    lines: Vec<Vec<(char, Style)>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            lines: vec![vec![(' ', Style::new()); width]; height],
        }
    }

    fn put(&mut self, x: usize, y: usize, ch: char, style: Style) {
        self.lines[y][x] = (ch, style);
    }

    fn text(&mut self, x: usize, y: usize, text: &str, style: Style) {
        for (i, ch) in text.chars().enumerate() {
            self.put(x + i, y, ch, style);
        }
    }

    fn render(&self, color: bool, out: &mut String) {
        for line in &self.lines {
            let end = line
                .iter()
                .rposition(|&(ch, st)| ch != ' ' || (color && st.get_bg_color().is_some()))
                .map_or(0, |i| i + 1);
            let mut current = Style::new();
            for &(ch, st) in &line[..end] {
                if color && st != current {
                    out.push_str(&format!("{}{}", current.render_reset(), st.render()));
                    current = st;
                }
                out.push(ch);
            }
            if color {
                out.push_str(&current.render_reset().to_string());
            }
            out.push('\n');
        }
    }
}

fn paint(text: &str, style: Style, color: bool) -> String {
    if color {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

/// How heavy a line is: none, light (a cell edge) or heavy (a thin wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    None,
    Light,
    Heavy,
}

/// The box-drawing character joining four arms (up, right, down, left).
pub(crate) fn junction(up: Weight, right: Weight, down: Weight, left: Weight) -> char {
    use Weight::{Heavy as H, Light as L, None as N};
    const TABLE: &[(char, [Weight; 4])] = &[
        ('─', [N, L, N, L]),
        ('━', [N, H, N, H]),
        ('│', [L, N, L, N]),
        ('┃', [H, N, H, N]),
        ('╼', [N, H, N, L]),
        ('╾', [N, L, N, H]),
        ('╽', [L, N, H, N]),
        ('╿', [H, N, L, N]),
        ('┌', [N, L, L, N]),
        ('┍', [N, H, L, N]),
        ('┎', [N, L, H, N]),
        ('┏', [N, H, H, N]),
        ('┐', [N, N, L, L]),
        ('┑', [N, N, L, H]),
        ('┒', [N, N, H, L]),
        ('┓', [N, N, H, H]),
        ('└', [L, L, N, N]),
        ('┕', [L, H, N, N]),
        ('┖', [H, L, N, N]),
        ('┗', [H, H, N, N]),
        ('┘', [L, N, N, L]),
        ('┙', [L, N, N, H]),
        ('┚', [H, N, N, L]),
        ('┛', [H, N, N, H]),
        ('├', [L, L, L, N]),
        ('┝', [L, H, L, N]),
        ('┞', [H, L, L, N]),
        ('┟', [L, L, H, N]),
        ('┠', [H, L, H, N]),
        ('┡', [H, H, L, N]),
        ('┢', [L, H, H, N]),
        ('┣', [H, H, H, N]),
        ('┤', [L, N, L, L]),
        ('┥', [L, N, L, H]),
        ('┦', [H, N, L, L]),
        ('┧', [L, N, H, L]),
        ('┨', [H, N, H, L]),
        ('┩', [H, N, L, H]),
        ('┪', [L, N, H, H]),
        ('┫', [H, N, H, H]),
        ('┬', [N, L, L, L]),
        ('┭', [N, L, L, H]),
        ('┮', [N, H, L, L]),
        ('┯', [N, H, L, H]),
        ('┰', [N, L, H, L]),
        ('┱', [N, L, H, H]),
        ('┲', [N, H, H, L]),
        ('┳', [N, H, H, H]),
        ('┴', [L, L, N, L]),
        ('┵', [L, L, N, H]),
        ('┶', [L, H, N, L]),
        ('┷', [L, H, N, H]),
        ('┸', [H, L, N, L]),
        ('┹', [H, L, N, H]),
        ('┺', [H, H, N, L]),
        ('┻', [H, H, N, H]),
        ('┼', [L, L, L, L]),
        ('┽', [L, L, L, H]),
        ('┾', [L, H, L, L]),
        ('┿', [L, H, L, H]),
        ('╀', [H, L, L, L]),
        ('╁', [L, L, H, L]),
        ('╂', [H, L, H, L]),
        ('╃', [H, L, L, H]),
        ('╄', [H, H, L, L]),
        ('╅', [L, L, H, H]),
        ('╆', [L, H, H, L]),
        ('╇', [H, H, L, H]),
        ('╈', [L, H, H, H]),
        ('╉', [H, L, H, H]),
        ('╊', [H, H, H, L]),
        ('╋', [H, H, H, H]),
    ];
    let arms = [up, right, down, left];
    TABLE
        .iter()
        .find(|(_, a)| *a == arms)
        .map_or(' ', |&(ch, _)| ch)
}

/// The whole text: title, map, creature table, key and feature lines.
pub fn render_text(fight: &Fight, opts: TextOptions) -> String {
    render_text_with(fight, opts, &Overlay::default())
}

/// [`render_text`] with a system's overlay: its labels on empty cells, its lines after
/// the legend.
pub fn render_text_with(fight: &Fight, opts: TextOptions, overlay: &Overlay) -> String {
    let marks = markers(&fight.board.creatures);
    let width = marker_width(marks.len());
    let mut out = String::new();
    let title = super::heading::title(fight);
    out.push_str(&paint(&title, Style::new().bold(), opts.color));
    out.push('\n');
    out.push_str(&super::heading::standing(fight, opts.ending.as_ref()));
    out.push('\n');
    let labels = overlay.labels(fight);
    let canvas = match fight.grid().kind {
        GridKind::Square(_) => square_map(fight, &marks, &labels, width, opts.ascii),
        GridKind::Hex => hex_map(fight, &marks, &labels, width, opts.ascii),
    };
    canvas.render(opts.color, &mut out);
    out.push('\n');
    legend(fight, &marks, opts, overlay, &mut out);
    for (label, meaning) in overlay
        .marks
        .iter()
        .map(|(_, l, m)| (l, m))
        .collect::<std::collections::BTreeSet<_>>()
    {
        out.push_str(&format!(
            "{}  {meaning}\n",
            paint(&fill(label, width), label_style(), opts.color)
        ));
    }
    for line in &overlay.lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What to draw inside a cell: a creature's marker, a fire, a trap, or the terrain.
fn cell_content(
    fight: &Fight,
    at: &[Option<usize>],
    marks: &[String],
    labels: &[Option<String>],
    c: Cell,
    width: usize,
    ascii: bool,
) -> Option<(String, Style)> {
    let g = fight.grid();
    if let Some(i) = at[g.index(c)] {
        let mut style = side_style(fight.board.creatures[i].side);
        if fight.fire_at(c) {
            style = style.bg_color(FIRE.style.get_bg_color());
        }
        return Some((marks[i].clone(), style));
    }
    if fight.fire_at(c) {
        return Some((fill(FIRE.text, width), FIRE.style));
    }
    if fight.trap_at(c).is_some() {
        return Some((fill(TRAP.text, width), TRAP.style));
    }
    terrain_symbol(fight.map.terrain(c), ascii)
        .map(|s| (fill(s.text, width), s.style))
        .or_else(|| {
            labels[g.index(c)]
                .as_ref()
                .map(|l| (fill(l, width), label_style()))
        })
}

fn digits(n: u32) -> usize {
    n.to_string().len()
}

fn square_map(
    fight: &Fight,
    marks: &[String],
    labels: &[Option<String>],
    width: usize,
    ascii: bool,
) -> Canvas {
    let g = fight.grid();
    let (cols, rows) = (g.width as usize, g.height as usize);
    let label_w = digits(g.height);
    let x0 = label_w + 1;
    let pitch = width + 1;
    // The last column's letters may run one character past the frame.
    let mut canvas = Canvas::new(x0 + cols * pitch + 2, 2 * rows + 2);
    let at = occupants(fight);
    let wall = |a: Cell, b: Cell| fight.map.thin_wall_between(a, b);
    // Edge weights: the vertical edge left of cell (c, r) and the horizontal edge above it.
    let vertical = |c: usize, r: usize| -> Weight {
        if r >= rows {
            Weight::None
        } else if c > 0
            && c < cols
            && wall(
                Cell::new(c as i32 - 1, r as i32),
                Cell::new(c as i32, r as i32),
            )
        {
            Weight::Heavy
        } else {
            Weight::Light
        }
    };
    let horizontal = |c: usize, r: usize| -> Weight {
        if c >= cols {
            Weight::None
        } else if r > 0
            && r < rows
            && wall(
                Cell::new(c as i32, r as i32 - 1),
                Cell::new(c as i32, r as i32),
            )
        {
            Weight::Heavy
        } else {
            Weight::Light
        }
    };
    let line_of = |w: Weight| {
        if w == Weight::Heavy {
            wall_line_style()
        } else {
            line_style()
        }
    };
    for c in 0..cols {
        canvas.text(x0 + 1 + c * pitch, 0, &column_name(c as i32), label_style());
    }
    for r in 0..=rows {
        let y = 1 + 2 * r;
        for c in 0..=cols {
            let x = x0 + c * pitch;
            let up = if r > 0 {
                vertical(c, r - 1)
            } else {
                Weight::None
            };
            let down = vertical(c, r);
            let left = if c > 0 {
                horizontal(c - 1, r)
            } else {
                Weight::None
            };
            let right = horizontal(c, r);
            let heavy = [up, down, left, right].contains(&Weight::Heavy);
            let ch = if ascii {
                '+'
            } else {
                junction(up, right, down, left)
            };
            canvas.put(
                x,
                y,
                ch,
                line_of(if heavy { Weight::Heavy } else { Weight::Light }),
            );
            if c < cols {
                let w = horizontal(c, r);
                let ch = match (ascii, w) {
                    (true, Weight::Heavy) => '#',
                    (true, _) => '-',
                    (false, Weight::Heavy) => '━',
                    (false, _) => '─',
                };
                for k in 0..width {
                    canvas.put(x + 1 + k, y, ch, line_of(w));
                }
            }
        }
        if r == rows {
            break;
        }
        let y = y + 1;
        let label = (r + 1).to_string();
        canvas.text(label_w - label.len(), y, &label, label_style());
        for c in 0..=cols {
            let x = x0 + c * pitch;
            let w = vertical(c, r);
            let ch = match (ascii, w) {
                (true, Weight::Heavy) => '#',
                (true, _) => '|',
                (false, Weight::Heavy) => '┃',
                (false, _) => '│',
            };
            canvas.put(x, y, ch, line_of(w));
            if c < cols {
                let cell = Cell::new(c as i32, r as i32);
                if let Some((text, style)) =
                    cell_content(fight, &at, marks, labels, cell, width, ascii)
                {
                    canvas.text(x + 1, y, &text, style);
                }
            }
        }
    }
    canvas
}

fn hex_map(
    fight: &Fight,
    marks: &[String],
    labels: &[Option<String>],
    width: usize,
    ascii: bool,
) -> Canvas {
    let g = fight.grid();
    let layout = HexText { width };
    let (draw_w, draw_h) = layout.size(g.width, g.height);
    let label_w = digits(g.height);
    let x0 = label_w + 1;
    let y0 = 1;
    let mut canvas = Canvas::new(x0 + draw_w + 2, y0 + draw_h);
    let at = occupants(fight);
    let (slash, backslash) = if ascii { ('/', '\\') } else { ('╱', '╲') };
    for c in 0..g.width {
        let (ox, _) = layout.origin(Cell::new(c as i32, 0));
        canvas.text(x0 + ox + 1, 0, &column_name(c as i32), label_style());
    }
    for r in 0..g.height {
        let label = (r + 1).to_string();
        canvas.text(
            label_w - label.len(),
            y0 + 2 * r as usize + 1,
            &label,
            label_style(),
        );
    }
    for cell in g.cells() {
        let (ox, oy) = layout.origin(cell);
        let (x, y) = (x0 + ox, y0 + oy);
        for k in 0..width {
            canvas.put(x + 1 + k, y, '_', line_style());
            canvas.put(x + 1 + k, y + 2, '_', line_style());
        }
        canvas.put(x, y + 1, slash, line_style());
        canvas.put(x + width + 1, y + 1, backslash, line_style());
        canvas.put(x, y + 2, backslash, line_style());
        canvas.put(x + width + 1, y + 2, slash, line_style());
        if let Some((text, style)) = cell_content(fight, &at, marks, labels, cell, width, ascii) {
            canvas.text(x + 1, y + 1, &text, style);
        }
    }
    // Thin walls over the edges they stand on: N, NE, SE, S, SW, NW of the first cell.
    let (flat, slant) = if ascii { ('#', '#') } else { ('▄', '█') };
    for (a, b) in fight.map.thin_walls() {
        let Some(d) = g.direction(a, b) else { continue };
        let (ox, oy) = layout.origin(a);
        let (x, y) = (x0 + ox, y0 + oy);
        match d {
            0 | 3 => {
                let line = if d == 0 { y } else { y + 2 };
                for k in 0..width {
                    canvas.put(x + 1 + k, line, flat, wall_line_style());
                }
            }
            1 => canvas.put(x + width + 1, y + 1, slant, wall_line_style()),
            2 => canvas.put(x + width + 1, y + 2, slant, wall_line_style()),
            4 => canvas.put(x, y + 2, slant, wall_line_style()),
            _ => canvas.put(x, y + 1, slant, wall_line_style()),
        }
    }
    canvas
}

fn legend(fight: &Fight, marks: &[String], opts: TextOptions, overlay: &Overlay, out: &mut String) {
    let rows = creature_rows(fight, marks, overlay);
    if rows.is_empty() {
        out.push_str("No creatures on the board.\n");
    } else {
        let hp: Vec<String> = rows
            .iter()
            .map(|r| overlay.health_of(&r.id, r.hp, r.max_hp))
            .collect();
        // A system that tells health otherwise (AI decks, armour) heads the column so.
        let own_words = rows.iter().any(|r| overlay.health.contains_key(&r.id));
        let header = [
            "",
            "id",
            "name",
            "side",
            "type",
            if own_words { "health" } else { "HP" },
            "cell",
        ];
        let cells: Vec<[String; 7]> = rows
            .iter()
            .zip(&hp)
            .map(|(r, hp)| {
                [
                    r.marker.clone(),
                    r.id.clone(),
                    r.name.clone(),
                    side_word(r.side).to_string(),
                    r.kind.clone(),
                    hp.clone(),
                    r.cell.clone(),
                ]
            })
            .collect();
        let widths: Vec<usize> = (0..7)
            .map(|k| {
                cells
                    .iter()
                    .map(|c| c[k].chars().count())
                    .chain([header[k].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w - s.chars().count()));
        let mut head = String::new();
        for (k, h) in header.iter().enumerate() {
            head.push_str(&pad(h, widths[k]));
            head.push_str("  ");
        }
        head.push_str("statuses");
        out.push_str(&paint(head.trim_end(), label_style(), opts.color));
        out.push('\n');
        for (r, row) in rows.iter().zip(&cells) {
            let mut line = paint(&row[0], side_style(r.side), opts.color);
            line.push_str("  ");
            for k in 1..7 {
                line.push_str(&pad(&row[k], widths[k]));
                line.push_str("  ");
            }
            let mut notes = r.notes.clone();
            notes.extend(overlay.notes_of(&r.id).iter().cloned());
            line.push_str(&notes.join(", "));
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    // The key: only what this board shows.
    let width = marker_width(marks.len());
    let mut key: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    for c in fight.grid().cells() {
        let t = fight.map.terrain(c);
        if !seen.contains(&t) {
            seen.push(t);
        }
    }
    let order = &Terrain::ALL[1..];
    let mut symbols: Vec<Symbol> = order
        .iter()
        .filter(|t| seen.contains(t))
        .filter_map(|&t| terrain_symbol(t, opts.ascii))
        .collect();
    if !fight.board.traps.is_empty() {
        symbols.push(TRAP);
    }
    if !fight.board.fires.is_empty() {
        symbols.push(FIRE);
    }
    for s in symbols {
        key.push(format!(
            "{} {}",
            paint(&fill(s.text, width), s.style, opts.color),
            s.meaning
        ));
    }
    if fight.map.thin_walls().next().is_some() {
        let sym = match (fight.grid().kind, opts.ascii) {
            (GridKind::Hex, true) => "#",
            (GridKind::Hex, false) => "█ ▄▄",
            (_, true) => "# ##",
            (_, false) => "┃ ━━",
        };
        key.push(format!(
            "{} thin wall",
            paint(sym, wall_line_style(), opts.color)
        ));
    }
    if !key.is_empty() {
        out.push('\n');
        out.push_str("Key: ");
        out.push_str(&key.join("  "));
        out.push('\n');
    }
    for line in feature_lines(fight) {
        out.push_str(&line);
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_junction_the_grid_needs_has_a_character() {
        use Weight::*;
        let all = [None, Light, Heavy];
        let mut seen = std::collections::HashSet::new();
        for up in all {
            for right in all {
                for down in all {
                    for left in all {
                        let needed =
                            (up != None || down != None) && (left != None || right != None);
                        let ch = junction(up, right, down, left);
                        if needed {
                            assert_ne!(ch, ' ', "{up:?} {right:?} {down:?} {left:?}");
                            assert!(seen.insert(ch), "{ch} used twice");
                        }
                    }
                }
            }
        }
        assert_eq!(seen.len(), 64);
        assert_eq!(junction(Light, Light, Light, Light), '┼');
        assert_eq!(junction(Heavy, Light, Heavy, Light), '╂');
        assert_eq!(junction(None, Light, Light, None), '┌');
        assert_eq!(junction(Light, Heavy, None, Heavy), '┷');
    }

    #[test]
    fn symbols_stretch_to_the_marker_width() {
        assert_eq!(fill("██", 2), "██");
        assert_eq!(fill("██", 3), "███");
        assert_eq!(fill("▐▌", 3), "▐▌▌");
    }

    #[test]
    fn plain_canvas_has_no_trailing_spaces_or_codes() {
        let mut c = Canvas::new(6, 2);
        c.text(1, 0, "ab", side_style(Side::Players));
        let mut out = String::new();
        c.render(false, &mut out);
        assert_eq!(out, " ab\n\n");
        let mut coloured = String::new();
        c.render(true, &mut coloured);
        assert!(coloured.contains("\u{1b}["));
        assert_eq!(anstream::adapter::strip_str(&coloured).to_string(), out);
    }
}

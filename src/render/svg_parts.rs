//! The pieces every SVG picture of a board is drawn with: numbers written short, text made
//! safe, points, crosses, the disc's radius, the sides' colours and where a creature's disc
//! goes. The board's picture (`svg`) and its paths and fallen (`svg_paths`) share them.

use super::layout::{Geometry, Point};
use crate::board::{Fight, Side};
use crate::grid::Cell;

/// A number with at most two decimals and no trailing zeros (`12`, `12.5`, `12.25`).
pub fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The path data of a cross (an X) centred on `(x, y)`, its arms reaching `d` along
/// each axis: a trap's mark, and a fallen creature's.
pub(super) fn cross((x, y): Point, d: f64) -> String {
    format!(
        "M{},{}L{},{}M{},{}L{},{}",
        num(x - d),
        num(y - d),
        num(x + d),
        num(y + d),
        num(x - d),
        num(y + d),
        num(x + d),
        num(y - d)
    )
}

/// A point as SVG writes it: `x,y`.
pub(super) fn point(p: Point) -> String {
    format!("{},{}", num(p.0), num(p.1))
}

/// Text safe inside an element or an attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A side's colours.
pub(super) fn side_colour(side: Option<Side>) -> (&'static str, &'static str) {
    // (the disc's fill, a darker shade of the side)
    match side {
        Some(Side::Players) => ("#2e7d32", "#1565c0"),
        Some(Side::Monsters) => ("#b3261e", "#8e24aa"),
        None => ("#555555", "#555555"),
    }
}

/// Radius of a creature's disc.
pub(super) const DISC: f64 = 13.0;

/// Where a creature's disc is drawn: its cell, or the middle of a large one's cells.
pub(super) fn creature_centre(geo: &Geometry, fight: &Fight, i: usize) -> Point {
    let block: Vec<Cell> = fight.cells_of(i).collect();
    let n = block.len().max(1) as f64;
    if block.len() <= 1 {
        return geo.centre(fight.board.creatures[i].position);
    }
    (
        block.iter().map(|&b| geo.centre(b).0).sum::<f64>() / n,
        block.iter().map(|&b| geo.centre(b).1).sum::<f64>() / n,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(12.254), "12.25");
        assert_eq!(num(41.569_219_381_653_05), "41.57");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-3.5), "-3.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape(r#"<a & "b">'"#),
            "&lt;a &amp; &quot;b&quot;&gt;&apos;"
        );
        assert_eq!(escape("a\u{7}b"), "ab");
    }

    /// A cross of arms 12 on 60,128: from 48,116 to 72,140 and from 48,140 to 72,116.
    #[test]
    fn a_cross_is_two_strokes() {
        assert_eq!(cross((60.0, 128.0), 12.0), "M48,116L72,140M48,140L72,116");
    }
}

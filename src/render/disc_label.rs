//! The health line under a creature's disc in the SVG, fitted to the creature's own
//! cells: set at a readable size (9 or 8 pixels), wrapped at spaces where the cells have
//! room for more than one line (a large monster's block), and never past the edge of
//! its cells. A label that does not fit is not drawn there: the picture lists it under
//! its key instead.

use super::Overlay;
use super::layout::{Geometry, HEX, SQUARE};
use super::legend::creature_rows;
use super::markers::markers;
use crate::board::Fight;

/// The font sizes tried, largest first; smaller is not readable at the picture's size.
const SIZES: [f64; 2] = [9.0, 8.0];
/// How far below a disc's centre the first line's baseline is.
pub const FIRST_BASELINE: f64 = 21.0;
/// How far a letter reaches above the baseline and below it, as a share of the size.
pub const ASCENT: f64 = 0.75;
/// See [`ASCENT`].
pub const DESCENT: f64 = 0.25;
/// Room kept between a label and the sides of its cells.
const PAD: f64 = 2.0;

/// A label set in lines: the font size and the lines, top first.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The font size of every line.
    pub size: f64,
    /// The lines, top first.
    pub lines: Vec<String>,
}

/// How wide `text` is at `size`, from the widths of a wide sans-serif font's letters
/// (DejaVu Sans, rounded up): narrow ones (`i`, `l`, spaces, stops) a third of the size,
/// `f r t / ( ) -` about two fifths, `m w M W` a whole size, other capitals 0.78, the
/// rest (digits, most small letters) 0.66.
pub fn label_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | ' ' | ',' | '.' | ':' | ';' | '\'' | '|' | '!' => 0.34,
            'f' | 'r' | 't' | '/' | '(' | ')' | '[' | ']' | '-' => 0.42,
            'm' | 'w' | 'M' | 'W' => 1.0,
            c if c.is_uppercase() => 0.78,
            _ => 0.66,
        })
        .sum();
    em * size
}

/// `text` fitted under the disc of a creature covering `cells` cells (a square block of
/// them, or one hex): the fewest lines, the largest size first, each line inside the
/// cells; `None` when it fits at no readable size.
pub fn fit_under_disc(geo: &Geometry, cells: usize, text: &str) -> Option<Fitted> {
    // Line k's foot, below the centre.
    fit(geo, cells, text, |k, _, size| {
        FIRST_BASELINE + k as f64 * (size + 1.0) + DESCENT * size
    })
}

/// How far above a disc's centre the baseline of the status line nearest it is: the
/// disc's radius and 3 pixels.
pub const ABOVE_BASELINE: f64 = super::svg_parts::DISC + 3.0;

/// A creature's status labels (`IMM SHI2`) fitted above its disc like
/// [`fit_under_disc`]: the last line's baseline [`ABOVE_BASELINE`] above the centre,
/// each line before it one line higher, the first line's top inside the cells. The
/// letters are bold: the capitals' allowance (0.78 of the size) covers them.
pub fn fit_above_disc(geo: &Geometry, cells: usize, text: &str) -> Option<Fitted> {
    // Line k of `lines`' top, above the centre.
    fit(geo, cells, text, |k, lines, size| {
        ABOVE_BASELINE + (lines - 1 - k) as f64 * (size + 1.0) + ASCENT * size
    })
}

/// `text` set in the fewest lines, the largest size first, where line `k` of `lines` at
/// `size` reaches `reach(k, lines, size)` pixels from the centre of the cells (up or
/// down): no line may reach past their edge, nor be wider than they are there (a hex
/// narrows away from its middle).
fn fit(
    geo: &Geometry,
    cells: usize,
    text: &str,
    reach: impl Fn(usize, usize, f64) -> f64,
) -> Option<Fitted> {
    let side = (cells.max(1) as f64).sqrt().round();
    let half_height = if geo.is_hex() {
        crate::render::layout::hex_height() / 2.0
    } else {
        side * SQUARE / 2.0
    };
    // The room line `k` of `most` at `size` has: none when it reaches out of the cells,
    // else the width of the cells where it reaches furthest.
    let room = |k: usize, most: usize, size: f64| -> Option<f64> {
        let far = reach(k, most, size);
        if far > half_height {
            return None;
        }
        Some(if geo.is_hex() {
            2.0 * HEX - 2.0 * far / 3f64.sqrt() - 2.0 * PAD
        } else {
            side * SQUARE - 2.0 * PAD
        })
    };
    for most in 1.. {
        let none_fit = |size: f64| (0..most).any(|k| room(k, most, size).is_none());
        if SIZES.iter().all(|&size| none_fit(size)) {
            return None;
        }
        for size in SIZES {
            let Some(lines) = wrap(text, size, most, |k| room(k, most, size)) else {
                continue;
            };
            return Some(Fitted { size, lines });
        }
    }
    None
}

/// The health labels that fit under no disc, as lines for the key: the creature's
/// marker and name, then the label (`Os Osk, health: 1 armour, 2 heavy`), in board order.
pub fn to_key(fight: &Fight, geo: &Geometry, overlay: &Overlay) -> Vec<String> {
    let marks = markers(&fight.board.creatures);
    creature_rows(fight, &marks, overlay)
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let health = overlay.health_of(&row.id, row.hp, row.max_hp);
            let cells = fight.cells_of(i).count();
            fit_under_disc(geo, cells, &health)
                .is_none()
                .then(|| format!("{} {}, health: {health}", row.marker.trim_end(), row.name))
        })
        .collect()
}

/// Phrases ("discard 3,") put on a line while it fits, a phrase wider than a line broken
/// at its spaces; `None` when that takes more than `most` lines or a word is wider than
/// its line (`room(k)`: line k's width, `None` past the last line there is room for).
fn wrap(
    text: &str,
    size: f64,
    most: usize,
    room: impl Fn(usize) -> Option<f64>,
) -> Option<Vec<String>> {
    let mut lines: Vec<String> = Vec::new();
    let fits = |line: &str, k: usize| room(k).is_some_and(|w| label_width(line, size) <= w);
    for phrase in text.split_inclusive(", ").map(str::trim) {
        let pieces: Vec<&str> = if fits(phrase, lines.len().saturating_sub(1)) {
            vec![phrase]
        } else {
            phrase.split_whitespace().collect()
        };
        for piece in pieces {
            let last = lines.len().saturating_sub(1);
            match lines.last_mut() {
                Some(line) if fits(&format!("{line} {piece}"), last) => {
                    line.push(' ');
                    line.push_str(piece);
                }
                _ => {
                    if lines.len() == most || !fits(piece, lines.len()) {
                        return None;
                    }
                    lines.push(piece.to_string());
                }
            }
        }
    }
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, GridKind, Metric};

    fn square() -> Geometry {
        Geometry::new(Grid::new(GridKind::Square(Metric::Chebyshev), 4, 4))
    }

    fn hex() -> Geometry {
        Geometry::new(Grid::new(GridKind::Hex, 4, 4))
    }

    /// A label set on one line at `size`.
    fn one_line(size: f64, line: &str) -> Option<Fitted> {
        Some(Fitted {
            size,
            lines: vec![line.into()],
        })
    }

    /// "10/10": four digits (0.66) and a slash (0.42) are 3.06 em, 27.54 pixels at 9:
    /// inside a square's 44 (48 less 2 each side), and its foot at 21 + 2.25 = 23.25
    /// stays above the square's edge (24 below the centre).
    #[test]
    fn a_short_label_keeps_the_large_font_on_one_line() {
        assert_eq!(
            fit_under_disc(&square(), 1, "10/10"),
            one_line(9.0, "10/10")
        );
    }

    /// "6 armour" is 0.66 + 0.34 + 0.66 + 0.42 + 1 + 0.66 + 0.66 + 0.42 = 4.82 em: 43.38
    /// pixels at 9, inside 44. "1 armour, 2 heavy" (9.8 em: 88.2 at 9, 78.4 at 8) does
    /// not fit one line, and a square has room for one line only (a second's foot would
    /// be at 31 + 2.25, below the edge at 24): it goes to the key.
    #[test]
    fn a_survivors_armour_fits_and_its_injuries_go_to_the_key() {
        assert_eq!(
            fit_under_disc(&square(), 1, "6 armour").map(|f| f.size),
            Some(9.0)
        );
        assert_eq!(fit_under_disc(&square(), 1, "1 armour, 2 heavy"), None);
    }

    /// A hex narrows towards its foot: at 23.25 below the centre it is 56 - 2 × 23.25 /
    /// √3 = 29.15 wide, 25.15 inside the padding. "10/10" (27.54 at 9) does not fit;
    /// at 8 its foot is at 23 (29.44 wide, 25.44 inside) and it is 24.48: it fits.
    #[test]
    fn a_hex_label_fits_the_narrowing_foot_of_its_hex() {
        assert_eq!(fit_under_disc(&hex(), 1, "10/10"), one_line(8.0, "10/10"));
    }

    /// A 2×2 block (96 pixels) has room for three lines at 9 (feet at 23.25, 33.25,
    /// 43.25, all above its edge 48 below the centre), each 92 pixels wide. "AI deck 12,"
    /// is 6.54 em, "discard 3," 5.4 and "wounds 2" 5.3, with a space (0.34) between:
    /// 17.92 em, 161.3 at 9 and 143.4 at 8, too wide for one line. On two lines at 9,
    /// "discard 3, wounds 2" (11.04 em, 99.4) does not fit; at 8 it is 88.3 and "AI deck
    /// 12, discard 3," 98.2 is not: two lines at 8, fewer lines winning over a larger
    /// size.
    #[test]
    fn a_long_label_wraps_within_a_large_block() {
        let f = fit_under_disc(&square(), 4, "AI deck 12, discard 3, wounds 2").unwrap();
        assert_eq!(f.size, 8.0);
        assert_eq!(f.lines, ["AI deck 12,", "discard 3, wounds 2"]);
    }

    /// Statuses above a square's disc: "POI" (2.34 em, 21.06 at 9) fits one line, its top
    /// 16 + 6.75 = 22.75 above the centre, inside 24; "IMM SHI2" (6.12 em: 55.08 at 9,
    /// 48.96 at 8) is wider than 44 and a second line above it would reach 16 + 10 + 6.75
    /// = 32.75 (at 8, 16 + 9 + 6 = 31): it fits nowhere. A 2×2 block takes it on one
    /// line at 9 (92 wide).
    #[test]
    fn statuses_fit_above_the_disc_or_nowhere() {
        assert_eq!(fit_above_disc(&square(), 1, "POI"), one_line(9.0, "POI"));
        assert_eq!(fit_above_disc(&square(), 1, "IMM SHI2"), None);
        assert_eq!(
            fit_above_disc(&square(), 4, "IMM SHI2"),
            one_line(9.0, "IMM SHI2")
        );
    }

    /// A hex narrows towards its top: at 9, "IMM" (2.78 em, 25.02) reaches 22.75 above
    /// the centre, where the hex is 56 - 2 × 22.75 / √3 = 29.73 wide, 25.73 inside: it
    /// fits. "SHI2" (3.0 em, 27 at 9) does not; at 8 it is 24, its top at 22 (30.6 wide,
    /// 26.6 inside): it fits at 8.
    #[test]
    fn a_hex_status_fits_the_narrowing_top_of_its_hex() {
        assert_eq!(fit_above_disc(&hex(), 1, "IMM").map(|f| f.size), Some(9.0));
        assert_eq!(fit_above_disc(&hex(), 1, "SHI2").map(|f| f.size), Some(8.0));
    }

    /// A 2×2 block has room above its disc for three lines at 9 (tops at 22.75, 32.75,
    /// 42.75, inside 48): a label of three words each nearly as wide as the block takes
    /// three lines, the last nearest the disc.
    #[test]
    fn statuses_wrap_upwards_in_a_large_block() {
        let f = fit_above_disc(&square(), 4, "MMMMMMMMM MMMMMMMMM MMMMMMMMM").unwrap();
        assert_eq!((f.size, f.lines.len()), (9.0, 3));
    }
}

//! The health line under a creature's disc in the SVG, fitted to the creature's own
//! cells: a long one ("AI deck 12, discard 3, wounds 2") is set in a smaller font and
//! wrapped at spaces, so it never reaches a neighbouring disc or its label.

use super::svg_key::text_width;

/// The font sizes tried, largest first.
const SIZES: [f64; 3] = [9.0, 8.0, 7.0];

/// A label set in lines: the font size and the lines, top first.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The font size of every line.
    pub size: f64,
    /// The lines, top first.
    pub lines: Vec<String>,
}

/// `text` set in lines no wider than `max_width` pixels: on one line if some font size
/// allows it (the largest that does), else in as few lines as fit, at most `max_lines`;
/// when nothing fits, the smallest font, wrapped all the same.
pub fn fit(text: &str, max_width: f64, max_lines: usize) -> Fitted {
    for most in 1..=max_lines.max(1) {
        for size in SIZES {
            let lines = wrap(text, max_width, size);
            if lines.len() <= most && lines.iter().all(|l| text_width(l, size) <= max_width) {
                return Fitted { size, lines };
            }
        }
    }
    let size = SIZES[SIZES.len() - 1];
    Fitted {
        size,
        lines: wrap(text, max_width, size),
    }
}

/// Phrases ("discard 3,") put on a line while it fits; a phrase wider than a line is
/// broken at its spaces (and a word wider than a line gets its own).
fn wrap(text: &str, max_width: f64, size: f64) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let phrases: Vec<&str> = text.split_inclusive(", ").map(str::trim).collect();
    for phrase in phrases {
        if text_width(phrase, size) <= max_width {
            pieces.push(phrase.to_string());
        } else {
            pieces.extend(phrase.split_whitespace().map(str::to_string));
        }
    }
    let mut lines: Vec<String> = Vec::new();
    for piece in pieces {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {piece}"), size) <= max_width => {
                line.push(' ');
                line.push_str(&piece);
            }
            _ => lines.push(piece),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_label_keeps_the_large_font_on_one_line() {
        assert_eq!(
            fit("10/10", 44.0, 2),
            Fitted {
                size: 9.0,
                lines: vec!["10/10".into()]
            }
        );
    }

    /// 6.3 pixels a character at 9 points, 4.9 at 7: "6 armour" (8 characters) needs
    /// 50.4 at 9 and 39.2 at 7, so it fits a 44-pixel square at 7.
    /// "1 armour," (9 characters) fits 46 pixels only at 7 points (44.1).
    #[test]
    fn a_phrase_stays_whole_on_its_line() {
        let f = fit("1 armour, 2 heavy", 46.0, 2);
        assert_eq!(f.size, 7.0);
        assert_eq!(f.lines, ["1 armour,", "2 heavy"]);
    }

    #[test]
    fn a_label_a_little_too_wide_gets_a_smaller_font() {
        assert_eq!(fit("6 armour", 44.0, 2).size, 7.0);
        assert_eq!(fit("6 armour", 44.0, 2).lines, ["6 armour"]);
    }

    /// In a 2×2 monster's 94 pixels, 31 characters fit no font on one line. On two lines
    /// broken between phrases, 9 points (14 characters a line) and 8 (16) do not fit
    /// "discard 3, wounds 2" (19); 7 points (4.9 pixels a character, 93.1 for 19) do.
    #[test]
    fn a_long_label_wraps_within_a_large_block() {
        let f = fit("AI deck 12, discard 3, wounds 2", 94.0, 3);
        assert_eq!(f.size, 7.0);
        assert_eq!(f.lines, ["AI deck 12,", "discard 3, wounds 2"]);
        for l in &f.lines {
            assert!(text_width(l, f.size) <= 94.0);
        }
    }
}

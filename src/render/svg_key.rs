//! What the SVG picture needs besides the map: an estimate of how wide a text is (so the
//! canvas can be made wide enough for it), short status labels drawn beside each creature,
//! and the key that explains the terrain colours and those labels.

use std::collections::BTreeSet;

/// How wide a character of sans-serif text is at most, as a share of the font size.
/// Capitals and digits of common sans fonts stay under 0.72; 0.62 is the average of mixed
/// text, so 0.7 errs on the wide side.
pub const CHAR_WIDTH: f64 = 0.7;

/// The width of `text` at `font_size`, estimated from its number of characters.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars().count() as f64 * font_size * CHAR_WIDTH
}

/// `text` broken at its spaces into lines no wider than `width` at `font_size` (by
/// [`text_width`]); a word wider than that alone has a line of its own.
pub fn wrap_text(text: &str, font_size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), font_size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The room a short status label takes in the key before its word: the label is set in
/// bold capitals, wider than [`CHAR_WIDTH`] allows for (a bold W is nearly a full em).
pub fn short_lead(short: &str) -> f64 {
    short.chars().count() as f64 * KEY_FONT * 0.95 + 6.0
}

/// A short label for each status word: the shortest upper-case prefix (at least three
/// letters) that no other word of `words` shares.
pub fn short_labels(words: &BTreeSet<String>) -> Vec<(String, String)> {
    words
        .iter()
        .map(|w| {
            let letters: Vec<char> = w.chars().filter(|c| c.is_alphanumeric()).collect();
            let mut n = 3.min(letters.len());
            let prefix = |n: usize| letters[..n].iter().collect::<String>().to_uppercase();
            while n < letters.len()
                && words.iter().any(|o| {
                    o != w && {
                        let ol: String = o.chars().filter(|c| c.is_alphanumeric()).collect();
                        ol.to_uppercase().starts_with(&prefix(n))
                    }
                })
            {
                n += 1;
            }
            (prefix(n), w.clone())
        })
        .collect()
}

/// One entry of the key: a colour swatch (terrain) or a short label (status), and its words.
pub struct KeyItem {
    /// The colour of a terrain's swatch, if the entry is a terrain.
    pub swatch: Option<&'static str>,
    /// The short label drawn for a status, if the entry is a status.
    pub short: Option<String>,
    /// What the entry means.
    pub text: String,
}

/// Font size of the key's text.
pub const KEY_FONT: f64 = 11.0;
/// Height of one line of the key.
pub const KEY_LINE: f64 = 18.0;

impl KeyItem {
    /// How much room the entry takes on its line, with the gap after it.
    pub fn width(&self) -> f64 {
        let lead = match (&self.swatch, &self.short) {
            (Some(_), _) => 16.0,
            (None, Some(s)) => short_lead(s),
            (None, None) => 0.0,
        };
        lead + text_width(&self.text, KEY_FONT) + 14.0
    }
}

/// Places the entries left to right from `left`, starting a new line before one that
/// would pass `right`; gives each entry's x and line number, and the number of lines.
pub fn flow(items: &[KeyItem], left: f64, right: f64) -> (Vec<(f64, usize)>, usize) {
    let widths: Vec<f64> = items.iter().map(KeyItem::width).collect();
    flow_widths(&widths, left, right)
}

/// [`flow`] for entries of the given widths.
pub fn flow_widths(widths: &[f64], left: f64, right: f64) -> (Vec<(f64, usize)>, usize) {
    let mut at = Vec::with_capacity(widths.len());
    let (mut x, mut line) = (left, 0);
    for &width in widths {
        if x > left && x + width > right {
            x = left;
            line += 1;
        }
        at.push((x, line));
        x += width;
    }
    (at, if widths.is_empty() { 0 } else { line + 1 })
}

/// The key's entries for a system's labelled cells: each label once, with its meaning
/// (the first one given, when several cells share a label).
pub fn overlay_key(overlay: &crate::board::overlay::Overlay) -> Vec<KeyItem> {
    let mut seen = BTreeSet::new();
    overlay
        .marks
        .iter()
        .filter(|(_, label, _)| seen.insert(label.clone()))
        .map(|(_, label, meaning)| KeyItem {
            swatch: None,
            short: Some(label.clone()),
            text: meaning.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_short_and_never_shared() {
        let words: BTreeSet<String> = ["disarmed", "disadvantaged", "immobilized", "ox"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let labels = short_labels(&words);
        let shorts: Vec<&str> = labels.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(shorts, ["DISAD", "DISAR", "IMM", "OX"]);
    }

    #[test]
    fn widths_grow_with_text_and_size() {
        assert_eq!(text_width("abcd", 10.0), 28.0);
        assert!(text_width("abcd", 14.0) > text_width("abc", 14.0));
    }

    /// A bold "WOU" is about 2.5 em wide: its word starts past it, with a gap.
    #[test]
    fn a_bold_short_label_leaves_room_for_its_word() {
        assert!(short_lead("WOU") >= 2.5 * KEY_FONT + 4.0);
        assert!(short_lead("WOU") > text_width("WOU", KEY_FONT) + 6.0);
    }

    /// At 10 a character is 7 wide: 50 pixels hold 7 of them. "a bb ccc dddd" breaks
    /// into "a bb" (4), "ccc" ("ccc dddd" is 8), "dddd"; a word of 9 is a line of its
    /// own, wider than the rest.
    #[test]
    fn text_wraps_at_spaces_and_a_long_word_stands_alone() {
        assert_eq!(
            wrap_text("a bb ccc dddd", 10.0, 50.0),
            ["a bb", "ccc", "dddd"]
        );
        assert_eq!(
            wrap_text("ab abcdefghi c", 10.0, 50.0),
            ["ab", "abcdefghi", "c"]
        );
        assert_eq!(wrap_text("", 10.0, 50.0), [""]);
    }
}

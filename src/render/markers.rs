//! Short markers for creatures on a map: two characters (`Ar` for Aria, `1W` for Warg 1,
//! `OS` for Orc Shaman), unique on the board, always starting with a capital letter or a
//! digit so they never look like a terrain symbol (those are lower case or punctuation),
//! and never a capital followed by digits, which would read as a cell name (`G1`).

use crate::board::Creature;
use std::collections::HashSet;

/// Boards with more creatures than this get three-character markers.
const TWO_CHAR_LIMIT: usize = 1000;

/// The marker width used for `count` creatures.
pub fn marker_width(count: usize) -> usize {
    if count <= TWO_CHAR_LIMIT { 2 } else { 3 }
}

/// One marker per creature, in board order, each exactly [`marker_width`] characters
/// (ASCII only) and all different. Creatures earlier on the board get first pick.
pub fn markers(creatures: &[Creature]) -> Vec<String> {
    let width = marker_width(creatures.len());
    let mut used = HashSet::new();
    creatures
        .iter()
        .map(|c| {
            let pick = preferred(c, width)
                .into_iter()
                .filter(|m| !looks_like_cell(m))
                .map(|m| pad(&m, width))
                .find(|m| !used.contains(m))
                .unwrap_or_else(|| any_free(width, &used));
            used.insert(pick.clone());
            pick
        })
        .collect()
}

fn pad(m: &str, width: usize) -> String {
    format!("{m:<width$}")
}

/// Candidates in order of preference, each at most `width` characters.
fn preferred(c: &Creature, width: usize) -> Vec<String> {
    let words = |s: &str| -> Vec<String> {
        s.split(|ch: char| !ch.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut ws = words(c.display_name());
    if ws.is_empty() {
        ws = words(&c.id);
    }
    let Some(first_word) = ws.first() else {
        return Vec::new();
    };
    let first = first_word.chars().next().expect("words are not empty");
    let lead = first.to_ascii_uppercase();
    let mut out = Vec::new();
    // "Warg 1" -> "1W" (the number first: "W1" would read as a cell)
    if let Some(last) = ws.last().filter(|w| ws.len() > 1 && is_number(w))
        && last.len() < width
    {
        out.push(format!("{last}{lead}"));
    }
    // "Orc Shaman" -> "OS"
    let initials: String = ws
        .iter()
        .filter(|w| !is_number(w))
        .take(width)
        .map(|w| w.chars().next().expect("not empty").to_ascii_uppercase())
        .collect();
    if initials.len() >= 2 {
        out.push(initials);
    }
    // "Aria" -> "Ar", then "Ai", "Aa"
    for ch in ws.concat().chars().skip(1) {
        out.push(format!("{lead}{}", ch.to_ascii_lowercase()));
    }
    for d in 1..=9 {
        out.push(format!("{d}{lead}"));
    }
    out
}

fn is_number(w: &str) -> bool {
    w.bytes().all(|b| b.is_ascii_digit())
}

/// Capital letters followed by digits, like a cell name (`G1`, `AB12`).
fn looks_like_cell(m: &str) -> bool {
    let m = m.trim_end();
    let letters = m.bytes().take_while(u8::is_ascii_uppercase).count();
    letters > 0 && letters < m.len() && is_number(&m[letters..])
}

/// The first unused marker in a fixed enumeration (capital or digit, then letters and
/// digits).
fn any_free(width: usize, used: &HashSet<String>) -> String {
    const LEAD: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let total = LEAD.len() * REST.len().pow(width as u32 - 1);
    (0..total)
        .map(|mut n| {
            let mut m = String::with_capacity(width);
            m.push(LEAD[n % LEAD.len()] as char);
            n /= LEAD.len();
            for _ in 1..width {
                m.push(REST[n % REST.len()] as char);
                n /= REST.len();
            }
            m
        })
        .find(|m| !used.contains(m) && !looks_like_cell(m))
        .expect("enough markers for every creature a board may hold")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;
    use crate::grid::Cell;

    fn creature(id: &str, name: Option<&str>) -> Creature {
        let mut c: Creature = serde_json::from_value(serde_json::json!({
            "id": id, "side": "monsters", "position": "A1", "hp": 1
        }))
        .unwrap();
        c.name = name.map(str::to_string);
        c.side = Side::Monsters;
        c.position = Cell::new(0, 0);
        c
    }

    #[test]
    fn markers_follow_names() {
        let cs = [
            creature("aria", Some("Aria")),
            creature("warg-1", Some("Warg 1")),
            creature("shaman", Some("Orc Shaman")),
            creature("warrior-2", Some("Goblin Warrior 2")),
            creature("borin", None),
        ];
        assert_eq!(markers(&cs), ["Ar", "1W", "OS", "2G", "Bo"]);
    }

    #[test]
    fn clashes_take_the_next_choice() {
        let cs = [
            creature("a1", Some("Arden")),
            creature("a2", Some("Arbor")),
            creature("a3", Some("Arrow")),
            creature("x", Some("---")),
        ];
        // Arbor: "Ar" is taken, so its next letter; "Arrow": "Ar" twice, then "Ao". A name
        // without letters falls back to the id.
        assert_eq!(markers(&cs), ["Ar", "Ab", "Ao", "1X"]);
    }

    #[test]
    fn markers_are_unique_even_for_many_lookalikes() {
        let cs: Vec<Creature> = (0..TWO_CHAR_LIMIT + 5)
            .map(|i| creature(&format!("g{i}"), Some("Goblin")))
            .collect();
        let ms = markers(&cs);
        let set: HashSet<&String> = ms.iter().collect();
        assert_eq!(set.len(), ms.len());
        assert!(ms.iter().all(|m| m.len() == 3 && m.is_ascii()));
        let few = markers(&cs[..300]);
        assert_eq!(few.iter().collect::<HashSet<_>>().len(), 300);
        assert!(few.iter().all(|m| m.len() == 2));
        assert!(ms.iter().chain(&few).all(|m| !looks_like_cell(m)));
    }

    #[test]
    fn nothing_reads_as_a_cell_name() {
        assert!(looks_like_cell("G1"));
        assert!(looks_like_cell("AB12"));
        assert!(!looks_like_cell("1W"));
        assert!(!looks_like_cell("Ar"));
        assert!(!looks_like_cell("OS"));
        assert!(!looks_like_cell("A1b"));
    }
}

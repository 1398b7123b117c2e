//! Small pieces of phrasing every system's narration shares: display names by id, a
//! roll written out with its faces, plurals, numbers with at most one decimal. They live
//! in the core so a system can tell its own events in its own folder.

use serde::Serialize;
use std::collections::BTreeMap;

/// One die roll: the dice, each face, and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollInfo {
    /// The dice in notation, as rolled (`2d6+1`).
    pub dice: String,
    /// Each die's face, in the order rolled.
    pub faces: Vec<u32>,
    /// The faces plus the modifier.
    pub total: i32,
    /// Whether the players rolled the faces themselves and entered them (left out when
    /// not).
    #[serde(skip_serializing_if = "not")]
    pub entered: bool,
}

/// True when `b` is false: a flag left out of the JSON when it is not set.
pub fn not(b: &bool) -> bool {
    !*b
}

/// " (entered)" after dice the players rolled themselves, nothing otherwise.
pub fn entered_mark(entered: bool) -> &'static str {
    if entered { " (entered)" } else { "" }
}

impl From<&crate::chance::dice::Roll> for RollInfo {
    fn from(r: &crate::chance::dice::Roll) -> RollInfo {
        RollInfo {
            dice: r.dice.to_string(),
            faces: r.faces.clone(),
            total: r.total,
            entered: r.entered,
        }
    }
}

/// Display names by creature id, gathered before and after the command (so the dead and
/// the newly arrived can both be named).
#[derive(Clone, Debug, Default)]
pub struct Names(pub BTreeMap<String, String>);

impl Names {
    /// The names of `board` (see [`Names::add_from`]).
    pub fn of_board(board: &crate::board::Board) -> Names {
        let mut names = Names::default();
        names.add_from(board);
        names
    }

    /// Adds the names of every creature on the board and among the fallen, and of each
    /// monster type written as an id (`gaunt-stag`) whose creatures on the board all have
    /// their own names: a turn-order card names the type ("Gaunt Stag"; "Mire Twin" for
    /// Mire Twin 1 and Mire Twin 2; "Grim and Gnash" for creatures named apart).
    pub fn add_from(&mut self, board: &crate::board::Board) {
        for c in board
            .creatures
            .iter()
            .chain(board.fallen.iter().map(|f| &f.creature))
        {
            self.0
                .entry(c.id.clone())
                .or_insert_with(|| c.display_name().to_string());
        }
        let mut kinds: BTreeMap<&str, Option<Vec<&str>>> = BTreeMap::new();
        for c in &board.creatures {
            if let Some(kind) = c.kind.as_deref().filter(|k| is_id(k)) {
                let names = kinds.entry(kind).or_insert_with(|| Some(Vec::new()));
                match (names.as_mut(), c.name.as_deref()) {
                    (Some(list), Some(name)) => list.push(name),
                    _ => *names = None,
                }
            }
        }
        for (kind, names) in kinds {
            if let Some(names) = names.filter(|n| !n.is_empty()) {
                self.0
                    .entry(kind.to_string())
                    .or_insert_with(|| type_name(&names));
            }
        }
        // Any other type written as an id (its creatures unnamed, or all fallen) is
        // named from its id, so a type id never reaches a player: "Grave Warden".
        for c in board
            .creatures
            .iter()
            .chain(board.fallen.iter().map(|f| &f.creature))
        {
            if let Some(kind) = c.kind.as_deref().filter(|k| is_id(k)) {
                self.0
                    .entry(kind.to_string())
                    .or_insert_with(|| title_case(kind));
            }
        }
    }

    /// The display name of `id`, or `id` itself when it names no creature.
    pub fn of(&self, id: &str) -> String {
        self.0.get(id).cloned().unwrap_or_else(|| id.to_string())
    }
}

/// A roll with its faces: "1d6+2 [4]+2 = 6" (just the total when no die was rolled).
pub fn faces(r: &RollInfo) -> String {
    let list: Vec<String> = r.faces.iter().map(u32::to_string).collect();
    let sum: i32 = r.faces.iter().map(|f| *f as i32).sum();
    let m = r.total - sum;
    let dice_part = format!("[{}]{}", list.join(", "), entered_mark(r.entered));
    match m {
        _ if r.faces.is_empty() => format!("{}", r.total),
        0 => format!("{} {dice_part} = {}", r.dice, r.total),
        _ if r.entered => format!("{} {dice_part} {m:+} = {}", r.dice, r.total),
        _ => format!("{} {dice_part}{m:+} = {}", r.dice, r.total),
    }
}

/// "1d6+2 [4]+2 = 6; " before an amount that was rolled, nothing otherwise.
pub fn rolled(roll: &Option<RollInfo>) -> String {
    roll.as_ref()
        .map_or(String::new(), |r| format!("{}; ", faces(r)))
}

/// A d20 test's dice: "d20 14", or "d20 with advantage [3, 14] keeps 14".
pub fn d20(faces: &[u32], edge: &str, kept: u32) -> String {
    match faces {
        [one] => format!("d20 {one}"),
        _ => {
            let list: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!("d20 with {edge} [{}] keeps {kept}", list.join(", "))
        }
    }
}

/// A type's name from its creatures' names: their common name when they differ only by
/// a trailing number ("Grave Warden 1", "Grave Warden 2": "Grave Warden"), else all of
/// them ("Grim and Gnash").
fn type_name(names: &[&str]) -> String {
    let base = |name: &str| -> String {
        match name.rsplit_once(' ') {
            Some((head, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                head.to_string()
            }
            _ => name.to_string(),
        }
    };
    let first = base(names[0]);
    if names.iter().all(|n| base(n) == first) {
        first
    } else {
        and_list(names)
    }
}

/// Written like an id: lower-case letters, digits, `-` and `_`.
fn is_id(word: &str) -> bool {
    word.chars()
        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-' || ch == '_')
}

/// A type id as words: "grave-warden" is "Grave Warden".
fn title_case(id: &str) -> String {
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1st", "2nd", "3rd", "11th"...
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `n` as an ordinal word: "first", "second", … "tenth", then "11th", "21st".
pub fn ordinal_word(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match n {
        1..=10 => WORDS[n - 1].to_string(),
        _ => ordinal(n),
    }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The ending of a count's noun: "" for one, "s" for any other number.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The text with its first letter in upper case.
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// A rating or a feeling for narration: at most one decimal, no trailing `.0`.
pub fn number(x: f64) -> String {
    let t = format!("{x:.1}");
    let t = t.strip_suffix(".0").unwrap_or(&t).to_string();
    if t == "-0" { "0".into() } else { t }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roll_shows_its_faces_and_modifier() {
        let r = RollInfo {
            dice: "1d6+2".into(),
            faces: vec![4],
            total: 6,
            entered: false,
        };
        assert_eq!(faces(&r), "1d6+2 [4]+2 = 6");
        let mine = RollInfo { entered: true, ..r };
        assert_eq!(faces(&mine), "1d6+2 [4] (entered) +2 = 6");
        let flat = RollInfo {
            dice: "3".into(),
            faces: vec![],
            total: 3,
            entered: false,
        };
        assert_eq!(faces(&flat), "3");
        assert_eq!(rolled(&None), "");
    }

    #[test]
    fn numbers_drop_a_trailing_zero_and_negative_zero() {
        assert_eq!(number(791.66), "791.7");
        assert_eq!(number(300.0), "300");
        assert_eq!(number(-0.01), "0");
    }

    /// A type written as an id is named by its creatures' own names; a type that is
    /// already a name is left as it is; one whose creatures have no names of their own
    /// (or have all fallen) is named from its id.
    #[test]
    fn a_type_id_is_named_by_its_creatures() {
        let board: crate::board::Board = serde_json::from_value(serde_json::json!({
            "format": 2,
            "grid": { "kind": "square", "width": 7, "height": 1 },
            "creatures": [
                { "id": "s", "name": "Gaunt Stag", "type": "gaunt-stag", "side": "monsters", "position": "A1", "hp": 9 },
                { "id": "t1", "name": "Mire Twin 1", "type": "mire-twin", "side": "monsters", "position": "B1", "hp": 7 },
                { "id": "t2", "name": "Mire Twin 2", "type": "mire-twin", "side": "monsters", "position": "C1", "hp": 7 },
                { "id": "g", "name": "Grim", "type": "Goblin", "side": "monsters", "position": "D1", "hp": 7 },
                { "id": "bat-1", "type": "bat", "side": "monsters", "position": "E1", "hp": 7 },
                { "id": "o1", "name": "Grim", "type": "ogre", "side": "monsters", "position": "F1", "hp": 7 },
                { "id": "o2", "name": "Gnash", "type": "ogre", "side": "monsters", "position": "G1", "hp": 7 }
            ]
        }))
        .unwrap();
        let mut names = Names::default();
        names.add_from(&board);
        assert_eq!(names.of("gaunt-stag"), "Gaunt Stag");
        assert_eq!(names.of("mire-twin"), "Mire Twin");
        assert_eq!(names.of("ogre"), "Grim and Gnash");
        assert_eq!(names.of("Goblin"), "Goblin");
        assert_eq!(names.of("bat"), "Bat");
        assert_eq!(title_case("grave-warden"), "Grave Warden");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(ordinal_word(2), "second");
        assert_eq!(ordinal_word(12), "12th");
        assert_eq!(ordinal_word(22), "22nd");
    }
}

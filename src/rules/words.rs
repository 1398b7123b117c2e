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
}

impl From<&crate::chance::dice::Roll> for RollInfo {
    fn from(r: &crate::chance::dice::Roll) -> RollInfo {
        RollInfo {
            dice: r.dice.to_string(),
            faces: r.faces.clone(),
            total: r.total,
        }
    }
}

/// Display names by creature id, gathered before and after the command (so the dead and
/// the newly arrived can both be named).
#[derive(Clone, Debug, Default)]
pub struct Names(pub BTreeMap<String, String>);

impl Names {
    /// Adds the names of every creature on the board and among the fallen.
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
    let dice_part = format!("[{}]", list.join(", "));
    match m {
        _ if r.faces.is_empty() => format!("{}", r.total),
        0 => format!("{} {dice_part} = {}", r.dice, r.total),
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
        };
        assert_eq!(faces(&r), "1d6+2 [4]+2 = 6");
        let flat = RollInfo {
            dice: "3".into(),
            faces: vec![],
            total: 3,
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
}

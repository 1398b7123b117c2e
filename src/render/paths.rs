//! The paths creatures walked and the blows they struck, read from the `--json` document
//! of a command (`turn`, `round`, …, or the moves and attacks kept in the undo history
//! for `show --last`). The board itself does not remember them.

use crate::board::Fight;
use crate::grid::Cell;
use crate::io::diagnostic::{Diagnostic, Locator};
use crate::io::load::parse_json;
use serde::Deserialize;
use serde_json::Value;

/// One `move` event: the creature and every cell of its walk, start included; or one
/// blow (`cause` = `attack`): the attacker, and the cells it struck from and at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkedPath {
    /// The id of the creature that moved or struck.
    pub creature: String,
    /// The cells, in the order walked.
    pub cells: Vec<Cell>,
    /// Why it moved, as the event says (`walk`, `push`, `pull`, …), or `attack`.
    pub cause: String,
}

/// The cause of a blow drawn from attacker to target.
pub const ATTACK: &str = "attack";

#[derive(Deserialize)]
struct Document {
    events: Vec<Value>,
}

/// Reads every `move` event of an event document, checking that its cells are on the
/// fight's grid, and every blow: an event naming an `attacker` and a `target` (an attack,
/// an area hit, a modifier or speed roll; told once per pair in a row), drawn from where
/// each stood then (their walks in the document, else where they stand on `fight`'s
/// board, or fell). An empty walk (a creature that stayed) gives no path.
#[allow(clippy::result_large_err)]
pub fn read_paths(file: &str, text: &str, fight: &Fight) -> Result<Vec<WalkedPath>, Diagnostic> {
    let grid = fight.grid();
    let doc: Document = parse_json(file, text)?;
    let locate = Locator::new(file, text);
    let at = |path: String, msg: String| locate.json_path(&path, msg);
    let cell = |v: &Value, path: String| -> Result<Cell, Diagnostic> {
        let Some(name) = v.as_str() else {
            return Err(at(path, "expected a cell name".into())
                .with_hint("give the `--json` output of `turn` or `round` without changes"));
        };
        let c = Cell::parse(name).map_err(|e| at(path.clone(), e.to_string()))?;
        if !grid.contains(c) {
            return Err(at(path, format!("{c} is not on this board")).with_hint(
                "the events must come from a command run on this board (or one of its earlier states)",
            ));
        }
        Ok(c)
    };
    let mut out = Vec::new();
    let mut walks: Vec<(usize, String, Cell, Cell)> = Vec::new();
    for (i, e) in doc.events.iter().enumerate() {
        if e.get("event").and_then(Value::as_str) != Some("move") {
            continue;
        }
        let from = cell(&e["from"], format!("events[{i}].from"))?;
        let to = cell(&e["to"], format!("events[{i}].to")).unwrap_or(from);
        let who = e["creature"].as_str().unwrap_or_default().to_string();
        walks.push((i, who, from, to));
    }
    // Where `id` stood at event `i`: the end of its last walk before, the start of its
    // first walk after, else its place on the board (or where it fell).
    let stood = |id: &str, i: usize| -> Option<Cell> {
        let before = walks.iter().rev().find(|w| w.0 < i && w.1 == id);
        let after = walks.iter().find(|w| w.0 > i && w.1 == id);
        before
            .map(|w| w.3)
            .or(after.map(|w| w.2))
            .or_else(|| {
                fight
                    .board
                    .creatures
                    .iter()
                    .find(|c| c.id == id)
                    .map(|c| c.position)
            })
            .or_else(|| {
                fight
                    .board
                    .fallen
                    .iter()
                    .find(|f| f.creature.id == id)
                    .map(|f| f.creature.position)
            })
    };
    let mut last_blow: Option<(String, String)> = None;
    for (i, e) in doc.events.iter().enumerate() {
        let kind = e.get("event").and_then(Value::as_str);
        if kind != Some("move") {
            let (Some(a), Some(t)) = (e["attacker"].as_str(), e["target"].as_str()) else {
                continue;
            };
            let pair = (a.to_string(), t.to_string());
            if a.is_empty() || t.is_empty() || last_blow.as_ref() == Some(&pair) {
                continue;
            }
            last_blow = Some(pair);
            if let (Some(from), Some(to)) = (stood(a, i), stood(t, i))
                && from != to
                && grid.contains(from)
                && grid.contains(to)
            {
                out.push(WalkedPath {
                    creature: a.to_string(),
                    cells: vec![from, to],
                    cause: ATTACK.to_string(),
                });
            }
            continue;
        }
        let mut cells = vec![cell(&e["from"], format!("events[{i}].from"))?];
        let steps = e["path"].as_array().map(Vec::as_slice).unwrap_or_default();
        for (j, step) in steps.iter().enumerate() {
            cells.push(cell(step, format!("events[{i}].path[{j}]"))?);
        }
        if cells.len() < 2 {
            continue;
        }
        out.push(WalkedPath {
            creature: e["creature"].as_str().unwrap_or_default().to_string(),
            cells,
            cause: e["cause"].as_str().unwrap_or("walk").to_string(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5×5 square board with a warg on C3 and aria on A1.
    fn fight() -> Fight {
        let text = r#"{"format": 2, "grid": {"kind": "square", "width": 5, "height": 5},
            "creatures": [
              {"id": "w", "side": "monsters", "position": "C3", "hp": 5},
              {"id": "a", "side": "players", "position": "A1", "hp": 5}]}"#;
        crate::board::load::load_board("b.json", text, &crate::board::NoMonsterTypes).unwrap()
    }

    #[test]
    fn reads_move_events_only() {
        let text = r#"{"format":1,"command":"turn","round":1,"events":[
            {"event":"turn-start","monster":"w","name":"W","kind":"Warg","cell":"E5"},
            {"event":"move","creature":"w","from":"E5","to":"C3","path":["D4","C3"],"cause":"walk"},
            {"event":"move","creature":"a","from":"A1","to":"A1","path":[],"cause":"push"}
        ]}"#;
        let paths = read_paths("e.json", text, &fight()).unwrap();
        assert_eq!(
            paths,
            [WalkedPath {
                creature: "w".into(),
                cells: vec![Cell::new(4, 4), Cell::new(3, 3), Cell::new(2, 2)],
                cause: "walk".into(),
            }]
        );
    }

    #[test]
    fn cells_off_the_board_are_refused_with_their_place() {
        let text =
            r#"{"events":[{"event":"move","creature":"w","from":"E5","to":"F5","path":["F5"]}]}"#;
        let d = read_paths("e.json", text, &fight()).unwrap_err();
        assert_eq!(d.message, "F5 is not on this board");
        assert_eq!(d.path.as_deref(), Some("events[0].path[0]"));
        let d = read_paths("e.json", "[]", &fight()).unwrap_err();
        assert_eq!(d.file, "e.json");
    }

    /// The warg walks E5 → C3 and bites aria on B2 (she stood on B2 then and walked to
    /// A1 after): one blow drawn from C3 to B2, told once for its attack and its damage.
    #[test]
    fn a_blow_is_drawn_from_where_each_stood() {
        let text = r#"{"events":[
            {"event":"move","creature":"w","from":"E5","to":"C3","path":["D4","C3"],"cause":"walk"},
            {"event":"attack","attacker":"w","target":"a","hit":true},
            {"event":"modifier-drawn","attacker":"w","target":"a"},
            {"event":"move","creature":"a","from":"B2","to":"A1","path":["A1"],"cause":"walk"}
        ]}"#;
        let paths = read_paths("e.json", text, &fight()).unwrap();
        let blows: Vec<&WalkedPath> = paths.iter().filter(|p| p.cause == ATTACK).collect();
        assert_eq!(blows.len(), 1);
        assert_eq!(blows[0].creature, "w");
        assert_eq!(blows[0].cells, [Cell::new(2, 2), Cell::new(1, 1)]);
    }
}

//! The paths creatures walked, read from the `--json` document of a command that moved
//! them (`turn`, `round`, …). The board itself does not remember them.

use crate::grid::{Cell, Grid};
use crate::io::diagnostic::{Diagnostic, Locator};
use crate::io::load::parse_json;
use serde::Deserialize;
use serde_json::Value;

/// One `move` event: the creature and every cell of its walk, start included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkedPath {
    pub creature: String,
    pub cells: Vec<Cell>,
    /// Why it moved, as the event says (`walk`, `push`, `pull`, …).
    pub cause: String,
}

#[derive(Deserialize)]
struct Document {
    events: Vec<Value>,
}

/// Reads every `move` event of an event document, checking that its cells are on `grid`.
/// Other events are ignored; an empty walk (a creature that stayed) gives no path.
#[allow(clippy::result_large_err)]
pub fn read_paths(file: &str, text: &str, grid: Grid) -> Result<Vec<WalkedPath>, Diagnostic> {
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
    for (i, e) in doc.events.iter().enumerate() {
        if e.get("event").and_then(Value::as_str) != Some("move") {
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
    use crate::grid::{GridKind, Metric};

    fn grid() -> Grid {
        Grid::new(GridKind::Square(Metric::Chebyshev), 5, 5)
    }

    #[test]
    fn reads_move_events_only() {
        let text = r#"{"format":1,"command":"turn","round":1,"events":[
            {"event":"turn-start","monster":"w","name":"W","kind":"Warg","cell":"E5"},
            {"event":"move","creature":"w","from":"E5","to":"C3","path":["D4","C3"],"cause":"walk"},
            {"event":"move","creature":"a","from":"A1","to":"A1","path":[],"cause":"push"}
        ]}"#;
        let paths = read_paths("e.json", text, grid()).unwrap();
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
        let d = read_paths("e.json", text, grid()).unwrap_err();
        assert_eq!(d.message, "F5 is not on this board");
        assert_eq!(d.path.as_deref(), Some("events[0].path[0]"));
        let d = read_paths("e.json", "[]", grid()).unwrap_err();
        assert_eq!(d.file, "e.json");
    }
}

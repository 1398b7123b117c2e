//! The paths creatures walked, the blows they struck (and whether each landed) and the
//! creatures that fell, read from the `--json` document of a command (`turn`, `round`, …,
//! or the moves, blows and deaths kept in the undo history for `show --last`). The board
//! itself does not remember them.

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
    /// A blow its events say missed (see [`landed`]); false for walks.
    pub missed: bool,
}

/// A creature that fell in the document's events (its `died` event): who, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fell {
    /// The id of the creature that fell.
    pub creature: String,
    /// Its display name, as the event gives it.
    pub name: String,
    /// The cell it fell on (the corner of its block, for a large creature).
    pub cell: Cell,
    /// The side of its block: 1 unless [`Drawing::size_fallen`] finds it larger.
    pub size: u32,
}

/// What a document gives a picture: the walks and blows, and the creatures that fell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// Walks and blows, in the document's order.
    pub paths: Vec<WalkedPath>,
    /// The creatures that fell, in the document's order.
    pub fallen: Vec<Fell>,
}

impl Drawing {
    /// Gives each fallen creature its block's side, `size_of` the creature as the board's
    /// `fallen` list keeps it (its system knows how large its type is).
    pub fn size_fallen(&mut self, fight: &Fight, size_of: impl Fn(&crate::board::Creature) -> u32) {
        for f in &mut self.fallen {
            let mut kept = fight.board.fallen.iter().map(|x| &x.creature);
            if let Some(c) = kept.rfind(|c| c.id == f.creature) {
                f.size = size_of(c).max(1);
            }
        }
    }
}

/// Whether one event of a blow says it landed: an attack roll's `hit`, the number of
/// speed dice that hit (`hits`), the attack-modifier card that counts (`used`: a `null`
/// or a `curse` deals nothing); `None` when the event does not say (an area hit, an
/// opportunity attack's announcement: a blow none of whose events says counts as landed).
pub fn landed(e: &Value) -> Option<bool> {
    if let Some(hit) = e["hit"].as_bool() {
        return Some(hit);
    }
    if let Some(hits) = e["hits"].as_u64() {
        return Some(hits > 0);
    }
    e["used"]
        .as_str()
        .map(|card| card != "null" && card != "curse")
}

/// The attacker and the target an event names: an attack, an area hit, a modifier or
/// speed roll (`attacker`, `target`), or damage a creature dealt (`dealer`, `target`: a
/// player's `hit --by` without a roll, Retaliate, Explode, Frenzy); `None` for any
/// other event.
pub fn blow_pair(e: &Value) -> Option<(&str, &str)> {
    let target = e["target"].as_str().filter(|t| !t.is_empty())?;
    let attacker = e["attacker"].as_str().or(e["dealer"].as_str())?;
    (!attacker.is_empty()).then_some((attacker, target))
}

/// Whether an event ends the walk before it, so that the same creature's next step is
/// drawn as a walk of its own: a new turn or round, a blow, damage, a death. Other events
/// between two steps (a need-driven monster's choice before each step) do not.
fn breaks_a_walk(e: &Value) -> bool {
    let kind = e.get("event").and_then(Value::as_str).unwrap_or_default();
    matches!(
        kind,
        "turn-start" | "turn-end" | "round-start" | "damage" | "died"
    ) || blow_pair(e).is_some()
}

/// The cause of a blow drawn from attacker to target.
pub const ATTACK: &str = "attack";

#[derive(Deserialize)]
struct Document {
    events: Vec<Value>,
}

/// Reads every `move` event of an event document, checking that its cells are on the
/// fight's grid, and every blow: an event naming an attacker and a target ([`blow_pair`];
/// told once per pair in a row, until one of them moves), drawn from where each stood
/// then (their walks in the document, else where they stand on `fight`'s board, or fell),
/// missed when its events say so and none says it landed ([`landed`]); and every `died`
/// event on the board. An empty walk (a creature that stayed) gives no path; a creature's
/// steps in a row with nothing between (`breaks_a_walk`) are one walk.
#[allow(clippy::result_large_err)]
pub fn read_paths(file: &str, text: &str, fight: &Fight) -> Result<Drawing, Diagnostic> {
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
    // The blow being told: its pair, where it was drawn (if it was), and whether an
    // event of it said it landed or missed.
    let mut last_blow: Option<(String, String)> = None;
    let mut drawn_at: Option<usize> = None;
    let mut said: Option<bool> = None;
    let mut fallen = Vec::new();
    // The walk a creature's next step in the same turn goes on (see [`breaks_a_walk`]).
    let mut open_walk: Option<usize> = None;
    for (i, e) in doc.events.iter().enumerate() {
        let kind = e.get("event").and_then(Value::as_str);
        if kind == Some("died") {
            open_walk = None;
            if let Ok(at) = cell(&e["cell"], format!("events[{i}].cell")) {
                fallen.push(Fell {
                    creature: e["creature"].as_str().unwrap_or_default().to_string(),
                    name: e["name"].as_str().unwrap_or_default().to_string(),
                    cell: at,
                    size: 1,
                });
            }
            continue;
        }
        if kind != Some("move") {
            if breaks_a_walk(e) {
                open_walk = None;
            }
            let Some((a, t)) = blow_pair(e) else {
                continue;
            };
            let pair = (a.to_string(), t.to_string());
            if last_blow.as_ref() != Some(&pair) {
                last_blow = Some(pair);
                said = None;
                drawn_at = None;
                if let (Some(from), Some(to)) = (stood(a, i), stood(t, i))
                    && from != to
                    && grid.contains(from)
                    && grid.contains(to)
                {
                    drawn_at = Some(out.len());
                    out.push(WalkedPath {
                        creature: a.to_string(),
                        cells: vec![from, to],
                        cause: ATTACK.to_string(),
                        missed: false,
                    });
                }
            }
            // One event saying it landed outweighs any saying it missed.
            said = match (said, landed(e)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (_, Some(false)) => Some(false),
                (before, None) => before,
            };
            if let Some(k) = drawn_at {
                out[k].missed = said == Some(false);
            }
            continue;
        }
        last_blow = None;
        let mut cells = vec![cell(&e["from"], format!("events[{i}].from"))?];
        let steps = e["path"].as_array().map(Vec::as_slice).unwrap_or_default();
        for (j, step) in steps.iter().enumerate() {
            cells.push(cell(step, format!("events[{i}].path[{j}]"))?);
        }
        if cells.len() < 2 {
            continue;
        }
        let walk = WalkedPath {
            creature: e["creature"].as_str().unwrap_or_default().to_string(),
            cells,
            cause: e["cause"].as_str().unwrap_or("walk").to_string(),
            missed: false,
        };
        // A step that goes on from where the same creature's walk of the same kind
        // ended, nothing else having happened since, lengthens that walk.
        if let Some(k) = open_walk
            && out[k].creature == walk.creature
            && out[k].cause == walk.cause
            && out[k].cells.last() == walk.cells.first()
        {
            out[k].cells.extend_from_slice(&walk.cells[1..]);
            continue;
        }
        open_walk = Some(out.len());
        out.push(walk);
    }
    Ok(Drawing { paths: out, fallen })
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
        let paths = read_paths("e.json", text, &fight()).unwrap().paths;
        assert_eq!(
            paths,
            [WalkedPath {
                creature: "w".into(),
                cells: vec![Cell::new(4, 4), Cell::new(3, 3), Cell::new(2, 2)],
                cause: "walk".into(),
                missed: false,
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
        let paths = read_paths("e.json", text, &fight()).unwrap().paths;
        let blows: Vec<&WalkedPath> = paths.iter().filter(|p| p.cause == ATTACK).collect();
        assert_eq!(blows.len(), 1);
        assert_eq!(blows[0].creature, "w");
        assert_eq!(blows[0].cells, [Cell::new(2, 2), Cell::new(1, 1)]);
    }

    /// Each way an event says whether its blow landed, and one that does not say.
    #[test]
    fn blows_say_whether_they_landed() {
        let v = |text: &str| -> Value { serde_json::from_str(text).unwrap() };
        assert_eq!(landed(&v(r#"{"event":"attack","hit":false}"#)), Some(false));
        assert_eq!(landed(&v(r#"{"event":"attack","hit":true}"#)), Some(true));
        assert_eq!(
            landed(&v(r#"{"event":"speed-roll","hits":0}"#)),
            Some(false)
        );
        assert_eq!(landed(&v(r#"{"event":"speed-roll","hits":2}"#)), Some(true));
        assert_eq!(
            landed(&v(r#"{"event":"modifier-drawn","used":"null"}"#)),
            Some(false)
        );
        assert_eq!(
            landed(&v(r#"{"event":"modifier-drawn","used":"curse"}"#)),
            Some(false)
        );
        assert_eq!(
            landed(&v(r#"{"event":"modifier-drawn","used":"-1"}"#)),
            Some(true)
        );
        assert_eq!(landed(&v(r#"{"event":"area-hit","cells":["B2"]}"#)), None);
    }

    /// The warg on C3 strikes aria on A1 three times in a row: an opportunity attack's
    /// announcement (says nothing), a roll that misses, then a roll that hits: one blow,
    /// landed. Then it walks to B2 and misses her: a second blow, from B2, missed. Then
    /// aria falls on A1.
    #[test]
    fn a_blow_is_one_arrow_until_someone_moves_and_the_fallen_are_read() {
        let text = r#"{"events":[
            {"event":"opportunity-attack","attacker":"w","target":"a"},
            {"event":"attack","attacker":"w","target":"a","hit":false},
            {"event":"attack","attacker":"w","target":"a","hit":true},
            {"event":"move","creature":"w","from":"C3","to":"B2","path":["B2"],"cause":"walk"},
            {"event":"attack","attacker":"w","target":"a","hit":false},
            {"event":"died","creature":"a","name":"Aria","cell":"A1"}
        ]}"#;
        let drawn = read_paths("e.json", text, &fight()).unwrap();
        let blows: Vec<(Vec<Cell>, bool)> = drawn
            .paths
            .iter()
            .filter(|p| p.cause == ATTACK)
            .map(|p| (p.cells.clone(), p.missed))
            .collect();
        assert_eq!(
            blows,
            [
                (vec![Cell::new(2, 2), Cell::new(0, 0)], false),
                (vec![Cell::new(1, 1), Cell::new(0, 0)], true)
            ]
        );
        assert_eq!(
            drawn.fallen,
            [Fell {
                creature: "a".into(),
                name: "Aria".into(),
                cell: Cell::new(0, 0),
                size: 1
            }]
        );
    }

    /// A need-driven warg steps E5 → D4 → C3 (two `move` events, a choice between them):
    /// one walk E5 D4 C3. Then it bites aria on A1 (a `damage` naming it the dealer: a
    /// player's `hit --by` without a roll is told this way) and steps to B2: a second walk,
    /// C3 B2, after the blow. Aria pushes it back to C3: a push is a walk of its own, and
    /// so is its next step to D4 after it, and the step in its next turn (D4 E5).
    #[test]
    fn one_creature_s_steps_in_a_row_are_one_walk() {
        let text = r#"{"events":[
            {"event":"move","creature":"w","from":"E5","to":"D4","path":["D4"],"cause":"move"},
            {"event":"need-chosen","monster":"w"},
            {"event":"move","creature":"w","from":"D4","to":"C3","path":["C3"],"cause":"move"},
            {"event":"damage","target":"a","dealer":"w","amount":3},
            {"event":"move","creature":"w","from":"C3","to":"B2","path":["B2"],"cause":"move"},
            {"event":"move","creature":"w","from":"B2","to":"C3","path":["C3"],"cause":"push"},
            {"event":"move","creature":"w","from":"C3","to":"D4","path":["D4"],"cause":"move"},
            {"event":"turn-start","monster":"w"},
            {"event":"move","creature":"w","from":"D4","to":"E5","path":["E5"],"cause":"move"}
        ]}"#;
        let paths = read_paths("e.json", text, &fight()).unwrap().paths;
        let drawn: Vec<(&str, String)> = paths
            .iter()
            .map(|p| {
                let cells: Vec<String> = p.cells.iter().map(|c| c.name()).collect();
                (p.cause.as_str(), cells.join(" "))
            })
            .collect();
        assert_eq!(
            drawn,
            [
                ("move", "E5 D4 C3".to_string()),
                (ATTACK, "C3 A1".to_string()),
                ("move", "C3 B2".to_string()),
                ("push", "B2 C3".to_string()),
                ("move", "C3 D4".to_string()),
                ("move", "D4 E5".to_string()),
            ]
        );
        assert!(!paths[1].missed, "damage dealt is a blow that landed");
    }
}

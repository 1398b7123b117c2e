//! Words older boards kept in the shared board that belong to one system: a boss's extra
//! turn cards (`boss_cards`) and a monster's once-per-monster uses (`used`) are the
//! Monster A.I. system's; a monster's `elite` mark is the ability-deck system's (its state
//! lists the elite monsters by id). A board of any format
//! may still have them in their old places; they move under `systems` before the typed
//! parse, and a board is always written with them in their new places. [`MOVED`] and
//! [`CREATURE_WORDS`] are, beside `upgrade::LEGACY`, the only places the board module
//! names systems. Each move is remembered ([`Moved`]) so that a problem the system finds
//! in a moved value is reported where the file being read has it.

use crate::io::load::path_key;
use serde_json::{Map, Value};

/// A board field that moved: (old field, system, key in the system's state).
pub const MOVED: &[(&str, &str, &str)] = &[("boss_cards", "monster-ai", "boss_cards")];

/// A creature's field that moved: (old field, system, key); its value moves under the key,
/// by the creature's id.
pub const CREATURE_WORDS: &[(&str, &str, &str)] = &[("used", "monster-ai", "used")];

/// A creature's true-or-false field that moved: (old field, system, key); the ids of the
/// creatures that say `true` move under the key, as a list. The records of creatures no
/// longer on the board (`fallen`, `resurrections`) drop it: the system forgot them as
/// they left.
pub const CREATURE_MARKS: &[(&str, &str, &str)] = &[("elite", "ability-deck", "elite")];

/// The board's lists of creatures that left it, each entry holding its `creature`.
const LEFT_THE_BOARD: &[&str] = &["fallen", "resurrections"];

/// One value moved: where it now lies in the state of `system` (`inner`, a path inside
/// the state) and where the file has it (`old`, a board path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The system whose state holds it now.
    pub system: String,
    /// Its path inside that state (`used.hag`).
    pub inner: String,
    /// Its path in the file (`creatures[0].used`).
    pub old: String,
}

/// An old word that cannot move (its path in the file).
#[derive(Debug, PartialEq, Eq)]
pub enum Unmoved {
    /// Written both in its old place and in its new one.
    Twice(String),
    /// A mark ([`CREATURE_MARKS`]) that is not `true` or `false`.
    NotAMark(String),
}

/// Moves the old words of `board` (a board's JSON object) into their systems' states;
/// returns what moved. A value of the wrong kind moves as it is, and the system's check
/// of its state reports it at its old place.
pub fn move_words(board: &mut Value) -> Result<Vec<Moved>, Unmoved> {
    let mut moved = Vec::new();
    let Some(fields) = board.as_object_mut() else {
        return Ok(moved);
    };
    // Each value taken from its old place: its system, its key there, and its first old place.
    let mut taken: Vec<(&str, &str, Value, String)> = Vec::new();
    let mut place = |system: &str, inner: String, old: String| {
        moved.push(Moved {
            system: system.to_string(),
            inner,
            old,
        })
    };
    for (old, system, key) in MOVED {
        if let Some(value) = fields.remove(*old) {
            place(system, key.to_string(), old.to_string());
            taken.push((system, key, value, old.to_string()));
        }
    }
    if let Some(Value::Array(creatures)) = fields.get_mut("creatures") {
        for (old, system, key) in CREATURE_WORDS {
            let mut by_id = Map::new();
            let found = take_word(creatures, old);
            for (at, id, value) in &found {
                let id = id.as_str().unwrap_or("").to_string();
                place(system, format!("{key}{}", path_key(&id, false)), at.clone());
                by_id.insert(id, value.clone());
            }
            if let Some((first, ..)) = found.into_iter().next() {
                taken.push((system, key, Value::Object(by_id), first));
            }
        }
        for (old, system, key) in CREATURE_MARKS {
            let mut ids = Vec::new();
            let found = take_word(creatures, old);
            for (at, id, value) in &found {
                match value {
                    Value::Bool(true) => {
                        place(system, format!("{key}[{}]", ids.len()), at.clone());
                        ids.push(id.clone());
                    }
                    Value::Bool(false) => {}
                    _ => return Err(Unmoved::NotAMark(at.clone())),
                }
            }
            if let (Some((first, ..)), false) = (found.into_iter().next(), ids.is_empty()) {
                taken.push((system, key, Value::Array(ids), first));
            }
        }
    }
    for list in LEFT_THE_BOARD {
        let Some(Value::Array(entries)) = fields.get_mut(*list) else {
            continue;
        };
        for (i, entry) in entries.iter_mut().enumerate() {
            let Some(c) = entry.get_mut("creature").and_then(Value::as_object_mut) else {
                continue;
            };
            for (old, ..) in CREATURE_MARKS {
                match c.remove(*old) {
                    None | Some(Value::Bool(_)) => {}
                    Some(_) => {
                        return Err(Unmoved::NotAMark(format!("{list}[{i}].creature.{old}")));
                    }
                }
            }
        }
    }
    if taken.is_empty() {
        return Ok(moved);
    }
    let systems = fields
        .entry("systems")
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(systems) = systems.as_object_mut() else {
        // Not an object: the typed parse reports it.
        return Ok(moved);
    };
    for (system, key, value, old) in taken {
        let state = systems
            .entry(system.to_string())
            .or_insert_with(|| Value::Object(Map::new()));
        let Some(state) = state.as_object_mut() else {
            return Ok(moved);
        };
        if state.contains_key(key) {
            return Err(Unmoved::Twice(old));
        }
        state.insert(key.to_string(), value);
    }
    Ok(moved)
}

/// Takes word `old` off every creature that has it: its place in the file
/// (`creatures[2].used`), the creature's id, and the value, in board order.
fn take_word(creatures: &mut [Value], old: &str) -> Vec<(String, Value, Value)> {
    let mut found = Vec::new();
    for (i, creature) in creatures.iter_mut().enumerate() {
        let Some(c) = creature.as_object_mut() else {
            continue;
        };
        if let Some(value) = c.remove(old) {
            let id = c.get("id").cloned().unwrap_or(Value::Null);
            found.push((format!("creatures[{i}].{old}"), id, value));
        }
    }
    found
}

/// The place in the file of `inner`, a path inside the state of `system`, when it lies
/// in a value that moved (`None` otherwise).
pub fn old_place(moved: &[Moved], system: &str, inner: &str) -> Option<String> {
    moved
        .iter()
        .filter(|m| m.system == system)
        .filter(|m| {
            inner == m.inner
                || inner.starts_with(&format!("{}.", m.inner))
                || inner.starts_with(&format!("{}[", m.inner))
        })
        .max_by_key(|m| m.inner.len())
        .map(|m| format!("{}{}", m.old, &inner[m.inner.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn old_words_move_under_their_systems() {
        let mut board = json!({
            "format": 2,
            "boss_cards": 2,
            "creatures": [
                { "id": "hag", "used": [2, 3] },
                { "id": "imp", "used": [1] },
                { "id": "aria" },
            ],
        });
        let moved = move_words(&mut board).unwrap();
        assert_eq!(
            board,
            json!({
                "format": 2,
                "creatures": [{ "id": "hag" }, { "id": "imp" }, { "id": "aria" }],
                "systems": {
                    "monster-ai": { "boss_cards": 2, "used": { "hag": [2, 3], "imp": [1] } },
                },
            })
        );
        assert_eq!(
            old_place(&moved, "monster-ai", "boss_cards").as_deref(),
            Some("boss_cards")
        );
        assert_eq!(
            old_place(&moved, "monster-ai", "used.hag[1]").as_deref(),
            Some("creatures[0].used[1]")
        );
        assert_eq!(
            old_place(&moved, "monster-ai", "used.imp").as_deref(),
            Some("creatures[1].used")
        );
        assert_eq!(old_place(&moved, "monster-ai", "types"), None);
    }

    #[test]
    fn a_word_in_both_places_is_refused_at_its_old_place() {
        let mut board = json!({
            "format": 2,
            "boss_cards": 2,
            "systems": { "monster-ai": { "boss_cards": 1 } },
        });
        assert_eq!(
            move_words(&mut board),
            Err(Unmoved::Twice("boss_cards".into()))
        );
    }

    #[test]
    fn elite_marks_become_a_list_of_ids() {
        let mut board = json!({
            "format": 2,
            "creatures": [
                { "id": "ogre-1", "elite": true },
                { "id": "ogre-2", "elite": false },
                { "id": "ogre-3", "elite": true },
            ],
        });
        let moved = move_words(&mut board).unwrap();
        assert_eq!(
            board,
            json!({
                "format": 2,
                "creatures": [{ "id": "ogre-1" }, { "id": "ogre-2" }, { "id": "ogre-3" }],
                "systems": { "ability-deck": { "elite": ["ogre-1", "ogre-3"] } },
            })
        );
        assert_eq!(
            old_place(&moved, "ability-deck", "elite[1]").as_deref(),
            Some("creatures[2].elite")
        );
    }

    #[test]
    fn an_elite_mark_that_is_not_true_or_false_is_refused_where_it_is() {
        let mut board = json!({ "creatures": [{ "id": "a" }, { "id": "b", "elite": "yes" }] });
        assert_eq!(
            move_words(&mut board),
            Err(Unmoved::NotAMark("creatures[1].elite".into()))
        );
    }

    #[test]
    fn the_records_of_the_departed_drop_their_marks() {
        let mut board = json!({
            "creatures": [],
            "fallen": [{ "round": 1, "creature": { "id": "w", "elite": true } }],
            "resurrections": [{ "creature": { "id": "v", "elite": false } }],
        });
        assert!(move_words(&mut board).unwrap().is_empty());
        assert_eq!(
            board,
            json!({
                "creatures": [],
                "fallen": [{ "round": 1, "creature": { "id": "w" } }],
                "resurrections": [{ "creature": { "id": "v" } }],
            })
        );
        let mut board = json!({ "fallen": [{ "creature": { "id": "w", "elite": 1 } }] });
        assert_eq!(
            move_words(&mut board),
            Err(Unmoved::NotAMark("fallen[0].creature.elite".into()))
        );
    }

    #[test]
    fn only_false_marks_leave_no_list() {
        let mut board = json!({ "creatures": [{ "id": "a", "elite": false }] });
        move_words(&mut board).unwrap();
        assert_eq!(board, json!({ "creatures": [{ "id": "a" }] }));
    }

    #[test]
    fn boards_in_the_new_form_are_left_alone() {
        let board = json!({
            "format": 2,
            "creatures": [{ "id": "a" }],
            "systems": { "monster-ai": { "boss_cards": 1 } },
        });
        let mut same = board.clone();
        assert!(move_words(&mut same).unwrap().is_empty());
        assert_eq!(same, board);
    }
}

//! Words older boards kept in the shared board that belong to one system: a boss's extra
//! turn cards (`boss_cards`) and a monster's once-per-monster uses (`used`) are the
//! Monster A.I. system's. A board of any format
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

/// A word written both in its old place and in its new one (the old place's path).
#[derive(Debug, PartialEq, Eq)]
pub struct Twice(pub String);

/// Moves the old words of `board` (a board's JSON object) into their systems' states;
/// returns what moved. A value of the wrong kind moves as it is, and the system's check
/// of its state reports it at its old place.
pub fn move_words(board: &mut Value) -> Result<Vec<Moved>, Twice> {
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
            let mut first = None;
            for (i, creature) in creatures.iter_mut().enumerate() {
                let Some(c) = creature.as_object_mut() else {
                    continue;
                };
                let Some(value) = c.remove(*old) else {
                    continue;
                };
                let id = c
                    .get("id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let at = format!("creatures[{i}].{old}");
                first.get_or_insert_with(|| at.clone());
                place(system, format!("{key}{}", path_key(&id, false)), at);
                by_id.insert(id, value);
            }
            if let Some(first) = first {
                taken.push((system, key, Value::Object(by_id), first));
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
            return Err(Twice(old));
        }
        state.insert(key.to_string(), value);
    }
    Ok(moved)
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
        assert_eq!(move_words(&mut board), Err(Twice("boss_cards".into())));
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

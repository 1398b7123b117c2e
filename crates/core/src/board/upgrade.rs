//! Reading board format 1. Format 1 kept each system's state in top-level fields of the
//! board; format 2 keeps it under `systems`, one key per system. [`LEGACY`] is the only
//! place the board module names systems: a format-1 board is upgraded at the JSON level
//! before the typed parse, and problems found inside a system's state are reported at
//! the place the file being read has them ([`state_path`]).

use crate::io::load::path_key;
use serde_json::{Map, Value};

/// Each format-1 field: the system whose state holds it in format 2, and its key there.
pub const LEGACY: &[(&str, &str, &str)] = &[
    ("scheme_state", "monster-ai", "types"),
    ("level", "ability-deck", "level"),
    ("variant", "ability-deck", "variant"),
    ("ability_decks", "ability-deck", "ability_decks"),
    ("modifier_deck", "ability-deck", "modifier_deck"),
    ("fresh_summons", "ability-deck", "fresh_summons"),
    ("loot", "ability-deck", "loot"),
    ("initiatives", "ability-deck", "initiatives"),
];

/// A format-1 board that also has `systems` mixes the two formats.
#[derive(Debug, PartialEq, Eq)]
pub struct Mixed;

/// Moves the format-1 fields of a board (a JSON object with `"format": 1`) under
/// `systems`. Returns whether anything moved; other boards are left alone.
pub fn upgrade(board: &mut Value) -> Result<bool, Mixed> {
    let Some(fields) = board.as_object_mut() else {
        return Ok(false);
    };
    if fields.get("format").and_then(Value::as_u64) != Some(1)
        || !LEGACY.iter().any(|(old, _, _)| fields.contains_key(*old))
    {
        return Ok(false);
    }
    if fields.contains_key("systems") {
        return Err(Mixed);
    }
    let mut systems: Map<String, Value> = Map::new();
    for (old, system, key) in LEGACY {
        if let Some(value) = fields.remove(*old) {
            let state = systems
                .entry(system.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(state) = state {
                state.insert(key.to_string(), value);
            }
        }
    }
    fields.insert("systems".into(), Value::Object(systems));
    Ok(true)
}

/// The path in a board file of format `format` of `inner`, a path inside the state of
/// `system` (`types.Warg`, `ability_decks.brute.draw[0]`). In format 2 it is under
/// `systems`; in format 1 the state's first key is replaced by its old field.
pub fn state_path(format: u32, system: &str, inner: &str) -> String {
    let first_end = inner.find(['.', '[']).unwrap_or(inner.len());
    let (first, rest) = inner.split_at(first_end);
    if format == 1
        && let Some((old, _, _)) = LEGACY.iter().find(|(_, s, k)| *s == system && *k == first)
    {
        return format!("{old}{rest}");
    }
    let path = format!("systems{}", path_key(system, false));
    if inner.is_empty() {
        path
    } else {
        format!("{path}.{inner}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_legacy_field_moves_under_its_system() {
        let mut board = json!({
            "format": 1, "round": 3, "rng": [1, 2],
            "scheme_state": { "Warg": { "charges": { "1": 2 } } },
            "level": 2, "variant": "frosthaven",
            "ability_decks": { "brute": { "draw": [1] } },
            "modifier_deck": { "draw": ["plus0"] },
            "fresh_summons": ["imp-1"],
            "loot": [{ "cell": "C3", "gold": 2 }],
            "initiatives": { "aria": 40 },
        });
        assert_eq!(upgrade(&mut board), Ok(true));
        assert_eq!(
            board,
            json!({
                "format": 1, "round": 3, "rng": [1, 2],
                "systems": {
                    "monster-ai": { "types": { "Warg": { "charges": { "1": 2 } } } },
                    "ability-deck": {
                        "level": 2, "variant": "frosthaven",
                        "ability_decks": { "brute": { "draw": [1] } },
                        "modifier_deck": { "draw": ["plus0"] },
                        "fresh_summons": ["imp-1"],
                        "loot": [{ "cell": "C3", "gold": 2 }],
                        "initiatives": { "aria": 40 },
                    },
                },
            })
        );
    }

    #[test]
    fn boards_without_legacy_fields_are_left_alone() {
        for board in [
            json!({ "format": 1, "round": 2 }),
            json!({ "format": 2, "level": 3 }),
            json!([1]),
        ] {
            let mut upgraded = board.clone();
            assert_eq!(upgrade(&mut upgraded), Ok(false));
            assert_eq!(upgraded, board);
        }
    }

    #[test]
    fn a_format_1_board_with_systems_is_refused() {
        let mut board = json!({ "format": 1, "level": 2, "systems": {} });
        assert_eq!(upgrade(&mut board), Err(Mixed));
    }

    #[test]
    fn state_paths_point_where_the_file_has_them() {
        assert_eq!(
            state_path(1, "monster-ai", "types.Warg"),
            "scheme_state.Warg"
        );
        assert_eq!(
            state_path(1, "ability-deck", "ability_decks.brute.draw[0]"),
            "ability_decks.brute.draw[0]"
        );
        assert_eq!(
            state_path(1, "ability-deck", "loot[2].cell"),
            "loot[2].cell"
        );
        assert_eq!(
            state_path(2, "monster-ai", "types.\"Orc Shaman\""),
            "systems.monster-ai.types.\"Orc Shaman\""
        );
        assert_eq!(
            state_path(2, "ability-deck", "level"),
            "systems.ability-deck.level"
        );
        assert_eq!(state_path(1, "ability-deck", ""), "systems.ability-deck");
        assert_eq!(state_path(1, "other", "x"), "systems.other.x");
        assert_eq!(state_path(2, "odd name", "x"), "systems.\"odd name\".x");
    }
}

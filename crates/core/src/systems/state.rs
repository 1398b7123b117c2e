//! Each system's saved state lives in the board under `systems.NAME` (NAME is the
//! system's `system`), as a type of the system's own. This is the checking side:
//! when a board is loaded with its monsters, the system reads its state with
//! [`read_state`] and reports what is wrong as [`StateProblem`]s, which
//! [`check_states`] places in the board file (at the format-1 field for a format-1 board).
//! Reading during play is `Fight::system_state`, writing `World::set_system_state`.

use super::Monsters;
use crate::board::Fight;
use crate::board::moved_words::old_place;
use crate::board::upgrade::state_path;
use crate::error::Result;
use crate::io::diagnostic::{Locator, Problems};
use crate::io::load::read_json_part;
use crate::io::shape::array_for_object;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;

/// A problem in a system's state: `path` is inside the state (`types.Warg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateProblem {
    /// Where in the state, as a dotted path (`types.Warg`); empty for the whole state.
    pub path: String,
    /// What is wrong.
    pub message: String,
    /// What to do about it; `None` when there is nothing more to say.
    pub hint: Option<String>,
}

impl StateProblem {
    /// A problem at `path` with what to do about it.
    pub fn hinted(path: String, message: String, hint: &str) -> StateProblem {
        StateProblem {
            path,
            message,
            hint: Some(hint.to_string()),
        }
    }
}

/// The state of system `name` as a `T` (its default when the board has none), or the
/// first problem with it: an array written for an object, a wrong type, an unknown field.
pub fn read_state<T: DeserializeOwned + JsonSchema + Default + 'static>(
    fight: &Fight,
    name: &str,
) -> std::result::Result<T, StateProblem> {
    let Some(state) = fight.board.systems.get(name) else {
        return Ok(T::default());
    };
    let schema = crate::io::schema::schema_value_kept::<T>();
    let value = serde_json::Value::Object(state.clone());
    if let Some(path) = array_for_object(&value, schema) {
        return Err(StateProblem {
            path,
            message: "wrong type: expected an object, found an array".into(),
            hint: Some(
                "write it as an object with named fields, `{ \"name\": value, ... }`".into(),
            ),
        });
    }
    read_json_part(state).map_err(|p| StateProblem {
        path: p.path.unwrap_or_default(),
        message: p.message,
        hint: p.hint,
    })
}

/// Asks the monsters' system to check its state in a loaded board, and reports every
/// problem at its place in `text`, the board file `file`.
pub fn check_states(file: &str, text: &str, fight: &Fight, monsters: &dyn Monsters) -> Result<()> {
    let mut problems = Problems::new();
    let locate = Locator::new(file, text);
    for p in monsters.check_state(fight) {
        let path = old_place(&fight.board.moved, monsters.system(), &p.path)
            .unwrap_or_else(|| state_path(fight.board.format, monsters.system(), &p.path));
        let d = locate.json_path(&path, p.message);
        problems.push(match p.hint {
            Some(hint) => d.with_hint(hint),
            None => d,
        });
    }
    Ok(problems.finish(())?)
}

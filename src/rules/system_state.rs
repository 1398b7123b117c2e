//! Writing a system's saved state into the board (`systems.NAME`), as a `World` method
//! like every other change. The rules core does not look into a state: the system that
//! owns the key gives its type, reads it with `Fight::system_state` and decides what
//! changes.

use crate::rules::world::World;
use serde::Serialize;

impl World<'_> {
    /// Stores `state` as the saved state of system `name`. A state that serialises to an
    /// empty object (nothing saved) removes the key, so a board that never needed it
    /// stays as it was.
    pub fn set_system_state<T: Serialize>(&mut self, name: &str, state: &T) {
        match serde_json::to_value(state) {
            Ok(serde_json::Value::Object(fields)) if !fields.is_empty() => {
                self.fight.board.systems.insert(name.to_string(), fields);
            }
            Ok(serde_json::Value::Object(_)) => {
                self.fight.board.systems.remove(name);
            }
            other => panic!("the state of system `{name}` is not a JSON object: {other:?}"),
        }
    }
}

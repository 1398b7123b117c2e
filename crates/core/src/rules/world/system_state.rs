//! Writing a system's saved state into the board (`systems.NAME`), as a `World` method
//! like every other change. The rules core does not look into a state: the system that
//! owns the key gives its type, reads it with `Fight::system_state` and decides what
//! changes.

use super::World;
use serde::Serialize;
use serde_json::Value;

impl World<'_> {
    /// Stores `state` as the saved state of system `name`. A state that serialises to an
    /// empty object (nothing saved) removes the key, so a board that never needed it
    /// stays as it was.
    pub fn set_system_state<T: Serialize + Clone + Send + Sync + 'static>(
        &mut self,
        name: &str,
        state: &T,
    ) {
        // Kept typed, and turned into JSON only when the JSON is read (`board::systems`).
        self.fight.board.systems.set_typed(name, state.clone());
    }

    /// Stores one field, `key`, of the saved state of system `name`. A value that
    /// serialises to nothing (`null`, `[]`, `{}`) removes the field, and a state left
    /// without fields removes the system's key, as [`World::set_system_state`] does.
    pub fn set_system_value<T: Serialize>(&mut self, name: &str, key: &str, value: &T) {
        let value = serde_json::to_value(value).expect("a state's fields serialise");
        let empty = match &value {
            Value::Null => true,
            Value::Array(items) => items.is_empty(),
            Value::Object(fields) => fields.is_empty(),
            _ => false,
        };
        let systems = &mut self.fight.board.systems;
        if !empty {
            systems
                .entry(name.to_string())
                .or_default()
                .insert(key.to_string(), value);
        } else if let Some(state) = systems.get_mut(name) {
            state.remove(key);
            if state.is_empty() {
                systems.remove(name);
            }
        }
    }
}

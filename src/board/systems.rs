//! Reading one system's saved state out of the board's `systems`. The board does not know
//! what a state holds: the system that owns the key gives the type. Writing goes through
//! `rules::world` like every other change.

use super::Fight;
use serde::de::DeserializeOwned;

impl Fight {
    /// The saved state of system `name`, or the type's default when the board has none.
    /// The state was checked when the board was loaded (the system's `check_state`).
    pub fn system_state<T: DeserializeOwned + Default>(
        &self,
        name: &str,
    ) -> Result<T, serde_json::Error> {
        match self.board.systems.get(name) {
            Some(state) => T::deserialize(state),
            None => Ok(T::default()),
        }
    }

    /// One field, `key`, of the saved state of system `name` (`None` when absent): for a
    /// system that reads a part of its state often and the rest rarely.
    pub fn system_value<T: DeserializeOwned>(
        &self,
        name: &str,
        key: &str,
    ) -> Result<Option<T>, serde_json::Error> {
        match self
            .board
            .systems
            .get(name)
            .and_then(|state| state.get(key))
        {
            Some(value) => T::deserialize(value).map(Some),
            None => Ok(None),
        }
    }
}

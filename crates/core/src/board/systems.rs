//! Each system's saved state in the board (`systems`): a JSON object per system name that
//! only that system reads and writes. The board does not know what a state holds: the
//! system that owns the key gives the type. Writing goes through `rules::world` like
//! every other change.
//!
//! A system reads and writes its whole state at every turn, and `simulate` plays
//! thousands of turns without ever looking at the JSON: turning the state into JSON and
//! back at every turn cost more than the turn itself. So a state written is kept as the
//! typed value it was written from, reading it back as that type copies it, and it is
//! turned into JSON only when the JSON is looked at (saving the board, `check`, a
//! system reading its state's fields). This relies on what saving a board relies on
//! anyway: a state reads back as itself (an empty object as the type's default).

use super::Fight;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::any::Any;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The JSON of every system's state, by system name.
pub type SystemsJson = BTreeMap<String, Map<String, Value>>;

/// A typed state shared between copies of a board.
type AnyState = Arc<dyn Any + Send + Sync>;

/// A state written typed: the system's name, the state, and how to turn it into JSON.
#[derive(Clone)]
struct Typed {
    name: String,
    state: AnyState,
    to_json: fn(&AnyState) -> Value,
}

/// Every system's saved state, by system name. Reads as (dereferences to) the JSON
/// objects; a state written typed ([`Systems::set_typed`]) is turned into JSON the first
/// time the JSON is read after it.
#[derive(Clone, Default)]
pub struct Systems {
    /// The states as JSON, but for those in `typed`, which are newer.
    json: SystemsJson,
    /// States written since, each with the way to turn it into JSON.
    typed: Vec<Typed>,
    /// `json` with `typed` written in, made the first time it is read.
    merged: OnceLock<SystemsJson>,
}

impl Systems {
    /// No system has a state.
    pub fn is_empty(&self) -> bool {
        std::ops::Deref::deref(self).is_empty()
    }

    /// The state of system `name`, when it was last written as a `T`.
    fn typed<T: 'static>(&self, name: &str) -> Option<&T> {
        let typed = self.typed.iter().find(|t| t.name == name)?;
        typed.state.downcast_ref::<T>()
    }

    /// Writes `state` as the state of system `name`; it is turned into JSON when the JSON
    /// is next read.
    pub(crate) fn set_typed<T: Serialize + Send + Sync + 'static>(&mut self, name: &str, state: T) {
        if let Some(merged) = self.merged.take() {
            // Every typed state so far is in it.
            self.json = merged;
            self.typed.clear();
        }
        self.typed.retain(|t| t.name != name);
        self.typed.push(Typed {
            name: name.to_string(),
            state: Arc::new(state),
            to_json: to_json::<T>,
        });
    }
}

/// The JSON of a typed state of type `T`.
fn to_json<T: Serialize + 'static>(state: &AnyState) -> Value {
    let state = state.downcast_ref::<T>().expect("stored with its own type");
    serde_json::to_value(state).expect("a system's state serialises")
}

/// `json` with the typed states written in: an empty object removes the system's key,
/// so a board that never needed it is written unchanged.
fn merge(json: &SystemsJson, typed: &[Typed]) -> SystemsJson {
    let mut all = json.clone();
    for Typed {
        name,
        state,
        to_json,
    } in typed
    {
        match to_json(state) {
            Value::Object(fields) if !fields.is_empty() => {
                all.insert(name.clone(), fields);
            }
            Value::Object(_) => {
                all.remove(name);
            }
            other => panic!("the state of system `{name}` is not a JSON object: {other}"),
        }
    }
    all
}

impl std::ops::Deref for Systems {
    type Target = SystemsJson;

    fn deref(&self) -> &SystemsJson {
        if self.typed.is_empty() {
            return &self.json;
        }
        self.merged.get_or_init(|| merge(&self.json, &self.typed))
    }
}

impl std::ops::DerefMut for Systems {
    /// The JSON to change in place: the typed states are written into it first.
    fn deref_mut(&mut self) -> &mut SystemsJson {
        if !self.typed.is_empty() {
            self.json = match self.merged.take() {
                Some(merged) => merged,
                None => merge(&self.json, &self.typed),
            };
            self.typed.clear();
        }
        &mut self.json
    }
}

impl From<SystemsJson> for Systems {
    fn from(json: SystemsJson) -> Systems {
        Systems {
            json,
            ..Systems::default()
        }
    }
}

impl PartialEq for Systems {
    fn eq(&self, other: &Systems) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Systems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for Systems {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Systems {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Systems, D::Error> {
        SystemsJson::deserialize(d).map(Systems::from)
    }
}

impl Fight {
    /// The saved state of system `name`, or the type's default when the board has none.
    /// The state was checked when the board was loaded (the system's `check_state`).
    /// A state last written as a `T` is copied, not read from its JSON.
    pub fn system_state<T: DeserializeOwned + Default + Clone + 'static>(
        &self,
        name: &str,
    ) -> Result<T, serde_json::Error> {
        if let Some(state) = self.board.systems.typed::<T>(name) {
            return Ok(state.clone());
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Count {
        #[serde(default, skip_serializing_if = "is_zero")]
        n: u32,
    }

    fn is_zero(n: &u32) -> bool {
        *n == 0
    }

    fn json_of(s: &Systems) -> Value {
        serde_json::to_value(s).unwrap()
    }

    #[test]
    fn typed_states_read_back_and_turn_into_json_when_read() {
        let mut s = Systems::from(
            serde_json::from_value::<SystemsJson>(json!({"other": {"a": 1}})).unwrap(),
        );
        s.set_typed("count", Count { n: 3 });
        assert_eq!(s.typed::<Count>("count"), Some(&Count { n: 3 }));
        assert_eq!(s.typed::<u32>("count"), None, "another type reads the JSON");
        assert_eq!(json_of(&s), json!({"count": {"n": 3}, "other": {"a": 1}}));
        // Written again after the JSON was read, and again before it is read.
        s.set_typed("count", Count { n: 4 });
        s.set_typed("count", Count { n: 5 });
        assert_eq!(s.get("count"), Some(json!({"n": 5}).as_object().unwrap()));
        // An empty state removes the key; a change in place writes the typed ones first.
        s.set_typed("count", Count { n: 0 });
        s.set_typed("more", Count { n: 1 });
        s.remove("other");
        assert_eq!(json_of(&s), json!({"more": {"n": 1}}));
        assert!(s.typed::<Count>("more").is_none(), "written into the JSON");
        let copy = s.clone();
        assert_eq!(copy, s);
        s.set_typed("more", Count { n: 0 });
        assert!(s.is_empty());
        assert_ne!(copy, s);
    }
}

//! The JSON Schema (draft 7) of one of our types, generated from the same definitions the
//! loaders use: for `monster-ai schema`, and as data for the shape checks of `shape`.

use schemars::JsonSchema;

/// The schema of `T`, as `monster-ai schema` prints it.
pub fn schema_of<T: JsonSchema>() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>()
}

/// The schema of `T` as plain JSON, for walking it.
pub fn schema_value<T: JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schema_of::<T>()).expect("a schema is plain JSON")
}

/// [`schema_value`] worked out once per type and kept for the process: a system's saved
/// state is checked against its schema on every board load.
pub fn schema_value_kept<T: JsonSchema + 'static>() -> &'static serde_json::Value {
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static KEPT: OnceLock<Mutex<HashMap<TypeId, &'static serde_json::Value>>> = OnceLock::new();
    let kept = KEPT.get_or_init(Default::default);
    if let Some(v) = kept
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&TypeId::of::<T>())
    {
        return v;
    }
    // Worked out outside the lock; a type's schema is the same whoever keeps it first.
    let value: &'static serde_json::Value = Box::leak(Box::new(schema_value::<T>()));
    kept.lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(TypeId::of::<T>())
        .or_insert(value)
}

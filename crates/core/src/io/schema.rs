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

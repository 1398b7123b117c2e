//! Objects must be written as objects. serde lets a struct be read from an array of its
//! fields in order (`"saves": [9, 8, 7, 6, 5, 4]`, `"rng": [2019, 0]`), which hides
//! mistakes and is not part of our formats. Before the typed parse, the JSON is walked
//! alongside the format's JSON Schema (the same one `monster-ai schema` prints), and an
//! array where only an object may stand is a type error at its field path.

use super::diagnostic::Diagnostic;
use serde_json::Value;

/// The first array in `value` (parsed from `text`) found where `schema` allows an object
/// but no array, as a located diagnostic.
#[allow(clippy::result_large_err)]
pub fn check_objects(
    file: &str,
    text: &str,
    value: &Value,
    schema: &Value,
) -> Result<(), Diagnostic> {
    let Some(path) = array_for_object(value, schema) else {
        return Ok(());
    };
    let message = "wrong type: expected an object, found an array";
    let d = if path.is_empty() {
        Diagnostic::at_span(file, text, 0..1, message)
            .with_hint("a board is a JSON object: `{ \"format\": 2, \"grid\": { ... }, ... }`")
    } else {
        Diagnostic::at_json_path(file, text, &path, message).with_hint(
            "write it as an object with named fields, `{ \"name\": value, ... }`; docs/board.md lists them",
        )
    };
    Err(d)
}

/// The path of the first array in `value` where `schema` allows an object but no array
/// (`""` for the value itself).
pub fn array_for_object(value: &Value, schema: &Value) -> Option<String> {
    let mut path = Vec::new();
    Walk { root: schema }
        .find(value, schema, &mut path, 0)
        .then(|| path.iter().fold(String::new(), |p, step| step.join(&p)))
}

fn is_container(v: &Value) -> bool {
    v.is_array() || v.is_object()
}

/// One step of a path into the document: an item of an array or a field of an object.
enum Step<'v> {
    Item(usize),
    Field(&'v str),
}

impl Step<'_> {
    fn join(&self, path: &str) -> String {
        match self {
            Step::Item(i) => format!("{path}[{i}]"),
            Step::Field(key) => join(path, key),
        }
    }
}

struct Walk<'a> {
    root: &'a Value,
}

/// Deeper than any real format nests; stops a self-referencing schema.
const MAX_DEPTH: usize = 64;

impl Walk<'_> {
    /// Whether `value` holds an array where `schema` allows only an object; `path` (the
    /// steps down to `value`) then ends with the steps down to that array.
    fn find<'v>(
        &self,
        value: &'v Value,
        schema: &Value,
        path: &mut Vec<Step<'v>>,
        depth: usize,
    ) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let Some(schema) = self.resolve(schema, depth) else {
            return false;
        };
        match value {
            Value::Array(items) => {
                if self.allows(schema, "object", depth) && !self.allows(schema, "array", depth) {
                    return true;
                }
                // Only containers can hold an array where an object belongs.
                let containers = items.iter().enumerate().filter(|(_, v)| is_container(v));
                for (i, item) in containers {
                    for s in self.item_schemas(schema, i, depth) {
                        path.push(Step::Item(i));
                        if self.find(item, s, path, depth + 1) {
                            return true;
                        }
                        path.pop();
                    }
                }
                false
            }
            Value::Object(fields) => {
                for (key, item) in fields.iter().filter(|(_, v)| is_container(v)) {
                    for s in self.field_schemas(schema, key, depth) {
                        path.push(Step::Field(key));
                        if self.find(item, s, path, depth + 1) {
                            return true;
                        }
                        path.pop();
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// Follows `$ref`s to the schema itself.
    fn resolve<'s>(&'s self, mut schema: &'s Value, depth: usize) -> Option<&'s Value> {
        for _ in depth..MAX_DEPTH {
            match schema.get("$ref").and_then(Value::as_str) {
                Some(r) => schema = self.root.pointer(r.strip_prefix('#')?)?,
                None => return Some(schema),
            }
        }
        None
    }

    /// The schema and its alternatives (`anyOf`, `oneOf`, `allOf`), resolved.
    fn alternatives<'s>(&'s self, schema: &'s Value, depth: usize) -> Vec<&'s Value> {
        let mut all = vec![schema];
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(list) = schema.get(key).and_then(Value::as_array) {
                for s in list {
                    if let Some(s) = self.resolve(s, depth + 1) {
                        all.extend(self.alternatives(s, depth + 1));
                    }
                }
            }
        }
        all
    }

    /// Whether any alternative may be of JSON type `kind` (a schema without `type` says
    /// nothing and allows everything).
    fn allows(&self, schema: &Value, kind: &str, depth: usize) -> bool {
        let types: Vec<&Value> = self
            .alternatives(schema, depth)
            .into_iter()
            .filter_map(|s| s.get("type"))
            .collect();
        types.is_empty()
            || types.iter().any(|t| match t {
                Value::String(s) => s == kind,
                Value::Array(list) => list.iter().any(|s| s == kind),
                _ => true,
            })
    }

    fn field_schemas<'s>(&'s self, schema: &'s Value, key: &str, depth: usize) -> Vec<&'s Value> {
        self.alternatives(schema, depth)
            .into_iter()
            .filter_map(|s| {
                s.get("properties")
                    .and_then(|p| p.get(key))
                    .or_else(|| s.get("additionalProperties").filter(|a| a.is_object()))
            })
            .collect()
    }

    fn item_schemas<'s>(&'s self, schema: &'s Value, i: usize, depth: usize) -> Vec<&'s Value> {
        self.alternatives(schema, depth)
            .into_iter()
            .filter_map(|s| match s.get("items") {
                Some(Value::Array(tuple)) => tuple.get(i),
                Some(items) => Some(items),
                None => s.get("prefixItems").and_then(|t| t.get(i)),
            })
            .collect()
    }
}

/// `path.key`, with keys that are not plain words quoted (the form diagnostics use).
fn join(path: &str, key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '$');
    let key = if plain {
        key.to_string()
    } else {
        format!("{key:?}")
    };
    if path.is_empty() {
        key
    } else {
        format!("{path}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "rng": { "anyOf": [{ "$ref": "#/definitions/Rng" }, { "type": "null" }] },
                "list": { "type": "array", "items": { "$ref": "#/definitions/Rng" } },
                "pair": { "type": "array", "items": [{ "type": "string" }, { "type": "string" }] },
                "map": { "type": "object", "additionalProperties": { "$ref": "#/definitions/Rng" } }
            },
            "definitions": { "Rng": { "type": "object", "properties": { "seed": { "type": "integer" } } } }
        })
    }

    fn path_of(text: &str) -> Option<String> {
        let Ok(value) = serde_json::from_str(text) else {
            return None;
        };
        check_objects("b.json", text, &value, &schema())
            .err()
            .map(|d| d.path.unwrap_or_default())
    }

    #[test]
    fn arrays_for_objects_are_found_anywhere() {
        assert_eq!(path_of(r#"{"rng": [1, 0]}"#).as_deref(), Some("rng"));
        assert_eq!(
            path_of(r#"{"list": [{"seed": 1}, [2]]}"#).as_deref(),
            Some("list[1]")
        );
        assert_eq!(path_of(r#"{"map": {"a": [2]}}"#).as_deref(), Some("map.a"));
        assert_eq!(path_of("[1]").as_deref(), Some(""));
        assert_eq!(
            path_of(r#"{"rng": null, "pair": ["a", "b"], "list": []}"#),
            None
        );
        assert_eq!(path_of("not json"), None);
    }
}

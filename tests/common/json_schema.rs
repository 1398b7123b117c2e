//! A small JSON Schema (draft 7) checker for the tests: the keywords `monster-ai schema`
//! prints (schemars' output) and nothing more. A keyword it does not know fails the
//! test, so a schema that grows a new keyword is noticed rather than waved through.

use serde_json::Value;

/// The first few places where `value` breaks `schema` (whose `$ref`s point into
/// `root`'s `definitions`), as "path: what is wrong".
pub(crate) fn problems(root: &Value, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    check(root, root, value, "", &mut out);
    out
}

const KNOWN: &[&str] = &[
    "$schema",
    "$ref",
    "title",
    "description",
    "default",
    "definitions",
    "type",
    "format",
    "properties",
    "additionalProperties",
    "patternProperties",
    "required",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "enum",
    "const",
    "minimum",
    "maximum",
    "anyOf",
    "oneOf",
    "allOf",
];

fn check(root: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    let Some(s) = schema.as_object() else {
        if schema == &Value::Bool(false) {
            out.push(format!("{at}: nothing is allowed here"));
        }
        return;
    };
    for key in s.keys() {
        assert!(
            KNOWN.contains(&key.as_str()),
            "unknown schema keyword `{key}` at {at}"
        );
    }
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/definitions/").expect("a local reference");
        let def = &root["definitions"][name];
        assert!(def.is_object(), "`{r}` names no definition");
        check(root, def, value, at, out);
    }
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => panic!("a type is a name or a list"),
        };
        if !types.iter().any(|t| is_type(value, t)) {
            out.push(format!(
                "{at}: expected {}, found {value}",
                types.join(" or ")
            ));
            return;
        }
    }
    if let Some(f) = s.get("format").and_then(Value::as_str) {
        let limit = match f {
            "uint8" => Some((0.0, u8::MAX as f64)),
            "uint16" => Some((0.0, u16::MAX as f64)),
            "uint32" => Some((0.0, u32::MAX as f64)),
            "int32" => Some((i32::MIN as f64, i32::MAX as f64)),
            "uint64" | "int64" | "uint" | "int" | "double" | "float" => None,
            other => panic!("unknown format `{other}` at {at}"),
        };
        if let (Some((lo, hi)), Some(n)) = (limit, value.as_f64())
            && !(lo..=hi).contains(&n)
        {
            out.push(format!("{at}: {n} does not fit {f}"));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = s.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            out.push(format!("{at}: {n} is below {min}"));
        }
        if let Some(max) = s.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            out.push(format!("{at}: {n} is above {max}"));
        }
    }
    if let Some(list) = s.get("enum").and_then(Value::as_array)
        && !list.contains(value)
    {
        out.push(format!("{at}: {value} is not one of {list:?}"));
    }
    if let Some(c) = s.get("const")
        && c != value
    {
        out.push(format!("{at}: {value} is not {c}"));
    }
    if let Some(obj) = value.as_object() {
        object(root, s, obj, at, out);
    }
    if let Some(items) = value.as_array() {
        array(root, s, items, at, out);
    }
    if let Some(all) = s.get("allOf").and_then(Value::as_array) {
        for sub in all {
            check(root, sub, value, at, out);
        }
    }
    for (key, exactly_one) in [("anyOf", false), ("oneOf", true)] {
        if let Some(alts) = s.get(key).and_then(Value::as_array) {
            let fits = alts
                .iter()
                .filter(|sub| {
                    let mut none = Vec::new();
                    check(root, sub, value, at, &mut none);
                    none.is_empty()
                })
                .count();
            if fits == 0 || (exactly_one && fits > 1) {
                out.push(format!(
                    "{at}: {value} fits {fits} of the {key} alternatives"
                ));
            }
        }
    }
}

fn is_type(v: &Value, t: &str) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        other => panic!("unknown type `{other}`"),
    }
}

fn object(
    root: &Value,
    s: &serde_json::Map<String, Value>,
    obj: &serde_json::Map<String, Value>,
    at: &str,
    out: &mut Vec<String>,
) {
    let props = s.get("properties").and_then(Value::as_object);
    for name in s
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = name.as_str().expect("a field name");
        if !obj.contains_key(name) {
            out.push(format!("{at}: `{name}` is missing"));
        }
    }
    for (key, v) in obj {
        let path = format!("{at}.{key}");
        if let Some(p) = props.and_then(|p| p.get(key)) {
            check(root, p, v, &path, out);
            continue;
        }
        if let Some(patterns) = s.get("patternProperties").and_then(Value::as_object) {
            let mut matched = false;
            for (pattern, p) in patterns {
                assert_eq!(pattern, r"^\d+$", "an unknown pattern");
                if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
                    matched = true;
                    check(root, p, v, &path, out);
                }
            }
            if matched {
                continue;
            }
        }
        match s.get("additionalProperties") {
            Some(Value::Bool(false)) => out.push(format!("{path}: no such field")),
            Some(extra) => check(root, extra, v, &path, out),
            None => {}
        }
    }
}

fn array(
    root: &Value,
    s: &serde_json::Map<String, Value>,
    items: &[Value],
    at: &str,
    out: &mut Vec<String>,
) {
    let n = items.len() as u64;
    if s.get("minItems")
        .and_then(Value::as_u64)
        .is_some_and(|m| n < m)
    {
        out.push(format!("{at}: too few items ({n})"));
    }
    if s.get("maxItems")
        .and_then(Value::as_u64)
        .is_some_and(|m| n > m)
    {
        out.push(format!("{at}: too many items ({n})"));
    }
    if s.get("uniqueItems") == Some(&Value::Bool(true))
        && items
            .iter()
            .enumerate()
            .any(|(i, a)| items[..i].contains(a))
    {
        out.push(format!("{at}: items repeat"));
    }
    match s.get("items") {
        Some(Value::Array(tuple)) => {
            for (i, (sub, v)) in tuple.iter().zip(items).enumerate() {
                check(root, sub, v, &format!("{at}[{i}]"), out);
            }
        }
        Some(each) => {
            for (i, v) in items.iter().enumerate() {
                check(root, each, v, &format!("{at}[{i}]"), out);
            }
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::problems;
    use serde_json::json;

    /// The checker itself finds what is wrong: a wrong type, a missing field, an unknown
    /// field, a number out of range, a reference followed.
    #[test]
    fn the_checker_finds_what_is_wrong() {
        let schema = json!({
            "type": "object",
            "required": ["n"],
            "properties": {
                "n": { "type": "integer", "format": "uint32", "minimum": 0 },
                "d": { "$ref": "#/definitions/D" }
            },
            "additionalProperties": false,
            "definitions": { "D": { "type": "array", "items": { "type": "string" } } }
        });
        assert!(problems(&schema, &json!({ "n": 3, "d": ["x"] })).is_empty());
        let found = problems(&schema, &json!({ "n": -1, "d": [2], "z": 1 }));
        assert_eq!(
            found,
            [
                ".d[0]: expected string, found 2",
                ".n: -1 does not fit uint32",
                ".n: -1 is below 0",
                ".z: no such field"
            ]
        );
        assert_eq!(problems(&schema, &json!({})), [": `n` is missing"]);
    }
}

//! Objects must be written as objects. serde lets a struct be read from an array of its
//! fields in order (`"saves": [9, 8, 7, 6, 5, 4]`, `"rng": [2019, 0]`), which hides
//! mistakes and is not part of our formats. Before the typed parse, the JSON is walked
//! alongside the format's JSON Schema (the same one `monster-ai schema` prints), and an
//! array where only an object may stand is a type error at its field path.
//!
//! The walk reads a schema reduced to [`Node`]s: `$ref`s followed and `anyOf`/`oneOf`/
//! `allOf` alternatives gathered, once. The board's nodes are compiled into the program
//! (`board/shape_table.rs`, written by a test), so loading a board parses no schema;
//! other schemas (a system's saved state) are reduced when they are needed.

use super::diagnostic::Diagnostic;
use serde_json::Value;
use std::collections::HashMap;

/// A schema as the walk reads it (node numbers index the node list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node<'a> {
    /// An array here is refused: the schema allows an object but no array.
    pub object_only: bool,
    /// Named fields, sorted by name, each with the nodes its value is checked against
    /// (from every alternative naming it, or letting any field through).
    pub fields: &'a [(&'a str, &'a [u16])],
    /// The nodes for a field no alternative names.
    pub other_fields: &'a [u16],
    /// What the items of an array are checked against, alternative by alternative.
    pub items: &'a [Items<'a>],
}

/// The items of an array under one alternative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Items<'a> {
    /// Every item against one node.
    All(u16),
    /// Item `i` against node `i` of the tuple (items past its end: nothing).
    Tuple(&'a [u16]),
}

impl<'a> Node<'a> {
    fn field(&self, key: &str) -> &'a [u16] {
        match self.fields.binary_search_by(|(k, _)| (*k).cmp(key)) {
            Ok(i) => self.fields[i].1,
            Err(_) => self.other_fields,
        }
    }

    fn item(&self, i: usize) -> impl Iterator<Item = u16> + 'a {
        self.items.iter().filter_map(move |rule| match *rule {
            Items::All(n) => Some(n),
            Items::Tuple(tuple) => tuple.get(i).copied(),
        })
    }
}

/// The first array in `value` (parsed from `text`) found where the schema reduced to
/// `shape` (its root is node 0) allows an object but no array, as a located diagnostic.
#[allow(clippy::result_large_err)]
pub fn check_objects(
    file: &str,
    text: &str,
    value: &Value,
    shape: &[Node<'_>],
) -> Result<(), Diagnostic> {
    let Some(path) = array_in(value, shape) else {
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

/// The path of the first array in `value` where `schema` (a JSON Schema) allows an
/// object but no array (`""` for the value itself).
pub fn array_for_object(value: &Value, schema: &Value) -> Option<String> {
    Reduced::of(schema).with_nodes(|nodes| array_in(value, nodes))
}

fn array_in(value: &Value, shape: &[Node<'_>]) -> Option<String> {
    let mut path = Vec::new();
    find(shape, value, 0, &mut path, 0)
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

/// Deeper than any real format nests; stops a self-referencing schema.
const MAX_DEPTH: usize = 64;

/// Whether `value` holds an array where node `at` allows only an object; `path` (the
/// steps down to `value`) then ends with the steps down to that array.
fn find<'v>(
    shape: &[Node<'_>],
    value: &'v Value,
    at: u16,
    path: &mut Vec<Step<'v>>,
    depth: usize,
) -> bool {
    let Some(node) = shape.get(usize::from(at)) else {
        return false;
    };
    if depth > MAX_DEPTH {
        return false;
    }
    match value {
        Value::Array(items) => {
            if node.object_only {
                return true;
            }
            // Only containers can hold an array where an object belongs.
            let containers = items.iter().enumerate().filter(|(_, v)| is_container(v));
            for (i, item) in containers {
                for s in node.item(i) {
                    path.push(Step::Item(i));
                    if find(shape, item, s, path, depth + 1) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        Value::Object(fields) => {
            for (key, item) in fields.iter().filter(|(_, v)| is_container(v)) {
                for &s in node.field(key) {
                    path.push(Step::Field(key));
                    if find(shape, item, s, path, depth + 1) {
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

/// A JSON Schema reduced to nodes, owning what [`Node`]s borrow. Node 0 is the root.
#[derive(Debug, Default)]
pub struct Reduced {
    nodes: Vec<NodeBuf>,
}

#[derive(Debug, Default)]
struct NodeBuf {
    object_only: bool,
    fields: Vec<(String, Vec<u16>)>,
    other_fields: Vec<u16>,
    items: Vec<ItemsBuf>,
}

#[derive(Debug)]
enum ItemsBuf {
    All(u16),
    Tuple(Vec<u16>),
}

impl ItemsBuf {
    fn view(&self) -> Items<'_> {
        match self {
            ItemsBuf::All(n) => Items::All(*n),
            ItemsBuf::Tuple(t) => Items::Tuple(t),
        }
    }
}

impl Reduced {
    /// Calls `f` with the nodes, borrowed from `self`.
    pub fn with_nodes<R>(&self, f: impl FnOnce(&[Node<'_>]) -> R) -> R {
        let fields: Vec<Vec<(&str, &[u16])>> = self
            .nodes
            .iter()
            .map(|n| n.fields.iter().map(|(k, v)| (k.as_str(), &v[..])).collect())
            .collect();
        let items: Vec<Vec<Items>> = self
            .nodes
            .iter()
            .map(|n| n.items.iter().map(ItemsBuf::view).collect())
            .collect();
        let nodes: Vec<Node> = self
            .nodes
            .iter()
            .zip(&fields)
            .zip(&items)
            .map(|((n, fields), items)| Node {
                object_only: n.object_only,
                fields,
                other_fields: &n.other_fields,
                items,
            })
            .collect();
        f(&nodes)
    }

    /// `schema` reduced (a schema of more than `u16::MAX` nodes keeps the first ones; the
    /// rest check nothing).
    pub fn of(schema: &Value) -> Reduced {
        let mut reducer = Reducer {
            root: schema,
            ids: HashMap::new(),
            out: Reduced::default(),
        };
        if let Some(s) = reducer.resolve(schema) {
            reducer.node(s);
        }
        reducer.out.pruned()
    }

    /// The same nodes without those that can never refuse anything (no array refused
    /// there or anywhere below), renumbered; the root stays node 0.
    fn pruned(self) -> Reduced {
        let nodes = self.nodes;
        let children = |n: &NodeBuf| -> Vec<u16> {
            let mut all: Vec<u16> = n
                .fields
                .iter()
                .flat_map(|(_, l)| l.iter().copied())
                .collect();
            all.extend(&n.other_fields);
            for rule in &n.items {
                match rule {
                    ItemsBuf::All(c) => all.push(*c),
                    ItemsBuf::Tuple(t) => all.extend(t),
                }
            }
            all
        };
        let mut live: Vec<bool> = nodes.iter().map(|n| n.object_only).collect();
        loop {
            let mut changed = false;
            for (i, n) in nodes.iter().enumerate() {
                if !live[i] && children(n).iter().any(|&c| live[usize::from(c)]) {
                    live[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if nodes.is_empty() {
            return Reduced { nodes };
        }
        // New numbers: the root first, then the live nodes in order; a dead tuple item
        // points at one node that checks nothing, placed last.
        let kept: Vec<usize> = std::iter::once(0)
            .chain((1..nodes.len()).filter(|&i| live[i]))
            .collect();
        let mut number = vec![None; nodes.len()];
        for (new, &old) in kept.iter().enumerate() {
            number[old] = Some(new as u16);
        }
        let inert = kept.len() as u16;
        let mut needs_inert = false;
        let keep = |list: &[u16]| -> Vec<u16> {
            list.iter()
                .filter_map(|&c| number[usize::from(c)])
                .collect()
        };
        let mut out: Vec<NodeBuf> = Vec::with_capacity(kept.len() + 1);
        for &old in &kept {
            let n = &nodes[old];
            let other_fields = keep(&n.other_fields);
            let fields = n
                .fields
                .iter()
                .map(|(k, l)| (k.clone(), keep(l)))
                // A named field checking nothing may go when the others check nothing.
                .filter(|(_, l)| !(l.is_empty() && other_fields.is_empty()))
                .collect();
            let mut items = Vec::new();
            for rule in &n.items {
                match rule {
                    ItemsBuf::All(c) => items.extend(number[usize::from(*c)].map(ItemsBuf::All)),
                    ItemsBuf::Tuple(t) if t.iter().any(|&c| live[usize::from(c)]) => {
                        needs_inert |= t.iter().any(|&c| !live[usize::from(c)]);
                        let tuple = t
                            .iter()
                            .map(|&c| number[usize::from(c)].filter(|_| live[usize::from(c)]))
                            .map(|c| c.unwrap_or(inert))
                            .collect();
                        items.push(ItemsBuf::Tuple(tuple));
                    }
                    ItemsBuf::Tuple(_) => {}
                }
            }
            out.push(NodeBuf {
                object_only: n.object_only,
                fields,
                other_fields,
                items,
            });
        }
        if needs_inert {
            out.push(NodeBuf::default());
        }
        Reduced { nodes: out }
    }

    /// The nodes as Rust source for a `static` (how `board/shape_table.rs` is written).
    #[cfg(test)]
    pub fn rust_source(&self) -> String {
        let list = |l: &[u16]| {
            let items: Vec<String> = l.iter().map(u16::to_string).collect();
            format!("&[{}]", items.join(", "))
        };
        let mut out = String::new();
        for (i, n) in self.nodes.iter().enumerate() {
            let fields: Vec<String> = n
                .fields
                .iter()
                .map(|(k, v)| format!("({k:?}, {})", list(v)))
                .collect();
            let items: Vec<String> = n
                .items
                .iter()
                .map(|r| match r {
                    ItemsBuf::All(s) => format!("Items::All({s})"),
                    ItemsBuf::Tuple(t) => format!("Items::Tuple({})", list(t)),
                })
                .collect();
            out.push_str(&format!(
                "    // {i}\n    Node {{ object_only: {}, fields: &[{}], other_fields: {}, items: &[{}] }},\n",
                n.object_only,
                fields.join(", "),
                list(&n.other_fields),
                items.join(", "),
            ));
        }
        out
    }
}

struct Reducer<'s> {
    root: &'s Value,
    /// Node numbers of the (resolved) schemas already reduced, by address.
    ids: HashMap<*const Value, u16>,
    out: Reduced,
}

impl<'s> Reducer<'s> {
    /// The node of a resolved schema, reduced on first sight.
    fn node(&mut self, schema: &'s Value) -> Option<u16> {
        if let Some(&id) = self.ids.get(&(schema as *const Value)) {
            return Some(id);
        }
        let id = u16::try_from(self.out.nodes.len()).ok()?;
        self.ids.insert(schema, id);
        self.out.nodes.push(NodeBuf::default());
        let alternatives = self.alternatives(schema, 0);
        let object_only = allows(&alternatives, "object") && !allows(&alternatives, "array");
        let mut names: Vec<&str> = alternatives
            .iter()
            .filter_map(|s| s.get("properties").and_then(Value::as_object))
            .flat_map(|p| p.keys().map(String::as_str))
            .collect();
        names.sort_unstable();
        names.dedup();
        let additional = |s: &'s Value| s.get("additionalProperties").filter(|a| a.is_object());
        let mut fields = Vec::with_capacity(names.len());
        for name in names {
            let schemas: Vec<&Value> = alternatives
                .iter()
                .filter_map(|s| {
                    s.get("properties")
                        .and_then(|p| p.get(name))
                        .or_else(|| additional(s))
                })
                .collect();
            fields.push((name.to_string(), self.nodes(schemas)));
        }
        let others: Vec<&Value> = alternatives.iter().filter_map(|s| additional(s)).collect();
        let other_fields = self.nodes(others);
        let mut items = Vec::new();
        for s in &alternatives {
            match s.get("items") {
                Some(Value::Array(tuple)) => items.push(ItemsBuf::Tuple(self.tuple(tuple))),
                Some(one) => items.extend(self.nodes(vec![one]).into_iter().map(ItemsBuf::All)),
                None => {
                    if let Some(tuple) = s.get("prefixItems").and_then(Value::as_array) {
                        items.push(ItemsBuf::Tuple(self.tuple(tuple)));
                    }
                }
            }
        }
        self.out.nodes[usize::from(id)] = NodeBuf {
            object_only,
            fields,
            other_fields,
            items,
        };
        Some(id)
    }

    /// The nodes of some (unresolved) schemas; one whose `$ref` leads nowhere checks
    /// nothing and is left out.
    fn nodes(&mut self, schemas: Vec<&'s Value>) -> Vec<u16> {
        let resolved: Vec<&Value> = schemas
            .into_iter()
            .filter_map(|s| self.resolve(s))
            .collect();
        resolved.into_iter().filter_map(|s| self.node(s)).collect()
    }

    /// A tuple's nodes by position. An item whose `$ref` leads nowhere checks nothing: it
    /// gets a node that allows everything, so the positions after it stay in place.
    fn tuple(&mut self, tuple: &'s [Value]) -> Vec<u16> {
        const ANYTHING: &Value = &Value::Bool(true);
        let resolved: Vec<&Value> = tuple
            .iter()
            .map(|s| self.resolve(s).unwrap_or(ANYTHING))
            .collect();
        resolved.into_iter().filter_map(|s| self.node(s)).collect()
    }

    /// Follows `$ref`s to the schema itself.
    fn resolve(&self, mut schema: &'s Value) -> Option<&'s Value> {
        for _ in 0..MAX_DEPTH {
            match schema.get("$ref").and_then(Value::as_str) {
                Some(r) => schema = self.root.pointer(r.strip_prefix('#')?)?,
                None => return Some(schema),
            }
        }
        None
    }

    /// The schema and its alternatives (`anyOf`, `oneOf`, `allOf`), resolved.
    fn alternatives(&self, schema: &'s Value, depth: usize) -> Vec<&'s Value> {
        let mut all = vec![schema];
        if depth >= MAX_DEPTH {
            return all;
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(list) = schema.get(key).and_then(Value::as_array) {
                for s in list {
                    if let Some(s) = self.resolve(s) {
                        all.extend(self.alternatives(s, depth + 1));
                    }
                }
            }
        }
        all
    }
}

/// Whether any alternative may be of JSON type `kind` (a schema without `type` says
/// nothing and allows everything).
fn allows(alternatives: &[&Value], kind: &str) -> bool {
    let mut types = alternatives.iter().filter_map(|s| s.get("type")).peekable();
    types.peek().is_none()
        || types.any(|t| match t {
            Value::String(s) => s == kind,
            Value::Array(list) => list.iter().any(|s| s == kind),
            _ => true,
        })
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
                "map": { "type": "object", "additionalProperties": { "$ref": "#/definitions/Rng" } },
                "named": { "type": "object", "properties": { "a": { "type": "array" } },
                           "additionalProperties": { "$ref": "#/definitions/Rng" } },
                "tup": { "type": "array", "items": [{ "$ref": "#/nowhere" }, { "$ref": "#/definitions/Rng" }] },
                "either": { "anyOf": [
                    { "type": "object", "properties": { "a": { "type": "array" } } },
                    { "type": "object", "additionalProperties": { "$ref": "#/definitions/Rng" } }
                ] }
            },
            "definitions": { "Rng": { "type": "object", "properties": { "seed": { "type": "integer" } } } }
        })
    }

    fn path_of(text: &str) -> Option<String> {
        let Ok(value) = serde_json::from_str(text) else {
            return None;
        };
        Reduced::of(&schema())
            .with_nodes(|nodes| check_objects("b.json", text, &value, nodes))
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
        // A tuple item whose `$ref` leads nowhere checks nothing; the next is in place.
        assert_eq!(path_of(r#"{"tup": [[1], [2]]}"#).as_deref(), Some("tup[1]"));
        // A field named with nothing to check is not checked as the unnamed ones are.
        assert_eq!(path_of(r#"{"named": {"a": [1]}}"#), None);
        assert_eq!(
            path_of(r#"{"named": {"b": [1]}}"#).as_deref(),
            Some("named.b")
        );
        // Every alternative is followed: the first lets `a` be an array, but the second
        // wants an object for any field.
        assert_eq!(
            path_of(r#"{"either": {"a": [1]}}"#).as_deref(),
            Some("either.a")
        );
        assert_eq!(
            path_of(r#"{"either": {"b": [1]}}"#).as_deref(),
            Some("either.b")
        );
        assert_eq!(
            path_of(r#"{"rng": null, "pair": ["a", "b"], "list": []}"#),
            None
        );
        assert_eq!(path_of("not json"), None);
    }
}

//! JSON objects with a key written twice (`"hp": 24, "hp": 1`) are refused, as TOML refuses
//! them: serde_json would keep the last one silently, and other readers keep the first.
//! [`Unique`] reads a document into a `serde_json::Value` in one pass, stopping at the first
//! key an object already holds.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A JSON value whose objects hold each key once.
pub(crate) struct Unique(pub Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!("field `{key}` is given twice")));
            }
            let Unique(v) = map.next_value()?;
            object.insert(key, v);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Value, serde_json::Error> {
        serde_json::from_str::<Unique>(text).map(|u| u.0)
    }

    #[test]
    fn each_key_of_an_object_is_written_once() {
        let e = parse("{\"a\": {\"hp\": 24,\n \"hp\": 1}}").unwrap_err();
        assert!(e.is_data());
        // Placed on the second key's closing quote.
        assert_eq!(
            e.to_string(),
            "field `hp` is given twice at line 2 column 5"
        );
        assert_eq!(
            parse("[{\"hp\": 1}, {\"hp\": 2}]").unwrap(),
            serde_json::json!([{"hp": 1}, {"hp": 2}])
        );
        assert!(parse("{\"a\": 1,}").unwrap_err().is_syntax());
    }
}

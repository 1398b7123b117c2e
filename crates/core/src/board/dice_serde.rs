//! Serde support for dice written as text (`"1d6+2"`) in board files.

use crate::chance::dice::Dice;
use serde::{Deserialize, Deserializer, Serializer};

pub(super) mod option {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(dice: &Option<Dice>, s: S) -> Result<S::Ok, S::Error> {
        match dice {
            Some(d) => s.collect_str(d),
            None => s.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Dice>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| {
            Dice::parse(&t).map_err(|e| {
                serde::de::Error::custom(format!("bad dice `{t}`: {e} (write dice like `1d6+2`)"))
            })
        })
        .transpose()
    }
}

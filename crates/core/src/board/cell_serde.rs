//! Serde support for cells written by name (`"C4"`) in board files.

use crate::grid::Cell;
use serde::{Deserialize, Deserializer, Serializer};

/// Writes a cell as its name.
pub fn serialize<S: Serializer>(cell: &Cell, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&cell.name())
}

/// Reads a cell from its name.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
    let text = String::deserialize(d)?;
    Cell::parse(&text).map_err(serde::de::Error::custom)
}

/// The same for a list of cells.
pub mod list {
    use super::*;
    use serde::ser::SerializeSeq;

    /// Writes cells as a list of names.
    pub fn serialize<S: Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(cells.len()))?;
        for c in cells {
            seq.serialize_element(&c.name())?;
        }
        seq.end()
    }

    /// Reads cells from a list of names.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Cell>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| Cell::parse(n).map_err(serde::de::Error::custom))
            .collect()
    }
}

//! What an import could not carry over: one note per thing left out, saying where it was
//! in the source (file and place, such as a card and an action's position) and why.

use serde::Serialize;

/// One thing the source holds that our format cannot say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dropped {
    /// The source file (or the link) it was in.
    pub file: String,
    /// Where in it: a JSON path, a card and position, a hex.
    pub place: String,
    /// What was left out and why.
    pub what: String,
}

impl Dropped {
    pub(crate) fn new(file: &str, place: impl Into<String>, what: impl Into<String>) -> Dropped {
        Dropped {
            file: file.to_string(),
            place: place.into(),
            what: what.into(),
        }
    }

    /// The note as one line of a warning: `file (place): what`.
    pub fn line(&self) -> String {
        format!("{} ({}): {}", self.file, self.place, self.what)
    }
}

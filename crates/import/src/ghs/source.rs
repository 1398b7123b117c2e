//! One GHS file as read: its name, its text (for located errors) and helpers that read
//! its numbers, refusing absurd ones at their place in the file.

use crate::Dropped;
use crate::io::diagnostic::Diagnostic;
use serde_json::Value;

/// Largest number accepted anywhere in GHS data.
pub(crate) const MAX_NUMBER: i64 = 1000;

pub(crate) struct Source {
    pub path: String,
    pub text: String,
}

impl Source {
    /// A problem at a JSON path of this file.
    pub(crate) fn error(&self, path: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at_json_path(&self.path, &self.text, path, message)
    }

    /// A note that something at `place` was left out.
    pub(crate) fn dropped(&self, place: impl Into<String>, what: impl Into<String>) -> Dropped {
        Dropped::new(&self.path, place, what)
    }

    /// A whole number from 0 to [`MAX_NUMBER`] (also written as a string of digits);
    /// `Ok(None)` for text that is not a number (a formula, a name).
    pub(crate) fn number(&self, value: &Value, path: &str) -> Result<Option<i64>, Diagnostic> {
        let n = match value {
            Value::Number(n) => n.as_i64().filter(|_| n.is_i64() || n.is_u64()),
            Value::String(s) => match s.trim().parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) => return Ok(None),
            },
            _ => return Ok(None),
        };
        match n {
            Some(n) if (0..=MAX_NUMBER).contains(&n) => Ok(Some(n)),
            _ => Err(self
                .error(path, format!("{value} is not a number this reader takes"))
                .with_hint(format!("numbers in GHS data run from 0 to {MAX_NUMBER}"))),
        }
    }
}

/// A value as it reads in a note: a string without quotes, anything else as JSON.
pub(crate) fn shown(value: Option<&Value>) -> String {
    match value {
        None => String::new(),
        Some(Value::String(s)) => format!(" {s}"),
        Some(v) => format!(" {v}"),
    }
}

//! The special-condition language of schemes: small boolean/integer expressions such as
//! `self.hp <= 10` or `self.below_half or allies.below_half >= 1`, parsed with byte
//! spans, checked against a vocabulary of known names when a scheme loads, and evaluated
//! against the board when a monster acts.

use std::ops::Range;

/// The type of a value in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    Number,
    Flag,
}

/// A name a controller offers to conditions.
#[derive(Clone, Copy, Debug)]
pub struct Variable {
    pub name: &'static str,
    pub ty: ValueType,
    pub help: &'static str,
}

/// An error with the byte range of the offending text inside the condition string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ConditionError {
    pub span: Range<usize>,
    pub message: String,
    pub hint: Option<String>,
}

/// Values of the variables at evaluation time.
pub trait Env {
    fn number(&self, name: &str) -> i64;
    fn flag(&self, name: &str) -> bool;
}

/// A parsed, type-checked condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    // implementation-defined
}

impl Condition {
    /// Parses `text` and checks every name and type against `vocabulary`; the whole
    /// expression must be a flag. Unknown names get a "did you mean" hint.
    pub fn parse(text: &str, vocabulary: &[Variable]) -> Result<Condition, ConditionError> {
        todo!()
    }

    pub fn eval(&self, env: &dyn Env) -> bool {
        todo!()
    }

    /// The expression with each variable's current value, for `--explain`, e.g.
    /// `self.hp (12) <= 10`.
    pub fn explain(&self, env: &dyn Env) -> String {
        todo!()
    }

    /// The source text.
    pub fn source(&self) -> &str {
        todo!()
    }
}

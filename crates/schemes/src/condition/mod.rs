//! The special-condition language of schemes: small boolean/integer expressions such as
//! `self.hp <= 10` or `self.below_half or allies.below_half >= 1`, parsed with byte
//! spans, checked against a vocabulary of known names when a scheme loads, and evaluated
//! against the board when a monster acts.
//!
//! Grammar (precedence is listed in `parser.rs`):
//!
//! ```text
//! condition := expr                        (must be a flag)
//! expr      := expr ("or" | "||") expr
//!            | expr ("and" | "&&") expr
//!            | ("not" | "!") expr
//!            | expr ("<" | "<=" | ">" | ">=" | "==" | "!=") expr   (no chaining)
//!            | expr ("+" | "-" | "*") expr
//!            | "-" expr
//!            | "(" expr ")" | INTEGER | "true" | "false" | NAME
//! NAME      := [A-Za-z_][A-Za-z0-9_]* ("." [A-Za-z_][A-Za-z0-9_]*)*
//! ```
//!
//! Comparisons and arithmetic take numbers; `and`, `or`, `not` take flags. Arithmetic
//! saturates at the `i64` limits instead of overflowing. Conditions are limited to
//! 4096 bytes and 64 levels of nesting (parentheses and prefix operators).
//!
//! Split into `lexer` (text to tokens), `parser` (tokens to a checked tree, defined in
//! `ast`) and `eval` (evaluation and the `explain` format).

mod ast;
mod eval;
mod lexer;
mod parser;
#[cfg(test)]
mod tests;

use std::ops::Range;

/// The type of a value in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueType {
    /// An integer.
    Number,
    /// True or false.
    Flag,
}

/// A name a system offers to conditions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Variable {
    /// The name conditions use (`self.hp`).
    pub name: &'static str,
    /// Number or flag.
    pub ty: ValueType,
    /// What it means, for help and hints.
    pub help: &'static str,
}

/// An error with the byte range of the offending text inside the condition string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub(crate) struct ConditionError {
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// What to write instead, when there is a suggestion.
    pub hint: Option<String>,
}

impl ConditionError {
    fn new(span: Range<usize>, message: impl Into<String>) -> ConditionError {
        ConditionError {
            span,
            message: message.into(),
            hint: None,
        }
    }

    fn with_hint(mut self, hint: impl Into<String>) -> ConditionError {
        self.hint = Some(hint.into());
        self
    }
}

/// Values of the variables at evaluation time.
pub(crate) trait Env {
    /// The value of a number variable.
    fn number(&self, name: &str) -> i64;
    /// The value of a flag variable.
    fn flag(&self, name: &str) -> bool;
}

/// A parsed, type-checked condition.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Condition {
    source: String,
    root: ast::FlagExpr,
}

impl Condition {
    /// Parses `text` and checks every name and type against `vocabulary`; the whole
    /// expression must be a flag. Unknown names get a "did you mean" hint.
    ///
    /// Error spans are byte ranges into `text`; an error at the end of the text has the
    /// empty span `text.len()..text.len()`.
    pub(crate) fn parse(text: &str, vocabulary: &[Variable]) -> Result<Condition, ConditionError> {
        let root = parser::parse(text, vocabulary)?;
        Ok(Condition {
            source: text.to_string(),
            root,
        })
    }

    /// Evaluates the condition; `and` and `or` short-circuit, so the [`Env`] is only asked
    /// for the variables that decide the result.
    pub(crate) fn eval(&self, env: &dyn Env) -> bool {
        eval::flag(&self.root, env)
    }

    /// The expression with each variable's current value, for `--explain`, e.g.
    /// `self.hp (12) <= 10`.
    ///
    /// The format is a normalised re-print of the expression in which every variable is
    /// followed by its current value in parentheses:
    ///
    /// - one space on each side of binary operators; unary minus attached (`-gold (3)`);
    /// - `&&`, `||`, `!` are printed as `and`, `or`, `not `;
    /// - parentheses appear exactly where the source had them, and no others;
    /// - only variables are annotated; the overall result is left to the caller.
    ///
    /// For example `(self.below_half||allies.below_half>=1) && gold>3` explains as
    /// `(self.below_half (false) or allies.below_half (2) >= 1) and gold (0) > 3`.
    /// The output depends only on the expression and the values, so it is stable.
    pub(crate) fn explain(&self, env: &dyn Env) -> String {
        eval::explain(&self.root, env)
    }

    /// The source text.
    pub(crate) fn source(&self) -> &str {
        &self.source
    }
}

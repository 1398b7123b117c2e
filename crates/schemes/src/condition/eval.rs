//! Evaluation of a checked tree against an [`Env`], and the `explain` rendering.
//!
//! # The explain format
//!
//! `explain` prints the condition back from its tree, in a normalised spelling, with the
//! current value of every variable written in parentheses right after its name:
//!
//! - binary operators have one space on each side: `self.hp (12) <= 10`;
//! - `&&`, `||` and `!` are printed as `and`, `or` and `not ` (with a trailing space);
//! - unary minus is attached to its operand: `-self.hp (3)`;
//! - parentheses appear exactly where the source had them, with nothing inside them
//!   padded: `(self.below_half (false) or allies.below_half (2) >= 1)`. No others are
//!   added: the tree already follows operator precedence, so the printed text parses
//!   back to the same structure (once the `(value)` annotations are removed);
//! - number literals are printed in plain decimal, flags as `true` / `false`.
//!
//! Only variables are annotated; the overall result is left to the caller. The output
//! depends only on the tree and the variable values, so it is stable for golden tests.

use std::fmt::Write as _;

use super::Env;
use super::ast::{FlagExpr, LogicOp, NumExpr};

pub(super) fn number(expr: &NumExpr, env: &dyn Env) -> i64 {
    match expr {
        NumExpr::Lit(n) => *n,
        NumExpr::Var(name) => env.number(name),
        NumExpr::Neg(inner) => number(inner, env).saturating_neg(),
        NumExpr::Arith(op, a, b) => op.apply(number(a, env), number(b, env)),
        NumExpr::Paren(inner) => number(inner, env),
    }
}

pub(super) fn flag(expr: &FlagExpr, env: &dyn Env) -> bool {
    match expr {
        FlagExpr::Lit(b) => *b,
        FlagExpr::Var(name) => env.flag(name),
        FlagExpr::Not(inner) => !flag(inner, env),
        // Short-circuits, like every boolean language users know.
        FlagExpr::Logic(LogicOp::And, a, b) => flag(a, env) && flag(b, env),
        FlagExpr::Logic(LogicOp::Or, a, b) => flag(a, env) || flag(b, env),
        FlagExpr::Compare(op, a, b) => op.apply(number(a, env), number(b, env)),
        FlagExpr::Paren(inner) => flag(inner, env),
    }
}

/// Renders `expr` in the explain format (see the module docs).
pub(super) fn explain(expr: &FlagExpr, env: &dyn Env) -> String {
    let mut out = String::new();
    write_flag(&mut out, expr, env);
    out
}

// Writing into a String cannot fail, hence the ignored `write!` results below.

fn write_num(out: &mut String, expr: &NumExpr, env: &dyn Env) {
    match expr {
        NumExpr::Lit(n) => {
            let _ = write!(out, "{n}");
        }
        NumExpr::Var(name) => {
            let _ = write!(out, "{name} ({})", env.number(name));
        }
        NumExpr::Neg(inner) => {
            out.push('-');
            write_num(out, inner, env);
        }
        NumExpr::Arith(op, a, b) => {
            write_num(out, a, env);
            let _ = write!(out, " {} ", op.symbol());
            write_num(out, b, env);
        }
        NumExpr::Paren(inner) => {
            out.push('(');
            write_num(out, inner, env);
            out.push(')');
        }
    }
}

fn write_flag(out: &mut String, expr: &FlagExpr, env: &dyn Env) {
    match expr {
        FlagExpr::Lit(b) => {
            let _ = write!(out, "{b}");
        }
        FlagExpr::Var(name) => {
            let _ = write!(out, "{name} ({})", env.flag(name));
        }
        FlagExpr::Not(inner) => {
            out.push_str("not ");
            write_flag(out, inner, env);
        }
        FlagExpr::Logic(op, a, b) => {
            write_flag(out, a, env);
            let _ = write!(out, " {} ", op.symbol());
            write_flag(out, b, env);
        }
        FlagExpr::Compare(op, a, b) => {
            write_num(out, a, env);
            let _ = write!(out, " {} ", op.symbol());
            write_num(out, b, env);
        }
        FlagExpr::Paren(inner) => {
            out.push('(');
            write_flag(out, inner, env);
            out.push(')');
        }
    }
}

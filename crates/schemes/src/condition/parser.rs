//! A Pratt parser over the lexer's tokens that type-checks as it goes: every node comes
//! out either as a number or as a flag, and each operator checks its operands the moment
//! it is built, so errors point at the operand that has the wrong type.
//!
//! Precedence, loosest first (binding powers in brackets):
//!
//! | operators                      | kind                       |
//! |--------------------------------|----------------------------|
//! | `or`, `\|\|`                   | left-associative  (1, 2)   |
//! | `and`, `&&`                    | left-associative  (3, 4)   |
//! | `not`, `!`                     | prefix            (5)      |
//! | `<` `<=` `>` `>=` `==` `!=`    | non-associative   (7, 8)   |
//! | `+`, `-`                       | left-associative  (9, 10)  |
//! | `*`                            | left-associative  (11, 12) |
//! | unary `-`                      | prefix            (13)     |
//!
//! `not` binds looser than comparisons, so `not self.hp <= 10` means
//! `not (self.hp <= 10)`; `!` is the same operator spelled differently.

use std::ops::Range;

use super::ast::{ArithOp, CmpOp, FlagExpr, LogicOp, NumExpr};
use super::lexer::{Tok, Token, describe, tokenize};
use super::{ConditionError, ValueType, Variable};

/// Longest accepted condition, in bytes.
pub(super) const MAX_LEN: usize = 4096;
/// Deepest accepted nesting of parentheses and prefix operators. Together with the
/// length limit this bounds the recursion of the parser and of evaluation.
pub(super) const MAX_DEPTH: usize = 64;

const NOT_BP: u8 = 5;
const NEG_BP: u8 = 13;

/// A subexpression with its type and where it came from.
struct Operand {
    expr: Typed,
    span: Range<usize>,
}

enum Typed {
    Num(NumExpr),
    Flag(FlagExpr),
}

#[derive(Clone, Copy)]
enum Infix {
    Logic(LogicOp),
    Cmp(CmpOp),
    Arith(ArithOp),
}

/// The infix operator a token stands for, with its left and right binding powers.
fn infix(tok: Tok<'_>) -> Option<(Infix, u8, u8)> {
    Some(match tok {
        Tok::Or => (Infix::Logic(LogicOp::Or), 1, 2),
        Tok::And => (Infix::Logic(LogicOp::And), 3, 4),
        Tok::Lt => (Infix::Cmp(CmpOp::Lt), 7, 8),
        Tok::Le => (Infix::Cmp(CmpOp::Le), 7, 8),
        Tok::Gt => (Infix::Cmp(CmpOp::Gt), 7, 8),
        Tok::Ge => (Infix::Cmp(CmpOp::Ge), 7, 8),
        Tok::EqEq => (Infix::Cmp(CmpOp::Eq), 7, 8),
        Tok::Ne => (Infix::Cmp(CmpOp::Ne), 7, 8),
        Tok::Plus => (Infix::Arith(ArithOp::Add), 9, 10),
        Tok::Minus => (Infix::Arith(ArithOp::Sub), 9, 10),
        Tok::Star => (Infix::Arith(ArithOp::Mul), 11, 12),
        _ => return None,
    })
}

/// Parses and checks a whole condition; the result must be a flag.
pub(super) fn parse(text: &str, vocabulary: &[Variable]) -> Result<FlagExpr, ConditionError> {
    if text.len() > MAX_LEN {
        return Err(ConditionError::new(
            0..text.len(),
            format!(
                "the condition is too long ({} bytes; the limit is {MAX_LEN})",
                text.len()
            ),
        ));
    }
    let tokens = tokenize(text)?;
    if tokens[0].tok == Tok::End {
        return Err(
            ConditionError::new(text.len()..text.len(), "the condition is empty")
                .with_hint("write an expression such as `self.hp <= 10`"),
        );
    }
    let mut parser = Parser {
        text,
        tokens,
        pos: 0,
        vocabulary,
        depth: 0,
    };
    let whole = parser.expression(0)?;
    let next = parser.peek();
    if next.tok != Tok::End {
        let hint = match next.tok {
            Tok::RParen => "this `)` has no matching `(`".to_string(),
            Tok::Name(name) if is_keyword(name) => keyword_hint(name),
            _ => "join two conditions with `and` or `or`".to_string(),
        };
        return Err(ConditionError::new(
            next.span.clone(),
            format!(
                "unexpected {} after a complete expression",
                describe(text, &next)
            ),
        )
        .with_hint(hint));
    }
    match whole.expr {
        Typed::Flag(expr) => Ok(expr),
        Typed::Num(_) => {
            let example = match parser.short_source(&whole.span) {
                Some(src) => format!("{src} >= 1"),
                None => "self.hp <= 10".to_string(),
            };
            Err(ConditionError::new(
                whole.span,
                format!("this condition is a number; compare it with something, e.g. `{example}`"),
            ))
        }
    }
}

struct Parser<'s, 'v> {
    text: &'s str,
    tokens: Vec<Token<'s>>,
    pos: usize,
    vocabulary: &'v [Variable],
    depth: usize,
}

impl<'s> Parser<'s, '_> {
    /// The next token (a copy; tokens are small).
    fn peek(&self) -> Token<'s> {
        // The End token is never consumed, so `pos` stays in bounds.
        self.tokens[self.pos].clone()
    }

    fn advance(&mut self) -> Token<'s> {
        let token = self.tokens[self.pos].clone();
        if token.tok != Tok::End {
            self.pos += 1;
        }
        token
    }

    /// The source of `span` when it is short enough to quote in a message.
    fn short_source(&self, span: &Range<usize>) -> Option<&str> {
        let src = self.text[span.clone()].trim();
        (src.len() <= 40 && !src.contains('\n')).then_some(src)
    }

    /// An operand as quoted in a type error: its text, or a description when long.
    fn quote(&self, span: &Range<usize>) -> String {
        match self.short_source(span) {
            Some(src) => format!("`{src}`"),
            None => "this expression".to_string(),
        }
    }

    /// The Pratt loop: a prefix expression, then infix operators binding at least
    /// `min_bp`.
    fn expression(&mut self, min_bp: u8) -> Result<Operand, ConditionError> {
        let mut lhs = self.prefix()?;
        let mut compared = false;
        loop {
            let op_token = self.peek();
            let Some((op, left_bp, right_bp)) = infix(op_token.tok) else {
                break;
            };
            if left_bp < min_bp {
                break;
            }
            if matches!(op, Infix::Cmp(_)) {
                if compared {
                    return Err(ConditionError::new(
                        op_token.span,
                        "comparisons cannot be chained",
                    )
                    .with_hint("join two comparisons with `and`, e.g. `1 <= x and x <= 5`"));
                }
                compared = true;
            }
            self.advance();
            let rhs = self.expression(right_bp)?;
            lhs = self.combine(op, &op_token.span, lhs, rhs)?;
        }
        Ok(lhs)
    }

    /// Counts one more level of nesting, refusing to go past [`MAX_DEPTH`].
    fn enter(&mut self, span: &Range<usize>) -> Result<(), ConditionError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ConditionError::new(
                span.clone(),
                format!("the condition is nested too deeply (more than {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    fn prefix(&mut self) -> Result<Operand, ConditionError> {
        let token = self.advance();
        let span = token.span.clone();
        let expr = match token.tok {
            Tok::Int(n) => Typed::Num(NumExpr::Lit(n)),
            Tok::True => Typed::Flag(FlagExpr::Lit(true)),
            Tok::False => Typed::Flag(FlagExpr::Lit(false)),
            Tok::Name(name) => self.variable(name, &span)?,
            Tok::LParen => {
                self.enter(&span)?;
                let inner = self.expression(0)?;
                let close = self.advance();
                if close.tok != Tok::RParen {
                    return Err(ConditionError::new(
                        close.span.clone(),
                        format!("expected `)`, found {}", describe(self.text, &close)),
                    )
                    .with_hint(format!("the `(` at offset {} is still open", span.start)));
                }
                self.depth -= 1;
                let span = span.start..close.span.end;
                let expr = match inner.expr {
                    Typed::Num(e) => Typed::Num(NumExpr::Paren(Box::new(e))),
                    Typed::Flag(e) => Typed::Flag(FlagExpr::Paren(Box::new(e))),
                };
                return Ok(Operand { expr, span });
            }
            Tok::Not => {
                self.enter(&span)?;
                let operand = self.expression(NOT_BP)?;
                self.depth -= 1;
                let op = &self.text[span.clone()];
                let inner = self.want_flag(operand.expr, &operand.span, op)?;
                return Ok(Operand {
                    expr: Typed::Flag(FlagExpr::Not(Box::new(inner))),
                    span: span.start..operand.span.end,
                });
            }
            Tok::Minus => {
                self.enter(&span)?;
                let operand = self.expression(NEG_BP)?;
                self.depth -= 1;
                let inner = self.want_number(operand.expr, &operand.span, "-")?;
                return Ok(Operand {
                    expr: Typed::Num(NumExpr::Neg(Box::new(inner))),
                    span: span.start..operand.span.end,
                });
            }
            Tok::End => {
                return Err(ConditionError::new(
                    span,
                    "expected a value, but the condition ends here",
                ));
            }
            _ => {
                return Err(ConditionError::new(
                    span,
                    format!(
                        "expected a value, a name, `not` or `(`, found {}",
                        describe(self.text, &token)
                    ),
                ));
            }
        };
        Ok(Operand { expr, span })
    }

    fn variable(&self, name: &str, span: &Range<usize>) -> Result<Typed, ConditionError> {
        match self.vocabulary.iter().find(|v| v.name == name) {
            Some(var) => Ok(match var.ty {
                ValueType::Number => Typed::Num(NumExpr::Var(var.name)),
                ValueType::Flag => Typed::Flag(FlagExpr::Var(var.name)),
            }),
            None => {
                let error = ConditionError::new(span.clone(), format!("unknown name `{name}`"));
                Err(match suggest(name, self.vocabulary) {
                    Some(hint) => error.with_hint(hint),
                    None => error,
                })
            }
        }
    }

    fn combine(
        &self,
        op: Infix,
        op_span: &Range<usize>,
        lhs: Operand,
        rhs: Operand,
    ) -> Result<Operand, ConditionError> {
        let symbol = &self.text[op_span.clone()];
        let span = lhs.span.start..rhs.span.end;
        let expr = match op {
            Infix::Logic(logic) => {
                let a = self.want_flag(lhs.expr, &lhs.span, symbol)?;
                let b = self.want_flag(rhs.expr, &rhs.span, symbol)?;
                Typed::Flag(FlagExpr::Logic(logic, Box::new(a), Box::new(b)))
            }
            Infix::Cmp(cmp) => {
                let a = self.want_number(lhs.expr, &lhs.span, symbol)?;
                let b = self.want_number(rhs.expr, &rhs.span, symbol)?;
                Typed::Flag(FlagExpr::Compare(cmp, Box::new(a), Box::new(b)))
            }
            Infix::Arith(arith) => {
                let a = self.want_number(lhs.expr, &lhs.span, symbol)?;
                let b = self.want_number(rhs.expr, &rhs.span, symbol)?;
                Typed::Num(NumExpr::Arith(arith, Box::new(a), Box::new(b)))
            }
        };
        Ok(Operand { expr, span })
    }

    /// The operand of `op` as a flag, or an error explaining that it is a number.
    fn want_flag(
        &self,
        expr: Typed,
        span: &Range<usize>,
        op: &str,
    ) -> Result<FlagExpr, ConditionError> {
        match expr {
            Typed::Flag(e) => Ok(e),
            Typed::Num(_) => {
                let hint = match self.short_source(span) {
                    Some(src) => format!("compare it with something, e.g. `{src} >= 1`"),
                    None => "compare it with something, e.g. `self.hp <= 10`".to_string(),
                };
                Err(ConditionError::new(
                    span.clone(),
                    format!(
                        "`{op}` needs flags (true or false), but {} is a number",
                        self.quote(span)
                    ),
                )
                .with_hint(hint))
            }
        }
    }

    /// The operand of `op` as a number, or an error explaining that it is a flag.
    fn want_number(
        &self,
        expr: Typed,
        span: &Range<usize>,
        op: &str,
    ) -> Result<NumExpr, ConditionError> {
        match expr {
            Typed::Num(e) => Ok(e),
            Typed::Flag(_) => {
                let hint = match self.short_source(span) {
                    Some(src) => {
                        format!("a flag is a condition by itself: use `{src}` or `not {src}`")
                    }
                    None => "a flag is a condition by itself: use it with `and`, `or`, `not`"
                        .to_string(),
                };
                Err(ConditionError::new(
                    span.clone(),
                    format!(
                        "`{op}` needs numbers, but {} is a flag (true or false)",
                        self.quote(span)
                    ),
                )
                .with_hint(hint))
            }
        }
    }
}

/// A "did you mean" hint for an unknown name: a keyword typed in the wrong case, a known
/// name that ends with it (`hp` for `self.hp`), or the closest known name by edit
/// distance. Ties go to the earlier name in the vocabulary, so hints are deterministic.
fn suggest(name: &str, vocabulary: &[Variable]) -> Option<String> {
    if is_keyword(name) {
        return Some(keyword_hint(name));
    }
    let lower = name.to_ascii_lowercase();
    let suffix = format!(".{name}");
    if let Some(var) = vocabulary.iter().find(|v| v.name.ends_with(&suffix)) {
        return Some(format!("did you mean `{}`?", var.name));
    }
    let limit = (name.chars().count() / 3).max(1);
    vocabulary
        .iter()
        .map(|v| {
            let distance = strsim::damerau_levenshtein(&lower, &v.name.to_ascii_lowercase());
            (distance, v.name)
        })
        .filter(|&(distance, _)| distance <= limit)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, best)| format!("did you mean `{best}`?"))
}

/// A keyword written with some upper-case letters (`AND`, `Not`).
fn is_keyword(name: &str) -> bool {
    ["and", "or", "not", "true", "false"].contains(&name.to_ascii_lowercase().as_str())
}

fn keyword_hint(name: &str) -> String {
    format!("keywords are lower case: `{}`", name.to_ascii_lowercase())
}

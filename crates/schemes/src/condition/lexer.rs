//! The lexer of the condition language: turns the text into [`Token`]s, each with the
//! byte span it came from. It knows nothing about names or types; it only rejects text
//! that cannot be a token at all (stray characters, `=` instead of `==`, numbers that do
//! not fit an `i64`, ...).

use std::ops::Range;

use super::ConditionError;

/// What a token is. Names borrow from the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok<'s> {
    Int(i64),
    /// A possibly dotted name such as `self.hp`.
    Name(&'s str),
    True,
    False,
    And,
    Or,
    Not,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    Ne,
    Plus,
    Minus,
    Star,
    LParen,
    RParen,
    /// Always the last token; its span is empty and sits at the end of the text.
    End,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token<'s> {
    pub tok: Tok<'s>,
    pub span: Range<usize>,
}

/// How a token is named in error messages: its source text in backticks, or "the end
/// of the condition".
pub(super) fn describe(text: &str, token: &Token<'_>) -> String {
    match token.tok {
        Tok::End => "the end of the condition".to_string(),
        _ => format!("`{}`", &text[token.span.clone()]),
    }
}

fn starts_name(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn continues_name(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Splits `text` into tokens, ending with [`Tok::End`].
pub(super) fn tokenize(text: &str) -> Result<Vec<Token<'_>>, ConditionError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut pos = 0;
    // Byte at `i`, or 0 past the end (0 never matches anything below).
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);

    while pos < bytes.len() {
        let start = pos;
        let b = bytes[pos];
        if b.is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        let tok = if b.is_ascii_digit() {
            while at(pos).is_ascii_digit() {
                pos += 1;
            }
            if continues_name(at(pos)) || at(pos) == b'.' {
                // Something like `10hp` or `1.5`: report the whole word.
                while continues_name(at(pos)) || at(pos) == b'.' {
                    pos += 1;
                }
                return Err(ConditionError::new(
                    start..pos,
                    format!("`{}` is neither a number nor a name", &text[start..pos]),
                )
                .with_hint("numbers are whole numbers like `10`; names start with a letter, like `self.hp`"));
            }
            match text[start..pos].parse::<i64>() {
                Ok(value) => Tok::Int(value),
                Err(_) => {
                    return Err(ConditionError::new(
                        start..pos,
                        format!("the number is too large (the limit is {})", i64::MAX),
                    ));
                }
            }
        } else if starts_name(b) {
            loop {
                while continues_name(at(pos)) {
                    pos += 1;
                }
                if at(pos) != b'.' {
                    break;
                }
                if !starts_name(at(pos + 1)) {
                    return Err(ConditionError::new(
                        pos..pos + 1,
                        format!("expected a name after `{}.`", &text[start..pos]),
                    )
                    .with_hint("dotted names look like `self.hp` or `allies.below_half`"));
                }
                pos += 1;
            }
            match &text[start..pos] {
                "and" => Tok::And,
                "or" => Tok::Or,
                "not" => Tok::Not,
                "true" => Tok::True,
                "false" => Tok::False,
                name => Tok::Name(name),
            }
        } else {
            let next = at(pos + 1);
            let (tok, len) = match (b, next) {
                (b'(', _) => (Tok::LParen, 1),
                (b')', _) => (Tok::RParen, 1),
                (b'+', _) => (Tok::Plus, 1),
                (b'-', _) => (Tok::Minus, 1),
                (b'*', _) => (Tok::Star, 1),
                (b'<', b'=') => (Tok::Le, 2),
                (b'<', _) => (Tok::Lt, 1),
                (b'>', b'=') => (Tok::Ge, 2),
                (b'>', _) => (Tok::Gt, 1),
                (b'=', b'=') => (Tok::EqEq, 2),
                (b'!', b'=') => (Tok::Ne, 2),
                (b'!', _) => (Tok::Not, 1),
                (b'&', b'&') => (Tok::And, 2),
                (b'|', b'|') => (Tok::Or, 2),
                _ => return Err(bad_character(text, pos)),
            };
            pos += len;
            tok
        };
        tokens.push(Token {
            tok,
            span: start..pos,
        });
    }
    tokens.push(Token {
        tok: Tok::End,
        span: text.len()..text.len(),
    });
    Ok(tokens)
}

/// The error for a character no token starts with, with a hint for the likely intent.
fn bad_character(text: &str, pos: usize) -> ConditionError {
    let c = text[pos..].chars().next().unwrap_or('\u{fffd}');
    let span = pos..pos + c.len_utf8();
    let (message, hint) = match c {
        '=' => (
            "`=` is not an operator".to_string(),
            Some("use `==` to compare two numbers"),
        ),
        '&' => (
            "a single `&` is not an operator".to_string(),
            Some("use `and` (or `&&`)"),
        ),
        '|' => (
            "a single `|` is not an operator".to_string(),
            Some("use `or` (or `||`)"),
        ),
        '/' | '%' => (
            format!("`{c}` is not supported"),
            Some("arithmetic has only `+`, `-` and `*`"),
        ),
        _ => (format!("unexpected character `{c}`"), None),
    };
    let error = ConditionError::new(span, message);
    match hint {
        Some(hint) => error.with_hint(hint),
        None => error,
    }
}

//! The checked syntax tree. Numbers and flags live in two separate expression types, so a
//! tree that exists is already well typed: evaluation cannot meet a flag where it needs a
//! number. Parentheses written in the source are kept as nodes so that `explain` can
//! print them back.

/// `+`, `-`, `*` on numbers. All of them saturate instead of overflowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArithOp {
    Add,
    Sub,
    Mul,
}

/// The six comparisons between two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// `and` / `or` between two flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LogicOp {
    And,
    Or,
}

/// An expression whose value is a number (`i64`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum NumExpr {
    Lit(i64),
    /// A number variable from the vocabulary.
    Var(&'static str),
    Neg(Box<NumExpr>),
    Arith(ArithOp, Box<NumExpr>, Box<NumExpr>),
    Paren(Box<NumExpr>),
}

/// An expression whose value is a flag (`bool`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum FlagExpr {
    Lit(bool),
    /// A flag variable from the vocabulary.
    Var(&'static str),
    Not(Box<FlagExpr>),
    Logic(LogicOp, Box<FlagExpr>, Box<FlagExpr>),
    Compare(CmpOp, Box<NumExpr>, Box<NumExpr>),
    Paren(Box<FlagExpr>),
}

impl ArithOp {
    pub(super) fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
        }
    }

    pub(super) fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            ArithOp::Add => a.saturating_add(b),
            ArithOp::Sub => a.saturating_sub(b),
            ArithOp::Mul => a.saturating_mul(b),
        }
    }
}

impl CmpOp {
    pub(super) fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }

    pub(super) fn apply(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
        }
    }
}

impl LogicOp {
    /// Always the word form, whichever spelling (`and` or `&&`) the source used.
    pub(super) fn symbol(self) -> &'static str {
        match self {
            LogicOp::And => "and",
            LogicOp::Or => "or",
        }
    }
}

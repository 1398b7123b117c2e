//! Tests of the condition language: every error kind (span, message, hint), precedence,
//! evaluation and the explain format.

use proptest::prelude::*;

use super::ast::{FlagExpr, NumExpr};
use super::*;

const VOCAB: &[Variable] = &[
    Variable {
        name: "self.hp",
        ty: ValueType::Number,
        help: "current hit points",
    },
    Variable {
        name: "self.max_hp",
        ty: ValueType::Number,
        help: "maximum hit points",
    },
    Variable {
        name: "self.below_half",
        ty: ValueType::Flag,
        help: "at or below half HP",
    },
    Variable {
        name: "allies.below_half",
        ty: ValueType::Number,
        help: "allies below half HP",
    },
    Variable {
        name: "gold",
        ty: ValueType::Number,
        help: "gold carried",
    },
    Variable {
        name: "drawn_first",
        ty: ValueType::Flag,
        help: "turn card drawn first",
    },
    Variable {
        name: "boom",
        ty: ValueType::Flag,
        help: "panics when read",
    },
];

/// hp 12 of 30, not below half, two allies below half, no gold, drawn first.
struct Board {
    hp: i64,
}

impl Env for Board {
    fn number(&self, name: &str) -> i64 {
        match name {
            "self.hp" => self.hp,
            "self.max_hp" => 30,
            "allies.below_half" => 2,
            "gold" => 0,
            other => panic!("no number {other}"),
        }
    }
    fn flag(&self, name: &str) -> bool {
        match name {
            "self.below_half" => false,
            "drawn_first" => true,
            other => panic!("flag {other} should not be read"),
        }
    }
}

const BOARD: Board = Board { hp: 12 };

fn parse(text: &str) -> Condition {
    Condition::parse(text, VOCAB).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn eval(text: &str) -> bool {
    parse(text).eval(&BOARD)
}

fn explain(text: &str) -> String {
    parse(text).explain(&BOARD)
}

/// Parses expecting an error; returns (span, message, hint).
fn fail(text: &str) -> (std::ops::Range<usize>, String, Option<String>) {
    match Condition::parse(text, VOCAB) {
        Ok(c) => panic!("{text} parsed: {c:?}"),
        Err(e) => (e.span, e.message, e.hint),
    }
}

/// The tree fully parenthesised, to check structure independent of the source's parens.
fn shape(text: &str) -> String {
    fn num(e: &NumExpr) -> String {
        match e {
            NumExpr::Lit(n) => n.to_string(),
            NumExpr::Var(v) => v.to_string(),
            NumExpr::Neg(a) => format!("(neg {})", num(a)),
            NumExpr::Arith(op, a, b) => format!("({} {} {})", op.symbol(), num(a), num(b)),
            NumExpr::Paren(a) => num(a),
        }
    }
    fn flag(e: &FlagExpr) -> String {
        match e {
            FlagExpr::Lit(b) => b.to_string(),
            FlagExpr::Var(v) => v.to_string(),
            FlagExpr::Not(a) => format!("(not {})", flag(a)),
            FlagExpr::Logic(op, a, b) => format!("({} {} {})", op.symbol(), flag(a), flag(b)),
            FlagExpr::Compare(op, a, b) => format!("({} {} {})", op.symbol(), num(a), num(b)),
            FlagExpr::Paren(a) => flag(a),
        }
    }
    flag(&parse(text).root)
}

// ---- precedence -------------------------------------------------------------------

#[test]
fn and_binds_tighter_than_or() {
    assert_eq!(
        shape("true or false and drawn_first"),
        "(or true (and false drawn_first))"
    );
    assert_eq!(
        shape("true and false or drawn_first"),
        "(or (and true false) drawn_first)"
    );
    assert_eq!(shape("true || false && true"), "(or true (and false true))");
}

#[test]
fn logic_is_left_associative() {
    assert_eq!(
        shape("true or false or drawn_first"),
        "(or (or true false) drawn_first)"
    );
    assert_eq!(
        shape("true and false and true"),
        "(and (and true false) true)"
    );
}

#[test]
fn not_binds_looser_than_comparison_and_tighter_than_and() {
    assert_eq!(shape("not self.hp <= 10"), "(not (<= self.hp 10))");
    assert_eq!(shape("! self.hp <= 10"), "(not (<= self.hp 10))");
    assert_eq!(shape("not true and false"), "(and (not true) false)");
    assert_eq!(shape("not not true"), "(not (not true))");
    assert_eq!(
        shape("true and !drawn_first"),
        "(and true (not drawn_first))"
    );
}

#[test]
fn arithmetic_precedence() {
    assert_eq!(shape("1 + 2 * 3 == 7"), "(== (+ 1 (* 2 3)) 7)");
    assert_eq!(shape("1 * 2 + 3 == 5"), "(== (+ (* 1 2) 3) 5)");
    assert_eq!(shape("10 - 3 - 2 == 5"), "(== (- (- 10 3) 2) 5)");
    assert_eq!(shape("(1 + 2) * 3 == 9"), "(== (* (+ 1 2) 3) 9)");
    assert_eq!(shape("-self.hp * 2 < 0"), "(< (* (neg self.hp) 2) 0)");
    assert_eq!(shape("- -3 == 3"), "(== (neg (neg 3)) 3)");
    assert_eq!(shape("1--1 == 2"), "(== (- 1 (neg 1)) 2)");
}

#[test]
fn comparison_binds_tighter_than_logic() {
    assert_eq!(
        shape("self.below_half or allies.below_half >= 1"),
        "(or self.below_half (>= allies.below_half 1))"
    );
    assert_eq!(
        shape("self.hp <= 10 and gold > 0"),
        "(and (<= self.hp 10) (> gold 0))"
    );
    assert_eq!(
        shape("self.hp * 2 <= self.max_hp"),
        "(<= (* self.hp 2) self.max_hp)"
    );
}

// ---- evaluation ---------------------------------------------------------------------

#[test]
fn evaluates_comparisons() {
    assert!(!eval("self.hp <= 10"));
    assert!(eval("self.hp <= 12"));
    assert!(eval("self.hp < 13"));
    assert!(eval("self.hp >= 12"));
    assert!(!eval("self.hp > 12"));
    assert!(eval("self.hp == 12"));
    assert!(eval("self.hp != 11"));
    assert!(parse("self.hp <= 10").eval(&Board { hp: 10 }));
}

#[test]
fn evaluates_logic_and_arithmetic() {
    assert!(eval("self.below_half or allies.below_half >= 1"));
    assert!(!eval("self.below_half and true"));
    assert!(eval("not self.below_half"));
    assert!(eval("self.hp * 2 < self.max_hp"));
    assert!(eval("self.max_hp - self.hp == 18"));
    assert!(eval("-self.hp + 20 == 8"));
    assert!(eval("2 + 3 * 4 == 14"));
    assert!(eval("(2 + 3) * 4 == 20"));
    assert!(eval("true"));
    assert!(!eval("false"));
    assert!(eval("drawn_first && !self.below_half || false"));
}

#[test]
fn and_or_short_circuit() {
    // `boom` panics when read: it must not be.
    assert!(!eval("false and boom"));
    assert!(eval("drawn_first or boom"));
    assert!(!eval("self.hp > 100 && (boom || boom)"));
}

#[test]
fn arithmetic_saturates_instead_of_overflowing() {
    assert!(eval("9223372036854775807 + 1 == 9223372036854775807"));
    assert!(eval("-9223372036854775807 - 10 < 0"));
    assert!(eval("9223372036854775807 * 9223372036854775807 > 0"));
    assert!(eval("9223372036854775807 * -2 < 0"));
    let c = parse("-self.hp > 0");
    assert!(c.eval(&Board { hp: i64::MIN }));
    assert!(
        parse("self.hp * self.hp + self.hp == 9223372036854775807").eval(&Board { hp: i64::MAX })
    );
}

// ---- explain ------------------------------------------------------------------------

#[test]
fn explain_annotates_variables() {
    assert_eq!(explain("self.hp <= 10"), "self.hp (12) <= 10");
    assert_eq!(explain("  self.hp<=10 "), "self.hp (12) <= 10");
    assert_eq!(
        explain("self.below_half or allies.below_half >= 1"),
        "self.below_half (false) or allies.below_half (2) >= 1"
    );
}

#[test]
fn explain_keeps_source_parentheses_and_normalises_operators() {
    assert_eq!(
        explain("(self.below_half || allies.below_half>=1) && !drawn_first"),
        "(self.below_half (false) or allies.below_half (2) >= 1) and not drawn_first (true)"
    );
    assert_eq!(
        explain("-( self.hp - 3 )*2 > -5"),
        "-(self.hp (12) - 3) * 2 > -5"
    );
    assert_eq!(explain("not (true)"), "not (true)");
    // The example in the `Condition::explain` docs.
    assert_eq!(
        explain("(self.below_half||allies.below_half>=1) && gold>3"),
        "(self.below_half (false) or allies.below_half (2) >= 1) and gold (0) > 3"
    );
    assert_eq!(explain("gold != 0 or false"), "gold (0) != 0 or false");
}

#[test]
fn explain_reads_every_variable_even_when_short_circuiting_would_not() {
    struct Counting(std::cell::Cell<u32>);
    impl Env for Counting {
        fn number(&self, _: &str) -> i64 {
            self.0.set(self.0.get() + 1);
            1
        }
        fn flag(&self, _: &str) -> bool {
            self.0.set(self.0.get() + 1);
            false
        }
    }
    let env = Counting(std::cell::Cell::new(0));
    let c = parse("drawn_first and gold > 0");
    assert_eq!(c.explain(&env), "drawn_first (false) and gold (1) > 0");
    assert_eq!(env.0.get(), 2);
}

#[test]
fn explain_output_parses_back_to_the_same_tree() {
    struct Sevens;
    impl Env for Sevens {
        fn number(&self, _: &str) -> i64 {
            7
        }
        fn flag(&self, _: &str) -> bool {
            true
        }
    }
    for text in [
        "self.hp <= 10",
        "(self.below_half || allies.below_half>=1) && !drawn_first",
        "-(self.hp - 3)*2 > - -5 or not (gold == 1 and true)",
        "((((self.hp))) * (2 + gold)) != self.max_hp - -1",
        "not not self.below_half or false and drawn_first",
    ] {
        let original = parse(text);
        let shown = original.explain(&Sevens);
        let stripped = shown.replace(" (7)", "").replace(" (true)", "");
        assert_eq!(parse(&stripped).root, original.root, "{text} -> {shown}");
    }
}

#[test]
fn source_is_the_original_text() {
    let text = "  self.hp<=10\n";
    assert_eq!(parse(text).source(), text);
}

// ---- errors -------------------------------------------------------------------------

#[test]
fn empty_condition() {
    assert_eq!(
        fail(""),
        (
            0..0,
            "the condition is empty".into(),
            Some("write an expression such as `self.hp <= 10`".into())
        )
    );
    assert_eq!(fail("  \n ").0, 4..4);
}

#[test]
fn too_long() {
    let text = format!("{}true", " ".repeat(5000));
    let (span, message, _) = fail(&text);
    assert_eq!(span, 0..5004);
    assert_eq!(
        message,
        "the condition is too long (5004 bytes; the limit is 4096)"
    );
    // Exactly at the limit is fine.
    let text = format!("{}true", " ".repeat(4092));
    assert!(Condition::parse(&text, VOCAB).is_ok());
}

#[test]
fn too_deep() {
    let ok = format!("{}true{}", "(".repeat(64), ")".repeat(64));
    assert!(eval(&ok));
    let deep = format!("{}true{}", "(".repeat(65), ")".repeat(65));
    let (span, message, _) = fail(&deep);
    assert_eq!(span, 64..65);
    assert_eq!(
        message,
        "the condition is nested too deeply (more than 64 levels)"
    );
    let nots = format!("{}true", "not ".repeat(65));
    assert_eq!(fail(&nots).0, 256..259);
    let minus = format!("{}1 < 0", "-".repeat(65));
    assert_eq!(fail(&minus).0, 64..65);
    // Pathological input that would overflow a naive recursive parser.
    let huge = "(".repeat(4000);
    assert_eq!(fail(&huge).0, 64..65);
}

#[test]
fn longest_flat_chains_do_not_blow_the_stack() {
    // About 2000 levels of left-nested tree: within the length limit, so it must work.
    let text = format!("{}1 > 0", "1+".repeat(2045));
    assert!(text.len() <= 4096);
    let c = parse(&text);
    assert!(c.eval(&BOARD));
    assert_eq!(
        c.explain(&BOARD),
        text.replace('+', " + ")
            .replace('>', " > ")
            .replace("  ", " ")
    );
    let text = format!("{}false", "true and ".repeat(454));
    assert!(!parse(&text).eval(&BOARD));
}

#[test]
fn unknown_name_with_did_you_mean() {
    assert_eq!(
        fail("self.hpp <= 3"),
        (
            0..8,
            "unknown name `self.hpp`".into(),
            Some("did you mean `self.hp`?".into())
        )
    );
    let (span, _, hint) = fail("self.below_half or allies_below_half >= 1");
    assert_eq!(span, 19..36);
    assert_eq!(hint.as_deref(), Some("did you mean `allies.below_half`?"));
    // A bare last segment suggests the full dotted name.
    let (span, _, hint) = fail("1 < hp");
    assert_eq!(span, 4..6);
    assert_eq!(hint.as_deref(), Some("did you mean `self.hp`?"));
    // Nothing close: no hint.
    assert_eq!(
        fail("weather == 3"),
        (0..7, "unknown name `weather`".into(), None)
    );
}

#[test]
fn keywords_in_the_wrong_case() {
    assert_eq!(
        fail("NOT drawn_first"),
        (
            0..3,
            "unknown name `NOT`".into(),
            Some("keywords are lower case: `not`".into())
        )
    );
    assert_eq!(
        fail("true AND false"),
        (
            5..8,
            "unexpected `AND` after a complete expression".into(),
            Some("keywords are lower case: `and`".into())
        )
    );
}

#[test]
fn logic_needs_flags() {
    assert_eq!(
        fail("self.hp and true"),
        (
            0..7,
            "`and` needs flags (true or false), but `self.hp` is a number".into(),
            Some("compare it with something, e.g. `self.hp >= 1`".into())
        )
    );
    let (span, message, _) = fail("drawn_first || gold * 2");
    assert_eq!(span, 15..23);
    assert_eq!(
        message,
        "`||` needs flags (true or false), but `gold * 2` is a number"
    );
    let (span, message, _) = fail("not self.hp");
    assert_eq!(span, 4..11);
    assert_eq!(
        message,
        "`not` needs flags (true or false), but `self.hp` is a number"
    );
    assert_eq!(fail("!(1)").0, 1..4);
}

#[test]
fn comparisons_and_arithmetic_need_numbers() {
    assert_eq!(
        fail("self.below_half <= 3"),
        (
            0..15,
            "`<=` needs numbers, but `self.below_half` is a flag (true or false)".into(),
            Some(
                "a flag is a condition by itself: use `self.below_half` or `not self.below_half`"
                    .into()
            )
        )
    );
    assert_eq!(fail("drawn_first == true").0, 0..11);
    let (span, message, _) = fail("self.hp + true > 1");
    assert_eq!(span, 10..14);
    assert_eq!(
        message,
        "`+` needs numbers, but `true` is a flag (true or false)"
    );
    let (span, message, _) = fail("-drawn_first < 1");
    assert_eq!(span, 1..12);
    assert_eq!(
        message,
        "`-` needs numbers, but `drawn_first` is a flag (true or false)"
    );
    // A parenthesised comparison is a flag too.
    assert_eq!(fail("(self.hp < 3) < 4").0, 0..13);
}

#[test]
fn long_operands_are_not_quoted() {
    let text = "(self.hp + self.hp + self.hp + self.hp + self.hp) and true";
    let (span, message, hint) = fail(text);
    assert_eq!(span, 0..49);
    assert_eq!(
        message,
        "`and` needs flags (true or false), but this expression is a number"
    );
    assert_eq!(
        hint.as_deref(),
        Some("compare it with something, e.g. `self.hp <= 10`")
    );
}

#[test]
fn the_whole_condition_must_be_a_flag() {
    assert_eq!(
        fail("self.hp"),
        (
            0..7,
            "this condition is a number; compare it with something, e.g. `self.hp >= 1`".into(),
            None
        )
    );
    assert_eq!(fail("  allies.below_half + 1 ").0, 2..23);
    assert_eq!(fail("(3)").0, 0..3);
}

#[test]
fn chained_comparisons() {
    assert_eq!(
        fail("1 < self.hp < 3"),
        (
            12..13,
            "comparisons cannot be chained".into(),
            Some("join two comparisons with `and`, e.g. `1 <= x and x <= 5`".into())
        )
    );
    assert_eq!(fail("1 == 1 != true").0, 7..9);
    assert_eq!(fail("not 1 < 2 + 3 >= 4").0, 14..16);
}

#[test]
fn unexpected_tokens_and_end_of_input() {
    assert_eq!(
        fail("self.hp <="),
        (
            10..10,
            "expected a value, but the condition ends here".into(),
            None
        )
    );
    assert_eq!(
        fail("self.hp <= )"),
        (
            11..12,
            "expected a value, a name, `not` or `(`, found `)`".into(),
            None
        )
    );
    assert_eq!(
        fail("(self.hp <= 3"),
        (
            13..13,
            "expected `)`, found the end of the condition".into(),
            Some("the `(` at offset 0 is still open".into())
        )
    );
    assert_eq!(fail("(self.hp <= 3 true)").0, 14..18);
    assert_eq!(
        fail("self.hp <= 3)"),
        (
            12..13,
            "unexpected `)` after a complete expression".into(),
            Some("this `)` has no matching `(`".into())
        )
    );
    assert_eq!(
        fail("self.hp <= 3 gold > 1"),
        (
            13..17,
            "unexpected `gold` after a complete expression".into(),
            Some("join two conditions with `and` or `or`".into())
        )
    );
    assert_eq!(fail("and true").0, 0..3);
    assert_eq!(fail("()").0, 1..2);
    assert_eq!(fail("true or").0, 7..7);
}

#[test]
fn lexer_errors() {
    assert_eq!(
        fail("self.hp = 3"),
        (
            8..9,
            "`=` is not an operator".into(),
            Some("use `==` to compare two numbers".into())
        )
    );
    assert_eq!(
        fail("true & false"),
        (
            5..6,
            "a single `&` is not an operator".into(),
            Some("use `and` (or `&&`)".into())
        )
    );
    assert_eq!(fail("true | false").0, 5..6);
    assert_eq!(
        fail("self.hp / 2 > 1"),
        (
            8..9,
            "`/` is not supported".into(),
            Some("arithmetic has only `+`, `-` and `*`".into())
        )
    );
    assert_eq!(
        fail("self.hp é"),
        (8..10, "unexpected character `é`".into(), None)
    );
    let (span, message, _) = fail("10hp > 1");
    assert_eq!(
        (span, message.as_str()),
        (0..4, "`10hp` is neither a number nor a name")
    );
    assert_eq!(fail("1.5 > 1").0, 0..3);
    assert_eq!(
        fail("self. hp"),
        (
            4..5,
            "expected a name after `self.`".into(),
            Some("dotted names look like `self.hp` or `allies.below_half`".into())
        )
    );
    assert_eq!(fail("self.1 > 0").0, 4..5);
    assert_eq!(
        fail("99999999999999999999 > 1"),
        (
            0..20,
            "the number is too large (the limit is 9223372036854775807)".into(),
            None
        )
    );
}

#[test]
fn error_displays_its_message() {
    let err = Condition::parse("self.hp = 3", VOCAB).unwrap_err();
    assert_eq!(err.to_string(), "`=` is not an operator");
}

// ---- robustness -----------------------------------------------------------------------

fn check_no_panic(text: &str) -> Result<(), TestCaseError> {
    match Condition::parse(text, VOCAB) {
        Ok(c) => {
            // Evaluation must not panic either (only `boom` panics, and only when read).
            struct Quiet;
            impl Env for Quiet {
                fn number(&self, _: &str) -> i64 {
                    i64::MIN
                }
                fn flag(&self, _: &str) -> bool {
                    true
                }
            }
            c.eval(&Quiet);
            c.explain(&Quiet);
        }
        Err(e) => {
            prop_assert!(e.span.start <= e.span.end && e.span.end <= text.len());
            prop_assert!(text.is_char_boundary(e.span.start));
            prop_assert!(text.is_char_boundary(e.span.end));
            prop_assert!(!e.message.is_empty());
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn parse_never_panics_on_arbitrary_text(text in any::<String>()) {
        check_no_panic(&text)?;
    }

    #[test]
    fn parse_never_panics_on_token_soup(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("("), Just(")"), Just("not "), Just("!"), Just(" and "), Just("&&"),
                Just(" or "), Just("||"), Just("<"), Just("<="), Just(">"), Just(">="),
                Just("=="), Just("!="), Just("+"), Just("-"), Just("*"), Just(" "),
                Just("self.hp"), Just("self.below_half"), Just("gold"), Just("true"),
                Just("false"), Just("0"), Just("7"), Just("9223372036854775807"), Just("nope"),
            ],
            0..40,
        )
    ) {
        check_no_panic(&parts.concat())?;
    }
}

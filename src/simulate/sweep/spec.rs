//! What a sweep is asked for on the command line, read and checked before any file is:
//! each `--vary WHAT=RANGE`, the rates of `--at` and `--target`, `--precision` and
//! `--shard K/N`. Every refusal names the argument and says how to write it.

use crate::io::diagnostic::Diagnostic;

/// The most values one sweep plays (all of a grid's cells together).
pub const MAX_VALUES: usize = 1000;
/// The largest size of a value (files hold smaller numbers anyway).
const MAX_NUMBER: i64 = 1_000_000;
/// The most slices `--shard` may cut a sweep into.
pub const MAX_SHARDS: u32 = 10_000;

/// What one `--vary` names, as typed (names are matched against the files later).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// `NAME.STAT`: a monster type's or a character's number.
    Stat {
        /// The type or character, as typed.
        name: String,
        /// The number's name, in lower case.
        stat: String,
    },
    /// `count:TYPE`: how many monsters of the type take part.
    Count {
        /// The type, as typed.
        kind: String,
    },
    /// A number of the board as a whole (`level`), in lower case.
    Board(String),
}

/// One `--vary WHAT=RANGE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarySpec {
    /// The argument as typed, for messages.
    pub arg: String,
    /// What it varies.
    pub what: What,
    /// Its values, smallest first.
    pub values: Vec<i64>,
}

/// Reads `WHAT=RANGE`, RANGE `a..b` (every whole number from a to b) or `a..b/step`.
pub fn parse_vary(arg: &str) -> Result<VarySpec, Diagnostic> {
    let bad = |message: String, hint: &str| {
        Err(Diagnostic::plain(format!("--vary {arg}: {message}")).with_hint(hint.to_string()))
    };
    let Some((what, range)) = arg.rsplit_once('=') else {
        return bad(
            "expected WHAT=RANGE".into(),
            "e.g. `--vary warg.hp=10..40/5`, `--vary count:goblin-warrior=1..4` or `--vary level=1..3`",
        );
    };
    let what = what.trim();
    let count = what
        .get(..6)
        .filter(|p| p.eq_ignore_ascii_case("count:"))
        .map(|_| &what[6..]);
    let what = if let Some(kind) = count {
        if kind.trim().is_empty() {
            return bad(
                "`count:` names no monster type".into(),
                "write the type after it: `count:goblin-warrior=1..4`",
            );
        }
        What::Count {
            kind: kind.trim().to_string(),
        }
    } else if let Some((name, stat)) = what.split_once('.') {
        if name.trim().is_empty() || stat.trim().is_empty() {
            return bad(
                format!("`{what}` is not NAME.STAT"),
                "name a monster type or a character, a dot, and its number: `warg.hp`, `aria.defence`",
            );
        }
        What::Stat {
            name: name.trim().to_string(),
            stat: stat.trim().to_ascii_lowercase(),
        }
    } else if what.is_empty() {
        return bad(
            "nothing to vary before `=`".into(),
            "e.g. `--vary warg.hp=10..40/5`",
        );
    } else {
        What::Board(what.to_ascii_lowercase())
    };
    let values = parse_range(range.trim()).map_err(|(message, hint)| {
        Diagnostic::plain(format!("--vary {arg}: {message}")).with_hint(hint)
    })?;
    Ok(VarySpec {
        arg: arg.to_string(),
        what,
        values,
    })
}

/// The values of `a..b` or `a..b/step`: from a up to b by step (b itself when the steps
/// land on it).
fn parse_range(range: &str) -> Result<Vec<i64>, (String, String)> {
    let form = "write the range as `a..b` or `a..b/step`, e.g. `10..40/5`".to_string();
    let (span, step) = match range.split_once('/') {
        Some((span, step)) => (span, Some(step.trim())),
        None => (range, None),
    };
    let Some((a, b)) = span.split_once("..") else {
        return Err((format!("`{range}` is not a range"), form));
    };
    let number = |t: &str| -> Result<i64, (String, String)> {
        match t.trim().parse::<i64>() {
            Ok(n) if n.abs() <= MAX_NUMBER => Ok(n),
            Ok(n) => Err((
                format!("{n} is out of range"),
                format!("use numbers from -{MAX_NUMBER} to {MAX_NUMBER}"),
            )),
            Err(_) => Err((
                format!("`{}` is not a whole number", t.trim()),
                form.clone(),
            )),
        }
    };
    let (a, b) = (number(a)?, number(b)?);
    let step = match step {
        None => 1,
        Some(s) => match s.parse::<i64>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err((
                    format!("step `{s}` is not a whole number of 1 or more"),
                    form,
                ));
            }
        },
    };
    if b < a {
        return Err((
            format!("the range runs backwards ({a} is above {b})"),
            format!("write the smaller number first: `{b}..{a}`"),
        ));
    }
    let count = (b - a) / step + 1;
    if count as usize > MAX_VALUES {
        return Err((
            format!("{count} values are too many"),
            format!("a sweep plays at most {MAX_VALUES} values; take a larger step"),
        ));
    }
    Ok((0..count).map(|i| a + i * step).collect())
}

/// A rate as typed: `60%` or `60` (percent), 0 to 100; as a share, 0 to 1.
pub fn parse_rate(flag: &str, text: &str) -> Result<f64, Diagnostic> {
    let t = text.trim();
    let number = t.strip_suffix('%').unwrap_or(t).trim();
    match number.parse::<f64>() {
        Ok(p) if (0.0..=100.0).contains(&p) => Ok(p / 100.0),
        _ => Err(Diagnostic::plain(format!("{flag} {text}: not a rate"))
            .with_hint("write a percentage from 0% to 100%, e.g. `60%`")),
    }
}

/// `--at 40%,60%`: the rates to find the crossings of, in the order given, each once.
pub fn parse_rates(text: &str) -> Result<Vec<f64>, Diagnostic> {
    let mut rates: Vec<f64> = Vec::new();
    for part in text.split(',') {
        let r = parse_rate("--at", part)?;
        if !rates.contains(&r) {
            rates.push(r);
        }
    }
    Ok(rates)
}

/// `--precision P`: the half-width of the interval, in points (`2` or `2%`), as a share.
pub fn parse_precision(text: &str) -> Result<f64, Diagnostic> {
    let t = text.trim();
    let number = t.strip_suffix('%').unwrap_or(t).trim();
    match number.parse::<f64>() {
        Ok(p) if p > 0.0 && p <= 50.0 => Ok(p / 100.0),
        _ => Err(
            Diagnostic::plain(format!("--precision {text}: not a number of points"))
                .with_hint("give the interval's half-width in percentage points, more than 0 and at most 50: `--precision 2` stops a value at ±2 points"),
        ),
    }
}

/// `--shard K/N`: slice K (1 to N) of N.
pub fn parse_shard(text: &str) -> Result<(u32, u32), Diagnostic> {
    let bad = || {
        Diagnostic::plain(format!("--shard {text}: not a slice K/N"))
            .with_hint(format!("write which slice and how many, e.g. `--shard 2/8` (K from 1 to N, N at most {MAX_SHARDS})"))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_with_and_without_a_step() {
        let v = parse_vary("warg.hp=10..40/5").unwrap();
        assert_eq!(v.values, vec![10, 15, 20, 25, 30, 35, 40]);
        assert_eq!(
            v.what,
            What::Stat {
                name: "warg".into(),
                stat: "hp".into()
            }
        );
        // The steps need not land on the end: 1, 4, 7.
        assert_eq!(parse_vary("Aria.HP=1..8/3").unwrap().values, vec![1, 4, 7]);
        assert_eq!(
            parse_vary("count:goblin-warrior=1..4").unwrap().what,
            What::Count {
                kind: "goblin-warrior".into()
            }
        );
        assert_eq!(
            parse_vary("Count:Warg=1..2").unwrap().what,
            What::Count {
                kind: "Warg".into()
            }
        );
        assert_eq!(parse_vary("level=0..0").unwrap().values, vec![0]);
        assert_eq!(
            parse_vary("level=1..3").unwrap().what,
            What::Board("level".into())
        );
        assert_eq!(
            parse_vary("x.bonus=-2..1").unwrap().values,
            vec![-2, -1, 0, 1]
        );
    }

    #[test]
    fn bad_ranges_are_refused_saying_how_to_write_them() {
        let message = |a: &str| parse_vary(a).unwrap_err().message;
        assert_eq!(message("warg.hp"), "--vary warg.hp: expected WHAT=RANGE");
        assert_eq!(
            message("warg.hp=40..10"),
            "--vary warg.hp=40..10: the range runs backwards (40 is above 10)"
        );
        assert_eq!(
            message("warg.hp=10-40"),
            "--vary warg.hp=10-40: `10-40` is not a range"
        );
        assert_eq!(
            message("warg.hp=10..40/0"),
            "--vary warg.hp=10..40/0: step `0` is not a whole number of 1 or more"
        );
        assert_eq!(
            message("warg.hp=a..4"),
            "--vary warg.hp=a..4: `a` is not a whole number"
        );
        assert_eq!(
            message("warg.hp=1..5000"),
            "--vary warg.hp=1..5000: 5000 values are too many"
        );
        assert_eq!(
            message("warg.=1..4"),
            "--vary warg.=1..4: `warg.` is not NAME.STAT"
        );
        assert_eq!(
            message("count:=1..4"),
            "--vary count:=1..4: `count:` names no monster type"
        );
    }

    #[test]
    fn rates_precision_and_shards() {
        assert_eq!(parse_rates("40%, 60,40").unwrap(), vec![0.4, 0.6]);
        assert!(parse_rates("140%").is_err());
        assert_eq!(parse_rate("--target", "60%").unwrap(), 0.6);
        assert_eq!(parse_precision("2").unwrap(), 0.02);
        assert!(parse_precision("0").is_err());
        assert_eq!(parse_shard("2/8").unwrap(), (2, 8));
        for bad in ["0/3", "4/3", "x/3", "3"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}

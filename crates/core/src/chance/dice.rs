//! Dice notation (`1d20+4`, `3d6`, `1d6-1`, `2`) with error positions, rolled with the
//! board's RNG, and d20 tests with advantage and disadvantage.

use super::rng::GameRng;

/// Largest number of dice, faces and flat modifier accepted (keeps input from eating time).
pub const MAX_DICE: u32 = 100;
/// Largest number of faces a die may have.
pub const MAX_SIDES: u32 = 1000;
/// Largest flat modifier, up or down.
pub const MAX_MODIFIER: i32 = 10_000;

/// `count`d`sides` plus `modifier`; `count == 0` is a flat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    /// How many dice are rolled (0 for a flat number).
    pub count: u32,
    /// Faces on each die.
    pub sides: u32,
    /// Added to the sum of the dice (may be negative).
    pub modifier: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
/// Why a text is not dice notation, and where in it.
pub struct DiceError {
    /// Byte offset in the parsed text where the problem starts.
    pub offset: usize,
    /// What is wrong, in words for the user.
    pub message: String,
}

/// One roll of a [`Dice`]: each face and the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The dice that were rolled.
    pub dice: Dice,
    /// Each die's face, in the order rolled.
    pub faces: Vec<u32>,
    /// The faces plus the modifier.
    pub total: i32,
    /// Whether the players rolled the faces themselves and entered them.
    pub entered: bool,
}

/// Advantage state of a d20 test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edge {
    #[default]
    /// One d20.
    Normal,
    /// Two d20s, keeping the higher.
    Advantage,
    /// Two d20s, keeping the lower.
    Disadvantage,
}

impl Edge {
    /// Combines sources: any advantage and any disadvantage cancel to normal.
    pub fn combine(advantage: bool, disadvantage: bool) -> Edge {
        match (advantage, disadvantage) {
            (true, false) => Edge::Advantage,
            (false, true) => Edge::Disadvantage,
            _ => Edge::Normal,
        }
    }
}

/// A d20 rolled once, or twice keeping the better/worse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D20 {
    /// Whether one or two dice were rolled and which was kept.
    pub edge: Edge,
    /// Every face rolled, in order.
    pub faces: Vec<u32>,
    /// The face that counts.
    pub kept: u32,
    /// Whether the players rolled the faces themselves and entered them.
    pub entered: bool,
}

impl Dice {
    /// Parses dice notation; whitespace around the text is allowed, not inside.
    ///
    /// Accepted forms: `NdS`, `NdS+M`, `NdS-M`, `dS` (one die), and a flat number `M`
    /// (optionally signed). The `d` may be upper case. A flat number parses to
    /// `count == 0, sides == 0`. Error offsets are byte offsets into `text` itself
    /// (leading whitespace included).
    pub fn parse(text: &str) -> Result<Dice, DiceError> {
        Scanner::new(text).dice()
    }

    /// Rolls every die with [`GameRng::die`] and adds the modifier.
    ///
    /// Dice built by [`Dice::parse`] always have `sides >= 1`; a hand-built value with
    /// `sides == 0` rolls no dice (it is just its modifier) instead of panicking.
    pub fn roll(&self, rng: &mut GameRng) -> Roll {
        self.roll_with(&mut |sides| rng.die(sides))
    }

    /// Rolls every die with `face` (given the die's sides, it answers the face shown)
    /// and adds the modifier: the board's generator, or the faces the players entered.
    pub fn roll_with(&self, face: &mut dyn FnMut(u32) -> u32) -> Roll {
        let faces: Vec<u32> = (0..self.live_count()).map(|_| face(self.sides)).collect();
        let sum = faces
            .iter()
            .fold(0i64, |acc, &f| acc.saturating_add(i64::from(f)));
        Roll {
            dice: *self,
            faces,
            total: clamp_i32(sum.saturating_add(i64::from(self.modifier))),
            entered: false,
        }
    }

    /// The lowest possible total (every die shows 1).
    pub fn min(&self) -> i32 {
        clamp_i32(i64::from(self.live_count()) + i64::from(self.modifier))
    }

    /// The highest possible total (every die shows its top face).
    pub fn max(&self) -> i32 {
        let top = i64::from(self.live_count()).saturating_mul(i64::from(self.sides));
        clamp_i32(top.saturating_add(i64::from(self.modifier)))
    }

    /// Number of dice actually rolled: none when the dice have no faces.
    fn live_count(&self) -> u32 {
        if self.sides == 0 { 0 } else { self.count }
    }
}

fn clamp_i32(value: i64) -> i32 {
    i32::try_from(value).unwrap_or(if value < 0 { i32::MIN } else { i32::MAX })
}

impl std::fmt::Display for Dice {
    /// Canonical notation: `1d6+2`, `1d6-1`, `3d6`, `4`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count == 0 {
            return write!(f, "{}", self.modifier);
        }
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.modifier > 0 {
            write!(f, "+{}", self.modifier)?;
        } else if self.modifier < 0 {
            // `{}` of a negative number already carries the minus sign.
            write!(f, "{}", self.modifier)?;
        }
        Ok(())
    }
}

/// Rolls a d20 with the given edge.
///
/// Normal rolls one face; advantage and disadvantage roll two and keep the higher or
/// lower one. `faces` lists every face in the order rolled.
pub fn roll_d20(rng: &mut GameRng, edge: Edge) -> D20 {
    d20_with(&mut |sides| rng.die(sides), edge)
}

/// A d20 test with the faces `face` answers (given the die's sides): the board's
/// generator, or the faces the players entered.
pub fn d20_with(face: &mut dyn FnMut(u32) -> u32, edge: Edge) -> D20 {
    let first = face(20);
    let (faces, kept) = match edge {
        Edge::Normal => (vec![first], first),
        Edge::Advantage | Edge::Disadvantage => {
            let second = face(20);
            let kept = if edge == Edge::Advantage {
                first.max(second)
            } else {
                first.min(second)
            };
            (vec![first, second], kept)
        }
    };
    D20 {
        edge,
        faces,
        kept,
        entered: false,
    }
}

/// A cursor over the text being parsed. Positions are byte offsets into the original
/// text; every character the grammar accepts is ASCII, so stepping one byte at a time is
/// safe, and anything else is reported as an unexpected character.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
}

/// Which number of the notation is being read: decides limits and wording of errors.
#[derive(Clone, Copy)]
enum Part {
    Count,
    Sides,
    Modifier,
}

impl Part {
    fn limit(self) -> u64 {
        match self {
            Part::Count => u64::from(MAX_DICE),
            Part::Sides => u64::from(MAX_SIDES),
            Part::Modifier => MAX_MODIFIER.unsigned_abs().into(),
        }
    }

    fn too_big(self, shown: Option<u64>) -> String {
        let what = match self {
            Part::Count => format!("too many dice (at most {MAX_DICE})"),
            Part::Sides => format!("too many sides on a die (at most {MAX_SIDES})"),
            Part::Modifier => format!("modifier too large (at most {MAX_MODIFIER} either way)"),
        };
        match shown {
            Some(value) => format!("{what}: got {value}"),
            None => format!("{what}: the number is far too large"),
        }
    }
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        let start = text.len() - text.trim_start().len();
        let end = text.trim_end().len().max(start);
        Scanner {
            text,
            pos: start,
            end,
        }
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> DiceError {
        DiceError {
            offset,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.text.as_bytes()[self.pos])
    }

    /// An error for whatever sits at the cursor, saying what was expected instead.
    fn unexpected(&self, expected: &str) -> DiceError {
        match self.text[self.pos..self.end].chars().next() {
            None => self.error(self.pos, format!("{expected}, but the text ends here")),
            Some(c) if c.is_whitespace() => self.error(
                self.pos,
                "spaces are not allowed inside dice notation (write e.g. `1d6+2`)",
            ),
            Some(c) => self.error(self.pos, format!("{expected}, found `{c}`")),
        }
    }

    fn dice(mut self) -> Result<Dice, DiceError> {
        if self.pos == self.end {
            return Err(self.error(
                self.pos,
                "empty dice notation; expected something like `1d6+2` or `3`",
            ));
        }
        match self.peek() {
            Some(b'd' | b'D') => {
                self.pos += 1;
                self.die_part(1)
            }
            Some(b'0'..=b'9') => {
                let start = self.pos;
                let value = self.digits();
                if matches!(self.peek(), Some(b'd' | b'D')) {
                    // The number was a dice count after all.
                    let count = self.limited(value, start, Part::Count)?;
                    if count == 0 {
                        return Err(self.error(start, "zero dice: roll at least one die"));
                    }
                    self.pos += 1;
                    self.die_part(count)
                } else {
                    let modifier = self.limited(value, start, Part::Modifier)?;
                    self.finish()?;
                    Ok(flat(modifier as i32))
                }
            }
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                let modifier = self.signed_modifier(sign)?;
                self.finish()?;
                Ok(flat(modifier))
            }
            _ => Err(self.unexpected("expected dice such as `1d6+2` or a number")),
        }
    }

    /// Everything after the `d`: the sides and an optional modifier.
    fn die_part(&mut self, count: u32) -> Result<Dice, DiceError> {
        let start = self.pos;
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.unexpected("expected the number of sides after `d`"));
        }
        let value = self.digits();
        let sides = self.limited(value, start, Part::Sides)?;
        if sides == 0 {
            return Err(self.error(start, "a die needs at least one side"));
        }
        let modifier = match self.peek() {
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                self.signed_modifier(sign)?
            }
            _ => 0,
        };
        self.finish()?;
        Ok(Dice {
            count,
            sides,
            modifier,
        })
    }

    /// The digits after a `+` or `-` (already consumed), with the sign applied.
    fn signed_modifier(&mut self, sign: u8) -> Result<i32, DiceError> {
        let start = self.pos;
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            let expected = format!("expected a number after `{}`", sign as char);
            return Err(self.unexpected(&expected));
        }
        let value = self.digits();
        let magnitude = self.limited(value, start, Part::Modifier)? as i32;
        Ok(if sign == b'-' { -magnitude } else { magnitude })
    }

    /// Reads a run of digits; `None` when the value does not even fit a u64 (no panic,
    /// no wrap-around). [`Scanner::limited`] then applies the per-part limit.
    fn digits(&mut self) -> Option<u64> {
        let mut value: Option<u64> = Some(0);
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(digit - b'0')));
            self.pos += 1;
        }
        value
    }

    /// Checks a number read at `start` against the limit for its part.
    fn limited(&self, value: Option<u64>, start: usize, part: Part) -> Result<u32, DiceError> {
        match value {
            None => Err(self.error(start, part.too_big(None))),
            Some(v) if v > part.limit() => Err(self.error(start, part.too_big(Some(v)))),
            // Every limit is far below u32::MAX, so this cannot truncate.
            Some(v) => Ok(v as u32),
        }
    }

    fn finish(&self) -> Result<(), DiceError> {
        if self.pos == self.end {
            Ok(())
        } else {
            Err(self.unexpected("expected `+`, `-` or the end of the dice"))
        }
    }
}

fn flat(modifier: i32) -> Dice {
    Dice {
        count: 0,
        sides: 0,
        modifier,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dice(count: u32, sides: u32, modifier: i32) -> Dice {
        Dice {
            count,
            sides,
            modifier,
        }
    }

    fn err(text: &str) -> DiceError {
        Dice::parse(text).expect_err(text)
    }

    #[test]
    fn parses_every_form() {
        assert_eq!(Dice::parse("1d20+4"), Ok(dice(1, 20, 4)));
        assert_eq!(Dice::parse("3d6"), Ok(dice(3, 6, 0)));
        assert_eq!(Dice::parse("1d6-1"), Ok(dice(1, 6, -1)));
        assert_eq!(Dice::parse("d8"), Ok(dice(1, 8, 0)));
        assert_eq!(Dice::parse("D8+1"), Ok(dice(1, 8, 1)));
        assert_eq!(Dice::parse("2D10"), Ok(dice(2, 10, 0)));
        assert_eq!(Dice::parse("4"), Ok(dice(0, 0, 4)));
        assert_eq!(Dice::parse("0"), Ok(dice(0, 0, 0)));
        assert_eq!(Dice::parse("-2"), Ok(dice(0, 0, -2)));
        assert_eq!(Dice::parse("+2"), Ok(dice(0, 0, 2)));
        assert_eq!(Dice::parse("  2d4+1 \t\n"), Ok(dice(2, 4, 1)));
        assert_eq!(Dice::parse("1d6+0"), Ok(dice(1, 6, 0)));
        assert_eq!(Dice::parse("007d06"), Ok(dice(7, 6, 0)));
    }

    #[test]
    fn accepts_the_limits_exactly() {
        assert_eq!(Dice::parse("100d1000+10000"), Ok(dice(100, 1000, 10_000)));
        assert_eq!(Dice::parse("1d2-10000"), Ok(dice(1, 2, -10_000)));
        assert_eq!(Dice::parse("-10000"), Ok(dice(0, 0, -10_000)));
    }

    #[test]
    fn empty_text() {
        let e = err("");
        assert_eq!(e.offset, 0);
        assert!(e.message.starts_with("empty dice notation"), "{e}");
        let e = err("   ");
        assert_eq!(e.offset, 3);
        assert!(e.message.starts_with("empty dice notation"), "{e}");
    }

    #[test]
    fn garbage() {
        let e = err("abc");
        assert_eq!(e.offset, 0);
        assert_eq!(
            e.message,
            "expected dice such as `1d6+2` or a number, found `a`"
        );
        let e = err("1d6x");
        assert_eq!(e.offset, 3);
        assert_eq!(
            e.message,
            "expected `+`, `-` or the end of the dice, found `x`"
        );
        let e = err("2d20kh1");
        assert_eq!(e.offset, 4);
        let e = err("1d");
        assert_eq!(e.offset, 2);
        assert_eq!(
            e.message,
            "expected the number of sides after `d`, but the text ends here"
        );
        let e = err("1d6+");
        assert_eq!(e.offset, 4);
        assert_eq!(
            e.message,
            "expected a number after `+`, but the text ends here"
        );
        let e = err("1d6+-2");
        assert_eq!(e.offset, 4);
        assert_eq!(e.message, "expected a number after `+`, found `-`");
        let e = err("1d6+2+1");
        assert_eq!(e.offset, 5);
        let e = err("3+2");
        assert_eq!(e.offset, 1);
        let e = err("1dd6");
        assert_eq!(e.offset, 2);
        // Multi-byte characters are quoted whole, with the offset of their first byte.
        let e = err("1d6é");
        assert_eq!(e.offset, 3);
        assert_eq!(
            e.message,
            "expected `+`, `-` or the end of the dice, found `é`"
        );
    }

    #[test]
    fn whitespace_inside() {
        for (text, offset) in [("1d6 +2", 3), ("1 d6", 1), (" 1d 6", 3), ("1d6+ 2", 4)] {
            let e = err(text);
            assert_eq!(e.offset, offset, "{text}");
            assert_eq!(
                e.message,
                "spaces are not allowed inside dice notation (write e.g. `1d6+2`)"
            );
        }
    }

    #[test]
    fn zero_dice_and_zero_sides() {
        let e = err("0d6");
        assert_eq!(
            (e.offset, e.message.as_str()),
            (0, "zero dice: roll at least one die")
        );
        let e = err(" 2d0+1");
        assert_eq!(
            (e.offset, e.message.as_str()),
            (3, "a die needs at least one side")
        );
    }

    #[test]
    fn over_the_limits() {
        let e = err("101d6");
        assert_eq!(e.offset, 0);
        assert_eq!(e.message, "too many dice (at most 100): got 101");
        let e = err("1d1001");
        assert_eq!(e.offset, 2);
        assert_eq!(
            e.message,
            "too many sides on a die (at most 1000): got 1001"
        );
        let e = err("1d6+10001");
        assert_eq!(e.offset, 4);
        assert_eq!(
            e.message,
            "modifier too large (at most 10000 either way): got 10001"
        );
        let e = err("-10001");
        assert_eq!(e.offset, 1);
        let e = err("10001");
        assert_eq!(e.offset, 0);
        assert!(e.message.starts_with("modifier too large"), "{e}");
    }

    #[test]
    fn huge_numbers_do_not_overflow() {
        let huge = "99999999999999999999999999999";
        let e = err(&format!("{huge}d6"));
        assert_eq!(e.offset, 0);
        assert_eq!(
            e.message,
            "too many dice (at most 100): the number is far too large"
        );
        let e = err(&format!("1d{huge}"));
        assert_eq!(e.offset, 2);
        assert!(e.message.starts_with("too many sides"), "{e}");
        let e = err(&format!("1d6-{huge}"));
        assert_eq!(e.offset, 4);
        assert!(e.message.starts_with("modifier too large"), "{e}");
        let e = err(huge);
        assert!(e.message.starts_with("modifier too large"), "{e}");
        // Just over u64::MAX and exactly u64::MAX.
        assert!(Dice::parse("18446744073709551616d6").is_err());
        assert!(Dice::parse("1d18446744073709551615").is_err());
    }

    #[test]
    fn display_is_canonical() {
        assert_eq!(dice(1, 6, 2).to_string(), "1d6+2");
        assert_eq!(dice(1, 6, -1).to_string(), "1d6-1");
        assert_eq!(dice(3, 6, 0).to_string(), "3d6");
        assert_eq!(dice(0, 0, 4).to_string(), "4");
        assert_eq!(dice(0, 0, -4).to_string(), "-4");
        assert_eq!(Dice::parse("D6+0").unwrap().to_string(), "1d6");
        assert_eq!(Dice::parse("  03d020-01").unwrap().to_string(), "3d20-1");
    }

    #[test]
    fn min_and_max() {
        assert_eq!((dice(2, 6, 3).min(), dice(2, 6, 3).max()), (5, 15));
        assert_eq!((dice(1, 4, -2).min(), dice(1, 4, -2).max()), (-1, 2));
        assert_eq!((dice(0, 0, 7).min(), dice(0, 0, 7).max()), (7, 7));
        // Hand-built extremes saturate instead of overflowing.
        let big = dice(u32::MAX, u32::MAX, i32::MAX);
        assert_eq!(big.max(), i32::MAX);
        assert_eq!(dice(0, 0, i32::MIN).min(), i32::MIN);
    }

    #[test]
    fn roll_uses_the_rng_die_by_die() {
        let d = dice(3, 6, 2);
        let roll = d.roll(&mut GameRng::from_seed(11));
        let mut rng = GameRng::from_seed(11);
        let expected: Vec<u32> = (0..3).map(|_| rng.die(6)).collect();
        assert_eq!(roll.faces, expected);
        assert_eq!(roll.dice, d);
        assert_eq!(roll.total, expected.iter().sum::<u32>() as i32 + 2);
    }

    #[test]
    fn flat_and_faceless_rolls_use_no_randomness() {
        let mut rng = GameRng::from_seed(1);
        let roll = dice(0, 0, -3).roll(&mut rng);
        assert_eq!((roll.faces.len(), roll.total), (0, -3));
        let roll = dice(5, 0, 1).roll(&mut rng);
        assert_eq!((roll.faces.len(), roll.total), (0, 1));
        assert_eq!(rng.state().position, 0);
    }

    #[test]
    fn edge_combines() {
        assert_eq!(Edge::combine(false, false), Edge::Normal);
        assert_eq!(Edge::combine(true, false), Edge::Advantage);
        assert_eq!(Edge::combine(false, true), Edge::Disadvantage);
        assert_eq!(Edge::combine(true, true), Edge::Normal);
    }

    #[test]
    fn d20_edges() {
        for seed in 0..200 {
            let normal = roll_d20(&mut GameRng::from_seed(seed), Edge::Normal);
            assert_eq!(normal.faces.len(), 1);
            assert_eq!(normal.kept, normal.faces[0]);

            let adv = roll_d20(&mut GameRng::from_seed(seed), Edge::Advantage);
            assert_eq!(adv.faces.len(), 2);
            assert_eq!(adv.faces[0], normal.faces[0]);
            assert_eq!(adv.kept, *adv.faces.iter().max().unwrap());

            let dis = roll_d20(&mut GameRng::from_seed(seed), Edge::Disadvantage);
            assert_eq!(dis.faces, adv.faces);
            assert_eq!(dis.kept, *dis.faces.iter().min().unwrap());
            assert_eq!(dis.edge, Edge::Disadvantage);
            assert!(adv.faces.iter().all(|f| (1..=20).contains(f)));
        }
    }

    fn valid_dice() -> impl Strategy<Value = Dice> {
        let modifier = -MAX_MODIFIER..=MAX_MODIFIER;
        prop_oneof![
            modifier.clone().prop_map(|m| dice(0, 0, m)),
            (1..=MAX_DICE, 1..=MAX_SIDES, modifier).prop_map(|(c, s, m)| dice(c, s, m)),
        ]
    }

    proptest! {
        #[test]
        fn display_round_trips(d in valid_dice()) {
            prop_assert_eq!(Dice::parse(&d.to_string()), Ok(d));
        }

        #[test]
        fn rolls_stay_within_min_and_max(d in valid_dice(), seed in any::<u64>()) {
            let roll = d.roll(&mut GameRng::from_seed(seed));
            prop_assert!(d.min() <= roll.total && roll.total <= d.max());
            prop_assert_eq!(roll.faces.len(), d.count as usize);
            prop_assert!(roll.faces.iter().all(|&f| f >= 1 && f <= d.sides));
        }

        #[test]
        fn parse_never_panics(text in any::<String>()) {
            if let Err(e) = Dice::parse(&text) {
                prop_assert!(e.offset <= text.len());
                prop_assert!(text.is_char_boundary(e.offset));
            }
        }

        #[test]
        fn parse_never_panics_on_dice_like_text(text in "[0-9dD+\\- ]{0,30}") {
            match Dice::parse(&text) {
                Ok(d) => prop_assert!(d.count <= MAX_DICE && d.sides <= MAX_SIDES),
                Err(e) => prop_assert!(e.offset <= text.len()),
            }
        }
    }
}

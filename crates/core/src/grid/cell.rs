//! A cell address and its human name (`A1` is the top-left cell; columns are letters,
//! rows are numbers counted from 1), as printed by `show` and used in narration.

use std::fmt;

/// A cell on the board. Ordering is reading order (row first, then column), which is the
/// fixed tie rule used wherever the rules leave several equal cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row index from 0 (the number in the name minus one).
    pub row: i32,
    /// Column index from 0 (the letters of the name: A is 0).
    pub col: i32,
}

/// Largest accepted column index and row number in a cell name (far beyond any board).
pub const MAX_NAMED_INDEX: u64 = 99_999;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a cell name: {reason} (cells are named like `A1` or `C12`: column letters, then the row number)"
)]
/// A text that is not a cell name, and why.
pub struct CellNameError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Cell {
    /// The cell at a column and row index (both from 0).
    pub const fn new(col: i32, row: i32) -> Cell {
        Cell { row, col }
    }

    /// The cell's label: column letters (A..Z, AA..) then the 1-based row.
    /// Cells left of or above the board (negative coordinates) have no letter name and
    /// are written as `(col,row)` so that narration of a bad cell never panics.
    pub fn name(self) -> String {
        if self.col < 0 || self.row < 0 {
            return format!("({},{})", self.col, self.row);
        }
        // Bijective base 26: A=1 .. Z=26, so column 0 is "A" and column 26 is "AA".
        let mut letters = [0u8; 8];
        let mut first = letters.len();
        let mut n = self.col as u64 + 1;
        while n > 0 {
            first -= 1;
            letters[first] = b'A' + ((n - 1) % 26) as u8;
            n = (n - 1) / 26;
        }
        // The row number's digits, written by hand: narration names cells at every step,
        // and the formatting machinery costs several times this.
        let mut digits = [0u8; 10];
        let mut start = digits.len();
        let mut n = self.row as u64 + 1;
        while n > 0 {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        let mut out = String::with_capacity(letters.len() - first + digits.len() - start);
        out.extend(letters[first..].iter().map(|&b| char::from(b)));
        out.extend(digits[start..].iter().map(|&b| char::from(b)));
        out
    }

    /// Parses a label such as `c4` or `AB12` (letters are case-insensitive).
    ///
    /// Accepted: one or more letters immediately followed by a row number without a
    /// leading zero, nothing else (no spaces). Columns and rows are capped at
    /// [`MAX_NAMED_INDEX`] so absurd names are rejected instead of overflowing.
    pub fn parse(text: &str) -> Result<Cell, CellNameError> {
        let fail = |reason: &str| CellNameError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        if text.is_empty() {
            return Err(fail("it is empty"));
        }
        if let Some(bad) = text.chars().find(|c| !c.is_ascii_alphanumeric()) {
            return Err(fail(&format!("it contains the character {bad:?}")));
        }
        let split = text
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(text.len());
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() {
            return Err(fail("it does not start with column letters"));
        }
        if digits.is_empty() {
            return Err(fail("it has no row number after the column letters"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(
                "letters and digits are mixed; the letters must all come first",
            ));
        }
        // Each extra letter multiplies the column by 26, so a few letters already exceed the cap.
        if letters.len() > 4 {
            return Err(fail("the column is too far right"));
        }
        let mut col: u64 = 0;
        for b in letters.bytes() {
            col = col * 26 + u64::from(b.to_ascii_uppercase() - b'A') + 1;
        }
        let col = col - 1;
        if col > MAX_NAMED_INDEX {
            return Err(fail("the column is too far right"));
        }
        if digits.starts_with('0') {
            return Err(if digits.bytes().all(|b| b == b'0') {
                fail("rows are counted from 1, there is no row 0")
            } else {
                fail("the row number has a leading zero")
            });
        }
        if digits.len() > 6 {
            return Err(fail("the row number is too large"));
        }
        let row: u64 = digits
            .parse()
            .map_err(|_| fail("the row number is not a number"))?;
        if row > MAX_NAMED_INDEX {
            return Err(fail("the row number is too large"));
        }
        Ok(Cell::new(col as i32, (row - 1) as i32))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_cells() {
        assert_eq!(Cell::new(0, 0).name(), "A1");
        assert_eq!(Cell::new(2, 3).name(), "C4");
        assert_eq!(Cell::new(25, 0).name(), "Z1");
        assert_eq!(Cell::new(26, 0).name(), "AA1");
        assert_eq!(Cell::new(27, 11).name(), "AB12");
        assert_eq!(Cell::new(51, 0).name(), "AZ1");
        assert_eq!(Cell::new(52, 0).name(), "BA1");
        assert_eq!(Cell::new(0, 9).name(), "A10");
        assert_eq!(Cell::new(1, 99).name(), "B100");
        assert_eq!(Cell::new(0, i32::MAX - 1).name(), "A2147483647");
        assert_eq!(Cell::new(701, 0).name(), "ZZ1");
        // The widest column still fits the letters' buffer (seven letters).
        assert_eq!(Cell::new(i32::MAX, 0).name(), "FXSHRXX1");
        assert_eq!(Cell::new(702, 0).name(), "AAA1");
        assert_eq!(Cell::new(-1, 2).name(), "(-1,2)");
        assert_eq!(Cell::new(1, 1).to_string(), "B2");
    }

    #[test]
    fn parse_round_trips() {
        for col in (0..800).chain([18_277, 18_278, 99_999]) {
            for row in [0, 1, 9, 10, 99, 99_998] {
                let c = Cell::new(col, row);
                assert_eq!(Cell::parse(&c.name()), Ok(c), "{}", c.name());
            }
        }
    }

    #[test]
    fn parse_is_case_insensitive() {
        assert_eq!(Cell::parse("c4"), Ok(Cell::new(2, 3)));
        assert_eq!(Cell::parse("aB12"), Ok(Cell::new(27, 11)));
    }

    fn reason(text: &str) -> String {
        Cell::parse(text).unwrap_err().reason
    }

    #[test]
    fn parse_rejects_bad_names() {
        assert_eq!(reason(""), "it is empty");
        assert!(reason("12").contains("column letters"));
        assert!(reason("AB").contains("no row number"));
        assert!(reason("A0").contains("no row 0"));
        assert!(reason("A00").contains("no row 0"));
        assert!(reason("A01").contains("leading zero"));
        assert!(reason("A1B").contains("mixed"));
        assert!(reason(" A1").contains("character"));
        assert!(reason("A-1").contains("character"));
        assert!(reason("Ä1").contains("character"));
        assert!(reason("A100000").contains("too large"));
        assert!(reason("A99999999999999999999999").contains("too large"));
        assert!(reason("ZZZZZZZZZZZZZZZZZZZZ1").contains("too far right"));
        assert!(reason("EQXE1").contains("too far right")); // column index 100 000
        assert_eq!(Cell::parse("EQXD1"), Ok(Cell::new(99_999, 0)));
        let err = Cell::parse("x").unwrap_err();
        assert!(err.to_string().starts_with("`x` is not a cell name: "));
    }
}

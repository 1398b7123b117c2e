//! Dice the players roll themselves: the one source of entered values the world's rolls
//! consult instead of the board's generator. `--rolls 17,4,9` gives the faces in order
//! ([`Listed`]); `--dice ask` (or a board whose table rolls its own dice) asks for each
//! one on standard input, saying what it is for ([`Asked`]). A face the die cannot show,
//! too few values, values left over and the end of input all stop the command (exit 2,
//! nothing written).

use super::events::Event;
use super::ties::Narrate;
use std::io::{BufRead, Write};

/// Who rolls a command's dice (`--dice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiceMode {
    /// The players: each die is asked for on standard input, saying what it is for.
    Ask,
    /// The tool, with the board's seeded generator (even on a board whose table rolls
    /// its own dice).
    Tool,
}

/// Why an entered value could not be had: a message and what to do.
pub type Refusal = (String, String);

/// Where the faces of entered dice come from.
pub trait Entered {
    /// Told what happened since the last question, just before the next one.
    fn show(&mut self, _events: &[Event]) {}
    /// The face shown by one die of `sides` sides, rolled for `what` ("Warg 1 attacks
    /// Borin: d20+4"); a refusal stops the command.
    fn face(&mut self, sides: u32, what: &str) -> Result<u32, Refusal>;
    /// Once the command has run: a refusal when values were given that no roll used.
    fn finish(&self) -> Result<(), Refusal> {
        Ok(())
    }
}

/// "1st", "2nd", "3rd", "11th"...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What a face of a die with `sides` sides may be, in words.
fn faces_of(sides: u32) -> String {
    format!("a d{sides} shows 1 to {sides}")
}

/// The faces given with `--rolls`, used in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    values: Vec<u32>,
    used: usize,
}

impl Listed {
    /// Reads `--rolls`' text: whole numbers separated by commas ("17,4,9").
    pub fn parse(text: &str) -> Result<Listed, Refusal> {
        let mut values = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let part = part.trim();
            match part.parse::<u32>() {
                Ok(v) if v > 0 => values.push(v),
                _ => {
                    return Err((
                        format!(
                            "--rolls: the {} value, `{part}`, is not a die's face",
                            ordinal(i + 1)
                        ),
                        "give the faces rolled as whole numbers from 1, separated by commas \
                         (`--rolls 17,4,9`)"
                            .into(),
                    ));
                }
            }
        }
        Ok(Listed { values, used: 0 })
    }
}

impl Entered for Listed {
    fn face(&mut self, sides: u32, what: &str) -> Result<u32, Refusal> {
        let n = self.used + 1;
        let Some(&v) = self.values.get(self.used) else {
            return Err((
                format!(
                    "--rolls gave {} value{}, and the {} roll, a d{sides} for \"{what}\", had none",
                    self.values.len(),
                    if self.values.len() == 1 { "" } else { "s" },
                    ordinal(n)
                ),
                "add that roll's face to --rolls, or use --dice ask to be asked for each die"
                    .into(),
            ));
        };
        if v > sides {
            return Err((
                format!(
                    "--rolls: the {} value, {v}, is the d{sides} rolled for \"{what}\", and {}",
                    ordinal(n),
                    faces_of(sides)
                ),
                "give the face the die shows".into(),
            ));
        }
        self.used = n;
        Ok(v)
    }

    fn finish(&self) -> Result<(), Refusal> {
        if self.used >= self.values.len() {
            return Ok(());
        }
        let left: Vec<String> = self.values[self.used..]
            .iter()
            .map(u32::to_string)
            .collect();
        Err((
            format!(
                "--rolls gave {} values, and the command rolled {} di{}: {} left over",
                self.values.len(),
                self.used,
                if self.used == 1 { "e" } else { "ce" },
                left.join(", ")
            ),
            "give only the faces of the rolls this command makes, in order".into(),
        ))
    }
}

/// `--dice ask`: each face is asked for on `out` and read from `input`. On a terminal a
/// number the die cannot show is asked again; from a pipe it is refused.
pub struct Asked<R, W> {
    /// Where the answers are read from.
    pub input: R,
    /// Where the questions are written.
    pub out: W,
    /// Whether `input` is a terminal (a wrong answer is asked again).
    pub terminal: bool,
    /// Tells what happened since the last question before asking.
    pub narrate: Option<Narrate>,
    /// Lines read so far, to locate a refused answer.
    pub lines: usize,
}

impl<R: BufRead, W: Write> Asked<R, W> {
    /// Asks on `out`, reads from `input`.
    pub fn new(input: R, out: W, terminal: bool, narrate: Option<Narrate>) -> Asked<R, W> {
        Asked {
            input,
            out,
            terminal,
            narrate,
            lines: 0,
        }
    }
}

impl<R: BufRead, W: Write> Entered for Asked<R, W> {
    fn show(&mut self, events: &[Event]) {
        if let Some(narrate) = &self.narrate {
            let _ = write!(self.out, "{}", narrate(events));
        }
    }

    fn face(&mut self, sides: u32, what: &str) -> Result<u32, Refusal> {
        loop {
            let _ = write!(self.out, "{what} — your d{sides}? ");
            let _ = self.out.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    return Err((
                        format!(
                            "standard input, line {}: --dice ask needs the d{sides} rolled for \
                             \"{what}\", and the input ended",
                            self.lines + 1
                        ),
                        "roll it and type its face, or give the faces with --rolls".into(),
                    ));
                }
                Ok(_) => self.lines += 1,
            }
            let t = line.trim();
            if !self.terminal {
                // Read from a pipe: the answer is shown, as typing would have.
                let _ = writeln!(self.out, "{t}");
            }
            match t.parse::<u32>() {
                Ok(v) if (1..=sides).contains(&v) => return Ok(v),
                _ if self.terminal => {
                    let _ = writeln!(self.out, "`{t}` is not a face: {}", faces_of(sides));
                }
                _ => {
                    return Err((
                        format!(
                            "standard input, line {}: `{t}` is not a face of the d{sides} \
                             rolled for \"{what}\": {}",
                            self.lines,
                            faces_of(sides)
                        ),
                        "give the face the die shows".into(),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_faces_are_used_in_order_and_checked() {
        let mut l = Listed::parse("17, 4,9").unwrap();
        assert_eq!(l.face(20, "Warg 1 attacks Borin: d20+4"), Ok(17));
        assert_eq!(l.face(6, "damage"), Ok(4));
        assert!(l.finish().unwrap_err().0.contains("9 left over"));
        let err = l.face(6, "damage").unwrap_err();
        assert_eq!(
            err.0,
            "--rolls: the 3rd value, 9, is the d6 rolled for \"damage\", and a d6 shows 1 to 6"
        );
        assert_eq!(l.face(10, "speed"), Ok(9));
        assert_eq!(l.finish(), Ok(()));
        let err = l.face(20, "Warg 2 attacks Aria: d20+4").unwrap_err();
        assert_eq!(
            err.0,
            "--rolls gave 3 values, and the 4th roll, a d20 for \"Warg 2 attacks Aria: d20+4\", had none"
        );
    }

    #[test]
    fn listed_text_must_be_faces() {
        assert!(
            Listed::parse("17,x")
                .unwrap_err()
                .0
                .contains("2nd value, `x`")
        );
        assert!(Listed::parse("0").unwrap_err().0.contains("1st value, `0`"));
        assert!(Listed::parse("").is_err());
    }

    #[test]
    fn asked_on_a_terminal_asks_again_and_from_a_pipe_refuses() {
        let mut a = Asked::new(&b"23\n17\n"[..], Vec::new(), true, None);
        assert_eq!(a.face(20, "Warg 1 attacks Borin: d20+4"), Ok(17));
        let out = String::from_utf8(a.out).unwrap();
        assert_eq!(
            out,
            "Warg 1 attacks Borin: d20+4 — your d20? `23` is not a face: a d20 shows 1 to 20\n\
             Warg 1 attacks Borin: d20+4 — your d20? "
        );
        let mut a = Asked::new(&b"23\n17\n"[..], Vec::new(), false, None);
        let err = a.face(20, "Warg 1 attacks Borin: d20+4").unwrap_err();
        assert!(
            err.0.starts_with("standard input, line 1: `23`"),
            "{}",
            err.0
        );
        let mut a = Asked::new(&b"4\n"[..], Vec::new(), false, None);
        assert_eq!(a.face(10, "a"), Ok(4));
        let err = a.face(10, "speed").unwrap_err();
        assert!(
            err.0.contains("line 2: --dice ask needs the d10"),
            "{}",
            err.0
        );
    }

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).to_vec();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}

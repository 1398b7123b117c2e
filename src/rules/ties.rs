//! Tie policies: what happens when the rules leave several equally good choices
//! (`--ties first|random|ask`).

use crate::chance::rng::GameRng;
use std::io::{BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum TiePolicy {
    /// Take the first option in the listed order (reading order for cells, board order
    /// for creatures).
    #[default]
    First,
    /// Pick one with the board's seeded RNG.
    Random,
    /// Ask on standard input.
    Ask,
}

impl TiePolicy {
    pub fn label(self) -> &'static str {
        match self {
            TiePolicy::First => "first",
            TiePolicy::Random => "random",
            TiePolicy::Ask => "ask",
        }
    }
}

/// Something that picks one of several options.
pub trait Chooser {
    fn policy(&self) -> TiePolicy;
    /// Returns an index into `options` (which has at least two entries), or an error when
    /// no answer can be had.
    fn choose(
        &mut self,
        what: &str,
        options: &[String],
        rng: &mut GameRng,
    ) -> Result<usize, String>;
}

/// The `first` and `random` policies.
pub struct AutoChooser(pub TiePolicy);

impl Chooser for AutoChooser {
    fn policy(&self) -> TiePolicy {
        self.0
    }
    fn choose(
        &mut self,
        _what: &str,
        options: &[String],
        rng: &mut GameRng,
    ) -> Result<usize, String> {
        Ok(match self.0 {
            TiePolicy::Random => rng.below(options.len() as u32) as usize,
            _ => 0,
        })
    }
}

/// The `ask` policy: prints the options to `out` and reads a number from `input`.
pub struct AskChooser<R, W> {
    pub input: R,
    pub out: W,
}

impl<R: BufRead, W: Write> Chooser for AskChooser<R, W> {
    fn policy(&self) -> TiePolicy {
        TiePolicy::Ask
    }
    fn choose(
        &mut self,
        what: &str,
        options: &[String],
        _rng: &mut GameRng,
    ) -> Result<usize, String> {
        let _ = writeln!(self.out, "Tie: {what}");
        for (i, o) in options.iter().enumerate() {
            let _ = writeln!(self.out, "  {}) {o}", i + 1);
        }
        for _ in 0..5 {
            let _ = write!(self.out, "Choose 1-{}: ", options.len());
            let _ = self.out.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let t = line.trim();
            if let Some(i) = t
                .parse::<usize>()
                .ok()
                .filter(|i| (1..=options.len()).contains(i))
            {
                return Ok(i - 1);
            }
            if let Some(i) = options.iter().position(|o| o.eq_ignore_ascii_case(t)) {
                return Ok(i);
            }
            let _ = writeln!(self.out, "`{t}` is not one of the options");
        }
        Err(format!(
            "--ties ask needs an answer for \"{what}\" on standard input, and none came"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ask_reads_a_number_or_a_name() {
        let mut rng = GameRng::from_seed(1);
        let opts = vec!["aria".to_string(), "borin".to_string()];
        let mut c = AskChooser {
            input: &b"x\n2\n"[..],
            out: Vec::new(),
        };
        assert_eq!(c.choose("target", &opts, &mut rng), Ok(1));
        let mut c = AskChooser {
            input: &b"ARIA\n"[..],
            out: Vec::new(),
        };
        assert_eq!(c.choose("target", &opts, &mut rng), Ok(0));
        let mut c = AskChooser {
            input: &b""[..],
            out: Vec::new(),
        };
        assert!(c.choose("target", &opts, &mut rng).is_err());
    }
}

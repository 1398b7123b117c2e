//! Tie policies: what happens when the rules leave several equally good choices
//! (`--ties first|random|ask`).

use super::events::Event;
use crate::chance::rng::GameRng;
use std::io::{BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
/// How ties between equally good choices are broken.
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
    /// The policy's name, as `--ties` takes it.
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
    /// The policy this chooser follows.
    fn policy(&self) -> TiePolicy;
    /// What has happened since the last question, given just before the next one, so a
    /// player asked can see what the choice is about.
    fn show(&mut self, _events: &[Event]) {}
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

/// Turns events into the narration a player reads.
pub type Narrate = Box<dyn Fn(&[Event]) -> String>;

/// The `ask` policy: prints the options to `out` and reads a number from `input`. With
/// `narrate`, what has happened since the last question is told on `out` first.
pub struct AskChooser<R, W> {
    /// Where the answers are read from.
    pub input: R,
    /// Where the questions are written.
    pub out: W,
    /// Tells what happened since the last question before asking.
    pub narrate: Option<Narrate>,
}

impl<R: BufRead, W: Write> Chooser for AskChooser<R, W> {
    fn policy(&self) -> TiePolicy {
        TiePolicy::Ask
    }
    fn show(&mut self, events: &[Event]) {
        if let Some(narrate) = &self.narrate {
            let _ = write!(self.out, "{}", narrate(events));
        }
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
            narrate: None,
        };
        assert_eq!(c.choose("target", &opts, &mut rng), Ok(1));
        let mut c = AskChooser {
            input: &b"ARIA\n"[..],
            out: Vec::new(),
            narrate: None,
        };
        assert_eq!(c.choose("target", &opts, &mut rng), Ok(0));
        let mut c = AskChooser {
            input: &b""[..],
            out: Vec::new(),
            narrate: None,
        };
        assert!(c.choose("target", &opts, &mut rng).is_err());
    }

    #[test]
    fn ask_tells_what_happened_before_asking() {
        let mut c = AskChooser {
            input: &b"1\n"[..],
            out: Vec::new(),
            narrate: Some(Box::new(|events: &[Event]| {
                format!("{} events\n", events.len())
            })),
        };
        c.show(&[Event::RoundStart { round: 1 }]);
        let opts = vec!["A1".to_string(), "B1".to_string()];
        assert_eq!(c.choose("where", &opts, &mut GameRng::from_seed(1)), Ok(0));
        let out = String::from_utf8(c.out).unwrap();
        assert!(out.starts_with("1 events\nTie: where\n"), "{out}");
    }
}

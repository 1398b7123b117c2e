//! Dice the players roll themselves: the one source of entered values the world's rolls
//! consult instead of the board's generator. `--rolls 17,4,9` gives the faces in order
//! ([`Listed`]); `--dice ask` (or a board whose table rolls its own dice) asks for each
//! one on standard input, saying what it is for ([`Asked`]). A face the die cannot show,
//! too few values, values left over and the end of input all stop the command (exit 2,
//! nothing written).

use super::events::Event;
use super::ties::Narrate;
use super::words::ordinal;
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

/// Where the faces of entered dice and the cards the players drew come from.
pub trait Entered {
    /// Told what happened since the last question, just before the next one.
    fn show(&mut self, _events: &[Event]) {}
    /// The face shown by one die of `sides` sides, rolled for `what` ("Warg 1 attacks
    /// Borin: d20+4"), or `None` when the tool rolls it; a refusal stops the command.
    fn face(&mut self, sides: u32, what: &str) -> Result<Option<u32>, Refusal>;
    /// The card the players drew for `what`, one of `pile` (the names of the cards the
    /// deck's draw pile holds, as the system writes them), or `None` when the tool draws
    /// it; a refusal stops the command.
    fn card(&mut self, _what: &str, _pile: &[String]) -> Result<Option<String>, Refusal> {
        Ok(None)
    }
    /// Once the command has run: a refusal when values were given that none used.
    fn finish(&self) -> Result<(), Refusal> {
        Ok(())
    }
    /// Whether the players draw cards themselves this command (so the tool's own order
    /// of a deck it shuffles means nothing to them).
    fn draws_cards(&self) -> bool {
        false
    }
    /// Whether the last value given came from a question on the screen, after the
    /// narration of everything shown so far (so that narration need not be printed
    /// again).
    fn asked(&self) -> bool {
        false
    }
}

/// What a system's deck draws with: the generator for its shuffles, and the card the
/// players drew when they draw their own (`World` answers through
/// `World::entered_card`; a bare generator never picks).
pub trait Draws {
    /// The generator for shuffles.
    fn rng(&mut self) -> &mut crate::chance::rng::GameRng;
    /// The card the players drew for `what`, one of `pile`, if they draw their own.
    fn pick(&mut self, _what: &str, _pile: &[String]) -> Option<String> {
        None
    }
}

impl Draws for crate::chance::rng::GameRng {
    fn rng(&mut self) -> &mut crate::chance::rng::GameRng {
        self
    }
}

/// Several sources at once (`--rolls` and `--cards`): each value comes from the first
/// that gives it.
pub struct Sources(pub Vec<Box<dyn Entered>>, pub Option<usize>);

impl Sources {
    /// The sources, none of which has answered yet.
    pub fn new(sources: Vec<Box<dyn Entered>>) -> Sources {
        Sources(sources, None)
    }
}

impl Entered for Sources {
    fn show(&mut self, events: &[Event]) {
        for s in &mut self.0 {
            s.show(events);
        }
    }
    fn face(&mut self, sides: u32, what: &str) -> Result<Option<u32>, Refusal> {
        for (i, s) in self.0.iter_mut().enumerate() {
            if let Some(v) = s.face(sides, what)? {
                self.1 = Some(i);
                return Ok(Some(v));
            }
        }
        Ok(None)
    }
    fn card(&mut self, what: &str, pile: &[String]) -> Result<Option<String>, Refusal> {
        for (i, s) in self.0.iter_mut().enumerate() {
            if let Some(c) = s.card(what, pile)? {
                self.1 = Some(i);
                return Ok(Some(c));
            }
        }
        Ok(None)
    }
    fn asked(&self) -> bool {
        self.1.is_some_and(|i| self.0[i].asked())
    }
    fn finish(&self) -> Result<(), Refusal> {
        self.0.iter().try_for_each(|s| s.finish())
    }
    fn draws_cards(&self) -> bool {
        self.0.iter().any(|s| s.draws_cards())
    }
}

/// The cards of a draw pile in words, grouped and sorted so that nothing of the pile's
/// order shows: `+0 ×6, +1 ×5, null`.
pub fn pile_words(pile: &[String]) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in pile {
        *counts.entry(c.as_str()).or_default() += 1;
    }
    let words: Vec<String> = counts
        .into_iter()
        .map(|(c, n)| {
            if n == 1 {
                c.to_string()
            } else {
                format!("{c} ×{n}")
            }
        })
        .collect();
    if words.is_empty() {
        "nothing".into()
    } else {
        words.join(", ")
    }
}

/// The card of `pile` that `answer` names (any case), or the refusal's message and hint.
fn card_of(answer: &str, pile: &[String]) -> Result<String, (String, String)> {
    if let Some(c) = pile.iter().find(|c| c.eq_ignore_ascii_case(answer.trim())) {
        return Ok(c.clone());
    }
    let names: Vec<&str> = pile.iter().map(String::as_str).collect();
    let close = crate::io::diagnostic::did_you_mean(answer.trim(), &names)
        .map(|c| format!("did you mean `{c}`? "))
        .unwrap_or_default();
    Err((
        format!("`{}` is not in the draw pile", answer.trim()),
        format!("{close}the draw pile holds {}", pile_words(pile)),
    ))
}

/// The cards given with `--cards`, drawn in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardList {
    cards: Vec<String>,
    used: usize,
}

impl CardList {
    /// Reads `--cards`' text: card names separated by commas (`null,+1,x2`).
    pub fn parse(text: &str) -> CardList {
        CardList {
            cards: text.split(',').map(|c| c.trim().to_string()).collect(),
            used: 0,
        }
    }
}

impl Entered for CardList {
    fn face(&mut self, _sides: u32, _what: &str) -> Result<Option<u32>, Refusal> {
        Ok(None)
    }

    fn draws_cards(&self) -> bool {
        true
    }

    fn card(&mut self, what: &str, pile: &[String]) -> Result<Option<String>, Refusal> {
        let n = self.used + 1;
        let Some(given) = self.cards.get(self.used) else {
            return Err((
                format!(
                    "--cards gave {} card{}, and the {} draw, for \"{what}\", had none",
                    self.cards.len(),
                    if self.cards.len() == 1 { "" } else { "s" },
                    ordinal(n)
                ),
                format!(
                    "add the card you drew to --cards (the draw pile holds {})",
                    pile_words(pile)
                ),
            ));
        };
        match card_of(given, pile) {
            Ok(c) => {
                self.used = n;
                Ok(Some(c))
            }
            Err((msg, hint)) => Err((
                format!(
                    "--cards: the {} card, drawn for \"{what}\": {msg}",
                    ordinal(n)
                ),
                hint,
            )),
        }
    }

    fn finish(&self) -> Result<(), Refusal> {
        if self.used >= self.cards.len() {
            return Ok(());
        }
        Err((
            format!(
                "--cards gave {} card{}, and the command drew {}: {} left over",
                self.cards.len(),
                if self.cards.len() == 1 { "" } else { "s" },
                self.used,
                self.cards[self.used..].join(", ")
            ),
            "give only the cards this command draws, in order".into(),
        ))
    }
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
    fn face(&mut self, sides: u32, what: &str) -> Result<Option<u32>, Refusal> {
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
        Ok(Some(v))
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
                "--rolls gave {} value{}, and the command rolled {} di{}: {} left over",
                self.values.len(),
                if self.values.len() == 1 { "" } else { "s" },
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
    /// Whether dice are asked for (else the tool rolls them).
    pub dice: bool,
    /// Whether cards are asked for (else the tool draws them).
    pub cards: bool,
    /// What happened since the last question, told before the next one.
    pending: String,
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
            dice: true,
            cards: false,
            pending: String::new(),
        }
    }

    /// Asks for `dice`, for `cards`, or both.
    pub fn asking(mut self, dice: bool, cards: bool) -> Asked<R, W> {
        self.dice = dice;
        self.cards = cards;
        self
    }

    /// Asks `question` and reads one answer: `None` at the end of input.
    fn answer(&mut self, question: &str) -> Option<String> {
        let told = std::mem::take(&mut self.pending);
        let _ = write!(self.out, "{told}{question} ");
        let _ = self.out.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => self.lines += 1,
        }
        let t = line.trim().to_string();
        if !self.terminal {
            // Read from a pipe: the answer is shown, as typing would have.
            let _ = writeln!(self.out, "{t}");
        }
        Some(t)
    }
}

impl<R: BufRead, W: Write> Entered for Asked<R, W> {
    fn draws_cards(&self) -> bool {
        self.cards
    }

    fn asked(&self) -> bool {
        // Every value it gives is asked for, after the narration so far.
        self.narrate.is_some()
    }

    fn show(&mut self, events: &[Event]) {
        if let Some(narrate) = &self.narrate {
            self.pending.push_str(&narrate(events));
        }
    }

    fn face(&mut self, sides: u32, what: &str) -> Result<Option<u32>, Refusal> {
        if !self.dice {
            return Ok(None);
        }
        loop {
            let Some(t) = self.answer(&format!("{what} — your d{sides}?")) else {
                return Err((
                    format!(
                        "standard input, line {}: --dice ask needs the d{sides} rolled for \
                             \"{what}\", and the input ended",
                        self.lines + 1
                    ),
                    "roll it and type its face, or give the faces with --rolls".into(),
                ));
            };
            match t.parse::<u32>() {
                Ok(v) if (1..=sides).contains(&v) => return Ok(Some(v)),
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

    fn card(&mut self, what: &str, pile: &[String]) -> Result<Option<String>, Refusal> {
        if !self.cards {
            return Ok(None);
        }
        loop {
            let Some(t) = self.answer(&format!("{what} — your card?")) else {
                return Err((
                    format!(
                        "standard input, line {}: the card drawn for \"{what}\" is asked for, and \
                         the input ended",
                        self.lines + 1
                    ),
                    format!(
                        "draw it and type its name (the draw pile holds {}), or give the cards with --cards",
                        pile_words(pile)
                    ),
                ));
            };
            match card_of(&t, pile) {
                Ok(c) => return Ok(Some(c)),
                Err((msg, hint)) if self.terminal => {
                    let _ = writeln!(self.out, "{msg}: {hint}");
                }
                Err((msg, hint)) => {
                    return Err((
                        format!(
                            "standard input, line {}: the card drawn for \"{what}\": {msg}",
                            self.lines
                        ),
                        hint,
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
        assert_eq!(l.face(20, "Warg 1 attacks Borin: d20+4"), Ok(Some(17)));
        assert_eq!(l.face(6, "damage"), Ok(Some(4)));
        assert!(l.finish().unwrap_err().0.contains("9 left over"));
        let err = l.face(6, "damage").unwrap_err();
        assert_eq!(
            err.0,
            "--rolls: the 3rd value, 9, is the d6 rolled for \"damage\", and a d6 shows 1 to 6"
        );
        assert_eq!(l.face(10, "speed"), Ok(Some(9)));
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
    fn sources_say_whether_the_last_value_was_asked_after_the_narration() {
        // `--cards null` for the modifier card; the dice asked (with narration).
        let listed = CardList::parse("null");
        let narrate: super::super::ties::Narrate = Box::new(|_| String::new());
        let asked = Asked::new(&b"17\n"[..], Vec::new(), false, Some(narrate));
        let mut s = Sources::new(vec![Box::new(listed), Box::new(asked)]);
        assert!(!s.asked());
        let pile = ["+0".to_string(), "null".to_string()];
        assert_eq!(
            s.card("a modifier card", &pile),
            Ok(Some("null".to_string()))
        );
        assert!(!s.asked(), "a listed card is not asked on the screen");
        assert_eq!(s.face(20, "save"), Ok(Some(17)));
        assert!(s.asked());
        // Asked without narration (a test's) tells nothing on the screen.
        let quiet = Asked::new(&b"3\n"[..], Vec::new(), false, None);
        let mut s = Sources::new(vec![Box::new(quiet)]);
        assert_eq!(s.face(6, "damage"), Ok(Some(3)));
        assert!(!s.asked());
    }

    #[test]
    fn asked_on_a_terminal_asks_again_and_from_a_pipe_refuses() {
        let mut a = Asked::new(&b"23\n17\n"[..], Vec::new(), true, None);
        assert_eq!(a.face(20, "Warg 1 attacks Borin: d20+4"), Ok(Some(17)));
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
        assert_eq!(a.face(10, "a"), Ok(Some(4)));
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

//! The odds of a system's decks, as `show` lists them (SPEC §14): for each deck in play,
//! how many cards are left, the chances that matter for the next card and every distinct
//! card's chance, as exact reduced fractions. A plain description: each system works its
//! odds out behind the seam (`Monsters::odds`), the app only prints them.

use serde::Serialize;

/// An exact chance, always reduced (`3/17`; `0/1` when nothing can come, `1/1` for sure).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// Above the line.
    pub numerator: u64,
    /// Below the line (never 0).
    pub denominator: u64,
}

impl Fraction {
    /// `count` out of `of`, reduced (`0/1` when `of` is 0).
    pub fn of(count: usize, of: usize) -> Fraction {
        if of == 0 || count == 0 {
            return Fraction {
                numerator: 0,
                denominator: 1,
            };
        }
        let (n, d) = (count as u64, of as u64);
        let g = gcd(n, d);
        Fraction {
            numerator: n / g,
            denominator: d / g,
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

impl Serialize for Fraction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The chance that the next card is of one kind: `count` of the cards left are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chance {
    /// What the card is or does (`a shuffle card`, `null`, `targets Lucy`).
    pub what: String,
    /// How many of the cards left are.
    pub count: usize,
    /// `count` over the cards left, reduced.
    pub chance: Fraction,
}

impl Chance {
    /// `count` of `left` cards are `what`.
    pub fn new(what: impl Into<String>, count: usize, left: usize) -> Chance {
        Chance {
            what: what.into(),
            count,
            chance: Fraction::of(count, left),
        }
    }
}

/// One deck in play and its odds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeckOdds {
    /// Which deck, by its type's key (`grave-warden ability deck`, `monsters' modifier
    /// deck`): what `--json` has always carried.
    pub deck: String,
    /// The monster type whose deck it is, by key (`grave-warden`); none for a deck no
    /// single type owns.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The deck as a player calls it (`Grave Warden's ability deck`): what the text prints.
    pub name: String,
    /// Cards left to draw from (the pile the next card comes from).
    pub left: usize,
    /// What the count means besides, when it means more (`wounds to defeat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_means: Option<String>,
    /// The chances that matter for the next card.
    pub next: Vec<Chance>,
    /// More words about the deck (`2 bless among them`, `reshuffled before the next
    /// card`).
    pub notes: Vec<String>,
    /// Every distinct card left and its chance, in the deck's own order.
    pub cards: Vec<Chance>,
    /// When several monsters draw from the deck in turn, each one's own draw, in the order
    /// they draw (`next` is then the first one's); the monsters that draw otherwise (two
    /// cards, with advantage or disadvantage); empty when none does.
    pub monsters: Vec<MonsterDraw>,
}

/// What one of several monsters sharing a deck draws on its type's next turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MonsterDraw {
    /// The monster's id.
    pub monster: String,
    /// Its name, as narration gives it.
    pub name: String,
    /// Its place among the monsters drawing in turn (1: it draws the deck's next card);
    /// none when the line is not about an order (a monster that draws two cards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<usize>,
    /// What its own count means, when it has one (`Life 3: 3 wounds to defeat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_means: Option<String>,
    /// The chances that matter for the card it draws.
    pub next: Vec<Chance>,
    /// More words about its draw (`if each monster before it draws one card`).
    pub notes: Vec<String>,
}

/// Every distinct card of `pile` (in first-seen order) and its chance of coming next.
pub fn each_card<T: PartialEq>(pile: &[T], word: impl Fn(&T) -> String) -> Vec<Chance> {
    let mut seen: Vec<&T> = Vec::new();
    for c in pile {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.into_iter()
        .map(|c| Chance::new(word(c), pile.iter().filter(|&x| x == c).count(), pile.len()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_reduced_and_exact() {
        assert_eq!(Fraction::of(6, 20).to_string(), "3/10");
        assert_eq!(Fraction::of(3, 17).to_string(), "3/17");
        assert_eq!(Fraction::of(0, 5).to_string(), "0/1");
        assert_eq!(Fraction::of(4, 4).to_string(), "1/1");
        let cards = each_card(&["a", "b", "a"], |s| s.to_string());
        assert_eq!(cards[0], Chance::new("a", 2, 3));
        assert_eq!(cards[1].chance.to_string(), "1/3");
    }
}

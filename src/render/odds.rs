//! The odds `show` prints after the system's lines (SPEC §14): a line per deck in play
//! (cards left and the chances that matter next), a line under it for each monster when
//! several draw from the deck, and with `--odds` every card's chance. Each system works
//! its odds out itself (`Monsters::odds`); this only writes them.

use crate::board::odds::{Chance, DeckOdds};
use crate::rules::words::ordinal_word;

/// The odds as text, one line per deck (and one per monster drawing from it, when several
/// do; with `every_card`, an indented line of each card's chance, unless the deck's line
/// already gave every one); empty when no deck is in play.
pub fn odds_text(odds: &[DeckOdds], every_card: bool) -> String {
    if odds.is_empty() {
        return String::new();
    }
    let mut out = String::from("Odds of the next card:\n");
    for d in odds {
        let mut line = format!(
            "  {}: {} card{} left",
            d.name,
            d.left,
            if d.left == 1 { "" } else { "s" }
        );
        if let Some(means) = &d.left_means {
            line.push_str(&format!(" (= {means})"));
        }
        // With several monsters drawing in turn, the first one's line gives the next
        // card's chances.
        let in_turn = d.monsters.first().is_some_and(|m| m.draws == Some(1));
        let next: &[Chance] = if in_turn { &[] } else { &d.next };
        for part in chances(next, &d.notes) {
            line.push_str(&format!("; {part}"));
        }
        out.push_str(&line);
        out.push('\n');
        for m in &d.monsters {
            let mut line = format!("    {}", m.name);
            if let Some(k) = m.draws {
                line.push_str(&format!(" draws {}", ordinal_word(k)));
            }
            if let Some(means) = &m.left_means {
                line.push_str(&format!(" ({means})"));
            }
            let parts = chances(&m.next, &m.notes);
            if !parts.is_empty() {
                line.push_str(&format!(": {}", parts.join("; ")));
            }
            out.push_str(&line);
            out.push('\n');
        }
        if every_card && !d.cards.is_empty() && d.cards != d.next {
            let each: Vec<String> = d.cards.iter().map(chance).collect();
            out.push_str(&format!("    every card: {}\n", each.join(", ")));
        }
    }
    out
}

/// `what chance` for each chance (a chance of nothing as `0`, not `0/1`), then each note.
fn chances(next: &[Chance], notes: &[String]) -> Vec<String> {
    next.iter()
        .map(chance)
        .chain(notes.iter().cloned())
        .collect()
}

/// `what chance`, a chance of nothing written `0`.
fn chance(c: &Chance) -> String {
    if c.count == 0 {
        format!("{} 0", c.what)
    } else {
        format!("{} {}", c.what, c.chance)
    }
}

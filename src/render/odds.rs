//! The odds `show` prints after the system's lines (SPEC §14): a line per deck in play
//! (cards left and the chances that matter next), and with `--odds` every card's chance.
//! Each system works its odds out itself (`Monsters::odds`); this only writes them.

use crate::board::odds::DeckOdds;

/// The odds as text, one line per deck (and with `every_card`, an indented line of each
/// card's chance, unless the deck's line already gave every one); empty when no deck is
/// in play.
pub fn odds_text(odds: &[DeckOdds], every_card: bool) -> String {
    if odds.is_empty() {
        return String::new();
    }
    let mut out = String::from("Odds of the next card:\n");
    for d in odds {
        let mut line = format!(
            "  {}: {} card{} left",
            d.deck,
            d.left,
            if d.left == 1 { "" } else { "s" }
        );
        if let Some(means) = &d.left_means {
            line.push_str(&format!(" (= {means})"));
        }
        for c in &d.next {
            line.push_str(&format!("; {} {}", c.what, c.chance));
        }
        for n in &d.notes {
            line.push_str(&format!("; {n}"));
        }
        out.push_str(&line);
        out.push('\n');
        if every_card && !d.cards.is_empty() && d.cards != d.next {
            let each: Vec<String> = d
                .cards
                .iter()
                .map(|c| format!("{} {}", c.what, c.chance))
                .collect();
            out.push_str(&format!("    every card: {}\n", each.join(", ")));
        }
    }
    out
}

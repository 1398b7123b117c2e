//! What `show` adds to an ability-deck board: loot hexes marked with their coins, and a
//! line each for the loot, the curses given to characters, the rooms still hidden and the
//! elements (when the board tracks them).

use super::compile::AbilityDecks;
use super::modifiers::Modifier;
use super::round_calls::{coming_round, missing, record_command, under_way};
use super::stat_line::line;
use super::state::{
    curses_given, initiatives, is_elite, level, loot, monsters_waiting, next_initiatives, rooms,
    type_decks,
};
use super::stats::gold_per_token;
use super::turn::describe;
use crate::board::overlay::Overlay;
use crate::board::{Fight, Side};
use crate::rules::deck::ending;
use crate::rules::words::Names;

/// The marks and lines `show` adds to an ability-deck board.
pub(crate) fn overlay(fight: &Fight, decks: &AbilityDecks) -> Overlay {
    let mut o = Overlay::default();
    for c in &fight.board.creatures {
        if is_elite(fight, &c.id) {
            o.ranks.insert(c.id.clone(), "elite".into());
        }
    }
    o.lines.extend(initiative_lines(fight));
    o.lines.extend(card_lines(fight, decks));
    if !over(fight) {
        o.lines.extend(super::drawn::drawn_line(fight, decks));
    }
    o.lines.extend(modifier_line(fight));
    o.lines.extend(super::element_play::element_line(fight));
    let coins = loot(fight);
    for l in &coins {
        let label = if l.gold < 10 {
            format!("${}", l.gold)
        } else {
            "$$".to_string()
        };
        let meaning = match l.gold {
            1 => "loot: 1 money token".to_string(),
            n if n < 10 => format!("loot: {n} money tokens"),
            _ => "loot: 10 or more money tokens".to_string(),
        };
        o.marks.push((l.cell, label, meaning));
    }
    if !coins.is_empty() {
        let each: Vec<String> = coins
            .iter()
            .map(|l| format!("{} ({})", l.cell.name(), l.gold))
            .collect();
        let level = level(fight);
        o.lines.push(format!(
            "Loot: {}; a money token is worth {} gold at scenario level {level}",
            each.join(", "),
            gold_per_token(level)
        ));
    }
    let hidden = rooms(fight);
    for room in &hidden {
        for &c in &room.cells {
            o.marks
                .push((c, "??".into(), "an unrevealed room (behind a door)".into()));
        }
    }
    if !hidden.is_empty() {
        let doors: Vec<String> = hidden
            .iter()
            .flat_map(|r| r.doors.iter().map(|d| d.name()))
            .collect();
        o.lines.push(format!(
            "Unrevealed rooms behind the doors on {} (open one with `monster-ai door BOARD CELL open`)",
            doors.join(", ")
        ));
    }
    let curses = curses_given(fight);
    if !curses.is_empty() {
        let names = Names::of_board(&fight.board);
        let each: Vec<String> = curses
            .iter()
            .map(|(id, n)| format!("{} {n}", names.of(id)))
            .collect();
        o.lines.push(format!(
            "Curses given to characters (for their own decks): {}",
            each.join(", ")
        ));
    }
    o
}

/// The characters' initiatives: this round's while it is under way (and any recorded for
/// the next), else those recorded for the coming round and whose are still missing; none
/// once the fight is over (no round is coming).
fn initiative_lines(fight: &Fight) -> Vec<String> {
    let ids = fight.board.character_ids();
    if ids.is_empty() || over(fight) {
        return Vec::new();
    }
    let name = |id: &str| {
        fight
            .index_of(id)
            .and_then(|i| fight.board.creatures[i].name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let round = fight.board.round;
    let given = initiatives(fight);
    let listed = |values: &dyn Fn(&str) -> Option<u32>| -> Vec<String> {
        ids.iter()
            .filter_map(|id| Some(format!("{} {}", name(id), values(id)?)))
            .collect()
    };
    let mut lines = Vec::new();
    if under_way(fight) {
        let now = listed(&|id| given.get(id).copied());
        lines.push(format!("Initiatives in round {round}: {}", now.join(", ")));
        let next = next_initiatives(fight);
        let later = listed(&|id| next.get(id).map(|c| c.initiative));
        if !later.is_empty() {
            lines.push(format!(
                "Recorded for round {}: {}",
                round + 1,
                later.join(", ")
            ));
        }
        return lines;
    }
    let coming = coming_round(&fight.board);
    let owed = missing(fight);
    let recorded = listed(&|id| {
        (!owed.iter().any(|m| m == id))
            .then(|| given.get(id).copied())
            .flatten()
    });
    let mut line = format!("Initiatives for round {coming}: ");
    if recorded.is_empty() {
        line.push_str("none recorded yet");
    } else {
        line.push_str(&recorded.join(", "));
    }
    if !owed.is_empty() {
        let names: Vec<String> = owed.iter().map(|id| name(id)).collect();
        line.push_str(&format!(
            "; still to record: {} (`{}`)",
            names.join(", "),
            record_command(&owed)
        ));
    }
    lines.push(line);
    lines
}

/// Whether the fight is over (no round is coming).
fn over(fight: &Fight) -> bool {
    let waiting = |side| side == Side::Monsters && monsters_waiting(fight);
    ending(fight, &waiting).is_some()
}

/// Each type's ability card this round, by the type's name as players read it, with its
/// initiative and actions (read at the type's normal line, as the card is told when
/// drawn); a type with no monster left on the board has no card to show.
fn card_lines(fight: &Fight, decks: &AbilityDecks) -> Vec<String> {
    let drawn = type_decks(fight);
    let names = Names::of_board(&fight.board);
    let mut lines = Vec::new();
    for t in decks.in_play(&fight.board) {
        let Some(n) = drawn.get(&t.name).and_then(|d| d.current) else {
            continue;
        };
        let Some(card) = t.cards.get((n as usize).wrapping_sub(1)) else {
            continue;
        };
        let range = line(t, fight, false).map(|l| l.range);
        lines.push(format!(
            "{}: \"{}\" (initiative {}): {}",
            names.of(&t.name),
            card.label,
            card.initiative,
            describe(card, range).join(", ")
        ));
    }
    if !lines.is_empty() {
        lines.insert(0, "Ability cards this round:".to_string());
        for l in lines.iter_mut().skip(1) {
            l.insert_str(0, "  ");
        }
    }
    lines
}

/// The monsters' attack-modifier deck: cards left to draw (with any blessings and curses
/// in it) and the cards drawn since its last shuffle.
fn modifier_line(fight: &Fight) -> Option<String> {
    let deck = super::state::modifier_deck(fight)?;
    let count = |m: Modifier| deck.draw.iter().filter(|&&c| c == m).count();
    let mut extra = Vec::new();
    for (m, word) in [(Modifier::Bless, "bless"), (Modifier::Curse, "curse")] {
        match count(m) {
            0 => {}
            n => extra.push(format!("{n} {word}")),
        }
    }
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" ({} among them)", extra.join(", "))
    };
    let drawn: Vec<&str> = deck.discard.iter().map(|c| c.label()).collect();
    let drawn = if drawn.is_empty() {
        "none drawn since the last shuffle".to_string()
    } else {
        format!("drawn since the last shuffle: {}", drawn.join(" "))
    };
    let due = if deck.shuffle_due {
        "; shuffled at the end of the round"
    } else {
        ""
    };
    Some(format!(
        "Monsters' modifier deck: {} to draw{extra}, {drawn}{due}",
        deck.draw.len()
    ))
}

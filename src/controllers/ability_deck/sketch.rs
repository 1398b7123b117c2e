//! What `show` adds to an ability-deck board: loot hexes marked with their coins, and a
//! line each for the loot, the curses given to characters and the rooms still hidden.

use super::state::{curses_given, loot, rooms};
use crate::board::Fight;
use crate::board::overlay::Overlay;

pub fn overlay(fight: &Fight) -> Overlay {
    let mut o = Overlay::default();
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
        o.lines.push(format!("Loot: {}", each.join(", ")));
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
        let each: Vec<String> = curses.iter().map(|(id, n)| format!("{id} {n}")).collect();
        o.lines.push(format!(
            "Curses given to characters (for their own decks): {}",
            each.join(", ")
        ));
    }
    o
}

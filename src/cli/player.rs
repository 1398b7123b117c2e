//! What the player-side commands (`hit`, `heal`, `move`, `status`, `gold`, `add`,
//! `remove`) share: reading their arguments into checked values, each mistake a
//! diagnostic with a hint, before anything changes.

use super::session::Session;
use crate::board::{Blocked, Fight};
use crate::chance::dice::Dice;
use crate::error::Result;
use crate::grid::{Cell, Terrain};
use crate::io::diagnostic::{Diagnostic, did_you_mean};

/// The board as messages name it.
pub(super) fn board_name(board: &str) -> String {
    match board {
        "-" => "the board on standard input".to_string(),
        file => file.to_string(),
    }
}

/// The index of creature `id` on the board; `role` says which argument it is ("TARGET").
pub(super) fn creature(session: &Session, board: &str, id: &str, role: &str) -> Result<usize> {
    let b = &session.fight.board;
    if let Some(i) = session.fight.index_of(id) {
        return Ok(i);
    }
    let where_ = board_name(board);
    if let Some(r) = b.resurrections.iter().find(|r| r.creature.id == id) {
        return Err(Diagnostic::plain(format!(
            "{role} `{id}` is dead and comes back at the start of round {}",
            r.round
        ))
        .with_hint("it can be acted on once it is back on the board")
        .into());
    }
    if let Some(f) = b.fallen.iter().find(|f| f.creature.id == id) {
        return Err(Diagnostic::plain(format!(
            "{role} `{id}` fell in round {} and is no longer on {where_}",
            f.round
        ))
        .with_hint("pick a creature on the board")
        .into());
    }
    let ids: Vec<&str> = b.creatures.iter().map(|c| c.id.as_str()).collect();
    let hint = match did_you_mean(id, &ids) {
        Some(g) => format!("did you mean `{g}`?"),
        None if ids.is_empty() => "there are no creatures on the board".to_string(),
        None => format!("creatures on the board: {}", ids.join(", ")),
    };
    Err(Diagnostic::plain(format!(
        "{role} `{id}`: no creature has this id in {where_}"
    ))
    .with_hint(hint)
    .into())
}

/// A cell a creature can stand on: named right, on the board, not a wall, obstacle or
/// closed door (an obstacle is ground for a `mover` that flies), and not taken by
/// another creature than `mover`.
pub(super) fn free_cell(session: &Session, text: &str, mover: Option<usize>) -> Result<Cell> {
    let fight = &session.fight;
    let grid = fight.grid();
    let last = Cell::new(grid.width as i32 - 1, grid.height as i32 - 1);
    let cell = Cell::parse(text.trim()).map_err(|e| {
        Diagnostic::plain(format!("CELL {e}")).with_hint(format!(
            "name a cell of the board, from A1 to {last} (column letters, then the row)"
        ))
    })?;
    if !grid.contains(cell) {
        return Err(Diagnostic::plain(format!("CELL {cell} is off the board"))
            .with_hint(format!("cells run from A1 to {last}"))
            .into());
    }
    let terrain = fight.map.terrain(cell);
    let flying = mover.is_some_and(|i| fight.has_trait(i, &crate::board::Trait::Flying));
    if !fight.ground_for(cell, flying) {
        let what = match terrain {
            Terrain::Wall => "a wall",
            Terrain::Obstacle => "an obstacle",
            Terrain::ClosedDoor => "a closed door",
            _ => "blocked",
        };
        return Err(Diagnostic::plain(format!("CELL {cell} is {what}"))
            .with_hint("a creature stands on a cell it could walk onto; pick another cell")
            .into());
    }
    if let Some(j) = fight.creature_at(cell)
        && Some(j) != mover
    {
        let other = fight.board.creatures[j].display_name();
        return Err(
            Diagnostic::plain(format!("CELL {cell} is taken by {other}"))
                .with_hint("two creatures cannot share a cell; pick a free one")
                .into(),
        );
    }
    Ok(cell)
}

/// An amount of damage or healing: dice (`2d6+3`) or a number, never below 0.
pub(super) fn amount(text: &str, role: &str) -> Result<Dice> {
    let dice = Dice::parse(text).map_err(|e| {
        Diagnostic::plain(format!("{role} `{text}`: {e}"))
            .with_hint("write dice such as `2d6+3`, or the number you rolled, such as `7`")
    })?;
    if dice.count == 0 && dice.modifier < 0 {
        return Err(Diagnostic::plain(format!("{role} `{text}` is negative"))
            .with_hint("give the amount as 0 or more")
            .into());
    }
    Ok(dice)
}

/// A signed whole number such as `+5`, `-2` or `3`, at most `limit` either way (numbers
/// too large for any integer type are out of range, not wrapped).
pub(super) fn signed(text: &str, role: &str, limit: i64) -> Result<i64> {
    use std::num::IntErrorKind::{NegOverflow, PosOverflow};
    let t = text.trim();
    let digits = t.strip_prefix('+').unwrap_or(t);
    let not_a_number = match digits.parse::<i64>() {
        Ok(n) if n.unsigned_abs() <= limit.unsigned_abs() => return Ok(n),
        Ok(_) => false,
        Err(e) => !matches!(e.kind(), PosOverflow | NegOverflow),
    };
    let d = if not_a_number {
        Diagnostic::plain(format!("{role} `{text}` is not a number"))
            .with_hint("write a signed number such as `+5` or `-2`")
    } else {
        Diagnostic::plain(format!("{role} `{text}` is out of range"))
            .with_hint(format!("use a number from -{limit} to +{limit}"))
    };
    Err(d.into())
}

/// A large creature's block (`n`×`n` from `cell`) does not fit: `b` says where and why.
pub(super) fn block_error(fight: &Fight, n: u32, cell: Cell, b: Blocked) -> crate::error::Error {
    Diagnostic::plain(format!(
        "a {n}×{n} creature on {cell} covers {}, which is {}",
        b.cell(),
        b.why(fight)
    ))
    .with_hint(
        "CELL is the top-left square of its block: pick one where the whole block is free ground",
    )
    .into()
}

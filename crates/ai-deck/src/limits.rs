//! How much an AI-deck board may hold. Every monster of a type performs a harmony card
//! drawn by any of them, and each move searches the board, so a round's work grows with
//! the square of the monsters times the cells; the general limits (docs/board.md) allow
//! boards on which one round would take minutes. AI-deck showdowns are one or a few
//! monsters on a small board, so these limits keep a round well under a second.

use crate::board::Fight;
use crate::board::limits::cells;
use crate::io::diagnostic::Diagnostic;
use crate::systems::StateProblem;

/// Most AI-deck monsters on one board.
pub(crate) const MAX_MONSTERS: usize = 20;
/// Most cells of a board with AI-deck monsters (100×100, say).
pub(crate) const MAX_CELLS: u64 = 10_000;

/// The board's problem with these limits, if any (`ai_type` tells the monster file's
/// AI-deck types).
pub(crate) fn check(fight: &Fight, ai_type: &dyn Fn(&str) -> bool) -> Option<StateProblem> {
    let monsters = count(fight, ai_type);
    if monsters == 0 {
        return None;
    }
    let cells = cells(&fight.board);
    if monsters > MAX_MONSTERS {
        return Some(StateProblem::hinted(
            String::new(),
            format!("{monsters} AI-deck monsters is too many for one board"),
            &format!(
                "a board holds at most {MAX_MONSTERS} AI-deck monsters; split the fight or remove some"
            ),
        ));
    }
    (cells > MAX_CELLS).then(|| {
        StateProblem::hinted(
            String::new(),
            format!("a board of {cells} cells is too large for AI-deck monsters"),
            &format!("a board with AI-deck monsters has at most {MAX_CELLS} cells (100×100, say); use a smaller grid"),
        )
    })
}

/// Refuses one more AI-deck monster on a board that holds its most already.
#[allow(clippy::result_large_err)]
pub(crate) fn room_for_one_more(
    fight: &Fight,
    ai_type: &dyn Fn(&str) -> bool,
) -> Result<(), Diagnostic> {
    if count(fight, ai_type) < MAX_MONSTERS {
        return Ok(());
    }
    Err(Diagnostic::plain(format!(
        "the board holds {MAX_MONSTERS} AI-deck monsters, the most it may"
    ))
    .with_hint("remove one first, or play the others on a board of their own"))
}

fn count(fight: &Fight, ai_type: &dyn Fn(&str) -> bool) -> usize {
    fight
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.as_deref().is_some_and(ai_type))
        .count()
}

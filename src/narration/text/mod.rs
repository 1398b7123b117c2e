//! Plain-text narration: a block per monster turn saying what it checked, whom it chose
//! and why, where it walked, and every roll with its numbers. Each family of events is
//! told by a file of its own; a system's own events tell themselves.

mod attacks;
mod creatures;
mod ground;
mod movement;
mod players;
mod rounds;
mod statuses;
mod turns;

use super::Names;
use crate::rules::events::Event;

/// Renders events as narration. With `explain`, every behaviour check is shown, not
/// only the ones that held.
pub fn render(events: &[Event], names: &Names, explain: bool) -> String {
    let mut out = String::new();
    for e in events {
        if let Some(line) = line(e, names, explain) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// The line telling `e`, by its family; `None` for an event told nowhere.
fn line(e: &Event, n: &Names, explain: bool) -> Option<String> {
    match e {
        Event::RoundStart { .. }
        | Event::CardDrawn { .. }
        | Event::CardPassed { .. }
        | Event::TurnOrder { .. }
        | Event::FightOver { .. }
        | Event::Stalemate { .. } => rounds::line(e, n),
        Event::TurnStart { .. }
        | Event::TurnEnd { .. }
        | Event::TurnSkipped { .. }
        | Event::Target { .. }
        | Event::Tie { .. }
        | Event::ActionSkipped { .. } => turns::line(e, n),
        Event::CharacterTurn { .. }
        | Event::OutOfTurn { .. }
        | Event::CharacterTurnOver { .. }
        | Event::Added { .. }
        | Event::Removed { .. }
        | Event::Placed { .. }
        | Event::GoldChanged { .. } => players::line(e, n),
        Event::Move { .. }
        | Event::Slide { .. }
        | Event::Stay { .. }
        | Event::Provoke { .. }
        | Event::OpportunityAttack { .. }
        | Event::Disengage { .. } => movement::line(e, n),
        Event::Attack { .. }
        | Event::AreaHit { .. }
        | Event::Damage { .. }
        | Event::Save { .. }
        | Event::Heal { .. }
        | Event::TableRoll { .. }
        | Event::Gold { .. } => attacks::line(e, n),
        Event::StatusGained { .. } | Event::StatusEnded { .. } | Event::TraitTriggered { .. } => {
            statuses::line(e, n)
        }
        Event::Died { .. }
        | Event::Retreat { .. }
        | Event::ArrivalScheduled { .. }
        | Event::NoRoom { .. }
        | Event::Arrived { .. }
        | Event::ResurrectionScheduled { .. }
        | Event::Resurrected { .. } => creatures::line(e, n),
        Event::FireSet { .. }
        | Event::FireOut { .. }
        | Event::TrapSet { .. }
        | Event::TrapSprung { .. }
        | Event::Door { .. } => ground::line(e, n),
        Event::System(e) => e.narrate(n, explain),
    }
}

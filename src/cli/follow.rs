//! Player commands follow the turn: a command that acts for a character (`move` walking
//! it, `hit --by` it, a `record` word naming who acts) while another turn is open warns
//! on standard error and, in `--json`, tells the `out-of-turn` event; `--strict` refuses
//! instead (exit 2, nothing written); `--reaction` marks a reaction out of turn (an
//! opportunity attack, a retaliation), which neither warns nor is refused. Whose turn it
//! is comes from the board alone ([`crate::board::Fight::out_of_turn`]); this is the one
//! place that acts on it, for every command.

use super::session::Session;
use crate::board::turn_state::{NextCard, TurnState};
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::rules::events::Event;
use clap::Args;

/// The options of the commands a character acts by: what to do when it acts out of turn.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct ActingArgs {
    /// Refuse (exit 2, nothing written) when the character acting is not the one whose
    /// turn `next` opened, instead of warning.
    #[arg(long)]
    pub strict: bool,
    /// The character acts out of its turn on purpose: a reaction, such as an opportunity
    /// attack or a retaliation. Neither warned about nor refused by --strict.
    #[arg(long)]
    pub reaction: bool,
}

/// Checks that `actor` (the character the command acts for, when it names one) acts in
/// its turn: nothing to do when it does (or the command marks a reaction); else the
/// `out-of-turn` event first among the command's events and a warning on standard error
/// once the command is done, or with `--strict` the refusal.
pub(super) fn follow_turn(
    session: &mut Session,
    actor: Option<&str>,
    args: &ActingArgs,
) -> Result<()> {
    let Some(id) = actor else { return Ok(()) };
    if args.reaction {
        return Ok(());
    }
    let Some(state) = session.fight.out_of_turn(id) else {
        return Ok(());
    };
    let (message, what_to_type) = words(session, id, &state);
    if args.strict {
        return Err(Diagnostic::plain(message)
            .with_hint(format!(
                "{what_to_type}; for a reaction out of turn (an opportunity attack, a retaliation) add --reaction"
            ))
            .into());
    }
    let warning = format!(
        "warning: {message} (done all the same)\n  = hint: {what_to_type}; mark a reaction out of turn (an opportunity attack, a retaliation) with --reaction, or refuse with --strict"
    );
    let event = Event::OutOfTurn {
        creature: id.to_string(),
        acting: state.acting,
        next: state.next,
    };
    session.tell_first(event, warning);
    Ok(())
}

/// What is wrong, and what to type to play on in turn.
fn words(session: &Session, id: &str, state: &TurnState) -> (String, String) {
    let fight = &session.fight;
    let name = |id: &str| {
        fight
            .index_of(id)
            .map_or(id, |i| fight.board.creatures[i].display_name())
            .to_string()
    };
    let me = name(id);
    let next = format!("`monster-ai next {}`", session.board_path());
    let (why, todo) = match (&state.acting, &state.next) {
        (Some(open), _) => (
            format!("it is {}'s turn", name(open)),
            format!(
                "when {}'s turn is played, run {next} until {me}'s card comes up",
                name(open)
            ),
        ),
        (
            None,
            NextCard::Card {
                card,
                position,
                size,
            },
        ) if card == id => (
            format!("no turn is open, and {me}'s card ({position} of {size}) is not revealed yet"),
            format!("run {next} first: it opens {me}'s turn"),
        ),
        (
            None,
            NextCard::Card {
                card,
                position,
                size,
            },
        ) => (
            format!(
                "no character's turn is open; the next card is {} ({position} of {size})",
                name(card)
            ),
            format!("run {next} until {me}'s card comes up"),
        ),
        (None, NextCard::NewRound { round }) => (
            format!("round {}'s cards are all revealed", round.saturating_sub(1)),
            format!("run {next} to start round {round}, then until {me}'s card comes up"),
        ),
        (None, NextCard::FirstDeal) => (
            "no turn order is dealt".to_string(),
            format!("run {next} to deal the round"),
        ),
    };
    (format!("{me} acts out of turn: {why}"), todo)
}

//! Where a board-changing command's dice and cards come from: the faces given with
//! `--rolls` and the cards given with `--cards`, the players asked on standard input
//! (`--dice ask`, `--cards ask`, or a board whose table rolls its own dice or draws its
//! own cards), or the board's generator and the tool's model of each deck
//! (`rules::entered`).

use super::WriteArgs;
use crate::board::Board;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::narration::{Names, text};
use crate::rules::entered::{Asked, CardList, DiceMode, Entered, Listed, Sources};
use std::io::IsTerminal;

/// The entered dice and cards for a command with `args` on `board` (named `path` on the
/// command line), or none when the tool rolls and draws everything.
pub(super) fn entered(
    args: &WriteArgs,
    path: &str,
    board: &Board,
    names: &Names,
) -> Result<Option<Box<dyn Entered>>> {
    let mut sources: Vec<Box<dyn Entered>> = Vec::new();
    if let Some(text) = &args.rolls {
        let listed =
            Listed::parse(text).map_err(|(msg, hint)| Diagnostic::plain(msg).with_hint(hint))?;
        sources.push(Box::new(listed));
    }
    let cards_asked = args.cards.as_deref().map(str::trim) == Some("ask");
    if let Some(text) = args.cards.as_deref().filter(|_| !cards_asked) {
        sources.push(Box::new(CardList::parse(text)));
    }
    let ask_dice = args.rolls.is_none()
        && match args.dice {
            Some(DiceMode::Ask) => true,
            Some(DiceMode::Tool) => false,
            None => board.table.own_dice,
        };
    let ask_cards = cards_asked || (args.cards.is_none() && board.table.own_cards);
    if ask_dice || ask_cards {
        if path == "-" {
            return Err(Diagnostic::plain(
                "the dice or cards are asked for on standard input (`--dice ask`, `--cards ask` \
                 or the board's `table`), which already holds the board",
            )
            .with_hint("pass the board as a file, or give them with --rolls and --cards")
            .into());
        }
        let names = names.clone();
        // One byte at a time, so that `--ties ask` reading the same input loses nothing.
        let input = std::io::BufReader::with_capacity(1, std::io::stdin());
        let terminal = std::io::stdin().is_terminal();
        let asked = Asked::new(
            input,
            std::io::stderr(),
            terminal,
            Some(Box::new(move |events| text::render(events, &names, false))),
        )
        .asking(ask_dice, ask_cards);
        sources.push(Box::new(asked));
    }
    Ok(match sources.len() {
        0 => None,
        1 => sources.pop(),
        _ => Some(Box::new(Sources::new(sources))),
    })
}

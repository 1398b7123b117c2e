//! `monster-ai next`: reveal the next turn card. A monster type acts at once; a
//! character's card says whose turn it is and stops. A spent deck starts a new round.

use super::WriteArgs;
use super::session::Session;
use super::turn::{activate, refuse_if_over};
use crate::board::Side;
use crate::controllers::ability_deck;
use crate::controllers::scheme::vocabulary::CardDraw;
use crate::error::Result;
use crate::rules::deck::{Card, end_character_turn, reveal};
use crate::rules::ties::TiePolicy;
use clap::Args;

#[derive(Debug, Args)]
pub struct NextArgs {
    /// The board file (JSON).
    pub board: String,
    /// The scheme file of the board's monsters (default: the board's `scheme_file`).
    #[arg(long, value_name = "FILE")]
    pub schemes: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run(args: NextArgs) -> Result<()> {
    let mut session = Session::open(args.schemes.as_deref(), &args.board, &args.write)?;
    refuse_if_over(&session)?;
    let ask = args.write.ties == TiePolicy::Ask;
    let decks = session.decks.clone();
    let events = session.play(args.write.ties, |world, scheme| {
        end_character_turn(world);
        if !decks.types.is_empty() {
            ability_deck::play::before_reveal(world, &decks);
            if let Some(Card::Monsters { kind, .. }) = reveal(world) {
                ability_deck::turn::play_type(world, &decks, &kind, None);
            }
            return;
        }
        if let Some(Card::Monsters {
            kind,
            position,
            size,
        }) = reveal(world)
        {
            let ids: Vec<String> = world
                .fight
                .board
                .creatures
                .iter()
                .filter(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(kind.as_str()))
                .map(|c| c.id.clone())
                .collect();
            let mut ids = ids;
            ids.sort_by_key(|id| super::turn::number_order(id));
            activate(
                world,
                scheme,
                &kind,
                &ids,
                ask,
                Some(CardDraw { position, size }),
            );
        }
    })?;
    session.finish("next", &events, &args.write)
}

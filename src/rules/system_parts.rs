//! Changes to the board parts that only some systems use, as `World` methods like every
//! other change: for ability-deck play a type's ability deck, the attack-modifier deck,
//! the round's fresh summons, and loot. The board still holds these parts in fields of
//! its own (board format 1); the decisions about them are the controller's.

use crate::board::ability::{ModifierDeck, TypeDeck};
use crate::grid::Cell;
use crate::rules::world::World;

impl World<'_> {
    /// Stores a type's ability deck after a draw or the end of a round.
    pub fn set_type_deck(&mut self, kind: &str, deck: TypeDeck) {
        self.fight
            .board
            .ability_decks
            .insert(kind.to_string(), deck);
    }

    /// Takes the attack-modifier deck out to draw from (put it back with
    /// [`World::set_modifier_deck`]); `None` on a board that has none yet.
    pub fn take_modifier_deck(&mut self) -> Option<ModifierDeck> {
        self.fight.board.modifier_deck.take()
    }

    pub fn set_modifier_deck(&mut self, deck: ModifierDeck) {
        self.fight.board.modifier_deck = Some(deck);
    }

    /// A monster summoned this round: it does not act until the next one.
    pub fn mark_summoned(&mut self, id: &str) {
        self.fight.board.fresh_summons.push(id.to_string());
    }

    /// A new round: last round's summons may act.
    pub fn clear_fresh_summons(&mut self) {
        self.fight.board.fresh_summons.clear();
    }

    /// `id` takes every coin lying on the `cells`; returns how much.
    pub fn take_loot(&mut self, id: &str, cells: &[Cell]) -> u32 {
        let mut total: u32 = 0;
        self.fight.board.loot.retain(|l| {
            let taken = cells.contains(&l.cell);
            if taken {
                total = total.saturating_add(l.gold);
            }
            !taken
        });
        if total > 0 {
            self.change_gold(id, i64::from(total));
        }
        total
    }
}

//! Gold changing hands: a player's change to a purse, and a theft.

use super::World;
use crate::chance::dice::Dice;
use crate::rules::events::Event;

impl World<'_> {
    /// Adds `change` (may be negative) to `id`'s gold; the caller checks it stays >= 0.
    pub fn change_gold(&mut self, id: &str, change: i64) {
        let Some(i) = self.idx(id) else { return };
        let c = &mut self.fight.board.creatures[i];
        c.gold = (i64::from(c.gold) + change).clamp(0, i64::from(crate::board::MAX_GOLD)) as u32;
        let gold = c.gold;
        self.emit(Event::GoldChanged {
            creature: id.to_string(),
            change,
            gold,
        });
    }

    /// Moves up to the rolled amount of gold from `from` to `to`.
    pub fn steal(&mut self, from: &str, to: &str, dice: &Dice) {
        let what = format!(
            "gold {} steals from {}",
            self.name_of(to),
            self.name_of(from)
        );
        let roll = self.roll(dice, &what);
        let (Some(f), Some(t)) = (self.idx(from), self.idx(to)) else {
            return;
        };
        let amount = (roll.total.max(0) as u32).min(self.fight.board.creatures[f].gold);
        self.fight.board.creatures[f].gold -= amount;
        let purse = &mut self.fight.board.creatures[t].gold;
        *purse = purse.saturating_add(amount).min(crate::board::MAX_GOLD);
        self.emit(Event::Gold {
            from: from.to_string(),
            to: to.to_string(),
            amount,
            rolled: (&roll).into(),
        });
    }
}

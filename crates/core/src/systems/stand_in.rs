//! Stand-in monsters for a board whose monster file cannot be read, for the players'
//! bookkeeping that needs nothing of the monsters' rules (gold, taking a creature off the
//! board, a character's statuses and healing). Every type on the board is known, with
//! the loosest stats (so any HP the board holds is accepted); nothing can act.

use super::Monsters;
use crate::board::{Fight, StatSource, Stats};
use crate::io::diagnostic::Diagnostic;
use crate::rules::deck::TurnCard;
use crate::rules::world::World;
use std::any::Any;

/// The highest HP any board may give a creature.
const ANY_HP: i32 = 1_000_000;

/// The stand-in monsters of one board: its monster types by name, able to do nothing.
pub struct StandIn {
    kinds: Vec<String>,
}

impl StandIn {
    /// Stand-ins for the types the board's creatures name (`kinds`).
    pub fn new(mut kinds: Vec<String>) -> StandIn {
        kinds.sort();
        kinds.dedup();
        StandIn { kinds }
    }
}

impl StatSource for StandIn {
    fn stats(&self, kind: &str) -> Option<Stats> {
        self.kinds
            .iter()
            .any(|k| k == kind)
            .then(|| Stats::defaults(ANY_HP))
    }
    fn kinds(&self) -> Vec<String> {
        self.kinds.clone()
    }
    /// A monster the board left without `hp` keeps it left out.
    fn hp_implied(&self, kind: &str) -> bool {
        self.stats(kind).is_some()
    }
}

impl Monsters for StandIn {
    fn system(&self) -> &'static str {
        "stand-in"
    }
    fn summary(&self, file: &str) -> String {
        format!("{file}: not read")
    }
    fn new_monster(
        &self,
        _fight: &Fight,
        kind: &str,
        _flags: &[&str],
    ) -> Result<Stats, Diagnostic> {
        Err(Diagnostic::plain(format!(
            "a `{kind}` needs the monster file, which cannot be read"
        )))
    }
    fn order_round(&self, _world: &mut World) {}
    fn activate(&self, _: &mut World, _: &str, _: Option<&[String]>, _: Option<TurnCard>) {}
    fn as_any(&self) -> &dyn Any {
        self
    }
}

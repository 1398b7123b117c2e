//! The need-driven system as a [`System`]: loading its monster files, the stats of
//! new monsters, its turn order (the monster types on the board in file order, then the
//! characters in board order) and a type's activation (each monster in ascending number).

use super::compile::{NeedsMonsters, load_needs};
use super::format::NeedsFile;
use super::state::{self, NAME, NeedsState};
use super::turn::NeedsTurn;
use crate::board::creature::number_order;
use crate::board::{Creature, Fight, Side, StatSource};
use crate::io::diagnostic::Diagnostic;
use crate::rules::deck::TurnCard;
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::rules::world::hooks::Leaving;
use crate::systems::assembled::{Assembled, monsters_of, types_then_characters};
use crate::systems::runner::run_turn;
use crate::systems::{Monsters, StateProblem, System, Words};
use std::any::Any;

/// The need-driven system, as the app's registry lists it: this crate's one public item.
pub static SYSTEM: &dyn System = &NEEDS;

/// The system of need-driven monsters, assembled from its parts.
static NEEDS: Assembled<NeedsMonsters, NeedsFile, NeedsState> = Assembled::new(
    NAME,
    "need-driven monsters (fear, love and hate)",
    load_needs,
)
.with_records(<super::words::Record as clap::Subcommand>::augment_subcommands)
.with_commands(super::record::COMMANDS);

impl Monsters for NeedsMonsters {
    fn system(&self) -> &'static str {
        NAME
    }

    fn check_state(&self, fight: &Fight) -> Vec<StateProblem> {
        state::check(fight)
    }

    fn summary(&self, file: &str) -> String {
        let n = self.types.len();
        format!("{file}: {n} need-driven monster type{} OK", plural(n))
    }

    fn order_round(&self, world: &mut World) {
        let kinds = self.kinds();
        types_then_characters(world, kinds.iter().map(String::as_str));
    }

    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        _card: Option<TurnCard>,
    ) {
        let Some(t) = self.get(kind) else { return };
        let mut ids = monsters_of(world, kind, roster);
        ids.sort_by_key(|id| number_order(id));
        for id in ids {
            if world.failed() {
                break;
            }
            // Read afresh for each monster, and written back after its turn: a creature
            // that left the board meanwhile (the one whose turn it was, retreating at its
            // start) has had what it held let go on the board's copy (`left_board`).
            let mut state = state::read(world.fight());
            let before = state.clone();
            let mut turn = NeedsTurn {
                monsters: self,
                kind: t,
                state: &mut state,
            };
            run_turn(world, &id, &mut turn);
            if state != before {
                world.set_system_state(NAME, &state);
            }
        }
    }

    fn record(&self, world: &mut World, words: Words) -> std::result::Result<(), Diagnostic> {
        super::record::record(world, words)
    }

    /// What it carried falls where it stood; its own entries go.
    fn left_board(&self, world: &mut World, creature: &Creature, _how: Leaving) {
        super::perform::let_go(world, creature);
    }

    fn holdings(&self, fight: &Fight) -> String {
        let state = state::read(fight);
        let mut out = String::new();
        for it in &state.items {
            let at = it.at.map(|c| c.name());
            let place = it.carrier.as_deref().or(at.as_deref()).unwrap_or("-");
            out.push_str(&format!("{}@{place};", it.id));
        }
        out
    }

    /// Players are one camp; monsters are camps by race, so monsters of different races
    /// closing in on each other are not quiet.
    fn camps(&self, fight: &Fight) -> Vec<String> {
        let state = state::read(fight);
        let ctx = super::perceive::Ctx {
            fight,
            monsters: self,
            state: &state,
            crowd: None,
        };
        (0..fight.board.creatures.len())
            .map(|i| match fight.board.creatures[i].side {
                Side::Players => "players".to_string(),
                Side::Monsters => format!("monsters:{}", ctx.race(i)),
            })
            .collect()
    }

    fn overlay(&self, fight: &Fight, minds: bool) -> crate::board::overlay::Overlay {
        super::overlay::overlay(self, fight, minds)
    }

    fn knob(
        &self,
        _: &Fight,
        text: &str,
        kind: Option<&str>,
        stat: &str,
    ) -> Result<crate::io::knob::Knob, Diagnostic> {
        super::knob::monster(text, kind, stat)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

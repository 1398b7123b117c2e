//! The Monster A.I. scheme system as a [`System`]: loading its monster files, the
//! stats of new monsters, the shuffled turn-order deck, and a type's activation (every
//! monster of the type in ascending number, or in the order the players pick).

use super::compile::{Scheme, load_scheme};
use super::format::SchemeFile;
use super::state::{self, SchemeState};
use super::turn::take_turn;
use super::turn_order::shuffle_turn_order;
use crate::board::creature::number_order;
use crate::board::{Creature, Fight};
use crate::io::diagnostic::Diagnostic;
use crate::io::knob::Knob;
use crate::rules::deck::TurnCard;
use crate::rules::ties::TiePolicy;
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::rules::world::hooks::Leaving;
use crate::systems::assembled::{Assembled, monsters_of};
use crate::systems::{Monsters, StateProblem, System};
use std::any::Any;

/// The Monster A.I. system, as the app's registry lists it: this crate's one public item.
pub static SYSTEM: &dyn System = &SCHEMES;

/// The system of Monster A.I. schemes, assembled from its parts.
static SCHEMES: Assembled<Scheme, SchemeFile, SchemeState> =
    Assembled::new(state::SYSTEM_NAME, "Monster A.I. schemes", load_scheme)
        .with_characters(&super::characters::D20_CHARACTERS);

impl Monsters for Scheme {
    fn system(&self) -> &'static str {
        SYSTEM.system()
    }

    fn check_state(&self, fight: &Fight) -> Vec<StateProblem> {
        state::check(fight, self)
    }

    fn summary(&self, file: &str) -> String {
        let n = self.monsters.len();
        format!("{file}: {n} monster type{} OK", plural(n))
    }

    fn round_started(&self, world: &mut World) {
        state::tick_charges(world, self);
    }

    /// Its once-per-monster uses go.
    fn left_board(&self, world: &mut World, creature: &Creature, _how: Leaving) {
        state::forget(world, &creature.id);
    }

    fn order_round(&self, world: &mut World) {
        shuffle_turn_order(world);
    }

    fn turn_cards_drawn(&self) -> bool {
        true
    }

    fn odds(&self, fight: &Fight) -> Vec<crate::board::odds::DeckOdds> {
        super::odds::odds(fight)
    }

    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        card: Option<TurnCard>,
    ) {
        let mut waiting = monsters_of(world, kind, roster);
        waiting.sort_by_key(|id| number_order(id));
        let ask = world.tie_policy() == TiePolicy::Ask;
        while !world.failed() {
            waiting.retain(|id| world.alive(id));
            if waiting.is_empty() {
                break;
            }
            let next = if ask {
                world.tie(&format!("which {kind} acts next"), &waiting)
            } else {
                0
            };
            let id = waiting.remove(next);
            take_turn(world, self, &id, card);
        }
    }

    fn knob(
        &self,
        _: &Fight,
        text: &str,
        kind: Option<&str>,
        stat: &str,
    ) -> Result<Knob, Diagnostic> {
        super::knob::monster(text, kind, stat)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

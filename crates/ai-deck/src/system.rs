//! The AI-deck system as a [`System`]: loading its monster files, the stats its
//! monsters show a board, the checks of its saved state (the card names in its decks
//! and piles; large monsters' blocks are the board's own check), the round laid out monsters first then survivors, each
//! monster's turn, and the players' records.

use super::compile::{AiDecks, SYSTEM_NAME, load_ai_decks};
use super::format::AiFile;
use super::limits;
use super::overlay;
use super::record::record;
use super::stacks;
use super::state::{self, AiState};
use super::status;
use super::survivor_hits;
use super::turn::{Ctx, take_turn};
use crate::board::overlay::Overlay;
use crate::board::{Creature, Fight, StatSource, Stats, Trait};
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::rules::deck::TurnCard;
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::rules::world::hooks::Leaving;
use crate::systems::assembled::{Assembled, monsters_of, one_stat_line, types_then_characters};
use crate::systems::runner::{Activation, run_turn};
use crate::systems::{Monsters, StateProblem, System, Words};
use std::any::Any;

/// The AI-deck system, as the app's registry lists it.
pub static SYSTEM: &dyn System = &AI_DECKS;

/// The system of Kingdom-Death-style AI-deck monsters, assembled from its parts.
static AI_DECKS: Assembled<AiDecks, AiFile, AiState> = Assembled::new(
    SYSTEM_NAME,
    "AI card decks (large monsters whose deck is their health)",
    load_ai_decks,
)
.with_records(<super::words::Record as clap::Subcommand>::augment_subcommands)
.with_characters(&super::characters::KD_CHARACTERS);

impl StatSource for AiDecks {
    /// Movement as speed; toughness stands in for hit points (the deck is the real health).
    fn stats(&self, kind: &str) -> Option<Stats> {
        let t = self.get(kind)?;
        let mut stats = Stats::defaults(t.toughness as i32);
        stats.speed = t.movement;
        stats.range = 1;
        if t.size > 1 {
            stats.traits.push(Trait::Large(t.size));
        }
        Some(stats)
    }
    fn kinds(&self) -> Vec<String> {
        self.types.iter().map(|t| t.name.clone()).collect()
    }
    fn opportunity_attacks(&self) -> bool {
        false
    }
    /// Its deck (or Life) is its health, so its board entry needs no `hp`.
    fn hp_implied(&self, kind: &str) -> bool {
        self.get(kind).is_some()
    }
}

impl Monsters for AiDecks {
    /// An AI-deck monster's cards (or Life); a survivor's armour and injuries when the
    /// board tracks its hit locations.
    fn health(&self, fight: &Fight, id: &str) -> Option<String> {
        overlay::health(self, fight, id)
    }
    fn players_commands(&self) -> Option<&'static str> {
        Some(
            "`move` and `record` (attack SURVIVOR MONSTER SPEED/ACCURACY+/STRENGTH, wound, knock-down, ...)",
        )
    }
    /// A survivor who dies in the showdown is dead.
    fn fallen_stay_fallen(&self) -> Option<&'static str> {
        Some("a survivor who dies in the showdown does not return to it")
    }
    fn system(&self) -> &'static str {
        SYSTEM_NAME
    }

    fn check_state(&self, fight: &Fight) -> Vec<StateProblem> {
        let mut problems: Vec<StateProblem> =
            limits::check(fight, &|kind| self.get(kind).is_some())
                .into_iter()
                .collect();
        problems.extend(state::check(fight, &|kind, card| {
            self.get(kind).is_some_and(|t| t.card(card).is_some())
        }));
        problems.extend(stacks::check(&state::read(fight), &|kind, card| {
            Some(self.get(kind)?.card(card)?.kind)
        }));
        problems.extend(status::check(&state::read(fight), self));
        problems
    }

    fn summary(&self, file: &str) -> String {
        let n = self.types.len();
        let cards: usize = self.types.iter().map(|t| t.cards.len()).sum();
        format!(
            "{file}: {n} monster type{} OK ({cards} AI card{})",
            plural(n),
            plural(cards)
        )
    }

    fn new_monster(&self, fight: &Fight, kind: &str, _flags: &[&str]) -> Result<Stats, Diagnostic> {
        if self.get(kind).is_some() {
            limits::room_for_one_more(fight, &|k| self.get(k).is_some())?;
        }
        one_stat_line(self, kind)
    }

    fn accepts_card(&self, card: &str) -> Result<(), Diagnostic> {
        Err(Diagnostic::plain(format!(
            "--card {card}: AI-deck monsters draw from their own AI deck"
        ))
        .with_hint("drop --card"))
    }

    /// The monster phase first (types in file order), then the survivors in board order.
    fn order_round(&self, world: &mut World) {
        types_then_characters(world, self.types.iter().map(|t| t.name.as_str()));
    }

    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        _card: Option<TurnCard>,
    ) {
        let Some(t) = self.get(kind) else { return };
        let ids = monsters_of(world, kind, roster);
        if ids.is_empty() {
            return;
        }
        let down = survivor_hits::lying_down(world);
        let held = status::held_for_a_turn(world, t);
        let mark = world.events().len();
        for id in ids {
            if world.alive(&id) && !world.failed() {
                run_turn(world, &id, &mut AiTurn(Ctx { decks: self, t }));
            }
        }
        survivor_hits::stand_up(world, &down, mark);
        status::end_of_turn(world, &held, mark);
    }

    fn record(&self, world: &mut World, words: Words) -> std::result::Result<(), Diagnostic> {
        record(self, world, words)
    }

    fn record_actor(&self, words: Words) -> Option<String> {
        super::record::actor(words)
    }

    /// What a quiet round must leave as it was, beyond hit points: each type's wound
    /// stack and persistent injuries, each monster's Life, and each survivor's armour,
    /// injuries and standing (a wound or an injury is progress, though no HP change).
    fn holdings(&self, fight: &Fight) -> String {
        let st = state::read(fight);
        let mut out = String::new();
        for (kind, deck) in &st.decks {
            out.push_str(&format!(
                "{kind}: wounds {:?}, injuries {:?};",
                deck.wounds, deck.injuries
            ));
        }
        for (id, m) in &st.monsters {
            out.push_str(&format!("{id}: life {:?};", m.life));
        }
        for (id, s) in &st.survivors {
            out.push_str(&format!(
                "{id}: down {}, {:?}, severe {:?}, status cards {:?};",
                s.knocked_down, s.locations, s.severe, s.status_cards
            ));
        }
        out
    }

    fn overlay(&self, fight: &Fight, _minds: bool) -> Overlay {
        overlay::overlay(self, fight)
    }

    fn odds(&self, fight: &Fight) -> Vec<crate::board::odds::DeckOdds> {
        super::odds::odds(self, fight)
    }

    fn refuse_hit(&self, fight: &Fight, target: &str) -> Option<Diagnostic> {
        let c = &fight.board.creatures[fight.index_of(target)?];
        self.get(c.kind.as_deref()?)?;
        Some(
            Diagnostic::plain(format!(
                "`{target}` is an AI-deck monster: its health is its AI deck (or Life), not hit points"
            ))
            .with_hint(format!(
                "roll a survivor's attack with `record BOARD attack SURVIVOR {target} SPEED/ACCURACY+/STRENGTH`, or record a wound with `record BOARD wound {target} --by SURVIVOR`"
            )),
        )
    }

    /// A survivor lying knocked down does not walk until it stands.
    fn refuse_walk(&self, fight: &Fight, id: &str) -> Option<Diagnostic> {
        super::record::knocked_down_in(self, fight, id, "move")
    }

    /// Its record as a monster or a survivor goes.
    fn left_board(&self, world: &mut World, creature: &Creature, _how: Leaving) {
        state::forget(world, &creature.id);
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

/// One monster's turn inside the shared runner.
struct AiTurn<'a>(Ctx<'a>);

impl Activation for AiTurn<'_> {
    fn act(&mut self, world: &mut World, id: &str) {
        take_turn(world, self.0, id);
    }
}

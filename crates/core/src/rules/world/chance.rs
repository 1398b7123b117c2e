//! The world's dice and choices: rolls and d20 tests with the board's generator, saving
//! throws (with the traits and statuses that give them an edge), and ties settled by the
//! command's tie policy and told.

use super::World;
use crate::board::{Ability, StatusKind, Trait};
use crate::chance::dice::{D20, Dice, Edge, Roll, roll_d20};
use crate::rules::events::Event;
use crate::rules::ties::TiePolicy;

impl World<'_> {
    /// How ties are settled this command (`--ties`).
    pub fn tie_policy(&self) -> TiePolicy {
        self.chooser.policy()
    }

    /// Picks one of `options` (at least one); with two or more, asks the tie policy and
    /// records the tie.
    pub fn tie(&mut self, what: &str, options: &[String]) -> usize {
        if options.len() < 2 || self.failure.is_some() {
            return 0;
        }
        let from = self.shown.min(self.events.len());
        self.chooser.show(&self.events[from..]);
        self.shown = self.events.len();
        match self.chooser.choose(what, options, self.rng) {
            Ok(i) => {
                let policy = self.chooser.policy().label().to_string();
                self.emit(Event::Tie {
                    what: what.to_string(),
                    options: options.to_vec(),
                    chosen: options[i].clone(),
                    policy,
                });
                i
            }
            Err(msg) => {
                self.failure = Some((
                    msg,
                    "answer with the option's number, or use --ties first|random".into(),
                ));
                0
            }
        }
    }

    /// Rolls dice with the board's generator.
    pub fn roll(&mut self, dice: &Dice) -> Roll {
        dice.roll(self.rng)
    }

    /// Rolls a d20 test with the board's generator.
    pub fn d20(&mut self, edge: Edge) -> D20 {
        roll_d20(self.rng, edge)
    }

    /// A saving throw by `id` against `dc`; `subject` names what is resisted (a status or
    /// damage type) for Resistance and Weakness.
    pub fn saving_throw(&mut self, id: &str, ability: Ability, dc: i32, subject: &str) -> bool {
        let Some(i) = self.idx(id) else { return true };
        let stats = &self.fight.stats[i];
        let advantage = stats.traits.iter().any(|t| match t {
            Trait::BossResistance => true,
            Trait::Resistance(s) => s == subject,
            _ => false,
        });
        let disadvantage = self.fight.has_status(i, StatusKind::Dazed)
            || stats
                .traits
                .iter()
                .any(|t| matches!(t, Trait::Weakness(s) if s == subject));
        let modifier = stats.saves.modifier(ability);
        let edge = Edge::combine(advantage, disadvantage);
        let roll = self.d20(edge);
        let total = roll.kept as i32 + modifier;
        let success = total >= dc;
        self.emit(Event::Save {
            creature: id.to_string(),
            ability: ability.label().to_string(),
            dc,
            faces: roll.faces,
            edge: edge_label(edge),
            modifier,
            total,
            success,
        });
        success
    }
}

/// The word narration uses for a d20 test's edge.
pub fn edge_label(edge: Edge) -> String {
    match edge {
        Edge::Normal => "normal",
        Edge::Advantage => "advantage",
        Edge::Disadvantage => "disadvantage",
    }
    .to_string()
}

//! The world's dice and choices: rolls and d20 tests with the board's generator, saving
//! throws (with the traits and statuses that give them an edge), and ties settled by the
//! command's tie policy and told.

use super::World;
use crate::board::table::EnteredValue;
use crate::board::{Ability, StatusKind, Trait};
use crate::chance::dice::{D20, Dice, Edge, Roll, d20_with, roll_d20};
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
        if self.chooser.policy() == TiePolicy::Ask {
            let from = self.shown.min(self.events.len());
            self.chooser.show(&self.events[from..]);
            self.shown = self.events.len();
        }
        match self.chooser.choose(what, options, self.rng) {
            Ok(i) => {
                if self.chooser.policy() == TiePolicy::Ask {
                    self.printed = self.shown;
                }
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

    /// Rolls dice for `what` ("Warg 1 hits Borin: damage"): with the board's
    /// generator, or asks the players for the faces they rolled (`with_entered`).
    pub fn roll(&mut self, dice: &Dice, what: &str) -> Roll {
        if self.entered.is_none() {
            return dice.roll(self.rng);
        }
        let n = dice.count;
        let mut i = 0;
        let mut entered = false;
        let mut roll = dice.roll_with(&mut |sides| {
            i += 1;
            let label = if n > 1 {
                format!("{what}: {dice}, die {i} of {n}")
            } else {
                format!("{what}: {dice}")
            };
            let (face, mine) = self.entered_face(sides, &label);
            entered |= mine;
            face
        });
        roll.entered = entered;
        roll
    }

    /// Rolls a d20 test for `what` ("Warg 1 attacks Borin: d20+4"): with the board's
    /// generator, or asks the players for the faces they rolled.
    pub fn d20(&mut self, edge: Edge, what: &str) -> D20 {
        if self.entered.is_none() {
            return roll_d20(self.rng, edge);
        }
        let two = edge != Edge::Normal;
        let mut i = 0;
        let mut entered = false;
        let mut d20 = d20_with(
            &mut |sides| {
                i += 1;
                let label = if two {
                    format!("{what} with {}, die {i} of 2", edge_label(edge))
                } else {
                    what.to_string()
                };
                let (face, mine) = self.entered_face(sides, &label);
                entered |= mine;
                face
            },
            edge,
        );
        d20.entered = entered;
        d20
    }

    /// One die of `sides` sides rolled for `what`, and whether the players entered it.
    pub fn roll_die(&mut self, sides: u32, what: &str) -> (u32, bool) {
        self.entered_face(sides, what)
    }

    /// A face the players entered (and `true`), or one the generator rolled; once the
    /// command has failed no more is asked, and a refusal (no value, or one the die
    /// cannot show) stops the command.
    fn entered_face(&mut self, sides: u32, what: &str) -> (u32, bool) {
        if self.failure.is_some() {
            return (1, true);
        }
        match self.ask_entered(|e| e.face(sides, what)) {
            Some(Some(v)) => {
                let round = self.fight.board.round;
                let value = EnteredValue::rolled(round, what, sides, v);
                self.fight.board.table.note(value);
                (v, true)
            }
            Some(None) | None if self.failure.is_none() => (self.rng.die(sides), false),
            _ => (1, true),
        }
    }

    /// The card the players drew for `what`, one of `pile` (the names of the cards the
    /// deck's draw pile holds, in the system's words), or `None` when the system draws
    /// from its model of the deck. A refusal stops the command (and answers `None`).
    pub fn entered_card(&mut self, what: &str, pile: &[String]) -> Option<String> {
        if self.failure.is_some() {
            return None;
        }
        let card = self.ask_entered(|e| e.card(what, pile)).flatten()?;
        self.note_entered_card(what, &card);
        Some(card)
    }

    /// Asks the players' source for a value with `ask`, after telling it what happened
    /// since its last question: `None` when there is no source, `Some(None)` when it
    /// leaves the value to the tool. A refusal stops the command (and answers `None`).
    fn ask_entered<T>(
        &mut self,
        ask: impl FnOnce(&mut dyn crate::rules::entered::Entered) -> Result<Option<T>, (String, String)>,
    ) -> Option<Option<T>> {
        let from = self.shown.min(self.events.len());
        let entered = self.entered.as_deref_mut()?;
        entered.show(&self.events[from..]);
        self.shown = self.events.len();
        let answer = ask(&mut *entered);
        if entered.asked() {
            self.printed = self.shown;
        }
        match answer {
            Ok(value) => Some(value),
            Err(refusal) => {
                self.failure = Some(refusal);
                None
            }
        }
    }

    /// Records on the board that the players drew `card` for `what` themselves (the
    /// board's `table.entered`); the world's own questions record theirs, a system calls
    /// this for a card entered another way (an ability card given with `record drew`).
    pub fn note_entered_card(&mut self, what: &str, card: &str) {
        let round = self.fight.board.round;
        let value = EnteredValue::drew(round, what, card);
        self.fight.board.table.note(value);
    }

    /// How many of the command's events were already narrated on the screen, before
    /// the questions the players answered (`--dice ask`, `--cards ask`, `--ties ask`).
    pub fn printed(&self) -> usize {
        self.printed
    }

    /// After the command: refuses entered values no roll used.
    pub fn finish_entered(&mut self) {
        if let Some(Err((msg, hint))) = self.entered.as_deref().map(|e| e.finish())
            && self.failure.is_none()
        {
            self.failure = Some((msg, hint));
        }
    }

    /// The display name of the creature `id` (its id when it is not on the board), for
    /// saying what a roll is for.
    pub fn name_of(&self, id: &str) -> String {
        self.idx(id).map_or_else(
            || id.to_string(),
            |i| self.fight.board.creatures[i].display_name().to_string(),
        )
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
        let what = format!(
            "{}'s {} save against {dc}: d20{modifier:+}",
            self.name_of(id),
            ability.label()
        );
        let roll = self.d20(edge, &what);
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
            entered: roll.entered,
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

impl crate::rules::entered::Draws for World<'_> {
    fn rng(&mut self) -> &mut crate::chance::rng::GameRng {
        World::rng(self)
    }
    fn pick(&mut self, what: &str, pile: &[String]) -> Option<String> {
        self.entered_card(what, pile)
    }
}

//! The one place where a fight changes. Every mutation (moving, damage, death, statuses,
//! gold, fires, traps, arrivals) goes through [`World`], which also records the events
//! narration is built from, and applies the traits that react to those changes. Its
//! fields are private to this folder, whose files each hold one concern of it:
//! `creatures` (arriving, leaving, being put somewhere), `movement` and `opportunity`
//! (walks, and the strikes of the enemies a walk leaves behind), `harm` (damage, heals,
//! death, bursts), `statuses`, `ground` (fires, traps, doors), `gold`, `chance` (dice,
//! saves and ties), `turns` (turns, rounds and the turn-order deck), `resurrection`,
//! `system_state`, and `hooks`, what a system is told of every departure and turn end.
//! A blow (`strike`) and its `effects` live here too: an opportunity attack is a blow and
//! a push is a move, so the fight's own recursion (walk, strike, push, walk) runs through
//! `World`'s methods, never back up through an import.

mod chance;
mod creatures;
pub mod effects;
mod gold;
mod ground;
mod harm;
pub mod hooks;
mod movement;
mod opportunity;
mod resurrection;
mod statuses;
pub mod strike;
mod system_state;
mod turns;

pub use chance::edge_label;
pub use ground::{FIRE_DAMAGE, FIRE_ROUNDS};
pub use harm::Harm;
pub use movement::MoveCause;

use super::entered::Entered;
use super::events::Event;
use super::ties::Chooser;
use crate::board::{Fight, StatSource};
use crate::chance::rng::GameRng;
use crate::grid::Cell;
use hooks::SystemHooks;

/// A fight being played. Its fields are private to this folder: systems, commands
/// and the rules above read the fight through [`World::fight`] and change it only
/// through `World`'s methods and this folder's functions, each of which records its
/// event.
pub struct World<'a> {
    fight: &'a mut Fight,
    rng: &'a mut GameRng,
    chooser: &'a mut dyn Chooser,
    monsters: &'a dyn StatSource,
    events: Vec<Event>,
    /// The creature whose turn it is.
    acting: Option<String>,
    /// Set when a choice could not be made (no answer to `--ties ask`) or a change was
    /// refused: the command must stop without writing anything. A message and a hint.
    failure: Option<(String, String)>,
    /// Explosions and frenzies waiting to be dealt (see [`World::burst`]).
    /// Where, how much, who and by what (see [`World::burst`]).
    bursts: std::collections::VecDeque<(Cell, i32, String, &'static str)>,
    bursting: bool,
    /// How many events the chooser has been shown (for `--ties ask`).
    shown: usize,
    /// How many events were narrated on the screen before a question (see
    /// [`World::printed`]).
    printed: usize,
    /// The system's hooks (see [`World::with_hooks`]).
    hooks: Option<&'a dyn SystemHooks>,
    /// The faces the players roll themselves (see [`World::with_entered`]).
    entered: Option<&'a mut dyn Entered>,
    /// Goal fields kept for movers that walk toward the same cells (see
    /// [`World::goal_fields`]).
    goal_fields: crate::grid::path::GoalFields,
    /// The board index [`World::idx`] found last: a turn asks for the same creature
    /// again and again (ids are unique, so a match there is the only one).
    last_idx: std::cell::Cell<usize>,
}

impl<'a> World<'a> {
    /// A world over a fight, rolling with `rng` and breaking ties with `chooser`.
    pub fn new(
        fight: &'a mut Fight,
        rng: &'a mut GameRng,
        chooser: &'a mut dyn Chooser,
        monsters: &'a dyn StatSource,
    ) -> World<'a> {
        // A character whose turn `next` opened is still acting between commands.
        let acting = fight.board.acting.clone();
        World {
            fight,
            rng,
            chooser,
            monsters,
            events: Vec::new(),
            acting,
            bursts: std::collections::VecDeque::new(),
            bursting: false,
            failure: None,
            shown: 0,
            printed: 0,
            hooks: None,
            entered: None,
            goal_fields: Default::default(),
            last_idx: std::cell::Cell::new(0),
        }
    }

    /// Whether `side` still has creatures the system holds off the board
    /// (`SystemHooks::waiting`: the ability decks' monsters behind closed doors).
    pub fn waiting(&self, side: crate::board::Side) -> bool {
        self.hooks.is_some_and(|h| h.waiting(self.fight, side))
    }

    /// What stands in place of creature `id`'s hit points under the system's rules
    /// (`SystemHooks::health`); `None`: its hit points.
    pub fn health(&self, id: &str) -> Option<String> {
        self.hooks.and_then(|h| h.health(self.fight, id))
    }

    /// The commands the players record a character's turn with under the system's rules
    /// (`SystemHooks::players_commands`); `None`: the player commands.
    pub fn players_commands(&self) -> Option<&'static str> {
        self.hooks.and_then(|h| h.players_commands())
    }

    /// Creature `id`'s rank under the system's rules (`SystemHooks::rank`).
    pub fn rank(&self, id: &str) -> Option<String> {
        self.hooks
            .and_then(|h| h.rank(self.fight, id))
            .map(str::to_string)
    }

    /// The initiative turn-order card `card` stands at this round
    /// (`SystemHooks::card_initiative`).
    pub fn card_initiative(&self, card: &str) -> Option<u32> {
        self.hooks.and_then(|h| h.card_initiative(self.fight, card))
    }

    /// The system's loaded monsters as their own type (`SystemHooks::monsters_any`), for
    /// the system's own code to downcast.
    pub fn monsters_any(&self) -> Option<&'a dyn std::any::Any> {
        self.hooks.and_then(|h| h.monsters_any())
    }

    /// The system to tell when a creature falls or a turn ends (`world::hooks`).
    pub fn with_hooks(mut self, hooks: &'a dyn SystemHooks) -> World<'a> {
        self.hooks = Some(hooks);
        self
    }

    /// The dice the players roll themselves: every roll of the world asks `entered` for
    /// its faces instead of the board's generator (`rules::entered`).
    pub fn with_entered(mut self, entered: &'a mut dyn Entered) -> World<'a> {
        self.entered = Some(entered);
        self
    }

    /// Goal fields searched for earlier movers in this command, for the next mover with
    /// the same goals over the same board (each is checked against the board as it is
    /// now before it is reused).
    pub fn goal_fields(&self) -> &crate::grid::path::GoalFields {
        &self.goal_fields
    }

    /// The monsters' stats and rules this fight is played with.
    pub fn stat_source(&self) -> &'a dyn StatSource {
        self.monsters
    }

    /// The fight as it stands, to read.
    pub fn fight(&self) -> &Fight {
        self.fight
    }

    /// The board's random generator, for the rolls and shuffles of a system's own decks.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// Records an event as it happens.
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    /// Records that a trait of `id` came into play.
    pub fn trait_note(&mut self, id: &str, name: &str, detail: &str) {
        self.emit(Event::TraitTriggered {
            creature: id.to_string(),
            name: name.to_string(),
            detail: detail.to_string(),
        });
    }

    /// The events recorded so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Takes the recorded events out (the command is over).
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Forgets the recorded events, keeping their room for the next ones (a caller that
    /// has read them with [`World::events`], as `simulate` does step after step).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Moves the events recorded since `mark` (a length of [`World::events`]) to the end,
    /// after whatever is recorded in between: a tie settled while deciding is told after
    /// the decision it belongs to.
    pub fn tell_later(&mut self, mark: usize, between: impl FnOnce(&mut World<'a>)) {
        let settled: Vec<Event> = self.events.drain(mark..).collect();
        self.shown = self.shown.min(mark);
        between(self);
        self.events.extend(settled);
    }

    /// True once a choice could not be made: the command stops and writes nothing.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Why the command failed, if it did, with what to do (taken out).
    pub fn take_failure(&mut self) -> Option<(String, String)> {
        self.failure.take()
    }

    /// Refuses a change that would break the board (a creature in a wall or on another):
    /// the command stops and writes nothing.
    fn refuse(&mut self, what: String) {
        if self.failure.is_none() {
            self.failure = Some((
                what,
                "this is a bug in monster-ai; please report it with the board".into(),
            ));
        }
    }

    /// Stops the command because the players owe it something (an initiative, say): it
    /// ends with `message` and `hint` (exit 2) and writes nothing. A command to run in the
    /// hint may write the board as `BOARD`: the command names the board's path there.
    pub fn stop(&mut self, message: String, hint: String) {
        if self.failure.is_none() {
            self.failure = Some((message, hint));
        }
    }

    /// The board index of the living creature `id`.
    pub fn idx(&self, id: &str) -> Option<usize> {
        let last = self.last_idx.get();
        if self
            .fight
            .board
            .creatures
            .get(last)
            .is_some_and(|c| c.id == id)
        {
            return Some(last);
        }
        let found = self.fight.index_of(id);
        if let Some(i) = found {
            self.last_idx.set(i);
        }
        found
    }

    /// Name for narration.
    pub fn name(&self, id: &str) -> String {
        self.idx(id)
            .map(|i| self.fight.board.creatures[i].display_name().to_string())
            .unwrap_or_else(|| id.to_string())
    }

    /// Whether `id` is on the board.
    pub fn alive(&self, id: &str) -> bool {
        self.idx(id).is_some()
    }
}

#[cfg(test)]
mod tests;

//! The seam between the commands and the systems, which decide what a monster does on its
//! turn. Each automation system is a crate of its own, built on this core, and plugs into
//! the commands through the [`System`] trait: commands talk to that trait and the
//! app's registry only, never to a system by name. Systems never import each other.
//!
//! - `command`: the commands a system adds to the command line (`door`, `options`, ...).
//! - `heroes_file`: what every system's heroes file shares (format, the entries' ids).
//! - `monster_file`: the header every monster file starts with (`format`, `system`).
//! - `record`: a system's record words, declared with clap, and the words as parsed.
//! - `runner`: the turn skeleton every system shares (start, skip, act, end).
//! - `state`: checking a system's saved state in the board (`systems.NAME`).
//! - `system`: a system assembled from its name, title, loader and file types (and,
//!   optionally, its characters' model for `simulate`).

pub mod assembled;
pub mod command;
pub mod heroes_file;
pub mod monster_file;
pub mod record;
pub mod runner;
pub mod stand_in;
pub mod state;

pub use command::{AddFlag, CommandKind, SystemCommand};
pub use record::Words;
pub use state::StateProblem;

use crate::board::{Fight, StatSource, Stats};
use crate::error::Result;
use crate::io::diagnostic::{Diagnostic, Diagnostics};
use crate::io::knob::Knob;
use crate::rules::deck::TurnCard;
use crate::rules::round::RoundHooks;
use crate::rules::stalemate::QuietHooks;
use crate::rules::world::World;
use crate::rules::world::hooks::SystemHooks;
use std::any::Any;

/// One automation system: how to read its monster files.
pub trait System: Sync {
    /// The value of the monster file's `system` key that selects this system.
    fn system(&self) -> &'static str;
    /// A few words for help texts: "Monster A.I. schemes".
    fn title(&self) -> &'static str;
    /// Reads and checks a monster file of this system, reporting every problem found.
    fn load(&self, path: &str, text: &str) -> std::result::Result<Box<dyn Monsters>, Diagnostics>;
    /// The monsters of a board that has no monster file (and so no monsters).
    fn empty(&self) -> Box<dyn Monsters>;
    /// The JSON Schema of this system's monster file.
    fn file_schema(&self) -> schemars::Schema;
    /// The JSON Schema of the state it saves in a board under `systems.SYSTEM`, when it
    /// saves any.
    fn state_schema(&self) -> Option<schemars::Schema> {
        None
    }
    /// How this system's characters fight in `simulate`, when it has its own model.
    fn characters(&self) -> Option<&'static dyn CharacterModel> {
        None
    }
    /// The words its boards take in `monster-ai record`, one clap command each (its name,
    /// help and arguments; see [`record`]); its `Monsters::record` carries them out.
    fn record_words(&self) -> Vec<clap::Command> {
        Vec::new()
    }
    /// The commands it adds to the command line (`door`, `options`, ...).
    fn commands(&self) -> &'static [SystemCommand] {
        &[]
    }
    /// The flags it adds to `add --monster KIND` (`--elite`).
    fn add_flags(&self) -> &'static [AddFlag] {
        &[]
    }
}

/// A loaded monster file: every question a command asks of one system's monsters. It is
/// shared by the threads of `simulate`, hence `Send + Sync`.
pub trait Monsters: StatSource + Any + Send + Sync {
    /// The system that loaded it.
    fn system(&self) -> &'static str;
    /// After a board is loaded: fill in what this system derives for its creatures (the
    /// stats are the board's view, never written back).
    fn prepare(&self, _fight: &mut Fight) {}
    /// After a board is loaded: every problem with this system's saved state in it
    /// (`systems.SYSTEM`), each at its path inside the state (see `state::read_state`).
    fn check_state(&self, _fight: &Fight) -> Vec<StateProblem> {
        Vec::new()
    }
    /// `check`'s line for the file, e.g. "goblins.toml: 5 monster types OK".
    fn summary(&self, file: &str) -> String;
    /// The exact stats of a new monster of `kind` put on this board by `add`. `flags`
    /// are those of the system's [`AddFlag`]s the player gave (`elite` asks an
    /// ability-deck monster for its elite line); no other flag reaches it.
    /// By default the type's one stat line ([`assembled::one_stat_line`]).
    fn new_monster(
        &self,
        _fight: &Fight,
        kind: &str,
        _flags: &[&str],
    ) -> Result<Stats, Diagnostic> {
        assembled::one_stat_line(self, kind)
    }
    /// What stands in place of creature `id`'s hit points under these monsters' rules,
    /// when they measure its health otherwise (an AI deck's cards, Life, a survivor's
    /// armour); `None`: its hit points. Play asks it through the world's hooks.
    fn health(&self, _fight: &Fight, _id: &str) -> Option<String> {
        None
    }
    /// The commands the players record a character's turn with under these monsters'
    /// rules, for the prompt of `next`; `None`: the player commands (hit, move, heal).
    fn players_commands(&self) -> Option<&'static str> {
        None
    }
    /// Creature `id`'s rank under these monsters' rules, told before its type as its turn
    /// starts (`elite`); `None` when its rules give it none to tell.
    fn rank(&self, _fight: &Fight, _id: &str) -> Option<&'static str> {
        None
    }
    /// The initiative turn-order card `card` (a monster type or a character's id) stands
    /// at this round, when these monsters' rules order a round by initiative.
    fn card_initiative(&self, _fight: &Fight, _card: &str) -> Option<u32> {
        None
    }
    /// `add` placed monster `id` with `flags` (as for [`Monsters::new_monster`]): the
    /// system records in its state what the flags say of it (an ability deck's elite).
    fn placed(&self, _world: &mut World, _id: &str, _flags: &[&str]) {}
    /// `turn --card` is given: an error when this system has no use for the card's
    /// position.
    fn accepts_card(&self, _card: &str) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// At the start of a round, right after it is announced: the system's own round-start
    /// work, before the shared one (fires, statuses, arrivals).
    fn round_started(&self, _world: &mut World) {}
    /// The round-start hook: lays out the new round's turn-order deck (after the shared
    /// round start has run).
    fn order_round(&self, world: &mut World);
    /// Whether the turn-order deck `order_round` lays out is shuffled, so that the
    /// players may reveal its cards from their own deck (`next --cards`). No by default.
    fn turn_cards_drawn(&self) -> bool {
        false
    }
    /// Who holds which of the system's own things (items, tokens), as text, for the
    /// stalemate rule: a round in which it changes is not quiet. Nothing by default.
    fn holdings(&self, _fight: &Fight) -> String {
        String::new()
    }
    /// Each creature's camp for the stalemate rule, in board order: creatures of
    /// different camps are enemies. Their sides by default.
    fn camps(&self, fight: &Fight) -> Vec<String> {
        crate::rules::stalemate::side_camps(fight)
    }
    /// The monsters of `kind` take their turns, in the order the system gives them. With
    /// a `roster`, only the creatures it names may act (`turn --monster`, or the monsters
    /// on the board when the command began). `card` is where the type's turn card was
    /// drawn, when known.
    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        card: Option<TurnCard>,
    );
    /// A record the players make between turns in this system's own words (`monster-ai
    /// record BOARD WORD ...`; `item` and `door` are `record item ...`, `record door
    /// ...`), already parsed against the word's declaration ([`System::record_words`]):
    /// checks them against the board and makes the change through `world`. An error means
    /// nothing is written.
    fn record(&self, _world: &mut World, words: Words) -> Result<(), Diagnostic> {
        Err(Diagnostic::plain(format!(
            "`record {}`: the {} system has nothing to record",
            words.word(),
            self.system()
        ))
        .with_hint("use the player commands (hit, heal, move, status, ...)"))
    }
    /// The character a record in this system's words acts for, when the words name one
    /// (`attack SURVIVOR ...`): `record` checks it follows the turn, as `move` and `hit
    /// --by` do. None by default.
    fn record_actor(&self, _words: Words) -> Option<String> {
        None
    }
    /// What `show` adds to its pictures for this system's boards: labels on cells (with
    /// what they mean, for the key) and lines of text; with `minds` (`show --minds`),
    /// also how each monster sees the board, where the system can tell.
    fn overlay(&self, _fight: &Fight, _minds: bool) -> crate::board::overlay::Overlay {
        crate::board::overlay::Overlay::default()
    }
    /// The odds of the system's decks in play (`show`, SPEC §14): cards left, the
    /// chances that matter for the next card, every card's chance. None by default.
    fn odds(&self, _fight: &Fight) -> Vec<crate::board::odds::DeckOdds> {
        Vec::new()
    }
    /// A creature fell (any death, whatever caused it; `creature` as it was, with 0 HP,
    /// already off the board): the system's own consequences, e.g. a dropped money token.
    /// Called just before [`Monsters::left_board`]. Reached through [`Hooks`], which the
    /// commands hand to the `World`.
    fn creature_fell(&self, _world: &mut World, _creature: &crate::board::Creature) {}
    /// A creature left the board, whichever way (`how`: it fell, retreated or was taken
    /// off; `creature` as it was, on the cell it left from, already off the board): the
    /// system drops or hands on what its state holds for it (its items fall where it
    /// stood, its record goes), so that the board stays one every command reads. Called
    /// from the one core path every departure takes (`rules::world::hooks`), never by a command.
    fn left_board(
        &self,
        _world: &mut World,
        _creature: &crate::board::Creature,
        _how: crate::rules::world::hooks::Leaving,
    ) {
    }
    /// A creature's turn ended (a monster's, or a character's under `next`), through
    /// [`Hooks`]: e.g. a character picks up the loot it stands on.
    fn turn_ended(&self, _world: &mut World, _id: &str) {}
    /// Why `hit` may not deal hit-point damage to creature `target` on this board, when it
    /// may not (its health is measured otherwise); the diagnostic names what to use.
    fn refuse_hit(&self, _fight: &Fight, _target: &str) -> Option<Diagnostic> {
        None
    }
    /// Why a character that fell cannot come back under these rules (`heal` on one says
    /// so); `None`: its rules may bring it back, and the players put it on the board
    /// again with `add`.
    fn fallen_stay_fallen(&self) -> Option<&'static str> {
        None
    }
    /// Why creature `id` may not walk now (`move` without `--place`), when a rule of this
    /// system holds it where it is (an AI-deck survivor lying knocked down); the
    /// diagnostic says until when.
    fn refuse_walk(&self, _fight: &Fight, _id: &str) -> Option<Diagnostic> {
        None
    }
    /// Why `simulate` cannot play this system's fights, when it cannot: the characters'
    /// tactic deals hit-point damage, which must be what hurts these monsters.
    fn cannot_simulate(&self) -> Option<String> {
        None
    }
    /// Whether `side` still has creatures this system holds off the board (the ability
    /// decks' monsters in rooms behind closed doors), which keep that side in the fight.
    fn waiting(&self, _fight: &Fight, _side: crate::board::Side) -> bool {
        false
    }
    /// `simulate --vary` (SPEC §15): where number `stat` of monster type `kind` is written
    /// in `text`, this system's monster file, or with no `kind` a number of the board
    /// `fight` as a whole (its scenario level) in `text`, the board's; the sweep writes each
    /// value there and loads the file again. An error says why not (`io::knob::unknown`).
    fn knob(
        &self,
        _fight: &Fight,
        _text: &str,
        kind: Option<&str>,
        stat: &str,
    ) -> Result<Knob, Diagnostic> {
        Err(crate::io::knob::unknown(
            kind.unwrap_or("the board"),
            stat,
            &[],
        ))
    }
    /// For a system's own code to get its concrete type back.
    fn as_any(&self) -> &dyn Any;
}

/// The monsters say what makes a round quiet.
impl<M: Monsters + ?Sized> QuietHooks for M {
    fn holdings(&self, fight: &Fight) -> String {
        Monsters::holdings(self, fight)
    }

    fn camps(&self, fight: &Fight) -> Vec<String> {
        Monsters::camps(self, fight)
    }
}

/// The monsters are the round hooks of the rules' round start.
impl<M: Monsters + ?Sized> RoundHooks for M {
    fn round_started(&self, world: &mut World) {
        Monsters::round_started(self, world);
    }

    fn order_round(&self, world: &mut World) {
        Monsters::order_round(self, world);
    }

    fn turn_cards_drawn(&self) -> bool {
        Monsters::turn_cards_drawn(self)
    }
}

/// The players' side of a system, for `simulate`: how this system's characters fight when
/// the tool plays them by a tactic. A system without one of its own plays its characters
/// with the default system's (see [`Registry::characters_for`]).
pub trait CharacterModel: Sync {
    /// The characters of `fight` ready to play, each by its tactic: from a heroes file
    /// (`file` = its path and text) when one is given, a documented default otherwise.
    /// May fill in what the fight needs of them (such as their opportunity attacks).
    /// `monsters` are the fight's monsters (a model may need its system's rules data).
    fn characters(
        &self,
        fight: &mut Fight,
        monsters: &dyn Monsters,
        file: Option<(&str, &str)>,
    ) -> std::result::Result<Box<dyn Characters>, Diagnostics>;
    /// `simulate --vary ID.STAT`: where number `stat` of character `id` is written in
    /// `text`, a heroes file of this model (as [`Monsters::knob`]).
    fn knob(&self, _text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
        Err(crate::io::knob::unknown(id, stat, &[]))
    }
}

/// A board's characters as one system plays them (see [`CharacterModel`]).
pub trait Characters: Send + Sync {
    /// Plays character `id`'s turn, already started by its revealed card: it acts by its
    /// tactic. The turn ends when the next card is revealed.
    fn play_turn(&self, world: &mut World, id: &str);
    /// A new round is about to be laid out: what the characters choose for it (on
    /// ability-deck boards, their initiatives). Nothing by default.
    fn round_starts(&self, _world: &mut World) {}
    /// The characters that fight by the default tactic (no heroes-file entry), for the
    /// report.
    fn defaulted(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The monsters as the rules' [`SystemHooks`]: `World::with_hooks(&Hooks::new(monsters))`.
pub struct Hooks<'a> {
    monsters: &'a dyn Monsters,
    /// Whether the creatures the system holds off the board count (not in `simulate`,
    /// whose characters open no doors: its fights are played on what is revealed).
    reserves: bool,
}

impl<'a> Hooks<'a> {
    /// The hooks of `monsters`.
    pub fn new(monsters: &'a dyn Monsters) -> Hooks<'a> {
        Hooks {
            monsters,
            reserves: true,
        }
    }

    /// The hooks of `monsters`, for a fight played only on what is on the board.
    pub fn revealed_only(monsters: &'a dyn Monsters) -> Hooks<'a> {
        Hooks {
            monsters,
            reserves: false,
        }
    }
}

impl SystemHooks for Hooks<'_> {
    fn left(
        &self,
        world: &mut World,
        creature: &crate::board::Creature,
        how: crate::rules::world::hooks::Leaving,
    ) {
        if how == crate::rules::world::hooks::Leaving::Fell {
            self.monsters.creature_fell(world, creature);
        }
        self.monsters.left_board(world, creature, how);
    }
    fn turn_ended(&self, world: &mut World, id: &str) {
        self.monsters.turn_ended(world, id);
    }
    fn waiting(&self, fight: &Fight, side: crate::board::Side) -> bool {
        self.reserves && self.monsters.waiting(fight, side)
    }
    fn health(&self, fight: &Fight, id: &str) -> Option<String> {
        self.monsters.health(fight, id)
    }
    fn players_commands(&self) -> Option<&'static str> {
        self.monsters.players_commands()
    }
    fn rank(&self, fight: &Fight, id: &str) -> Option<&'static str> {
        self.monsters.rank(fight, id)
    }
    fn card_initiative(&self, fight: &Fight, card: &str) -> Option<u32> {
        self.monsters.card_initiative(fight, card)
    }
    fn monsters_any(&self) -> Option<&dyn Any> {
        Some(self.monsters.as_any())
    }
}

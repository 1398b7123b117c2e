//! The ability-deck system as a [`System`]: loading its monster files, the exact
//! stat line of a new monster, the turn-order deck laid out by initiative, a type's
//! activation with its card for the round, and the focus solver behind `options`.

use super::compile::{AbilityDecks, load_decks};
use super::format::DeckFile;
use super::round::order_round;
use super::stat_line::{line, prepare, stats_of};
use super::state::{self, DeckState};
use super::turn::play_type;
use crate::board::{Fight, Side, Stats};
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::rules::deck::TurnCard;
use crate::rules::words::plural;
use crate::rules::world::World;
use crate::systems::assembled::Assembled;
use crate::systems::{AddFlag, Monsters, StateProblem, System, Words};
use std::any::Any;

/// The ability-deck system, as the app's registry lists it.
pub static SYSTEM: &dyn System = &DECKS;

/// The system of Gloomhaven-style ability-deck monsters, assembled from its parts.
static DECKS: Assembled<AbilityDecks, DeckFile, DeckState> =
    Assembled::new(state::NAME, "Gloomhaven-style ability decks", load_decks)
        .with_records(<super::words::Record as clap::Subcommand>::augment_subcommands)
        .with_commands(super::options_command::COMMANDS)
        .with_add_flags(&[ELITE])
        .with_characters(&super::characters::GLOOM_CHARACTERS);

/// `add --monster KIND --elite`: the new monster uses its type's elite stat line.
const ELITE: AddFlag = AddFlag {
    name: "elite",
    help: "An elite (ability-deck monsters): it uses its type's elite stat line",
};

impl Monsters for AbilityDecks {
    /// An exhausted character is out of the scenario (the Gloomhaven rules).
    fn fallen_stay_fallen(&self) -> Option<&'static str> {
        Some("an exhausted character takes no further part in the scenario")
    }
    fn system(&self) -> &'static str {
        SYSTEM.system()
    }

    fn record(&self, world: &mut World, words: Words) -> std::result::Result<(), Diagnostic> {
        super::record::record(world, self, words)
    }

    fn record_actor(&self, words: Words) -> Option<String> {
        super::record::actor(words)
    }

    fn prepare(&self, fight: &mut Fight) {
        prepare(fight, self);
    }

    /// Monsters in rooms behind closed doors keep the monsters' side in the fight.
    fn waiting(&self, fight: &Fight, side: Side) -> bool {
        side == Side::Monsters && super::state::monsters_waiting(fight)
    }

    fn check_state(&self, fight: &Fight) -> Vec<StateProblem> {
        if let Some(too_large) = too_large(fight) {
            return vec![too_large];
        }
        let mut problems = state::check(fight, &|kind| self.get(kind).is_some());
        if problems.is_empty() {
            problems = super::rooms::check(fight, self);
        }
        problems
    }

    fn summary(&self, file: &str) -> String {
        let n = self.types.len();
        let cards: usize = self.types.iter().map(|t| t.cards.len()).sum();
        format!(
            "{file}: {n} monster type{} OK ({cards} ability cards)",
            plural(n)
        )
    }

    /// A character attacks with `record attack` (its card and the modifier it drew).
    fn players_commands(&self) -> Option<&'static str> {
        Some(
            "`move`, `record BOARD attack` (CHARACTER TARGET ATTACK CARD [pierce N] [CONDITION ...]) and the other player commands (heal, status, door, ...)",
        )
    }

    /// Each card of the round's turn order stands at its initiative.
    fn card_initiative(&self, fight: &Fight, card: &str) -> Option<u32> {
        super::initiative::of_card(fight, self, card)
    }

    /// An elite monster's turn header says so.
    fn rank(&self, fight: &Fight, id: &str) -> Option<&'static str> {
        super::state::is_elite(fight, id).then_some("elite")
    }

    fn placed(&self, world: &mut World, id: &str, flags: &[&str]) {
        if flags.contains(&ELITE.name) {
            super::state::mark_elite(world, id);
        }
    }

    fn new_monster(&self, fight: &Fight, kind: &str, flags: &[&str]) -> Result<Stats, Diagnostic> {
        let elite = flags.contains(&ELITE.name);
        let Some(t) = self.get(kind) else {
            return Err(Diagnostic::plain(format!(
                "--monster `{kind}` is not a monster type"
            )));
        };
        if elite && t.boss {
            return Err(Diagnostic::plain(format!(
                "--elite: `{kind}` is a boss, which has one stat line"
            ))
            .with_hint("drop --elite"));
        }
        line(t, fight, elite)
            .map(|l| stats_of(t, &l))
            .ok_or_else(|| {
                Diagnostic::plain(format!("`{}` has no stat line", t.name))
                    .with_hint("check the monster file")
            })
    }

    fn accepts_card(&self, card: &str) -> Result<(), Diagnostic> {
        Err(Diagnostic::plain(format!(
            "--card {card}: ability-deck monsters have no turn-order card"
        ))
        .with_hint(
            "each type draws an ability card from its own deck; drop --card \
             (to fix the draw, set `systems.ability-deck.ability_decks.TYPE.draw` on the board)",
        ))
    }

    fn order_round(&self, world: &mut World) {
        order_round(world, self);
    }

    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        _card: Option<TurnCard>,
    ) {
        play_type(world, self, kind, roster);
    }

    fn overlay(&self, fight: &Fight, _minds: bool) -> crate::board::overlay::Overlay {
        super::overlay::overlay(fight, self)
    }

    fn odds(&self, fight: &Fight) -> Vec<crate::board::odds::DeckOdds> {
        super::odds::odds(fight, self)
    }

    /// A summon's marks, a character's initiatives, own deck and curses given go.
    fn left_board(
        &self,
        world: &mut World,
        creature: &crate::board::Creature,
        _: crate::rules::world::hooks::Leaving,
    ) {
        super::state::forget(world, &creature.id);
    }

    fn creature_fell(&self, world: &mut World, creature: &crate::board::Creature) {
        super::spoils::creature_fell(world, self, creature);
    }

    fn turn_ended(&self, world: &mut World, id: &str) {
        super::spoils::turn_ended(world, id);
    }

    fn knob(
        &self,
        fight: &Fight,
        text: &str,
        kind: Option<&str>,
        stat: &str,
    ) -> Result<crate::io::knob::Knob, Diagnostic> {
        super::knob::monster(fight, text, kind, stat)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Most cells of a board played by ability-deck monsters (150×150). Each monster's turn
/// searches the whole board for its focus (its move, where it attacks from, the way
/// toward a focus out of reach) and again after it moves, so a turn of all of them grows
/// with the monsters times the cells: at the general limit (1000 creatures on 250×250) a
/// turn took several seconds where every other system's largest board takes about two.
/// Gloomhaven maps are a few dozen hexes across; no creature count changes the cells, so
/// a board that loads keeps loading.
pub(crate) const MAX_CELLS: u64 = 22_500;

/// The board's problem with [`MAX_CELLS`], if any: checked for every board the
/// ability-deck file plays, whatever it holds now (an unrevealed room's monsters come).
fn too_large(fight: &Fight) -> Option<StateProblem> {
    let cells = crate::board::limits::cells(&fight.board);
    (cells > MAX_CELLS).then(|| {
        StateProblem::hinted(
            String::new(),
            format!("a board of {cells} cells is too large for ability-deck monsters"),
            &format!(
                "a board played with an ability-deck monster file has at most {MAX_CELLS} cells (150×150, say); use a smaller grid"
            ),
        )
    })
}

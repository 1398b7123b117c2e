//! Playing one fight to its end in memory: the turn-order deck is revealed card by card
//! exactly as `next` does it, monsters act through their system, characters through
//! their tactic, until one side is gone or the round cap is reached. Nothing is written.

use super::record::{FightRecord, Recorder};
use crate::board::{Fight, Side};
use crate::chance::rng::GameRng;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use crate::registry::Registry;
use crate::rules::deck::{Revealed, end_character_turn, reveal, winner_in};
use crate::rules::events::Event;
use crate::rules::round::RoundHooks;
use crate::rules::stalemate::QuietHooks;
use crate::rules::ties::{AutoChooser, TiePolicy};
use crate::rules::world::World;
use crate::systems::{Characters, Monsters};
use std::collections::BTreeMap;

/// Everything a fight starts from; shared by every run.
pub struct Setup<'a> {
    /// The board every fight starts from (each run plays a copy).
    pub fight: &'a Fight,
    /// The monsters, played by their system.
    pub monsters: &'a dyn Monsters,
    /// The characters, played by their system's model.
    pub characters: &'a dyn Characters,
    /// The most rounds a fight may last; it is undecided when they run out.
    pub max_rounds: u32,
    /// How ties among equally good choices are broken.
    pub ties: TiePolicy,
}

impl Setup<'_> {
    /// Each creature's type, for counting behaviours by type.
    fn kinds(&self) -> BTreeMap<String, String> {
        self.fight
            .board
            .creatures
            .iter()
            .filter_map(|c| Some((c.id.clone(), c.kind.clone()?)))
            .collect()
    }

    /// Whether the board was saved with cards of its round still to reveal.
    fn mid_round(&self) -> bool {
        let b = &self.fight.board;
        !b.turn_order.is_empty() && (b.cards_drawn as usize) < b.turn_order.len()
    }

    /// The board's number of the last round the fight may play: the simulation's first
    /// round is the board's own when it has no turn order yet (the first deal) or is
    /// saved mid-round, else the one after it; `max_rounds` are played from there.
    fn last_round(&self) -> u32 {
        let b = &self.fight.board;
        let first = if b.turn_order.is_empty() || self.mid_round() {
            b.round
        } else {
            b.round.saturating_add(1)
        };
        first.saturating_add(self.max_rounds.saturating_sub(1))
    }
}

/// The characters of `fight` (a board of `monsters`' system) as `simulate` plays them: by that
/// system's characters' model (the default system's when it has none), with the heroes
/// file `file` (path and text) when one is given.
pub fn characters(
    registry: &Registry,
    fight: &mut Fight,
    monsters: &dyn Monsters,
    file: Option<(&str, &str)>,
) -> Result<Box<dyn Characters>> {
    let system = monsters.system();
    let Some(model) = registry.characters_for(system) else {
        return Err(Diagnostic::plain(format!(
            "`simulate` has no way to play the characters of {system} boards"
        ))
        .with_hint("play the fight with `next` and the player commands")
        .into());
    };
    Ok(model.characters(fight, monsters, file)?)
}

/// The round hooks of a simulated fight: the monsters' own, the characters' choices
/// for the round (their initiatives) just before its turn order is laid out, and the
/// round cap: no round begins after the last one.
struct RoundWith<'a> {
    monsters: &'a dyn Monsters,
    characters: &'a dyn Characters,
    last_round: u32,
}

impl QuietHooks for RoundWith<'_> {
    fn holdings(&self, fight: &Fight) -> String {
        self.monsters.holdings(fight)
    }

    fn camps(&self, fight: &Fight) -> Vec<String> {
        self.monsters.camps(fight)
    }
}

impl RoundHooks for RoundWith<'_> {
    fn round_started(&self, world: &mut World) {
        self.monsters.round_started(world);
    }

    fn order_round(&self, world: &mut World) {
        self.characters.round_starts(world);
        self.monsters.order_round(world);
    }

    fn last_round(&self) -> Option<u32> {
        Some(self.last_round)
    }
}

/// The seed of run `run` of a simulation seeded `seed`: run 0 uses `seed` itself, so any
/// run's seed given back as `--seed` with `--runs 1` replays that fight exactly.
pub fn run_seed(seed: u64, run: u64) -> u64 {
    if run == 0 {
        return seed;
    }
    // SplitMix64 over the pair: neighbouring runs get unrelated seeds.
    let mut z = seed ^ run.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one fight with RNG seed `seed`. With `keep` every event is also returned, for
/// narrating a replay.
pub fn play_fight(setup: &Setup, seed: u64, keep: bool) -> (FightRecord, Vec<Event>) {
    let mut fight = setup.fight.clone();
    let mut rng = GameRng::from_seed(seed);
    let mut chooser = AutoChooser(setup.ties);
    let mut recorder = Recorder::new(seed, setup.kinds(), setup.mid_round());
    let mut kept = Vec::new();
    let hooks = crate::systems::Hooks::revealed_only(setup.monsters);
    let mut world =
        World::new(&mut fight, &mut rng, &mut chooser, setup.monsters).with_hooks(&hooks);
    let round = RoundWith {
        monsters: setup.monsters,
        characters: setup.characters,
        last_round: setup.last_round(),
    };
    let mut capped = false;
    loop {
        if let Some(side) = winner_in(&world) {
            recorder.record.winner = Some(side);
            let winner = if side == Side::Players {
                "players"
            } else {
                "monsters"
            };
            world.emit(Event::FightOver {
                winner: winner.into(),
            });
        } else {
            end_character_turn(&mut world);
            match reveal(&mut world, &round) {
                Some(Revealed::Monsters { kind, card }) => {
                    setup.monsters.activate(&mut world, &kind, None, Some(card));
                }
                Some(Revealed::Character(id)) => setup.characters.play_turn(&mut world, &id),
                // The round cap: the fight is undecided (nothing of a next round is played).
                Some(Revealed::LastRoundOver) => capped = true,
                // The last card passed over someone gone and the fight is over (told on
                // the next pass), or there are no cards at all: nobody can act.
                None => {
                    if winner_in(&world).is_none() && !world.fight().board.stalemate.reached() {
                        recorder.record.failure = Some("no one is left to act".into());
                    }
                }
            }
        }
        if let Some((message, _)) = world.take_failure() {
            recorder.record.failure = Some(message);
        }
        recorder.absorb(world.events());
        let done = recorder.record.winner.is_some()
            || recorder.record.stalemate
            || recorder.record.failure.is_some()
            || capped
            // A guard only: the round cap stops the fight before any of round MAX + 1.
            || recorder.rounds() > setup.max_rounds;
        if keep {
            kept.extend(world.take_events());
        } else {
            world.clear_events();
        }
        if done {
            break;
        }
    }
    let rounds = recorder.rounds().min(setup.max_rounds).max(1);
    let mut record = recorder.record;
    record.rounds = rounds;
    (record, kept)
}

//! The AI-deck system's characters' model for `simulate` ([`KD_CHARACTERS`]): survivors
//! fighting a Kingdom-Death-style showdown by a plain tactic. A survivor still knocked
//! down does nothing (it stands at the end of the next monster turn); otherwise it walks
//! up to [`SURVIVOR_MOVEMENT`] spaces (with its status cards' movement) toward the
//! nearest AI-deck monster, into the monster's blind spot when it can reach it (+1
//! accuracy), and, once adjacent, attacks it with its weapon profile (`record attack`'s
//! roll). The heroes file gives each survivor's weapon:
//!
//! ```toml
//! format = 1
//! [[hero]]
//! id = "wren"
//! weapon = "3/6+/2"
//! ```
//!
//! A survivor the file leaves out fights with [`DEFAULT_WEAPON`].

use super::card::SurvivorRule;
use super::compile::{AiDecks, AiType};
use super::geometry::Body;
use super::movement::{self, Occupancy};
use super::state::{self, AiState};
use super::status;
use super::survivor_attack::{Weapon, attack};
use crate::board::Fight;
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems};
use crate::io::knob::{Knob, unknown};
use crate::io::load::parse_toml;
use crate::rules::world::{MoveCause, World};
use crate::systems::heroes_file::{check_format, entry_id};
use crate::systems::{CharacterModel, Characters, Monsters};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// The weapon of a survivor the heroes file leaves out: one swing of a plain club.
pub(crate) const DEFAULT_WEAPON: &str = "1/7+/2";
/// How far a survivor walks in its turn.
pub(crate) const SURVIVOR_MOVEMENT: u32 = 5;

/// The heroes file of an AI-deck board, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SurvivorsFile {
    format: Spanned<u32>,
    #[serde(default, rename = "hero")]
    heroes: Vec<SurvivorDef>,
}

/// One survivor's weapon.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SurvivorDef {
    id: Spanned<String>,
    weapon: Spanned<String>,
}

/// Survivors who fight with weapon profiles.
pub(crate) struct KdCharacters;

/// The AI-deck system's characters' model.
pub(crate) static KD_CHARACTERS: KdCharacters = KdCharacters;

/// Every survivor's weapon, and who fights with the default.
struct Survivors {
    weapons: BTreeMap<String, Weapon>,
    defaulted: Vec<String>,
}

impl CharacterModel for KdCharacters {
    fn characters(
        &self,
        fight: &mut Fight,
        _monsters: &dyn Monsters,
        file: Option<(&str, &str)>,
    ) -> Result<Box<dyn Characters>, Diagnostics> {
        let ids = fight.board.character_ids();
        let mut weapons = BTreeMap::new();
        if let Some((path, text)) = file {
            let raw: SurvivorsFile = parse_toml(path, text)?;
            let at = Locator::new(path, text);
            check_format(&at, &raw.format)?;
            let mut problems = Problems::new();
            let names: Vec<&str> = ids.iter().map(String::as_str).collect();
            for (i, h) in raw.heroes.iter().enumerate() {
                let known = |id: &str| weapons.contains_key(id);
                let who = (&names[..], "survivor");
                let Some(id) = entry_id(&at, &h.id, i, who, known, &mut problems) else {
                    continue;
                };
                let id = &id;
                match Weapon::parse(h.weapon.get_ref()) {
                    Ok(w) => {
                        weapons.insert(id.clone(), w);
                    }
                    Err(e) => problems.push(
                        at.span(h.weapon.span(), e)
                            .with_path(format!("hero[{i}].weapon"))
                            .with_hint("write SPEED/ACCURACY+/STRENGTH, e.g. 2/6+/3"),
                    ),
                }
            }
            if !problems.is_empty() {
                return problems.finish(Box::new(Survivors {
                    weapons: BTreeMap::new(),
                    defaulted: Vec::new(),
                }) as Box<dyn Characters>);
            }
        }
        let default = Weapon::parse(DEFAULT_WEAPON).expect("the default weapon reads");
        let mut defaulted = Vec::new();
        for id in ids {
            weapons.entry(id.clone()).or_insert_with(|| {
                defaulted.push(id.clone());
                default
            });
        }
        Ok(Box::new(Survivors { weapons, defaulted }))
    }

    fn knob(&self, text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
        knob(text, id, stat)
    }
}

impl Characters for Survivors {
    fn play_turn(&self, world: &mut World, id: &str) {
        let Some(&weapon) = self.weapons.get(id) else {
            return;
        };
        let st = state::read(world.fight());
        if st.survivors.get(id).is_some_and(|f| f.knocked_down) {
            return;
        }
        let Some(decks) = super::status::decks(world) else {
            return;
        };
        let Some((monster, t)) = nearest_monster(world.fight(), &st, decks, id) else {
            return;
        };
        let facts = st.survivors.get(id).cloned().unwrap_or_default();
        let more: i32 = status::changes(&status::rules(decks, &facts), |r| match r {
            SurvivorRule::Movement(n) => Some(n),
            _ => None,
        })
        .iter()
        .map(|(n, _)| n)
        .sum();
        let movement = (SURVIVOR_MOVEMENT as i32).saturating_add(more).max(0) as u32;
        walk_toward(world, &st, id, &monster, t, movement);
        let fight = world.fight();
        let (Some(me), Some(m)) = (fight.index_of(id), fight.index_of(&monster)) else {
            return;
        };
        let body = block(fight, &st, m, t);
        if body.adjacent(fight, fight.board.creatures[me].position) {
            attack(world, t, id, &monster, weapon);
        }
    }

    fn defaulted(&self) -> Vec<String> {
        self.defaulted.clone()
    }
}

/// The AI-deck monster nearest to survivor `id` (board order breaks ties) and its type.
fn nearest_monster<'a>(
    fight: &Fight,
    st: &AiState,
    decks: &'a AiDecks,
    id: &str,
) -> Option<(String, &'a AiType)> {
    let me = fight.board.creatures[fight.index_of(id)?].position;
    fight
        .board
        .creatures
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((i, c, decks.get(c.kind.as_deref()?)?)))
        .min_by_key(|(i, _, t)| block(fight, st, *i, t).distance(fight, me))
        .map(|(_, c, t)| (c.id.clone(), t))
}

/// Survivor `id` walks up to `movement` spaces to the reachable square nearest to the
/// monster's block, one in its blind spot first (+1 accuracy), then the fewest steps,
/// then reading order; it stays when no such square is better than where it stands.
fn walk_toward(
    world: &mut World,
    st: &AiState,
    id: &str,
    monster: &str,
    t: &AiType,
    movement: u32,
) {
    let fight = world.fight();
    let (Some(me), Some(m)) = (fight.index_of(id), fight.index_of(monster)) else {
        return;
    };
    let body = block(fight, st, m, t);
    let here = fight.board.creatures[me].position;
    // Nearer first, then in the blind spot: (1, false) is a blind-spot square.
    let place = |c| (body.distance(fight, c), !body.in_blind_spot(c));
    if place(here) == (1, false) {
        return;
    }
    let occ = Occupancy::new(fight);
    // Already next to the monster, it searches for a way round only when a free square
    // of the blind spot lies within its movement as the crow flies.
    let grid = fight.grid();
    let free_behind = body.blind_spot().into_iter().any(|b| {
        grid.contains(b)
            && !fight.map.terrain(b).blocks_movement()
            && occ.at(fight, b).is_none()
            && grid.distance(here, b) <= movement
    });
    if place(here).0 == 1 && !free_behind {
        return;
    }
    let reach = movement::reach(fight, &occ, me, 1, movement);
    let best = reach
        .within(fight, movement)
        .into_iter()
        .min_by_key(|(c, steps)| (place(*c), *steps, fight.grid().index(*c)));
    if let Some((cell, _)) = best.filter(|(c, _)| place(*c) < place(here)) {
        let path = reach.path(fight, cell);
        if !path.is_empty() {
            world.move_along(id, &path, MoveCause::Walk);
        }
    }
}

/// The block of monster `i` (of type `t`) as it stands and faces now (`st`: the
/// system's state, for its facing).
fn block(fight: &Fight, st: &AiState, i: usize, t: &AiType) -> Body {
    let c = &fight.board.creatures[i];
    Body {
        corner: c.position,
        size: t.size,
        facing: st.monsters.get(&c.id).map(|m| m.facing).unwrap_or_default(),
    }
}

/// A survivor's numbers: its weapon's SPEED/ACCURACY+/STRENGTH.
const WEAPON: [&str; 3] = ["speed", "accuracy", "strength"];

/// Where part `stat` of survivor `id`'s weapon is written in heroes file `text`.
fn knob(text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
    let Some(part) = WEAPON.iter().position(|w| *w == stat) else {
        return Err(unknown(id, stat, &WEAPON));
    };
    let file: SurvivorsFile = parse_toml("the heroes file", text)?;
    let Some(hero) = file.heroes.iter().find(|h| h.id.get_ref().trim() == id) else {
        return Err(
            Diagnostic::plain(format!("the heroes file has no entry for `{id}`")).with_hint(
                format!("give it one with its weapon, e.g. `[[hero]]` `id = \"{id}\"` `weapon = \"1/7+/2\"`"),
            ),
        );
    };
    let span = hero.weapon.span();
    let raw = &text[span.clone()];
    // The digits of the profile's numbers, in order: SPEED, ACCURACY, STRENGTH.
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in raw.char_indices().chain([(raw.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(span.start + s..span.start + i);
                start = None;
            }
            _ => {}
        }
    }
    match runs.get(part) {
        Some(at) if runs.len() == 3 => Ok(Knob::at(at.clone())),
        _ => Err(Diagnostic::plain(format!(
            "`{id}`'s weapon `{raw}` is not written SPEED/ACCURACY+/STRENGTH"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weapons_three_numbers_are_found() {
        let text = "format = 1\n[[hero]]\nid = \"wren\"\nweapon = \"3/6+/2\"\n";
        let speed = knob(text, "wren", "speed").unwrap();
        assert_eq!(speed.apply(text, 4), text.replace("3/6+/2", "4/6+/2"));
        let accuracy = knob(text, "wren", "accuracy").unwrap();
        assert_eq!(accuracy.apply(text, 5), text.replace("3/6+/2", "3/5+/2"));
        let strength = knob(text, "wren", "strength").unwrap();
        assert_eq!(strength.apply(text, 10), text.replace("3/6+/2", "3/6+/10"));
        assert!(knob(text, "wren", "luck").is_err());
    }
}

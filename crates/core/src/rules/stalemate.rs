//! A fight also ends as a stalemate after a number of quiet rounds in a row (the board's
//! `stalemate.after`, 10 by default). A round is quiet when, from its start to the next
//! round's start, no creature lost or gained HP (or gold), none gained a status, no item
//! changed hands, nobody came or went, and no creature came closer to the nearest enemy
//! it can reach (walking steps around walls and obstacles). Who counts as an enemy and
//! who holds what is the system's word ([`QuietHooks`]); by default the other side is
//! the enemy and only gold is held.

use super::events::Event;
use super::world::World;
use crate::board::stalemate::Mark;
use crate::board::{Fight, Side};
use std::collections::BTreeMap;

/// What a system says about quiet rounds.
pub trait QuietHooks {
    /// Who holds which of the system's things (items, tokens), as text: a round in which
    /// it changes is not quiet.
    fn holdings(&self, _fight: &Fight) -> String {
        String::new()
    }
    /// Each creature's camp, in board order: creatures of different camps are enemies.
    /// By default their sides.
    fn camps(&self, fight: &Fight) -> Vec<String> {
        side_camps(fight)
    }
}

/// The default camps: the creatures' sides, in board order.
pub fn side_camps(fight: &Fight) -> Vec<String> {
    fight
        .board
        .creatures
        .iter()
        .map(|c| match c.side {
            Side::Players => "players".to_string(),
            Side::Monsters => "monsters".to_string(),
        })
        .collect()
}

/// The board's count as a round ends: a quiet round adds one, any other starts again from
/// 0, and the board as it stands is remembered for the next. Returns true (and says so)
/// when the fight has now ended as a stalemate.
pub fn round_ended(world: &mut World, hooks: &(impl QuietHooks + ?Sized)) -> bool {
    let now = mark(world.fight(), hooks);
    let st = &world.fight().board.stalemate;
    let quiet_rounds = match &st.mark {
        Some(before) if quiet(before, &now) => st.quiet + 1,
        Some(_) => 0,
        None => st.quiet,
    };
    world.count_quiet_rounds(now, quiet_rounds);
    let st = &world.fight().board.stalemate;
    if st.reached() {
        let rounds = st.quiet;
        world.emit(Event::Stalemate { rounds });
        return true;
    }
    false
}

/// Remembers the board at the start of the first round, when nothing is remembered yet.
pub fn first_round(world: &mut World, hooks: &(impl QuietHooks + ?Sized)) {
    let st = &world.fight().board.stalemate;
    if st.mark.is_none() {
        let quiet_rounds = st.quiet;
        let now = mark(world.fight(), hooks);
        world.count_quiet_rounds(now, quiet_rounds);
    }
}

/// True when nothing that counts changed from `before` to `now`.
fn quiet(before: &Mark, now: &Mark) -> bool {
    before.hp == now.hp
        && before.gold == now.gold
        && before.holdings == now.holdings
        && now
            .statuses
            .iter()
            .all(|s| before.statuses.binary_search(s).is_ok())
        && now
            .nearest
            .iter()
            .all(|(id, d)| before.nearest.get(id).is_some_and(|b| d >= b))
}

/// The board as a quiet round must leave it.
pub fn mark(fight: &Fight, hooks: &(impl QuietHooks + ?Sized)) -> Mark {
    let mut statuses: Vec<String> = fight
        .board
        .creatures
        .iter()
        .flat_map(|c| {
            c.statuses
                .iter()
                .map(move |s| format!("{}:{}", c.id, s.status.label()))
        })
        .collect();
    statuses.sort();
    statuses.dedup();
    Mark {
        hp: fight
            .board
            .creatures
            .iter()
            .map(|c| (c.id.clone(), c.hp))
            .collect(),
        gold: fight
            .board
            .creatures
            .iter()
            .filter(|c| c.gold > 0)
            .map(|c| (c.id.clone(), c.gold))
            .collect(),
        holdings: hooks.holdings(fight),
        statuses,
        nearest: nearest_enemies(fight, hooks),
    }
}

/// For each creature, the walking steps to the nearest creature of another camp it can
/// reach: one breadth-first search per camp, from all its creatures at once, stopping
/// once it has reached every creature of the other camps.
fn nearest_enemies(fight: &Fight, hooks: &(impl QuietHooks + ?Sized)) -> BTreeMap<String, u32> {
    let camps = hooks.camps(fight);
    let mut names: Vec<&String> = camps.iter().collect();
    names.sort();
    names.dedup();
    let mut out: BTreeMap<String, u32> = BTreeMap::new();
    if names.len() < 2 {
        return out;
    }
    let creatures = &fight.board.creatures;
    let (mut from, mut others) = (Vec::new(), Vec::new());
    for camp in names {
        from.clear();
        others.clear();
        for (c, k) in creatures.iter().zip(&camps) {
            if k == camp {
                from.push(c.position);
            } else {
                others.push(c.position);
            }
        }
        let steps = fight.map.walk_to_each(&from, &others);
        let enemies = creatures.iter().zip(&camps).filter(|(_, k)| *k != camp);
        for ((c, _), d) in enemies.zip(steps) {
            if let Some(d) = d {
                let e = out.entry(c.id.clone()).or_insert(d);
                *e = (*e).min(d);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mark with the orc's HP `hp`.
    fn m(hp: i32, statuses: &[&str], nearest: &[(&str, u32)]) -> Mark {
        Mark {
            hp: [("orc".to_string(), hp)].into(),
            gold: BTreeMap::new(),
            holdings: String::new(),
            statuses: statuses.iter().map(|s| s.to_string()).collect(),
            nearest: nearest.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        }
    }

    #[test]
    fn a_round_is_quiet_only_when_nothing_that_counts_changed() {
        let before = m(5, &["orc:poisoned"], &[("orc", 3), ("hero", 3)]);
        // A status running out and someone stepping back are quiet.
        assert!(quiet(&before, &m(5, &[], &[("orc", 4), ("hero", 4)])));
        // HP, gold or holdings changed.
        assert!(!quiet(
            &before,
            &m(4, &["orc:poisoned"], &[("orc", 3), ("hero", 3)])
        ));
        // A status gained.
        assert!(!quiet(
            &before,
            &m(
                5,
                &["hero:stunned", "orc:poisoned"],
                &[("orc", 3), ("hero", 3)]
            )
        ));
        // Someone came closer to an enemy, or newly can reach one.
        assert!(!quiet(
            &before,
            &m(5, &["orc:poisoned"], &[("orc", 2), ("hero", 3)])
        ));
        assert!(!quiet(
            &before,
            &m(5, &[], &[("orc", 3), ("hero", 3), ("wolf", 9)])
        ));
    }
}

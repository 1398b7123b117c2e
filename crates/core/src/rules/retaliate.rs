//! Retaliate, in two kinds. Gloomhaven's (the `retaliating` status): a fixed amount of
//! damage to every enemy attacker within the status's range. The scheme system's (the
//! `retaliate` trait): a creature that is attacked strikes back at its attacker with a
//! bonus attack (its weakest attack, no effects), once per round. With Range 1 it only
//! answers an adjacent attacker; with a longer Range only one that is not adjacent, and
//! only within the attack's range and sight.

use super::targeting::{attackable, reaches};
use super::world::strike::{attack_shape, strike};
use super::world::{Harm, World};
use crate::board::{Fight, Status, StatusKind, Trait};
use crate::grid::Cell;

/// The Gloomhaven kind (the `retaliating` statuses of ability-deck monsters): an attacker
/// of the other side takes, on every attack, the amounts of those statuses whose range
/// reaches it. Returns true when it applied.
fn retaliating(world: &mut World, d: usize, a: usize, defender: &str, attacker: &str) -> bool {
    let fight = world.fight();
    let (me, them) = (&fight.board.creatures[d], &fight.board.creatures[a]);
    if me.side == them.side {
        return false;
    }
    let amount = retaliation_at(fight, d, them.position) as i32;
    if amount <= 0 {
        return false;
    }
    let detail = format!("strikes back at {}", world.name(attacker));
    world.trait_note(defender, "retaliate", &detail);
    world.damage(attacker, amount, Harm::dealt_by(defender, "retaliate"));
    true
}

/// The sum of creature `d`'s retaliating statuses whose range reaches `cell`, counted in
/// steps around walls and thin walls (no line of sight needed).
fn retaliation_at(fight: &Fight, d: usize, cell: Cell) -> u32 {
    let mine = || {
        fight.board.creatures[d]
            .statuses
            .iter()
            .filter(|s| s.status == StatusKind::Retaliating)
    };
    let Some(longest) = mine().map(Status::reach).max() else {
        return 0;
    };
    let from = fight.board.creatures[d].position;
    let Some(steps) = fight.map.range_within(from, longest).get(cell) else {
        return 0;
    };
    mine()
        .filter(|s| s.reach() >= steps)
        .map(|s| s.amount.unwrap_or(0))
        .sum()
}

/// `defender` has just been attacked by `attacker` (hit or missed): it retaliates if its
/// trait, this round's use, its state and the distance allow. A retaliation is not itself
/// answered.
pub fn retaliate(world: &mut World, defender: &str, attacker: &str) {
    let (Some(d), Some(a)) = (world.idx(defender), world.idx(attacker)) else {
        return;
    };
    if retaliating(world, d, a, defender, attacker) {
        return;
    }
    let fight = world.fight();
    let me = &fight.board.creatures[d];
    let them = &fight.board.creatures[a];
    let has_trait = fight.stats[d]
        .traits
        .iter()
        .any(|t| matches!(t, Trait::Retaliate(_)));
    let round = fight.board.round;
    if !has_trait || me.side == them.side || me.retaliated == Some(round) {
        return;
    }
    if fight.has_status(d, StatusKind::Stunned) || fight.has_status(d, StatusKind::Disarmed) {
        return;
    }
    let Some(attack) = fight.stats[d].retaliation.clone() else {
        return;
    };
    let (from, to) = (me.position, them.position);
    let adjacent = fight.grid().adjacent(from, to) && !fight.map.thin_wall_between(from, to);
    let range = fight.stats[d].range;
    if (range <= 1) != adjacent {
        return;
    }
    let shape = attack_shape(range, &attack);
    let dist = fight.map.range_within(to, shape.range);
    if !attackable(fight, a, shape) || !reaches(fight, &dist, from, to, shape) {
        return;
    }
    world.mark_retaliated(d, round);
    let detail = format!("strikes back at {}", world.name(attacker));
    world.trait_note(defender, "retaliate", &detail);
    strike(world, defender, attacker, &attack, shape);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NoMonsterTypes;
    use crate::board::load::load_board;
    use crate::chance::rng::GameRng;
    use crate::rules::ties::{AutoChooser, TiePolicy};

    /// A hex row (flat-topped, odd columns lower) with the retaliating brute on A1, heroes
    /// on B1 (adjacent), C1 (2 steps), D1 (3) and E1 (4), and an ally imp on A2:
    ///
    /// ```text
    ///  __    __    __
    /// /A1\__/C1\__/E1\
    /// \__/B1\__/D1\__/
    /// /A2\__/  \__/  \
    /// \__/  \__/  \__/
    ///    \__/  \__/
    /// ```
    ///
    /// The brute has Retaliate 1 (range 1) and Retaliate 2 Range 3.
    fn fight(thin_walls: &str) -> Fight {
        let hero = |id: &str, cell: &str| {
            format!(r#"{{"id": "{id}", "side": "players", "position": "{cell}", "hp": 10}}"#)
        };
        let heroes: Vec<String> = [("b", "B1"), ("c", "C1"), ("d", "D1"), ("e", "E1")]
            .iter()
            .map(|(id, cell)| hero(id, cell))
            .collect();
        let text = format!(
            r#"{{"format": 1, "grid": {{"kind": "hex", "width": 5, "height": 2}},
            "map": [".....", "....."], "thin_walls": [{thin_walls}],
            "creatures": [
              {{"id": "brute", "side": "monsters", "position": "A1", "hp": 10, "statuses": [
                {{"status": "retaliating", "amount": 1, "until": "removed"}},
                {{"status": "retaliating", "amount": 2, "range": 3, "until": "removed"}}]}},
              {{"id": "imp", "side": "monsters", "position": "A2", "hp": 10}},
              {}]}}"#,
            heroes.join(", ")
        );
        load_board("b.json", &text, &NoMonsterTypes).unwrap()
    }

    fn at(fight: &Fight, cell: &str) -> u32 {
        retaliation_at(fight, 0, Cell::parse(cell).unwrap())
    }

    #[test]
    fn the_retaliates_that_reach_an_attacker_add_up() {
        let f = fight("");
        let got: Vec<u32> = ["B1", "C1", "D1", "E1"].iter().map(|c| at(&f, c)).collect();
        assert_eq!(got, [3, 2, 2, 0]);
    }

    #[test]
    fn a_thin_wall_makes_a_neighbour_two_steps_away() {
        // Around the wall: A1, A2, B1.
        let f = fight(r#"["A1", "B1"]"#);
        assert_eq!(at(&f, "B1"), 2);
    }

    #[test]
    fn enemies_within_range_take_the_damage_allies_do_not() {
        let mut f = fight("");
        let (mut rng, mut chooser) = (GameRng::from_seed(1), AutoChooser(TiePolicy::First));
        let mut world = World::new(&mut f, &mut rng, &mut chooser, &NoMonsterTypes);
        for attacker in ["imp", "c", "e"] {
            retaliate(&mut world, "brute", attacker);
        }
        let hp: Vec<i32> = f.board.creatures.iter().map(|c| c.hp).collect();
        // brute, imp, b, c, d, e
        assert_eq!(hp, [10, 10, 10, 8, 10, 10]);
    }
}

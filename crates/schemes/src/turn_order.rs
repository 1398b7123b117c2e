//! The turn-order deck of the scheme system: one card per monster type and per player or
//! NPC, shuffled each round. Cards of Haste creatures are set aside, the rest shuffled and
//! cut in half, the Haste cards shuffled into the smaller half, and that half put on top.

use crate::board::{Fight, Side, Trait};
use crate::chance::rng::GameRng;
use crate::rules::world::World;

/// A turn card: a monster type's name or a character's id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnOrderCard {
    /// The monster type or the character's id.
    pub name: String,
    /// Whether it stands for Haste creatures (shuffled into the half put on top).
    pub haste: bool,
}

/// The cards for the creatures now on the board: one per monster type (plus the board's
/// `boss_cards` extra cards for each boss type, from the system's state) and one per character (or monster without
/// a type), in the order they first appear on the board.
pub(crate) fn cards_for(fight: &Fight) -> Vec<TurnOrderCard> {
    let mut cards: Vec<TurnOrderCard> = Vec::new();
    for (i, c) in fight.board.creatures.iter().enumerate() {
        let name = match (&c.kind, c.side) {
            (Some(kind), Side::Monsters) => kind.clone(),
            _ => c.id.clone(),
        };
        if cards.iter().any(|k| k.name == name) {
            continue;
        }
        let haste = fight.has_trait(i, &Trait::Haste);
        // A boss type may get extra cards, so it acts more than once a round.
        let copies = if fight.stats[i].boss && c.kind.is_some() {
            1 + super::state::read(fight).boss_cards
        } else {
            1
        };
        for _ in 0..copies {
            cards.push(TurnOrderCard {
                name: name.clone(),
                haste,
            });
        }
    }
    cards
}

/// The round-start hook of Monster A.I. boards: a freshly shuffled deck for the creatures
/// now on the board (with Haste and any extra boss cards), drawn from its top.
pub(crate) fn shuffle_turn_order(world: &mut World) {
    let cards = cards_for(world.fight());
    let order = shuffle_deck(&cards, world.rng());
    world.set_shuffled_turn_order(order);
}

/// Shuffles the deck with the Haste rule; returns card names from top to bottom.
pub(crate) fn shuffle_deck(cards: &[TurnOrderCard], rng: &mut GameRng) -> Vec<String> {
    let mut haste: Vec<String> = cards
        .iter()
        .filter(|c| c.haste)
        .map(|c| c.name.clone())
        .collect();
    let mut rest: Vec<String> = cards
        .iter()
        .filter(|c| !c.haste)
        .map(|c| c.name.clone())
        .collect();
    rng.shuffle(&mut rest);
    // The top half is the smaller one when the count is odd.
    let bottom = rest.split_off(rest.len() / 2);
    let mut top = rest;
    top.append(&mut haste);
    rng.shuffle(&mut top);
    top.extend(bottom);
    top
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(names: &[(&str, bool)]) -> Vec<TurnOrderCard> {
        names
            .iter()
            .map(|(n, h)| TurnOrderCard {
                name: n.to_string(),
                haste: *h,
            })
            .collect()
    }

    #[test]
    fn haste_cards_always_land_in_the_top_half() {
        // The seed's example: four players, Wargs (haste), Orc Shaman, Goblin Warriors.
        let cards = deck(&[
            ("aria", false),
            ("borin", false),
            ("cass", false),
            ("dain", false),
            ("Warg", true),
            ("Orc Shaman", false),
            ("Goblin Warrior", false),
        ]);
        let mut rng = GameRng::from_seed(99);
        let mut warg_positions = [0u32; 7];
        for _ in 0..10_000 {
            let order = shuffle_deck(&cards, &mut rng);
            assert_eq!(order.len(), 7);
            let p = order.iter().position(|n| n == "Warg").unwrap();
            // 6 others: top half 3 + the Warg = 4 cards on top.
            assert!(p < 4, "Warg drawn at {p} in {order:?}");
            warg_positions[p] += 1;
        }
        // Each of the four top places should come up about a quarter of the time.
        for &n in &warg_positions[..4] {
            assert!((2200..2800).contains(&n), "{warg_positions:?}");
        }
    }

    #[test]
    fn without_haste_every_card_can_come_anywhere() {
        let cards = deck(&[("a", false), ("b", false), ("c", false), ("d", false)]);
        let mut rng = GameRng::from_seed(5);
        let mut seen_last = std::collections::BTreeSet::new();
        for _ in 0..400 {
            seen_last.insert(shuffle_deck(&cards, &mut rng).pop().unwrap());
        }
        assert_eq!(seen_last.len(), 4);
    }
}

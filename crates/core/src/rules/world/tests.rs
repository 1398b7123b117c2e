//! The invariants `World` guards, each checked through its methods: no two creatures in a
//! cell, none in a wall, HP within 0..=max, every change recorded as an event, and a
//! refused change leaves the fight as it was and stops the command.
//!
//! The board (square, chebyshev):
//!
//! ```text
//!   A  B  C  D
//! 1 m  .  #  h      m = imp (monster, 6 of 10 HP), h = hero (player, 10 HP)
//! 2 .  .  .  .      # = a wall at C1
//! ```

use super::*;
use crate::board::load::load_board;
use crate::board::{Creature, NoMonsterTypes, Side, Stats, StatusKind};
use crate::rules::ties::{AutoChooser, TiePolicy};

fn fight() -> Fight {
    let text = r##"{"format": 1, "grid": {"kind": "square", "width": 4, "height": 2},
        "map": ["..#.", "...."],
        "creatures": [
          {"id": "imp", "side": "monsters", "position": "A1", "hp": 6, "max_hp": 10},
          {"id": "hero", "side": "players", "position": "D1", "hp": 10}]}"##;
    load_board("b.json", text, &NoMonsterTypes).unwrap()
}

/// Runs `f` on a world over a fresh fight; returns the fight after and the events.
fn play(f: impl FnOnce(&mut World)) -> (Fight, Vec<Event>, bool) {
    let mut fight = fight();
    let mut rng = GameRng::from_seed(7);
    let mut chooser = AutoChooser(TiePolicy::First);
    let mut world = World::new(&mut fight, &mut rng, &mut chooser, &NoMonsterTypes);
    f(&mut world);
    let failed = world.failed();
    let events = world.take_events();
    (fight, events, failed)
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn newcomer(at: &str) -> (Creature, Stats) {
    let c = Creature::fresh("bat".into(), Side::Monsters, None, cell(at), 3);
    let stats = crate::board::load::resolve_stats(&c, &fight().board, &NoMonsterTypes).unwrap();
    (c, stats)
}

fn added(at: &str) -> Event {
    Event::Added {
        creature: "bat".into(),
        name: "bat".into(),
        side: "monsters".into(),
        kind: String::new(),
        cell: at.into(),
        hp: 3,
        max_hp: 3,
        health: None,
    }
}

#[test]
fn a_new_creature_goes_on_a_free_cell_and_is_recorded() {
    let (f, events, failed) = play(|w| {
        let (c, s) = newcomer("B2");
        w.place_creature(c, s, added("B2"));
    });
    assert!(!failed);
    assert_eq!(f.board.creatures.len(), 3);
    assert_eq!(f.stats.len(), 3, "stats stay in step with the creatures");
    assert_eq!(events.len(), 1);
}

#[test]
fn no_creature_goes_onto_another_or_into_a_wall() {
    for at in ["D1", "C1", "E1"] {
        let (f, events, failed) = play(|w| {
            let (c, s) = newcomer(at);
            w.place_creature(c, s, added(at));
        });
        assert!(failed, "{at} is refused");
        assert_eq!(f.board.creatures.len(), 2, "{at}: nothing was added");
        assert!(events.is_empty(), "{at}: nothing happened");
    }
    // Moving onto the hero or into the wall is refused the same way.
    for at in ["D1", "C1"] {
        let (f, events, failed) = play(|w| w.place_at("imp", cell(at)));
        assert!(failed);
        assert_eq!(f.board.creatures[0].position, cell("A1"));
        assert!(events.is_empty());
    }
    // Staying on its own cell is no collision.
    let (_, events, failed) = play(|w| w.place_at("imp", cell("A1")));
    assert!(!failed);
    assert_eq!(events.len(), 1);
}

#[test]
fn hp_stays_between_zero_and_the_maximum() {
    // A heal of 100 on 6 of 10 gains 4.
    let (f, events, _) = play(|w| w.heal("imp", 100, None));
    assert_eq!(f.board.creatures[0].hp, 10);
    assert!(matches!(
        events[0],
        Event::Heal {
            amount: 4,
            hp: 10,
            max_hp: 10,
            ..
        }
    ));
    // A negative heal changes nothing.
    let (f, _, _) = play(|w| w.heal("imp", -5, None));
    assert_eq!(f.board.creatures[0].hp, 6);
    // Damage past 0 kills: the creature leaves the board, reported at 0 HP.
    let (f, events, _) = play(|w| {
        w.damage("imp", 9, Harm::new("a test"));
    });
    assert!(f.index_of("imp").is_none());
    assert_eq!(f.stats.len(), 1);
    assert!(matches!(
        events[0],
        Event::Damage {
            amount: 9,
            hp: 0,
            ..
        }
    ));
    assert!(events.iter().any(|e| matches!(e, Event::Died { .. })));
    // Negative damage is no damage.
    let (f, _, _) = play(|w| {
        w.damage("imp", -3, Harm::new("a test"));
    });
    assert_eq!(f.board.creatures[0].hp, 6);
}

#[test]
fn gold_stays_within_bounds() {
    let (f, events, _) = play(|w| {
        w.change_gold("hero", 5);
        w.change_gold("hero", -50);
        w.change_gold("hero", i64::MAX);
    });
    assert_eq!(f.board.creatures[1].gold, crate::board::MAX_GOLD);
    assert_eq!(events.len(), 3, "each change is recorded");
}

#[test]
fn every_change_is_recorded() {
    let (f, events, _) = play(|w| {
        w.add_status("hero", StatusKind::Stunned, None);
        w.move_along("imp", &[cell("B1")], MoveCause::Walk);
        w.remove_status("hero", StatusKind::Stunned, "a test");
    });
    assert_eq!(f.board.creatures[0].position, cell("B1"));
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            Event::StatusGained { .. } => "status",
            Event::Move { .. } => "move",
            Event::StatusEnded { .. } => "ended",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["status", "move", "ended"]);
}

#[test]
fn a_walk_never_ends_on_another_creature() {
    // The imp is told to walk A1 → B1 → C2 → D1, the hero's cell: it stops short.
    let (f, _, _) = play(|w| {
        w.move_along(
            "imp",
            &[cell("B1"), cell("C2"), cell("D1")],
            MoveCause::Walk,
        );
    });
    let imp = f.board.creatures[f.index_of("imp").unwrap()].position;
    assert_ne!(imp, cell("D1"));
    assert_eq!(f.board.creatures[1].position, cell("D1"));
}

#[test]
fn creatures_are_found_by_id_after_one_leaves_the_board() {
    play(|w| {
        assert_eq!(w.idx("imp"), Some(0));
        assert_eq!(w.idx("hero"), Some(1));
        w.die("imp");
        // The hero moved up to index 0, where the imp was looked up before.
        assert_eq!(w.idx("hero"), Some(0));
        assert_eq!(w.idx("imp"), None);
        assert_eq!(w.idx("hero"), Some(0));
    });
}

/// Pierce lowers a shield for one attack, never below 0, and is told only when it went
/// through some shield: the imp (shielded 2) takes an attack of 3 with pierce 1 (2
/// taken, 1 stopped), then one of 3 with pierce 5 (3 taken: only 2 to pierce), then one of
/// 0 with pierce 1 (nothing to tell); damage that is no attack ignores the shield.
#[test]
fn pierce_lowers_the_shield_of_one_attack() {
    let attack = |pierce: u32| Harm {
        from_attack: true,
        pierce,
        ..Harm::dealt_by("hero", "attack")
    };
    let (f, events, _) = play(|w| {
        w.add_status("imp", StatusKind::Shielded, Some(2));
        w.damage("imp", 3, attack(1));
        w.damage("imp", 3, attack(5));
        w.damage("imp", 0, attack(1));
    });
    let told: Vec<(i32, i32, Vec<String>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                amount,
                prevented,
                modifiers,
                ..
            } => Some((*amount, *prevented, modifiers.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        told,
        [
            (2, 1, vec!["pierce 1".to_string()]),
            (3, 0, vec!["pierce 2".to_string()]),
            (0, 0, vec![]),
        ]
    );
    assert_eq!(f.board.creatures[0].hp, 1);
}

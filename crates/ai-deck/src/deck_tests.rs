//! The deck built for a level, and the shipped monsters' cards: tests that read this
//! system's compiled types, moved here from the app's integration tests when the system
//! went behind its crate's wall.

use crate::card::{CardKind, Pool};
use crate::chance::rng::GameRng;
use crate::compile::load_ai_decks;
use crate::deck;

/// The seed's level-3 deck: 12 basic, 8 advanced and 3 legendary cards drawn from their
/// own shuffled pools, combined and shuffled; specials set aside, those listed put in
/// play. A type with 14/10/4 cards and two specials (one listed for level 3).
#[test]
fn seed_example_the_level_3_deck_has_12_basic_8_advanced_3_legendary() {
    let mut s = String::from(
        "format = 1\nsystem = \"ai-deck\"\n[[monster]]\nname = \"antelope\"\nmovement = 6\ntoughness = 9\n\
         basic_action = { actions = [\"move\"] }\ninstinct = { actions = [\"move\"] }\n\
         [[monster.level]]\nlevel = 3\nbasic = 12\nadvanced = 8\nlegendary = 3\nspecials = [\"Special 1\"]\n",
    );
    for (pool, n) in [
        ("basic", 14),
        ("advanced", 10),
        ("legendary", 4),
        ("special", 2),
    ] {
        for k in 1..=n {
            s.push_str(&format!("[[monster.card]]\nname = \"{pool} {k}\"\nlevel = \"{pool}\"\nactions = [\"flow\"]\n"));
        }
    }
    let s = s.replace("name = \"special 1\"", "name = \"Special 1\"");
    let decks = load_ai_decks("antelope.toml", &s).expect("the file loads");
    let t = &decks.types[0];
    let built = deck::build(t, 3, &mut GameRng::from_seed(7));
    let count = |pool: Pool| {
        built
            .deck
            .iter()
            .filter(|n| t.card(n).unwrap().pool == pool)
            .count()
    };
    assert_eq!(built.deck.len(), 23);
    assert_eq!(
        (
            count(Pool::Basic),
            count(Pool::Advanced),
            count(Pool::Legendary),
            count(Pool::Special)
        ),
        (12, 8, 3, 0)
    );
    assert_eq!(built.in_play, vec!["Special 1".to_string()]);
    assert!(built.discard.is_empty() && built.wounds.is_empty());
    // The same seed builds the same deck; the pools are really mixed together.
    assert_eq!(deck::build(t, 3, &mut GameRng::from_seed(7)), built);
    assert_ne!(
        deck::build(t, 3, &mut GameRng::from_seed(8)).deck,
        built.deck
    );
    let first_twelve_all_basic = built.deck[..12].iter().all(|n| n.starts_with("basic"));
    assert!(!first_twelve_all_basic, "the combined deck is shuffled");
}

/// `overtone = 2` deals two overtone cards apart from the pools; the pools then deal
/// only their other cards. A type with 3 normal and 3 overtone basic cards, level
/// `basic = 2, overtone = 2`: 4 cards, exactly 2 of them overtones, whatever the seed.
/// Without `overtone`, the overtone cards are dealt with their pool as before.
#[test]
fn the_level_recipe_counts_overtone_cards() {
    let mut s = String::from(
        "format = 1\nsystem = \"ai-deck\"\n[[monster]]\nname = \"twin\"\nmovement = 5\ntoughness = 7\n\
         basic_action = { actions = [\"flow\"] }\ninstinct = { actions = [\"flow\"] }\n\
         [[monster.level]]\nlevel = 1\nbasic = 2\novertone = 2\n\
         [[monster.level]]\nlevel = 2\nbasic = 6\n",
    );
    for k in 1..=3 {
        s.push_str(&format!(
            "[[monster.card]]\nname = \"plain {k}\"\nlevel = \"basic\"\nactions = [\"flow\"]\n"
        ));
        s.push_str(&format!(
            "[[monster.card]]\nname = \"tone {k}\"\nlevel = \"basic\"\ntype = \"overtone\"\n"
        ));
    }
    let decks = load_ai_decks("twins.toml", &s).expect("the file loads");
    let t = &decks.types[0];
    for seed in 0..20 {
        let built = deck::build(t, 1, &mut GameRng::from_seed(seed));
        let tones = built
            .deck
            .iter()
            .filter(|n| t.card(n).unwrap().kind == CardKind::Overtone)
            .count();
        assert_eq!((built.deck.len(), tones), (4, 2), "seed {seed}");
    }
    assert_eq!(deck::recipe_size(t, 1), 4);
    assert_eq!(deck::build(t, 2, &mut GameRng::from_seed(1)).deck.len(), 6);
}

/// The Gaunt Stag has three levels, at least 14 cards and every card type; the Mire Twins
/// use harmony and overtone cards.
#[test]
fn the_shipped_monsters_use_every_card_type() {
    let read = |f: &str| {
        load_ai_decks(
            f,
            &std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../..")
                    .join(f),
            )
            .unwrap(),
        )
        .unwrap()
    };
    let stag = read("schemes/gaunt-stag.toml");
    let t = &stag.types[0];
    assert_eq!(t.levels.len(), 3);
    assert!(t.cards.len() >= 14);
    for (kind, word) in CardKind::ALL {
        assert!(t.cards.iter().any(|c| c.kind == kind), "no {word} card");
    }
    let twins = read("schemes/mire-twins.toml");
    let kinds: Vec<CardKind> = twins.types[0].cards.iter().map(|c| c.kind).collect();
    assert!(kinds.contains(&CardKind::Harmony) && kinds.contains(&CardKind::Overtone));
}

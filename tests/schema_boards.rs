//! `monster-ai schema board` tells the truth: every shipped board, and the AI-deck
//! boards after a few turns (decks built, cards drawn, survivors hurt), fit the schema it
//! prints, checked with the small draft-7 checker in `common::json_schema`.

use crate::common::json_schema::problems;
use crate::common::{repo, run_in, temp_dir, tracked};
use serde_json::Value;

fn board_schema() -> Value {
    let r = run_in(&repo(), &["schema", "board"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    serde_json::from_str(&r.stdout).unwrap()
}

fn assert_fits(schema: &Value, board: &Value, what: &str) {
    let found = problems(schema, board);
    assert!(
        found.is_empty(),
        "{what} does not fit `schema board`:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_shipped_board_fits_the_board_schema() {
    let schema = board_schema();
    let boards: Vec<_> = tracked("scenarios")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert!(boards.len() >= 2);
    for path in boards {
        let board: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_fits(&schema, &board, &path.display().to_string());
    }
}

/// The AI-deck state as play writes it: decks of card names (not the ability decks'
/// numbered cards), a face-up repeat card with tokens, cards in play, hurt locations.
#[test]
fn ai_deck_boards_in_play_fit_the_board_schema() {
    let schema = board_schema();
    let ai = &schema["properties"]["systems"]["properties"]["ai-deck"];
    let decks = &ai["properties"]["decks"]["additionalProperties"]["$ref"];
    assert_eq!(decks, "#/definitions/ai-deck.TypeDeck", "{ai}");
    let deck = &schema["definitions"]["ai-deck.TypeDeck"]["properties"];
    assert_eq!(deck["deck"]["items"]["type"], "string", "{deck}");
    assert!(deck.get("current").is_none(), "{deck}");
    for (scenario, monsters) in [("stag-hunt", "gaunt-stag"), ("mire-pair", "mire-twins")] {
        let dir = temp_dir(&format!("schema-{scenario}"));
        let text = std::fs::read_to_string(repo().join(format!("scenarios/{scenario}.json")))
            .unwrap()
            .replace(
                &format!("../schemes/{monsters}.toml"),
                &repo()
                    .join(format!("schemes/{monsters}.toml"))
                    .display()
                    .to_string(),
            );
        std::fs::write(dir.join("b.json"), text).unwrap();
        let mut saw_deck = false;
        for step in 0..12 {
            let r = run_in(&dir, &["next", "b.json"], "");
            if r.code != 0 {
                break;
            }
            let board: Value =
                serde_json::from_str(&std::fs::read_to_string(dir.join("b.json")).unwrap())
                    .unwrap();
            saw_deck |= board["systems"]["ai-deck"]["decks"].is_object();
            assert_fits(
                &schema,
                &board,
                &format!("{scenario} after {} `next`", step + 1),
            );
        }
        assert!(saw_deck, "{scenario}: no deck was built");
    }
}

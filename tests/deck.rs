//! The turn-order deck played with `next`: boss cards, draw positions, passed cards, and
//! character turns that start and end exactly.

use crate::common::{Table, board, monster, of, one, player, run_in};
use serde_json::json;

fn next(t: &Table) -> Vec<serde_json::Value> {
    let g = crate::common::goblins();
    let r = run_in(
        &t.dir,
        &["next", "board.json", "--monsters", &g, "--json"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    crate::common::events(&r.stdout)
}

/// ```text
///      A B C D E F
///   1  H . . . . a
/// ```
/// With `boss_cards: 2` the Goblin Hag (a boss) has three cards in a deck of four, and
/// every one of them makes her act.
#[test]
fn extra_boss_cards_let_the_boss_act_several_times_a_round() {
    let mut b = board(
        "H . . . . a",
        &[
            ('H', monster("hag", "Goblin Hag")),
            ('a', player("aria", 40, 30)),
        ],
    );
    b["boss_cards"] = json!(2);
    let t = Table::new("boss-cards", &b);
    let mut hag_turns = 0;
    for _ in 0..4 {
        let ev = next(&t);
        hag_turns += of(&ev, "turn-start")
            .iter()
            .filter(|e| e["monster"] == "hag")
            .count();
    }
    let order = t.board()["turn_order"].clone();
    assert_eq!(
        order
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| *c == "Goblin Hag")
            .count(),
        3,
        "{order}"
    );
    assert_eq!(hag_turns, 3);
    assert_eq!(t.board()["cards_drawn"], 4);
}

/// The deck was dealt with the Goblin Thief's card on top: revealed first, its "drawn
/// first" behaviour (steal and run) fires.
///
/// ```text
///      A B C D
///   1  t . . a
/// ```
#[test]
fn a_card_drawn_first_sets_off_the_thiefs_first_behaviour() {
    let mut aria = player("aria", 20, 10);
    aria["gold"] = json!(30);
    let mut b = board(
        "t . . a",
        &[('t', monster("thief", "Goblin Thief")), ('a', aria)],
    );
    b["turn_order"] = json!(["Goblin Thief", "aria"]);
    let t = Table::new("thief-first", &b);
    let ev = next(&t);
    let drawn = one(&ev, "card-drawn");
    assert_eq!(
        (drawn["card"].as_str(), drawn["position"].as_u64()),
        (Some("Goblin Thief"), Some(1))
    );
    assert_eq!(one(&ev, "behaviour")["label"], "snatch and run");
    assert!(one(&ev, "gold")["amount"].as_u64().unwrap() > 0);
}

/// A card for a character who is no longer on the board is passed over, and the next
/// card is revealed in the same `next`.
#[test]
fn a_card_for_someone_gone_is_passed_over() {
    let mut b = board(
        "W . . . . a",
        &[
            ('W', monster("warg", "Warg")),
            ('a', player("aria", 40, 30)),
        ],
    );
    b["turn_order"] = json!(["bob", "aria", "Warg"]);
    let t = Table::new("passed-card", &b);
    let ev = next(&t);
    assert_eq!(one(&ev, "card-passed")["card"], "bob");
    assert_eq!(one(&ev, "character-turn")["creature"], "aria");
    assert_eq!(t.board()["acting"], "aria");
    assert_eq!(t.board()["cards_drawn"], 2);
}

/// Aria is dazed "until the end of her next turn". Her card comes up (her turn starts),
/// she stays dazed through it, and the following `next` ends her turn and the daze.
#[test]
fn a_characters_turn_ends_its_statuses_exactly() {
    let mut aria = player("aria", 40, 30);
    aria["statuses"] = json!([{ "status": "dazed", "until": "end-of-next-turn", "round": 1 }]);
    let mut b = board(
        "W . . . . a",
        &[('W', monster("warg", "Warg")), ('a', aria)],
    );
    b["turn_order"] = json!(["aria", "Warg"]);
    let t = Table::new("character-turn", &b);
    let ev = next(&t);
    assert_eq!(one(&ev, "character-turn")["creature"], "aria");
    assert_eq!(
        t.creature("aria").unwrap()["statuses"][0]["status"],
        "dazed"
    );
    let ev = next(&t);
    assert_eq!(one(&ev, "character-turn-over")["creature"], "aria");
    let ended = one(&ev, "status-ended");
    assert_eq!(
        (ended["creature"].as_str(), ended["status"].as_str()),
        (Some("aria"), Some("dazed"))
    );
    assert_eq!(one(&ev, "card-drawn")["card"], "Warg");
}

/// When the deck is spent, `next` starts the next round by itself (charges, fires,
/// arrivals, a new deck) and reveals its first card.
#[test]
fn a_spent_deck_starts_the_next_round() {
    let mut b = board(
        "W . . . . a",
        &[
            ('W', monster("warg", "Warg")),
            ('a', player("aria", 40, 30)),
        ],
    );
    b["turn_order"] = json!(["aria", "Warg"]);
    b["cards_drawn"] = json!(2);
    b["fires"] = json!([{ "cell": "C1", "rounds_left": 1 }]);
    let t = Table::new("spent-deck", &b);
    let ev = next(&t);
    assert_eq!(one(&ev, "round-start")["round"], 2);
    assert_eq!(one(&ev, "fire-out")["cell"], "C1");
    assert_eq!(t.board()["round"], 2);
    assert_eq!(t.board()["cards_drawn"], 1);
}

/// The new round's `turn-order` event tells characters' cards from monster types': the
/// deck holds "Warg" (a type) and "aria" (a character), and only "aria" is listed under
/// `characters`.
#[test]
fn the_turn_order_event_says_which_cards_are_characters() {
    let b = board(
        "W . . . . a",
        &[
            ('W', monster("warg", "Warg")),
            ('a', player("aria", 40, 30)),
        ],
    );
    let t = Table::new("turn-order-characters", &b);
    let ev = next(&t);
    let order = one(&ev, "turn-order");
    let mut cards: Vec<&str> = order["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    cards.sort();
    assert_eq!(cards, ["Warg", "aria"]);
    assert_eq!(order["characters"], json!(["aria"]));
}

//! Self-only effects written after an attack (`shield N`, `heal self DICE`) are the
//! monster's own, hit or miss, wherever they stand in the behaviour; the effect lines
//! around them still ride the attack and reach only a creature it hits.

use crate::common::{Table, board, monster, one, player};
use serde_json::{Value, json};

/// A Bulwark (5 HP, Speed 0) whose one behaviour attacks an adjacent enemy with `bonus`,
/// then shields itself, heals itself 1, and immobilizes whoever the attack hit.
fn bulwark(bonus: &str) -> String {
    format!(
        "format = 1\n[[monster]]\nname = \"Bulwark\"\nhp = 5\ndefence = 10\nspeed = 0\nrange = 1\n\
         [[monster.behaviour]]\nproximity = \"1\"\n\
         do = [\"melee attack {bonus} 1d1\", \"shield 2\", \"heal self 1\", \"immobilize\"]\n"
    )
}

fn statuses(c: &Value) -> Vec<(String, Option<i64>)> {
    c["statuses"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    (
                        s["status"].as_str().unwrap().to_string(),
                        s["amount"].as_i64(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// ```text
///      A B
///   1  X a
/// ```
/// The Bulwark (3/5 HP) attacks Aria (defence 10) at -20: only a natural 20 could hit,
/// and the board's seed rolls none here, so it misses. The shield and the heal are its
/// own all the same: it is shielded 2 and back to 4 HP. The immobilize after them
/// belongs to the attack, which missed: Aria is not immobilized, nor shielded.
#[test]
fn a_shield_after_a_missed_attack_shields_the_monster() {
    let mut x = monster("x", "Bulwark");
    x["hp"] = json!(3);
    x["max_hp"] = json!(5);
    let b = board("X a", &[('X', x), ('a', player("aria", 10, 10))]);
    let t = Table::new("self-shield-miss", &b).with_scheme(&bulwark("-20"));
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "attack")["hit"], false);
    let me = t.creature("x").unwrap();
    assert_eq!(statuses(&me), [("shielded".to_string(), Some(2))]);
    assert_eq!(me["hp"], 4);
    assert!(statuses(&t.creature("aria").unwrap()).is_empty());
}

/// ```text
///      A B
///   1  X a
/// ```
/// The same at +30 against defence 10: it hits (only a natural 1 would miss; the seed
/// rolls none). Aria takes 1 and is immobilized; the shield still goes to the Bulwark,
/// never to her.
#[test]
fn a_shield_after_a_hit_shields_the_monster_not_the_target() {
    let mut x = monster("x", "Bulwark");
    x["hp"] = json!(5);
    let b = board("X a", &[('X', x), ('a', player("aria", 10, 10))]);
    let t = Table::new("self-shield-hit", &b).with_scheme(&bulwark("+30"));
    let ev = t.turn(&[]);
    assert_eq!(one(&ev, "attack")["hit"], true);
    assert_eq!(
        statuses(&t.creature("x").unwrap()),
        [("shielded".to_string(), Some(2))]
    );
    let aria = t.creature("aria").unwrap();
    assert_eq!(aria["hp"], 9);
    assert_eq!(statuses(&aria), [("immobilized".to_string(), None)]);
}

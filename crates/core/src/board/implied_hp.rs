//! Hit points a board may leave out: a monster whose system measures its health otherwise
//! (an AI deck's cards or Life, see [`StatSource::hp_implied`]) needs no `hp` in the
//! file. Loading gives it its maximum (its own `max_hp`, else its type's), so the shared
//! rules still see a living creature; saving leaves `hp` out again while it still has
//! exactly that. A creature of any other system without `hp` is refused by the typed
//! parse as before ("missing field `hp`").

use super::{Board, StatSource};
use serde_json::Value;
use std::borrow::Cow;

/// What `hp` holds, only in the copy of a board being saved, when it is to be left out.
const LEFT_OUT: i32 = i32::MIN;

/// Serde's test for writing `hp`: not when it is to be left out.
pub(super) fn left_out(hp: &i32) -> bool {
    *hp == LEFT_OUT
}

/// The schema's default for `hp`: none is shown (it is [`LEFT_OUT`], never written).
pub(super) fn schema_default() -> i32 {
    LEFT_OUT
}

/// Gives each creature of the parsed board text that leaves `hp` out, and whose type's
/// system implies it, its maximum as `hp`. Returns their places in `creatures`; the
/// others stay without, for the typed parse to refuse.
pub(super) fn fill_in(value: &mut Value, monsters: &dyn StatSource) -> Vec<usize> {
    let Some(creatures) = value.get_mut("creatures").and_then(Value::as_array_mut) else {
        return Vec::new();
    };
    let mut filled = Vec::new();
    for (i, c) in creatures.iter_mut().enumerate() {
        let Some(object) = c.as_object_mut() else {
            continue;
        };
        if object.contains_key("hp") {
            continue;
        }
        let Some(kind) = object.get("type").and_then(Value::as_str) else {
            continue;
        };
        if !monsters.hp_implied(kind) {
            continue;
        }
        let own = object
            .get("max_hp")
            .and_then(Value::as_i64)
            .and_then(|m| i32::try_from(m).ok());
        let Some(max) = own.or_else(|| monsters.stats(kind).map(|s| s.max_hp)) else {
            continue;
        };
        object.insert("hp".into(), max.into());
        filled.push(i);
    }
    filled
}

/// Marks the creatures [`fill_in`] gave their `hp`, once the board is typed.
pub(super) fn mark(board: &mut Board, filled: &[usize]) {
    for &i in filled {
        if let Some(c) = board.creatures.get_mut(i) {
            c.implied_hp = Some(c.hp);
        }
    }
}

/// The board as it is written: `hp` left out of each creature that was given it and still
/// has exactly that.
pub(super) fn for_saving(board: &Board) -> Cow<'_, Board> {
    let unchanged = |c: &super::Creature| c.implied_hp == Some(c.hp);
    if !board.creatures.iter().any(unchanged) {
        return Cow::Borrowed(board);
    }
    let mut copy = board.clone();
    for c in copy.creatures.iter_mut().filter(|c| unchanged(c)) {
        c.hp = LEFT_OUT;
    }
    Cow::Owned(copy)
}

#[cfg(test)]
mod tests {
    use super::super::load::load_board;
    use super::super::{StatSource, Stats};

    /// `Beast` (9 HP) measures its health otherwise; `Orc` (7 HP) does not.
    struct Types;

    impl StatSource for Types {
        fn stats(&self, kind: &str) -> Option<Stats> {
            match kind {
                "Beast" => Some(Stats::defaults(9)),
                "Orc" => Some(Stats::defaults(7)),
                _ => None,
            }
        }
        fn kinds(&self) -> Vec<String> {
            vec!["Beast".into(), "Orc".into()]
        }
        fn hp_implied(&self, kind: &str) -> bool {
            kind == "Beast"
        }
    }

    fn board(creature: &str) -> String {
        format!(
            "{{\"format\": 2, \"grid\": {{\"kind\": \"square\", \"width\": 3, \"height\": 1}},\n\
             \"map\": [\"...\"],\n\"creatures\": [{creature}]}}"
        )
    }

    const BEAST: &str = r#"{"id": "b", "type": "Beast", "side": "monsters", "position": "A1"}"#;

    #[test]
    fn a_left_out_hp_is_the_maximum_and_stays_left_out_until_it_changes() {
        let mut fight = load_board("b.json", &board(BEAST), &Types).unwrap();
        let c = &fight.board.creatures[0];
        assert_eq!((c.hp, c.implied_hp), (9, Some(9)));
        assert!(!fight.to_json().contains("\"hp\""));
        // Hurt by something that does deal hit points: the number means something now.
        fight.board.creatures[0].hp = 4;
        assert!(fight.to_json().contains("\"hp\": 4"));
    }

    #[test]
    fn its_own_max_hp_is_the_hp_it_is_given() {
        let beast = BEAST.replace("\"A1\"", "\"A1\", \"max_hp\": 5");
        let fight = load_board("b.json", &board(&beast), &Types).unwrap();
        assert_eq!(fight.board.creatures[0].hp, 5);
        let text = fight.to_json();
        assert!(
            text.contains("\"max_hp\": 5") && !text.contains("\"hp\""),
            "{text}"
        );
    }

    #[test]
    fn a_written_hp_is_kept_and_other_types_still_need_one() {
        let beast = BEAST.replace("\"A1\"", "\"A1\", \"hp\": 9");
        let fight = load_board("b.json", &board(&beast), &Types).unwrap();
        assert_eq!(fight.board.creatures[0].implied_hp, None);
        assert!(fight.to_json().contains("\"hp\": 9"));
        for other in [
            BEAST.replace("Beast", "Orc"),
            BEAST.replace(
                r#""type": "Beast", "side": "monsters""#,
                r#""side": "players""#,
            ),
        ] {
            let d = load_board("b.json", &board(&other), &Types).unwrap_err();
            let d = d.first();
            assert_eq!(d.message, "missing field `hp`");
            assert_eq!(d.path.as_deref(), Some("creatures[0]"));
        }
    }
}

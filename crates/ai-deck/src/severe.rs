//! The severe-injury tables (SPEC §12): what a d10 rolled for a survivor's severe injury
//! at a hit location means, and whether it kills. The shipped tables are data
//! (`severe_injuries.toml`, our own words); a board may replace any location's table in
//! `systems.ai-deck.severe_injuries`. A location with no table rolls on `body`'s.

use crate::systems::StateProblem;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Each location's table, by location name.
pub(crate) type Tables = BTreeMap<String, Vec<SevereResult>>;

/// The location whose table a location without one rolls on.
pub(crate) const FALLBACK: &str = "body";

/// The most characters of a result's words.
const MAX_RESULT: usize = 200;

/// One line of a severe-injury table: the d10 faces `from` to `to` give `result`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SevereResult {
    /// The lowest face of the d10 giving this result (1-10).
    pub from: u32,
    /// The highest face (default: `from`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u32>,
    /// What happens, in a few words.
    pub result: String,
    /// The survivor dies of it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dies: bool,
}

impl SevereResult {
    /// The highest face giving this result.
    fn last(&self) -> u32 {
        self.to.unwrap_or(self.from)
    }
}

/// The shipped tables.
static SHIPPED: LazyLock<Tables> = LazyLock::new(|| {
    toml::from_str(include_str!("severe_injuries.toml")).expect("the shipped tables parse")
});

/// The shipped tables.
#[cfg(test)]
pub(crate) fn shipped() -> &'static Tables {
    &SHIPPED
}

/// The result of face `roll` at `location`: the board's table for it, else the shipped
/// one, else the `body` table (the board's, then the shipped).
pub(crate) fn look_up<'a>(
    board: &'a Tables,
    location: &str,
    roll: u32,
) -> Option<&'a SevereResult> {
    let table = |name: &str| board.get(name).or_else(|| SHIPPED.get(name));
    table(location)
        .or_else(|| table(FALLBACK))?
        .iter()
        .find(|r| (r.from..=r.last()).contains(&roll))
}

/// The problems of the board's tables (`severe_injuries.LOCATION[i]...`): every face 1 to
/// 10 given exactly once, results said in a few words.
pub(crate) fn check(tables: &Tables) -> Vec<StateProblem> {
    let mut problems = Vec::new();
    for (location, rows) in tables {
        let path = |i: usize, field: &str| format!("severe_injuries.{location}[{i}].{field}");
        let mut seen = [None::<usize>; 11];
        for (i, r) in rows.iter().enumerate() {
            if !(1..=10).contains(&r.from) || !(r.from..=10).contains(&r.last()) {
                problems.push(StateProblem::hinted(
                    path(
                        i,
                        if (1..=10).contains(&r.from) {
                            "to"
                        } else {
                            "from"
                        },
                    ),
                    format!("faces {} to {} are not faces of a d10", r.from, r.last()),
                    "write faces from 1 to 10, `to` at least `from`",
                ));
                continue;
            }
            if r.result.trim().is_empty()
                || r.result.chars().count() > MAX_RESULT
                || r.result.chars().any(char::is_control)
            {
                problems.push(StateProblem::hinted(
                    path(i, "result"),
                    "the result must be a few words on one line".into(),
                    &format!("write 1 to {MAX_RESULT} printable characters"),
                ));
            }
            let twice: Vec<(u32, usize)> = (r.from..=r.last())
                .filter_map(|face| seen[face as usize].map(|j| (face, j)))
                .collect();
            if let Some((face, j)) = twice.first() {
                problems.push(StateProblem::hinted(
                    path(i, "from"),
                    format!("face {face} is already given by line {j}"),
                    "give each face of the d10 one result",
                ));
            }
            for face in r.from..=r.last() {
                seen[face as usize].get_or_insert(i);
            }
        }
        let missing: Vec<String> = (1..=10)
            .filter(|f| seen[*f].is_none())
            .map(|f: usize| f.to_string())
            .collect();
        if !missing.is_empty() {
            problems.push(StateProblem::hinted(
                format!("severe_injuries.{location}"),
                format!("no result for face {}", missing.join(", ")),
                "give every face of the d10, 1 to 10, a result",
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::AiState;

    #[test]
    fn the_shipped_tables_cover_every_face_of_each_location() {
        assert!(check(shipped()).is_empty(), "{:?}", check(shipped()));
        let names: Vec<&str> = shipped().keys().map(String::as_str).collect();
        assert_eq!(names, ["arms", "body", "head", "legs", "waist"]);
    }

    #[test]
    fn some_results_kill_and_a_location_without_a_table_rolls_on_the_body_one() {
        let st = AiState::default();
        assert!(look_up(&st.severe_injuries, "head", 1).unwrap().dies);
        assert!(!look_up(&st.severe_injuries, "head", 2).unwrap().dies);
        assert_eq!(
            look_up(&st.severe_injuries, "tail", 1),
            look_up(&st.severe_injuries, "body", 1)
        );
        assert!(look_up(&st.severe_injuries, "arms", 10).is_some());
    }

    #[test]
    fn a_board_table_replaces_the_shipped_one_and_is_checked() {
        let mut st = AiState::default();
        let line = |from, to, dies| SevereResult {
            from,
            to: Some(to),
            result: "gone".into(),
            dies,
        };
        st.severe_injuries
            .insert("head".into(), vec![line(1, 10, true)]);
        assert!(look_up(&st.severe_injuries, "head", 7).unwrap().dies);
        assert!(check(&st.severe_injuries).is_empty());
        st.severe_injuries
            .insert("arms".into(), vec![line(1, 5, false), line(5, 9, false)]);
        let p = check(&st.severe_injuries);
        let paths: Vec<&str> = p.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(
            paths,
            ["severe_injuries.arms[1].from", "severe_injuries.arms"]
        );
        assert!(p[1].message.contains("face 10"));
    }
}

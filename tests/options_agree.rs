//! On ability-deck boards, the move and targets `turn` carries out must be one of the
//! outcomes `options` lists for the same board and card: both answer the same focus
//! question, one by acting and one by listing. Checked on random hex boards (walls,
//! obstacles, one to three characters with distinct initiatives) with a melee or ranged
//! card of a random move and target count.

use crate::common::{Table, cell_name, coded_map, distinct_places, run_in};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The type's one card: move, attack, and range / target lines when they apply.
fn scheme(move_points: u32, range: u32, targets: u32) -> String {
    let mut actions = vec!["\"move +0\"", "\"attack +0\""];
    if range >= 1 {
        actions.push("\"range +0\"");
    }
    let target = format!("\"target {targets}\"");
    if targets > 1 {
        actions.push(&target);
    }
    let range_stat = if range >= 1 {
        format!(", range = {range}")
    } else {
        String::new()
    };
    format!(
        "format = 1\nsystem = \"ability-deck\"\n[[monster]]\nname = \"ghoul\"\n[[monster.level]]\nlevel = 1\nnormal = {{ hp = 5, move = {move_points}, attack = 2{range_stat} }}\nelite = {{ hp = 7, move = {move_points}, attack = 3{range_stat} }}\n[[monster.card]]\ninitiative = 50\nactions = [{}]\n",
        actions.join(", ")
    )
}

/// A hex board from a terrain code per cell (0 wall, 1 obstacle, else floor) and the
/// wanted places (cell indexes) of the monster and the characters; places that are not
/// floor or are taken are skipped. `None` when the monster or every character is left
/// out.
fn board(w: usize, h: usize, terrain: &[u8], places: &[usize]) -> Option<Value> {
    let map = coded_map(w, h, terrain);
    let taken = distinct_places(w, h, places, |i| map[i / w].as_bytes()[i % w] == b'.');
    if taken.len() < 2 {
        return None;
    }
    let mut creatures = vec![json!({
        "id": "ghoul-1", "type": "ghoul", "side": "monsters", "hp": 5,
        "position": cell_name(taken[0] % w, taken[0] / w)
    })];
    let mut initiatives = serde_json::Map::new();
    for (k, &i) in taken[1..].iter().take(3).enumerate() {
        let id = format!("hero-{}", k + 1);
        initiatives.insert(id.clone(), json!(10 + 10 * k));
        creatures.push(json!({
            "id": id, "side": "players", "hp": 10, "max_hp": 10,
            "position": cell_name(i % w, i / w)
        }));
    }
    Some(json!({
        "format": 2,
        "monster_file": "scheme.toml",
        "grid": { "kind": "hex", "width": w, "height": h },
        "map": map,
        "creatures": creatures,
        "systems": { "ability-deck": { "initiatives": initiatives, "level": 1 } },
        "rng": { "seed": 5, "position": 0 }
    }))
}

fn events(stdout: &str) -> Vec<Value> {
    let doc: Value = serde_json::from_str(stdout).unwrap();
    doc["events"].as_array().unwrap().clone()
}

fn sorted(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(40)
    ))]

    #[test]
    fn turn_does_one_of_the_options(
        w in 5usize..9, h in 4usize..7,
        terrain in proptest::collection::vec(0u8..10, 64),
        places in proptest::collection::vec(0usize..64, 2..5),
        move_points in 0u32..4, range in 0u32..4, targets in 1u32..3,
    ) {
        let Some(b) = board(w, h, &terrain, &places) else { return Ok(()) };
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let t = Table::new(&format!("options-agree-{n}"), &b)
            .with_scheme(&scheme(move_points, range, targets));
        let turn = run_in(&t.dir, &["turn", "scheme.toml", "board.json", "--dry-run", "--json"], "");
        prop_assert_eq!(turn.code, 0, "{}", turn.stderr);
        let ev = events(&turn.stdout);
        let start = b["creatures"][0]["position"].as_str().unwrap().to_string();
        let end = ev
            .iter()
            .rfind(|e| e["event"] == "move" && e["creature"] == "ghoul-1")
            .map_or(start.clone(), |e| e["to"].as_str().unwrap().to_string());
        let mut hit: Vec<String> = ev
            .iter()
            .filter(|e| e["event"] == "modifier-drawn" && e["attacker"] == "ghoul-1")
            .map(|e| e["target"].as_str().unwrap().to_string())
            .collect();
        hit.sort();
        let (m, r, k) = (move_points.to_string(), range.to_string(), targets.to_string());
        // Range 0 is melee (`--melee`); range 1 is a ranged attack of range 1.
        let reach: Vec<&str> = if range == 0 { vec!["--melee"] } else { vec!["--range", &r] };
        let mut args = vec!["options", "board.json", "ghoul-1", "--move", &m];
        args.extend(reach);
        args.extend(["--targets", &k, "--json"]);
        let options = run_in(&t.dir, &args, "");
        prop_assert_eq!(options.code, 0, "{}", options.stderr);
        let doc: Value = serde_json::from_str(&options.stdout).unwrap();
        let foci = doc["foci"].as_array().unwrap();
        if foci.is_empty() {
            prop_assert_eq!(&end, &start, "no focus, yet it moved");
            prop_assert!(hit.is_empty(), "no focus, yet it attacked {:?}", hit);
        } else {
            let listed: Vec<(String, Vec<String>)> = foci
                .iter()
                .flat_map(|f| f["outcomes"].as_array().unwrap().iter())
                .map(|o| (o["destination"].as_str().unwrap().to_string(), sorted(&o["targets"])))
                .collect();
            prop_assert!(
                listed.contains(&(end.clone(), hit.clone())),
                "turn went to {} and attacked {:?}; options list {:?}\nboard: {}",
                end, hit, listed, b
            );
        }
    }
}

//! Nothing a user writes may make monster-ai panic: random text through both loaders, and
//! random (valid) boards played for a full turn and a round start with the shipped goblins.

use monster_ai::registry::Registry;
use monster_ai_core::board::load::load_board;
use monster_ai_core::chance::rng::GameRng;
use monster_ai_core::rules::round::begin_round;
use monster_ai_core::rules::ties::{AutoChooser, TiePolicy};
use monster_ai_core::rules::world::World;
use monster_ai_core::systems::Monsters;
use proptest::prelude::*;

/// A monster file read as the commands read it: by the system its `system` key names
/// (Monster A.I. schemes when it has none).
fn load_monsters(file: &str, text: &str) -> monster_ai_core::error::Result<Box<dyn Monsters>> {
    Registry::builtin().load(file, text)
}

fn goblins() -> Box<dyn Monsters> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schemes/goblins.toml"))
            .unwrap();
    load_monsters("goblins.toml", &text).unwrap()
}

/// Monster `id`, of type `kind`, takes its turn as `turn --monster ID` plays it.
fn take_turn(world: &mut World, monsters: &dyn Monsters, (id, kind): &(String, String)) {
    monsters.activate(world, kind, Some(std::slice::from_ref(id)), None);
}

const KINDS: [&str; 7] = [
    "Goblin Warrior",
    "Goblin Archer",
    "Goblin Thief",
    "Goblin Torcher",
    "Warg",
    "Goblin Hag",
    "Orc Shaman",
];
const TERRAIN: [char; 8] = ['.', '.', '.', '#', 'o', '~', '^', '*'];

/// A board of `w`×`h` with the given terrain codes and creatures at distinct floor cells.
fn board_text(
    w: usize,
    h: usize,
    cells: &[usize],
    creatures: &[(usize, usize, bool)],
    metric: usize,
) -> String {
    let map: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| TERRAIN[cells[(r * w + c) % cells.len()] % TERRAIN.len()])
                .collect()
        })
        .collect();
    let mut taken = std::collections::HashSet::new();
    let mut list = Vec::new();
    for (n, &(pos, kind, monster)) in creatures.iter().enumerate() {
        let (c, r) = (pos % w, (pos / w) % h);
        let ch = map[r].as_bytes()[c] as char;
        if matches!(ch, '#' | 'o') || !taken.insert((c, r)) {
            continue;
        }
        let cell = format!("{}{}", (b'A' + c as u8) as char, r + 1);
        if monster {
            let k = KINDS[kind % KINDS.len()];
            let hp = [7, 7, 6, 8, 22, 27, 15][kind % KINDS.len()];
            list.push(format!(r#"{{"id":"m{n}","type":"{k}","side":"monsters","position":"{cell}","hp":{hp},"gold":{kind}}}"#));
        } else {
            list.push(format!(r#"{{"id":"p{n}","side":"players","position":"{cell}","hp":{},"max_hp":30,"defence":{},"gold":{}}}"#, 1 + kind % 30, 5 + kind % 15, kind * 3));
        }
    }
    let grid = match metric % 4 {
        3 => r#""kind":"hex""#.to_string(),
        m => format!(
            r#""kind":"square","metric":"{}""#,
            ["chebyshev", "manhattan", "alternating"][m]
        ),
    };
    format!(
        r#"{{"format":1,"grid":{{{grid},"width":{w},"height":{h}}},"map":{},"creatures":[{}]}}"#,
        serde_json::to_string(&map).unwrap(),
        list.join(",")
    )
}

proptest! {
    // 64 cases by default; PROPTEST_CASES=5000 for a longer hunt.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn random_text_never_panics_the_loaders(text in "\\PC{0,300}") {
        let scheme = goblins();
        let _ = load_board("b.json", &text, scheme.as_ref());
        let _ = load_monsters("s.toml", &text);
        let _ = load_monsters("s.toml", &format!("format = 1\n[[monster]]\nname = \"X\"\nhp = 5\ndefence = 10\nspeed = 3\nrange = 1\n[[monster.behaviour]]\nwhen = \"{}\"\ndo = [\"{}\"]\n", text.replace(['"', '\\', '\n'], " "), text.replace(['"', '\\', '\n'], " ")));
    }

    #[test]
    fn random_boards_play_a_turn_and_a_round_without_panicking(
        w in 3usize..12, h in 1usize..9,
        cells in proptest::collection::vec(0usize..8, 1..60),
        creatures in proptest::collection::vec((0usize..200, 0usize..50, any::<bool>()), 0..12),
        metric in 0usize..4, seed in any::<u64>(), policy in 0usize..2,
    ) {
        let scheme = goblins();
        let text = board_text(w, h, &cells, &creatures, metric);
        let mut fight = load_board("b.json", &text, scheme.as_ref()).expect("generated boards are valid");
        let mut rng = GameRng::from_seed(seed);
        let mut chooser = AutoChooser(if policy == 0 { TiePolicy::First } else { TiePolicy::Random });
        let ids: Vec<(String, String)> = fight.board.creatures.iter().filter_map(|c| Some((c.id.clone(), c.kind.clone()?))).collect();
        let mut world = World::new(&mut fight, &mut rng, &mut chooser, scheme.as_ref());
        for id in &ids {
            take_turn(&mut world, scheme.as_ref(), id);
        }
        begin_round(&mut world, scheme.as_ref());
        scheme.order_round(&mut world);
        for id in &ids {
            take_turn(&mut world, scheme.as_ref(), id);
        }
        // The result is still a valid board: it serialises and loads again.
        let json = fight.to_json();
        prop_assert!(load_board("again.json", &json, scheme.as_ref()).is_ok(), "{}", json);
    }
}

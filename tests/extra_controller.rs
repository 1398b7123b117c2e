//! The proof of the controller seam: a whole new system defined here, in test code alone,
//! registered next to the shipped ones and driven through `check`, `round`, `turn` and
//! `next` exactly as a user would run them. Nothing outside this file knows it exists.
//!
//! Its monsters, heralds, only say what they would do ("would attack the closest
//! enemy"); they never act. Its round hook lays the deck out monsters first, then
//! characters, each in board order.
//!
//! ```text
//!   A   B   C   D   E
//! 1 H1  .   .   .   Ar     H1 = herald-1, Ar = aria (a character)
//! 2 H2  .   .   .   .      H2 = herald-2, stunned: the shared runner skips its turn
//! ```

use clap::Parser;
use monster_ai::board::{Fight, Side, StatSource, Stats};
use monster_ai::cli::{Cli, run_with};
use monster_ai::controllers::{Controller, Monsters, Registry};
use monster_ai::error::{Error, Result};
use monster_ai::io::diagnostic::{Diagnostic, Diagnostics};
use monster_ai::rules::deck::TurnCard;
use monster_ai::rules::world::World;
use std::any::Any;
use std::path::PathBuf;
use std::sync::Mutex;

/// What the heralds said, in order, across the commands of one test.
static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Heralds;

static HERALDS: Heralds = Heralds;

/// A loaded herald file: the type names.
struct HeraldFile {
    kinds: Vec<String>,
}

impl Controller for Heralds {
    fn system(&self) -> &'static str {
        "herald"
    }
    fn title(&self) -> &'static str {
        "heralds that only talk"
    }
    fn load(&self, path: &str, text: &str) -> std::result::Result<Box<dyn Monsters>, Diagnostics> {
        let table: toml::Table = text.parse().map_err(|_| Diagnostic::plain("not TOML"))?;
        let mut kinds = Vec::new();
        for m in table["monster"].as_array().into_iter().flatten() {
            match m.get("name").and_then(|n| n.as_str()) {
                Some(n) => kinds.push(n.to_string()),
                None => {
                    return Err(Diagnostic::plain(format!("{path}: a herald needs a name"))
                        .with_path("monster.name")
                        .into());
                }
            }
        }
        Ok(Box::new(HeraldFile { kinds }))
    }
    fn empty(&self) -> Box<dyn Monsters> {
        Box::new(HeraldFile { kinds: Vec::new() })
    }
    fn file_schema(&self) -> schemars::Schema {
        schemars::json_schema!({"type": "object"})
    }
}

impl StatSource for HeraldFile {
    fn stats(&self, kind: &str) -> Option<Stats> {
        self.kinds
            .iter()
            .any(|k| k == kind)
            .then(|| Stats::defaults(5))
    }
    fn kinds(&self) -> Vec<String> {
        self.kinds.clone()
    }
}

impl Monsters for HeraldFile {
    fn system(&self) -> &'static str {
        "herald"
    }
    fn summary(&self, file: &str) -> String {
        format!("{file}: {} herald type(s) OK", self.kinds.len())
    }
    fn new_monster(&self, _fight: &Fight, kind: &str, _elite: bool) -> Result<Stats, Diagnostic> {
        self.stats(kind)
            .ok_or_else(|| Diagnostic::plain(format!("no herald `{kind}`")))
    }
    fn order_round(&self, world: &mut World) {
        let creatures = &world.fight().board.creatures;
        let mut order: Vec<String> = self.kinds.clone();
        order.extend(
            creatures
                .iter()
                .filter(|c| c.side == Side::Players)
                .map(|c| c.id.clone()),
        );
        SAID.lock()
            .unwrap()
            .push(format!("deck: {}", order.join(" ")));
        world.set_turn_order(order);
    }
    fn activate(
        &self,
        world: &mut World,
        kind: &str,
        roster: Option<&[String]>,
        card: Option<TurnCard>,
    ) {
        let ids: Vec<String> = world
            .fight()
            .board
            .creatures
            .iter()
            .filter(|c| c.kind.as_deref() == Some(kind))
            .filter(|c| roster.is_none_or(|r| r.contains(&c.id)))
            .map(|c| c.id.clone())
            .collect();
        for id in ids {
            let mut say = Say(card);
            monster_ai::controllers::runner::run_turn(world, &id, &mut say);
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A herald's turn: it says what it would do, and where its card came up.
struct Say(Option<TurnCard>);

impl monster_ai::controllers::runner::Activation for Say {
    fn act(&mut self, world: &mut World, id: &str) {
        let card = self.0.map_or("no card".to_string(), |c| {
            format!("card {}/{}", c.position, c.size)
        });
        let line = format!("{id} would attack the closest enemy ({card})");
        world.trait_note(id, "herald", &line);
        SAID.lock().unwrap().push(line);
    }
}

fn registry() -> Registry {
    Registry::builtin().with(&HERALDS)
}

fn run(args: &[&str]) -> Result<()> {
    let mut all = vec!["monster-ai"];
    all.extend_from_slice(args);
    run_with(
        &registry(),
        Cli::try_parse_from(all).expect("the arguments parse"),
    )
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("monster-ai-herald-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const HERALD_FILE: &str = "format = 1\nsystem = \"herald\"\n[[monster]]\nname = \"herald\"\n";

const BOARD: &str = r#"{
  "format": 1,
  "grid": {"kind": "square", "width": 5, "height": 2},
  "scheme_file": "heralds.toml",
  "creatures": [
    {"id": "herald-1", "type": "herald", "side": "monsters", "position": "A1", "hp": 5},
    {"id": "herald-2", "type": "herald", "side": "monsters", "position": "A2", "hp": 5,
     "statuses": [{"status": "stunned", "until": "end-of-next-turn"}]},
    {"id": "aria", "side": "players", "position": "E1", "hp": 10}
  ]
}
"#;

fn board_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// One test, so that the commands' log is read in order.
#[test]
fn a_controller_from_test_code_runs_every_command() {
    let dir = folder("all");
    let schemes = dir.join("heralds.toml");
    let board = dir.join("board.json");
    std::fs::write(&schemes, HERALD_FILE).unwrap();
    std::fs::write(&board, BOARD).unwrap();
    let (s, b) = (schemes.to_str().unwrap(), board.to_str().unwrap());

    // check: the file is read by the herald controller, the board against its types.
    run(&["check", s, b]).expect("check passes");

    // round: the shared round start, then the herald's own deck.
    run(&["round", s, b]).expect("round runs");
    let after = board_json(&board);
    assert_eq!(after["round"], 2);
    assert_eq!(after["turn_order"], serde_json::json!(["herald", "aria"]));

    // turn: herald-1 speaks; herald-2 is stunned, and the shared runner skips its turn,
    // at whose end the stun runs out.
    SAID.lock().unwrap().clear();
    run(&["turn", s, b]).expect("turn runs");
    assert_eq!(
        *SAID.lock().unwrap(),
        ["herald-1 would attack the closest enemy (card 1/2)"]
    );
    let statuses = &board_json(&board)["creatures"][1]["statuses"];
    assert!(statuses.is_null(), "the stun has run out: {statuses}");

    // next: the herald card is on top, so both heralds act with its position.
    SAID.lock().unwrap().clear();
    run(&["next", b]).expect("next runs");
    assert_eq!(
        *SAID.lock().unwrap(),
        [
            "herald-1 would attack the closest enemy (card 1/2)",
            "herald-2 would attack the closest enemy (card 1/2)"
        ]
    );
    assert_eq!(board_json(&board)["cards_drawn"], 1);

    // A bad herald file is bad input (exit 2), and the board is left alone.
    let before = std::fs::read(&board).unwrap();
    std::fs::write(
        &schemes,
        "format = 1\nsystem = \"herald\"\n[[monster]]\nhp = 3\n",
    )
    .unwrap();
    let Err(e @ Error::BadInput(_)) = run(&["turn", s, b]) else {
        panic!("a nameless herald must be refused");
    };
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("a herald needs a name"), "{e}");
    assert_eq!(std::fs::read(&board).unwrap(), before);

    // The shipped systems still know nothing of heralds.
    let plain = Registry::builtin();
    assert!(plain.find("herald").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

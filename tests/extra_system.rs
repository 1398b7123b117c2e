//! The proof of the system seam: a whole new system defined here, in test code alone,
//! registered next to the shipped ones and driven through `check`, `round`, `turn`,
//! `next`, `record` and `simulate` exactly as a user would run them. Nothing outside this
//! file knows it exists: it brings its own event (with its narration, its JSON and its
//! choice for `simulate`), its own `record` word, its own commands (`cheer`, `heralds`),
//! its own flag on `add` (`--loud`) and its own characters' model.
//!
//! Its monsters, heralds, only say what they would do ("would attack the closest
//! enemy"); they never act. Its round hook lays the deck out monsters first, then
//! characters, each in board order. Its characters are sword-bearers: each turn a
//! character strikes the first herald on the board for 5 damage, so a herald (5 HP) falls
//! to every blow. Players record cheers for a herald (`record BOARD cheer ID`), kept in
//! the system's saved state.
//!
//! ```text
//!   A   B   C   D   E
//! 1 H1  .   .   .   Ar     H1 = herald-1, Ar = aria (a character)
//! 2 H2  .   .   .   .      H2 = herald-2, stunned: the shared runner skips its turn
//! ```

use monster_ai::cli::{Cli, run_with};
use monster_ai::registry::Registry;
use monster_ai_core::board::{Fight, Side, StatSource, Stats};
use monster_ai_core::error::{Error, Result};
use monster_ai_core::io::diagnostic::{Diagnostic, Diagnostics};
use monster_ai_core::rules::deck::TurnCard;
use monster_ai_core::rules::events::{Choice, Event, Names, SystemWords};
use monster_ai_core::rules::world::{Harm, World};
use monster_ai_core::systems::{
    AddFlag, CharacterModel, Characters, CommandKind, Monsters, System, SystemCommand, Words,
};
use std::any::Any;
use std::path::PathBuf;
use std::sync::Mutex;

/// What the heralds said, in order, across the commands of one test.
static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Held by the tests that make heralds speak, so that one test's log is its own.
static SPEAKING: Mutex<()> = Mutex::new(());

struct Heralds;

static HERALDS: Heralds = Heralds;

/// A loaded herald file: the type names.
struct HeraldFile {
    kinds: Vec<String>,
}

impl System for Heralds {
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
    fn characters(&self) -> Option<&'static dyn CharacterModel> {
        Some(&SWORDS)
    }
    /// Its one record word, declared with clap: `cheer HERALD`.
    fn record_words(&self) -> Vec<clap::Command> {
        vec![
            clap::Command::new("cheer")
                .about("the crowd cheers a herald")
                .arg(clap::Arg::new("herald").value_name("HERALD").required(true)),
        ]
    }
    fn commands(&self) -> &'static [SystemCommand] {
        HERALD_COMMANDS
    }
    fn add_flags(&self) -> &'static [AddFlag] {
        &[AddFlag {
            name: "loud",
            help: "A herald who shouts",
        }]
    }
}

/// The heralds' own event.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
enum HeraldEvent {
    /// A herald says what it would do.
    Proclaims { herald: String, words: String },
    /// The crowd cheered a herald (`cheers`: how many times so far).
    Cheered { herald: String, cheers: u32 },
}

impl SystemWords for HeraldEvent {
    fn narrate(&self, names: &Names, _explain: bool) -> Option<String> {
        Some(match self {
            HeraldEvent::Proclaims { herald, words } => {
                format!("  {} proclaims: \"{words}\"", names.of(herald))
            }
            HeraldEvent::Cheered { herald, cheers } => {
                format!("  The crowd cheers {} ({cheers} so far).", names.of(herald))
            }
        })
    }
    fn choice(&self) -> Option<Choice> {
        match self {
            HeraldEvent::Proclaims { herald, .. } => Some(Choice {
                creature: Some(herald.clone()),
                kind: None,
                what: "proclaim".into(),
            }),
            HeraldEvent::Cheered { .. } => None,
        }
    }
}

/// The heralds' saved state (`systems.herald`).
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct Cheers {
    #[serde(default)]
    cheers: std::collections::BTreeMap<String, u32>,
}

/// The heralds' characters' model: every character a sword-bearer.
struct Swords;

static SWORDS: Swords = Swords;

impl CharacterModel for Swords {
    fn characters(
        &self,
        _fight: &mut Fight,
        _monsters: &dyn monster_ai_core::systems::Monsters,
        _file: Option<(&str, &str)>,
    ) -> std::result::Result<Box<dyn Characters>, Diagnostics> {
        Ok(Box::new(Swords))
    }
}

impl Characters for Swords {
    fn play_turn(&self, world: &mut World, id: &str) {
        let first = world
            .fight()
            .board
            .creatures
            .iter()
            .find(|c| c.side == Side::Monsters)
            .map(|c| c.id.clone());
        if let Some(herald) = first {
            world.damage(&herald, 5, Harm::dealt_by(id, "sword"));
        }
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
    fn new_monster(&self, _fight: &Fight, kind: &str, flags: &[&str]) -> Result<Stats, Diagnostic> {
        if flags.contains(&"loud") {
            SAID.lock().unwrap().push(format!("a loud {kind} arrives"));
        }
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
        // The seam's shared helper: the type's monsters on the board, in board order.
        for id in monster_ai_core::systems::assembled::monsters_of(world, kind, roster) {
            let mut say = Say(card);
            monster_ai_core::systems::runner::run_turn(world, &id, &mut say);
        }
    }
    fn record(&self, world: &mut World, words: Words) -> Result<(), Diagnostic> {
        // Parsed against the declaration: the word is `cheer`, its HERALD given.
        let Some(("cheer", args)) = words.0.subcommand() else {
            return Err(Diagnostic::plain("heralds only record `cheer`"));
        };
        let herald = args
            .get_one::<String>("herald")
            .expect("HERALD is required");
        if world.idx(herald).is_none() {
            return Err(Diagnostic::plain(format!(
                "cannot cheer `{herald}`: not on the board"
            )));
        }
        let mut state: Cheers = world.fight().system_state("herald").unwrap_or_default();
        let cheers = state.cheers.entry(herald.clone()).or_default();
        *cheers += 1;
        let event = HeraldEvent::Cheered {
            herald: herald.clone(),
            cheers: *cheers,
        };
        world.set_system_state("herald", &state);
        world.emit(Event::system(event));
        Ok(())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A herald's turn: it says what it would do, and where its card came up.
struct Say(Option<TurnCard>);

impl monster_ai_core::systems::runner::Activation for Say {
    fn act(&mut self, world: &mut World, id: &str) {
        let card = self.0.map_or("no card".to_string(), |c| {
            format!("card {}/{}", c.position, c.size)
        });
        let line = format!("{id} would attack the closest enemy ({card})");
        world.emit(Event::system(HeraldEvent::Proclaims {
            herald: id.to_string(),
            words: line.clone(),
        }));
        SAID.lock().unwrap().push(line);
    }
}

/// The heralds' own commands: `cheer` (a shortcut for `record BOARD cheer HERALD`) and
/// `heralds` (a read-only question: who is a herald, `--shout` in capitals).
const HERALD_COMMANDS: &[SystemCommand] = &[
    SystemCommand {
        name: "cheer",
        about: "Cheer a herald",
        examples: "  monster-ai cheer board.json herald-1",
        kind: CommandKind::Record,
    },
    SystemCommand {
        name: "heralds",
        about: "Name the heralds on the board",
        examples: "  monster-ai heralds board.json --shout",
        kind: CommandKind::Question {
            args: |c| {
                c.arg(
                    clap::Arg::new("shout")
                        .long("shout")
                        .action(clap::ArgAction::SetTrue),
                )
            },
            answer: name_heralds,
        },
    },
];

/// `heralds`' answer: the heralds' ids, one line.
fn name_heralds(fight: &Fight, monsters: &dyn Monsters, args: &clap::ArgMatches) -> Result<String> {
    let ids: Vec<&str> = fight
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.as_ref().is_some_and(|k| monsters.stats(k).is_some()))
        .map(|c| c.id.as_str())
        .collect();
    let line = format!("heralds: {}\n", ids.join(", "));
    Ok(if args.get_flag("shout") {
        line.to_uppercase()
    } else {
        line
    })
}

fn registry() -> Registry {
    Registry::builtin().with(&HERALDS)
}

fn run(args: &[&str]) -> Result<()> {
    let mut all = vec!["monster-ai"];
    all.extend_from_slice(args);
    run_with(
        &registry(),
        Cli::from_matches_for(
            &registry(),
            &Cli::command_for(&registry())
                .try_get_matches_from(all)
                .expect("the arguments parse"),
        )
        .expect("the arguments parse"),
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
  "monster_file": "heralds.toml",
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
fn a_system_from_test_code_runs_every_command() {
    let _alone = SPEAKING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("all");
    let schemes = dir.join("heralds.toml");
    let board = dir.join("board.json");
    std::fs::write(&schemes, HERALD_FILE).unwrap();
    std::fs::write(&board, BOARD).unwrap();
    let (s, b) = (schemes.to_str().unwrap(), board.to_str().unwrap());

    // check: the file is read by the herald system, the board against its types.
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

    // record: the system's own word, kept in its own saved state.
    std::fs::write(&schemes, HERALD_FILE).unwrap();
    run(&["record", b, "cheer", "herald-1"]).expect("record cheer runs");
    run(&["record", b, "cheer", "herald-1"]).expect("record cheer runs");
    assert_eq!(
        board_json(&board)["systems"]["herald"],
        serde_json::json!({"cheers": {"herald-1": 2}})
    );
    // A word no system declares is refused by the command line itself (exit 2); a
    // herald not on the board by the system; neither changes the board.
    let before = std::fs::read(&board).unwrap();
    let refused = Cli::command_for(&registry())
        .try_get_matches_from(["monster-ai", "record", b, "boo", "herald-1"])
        .expect_err("a word the heralds do not take must be refused");
    assert_eq!(refused.kind(), clap::error::ErrorKind::InvalidSubcommand);
    assert_eq!(refused.exit_code(), 2);
    assert!(refused.to_string().contains("'boo'"), "{refused}");
    let Err(e @ Error::BadInput(_)) = run(&["record", b, "cheer", "herald-9"]) else {
        panic!("a herald not on the board must be refused");
    };
    assert!(e.to_string().contains("cannot cheer `herald-9`"), "{e}");
    // The heralds' word is listed in `record --help` and offered to shell completion.
    let help = Cli::command_for(&registry())
        .find_subcommand_mut("record")
        .expect("record")
        .render_long_help()
        .to_string();
    assert!(
        help.contains(
            "herald (heralds that only talk):\n  cheer HERALD  the crowd cheers a herald"
        ),
        "{help}"
    );
    let mut completion = Vec::new();
    clap_complete::generate(
        clap_complete::Shell::Bash,
        &mut Cli::command_for(&registry()),
        "monster-ai",
        &mut completion,
    );
    assert!(String::from_utf8(completion).unwrap().contains("cheer"));
    assert_eq!(std::fs::read(&board).unwrap(), before);

    // The heralds' own commands: a shortcut for their record word, and a question.
    run(&["cheer", b, "herald-1"]).expect("the cheer command runs");
    assert_eq!(
        board_json(&board)["systems"]["herald"],
        serde_json::json!({"cheers": {"herald-1": 3}})
    );
    let matches = Cli::command_for(&registry())
        .try_get_matches_from(["monster-ai", "heralds", b, "--shout"])
        .expect("the question parses");
    let Some((_, args)) = matches.subcommand() else {
        panic!("a subcommand was chosen");
    };
    let text = std::fs::read_to_string(&board).unwrap();
    let (fight, monsters) =
        monster_ai::fight::load_fight_and_monsters(&registry(), None, b, &text).unwrap();
    let (command, monsters) = registry()
        .system_command("heralds", monsters)
        .expect("heralds boards answer `heralds`");
    let CommandKind::Question { answer, .. } = command.kind else {
        panic!("`heralds` is a question");
    };
    assert_eq!(
        answer(&fight, monsters.as_ref(), args).unwrap(),
        "HERALDS: HERALD-1, HERALD-2\n"
    );
    // Their flag on `add`, which reaches their `new_monster`; another system's is refused.
    SAID.lock().unwrap().clear();
    run(&["add", b, "herald-3", "C2", "--monster", "herald", "--loud"]).expect("add runs");
    assert_eq!(*SAID.lock().unwrap(), ["a loud herald arrives"]);
    let before = std::fs::read(&board).unwrap();
    let Err(e) = run(&["add", b, "herald-4", "D2", "--monster", "herald", "--elite"]) else {
        panic!("--elite is the ability decks' flag, not the heralds'");
    };
    assert!(e.to_string().contains("takes no --elite"), "{e}");
    assert_eq!(std::fs::read(&board).unwrap(), before);

    // The shipped systems still know nothing of heralds.
    let plain = Registry::builtin();
    assert!(plain.find("herald").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The heralds' event is told in the heralds' words, printed as the heralds' JSON, and
/// counted by `simulate` as the heralds' choice.
#[test]
fn a_system_event_brings_its_narration_json_and_choice() {
    let e = Event::system(HeraldEvent::Proclaims {
        herald: "herald-1".into(),
        words: "hear me".into(),
    });
    let mut names = Names::default();
    names.0.insert("herald-1".into(), "Herald 1".into());
    assert_eq!(
        monster_ai::narration::text::render(std::slice::from_ref(&e), &names, false),
        "  Herald 1 proclaims: \"hear me\"\n"
    );
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"event":"proclaims","herald":"herald-1","words":"hear me"}"#
    );
    assert_eq!(
        e.system_event::<HeraldEvent>()
            .and_then(SystemWords::choice),
        Some(Choice {
            creature: Some("herald-1".into()),
            kind: None,
            what: "proclaim".into(),
        })
    );
}

/// `simulate` plays whole herald fights with the heralds' own characters: the deck puts
/// both heralds first (they only talk), then aria, whose sword fells herald-1 in round 1
/// and herald-2 in round 2. The players win every fight, in 2 rounds; aria deals 10.
#[test]
fn simulate_plays_a_fight_of_a_system_from_test_code() {
    let _alone = SPEAKING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("simulate");
    std::fs::write(dir.join("heralds.toml"), HERALD_FILE).unwrap();
    let board = dir.join("board.json");
    std::fs::write(&board, BOARD).unwrap();
    let registry = registry();
    let text = std::fs::read_to_string(&board).unwrap();
    let path = board.to_str().unwrap();
    let (mut fight, monsters) =
        monster_ai::fight::load_fight_and_monsters(&registry, None, path, &text).unwrap();
    let characters =
        monster_ai::simulate::characters(&registry, &mut fight, monsters.as_ref(), None).unwrap();
    let setup = monster_ai::simulate::Setup {
        fight: &fight,
        monsters: monsters.as_ref(),
        characters: characters.as_ref(),
        max_rounds: 10,
        ties: monster_ai_core::rules::ties::TiePolicy::First,
    };
    let report = monster_ai::simulate::simulate(&setup, 7, 20, &|| {});
    assert_eq!(report.outcomes.players.fights, 20);
    assert_eq!(report.rounds.median, 2);
    let aria = report.creatures.iter().find(|c| c.id == "aria").unwrap();
    assert_eq!((aria.dealt, aria.taken), (10.0, 0.0));
    let proclaims: Vec<(String, u64)> = report
        .used
        .iter()
        .map(|u| (u.what.clone(), u.times))
        .collect();
    // herald-1 speaks in round 1 (herald-2 is stunned); herald-2 speaks in round 2.
    assert_eq!(proclaims, [("herald: proclaim".to_string(), 40)]);
    // And through the command line, as a user runs it.
    run(&["simulate", path, "--runs", "5", "--json"]).expect("simulate runs");
    std::fs::remove_dir_all(&dir).unwrap();
}

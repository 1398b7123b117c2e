//! What every board-changing command shares: lock, load the monster file and board, set up the
//! RNG and tie policy, then save atomically and print narration or JSON.

use super::WriteArgs;
use crate::board::Fight;
use crate::board::Side;
use crate::chance::rng::GameRng;
use crate::error::{Error, Result};
use crate::fight::{board_kinds, input_files, is_character, load_board_with, monsters_for};
use crate::io::board_file::{BoardFile, FoundFile};
use crate::io::diagnostic::Diagnostic;
use crate::io::load::read_argument;
use crate::io::same_file::refuse_onto_inputs;
use crate::io::save::write_atomically;
use crate::narration::{Names, json, text};
use crate::registry::Registry;
use crate::rules::deck::{why_over, winner, winner_in};
use crate::rules::entered::Entered;
use crate::rules::events::Event;
use crate::rules::ties::{AskChooser, AutoChooser, Chooser, TiePolicy};
use crate::rules::world::World;
use crate::systems::Monsters;
use crate::systems::stand_in::StandIn;
use std::io::IsTerminal;

const BOARD_ROLE: &str = "BOARD is the board file";
const OUTPUT_ROLE: &str = "`-o` names the file to write, in an existing folder";

/// Refuses to play on once a fight is over.
pub(super) fn refuse_if_over(fight: &Fight, monsters: &dyn Monsters) -> Result<()> {
    let Some(why) = why_over(fight, &|side| monsters.waiting(fight, side)) else {
        return Ok(());
    };
    let hint = if fight.board.stalemate.reached() {
        "take moves back with `undo`, or start from a new board"
    } else {
        "add creatures with `add`, take moves back with `undo`, or start from a new board"
    };
    Err(Diagnostic::plain(format!("the fight is over: {why}"))
        .with_hint(hint)
        .into())
}

/// One board-changing command's fight, from its opened (and locked) board file to the
/// save: the monsters, the fight, the RNG, and where the result goes.
pub struct Session {
    /// The monsters of the board's monster file, read by their system.
    pub monsters: Box<dyn Monsters>,
    /// The fight as loaded, changed by the command.
    pub fight: Fight,
    /// The random generator, from the board's saved state (saved back with the board).
    pub rng: GameRng,
    board_path: String,
    names: Names,
    /// The locked board file (none for `--dry-run` or standard input).
    file: Option<BoardFile>,
    /// The files read, besides the board: `-o` may not name them.
    inputs: Vec<String>,
    /// What the undo history records for this command, when more than its name (`turn
    /// --type Warg`: see `acted`).
    pub history_label: Option<String>,
    /// Events told before the command's own (the `out-of-turn` warning: see `follow`).
    told: Vec<Event>,
    /// Warnings for standard error once the command is done.
    warnings: Vec<String>,
    /// The dice the players roll themselves (`--rolls`, `--dice ask`, the board's table).
    entered: Option<Box<dyn Entered>>,
    /// How many of the events were narrated on the screen before the questions the
    /// players answered (`World::printed`).
    printed: usize,
}

/// What a command may do when the monster file its board names cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Without<'a> {
    /// Nothing: the command needs the monsters' rules.
    Nothing,
    /// Go on with stand-in monsters (bookkeeping that needs none of their rules).
    StandIns,
    /// Go on with stand-ins when the creature with this id is a character.
    StandInsFor(&'a str),
}

impl Session {
    /// Locks and loads `board` (its monsters from `monsters_file`, or from the file the board
    /// names) for a command with `args`; fails when the monster file cannot be read.
    pub fn open(
        registry: &Registry,
        monsters_file: Option<&str>,
        board: &str,
        args: &WriteArgs,
    ) -> Result<Session> {
        Session::open_without(registry, monsters_file, board, args, Without::Nothing)
    }

    /// Like [`Session::open`], going on with stand-in monsters (and a warning) as
    /// `without` allows when the board's own monster file cannot be read.
    pub fn open_without(
        registry: &Registry,
        monsters_file: Option<&str>,
        board: &str,
        args: &WriteArgs,
        without: Without,
    ) -> Result<Session> {
        if board == "-" && args.output.is_none() && !args.dry_run {
            return Err(Diagnostic::plain(
                "the board comes from standard input, so it cannot be written back",
            )
            .with_hint("add `-o FILE` (or `-o -` for standard output) or `--dry-run`")
            .into());
        }
        if board == "-" && args.ties == TiePolicy::Ask {
            return Err(Diagnostic::plain(
                "`--ties ask` reads answers from standard input, which already holds the board",
            )
            .with_hint("pass the board as a file, or use --ties first|random")
            .into());
        }
        // The board's real file is checked (it must exist and be a regular file), then read
        // and loaded as a board, all before its lock file is created: a wrong path, or a
        // link to a file that is not a board (`board.json` -> `/etc/passwd`), leaves no
        // lock file behind, nor anything else.
        let found = if args.dry_run || board == "-" {
            None
        } else {
            Some(BoardFile::find(board, false, BOARD_ROLE)?)
        };
        let load = |board_text: &str| -> Result<(Box<dyn Monsters>, Fight)> {
            let stand_ins_do = match without {
                Without::Nothing => false,
                Without::StandIns => true,
                Without::StandInsFor(id) => is_character(board_text, id),
            };
            let monsters = match monsters_for(registry, monsters_file, board, board_text) {
                Err(Error::BadInput(d)) if monsters_file.is_none() && stand_ins_do => {
                    let d = d.first();
                    eprintln!(
                        "warning: {}; going on without it, as this change needs none of the monsters' rules",
                        d.message
                    );
                    Box::new(StandIn::new(board_kinds(board_text)))
                }
                other => other?,
            };
            let fight = load_board_with(board, board_text, monsters.as_ref())?;
            Ok((monsters, fight))
        };
        let mut board_text = read_argument(board, BOARD_ROLE)?;
        let (mut monsters, mut fight) = load(&board_text)?;
        let file = found.map(FoundFile::lock).transpose()?;
        // Read again under the lock: another command may have saved it in between.
        if let Some(now) = file.as_ref().map(BoardFile::read).transpose()?.flatten()
            && now != board_text
        {
            board_text = now;
            (monsters, fight) = load(&board_text)?;
        }
        let mut inputs = input_files(monsters_file, board, &board_text);
        // `-o BOARD` (under any name) saves in place, with an undo step.
        inputs.retain(|f| f != board);
        if let Some(out) = &args.output {
            refuse_onto_inputs(out, "-o", &inputs)?;
        }
        let rng = match (args.seed, fight.board.rng) {
            (Some(seed), _) => GameRng::from_seed(seed),
            (None, Some(state)) => GameRng::restore(state),
            (None, None) => GameRng::from_seed(0),
        };
        let mut names = Names::default();
        names.add_from(&fight.board);
        let entered = super::dice::entered(args, board, &fight.board, &names)?;
        Ok(Session {
            entered,
            printed: 0,
            history_label: None,
            told: Vec::new(),
            warnings: Vec::new(),
            monsters,
            fight,
            rng,
            board_path: board.to_string(),
            names,
            file,
            inputs,
        })
    }

    /// Tells `event` first among the events of [`Session::play`], and `warning` on
    /// standard error when the command is done ([`Session::finish`]).
    pub(super) fn tell_first(&mut self, event: Event, warning: String) {
        self.told.push(event);
        self.warnings.push(warning);
    }

    /// Runs `f` over a [`World`] with the chosen tie policy; returns the events.
    pub fn play(
        &mut self,
        ties: TiePolicy,
        f: impl FnOnce(&mut World, &dyn Monsters),
    ) -> Result<Vec<Event>> {
        let mut ask;
        let mut auto;
        let chooser: &mut dyn Chooser = if ties == TiePolicy::Ask {
            // Each question comes after the narration of what led to it.
            let names = self.names.clone();
            ask = AskChooser {
                // One byte at a time, so that entered dice read from the same input
                // (`--dice ask`) lose nothing.
                input: std::io::BufReader::with_capacity(1, std::io::stdin()),
                out: std::io::stderr(),
                narrate: Some(Box::new(move |events| text::render(events, &names, false))),
            };
            &mut ask
        } else {
            auto = AutoChooser(ties);
            &mut auto
        };
        let over_before = winner(&self.fight, &|side| {
            self.monsters.waiting(&self.fight, side)
        })
        .is_some();
        let told = std::mem::take(&mut self.told);
        let monsters = self.monsters.as_ref();
        let hooks = crate::systems::Hooks::new(monsters);
        let mut world =
            World::new(&mut self.fight, &mut self.rng, chooser, monsters).with_hooks(&hooks);
        if let Some(entered) = self.entered.as_deref_mut() {
            world = world.with_entered(entered);
        }
        for e in told {
            world.emit(e);
        }
        f(&mut world, monsters);
        world.finish_entered();
        // Whatever command ended the fight says so.
        if let (false, Some(side)) = (over_before, winner_in(&world)) {
            let winner = if side == Side::Players {
                "players"
            } else {
                "monsters"
            };
            world.emit(Event::FightOver {
                winner: winner.to_string(),
            });
        }
        if let Some((msg, hint)) = world.take_failure() {
            let hint = name_the_board(&hint, &self.board_path);
            return Err(Diagnostic::plain(msg).with_hint(hint).into());
        }
        self.printed = world.printed();
        let mut events = world.take_events();
        drop(world);
        // The commands a character's turn is recorded with name this board.
        for e in &mut events {
            if let Event::CharacterTurn {
                commands: Some(c), ..
            } = e
            {
                *c = name_the_board(c, &self.board_path);
            }
        }
        self.names.add_from(&self.fight.board);
        Ok(events)
    }

    /// The board as named on the command line (`-` for standard input).
    pub fn board_path(&self) -> &str {
        &self.board_path
    }

    /// Saves the board (unless `--dry-run`) and prints the events.
    pub fn finish(mut self, command: &str, events: &[Event], args: &WriteArgs) -> Result<()> {
        self.fight.board.rng = Some(self.rng.state());
        let target = args
            .output
            .clone()
            .unwrap_or_else(|| self.board_path.clone());
        let board_to_stdout = !args.dry_run && target == "-";
        if !args.dry_run {
            let text = self.fight.to_json();
            if target == "-" {
                write_atomically(&target, text.as_bytes()).map_err(Error::Failure)?;
            } else {
                // Writing to another file (`-o`) takes that file's lock too, unless it is
                // the board itself under another name.
                let other = match &self.file {
                    Some(file) if file.is_named_by(&target) => None,
                    _ => {
                        // Checked again under the lock: the file may have changed since.
                        refuse_onto_inputs(&target, "-o", &self.inputs)?;
                        Some(BoardFile::lock(&target, true, OUTPUT_ROLE)?)
                    }
                };
                let file = other.as_ref().or(self.file.as_ref());
                let source_mode = self.file.as_ref().and_then(BoardFile::mode);
                file.expect("a file target is locked above")
                    .save_with_history(
                        &text,
                        self.history_label.as_deref().unwrap_or(command),
                        source_mode,
                        moves_document(events),
                    )?;
            }
        }
        for w in &self.warnings {
            eprintln!("{w}");
        }
        let rendered = if args.json {
            let turn = (command == "next").then(|| self.fight.turn_state());
            json::render(command, self.fight.board.round, turn.as_ref(), events)
        } else {
            // On a screen where the questions were asked, what led to the last one is
            // already there: only the rest is told (a pipe or file gets it all).
            let terminal = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
            let from = if terminal && !args.explain {
                self.printed.min(events.len())
            } else {
                0
            };
            text::render(&events[from..], &self.names, args.explain)
        };
        if board_to_stdout {
            super::output::write_to(&mut std::io::stderr(), rendered.as_bytes())
        } else {
            super::output::write_stdout(rendered.as_bytes())
        }
    }
}

/// The `move` events, blows (events naming an attacker or a dealer and a target), deaths
/// (`died`) and the turns' starts (so one creature's walks in two turns stay two) of a
/// command as a `--json` document, kept in the undo history for `show --last`; none when
/// nothing moved, struck or fell.
fn moves_document(events: &[Event]) -> Option<String> {
    let kept: Vec<serde_json::Value> = events
        .iter()
        .filter_map(|e| serde_json::to_value(e).ok())
        .filter(|e| {
            e["event"] == "move"
                || e["event"] == "died"
                || e["event"] == "turn-start"
                || crate::render::paths::blow_pair(e).is_some()
        })
        .collect();
    let told = |e: &serde_json::Value| e["event"] != "turn-start";
    kept.iter()
        .any(told)
        .then(|| serde_json::json!({ "events": kept }).to_string())
}

/// A stop's hint with the board's own path where it writes `BOARD` (a command to run:
/// `monster-ai record BOARD initiative ...`), quoted for the shell when it needs it; left
/// as it is for a board read from standard input.
pub(super) fn name_the_board(hint: &str, path: &str) -> String {
    if path == "-" {
        return hint.to_string();
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c);
    let path = if !path.is_empty() && path.chars().all(plain) {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    };
    hint.replace(" BOARD ", &format!(" {path} "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_board_leaves_no_lock_file() {
        let dir = std::env::temp_dir().join(format!("monster-ai-session-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let board = dir.join("bord.json");
        let args = WriteArgs {
            seed: None,
            dry_run: false,
            output: None,
            json: false,
            explain: false,
            ties: TiePolicy::First,
            dice: None,
            rolls: None,
            cards: None,
        };
        let monsters_file = concat!(env!("CARGO_MANIFEST_DIR"), "/schemes/goblins.toml");
        let Err(Error::BadInput(d)) = Session::open(
            &Registry::builtin(),
            Some(monsters_file),
            board.to_str().unwrap(),
            &args,
        ) else {
            panic!("a missing board must be bad input");
        };
        let d = d.first();
        assert!(d.message.ends_with("no such file"), "{}", d.message);
        assert_eq!(
            d.hint.as_deref(),
            Some("check the path; BOARD is the board file")
        );
        assert!(!dir.join("bord.json.lock").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `next` stopped for initiatives names the board the player gave, quoted when the
    /// shell needs it; standard input keeps `BOARD`.
    #[test]
    fn a_stop_names_the_board_in_its_command() {
        let hint = "record them first: `monster-ai record BOARD initiative vela=NN` (or keep last round's: `monster-ai record BOARD initiative keep`)";
        assert_eq!(
            name_the_board(hint, "scenarios/crypt-gate.json"),
            "record them first: `monster-ai record scenarios/crypt-gate.json initiative vela=NN` (or keep last round's: `monster-ai record scenarios/crypt-gate.json initiative keep`)"
        );
        assert!(
            name_the_board(hint, "my crypt.json").contains("record 'my crypt.json' initiative")
        );
        assert_eq!(name_the_board(hint, "-"), hint);
    }
}

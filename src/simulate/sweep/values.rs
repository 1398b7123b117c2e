//! Each value of a sweep made into a fight ready to play. The files are read once; what a
//! `--vary` names is looked up once (a monster type's or the board's number: where its
//! system says it is written; a character's HP, defence, speed or range: its board entry;
//! any other number of a character: where its system's characters' model says it is
//! written in the heroes file). For each value that number is written into the file's
//! text and the file is read again by its own loader, so a value the file may not hold
//! (`hp = 0`) is refused by the same check, naming the value, and each value's monsters
//! are built once. Monsters on the board whose type's maximum HP changes keep the damage
//! they had taken (a monster at full health stays at full health); a monster's own
//! `max_hp`, `defence`, `speed` or `range` on the board follows its type when it was the
//! type's, and stays its own otherwise. `count:TYPE=N` takes the monsters of the type
//! after the first N off the board, as `remove` does.

use super::spec::{VarySpec, What};
use crate::board::{Board, Fight};
use crate::chance::rng::GameRng;
use crate::error::{Error, Result};
use crate::fight::load_board_with;
use crate::io::diagnostic::{Diagnostic, Problems, did_you_mean};
use crate::io::knob::{Knob, json_existing, json_number, same_name, write};
use crate::registry::Registry;
use crate::rules::deck::why_over;
use crate::rules::ties::{AutoChooser, TiePolicy};
use crate::rules::world::World;
use crate::systems::{Characters, Monsters};

/// A file's path and text.
#[derive(Clone, Debug)]
pub struct Text {
    /// Its path as given or found.
    pub path: String,
    /// Its whole text.
    pub text: String,
}

/// What a sweep starts from: its files, read once, and the fight they give as they are.
pub struct Base<'a> {
    /// The systems.
    pub registry: &'a Registry,
    /// The board file.
    pub board: Text,
    /// The monster file, when the board has one.
    pub monster_file: Option<Text>,
    /// The heroes file, when one is given or named by the board.
    pub heroes: Option<Text>,
    /// The monsters of the monster file as it is.
    pub monsters: Box<dyn Monsters>,
    /// The fight as loaded (monsters behind closed doors left out, as `simulate` plays).
    pub fight: Fight,
}

/// The files a number may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum File {
    Monsters,
    /// A character's entry on the board.
    Board,
    /// A number of the whole board, its system's (a scenario level).
    BoardWide,
    Heroes,
}

/// How one `--vary` sets its value.
#[derive(Clone, Debug)]
enum Lever {
    /// A number written in one of the files.
    Number(File, Knob),
    /// A character's HP on the board: its maximum, and its HP keeping the damage taken.
    Hp { hp: Knob, max: Knob, damage: i64 },
    /// How many monsters of type `kind` take part.
    Count { kind: String },
}

/// One varied number, looked up.
#[derive(Clone, Debug)]
pub struct Param {
    /// What it is, as the report names it: `Warg.hp`, `aria.attack`, `count:Goblin
    /// Warrior`, `level`.
    pub label: String,
    /// Its values, smallest first.
    pub values: Vec<i64>,
    /// What the files say now, when they say it.
    pub now: Option<i64>,
    lever: Lever,
}

/// The stats a character's board entry gives.
const BOARD_STATS: [&str; 4] = ["hp", "defence", "speed", "range"];

/// Looks up what `spec` names in `base`'s files, and checks its values where the files
/// alone cannot (a count above the monsters on the board, a character's HP below 1).
pub fn resolve(base: &Base, spec: &VarySpec) -> Result<Param> {
    let kinds = base.monsters.kinds();
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let ids = base.fight.board.character_ids();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let refuse = |d: Diagnostic| -> Error {
        Diagnostic {
            message: format!("--vary {}: {}", spec.arg, d.message),
            ..d
        }
        .into()
    };
    let (label, lever, now) = match &spec.what {
        What::Count { kind } => {
            let Some(kind) = same_name(kind, &kinds) else {
                return Err(refuse(not_a_type(kind, &kinds)));
            };
            let on_board = base
                .fight
                .board
                .creatures
                .iter()
                .filter(|c| c.kind.as_deref() == Some(kind))
                .count();
            if let Some(v) = spec
                .values
                .iter()
                .find(|v| **v < 0 || **v as usize > on_board)
            {
                return Err(refuse(
                    Diagnostic::plain(format!(
                        "{v} `{kind}` cannot take part: the board has {on_board}"
                    ))
                    .with_hint(format!("count from 0 to {on_board}")),
                ));
            }
            let lever = Lever::Count {
                kind: kind.to_string(),
            };
            (format!("count:{kind}"), lever, Some(on_board as i64))
        }
        What::Board(stat) => {
            let knob = base
                .monsters
                .knob(&base.fight, &base.board.text, None, stat)
                .map_err(refuse)?;
            let now = knob.now(&base.board.text);
            (stat.clone(), Lever::Number(File::BoardWide, knob), now)
        }
        What::Stat { name, stat } => {
            if let Some(kind) = same_name(name, &kinds) {
                let Some(file) = &base.monster_file else {
                    return Err(refuse(Diagnostic::plain("the board has no monster file")));
                };
                let knob = base
                    .monsters
                    .knob(&base.fight, &file.text, Some(kind), stat)
                    .map_err(refuse)?;
                let now = knob.now(&file.text);
                (
                    format!("{kind}.{stat}"),
                    Lever::Number(File::Monsters, knob),
                    now,
                )
            } else if let Some(id) = same_name(name, &ids) {
                let (lever, now) = character(base, id, stat).map_err(refuse)?;
                if matches!(lever, Lever::Hp { .. })
                    && let Some(v) = spec.values.iter().find(|v| **v < 1)
                {
                    return Err(refuse(
                        Diagnostic::plain(format!("{v} HP leaves `{id}` out of the fight"))
                            .with_hint("sweep HP from 1 up"),
                    ));
                }
                (format!("{id}.{stat}"), lever, now)
            } else {
                let mut names = kinds.clone();
                names.extend(&ids);
                let hint = match did_you_mean(name, &names) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!(
                        "the monster types are {}; the characters {}",
                        list(&kinds),
                        list(&ids)
                    ),
                };
                return Err(refuse(
                    Diagnostic::plain(format!(
                        "`{name}` is neither a monster type nor a character of the board"
                    ))
                    .with_hint(hint),
                ));
            }
        }
    };
    Ok(Param {
        label,
        values: spec.values.clone(),
        now,
        lever,
    })
}

/// What `stat` of character `id` is: on its board entry, else in the heroes file.
fn character(base: &Base, id: &str, stat: &str) -> Result<(Lever, Option<i64>), Diagnostic> {
    let board = &base.board.text;
    let i = base.fight.index_of(id).expect("a character of the board");
    let path = |field: &str| format!("creatures[{i}].{field}");
    let unwritable =
        || Diagnostic::plain(format!("`{id}`'s entry in the board is not a JSON object"));
    if stat == "hp" {
        let max = i64::from(base.fight.stats[i].max_hp);
        let damage = max - i64::from(base.fight.board.creatures[i].hp);
        let hp = json_number(board, &path("hp")).ok_or_else(unwritable)?;
        let max_knob = json_number(board, &path("max_hp")).ok_or_else(unwritable)?;
        return Ok((
            Lever::Hp {
                hp,
                max: max_knob,
                damage,
            },
            Some(max),
        ));
    }
    if BOARD_STATS.contains(&stat) {
        let s = &base.fight.stats[i];
        let now = match stat {
            "defence" => i64::from(s.defence),
            "speed" => i64::from(s.speed),
            _ => i64::from(s.range),
        };
        let knob = json_number(board, &path(stat)).ok_or_else(unwritable)?;
        return Ok((Lever::Number(File::Board, knob), Some(now)));
    }
    let on_board = || format!("`{id}`'s board entry gives {}", BOARD_STATS.join(", "));
    let Some(heroes) = &base.heroes else {
        let hint = match did_you_mean(stat, &BOARD_STATS) {
            Some(g) => format!("did you mean `{g}`? {}", on_board()),
            None => format!(
                "{}; its other numbers are in a heroes file: give one with --heroes FILE",
                on_board()
            ),
        };
        return Err(Diagnostic::plain(format!(
            "`{id}` has no number `{stat}` on the board, and no heroes file is given"
        ))
        .with_hint(hint));
    };
    let model = base
        .registry
        .characters_for(base.monsters.system())
        .ok_or_else(|| {
            Diagnostic::plain(format!(
                "`simulate` has no way to play the characters of {} boards",
                base.monsters.system()
            ))
        })?;
    match model.knob(&heroes.text, id, stat) {
        Ok(knob) => {
            let now = knob.now(&heroes.text);
            Ok((Lever::Number(File::Heroes, knob), now))
        }
        Err(mut d) => {
            d.hint = Some(match (did_you_mean(stat, &BOARD_STATS), d.hint.take()) {
                (Some(g), _) => format!("did you mean `{g}`? {}", on_board()),
                (None, Some(h)) => format!("{h}; {}", on_board()),
                (None, None) => on_board(),
            });
            Err(d)
        }
    }
}

fn not_a_type(kind: &str, kinds: &[&str]) -> Diagnostic {
    let hint = match did_you_mean(kind, kinds) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!("the monster types are {}", list(kinds)),
    };
    Diagnostic::plain(format!("`{kind}` is not a monster type of the board")).with_hint(hint)
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

/// One value's fight, ready to play.
pub struct Prepared {
    /// The board as the value makes it.
    pub fight: Fight,
    /// The monsters as the value makes them (`None`: the base's, unchanged).
    pub monsters: Option<Box<dyn Monsters>>,
    /// The characters, by their system's model.
    pub characters: Box<dyn Characters>,
}

impl Prepared {
    /// The monsters this value's fights are played with.
    pub fn monsters<'a>(&'a self, base: &'a Base) -> &'a dyn Monsters {
        self.monsters.as_deref().unwrap_or(base.monsters.as_ref())
    }
}

/// The fight of one row: `values[i]` for `params[i]`.
pub fn prepare(base: &Base, params: &[Param], values: &[i64]) -> Result<Prepared> {
    let named = |e: Error| -> Error { refused(params, values, e) };
    let mut monster_edits: Vec<(&Knob, i64)> = Vec::new();
    let mut board_edits: Vec<(&Knob, i64)> = Vec::new();
    let mut hero_edits: Vec<(&Knob, i64)> = Vec::new();
    let mut counts: Vec<(&str, i64)> = Vec::new();
    let mut level = false;
    for (p, &v) in params.iter().zip(values) {
        match &p.lever {
            Lever::Number(File::Monsters, k) => monster_edits.push((k, v)),
            Lever::Number(File::Board, k) => board_edits.push((k, v)),
            Lever::Number(File::BoardWide, k) => {
                board_edits.push((k, v));
                level = true;
            }
            Lever::Number(File::Heroes, k) => hero_edits.push((k, v)),
            Lever::Hp { hp, max, damage } => {
                board_edits.push((hp, (v - damage).max(1)));
                board_edits.push((max, v));
            }
            Lever::Count { kind } => counts.push((kind, v)),
        }
    }
    let new_monsters = match (&base.monster_file, monster_edits.is_empty()) {
        (Some(file), false) => {
            let text = write(&file.text, &monster_edits);
            Some(base.registry.load(&file.path, &text).map_err(named)?)
        }
        _ => None,
    };
    let monsters: &dyn Monsters = new_monsters.as_deref().unwrap_or(base.monsters.as_ref());
    let board = &base.board;
    // Monsters follow their type's new stats: worked out against the board as the value
    // makes it (a scenario level changes every line), read once with every monster at 1
    // HP, which any maximum allows.
    let mut follow: Vec<(Knob, i64)> = Vec::new();
    if new_monsters.is_some() || level {
        let probed;
        let probe: &Board = if level {
            let ones: Vec<Knob> = (0..base.fight.board.creatures.len())
                .filter(|i| base.fight.board.creatures[*i].kind.is_some())
                .filter_map(|i| json_existing(&board.text, &format!("creatures[{i}].hp")))
                .collect();
            let mut edits = board_edits.clone();
            edits.extend(ones.iter().map(|k| (k, 1)));
            probed = load_board_with(&board.path, &write(&board.text, &edits), monsters)
                .map_err(named)?;
            &probed.board
        } else {
            &base.fight.board
        };
        follow = follow_type(base, monsters, probe);
    }
    board_edits.extend(follow.iter().map(|(k, v)| (k, *v)));
    let mut fight = if board_edits.is_empty() && new_monsters.is_none() {
        base.fight.clone()
    } else {
        let text = write(&board.text, &board_edits);
        load_board_with(&board.path, &text, monsters).map_err(named)?
    };
    for (kind, n) in counts {
        leave(&mut fight, monsters, kind, n).map_err(named)?;
    }
    if let Some(over) = over(&fight) {
        return Err(named(Diagnostic::plain(over).into()));
    }
    // The same terrain shares what the fights work out about it.
    if fight.map == base.fight.map {
        fight.map = base.fight.map.clone();
    }
    let heroes = base.heroes.as_ref().map(|h| {
        let text = if hero_edits.is_empty() {
            h.text.clone()
        } else {
            write(&h.text, &hero_edits)
        };
        (h.path.as_str(), text)
    });
    let characters = super::super::characters(
        base.registry,
        &mut fight,
        monsters,
        heroes.as_ref().map(|(p, t)| (*p, t.as_str())),
    )
    .map_err(named)?;
    Ok(Prepared {
        fight,
        monsters: new_monsters,
        characters,
    })
}

/// The board edits that make the monsters follow their type's new stats (see the module
/// doc): `probe` is the board as the value makes it.
fn follow_type(base: &Base, monsters: &dyn Monsters, probe: &Board) -> Vec<(Knob, i64)> {
    let text = &base.board.text;
    let mut edits = Vec::new();
    for (i, c) in base.fight.board.creatures.iter().enumerate() {
        let (Some(old), Some(new)) = (
            c.kind
                .as_ref()
                .and(base.monsters.creature_stats(&base.fight.board, c)),
            probe
                .creatures
                .get(i)
                .and_then(|p| monsters.creature_stats(probe, p)),
        ) else {
            continue;
        };
        let mut set = |field: &str, value: i64| {
            if let Some(k) = json_existing(text, &format!("creatures[{i}].{field}")) {
                edits.push((k, value));
            }
        };
        let own_max = c.max_hp.is_some_and(|m| m != old.max_hp);
        if old.max_hp != new.max_hp && !own_max {
            if c.max_hp.is_some() {
                set("max_hp", i64::from(new.max_hp));
            }
            let damage = i64::from(old.max_hp) - i64::from(c.hp);
            set(
                "hp",
                (i64::from(new.max_hp) - damage).clamp(1, i64::from(new.max_hp)),
            );
        }
        if c.defence == Some(old.defence) && new.defence != old.defence {
            set("defence", i64::from(new.defence));
        }
        if c.speed == Some(old.speed) && new.speed != old.speed {
            set("speed", i64::from(new.speed));
        }
        if c.range == Some(old.range) && new.range != old.range {
            set("range", i64::from(new.range));
        }
    }
    edits
}

/// Takes the monsters of `kind` after the first `n` off the board, as `remove` does.
fn leave(fight: &mut Fight, monsters: &dyn Monsters, kind: &str, n: i64) -> Result<()> {
    let gone: Vec<String> = fight
        .board
        .creatures
        .iter()
        .filter(|c| c.kind.as_deref() == Some(kind))
        .skip(usize::try_from(n).unwrap_or(0))
        .map(|c| c.id.clone())
        .collect();
    let mut rng = GameRng::from_seed(0);
    let mut chooser = AutoChooser(TiePolicy::First);
    let hooks = crate::systems::Hooks::new(monsters);
    let mut world = World::new(fight, &mut rng, &mut chooser, monsters).with_hooks(&hooks);
    for id in gone {
        // Taken off as `remove` does: the system lets go of what it holds for it.
        world.remove_creature(&id);
    }
    match world.take_failure() {
        Some((message, _)) => Err(Diagnostic::plain(message).into()),
        None => Ok(()),
    }
}

/// Why a fight is over before it starts, when it is.
fn over(fight: &Fight) -> Option<String> {
    // Played on what is revealed, as `simulate` plays: no monster waits behind a door.
    why_over(fight, &|_| false).map(|why| format!("the fight is already over: {why}"))
}

/// A row's values refused: every problem, each saying which values made it.
fn refused(params: &[Param], values: &[i64], e: Error) -> Error {
    let Error::BadInput(ds) = e else {
        return e;
    };
    let with: Vec<String> = params
        .iter()
        .zip(values)
        .map(|(p, v)| format!("{} = {v}", p.label))
        .collect();
    let with = with.join(", ");
    let mut problems = Problems::new();
    for d in ds.iter() {
        let hint = match &d.hint {
            Some(h) => format!("{h}; or leave {with} out of the sweep"),
            None => format!("leave {with} out of the sweep"),
        };
        problems.push(Diagnostic {
            message: format!("--vary with {with}: {}", d.message),
            hint: Some(hint),
            ..d.clone()
        });
    }
    match problems.finish(()) {
        Err(ds) => Error::BadInput(ds),
        Ok(()) => Error::BadInput(Diagnostic::plain(format!("--vary with {with}: refused")).into()),
    }
}

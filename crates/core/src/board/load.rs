//! Turning board text into a [`Fight`]: parse, then check everything the types cannot
//! (sizes, the map against the grid, creatures on free floor, known monster types), each
//! problem reported at its JSON path with a hint.

use super::Trait;
use super::implied_hp;
use super::moved_words::{Unmoved, move_words};
use super::shape_table::BOARD_SHAPE;
use super::upgrade::{Mixed, upgrade};
use super::{Arrival, MAX_GOLD, StatusKind, ThinWall, Trap};
use super::{Blocked, Creature, StatSource, Stats};
use super::{Board, FORMAT, FORMATS_READ, Fight, GridShape, MAX_ARRIVALS, MAX_SIDE, limits};
use crate::board::action::{Attack, Reach};
use crate::grid::{Cell, Grid, Terrain, TerrainMap};
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems, did_you_mean};
use crate::io::load::{parse_json, parse_json_document, parse_json_value};
use crate::io::printable::check_json;
use crate::io::shape::check_objects;
use std::collections::{BTreeMap, HashMap};

/// The map characters every board understands; `legend` may add or change them.
const DEFAULT_LEGEND: &[(char, Terrain)] = &[
    ('.', Terrain::Floor),
    ('#', Terrain::Wall),
    ('o', Terrain::Obstacle),
    ('~', Terrain::Difficult),
    ('^', Terrain::Hazardous),
    ('*', Terrain::Icy),
    ('+', Terrain::ClosedDoor),
    ('/', Terrain::OpenDoor),
];

/// Parses and validates board text. `file` is the name used in messages.
///
/// Text that does not parse stops at its first problem; after that every independent
/// problem is reported (each creature, trap, fire, arrival, thin wall and terrain patch on
/// its own), unless one makes the rest meaningless (a wrong format or grid size, a map
/// that does not fit the grid).
///
/// A character (no `type`) without `max_hp` gets its current `hp` as `max_hp` in the
/// returned board, so the maximum is written back and does not shrink after damage.
pub fn load_board(file: &str, text: &str, monsters: &dyn StatSource) -> Result<Fight, Diagnostics> {
    // Shapes serde would accept but our format does not, and text unfit for a terminal;
    // JSON that does not parse is reported by the typed parse.
    // A format-1 board's system fields move under `systems` before the typed parse.
    // The typed board is read from the parsed value, so the text is tokenized once.
    let mut parsed = None;
    let mut filled = Vec::new();
    let mut moved = Vec::new();
    if let Some(mut value) = parse_json_document(file, text)? {
        check_one_monster_file(file, text, &value)?;
        check_objects(file, text, &value, BOARD_SHAPE)?;
        check_json(file, text, &value)?;
        if let Err(Mixed) = upgrade(&mut value) {
            return Err(mixed_formats(file, text).into());
        }
        moved = match move_words(&mut value) {
            Ok(moved) => moved,
            Err(Unmoved::Twice(old)) => return Err(written_twice(file, text, &old).into()),
            Err(Unmoved::NotAMark(old)) => return Err(not_a_mark(file, text, &old).into()),
        };
        filled = implied_hp::fill_in(&mut value, monsters);
        parsed = Some(value);
    }
    let mut board: Board = match parsed {
        Some(value) => parse_json_value(file, text, value)?,
        None => parse_json(file, text)?,
    };
    implied_hp::mark(&mut board, &filled);
    board.moved = moved;
    let locate = Locator::new(file, text);
    let at = |path: &str, msg: String| locate.json_path(path, msg);
    let mut problems = Problems::new();

    problems.require(check_format(&board, &at))?;
    check_counters(&board, &at, &mut problems);
    let grid = problems.require(check_grid(&board, &at))?;
    let map = build_terrain(&board, grid, &locate, &at, &mut problems)?;
    let cells = u64::from(grid.width) * u64::from(grid.height);
    if !limits::within(board.creatures.len(), cells) {
        let (message, hint) = limits::too_many(board.creatures.len(), cells);
        return Err(problems.stop(at("creatures", message).with_hint(hint)));
    }
    let stats = check_creatures(&board, &map, monsters, &at, &mut problems);
    for (i, t) in board.traps.iter().enumerate() {
        problems.check(check_trap(i, t, &map, &at));
    }
    for (i, f) in board.fires.iter().enumerate() {
        let path = format!("fires[{i}].cell");
        problems.check(
            check_cell(&map, f.cell, &path, "the fire's cell", &at)
                .and_then(|()| check_open(&map, f.cell, &path, "fire", &at)),
        );
    }
    for (i, a) in board.arrivals.iter().enumerate() {
        problems.check(check_arrival(i, a, &map, monsters, &at));
    }
    for i in 0..board.resurrections.len() {
        problems.check(check_resurrection(&board, i, &map, monsters, &at));
    }
    for i in 0..board.creatures.len() {
        problems.check(check_summoner(&board.creatures, i, &at));
    }
    for c in &mut board.creatures {
        if c.kind.is_none() && c.max_hp.is_none() {
            c.max_hp = Some(c.hp);
        }
    }
    let fight = Fight { board, map, stats };
    // Every creature's stats are known only when each creature checked out.
    if fight.stats.len() == fight.board.creatures.len() {
        for i in 0..fight.board.creatures.len() {
            problems.check(check_block(&fight, i, &at));
        }
    }
    problems.finish(fight)
}

/// `scheme_file` is the older name of `monster_file`: a board may give one or the other.
/// Given both, the one written second is pointed at, naming both (serde would only say
/// that `monster_file` came twice, and could not say where).
#[allow(clippy::result_large_err)]
fn check_one_monster_file(
    file: &str,
    text: &str,
    value: &serde_json::Value,
) -> Result<(), Diagnostic> {
    let (old, new) = ("scheme_file", "monster_file");
    if !(value.get(old).is_some() && value.get(new).is_some()) {
        return Ok(());
    }
    let hint = format!("keep only `{new}` (`{old}` is its older name)");
    let at = |second: &str, first: &str| {
        let message =
            format!("the board gives both `{first}` and `{second}`, two names of one field");
        Diagnostic::at_json_key(file, text, second, message.clone())
            .unwrap_or_else(|| Diagnostic::at_json_path(file, text, second, message))
            .with_hint(hint.clone())
    };
    let (a, b) = (at(old, new), at(new, old));
    let place = |d: &Diagnostic| d.location.as_ref().map(|l| (l.line, l.column));
    // The one written second is the one to take out.
    Err(if place(&a) > place(&b) { a } else { b })
}

/// A large creature's whole block lies on free ground (its position, checked with the
/// rest, is the block's top-left square).
fn check_block(fight: &Fight, i: usize, at: &At) -> Result<(), Diagnostic> {
    let (c, size) = (&fight.board.creatures[i], fight.size(i));
    if size == 1 {
        return Ok(());
    }
    let Some(b) = fight.block_blocked(size, c.position, Some(i)) else {
        return Ok(());
    };
    let from = format!(
        "`{}` covers {size}×{size} squares from {}",
        c.id, c.position
    );
    let message = match b {
        Blocked::Taken(_, j) => {
            let o = &fight.board.creatures[j];
            format!("{from}, over `{}` on {}", o.id, o.position)
        }
        _ => format!("{from}, and {} is off the board or blocked", b.cell()),
    };
    Err(at(&format!("creatures[{i}].position"), message).with_hint(
        "a large monster's position is the top-left square of its block; move it so the whole block is free floor",
    ))
}

/// Builds a located problem from a JSON path and a message.
type At<'a> = dyn Fn(&str, String) -> Diagnostic + 'a;

/// A board of another format version cannot be read any further.
fn check_format(board: &Board, at: &At) -> Result<(), Diagnostic> {
    if !FORMATS_READ.contains(&board.format) {
        return Err(at(
            "format",
            format!("unsupported board format {}", board.format),
        )
        .with_hint(format!(
            "this version of monster-ai reads formats 1 and {FORMAT} (and writes {FORMAT})"
        )));
    }
    Ok(())
}

/// A format-1 board with the format-2 `systems` key.
/// An old board field written in its new place under `systems` too.
fn written_twice(file: &str, text: &str, old: &str) -> Diagnostic {
    Diagnostic::at_json_path(
        file,
        text,
        old,
        format!("`{old}` is also written in its new place under `systems`"),
    )
    .with_hint("keep one: the board is written with it under its system's key (docs/board.md)")
}

fn not_a_mark(file: &str, text: &str, old: &str) -> Diagnostic {
    Diagnostic::at_json_path(
        file,
        text,
        old,
        "wrong type: expected true or false".to_string(),
    )
    .with_hint("write `true` or `false`, or leave it out")
}

fn mixed_formats(file: &str, text: &str) -> Diagnostic {
    Diagnostic::at_json_path(file, text, "systems", "`systems` is a format 2 key, but this board is format 1")
        .with_hint(format!(
            "set `format` to {FORMAT} and move the format-1 system fields under `systems` (docs/board.md)"
        ))
}

/// The round number and the turn-order deck's counters.
fn check_counters(board: &Board, at: &At, problems: &mut Problems) {
    if board.round == 0 || board.round > MAX_ROUND {
        problems.push(
            at("round", format!("round {} is out of range", board.round))
                .with_hint(format!("rounds run from 1 to {MAX_ROUND}")),
        );
    }
    let most = super::stalemate::MAX_QUIET_ROUNDS;
    if board.stalemate.after.is_some_and(|n| n > most) {
        problems.push(
            at(
                "stalemate.after",
                format!("{} quiet rounds is too many", board.stalemate.rounds()),
            )
            .with_hint(format!(
                "use 1 to {most} quiet rounds in a row, or 0 for no stalemate"
            )),
        );
    }
    if let Some((path, message, hint)) = board.table.problem() {
        problems.push(at(&path, message).with_hint(hint));
    }
    if board.cards_drawn as usize > board.turn_order.len() {
        problems.push(at("cards_drawn", format!("{} cards drawn from a deck of {}", board.cards_drawn, board.turn_order.len()))
            .with_hint("cards_drawn counts the cards of turn_order already revealed; remove it to start the deck again"));
    }
}

fn check_grid(board: &Board, at: &At) -> Result<Grid, Diagnostic> {
    let spec = board.grid;
    for (name, v) in [("width", spec.width), ("height", spec.height)] {
        if v == 0 || v > MAX_SIDE {
            return Err(at(
                &format!("grid.{name}"),
                format!("grid {name} {v} is out of range"),
            )
            .with_hint(format!("use a number from 1 to {MAX_SIDE}")));
        }
    }
    if spec.kind == GridShape::Hex && spec.metric.is_some() {
        return Err(at("grid.metric", "hex grids have no metric".into())
            .with_hint("remove `metric`; it only applies to square grids"));
    }
    Ok(spec.grid())
}

/// The ids and cells taken by the creatures checked so far.
#[derive(Default)]
struct Taken<'a> {
    ids: HashMap<&'a str, usize>,
    cells: HashMap<Cell, usize>,
}

/// Each creature on its own (its first problem is reported); the stats of those that pass.
fn check_creatures(
    board: &Board,
    map: &TerrainMap,
    monsters: &dyn StatSource,
    at: &At,
    problems: &mut Problems,
) -> Vec<Stats> {
    let mut stats = Vec::with_capacity(board.creatures.len());
    let mut taken = Taken::default();
    for i in 0..board.creatures.len() {
        stats.extend(problems.check(check_creature(board, i, map, monsters, &mut taken, at)));
    }
    stats
}

/// Whether `id` can be a creature's id: not empty, no spaces (it is typed on the command
/// line). A hidden room's monsters are held to it too, before they come on the board.
pub fn usable_id(id: &str) -> bool {
    !id.is_empty() && !id.chars().any(char::is_whitespace)
}

fn check_creature<'a>(
    board: &'a Board,
    i: usize,
    map: &TerrainMap,
    monsters: &dyn StatSource,
    taken: &mut Taken<'a>,
    at: &At,
) -> Result<Stats, Diagnostic> {
    let c = &board.creatures[i];
    let path = |field: &str| format!("creatures[{i}].{field}");
    if !usable_id(&c.id) {
        return Err(at(
            &path("id"),
            format!("creature id `{}` is not usable on the command line", c.id),
        )
        .with_hint("use a short id without spaces, e.g. `warg-1`"));
    }
    if let Some(first) = taken.ids.insert(&c.id, i) {
        return Err(
            at(&path("id"), format!("creature id `{}` is used twice", c.id)).with_hint(format!(
                "creatures[{first}] already has it; ids must be unique"
            )),
        );
    }
    check_cell(
        map,
        c.position,
        &path("position"),
        &format!("{}'s position", c.id),
        at,
    )?;
    if let Some(other) = taken.cells.insert(c.position, i) {
        return Err(at(
            &path("position"),
            format!(
                "{} and {} both stand on {}",
                board.creatures[other].id, c.id, c.position
            ),
        )
        .with_hint("two creatures cannot share a cell"));
    }
    if c.hp <= 0 {
        return Err(at(
            &path("hp"),
            format!(
                "{} has {} HP, but a creature on the board needs at least 1 HP",
                c.id, c.hp
            ),
        )
        .with_hint("raise `hp`; a creature that died belongs under `fallen`, not `creatures`"));
    }
    let s = resolve_stats(c, board, monsters)
        .map_err(|(field, msg, hint)| at(&path(field), msg).with_hint(hint))?;
    // A flying creature may stand on an obstacle (it hovers over it).
    let t = map.terrain(c.position);
    if t.blocks_movement() && !(t == Terrain::Obstacle && s.traits.contains(&Trait::Flying)) {
        return Err(at(
            &path("position"),
            format!("{} stands in a {} at {}", c.id, terrain_word(t), c.position),
        )
        .with_hint(if t == Terrain::Obstacle {
            "move it to a floor cell, fix the map, or give it the `flying` trait"
        } else {
            "move it to a floor cell or fix the map"
        }));
    }
    if c.hp > s.max_hp {
        let (source, hint) = match (&c.kind, c.max_hp) {
            (Some(kind), None) => (
                format!("the {kind}'s `hp` in the monster file"),
                "lower `hp`, or give this creature its own `max_hp`",
            ),
            _ => ("its `max_hp`".to_string(), "lower `hp`, or raise `max_hp`"),
        };
        return Err(at(
            &path("hp"),
            format!(
                "{} has {} HP but its maximum is {} ({source})",
                c.id, c.hp, s.max_hp
            ),
        )
        .with_hint(hint));
    }
    if let Some(j) = c.traits.iter().position(|t| *t == Trait::Retaliate(None))
        && s.retaliation.is_none()
    {
        return Err(at(
            &path(&format!("traits[{j}]")),
            format!("{} has `retaliate` but no attack to retaliate with", c.id),
        )
        .with_hint("give the attack in the phrase, e.g. \"retaliate +5 1d8\""));
    }
    check_creature_state(c, &path, board.round, at)?;
    Ok(s)
}

fn check_trap(i: usize, t: &Trap, map: &TerrainMap, at: &At) -> Result<(), Diagnostic> {
    if let Some(s) = t.statuses.iter().find(|s| !TRAP_STATUSES.contains(s)) {
        return Err(at(
            &format!("traps[{i}].statuses"),
            format!("a trap cannot leave a creature {}", s.label()),
        )
        .with_hint("traps give dazed, disarmed, immobilized, stunned or terrified"));
    }
    let path = format!("traps[{i}].cell");
    check_cell(map, t.cell, &path, "the trap's cell", at)?;
    check_open(map, t.cell, &path, "trap", at)
}

fn check_arrival(
    i: usize,
    a: &Arrival,
    map: &TerrainMap,
    monsters: &dyn StatSource,
    at: &At,
) -> Result<(), Diagnostic> {
    let path = |field: &str| format!("arrivals[{i}].{field}");
    if a.count > MAX_ARRIVALS {
        return Err(at(
            &path("count"),
            format!("{} creatures arriving at once is too many", a.count),
        )
        .with_hint(format!(
            "an arrival brings at most {MAX_ARRIVALS} creatures; split it or lower `count`"
        )));
    }
    if a.types.is_empty() {
        return Err(
            at(&path("types"), "the arrival lists no monster types".into())
                .with_hint("list the types to choose from, e.g. [\"Goblin Warrior\"]"),
        );
    }
    for (j, kind) in a.types.iter().enumerate() {
        if monsters.stats(kind).is_none() {
            return Err(unknown_type(
                at,
                &path(&format!("types[{j}]")),
                kind,
                monsters,
            ));
        }
    }
    check_cell(map, a.near, &path("near"), "the arrival's `near` cell", at)
}

/// The statuses a trap may give.
pub const TRAP_STATUSES: &[StatusKind] = &[
    StatusKind::Dazed,
    StatusKind::Disarmed,
    StatusKind::Immobilized,
    StatusKind::Stunned,
    StatusKind::Terrified,
];

/// Largest round number, gold and status amount a board may hold, so arithmetic on them
/// can never overflow.
const MAX_ROUND: u32 = 1_000_000;
/// The largest `max_hp` a creature may have.
pub const MAX_HP: i32 = 1_000_000;
const MAX_AMOUNT: u32 = 1000;

/// Gold and statuses of a creature: amounts where (and only where) they mean something,
/// no status twice, and no status gained in a round still to come.
fn check_creature_state(
    c: &super::Creature,
    path: &dyn Fn(&str) -> String,
    round: u32,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    if c.gold > MAX_GOLD {
        return Err(
            at(&path("gold"), format!("{} carries {} gold", c.id, c.gold))
                .with_hint(format!("gold runs from 0 to {MAX_GOLD}")),
        );
    }
    for (k, s) in c.statuses.iter().enumerate() {
        let here = path(&format!("statuses[{k}]"));
        let needs_amount = s.status.measured();
        match s.amount {
            None if needs_amount => {
                return Err(at(
                    &here,
                    format!(
                        "{} is {} but the status has no `amount`",
                        c.id,
                        s.status.label()
                    ),
                )
                .with_hint(if s.status == StatusKind::Retaliating {
                    "retaliating needs an amount, e.g. \"amount\": 2"
                } else {
                    "withered and shielded need an amount, e.g. \"amount\": 2"
                }));
            }
            Some(_) if !needs_amount => {
                return Err(at(
                    &here,
                    format!("the {} status takes no `amount`", s.status.label()),
                )
                .with_hint("only withered, shielded and retaliating have an amount; remove it"));
            }
            Some(a) if a > MAX_AMOUNT => {
                return Err(at(
                    &here,
                    format!("a {} amount of {a} is too large", s.status.label()),
                )
                .with_hint(format!("amounts run from 0 to {MAX_AMOUNT}")));
            }
            _ => {}
        }
        check_status_range(s, &here, at)?;
        if c.statuses[..k].iter().any(|o| o.same_slot(s)) {
            let (what, hint) = if s.status == StatusKind::Retaliating {
                (
                    format!("the retaliating status with range {}", s.reach()),
                    "keep one retaliating entry per range (add up their amounts)",
                )
            } else {
                (
                    format!("the {} status", s.status.label()),
                    "keep one entry per status",
                )
            };
            return Err(at(&here, format!("{} has {what} twice", c.id)).with_hint(hint));
        }
        if s.round.is_some_and(|r| r > round) {
            return Err(at(
                &here,
                format!(
                    "{}'s {} status was gained in a round still to come",
                    c.id,
                    s.status.label()
                ),
            )
            .with_hint(
                "`round` on a status is the round it was gained, at most the board's `round`",
            ));
        }
    }
    Ok(())
}

/// A status's `range`: only retaliating has one, from 1 to the largest amount.
fn check_status_range(
    s: &super::Status,
    here: &str,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    let Some(range) = s.range else { return Ok(()) };
    let here = format!("{here}.range");
    if s.status != StatusKind::Retaliating {
        return Err(at(
            &here,
            format!("the {} status takes no `range`", s.status.label()),
        )
        .with_hint("only retaliating has a range; remove it"));
    }
    if range == 0 || range > MAX_AMOUNT {
        return Err(at(&here, format!("{range} is not a retaliating range"))
            .with_hint(format!("ranges run from 1 (adjacent) to {MAX_AMOUNT}")));
    }
    Ok(())
}

/// Stats of a creature: a monster's from its scheme, overridden by the board's fields.
pub fn resolve_stats(
    c: &Creature,
    board: &Board,
    monsters: &dyn StatSource,
) -> Result<Stats, (&'static str, String, String)> {
    let base = match &c.kind {
        Some(kind) => monsters.creature_stats(board, c).ok_or_else(|| {
            let kinds = monsters.kinds();
            let names: Vec<&str> = kinds.iter().map(String::as_str).collect();
            let hint = match did_you_mean(kind, &names) {
                Some(g) => format!(
                    "did you mean `{g}`? the monster file defines: {}",
                    names.join(", ")
                ),
                None => format!("the monster file defines: {}", names.join(", ")),
            };
            ("type", format!("unknown monster type `{kind}`"), hint)
        })?,
        None => Stats::defaults(c.max_hp.unwrap_or(c.hp)),
    };
    let range = c.range.unwrap_or(base.range);
    let mut traits = base.traits;
    for t in &c.traits {
        if !traits.contains(t) {
            traits.push(t.clone());
        }
    }
    let s = Stats {
        max_hp: c.max_hp.unwrap_or(base.max_hp),
        defence: c.defence.unwrap_or(base.defence),
        speed: c.speed.unwrap_or(base.speed),
        range,
        saves: c.saves.unwrap_or(base.saves),
        boss: base.boss,
        retaliation: retort_attack(&traits, range).or(base.retaliation),
        opportunity: base.opportunity,
        traits,
    };
    if s.max_hp <= 0 || s.max_hp > MAX_HP {
        return Err((
            "max_hp",
            format!("max_hp {} is out of range", s.max_hp),
            "use a number from 1 to 1000000".into(),
        ));
    }
    if !(-100..=100).contains(&s.defence) {
        return Err((
            "defence",
            format!("defence {} is out of range", s.defence),
            "use a number from -100 to 100".into(),
        ));
    }
    let saves = s.saves;
    for (name, v) in [
        ("str", saves.str),
        ("dex", saves.dex),
        ("con", saves.con),
        ("int", saves.int),
        ("wis", saves.wis),
        ("cha", saves.cha),
    ] {
        if !(-100..=100).contains(&v) {
            return Err((
                "saves",
                format!("save modifier {name} {v} is out of range"),
                "use modifiers from -100 to 100".into(),
            ));
        }
    }
    for (field, v) in [("speed", s.speed), ("range", s.range)] {
        if v > 1000 {
            return Err((
                field,
                format!("{field} {v} is out of range"),
                "use a number of spaces from 0 to 1000".into(),
            ));
        }
    }
    Ok(s)
}

/// The attack a `retaliate +N DICE` phrase among `traits` gives: melee for a creature of
/// Range 1, ranged otherwise; no effects.
pub fn retort_attack(traits: &[Trait], range: u32) -> Option<Attack> {
    traits.iter().find_map(|t| match t {
        Trait::Retaliate(Some(r)) => Some(Attack {
            reach: if range <= 1 {
                Reach::Melee
            } else {
                Reach::Ranged
            },
            magic: false,
            bonus: r.bonus,
            damage: Some(r.damage),
            min_damage: None,
            targets: 1,
            area: None,
            damage_save: None,
            range: None,
            riders: Vec::new(),
        }),
        _ => None,
    })
}

/// A creature waiting to come back (Resurrect): a valid creature of a known type, on the
/// board, and its id is not taken by a creature on the board or another waiting one.
fn check_resurrection(
    board: &Board,
    i: usize,
    map: &TerrainMap,
    monsters: &dyn StatSource,
    at: &At,
) -> Result<(), Diagnostic> {
    let c = &board.resurrections[i].creature;
    let path = |field: &str| format!("resurrections[{i}].creature.{field}");
    let clash = board.creatures.iter().any(|o| o.id == c.id)
        || board.resurrections[..i]
            .iter()
            .any(|o| o.creature.id == c.id);
    if clash {
        return Err(at(
            &path("id"),
            format!("`{}` is waiting to come back but its id is taken", c.id),
        )
        .with_hint("a creature waiting to resurrect keeps its id; rename the other one"));
    }
    check_cell(
        map,
        c.position,
        &path("position"),
        &format!("{}'s cell", c.id),
        at,
    )?;
    if c.hp <= 0 {
        return Err(at(
            &path("hp"),
            format!("{} would come back with {} HP", c.id, c.hp),
        )
        .with_hint("it comes back with half its max HP, rounded up: at least 1"));
    }
    resolve_stats(c, board, monsters)
        .map_err(|(field, msg, hint)| at(&path(field), msg).with_hint(hint))?;
    Ok(())
}

fn unknown_type(
    at: &dyn Fn(&str, String) -> Diagnostic,
    path: &str,
    kind: &str,
    monsters: &dyn StatSource,
) -> Diagnostic {
    at(path, format!("unknown monster type `{kind}`")).with_hint(unknown_type_hint(kind, monsters))
}

/// The hint for a monster type the monster file does not define: the closest name, if
/// any, and the types it does define.
pub fn unknown_type_hint(kind: &str, monsters: &dyn StatSource) -> String {
    let kinds = monsters.kinds();
    let names: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let defined = format!("the monster file defines: {}", names.join(", "));
    match did_you_mean(kind, &names) {
        Some(g) => format!("did you mean `{g}`? {defined}"),
        None => defined,
    }
}

/// A creature's `summoner` names another creature of the same side on the board.
fn check_summoner(creatures: &[Creature], i: usize, at: &At) -> Result<(), Diagnostic> {
    let c = &creatures[i];
    let Some(id) = &c.summoner else {
        return Ok(());
    };
    let path = format!("creatures[{i}].summoner");
    let Some(s) = creatures.iter().find(|o| &o.id == id) else {
        let ids: Vec<&str> = creatures.iter().map(|o| o.id.as_str()).collect();
        let hint = match did_you_mean(id, &ids) {
            Some(g) => format!("did you mean `{g}`? Or remove `summoner` if it has left the board"),
            None => "name a creature on the board, or remove `summoner`".to_string(),
        };
        return Err(at(
            &path,
            format!("{}'s summoner `{id}` is not on the board", c.id),
        )
        .with_hint(hint));
    };
    if s.id == c.id {
        return Err(at(&path, format!("{} cannot be its own summoner", c.id))
            .with_hint("name the creature that summoned it, or remove `summoner`"));
    }
    if s.side != c.side {
        return Err(at(
            &path,
            format!("{} fights on the other side from its summoner {id}", c.id),
        )
        .with_hint("a summon fights for its summoner's side; fix `side` or `summoner`"));
    }
    Ok(())
}

/// `what` names the cell for the message, e.g. "aria's position".
fn check_cell(
    map: &TerrainMap,
    cell: Cell,
    path: &str,
    what: &str,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    if map.grid.contains(cell) {
        return Ok(());
    }
    let last = Cell::new(map.grid.width as i32 - 1, map.grid.height as i32 - 1);
    Err(at(path, format!("{what} {cell} is off the board"))
        .with_hint(format!("cells run from A1 to {last}")))
}

/// Traps and fires lie on cells a creature can enter.
fn check_open(
    map: &TerrainMap,
    cell: Cell,
    path: &str,
    what: &str,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    let t = map.terrain(cell);
    if !t.blocks_movement() {
        return Ok(());
    }
    Err(at(
        path,
        format!("the {what} at {cell} is in a {}", terrain_word(t)),
    )
    .with_hint(format!(
        "a {what} must be on a cell creatures can enter; move it or fix the map"
    )))
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Wall => "wall",
        Terrain::Obstacle => "obstacle",
        Terrain::ClosedDoor => "closed door",
        _ => "floor",
    }
}

/// "use one of these characters, or add `X` to `legend`:" and every known character with
/// its terrain, the defaults first in their documented order.
fn legend_hint(ch: char, legend: &BTreeMap<char, Terrain>) -> String {
    let defaults = DEFAULT_LEGEND.iter().map(|(c, _)| *c);
    let extra = legend
        .keys()
        .copied()
        .filter(|c| DEFAULT_LEGEND.iter().all(|(d, _)| d != c));
    let order: Vec<char> = defaults.chain(extra).collect();
    let known: Vec<String> = order
        .iter()
        .filter_map(|c| legend.get(c).map(|t| format!("`{c}` {}", terrain_name(*t))))
        .collect();
    format!(
        "use one of these characters, or add `{ch}` to `legend`:\n{}",
        known.join(", ")
    )
}

/// The terrain's name as board files write it (`closed-door`).
fn terrain_name(t: Terrain) -> String {
    serde_json::to_value(t)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{t:?}"))
}

/// The terrain map: legend, map rows, terrain patches and thin walls. A map that does not
/// fit the grid stops loading; an unknown map character is reported once (at its first
/// use) and read as floor; a bad legend key, patch or thin wall is reported and left out.
fn build_terrain(
    board: &Board,
    grid: Grid,
    locate: &Locator,
    at: &At,
    problems: &mut Problems,
) -> Result<TerrainMap, Diagnostics> {
    let mut legend: BTreeMap<char, Terrain> = DEFAULT_LEGEND.iter().copied().collect();
    for (key, t) in &board.legend {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => {
                legend.insert(ch, *t);
            }
            _ => problems.push(
                at(
                    &format!("legend.{key}"),
                    format!("legend key `{key}` is not a single character"),
                )
                .with_hint("each legend key is one map character, e.g. \"T\": \"hazardous\""),
            ),
        }
    }
    let mut map = TerrainMap::new(grid);
    if !board.map.is_empty() {
        problems.require(check_map_size(board, grid, at))?;
        draw_map(board, &legend, &mut map, locate, problems);
    }
    for (i, patch) in board.terrain.iter().enumerate() {
        let on_board = patch.cells.iter().enumerate().try_for_each(|(j, &cell)| {
            check_cell(
                &map,
                cell,
                &format!("terrain[{i}].cells[{j}]"),
                "the terrain cell",
                at,
            )
        });
        if problems.check(on_board).is_some() {
            for &cell in &patch.cells {
                map.set(cell, patch.kind);
            }
        }
    }
    for (i, w) in board.thin_walls.iter().enumerate() {
        if problems.check(check_thin_wall(i, w, &map, at)).is_some() {
            map.add_thin_wall(w.0, w.1);
        }
    }
    Ok(map)
}

/// One string per row, each exactly as wide as the grid.
fn check_map_size(board: &Board, grid: Grid, at: &At) -> Result<(), Diagnostic> {
    if board.map.len() != grid.height as usize {
        return Err(at(
            "map",
            format!(
                "the map has {} rows but the grid is {} high",
                board.map.len(),
                grid.height
            ),
        )
        .with_hint("draw one string per row, or change grid.height"));
    }
    for (row, line) in board.map.iter().enumerate() {
        let n = line.chars().count();
        if n != grid.width as usize {
            return Err(at(
                &format!("map[{row}]"),
                format!(
                    "map row {} is {n} characters wide but the grid is {} wide",
                    row + 1,
                    grid.width
                ),
            )
            .with_hint("every map row must have exactly grid.width characters"));
        }
    }
    Ok(())
}

/// Sets the terrain of every cell from the map rows (which fit the grid).
fn draw_map(
    board: &Board,
    legend: &BTreeMap<char, Terrain>,
    map: &mut TerrainMap,
    locate: &Locator,
    problems: &mut Problems,
) {
    let mut unknown = std::collections::BTreeSet::new();
    for (row, line) in board.map.iter().enumerate() {
        for (col, (byte, ch)) in line.char_indices().enumerate() {
            let cell = Cell::new(col as i32, row as i32);
            match legend.get(&ch) {
                Some(&t) => map.set(cell, t),
                None if unknown.insert(ch) => {
                    problems.push(
                        locate
                            .json_string_part(
                                &format!("map[{row}]"),
                                byte..byte + ch.len_utf8(),
                                format!(
                                    "unknown map character `{ch}` in row {} column {} ({cell})",
                                    row + 1,
                                    col + 1,
                                ),
                            )
                            .with_hint(legend_hint(ch, legend)),
                    );
                }
                None => {}
            }
        }
    }
}

fn check_thin_wall(i: usize, w: &ThinWall, map: &TerrainMap, at: &At) -> Result<(), Diagnostic> {
    let path = format!("thin_walls[{i}]");
    check_cell(map, w.0, &path, "the thin wall's cell", at)?;
    check_cell(map, w.1, &path, "the thin wall's cell", at)?;
    if !map.grid.adjacent(w.0, w.1) {
        return Err(at(&path, format!("{} and {} are not neighbours", w.0, w.1))
            .with_hint("a thin wall lies on the edge between two adjacent cells"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shape_table_is_the_current_board_schema() {
        let schema = crate::io::schema::schema_value::<super::Board>();
        let want = crate::io::shape::Reduced::of(&schema).rust_source();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/board/shape_table.rs");
        let file = std::fs::read_to_string(path).unwrap();
        let (head, rest) = file.split_once(TABLE_START).unwrap();
        let (have, tail) = rest.split_once(TABLE_END).unwrap();
        if have != want && std::env::var_os("BLESS").is_some() {
            std::fs::write(path, format!("{head}{TABLE_START}{want}{TABLE_END}{tail}")).unwrap();
            return;
        }
        assert_eq!(
            have, want,
            "src/board/shape_table.rs is out of date: run `BLESS=1 cargo test --lib shape_table`"
        );
    }

    const TABLE_START: &str = "= &[\n";
    const TABLE_END: &str = "];\n";

    use super::*;

    /// One monster type, `Warg`, with 22 HP.
    struct OneType;

    impl StatSource for OneType {
        fn stats(&self, kind: &str) -> Option<Stats> {
            (kind == "Warg").then(|| Stats {
                defence: 13,
                speed: 10,
                ..Stats::defaults(22)
            })
        }
        fn kinds(&self) -> Vec<String> {
            vec!["Warg".to_string()]
        }
    }

    fn board(creatures: &str, extra: &str) -> String {
        format!(
            "{{\"format\": 1, \"grid\": {{\"kind\": \"square\", \"width\": 4, \"height\": 3}},\n\
             \"map\": [\"....\", \".#..\", \"....\"],{extra}\n\"creatures\": [{creatures}]}}"
        )
    }

    const TWO: &str = r#"{"id": "aria", "side": "players", "position": "A1", "hp": 20},
        {"id": "warg-1", "type": "Warg", "side": "monsters", "position": "D3", "hp": 15}"#;

    fn err(text: &str) -> Diagnostic {
        load_board("b.json", text, &OneType)
            .unwrap_err()
            .first()
            .clone()
    }

    #[test]
    fn characters_without_max_hp_keep_their_maximum_after_damage() {
        let mut fight = load_board("b.json", &board(TWO, ""), &OneType).unwrap();
        // The character's maximum is its hp at load, and is now part of the board...
        assert_eq!(fight.board.creatures[0].max_hp, Some(20));
        assert_eq!(fight.stats[0].max_hp, 20);
        // ...while a monster's still comes from its scheme.
        assert_eq!(fight.board.creatures[1].max_hp, None);

        // Damage, save, load again: the maximum has not shrunk to the current hp.
        fight.board.creatures[0].hp = 7;
        let again = load_board("b.json", &fight.to_json(), &OneType).unwrap();
        assert_eq!(again.board.creatures[0].hp, 7);
        assert_eq!(again.stats[0].max_hp, 20);
        assert_eq!(again.board.creatures[0].max_hp, Some(20));
    }

    #[test]
    fn an_explicit_max_hp_is_kept() {
        let text = board(
            r#"{"id": "aria", "side": "players", "position": "A1", "hp": 5, "max_hp": 30}"#,
            "",
        );
        let fight = load_board("b.json", &text, &OneType).unwrap();
        assert_eq!(fight.board.creatures[0].max_hp, Some(30));
    }

    #[test]
    fn hp_messages_say_where_the_maximum_comes_from() {
        let d = err(&board(&TWO.replace("\"hp\": 15", "\"hp\": 25"), ""));
        assert_eq!(
            d.message,
            "warg-1 has 25 HP but its maximum is 22 (the Warg's `hp` in the monster file)"
        );
        let d = err(&board(
            r#"{"id": "aria", "side": "players", "position": "A1", "hp": 9, "max_hp": 8}"#,
            "",
        ));
        assert_eq!(
            d.message,
            "aria has 9 HP but its maximum is 8 (its `max_hp`)"
        );
        assert_eq!(d.hint.as_deref(), Some("lower `hp`, or raise `max_hp`"));
        let d = err(&board(&TWO.replace("\"hp\": 20", "\"hp\": -3"), ""));
        assert_eq!(d.path.as_deref(), Some("creatures[0].hp"));
        assert!(d.message.contains("needs at least 1 HP"), "{}", d.message);
    }

    #[test]
    fn arrivals_traps_fires_and_traits_are_checked() {
        let arrival = |count: u32, types: &str, near: &str| {
            format!(
                "\"arrivals\": [{{\"round\": 2, \"near\": \"{near}\", \"side\": \"monsters\", \
                 \"count\": {count}, \"types\": [{types}], \"by\": \"warg-1\"}}],"
            )
        };
        assert!(
            load_board(
                "b.json",
                &board(TWO, &arrival(100, "\"Warg\"", "C2")),
                &OneType
            )
            .is_ok()
        );
        let d = err(&board(TWO, &arrival(101, "\"Warg\"", "C2")));
        assert_eq!(d.path.as_deref(), Some("arrivals[0].count"));
        let d = err(&board(TWO, &arrival(2, "\"Warg\", \"Wragg\"", "C2")));
        assert_eq!(d.path.as_deref(), Some("arrivals[0].types[1]"));
        assert!(d.hint.unwrap().starts_with("did you mean `Warg`?"));
        let d = err(&board(TWO, &arrival(2, "", "C2")));
        assert_eq!(d.path.as_deref(), Some("arrivals[0].types"));
        let d = err(&board(TWO, &arrival(2, "\"Warg\"", "Z9")));
        assert_eq!(d.message, "the arrival's `near` cell Z9 is off the board");

        let d = err(&board(
            TWO,
            r#""traps": [{"cell": "B2", "side": "monsters"}],"#,
        ));
        assert_eq!(
            (d.message.as_str(), d.path.as_deref()),
            ("the trap at B2 is in a wall", Some("traps[0].cell"))
        );
        let d = err(&board(
            TWO,
            r#""fires": [{"cell": "B2", "rounds_left": 2}],"#,
        ));
        assert_eq!(d.message, "the fire at B2 is in a wall");
        let d = err(&board(
            &TWO.replace(
                "\"hp\": 20",
                "\"hp\": 20, \"traits\": [\"resurrect\", \"retaliate\"]",
            ),
            "",
        ));
        assert_eq!(d.path.as_deref(), Some("creatures[0].traits[1]"));
        assert_eq!(
            d.message,
            "aria has `retaliate` but no attack to retaliate with"
        );
        let ok = TWO.replace(
            "\"hp\": 20",
            "\"hp\": 20, \"traits\": [\"retaliate +5 1d8\"]",
        );
        let fight = load_board("b.json", &board(&ok, ""), &OneType).unwrap();
        let attack = fight.stats[0].retaliation.clone().unwrap();
        assert_eq!((attack.bonus, attack.reach), (5, Reach::Melee));
    }

    #[test]
    fn a_status_range_belongs_to_retaliating_and_is_at_least_1() {
        let with = |statuses: &str| {
            let c = TWO.replace(
                "\"hp\": 15",
                &format!("\"hp\": 15, \"statuses\": [{statuses}]"),
            );
            board(&c, "")
        };
        let status = |amount: u32, range: u32| {
            format!(
                r#"{{"status": "retaliating", "amount": {amount}, "range": {range}, "until": "removed"}}"#
            )
        };
        // Two retaliates of different ranges, one of them the default 1.
        let two = format!(
            r#"{}, {{"status": "retaliating", "amount": 1, "until": "removed"}}"#,
            status(2, 3)
        );
        let fight = load_board("b.json", &with(&two), &OneType).unwrap();
        let ranges: Vec<u32> = fight.board.creatures[1]
            .statuses
            .iter()
            .map(|s| s.reach())
            .collect();
        assert_eq!(ranges, [3, 1]);

        let d = err(&with(&status(2, 0)));
        assert_eq!(d.path.as_deref(), Some("creatures[1].statuses[0].range"));
        assert_eq!(d.message, "0 is not a retaliating range");
        let d = err(&with(
            r#"{"status": "shielded", "amount": 1, "range": 2, "until": "removed"}"#,
        ));
        assert_eq!(d.path.as_deref(), Some("creatures[1].statuses[0].range"));
        assert_eq!(d.message, "the shielded status takes no `range`");
        let d = err(&with(&format!(
            r#"{}, {{"status": "retaliating", "amount": 1, "range": 3, "until": "removed"}}"#,
            status(2, 3)
        )));
        assert_eq!(d.path.as_deref(), Some("creatures[1].statuses[1]"));
        assert_eq!(
            d.message,
            "warg-1 has the retaliating status with range 3 twice"
        );
        // An explicit range 1 is the default one.
        let d = err(&with(&format!(
            r#"{}, {{"status": "retaliating", "amount": 1, "until": "removed"}}"#,
            status(2, 1)
        )));
        assert!(d.message.contains("with range 1 twice"), "{}", d.message);
    }

    #[test]
    fn independent_problems_are_all_reported_in_file_order() {
        let creatures = TWO
            .replace("\"D3\"", "\"Z9\"")
            .replace("\"hp\": 20", "\"hp\": 0");
        let extra = r#""legend": {"TT": "wall"}, "thin_walls": [["A1", "C1"]],
            "fires": [{"cell": "B2", "rounds_left": 2}], "round": 0,"#;
        let text = board(&creatures, extra).replace("\".#..\"", "\"?#?!\"");
        let all = load_board("b.json", &text, &OneType).unwrap_err();
        let paths: Vec<&str> = all.iter().filter_map(|d| d.path.as_deref()).collect();
        assert_eq!(
            paths,
            [
                "map[1]",
                "map[1]",
                "legend.TT",
                "thin_walls[0]",
                "fires[0].cell",
                "round",
                "creatures[0].hp",
                "creatures[1].position",
            ]
        );
        // An unknown character is reported once, at its first use.
        assert!(all.first().message.contains("`?` in row 2 column 1"));
    }

    #[test]
    fn a_map_that_does_not_fit_stops_loading() {
        let text = board(&TWO.replace("\"D3\"", "\"Z9\""), "").replace("\".#..\"", "\".#.\"");
        let all = load_board("b.json", &text, &OneType).unwrap_err();
        assert_eq!(all.len(), 1);
        assert_eq!(all.first().path.as_deref(), Some("map[1]"));
    }

    #[test]
    fn unknown_map_characters_are_marked_themselves() {
        let text = board(TWO, "").replace("\".#..\"", "\".#X.\"");
        let d = err(&text);
        let span = d.location.unwrap().span.unwrap();
        assert_eq!(&text[span], "X");
        let hint = d.hint.unwrap();
        assert!(hint.contains("`.` floor, `#` wall"), "{hint}");
        assert!(hint.contains("add `X` to `legend`"), "{hint}");
    }
}

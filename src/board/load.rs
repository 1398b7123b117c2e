//! Turning board text into a [`Fight`]: parse, then check everything the types cannot
//! (sizes, the map against the grid, creatures on free floor, known monster types), each
//! problem reported at its JSON path with a hint.

use super::{Board, FORMAT, Fight, GridShape, MAX_CREATURES, MAX_SIDE, StatSource, Stats};
use super::{Creature, DEFAULT_DEFENCE, DEFAULT_RANGE, DEFAULT_SPEED, Saves};
use crate::grid::{Cell, Grid, Terrain, TerrainMap};
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::io::load::parse_json;
use std::collections::{BTreeMap, HashMap};

/// The map characters every board understands; `legend` may add or change them.
pub const DEFAULT_LEGEND: &[(char, Terrain)] = &[
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
pub fn load_board(file: &str, text: &str, schemes: &dyn StatSource) -> Result<Fight, Diagnostic> {
    let board: Board = parse_json(file, text)?;
    let at = |path: &str, msg: String| Diagnostic::at_json_path(file, text, path, msg);

    if board.format != FORMAT {
        return Err(at(
            "format",
            format!("unsupported board format {}", board.format),
        )
        .with_hint(format!("this version of monster-ai reads format {FORMAT}")));
    }
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
    let grid = spec.grid();
    let map = build_terrain(&board, grid, &at)?;
    if board.creatures.len() > MAX_CREATURES {
        return Err(at(
            "creatures",
            format!("{} creatures is too many", board.creatures.len()),
        )
        .with_hint(format!("a board holds at most {MAX_CREATURES} creatures")));
    }

    let mut stats = Vec::with_capacity(board.creatures.len());
    let mut seen_ids: HashMap<&str, usize> = HashMap::new();
    let mut seen_cells: HashMap<Cell, usize> = HashMap::new();
    for (i, c) in board.creatures.iter().enumerate() {
        let path = |field: &str| format!("creatures[{i}].{field}");
        if c.id.is_empty() || c.id.chars().any(|ch| ch.is_whitespace()) {
            return Err(at(
                &path("id"),
                format!("creature id `{}` is not usable on the command line", c.id),
            )
            .with_hint("use a short id without spaces, e.g. `warg-1`"));
        }
        if let Some(first) = seen_ids.insert(&c.id, i) {
            return Err(
                at(&path("id"), format!("creature id `{}` is used twice", c.id)).with_hint(
                    format!("creatures[{first}] already has it; ids must be unique"),
                ),
            );
        }
        check_cell(&map, c.position, &path("position"), &at)?;
        if map.terrain(c.position).blocks_movement() {
            let t = map.terrain(c.position);
            return Err(at(
                &path("position"),
                format!("{} stands in a {} at {}", c.id, terrain_word(t), c.position),
            )
            .with_hint("move it to a floor cell or fix the map"));
        }
        if let Some(other) = seen_cells.insert(c.position, i) {
            return Err(at(
                &path("position"),
                format!(
                    "{} and {} both stand on {}",
                    board.creatures[other].id, c.id, c.position
                ),
            )
            .with_hint("two creatures cannot share a cell"));
        }
        let s = resolve_stats(c, schemes)
            .map_err(|(field, msg, hint)| at(&path(field), msg).with_hint(hint))?;
        if c.hp > s.max_hp || c.hp <= 0 {
            return Err(at(
                &path("hp"),
                format!("{} has {} HP, outside 1..={}", c.id, c.hp, s.max_hp),
            )
            .with_hint("hp must be at least 1 and at most the creature's max_hp"));
        }
        stats.push(s);
    }
    for (i, t) in board.traps.iter().enumerate() {
        check_cell(&map, t.cell, &format!("traps[{i}].cell"), &at)?;
    }
    for (i, f) in board.fires.iter().enumerate() {
        check_cell(&map, f.cell, &format!("fires[{i}].cell"), &at)?;
    }
    for (kind, _) in board.scheme_state.iter() {
        if schemes.stats(kind).is_none() {
            return Err(unknown_type(
                &at,
                &format!("scheme_state.{kind}"),
                kind,
                schemes,
            ));
        }
    }
    Ok(Fight { board, map, stats })
}

/// Stats of a creature: a monster's from its scheme, overridden by the board's fields.
pub fn resolve_stats(
    c: &Creature,
    schemes: &dyn StatSource,
) -> Result<Stats, (&'static str, String, String)> {
    let base = match &c.kind {
        Some(kind) => schemes.stats(kind).ok_or_else(|| {
            let kinds = schemes.kinds();
            let names: Vec<&str> = kinds.iter().map(String::as_str).collect();
            let hint = match did_you_mean(kind, &names) {
                Some(g) => format!(
                    "did you mean `{g}`? the scheme file defines: {}",
                    names.join(", ")
                ),
                None => format!("the scheme file defines: {}", names.join(", ")),
            };
            ("type", format!("unknown monster type `{kind}`"), hint)
        })?,
        None => Stats {
            max_hp: c.max_hp.unwrap_or(c.hp),
            defence: DEFAULT_DEFENCE,
            speed: DEFAULT_SPEED,
            range: DEFAULT_RANGE,
            saves: Saves::default(),
            traits: Vec::new(),
            boss: false,
        },
    };
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
        range: c.range.unwrap_or(base.range),
        saves: c.saves.unwrap_or(base.saves),
        traits,
        boss: base.boss,
    };
    if s.max_hp <= 0 || s.max_hp > 1_000_000 {
        return Err((
            "max_hp",
            format!("max_hp {} is out of range", s.max_hp),
            "use a number from 1 to 1000000".into(),
        ));
    }
    if s.speed > 1000 || s.range > 1000 {
        return Err((
            "speed",
            "speed or range above 1000".into(),
            "use sensible numbers of spaces".into(),
        ));
    }
    Ok(s)
}

fn unknown_type(
    at: &dyn Fn(&str, String) -> Diagnostic,
    path: &str,
    kind: &str,
    schemes: &dyn StatSource,
) -> Diagnostic {
    let kinds = schemes.kinds();
    let names: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let d = at(path, format!("unknown monster type `{kind}`"));
    match did_you_mean(kind, &names) {
        Some(g) => d.with_hint(format!("did you mean `{g}`?")),
        None => d.with_hint(format!("the scheme file defines: {}", names.join(", "))),
    }
}

fn check_cell(
    map: &TerrainMap,
    cell: Cell,
    path: &str,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    if map.grid.contains(cell) {
        return Ok(());
    }
    let last = Cell::new(map.grid.width as i32 - 1, map.grid.height as i32 - 1);
    Err(at(path, format!("{cell} is off the board"))
        .with_hint(format!("cells run from A1 to {last}")))
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Wall => "wall",
        Terrain::Obstacle => "obstacle",
        Terrain::ClosedDoor => "closed door",
        _ => "floor",
    }
}

fn build_terrain(
    board: &Board,
    grid: Grid,
    at: &dyn Fn(&str, String) -> Diagnostic,
) -> Result<TerrainMap, Diagnostic> {
    let mut legend: BTreeMap<char, Terrain> = DEFAULT_LEGEND.iter().copied().collect();
    for (key, t) in &board.legend {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => {
                legend.insert(ch, *t);
            }
            _ => {
                return Err(at(
                    &format!("legend.{key}"),
                    format!("legend key `{key}` is not a single character"),
                )
                .with_hint("each legend key is one map character, e.g. \"T\": \"hazardous\""));
            }
        }
    }
    let mut map = TerrainMap::new(grid);
    if !board.map.is_empty() {
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
            for (col, ch) in line.chars().enumerate() {
                let t = legend.get(&ch).copied().ok_or_else(|| {
                    let known: String = legend.keys().collect();
                    at(
                        &format!("map[{row}]"),
                        format!(
                            "unknown map character `{ch}` in row {} column {}",
                            row + 1,
                            col + 1
                        ),
                    )
                    .with_hint(format!("use one of `{known}` or add it to `legend`"))
                })?;
                map.set(Cell::new(col as i32, row as i32), t);
            }
        }
    }
    for (i, patch) in board.terrain.iter().enumerate() {
        for (j, &cell) in patch.cells.iter().enumerate() {
            check_cell(&map, cell, &format!("terrain[{i}].cells[{j}]"), at)?;
            map.set(cell, patch.kind);
        }
    }
    for (i, w) in board.thin_walls.iter().enumerate() {
        let path = format!("thin_walls[{i}]");
        check_cell(&map, w.0, &path, at)?;
        check_cell(&map, w.1, &path, at)?;
        if !grid.adjacent(w.0, w.1) {
            return Err(at(&path, format!("{} and {} are not neighbours", w.0, w.1))
                .with_hint("a thin wall lies on the edge between two adjacent cells"));
        }
        map.add_thin_wall(w.0, w.1);
    }
    Ok(map)
}

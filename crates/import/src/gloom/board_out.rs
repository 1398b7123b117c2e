//! Our board (JSON, format 2) for a decoded gloom scenario: the map (walls, obstacles,
//! hazardous, difficult and icy terrain; the half rows gloom has no hexes in are walls),
//! thin walls, traps, the figures and their initiatives, and the rule variant.

use super::layout::{HEIGHT, WIDTH, across, cell_of, is_filler};
use super::scenario::{Mobility, Scenario, Terrain};
use crate::Dropped;
use crate::grid::Cell;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What the figures of the monsters' side become.
pub enum MonsterKind<'a> {
    /// Creatures of the monsters' side without a type (`options` needs no monster file).
    Plain,
    /// Monsters of a type of an ability-deck monster file.
    Typed {
        /// The file as the board names it (`monster_file`).
        monster_file: &'a str,
        /// The type's name.
        kind: &'a str,
        /// Whether they are elite.
        elite: bool,
        /// Their stat line's hit points.
        hp: i64,
    },
}

/// HP of a figure whose stats the link does not give.
const PLAIN_HP: i64 = 10;

/// One figure on our board.
pub(crate) struct Placed {
    pub id: String,
    pub cell: Cell,
    pub character: bool,
    pub initiative: u32,
    pub location: usize,
}

/// The figures in reading order, with their ids: `character-N`, and `monster-N` or
/// `TYPE-N`.
pub(crate) fn place_figures(scenario: &Scenario, monsters: &MonsterKind) -> Vec<Placed> {
    let mut figures: Vec<(Cell, bool, u32, usize)> = scenario
        .hexes
        .iter()
        .filter_map(|h| {
            h.figure
                .map(|f| (cell_of(h.location), f.character, f.initiative, h.location))
        })
        .collect();
    figures.sort_by_key(|f| f.0);
    let (mut characters, mut others) = (0, 0);
    figures
        .into_iter()
        .map(|(cell, character, initiative, location)| {
            let id = if character {
                characters += 1;
                format!("character-{characters}")
            } else {
                others += 1;
                match monsters {
                    MonsterKind::Plain => format!("monster-{others}"),
                    MonsterKind::Typed { kind, .. } => format!("{kind}-{others}"),
                }
            };
            Placed {
                id,
                cell,
                character,
                initiative,
                location,
            }
        })
        .collect()
}

fn q(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// The board's JSON text.
pub(crate) fn board_text(
    scenario: &Scenario,
    figures: &[Placed],
    monsters: &MonsterKind,
    level: u32,
    dropped: &mut Vec<Dropped>,
    link_name: &str,
) -> String {
    let mut map = vec![vec!['.'; WIDTH]; HEIGHT];
    for (r, row) in map.iter_mut().enumerate() {
        for (c, ch) in row.iter_mut().enumerate() {
            if is_filler(Cell::new(c as i32, r as i32)) {
                *ch = '#';
            }
        }
    }
    let mut traps = Vec::new();
    let mut thin_walls = Vec::new();
    for hex in &scenario.hexes {
        let cell = cell_of(hex.location);
        let ch = match hex.terrain {
            Terrain::Floor | Terrain::Trap => '.',
            Terrain::Obstacle => 'o',
            Terrain::Wall => '#',
            Terrain::Hazardous => '^',
            Terrain::Difficult => '~',
            Terrain::Icy => '*',
        };
        map[cell.row as usize][cell.col as usize] = ch;
        if hex.terrain == Terrain::Trap {
            traps.push(cell);
        }
        for (side, _) in hex.walls.iter().enumerate().filter(|w| *w.1) {
            match across(cell, side) {
                Some(other) => thin_walls.push((cell, other)),
                None => dropped.push(Dropped::new(
                    link_name,
                    format!("hex {}", cell.name()),
                    "a thin wall on the edge of gloom's grid, with no hex behind it, is left out (it changes nothing)",
                )),
            }
        }
    }
    let initiatives: BTreeMap<&str, u32> = figures
        .iter()
        .filter(|f| f.character || matches!(monsters, MonsterKind::Plain))
        .map(|f| (f.id.as_str(), f.initiative))
        .collect();
    if let MonsterKind::Typed { .. } = monsters
        && figures.iter().any(|f| !f.character)
    {
        dropped.push(Dropped::new(
            link_name,
            "monsters",
            "the monsters' initiatives in the link are not kept: typed monsters take theirs from their ability card each round",
        ));
    }

    let mut out = String::from("{\n  \"format\": 2,\n");
    let _ = writeln!(
        out,
        "  \"name\": {},",
        q(&format!(
            "Imported from a gloom link (data version {}.{}.{})",
            scenario.version.0, scenario.version.1, scenario.version.2
        ))
    );
    let _ = writeln!(
        out,
        "  \"grid\": {{ \"kind\": \"hex\", \"width\": {WIDTH}, \"height\": {HEIGHT} }},"
    );
    if let MonsterKind::Typed { monster_file, .. } = monsters {
        let _ = writeln!(out, "  \"monster_file\": {},", q(monster_file));
    }
    out.push_str("  \"map\": [\n");
    let rows: Vec<String> = map
        .iter()
        .map(|r| format!("    \"{}\"", r.iter().collect::<String>()))
        .collect();
    out.push_str(&rows.join(",\n"));
    out.push_str("\n  ],\n");
    if !thin_walls.is_empty() {
        let walls: Vec<String> = thin_walls
            .iter()
            .map(|(a, b)| format!("[\"{}\", \"{}\"]", a.name(), b.name()))
            .collect();
        let _ = writeln!(out, "  \"thin_walls\": [{}],", walls.join(", "));
    }
    if !traps.is_empty() {
        let list: Vec<String> = traps
            .iter()
            .map(|c| {
                format!(
                    "    {{ \"cell\": \"{}\", \"side\": \"monsters\", \"damage\": \"{}\" }}",
                    c.name(),
                    2 + level
                )
            })
            .collect();
        let _ = writeln!(out, "  \"traps\": [\n{}\n  ],", list.join(",\n"));
    }
    let active = scenario.active;
    let mut creatures = Vec::new();
    let mut elites = Vec::new();
    for f in figures {
        let terrain = map[f.cell.row as usize][f.cell.col as usize];
        let flies = active == Some(f.location) && scenario.mobility == Mobility::Fly;
        let mut fields = vec![format!("\"id\": {}", q(&f.id))];
        match (f.character, monsters) {
            (true, _) => fields.push("\"side\": \"players\"".into()),
            (false, MonsterKind::Plain) => fields.push("\"side\": \"monsters\"".into()),
            (false, MonsterKind::Typed { kind, elite, .. }) => {
                fields.push(format!("\"type\": {}", q(kind)));
                fields.push("\"side\": \"monsters\"".into());
                if *elite {
                    elites.push(q(&f.id));
                }
            }
        }
        fields.push(format!("\"position\": \"{}\"", f.cell.name()));
        let hp = match (f.character, monsters) {
            (false, MonsterKind::Typed { hp, .. }) => *hp,
            _ => PLAIN_HP,
        };
        fields.push(format!("\"hp\": {hp}"));
        if terrain == 'o' {
            fields.push("\"traits\": [\"flying\"]".into());
            if !flies {
                dropped.push(Dropped::new(
                    link_name,
                    format!("hex {}", f.cell.name()),
                    format!(
                        "{} stands on an obstacle, which only a flying figure may do here: it is given the `flying` trait",
                        f.id
                    ),
                ));
            }
        }
        creatures.push(format!("    {{ {} }}", fields.join(", ")));
    }
    let _ = writeln!(out, "  \"creatures\": [\n{}\n  ],", creatures.join(",\n"));
    let inits: Vec<String> = initiatives
        .iter()
        .map(|(id, n)| format!("{}: {n}", q(id)))
        .collect();
    let mut state = Vec::new();
    if !inits.is_empty() {
        state.push(format!("\"initiatives\": {{ {} }}", inits.join(", ")));
    }
    if !elites.is_empty() {
        state.push(format!("\"elite\": [{}]", elites.join(", ")));
    }
    state.push(format!("\"level\": {level}"));
    state.push(format!("\"variant\": \"{}\"", scenario.rules.variant()));
    let _ = writeln!(
        out,
        "  \"systems\": {{\n    \"ability-deck\": {{ {} }}\n  }}",
        state.join(", ")
    );
    out.push_str("}\n");
    out
}

//! The words under a map: one row per creature (marker, id, name, side, type, hit points,
//! cell, statuses) and one line each for traps, fires, arrivals and the fallen.

use crate::board::overlay::Overlay;
use crate::board::{Fight, Side, Status, Trap};

/// What the legend says about one creature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreatureRow {
    /// The two characters that mark the creature on the map.
    pub marker: String,
    /// The creature's id in the board.
    pub id: String,
    /// The creature's name.
    pub name: String,
    /// Which side it fights on.
    pub side: Side,
    /// The monster type, or `character` for a creature without one.
    pub kind: String,
    /// Hit points left.
    pub hp: i32,
    /// Hit points when unhurt.
    pub max_hp: i32,
    /// The name of the cell it stands on.
    pub cell: String,
    /// Statuses, then what lies under it (a fire, a trap).
    pub notes: Vec<String>,
}

/// The word the legend uses for a side.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::Players => "players",
        Side::Monsters => "monsters",
    }
}

/// One row per creature, in board order.
pub fn creature_rows(fight: &Fight, markers: &[String], overlay: &Overlay) -> Vec<CreatureRow> {
    fight
        .board
        .creatures
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut notes: Vec<String> = summed(&c.statuses).iter().map(status_text).collect();
            if fight.fire_at(c.position) {
                notes.push("in fire".into());
            }
            if fight.trap_at(c.position).is_some() {
                notes.push("on a trap".into());
            }
            CreatureRow {
                marker: markers[i].clone(),
                id: c.id.clone(),
                name: c.display_name().to_string(),
                side: c.side,
                kind: match (&c.kind, overlay.rank_of(&c.id)) {
                    (Some(k), Some(rank)) => format!("{k} ({rank})"),
                    (Some(k), None) => k.clone(),
                    (None, _) => "character".into(),
                },
                hp: c.hp,
                max_hp: fight.stats[i].max_hp,
                cell: c.position.name(),
                notes,
            }
        })
        .collect()
}

/// A creature's statuses with those of one kind told once: the amounts of a measured kind
/// added up (a stat line's shield 2 and a card's shield 2 are `shielded 4`), the first
/// of the others kept.
pub fn summed(statuses: &[Status]) -> Vec<Status> {
    let mut out: Vec<Status> = Vec::new();
    for s in statuses {
        match out.iter_mut().find(|o| o.status == s.status) {
            Some(o) if s.status.measured() => {
                o.amount = match (o.amount, s.amount) {
                    (Some(a), Some(b)) => Some(a.saturating_add(b)),
                    (a, b) => a.or(b),
                };
            }
            Some(_) => {}
            None => out.push(s.clone()),
        }
    }
    out
}

/// `dazed`, `withered 2`, `shielded 1`.
pub fn status_text(s: &Status) -> String {
    match (s.status, s.amount) {
        (kind, Some(n)) if kind.measured() => {
            format!("{} {n}", s.status.label())
        }
        _ => s.status.label().to_string(),
    }
}

/// `E4 (monsters' trap: 1d6, immobilized)`.
pub fn trap_text(t: &Trap) -> String {
    let mut what: Vec<String> = t.damage.iter().map(|d| d.to_string()).collect();
    what.extend(t.statuses.iter().map(|s| s.label().to_string()));
    let what = if what.is_empty() {
        "harmless".to_string()
    } else {
        what.join(", ")
    };
    format!("{} ({}' trap: {what})", t.cell, side_word(t.side))
}

/// The lines after the creature table: traps, fires, arrivals and the fallen (only those
/// the board has).
pub fn feature_lines(fight: &Fight) -> Vec<String> {
    let b = &fight.board;
    let mut out = Vec::new();
    if !b.traps.is_empty() {
        let list: Vec<String> = b.traps.iter().map(trap_text).collect();
        out.push(format!("Traps: {}", list.join("; ")));
    }
    if !b.fires.is_empty() {
        let list: Vec<String> = b
            .fires
            .iter()
            .map(|f| {
                let s = if f.rounds_left == 1 { "" } else { "s" };
                format!("{} ({} round{s} left)", f.cell, f.rounds_left)
            })
            .collect();
        out.push(format!("Fires: {}", list.join("; ")));
    }
    if !b.arrivals.is_empty() {
        let list: Vec<String> = b
            .arrivals
            .iter()
            .map(|a| {
                format!(
                    "{} {} in round {} near {} ({}, called by {})",
                    a.count,
                    side_word(a.side),
                    a.round,
                    a.near,
                    a.types.join(" / "),
                    a.by
                )
            })
            .collect();
        out.push(format!("Arriving: {}", list.join("; ")));
    }
    if !b.fallen.is_empty() {
        let list: Vec<String> = b
            .fallen
            .iter()
            .map(|f| {
                format!(
                    "{} ({}, round {})",
                    f.creature.display_name(),
                    f.creature.id,
                    f.round
                )
            })
            .collect();
        out.push(format!("Fallen: {}", list.join("; ")));
    }
    let diagonal: Vec<String> = fight
        .map
        .thin_walls()
        .filter(|&(a, b)| fight.grid().is_diagonal(a, b))
        .map(|(a, b)| format!("{a}|{b}"))
        .collect();
    if !diagonal.is_empty() {
        out.push(format!(
            "Thin walls across corners (not drawn): {}",
            diagonal.join(", ")
        ));
    }
    out
}

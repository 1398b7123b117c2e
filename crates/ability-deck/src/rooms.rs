//! Rooms behind closed doors (`systems.ability-deck.rooms`): checking them when a board
//! is loaded, and revealing one when a character opens its door (`monster-ai door BOARD
//! CELL open`, a record of this system). A revealed room's monsters are placed with
//! their stat line's HP, its money tokens appear and its traps are laid. A revealed type that has no card this
//! round draws one and joins the round: at its initiative if that is still to come,
//! otherwise right after the figure whose turn it is (docs/rules.md, "Ability decks").

use super::compile::AbilityDecks;
use super::events::DeckEvent;
use super::round::UNKNOWN_INITIATIVE;
use super::stat_line::{characters, line_at, stats_of};
use super::state::{
    HiddenMonster, Room, add_loot, initiatives, level, loot_problems, mark_elite, rooms, set_rooms,
    type_decks,
};
use super::turn::draw_card;
use crate::board::load::{TRAP_STATUSES, usable_id};
use crate::board::{Creature, Fight, Side};
use crate::grid::{Cell, Terrain};
use crate::io::diagnostic::Diagnostic;
use crate::rules::events::Event;
use crate::rules::round::{fresh_id, fresh_name};
use crate::rules::world::World;
use crate::systems::state::StateProblem;

/// The problems of the board's unrevealed rooms, with their paths in the state.
pub(crate) fn check(fight: &Fight, decks: &AbilityDecks) -> Vec<StateProblem> {
    let mut problems = Vec::new();
    let mut bad = |path: String, message: String, hint: &str| {
        problems.push(StateProblem::hinted(path, message, hint))
    };
    let grid = fight.grid();
    let mut ids: Vec<&str> = Vec::new();
    let all = rooms(fight);
    for (ri, room) in all.iter().enumerate() {
        let p = |rest: &str| format!("rooms[{ri}].{rest}");
        if room.doors.is_empty() {
            bad(
                p("doors"),
                "a room needs at least one door".into(),
                "list the closed door cells that open onto it",
            );
        }
        for (di, &d) in room.doors.iter().enumerate() {
            if !grid.contains(d) || fight.map.terrain(d) != Terrain::ClosedDoor {
                bad(
                    p(&format!("doors[{di}]")),
                    format!("{d} is not a closed door on the map"),
                    "a hidden room's doors are closed doors (`+` in the map)",
                );
            }
        }
        for (ci, &c) in room.cells.iter().enumerate() {
            if !grid.contains(c) {
                bad(
                    p(&format!("cells[{ci}]")),
                    format!("{c} is off the board"),
                    "list cells of the board",
                );
            }
        }
        // What a room holds is checked as the board checks it once the room is revealed.
        for found in loot_problems(fight, &room.loot, &p("loot")) {
            let hint = found.hint.unwrap_or_default();
            bad(found.path, found.message, &hint);
        }
        for (ti, t) in room.traps.iter().enumerate() {
            let open = grid.contains(t.cell) && !fight.map.terrain(t.cell).blocks_movement();
            if !open {
                bad(
                    p(&format!("traps[{ti}].cell")),
                    format!("a trap cannot lie on {}", t.cell),
                    "put the room's traps on open hexes of the board",
                );
            }
            if let Some(s) = t.statuses.iter().find(|s| !TRAP_STATUSES.contains(s)) {
                bad(
                    p(&format!("traps[{ti}].statuses")),
                    format!("a trap cannot leave a creature {}", s.label()),
                    "traps give dazed, disarmed, immobilized, stunned or terrified",
                );
            }
        }
        for (mi, m) in room.monsters.iter().enumerate() {
            let mp = |rest: &str| p(&format!("monsters[{mi}].{rest}"));
            match decks.get(&m.kind) {
                None => bad(
                    mp("type"),
                    format!("no monster type `{}` in the monster file", m.kind),
                    "use a type of the board's monster file",
                ),
                Some(t) if t.line(level(fight), m.elite).is_none() => bad(
                    mp("elite"),
                    format!(
                        "`{}` has no {} line at level {}",
                        m.kind,
                        if m.elite { "elite" } else { "normal" },
                        level(fight)
                    ),
                    "a boss has no elite line; give the type a stat line for the board's level",
                ),
                Some(_) => {}
            }
            let ground =
                grid.contains(m.position) && !fight.map.terrain(m.position).blocks_movement();
            if !ground {
                bad(
                    mp("position"),
                    format!("{} cannot stand on {}", m.id, m.position),
                    "place a room's monsters on open hexes of the board",
                );
            }
            // An id a creature on the board took since (a summon) is replaced when the
            // room is revealed, so only the rooms' own ids are checked here.
            if m.id.trim().is_empty() || ids.contains(&m.id.as_str()) {
                bad(
                    mp("id"),
                    format!("the id `{}` is empty or used twice in the rooms", m.id),
                    "give every monster in a room its own id",
                );
            } else if !usable_id(&m.id) {
                bad(
                    mp("id"),
                    format!("creature id `{}` is not usable on the command line", m.id),
                    "use a short id without spaces, e.g. `warg-1`",
                );
            }
            ids.push(&m.id);
        }
    }
    problems
}

/// `door CELL open`: the door opens and every room behind it is revealed.
pub(crate) fn open_door(
    world: &mut World,
    decks: &AbilityDecks,
    cell: &str,
    action: &str,
) -> Result<(), Diagnostic> {
    let usage = "write `monster-ai door BOARD CELL open` (or `record BOARD door CELL open`)";
    let door = Cell::parse(cell)
        .ok()
        .filter(|&c| world.fight().grid().contains(c))
        .ok_or_else(|| {
            Diagnostic::plain(format!("`{cell}` is not a cell of the board")).with_hint(usage)
        })?;
    if action != "open" {
        return Err(Diagnostic::plain(format!(
            "`door {cell} {action}`: on ability-deck boards a character only opens doors"
        ))
        .with_hint(usage));
    }
    if world.fight().map.terrain(door) != Terrain::ClosedDoor {
        return Err(
            Diagnostic::plain(format!("there is no closed door on {door}"))
                .with_hint("give the cell of a closed door (`+` in the map)"),
        );
    }
    world.set_door(door, Terrain::OpenDoor, None, "opened");
    let (revealed, hidden): (Vec<Room>, Vec<Room>) = rooms(world.fight())
        .into_iter()
        .partition(|r| r.doors.contains(&door));
    set_rooms(world, &hidden);
    for room in revealed {
        reveal(world, decks, door, &room);
    }
    Ok(())
}

fn reveal(world: &mut World, decks: &AbilityDecks, door: Cell, room: &Room) {
    let mut placed: Vec<String> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    for m in &room.monsters {
        if let Some(id) = place(world, decks, m) {
            placed.push(id);
            if !kinds.contains(&m.kind) {
                kinds.push(m.kind.clone());
            }
        }
    }
    add_loot(world, &room.loot);
    world.lay_traps(&room.traps);
    world.emit(Event::system(DeckEvent::RoomRevealed {
        door: door.name(),
        monsters: placed,
        coins: room.loot.iter().map(|l| l.gold).sum(),
        traps: room.traps.iter().map(|t| t.cell.name()).collect(),
    }));
    for kind in kinds {
        join_round(world, decks, &kind);
    }
}

/// Places a room's monster (on the nearest free hex when its own is taken); its id, or
/// `None` when it could not be placed.
fn place(world: &mut World, decks: &AbilityDecks, m: &HiddenMonster) -> Option<String> {
    let t = decks.get(&m.kind)?;
    let fight = world.fight();
    let l = line_at(t, level(fight), characters(fight), m.elite)?;
    let cell = free_near(fight, m.position)?;
    // A creature that came since (a summon, an `add`) may have taken its id.
    let id = if world.alive(&m.id) {
        fresh_id(world, &m.kind)
    } else {
        m.id.clone()
    };
    // Named as a summon is: "Grave Warden 3" for grave-warden-3.
    let name = fresh_name(&m.kind, &id);
    let creature = Creature {
        name: Some(name.clone()),
        ..Creature::fresh(id.clone(), Side::Monsters, Some(m.kind.clone()), cell, l.hp)
    };
    world.place_creature(
        creature,
        stats_of(t, &l),
        Event::Arrived {
            creature: id.clone(),
            name,
            kind: m.kind.clone(),
            cell: cell.name(),
        },
    );
    if !world.alive(&id) {
        return None;
    }
    if m.elite {
        mark_elite(world, &id);
    }
    // Its stat line's shield and retaliate stand from the moment it is placed.
    super::stat_line::raise_line(world, &id, &l);
    Some(id)
}

/// `want` when it is free, else the free open hex nearest to it (reading order on a tie).
fn free_near(fight: &Fight, want: Cell) -> Option<Cell> {
    let grid = fight.grid();
    let open = |c: Cell| !fight.map.terrain(c).blocks_movement() && fight.creature_at(c).is_none();
    grid.cells()
        .filter(|&c| open(c))
        .min_by_key(|&c| (grid.distance(c, want), c))
}

/// A type revealed during a round: with no card this round it draws one and its card
/// goes into the round's turn order, at its initiative among the cards still to come, or
/// next when that initiative has passed.
fn join_round(world: &mut World, decks: &AbilityDecks, kind: &str) {
    let board = &world.fight().board;
    let order = board.turn_order.clone();
    let drawn = (board.cards_drawn as usize).min(order.len());
    if order.is_empty() || drawn >= order.len() && board.acting.is_none() {
        // Between rounds: the next round draws its card.
        return;
    }
    if order.iter().any(|c| c == kind) {
        return;
    }
    let Some(t) = decks.get(kind) else { return };
    let n = draw_card(world, t, true);
    let mine = t.cards[n as usize - 1].initiative;
    let init_of = |world: &World, card: &str| -> u32 {
        let fight = world.fight();
        match fight.index_of(card) {
            Some(i) if fight.board.creatures[i].kind.is_none() => initiatives(fight)
                .get(card)
                .copied()
                .unwrap_or(UNKNOWN_INITIATIVE),
            _ => decks
                .get(card)
                .and_then(|t| {
                    let n = type_decks(fight).get(card)?.current?;
                    Some(t.cards.get(n as usize - 1)?.initiative)
                })
                .unwrap_or(UNKNOWN_INITIATIVE),
        }
    };
    let current = drawn.checked_sub(1).map(|i| init_of(world, &order[i]));
    let at = if current.is_some_and(|c| mine < c) {
        drawn
    } else {
        // After every card still to come with an initiative at or below its own.
        drawn
            + order[drawn..]
                .iter()
                .take_while(|c| init_of(world, c) <= mine)
                .count()
    };
    world.insert_turn_card(at, kind);
}

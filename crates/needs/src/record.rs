//! The players' records on a need-driven board: `item ITEM give ID | drop [CELL] | equip
//! | unequip` and `door CELL open | close | lock | unlock` (declared in `words.rs`, also
//! the `item` and `door` commands). Every argument is checked against the board before
//! anything changes.

use super::events::NeedsEvent;
use super::state::{self, NAME, NeedsState};
use super::words::{ItemAction, Record};
use crate::grid::{Cell, Terrain};
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::events::Event;
use crate::rules::world::World;
use crate::systems::{CommandKind, SystemCommand, Words};

/// The commands need-driven boards add to the command line: `item` and `door`, the
/// record words of the same names.
pub(crate) const COMMANDS: &[SystemCommand] = &[
    SystemCommand {
        name: "item",
        about: "Hand an item to a creature, drop it, equip or unequip it (need-driven boards)",
        examples: "  monster-ai item board.json sword-1 give aria
  monster-ai item board.json sword-1 equip
  monster-ai item board.json gold-1 drop E5",
        kind: CommandKind::Record,
    },
    SystemCommand {
        name: "door",
        about: "Open, close, lock or unlock a door (need-driven boards)",
        examples: "  monster-ai door board.json G8 lock",
        kind: CommandKind::Record,
    },
];

/// Runs a record: `item ...` or `door ...`.
pub(crate) fn record(world: &mut World, words: Words) -> Result<(), Diagnostic> {
    let mut state = state::read(world.fight());
    match words.parse::<Record>()? {
        Record::Item { item: id, action } => item(world, &mut state, &id, action)?,
        Record::Door { cell, action } => door(world, &mut state, &cell, &action)?,
    }
    world.set_system_state(NAME, &state);
    Ok(())
}

fn cell_arg(world: &World, text: &str, role: &str) -> Result<Cell, Diagnostic> {
    let cell = Cell::parse(text).map_err(|e| {
        Diagnostic::plain(format!("{role} `{text}`: {e}")).with_hint("name a cell such as C4")
    })?;
    if !world.fight().grid().contains(cell) {
        return Err(Diagnostic::plain(format!("{role} {cell} is off the board"))
            .with_hint("name a cell of the grid"));
    }
    Ok(cell)
}

fn item(
    world: &mut World,
    state: &mut NeedsState,
    id: &str,
    action: ItemAction,
) -> Result<(), Diagnostic> {
    let Some(k) = state.items.iter().position(|it| it.id == id) else {
        let ids: Vec<&str> = state.items.iter().map(|it| it.id.as_str()).collect();
        let hint = match did_you_mean(id, &ids) {
            Some(g) => format!("did you mean `{g}`?"),
            None if ids.is_empty() => "the board has no items".to_string(),
            None => format!("the items are: {}", ids.join(", ")),
        };
        return Err(Diagnostic::plain(format!("ITEM `{id}`: no item has this id")).with_hint(hint));
    };
    let it = state.items[k].clone();
    let fight = world.fight();
    let carrier_cell = it
        .carrier
        .as_ref()
        .and_then(|c| fight.index_of(c))
        .map(|i| fight.board.creatures[i].position);
    let (who, verb, cell) = match action {
        ItemAction::Give { to } => {
            let Some(j) = fight.index_of(&to) else {
                return Err(
                    Diagnostic::plain(format!("`{to}`: no creature has this id"))
                        .with_hint("give the item to a creature on the board"),
                );
            };
            let cell = fight.board.creatures[j].position;
            let it = &mut state.items[k];
            it.at = None;
            it.carrier = Some(to.clone());
            it.equipped = false;
            (to, "is given", cell)
        }
        ItemAction::Drop { cell: at } => {
            let Some(from) = carrier_cell else {
                return Err(Diagnostic::plain(format!("`{id}` is not carried"))
                    .with_hint("only a carried item can be dropped"));
            };
            let cell = match at {
                Some(text) => cell_arg(world, &text, "CELL")?,
                None => from,
            };
            if world.fight().map.terrain(cell).blocks_movement() {
                return Err(Diagnostic::plain(format!(
                    "{cell} is a wall, obstacle or closed door"
                ))
                .with_hint("drop it on a cell a creature could stand on"));
            }
            let who = it.carrier.clone().unwrap_or_default();
            let it = &mut state.items[k];
            it.carrier = None;
            it.equipped = false;
            it.at = Some(cell);
            (who, "drops", cell)
        }
        ItemAction::Equip | ItemAction::Unequip => {
            let (Some(who), Some(cell)) = (it.carrier.clone(), carrier_cell) else {
                return Err(Diagnostic::plain(format!("`{id}` is not carried"))
                    .with_hint("give it to a creature first: `item BOARD ITEM give ID`"));
            };
            let Some(slot) = it.slot().map(str::to_string) else {
                return Err(Diagnostic::plain(format!(
                    "`{id}` is {} with no slot: it cannot be equipped",
                    it.kind.word()
                ))
                .with_hint("equip a weapon, armour, or an item with a `slot` on the board"));
            };
            let on = matches!(action, ItemAction::Equip);
            if on {
                // One item per slot: the one worn before comes off.
                for other in state.items.iter_mut() {
                    if other.carrier.as_ref() == Some(&who) && other.slot() == Some(&slot) {
                        other.equipped = false;
                    }
                }
            }
            state.items[k].equipped = on;
            (who, if on { "equips" } else { "unequips" }, cell)
        }
    };
    world.emit(Event::system(NeedsEvent::item(
        &who,
        verb,
        &state.items[k],
        cell,
    )));
    Ok(())
}

fn door(
    world: &mut World,
    state: &mut NeedsState,
    cell: &str,
    action: &str,
) -> Result<(), Diagnostic> {
    let cell = cell_arg(world, cell, "CELL")?;
    let terrain = world.fight().map.terrain(cell);
    let locked = state.locked.contains(&cell);
    let not_door = || {
        Diagnostic::plain(format!("{cell} is not a door"))
            .with_hint("doors are `+` (closed) and `/` (open) on the map")
    };
    match (action, terrain) {
        (_, t) if t != Terrain::ClosedDoor && t != Terrain::OpenDoor => return Err(not_door()),
        ("open", Terrain::ClosedDoor) if locked => {
            return Err(Diagnostic::plain(format!("the door at {cell} is locked"))
                .with_hint(format!("unlock it first: `door BOARD {cell} unlock`")));
        }
        ("open", Terrain::ClosedDoor) => {
            world.set_door(cell, Terrain::OpenDoor, None, "opened");
        }
        ("close", Terrain::OpenDoor) => {
            let fight = world.fight();
            if fight.creature_at(cell).is_some() || state.items.iter().any(|it| it.at == Some(cell))
            {
                return Err(
                    Diagnostic::plain(format!("something is in the doorway at {cell}"))
                        .with_hint("move it out of the doorway first"),
                );
            }
            world.set_door(cell, Terrain::ClosedDoor, None, "closed");
        }
        ("lock", Terrain::ClosedDoor) if !locked => {
            state.locked.push(cell);
            world.emit(door_event(cell, "locked"));
        }
        ("unlock", Terrain::ClosedDoor) if locked => {
            state.locked.retain(|&c| c != cell);
            world.emit(door_event(cell, "unlocked"));
        }
        // The word is one of the four: clap takes no other (`words.rs`).
        (action, _) => {
            let now = match (terrain, locked) {
                (Terrain::OpenDoor, _) => "open",
                (_, true) => "locked",
                _ => "closed and unlocked",
            };
            return Err(Diagnostic::plain(format!(
                "cannot {action} the door at {cell}: it is {now}"
            ))
            .with_hint(
                "an open door can be closed; a closed one opened or locked; a locked one unlocked",
            ));
        }
    }
    Ok(())
}

fn door_event(cell: Cell, change: &str) -> Event {
    Event::Door {
        creature: None,
        cell: cell.name(),
        change: change.to_string(),
    }
}

//! Moving a creature along a path: walks one cell at a time (traps, fire and hazards on
//! the way, slides on ice, enemies' reach left behind: see `opportunity`), jumps and
//! teleports that touch only where they land, and the step back off a shared cell.

use super::World;
use crate::board::{StatusKind, Trait};
use crate::grid::{Cell, Terrain};
use crate::rules::events::Event;

/// What one stretch of a move did (see [`World::move_along`]).
struct Leg {
    walked: Vec<Cell>,
    stopped_by: Option<Cell>,
    sliding: bool,
}

/// Why a creature is moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCause {
    /// Walking by its own movement.
    Walk,
    /// Pushed away by another.
    Push,
    /// Pulled closer by another.
    Pull,
    /// Over everything on the way: only the hex it lands in counts.
    Jump,
    /// Straight to the destination, whatever lies between.
    Teleport,
}

impl MoveCause {
    fn label(self) -> &'static str {
        match self {
            MoveCause::Walk => "move",
            MoveCause::Push => "push",
            MoveCause::Pull => "pull",
            MoveCause::Jump => "jump",
            MoveCause::Teleport => "teleport",
        }
    }

    /// Jumps and teleports touch only the cell they land in.
    fn leaps(self) -> bool {
        matches!(self, MoveCause::Jump | MoveCause::Teleport)
    }
}

impl World<'_> {
    /// True when a creature may stand on `cell`: on the board, on ground that does not
    /// block movement, and no creature but `except` there.
    pub fn can_stand(&self, cell: Cell, except: Option<&str>) -> bool {
        let map = &self.fight.map;
        map.grid.contains(cell)
            && !map.terrain(cell).blocks_movement()
            && self
                .fight
                .creature_at(cell)
                .is_none_or(|j| Some(self.fight.board.creatures[j].id.as_str()) == except)
    }

    /// Moves `id` along `path` (start excluded) one cell at a time, springing traps and
    /// catching fire on the way. A walk may provoke opportunity attacks (Slippery
    /// creatures disengage instead). A creature that steps onto ice slides on in the same
    /// direction until it hits something or the ice ends; it walks on along its path only
    /// if the slide left it on it (as the Gloomhaven solver plans). Stops early if the creature dies, retreats or is stopped by what it
    /// stepped into. Returns the cells actually entered.
    pub fn move_along(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Vec<Cell> {
        let Some(i) = self.idx(id) else {
            return Vec::new();
        };
        let start = self.fight.board.creatures[i].position;
        if cause.leaps() {
            return self.leap(id, path, cause);
        }
        let mut walked = Vec::new();
        let mut rest = path;
        loop {
            let leg = self.walk_leg(id, rest, cause);
            walked.extend(&leg.walked);
            if let Some(cell) = leg.stopped_by {
                self.enter_cell_effects(id, cell);
            } else if !leg.sliding {
                break;
            }
            // A walk cut short by a trap or fire, or carried on by a slide, goes on from
            // where the creature stands if that is on its path and it still can move.
            let Some(i) = self.idx(id) else { break };
            let here = self.fight.board.creatures[i].position;
            let Some(k) = rest.iter().position(|&c| c == here) else {
                break;
            };
            rest = &rest[k + 1..];
            let can_go_on = !self.fight.has_status(i, StatusKind::Immobilized)
                && !self.fight.has_status(i, StatusKind::Stunned);
            if cause != MoveCause::Walk || !can_go_on || rest.is_empty() {
                break;
            }
        }
        self.make_room(id, start, &walked);
        walked
    }

    /// A jump or teleport along `path`: the creature lands on its last cell, springing
    /// only what lies there (no slide: it does not step onto the ice, it lands on it).
    fn leap(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Vec<Cell> {
        let (Some(i), Some(&to)) = (self.idx(id), path.last()) else {
            return Vec::new();
        };
        let from = self.fight.board.creatures[i].position;
        self.fight.board.creatures[i].position = to;
        self.narrate_move(id, from, path, cause, Vec::new());
        let (flying, unaffected) = self.above_ground(i);
        if self.harmful(to, flying, unaffected) {
            self.enter_cell_effects(id, to);
        }
        vec![to]
    }

    /// One stretch of a move: up to the end of `path`, the first cell that harms the
    /// creature (`stopped_by`), or the end of a slide. Narrated as one move.
    fn walk_leg(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Leg {
        let Some(mut i) = self.idx(id) else {
            return Leg {
                walked: Vec::new(),
                stopped_by: None,
                sliding: false,
            };
        };
        let from = self.fight.board.creatures[i].position;
        let side = self.fight.board.creatures[i].side;
        let (flying, unaffected) = self.above_ground(i);
        let slippery = self.fight.has_trait(i, &Trait::Slippery);
        let mut walked = Vec::new();
        let mut sliding = false;
        let mut slid = 0;
        let mut provoked: Vec<String> = Vec::new();
        let mut stopped_by = None;
        let (mut prev, mut planned) = (from, path.iter().copied());
        // The walk is told in stretches: an opportunity attack interrupts it.
        let mut stretch = (from, 0);
        let mut next = planned.next();
        while let Some(cell) = next {
            if cause == MoveCause::Walk && !sliding && self.monsters.opportunity_attacks() {
                let before = provoked.len();
                self.note_leaving(side, prev, cell, &mut provoked);
                let strikers = if slippery {
                    Vec::new()
                } else {
                    self.strikers(i, &mut provoked, before)
                };
                if !strikers.is_empty() {
                    self.narrate_move(id, stretch.0, &walked[stretch.1..], cause, Vec::new());
                    stretch = (prev, walked.len());
                    for (enemy, attack) in strikers {
                        self.opportunity_attack(&enemy, id, &attack);
                    }
                    // The strikes may have felled anyone, so the walker is looked up again.
                    match self.idx(id) {
                        Some(j)
                            if !self.fight.has_status(j, StatusKind::Immobilized)
                                && !self.fight.has_status(j, StatusKind::Stunned) =>
                        {
                            i = j
                        }
                        _ => break,
                    }
                }
            }
            self.fight.board.creatures[i].position = cell;
            walked.push(cell);
            slid += u32::from(sliding);
            if self.harmful(cell, flying, unaffected) {
                stopped_by = Some(cell);
                break;
            }
            next = if !unaffected && self.fight.map.terrain(cell) == Terrain::Icy {
                // On ice the planned path no longer matters: it slides on or stops here.
                sliding = true;
                let on = self.fight.grid().beyond(prev, cell);
                on.filter(|&n| {
                    self.fight.map.step_open(cell, n) && self.fight.creature_at(n).is_none()
                })
            } else if sliding {
                None
            } else {
                planned.next()
            };
            prev = cell;
        }
        self.narrate_move(id, stretch.0, &walked[stretch.1..], cause, provoked);
        if slid > 0 {
            let to = walked.last().map_or_else(String::new, |c| c.name());
            self.emit(Event::Slide {
                creature: id.to_string(),
                to,
            });
        }
        Leg {
            walked,
            stopped_by,
            sliding,
        }
    }

    /// A move may pass through allies but never end on one. When a slide or a stop on the
    /// way leaves `id` sharing a cell, it steps back along the cells it came through to
    /// the nearest free one (or its start).
    fn make_room(&mut self, id: &str, from: Cell, walked: &[Cell]) {
        let Some(i) = self.idx(id) else { return };
        let here = self.fight.board.creatures[i].position;
        let shared = |w: &World, c: Cell| {
            w.fight
                .board
                .creatures
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.position == c)
        };
        if !shared(self, here) {
            return;
        }
        let mut back: Vec<Cell> = walked.iter().rev().skip(1).copied().chain([from]).collect();
        let stop = back
            .iter()
            .position(|&c| c == from || !shared(self, c))
            .unwrap_or(back.len() - 1);
        back.truncate(stop + 1);
        let to = back[stop];
        self.fight.board.creatures[i].position = to;
        self.emit(Event::Move {
            creature: id.to_string(),
            from: here.name(),
            to: to.name(),
            path: back.iter().map(|c| c.name()).collect(),
            cause: "step back".to_string(),
        });
    }

    /// Whether creature `i` flies (traps do not spring) and whether the ground leaves it
    /// alone (flying or floating: no burns, no slides).
    fn above_ground(&self, i: usize) -> (bool, bool) {
        let flying = self.fight.has_trait(i, &Trait::Flying);
        (flying, flying || self.fight.has_trait(i, &Trait::Floating))
    }

    /// Does entering `cell` hurt (trap, fire, hazardous terrain)?
    fn harmful(&self, cell: Cell, flying: bool, unaffected: bool) -> bool {
        let burns = !unaffected
            && (self.fight.map.terrain(cell) == Terrain::Hazardous || self.fight.fire_at(cell));
        burns || (!flying && self.fight.trap_at(cell).is_some())
    }

    fn narrate_move(
        &mut self,
        id: &str,
        from: Cell,
        walked: &[Cell],
        cause: MoveCause,
        provoked: Vec<String>,
    ) {
        if let Some(to) = walked.last() {
            self.emit(Event::Move {
                creature: id.to_string(),
                from: from.name(),
                to: to.name(),
                path: walked.iter().map(|c| c.name()).collect(),
                cause: cause.label().to_string(),
            });
        }
        let slippery = self
            .idx(id)
            .is_some_and(|i| self.fight.has_trait(i, &Trait::Slippery));
        if slippery && !provoked.is_empty() {
            self.emit(Event::Disengage {
                creature: id.to_string(),
            });
            return;
        }
        for enemy in provoked {
            self.emit(Event::Provoke {
                creature: id.to_string(),
                enemy,
            });
        }
    }
}

//! Picking the target: the conditions of a pick-target list are tried top to bottom, and
//! the first that some survivor meets picks one of them (closest, random, most or least
//! of a token; otherwise, and among equals, the tie policy decides), or every one of
//! them (`every`, for a zone). A card's drawn shape gives its zone (`in zone`) and may
//! replace the blind spot while the card is played.

use super::card::{Choose, Condition, Filter};
use super::compile::AiDecks;
use super::events::AiEvent;
use super::geometry::Body;
use super::shape::Shape;
use super::state::{AiState, SurvivorFacts};
use crate::board::{Fight, Side};
use crate::grid::Cell;
use crate::rules::events::Event;
use crate::rules::world::World;

/// What the conditions are checked against: the monster and the recorded facts.
pub(crate) struct Scene<'s> {
    /// The acting monster's id.
    pub id: &'s str,
    /// Its squares and facing.
    pub body: Body,
    /// Its movement now (with the modifiers of the cards in play).
    pub movement: u32,
    /// The AI-deck state: survivors' recorded facts, decks, cards in play.
    pub state: &'s AiState,
    /// The shape drawn on the card being played, if it draws one.
    pub shape: Option<&'s Shape>,
    /// The monster's type (whose status cards `holding` names).
    pub kind: &'s str,
    /// Every AI-deck type of the file (the status cards survivors hold may be any type's).
    pub decks: &'s AiDecks,
}

impl Scene<'_> {
    /// The square is in the blind spot: the card's own when it draws one, else the
    /// monster's usual row behind its back edge.
    pub(crate) fn in_blind_spot(&self, cell: Cell) -> bool {
        match self.shape.filter(|s| !s.blind.is_empty()) {
            Some(s) => self.body.drawn(&s.blind).contains(&cell),
            None => self.body.in_blind_spot(cell),
        }
    }

    /// Outside the blind spot and seen from some square of the monster.
    pub(crate) fn in_field_of_view(&self, fight: &Fight, cell: Cell) -> bool {
        !self.in_blind_spot(cell) && self.body.sees(fight, cell)
    }

    /// In the zone drawn on the card (never, for a card that draws none).
    pub(crate) fn in_zone(&self, cell: Cell) -> bool {
        self.shape
            .is_some_and(|s| self.body.drawn(&s.zone).contains(&cell))
    }

    /// Whether survivor `i` meets every one of these filters.
    pub(crate) fn meets_all(&self, fight: &Fight, i: usize, filters: &[Filter]) -> bool {
        filters.iter().all(|f| meets(self, fight, i, f))
    }
}

/// The survivors on the board (the players' side), in board order.
pub(crate) fn survivors(fight: &Fight) -> Vec<usize> {
    (0..fight.board.creatures.len())
        .filter(|&i| fight.board.creatures[i].side == Side::Players)
        .collect()
}

fn facts<'a>(scene: &'a Scene, fight: &Fight, i: usize) -> std::borrow::Cow<'a, SurvivorFacts> {
    match scene.state.survivors.get(&fight.board.creatures[i].id) {
        Some(f) => std::borrow::Cow::Borrowed(f),
        None => std::borrow::Cow::Owned(SurvivorFacts::default()),
    }
}

/// A threat: a survivor not knocked down, and not made no threat by a status card.
pub(crate) fn is_threat(scene: &Scene, fight: &Fight, i: usize) -> bool {
    let f = facts(scene, fight, i);
    !f.knocked_down && !super::status::not_a_threat(scene.decks, &f)
}

/// Whether survivor `i` meets this pick-target filter.
fn meets(scene: &Scene, fight: &Fight, i: usize, filter: &Filter) -> bool {
    let cell = fight.board.creatures[i].position;
    let f = facts(scene, fight, i);
    match filter {
        Filter::Threat => is_threat(scene, fight, i),
        Filter::InFieldOfView => scene.in_field_of_view(fight, cell),
        Filter::Facing => scene.body.facing(cell),
        Filter::BlindSpot => scene.in_blind_spot(cell),
        Filter::Within(n) => scene.body.distance(fight, cell) <= *n,
        Filter::InZone => scene.in_zone(cell),
        // The spaces between them: one fewer than the steps from square to square.
        Filter::InRange(n) => {
            scene.body.distance(fight, cell).saturating_sub(1) <= n.unwrap_or(scene.movement)
        }
        Filter::LastToWound => {
            scene
                .state
                .monsters
                .get(scene.id)
                .and_then(|m| m.last_to_wound.as_deref())
                == Some(fight.board.creatures[i].id.as_str())
        }
        Filter::NonDeaf => !f.deaf,
        Filter::KnockedDown => f.knocked_down,
        Filter::Adjacent => scene.body.adjacent(fight, cell),
        Filter::Holding(card) => f.holds(card, scene.kind),
    }
}

/// The survivors who meet condition `cond` (creature indices, in board order).
fn meeting(scene: &Scene, fight: &Fight, all: &[usize], cond: &Condition) -> Vec<usize> {
    all.iter()
        .copied()
        .filter(|&i| scene.meets_all(fight, i, &cond.filters))
        .collect()
}

/// The best of those meeting `cond` by its way of choosing (`None` for `random`: the
/// dice choose among all of them).
fn best(scene: &Scene, fight: &Fight, cond: &Condition, meeting: &[usize]) -> Option<Vec<usize>> {
    Some(match &cond.choose {
        Choose::Any | Choose::Every => meeting.to_vec(),
        Choose::Closest => keep_min(meeting, |i| {
            scene
                .body
                .distance(fight, fight.board.creatures[i].position) as i64
        }),
        Choose::Most(t) => keep_min(meeting, |i| -(facts(scene, fight, i).tokens(t) as i64)),
        Choose::Least(t) => keep_min(meeting, |i| facts(scene, fight, i).tokens(t) as i64),
        Choose::Random => return None,
    })
}

/// Whom the list would pick on the board as it stands, without choosing among equals:
/// the survivors still in the running (one: the list decides; several: the dice or the
/// tie policy do, or `every` takes them all), empty for no target. Nothing is told.
pub(crate) fn would_pick(fight: &Fight, scene: &Scene, list: &[Condition]) -> Vec<usize> {
    let all = survivors(fight);
    for cond in list {
        let meeting = meeting(scene, fight, &all, cond);
        if !meeting.is_empty() {
            return best(scene, fight, cond, &meeting).unwrap_or(meeting);
        }
    }
    Vec::new()
}

/// Walks the list; the targets (creature indices: one, or with `every` all who meet the
/// condition, in board order), empty for no target. Each is told as a `Target` event.
pub(crate) fn pick(world: &mut World, scene: &Scene, list: &[Condition]) -> Vec<usize> {
    let all = survivors(world.fight());
    for cond in list {
        let fight = world.fight();
        let meeting = meeting(scene, fight, &all, cond);
        let why = if meeting.is_empty() {
            "no survivor meets it".to_string()
        } else {
            let names: Vec<String> = meeting
                .iter()
                .map(|&i| fight.board.creatures[i].display_name().to_string())
                .collect();
            format!(
                "{} meet{} it",
                names.join(", "),
                if meeting.len() == 1 { "s" } else { "" }
            )
        };
        let holds = !meeting.is_empty();
        world.emit(Event::system(AiEvent::PickCheck {
            monster: scene.id.to_string(),
            condition: cond.text.clone(),
            holds,
            why,
        }));
        if !holds {
            continue;
        }
        let best = match best(scene, world.fight(), cond, &meeting) {
            Some(best) => best,
            None => {
                let k = world.rng().below(meeting.len() as u32) as usize;
                vec![meeting[k]]
            }
        };
        let ids: Vec<String> = best
            .iter()
            .map(|&i| world.fight().board.creatures[i].id.clone())
            .collect();
        let chosen = if cond.choose == Choose::Every {
            best
        } else {
            vec![best[world.tie("the target", &ids)]]
        };
        let candidates: Vec<String> = meeting
            .iter()
            .map(|&i| world.fight().board.creatures[i].id.clone())
            .collect();
        for &k in &chosen {
            let c = &world.fight().board.creatures[k];
            let (target, name) = (c.id.clone(), c.display_name().to_string());
            world.emit(Event::Target {
                monster: scene.id.to_string(),
                target,
                name,
                reason: cond.text.clone(),
                candidates: candidates.clone(),
            });
        }
        return chosen;
    }
    Vec::new()
}

fn keep_min(items: &[usize], key: impl Fn(usize) -> i64) -> Vec<usize> {
    let Some(min) = items.iter().map(|&i| key(i)).min() else {
        return Vec::new();
    };
    items.iter().copied().filter(|&i| key(i) == min).collect()
}

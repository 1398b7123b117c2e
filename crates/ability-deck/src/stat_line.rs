//! A monster type's stat line as this board uses it: the numbers for the board's scenario
//! level and character count, the rules' stats made from it, and the standing shield and
//! retaliate it gives.

use super::compile::{AbilityDecks, CardCondition, DeckType};
use super::state::{is_elite, level};
use crate::board::{Board, Fight, Saves, Stats, StatusKind, Trait};
use crate::rules::world::World;

/// A stat line with the numbers worked out for this board (level, characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// Hit points.
    pub hp: i32,
    /// Move points.
    pub movement: u32,
    /// Attack value.
    pub attack: i32,
    /// 0 for melee.
    pub range: u32,
    /// Standing shield.
    pub shield: u32,
    /// Retaliate amount and range.
    pub retaliate: Option<(u32, u32)>,
    /// Whether it flies.
    pub flying: bool,
    /// Whether it jumps when it moves.
    pub jumping: bool,
}

impl Line {
    /// A line of nothing: a character the tool plays has no stat line, so its card's
    /// numbers are its own (`attack +3` is Attack 3).
    pub(crate) fn bare() -> Line {
        Line {
            hp: 1,
            movement: 0,
            attack: 0,
            range: 0,
            shield: 0,
            retaliate: None,
            flying: false,
            jumping: false,
        }
    }
}

/// Characters on the board (players' creatures without a monster type): the `C` of
/// boss stats, at least 1.
pub(crate) fn characters(fight: &Fight) -> u32 {
    characters_on(&fight.board)
}

/// [`characters`] of a board file.
pub(crate) fn characters_on(board: &Board) -> u32 {
    let n = board.creatures.iter().filter(|c| c.is_character()).count();
    (n as u32).max(1)
}

/// The line of a type at the board's level (the highest defined level not above it, or
/// the lowest defined), for an elite or a normal (bosses always use their one line).
pub(crate) fn line(t: &DeckType, fight: &Fight, elite: bool) -> Option<Line> {
    line_at(t, level(fight), characters(fight), elite)
}

/// The line of a type at scenario `level` with `c` characters (see [`line`]).
pub(crate) fn line_at(t: &DeckType, level: u32, c: u32, elite: bool) -> Option<Line> {
    let (normal, best) = t
        .levels
        .range(..=level)
        .next_back()
        .or_else(|| t.levels.iter().next())
        .map(|(_, l)| l)?;
    let l = if elite {
        best.as_ref().unwrap_or(normal)
    } else {
        normal
    };
    let clamp = |v: i64, lo: i64| v.clamp(lo, 1000);
    Some(Line {
        hp: clamp(l.hp.value(c), 1) as i32,
        movement: clamp(l.movement.value(c), 0) as u32,
        attack: clamp(l.attack.value(c), 0) as i32,
        range: l.range,
        shield: l.shield,
        retaliate: l.retaliate,
        flying: l.flying,
        jumping: l.jumping,
    })
}

/// The rules' stats for a creature of this line.
pub(crate) fn stats_of(t: &DeckType, l: &Line) -> Stats {
    let mut traits = Vec::new();
    if l.flying {
        traits.push(Trait::Flying);
    }
    for c in &t.immune {
        traits.push(Trait::Immunity(status_of(*c).label().to_string()));
    }
    Stats {
        max_hp: l.hp,
        defence: 0,
        speed: l.movement,
        range: l.range.max(1),
        saves: Saves::default(),
        traits,
        boss: t.boss,
        retaliation: None,
        opportunity: None,
    }
}

/// After a board is loaded: each ability-deck monster gets the stats of its exact line
/// (level, elite, characters). This only sets the derived view, not the board.
pub(crate) fn prepare(fight: &mut Fight, decks: &AbilityDecks) {
    for i in 0..fight.board.creatures.len() {
        let c = &fight.board.creatures[i];
        let Some(t) = c.kind.as_deref().and_then(|k| decks.get(k)) else {
            continue;
        };
        if let Some(l) = line(t, fight, is_elite(fight, &c.id)) {
            let mut s = stats_of(t, &l);
            if let Some(m) = c.max_hp {
                s.max_hp = m;
            }
            fight.stats[i] = s;
        }
    }
}

/// The status a card condition gives.
pub(crate) fn status_of(c: CardCondition) -> StatusKind {
    match c {
        CardCondition::Poison => StatusKind::Poisoned,
        CardCondition::Wound => StatusKind::Wounded,
        CardCondition::Muddle => StatusKind::Muddled,
        CardCondition::Immobilize => StatusKind::Immobilized,
        CardCondition::Disarm => StatusKind::Disarmed,
        CardCondition::Stun => StatusKind::Stunned,
        CardCondition::Strengthen => StatusKind::Strengthened,
        CardCondition::Invisible => StatusKind::Invisible,
    }
}

/// A monster's stat-line shield and retaliate, standing (raised once, kept).
pub(crate) fn raise_line(world: &mut World, id: &str, l: &Line) {
    if l.shield > 0 {
        world.add_standing(id, StatusKind::Shielded, l.shield, 1);
    }
    if let Some((n, range)) = l.retaliate.filter(|&(n, _)| n > 0) {
        world.add_standing(id, StatusKind::Retaliating, n, range);
    }
}

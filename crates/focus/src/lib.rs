//! The Gloomhaven monster focus and movement solver (SPEC §6): given a monster and the
//! action it is about to take, which enemy it focuses on, where it moves and whom it
//! attacks, with **every** equally valid answer where the rules leave a choice to the
//! players.
//!
//! The solver is pure: it reads a [`Fight`] and returns a [`Solution`]; nothing changes.
//! The ability-deck system runs it each monster turn; `monster-ai options` prints it. It is
//! a crate of its own on the core: the system, the GHS importer, the tests and the benches
//! use it, and it builds beside the systems.
//!
//! - [`variant`]: the rulings that differ between Gloomhaven, Frosthaven and Jaws of the Lion.
//! - [`aoe`]: area patterns, their picture form, rotations and mirrors.
//! - `scene`: the board as the monster sees it (enemies, negative hexes, its movement field).
//! - `attack_hexes`: the hexes an enemy can be attacked from, and every way to make the
//!   attack from one hex.
//! - [`sight`]: line of sight under the variant, neighbours always seeing each other.
//! - `choose`: choosing the focus.
//! - `movement`: choosing where to stand and whom to hit.
//! - `targets`: groups of enemies as bitmasks; `placements`: every placement of an area
//!   over the enemies, laid once per scene; `secondary`: how secondary targets rank.
//!
//! Ties are kept exactly: lists are sorted (cells in reading order, creatures in board
//! order) and never depend on hash-map iteration.

// The core's layers, so that paths read `crate::board::…` here as in the core.
use monster_ai_core::{board, grid};

pub mod aoe;
mod attack_hexes;
mod choose;
mod movement;
mod placements;
mod scene;
mod secondary;
mod shape;
pub mod sight;
mod targets;
pub mod variant;

pub use aoe::Pattern;
pub use variant::Variant;

use crate::board::Fight;
use crate::grid::Cell;
use crate::grid::path::{GoalFields, PathCost};

/// How the monster gets about this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mobility {
    /// Walks: around obstacles and enemies, through allies, paying for difficult terrain,
    /// treating traps and hazardous terrain as obstacles while it can.
    #[default]
    Walk,
    /// Jumps: passes over everything but walls; only the hex it lands in counts.
    Jump,
    /// Flies: passes over obstacles and figures, ignores difficult terrain and traps.
    Fly,
    /// Teleports: goes straight to any hex within its move, walls or not.
    Teleport,
}

/// The attack on the monster's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackShape {
    /// 0 for a melee attack (one without a range); N ≥ 1 for a ranged attack of range
    /// N. "Range 1" is ranged: it suffers disadvantage against a neighbouring target and
    /// its area is placed as a ranged area.
    pub range: u32,
    /// Target N: how many enemies it may attack (1 for a plain attack). With an area,
    /// the area counts as one of them and the rest are single targets in range.
    pub targets: u32,
    /// An area of effect, if any.
    pub aoe: Option<Pattern>,
}

impl AttackShape {
    /// Whether the attack is ranged (a range of its own, even range 1).
    pub fn ranged(&self) -> bool {
        self.range >= 1
    }
}

/// What the monster is about to do, as far as focus and movement care.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Plan {
    /// Move points this turn; `None` when the card has no move.
    pub move_points: Option<u32>,
    /// How the monster moves (walk, jump, fly, teleport).
    pub mobility: Mobility,
    /// The monster flies (a flying line or trait), also on a card that makes it
    /// teleport: it may end a move on an obstacle, and traps and hazardous terrain never
    /// count against it, where it lands included. [`Mobility::Fly`] implies it.
    pub flying: bool,
    /// A muddled monster attacks with disadvantage anyway, so it never moves to avoid it.
    pub muddled: bool,
    /// `None` when the card has no attack (the focus is found as for a melee attack).
    pub attack: Option<AttackShape>,
    /// Enemies (board indices) it may neither focus on nor target: those an earlier
    /// attack of the same card already struck. They still block the way.
    pub spared: Vec<usize>,
}

impl Plan {
    /// Does the monster fly this move (by its way of moving or by its nature)?
    pub fn flies(&self) -> bool {
        self.flying || self.mobility == Mobility::Fly
    }
}

/// One equally valid way for the monster to act on its focus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Where the monster ends its move (its own hex when it stays).
    pub destination: Cell,
    /// The hexes walked through, destination included (empty when it stays).
    pub path: Vec<Cell>,
    /// Traps and movement spent on the way.
    pub cost: PathCost,
    /// The creatures attacked (board indices): the focus first, then board order. Empty
    /// when it does not attack this turn.
    pub targets: Vec<usize>,
    /// Targets attacked with disadvantage (board indices, board order).
    pub disadvantage: Vec<usize>,
    /// The hexes of the area attack (reading order), empty without one.
    pub area: Vec<Cell>,
    /// When the focus cannot be attacked this turn: the hex it is heading for.
    pub toward: Option<Cell>,
}

/// The answers for one focus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FocusChoice {
    /// The focused enemy (board index).
    pub focus: usize,
    /// Traps and movement to the nearest hex the focus can be attacked from.
    pub cost: PathCost,
    /// Steps from the monster to the focus counted around walls.
    pub proximity: Option<u32>,
    /// True when the focus can be attacked this turn.
    pub attacks: bool,
    /// Every equally valid outcome, sorted by destination, then area, then targets.
    pub outcomes: Vec<Outcome>,
}

/// Everything the rules allow for one monster's action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The monster (board index).
    pub monster: usize,
    /// One entry per equally valid focus, in board order; empty when no enemy can be
    /// attacked from anywhere (the monster then neither moves nor attacks).
    pub choices: Vec<FocusChoice>,
    /// True when foci stayed tied because initiatives are not known.
    pub initiative_unknown: bool,
}

/// Initiatives of the creatures (board index → initiative), lower acting earlier.
pub type Initiatives<'a> = &'a dyn Fn(usize) -> Option<u32>;

/// The answers for `monster` taking the action `plan` with `focus` (board index) kept as
/// its focus, when that enemy can still be attacked from somewhere: a monster attacks
/// the focus its move was made for, even when another enemy would now rank first.
///
/// `shared` keeps the goal fields the monsters of one command head along, for the next
/// monster heading for the same hex (the answers are the same with or without it).
pub fn solve_keeping(
    fight: &Fight,
    monster: usize,
    plan: &Plan,
    variant: Variant,
    initiative: Initiatives,
    focus: usize,
    shared: Option<&GoalFields>,
) -> Option<FocusChoice> {
    let scene = scene::Scene::new(fight, monster, plan, variant, initiative, shared);
    let shape = shape::Shape::of(&scene);
    let kept = choose::candidate(&scene, &shape, focus)?;
    Some(movement::resolve(&scene, &shape, kept))
}

/// Solves focus and movement for `monster` taking the action `plan`, with initiatives
/// unknown (every initiative tie is left to the players).
pub fn solve(fight: &Fight, monster: usize, plan: &Plan, variant: Variant) -> Solution {
    solve_with(fight, monster, plan, variant, &|_| None)
}

/// Like [`solve`], with the creatures' initiatives.
pub fn solve_with(
    fight: &Fight,
    monster: usize,
    plan: &Plan,
    variant: Variant,
    initiative: Initiatives,
) -> Solution {
    solve_sharing(fight, monster, plan, variant, initiative, None)
}

/// Like [`solve_with`]; `shared` as for [`solve_keeping`].
pub fn solve_sharing(
    fight: &Fight,
    monster: usize,
    plan: &Plan,
    variant: Variant,
    initiative: Initiatives,
    shared: Option<&GoalFields>,
) -> Solution {
    let scene = scene::Scene::new(fight, monster, plan, variant, initiative, shared);
    let shape = shape::Shape::of(&scene);
    let (foci, initiative_unknown) = choose::choose(&scene, &shape);
    let choices = foci
        .into_iter()
        .map(|f| movement::resolve(&scene, &shape, f))
        .collect();
    Solution {
        monster,
        choices,
        initiative_unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::targets::FORCE_WIDE;
    use super::*;
    use crate::board::NoMonsterTypes;
    use crate::board::load::load_board;
    use crate::grid::Cell;
    use serde_json::json;

    /// A hex board: the map, then the creatures as (id, side, cell) in board order.
    fn board(map: &[String], creatures: &[(String, &str, Cell)]) -> Fight {
        let creatures: Vec<_> = creatures
            .iter()
            .map(|(id, side, at)| json!({"id": id, "side": side, "position": at.name(), "hp": 9}))
            .collect();
        let text = json!({
            "format": 1,
            "grid": {"kind": "hex", "width": map[0].len(), "height": map.len()},
            "map": map,
            "traps": [{"cell": "E3", "side": "players"}],
            "creatures": creatures,
        })
        .to_string();
        load_board("test", &text, &NoMonsterTypes).expect("a valid board")
    }

    fn plans() -> Vec<Plan> {
        let attack = |range, targets, aoe: Option<&str>| Plan {
            move_points: Some(4),
            attack: Some(AttackShape {
                range,
                targets,
                aoe: aoe.map(|p| Pattern::parse(p).unwrap()),
            }),
            ..Plan::default()
        };
        vec![
            attack(0, 1, None),
            attack(3, 3, None),
            attack(5, 3, Some("X/  X/X")),
            attack(0, 2, Some("@//X//X")),
            attack(0, 1, Some("X//X")),
        ]
    }

    /// Monsters sharing goal fields (as a command's turns do) get the answers each would
    /// get alone: many monsters far from their foci, heading for the same hexes, with
    /// and without a move, over walls, obstacles, difficult terrain and a trap.
    #[test]
    fn shared_goal_fields_answer_like_fields_of_ones_own() {
        let map: Vec<String> = [
            "..................",
            "...#....o.....#...",
            "....~.......~.....",
            "......#....#......",
            "..o...............",
            ".....o.......#....",
            "..................",
        ]
        .iter()
        .map(|r| r.to_string())
        .collect();
        let mut creatures: Vec<(String, &str, Cell)> = Vec::new();
        for (n, (c, r)) in [(0, 0), (1, 6), (2, 2), (17, 0), (16, 6), (9, 0), (10, 6)]
            .into_iter()
            .enumerate()
        {
            creatures.push((format!("ooze-{n}"), "monsters", Cell::new(c, r)));
        }
        creatures.push(("hero-a".to_string(), "players", Cell::new(8, 3)));
        creatures.push(("hero-b".to_string(), "players", Cell::new(12, 4)));
        let fight = board(&map, &creatures);
        let mut still = plans();
        for p in &mut still {
            p.move_points = None;
        }
        let mut short = plans();
        for p in &mut short {
            p.move_points = Some(1);
        }
        for variant in Variant::ALL {
            for plans in [plans(), still.clone(), short.clone()] {
                for plan in &plans {
                    let shared = GoalFields::default();
                    for monster in 0..7 {
                        let own = solve_with(&fight, monster, plan, variant, &|_| None);
                        let kept =
                            solve_sharing(&fight, monster, plan, variant, &|_| None, Some(&shared));
                        assert_eq!(own, kept, "{monster} {plan:?} {variant:?}");
                        // A scene of a monster that does not move answers cell by cell
                        // as the whole table does.
                        super::scene::FORCE_WHOLE.with(|f| f.set(true));
                        let whole = solve_with(&fight, monster, plan, variant, &|_| None);
                        super::scene::FORCE_WHOLE.with(|f| f.set(false));
                        assert_eq!(own, whole, "{monster} {plan:?} {variant:?}");
                        for c in &own.choices {
                            let again = solve_keeping(
                                &fight,
                                monster,
                                plan,
                                variant,
                                &|_| None,
                                c.focus,
                                Some(&shared),
                            );
                            assert_eq!(again.as_ref(), Some(c), "{monster} {plan:?}");
                            super::scene::FORCE_WHOLE.with(|f| f.set(true));
                            let whole = solve_keeping(
                                &fight,
                                monster,
                                plan,
                                variant,
                                &|_| None,
                                c.focus,
                                None,
                            );
                            super::scene::FORCE_WHOLE.with(|f| f.set(false));
                            assert_eq!(again, whole, "{monster} {plan:?}");
                        }
                    }
                }
            }
        }
    }

    /// Wide target sets (the kind past 64 enemies) give the same answers as one-word sets.
    #[test]
    fn wide_sets_answer_like_one_word_sets() {
        let map: Vec<String> = [
            "............",
            "...#....o...",
            "....~.......",
            "......#.....",
        ]
        .iter()
        .chain(["............", ".....o......", "............"].iter())
        .map(|r| r.to_string())
        .collect();
        let mut creatures = vec![("ooze".to_string(), "monsters", Cell::new(1, 3))];
        for (n, (c, r)) in [
            (3, 3),
            (5, 1),
            (6, 4),
            (2, 5),
            (9, 2),
            (7, 6),
            (4, 0),
            (10, 5),
        ]
        .into_iter()
        .enumerate()
        {
            creatures.push((format!("hero-{n}"), "players", Cell::new(c, r)));
        }
        let fight = board(&map, &creatures);
        for plan in plans() {
            for variant in Variant::ALL {
                let narrow = solve(&fight, 0, &plan, variant);
                FORCE_WIDE.with(|f| f.set(true));
                let wide = solve(&fight, 0, &plan, variant);
                FORCE_WIDE.with(|f| f.set(false));
                assert!(!narrow.choices.is_empty());
                assert_eq!(narrow, wide, "{plan:?} {variant:?}");
            }
        }
    }

    /// With more enemies than a word holds, far-off ones change nothing: the answers
    /// are those of the board without them (the near enemies listed last, so their
    /// indices lie past the first word).
    #[test]
    fn enemies_beyond_a_word_are_handled() {
        let map: Vec<String> = (0..8).map(|_| ".".repeat(24)).collect();
        let near = [(3, 2), (3, 4), (2, 5), (4, 3)];
        let mut all = vec![("ooze".to_string(), "monsters", Cell::new(1, 3))];
        let mut few = all.clone();
        for n in 0..70 {
            let at = Cell::new(13 + n % 11, n / 11);
            all.push((format!("far-{n}"), "players", at));
        }
        for (n, &(c, r)) in near.iter().enumerate() {
            let hero = (format!("hero-{n}"), "players", Cell::new(c, r));
            all.push(hero.clone());
            few.push(hero);
        }
        let (big, small) = (board(&map, &all), board(&map, &few));
        let ids = |f: &Fight, s: &Solution| {
            let name = |i: &usize| f.board.creatures[*i].id.clone();
            s.choices
                .iter()
                .map(|c| {
                    let outs: Vec<_> = c
                        .outcomes
                        .iter()
                        .map(|o| {
                            let t: Vec<_> = o.targets.iter().map(name).collect();
                            let d: Vec<_> = o.disadvantage.iter().map(name).collect();
                            (o.destination, o.area.clone(), t, d, o.toward)
                        })
                        .collect();
                    (name(&c.focus), c.cost, c.proximity, c.attacks, outs)
                })
                .collect::<Vec<_>>()
        };
        for plan in plans() {
            for variant in Variant::ALL {
                let want = solve(&small, 0, &plan, variant);
                let got = solve(&big, 0, &plan, variant);
                assert!(!want.choices.is_empty());
                assert_eq!(ids(&big, &got), ids(&small, &want), "{plan:?} {variant:?}");
            }
        }
    }
}

//! The actions a monster can take, as the rules core understands them. Systems
//! translate their own card or scheme text into these.

use crate::board::{Ability, StatusKind};
use crate::chance::dice::Dice;

/// Melee attacks need the target in reach; ranged ones suffer disadvantage up close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Strikes a creature within the attacker's reach.
    Melee,
    /// Shoots or throws at a creature within range.
    Ranged,
}

/// A saving throw that lets a target resist an effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Save {
    /// The ability the target rolls with.
    pub ability: Ability,
    /// The number the target's roll must reach to resist (difficulty class).
    pub dc: i32,
    /// What happens instead on a successful save (`None`: nothing).
    pub on_success: Option<Box<Effect>>,
}

/// An effect applied to a target, optionally resisted by a saving throw.
#[derive(Clone, Debug, PartialEq)]
pub struct Rider {
    /// What happens to the target.
    pub effect: Effect,
    /// The saving throw that resists it; `None`: it cannot be resisted.
    pub save: Option<Save>,
}

/// Something that happens to a target (or, for self effects, to the monster).
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Gives the target this status.
    Status(StatusKind),
    /// Withers the target by this much: its attacks deal that much less damage until healed.
    Wither(u32),
    /// Moves the target this many spaces away from the monster.
    Push(u32),
    /// Moves the target this many spaces towards the monster.
    Pull(u32),
    /// Prevents this much damage from each attack until the start of the bearer's next turn.
    Shield(u32),
    /// Sets fire to the target's cell (or each cell of an area).
    SetFire,
    /// The monster heals itself.
    HealSelf(Dice),
    /// Nothing (a line of a roll-for-effect table).
    Nothing,
    /// Roll on a table: each entry covers an inclusive range of the die.
    Table(Dice, Vec<(u32, u32, Vec<Rider>)>),
}

impl Effect {
    /// Effects that only ever touch the monster itself (a shield, a heal of itself):
    /// written after an attack they still do not go to the creatures it hits.
    pub fn is_self_only(&self) -> bool {
        matches!(self, Effect::Shield(_) | Effect::HealSelf(_))
    }
}

/// An attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// Melee or ranged.
    pub reach: Reach,
    /// A magic attack (it matters to Ethereal and `immunity magic`).
    pub magic: bool,
    /// Added to the attack roll.
    pub bonus: i32,
    /// Damage; `None` for attacks that only carry effects.
    pub damage: Option<Dice>,
    /// The least damage a hit deals (`min N`); `None`: no floor.
    pub min_damage: Option<i32>,
    /// Number of separate targets (Target X); 1 for a plain attack.
    pub targets: u32,
    /// An area of this radius around a cell in range (no attack roll).
    pub area: Option<u32>,
    /// An area's saving throw against its damage: each creature caught that makes it
    /// takes half (rounded down).
    pub damage_save: Option<(Ability, i32)>,
    /// Overrides the monster's Range stat.
    pub range: Option<u32>,
    /// Applied to each target hit (or in the area).
    pub riders: Vec<Rider>,
}

/// Who a heal goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HealTarget {
    /// The monster itself.
    SelfOnly,
    /// The monster or an ally within range, most HP lost first.
    Ranged,
    /// An ally next to the monster (not the monster itself), most HP lost first.
    Adjacent,
}

/// One step of a behaviour.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Move up to Speed plus `bonus`.
    Move {
        /// Spaces added to (or, when negative, taken from) the monster's Speed.
        bonus: i32,
    },
    /// Attack the chosen target(s).
    Attack(Attack),
    /// Heal the monster or an ally.
    Heal {
        /// Who may receive the heal.
        target: HealTarget,
        /// The hit points restored.
        amount: Dice,
        /// How far the ally may be for a ranged heal; `None`: the monster's Range stat.
        range: Option<u32>,
    },
    /// Every adjacent enemy becomes a target of the effects that follow.
    TargetAdjacentEnemies,
    /// An effect on the current targets (or on the monster when there are none).
    Effect(Rider),
    /// Take this much gold from the target (must be adjacent).
    Steal(Dice),
    /// Leave the fight now.
    Retreat,
    /// Leave the fight at the start of the monster's next turn.
    RetreatNextTurn,
    /// Creatures of these types arrive near the monster next round.
    Summon {
        /// How many creatures arrive.
        count: Dice,
        /// The monster types they are drawn from.
        types: Vec<String>,
    },
    /// Set a trap in the free adjacent cell closest to an enemy.
    Trap {
        /// The damage the trap deals to whoever springs it; `None`: none.
        damage: Option<Dice>,
        /// The statuses it gives whoever springs it.
        statuses: Vec<StatusKind>,
    },
}

/// The positions of a behaviour's actions that pick a target: attacks, steals, ranged
/// heals, and effects with no attack before them, unless `target adjacent enemies` has
/// already chosen their targets.
pub fn targeting_actions(actions: &[Action]) -> impl Iterator<Item = usize> + '_ {
    let mut adjacent = false;
    actions
        .iter()
        .enumerate()
        .filter_map(move |(k, a)| match a {
            Action::TargetAdjacentEnemies => {
                adjacent = true;
                None
            }
            Action::Effect(_) if adjacent => None,
            a => a.needs_target().then_some(k),
        })
}

impl Action {
    /// True for actions that need a chosen target (the scheme system's "targeting actions").
    pub fn needs_target(&self) -> bool {
        match self {
            Action::Attack(_)
            | Action::Steal(_)
            | Action::Heal {
                target: HealTarget::Ranged | HealTarget::Adjacent,
                ..
            } => true,
            // An effect without an attack picks a target as an attack would, unless it
            // is the monster's own (a shield, a heal of itself) or nothing at all.
            Action::Effect(r) => !r.effect.is_self_only() && r.effect != Effect::Nothing,
            _ => false,
        }
    }
}

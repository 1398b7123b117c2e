//! Statuses a creature can carry, and when each one ends.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A status a creature can have, written in files as its kebab-case name (`dazed`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum StatusKind {
    /// Disadvantage on attacks and saving throws.
    Dazed,
    /// Cannot attack.
    Disarmed,
    /// Cannot move.
    Immobilized,
    /// Cannot move or act.
    Stunned,
    /// Deals `amount` less attack damage; removed by any heal.
    Withered,
    /// Prevents `amount` damage from each attack.
    Shielded,
    /// Frightened; a Cowardly creature retreats when it becomes terrified.
    Terrified,
    /// Leaves the fight at the start of its next turn.
    Retreating,
    /// Poison: every attack on it deals 1 more damage; removed by a heal (which then
    /// heals nothing).
    Poisoned,
    /// Wound: 1 damage at the start of each of its turns; removed by a heal.
    Wounded,
    /// Muddle: disadvantage on its attacks.
    Muddled,
    /// Strengthen: advantage on its attacks.
    Strengthened,
    /// Invisible: enemies cannot focus on or attack it.
    Invisible,
    /// Retaliate `amount`: an enemy that attacks it from within the status's `range`
    /// (1, adjacent, when not given) takes that much damage.
    Retaliating,
}

impl StatusKind {
    /// Every status, in the order help texts list them.
    pub const ALL: [StatusKind; 14] = [
        StatusKind::Dazed,
        StatusKind::Disarmed,
        StatusKind::Immobilized,
        StatusKind::Stunned,
        StatusKind::Withered,
        StatusKind::Shielded,
        StatusKind::Terrified,
        StatusKind::Retreating,
        StatusKind::Poisoned,
        StatusKind::Wounded,
        StatusKind::Muddled,
        StatusKind::Strengthened,
        StatusKind::Invisible,
        StatusKind::Retaliating,
    ];

    /// The status's name as files and narration write it (`immobilized`).
    pub fn label(self) -> &'static str {
        match self {
            StatusKind::Dazed => "dazed",
            StatusKind::Disarmed => "disarmed",
            StatusKind::Immobilized => "immobilized",
            StatusKind::Stunned => "stunned",
            StatusKind::Withered => "withered",
            StatusKind::Shielded => "shielded",
            StatusKind::Terrified => "terrified",
            StatusKind::Retreating => "retreating",
            StatusKind::Poisoned => "poisoned",
            StatusKind::Wounded => "wounded",
            StatusKind::Muddled => "muddled",
            StatusKind::Strengthened => "strengthened",
            StatusKind::Invisible => "invisible",
            StatusKind::Retaliating => "retaliating",
        }
    }

    /// Statuses with a strength (`amount`).
    pub fn measured(self) -> bool {
        matches!(
            self,
            StatusKind::Withered | StatusKind::Shielded | StatusKind::Retaliating
        )
    }
}

/// When a status ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Until {
    /// At the end of the creature's next turn (its current turn does not count when the
    /// status was gained during it: see `fresh`).
    EndOfNextTurn,
    /// At the start of the creature's next turn.
    StartOfNextTurn,
    /// When the creature is healed.
    Healed,
    /// Until removed by a command.
    Removed,
}

/// One status a creature has, as the board file stores it: which, how strong, and when
/// it ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Status {
    /// Which status.
    pub status: StatusKind,
    /// Strength of withered, shielded and retaliating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// Retaliating only: how far (in steps around walls) an attacker may stand and still
    /// be answered. Absent means 1, adjacent attackers only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub range: Option<u32>,
    /// When it ends.
    pub until: Until,
    /// Gained during the creature's own turn, so that turn's end does not count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
    /// The round it was gained in. Characters' turns are not run by monster-ai, so their
    /// turn-bound statuses end at the start of the second round after this one, when the
    /// character has surely had its next turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

impl Status {
    /// The default lifetime of each status when an effect applies it.
    pub fn applied(
        kind: StatusKind,
        amount: Option<u32>,
        during_own_turn: bool,
        round: u32,
    ) -> Status {
        let until = match kind {
            StatusKind::Withered | StatusKind::Poisoned | StatusKind::Wounded => Until::Healed,
            StatusKind::Shielded | StatusKind::Retreating | StatusKind::Retaliating => {
                Until::StartOfNextTurn
            }
            StatusKind::Terrified => Until::Removed,
            _ => Until::EndOfNextTurn,
        };
        Status {
            status: kind,
            amount,
            range: None,
            until,
            fresh: during_own_turn && until == Until::EndOfNextTurn,
            round: Some(round),
        }
    }

    /// The status's range: its `range`, or 1 (adjacent) when it has none.
    pub fn reach(&self) -> u32 {
        self.range.unwrap_or(1)
    }

    /// Whether `other` holds the same place on a creature as this one: a creature has
    /// one status of each kind, except retaliating, which it may have once per range, and
    /// a standing status (a stat line's shield or retaliate, kept until removed) sits
    /// beside a passing one of the same kind, the two adding up.
    pub fn same_slot(&self, other: &Status) -> bool {
        self.status == other.status
            && self.reach() == other.reach()
            && self.standing() == other.standing()
    }

    /// Kept until removed (a stat line's shield or retaliate; terror).
    pub fn standing(&self) -> bool {
        self.until == Until::Removed
    }
}

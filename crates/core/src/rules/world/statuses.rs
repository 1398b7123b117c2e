//! Statuses: gained (Invulnerable and immunities refuse them, a Cowardly creature that
//! becomes terrified flees), standing ones from a stat line, and their ends.

use super::World;
use crate::board::{Status, StatusKind, Trait, Until};
use crate::rules::events::Event;

impl World<'_> {
    /// Gives `id` a status (replacing one of the same kind). Invulnerable and immune
    /// creatures are unaffected; a Cowardly creature that becomes terrified retreats.
    pub fn add_status(&mut self, id: &str, kind: StatusKind, amount: Option<u32>) {
        self.gain_status(id, kind, amount, 1);
    }

    /// Gives `id` Retaliate `amount` against attackers within `range`, replacing only a
    /// retaliating status of the same range (retaliates of different ranges add up).
    pub fn add_retaliate(&mut self, id: &str, amount: u32, range: u32) {
        self.gain_status(id, StatusKind::Retaliating, Some(amount), range);
    }

    /// Gives `id` a shield or retaliate (`range` for retaliating) that its system ends
    /// when the round ends (an ability card's), told as lasting until the end of the round.
    pub fn add_round_status(&mut self, id: &str, kind: StatusKind, amount: u32, range: u32) {
        self.gain_status_until(id, kind, Some(amount), range, Lasting::Round);
    }

    /// Gives `id` a standing shield or retaliate from its stat line (`range` for
    /// retaliating), kept until removed: no more than once, so nothing is told again
    /// while it stands. A card's own shield or retaliate is a passing status beside it.
    pub fn add_standing(&mut self, id: &str, kind: StatusKind, amount: u32, range: u32) {
        let Some(i) = self.idx(id) else { return };
        let has = self.fight.board.creatures[i].statuses.iter().any(|s| {
            s.status == kind && s.standing() && s.reach() == range && s.amount == Some(amount)
        });
        if !has {
            self.gain_status_until(id, kind, Some(amount), range, Lasting::Standing);
        }
    }

    /// [`World::add_status`] with a range (1 for every status but retaliating).
    fn gain_status(&mut self, id: &str, kind: StatusKind, amount: Option<u32>, range: u32) {
        self.gain_status_until(id, kind, amount, range, Lasting::Usual);
    }

    /// [`World::gain_status`], lasting as `lasting` says.
    fn gain_status_until(
        &mut self,
        id: &str,
        kind: StatusKind,
        amount: Option<u32>,
        range: u32,
        lasting: Lasting,
    ) {
        let Some(i) = self.idx(id) else { return };
        if self.fight.has_trait(i, &Trait::Invulnerable) {
            self.trait_note(id, "invulnerable", &format!("is not {}", kind.label()));
            return;
        }
        if self
            .fight
            .has_trait(i, &Trait::Immunity(kind.label().to_string()))
        {
            self.trait_note(
                id,
                &format!("immunity {}", kind.label()),
                &format!("is not {}", kind.label()),
            );
            return;
        }
        let own_turn = self.acting.as_deref() == Some(id);
        let mut status = Status::applied(kind, amount, own_turn, self.fight.board.round);
        if lasting == Lasting::Standing {
            status.until = Until::Removed;
            status.fresh = false;
        }
        let reach = (range > 1).then_some(range);
        status.range = reach;
        // A monster is "it"; a character is "they", whoever plays it.
        let character = self.fight.board.creatures[i].kind.is_none();
        let until = match lasting {
            Lasting::Standing => "removed (from its stat line)".to_string(),
            Lasting::Round => "the end of the round".to_string(),
            Lasting::Usual => until_label(status.until, character),
        };
        let c = &mut self.fight.board.creatures[i];
        c.statuses.retain(|s| !s.same_slot(&status));
        c.statuses.push(status);
        c.statuses.sort_by_key(|s| (s.status, s.reach()));
        self.emit(Event::StatusGained {
            creature: id.to_string(),
            status: kind.label().to_string(),
            amount,
            range: reach,
            until,
        });
        if kind == StatusKind::Terrified && self.fight.has_trait(i, &Trait::Cowardly) {
            self.trait_note(id, "cowardly", "is terrified and flees");
            self.retreat(id);
        }
    }

    /// Ends every status of this kind on `id`, telling `reason`.
    pub fn remove_status(&mut self, id: &str, kind: StatusKind, reason: &str) {
        self.end_statuses(id, kind, reason, false);
    }

    /// Like [`World::remove_status`], leaving a standing one (a stat line's) in place.
    pub fn remove_passing_status(&mut self, id: &str, kind: StatusKind, reason: &str) {
        self.end_statuses(id, kind, reason, true);
    }

    /// Ends `id`'s statuses of `kind` (but its standing one, with `keep_standing`).
    fn end_statuses(&mut self, id: &str, kind: StatusKind, reason: &str, keep_standing: bool) {
        let Some(i) = self.idx(id) else { return };
        let c = &mut self.fight.board.creatures[i];
        let before = c.statuses.len();
        c.statuses
            .retain(|s| s.status != kind || (keep_standing && s.standing()));
        let remains = c
            .statuses
            .iter()
            .filter(|s| s.status == kind)
            .map(|s| s.amount.unwrap_or(0))
            .reduce(|a, b| a + b);
        if c.statuses.len() != before {
            self.emit(Event::StatusEnded {
                creature: id.to_string(),
                status: kind.label().to_string(),
                reason: reason.to_string(),
                remains,
            });
        }
    }

    /// Characters act outside monster-ai, so statuses lasting until the end (or start) of
    /// their next turn end once a whole round has passed since they were gained.
    pub(crate) fn expire_character_statuses(&mut self, round: u32) {
        let mut ended = Vec::new();
        for c in self
            .fight
            .board
            .creatures
            .iter_mut()
            .filter(|c| c.kind.is_none())
        {
            c.statuses.retain(|s| {
                let turn_bound = matches!(s.until, Until::EndOfNextTurn | Until::StartOfNextTurn);
                let over = turn_bound && s.round.is_none_or(|r| r + 2 <= round);
                if over {
                    ended.push((c.id.clone(), s.status));
                }
                !over
            });
        }
        for (id, s) in ended {
            self.emit(Event::StatusEnded {
                creature: id,
                status: s.label().to_string(),
                reason: "a round has passed".into(),
                remains: None,
            });
        }
    }
}

/// How long a status gained lasts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lasting {
    /// As the status usually does (its `Until`).
    Usual,
    /// Until removed: a stat line's standing shield or retaliate.
    Standing,
    /// Until its system ends it with the round (an ability card's shield or retaliate).
    Round,
}

fn until_label(u: Until, character: bool) -> String {
    let (its, it_is) = if character {
        ("their", "they are")
    } else {
        ("its", "it is")
    };
    match u {
        Until::EndOfNextTurn => format!("the end of {its} next turn"),
        Until::StartOfNextTurn => format!("the start of {its} next turn"),
        Until::Healed => format!("{it_is} healed"),
        Until::Removed => "removed".to_string(),
    }
}

//! What the focus solver is asked for a card's move or attack on a monster's stat line:
//! the move's points and way of moving, the attack's range, targets and area. The turn
//! asks it for every step; `options` with only a monster given asks it for the card's
//! first move and attack.

use super::compile::{AbilityCard, CardAttack, RangeChange, Step};
use super::stat_line::Line;
use crate::focus::{AttackShape, Mobility, Plan};

/// The plan of a move of `delta` points beyond the line's (`how` when the card says jump
/// or teleport), made for `attack` when an attack follows it before another move.
pub(crate) fn move_plan(
    l: &Line,
    delta: i32,
    how: Option<Mobility>,
    attack: Option<&CardAttack>,
    muddled: bool,
    spared: Vec<usize>,
) -> Plan {
    Plan {
        move_points: Some((l.movement as i32 + delta).max(0) as u32),
        mobility: mobility(l, how),
        flying: l.flying,
        muddled,
        attack: attack.map(|a| shape(l, a)),
        spared,
    }
}

/// The plan of an attack made where the monster stands.
pub(crate) fn attack_plan(l: &Line, a: &CardAttack, muddled: bool, spared: Vec<usize>) -> Plan {
    Plan {
        move_points: None,
        mobility: Mobility::Walk,
        flying: l.flying,
        muddled,
        attack: Some(shape(l, a)),
        spared,
    }
}

/// The attack that step `at` of `card` (a move) is made for: the first attack after it
/// before another move, with its step number.
pub(crate) fn attack_after(card: &AbilityCard, at: usize) -> Option<(usize, &CardAttack)> {
    card.steps[at + 1..]
        .iter()
        .enumerate()
        .take_while(|(_, s)| !matches!(s, Step::Move { .. }))
        .find_map(|(k, s)| match s {
            Step::Attack(a) => Some((at + 1 + k, a)),
            _ => None,
        })
}

/// The card's first move (with the attack it is made for) or, with no move before it,
/// its first attack; `None` for a card with neither (the focus is then found as for a
/// melee attack, and nothing moves).
pub(crate) fn first_plan(card: &AbilityCard, l: &Line, muddled: bool) -> Option<Plan> {
    card.steps
        .iter()
        .enumerate()
        .find_map(|(at, step)| match step {
            Step::Move { delta, how } => Some(move_plan(
                l,
                *delta,
                *how,
                attack_after(card, at).map(|(_, a)| a),
                muddled,
                Vec::new(),
            )),
            Step::Attack(a) => Some(attack_plan(l, a, muddled, Vec::new())),
            _ => None,
        })
}

/// How the monster moves: a card's teleport always; a flyer flies; otherwise the card's
/// jump, else the line's (jumping or walking).
fn mobility(l: &Line, card: Option<Mobility>) -> Mobility {
    match card {
        Some(Mobility::Teleport) => Mobility::Teleport,
        _ if l.flying => Mobility::Fly,
        Some(m) => m,
        None if l.jumping => Mobility::Jump,
        None => Mobility::Walk,
    }
}

/// The attack's shape on line `l`.
fn shape(l: &Line, a: &CardAttack) -> AttackShape {
    // A line's range 0 is melee; a card's `range 1` makes a ranged attack of range 1.
    let range = match a.range {
        Some(RangeChange::Set(r)) => r,
        Some(RangeChange::Add(d)) if l.range == 0 && d <= 0 => 0,
        Some(RangeChange::Add(d)) => (l.range as i32 + d).max(1) as u32,
        None => l.range,
    };
    AttackShape {
        range,
        targets: a.targets,
        aoe: a.aoe.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::load_decks;
    use crate::stat_line::line_at;

    /// The shipped crypt's bone archer at level 1, by hand: normal move 2, range 3;
    /// elite move 2, range 4. "Fall Back" (move +1, attack -1, range +0) is a move of 3
    /// then a ranged attack at the line's range; "Steady Aim" (attack +1, range +1) has
    /// no move: an attack from where it stands at range 4 (normal) or 5 (elite).
    #[test]
    fn a_cards_first_action_on_its_stat_line() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemes/crypt.toml"
        ))
        .unwrap();
        let decks = load_decks("crypt.toml", &text).unwrap();
        let t = decks.get("bone-archer").unwrap();
        let card = |name: &str| t.cards.iter().find(|c| c.label == name).unwrap();
        for (elite, range) in [(false, 3), (true, 4)] {
            let l = line_at(t, 1, 3, elite).unwrap();
            let p = first_plan(card("Fall Back"), &l, false).unwrap();
            assert_eq!(p.move_points, Some(3));
            assert_eq!(p.mobility, Mobility::Walk);
            let a = p.attack.unwrap();
            assert_eq!((a.range, a.targets, a.aoe.is_none()), (range, 1, true));
            let p = first_plan(card("Steady Aim"), &l, true).unwrap();
            assert_eq!(p.move_points, None);
            assert!(p.muddled);
            assert_eq!(p.attack.unwrap().range, range + 1);
        }
    }
}

//! Plain-text narration: a block per monster turn saying what it checked, whom it chose
//! and why, where it walked, and every roll with its numbers.

use super::Names;
use crate::rules::events::Event;
use crate::rules::words::{d20, faces, plural, rolled};
use std::fmt::Write;

/// Renders events as narration. With `explain`, every behaviour check is shown, not
/// only the ones that held.
pub fn render(events: &[Event], names: &Names, explain: bool) -> String {
    let mut out = String::new();
    for e in events {
        if let Some(line) = line(e, names, explain) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn line(e: &Event, n: &Names, explain: bool) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::RoundStart { round } => write!(s, "=== Round {round} begins ===").ok()?,
        Event::CardDrawn {
            card,
            position,
            size,
        } => write!(s, "\n-- Card {position} of {size}: {} --", n.of(card)).ok()?,
        Event::CardPassed { card, reason } => {
            write!(s, "  Passing over {}: {reason}.", n.of(card)).ok()?
        }
        Event::CharacterTurn {
            creature,
            commands,
            conditions,
        } => {
            let commands = commands
                .as_deref()
                .unwrap_or("the player commands (hit, move, heal, ...)");
            write!(
                s,
                "  It is {}'s turn. Play it, record it with {commands}, then run `next`.",
                n.of(creature)
            )
            .ok()?;
            for c in conditions {
                write!(s, "\n    {} {}.", n.of(creature), held(c)).ok()?;
            }
        }
        // Told on standard error as a warning by the command (`cli::follow`).
        Event::OutOfTurn { .. } => return None,
        Event::CharacterTurnOver { creature } => {
            write!(s, "{}'s turn is over.", n.of(creature)).ok()?
        }
        Event::FightOver { winner } => {
            let who = if winner == "players" {
                "the heroes win: no monsters are left"
            } else {
                "the monsters win: no heroes are left"
            };
            write!(s, "\n*** The fight is over: {who}. ***").ok()?
        }
        Event::Stalemate { rounds } => write!(
            s,
            "\n*** The fight is over: a stalemate. {rounds} rounds in a row went by with no HP lost or gained, no status gained, nothing changing hands and no one getting closer to an enemy it can reach. ***"
        )
        .ok()?,
        Event::TurnOrder { cards, .. } => {
            let list: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}. {}", i + 1, n.of(c)))
                .collect();
            write!(s, "Turn order: {}", list.join(", ")).ok()?
        }
        Event::TurnStart {
            monster,
            name,
            kind,
            cell,
            hp,
            max_hp,
            health,
        } => {
            let label = if name == monster {
                name.clone()
            } else {
                format!("{name} ({monster})")
            };
            let kind = kind.as_ref().map_or(String::new(), |k| format!(", {k}"));
            let health = health
                .clone()
                .unwrap_or_else(|| format!("{hp}/{max_hp} HP"));
            write!(s, "\n== {label}{kind}, at {cell}, {health} ==").ok()?
        }
        Event::TurnEnd { .. } => return None,
        Event::TurnSkipped { monster, reason } => {
            write!(s, "  {} does nothing: {reason}.", n.of(monster)).ok()?
        }
        Event::Target {
            target,
            reason,
            candidates,
            ..
        } => {
            let others = if candidates.len() > 1 {
                let list: Vec<String> = candidates.iter().map(|c| n.of(c)).collect();
                format!(" from {}", list.join(", "))
            } else {
                String::new()
            };
            write!(s, "  Target: {} ({reason}{others}).", n.of(target)).ok()?
        }
        Event::Tie {
            what,
            options,
            chosen,
            policy,
        } => {
            let list: Vec<String> = options
                .iter()
                .map(|o| n.0.get(o).cloned().unwrap_or_else(|| o.clone()))
                .collect();
            let how = match policy.as_str() {
                "random" => "picked at random",
                "ask" => "chosen by the player",
                _ => "first in order taken",
            };
            write!(
                s,
                "  Tie on {what} between {}: {} ({how}).",
                list.join(", "),
                n.0.get(chosen).cloned().unwrap_or_else(|| chosen.clone())
            )
            .ok()?
        }
        Event::Move {
            creature,
            from,
            to,
            path,
            cause,
        } => {
            if cause == "teleport" {
                write!(s, "  {} teleports from {from} to {to}.", n.of(creature)).ok()?;
                return Some(s);
            }
            let verb = match cause.as_str() {
                "push" => "is pushed",
                "pull" => "is pulled",
                "jump" => "jumps",
                "step back" => "has no room to stop and steps back",
                _ => "moves",
            };
            let spaces = path.len();
            write!(
                s,
                "  {} {verb} {from} -> {} ({spaces} space{}), ending on {to}.",
                n.of(creature),
                path.join(" -> "),
                plural(spaces)
            )
            .ok()?
        }
        Event::Slide { creature, to } => {
            write!(s, "  {} slides across the ice to {to}.", n.of(creature)).ok()?
        }
        Event::Stay { creature, reason } => {
            write!(s, "  {} stays put: {reason}.", n.of(creature)).ok()?
        }
        Event::Provoke { creature, enemy } => write!(
            s,
            "  Leaving {}'s reach, {} provokes an opportunity attack.",
            n.of(enemy),
            n.of(creature)
        )
        .ok()?,
        Event::OpportunityAttack { attacker, target } => write!(
            s,
            "  {} leaves {}'s reach: {} makes an opportunity attack.",
            n.of(target),
            n.of(attacker),
            n.of(attacker)
        )
        .ok()?,
        Event::Disengage { creature } => write!(
            s,
            "  {} disengages as it moves (slippery): no opportunity attacks.",
            n.of(creature)
        )
        .ok()?,
        Event::ActionSkipped {
            creature,
            action,
            reason,
        } => write!(s, "  {} cannot {action}: {reason}.", n.of(creature)).ok()?,
        Event::Attack {
            attacker,
            target,
            kind,
            faces,
            edge,
            edge_reasons,
            kept,
            bonus,
            total,
            defence,
            hit,
            critical,
        } => {
            let why = if edge_reasons.is_empty() {
                String::new()
            } else {
                format!(" ({})", edge_reasons.join("; "))
            };
            let verdict = match (hit, critical) {
                (true, true) => "critical hit",
                (true, false) => "hit",
                (false, _) if *kept == 1 => "a natural 1 misses",
                _ => "miss",
            };
            let who = if attacker.is_empty() {
                "A".to_string()
            } else {
                format!("{} makes a", n.of(attacker))
            };
            write!(s, "  {who} {kind} attack on {}: {} {bonus:+} = {total} vs defence {defence}{why}: {verdict}.", n.of(target), d20(faces, edge, *kept)).ok()?
        }
        Event::AreaHit { target, cells, .. } => {
            if target.is_empty() {
                write!(
                    s,
                    "  The area covers {} and catches no one.",
                    cells.join(", ")
                )
                .ok()?
            } else {
                write!(s, "  {} is caught in the area.", n.of(target)).ok()?
            }
        }
        Event::Damage {
            target,
            source,
            dealer,
            roll,
            modifiers,
            amount,
            prevented,
            hp,
            max_hp,
        } => {
            let rolled = rolled(roll);
            let mods = if modifiers.is_empty() {
                String::new()
            } else {
                format!("{}; ", modifiers.join(", "))
            };
            let stopped = if *prevented > 0 {
                format!(" ({prevented} prevented)")
            } else {
                String::new()
            };
            let source = source_text(n, source, dealer.as_deref());
            write!(s, "  Damage from {source}: {rolled}{mods}{} takes {amount}{stopped}, now {hp}/{max_hp} HP.", n.of(target)).ok()?
        }
        Event::Save {
            creature,
            ability,
            dc,
            faces,
            edge,
            modifier,
            total,
            success,
        } => {
            let kept = if *edge == "disadvantage" {
                faces.iter().min()
            } else {
                faces.iter().max()
            }
            .copied()
            .unwrap_or(0);
            let verdict = if *success { "saves" } else { "fails" };
            write!(
                s,
                "  {} makes a {ability} save against {dc}: {} {modifier:+} = {total}: {verdict}.",
                n.of(creature),
                d20(faces, edge, kept)
            )
            .ok()?
        }
        Event::StatusGained {
            creature,
            status,
            amount,
            range,
            until,
        } => {
            let amt = amount.map_or(String::new(), |a| format!(" {a}"));
            let reach = range.map_or(String::new(), |r| format!(" (range {r})"));
            write!(
                s,
                "  {} is {status}{amt}{reach} until {until}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::StatusEnded {
            creature,
            status,
            reason,
        } => write!(s, "  {} is no longer {status} ({reason}).", n.of(creature)).ok()?,
        Event::Heal {
            creature,
            roll,
            amount,
            hp,
            max_hp,
        } => {
            let rolled = rolled(roll);
            write!(
                s,
                "  Heal: {rolled}{} regains {amount} HP, now {hp}/{max_hp}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::Died { creature, cell, .. } => {
            write!(s, "  {} falls on {cell}.", n.of(creature)).ok()?
        }
        Event::Retreat { creature, cell, .. } => write!(
            s,
            "  {} retreats from {cell} and leaves the fight.",
            n.of(creature)
        )
        .ok()?,
        Event::FireSet { cells, rounds } => write!(
            s,
            "  Fire spreads on {} for {rounds} rounds.",
            cells.join(", ")
        )
        .ok()?,
        Event::FireOut { cell } => write!(s, "  The fire on {cell} goes out.").ok()?,
        Event::TrapSet { cell, by } => write!(s, "  {} sets a trap on {cell}.", n.of(by)).ok()?,
        Event::TrapSprung { cell, creature } => {
            write!(s, "  {} springs the trap on {cell}.", n.of(creature)).ok()?
        }
        Event::Gold {
            from,
            to,
            amount,
            rolled,
        } => write!(
            s,
            "  {} steals {amount} gold from {} (rolled {}).",
            n.of(to),
            n.of(from),
            faces(rolled)
        )
        .ok()?,
        Event::ArrivalScheduled {
            by,
            count,
            roll,
            types,
            round,
            near,
        } => write!(
            s,
            "  {} calls for help: {count} ({}) of {} arrive near {near} in round {round}.",
            n.of(by),
            faces(roll),
            types.join(" / ")
        )
        .ok()?,
        Event::NoRoom { what, near, later } => {
            let then = if *later {
                "it tries again next round"
            } else {
                "it does not come"
            };
            write!(
                s,
                "  There is no free space for {what} near {near}: {then}."
            )
            .ok()?
        }
        Event::Arrived {
            creature,
            kind,
            cell,
            ..
        } => write!(s, "  {} ({kind}) arrives on {cell}.", n.of(creature)).ok()?,
        Event::TraitTriggered {
            creature,
            name,
            detail,
        } => write!(s, "  {} {detail} ({name}).", n.of(creature)).ok()?,
        Event::TableRoll {
            creature,
            roll,
            entry,
        } => write!(
            s,
            "  {} rolls for effect: {} gives {entry}.",
            n.of(creature),
            faces(roll)
        )
        .ok()?,
        Event::Added {
            creature,
            side,
            kind,
            cell,
            hp,
            max_hp,
            health,
            ..
        } => {
            let what = if kind.is_empty() {
                format!("on the {side}' side")
            } else {
                format!("{kind}, on the {side}' side")
            };
            let with = match health {
                Some(words) => words.clone(),
                None => format!("{hp}/{max_hp} HP"),
            };
            write!(
                s,
                "  {} ({what}) joins the fight on {cell} with {with}.",
                n.of(creature)
            )
            .ok()?
        }
        Event::Removed { creature, cell, .. } => {
            write!(s, "  {} is taken off the board at {cell}.", n.of(creature)).ok()?
        }
        Event::Placed { creature, from, to } => {
            write!(s, "  {} is placed on {to} (from {from}).", n.of(creature)).ok()?
        }
        Event::GoldChanged {
            creature,
            change,
            gold,
        } => {
            let verb = if *change < 0 { "loses" } else { "gains" };
            write!(
                s,
                "  {} {verb} {} gold, now {gold}.",
                n.of(creature),
                change.unsigned_abs()
            )
            .ok()?
        }
        Event::ResurrectionScheduled {
            creature,
            roll,
            round,
        } => write!(
            s,
            "  {} will rise again at the start of round {round} ({}).",
            n.of(creature),
            faces(roll)
        )
        .ok()?,
        Event::Door {
            creature,
            cell,
            change,
        } => match creature {
            Some(c) => write!(s, "  {} {change} the door at {cell}.", n.of(c)).ok()?,
            None => write!(s, "  The door at {cell} is {change}.").ok()?,
        },
        Event::System(e) => return e.narrate(n, explain),
        Event::Resurrected {
            creature,
            cell,
            hp,
            max_hp,
            ..
        } => write!(
            s,
            "  {} comes back to life on {cell} with {hp}/{max_hp} HP.",
            n.of(creature)
        )
        .ok()?,
    }
    Some(s)
}

/// A damage source as events give it (`warg-1's attack`), with the dealer's id replaced
/// by its display name for people (`Warg 1's attack`).
fn source_text(n: &Names, source: &str, dealer: Option<&str>) -> String {
    let what = dealer.and_then(|id| Some((id, source.strip_prefix(id)?.strip_prefix("'s ")?)));
    match what {
        Some((id, rest)) => format!("{}'s {rest}", n.of(id)),
        None => source.to_string(),
    }
}

/// A status a character plays its turn under, told as what it means for the turn:
/// "is muddled until the end of this turn: disadvantage on their attacks".
fn held(c: &crate::rules::events::Held) -> String {
    use crate::board::{StatusKind as K, Until};
    let n = c.amount.unwrap_or(0);
    let what = match c.status {
        K::Dazed => "disadvantage on their attacks and saving throws".to_string(),
        K::Disarmed => "they cannot attack".to_string(),
        K::Immobilized => "they cannot move".to_string(),
        K::Stunned => "they cannot act".to_string(),
        K::Withered => format!("their attacks deal {n} less"),
        K::Shielded => format!("each attack on them deals {n} less"),
        K::Terrified => "they are frightened".to_string(),
        K::Retreating => "they leave the fight".to_string(),
        K::Poisoned => {
            "every attack on them gains +1; a heal cures it instead of healing".to_string()
        }
        K::Wounded => "1 damage at the start of each of their turns; a heal cures it".to_string(),
        K::Muddled => "disadvantage on their attacks".to_string(),
        K::Strengthened => "advantage on their attacks".to_string(),
        K::Invisible => "enemies cannot focus on or attack them".to_string(),
        K::Retaliating => format!(
            "an enemy attacking them from within {} takes {n}",
            c.range.unwrap_or(1)
        ),
    };
    let amount = match (c.status.measured(), c.range) {
        (true, Some(r)) => format!(" {n} (range {r})"),
        (true, None) => format!(" {n}"),
        _ => String::new(),
    };
    let until = match c.until {
        Until::EndOfNextTurn => " until the end of this turn",
        Until::StartOfNextTurn => " until the start of their next turn",
        Until::Healed => " until healed",
        Until::Removed => "",
    };
    format!("is {}{amount}{until}: {what}", c.status.label())
}

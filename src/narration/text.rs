//! Plain-text narration: a block per monster turn saying what it checked, whom it chose
//! and why, where it walked, and every roll with its numbers.

use super::Names;
use crate::rules::events::{Event, RollInfo};
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

fn faces(r: &RollInfo) -> String {
    let list: Vec<String> = r.faces.iter().map(u32::to_string).collect();
    let sum: i32 = r.faces.iter().map(|f| *f as i32).sum();
    let m = r.total - sum;
    let dice_part = format!("[{}]", list.join(", "));
    match m {
        0 if r.faces.is_empty() => format!("{}", r.total),
        0 => format!("{} {dice_part} = {}", r.dice, r.total),
        _ if r.faces.is_empty() => format!("{}", r.total),
        _ => format!("{} {dice_part}{m:+} = {}", r.dice, r.total),
    }
}

/// "1d6+2 [4]+2 = 6; " before an amount that was rolled, nothing otherwise.
fn rolled(roll: &Option<RollInfo>) -> String {
    roll.as_ref()
        .map_or(String::new(), |r| format!("{}; ", faces(r)))
}

fn d20(faces: &[u32], edge: &str, kept: u32) -> String {
    match faces {
        [one] => format!("d20 {one}"),
        _ => {
            let list: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!("d20 with {edge} [{}] keeps {kept}", list.join(", "))
        }
    }
}

fn line(e: &Event, n: &Names, explain: bool) -> Option<String> {
    let mut s = String::new();
    match e {
        Event::RoundStart { round } => write!(s, "=== Round {round} begins ===").ok()?,
        Event::CardDrawn { card, position, size } => {
            write!(s, "\n-- Card {position} of {size}: {} --", n.of(card)).ok()?
        }
        Event::CardPassed { card, reason } => write!(s, "  Passing over {}: {reason}.", n.of(card)).ok()?,
        Event::CharacterTurn { creature } => write!(
            s,
            "  It is {}'s turn. Play it, record it with the player commands (hit, move, heal, ...), then run `next`.",
            n.of(creature)
        )
        .ok()?,
        Event::CharacterTurnOver { creature } => write!(s, "{}'s turn is over.", n.of(creature)).ok()?,
        Event::FightOver { winner } => {
            let who = if winner == "players" { "the heroes win: no monsters are left" } else { "the monsters win: no heroes are left" };
            write!(s, "\n*** The fight is over: {who}. ***").ok()?
        }
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
        } => {
            let label = if name == monster {
                name.clone()
            } else {
                format!("{name} ({monster})")
            };
            let kind = kind.as_ref().map_or(String::new(), |k| format!(", {k}"));
            write!(s, "\n== {label}{kind}, at {cell}, {hp}/{max_hp} HP ==").ok()?
        }
        Event::TurnEnd { .. } => return None,
        Event::AbilityCard {
            kind,
            label,
            initiative,
            actions,
            ..
        } => write!(
            s,
            "\n-- {kind} draws \"{label}\" (initiative {initiative}): {} --",
            actions.join(", ")
        )
        .ok()?,
        Event::ModifierDrawn {
            target,
            drawn,
            used,
            base,
            attack,
            ..
        } => write!(
            s,
            "  Attack {base} on {}: modifier {}{} -> {attack}.",
            n.of(target),
            used,
            if drawn.len() > 1 {
                format!(" (drew {})", drawn.join(" and "))
            } else {
                String::new()
            }
        )
        .ok()?,
        Event::TurnSkipped { monster, reason } => {
            write!(s, "  {} does nothing: {reason}.", n.of(monster)).ok()?
        }
        Event::Check {
            behaviour,
            label,
            holds,
            why,
            ..
        } => {
            if !explain {
                return None;
            }
            let verdict = if *holds { "applies" } else { "does not apply" };
            write!(
                s,
                "  [check] {} {verdict}: {why}.",
                describe(*behaviour, label)
            )
            .ok()?
        }
        Event::Behaviour {
            behaviour,
            label,
            does,
            ..
        } => write!(s, "  Uses {}: {does}.", describe(*behaviour, label)).ok()?,
        Event::Fallback { reason, .. } => write!(
            s,
            "  {reason}, so it takes two moves toward its closest enemy.",
            reason = capital(reason)
        )
        .ok()?,
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
            let source = source_text(n, source);
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
        Event::Charged {
            kind,
            behaviour,
            charges,
        } => write!(
            s,
            "  {kind} behaviour {behaviour} now recharges for {charges} round{}.",
            plural(*charges as usize)
        )
        .ok()?,
        Event::ChargeTick {
            kind,
            behaviour,
            charges,
        } => {
            let left = if *charges == 0 {
                "ready again".to_string()
            } else {
                format!("{charges} charge{} left", plural(*charges as usize))
            };
            write!(s, "  {kind} behaviour {behaviour}: {left}.").ok()?
        }
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
            let then = if *later { "it tries again next round" } else { "it does not come" };
            write!(s, "  There is no free space for {what} near {near}: {then}.").ok()?
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
        Event::AiCard {
            monster,
            card,
            card_type,
            face,
            how,
        } => {
            let face = if face.is_empty() { String::new() } else { format!(", {face}") };
            write!(s, "  {} {how} AI card \"{card}\" ({card_type}{face}).", n.of(monster)).ok()?
        }
        Event::PickCheck {
            condition,
            holds,
            why,
            ..
        } => {
            if !explain {
                return None;
            }
            let verdict = if *holds { "is met" } else { "is not met" };
            write!(s, "  [check] pick \"{condition}\" {verdict}: {why}.").ok()?
        }
        Event::AiNote { creature, detail } => write!(s, "  {}: {detail}.", n.of(creature)).ok()?,
        Event::InitiativeSet {
            creature,
            initiative,
            second,
        } => match second {
            Some(m) => write!(
                s,
                "{} acts at initiative {initiative} this round (second card {m}).",
                n.of(creature)
            ),
            None => write!(
                s,
                "{} acts at initiative {initiative} this round.",
                n.of(creature)
            ),
        }
        .ok()?,
        Event::CurseGiven { creature, given } => write!(
            s,
            "  {} gets a curse to shuffle into its own attack-modifier deck ({given} given so far).",
            n.of(creature)
        )
        .ok()?,
        Event::RoomRevealed {
            door,
            monsters,
            coins,
        } => {
            let mut found: Vec<String> = monsters.iter().map(|m| n.of(m).to_string()).collect();
            match coins {
                0 => {}
                1 => found.push("1 money token".into()),
                c => found.push(format!("{c} money tokens")),
            }
            if found.is_empty() {
                found.push("nothing".into());
            }
            write!(s, "In the room behind the door on {door}: {}.", found.join(", ")).ok()?
        }
        Event::CoinDropped { creature, cell } => {
            write!(s, "  {} drops a money token on {cell}.", n.of(creature)).ok()?
        }
        Event::LootPicked {
            creature,
            cell,
            gold,
        } => write!(
            s,
            "{} picks up the loot on {cell}: {gold} money token{}.",
            n.of(creature),
            if *gold == 1 { "" } else { "s" }
        )
        .ok()?,
        Event::ModifiersAdded { card, count, held } => write!(
            s,
            "{count} {card} card{} shuffled into the monsters' attack-modifier deck ({held} in it).",
            if *count == 1 { "" } else { "s" }
        )
        .ok()?,
        Event::SpeedRoll {
            attacker,
            target,
            faces,
            accuracy,
            evasion,
            hits,
        } => {
            let list: Vec<String> = faces.iter().map(u32::to_string).collect();
            let need = *accuracy as i32 + evasion;
            write!(
                s,
                "  {} attacks {}: {}d10 [{}], each {need}+ hits (accuracy {accuracy}, evasion {evasion}): {hits} hit{}.",
                n.of(attacker),
                n.of(target),
                faces.len(),
                list.join(", "),
                plural(*hits as usize)
            )
            .ok()?
        }
        Event::HitLocation {
            target,
            location,
            roll,
            damage,
        } => write!(s, "  Hit on the {location} (location die {roll}): {} takes {damage} damage there.", n.of(target)).ok()?,
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
            ..
        } => {
            let what = if kind.is_empty() {
                format!("on the {side}' side")
            } else {
                format!("{kind}, on the {side}' side")
            };
            write!(
                s,
                "  {} ({what}) joins the fight on {cell} with {hp}/{max_hp} HP.",
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
        Event::NeedSense {
            seen,
            fear_love,
            hate,
            fear_love_centre,
            hate_centre,
            most_feared,
            most_loved,
            most_hated,
            ..
        } => {
            if *seen == 0 {
                write!(s, "  Perceives nothing.").ok()?
            } else {
                let at = |c: &Option<String>| c.as_ref().map_or(String::new(), |c| format!(" centred on {c}"));
                let mut most = Vec::new();
                for (what, who) in [("feared", most_feared), ("loved", most_loved), ("hated", most_hated)] {
                    if let Some(w) = who {
                        most.push(format!("most {what} {w}"));
                    }
                }
                let most = if most.is_empty() { String::new() } else { format!("; {}", most.join(", ")) };
                write!(
                    s,
                    "  Perceives {seen}: fear/love {}{}, hate {}{}{most}.",
                    number(*fear_love),
                    at(fear_love_centre),
                    number(*hate),
                    at(hate_centre)
                )
                .ok()?
            }
        }
        Event::NeedValue { entity, detail, .. } => {
            if !explain {
                return None;
            }
            write!(s, "  [sense] {entity}: {detail}.").ok()?
        }
        Event::NeedRating { action, rating, why, .. } => {
            if !explain {
                return None;
            }
            write!(s, "  [rate] {action} {}: {why}.", number(*rating)).ok()?
        }
        Event::NeedChosen { action, rating, why, others, .. } => {
            let others = if others.is_empty() {
                String::new()
            } else {
                format!(" (also rated: {})", others.join(", "))
            };
            write!(s, "  Most urgent: {action} {} -- {why}{others}.", number(*rating)).ok()?
        }
        Event::Item { creature, verb, item, cell } => {
            write!(s, "  {} {verb} {item} at {cell}.", n.of(creature)).ok()?
        }
        Event::Door { creature, cell, change } => match creature {
            Some(c) => write!(s, "  {} {change} the door at {cell}.", n.of(c)).ok()?,
            None => write!(s, "  The door at {cell} is {change}.").ok()?,
        },
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

fn describe(number: u32, label: &str) -> String {
    if label == format!("behaviour {number}") {
        label.to_string()
    } else {
        format!("behaviour {number} \"{label}\"")
    }
}

/// A damage source as events give it (`warg-1's attack`), with the creature's id
/// replaced by its display name for people (`Warg 1's attack`).
fn source_text(n: &Names, source: &str) -> String {
    match source.split_once("'s ") {
        Some((id, rest)) if n.0.contains_key(id) => format!("{}'s {rest}", n.of(id)),
        _ => source.to_string(),
    }
}

/// The ending of a count's noun: "" for one, "s" for any other number.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// A rating or a feeling for narration: at most one decimal, no trailing `.0`.
fn number(x: f64) -> String {
    let t = format!("{x:.1}");
    let t = t.strip_suffix(".0").unwrap_or(&t).to_string();
    if t == "-0" { "0".into() } else { t }
}

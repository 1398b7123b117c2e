//! The ability-deck system's solver view for `options`: every equally valid choice a
//! Gloomhaven monster has for one action (focus, where to stand, whom to hit, where to
//! lay an area), as text or JSON.

use super::card_plan::first_plan;
use super::compile::AbilityDecks;
use super::focus::{AttackShape, Mobility, Outcome, Pattern, Plan, Solution, Variant, solve_with};
use super::initiative::{Known, initiative};
use super::stat_line::{Line, line};
use super::state::{RuleVariant, is_elite, rule_variant, type_decks};
use crate::board::{Fight, StatusKind, Trait};
use crate::error::Result;
use crate::grid::Cell;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::rules::words::{Names, plural};
use crate::systems::Monsters;
use serde_json::{Value, json};

/// What `options` asks: every equally valid choice one monster has for one action.
#[derive(Clone, Debug, Default)]
pub(super) struct OptionsQuery {
    /// The monster about to act (its id).
    pub(super) monster: String,
    /// Move points this turn; `None`: the action has no move.
    pub(super) move_points: Option<u32>,
    /// Attack range, 0 for melee (1 is a ranged attack of range 1); `None`: the
    /// monster's own.
    pub(super) range: Option<u32>,
    /// How many enemies the attack may hit.
    pub(super) targets: u32,
    /// An area of effect drawn as text.
    pub(super) aoe: Option<String>,
    /// The action has no attack.
    pub(super) no_attack: bool,
    /// The move is a jump.
    pub(super) jump: bool,
    /// The monster flies.
    pub(super) flying: bool,
    /// The move is a teleport.
    pub(super) teleport: bool,
    /// The monster is muddled.
    pub(super) muddled: bool,
    /// Which edition's rulings to follow; `None`: the board's.
    pub(super) variant: Option<String>,
    /// One JSON document instead of text.
    pub(super) json: bool,
    /// Only the monster was given: the action is its type's card this round (its
    /// first move and the attack that follows it, or its first attack).
    pub(super) from_card: bool,
}

/// The focus solver's answer to `query`, as `options` prints it.
pub(super) fn options(
    fight: &Fight,
    monsters: &dyn Monsters,
    query: &OptionsQuery,
) -> Result<String> {
    let no_decks = AbilityDecks::default();
    let decks = monsters
        .as_any()
        .downcast_ref::<AbilityDecks>()
        .unwrap_or(&no_decks);
    let monster = find(fight, &query.monster)?;
    let (plan, card): (Plan, Option<CardRead>) = if query.from_card {
        card_plan(fight, decks, monster, query.muddled)?
    } else {
        (plan(query, fight, decks, monster)?, None)
    };
    let variant = match query.variant.as_deref() {
        Some(name) => named_variant(name)?,
        None => board_variant(rule_variant(fight)),
    };
    let known = Known::of(fight);
    let init = |j: usize| initiative(fight, &known, decks, j);
    let solution = solve_with(fight, monster, &plan, variant, &init);
    Ok(if query.json {
        let mut json = to_json(fight, &plan, variant, &solution);
        if let Some(card) = &card {
            json["card"] = json!({
                "type": card.kind,
                "name": card.name,
                "initiative": card.initiative,
            });
        }
        let mut s = serde_json::to_string_pretty(&json).expect("JSON values serialise");
        s.push('\n');
        s
    } else {
        let from = card.map(|c| {
            format!(
                "{}'s card \"{}\" (initiative {})",
                c.shown, c.name, c.initiative
            )
        });
        to_text(fight, &plan, from.as_deref(), variant, &solution)
    })
}

/// The solver's variant for `--variant NAME`.
fn named_variant(name: &str) -> Result<Variant> {
    Ok(match name {
        "gloomhaven" => Variant::Gloomhaven,
        "frosthaven" => Variant::Frosthaven,
        "jaws-of-the-lion" => Variant::JawsOfTheLion,
        other => {
            return Err(
                Diagnostic::plain(format!("--variant `{other}` is not a rule variant"))
                    .with_hint("use gloomhaven, frosthaven or jaws-of-the-lion")
                    .into(),
            );
        }
    })
}

/// The solver's variant for the board's `variant` field.
fn board_variant(v: RuleVariant) -> Variant {
    match v {
        RuleVariant::Gloomhaven => Variant::Gloomhaven,
        RuleVariant::Frosthaven => Variant::Frosthaven,
        RuleVariant::JawsOfTheLion => Variant::JawsOfTheLion,
    }
}

fn find(fight: &Fight, id: &str) -> Result<usize> {
    on_board(fight, id, || format!("MONSTER `{id}` is not on the board")).map_err(Into::into)
}

/// Creature `id`'s index on the board, or the error `message` says, with a "did you
/// mean" (or the board's ids) as its hint.
pub(super) fn on_board(
    fight: &Fight,
    id: &str,
    message: impl FnOnce() -> String,
) -> std::result::Result<usize, Diagnostic> {
    if let Some(i) = fight.index_of(id) {
        return Ok(i);
    }
    let ids: Vec<&str> = fight
        .board
        .creatures
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    let hint = match did_you_mean(id, &ids) {
        Some(g) => format!("did you mean `{g}`?"),
        None => format!("the board has: {}", ids.join(", ")),
    };
    Err(Diagnostic::plain(message()).with_hint(hint))
}

/// The stat line of `monster` when it is of an ability-deck type.
fn monster_line(fight: &Fight, decks: &AbilityDecks, monster: usize) -> Option<Line> {
    let c = &fight.board.creatures[monster];
    let t = decks.get(c.kind.as_deref()?)?;
    line(t, fight, is_elite(fight, &c.id))
}

/// The monster's own attack range, 0 for melee: its stat line's for an ability-deck
/// monster (where `range = 1` is a ranged attack), else its Range stat, where 1 means
/// next to it (melee).
fn own_range(fight: &Fight, decks: &AbilityDecks, monster: usize) -> u32 {
    if let Some(l) = monster_line(fight, decks, monster) {
        return l.range;
    }
    match fight.stats[monster].range {
        0 | 1 => 0,
        r => r,
    }
}

/// `options` follows the Gloomhaven rules: a hex board only.
fn hex_only(fight: &Fight) -> Result<()> {
    if fight.map.grid.kind != crate::grid::GridKind::Hex {
        return Err(Diagnostic::plain(
            "`options` follows the Gloomhaven rules, which need a hex board",
        )
        .with_hint("use a board whose grid kind is \"hex\"")
        .into());
    }
    Ok(())
}

/// The card `options` read the action from.
struct CardRead {
    /// The monster type (its name in the monster file).
    kind: String,
    /// The type as the narration names it.
    shown: String,
    /// The card's name.
    name: String,
    /// Its initiative.
    initiative: u32,
}

/// The action of `monster`'s type's card this round, on its stat line: the card's first
/// move with the attack made after it, or its first attack (a card with neither: no
/// move, and the focus as for a melee attack). With the card's name and initiative.
fn card_plan(
    fight: &Fight,
    decks: &AbilityDecks,
    monster: usize,
    muddled: bool,
) -> Result<(Plan, Option<CardRead>)> {
    hex_only(fight)?;
    let c = &fight.board.creatures[monster];
    let give = "or give the action yourself: --move N, --range N or --melee, --targets N, --aoe PATTERN, --no-attack";
    let Some((t, l)) = c
        .kind
        .as_deref()
        .and_then(|k| decks.get(k))
        .zip(monster_line(fight, decks, monster))
    else {
        return Err(Diagnostic::plain(format!(
            "MONSTER `{}` has no ability cards to read its action from",
            c.id
        ))
        .with_hint(give.trim_start_matches("or ").to_string())
        .into());
    };
    let mut names = Names::default();
    names.add_from(&fight.board);
    let kind = names.of(&t.name);
    let drawn = type_decks(fight)
        .get(&t.name)
        .and_then(|d| d.current)
        .and_then(|n| t.cards.get((n as usize).checked_sub(1)?));
    let Some(card) = drawn else {
        return Err(
            Diagnostic::plain(format!("{kind} has drawn no ability card this round"))
                .with_hint(format!(
                    "its card is drawn when the round starts (`monster-ai next BOARD`), {give}"
                ))
                .into(),
        );
    };
    let muddled = muddled || fight.has_status(monster, StatusKind::Muddled);
    let plan = first_plan(card, &l, muddled).unwrap_or(Plan {
        move_points: None,
        mobility: Mobility::Walk,
        flying: l.flying,
        muddled,
        attack: None,
        spared: Vec::new(),
    });
    Ok((
        plan,
        Some(CardRead {
            kind: t.name.clone(),
            shown: kind,
            name: card.label.clone(),
            initiative: card.initiative,
        }),
    ))
}

fn plan(args: &OptionsQuery, fight: &Fight, decks: &AbilityDecks, monster: usize) -> Result<Plan> {
    hex_only(fight)?;
    if args.targets == 0 || args.targets > 20 {
        return Err(
            Diagnostic::plain(format!("--targets {} is out of range", args.targets))
                .with_hint("use a number of targets from 1 to 20")
                .into(),
        );
    }
    let aoe = match &args.aoe {
        Some(text) => Some(Pattern::parse(text).map_err(|m| {
            Diagnostic::plain(format!("--aoe `{text}`: {m}")).with_hint(
                "draw the area with `X` (and `@` for the attacker), one half row per `/`-separated line, e.g. `X/  X/X`",
            )
        })?),
        None => None,
    };
    let flying = args.flying || fight.has_trait(monster, &Trait::Flying);
    let mobility = if args.teleport {
        Mobility::Teleport
    } else if flying {
        Mobility::Fly
    } else if args.jump {
        Mobility::Jump
    } else {
        Mobility::Walk
    };
    let attack = (!args.no_attack).then(|| AttackShape {
        range: args
            .range
            .unwrap_or_else(|| own_range(fight, decks, monster)),
        targets: args.targets,
        aoe,
    });
    Ok(Plan {
        move_points: args.move_points,
        mobility,
        flying,
        muddled: args.muddled,
        attack,
        spared: Vec::new(),
    })
}

fn who(fight: &Fight, i: usize) -> String {
    let c = &fight.board.creatures[i];
    if c.display_name() == c.id {
        format!("{} ({})", c.id, c.position)
    } else {
        format!("{} [{}] ({})", c.display_name(), c.id, c.position)
    }
}

fn names(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

fn describe_plan(plan: &Plan) -> String {
    let mut parts = Vec::new();
    parts.push(match plan.move_points {
        None => "no move".to_string(),
        Some(n) => {
            let how = match plan.mobility {
                Mobility::Walk => "",
                Mobility::Jump => " (jump)",
                Mobility::Fly => " (flying)",
                Mobility::Teleport => " (teleport)",
            };
            format!("move {n}{how}")
        }
    });
    parts.push(match &plan.attack {
        None => "no attack".to_string(),
        Some(a) => {
            let mut s = if a.range == 0 {
                "melee attack".to_string()
            } else {
                format!("ranged attack, range {}", a.range)
            };
            if a.targets > 1 {
                s.push_str(&format!(", target {}", a.targets));
            }
            if let Some(p) = &a.aoe {
                s.push_str(&format!(", area {}", p.picture()));
            }
            s
        }
    });
    if plan.muddled {
        parts.push("muddled".into());
    }
    parts.join("; ")
}

/// The outcomes as lines: one per distinct destination and attack (see [`grouped`]).
fn outcome_lines(fight: &Fight, outcomes: &[Outcome]) -> Vec<String> {
    grouped(outcomes)
        .into_iter()
        .map(|(o, paths, goals)| outcome_text(fight, o, &paths, &goals))
        .collect()
}

/// Outcomes that differ only in the hexes walked through, or in the hex headed for,
/// grouped in order of first appearance: each with its ways there and its goals.
#[allow(clippy::type_complexity)] // one group: its first outcome, paths, goals
fn grouped(outcomes: &[Outcome]) -> Vec<(&Outcome, Vec<&[Cell]>, Vec<Cell>)> {
    let same = |a: &Outcome, b: &Outcome| {
        (a.destination, &a.targets, &a.disadvantage, &a.area, a.cost)
            == (b.destination, &b.targets, &b.disadvantage, &b.area, b.cost)
    };
    let mut groups: Vec<(&Outcome, Vec<&[Cell]>, Vec<Cell>)> = Vec::new();
    for o in outcomes {
        let i = match groups.iter().position(|(first, _, _)| same(first, o)) {
            Some(i) => i,
            None => {
                groups.push((o, Vec::new(), Vec::new()));
                groups.len() - 1
            }
        };
        let (_, paths, goals) = &mut groups[i];
        if !paths.contains(&o.path.as_slice()) {
            paths.push(&o.path);
        }
        if let Some(g) = o.toward.filter(|g| !goals.contains(g)) {
            goals.push(g);
        }
    }
    groups
}

fn outcome_text(fight: &Fight, o: &Outcome, paths: &[&[Cell]], goals: &[Cell]) -> String {
    let mut s = if o.path.is_empty() {
        format!("stay on {}", o.destination)
    } else {
        let ways: Vec<String> = paths.iter().map(|p| names(p)).collect();
        format!(
            "move to {} via {} ({} move point{}{})",
            o.destination,
            ways.join(" or "),
            o.cost.steps,
            if o.cost.steps == 1 { "" } else { "s" },
            match o.cost.avoided {
                0 => String::new(),
                n => format!(", {n} trap{}", plural(n as usize)),
            }
        )
    };
    if o.toward.is_some() {
        let list: Vec<String> = goals.iter().map(|g| g.name()).collect();
        s.push_str(&format!(
            ", heading for {}; no attack this turn",
            list.join(" or ")
        ));
    } else if !o.targets.is_empty() {
        let t: Vec<String> = o
            .targets
            .iter()
            .map(|&i| fight.board.creatures[i].id.clone())
            .collect();
        s.push_str(&format!(", attack {}", t.join(", ")));
        if !o.area.is_empty() {
            s.push_str(&format!(" with the area on {}", names(&o.area)));
        }
        if !o.disadvantage.is_empty() {
            let d: Vec<String> = o
                .disadvantage
                .iter()
                .map(|&i| fight.board.creatures[i].id.clone())
                .collect();
            s.push_str(&format!(" (disadvantage against {})", d.join(", ")));
        }
    }
    s
}

fn to_text(
    fight: &Fight,
    plan: &Plan,
    card: Option<&str>,
    variant: Variant,
    s: &Solution,
) -> String {
    let from = card.map_or(String::new(), |c| format!(", from {c}"));
    let mut out = format!(
        "{} — {}{from} ({} rules)\n",
        who(fight, s.monster),
        describe_plan(plan),
        variant.name()
    );
    if s.choices.is_empty() {
        out.push_str(
            "No enemy can be attacked from any hex it could reach: it neither moves nor attacks.\n",
        );
        return out;
    }
    if s.choices.len() > 1 {
        out.push_str(&format!(
            "{} enemies are equally good foci{}; the players choose:\n",
            s.choices.len(),
            if s.initiative_unknown {
                " (initiatives unknown)"
            } else {
                ""
            }
        ));
    }
    for c in &s.choices {
        out.push_str(&format!(
            "Focus: {} — attackable after {} move point{}{}, {} hex{} away around walls\n",
            who(fight, c.focus),
            c.cost.steps,
            if c.cost.steps == 1 { "" } else { "s" },
            match c.cost.avoided {
                0 => String::new(),
                n => format!(" over {n} trap{}", plural(n as usize)),
            },
            c.proximity.map_or("?".to_string(), |p| p.to_string()),
            if c.proximity == Some(1) { "" } else { "es" },
        ));
        let lines = outcome_lines(fight, &c.outcomes);
        if lines.len() > 1 {
            out.push_str(&format!("  {} equally valid choices:\n", lines.len()));
        }
        for (n, line) in lines.iter().enumerate() {
            out.push_str(&format!("  {}. {line}\n", n + 1));
        }
    }
    out
}

fn to_json(fight: &Fight, plan: &Plan, variant: Variant, s: &Solution) -> Value {
    let id = |i: usize| fight.board.creatures[i].id.clone();
    let cells = |v: &[Cell]| v.iter().map(|c| c.name()).collect::<Vec<_>>();
    json!({
        "command": "options",
        "monster": id(s.monster),
        "position": fight.board.creatures[s.monster].position.name(),
        "variant": variant.name(),
        "action": describe_plan(plan),
        "initiative_unknown": s.initiative_unknown,
        "foci": s.choices.iter().map(|c| json!({
            "focus": id(c.focus),
            "position": fight.board.creatures[c.focus].position.name(),
            "traps": c.cost.avoided,
            "steps": c.cost.steps,
            "proximity": c.proximity,
            "attacks": c.attacks,
            "outcomes": c.outcomes.iter().map(|o| json!({
                "destination": o.destination.name(),
                "path": cells(&o.path),
                "traps": o.cost.avoided,
                "steps": o.cost.steps,
                "targets": o.targets.iter().map(|&t| id(t)).collect::<Vec<_>>(),
                "disadvantage": o.disadvantage.iter().map(|&t| id(t)).collect::<Vec<_>>(),
                "area": cells(&o.area),
                "toward": o.toward.map(|c| c.name()),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::path::PathCost;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    fn outcome(to: &str, path: &[&str], toward: Option<&str>, targets: Vec<usize>) -> Outcome {
        Outcome {
            destination: cell(to),
            path: path.iter().map(|c| cell(c)).collect(),
            cost: PathCost {
                avoided: 0,
                steps: path.len() as u32,
            },
            targets,
            disadvantage: Vec::new(),
            area: Vec::new(),
            toward: toward.map(cell),
        }
    }

    /// Three ways to E3 (two paths; two hexes headed for) are one line; E4 heading for C3
    /// is another; E3 attacking creature 1 is a third: one line per destination and attack.
    #[test]
    fn one_line_per_destination_and_attack() {
        let all = [
            outcome("E3", &["G4", "F3", "E3"], Some("C3"), vec![]),
            outcome("E3", &["G4", "F3", "E3"], Some("C4"), vec![]),
            outcome("E3", &["G3", "F3", "E3"], Some("C3"), vec![]),
            outcome("E4", &["G4", "F4", "E4"], Some("C3"), vec![]),
            outcome("E3", &["G4", "F3", "E3"], None, vec![1]),
        ];
        let groups = grouped(&all);
        assert_eq!(groups.len(), 3);
        let (first, paths, goals) = &groups[0];
        assert_eq!(first.destination, cell("E3"));
        assert_eq!(paths.len(), 2);
        assert_eq!(goals, &[cell("C3"), cell("C4")]);
        assert_eq!(groups[1].0.destination, cell("E4"));
        assert_eq!(groups[2].0.targets, [1]);
    }
}

//! A need-driven monster's cycle in plain words, the default narration: what it feels
//! about what it perceives and what it does about it ("Kobold 1 fears Giant Snake more
//! than it loves the gold coins and backs away to F4."). The numbers, centres and ratings
//! behind it are `--explain`'s and `--json`'s.

use super::perceive::{Entity, Sense};
use super::rate::Plan;
use crate::rules::words::and_list;

/// What the story needs of the chosen action.
pub(crate) struct Told<'a> {
    /// The monster's display name.
    pub who: &'a str,
    /// The chosen action's name (`flee`, `attack`, ..., `nothing`).
    pub action: &'a str,
    /// True when the attack is a cornered monster fighting back.
    pub fights_back: bool,
    /// The plan it performs, with any tie already settled.
    pub plan: Option<&'a Plan>,
    /// The display name of the creature it attacks, if it attacks.
    pub target: Option<&'a str>,
}

/// The sentence for one cycle.
pub(crate) fn tell(sense: &Sense, told: &Told) -> String {
    let feel = feeling(sense);
    let step = match told.plan {
        Some(Plan::Step(_, to)) if to.len() == 1 => format!(" to {}", to[0]),
        _ => String::new(),
    };
    let target = told.target.unwrap_or("it");
    let act = match told.action {
        "flee" => format!("backs away{step}"),
        "regroup" => format!("goes toward {}{step}", pronoun(sense, |e| e.fear_love)),
        "advance" => format!("closes in{step}"),
        "wander" if sense.fear_love.total > 0.0 => "wanders about close by".into(),
        "wander" => "wanders".into(),
        "attack" if told.fights_back => {
            format!("with nothing else it can do fights back at {target}")
        }
        "attack" => format!("attacks {target}"),
        "open" => "tries the door".into(),
        "lockpick" => "works at the lock".into(),
        "drop" => "is slowed, so it lightens its load".into(),
        "pick-up" => "takes what lies at its feet".into(),
        "equip" => "sees to its gear".into(),
        "hold" => format!("holds its ground rather than step back{step}"),
        _ => nothing(sense),
    };
    let felt = sense.fear_love.total != 0.0 || sense.hate.total != 0.0;
    let joint = if (told.action == "nothing" && felt) || told.action == "hold" || told.fights_back {
        " but "
    } else {
        " and "
    };
    format!("{}{feel}{joint}{act}.", told.who)
}

/// Why a monster that perceives something does nothing.
fn nothing(sense: &Sense) -> String {
    let (fl, hate, fear) = (sense.fear_love.total, sense.hate.total, sense.fear());
    if sense.entities.is_empty() {
        "has nothing to do".into()
    } else if fl == 0.0 && hate == 0.0 {
        "stays where it is".into()
    } else if fear > hate {
        "is cornered".into()
    } else if hate == 0.0 {
        "cannot get any closer".into()
    } else {
        format!("cannot get at {}", pronoun(sense, |e| e.hate))
    }
}

/// How a name reads in a sentence: creatures by name, items with "the".
fn called(e: &Entity) -> String {
    match e.creature {
        Some(_) => e.name.clone(),
        None => format!("the {}", e.name),
    }
}

/// The entities felt one way, strongest first, as "A", "A and B" or "A, B and C".
fn listed(sense: &Sense, keep: impl Fn(&Entity) -> f64) -> String {
    let mut felt: Vec<(f64, String)> = sense
        .entities
        .iter()
        .filter(|e| keep(e) > 0.0)
        .map(|e| (keep(e), called(e)))
        .collect();
    felt.sort_by(|a, b| b.0.total_cmp(&a.0));
    let names: Vec<&str> = felt.iter().map(|(_, n)| n.as_str()).collect();
    and_list(&names)
}

/// "it" or "them", for the entities felt one way (counted, not read off their names: one
/// entity may be called "Grim and Gnash").
fn pronoun(sense: &Sense, keep: impl Fn(&Entity) -> f64) -> &'static str {
    let felt = sense.entities.iter().filter(|e| keep(e) > 0.0).count();
    if felt > 1 { "them" } else { "it" }
}

/// What it feels, after its name: " fears Giant Snake more than it loves the gold coins".
fn feeling(sense: &Sense) -> String {
    if sense.entities.is_empty() {
        return " perceives nothing".into();
    }
    let feared = listed(sense, |e| -e.fear_love);
    let loved = listed(sense, |e| e.fear_love);
    let hated = listed(sense, |e| e.hate);
    let (fl, hate, fear) = (sense.fear_love.total, sense.hate.total, sense.fear());
    if fl == 0.0 && hate == 0.0 {
        return if feared.is_empty() {
            " feels nothing for what it perceives".into()
        } else {
            format!(" fears {feared} as much as it loves {loved}")
        };
    }
    if fear > hate {
        return if !loved.is_empty() {
            format!(" fears {feared} more than it loves {loved}")
        } else if !hated.is_empty() {
            format!(" fears {feared} more than it hates {hated}")
        } else {
            format!(" fears {feared}")
        };
    }
    if hate == 0.0 {
        return if feared.is_empty() {
            format!(" loves {loved}")
        } else {
            format!(" loves {loved} more than it fears {feared}")
        };
    }
    match (feared.is_empty(), feared == hated) {
        (true, _) => format!(" hates {hated}"),
        (false, true) => format!(
            " hates {hated} more than it fears {}",
            pronoun(sense, |e| e.hate)
        ),
        (false, false) => format!(" hates {hated} more than it fears {feared}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::perceive::Centre;
    use crate::rate::Way;

    fn entity(id: &str, name: &str, creature: bool, fear_love: f64, hate: f64) -> Entity {
        Entity {
            id: id.into(),
            name: name.into(),
            cell: Cell::new(0, 0),
            distance: 1,
            creature: creature.then_some(1),
            fear_love,
            hate,
            detail: String::new(),
        }
    }

    fn sense(entities: Vec<Entity>) -> Sense {
        let mut s = Sense::default();
        for e in &entities {
            s.fear_love.add((0.0, 0.0), e.fear_love);
            s.hate.add((0.0, 0.0), e.hate);
        }
        s.entities = entities;
        s
    }

    fn told<'a>(action: &'a str, plan: Option<&'a Plan>) -> Told<'a> {
        Told {
            who: "Kobold 1",
            action,
            fights_back: false,
            plan,
            target: None,
        }
    }

    /// The example: the snake's fear (−166.67) outweighs the gold's love (125).
    #[test]
    fn fear_over_love_backs_away() {
        let s = sense(vec![
            entity("gold-1", "gold coins", false, 125.0, 0.0),
            entity("snake", "Giant Snake", true, -166.67, 0.0),
        ]);
        let plan = Plan::Step(Way::Flee, vec![Cell::parse("F4").unwrap()]);
        assert_eq!(
            tell(&s, &told("flee", Some(&plan))),
            "Kobold 1 fears Giant Snake more than it loves the gold coins and backs away to F4."
        );
    }

    #[test]
    fn love_of_two_goes_toward_them() {
        let s = sense(vec![
            entity("kobold-2", "Kobold 2", true, 916.67, 0.0),
            entity("gold-1", "gold coins", false, 125.0, 0.0),
            entity("snake", "Giant Snake", true, -166.67, 0.0),
        ]);
        let plan = Plan::Step(Way::Regroup, vec![Cell::parse("H5").unwrap()]);
        assert_eq!(
            tell(&s, &told("regroup", Some(&plan))),
            "Kobold 1 loves Kobold 2 and the gold coins more than it fears Giant Snake and \
             goes toward them to H5."
        );
    }

    #[test]
    fn nothing_perceived_gears_up_and_wanders() {
        let s = Sense {
            fear_love: Centre::default(),
            ..Sense::default()
        };
        assert_eq!(
            tell(&s, &told("equip", None)),
            "Kobold 1 perceives nothing and sees to its gear."
        );
        assert_eq!(
            tell(&s, &told("wander", None)),
            "Kobold 1 perceives nothing and wanders."
        );
        assert_eq!(
            tell(&s, &told("nothing", None)),
            "Kobold 1 perceives nothing and has nothing to do."
        );
    }

    #[test]
    fn hate_over_fear_closes_in_and_attacks() {
        let s = sense(vec![entity("k", "Kobold 1", true, -62.5, 125.0)]);
        let t = Told {
            who: "Giant Snake",
            target: Some("Kobold 1"),
            ..told("attack", None)
        };
        assert_eq!(
            tell(&s, &t),
            "Giant Snake hates Kobold 1 more than it fears it and attacks Kobold 1."
        );
        let back = Told {
            fights_back: true,
            ..t
        };
        assert!(
            tell(&s, &back).ends_with("but with nothing else it can do fights back at Kobold 1.")
        );
    }

    /// With nothing rated above 0 the sentence says why it stays.
    #[test]
    fn doing_nothing_says_why() {
        let cornered = sense(vec![entity("s", "Giant Snake", true, -1000.0, 0.0)]);
        assert_eq!(
            tell(&cornered, &told("nothing", None)),
            "Kobold 1 fears Giant Snake but is cornered."
        );
        let huddled = sense(vec![entity("k", "Kobold 2", true, 1833.33, 0.0)]);
        assert_eq!(
            tell(&huddled, &told("nothing", None)),
            "Kobold 1 loves Kobold 2 but cannot get any closer."
        );
        let hold = Plan::Step(Way::Advance, vec![Cell::parse("H6").unwrap()]);
        assert_eq!(
            tell(&huddled, &told("hold", Some(&hold))),
            "Kobold 1 loves Kobold 2 but holds its ground rather than step back to H6."
        );
        let cold = sense(vec![entity("g", "gold coins", false, 0.0, 0.0)]);
        assert_eq!(
            tell(&cold, &told("nothing", None)),
            "Kobold 1 feels nothing for what it perceives and stays where it is."
        );
    }
}

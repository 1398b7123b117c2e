//! This system's characters' model for `simulate` ([`D20_CHARACTERS`]): characters
//! playing themselves in this system's language, attacking with d20s against defence. A
//! heroes file gives each character either a plain tactic (an attack, and a heal it uses
//! when an ally is hurt) or its own ordered behaviours, exactly as a monster's. A
//! character the file leaves out plays the plain tactic with a default attack.

use super::compile::{At, Behaviour, MonsterType, compile_behaviour, opportunity_attack};
use super::format::BehaviourDef;
use super::perform::AttackBonus;
use super::turn::act;
use crate::board::action::Attack;
use crate::board::{Fight, Stats};
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems};
use crate::io::knob::{Knob, unknown};
use crate::io::load::parse_toml;
use crate::rules::targeting::Priority;
use crate::rules::world::World;
use crate::systems::heroes_file::{check_format, entry_id};
use crate::systems::runner::{Activation, play_started_turn};
use crate::systems::{CharacterModel, Characters};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The attack of a character the heroes file does not mention: a sturdy level-one
/// adventurer's (melee, or ranged when the board gives the character a range above 1).
pub(crate) const DEFAULT_MELEE: &str = "melee attack +5 1d8+3";
/// The attack of an unmentioned character whose board range is above 1.
pub(crate) const DEFAULT_RANGED: &str = "ranged attack +5 1d8+3";

/// The heroes file as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HeroesFile {
    /// Always 1 for this version.
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// The characters it describes; the others fight by the default tactic.
    #[serde(default, rename = "hero")]
    pub heroes: Vec<HeroDef>,
}

/// One character's way of fighting.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HeroDef {
    /// The character's id on the board.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Whom it attacks among the enemies it can reach (default: the closest).
    #[serde(default)]
    pub target_priority: Priority,
    /// The plain tactic's attack, as a monster action line (`melee attack +5 1d8+3`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub attack: Option<Spanned<String>>,
    /// The plain tactic's heal (`ranged heal 1d8+2`, `heal adjacent ally 2d4`), used
    /// when an ally (or, for `heal self`, the character) is below half its HP.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub heal: Option<Spanned<String>>,
    /// Ordered behaviours in the scheme language, instead of the plain tactic.
    #[serde(default, rename = "behaviour")]
    pub behaviours: Vec<BehaviourDef>,
}

/// How every character of a board fights.
#[derive(Clone, Debug, Default)]
pub(crate) struct Heroes {
    tactics: BTreeMap<String, MonsterType>,
    /// Characters that fight with the default attack, for the report.
    pub defaulted: Vec<String>,
}

impl Heroes {
    /// The tactic of every character in `characters` (id, and whether the board gives
    /// it a range above 1): from the heroes file (`file`, `text`) when one is given, the
    /// default plain tactic for the rest.
    pub(crate) fn load(
        source: Option<(&str, &str)>,
        characters: &[(String, bool)],
    ) -> Result<Heroes, Diagnostics> {
        let mut heroes = Heroes::default();
        if let Some((file, text)) = source {
            let raw: HeroesFile = parse_toml(file, text)?;
            let locate = Locator::new(file, text);
            let make = |span: Range<usize>, msg: String| locate.span(span, msg);
            let at = At::new(&make, text);
            check_format(&locate, &raw.format)?;
            let mut problems = Problems::new();
            let ids: Vec<&str> = characters.iter().map(|(id, _)| id.as_str()).collect();
            for (hi, def) in raw.heroes.iter().enumerate() {
                let known = |id: &str| heroes.tactics.contains_key(id);
                let who = (&ids[..], "character");
                let Some(id) = entry_id(&locate, &def.id, hi, who, known, &mut problems) else {
                    continue;
                };
                if let Some(mt) = compile_hero(def, hi, &id, &at, &mut problems) {
                    heroes.tactics.insert(mt.name.clone(), mt);
                }
            }
            if !problems.is_empty() {
                return problems.finish(heroes);
            }
        }
        for (id, ranged) in characters {
            if heroes.tactics.contains_key(id) {
                continue;
            }
            let attack = if *ranged {
                DEFAULT_RANGED
            } else {
                DEFAULT_MELEE
            };
            heroes
                .tactics
                .insert(id.clone(), default_tactic(id, attack));
            heroes.defaulted.push(id.clone());
        }
        Ok(heroes)
    }

    /// The melee attack character `id` makes when an enemy walks out of its reach: the
    /// first single-target melee attack of its tactic, as for a scheme monster.
    pub(crate) fn opportunity(&self, id: &str) -> Option<Attack> {
        opportunity_attack(&self.tactics.get(id)?.behaviours)
    }

    /// The behaviours character `id` plays by.
    #[cfg(test)]
    pub(crate) fn tactic(&self, id: &str) -> Option<&MonsterType> {
        self.tactics.get(id)
    }

    /// Plays character `id`'s turn, already started by its revealed card (its
    /// start-of-turn effects are done), as the shared runner plays a started turn: it acts
    /// by its tactic. The turn ends when the next card is revealed.
    pub(crate) fn play_turn(&self, world: &mut World, id: &str) {
        if let Some(mt) = self.tactics.get(id) {
            play_started_turn(world, id, &mut HeroTurn(mt));
        }
    }
}

/// Characters who fight by the scheme language and d20s.
pub(crate) struct D20Characters;

/// The Monster A.I. system's characters' model.
pub(crate) static D20_CHARACTERS: D20Characters = D20Characters;

impl CharacterModel for D20Characters {
    fn characters(
        &self,
        fight: &mut Fight,
        _monsters: &dyn crate::systems::Monsters,
        file: Option<(&str, &str)>,
    ) -> Result<Box<dyn Characters>, Diagnostics> {
        let heroes = Heroes::load(file, &characters(fight))?;
        // Played by the tool, characters make their own opportunity attacks.
        for (c, stats) in fight.board.creatures.iter().zip(fight.stats.iter_mut()) {
            if c.is_character() {
                stats.opportunity = heroes.opportunity(&c.id);
            }
        }
        Ok(Box::new(heroes))
    }

    fn knob(&self, text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
        knob(text, id, stat)
    }
}

impl Characters for Heroes {
    fn play_turn(&self, world: &mut World, id: &str) {
        Heroes::play_turn(self, world, id);
    }

    fn defaulted(&self) -> Vec<String> {
        self.defaulted.clone()
    }
}

/// Every character of the board (a players' creature without a monster type), and
/// whether the board gives it a range above 1.
pub(crate) fn characters(fight: &Fight) -> Vec<(String, bool)> {
    fight
        .board
        .creatures
        .iter()
        .zip(&fight.stats)
        .filter(|(c, _)| c.is_character())
        .map(|(c, s)| (c.id.clone(), s.range > 1))
        .collect()
}

/// A character's part of the shared turn: its tactic's behaviours.
struct HeroTurn<'a>(&'a MonsterType);

impl Activation for HeroTurn<'_> {
    fn act(&mut self, world: &mut World, id: &str) {
        act(world, self.0, id, None, &AttackBonus::default());
    }
}

/// A character's entry (its id already checked): either the plain tactic's `attack`
/// (and `heal`) or behaviours.
fn compile_hero(
    def: &HeroDef,
    hi: usize,
    id: &str,
    at: &At,
    problems: &mut Problems,
) -> Option<MonsterType> {
    let path = |rest: &str| format!("hero[{hi}].{rest}");
    let plain = def.attack.is_some() || def.heal.is_some();
    if plain && !def.behaviours.is_empty() {
        let field = def.attack.as_ref().or(def.heal.as_ref()).expect("plain");
        problems.push(
            at(
                field.span(),
                format!("`{id}` has both a plain tactic and behaviours"),
            )
            .with_path(path(if def.attack.is_some() {
                "attack"
            } else {
                "heal"
            }))
            .with_hint("give either `attack` (and `heal`) or `[[hero.behaviour]]` entries"),
        );
        return None;
    }
    if !plain && def.behaviours.is_empty() {
        problems.push(
            at(def.id.span(), format!("`{id}` has no way to fight"))
                .with_path(path("attack"))
                .with_hint(
                    "add `attack = \"melee attack +5 1d8+3\"` or `[[hero.behaviour]]` entries",
                ),
        );
        return None;
    }
    let defs: Vec<BehaviourDef> = if plain {
        plain_tactic(def.attack.clone(), def.heal.clone())
    } else {
        // The entry's own behaviours; reborrowed below.
        Vec::new()
    };
    let list = if plain { &defs } else { &def.behaviours };
    let before = problems.len();
    let behaviours: Vec<Behaviour> = list
        .iter()
        .enumerate()
        .filter_map(|(bi, b)| {
            let own = |rest: &str| {
                if plain {
                    // A generated behaviour's lines come from the `heal` / `attack` fields.
                    let heals = def.heal.is_some() && bi == 0;
                    path(if heals { "heal" } else { "attack" })
                } else {
                    path(&format!("behaviour[{bi}].{rest}"))
                }
            };
            compile_behaviour(b, bi, &own, &[], at, problems)
        })
        .collect();
    (problems.len() == before).then(|| MonsterType {
        name: id.to_string(),
        stats: Stats::defaults(1),
        priority: def.target_priority,
        behaviours,
        card_bonus: Vec::new(),
    })
}

/// The plain tactic as behaviours: heal when someone is hurt (if it can), else walk up
/// to the chosen enemy and attack; with no enemy in reach, close in on the nearest.
fn plain_tactic(
    attack: Option<Spanned<String>>,
    heal: Option<Spanned<String>>,
) -> Vec<BehaviourDef> {
    let generated = |span: Range<usize>, text: &str| Spanned::new(span, text.to_string());
    let mut defs = Vec::new();
    if let Some(heal) = heal {
        let when = if heal.get_ref().contains("self") {
            "self.below_half"
        } else {
            "allies.below_half >= 1"
        };
        defs.push(BehaviourDef {
            name: Some("heal the hurt".into()),
            when: Some(generated(heal.span(), when)),
            proximity: None,
            actions: vec![generated(heal.span(), "move"), heal],
            charge: None,
            once: None,
        });
    }
    if let Some(attack) = attack {
        defs.push(BehaviourDef {
            name: Some("attack".into()),
            when: None,
            proximity: None,
            actions: vec![generated(attack.span(), "move"), attack],
            charge: None,
            once: None,
        });
    }
    defs
}

/// The plain tactic with `attack`, for a character without an entry.
fn default_tactic(id: &str, attack: &str) -> MonsterType {
    let span = 0..attack.len();
    let defs = plain_tactic(Some(Spanned::new(span, attack.to_string())), None);
    let make = |span: Range<usize>, msg: String| {
        Diagnostic::at_span("the default tactic", attack, span, msg)
    };
    let at = At::new(&make, attack);
    let mut problems = Problems::new();
    let behaviours = defs
        .iter()
        .enumerate()
        .filter_map(|(bi, b)| compile_behaviour(b, bi, &|r| r.to_string(), &[], &at, &mut problems))
        .collect();
    assert!(problems.is_empty(), "the default attack compiles");
    MonsterType {
        name: id.to_string(),
        stats: Stats::defaults(1),
        priority: Priority::Closest,
        behaviours,
        card_bonus: Vec::new(),
    }
}

/// `simulate --vary ID.attack`: where character `id`'s attack bonus is written in heroes
/// file `text` (the signed number after `attack` in its plain tactic's line).
fn knob(text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
    if stat != "attack" {
        return Err(unknown(id, stat, &["attack"]));
    }
    let file: HeroesFile = parse_toml("the heroes file", text)?;
    let Some(hero) = file.heroes.iter().find(|h| h.id.get_ref().trim() == id) else {
        return Err(Diagnostic::plain(format!("the heroes file has no entry for `{id}`"))
            .with_hint(format!("give it one with its attack, e.g. `[[hero]]` `id = \"{id}\"` `attack = \"melee attack +5 1d8+3\"`")));
    };
    let Some(attack) = &hero.attack else {
        return Err(Diagnostic::plain(format!(
            "`{id}` fights by its own behaviours, with no plain `attack` line to vary"
        ))
        .with_hint("vary a character whose heroes-file entry gives `attack = \"…\"`"));
    };
    attack_bonus(text, attack.span())
        .map(|span| Knob::signed(span, true))
        .ok_or_else(|| {
            Diagnostic::plain(format!("`{id}`'s attack has no bonus to vary"))
                .with_hint("write the attack with its bonus, e.g. `melee attack +5 1d8+3`")
        })
}

/// The bonus of the attack line written at `span` of `text` (its quotes included): the
/// signed number after the word `attack`.
fn attack_bonus(text: &str, span: Range<usize>) -> Option<Range<usize>> {
    let raw = text.get(span.clone())?;
    let after = raw.find("attack ")? + "attack ".len();
    let rest = &raw[after..];
    let start = after + (rest.len() - rest.trim_start().len());
    let sign = raw[start..]
        .chars()
        .next()
        .filter(|c| *c == '+' || *c == '-')?;
    let digits = raw[start + sign.len_utf8()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    (digits > 0).then(|| span.start + start..span.start + start + 1 + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars() -> Vec<(String, bool)> {
        vec![("aria".into(), false), ("dain".into(), true)]
    }

    #[test]
    fn characters_left_out_get_the_default_attack() {
        let h = Heroes::load(None, &chars()).unwrap();
        assert_eq!(h.defaulted, ["aria", "dain"]);
        assert_eq!(
            h.tactic("aria").unwrap().behaviours[0].summary,
            "move, melee attack +5 1d8+3"
        );
        assert_eq!(
            h.tactic("dain").unwrap().behaviours[0].summary,
            "move, ranged attack +5 1d8+3"
        );
    }

    #[test]
    fn a_melee_tactic_gives_an_opportunity_attack() {
        let h = Heroes::load(None, &chars()).unwrap();
        let a = h.opportunity("aria").unwrap();
        assert_eq!(
            (a.bonus, a.damage.unwrap().to_string()),
            (5, "1d8+3".to_string())
        );
        assert!(h.opportunity("dain").is_none(), "a ranged tactic has none");
    }

    #[test]
    fn a_plain_tactic_heals_first_then_attacks() {
        let text = "format = 1\n[[hero]]\nid = \"dain\"\nattack = \"ranged attack +4 1d6\"\nheal = \"ranged heal 1d8+2\"\n";
        let h = Heroes::load(Some(("h.toml", text)), &chars()).unwrap();
        let t = h.tactic("dain").unwrap();
        assert_eq!(t.behaviours.len(), 2);
        assert_eq!(t.behaviours[0].label, "heal the hurt");
        assert_eq!(t.behaviours[0].summary, "move, ranged heal 1d8+2");
        assert_eq!(t.behaviours[1].summary, "move, ranged attack +4 1d6");
        assert_eq!(h.defaulted, ["aria"]);
    }

    #[test]
    fn behaviours_are_the_scheme_language() {
        let text = "format = 1\n[[hero]]\nid = \"aria\"\ntarget_priority = \"lowest-hp\"\n[[hero.behaviour]]\nwhen = \"self.below_half\"\ndo = [\"retreat\"]\n[[hero.behaviour]]\ndo = [\"move\", \"melee attack +6 2d6\"]\n";
        let h = Heroes::load(Some(("h.toml", text)), &chars()).unwrap();
        let t = h.tactic("aria").unwrap();
        assert_eq!(t.priority, Priority::LowestHp);
        assert_eq!(t.behaviours.len(), 2);
    }

    fn error(text: &str) -> String {
        Heroes::load(Some(("h.toml", text)), &chars())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn bad_entries_are_located() {
        let e = error("format = 1\n[[hero]]\nid = \"arya\"\nattack = \"melee attack +5 1d8\"\n");
        assert!(e.contains("h.toml:3:6"), "{e}");
        assert!(e.contains("did you mean `aria`?"), "{e}");
        let e = error("format = 1\n[[hero]]\nid = \"aria\"\nattack = \"melee atack +5 1d8\"\n");
        assert!(e.contains("h.toml:4:"), "{e}");
        assert!(e.contains("hero[0].do[1]") || e.contains("hero[0]"), "{e}");
        let e = error("format = 1\n[[hero]]\nid = \"aria\"\n");
        assert!(e.contains("has no way to fight"), "{e}");
        let e = error(
            "format = 1\n[[hero]]\nid = \"aria\"\nattack = \"melee attack +5 1d8\"\n[[hero]]\nid = \"aria\"\nattack = \"melee attack +5 1d8\"\n",
        );
        assert!(e.contains("given twice"), "{e}");
        let e = error("format = 2\n");
        assert!(e.contains("format 2"), "{e}");
        let e = error(
            "format = 1\n[[hero]]\nid = \"aria\"\nattack = \"melee attack +5 1d8\"\n[[hero.behaviour]]\ndo = [\"move\"]\n",
        );
        assert!(e.contains("both a plain tactic and behaviours"), "{e}");
    }

    #[test]
    fn a_heroes_attack_bonus_is_found_in_its_line() {
        let text = "format = 1\n[[hero]]\nid = \"aria\"\nattack = \"melee attack +6 1d10+3\"\n[[hero]]\nid = \"cass\"\n[[hero.behaviour]]\ndo = [\"move\"]\n";
        let k = knob(text, "aria", "attack").unwrap();
        assert_eq!(k.now(text), Some(6));
        assert!(k.apply(text, 8).contains("\"melee attack +8 1d10+3\""));
        assert!(k.apply(text, -2).contains("\"melee attack -2 1d10+3\""));
        let d = knob(text, "cass", "attack").unwrap_err();
        assert!(d.message.contains("own behaviours"), "{}", d.message);
        let d = knob(text, "dain", "attack").unwrap_err();
        assert_eq!(d.message, "the heroes file has no entry for `dain`");
        let d = knob(text, "aria", "atack").unwrap_err();
        assert_eq!(
            d.hint.as_deref(),
            Some("did you mean `attack`? aria has: attack")
        );
    }
}

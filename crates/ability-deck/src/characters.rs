//! The ability-deck system's characters' model for `simulate` ([`GLOOM_CHARACTERS`]):
//! characters who fight by Gloomhaven's rules, not with d20s. Each round a character
//! picks its initiative (a fixed number, or one of a list at random) and on its turn
//! plays one of its cards (at random when it has several): card-like actions such as
//! `move 3` and `attack 3 range 2 target 2 pierce 1 poison`, read as a monster card's
//! lines with nothing to add to (a character has no stat line). It chooses whom to attack
//! and where to move by the monsters' focus rules, draws from its own attack-modifier
//! deck (the standard twenty, shuffled after a round with ×2 or null; curses the monsters
//! give it go in), and shields, retaliate and conditions work as for monsters. A
//! character the heroes file leaves out plays [`DEFAULT_CARD`] at the initiatives of
//! [`DEFAULT_INITIATIVES`].

use super::compile::{AbilityCard, AbilityDecks, At, compile_actions};
use super::events::DeckEvent;
use super::modifiers::ModifierDeck;
use super::round_calls::missing_for;
use super::stat_line::Line;
use super::state::{hero_decks, set_hero_decks, set_initiative, set_recorded_for};
use super::turn::perform_card;
use crate::board::{Fight, Side};
use crate::io::diagnostic::{Diagnostic, Diagnostics, Locator, Problems};
use crate::io::knob::{Knob, Place, unknown};
use crate::io::load::parse_toml;
use crate::rules::events::Event;
use crate::rules::world::World;
use crate::systems::heroes_file::{check_format, entry_id};
use crate::systems::runner::{Activation, play_started_turn};
use crate::systems::{CharacterModel, Characters, Monsters};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The card of a character the heroes file leaves out: a level-one melee character's
/// plain move and attack (its attack reaches 3 hexes when the board gives it a range).
pub(crate) const DEFAULT_CARD: &[&str] = &["move 3", "attack 3"];
/// The default card of a character the board gives a range above 1.
pub(crate) const DEFAULT_RANGED_CARD: &[&str] = &["move 2", "attack 3 range 3"];
/// The initiatives a character the heroes file leaves out picks from, one at random each
/// round (fast, middling and slow cards alike).
pub(crate) const DEFAULT_INITIATIVES: &[u32] = &[15, 35, 55, 75];

/// A heroes file for ability-deck boards, as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GloomHeroesFile {
    /// The file's format version (1).
    #[schemars(with = "u32")]
    pub format: Spanned<u32>,
    /// One entry per character.
    #[serde(default, rename = "hero")]
    pub heroes: Vec<GloomHeroDef>,
}

/// One character's cards and initiatives.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GloomHeroDef {
    /// The character's id on the board.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Its initiative every round (`40`), or the initiatives it picks from at random
    /// (`[12, 45, 70]`).
    #[serde(default)]
    #[schemars(with = "Option<InitiativeDef>")]
    pub initiative: Option<Spanned<InitiativeDef>>,
    /// Its cards, each a list of action lines (`["move 3", "attack 3 pierce 1"]`); one is
    /// played each turn, at random when there are several.
    #[schemars(with = "Vec<Vec<String>>")]
    pub cards: Vec<Vec<Spanned<String>>>,
}

/// A fixed initiative or a list to pick from.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub(crate) enum InitiativeDef {
    /// The same every round.
    One(u32),
    /// One of these at random each round.
    Many(Vec<u32>),
}

/// How one character fights.
#[derive(Clone, Debug)]
struct Hero {
    initiatives: Vec<u32>,
    cards: Vec<AbilityCard>,
}

/// A board's characters, fighting by Gloomhaven's rules.
pub(crate) struct GloomHeroes {
    decks: AbilityDecks,
    heroes: BTreeMap<String, Hero>,
    defaulted: Vec<String>,
}

/// The model behind [`GLOOM_CHARACTERS`].
pub(crate) struct GloomCharacters;

/// The ability-deck system's characters' model.
pub(crate) static GLOOM_CHARACTERS: GloomCharacters = GloomCharacters;

impl CharacterModel for GloomCharacters {
    fn characters(
        &self,
        fight: &mut Fight,
        monsters: &dyn Monsters,
        file: Option<(&str, &str)>,
    ) -> Result<Box<dyn Characters>, Diagnostics> {
        let decks = monsters
            .as_any()
            .downcast_ref::<AbilityDecks>()
            .cloned()
            .unwrap_or_default();
        let heroes = load(fight, file)?;
        Ok(Box::new(GloomHeroes { decks, ..heroes }))
    }

    fn knob(&self, text: &str, id: &str, stat: &str) -> Result<crate::io::knob::Knob, Diagnostic> {
        knob(text, id, stat)
    }
}

/// Every character's way of fighting: the heroes file's entries, the default for the rest.
fn load(fight: &Fight, file: Option<(&str, &str)>) -> Result<GloomHeroes, Diagnostics> {
    let ids = fight.board.character_ids();
    let mut heroes = BTreeMap::new();
    if let Some((path, text)) = file {
        let raw: GloomHeroesFile = parse_toml(path, text)?;
        let locate = Locator::new(path, text);
        let at = |span: Range<usize>, msg: String| locate.span(span, msg);
        check_format(&locate, &raw.format)?;
        let mut problems = Problems::new();
        for (hi, def) in raw.heroes.iter().enumerate() {
            let names: Vec<&str> = ids.iter().map(String::as_str).collect();
            let known = |id: &str| heroes.contains_key(id);
            let who = (&names[..], "character");
            let Some(id) = entry_id(&locate, &def.id, hi, who, known, &mut problems) else {
                continue;
            };
            if let Some(hero) = compile_hero(def, hi, &id, &at, &mut problems) {
                heroes.insert(id, hero);
            }
        }
        if !problems.is_empty() {
            return problems.finish(GloomHeroes {
                decks: AbilityDecks::default(),
                heroes,
                defaulted: Vec::new(),
            });
        }
    }
    let mut defaulted = Vec::new();
    for id in ids {
        if heroes.contains_key(&id) {
            continue;
        }
        let ranged = fight
            .index_of(&id)
            .is_some_and(|i| fight.stats.get(i).is_some_and(|s| s.range > 1));
        heroes.insert(id.clone(), default_hero(ranged));
        defaulted.push(id);
    }
    Ok(GloomHeroes {
        decks: AbilityDecks::default(),
        heroes,
        defaulted,
    })
}

/// The default character (see [`DEFAULT_CARD`]).
fn default_hero(ranged: bool) -> Hero {
    let lines = if ranged {
        DEFAULT_RANGED_CARD
    } else {
        DEFAULT_CARD
    };
    let text = lines.join("\n");
    let make = |span: Range<usize>, msg: String| {
        Diagnostic::at_span("the default character", &text, span, msg)
    };
    let mut problems = Problems::new();
    let spanned: Vec<Spanned<String>> = lines
        .iter()
        .map(|l| Spanned::new(0..l.len(), l.to_string()))
        .collect();
    let steps = compile_actions(
        &split_lines(&spanned),
        &|r| r.to_string(),
        &make,
        &mut problems,
    );
    assert!(problems.is_empty(), "the default card compiles");
    Hero {
        initiatives: DEFAULT_INITIATIVES.to_vec(),
        cards: vec![card(1, steps.unwrap_or_default())],
    }
}

fn card(number: u32, steps: Vec<super::compile::Step>) -> AbilityCard {
    AbilityCard {
        number,
        label: format!("card {number}"),
        initiative: 0,
        shuffle: false,
        steps,
        infuse: Vec::new(),
        consume: Vec::new(),
    }
}

/// A one-line attack (`attack 3 range 2 target 2 pierce 1 poison`) as the lines a monster
/// card would give it (`attack 3`, `range 2`, ...), each keeping the line's place in the
/// file; other lines as they are.
fn split_lines(lines: &[Spanned<String>]) -> Vec<Spanned<String>> {
    let mut out = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.get_ref().split_whitespace().collect();
        let is_attack = words
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("attack"));
        if !is_attack || words.len() <= 2 {
            out.push(line.clone());
            continue;
        }
        let mut part = vec![words[0], words[1]];
        for w in &words[2..] {
            // A number belongs to the word before it (`range 2`); a word starts a line.
            let joins = w.parse::<i64>().is_ok() || w.starts_with(['+', '-']);
            if !joins {
                out.push(Spanned::new(line.span(), part.join(" ")));
                part.clear();
            }
            part.push(w);
        }
        out.push(Spanned::new(line.span(), part.join(" ")));
    }
    out
}

/// One `[[hero]]` entry (character `id`, already checked): initiatives from 0 to 99 and
/// at least one card of known actions.
fn compile_hero(
    def: &GloomHeroDef,
    hi: usize,
    id: &str,
    at: &At,
    problems: &mut Problems,
) -> Option<Hero> {
    let path = |rest: &str| format!("hero[{hi}].{rest}");
    let before = problems.len();
    let initiatives = match &def.initiative {
        None => DEFAULT_INITIATIVES.to_vec(),
        Some(i) => {
            let list = match i.get_ref() {
                InitiativeDef::One(n) => vec![*n],
                InitiativeDef::Many(list) => list.clone(),
            };
            if list.is_empty() || list.iter().any(|n| *n > 99) {
                problems.push(
                    at(i.span(), "initiatives run from 0 to 99".to_string())
                        .with_path(path("initiative"))
                        .with_hint("write `initiative = 40` or `initiative = [12, 45, 70]`"),
                );
            }
            list
        }
    };
    if def.cards.is_empty() {
        problems.push(
            at(def.id.span(), format!("`{id}` has no cards"))
                .with_path(path("cards"))
                .with_hint("add `cards = [[\"move 3\", \"attack 3\"]]`"),
        );
    }
    let mut cards = Vec::new();
    for (ci, lines) in def.cards.iter().enumerate() {
        if lines.is_empty() {
            problems.push(
                at(def.id.span(), format!("`{id}`'s card {} is empty", ci + 1))
                    .with_path(path(&format!("cards[{ci}]")))
                    .with_hint("give a card at least one action, e.g. `\"attack 3\"`"),
            );
            continue;
        }
        let own = |rest: &str| path(&format!("cards[{ci}].{rest}"));
        let steps = compile_actions(&split_lines(lines), &own, at, problems);
        if let Some(steps) = steps {
            cards.push(card(ci as u32 + 1, steps));
        }
    }
    (problems.len() == before).then_some(Hero { initiatives, cards })
}

impl Characters for GloomHeroes {
    fn play_turn(&self, world: &mut World, id: &str) {
        if let Some(hero) = self.heroes.get(id) {
            play_started_turn(
                world,
                id,
                &mut HeroTurn {
                    decks: &self.decks,
                    hero,
                },
            );
        }
    }

    fn round_starts(&self, world: &mut World) {
        let round = world.fight().board.round;
        // Each character's own deck, fresh the first time it is needed.
        let mut own = hero_decks(world.fight());
        let mut fresh = false;
        for id in world.fight().board.character_ids() {
            if !own.contains_key(&id) && self.heroes.contains_key(&id) {
                own.insert(id, ModifierDeck::fresh(world.rng()));
                fresh = true;
            }
        }
        if fresh {
            set_hero_decks(world, &own);
        }
        // Initiatives the board already holds for this round (the first, as a rule) stand.
        let first = world.fight().board.turn_order.is_empty();
        for id in missing_for(world.fight(), round, first) {
            let Some(hero) = self.heroes.get(&id) else {
                continue;
            };
            let n = hero.initiatives.len() as u32;
            let pick = if n > 1 { world.rng().below(n) } else { 0 };
            let initiative = hero.initiatives[pick as usize];
            set_initiative(world, &id, initiative, None);
            set_recorded_for(world, &id, round);
            world.emit(Event::system(DeckEvent::InitiativeSet {
                creature: id,
                initiative,
                second: None,
                round,
            }));
        }
    }

    fn defaulted(&self) -> Vec<String> {
        self.defaulted.clone()
    }
}

/// A character's part of the shared turn: one of its cards, played as a monster plays
/// its card (with no stat line to add to).
struct HeroTurn<'a> {
    decks: &'a AbilityDecks,
    hero: &'a Hero,
}

impl Activation for HeroTurn<'_> {
    fn act(&mut self, world: &mut World, id: &str) {
        let cards = &self.hero.cards;
        let Some(first) = cards.first() else { return };
        let card = if cards.len() > 1 {
            let k = world.rng().below(cards.len() as u32) as usize;
            &cards[k]
        } else {
            first
        };
        let me = world.idx(id);
        let side = me.map(|i| world.fight().board.creatures[i].side);
        if side != Some(Side::Players) {
            return;
        }
        world.emit(Event::system(DeckEvent::HeroCard {
            creature: id.to_string(),
            label: card.label.clone(),
            actions: told(card),
        }));
        perform_card(world, self.decks, card, &Line::bare(), id);
    }
}

/// A character's card as narration tells it: its own numbers (`attack 3 melee`), not
/// changes to a stat line.
fn told(card: &AbilityCard) -> Vec<String> {
    super::turn::describe(card, Some(0))
        .into_iter()
        .map(|a| a.replacen(" +", " ", 1))
        .collect()
}

/// Where character `id`'s `attack` is written in heroes file `text`: the number after
/// `attack` on each of its cards.
fn knob(text: &str, id: &str, stat: &str) -> Result<Knob, Diagnostic> {
    if stat != "attack" {
        return Err(unknown(id, stat, &["attack"]));
    }
    let file: GloomHeroesFile = parse_toml("the heroes file", text)?;
    let Some(hero) = file.heroes.iter().find(|h| h.id.get_ref().trim() == id) else {
        return Err(
            Diagnostic::plain(format!("the heroes file has no entry for `{id}`")).with_hint(
                format!("give it one with its cards, e.g. `[[hero]]` `id = \"{id}\"` `cards = [[\"move 3\", \"attack 3\"]]`"),
            ),
        );
    };
    let places: Vec<Place> = hero
        .cards
        .iter()
        .flatten()
        .filter_map(|line| attack_value(text, line))
        .map(|span| Place {
            span,
            form: "{}".into(),
        })
        .collect();
    if places.is_empty() {
        return Err(Diagnostic::plain(format!("`{id}`'s cards have no attack"))
            .with_hint("vary a character whose cards attack (`attack 3`)"));
    }
    Ok(Knob { places })
}

/// The number of an `attack N` line as written in `text` (the line's span holds its
/// quotes).
fn attack_value(text: &str, line: &Spanned<String>) -> Option<std::ops::Range<usize>> {
    let span = line.span();
    let raw = text.get(span.clone())?;
    let body = raw.trim_start_matches(['"', '\'']).trim_start();
    let start = raw.len() - body.len();
    let word = body.get(..6)?;
    if !word.eq_ignore_ascii_case("attack") {
        return None;
    }
    let rest = &body[6..];
    let gap = rest.len() - rest.trim_start().len();
    let digits = rest[gap..].chars().take_while(char::is_ascii_digit).count();
    let from = span.start + start + 6 + gap;
    (gap > 0 && digits > 0).then(|| from..from + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        let spanned: Vec<Spanned<String>> = text
            .iter()
            .map(|l| Spanned::new(0..l.len(), l.to_string()))
            .collect();
        split_lines(&spanned)
            .into_iter()
            .map(|l| l.into_inner())
            .collect()
    }

    #[test]
    fn a_one_line_attack_becomes_a_cards_lines() {
        assert_eq!(
            lines(&[
                "move 3",
                "attack 3 range 2 target 2 pierce 1 poison curse push 1"
            ]),
            [
                "move 3", "attack 3", "range 2", "target 2", "pierce 1", "poison", "curse",
                "push 1"
            ]
        );
        assert_eq!(lines(&["attack 2"]), ["attack 2"]);
    }

    #[test]
    fn the_default_card_moves_and_attacks() {
        let h = default_hero(false);
        assert_eq!(h.cards.len(), 1);
        assert_eq!(told(&h.cards[0]), ["move 3", "attack 3 melee"]);
        let h = default_hero(true);
        assert_eq!(told(&h.cards[0]), ["move 2", "attack 3 range 3"]);
    }

    #[test]
    fn a_characters_attack_is_found_on_each_card() {
        let text = "format = 1\n[[hero]]\nid = \"tor\"\ncards = [\n  [\"move 3\", \"attack 4\", \"shield 1\"],\n  [\"move 2\", \"attack 3 pierce 2\"],\n]\n";
        let k = knob(text, "tor", "attack").unwrap();
        assert_eq!(k.places.len(), 2);
        assert_eq!(k.now(text), Some(4));
        let five = k.apply(text, 5);
        assert!(five.contains("\"attack 5\", \"shield 1\""), "{five}");
        assert!(five.contains("\"attack 5 pierce 2\""), "{five}");
        assert_eq!(
            knob(text, "tor", "shield").unwrap_err().message,
            "tor has no number `shield` to vary"
        );
        assert!(knob(text, "vela", "attack").is_err());
    }
}

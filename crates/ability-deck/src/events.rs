//! The ability-deck system's own events: the ability card a type draws, the modifier
//! cards an attack draws, blessings and curses, initiatives, money tokens and loot, and
//! rooms revealed behind doors. Each says its narration and its `--json` form here.

use crate::rules::events::{Choice, Names, SystemWords};
use crate::rules::words::entered_mark;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
/// What the ability-deck system says of itself (see [`SystemWords`]).
pub(crate) enum DeckEvent {
    /// A type drew its ability card for the round.
    AbilityCard {
        /// The monster type.
        kind: String,
        /// The card's number in its deck.
        card: u32,
        /// The card's name.
        label: String,
        /// The card's initiative.
        initiative: u32,
        /// Its actions, as told.
        actions: Vec<String>,
        /// Whether the players drew it themselves (`record BOARD drew`; left out when
        /// not).
        #[serde(skip_serializing_if = "crate::rules::words::not")]
        entered: bool,
    },
    /// A monster's attack drew from the attack-modifier deck (two cards with advantage or
    /// disadvantage; `used` is the one that counts).
    ModifierDrawn {
        /// Who attacked.
        attacker: String,
        /// Who was attacked.
        target: String,
        /// The cards turned over.
        drawn: Vec<String>,
        /// The card that counts.
        used: String,
        /// The attack before the card (a poisoned target's +1 counted).
        base: i32,
        /// The attack after it.
        attack: i32,
        /// The target was poisoned: `base` holds its +1.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        poisoned: bool,
        /// The players drew the cards from their own deck (left out when not).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        entered: bool,
    },
    /// Blessings or curses shuffled into the monsters' attack-modifier deck (`held`: how
    /// many of that card it holds now).
    ModifiersAdded {
        /// `bless` or `curse`.
        card: String,
        /// How many went in.
        count: usize,
        /// How many of that card the deck holds now.
        held: usize,
    },
    /// A round was dealt after one that drew a ×2 or null: the monsters' attack-modifier
    /// deck was shuffled, its discards back in (`cards`: how many it holds to draw now).
    ModifiersShuffled {
        /// The cards to draw after the shuffle.
        cards: usize,
    },
    /// A character's initiative for round `round` was recorded (`second`: its second
    /// card's, for ties between characters).
    InitiativeSet {
        /// The character.
        creature: String,
        /// The initiative it acts at.
        initiative: u32,
        /// Its second card's initiative, if given.
        second: Option<u32>,
        /// The round it is for.
        round: u32,
    },
    /// `record drew`: the ability card a type drew from the players' own deck, kept for
    /// the deal of `round`.
    AbilityCardGiven {
        /// The monster type.
        kind: String,
        /// The card's number in its deck.
        card: u32,
        /// The card's name.
        label: String,
        /// The card's initiative.
        initiative: u32,
        /// The round whose deal takes it.
        round: u32,
    },
    /// After a `record initiative`: the characters whose initiative for `round` is still
    /// to record.
    InitiativesMissing {
        /// The round about to be dealt.
        round: u32,
        /// The characters without one.
        missing: Vec<String>,
    },
    /// A character the tool plays (`simulate`) plays one of its cards.
    HeroCard {
        /// The character.
        creature: String,
        /// The card's label ("card 2").
        label: String,
        /// Its actions, as an ability card's are told.
        actions: Vec<String>,
    },
    /// A monster's turn ended and its card's element became strong.
    ElementInfused {
        /// The monster that infused it.
        creature: String,
        /// The element.
        element: String,
    },
    /// The first monster of a type to act consumed an element its card asks for (it was
    /// `was`, strong or waning; now inert): every monster of the type gets the bonus.
    ElementConsumed {
        /// The monster that consumed it.
        creature: String,
        /// Its type.
        kind: String,
        /// The element.
        element: String,
        /// Its strength before: `strong` or `waning`.
        was: String,
    },
    /// A round ended: the elements stepped down (strong to waning, waning to inert).
    ElementsWaned {
        /// The elements now, in words (`fire waning` or `all inert`).
        now: String,
    },
    /// The players recorded an element's strength (`record BOARD element fire=strong`).
    ElementRecorded {
        /// The element.
        element: String,
        /// Its strength now.
        strength: String,
    },
    /// A type's card infuses or consumes elements the board does not track: those parts
    /// are skipped (told once per command).
    ElementsUntracked {
        /// The monster type.
        kind: String,
    },
    /// A curse went into a character's own attack-modifier deck (`given`: curses the
    /// monsters have given it so far).
    CurseGiven {
        /// The character cursed.
        creature: String,
        /// Curses given to it so far.
        given: u32,
    },
    /// A money token fell on `cell` where a monster was killed.
    CoinDropped {
        /// The monster that fell.
        creature: String,
        /// Where the token lies.
        cell: String,
        /// Where the monster fell, when no figure can stand there (a flyer over an
        /// obstacle): the token lies on the nearest hex one can.
        #[serde(skip_serializing_if = "Option::is_none")]
        fell_on: Option<String>,
    },
    /// A killed monster fell where no figure can stand, and no hex a figure can stand on
    /// could be reached from there: its money token is lost.
    CoinLost {
        /// The monster that fell.
        creature: String,
        /// Where it fell.
        cell: String,
    },
    /// A character ended its turn on loot and picked it up: `tokens` money tokens worth
    /// `each` gold at scenario level `level`, `gold` in all.
    LootPicked {
        /// The character.
        creature: String,
        /// Where the loot lay.
        cell: String,
        /// The money tokens picked up.
        tokens: u32,
        /// What one token is worth at the board's level.
        each: u32,
        /// The board's scenario level.
        level: u32,
        /// The gold they come to.
        gold: u32,
    },
    /// A door was opened and the room behind it revealed: its monsters were placed (each
    /// told by its own `arrived` before this), its money tokens and traps laid out.
    RoomRevealed {
        /// The door opened.
        door: String,
        /// The monsters placed.
        monsters: Vec<String>,
        /// The money tokens laid out.
        coins: u32,
        /// The cells of the traps laid in it.
        traps: Vec<String>,
    },
}

impl SystemWords for DeckEvent {
    fn narrate(&self, n: &Names, _explain: bool) -> Option<String> {
        let s = |one: bool| if one { "" } else { "s" };
        Some(match self {
            DeckEvent::AbilityCard {
                kind,
                label,
                initiative,
                actions,
                entered,
                ..
            } => format!(
                "\n-- {} draws \"{label}\"{} (initiative {initiative}): {} --",
                n.of(kind),
                entered_mark(*entered),
                actions.join(", ")
            ),
            DeckEvent::ModifierDrawn {
                target,
                drawn,
                used,
                base,
                attack,
                poisoned,
                entered,
                ..
            } => {
                let both = if drawn.len() > 1 {
                    format!(" (drew {})", drawn.join(" and "))
                } else {
                    String::new()
                };
                let poison = if *poisoned { " (poisoned: +1)" } else { "" };
                format!(
                    "  Attack {base} on {}{poison}: modifier {used}{}{both} -> {attack}.",
                    n.of(target),
                    entered_mark(*entered)
                )
            }
            DeckEvent::ModifiersAdded { card, count, held } => format!(
                "{count} {card} card{} shuffled into the monsters' attack-modifier deck ({held} in it).",
                s(*count == 1)
            ),
            DeckEvent::ModifiersShuffled { cards } => format!(
                "The monsters' attack-modifier deck is shuffled, its discards back in (a null or x2 was drawn last round): {cards} card{} to draw.",
                s(*cards == 1)
            ),
            DeckEvent::AbilityCardGiven {
                kind,
                label,
                initiative,
                round,
                ..
            } => format!(
                "{} drew \"{label}\" (initiative {initiative}) for round {round}: it leaves the draw pile when the round is dealt.",
                n.of(kind)
            ),
            DeckEvent::InitiativeSet {
                creature,
                initiative,
                second,
                round,
            } => match second {
                Some(m) => format!(
                    "{} acts at initiative {initiative} in round {round} (second card {m}).",
                    n.of(creature)
                ),
                None => format!(
                    "{} acts at initiative {initiative} in round {round}.",
                    n.of(creature)
                ),
            },
            DeckEvent::InitiativesMissing { round, missing } => {
                let names: Vec<String> = missing.iter().map(|m| n.of(m)).collect();
                format!(
                    "Still to record for round {round}: {} (`next` waits for them).",
                    names.join(", ")
                )
            }
            DeckEvent::HeroCard {
                creature,
                label,
                actions,
            } => format!(
                "  {} plays {label}: {}.",
                n.of(creature),
                actions.join(", ")
            ),
            DeckEvent::ElementInfused { creature, element } => {
                format!("  {} infuses {element}: it is strong.", n.of(creature))
            }
            DeckEvent::ElementConsumed {
                creature,
                kind,
                element,
                was,
            } => format!(
                "  {} consumes {element} ({was}, now inert): every {kind} plays its card with the {element} bonus this round.",
                n.of(creature)
            ),
            DeckEvent::ElementsWaned { now } => {
                format!("The elements wane at the end of the round: {now}.")
            }
            DeckEvent::ElementRecorded { element, strength } => {
                format!("The element {element} is {strength} now.")
            }
            DeckEvent::ElementsUntracked { kind } => format!(
                "  ({kind}'s card infuses or consumes elements, but this board does not track them: those parts are skipped. Add \"elements\": {{}} under systems.ability-deck, or record one with `monster-ai record BOARD element fire=strong`, to track them.)"
            ),
            DeckEvent::CurseGiven { creature, given } => format!(
                "  {} gets a curse to shuffle into its own attack-modifier deck ({given} given so far).",
                n.of(creature)
            ),
            DeckEvent::CoinDropped {
                creature,
                cell,
                fell_on: None,
            } => format!("  {} drops a money token on {cell}.", n.of(creature)),
            DeckEvent::CoinDropped {
                creature,
                cell,
                fell_on: Some(fell),
            } => format!(
                "  No figure can stand on {fell}: {}'s money token lands on {cell}, the nearest hex one can stand on.",
                n.of(creature)
            ),
            DeckEvent::CoinLost { creature, cell } => format!(
                "  No figure can stand on {cell}, nor on any hex reached from it: {}'s money token is lost.",
                n.of(creature)
            ),
            DeckEvent::LootPicked {
                creature,
                cell,
                tokens,
                each,
                level,
                gold,
            } => format!(
                "{} picks up the loot on {cell}: {tokens} money token{} at {each} gold each (scenario level {level}), {gold} gold.",
                n.of(creature),
                s(*tokens == 1)
            ),
            DeckEvent::RoomRevealed {
                door,
                monsters,
                coins,
                traps,
            } => {
                let mut found: Vec<String> = monsters.iter().map(|m| n.of(m)).collect();
                match coins {
                    0 => {}
                    1 => found.push("1 money token".into()),
                    c => found.push(format!("{c} money tokens")),
                }
                match traps.as_slice() {
                    [] => {}
                    [one] => found.push(format!("a trap on {one}")),
                    many => found.push(format!("traps on {}", many.join(", "))),
                }
                if found.is_empty() {
                    found.push("nothing".into());
                }
                format!(
                    "In the room behind the door on {door}: {}.",
                    found.join(", ")
                )
            }
        })
    }

    fn choice(&self) -> Option<Choice> {
        match self {
            DeckEvent::AbilityCard { kind, label, .. } => Some(Choice {
                creature: None,
                kind: Some(kind.clone()),
                what: label.clone(),
            }),
            DeckEvent::HeroCard {
                creature, label, ..
            } => Some(Choice {
                creature: Some(creature.clone()),
                kind: None,
                what: label.clone(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::events::Event;

    #[test]
    fn an_ability_card_keeps_its_json_and_is_a_choice_of_its_type() {
        let e = DeckEvent::AbilityCard {
            kind: "Bandit Guard".into(),
            card: 3,
            label: "Shield Bash".into(),
            initiative: 15,
            actions: vec!["shield 1".into()],
            entered: false,
        };
        assert_eq!(
            serde_json::to_string(&Event::system(e.clone())).unwrap(),
            r#"{"event":"ability-card","kind":"Bandit Guard","card":3,"label":"Shield Bash","initiative":15,"actions":["shield 1"]}"#
        );
        let c = SystemWords::choice(&e).unwrap();
        assert_eq!(
            (c.kind.as_deref(), c.what.as_str()),
            (Some("Bandit Guard"), "Shield Bash")
        );
    }

    #[test]
    fn a_room_with_nothing_in_it_says_so() {
        let e = DeckEvent::RoomRevealed {
            door: "D4".into(),
            monsters: vec![],
            coins: 0,
            traps: vec![],
        };
        assert_eq!(
            SystemWords::narrate(&e, &Names::default(), false).unwrap(),
            "In the room behind the door on D4: nothing."
        );
    }
}

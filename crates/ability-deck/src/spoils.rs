//! What the monsters leave and give beyond damage: money tokens dropped by killed normal
//! and elite monsters, loot picked up by a character that ends its turn on it (each token
//! worth the scenario level's gold), and curses
//! a card's attack gives a character (docs/rules.md, "Ability decks").

use super::AbilityDecks;
use super::events::DeckEvent;
use super::state::{add_curse_given, drop_coin, fresh_summons, level, loot, summoned, take_loot};
use super::stats::gold_per_token;
use crate::board::{Creature, Fight, Side};
use crate::rules::events::Event;
use crate::rules::world::World;

/// A creature fell: a monster of a type in this file that is neither a boss nor a summon
/// drops a money token on its hex, or, when no figure can stand there (a flyer over an
/// obstacle), on the nearest hex one can (ties: the tie policy). (Its summon mark goes
/// afterwards, in `left_board`.)
pub(crate) fn creature_fell(world: &mut World, decks: &AbilityDecks, creature: &Creature) {
    let was_summoned = summoned(world.fight()).contains(&creature.id)
        || fresh_summons(world.fight()).contains(&creature.id);
    let Some(t) = creature.kind.as_deref().and_then(|k| decks.get(k)) else {
        return;
    };
    if creature.side != Side::Monsters || t.boss || was_summoned || creature.summoner.is_some() {
        return;
    }
    let fell = creature.position;
    let what = format!("where {}'s money token lands", creature.display_name());
    let Some(cell) = world.nearest_ground(fell, &what) else {
        world.emit(Event::system(DeckEvent::CoinLost {
            creature: creature.id.clone(),
            cell: fell.name(),
        }));
        return;
    };
    drop_coin(world, cell);
    world.emit(Event::system(DeckEvent::CoinDropped {
        creature: creature.id.clone(),
        cell: cell.name(),
        fell_on: (cell != fell).then(|| fell.name()),
    }));
}

/// A character (a players' creature without a monster type or summoner) whose turn ends
/// on loot picks it up. Monsters and summons never loot at the end of their turns.
pub(crate) fn turn_ended(world: &mut World, id: &str) {
    let Some(i) = world.idx(id) else { return };
    let c = &world.fight().board.creatures[i];
    // Summons loot nothing.
    if c.side != Side::Players || c.kind.is_some() || c.summoner.is_some() {
        return;
    }
    let cell = c.position;
    if !loot(world.fight()).iter().any(|l| l.cell == cell) {
        return;
    }
    let tokens = take_loot(world, &[cell]);
    let (level, each, gold) = worth(world.fight(), tokens);
    world.emit(Event::system(DeckEvent::LootPicked {
        creature: id.to_string(),
        cell: cell.name(),
        tokens,
        each,
        level,
        gold,
    }));
    world.change_gold(id, i64::from(gold));
}

/// What `tokens` money tokens are worth on `fight`: its scenario level, the gold of one
/// token at that level, and the gold of them all.
pub(crate) fn worth(fight: &Fight, tokens: u32) -> (u32, u32, u32) {
    let level = level(fight);
    let each = gold_per_token(level);
    (level, each, tokens.saturating_mul(each))
}

/// An attack with `curse` hit `target`: the curse goes into the deck of the character it
/// belongs to (a summon's summoner's).
pub(crate) fn curse_target(world: &mut World, target: &str) {
    let Some(i) = world.idx(target) else { return };
    let c = &world.fight().board.creatures[i];
    if c.side != Side::Players {
        return;
    }
    let owner = c.summoner.clone().unwrap_or_else(|| target.to_string());
    let given = add_curse_given(world, &owner);
    super::modifiers::curse_hero_deck(world, &owner);
    world.emit(Event::system(DeckEvent::CurseGiven {
        creature: owner,
        given,
    }));
}

//! The round loop for boards with ability-deck monsters: at the start of a round each type
//! on the board draws its ability card and the turn-order deck is laid out by initiative
//! (lowest first; characters give theirs in the saved state's `initiatives`; on a tie characters
//! go before monsters, characters by their second card (`tiebreaks`), then by name, except that monster types on the same initiative are
//! ordered by the players through the tie policy). `next` then reveals it card by card as for any board.

use super::compile::AbilityDecks;
use super::element_play::wane;
use super::events::DeckEvent;
use super::modifiers::{end_round_of_hero_decks, take_deck};
use super::round_calls::ready_to_deal;
use super::stat_line::{Line, line, raise_line};
use super::state::{
    clear_consumed, clear_fresh_summons, initiatives, is_elite, set_modifier_deck,
    take_next_initiatives, tiebreaks,
};
use super::turn::draw_card;
use crate::board::{Side, StatusKind};
use crate::rules::events::Event;
use crate::rules::world::World;

/// Initiative of a character that has not given one: after everyone else.
pub(crate) const UNKNOWN_INITIATIVE: u32 = 100;

/// Ends the last round's cards, draws this round's, and sorts the turn-order deck by
/// initiative. Monsters summoned last round may act from now on.
pub(crate) fn order_round(world: &mut World, decks: &AbilityDecks) {
    let first = world.fight().board.turn_order.is_empty();
    take_next_initiatives(world);
    if !ready_to_deal(world, first) || !super::drawn::ready_to_deal(world, decks) {
        return;
    }
    if !first {
        // Last round is over: its elements wane, and no type has consumed in the new one.
        wane(world);
    }
    clear_consumed(world);
    let mut mods = take_deck(world);
    if mods.end_round(world.rng()) {
        let cards = mods.draw.len();
        world.emit(Event::system(DeckEvent::ModifiersShuffled { cards }));
    }
    set_modifier_deck(world, mods);
    end_round_of_hero_decks(world);
    clear_fresh_summons(world);
    raise_shields(world, decks);
    // Initiative, monster (characters first on a tie), a character's second card, name.
    let mut cards: Vec<(u32, bool, u32, String)> = Vec::new();
    for t in decks.in_play(&world.fight().board) {
        let n = draw_card(world, t, true);
        cards.push((t.cards[n as usize - 1].initiative, true, 0, t.name.clone()));
    }
    let characters = world.fight().board.character_ids();
    let initiatives = initiatives(world.fight());
    let seconds = tiebreaks(world.fight());
    for id in characters {
        let init = initiatives.get(&id).copied().unwrap_or(UNKNOWN_INITIATIVE);
        let second = seconds.get(&id).copied().unwrap_or(UNKNOWN_INITIATIVE);
        cards.push((init, false, second, id));
    }
    cards.sort();
    let order = players_order_tied_types(world, cards);
    world.set_turn_order(order);
}

/// The turn order from sorted cards, monster types on the same initiative put in the
/// order the players choose (the tie policy, one pick at a time; `first` keeps the names'
/// order).
fn players_order_tied_types(
    world: &mut World,
    cards: Vec<(u32, bool, u32, String)>,
) -> Vec<String> {
    let mut order = Vec::with_capacity(cards.len());
    let mut rest = cards.as_slice();
    while let Some(&(init, monster, _, _)) = rest.first() {
        let run = rest
            .iter()
            .take_while(|c| c.0 == init && c.1 == monster)
            .count();
        let mut tied: Vec<String> = rest[..run].iter().map(|c| c.3.clone()).collect();
        while monster && tied.len() > 1 {
            let pick = world.tie(
                &format!("which monster type acts first at initiative {init}"),
                &tied,
            );
            order.push(tied.remove(pick.min(tied.len() - 1)));
        }
        order.extend(tied);
        rest = &rest[run..];
    }
    order
}

/// A new round: the shields and retaliates of last round's ability cards end, and monsters
/// whose stat line has a shield or retaliate raise it for the round (it lasts until the
/// start of each one's turn, which raises it again).
fn raise_shields(world: &mut World, decks: &AbilityDecks) {
    let fight = world.fight();
    let mut card_bonuses: Vec<(String, StatusKind)> = Vec::new();
    for c in &fight.board.creatures {
        let monster =
            c.side == Side::Monsters && c.kind.as_deref().is_some_and(|k| decks.get(k).is_some());
        // A character's card shield or retaliate (played by the tool) lasts the round too.
        let character = c.is_character();
        if !monster && !character {
            continue;
        }
        for s in [StatusKind::Shielded, StatusKind::Retaliating] {
            if c.statuses.iter().any(|st| st.status == s && !st.standing()) {
                card_bonuses.push((c.id.clone(), s));
            }
        }
    }
    for (id, s) in card_bonuses {
        world.remove_passing_status(&id, s, "the round ended");
    }
    let raised: Vec<(String, Line)> = world
        .fight()
        .board
        .creatures
        .iter()
        .filter(|c| c.side == Side::Monsters)
        .filter_map(|c| {
            let t = decks.get(c.kind.as_deref()?)?;
            let l = line(t, world.fight(), is_elite(world.fight(), &c.id))?;
            Some((c.id.clone(), l))
        })
        .collect();
    for (id, l) in raised {
        raise_line(world, &id, &l);
    }
}

//! What `show` draws for an AI-deck board: each monster's facing (arrows on the squares
//! in front of it) and blind spot, lines listing the decks and the monsters' and
//! survivors' facts (knocked down and until when, status cards, armour and injuries per
//! hit location), and each creature's health in the system's terms: an AI-deck
//! monster's cards (or Life), a survivor's armour. A survivor knocked down and its status
//! cards are also words beside its statuses (the legend's column, the SVG's labels).

use super::compile::AiDecks;
use super::deck;
use super::geometry::Body;
use super::state::{self, Facing};
use super::status;
use crate::board::Fight;
use crate::board::overlay::Overlay;
use crate::rules::words::plural;

/// Creature `id`'s health as this system measures it: an AI-deck monster's Life, or its
/// deck, discard pile and wound stack; a survivor's armour points and injured locations
/// when the board tracks them. `None` for anyone else.
pub(crate) fn health(decks: &AiDecks, fight: &Fight, id: &str) -> Option<String> {
    let c = &fight.board.creatures[fight.index_of(id)?];
    let st = state::read(fight);
    let Some(t) = c.kind.as_deref().and_then(|k| decks.get(k)) else {
        let locations = st.survivors.get(id)?.locations.as_ref()?;
        let armour: u32 = locations.values().map(|l| l.armour).sum();
        let mut words = vec![format!("{armour} armour")];
        for level in [state::Injury::Light, state::Injury::Heavy] {
            let n = locations.values().filter(|l| l.injury == level).count();
            if n > 0 {
                words.push(format!("{n} {}", level.word()));
            }
        }
        return Some(words.join(", "));
    };
    let facts = st.monsters.get(id);
    if let (Some(life), Some(start)) =
        (facts.and_then(|m| m.life), facts.and_then(|m| m.life_start))
    {
        return Some(format!("Life {life}/{start}"));
    }
    if !st.decks.contains_key(&t.name)
        && let Some(life) = deck::starting_life(t, st.level)
    {
        return Some(format!("Life {life}/{life}"));
    }
    let Some(d) = st.decks.get(&t.name) else {
        let n = deck::recipe_size(t, st.level) as usize;
        return Some(format!("AI deck {n} card{} (not built yet)", plural(n)));
    };
    let n = d.deck.len() + usize::from(d.face_up.is_some());
    Some(format!(
        "AI deck {n}, discard {}, wounds {}",
        d.discard.len(),
        d.wounds.len()
    ))
}

/// What `show` adds: each monster's facing (arrows on the squares in front of it) and
/// blind spot, and lines listing the decks, the monsters' and the survivors' facts.
pub(crate) fn overlay(decks: &AiDecks, fight: &Fight) -> Overlay {
    let st = state::read(fight);
    let mut out = Overlay::default();
    // Creatures and types as the players read them ("Gaunt Stag", not `gaunt-stag`).
    let names = crate::rules::words::Names::of_board(&fight.board);
    for c in &fight.board.creatures {
        let Some(t) = c.kind.as_deref().and_then(|k| decks.get(k)) else {
            continue;
        };
        let facts = st.monsters.get(&c.id).cloned().unwrap_or_default();
        let body = Body {
            corner: c.position,
            size: t.size,
            facing: facts.facing,
        };
        let arrow = match facts.facing {
            Facing::North => "^^",
            Facing::East => ">>",
            Facing::South => "vv",
            Facing::West => "<<",
        };
        let (dc, dr) = facts.facing.step();
        let back: Vec<_> = body.blind_spot();
        for b in &back {
            out.marks.push((
                *b,
                "bs".into(),
                format!("{}'s blind spot", c.display_name()),
            ));
            // The square in front mirrors the blind-spot square across the block.
            let ahead = crate::grid::Cell::new(
                b.col + dc * (t.size as i32 + 1),
                b.row + dr * (t.size as i32 + 1),
            );
            out.marks.push((
                ahead,
                arrow.into(),
                format!("{} faces {}", c.display_name(), facts.facing.word()),
            ));
        }
        let cells: Vec<String> = back
            .iter()
            .filter(|b| fight.grid().contains(**b))
            .map(|b| b.name())
            .collect();
        let mut line = format!(
            "{}: {}×{} from {}, facing {}, blind spot {}",
            c.display_name(),
            t.size,
            t.size,
            c.position.name(),
            facts.facing.word(),
            if cells.is_empty() {
                "off the board".to_string()
            } else {
                cells.join(" ")
            }
        );
        if let (Some(life), Some(start)) = (facts.life, facts.life_start) {
            line.push_str(&format!(", Life {life}/{start}"));
        }
        if facts.overtone {
            line.push_str(", overtone token");
        }
        if let Some(w) = &facts.last_to_wound {
            line.push_str(&format!(", last wounded by {}", names.of(w)));
        }
        out.lines.push(line);
    }
    for (kind, d) in &st.decks {
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        let mut line = format!(
            "{}'s AI deck: {} card{}",
            names.of(kind),
            d.deck.len(),
            if d.deck.len() == 1 { "" } else { "s" }
        );
        if let Some(f) = &d.face_up {
            line.push_str(&format!(
                " with {} face up on top ({} token{})",
                f.card,
                f.tokens,
                if f.tokens == 1 { "" } else { "s" }
            ));
        }
        line.push_str(&format!(
            "; discard: {}; wound stack: {}; in play: {}",
            list(&d.discard),
            list(&d.wounds),
            list(&d.in_play)
        ));
        if !d.injuries.is_empty() {
            line.push_str(&format!("; persistent injuries: {}", d.injuries.join(", ")));
        }
        out.lines.push(line);
    }
    for c in &fight.board.creatures {
        if let Some(h) = health(decks, fight, &c.id) {
            out.health.insert(c.id.clone(), h);
        }
    }
    let when = super::survivor_hits::stands_when(fight, &|k| decks.get(k).is_some());
    for (id, f) in st
        .survivors
        .iter()
        .filter(|(id, _)| fight.index_of(id).is_some())
    {
        let mut notes = Vec::new();
        let mut facts = Vec::new();
        if f.knocked_down {
            notes.push("knocked down".to_string());
            facts.push(format!("knocked down (it stands {when})"));
        }
        if !f.status_cards.is_empty() {
            notes.extend(f.status_cards.iter().map(|h| h.card.clone()));
            let cards: Vec<String> = f
                .status_cards
                .iter()
                .map(|h| status::shown(decks, h))
                .collect();
            facts.push(format!("status cards: {}", cards.join("; ")));
        }
        if !notes.is_empty() {
            out.notes.insert(id.clone(), notes);
        }
        if f.deaf {
            facts.push("deaf".to_string());
        }
        if f.evasion != 0 {
            facts.push(format!("evasion {:+}", f.evasion));
        }
        facts.extend(f.tokens.iter().map(|(k, n)| format!("{n} {k}")));
        for (at, l) in f.locations.iter().flatten() {
            let mut words = vec![format!("{} armour", l.armour)];
            if !l.injury.is_none() {
                words.push(format!("{} injury", l.injury.word()));
            }
            facts.push(format!("{at} {}", words.join(" ")));
        }
        if !f.severe.is_empty() {
            facts.push(format!("severe injuries: {}", f.severe.join("; ")));
        }
        if !facts.is_empty() {
            out.lines
                .push(format!("{}: {}", names.of(id), facts.join(", ")));
        }
    }
    out
}

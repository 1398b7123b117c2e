//! What `show` draws for a need-driven board (its overlay): a mark on each cell where items lie (`$`
//! treasure, `/` weapon, `[` armour, `?` anything else, `*` several), a line per item and
//! per locked door, and with `--minds` each monster's view: its totals, centres, and the
//! most feared, loved and hated.

use super::compile::NeedsMonsters;
use super::num;
use super::perceive::{Centre, Ctx, perceive};
use super::plane::cell_of;
use super::state::{self, ItemKind};
use crate::board::Fight;
use crate::board::overlay::Overlay;
use crate::grid::Cell;

/// What an item mark means, for the key.
fn meaning(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Treasure => "treasure",
        ItemKind::Weapon => "a weapon",
        ItemKind::Armour => "armour",
        ItemKind::Other => "an item",
    }
}

fn mark(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Treasure => "$",
        ItemKind::Weapon => "/",
        ItemKind::Armour => "[",
        ItemKind::Other => "?",
    }
}

/// What `show` adds for need-driven boards: items, locked doors and (with `minds`) each monster's feelings.
pub(crate) fn overlay(monsters: &NeedsMonsters, fight: &Fight, minds: bool) -> Overlay {
    let state = state::read(fight);
    let mut out = Overlay::default();
    let mut lying: Vec<(Cell, &str, &str)> = Vec::new();
    for it in &state.items {
        if let Some(c) = it.at {
            match lying.iter_mut().find(|(at, _, _)| *at == c) {
                Some(m) => (m.1, m.2) = ("*", "several items"),
                None => lying.push((c, mark(it.kind), meaning(it.kind))),
            }
        }
    }
    out.marks = lying
        .into_iter()
        .map(|(c, m, what)| (c, m.to_string(), what.to_string()))
        .collect();
    if !state.items.is_empty() {
        out.lines
            .push("Items ($ treasure, / weapon, [ armour, ? other, * several):".into());
    }
    for it in &state.items {
        let place = match (&it.at, &it.carrier) {
            (Some(c), _) => format!("at {c}"),
            (None, Some(who)) if it.equipped => format!("equipped by {who}"),
            (None, Some(who)) => format!("carried by {who}"),
            (None, None) => "nowhere".into(),
        };
        let mut about = vec![it.kind.word().to_string()];
        if it.danger != 0.0 {
            about.push(format!("danger {}", num(it.danger)));
        }
        if it.feel != 0.0 {
            about.push(format!("feel {}", num(it.feel)));
        }
        if it.weight != 0.0 {
            about.push(format!("weight {}", num(it.weight)));
        }
        out.lines.push(format!(
            "  {} ({}): {}, {place}",
            it.display(),
            it.id,
            about.join(", ")
        ));
    }
    if !state.locked.is_empty() {
        let cells: Vec<String> = state.locked.iter().map(|c| c.name()).collect();
        out.lines
            .push(format!("Locked doors: {}", cells.join(", ")));
    }
    if minds {
        out.lines.push("Minds:".into());
        let ctx = Ctx {
            fight,
            monsters,
            state: &state,
            crowd: None,
        };
        for (i, c) in fight.board.creatures.iter().enumerate() {
            let Some(t) = ctx.kind(i) else { continue };
            let s = perceive(&ctx, i, t, false);
            let centre = |c: &Centre| {
                c.at.filter(|_| c.total != 0.0).map_or(String::new(), |p| {
                    format!(" at {}", cell_of(&fight.grid(), p))
                })
            };
            let who = |k: Option<usize>| k.map_or("-".to_string(), |k| s.entities[k].name.clone());
            out.lines.push(format!(
                "  {}: fear/love {}{}, hate {}{}; most feared {}, loved {}, hated {}",
                c.id,
                num(s.fear_love.total),
                centre(&s.fear_love),
                num(s.hate.total),
                centre(&s.hate),
                who(s.most_feared),
                who(s.most_loved),
                who(s.most_hated)
            ));
        }
    }
    out
}

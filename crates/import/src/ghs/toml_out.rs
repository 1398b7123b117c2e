//! Our ability-deck monster file (TOML, docs/ability-decks.md) for the imported types.

use super::stats::{Line, Lines};
use std::fmt::Write as _;

/// One imported monster type.
pub(crate) struct Monster {
    pub name: String,
    pub standees: Option<i64>,
    pub lines: Lines,
    pub cards: Vec<Card>,
}

pub(crate) struct Card {
    pub name: String,
    pub initiative: i64,
    pub shuffle: bool,
    pub actions: Vec<String>,
}

/// A TOML string.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn line(l: &Line) -> String {
    let mut out = format!(
        "{{ hp = {}, move = {}, attack = {}",
        l.hp, l.movement, l.attack
    );
    if l.range > 0 {
        let _ = write!(out, ", range = {}", l.range);
    }
    if !l.traits.is_empty() {
        let traits: Vec<String> = l.traits.iter().map(|t| q(t)).collect();
        let _ = write!(out, ", traits = [{}]", traits.join(", "));
    }
    out.push_str(" }");
    out
}

/// The whole file.
pub(crate) fn monster_file(monsters: &[Monster]) -> String {
    let mut out = String::from(
        "# Imported with `monster-ai import ghs` from Gloomhaven Secretariat data (docs/import.md).\nformat = 1\nsystem = \"ability-deck\"\n",
    );
    for m in monsters {
        let _ = write!(out, "\n[[monster]]\nname = {}\n", q(&m.name));
        if m.lines.boss {
            out.push_str("boss = true\n");
        }
        if let Some(n) = m.standees {
            let _ = writeln!(out, "standees = {n}");
        }
        if !m.lines.immune.is_empty() {
            let words: Vec<String> = m.lines.immune.iter().map(|w| q(w)).collect();
            let _ = writeln!(out, "immune = [{}]", words.join(", "));
        }
        for (level, (normal, elite)) in &m.lines.levels {
            let _ = write!(
                out,
                "\n[[monster.level]]\nlevel = {level}\nnormal = {}\n",
                line(normal)
            );
            if let Some(e) = elite {
                let _ = writeln!(out, "elite = {}", line(e));
            }
        }
        for c in &m.cards {
            let _ = write!(
                out,
                "\n[[monster.card]]\nname = {}\ninitiative = {}\n",
                q(&c.name),
                c.initiative
            );
            if c.shuffle {
                out.push_str("shuffle = true\n");
            }
            let actions: Vec<String> = c.actions.iter().map(|a| q(a)).collect();
            let _ = writeln!(out, "actions = [{}]", actions.join(", "));
        }
    }
    out
}

//! Our own writer for gloom's link format (from the format: data version 1.5.0, fields
//! least-significant bit first, URL-safe base64 without padding), for the import tests.
//! Cells are our board's names; see tests/import_gloom.rs for how they map.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Bits least-significant first, as gloom writes them.
#[derive(Default)]
pub(crate) struct Writer {
    pub bytes: Vec<u8>,
    pub bit: usize,
}

impl Writer {
    pub(crate) fn put(&mut self, n: u32, value: u32) {
        assert!(n == 32 || value < (1 << n), "{value} does not fit {n} bits");
        for i in 0..n {
            if self.bit.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1 {
                *self.bytes.last_mut().unwrap() |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
    }
}

/// A figure or terrain at one of our cells.
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    pub cell: &'static str,
    /// 0 floor, 1 obstacle, 2 wall, 3 trap, 4 hazardous, 5 difficult, 6 icy.
    pub terrain: u32,
    /// 0 none, 1 character, 2 monster.
    pub figure: u32,
    pub initiative: u32,
    /// Thin walls on the top, upper-right and lower-right edges.
    pub walls: [bool; 3],
}

pub(crate) fn at(cell: &'static str) -> Mark {
    Mark {
        cell,
        terrain: 0,
        figure: 0,
        initiative: 0,
        walls: [false; 3],
    }
}
pub(crate) fn character(cell: &'static str, initiative: u32) -> Mark {
    Mark {
        figure: 1,
        initiative,
        ..at(cell)
    }
}
pub(crate) fn monster(cell: &'static str, initiative: u32) -> Mark {
    Mark {
        figure: 2,
        initiative,
        ..at(cell)
    }
}
pub(crate) fn terrain(cell: &'static str, terrain: u32) -> Mark {
    Mark {
        terrain,
        ..at(cell)
    }
}

/// gloom's location of one of our cells.
pub(crate) fn location(cell: &str) -> u32 {
    let letters: String = cell
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let col = letters
        .bytes()
        .fold(0u32, |n, b| n * 26 + u32::from(b - b'A' + 1))
        - 1;
    let row: u32 = cell[letters.len()..].parse::<u32>().unwrap() - 1;
    let r = 25 - row - col % 2;
    col * 25 + r
}

/// The active figure's action.
pub(crate) struct Action {
    pub move_points: u32,
    pub range: u32,
    pub target: u32,
    /// 0 walk, 1 jump, 2 fly.
    pub mobility: u32,
    pub teleport: bool,
    pub muddled: bool,
    pub characters_act: bool,
    /// 0 Frosthaven, 1 Gloomhaven, 2 Jaws of the Lion.
    pub rules: u32,
    pub aoe: Vec<u32>,
}

pub(crate) fn melee(move_points: u32) -> Action {
    Action {
        move_points,
        range: 0,
        target: 1,
        mobility: 0,
        teleport: false,
        muddled: false,
        characters_act: false,
        rules: 1,
        aoe: Vec::new(),
    }
}

/// A data version 1.5.0 link path.
pub(crate) fn link(action: &Action, active: Option<&str>, marks: &[Mark]) -> String {
    let mut w = Writer::default();
    w.put(4, 1);
    w.put(3, 5);
    w.put(3, 0);
    w.put(4, action.move_points);
    w.put(4, action.range);
    w.put(3, action.target);
    w.put(2, action.mobility);
    w.put(1, action.muddled as u32);
    w.put(1, action.characters_act as u32);
    w.put(1, 0);
    w.put(2, action.rules);
    w.put(1, action.teleport as u32);
    w.put(10, active.map_or(725, location));
    w.put(6, action.aoe.len() as u32);
    for &i in &action.aoe {
        w.put(6, i);
    }
    let mut sorted: Vec<(u32, Mark)> = marks.iter().map(|m| (location(m.cell), *m)).collect();
    sorted.sort_by_key(|m| m.0);
    w.put(10, sorted.len() as u32);
    let mut last: i64 = -1;
    for (loc, m) in sorted {
        let delta = (i64::from(loc) - last - 1) as u32;
        if delta < 4 {
            w.put(1, 0);
            w.put(2, delta);
        } else {
            w.put(1, 1);
            w.put(10, delta);
        }
        last = i64::from(loc);
        w.put(3, m.terrain);
        w.put(2, m.figure);
        if m.figure != 0 {
            w.put(4, m.initiative);
        }
        let any = m.walls.iter().any(|w| *w);
        w.put(1, any as u32);
        if any {
            for &wall in &m.walls {
                w.put(1, wall as u32);
            }
        }
    }
    URL_SAFE_NO_PAD.encode(&w.bytes)
}

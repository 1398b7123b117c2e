//! What a gloom link holds, decoded from its bit stream: the data version, the active
//! figure's action (move, range, target, jump/flying, teleport, muddled), the rule
//! variant, the area of effect, and every marked hex of the map (terrain, a figure with
//! its initiative, thin walls on three of its edges). Versions 1.0.0 to 1.5.0 of the
//! format are read; older ones used a smaller grid, which is moved onto the current one
//! as gloom itself does.

use super::bits::{Bits, Short};

/// The current grid: 25 hexes a column, 29 columns; a hex's location is
/// `column × 25 + row`, row 0 at the bottom.
pub(crate) const GRID_HEIGHT: usize = 25;
pub(crate) const GRID_WIDTH: usize = 29;
pub(crate) const GRID_SIZE: usize = GRID_HEIGHT * GRID_WIDTH;
const GRID_BITS: u32 = 10;
/// The grid of data versions before 1.3.0.
const OLD_HEIGHT: usize = 20;
const OLD_SIZE: usize = OLD_HEIGHT * 23;
const OLD_BITS: u32 = 9;
/// How the old grid sits on the current one.
const OLD_ROW_SHIFT: usize = 3;
const OLD_COLUMN_SHIFT: usize = 3;
/// The area picker: 7 × 7 hexes, index `column × 7 + row`, the attacker in the middle.
pub(crate) const AOE_SIDE: usize = 7;
pub(crate) const AOE_CENTER: usize = 24;
const AOE_BITS: u32 = 6;
/// Corners of the 7 × 7 square that are not part of the picker's hexagon.
const AOE_OUTSIDE: [usize; 12] = [0, 1, 6, 7, 13, 14, 28, 35, 41, 42, 43, 48];

/// Terrain of a hex, as numbered in the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Terrain {
    Floor,
    Obstacle,
    Wall,
    Trap,
    Hazardous,
    Difficult,
    Icy,
}

impl Terrain {
    fn from_code(code: u32) -> Option<Terrain> {
        Some(match code {
            0 => Terrain::Floor,
            1 => Terrain::Obstacle,
            2 => Terrain::Wall,
            3 => Terrain::Trap,
            4 => Terrain::Hazardous,
            5 => Terrain::Difficult,
            6 => Terrain::Icy,
            _ => return None,
        })
    }
}

/// The rulings the link asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rules {
    Frosthaven,
    Gloomhaven,
    JawsOfTheLion,
}

impl Rules {
    /// Our variant name.
    pub(crate) fn variant(self) -> &'static str {
        match self {
            Rules::Frosthaven => "frosthaven",
            Rules::Gloomhaven => "gloomhaven",
            Rules::JawsOfTheLion => "jaws-of-the-lion",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Figure {
    /// A character (else a monster).
    pub character: bool,
    /// 1 to 9: the order the figures act in.
    pub initiative: u32,
}

/// One marked hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hex {
    pub location: usize,
    pub terrain: Terrain,
    pub figure: Option<Figure>,
    /// Thin walls on its top edge, its upper-right edge and its lower-right edge.
    pub walls: [bool; 3],
}

/// How the active figure moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mobility {
    Walk,
    Jump,
    Fly,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scenario {
    pub version: (u32, u32, u32),
    /// 0: no move.
    pub move_points: u32,
    /// 0: melee.
    pub range: u32,
    /// 0: no attack; 6: every enemy.
    pub target: u32,
    pub mobility: Mobility,
    pub teleport: bool,
    pub muddled: bool,
    /// The active figure is a character (its enemies are the monsters).
    pub characters_act: bool,
    /// gloom shows the map turned a quarter (display only).
    pub rotated: bool,
    pub rules: Rules,
    /// Location of the active figure, if one is marked.
    pub active: Option<usize>,
    /// The area's hexes (picker indices), sorted.
    pub aoe: Vec<usize>,
    /// Marked hexes in location order.
    pub hexes: Vec<Hex>,
}

/// Why a stream is not a gloom scenario: the message and hint, and the bits concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Malformed {
    pub message: String,
    pub hint: String,
    pub bit: usize,
    pub bits: u32,
}

impl From<Short> for Malformed {
    fn from(s: Short) -> Malformed {
        Malformed {
            message: format!(
                "the link ends before the scenario does: {} more bit{} needed",
                s.wanted,
                if s.wanted == 1 { " was" } else { "s were" }
            ),
            hint: "the link is cut short; copy the whole link again".into(),
            bit: s.at_bit,
            bits: s.wanted,
        }
    }
}

/// Reads a field of `n` bits that must lie in `range`.
fn field(
    bits: &mut Bits,
    n: u32,
    what: &str,
    range: std::ops::RangeInclusive<u32>,
) -> Result<u32, Malformed> {
    let at = bits.position();
    let v = bits.read(n)?;
    if !range.contains(&v) {
        return Err(Malformed {
            message: format!(
                "{what} is {v}, which gloom never writes ({} to {})",
                range.start(),
                range.end()
            ),
            hint: "the link is damaged or is not a gloom scenario link".into(),
            bit: at,
            bits: n,
        });
    }
    Ok(v)
}

/// Decodes a whole stream; bits left over beyond the last byte's padding are an error.
pub(crate) fn decode(bytes: &[u8]) -> Result<Scenario, Malformed> {
    let mut bits = Bits::new(bytes);
    let version = (bits.read(4)?, bits.read(3)?, bits.read(3)?);
    let (minor, known) = match version {
        (1, m @ 0..=5, 0) => (m, true),
        _ => (0, false),
    };
    if !known {
        return Err(Malformed {
            message: format!(
                "data version {}.{}.{} is not one this reader knows (1.0.0 to 1.5.0)",
                version.0, version.1, version.2
            ),
            hint: "the link is damaged, or comes from a newer gloom than this reader".into(),
            bit: 0,
            bits: 10,
        });
    }
    let move_points = field(&mut bits, 4, "move", 0..=9)?;
    let range = field(&mut bits, 4, "range", 0..=9)?;
    let target = field(&mut bits, 3, "target", 0..=6)?;
    let mobility = match field(&mut bits, 2, "the jump/flying setting", 0..=2)? {
        0 => Mobility::Walk,
        1 => Mobility::Jump,
        _ => Mobility::Fly,
    };
    let muddled = bits.read(1)? == 1;
    let characters_act = bits.read(1)? == 1;
    let rotated = bits.read(1)? == 1;
    let rules = match minor {
        0 => Rules::Gloomhaven,
        1 => {
            if bits.read(1)? == 1 {
                Rules::JawsOfTheLion
            } else {
                Rules::Gloomhaven
            }
        }
        _ => match field(&mut bits, 2, "the rules", 0..=2)? {
            0 => Rules::Frosthaven,
            1 => Rules::Gloomhaven,
            _ => Rules::JawsOfTheLion,
        },
    };
    let teleport = minor >= 5 && bits.read(1)? == 1;
    let old_grid = minor < 3;
    let (size, size_bits) = if old_grid {
        (OLD_SIZE, OLD_BITS)
    } else {
        (GRID_SIZE, GRID_BITS)
    };
    let place = |location: usize| {
        if old_grid {
            let column = location / OLD_HEIGHT + OLD_COLUMN_SHIFT;
            let row = location % OLD_HEIGHT + OLD_ROW_SHIFT - column % 2;
            column * GRID_HEIGHT + row
        } else {
            location
        }
    };
    let active = field(
        &mut bits,
        size_bits,
        "the active figure's hex",
        0..=size as u32,
    )?;
    let active_at = bits.position() - size_bits as usize;
    let active = (active as usize != size).then(|| place(active as usize));

    let count = bits.read(AOE_BITS)?;
    let mut aoe = Vec::new();
    for _ in 0..count {
        let at = bits.position();
        let index = field(&mut bits, AOE_BITS, "an area hex", 0..=48)? as usize;
        if AOE_OUTSIDE.contains(&index) {
            return Err(Malformed {
                message: format!("area hex {index} lies outside gloom's area picker"),
                hint: "the link is damaged or is not a gloom scenario link".into(),
                bit: at,
                bits: AOE_BITS,
            });
        }
        aoe.push(index);
    }
    aoe.sort_unstable();
    aoe.dedup();

    let marked = bits.read(size_bits)?;
    let mut hexes: Vec<Hex> = Vec::new();
    let mut last: i64 = -1;
    for _ in 0..marked {
        let at = bits.position();
        let delta = if bits.read(1)? == 0 {
            bits.read(2)?
        } else {
            bits.read(size_bits)?
        };
        let location = last + i64::from(delta) + 1;
        if location >= size as i64 {
            return Err(Malformed {
                message: format!("a marked hex lies at {location}, past the grid's {size} hexes"),
                hint: "the link is damaged or is not a gloom scenario link".into(),
                bit: at,
                bits: (bits.position() - at) as u32,
            });
        }
        last = location;
        let code_at = bits.position();
        let terrain = Terrain::from_code(bits.read(3)?).ok_or_else(|| Malformed {
            message: "a hex's terrain is 7, which gloom never writes (0 to 6)".into(),
            hint: "the link is damaged or is not a gloom scenario link".into(),
            bit: code_at,
            bits: 3,
        })?;
        let figure = match field(&mut bits, 2, "a hex's figure", 0..=2)? {
            0 => None,
            kind => Some(Figure {
                character: kind == 1,
                initiative: field(&mut bits, 4, "an initiative", 1..=9)?,
            }),
        };
        let mut walls = [false; 3];
        if bits.read(1)? == 1 {
            for w in &mut walls {
                *w = bits.read(1)? == 1;
            }
        }
        hexes.push(Hex {
            location: place(location as usize),
            terrain,
            figure,
            walls,
        });
    }
    if let Some(a) = active {
        let faction = hexes
            .iter()
            .find(|h| h.location == a)
            .and_then(|h| h.figure);
        if faction.map(|f| f.character) != Some(characters_act) {
            return Err(Malformed {
                message: format!(
                    "the active figure's hex holds no {}",
                    if characters_act {
                        "character"
                    } else {
                        "monster"
                    }
                ),
                hint: "the link is damaged or is not a gloom scenario link".into(),
                bit: active_at,
                bits: size_bits,
            });
        }
    }
    if !bits.only_padding_left() {
        return Err(Malformed {
            message: format!("{} bits are left over after the scenario", bits.remaining()),
            hint: "something was added to the link; copy it again, without the text after it"
                .into(),
            bit: bits.position(),
            bits: bits.remaining().min(32) as u32,
        });
    }
    Ok(Scenario {
        version,
        move_points,
        range,
        target,
        mobility,
        teleport,
        muddled,
        characters_act,
        rotated,
        rules,
        active,
        aoe,
        hexes,
    })
}

//! Area-of-effect patterns: a set of hexes given as a small picture, turned every way it
//! can be laid on the board (six rotations, each also mirrored).
//!
//! **The picture format.** One text line per half row of hexes, lines separated by
//! newlines or `/`. Line 0 holds the hexes of the even columns (A, C, …) of the first row,
//! line 1 the odd columns (B, D, …) of that row, which sit half a hex lower, line 2 the
//! even columns of the second row, and so on. Column `c` is written at character `2c`, so
//! odd lines start with two spaces. `X` marks a hex of the area, `@` the attacker, and `.`
//! or a space an unused hex. Examples: `X//X` (two hexes, one above the other: a hex is two
//! lines tall), `X/  X/X` (a triangle of three), `@//X//X` (a melee line of two straight
//! down from the attacker).
//!
//! A pattern with `@` is a melee area fixed to the attacker: it turns around the attacker.
//! A pattern without `@` is laid anywhere: for a melee attack one of its hexes must touch
//! the attacker's hex, for a ranged attack one of its hexes must be within range.

use crate::grid::layout::axial;
use crate::grid::{Cell, Grid};
use std::collections::BTreeSet;

/// Axial hex coordinates `(q, r)`.
pub type Axial = (i64, i64);

/// Most hexes a pattern may have.
pub const MAX_PATTERN_HEXES: usize = 40;

/// An area pattern (see the module documentation for its text form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Area hexes; relative to the attacker when `anchored`, else to the first hex.
    hexes: Vec<Axial>,
    anchored: bool,
}

fn to_cell((q, r): Axial) -> Option<Cell> {
    let row = r + (q - (q & 1)) / 2;
    let col = i32::try_from(q).ok()?;
    Some(Cell::new(col, i32::try_from(row).ok()?))
}

fn add(a: Axial, b: Axial) -> Axial {
    (a.0 + b.0, a.1 + b.1)
}

fn sub(a: Axial, b: Axial) -> Axial {
    (a.0 - b.0, a.1 - b.1)
}

fn rotate((q, r): Axial) -> Axial {
    (-r, q + r)
}

fn mirror((q, r): Axial) -> Axial {
    (q, -q - r)
}

fn hex_distance(a: Axial, b: Axial) -> u32 {
    let (dq, dr) = sub(a, b);
    ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
}

impl Pattern {
    /// Reads the picture form.
    pub fn parse(text: &str) -> Result<Pattern, String> {
        let mut area = Vec::new();
        let mut attacker = None;
        for (line_no, line) in text.split(['\n', '/']).enumerate() {
            for (pos, ch) in line.trim_end().char_indices() {
                if matches!(ch, '.' | ' ' | '\r') {
                    continue;
                }
                if !matches!(ch, 'X' | 'x' | '@') {
                    return Err(format!(
                        "unexpected `{ch}` in the pattern (use `X` for area hexes, `@` for the attacker, `.` or spaces for gaps)"
                    ));
                }
                let parity = line_no % 2;
                if pos % 2 != 0 || (pos / 2) % 2 != parity {
                    return Err(format!(
                        "`{ch}` on line {} sits at character {} where no hex is: on {} lines hexes are written at characters {}",
                        line_no + 1,
                        pos + 1,
                        if parity == 0 {
                            "odd-numbered"
                        } else {
                            "even-numbered"
                        },
                        if parity == 0 {
                            "1, 5, 9, …"
                        } else {
                            "3, 7, 11, …"
                        },
                    ));
                }
                let cell = Cell::new((pos / 2) as i32, (line_no / 2) as i32);
                if ch == '@' {
                    if attacker.is_some() {
                        return Err("the pattern has two attackers (`@`)".into());
                    }
                    attacker = Some(cell);
                } else {
                    area.push(cell);
                }
            }
        }
        if area.is_empty() {
            return Err("the pattern has no area hexes (`X`)".into());
        }
        if area.len() > MAX_PATTERN_HEXES {
            return Err(format!(
                "the pattern has {} hexes; at most {MAX_PATTERN_HEXES} are allowed",
                area.len()
            ));
        }
        area.sort();
        let origin = axial(attacker.unwrap_or(area[0]));
        Ok(Pattern {
            hexes: area.iter().map(|&c| sub(axial(c), origin)).collect(),
            anchored: attacker.is_some(),
        })
    }

    /// A pattern from axial offsets (relative to the attacker when `anchored`).
    pub fn from_offsets(hexes: Vec<Axial>, anchored: bool) -> Pattern {
        Pattern { hexes, anchored }
    }

    /// True when the area is fixed to the attacker (a melee area drawn with `@`).
    pub fn anchored(&self) -> bool {
        self.anchored
    }

    /// How many hexes the pattern covers.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the pattern covers no hex.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// The farthest two area hexes are apart (anchored: also counting the attacker).
    pub fn span(&self) -> u32 {
        let mut pts = self.hexes.clone();
        if self.anchored {
            pts.push((0, 0));
        }
        pts.iter()
            .flat_map(|&a| pts.iter().map(move |&b| hex_distance(a, b)))
            .max()
            .unwrap_or(0)
    }

    /// Every distinct way to lay the pattern: six rotations, each also mirrored. Each
    /// orientation is a sorted list of offsets; unanchored ones are shifted so that their
    /// smallest offset is `(0, 0)`, which makes equal shapes compare equal.
    pub fn orientations(&self) -> Vec<Vec<Axial>> {
        let mut seen = BTreeSet::new();
        for mirrored in [false, true] {
            let mut shape: Vec<Axial> = if mirrored {
                self.hexes.iter().map(|&h| mirror(h)).collect()
            } else {
                self.hexes.clone()
            };
            for _ in 0..6 {
                let mut norm = shape.clone();
                norm.sort();
                if !self.anchored {
                    let first = norm[0];
                    norm = norm.iter().map(|&h| sub(h, first)).collect();
                }
                seen.insert(norm);
                shape = shape.iter().map(|&h| rotate(h)).collect();
            }
        }
        seen.into_iter().collect()
    }

    /// The picture form of the pattern (the attacker shown as `@` when anchored).
    pub fn picture(&self) -> String {
        let mut pts: Vec<(Axial, char)> = self.hexes.iter().map(|&h| (h, 'X')).collect();
        if self.anchored {
            pts.push(((0, 0), '@'));
        }
        // Shift by an even number of columns so parities keep their meaning.
        let q0 = pts.iter().map(|p| p.0.0).min().unwrap_or(0);
        let q0 = q0 - q0.rem_euclid(2);
        let cells: Vec<(Cell, char)> = pts
            .iter()
            .filter_map(|&(h, ch)| to_cell(sub(h, (q0, -(q0 / 2)))).map(|c| (c, ch)))
            .collect();
        let r0 = cells.iter().map(|c| c.0.row).min().unwrap_or(0);
        let mut lines: Vec<Vec<char>> = Vec::new();
        for &(c, ch) in &cells {
            let line = ((c.row - r0) * 2 + (c.col & 1)) as usize;
            let pos = (c.col * 2) as usize;
            if lines.len() <= line {
                lines.resize(line + 1, Vec::new());
            }
            if lines[line].len() <= pos {
                lines[line].resize(pos + 1, ' ');
            }
            lines[line][pos] = ch;
        }
        lines
            .iter()
            .map(|l| l.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The board hexes of an orientation laid with its offset `(0, 0)` at `origin`, sorted in
/// reading order; hexes off the board are left out.
pub(crate) fn lay(grid: &Grid, origin: Cell, offsets: &[Axial]) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(offsets.len());
    lay_into(grid, origin, offsets, &mut cells);
    cells
}

/// Like [`lay`], appending the hexes to `out` (into a buffer kept between calls).
pub(crate) fn lay_into(grid: &Grid, origin: Cell, offsets: &[Axial], out: &mut Vec<Cell>) {
    let o = axial(origin);
    let start = out.len();
    out.extend(
        offsets
            .iter()
            .filter_map(|&h| to_cell(add(o, h)))
            .filter(|&c| grid.contains(c)),
    );
    out[start..].sort_unstable();
}

/// The origin that puts offset `offset` of an orientation on `cell`.
pub(crate) fn origin_for(cell: Cell, offset: Axial) -> Option<Cell> {
    to_cell(sub(axial(cell), offset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridKind;

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn pictures_read_as_hexes() {
        let tri = Pattern::parse("X/  X/X").unwrap();
        assert_eq!(tri.len(), 3);
        assert!(!tri.anchored());
        assert_eq!(tri.span(), 1);
        let grid = Grid::new(GridKind::Hex, 8, 8);
        // Laid at C3 (even column): C3, D3 (south-east... half a row lower), C4.
        let cells = lay(&grid, c("C3"), &tri.hexes);
        assert_eq!(cells, [c("C3"), c("D3"), c("C4")]);
        for pair in cells.windows(2) {
            assert!(grid.adjacent(pair[0], pair[1]));
        }
        let line = Pattern::parse("@//X//X").unwrap();
        assert!(line.anchored());
        assert_eq!(line.span(), 2);
        assert_eq!(lay(&grid, c("B2"), &line.hexes), [c("B3"), c("B4")]);
    }

    #[test]
    fn bad_pictures_are_explained() {
        assert!(Pattern::parse("").unwrap_err().contains("no area"));
        assert!(Pattern::parse("@").unwrap_err().contains("no area"));
        assert!(Pattern::parse("X/@").unwrap_err().contains("no hex is"));
        assert!(Pattern::parse("@ @ X").unwrap_err().contains("no hex is"));
        assert!(
            Pattern::parse("@   @/X")
                .unwrap_err()
                .contains("two attackers")
        );
        assert!(Pattern::parse(" X").unwrap_err().contains("no hex is"));
        assert!(Pattern::parse("Q").unwrap_err().contains("unexpected"));
    }

    #[test]
    fn orientations_of_shapes() {
        // A single hex looks the same every way; a pair has three directions; a triangle
        // two; a straight line of three three; a bent line of three six, and mirrored six
        // more that coincide with them (it is symmetric), so six.
        let count = |t: &str| Pattern::parse(t).unwrap().orientations().len();
        assert_eq!(count("X"), 1);
        assert_eq!(count("X//X"), 3);
        assert_eq!(count("X/  X/X"), 2);
        assert_eq!(count("X//X//X"), 3);
        assert_eq!(count("X/  X/    X"), 3, "a diagonal line");
        assert_eq!(count("X/  X/  /  X"), 6, "a bent line of three");
        // An L of four (chiral) needs mirrors: 12 distinct placements.
        assert_eq!(count("X//X//X/  X"), 12);
        // Anchored: a hex next to the attacker can face six ways.
        assert_eq!(count("@//X"), 6);
    }

    #[test]
    fn pictures_round_trip() {
        for t in ["X/  X/X", "@//X//X", "X//X//X/  X", "X/  X"] {
            let p = Pattern::parse(t).unwrap();
            let again = Pattern::parse(&p.picture()).unwrap();
            assert_eq!(again.orientations(), p.orientations(), "{t}");
        }
    }

    #[test]
    fn rotation_keeps_adjacency() {
        let grid = Grid::new(GridKind::Hex, 12, 12);
        let p = Pattern::parse("X//X//X/  X").unwrap();
        for o in p.orientations() {
            let cells = lay(&grid, c("F6"), &o);
            assert_eq!(cells.len(), 4);
            let links = cells
                .iter()
                .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
                .filter(|&(a, b)| grid.adjacent(a, b))
                .count();
            assert_eq!(links, 6, "three adjacent pairs, both ways: {cells:?}");
        }
        let origin = origin_for(c("F6"), (1, 1)).unwrap();
        assert_eq!(lay(&grid, origin, &[(1, 1)]), [c("F6")]);
    }
}

//! Where a large monster is and what it sees. A monster's board position is the top-left
//! square of its footprint (a `size`×`size` block). Distances are counted from the
//! nearest square of the footprint; *facing* is every square beyond its front edge, the
//! *blind spot* the row along its back edge as wide as the monster, and the *field of
//! view* everything outside the blind spot that some footprint square sees (only terrain
//! that blocks sight stops it).

use super::shape::Shape;
use super::state::Facing;
use crate::board::Fight;
use crate::grid::Cell;
use crate::rules::targeting::sees;

/// A monster's block of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Body {
    /// Its top-left square (lowest column and row).
    pub corner: Cell,
    /// The side of its square block, in squares.
    pub size: u32,
    /// The side its front edge faces.
    pub facing: Facing,
}

impl Body {
    /// Every square the monster covers, row by row.
    pub(crate) fn cells(self) -> impl Iterator<Item = Cell> {
        let s = self.size as i32;
        let c = self.corner;
        (0..s).flat_map(move |dr| (0..s).map(move |dc| Cell::new(c.col + dc, c.row + dr)))
    }

    /// Spaces between the monster and a square: the fewest from any of its squares.
    pub(crate) fn distance(self, fight: &Fight, cell: Cell) -> u32 {
        let grid = fight.grid();
        self.cells()
            .map(|c| grid.distance(c, cell))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// The square is exactly one space from the monster.
    pub(crate) fn adjacent(self, fight: &Fight, cell: Cell) -> bool {
        self.distance(fight, cell) == 1
    }

    /// The square is beyond the monster's front edge.
    pub(crate) fn facing(self, cell: Cell) -> bool {
        let s = self.size as i32;
        let c = self.corner;
        match self.facing {
            Facing::North => cell.row < c.row,
            Facing::South => cell.row >= c.row + s,
            Facing::West => cell.col < c.col,
            Facing::East => cell.col >= c.col + s,
        }
    }

    /// The square is in front and within the width of the front edge.
    pub(crate) fn straight_ahead(self, cell: Cell) -> bool {
        let s = self.size as i32;
        let c = self.corner;
        self.facing(cell)
            && match self.facing {
                Facing::North | Facing::South => (c.col..c.col + s).contains(&cell.col),
                Facing::East | Facing::West => (c.row..c.row + s).contains(&cell.row),
            }
    }

    /// The squares of the blind spot: the row along the back edge, as wide as the monster.
    pub(crate) fn blind_spot(self) -> Vec<Cell> {
        let s = self.size as i32;
        let c = self.corner;
        (0..s)
            .map(|k| match self.facing {
                Facing::North => Cell::new(c.col + k, c.row + s),
                Facing::South => Cell::new(c.col + k, c.row - 1),
                Facing::West => Cell::new(c.col + s, c.row + k),
                Facing::East => Cell::new(c.col - 1, c.row + k),
            })
            .collect()
    }

    /// The square is in the row behind the monster's back edge.
    pub(crate) fn in_blind_spot(self, cell: Cell) -> bool {
        self.blind_spot().contains(&cell)
    }

    /// Outside the blind spot and seen from some square of the monster.
    pub(crate) fn in_field_of_view(self, fight: &Fight, cell: Cell) -> bool {
        !self.in_blind_spot(cell) && self.sees(fight, cell)
    }

    /// Some square of the monster sees the square (the blind spot aside).
    pub(crate) fn sees(self, fight: &Fight, cell: Cell) -> bool {
        self.cells().any(|c| c == cell || sees(fight, c, cell))
    }

    /// Squares of a drawn shape (`offsets` as drawn facing north), turned to the facing.
    pub(crate) fn drawn(self, offsets: &[(i32, i32)]) -> Vec<Cell> {
        let quarters = match self.facing {
            Facing::North => 0,
            Facing::East => 1,
            Facing::South => 2,
            Facing::West => 3,
        };
        Shape::turned(offsets, self.size, quarters)
            .into_iter()
            .map(|(dc, dr)| Cell::new(self.corner.col + dc, self.corner.row + dr))
            .collect()
    }

    /// The facing that puts `cell` in front of the monster: the side the square lies
    /// beyond by most rows or columns (north before east before south before west when
    /// even). `None` for a square under the monster.
    pub(crate) fn facing_toward(self, cell: Cell) -> Option<Facing> {
        let s = self.size as i32;
        let c = self.corner;
        let gaps = [
            (Facing::North, c.row - cell.row),
            (Facing::East, cell.col - (c.col + s - 1)),
            (Facing::South, cell.row - (c.row + s - 1)),
            (Facing::West, c.col - cell.col),
        ];
        gaps.iter()
            .filter(|(_, g)| *g > 0)
            .max_by_key(|(f, g)| (*g, std::cmp::Reverse(*f)))
            .map(|(f, _)| *f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(facing: Facing) -> Body {
        Body {
            corner: Cell::parse("C3").unwrap(),
            size: 2,
            facing,
        }
    }

    fn cell(n: &str) -> Cell {
        Cell::parse(n).unwrap()
    }

    /// ```text
    ///     A B C D E F
    ///   1 . . . . . .
    ///   2 . . . . . .
    ///   3 . . M M . .     M: a 2×2 monster on C3-D4 facing north
    ///   4 . . M M . .
    ///   5 . . x x . .     x: its blind spot (C5, D5)
    /// ```
    #[test]
    fn a_2x2_monster_has_a_blind_spot_as_wide_as_its_back() {
        let b = body(Facing::North);
        assert_eq!(b.blind_spot(), vec![cell("C5"), cell("D5")]);
        assert!(b.facing(cell("A2")) && b.facing(cell("D1")));
        assert!(
            !b.facing(cell("B3")),
            "level with its front edge is not in front"
        );
        assert!(!b.facing(cell("E5")));
        let b = body(Facing::East);
        assert_eq!(b.blind_spot(), vec![cell("B3"), cell("B4")]);
        assert!(b.facing(cell("E1")) && !b.facing(cell("D1")));
    }

    #[test]
    fn turning_toward_a_square_picks_the_side_it_lies_beyond() {
        let b = body(Facing::North);
        assert_eq!(b.facing_toward(cell("F3")), Some(Facing::East));
        assert_eq!(b.facing_toward(cell("C6")), Some(Facing::South));
        assert_eq!(
            b.facing_toward(cell("A1")),
            Some(Facing::North),
            "two each way: north first"
        );
        assert_eq!(b.facing_toward(cell("D4")), None);
    }
}

//! A shape drawn on an AI card: the squares of a zone (`x`) and, when the card draws
//! one, its own blind spot (`b`), around the monster's block (`M`), drawn with the
//! monster facing the top of the drawing. On the board the drawing is turned with the
//! monster's facing.

/// The widest and tallest drawing read, in squares.
pub(crate) const MAX_SIDE: usize = 21;

/// A drawn shape, as offsets from the top-left square of the monster's block when it
/// faces north.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The side of the block drawn as `M`.
    pub size: u32,
    /// The zone's squares (`x`).
    pub zone: Vec<(i32, i32)>,
    /// The card's own blind spot (`b`); empty: the monster's usual one.
    pub blind: Vec<(i32, i32)>,
}

/// Reads a drawing: one string per row, one character per square (spaces ignored).
pub(crate) fn parse_shape(rows: &[String]) -> Result<Shape, (String, String)> {
    let hint = "draw the monster as M (its whole block), zone squares as x, blind-spot squares as b, others as ., with the monster facing the top";
    let grid: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.chars().filter(|c| *c != ' ').collect())
        .collect();
    if grid.is_empty() || grid.len() > MAX_SIDE || grid.iter().any(|r| r.len() > MAX_SIDE) {
        return Err((
            format!("a drawn shape has 1 to {MAX_SIDE} rows of at most {MAX_SIDE} squares"),
            hint.into(),
        ));
    }
    let mut monster = Vec::new();
    let mut zone = Vec::new();
    let mut blind = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, ch) in row.iter().enumerate() {
            let at = (c as i32, r as i32);
            match ch {
                'M' | 'm' => monster.push(at),
                'x' | 'X' => zone.push(at),
                'b' | 'B' => blind.push(at),
                '.' => {}
                other => {
                    return Err((
                        format!(
                            "row {}, square {}: `{other}` is not part of a drawn shape",
                            r + 1,
                            c + 1
                        ),
                        hint.into(),
                    ));
                }
            }
        }
    }
    let Some(&(c0, r0)) = monster.first() else {
        return Err(("the drawing has no monster (M)".into(), hint.into()));
    };
    let side = (monster.len() as f64).sqrt() as i32;
    let block = side * side == monster.len() as i32
        && monster
            .iter()
            .all(|&(c, r)| (c0..c0 + side).contains(&c) && (r0..r0 + side).contains(&r));
    if !block {
        return Err((
            "the monster (M) is not drawn as one square block".into(),
            hint.into(),
        ));
    }
    if zone.is_empty() && blind.is_empty() {
        return Err((
            "the drawing marks no square (x for the zone, b for a blind spot)".into(),
            hint.into(),
        ));
    }
    let rel = |v: Vec<(i32, i32)>| v.into_iter().map(|(c, r)| (c - c0, r - r0)).collect();
    Ok(Shape {
        size: side as u32,
        zone: rel(zone),
        blind: rel(blind),
    })
}

impl Shape {
    /// `offsets` (drawn facing north) turned clockwise by `quarters` quarter turns about
    /// the centre of a block of side `size`: offsets from the block's top-left square.
    pub(crate) fn turned(offsets: &[(i32, i32)], size: u32, quarters: u8) -> Vec<(i32, i32)> {
        // Doubled coordinates keep the centre of an even block on whole numbers.
        let k = size as i32 - 1;
        offsets
            .iter()
            .map(|&(dc, dr)| {
                let (u, v) = (2 * dc - k, 2 * dr - k);
                let (u, v) = match quarters % 4 {
                    0 => (u, v),
                    1 => (-v, u),
                    2 => (-u, -v),
                    _ => (v, -u),
                };
                ((u + k) / 2, (v + k) / 2)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    /// A 2×2 block; the drawing marks the two squares straight ahead of its front edge
    /// (`x`) and one square behind its back edge on its left (`b`):
    ///
    /// ```text
    ///   drawn (facing north)   one quarter turn (facing east)
    ///     x x                    . . . .
    ///     M M                    b M M x
    ///     M M                    . M M x
    ///     b .
    /// ```
    /// Offsets are from the block's top-left square: facing east, the front squares are
    /// (2,0) and (2,1); the `b` is behind the back (west) edge on the left (north): (-1,0).
    #[test]
    fn a_drawing_turns_about_the_block() {
        let s = parse_shape(&rows(&["x x", "M M", "M M", "b ."])).unwrap();
        assert_eq!(s.size, 2);
        assert_eq!(s.zone, vec![(0, -1), (1, -1)]);
        assert_eq!(s.blind, vec![(0, 2)]);
        assert_eq!(Shape::turned(&s.zone, 2, 1), vec![(2, 0), (2, 1)]);
        assert_eq!(Shape::turned(&s.blind, 2, 1), vec![(-1, 0)]);
        assert_eq!(Shape::turned(&s.zone, 2, 2), vec![(1, 2), (0, 2)]);
        assert_eq!(Shape::turned(&s.blind, 2, 2), vec![(1, -1)]);
        assert_eq!(Shape::turned(&s.zone, 2, 3), vec![(-1, 1), (-1, 0)]);
        assert_eq!(Shape::turned(&s.blind, 2, 3), vec![(2, 1)]);
        // One square: the square in front turns to the east, south and west neighbours.
        assert_eq!(
            (1..4)
                .map(|q| Shape::turned(&[(0, -1)], 1, q)[0])
                .collect::<Vec<_>>(),
            vec![(1, 0), (0, 1), (-1, 0)]
        );
    }

    #[test]
    fn bad_drawings_are_refused() {
        let err = |r: &[&str]| parse_shape(&rows(r)).unwrap_err().0;
        assert!(err(&["x", "."]).contains("no monster"));
        assert!(err(&["M .", ". M", "x ."]).contains("block"));
        assert!(err(&["M ?"]).contains("row 1, square 2"));
        assert!(err(&["M ."]).contains("no square"));
        assert!(parse_shape(&rows(&["M"; 22])).is_err());
    }
}

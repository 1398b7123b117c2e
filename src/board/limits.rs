//! How much work a board may ask for. A monster's turn searches the board once or twice,
//! and choosing targets looks at every creature, so the time a command takes grows with
//! creatures × cells and with creatures². Both are capped, so the largest board allowed
//! still plays a full turn of every monster in seconds (200 on 1000×1000: about 12 s).

use super::Board;

/// Most creatures on a board.
pub const MAX_CREATURES: usize = 2000;

/// Most creatures × cells: 2000 creatures on 200×200 (the creature cap), 250 on
/// 1000×1000.
pub const MAX_WORK: u64 = 250_000_000;

/// The number of cells of a board.
pub fn cells(board: &Board) -> u64 {
    u64::from(board.grid.width) * u64::from(board.grid.height)
}

/// Whether one more creature fits on `board` (arrivals, summons, resurrections and `add`
/// find no room beyond the limits).
pub fn room_for_one_more(board: &Board) -> bool {
    within(board.creatures.len().saturating_add(1), cells(board))
}

/// Whether `creatures` on a board of `cells` cells is within both limits.
pub fn within(creatures: usize, cells: u64) -> bool {
    creatures <= MAX_CREATURES && (creatures as u64).saturating_mul(cells) <= MAX_WORK
}

/// The most creatures a board of `cells` cells may hold.
pub fn most_creatures(cells: u64) -> usize {
    let by_area = usize::try_from(MAX_WORK / cells.max(1)).unwrap_or(usize::MAX);
    by_area.min(MAX_CREATURES)
}

/// Why `creatures` is too many for a board of `cells` cells, and what to do.
pub fn too_many(creatures: usize, cells: u64) -> (String, String) {
    (
        format!("{creatures} creatures is too many for a board of {cells} cells"),
        format!(
            "a board of this size holds at most {} creatures (creatures × cells at most {MAX_WORK}, and never more than {MAX_CREATURES}); use a smaller board or fewer creatures",
            most_creatures(cells)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_scale_with_the_area() {
        assert_eq!(most_creatures(200 * 200), MAX_CREATURES);
        assert_eq!(most_creatures(1000 * 1000), 250);
        assert_eq!(most_creatures(16 * 10), MAX_CREATURES);
        assert!(within(250, 1_000_000));
        assert!(!within(251, 1_000_000));
        assert!(!within(2001, 1));
    }
}

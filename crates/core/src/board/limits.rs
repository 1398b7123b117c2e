//! How much work a board may ask for. A monster's turn searches the board once or twice,
//! and choosing targets looks at every creature, so the time a command takes grows with
//! creatures × cells and with creatures². Both are capped, so the largest board allowed
//! still plays a full turn of every monster in a couple of seconds (1000 goblins on
//! 200×200: about 1.7 s; 62 on 1000×1000: about 1.2 s).

use super::Board;

/// Most creatures on a board.
pub const MAX_CREATURES: usize = 1000;

/// Most creatures × cells: 1000 creatures on 250×250 (the creature cap), 250 on
/// 500×500, 62 on 1000×1000.
const MAX_WORK: u64 = 62_500_000;

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
fn most_creatures(cells: u64) -> usize {
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

/// The most work one `simulate` may ask for, in creature-cells per round summed over every
/// round of every fight it might play: at most about seven minutes on one core (a round
/// costs about 43 ns a creature-cell: 1000 goblins on 200×200 take 1.7 s). The shipped
/// scenarios' defaults (1000 fights of up to 30 rounds) ask for at most 50 million.
const MAX_SIMULATION_WORK: u128 = 10_000_000_000;

/// The most work `runs` fights of up to `rounds` rounds of `creatures` on `cells` cells
/// may take (fights that end sooner take less).
fn simulation_work(creatures: usize, cells: u64, runs: u64, rounds: u32) -> u128 {
    creatures as u128 * u128::from(cells) * u128::from(runs) * u128::from(rounds)
}

/// Why a simulation of that much work is refused, and what to do, when it is.
pub fn too_long(creatures: usize, cells: u64, runs: u64, rounds: u32) -> Option<(String, String)> {
    let work = simulation_work(creatures, cells, runs, rounds);
    if work <= MAX_SIMULATION_WORK {
        return None;
    }
    let per_fight = simulation_work(creatures, cells, 1, rounds).max(1);
    let most = (MAX_SIMULATION_WORK / per_fight).min(u128::from(u64::MAX));
    let hint = if most == 0 {
        format!(
            "even one fight of {rounds} rounds is too much: lower --rounds, or use a smaller board"
        )
    } else {
        format!(
            "this board allows at most {most} fights of {rounds} rounds: lower --runs or --rounds"
        )
    };
    Some((
        format!(
            "{runs} fights of up to {rounds} rounds of {creatures} creatures on {cells} cells could take hours (creatures × cells × rounds × fights = {work}, over the {MAX_SIMULATION_WORK} a simulation may take)"
        ),
        hint,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulation_is_bounded_by_its_work() {
        // The goblin ambush's defaults: 10 creatures on 16×10, 1000 fights of 30 rounds.
        assert_eq!(too_long(10, 160, 1000, 30), None);
        let (msg, hint) = too_long(1000, 40_000, 1000, 30).unwrap();
        assert!(
            msg.starts_with(
                "1000 fights of up to 30 rounds of 1000 creatures on 40000 cells could take hours"
            ),
            "{msg}"
        );
        // 10 000 000 000 / (1000 × 40 000 × 30) = 8.33.
        assert!(hint.contains("at most 8 fights of 30 rounds"), "{hint}");
        assert!(too_long(1000, 40_000, 8, 30).is_none());
        let (_, hint) = too_long(1000, 1_000_000, 1, 10_000).unwrap();
        assert!(
            hint.starts_with("even one fight of 10000 rounds is too much"),
            "{hint}"
        );
    }

    #[test]
    fn the_limits_scale_with_the_area() {
        assert_eq!(most_creatures(250 * 250), MAX_CREATURES);
        assert_eq!(most_creatures(1000 * 1000), 62);
        assert_eq!(most_creatures(16 * 10), MAX_CREATURES);
        assert!(within(62, 1_000_000));
        assert!(!within(63, 1_000_000));
        assert!(!within(1001, 1));
    }
}

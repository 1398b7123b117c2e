//! Answers about one terrain remembered across calls: range fields by (cell, limit),
//! line of sight between two cells, each cell's open steps per kind of mover, and the
//! cells an action of a given range reaches a cell from. All depend on the terrain alone (walls, doors, thin
//! walls), never on creatures, so they can be kept for as long as the terrain stays as
//! it is. Every copy of a map shares its memo (`simulate` copies the board once per
//! fight, and the fights answer each other's questions); a copy whose terrain changes
//! gets a fresh one.
//!
//! Only small boards are remembered, so the memo stays small: sight up to
//! [`SIGHT_CELLS`] cells (a byte per ordered pair), range fields whose window holds at
//! most [`RANGE_WINDOW`] cells, [`RANGE_ENTRIES`] of them at most.

use super::geom::P;
use super::path::{Solid, StepMasks};
use super::range::RangeField;
use super::{Cell, sight::HexSight};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

/// The largest board (in cells) whose sight is remembered: 4 MB of pairs.
pub(super) const SIGHT_CELLS: usize = 2048;
/// The largest window of a range field that is remembered.
pub(super) const RANGE_WINDOW: usize = 4096;
/// The most range fields remembered.
pub(super) const RANGE_ENTRIES: usize = 20_000;

/// The cells an action reaches a target cell from: (target, range, whether the target's
/// own cell counts).
type ReachKey = (Cell, u32, bool);

/// A kind of mover for the open steps: what it may not enter, and whether thin walls
/// stop it.
type StepsKey = (Solid, bool);

/// A map keyed by cells and small numbers, hashed by [`KeyHasher`].
type CellMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// A cheap hash for the memo's keys (a few small integers, asked about tens of thousands
/// of times a second): the standard hasher resists keys chosen to collide, which cells
/// are not, and costs several times the rest of a lookup.
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(u64::from(b)));
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }
}

#[derive(Default)]
struct Shared {
    ranges: RwLock<CellMap<(Cell, u32), Arc<RangeField>>>,
    /// The cells an action reaches a target from, ignoring creatures (see `reach`).
    reach: RwLock<CellMap<ReachKey, Arc<[Cell]>>>,
    /// Each cell's open step directions, per kind of mover (see `path::steps`).
    steps: RwLock<HashMap<StepsKey, Arc<StepMasks>>>,
    /// Per ordered pair of cell indexes, two bits per hex sight rule: 0 not known yet,
    /// 1 blocked, 2 clear.
    sight: OnceLock<Vec<AtomicU8>>,
    /// How many sight answers have been worked out (rather than read) on this terrain.
    worked_out: AtomicUsize,
    /// The thin walls as segments (see `los::Sight`).
    thin_edges: OnceLock<Vec<(P, P)>>,
    /// Per column, the rows of the cells that block sight (see `near`).
    blocking_rows: OnceLock<Vec<Vec<i32>>>,
    /// Per hex, which corners and edge midpoints touch nothing that blocks sight (see
    /// `near::outline_free`).
    outline_free: OnceLock<Vec<u16>>,
    /// Per hex, which of its edges carry a thin wall (see `shadow::thin_sides`).
    thin_sides: OnceLock<Vec<u8>>,
}

/// The memo of one terrain; cloning shares it.
#[derive(Clone, Default)]
pub(crate) struct Memo(Arc<Shared>);

impl Memo {
    /// A memo of its own, for a map whose terrain just changed.
    pub(crate) fn forget(&mut self) {
        match Arc::get_mut(&mut self.0) {
            // Not shared (as while a board loads): emptied in place, without allocating.
            Some(shared) => *shared = Shared::default(),
            None => *self = Memo::default(),
        }
    }

    pub(crate) fn range(&self, from: Cell, limit: u32) -> Option<Arc<RangeField>> {
        let ranges = self.0.ranges.read().ok()?;
        ranges.get(&(from, limit)).cloned()
    }

    /// Keeps a range field, if it is small enough and there is room.
    pub(crate) fn keep_range(&self, from: Cell, limit: u32, field: &Arc<RangeField>) {
        if field.window_cells() > RANGE_WINDOW {
            return;
        }
        if let Ok(mut ranges) = self.0.ranges.write()
            && ranges.len() < RANGE_ENTRIES
        {
            ranges.insert((from, limit), Arc::clone(field));
        }
    }

    /// The cells from which an action reaches a target, for `key`, worked out by `make`
    /// the first time; as many as range fields are kept.
    pub(crate) fn reach(&self, key: ReachKey, make: impl FnOnce() -> Vec<Cell>) -> Arc<[Cell]> {
        if let Some(known) = self.0.reach.read().ok().and_then(|r| r.get(&key).cloned()) {
            return known;
        }
        let cells: Arc<[Cell]> = make().into();
        if let Ok(mut all) = self.0.reach.write()
            && all.len() < RANGE_ENTRIES
        {
            all.insert(key, Arc::clone(&cells));
        }
        cells
    }

    /// Each cell's open step directions for movers of kind `key`, worked out by `make`
    /// the first time.
    pub(crate) fn open_steps(
        &self,
        key: StepsKey,
        make: impl FnOnce() -> StepMasks,
    ) -> Arc<StepMasks> {
        if let Some(known) = self.0.steps.read().ok().and_then(|s| s.get(&key).cloned()) {
            return known;
        }
        let steps = Arc::new(make());
        if let Ok(mut all) = self.0.steps.write() {
            all.insert(key, Arc::clone(&steps));
        }
        steps
    }

    /// Counts a sight answer worked out on this terrain.
    pub(crate) fn count_worked_out(&self) {
        self.0.worked_out.fetch_add(1, Ordering::Relaxed);
    }

    /// How many sight answers have been worked out on this terrain.
    pub(crate) fn worked_out(&self) -> usize {
        self.0.worked_out.load(Ordering::Relaxed)
    }

    /// Whether sight on a board of this many cells is remembered at all.
    pub(crate) fn remembers(&self, cells: usize) -> bool {
        cells <= SIGHT_CELLS
    }

    /// The terrain's thin walls as segments, worked out by `make` the first time.
    pub(crate) fn thin_edges(&self, make: impl FnOnce() -> Vec<(P, P)>) -> &[(P, P)] {
        self.0.thin_edges.get_or_init(make)
    }

    /// Per column, the rows of the cells that block sight, worked out by `make` the
    /// first time.
    pub(crate) fn blocking_rows(&self, make: impl FnOnce() -> Vec<Vec<i32>>) -> &[Vec<i32>] {
        self.0.blocking_rows.get_or_init(make)
    }

    /// Per hex, which points of its outline touch nothing that blocks sight, worked out by
    /// `make` the first time.
    pub(crate) fn outline_free(&self, make: impl FnOnce() -> Vec<u16>) -> &[u16] {
        self.0.outline_free.get_or_init(make)
    }

    /// Per hex, which of its edges carry a thin wall, worked out by `make` the first time.
    pub(crate) fn thin_sides(&self, make: impl FnOnce() -> Vec<u8>) -> &[u8] {
        self.0.thin_sides.get_or_init(make)
    }

    fn slot(cells: usize, a: usize, b: usize) -> Option<usize> {
        (cells <= SIGHT_CELLS).then_some(a * cells + b)
    }

    fn shift(rule: HexSight) -> u8 {
        match rule {
            HexSight::CornerToCorner => 0,
            HexSight::AnyPoint => 2,
        }
    }

    /// Whether cell index `a` sees `b` under `rule`, when known.
    pub(crate) fn sight(&self, cells: usize, a: usize, b: usize, rule: HexSight) -> Option<bool> {
        let slot = Self::slot(cells, a, b)?;
        let table = self.0.sight.get()?;
        Self::decode(&table[slot], rule)
    }

    /// What is known of what cell index `a` sees, read cell by cell with
    /// [`SightRow::get`]: one lookup of the table for many questions.
    pub(crate) fn sight_row(&self, cells: usize, a: usize, rule: HexSight) -> SightRow<'_> {
        let row = Self::slot(cells, a, 0)
            .and_then(|start| Some(&self.0.sight.get()?[start..start + cells]));
        SightRow { row, rule }
    }

    fn decode(slot: &AtomicU8, rule: HexSight) -> Option<bool> {
        match (slot.load(Ordering::Relaxed) >> Self::shift(rule)) & 3 {
            1 => Some(false),
            2 => Some(true),
            _ => None,
        }
    }

    pub(crate) fn keep_sight(&self, cells: usize, a: usize, b: usize, rule: HexSight, clear: bool) {
        let Some(slot) = Self::slot(cells, a, b) else {
            return;
        };
        let bits = if clear { 2 } else { 1 };
        Self::add_bits(&self.sight_table(cells)[slot], bits << Self::shift(rule));
    }

    /// Remembers under `rule` that every two of the cell indexes `cells_seeing` see each
    /// other, writing only what is not known yet.
    pub(crate) fn keep_all_clear(&self, cells: usize, cells_seeing: &[usize], rule: HexSight) {
        if cells > SIGHT_CELLS {
            return;
        }
        let table = self.sight_table(cells);
        let bits = 2 << Self::shift(rule);
        for (k, &x) in cells_seeing.iter().enumerate() {
            let row = &table[x * cells..(x + 1) * cells];
            for &y in &cells_seeing[k + 1..] {
                if Self::decode(&row[y], rule).is_none() {
                    Self::add_bits(&row[y], bits);
                    Self::add_bits(&table[y * cells + x], bits);
                }
            }
        }
    }

    fn sight_table(&self, cells: usize) -> &[AtomicU8] {
        self.0
            .sight
            .get_or_init(|| (0..cells * cells).map(|_| AtomicU8::new(0)).collect())
    }

    /// Adds bits to a slot. A read and a write rather than one locked update: threads
    /// racing on one slot may then lose each other's bits (an answer not remembered,
    /// worked out again later), but never store a wrong one, as each writes what it
    /// read plus true answers.
    fn add_bits(slot: &AtomicU8, bits: u8) {
        slot.store(slot.load(Ordering::Relaxed) | bits, Ordering::Relaxed);
    }
}

/// What one cell is known to see (see [`Memo::sight_row`]).
pub(crate) struct SightRow<'a> {
    row: Option<&'a [AtomicU8]>,
    rule: HexSight,
}

impl SightRow<'_> {
    /// Whether the row's cell sees cell index `b`, when known.
    pub(crate) fn get(&self, b: usize) -> Option<bool> {
        Memo::decode(self.row?.get(b)?, self.rule)
    }
}

/// A memo never makes two maps differ.
impl PartialEq for Memo {
    fn eq(&self, _: &Memo) -> bool {
        true
    }
}

impl Eq for Memo {}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sight_is_kept_per_rule_and_shared_by_copies() {
        let memo = Memo::default();
        let copy = memo.clone();
        assert_eq!(memo.sight(4, 1, 2, HexSight::CornerToCorner), None);
        memo.keep_sight(4, 1, 2, HexSight::CornerToCorner, false);
        memo.keep_sight(4, 1, 2, HexSight::AnyPoint, true);
        assert_eq!(copy.sight(4, 1, 2, HexSight::CornerToCorner), Some(false));
        assert_eq!(copy.sight(4, 1, 2, HexSight::AnyPoint), Some(true));
        assert_eq!(copy.sight(4, 2, 1, HexSight::AnyPoint), None);
        let mut changed = copy.clone();
        changed.forget();
        assert_eq!(changed.sight(4, 1, 2, HexSight::AnyPoint), None);
        assert_eq!(memo.sight(4, 1, 2, HexSight::AnyPoint), Some(true));
    }

    /// A row reads what `sight` reads, before the table exists and after, per rule.
    #[test]
    fn a_row_reads_what_single_questions_read() {
        let memo = Memo::default();
        assert_eq!(memo.sight_row(4, 1, HexSight::AnyPoint).get(2), None);
        memo.keep_sight(4, 1, 2, HexSight::AnyPoint, false);
        memo.keep_sight(4, 1, 3, HexSight::CornerToCorner, true);
        for rule in [HexSight::AnyPoint, HexSight::CornerToCorner] {
            let row = memo.sight_row(4, 1, rule);
            for b in 0..4 {
                assert_eq!(row.get(b), memo.sight(4, 1, b, rule), "{b} {rule:?}");
            }
        }
        let big = SIGHT_CELLS + 1;
        assert_eq!(memo.sight_row(big, 1, HexSight::AnyPoint).get(2), None);
    }

    /// Every two of the cells are remembered as seeing each other, both ways and under
    /// that rule only, whatever was known of some of them; other pairs stay unknown.
    #[test]
    fn all_clear_pairs_are_kept_both_ways() {
        let memo = Memo::default();
        memo.keep_sight(6, 1, 4, HexSight::AnyPoint, true);
        memo.keep_sight(6, 3, 4, HexSight::CornerToCorner, false);
        memo.keep_all_clear(6, &[4, 1, 3], HexSight::AnyPoint);
        for (a, b) in [(1, 3), (3, 1), (3, 4), (4, 3), (1, 4), (4, 1)] {
            assert_eq!(
                memo.sight(6, a, b, HexSight::AnyPoint),
                Some(true),
                "{a} {b}"
            );
        }
        assert_eq!(memo.sight(6, 3, 4, HexSight::CornerToCorner), Some(false));
        assert_eq!(memo.sight(6, 4, 3, HexSight::CornerToCorner), None);
        assert_eq!(memo.sight(6, 1, 2, HexSight::AnyPoint), None);
        let big = SIGHT_CELLS + 1;
        memo.keep_all_clear(big, &[0, 1], HexSight::AnyPoint);
        assert_eq!(memo.sight(big, 0, 1, HexSight::AnyPoint), None);
    }

    #[test]
    fn big_boards_are_not_remembered() {
        let memo = Memo::default();
        let big = SIGHT_CELLS + 1;
        memo.keep_sight(big, 0, 1, HexSight::CornerToCorner, true);
        assert_eq!(memo.sight(big, 0, 1, HexSight::CornerToCorner), None);
    }
}

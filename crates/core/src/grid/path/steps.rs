//! The steps of one search, over dense arrays: which steps the terrain and the figures
//! allow from each cell, what each costs, and where a step onto ice slides to. Built
//! once per search and kept by its field, so a path can be rebuilt from the costs alone.

use super::{Rules, Solid, pack};
use crate::grid::layout::GridKind;
use crate::grid::{Cell, Grid, Metric, Terrain, TerrainMap};
use std::sync::Arc;

/// The most movement points one step costs: a second diagonal (2) into difficult
/// terrain (×2).
pub(super) const MAX_STEP: u64 = 4;

/// Per-cell flags of one search.
const BLOCKED: u8 = 1;
const AVOIDED: u8 = 2;
const DIFFICULT: u8 = 4;
/// Icy, not harmful, and the mover slides: a step into it slides on.
const SLIDES: u8 = 8;
/// Holds a figure that stops a slide before it.
const STOPS: u8 = 16;

/// Per cell, a bit per direction (as [`Grid::step_directions`] numbers them): `out`
/// when the step from the cell that way is allowed, `into` when the step from the
/// neighbour that way into the cell is. Terrain alone decides them, so each map
/// remembers them per kind of mover.
pub(crate) struct StepMasks {
    pub(super) out: Vec<u8>,
    pub(super) into: Vec<u8>,
}

impl StepMasks {
    /// The directions (as [`Grid::step_directions`] numbers them) a step out of the cell
    /// of index `index` may take, one bit each, [`moves`] not applied.
    pub(crate) fn open_bits(&self, index: usize) -> u8 {
        self.out[index]
    }

    /// The cells a step out of `cell` may enter (none off the board), in the order of
    /// [`Grid::step_directions`]; a Manhattan board's diagonals are left out.
    pub(crate) fn open_from(&self, grid: Grid, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let directions = grid.step_directions(cell);
        let mut open = if grid.contains(cell) {
            self.out[grid.index(cell)]
        } else {
            0
        };
        std::iter::from_fn(move || {
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                if grid.moves_in_direction(d) {
                    let (dc, dr) = directions[d];
                    return Some(Cell::new(cell.col + dc, cell.row + dr));
                }
            }
            None
        })
    }
}

/// The directions a mover may take on `grid`, one bit each: all but a Manhattan
/// board's diagonals.
pub(crate) fn moves(grid: Grid) -> u8 {
    (0..8)
        .filter(|&d| grid.moves_in_direction(d))
        .fold(0, |m, d| m | 1 << d)
}

/// The step masks of `map` for movers stopped by `solid`, remembered by the map.
pub(crate) fn masks_of(map: &TerrainMap, solid: Solid, thin_walls: bool) -> Arc<StepMasks> {
    map.memo.open_steps((solid, thin_walls), || {
        let pair = [Solid::Movement, Solid::Sight];
        if map.grid.kind != GridKind::Hex || !pair.contains(&solid) {
            return step_masks(map, solid, thin_walls);
        }
        // On a hex board a walker's masks and range's come out of one pass for little
        // more than one costs, and whoever asks for one (a focus scene) asks for both.
        let [movement, sight] = hex_masks(map, pair, thin_walls);
        let (mine, other, theirs) = match solid {
            Solid::Movement => (movement, Solid::Sight, sight),
            _ => (sight, Solid::Movement, movement),
        };
        map.memo.open_steps((other, thin_walls), || theirs);
        mine
    })
}

/// A search's view of the board: the step masks, the cells' flags, and the index offset
/// of each direction (per column parity, for hexes).
#[derive(Clone)]
pub(super) struct Steps {
    pub grid: Grid,
    /// Search states per cell: 2 on alternating boards (parity of diagonals taken).
    pub states: usize,
    /// `log2(states)`: a state's cell is `state >> shift`, its parity `state & 1`.
    shift: u32,
    masks: Arc<StepMasks>,
    flags: Vec<u8>,
    offsets: IndexOffsets,
    /// Per direction: a square diagonal.
    diagonal: [bool; 8],
    /// Per direction: the opposite one.
    opposite: [usize; 8],
    /// Per diagonal parity and direction: the packed cost of a step into a plain cell,
    /// and the parity after it.
    plain: [[(u64, usize); 8]; 2],
    /// Directions a mover may take (not the diagonals of a Manhattan board).
    moves: u8,
    alternating: bool,
    /// Whether any step slides (the mover slides and there is ice).
    pub slides: bool,
    /// No cell is avoided, difficult or icy: every step costs its plain points.
    uniform: bool,
}

/// [`Steps::each_forward`] for a forward search that holds its blocked cells at cost 0
/// while it runs (see [`Steps::blocked_states`]), so nothing slides either (see
/// `search`): a step's cost follows from its plain points and the entered cell's avoided
/// and difficult flags alone. The searches spend their time here, so what it reads is
/// taken out of the [`Steps`] once per run of the search, to stay at hand in the loop.
pub(super) struct HeldForward<'a> {
    out: &'a [u8],
    flags: &'a [u8],
    offsets: IndexOffsets,
    plain: &'a [[(u64, usize); 8]; 2],
    moves: u8,
    shift: u32,
    /// One state per cell: every plain step costs 1 point and leaves the parity alone.
    single: bool,
    uniform: bool,
}

impl HeldForward<'_> {
    /// Every step a mover in `state` can take, as the state it leads to and its cost.
    #[inline(always)]
    pub(super) fn each(&self, state: usize, mut offer: impl FnMut(usize, u64)) {
        let u = state >> self.shift;
        let steps = open_steps(self.out[u] & self.moves, u, self.offsets.of(u));
        match (self.single, self.uniform) {
            (true, true) => steps.for_each(|(_, v)| offer(v, pack(0, 1))),
            (true, false) => {
                for (_, v) in steps {
                    offer(v, ENTER_ONE[usize::from(self.flags[v] >> 1 & 3)]);
                }
            }
            (false, uniform) => {
                let plain = &self.plain[state & 1];
                for (d, v) in steps {
                    let (points, after) = plain[d];
                    let cost = if uniform {
                        points
                    } else {
                        entering(points, self.flags[v])
                    };
                    offer((v << self.shift) + after, cost);
                }
            }
        }
    }
}

/// The directions of `open` (a bit each), each with the cell a step from the cell of
/// index `u` that way enters.
#[inline(always)]
fn open_steps(
    mut open: u8,
    u: usize,
    offsets: &[isize; 8],
) -> impl Iterator<Item = (usize, usize)> + '_ {
    std::iter::from_fn(move || {
        (open != 0).then(|| {
            let d = open.trailing_zeros() as usize & 7;
            open &= open - 1;
            (d, u.wrapping_add_signed(offsets[d]))
        })
    })
}

/// The index offset of each step direction from a cell (as [`Grid::step_directions`]
/// numbers them), for walking a board by cell index: on a hex board they depend on the
/// parity of the cell's column.
#[derive(Clone, Copy)]
pub(crate) struct IndexOffsets {
    /// Per column parity, per direction.
    offsets: [[isize; 8]; 2],
    parity: ColumnParity,
    width: usize,
}

/// How a cell's index gives the parity of its column: no matter on a square board; on a
/// hex board of even width the index's own parity (each row starts on an even index),
/// else by division.
#[derive(Clone, Copy)]
enum ColumnParity {
    Square,
    EvenWidth,
    OddWidth,
}

impl IndexOffsets {
    pub(crate) fn new(grid: Grid) -> IndexOffsets {
        let offsets = [0, 1].map(|column| {
            let mut o = [0isize; 8];
            for (d, &(dc, dr)) in grid
                .step_directions(Cell::new(column, 0))
                .iter()
                .enumerate()
            {
                o[d] = dr as isize * grid.width as isize + dc as isize;
            }
            o
        });
        IndexOffsets {
            offsets,
            parity: match grid.kind {
                GridKind::Square(_) => ColumnParity::Square,
                GridKind::Hex if grid.width.is_multiple_of(2) => ColumnParity::EvenWidth,
                GridKind::Hex => ColumnParity::OddWidth,
            },
            width: grid.width as usize,
        }
    }

    /// The offset of each direction from the cell of index `cell`.
    #[inline(always)]
    pub(crate) fn of(&self, cell: usize) -> &[isize; 8] {
        let column_parity = match self.parity {
            ColumnParity::Square => 0,
            ColumnParity::EvenWidth => cell & 1,
            ColumnParity::OddWidth => (cell % self.width) & 1,
        };
        &self.offsets[column_parity]
    }
}

/// A step of a search: the state it leads to (or comes from), its cost, and the icy
/// cell stepped onto when it is a slide (`NONE` otherwise).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub state: usize,
    pub cost: u64,
    pub icy: u32,
}

pub(super) const NONE: u32 = u32::MAX;

impl Steps {
    pub(super) fn new(map: &TerrainMap, rules: &Rules) -> Steps {
        let grid = map.grid;
        let alternating = grid.kind == GridKind::Square(Metric::Alternating);
        let square = matches!(grid.kind, GridKind::Square(_));
        let flags = cell_flags(map.terrain_slice(), rules);
        let all = flags.iter().fold(0, |all, &f| all | f);
        let slides = all & SLIDES != 0;
        let uniform = all & (AVOIDED | DIFFICULT | SLIDES) == 0;
        let mut diagonal = [false; 8];
        for (d, &(dc, dr)) in grid.step_directions(Cell::new(0, 0)).iter().enumerate() {
            diagonal[d] = square && dc != 0 && dr != 0;
        }
        let mut opposite = [0usize; 8];
        for (d, o) in opposite
            .iter_mut()
            .enumerate()
            .take(grid.step_directions(Cell::new(0, 0)).len())
        {
            *o = grid.opposite(d);
        }
        let mut plain = [[(0u64, 0usize); 8]; 2];
        for (parity, row) in plain.iter_mut().enumerate() {
            for (d, step) in row.iter_mut().enumerate() {
                let flips = diagonal[d] && alternating;
                let points = 1 + u64::from(flips && parity == 1);
                *step = (pack(0, points), if flips { 1 - parity } else { parity });
            }
        }
        Steps {
            grid,
            states: if alternating { 2 } else { 1 },
            shift: u32::from(alternating),
            masks: masks_of(map, rules.solid, rules.thin_walls),
            flags,
            offsets: IndexOffsets::new(grid),
            diagonal,
            opposite,
            plain,
            moves: moves(grid),
            alternating,
            slides,
            uniform,
        }
    }

    /// For a forward search: the states of blocked cells not yet reached. While the search
    /// runs it holds them at cost 0 in its costs, so no step ever improves them and a
    /// step need not test for them (see [`HeldForward`]).
    pub(super) fn blocked_states(&self, dist: &[u64]) -> Vec<usize> {
        // Few cells are blocked: the flags are read eight cells at a time, one bit of
        // each byte telling whether that cell is blocked.
        const EIGHT: u64 = u64::from_le_bytes([BLOCKED; 8]);
        let whole = self.flags.chunks_exact(8);
        let mut tail = [0u8; 8];
        tail[..whole.remainder().len()].copy_from_slice(whole.remainder());
        let words = || {
            let whole = whole.clone();
            let words = whole.map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")));
            words.chain([u64::from_le_bytes(tail)]).map(|w| w & EIGHT)
        };
        let blocked: u32 = words().map(u64::count_ones).sum();
        let mut held = Vec::with_capacity(blocked as usize * self.states);
        for (i, mut bits) in words().enumerate() {
            while bits != 0 {
                let cell = i * 8 + bits.trailing_zeros() as usize / 8;
                bits &= bits - 1;
                let first = cell << self.shift;
                held.extend((first..first + self.states).filter(|&s| dist[s] == super::UNREACHED));
            }
        }
        held
    }

    /// The index offset of each direction from `cell`.
    #[inline(always)]
    fn offsets(&self, cell: usize) -> &[isize; 8] {
        self.offsets.of(cell)
    }

    fn offset(&self, cell: usize, d: usize) -> usize {
        cell.wrapping_add_signed(self.offsets(cell)[d])
    }

    fn has(&self, cell: usize, flag: u8) -> bool {
        self.flags[cell] & flag != 0
    }

    /// Does a mover stepping into `cell` slide on (so cannot stop there by a step)?
    fn slides_into(&self, cell: usize) -> bool {
        self.has(cell, SLIDES)
    }

    /// Cost of the step from cell `u` into its neighbour `v` (direction `d`) for a mover
    /// of diagonal parity `parity`, with the parity after it; `None` when not allowed.
    #[inline(always)]
    fn weigh(&self, u: usize, v: usize, d: usize, parity: usize) -> Option<(u64, usize)> {
        if self.masks.out[u] & (1 << d) == 0 {
            return None;
        }
        self.weigh_open(v, d, parity)
    }

    /// [`Steps::weigh`] for a step the terrain is known to allow.
    #[inline(always)]
    fn weigh_open(&self, v: usize, d: usize, parity: usize) -> Option<(u64, usize)> {
        let (points, after) = self.plain[parity][d];
        let flags = self.flags[v];
        if flags & BLOCKED != 0 {
            return None;
        }
        Some((entering(points, flags), after))
    }

    /// The diagonal parity before a step in direction `d` of a mover that has `after`.
    fn parity_before(&self, d: usize, after: usize) -> usize {
        if self.diagonal[d] && self.alternating {
            1 - after
        } else {
            after
        }
    }

    /// Where a mover stepping from `a` onto the icy cell `b` (direction `d`) comes to
    /// rest, with the harmful cells it slid into (the first one stops it). The slide goes
    /// on while the cell is icy and harmless and the next step that way is open and
    /// holds no figure: the slide `World::move_along` carries out.
    fn slide(&self, b: usize, d: usize) -> (usize, u32) {
        let mut cur = b;
        let mut harmed = 0;
        while self.slides_into(cur) && self.masks.out[cur] & (1 << d) != 0 {
            let next = self.offset(cur, d);
            if self.has(next, STOPS) {
                break;
            }
            harmed += u32::from(self.has(next, AVOIDED));
            cur = next;
        }
        (cur, harmed)
    }

    /// The directions a step out of cell `u` may take, each with the cell it enters.
    #[inline(always)]
    fn open_out(&self, u: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        open_steps(self.masks.out[u] & self.moves, u, self.offsets(u))
    }

    /// The steps of a forward search that holds its blocked cells (see
    /// [`HeldForward`]).
    pub(super) fn held_forward(&self) -> HeldForward<'_> {
        HeldForward {
            out: &self.masks.out,
            flags: &self.flags,
            offsets: self.offsets,
            plain: &self.plain,
            moves: self.moves,
            shift: self.shift,
            single: self.states == 1,
            uniform: self.uniform,
        }
    }

    /// Every step a mover in `state` can take: to the next cell, or onto ice and on to
    /// where the slide ends.
    #[inline(always)]
    pub(super) fn each_forward(&self, state: usize, mut offer: impl FnMut(Step)) {
        let (u, parity) = (state >> self.shift, state & 1 & (self.states - 1));
        for (d, v) in self.open_out(u) {
            let Some((cost, after)) = self.weigh_open(v, d, parity) else {
                continue;
            };
            if self.slides && self.slides_into(v) {
                let (end, harmed) = self.slide(v, d);
                offer(Step {
                    state: (end << self.shift) + after,
                    cost: cost + pack(u64::from(harmed), 0),
                    icy: v as u32,
                });
                continue;
            }
            offer(Step {
                state: (v << self.shift) + after,
                cost,
                icy: NONE,
            });
        }
    }

    /// Every step that ends in `state`, by the state it starts from: a step from a
    /// neighbour, or a slide (`slides_into` lists the slides ending in each cell).
    #[inline(always)]
    pub(super) fn each_backward(
        &self,
        state: usize,
        slides_into: &[Vec<Slide>],
        mut offer: impl FnMut(Step),
    ) {
        let (v, parity) = (state >> self.shift, state & 1 & (self.states - 1));
        let flags = self.flags[v];
        // Every step here enters `v`: its flags decide them all.
        if flags & BLOCKED == 0 && !(self.slides && flags & SLIDES != 0) {
            let offsets = self.offsets(v);
            let avoided = pack(u64::from(flags & AVOIDED != 0), 0);
            let difficult = u64::from(flags & DIFFICULT != 0);
            let mut open = self.masks.into[v] & self.moves;
            while open != 0 {
                let d = open.trailing_zeros() as usize & 7;
                open &= open - 1;
                let u = v.wrapping_add_signed(offsets[d]);
                let back = self.opposite[d];
                let before = self.parity_before(back, parity);
                let (points, _) = self.plain[before][back];
                offer(Step {
                    state: (u << self.shift) + before,
                    cost: (points << difficult) + avoided,
                    icy: NONE,
                });
            }
        }
        for slide in slides_into.get(v).into_iter().flatten() {
            let before = self.parity_before(slide.direction, parity);
            let (a, b) = (slide.from as usize, slide.icy as usize);
            if let Some((cost, _)) = self.weigh(a, b, slide.direction, before) {
                offer(Step {
                    state: a * self.states + before,
                    cost: cost + pack(u64::from(slide.harmed), 0),
                    icy: slide.icy,
                });
            }
        }
    }

    /// Per cell, the slides that end there (empty when nothing slides).
    pub(super) fn slides_into_each(&self) -> Vec<Vec<Slide>> {
        if !self.slides {
            return Vec::new();
        }
        let mut into = vec![Vec::new(); self.grid.len()];
        for a in 0..self.grid.len() {
            let mut open = self.masks.out[a] & self.moves;
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                let b = self.offset(a, d);
                if !self.slides_into(b) || self.has(b, BLOCKED) {
                    continue;
                }
                let (end, harmed) = self.slide(b, d);
                into[end].push(Slide {
                    from: a as u32,
                    icy: b as u32,
                    direction: d,
                    harmed,
                });
            }
        }
        into
    }
}

/// Each cell's flags for a search under `rules`.
fn cell_flags(terrain: &[Terrain], rules: &Rules) -> Vec<u8> {
    let sliding = rules.slides.is_some();
    let mut flags: Vec<u8> = terrain
        .iter()
        .map(|&t| {
            let difficult = rules.difficult_costs && t == Terrain::Difficult;
            let icy = sliding && t == Terrain::Icy;
            (u8::from(difficult) * DIFFICULT) | (u8::from(icy) * SLIDES)
        })
        .collect();
    for (f, &on) in flags.iter_mut().zip(rules.blocked) {
        *f |= u8::from(on) * BLOCKED;
    }
    for (f, &on) in flags.iter_mut().zip(rules.avoided) {
        // Harmful ice stops a slide rather than carrying it on.
        *f = if on { (*f | AVOIDED) & !SLIDES } else { *f };
    }
    for (f, &on) in flags.iter_mut().zip(rules.slides.unwrap_or(&[])) {
        *f |= u8::from(on) * STOPS;
    }
    flags
}

/// The packed cost of a step of `points` plain points into a cell of `flags`: doubled
/// into difficult terrain, an avoided level more into an avoided cell.
#[inline(always)]
fn entering(points: u64, flags: u8) -> u64 {
    (points << (flags & DIFFICULT != 0) as u32) + pack(u64::from(flags & AVOIDED != 0), 0)
}

/// [`entering`] for a one-point step, by the cell's avoided and difficult flags
/// (`flags >> 1 & 3`).
const ENTER_ONE: [u64; 4] = [pack(0, 1), pack(1, 1), pack(0, 2), pack(1, 2)];
const _: () = assert!(AVOIDED == 2 && DIFFICULT == 4);

/// A slide: the step from `from` onto the icy cell `icy` (direction `direction`), and
/// the harmful cells slid into on the way.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slide {
    from: u32,
    icy: u32,
    direction: usize,
    harmed: u32,
}

/// The step masks of `map` for a mover stopped by `solid` terrain (and thin walls, when
/// they count): the neighbour is on the board and not solid, no thin wall is in the
/// way, and a diagonal is not squeezed between two closed sides.
pub(super) fn step_masks(map: &TerrainMap, solid: Solid, thin_walls: bool) -> StepMasks {
    let grid = map.grid;
    if grid.kind == GridKind::Hex {
        let [masks] = hex_masks(map, [solid], thin_walls);
        return masks;
    }
    let walls = thin_wall_masks(map, thin_walls);
    if walls.iter().all(|&w| w == 0) {
        // A cell's masks follow from the eight cells around it alone.
        let open = |t| u8::from(!solid.blocks(t));
        return square_masks(grid, &framed(grid, map.terrain_slice(), open));
    }
    let closed: Vec<bool> = map
        .terrain_slice()
        .iter()
        .map(|&t| solid.blocks(t))
        .collect();
    let mut out = vec![0u8; grid.len()];
    let mut into = vec![0u8; grid.len()];
    // A square board with thin walls: each step tested on its own.
    let dirs = grid.step_directions(Cell::new(0, 0));
    let opposite: Vec<usize> = (0..dirs.len()).map(|d| grid.opposite(d)).collect();
    let (width, height) = (grid.width as isize, grid.height as isize);
    for row in 0..height {
        for col in 0..width {
            let u = (row * width + col) as usize;
            let mut bits = 0u8;
            for (d, &(dc, dr)) in dirs.iter().enumerate() {
                let (vc, vr) = (col + dc as isize, row + dr as isize);
                if vc < 0 || vr < 0 || vc >= width || vr >= height {
                    continue;
                }
                let v = (vr * width + vc) as usize;
                if closed[v] || walls[u] & (1 << d) != 0 {
                    continue;
                }
                if dc != 0 && dr != 0 {
                    let wall = |from: usize, dir: usize| walls[from] & (1 << dir) != 0;
                    let s1 = (row * width + vc) as usize;
                    let s2 = (vr * width + col) as usize;
                    let (across, down) = (square_dir(dc, 0), square_dir(0, dr));
                    let side1 = closed[s1] || wall(u, across) || wall(s1, down);
                    let side2 = closed[s2] || wall(u, down) || wall(s2, across);
                    if side1 && side2 {
                        continue;
                    }
                }
                bits |= 1 << d;
                into[v] |= 1 << opposite[d];
            }
            out[u] = bits;
        }
    }
    StepMasks { out, into }
}

/// Each cell's thin walls, one bit per direction (none when they do not count).
fn thin_wall_masks(map: &TerrainMap, thin_walls: bool) -> Vec<u8> {
    if thin_walls {
        map.thin_wall_masks()
    } else {
        vec![0; map.grid.len()]
    }
}

/// A framed board cell: steps may enter it (the first bit of those `open` gives).
const OPEN: u8 = 1;
/// A framed board cell: it is on the board (the frame around is not).
const ON_BOARD: u8 = 2;

/// The board copied inside a frame of off-board cells, a byte per cell: [`ON_BOARD`] and
/// the bits `open` gives its terrain (which kinds of mover may enter it), so the mask
/// builders read every cell's neighbours without a test of their own at the edge.
fn framed(grid: Grid, terrain: &[Terrain], open: impl Fn(Terrain) -> u8) -> Vec<u8> {
    let (width, height) = (grid.width as usize, grid.height as usize);
    let framed = width + 2;
    let mut cell = vec![0u8; framed * (height + 2)];
    for row in 0..height {
        let line = &mut cell[(row + 1) * framed + 1..][..width];
        for (b, &t) in line.iter_mut().zip(&terrain[row * width..][..width]) {
            *b = ON_BOARD | open(t);
        }
    }
    cell
}

/// The masks of every cell, `N` kinds at once, from `masks(index, column, above, level,
/// below)`: the cell's index and column, and the three framed cells above, level with
/// and below it, columns `column - 1` to `column + 1` (see [`framed`]); it gives each
/// kind's `(out, into)`.
fn masks_around<const N: usize>(
    grid: Grid,
    cell: &[u8],
    masks: impl Fn(usize, usize, [u8; 3], [u8; 3], [u8; 3]) -> [(u8, u8); N],
) -> [StepMasks; N] {
    let (width, framed) = (grid.width as usize, grid.width as usize + 2);
    let mut all = [(); N].map(|_| StepMasks {
        out: vec![0u8; grid.len()],
        into: vec![0u8; grid.len()],
    });
    for row in 0..grid.height as usize {
        let [above, level, below] = [row, row + 1, row + 2].map(|r| &cell[r * framed..][..framed]);
        let around = threes(above).zip(threes(level)).zip(threes(below));
        for (col, ((a, l), b)) in around.enumerate() {
            let i = row * width + col;
            let found = masks(i, col, a, l, b);
            for k in 0..N {
                (all[k].out[i], all[k].into[i]) = found[k];
            }
        }
    }
    all
}

/// Each run of three bytes of `row`, left to right.
fn threes(row: &[u8]) -> impl Iterator<Item = [u8; 3]> + '_ {
    row.windows(3).map(|w| [w[0], w[1], w[2]])
}

/// Square boards without thin walls: the `out` and `into` masks of every cell, in the
/// direction order of `Grid::step_directions` (NW N NE W E SW S SE). A step goes into any
/// open cell, a diagonal one unless both cells beside it are closed: so a cell can be left
/// toward each open neighbour, and entered (when open itself) from each neighbour on the
/// board but across a diagonal squeezed shut.
fn square_masks(grid: Grid, cell: &[u8]) -> StepMasks {
    // A diagonal is squeezed shut when both cells beside it are closed.
    let sides = |n: u8, w: u8, e: u8, s: u8| {
        (n | w) | 2 | (n | e) << 2 | 8 | 16 | (s | w) << 5 | 64 | (s | e) << 7
    };
    // One bit per direction from the eight cells around, `bit` of each.
    let gather = |a: [u8; 3], l: [u8; 3], b: [u8; 3], bit: u8| {
        let x = |c: u8| u8::from(c & bit != 0);
        x(a[0])
            | x(a[1]) << 1
            | x(a[2]) << 2
            | x(l[0]) << 3
            | x(l[2]) << 4
            | x(b[0]) << 5
            | x(b[1]) << 6
            | x(b[2]) << 7
    };
    let [masks] = masks_around(grid, cell, |_, _, a, l, b| {
        let open = |c: u8| c & OPEN;
        let sides = sides(open(a[1]), open(l[0]), open(l[2]), open(b[1]));
        // `into`: 0 when the cell itself is closed, all ones when open.
        let into = sides & gather(a, l, b, ON_BOARD) & 0u8.wrapping_sub(open(l[1]));
        [(sides & gather(a, l, b, OPEN), into)]
    });
    masks
}

/// Hex boards: nothing squeezes a step, so a cell's masks are read off the six cells
/// around it. A step leaves toward every open neighbour on the board and enters every
/// open cell from each neighbour on the board, unless a thin wall lies between (the
/// walls' masks are symmetric: a wall is marked on both its sides). One pass gives the
/// masks of each kind of mover in `solids`: the six neighbours' framed bytes are read
/// once, as one word, and each kind's bits are gathered out of it.
fn hex_masks<const N: usize>(
    map: &TerrainMap,
    solids: [Solid; N],
    thin_walls: bool,
) -> [StepMasks; N] {
    const { assert!(N <= 2) };
    let grid = map.grid;
    // Kind `k` may enter a framed cell when its bit `PLANE[k]` is set (bit 1 is ON_BOARD).
    const PLANE: [u32; 2] = [0, 2];
    let cell = framed(grid, map.terrain_slice(), |t| {
        (0..N).fold(0, |bits, k| {
            bits | u8::from(!solids[k].blocks(t)) << PLANE[k]
        })
    });
    let walls = thin_wall_masks(map, thin_walls);
    masks_around(grid, &cell, |i, col, a, l, b| {
        let [n0, n1, n2, n3, n4, n5] = hex_around(col, a, l, b);
        let around = u64::from_le_bytes([n0, n1, n2, n3, n4, n5, 0, 0]);
        let there = gather6(around >> 1);
        let wall = walls[i];
        std::array::from_fn(|k| {
            let enterable = 0u8.wrapping_sub(l[1] >> PLANE[k] & 1);
            (
                gather6(around >> PLANE[k]) & !wall,
                there & !wall & enterable,
            )
        })
    })
}

/// The lowest bits of the six lowest bytes of `word`, as the six lowest bits of one
/// byte. Multiplying moves byte `i`'s bit (bit `8i`) by each power `48 - 7j`; the
/// products land on `48 + i + 7(i - j)`, distinct for every `i` and `j` below 6, so
/// nothing carries, and the ones with `i = j` are bits 48 to 53.
#[inline(always)]
fn gather6(word: u64) -> u8 {
    const LOW: u64 = 0x0000_0101_0101_0101;
    const SPREAD: u64 = 1 << 48 | 1 << 41 | 1 << 34 | 1 << 27 | 1 << 20 | 1 << 13;
    ((word & LOW).wrapping_mul(SPREAD) >> 48) as u8 & 0x3f
}

/// The six neighbours of a hex cell in column `col`, in the order of
/// `Grid::step_directions`, from the three columns around it in the rows above (`a`),
/// level with (`l`) and below it (`b`). Odd columns sit half a hex lower, so they touch
/// the row below where even ones touch the row above.
#[inline(always)]
fn hex_around(col: usize, a: [u8; 3], l: [u8; 3], b: [u8; 3]) -> [u8; 6] {
    if col & 1 == 0 {
        [a[1], a[2], l[2], b[1], l[0], a[0]]
    } else {
        [a[1], l[2], b[2], b[1], b[0], l[0]]
    }
}

/// Direction number of a square step `(dcol, drow)` in the reading-order table.
fn square_dir(dc: i32, dr: i32) -> usize {
    let k = ((dr + 1) * 3 + dc + 1) as usize;
    if k > 4 { k - 1 } else { k }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridKind;

    /// `gather6` picks byte `i`'s lowest bit as bit `i`, whatever the other bits hold.
    #[test]
    fn gather6_gathers_each_bytes_lowest_bit() {
        for bits in 0u8..64 {
            for noise in [
                0u64,
                0xfefe_fefe_fefe_fefe,
                0x5a5a_5a5a_5a5a_5a5a,
                u64::MAX << 48,
            ] {
                let word = (0..6).fold(noise & !0x0000_0101_0101_0101, |w, i| {
                    w | u64::from(bits >> i & 1) << (8 * i)
                });
                assert_eq!(gather6(word), bits, "{bits:06b} over {noise:x}");
            }
        }
    }

    /// `hex_around` names the neighbours in the order of the grid's step directions.
    #[test]
    fn hex_neighbours_follow_the_step_directions() {
        let grid = Grid::new(GridKind::Hex, 4, 3);
        // Each cell of the 3×3 block names itself: row * 3 + column.
        let [a, l, b] = [0u8, 1, 2].map(|r| [r * 3, r * 3 + 1, r * 3 + 2]);
        for col in 0..2 {
            let around = hex_around(col, a, l, b);
            let dirs = grid.step_directions(Cell::new(col as i32, 0));
            for (d, &(dc, dr)) in dirs.iter().enumerate() {
                assert_eq!(
                    around[d],
                    ((dr + 1) * 3 + dc + 1) as u8,
                    "column {col} direction {d}"
                );
            }
        }
    }
}

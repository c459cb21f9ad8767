//! The N×M sliding-tile puzzle (8-puzzle, 15-puzzle, 24-puzzle, 2×4, …): boards, solvability,
//! heuristics and moves.
//!
//! A [`SlidingPuzzle`] fixes the board's size and the goal arrangement; boards are parsed from
//! row-major numbers with 0 for the blank (`"8 6 7 2 5 4 3 0 1"`). [`SlidingPuzzle::problem`]
//! checks solvability up front (by permutation parity) and returns a
//! [`SearchProblem`] whose states are compact [`Board`]s and whose steps
//! cost 1.
//!
//! # Example
//!
//! ```
//! use informed::puzzle::SlidingPuzzle;
//!
//! let puzzle = SlidingPuzzle::new(3, 3)?; // goal: 1 2 3 / 4 5 6 / 7 8 0
//! let start = puzzle.parse("8 6 7 2 5 4 3 0 1")?;
//! let problem = puzzle.problem(start)?;
//! let solution = informed::astar_with(&problem, puzzle.linear_conflict())?;
//! assert_eq!(solution.cost(), 31); // one of the two hardest 8-puzzle boards
//! let moves = puzzle.moves(solution.path());
//! assert_eq!(moves.len(), 31);
//!
//! // Half of all arrangements cannot be solved; that is known before searching.
//! let error = puzzle.problem(puzzle.parse("2 1 3 4 5 6 7 8 0")?).unwrap_err();
//! assert_eq!(error.to_string(), "board 2 1 3 4 5 6 7 8 0 is unsolvable: its permutation \
//!     parity differs from the goal's (1 2 3 4 5 6 7 8 0)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod heuristics;
mod lines;
mod pdb;

use std::fmt;
use std::sync::OnceLock;

pub use self::error::PuzzleError;
pub use self::heuristics::{LinearConflict, Manhattan, Misplaced};
pub use self::pdb::{
    AdditivePdb, BuildOptions, BuildProgress, FORMAT_VERSION, MAGIC, MAX_PATTERN_ENTRIES, Origin,
    Partition, PdbContext, PdbFileError, Reflection,
};

use self::lines::LineTables;
use crate::in_place::{InPlaceProblem, Moves};
use crate::location::excerpt;
use crate::problem::{Bidirectional, SearchProblem};

/// The most cells a board may have (a 5×5 board).
pub const MAX_CELLS: usize = 25;

/// A board of a sliding puzzle: which tile is in each cell, packed into 128 bits.
///
/// Boards of up to 16 cells use 4 bits a tile and fit in the first 64-bit word (the second is
/// zero); boards of 17 to 25 cells use 5 bits a tile. A board is only meaningful together with
/// its [`SlidingPuzzle`], which reads and writes it.
///
/// With the `serde` feature a board serializes as its tiles in row-major order
/// (`[8, 6, 7, 2, 5, 4, 3, 0, 1]`); deserializing checks them as [`SlidingPuzzle::board`]
/// does, for a puzzle of that many cells: each tile once, and a count of cells that some
/// width × height of at least 2 × 2 gives. `Board::default()` is no puzzle's board, and does
/// not deserialize.
///
/// Its `Debug` lists its tiles, `Board([8, 6, 7, 2, 5, 4, 3, 0, 1])`, read from the packing
/// alone: the tiles of a board of n cells are 0 to n − 1, each once. A packing that is no
/// board (`Board::default()`) shows its words.
#[derive(Clone, Copy, Default, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "BoardTiles", try_from = "BoardTiles")
)]
pub struct Board {
    words: [u64; 2],
}

/// Word for word, as the derived comparison would, but without a branch between the words:
/// the depth-first searches compare every successor with the path's last boards.
impl PartialEq for Board {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        ((self.words[0] ^ other.words[0]) | (self.words[1] ^ other.words[1])) == 0
    }
}

/// The words, as the derived hash would: equal boards hash equally.
impl std::hash::Hash for Board {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.words.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.unpacked() {
            Some((tiles, cells)) => f.debug_tuple("Board").field(&&tiles[..cells]).finish(),
            None => f.debug_struct("Board").field("words", &self.words).finish(),
        }
    }
}

impl Board {
    /// The tiles and the number of cells of the board these bits pack, found without its
    /// puzzle: 4 bits a tile for up to 16 cells, 5 for more, the tiles of n cells being 0 to
    /// n − 1 each once and the bits above them zero. `None` for bits that pack no board.
    fn unpacked(self) -> Option<([u8; MAX_CELLS], usize)> {
        let bits = self.bits();
        [(4u32, 4usize..=16usize), (5, 17..=MAX_CELLS)]
            .into_iter()
            .find_map(|(width, sizes)| {
                let fields = 128 / width as usize;
                let fields = fields.min(MAX_CELLS);
                let mask = (1u128 << width) - 1;
                let mut tiles = [0u8; MAX_CELLS];
                for (cell, tile) in tiles.iter_mut().enumerate().take(fields) {
                    *tile = ((bits >> (cell as u32 * width)) & mask) as u8;
                }
                let cells = usize::from(*tiles.iter().max()?) + 1;
                if !sizes.contains(&cells) || bits >> (cells as u32 * width) != 0 {
                    return None;
                }
                let mut seen = 0u32;
                for &tile in &tiles[..cells] {
                    seen |= 1 << tile;
                }
                (seen == (1u32 << cells) - 1).then_some((tiles, cells))
            })
    }

    #[inline]
    fn bits(self) -> u128 {
        u128::from(self.words[0]) | (u128::from(self.words[1]) << 64)
    }

    #[inline]
    fn from_bits(bits: u128) -> Self {
        Board {
            words: [bits as u64, (bits >> 64) as u64],
        }
    }
}

/// The direction a tile slides in one move (the blank moves the opposite way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the top row.
    Up,
    /// Towards the bottom row.
    Down,
    /// Towards the left column.
    Left,
    /// Towards the right column.
    Right,
}

impl Direction {
    /// The opposite direction: where the blank goes when a tile slides this way.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        })
    }
}

/// One move: a tile slid into the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The tile that moved.
    pub tile: u8,
    /// The way the tile moved.
    pub direction: Direction,
}

impl Move {
    /// The way the blank moved (opposite to the tile).
    pub fn blank_direction(&self) -> Direction {
        self.direction.opposite()
    }
}

/// Prints `tile 8 up`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile {} {}", self.tile, self.direction)
    }
}

/// One move of a board changed in place (see [`InPlaceProblem`]): the tile in cell
/// [`from`](Self::from) slides into the blank at cell [`to`](Self::to). Its
/// [`inverse`](Self::inverse) slides it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    from: u8,
    to: u8,
}

impl Slide {
    /// The cell (row-major index) the tile leaves, where the blank goes.
    pub fn from(self) -> usize {
        usize::from(self.from)
    }

    /// The cell the tile enters: the blank's before the move.
    pub fn to(self) -> usize {
        usize::from(self.to)
    }

    /// The slide that undoes this one.
    pub fn inverse(self) -> Slide {
        Slide {
            from: self.to,
            to: self.from,
        }
    }
}

/// The cells from which a tile can slide into the blank, for one position of the blank.
#[derive(Clone, Copy, Debug)]
struct BlankMoves {
    from: [u8; 4],
    /// The same moves as slides into the blank, the in-place problem's move table.
    slides: [Slide; 4],
    count: u8,
}

impl Default for BlankMoves {
    fn default() -> Self {
        let none = Slide { from: 0, to: 0 };
        BlankMoves {
            from: [0; 4],
            slides: [none; 4],
            count: 0,
        }
    }
}

/// A sliding-tile puzzle of a given size and goal arrangement.
///
/// Two puzzles are equal when their sizes and goals are.
///
/// With the `serde` feature a puzzle serializes as `{"width": 3, "height": 3, "goal": [1, 2,
/// …, 0]}`; deserializing checks it as [`SlidingPuzzle::new`] and
/// [`SlidingPuzzle::with_goal`] do.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "PuzzleData", try_from = "PuzzleData")
)]
pub struct SlidingPuzzle {
    width: usize,
    height: usize,
    /// Bits a tile: 4 up to 16 cells, 5 above.
    tile_bits: u32,
    goal: Board,
    /// `goal_cell[tile]`: where `tile` belongs.
    goal_cell: [u8; MAX_CELLS],
    /// The goal's parity invariant (see [`SlidingPuzzle::parity`]).
    goal_parity: bool,
    /// `blank_moves[cell]`: the cells whose tile can slide into a blank at `cell`, in the
    /// order the successors are generated (the blank moving up, left, right, down).
    blank_moves: [BlankMoves; MAX_CELLS],
    /// The line tables of the Manhattan and linear-conflict heuristics (`None` where the lines
    /// are too long for tables), built by the first heuristic made and shared by the rest.
    manhattan_lines: OnceLock<Option<LineTables>>,
    conflict_lines: OnceLock<Option<LineTables>>,
}

impl PartialEq for SlidingPuzzle {
    fn eq(&self, other: &Self) -> bool {
        // The other fields follow from these; the tables are caches.
        (self.width, self.height, self.goal) == (other.width, other.height, other.goal)
    }
}

impl Eq for SlidingPuzzle {}

impl SlidingPuzzle {
    /// A `width × height` puzzle whose goal has the tiles in order with the blank last
    /// (`1 2 … 0`).
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadSize`] unless both sides are at least 2 and there are at most
    /// [`MAX_CELLS`] cells.
    pub fn new(width: usize, height: usize) -> Result<Self, PuzzleError> {
        let cells = width
            .checked_mul(height)
            .filter(|&cells| width >= 2 && height >= 2 && cells <= MAX_CELLS)
            .ok_or(PuzzleError::BadSize { width, height })?;
        let mut puzzle = SlidingPuzzle {
            width,
            height,
            tile_bits: if cells <= 16 { 4 } else { 5 },
            goal: Board::default(),
            goal_cell: [0; MAX_CELLS],
            goal_parity: false,
            blank_moves: [BlankMoves::default(); MAX_CELLS],
            manhattan_lines: OnceLock::new(),
            conflict_lines: OnceLock::new(),
        };
        for (blank, moves) in puzzle.blank_moves.iter_mut().enumerate().take(cells) {
            let (row, column) = (blank / width, blank % width);
            let targets = [
                (row > 0).then(|| blank - width),
                (column > 0).then(|| blank - 1),
                (column + 1 < width).then(|| blank + 1),
                (row + 1 < height).then(|| blank + width),
            ];
            for from in targets.into_iter().flatten() {
                let slot = usize::from(moves.count);
                moves.from[slot] = from as u8;
                moves.slides[slot] = Slide {
                    from: from as u8,
                    to: blank as u8,
                };
                moves.count += 1;
            }
        }
        let ordered: Vec<u8> = (1..cells as u8).chain([0]).collect();
        puzzle.set_goal(&ordered);
        Ok(puzzle)
    }

    /// The square puzzle with `cells` cells (9 → 3×3, 16 → 4×4, 25 → 5×5), or `None` if `cells`
    /// is no square of at least 4 and at most [`MAX_CELLS`].
    pub fn square(cells: usize) -> Option<Self> {
        let side = (2..=5).find(|side| side * side == cells)?;
        SlidingPuzzle::new(side, side).ok()
    }

    /// The same puzzle with another goal arrangement, given as row-major numbers with 0 for
    /// the blank.
    ///
    /// # Errors
    ///
    /// As for [`parse`](Self::parse), for a malformed goal.
    pub fn with_goal(mut self, goal: &str) -> Result<Self, PuzzleError> {
        let tiles = self.parse_tiles(goal)?;
        self.set_goal(&tiles);
        Ok(self)
    }

    fn set_goal(&mut self, tiles: &[u8]) {
        // Tables built for the old goal are stale.
        self.manhattan_lines = OnceLock::new();
        self.conflict_lines = OnceLock::new();
        self.goal = self.pack(tiles);
        for (cell, &tile) in tiles.iter().enumerate() {
            self.goal_cell[tile as usize] = cell as u8;
        }
        self.goal_parity = self.parity(tiles);
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of cells (tiles plus the blank).
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The goal board.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The cell (row-major index) where `tile` belongs; 0 is the blank.
    ///
    /// # Panics
    ///
    /// Panics if `tile` is not a tile of the puzzle (`cells()` or above), saying so.
    pub fn goal_cell(&self, tile: u8) -> usize {
        assert!(
            usize::from(tile) < self.cells(),
            "SlidingPuzzle::goal_cell: tile {tile} is out of range: tiles go from 0 (the blank) \
             to {}",
            self.cells() - 1
        );
        self.goal_of(tile)
    }

    /// Where `tile` belongs, for a tile known to be in range.
    #[inline]
    pub(super) fn goal_of(&self, tile: u8) -> usize {
        usize::from(self.goal_cell[usize::from(tile)])
    }

    /// Reads a board from row-major numbers separated by spaces or commas, 0 for the blank.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::NotANumber`], [`PuzzleError::WrongCount`],
    /// [`PuzzleError::OutOfRange`], [`PuzzleError::Duplicate`] for malformed boards. Solvability
    /// is checked by [`problem`](Self::problem), not here.
    pub fn parse(&self, text: &str) -> Result<Board, PuzzleError> {
        Ok(self.pack(&self.parse_tiles(text)?))
    }

    /// The tiles of `text`, read in one pass with no memory beyond the board's, whatever the
    /// text's length.
    fn parse_tiles(&self, text: &str) -> Result<Vec<u8>, PuzzleError> {
        let mut tiles = [0u8; MAX_CELLS];
        let mut found = 0;
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let tile = token.parse::<u8>().map_err(|_| PuzzleError::NotANumber {
                token: excerpt(token),
                largest: self.largest(),
            })?;
            if let Some(slot) = tiles.get_mut(found) {
                *slot = tile;
            }
            found += 1;
        }
        if found != self.cells() {
            return Err(PuzzleError::WrongCount {
                expected: self.cells(),
                found,
            });
        }
        let tiles = tiles[..found].to_vec();
        self.check_tiles(&tiles)?;
        Ok(tiles)
    }

    /// The largest tile number.
    fn largest(&self) -> u8 {
        (self.cells() - 1) as u8
    }

    /// Checks that `tiles` holds each of 0 … cells − 1 exactly once.
    fn check_tiles(&self, tiles: &[u8]) -> Result<(), PuzzleError> {
        let cells = self.cells();
        if tiles.len() != cells {
            return Err(PuzzleError::WrongCount {
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = [false; 256];
        for &tile in tiles {
            if usize::from(tile) >= cells {
                return Err(PuzzleError::OutOfRange {
                    tile,
                    largest: self.largest(),
                });
            }
            if std::mem::replace(&mut seen[usize::from(tile)], true) {
                return Err(PuzzleError::Duplicate(tile));
            }
        }
        Ok(())
    }

    /// A board from tiles in row-major order, 0 for the blank.
    ///
    /// # Errors
    ///
    /// As for [`parse`](Self::parse).
    pub fn board(&self, tiles: &[u8]) -> Result<Board, PuzzleError> {
        self.check_tiles(tiles)?;
        Ok(self.pack(tiles))
    }

    fn pack(&self, tiles: &[u8]) -> Board {
        let bits = tiles.iter().enumerate().fold(0u128, |bits, (cell, &tile)| {
            bits | (u128::from(tile) << (cell as u32 * self.tile_bits))
        });
        Board::from_bits(bits)
    }

    /// The tile in `cell` (row-major index) of `board`, 0 for the blank; `None` if `cell` is
    /// not a cell of the puzzle (`cells()` or above).
    pub fn tile(&self, board: Board, cell: usize) -> Option<u8> {
        (cell < self.cells()).then(|| self.tile_at(board, cell))
    }

    /// The tile in `cell`, for a cell known to be on the board.
    #[inline]
    pub(super) fn tile_at(&self, board: Board, cell: usize) -> u8 {
        let mask = (1u128 << self.tile_bits) - 1;
        ((board.bits() >> (cell as u32 * self.tile_bits)) & mask) as u8
    }

    /// The tiles of `board` decoded in one pass, into the first [`cells`](Self::cells) entries.
    #[inline]
    pub(crate) fn decode(&self, board: Board) -> [u8; MAX_CELLS] {
        let mask = (1u128 << self.tile_bits) - 1;
        let mut bits = board.bits();
        let mut tiles = [0u8; MAX_CELLS];
        for tile in tiles.iter_mut().take(self.cells()) {
            *tile = (bits & mask) as u8;
            bits >>= self.tile_bits;
        }
        tiles
    }

    /// The tiles of `board` in row-major order.
    pub fn tiles(&self, board: Board) -> Vec<u8> {
        (0..self.cells())
            .map(|cell| self.tile_at(board, cell))
            .collect()
    }

    /// The cell holding the blank.
    ///
    /// # Panics
    ///
    /// Panics if `board` has no blank: a board of another puzzle (one this puzzle's
    /// [`parse`](Self::parse), [`board`](Self::board), [`problem`](Self::problem) would have
    /// refused).
    #[inline]
    pub fn blank(&self, board: Board) -> usize {
        let found = if self.tile_bits == 4 {
            // The lowest zero nibble: the flag of the lowest zero nibble of `x - 0x11…1` masked
            // by `!x` is exact (higher flags may be borrows, and are not looked at). Cells past
            // the last are zero, but come after the blank.
            let x = board.words[0];
            let flags = x.wrapping_sub(0x1111_1111_1111_1111) & !x & 0x8888_8888_8888_8888;
            let cell = (flags.trailing_zeros() / 4) as usize;
            (flags != 0 && cell < self.cells()).then_some(cell)
        } else {
            (0..self.cells()).find(|&cell| self.tile_at(board, cell) == 0)
        };
        found.unwrap_or_else(|| {
            panic!("board {board:?} has no blank: it is not a board of this puzzle")
        })
    }

    /// The parity invariant of an arrangement: the parity of its inversions (pairs of tiles in
    /// the wrong order, ignoring the blank), plus, when the width is even, the blank's row.
    ///
    /// A move along a row changes neither. A move along a column carries a tile past width − 1
    /// others: for an odd width that is an even number of inversions; for an even width an odd
    /// number, while the blank's row also changes by one. Either way the invariant is unchanged,
    /// and boards with the same invariant reach each other, so it decides solvability.
    fn parity(&self, tiles: &[u8]) -> bool {
        let mut inversions = 0usize;
        for (i, &a) in tiles.iter().enumerate().filter(|(_, t)| **t != 0) {
            inversions += tiles[i + 1..].iter().filter(|&&b| b != 0 && b < a).count();
        }
        let blank_row = tiles.iter().position(|&t| t == 0).unwrap_or(0) / self.width;
        let row_term = if self.width % 2 == 0 { blank_row } else { 0 };
        (inversions + row_term) % 2 == 1
    }

    /// Whether `board` can reach the goal.
    pub fn is_solvable(&self, board: Board) -> bool {
        self.parity(&self.tiles(board)) == self.goal_parity
    }

    /// The search problem of solving `start`.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Unsolvable`], at once and without searching, if `start` cannot reach the
    /// goal; [`PuzzleError::OutOfRange`] or [`PuzzleError::Duplicate`] for a board that is not
    /// one of this puzzle's (such as `Board::default()`, or a board of another size).
    pub fn problem(&self, start: Board) -> Result<PuzzleProblem<'_>, PuzzleError> {
        self.check_tiles(&self.tiles(start))?;
        if !self.is_solvable(start) {
            return Err(PuzzleError::Unsolvable {
                board: self.tiles(start),
                goal: self.tiles(self.goal),
            });
        }
        Ok(PuzzleProblem {
            puzzle: self,
            start,
        })
    }

    /// Every board one move away from `board`, in the order the blank moves up, left, right,
    /// down (the order of Korf's IDA*; see [`PuzzleProblem`]).
    #[inline]
    fn neighbours(&self, board: Board) -> impl Iterator<Item = (Board, u32)> + '_ {
        let blank = self.blank(board) % MAX_CELLS;
        let moves = &self.blank_moves[blank];
        // At most 25 cells: a cell number fits a byte.
        let to = blank as u8;
        moves.from[..usize::from(moves.count)]
            .iter()
            .map(move |&from| {
                let mut next = board;
                self.slide(&mut next, from, to);
                (next, 1)
            })
    }

    /// Slides the tile in `from` into the blank at `to`, in place.
    #[inline(always)]
    fn slide(&self, board: &mut Board, from: u8, to: u8) {
        if self.tile_bits == 4 {
            // At most 16 cells: the board is the low word.
            let bits = board.words[0];
            let (from, to) = (4 * u32::from(from), 4 * u32::from(to));
            let tile = (bits >> from) & 15;
            board.words[0] = (bits & !(15 << from)) | (tile << to);
            return;
        }
        let (from, to) = (
            u32::from(from) * self.tile_bits,
            u32::from(to) * self.tile_bits,
        );
        let mask = (1u128 << self.tile_bits) - 1;
        let bits = board.bits();
        let tile = (bits >> from) & mask;
        *board = Board::from_bits((bits & !(mask << from)) | (tile << to));
    }

    /// The tile that moved between `parent` and `successor`, with the cell it left and the cell
    /// it entered: for boards that differ in exactly two cells, one of them the parent's blank
    /// (a move, or a jump of a tile into the blank); `None` otherwise.
    #[inline(always)]
    pub(crate) fn moved_tile(
        &self,
        parent: Board,
        successor: Board,
    ) -> Option<(usize, usize, usize)> {
        if self.tile_bits == 4 {
            // The whole board is in the low word. The lowest and highest nibbles that differ
            // (bit offsets; 0 and 60 when none do, which the test below rejects):
            let (p, q) = (parent.words[0], successor.words[0]);
            let diff = p ^ q;
            let low = diff.trailing_zeros() & 60;
            let high = 63u32.wrapping_sub(diff.leading_zeros()) & 60;
            let (at_low, at_high) = ((p >> low) & 15, (p >> high) & 15);
            let tile = at_low | at_high;
            // One move: the boards differ in two cells, and the parent's blank is one of them.
            let one_move =
                diff == (tile << low) | (tile << high) && (at_low == 0) != (at_high == 0);
            if !one_move {
                return None;
            }
            let (from, to) = if at_low == 0 {
                (high / 4, low / 4)
            } else {
                (low / 4, high / 4)
            };
            return Some((tile as usize, from as usize, to as usize));
        }
        let bits = self.tile_bits;
        let mask = (1u128 << bits) - 1;
        let (p, q) = (parent.bits(), successor.bits());
        let diff = p ^ q;
        if diff == 0 {
            return None;
        }
        let low = diff.trailing_zeros() / bits;
        let high = (127 - diff.leading_zeros()) / bits;
        let (tile_low, tile_high) = ((p >> (bits * low)) & mask, (p >> (bits * high)) & mask);
        let rest = diff & !(mask << (bits * low)) & !(mask << (bits * high));
        if rest != 0 || (tile_low == 0) == (tile_high == 0) || high as usize >= self.cells() {
            return None;
        }
        let (from, to) = if tile_low == 0 {
            (high, low)
        } else {
            (low, high)
        };
        Some(((tile_low | tile_high) as usize, from as usize, to as usize))
    }

    /// The moves along `path`, a sequence of boards each one move from the last (such as
    /// [`Solution::path`](crate::Solution::path)).
    ///
    /// # Panics
    ///
    /// Panics if two consecutive boards are not one move apart.
    pub fn moves(&self, path: &[Board]) -> Vec<Move> {
        path.windows(2)
            .map(|pair| {
                let (before, after) = (self.blank(pair[0]), self.blank(pair[1]));
                // The tile now in the old blank cell came from the new blank cell.
                let tile = self.tile_at(pair[1], before);
                let direction = match after as isize - before as isize {
                    d if d == self.width as isize => Direction::Up,
                    d if d == -(self.width as isize) => Direction::Down,
                    1 => Direction::Left,
                    -1 => Direction::Right,
                    _ => panic!(
                        "boards {:?} and {:?} are not one move apart",
                        pair[0], pair[1]
                    ),
                };
                Move { tile, direction }
            })
            .collect()
    }

    /// A random solvable board, the same for the same `seed`: uniform over all solvable
    /// boards (a shuffle, with two tiles swapped when it lands on the unsolvable half).
    pub fn random_board(&self, seed: u64) -> Board {
        let mut state = seed;
        let mut next = || {
            // SplitMix64: a small, well-mixed generator, enough for shuffling.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut tiles: Vec<u8> = (0..self.cells() as u8).collect();
        for i in (1..tiles.len()).rev() {
            let j = (next() % (i as u64 + 1)) as usize;
            tiles.swap(i, j);
        }
        if self.parity(&tiles) != self.goal_parity {
            // Swapping two tiles flips the inversion parity and leaves the blank in place.
            let mut numbered = tiles
                .iter()
                .enumerate()
                .filter(|(_, t)| **t != 0)
                .map(|(i, _)| i);
            let (a, b) = (numbered.next().unwrap(), numbered.next().unwrap());
            tiles.swap(a, b);
        }
        self.pack(&tiles)
    }

    /// Misplaced tiles (see [`Misplaced`]).
    pub fn misplaced(&self) -> Misplaced<'_> {
        Misplaced::new(self)
    }

    /// The Manhattan distance (see [`Manhattan`]).
    pub fn manhattan(&self) -> Manhattan<'_> {
        Manhattan::new(self)
    }

    /// The Manhattan distance with linear conflicts (see [`LinearConflict`]).
    pub fn linear_conflict(&self) -> LinearConflict<'_> {
        LinearConflict::new(self)
    }

    /// Shows `board` as rows of numbers, the blank as `.`.
    pub fn display(&self, board: Board) -> impl fmt::Display + '_ {
        BoardDisplay {
            puzzle: self,
            board,
        }
    }

    /// `board` as one line of row-major numbers, as [`parse`](Self::parse) reads them.
    pub fn to_line(&self, board: Board) -> String {
        join(&self.tiles(board))
    }
}

pub(crate) fn join(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

struct BoardDisplay<'p> {
    puzzle: &'p SlidingPuzzle,
    board: Board,
}

impl fmt::Display for BoardDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = (self.puzzle.cells() - 1).to_string().len();
        for row in self.puzzle.tiles(self.board).chunks(self.puzzle.width) {
            let cells: Vec<String> = row
                .iter()
                .map(|&t| match t {
                    0 => format!("{:>digits$}", "."),
                    t => format!("{t:>digits$}"),
                })
                .collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// Solving one board of a [`SlidingPuzzle`]; built by [`SlidingPuzzle::problem`], which has
/// checked that it is solvable. Each move costs 1.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleProblem<'p> {
    puzzle: &'p SlidingPuzzle,
    start: Board,
}

impl<'p> PuzzleProblem<'p> {
    /// The puzzle.
    pub fn puzzle(&self) -> &'p SlidingPuzzle {
        self.puzzle
    }

    /// The start board.
    pub fn start(&self) -> Board {
        self.start
    }
}

/// Every move can be undone, so a puzzle searches backward from its goal with the same moves.
impl Bidirectional for PuzzleProblem<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Board> {
        [self.puzzle.goal]
    }

    #[inline]
    fn predecessors(&self, board: &Board) -> impl IntoIterator<Item = (Board, u32)> {
        self.puzzle.neighbours(*board)
    }
}

impl SearchProblem for PuzzleProblem<'_> {
    type State = Board;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Board> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        *board == self.puzzle.goal
    }

    #[inline]
    fn successors(&self, board: &Board) -> impl IntoIterator<Item = (Board, u32)> {
        self.puzzle.neighbours(*board)
    }
}

/// The board changes in place: each move slides one tile into the blank, and its undo slides
/// it back; the inverse of a slide is named, so that
/// [`CycleCheck::Parent`](crate::CycleCheck::Parent) skips the move back to the parent
/// without comparing boards. The moves come in the order of [`SearchProblem::successors`]
/// (the blank moving up, left, right, down: Korf's order).
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::{CycleCheck, InPlace, Search};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let in_place = Search::new(&InPlace::new(problem))
///     .cycle_check(CycleCheck::Parent)
///     .idastar_in_place_with(puzzle.manhattan())?;
/// let copying = Search::new(&problem)
///     .cycle_check(CycleCheck::Parent)
///     .idastar_with(puzzle.manhattan())?;
/// assert_eq!(in_place.cost(), 31);
/// assert_eq!(in_place.stats(), copying.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl PuzzleProblem<'_> {
    /// The slides into the blank of `board`, from the puzzle's table.
    #[inline(always)]
    fn slides(&self, board: &Board) -> &[Slide] {
        let blank = if self.puzzle.tile_bits == 4 {
            // The lowest zero nibble, as `blank` finds it, without its check that the board
            // has a blank: this one came from a checked start (a cell past the last has no
            // moves).
            let x = board.words[0];
            let flags = x.wrapping_sub(0x1111_1111_1111_1111) & !x & 0x8888_8888_8888_8888;
            (flags.trailing_zeros() / 4) as usize
        } else {
            self.puzzle.blank(*board)
        };
        match self.puzzle.blank_moves.get(blank) {
            Some(moves) => &moves.slides[..usize::from(moves.count)],
            None => &[],
        }
    }
}

impl InPlaceProblem for PuzzleProblem<'_> {
    type State = Board;
    type Move = Slide;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Board> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        *board == self.puzzle.goal
    }

    #[inline(always)]
    fn moves(&self, board: &Board, out: &mut Moves<'_, Slide>) {
        out.extend(self.slides(board).iter().copied());
    }

    /// The slides into the blank's cell, from the puzzle's table.
    #[inline(always)]
    fn move_table(&self, board: &Board) -> Option<&[Slide]> {
        Some(self.slides(board))
    }

    /// Every slide costs 1.
    #[inline(always)]
    fn fixed_cost(&self) -> Option<u32> {
        Some(1)
    }

    #[inline(always)]
    fn apply(&self, board: &mut Board, slide: Slide) -> u32 {
        self.puzzle.slide(board, slide.from, slide.to);
        1
    }

    #[inline(always)]
    fn undo(&self, board: &mut Board, slide: Slide) {
        self.puzzle.slide(board, slide.to, slide.from);
    }

    #[inline]
    fn inverse(&self, slide: Slide) -> Option<Slide> {
        Some(slide.inverse())
    }
}

/// A serialized [`Board`]: its tiles in row-major order.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct BoardTiles(Vec<u8>);

#[cfg(feature = "serde")]
impl From<Board> for BoardTiles {
    fn from(board: Board) -> Self {
        // Boards of more than 16 cells use 5 bits a tile, and always have tiles in the second
        // word (cells 13 to 16 lie wholly in it, and at most one of them is the blank). The
        // tiles are 0 … cells − 1, so the largest tells the count.
        let tile_bits = if board.words[1] == 0 { 4 } else { 5 };
        let slots = if tile_bits == 4 { 16 } else { MAX_CELLS };
        let mask = (1u128 << tile_bits) - 1;
        let bits = board.bits();
        let mut tiles: Vec<u8> = (0..slots)
            .map(|cell| ((bits >> (cell as u32 * tile_bits)) & mask) as u8)
            .collect();
        let cells = usize::from(tiles.iter().copied().max().unwrap_or(0)) + 1;
        tiles.truncate(cells);
        BoardTiles(tiles)
    }
}

#[cfg(feature = "serde")]
impl TryFrom<BoardTiles> for Board {
    type Error = PuzzleError;

    fn try_from(BoardTiles(tiles): BoardTiles) -> Result<Self, Self::Error> {
        let cells = tiles.len();
        let width = (2..=cells / 2)
            .find(|width| cells % width == 0 && cells / width >= 2)
            .unwrap_or(cells);
        SlidingPuzzle::new(width, cells / width.max(1))?.board(&tiles)
    }
}

/// A serialized [`SlidingPuzzle`]: its size and its goal.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct PuzzleData {
    width: usize,
    height: usize,
    goal: Vec<u8>,
}

#[cfg(feature = "serde")]
impl From<SlidingPuzzle> for PuzzleData {
    fn from(puzzle: SlidingPuzzle) -> Self {
        PuzzleData {
            width: puzzle.width,
            height: puzzle.height,
            goal: puzzle.tiles(puzzle.goal),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PuzzleData> for SlidingPuzzle {
    type Error = PuzzleError;

    fn try_from(data: PuzzleData) -> Result<Self, Self::Error> {
        SlidingPuzzle::new(data.width, data.height)?.with_goal(&join(&data.goal))
    }
}

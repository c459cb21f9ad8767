//! Heuristics for the sliding-tile puzzle: misplaced tiles, Manhattan distance, linear conflict.

use super::lines::{LineTables, LineValue};
use super::{Board, Slide, SlidingPuzzle};
use crate::heuristic::{Heuristic, IncrementalHeuristic, heuristic_by_reference};

heuristic_by_reference!(['p,] Misplaced<'p>, ['p,] Manhattan<'p>, ['p,] LinearConflict<'p>);

/// The number of tiles (not the blank) outside their goal cell.
///
/// Admissible and consistent: each misplaced tile needs at least one move, and one move changes
/// the count by at most one. The weakest of the three: A* with it expands many more boards.
#[derive(Clone, Copy, Debug)]
pub struct Misplaced<'p> {
    puzzle: &'p SlidingPuzzle,
}

impl<'p> Misplaced<'p> {
    /// Misplaced tiles for `puzzle`'s goal.
    pub fn new(puzzle: &'p SlidingPuzzle) -> Self {
        Misplaced { puzzle }
    }
}

impl Heuristic<Board, u32> for Misplaced<'_> {
    fn estimate(&self, board: &Board) -> u32 {
        let p = self.puzzle;
        (0..p.cells())
            .filter(|&cell| {
                let tile = p.tile_at(*board, cell);
                tile != 0 && p.goal_of(tile) != cell
            })
            .count() as u32
    }
}

/// Tables of `row` for every row and of `column` for every column of `puzzle`'s boards, if its
/// lines are small enough: at most 4 cells of 4 bits.
fn line_tables(
    puzzle: &SlidingPuzzle,
    row: LineValue<'_>,
    column: Option<LineValue<'_>>,
) -> Option<LineTables> {
    (puzzle.tile_bits == 4 && puzzle.width() <= 4 && puzzle.height() <= 4)
        .then(|| LineTables::new(puzzle.width(), puzzle.height(), row, column))
}

/// The bits of a board that has line tables.
#[inline(always)]
fn board_bits(board: &Board) -> u64 {
    // At most 16 cells of 4 bits: the whole board is in the low word.
    board.bits() as u64
}

/// The sum over tiles (not the blank) of their row and column distances to their goal cells.
///
/// Admissible and consistent: a move slides one tile one cell, so it changes the sum by exactly
/// one, and every tile must cover its distance. Counting the blank would overestimate.
///
/// Up to the 15-puzzle (lines of at most 4 cells) an estimate is one table lookup per row; the
/// tables take `2^(4 × width)` bytes per row (12 KB for the 8-puzzle, 256 KB for the 15-puzzle).
/// The first `new` for a puzzle builds them and keeps them in the [`SlidingPuzzle`]; every
/// later one shares them.
#[derive(Clone, Debug)]
pub struct Manhattan<'p> {
    puzzle: &'p SlidingPuzzle,
    /// `distance[tile * cells + cell]`: how far `tile` in `cell` is from its goal cell.
    distance: Vec<u8>,
    /// Up to 16 cells, the same indexed by `tile << 4 | cell`: a lookup without a bounds check
    /// for the incremental estimate.
    nibble_distance: Option<[u8; 256]>,
    lines: Option<&'p LineTables>,
}

impl<'p> Manhattan<'p> {
    /// The Manhattan distance to `puzzle`'s goal.
    pub fn new(puzzle: &'p SlidingPuzzle) -> Self {
        let lines = puzzle.manhattan_lines.get_or_init(|| {
            let plain = Manhattan::without_tables(puzzle);
            let row = |row: usize, tiles: &[u8]| plain.of_line(row * puzzle.width(), 1, tiles);
            line_tables(puzzle, &row, None)
        });
        Manhattan {
            lines: lines.as_ref(),
            ..Manhattan::without_tables(puzzle)
        }
    }

    /// The distance of the `tiles` of one line, whose first cell is `first` and whose cells are
    /// `step` apart.
    fn of_line(&self, first: usize, step: usize, tiles: &[u8]) -> u32 {
        let cells = self.puzzle.cells();
        tiles
            .iter()
            .enumerate()
            .map(|(k, &tile)| {
                u32::from(self.distance[usize::from(tile) * cells + first + k * step])
            })
            .sum()
    }

    /// The Manhattan distance computed tile by tile, without line tables.
    fn without_tables(puzzle: &'p SlidingPuzzle) -> Self {
        let cells = puzzle.cells();
        let w = puzzle.width();
        let mut distance = vec![0u8; cells * cells];
        for tile in 1..cells {
            let goal = puzzle.goal_of(tile as u8);
            for cell in 0..cells {
                let d = (cell / w).abs_diff(goal / w) + (cell % w).abs_diff(goal % w);
                distance[tile * cells + cell] = d as u8;
            }
        }
        let nibble_distance = (cells <= 16).then(|| {
            let mut table = [0u8; 256];
            for tile in 0..cells {
                for cell in 0..cells {
                    table[tile << 4 | cell] = distance[tile * cells + cell];
                }
            }
            table
        });
        Manhattan {
            puzzle,
            distance,
            nibble_distance,
            lines: None,
        }
    }
}

impl Manhattan<'_> {
    /// The distance of decoded `tiles`.
    #[inline]
    fn of_tiles(&self, tiles: &[u8]) -> u32 {
        let cells = tiles.len();
        tiles
            .iter()
            .enumerate()
            .map(|(cell, &tile)| u32::from(self.distance[usize::from(tile) * cells + cell]))
            .sum()
    }
}

impl Heuristic<Board, u32> for Manhattan<'_> {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        if let Some(lines) = self.lines {
            return lines.estimate(board_bits(board));
        }
        let tiles = self.puzzle.decode(*board);
        self.of_tiles(&tiles[..self.puzzle.cells()])
    }

    /// Only the tile that moved changes its distance: two table lookups, whatever the size.
    /// Boards that are not one tile's move apart are estimated afresh.
    #[inline]
    fn estimate_successor(&self, parent: &Board, parent_estimate: u32, successor: &Board) -> u32 {
        if let Some(table) = &self.nibble_distance {
            return match self.puzzle.moved_tile(*parent, *successor) {
                Some((tile, from, to)) => {
                    let distance = |cell: usize| u32::from(table[(tile << 4 | cell) & 255]);
                    parent_estimate
                        .saturating_add(distance(to))
                        .saturating_sub(distance(from))
                }
                None => self.estimate(successor),
            };
        }
        let cells = self.puzzle.cells();
        match self.puzzle.moved_tile(*parent, *successor) {
            Some((tile, from, to)) => {
                let (left, entered) = (tile * cells + from, tile * cells + to);
                match (self.distance.get(left), self.distance.get(entered)) {
                    (Some(&left), Some(&entered)) => parent_estimate
                        .saturating_add(u32::from(entered))
                        .saturating_sub(u32::from(left)),
                    _ => self.estimate(successor),
                }
            }
            None => self.estimate(successor),
        }
    }
}

/// Updated by the slide: the moved tile's distance from the cell it entered replaces its
/// distance from the cell it left (two table lookups, nothing kept beside the sum).
impl IncrementalHeuristic<Board, Slide, u32> for Manhattan<'_> {
    type Context = ();

    #[inline]
    fn begin(&self, board: &Board) -> (u32, ()) {
        (self.estimate(board), ())
    }

    #[inline(always)]
    fn update(&self, board: &Board, slide: Slide, estimate: u32, _: &mut ()) -> u32 {
        // The tile is in the cell it entered.
        self.slid(board, slide.to(), slide, estimate)
            .unwrap_or_else(|| self.estimate(board))
    }

    /// Before the slide, the tile is in the cell it leaves.
    #[inline(always)]
    fn estimate_move(&self, board: &Board, slide: Slide, estimate: u32, _: &mut ()) -> Option<u32> {
        self.slid(board, slide.from(), slide, estimate)
    }
}

impl Manhattan<'_> {
    /// The estimate after `slide`, from the estimate before it, with the sliding tile read from
    /// `cell` of `board`; `None` where the tables do not cover the tile (a board outside the
    /// puzzle).
    #[inline(always)]
    fn slid(&self, board: &Board, cell: usize, slide: Slide, estimate: u32) -> Option<u32> {
        let (entered, left) = match &self.nibble_distance {
            Some(table) => {
                // At most 16 cells of 4 bits: the board is the low word.
                let tile = (board.words[0] >> (4 * (cell & 15)) & 15) as usize;
                (
                    table[(tile << 4 | slide.to()) & 255],
                    table[(tile << 4 | slide.from()) & 255],
                )
            }
            None => {
                let tile = usize::from(self.puzzle.tile_at(*board, cell));
                let cells = self.puzzle.cells();
                let at = |cell: usize| self.distance.get(tile * cells + cell).copied();
                (at(slide.to())?, at(slide.from())?)
            }
        };
        // Within the contract the sum held the tile's distance from the cell it left.
        Some(
            estimate
                .wrapping_add(u32::from(entered))
                .wrapping_sub(u32::from(left)),
        )
    }
}

/// The Manhattan distance plus two moves for every tile that must step out of its goal line
/// (row or column) to let others pass.
///
/// Two tiles are in *linear conflict* when both are in their goal row (or column) but in the
/// reverse of their goal order: one of them must leave the line and come back, two moves the
/// Manhattan distance does not count. When conflicts overlap (three tiles fully reversed) the
/// tiles that must leave are all but a longest subsequence already in goal order, so this counts
/// `line length − longest ordered subsequence` per line, which equals the number of conflicting
/// pairs when they do not overlap and stays admissible when they do (counting pairs would
/// overestimate). Rows and columns are counted independently: a tile that leaves its row moves
/// vertically, which its column's count does not need.
///
/// Admissible (Hansson, Mayer and Yung, 1992), and at least as large as [`Manhattan`].
///
/// Up to the 15-puzzle (lines of at most 4 cells) an estimate is one table lookup per row and
/// per column; the tables take 24 KB for the 8-puzzle and 512 KB for the 15-puzzle. The first
/// `new` for a puzzle builds them, in time proportional to their size, and keeps them in the
/// [`SlidingPuzzle`]; every later one shares them.
#[derive(Clone, Debug)]
pub struct LinearConflict<'p> {
    manhattan: Manhattan<'p>,
    /// Each tile's goal row and column.
    goal_row: [u8; super::MAX_CELLS],
    goal_column: [u8; super::MAX_CELLS],
    lines: Option<&'p LineTables>,
}

impl<'p> LinearConflict<'p> {
    /// Linear conflict to `puzzle`'s goal.
    pub fn new(puzzle: &'p SlidingPuzzle) -> Self {
        let (mut goal_row, mut goal_column) = ([0u8; super::MAX_CELLS], [0u8; super::MAX_CELLS]);
        for tile in 0..puzzle.cells() {
            let cell = puzzle.goal_of(tile as u8);
            goal_row[tile] = (cell / puzzle.width()) as u8;
            goal_column[tile] = (cell % puzzle.width()) as u8;
        }
        let mut conflict = LinearConflict {
            manhattan: Manhattan::without_tables(puzzle),
            goal_row,
            goal_column,
            lines: None,
        };
        let lines = puzzle.conflict_lines.get_or_init(|| {
            let w = puzzle.width();
            let row = |row: usize, tiles: &[u8]| {
                conflict.manhattan.of_line(row * w, 1, tiles)
                    + 2 * conflict.leaving_row(row, tiles.iter().copied())
            };
            let column = |column: usize, tiles: &[u8]| {
                2 * conflict.leaving_column(column, tiles.iter().copied())
            };
            line_tables(puzzle, &row, Some(&column))
        });
        conflict.lines = lines.as_ref();
        conflict
    }

    /// The tiles of row `row` (given in order) that must leave it.
    fn leaving_row(&self, row: usize, tiles: impl Iterator<Item = u8>) -> u32 {
        LinearConflict::leaving_line(row, tiles, &self.goal_row, &self.goal_column)
    }

    /// The tiles of column `column` (given in order) that must leave it.
    fn leaving_column(&self, column: usize, tiles: impl Iterator<Item = u8>) -> u32 {
        LinearConflict::leaving_line(column, tiles, &self.goal_column, &self.goal_row)
    }

    /// The tiles of line number `line` (given in order) that must leave it, where `goal_line`
    /// gives each tile's goal line and `goal_place` its goal place along such a line.
    fn leaving_line(
        line: usize,
        tiles: impl Iterator<Item = u8>,
        goal_line: &[u8; super::MAX_CELLS],
        goal_place: &[u8; super::MAX_CELLS],
    ) -> u32 {
        let mut places = [0u8; super::MAX_CELLS];
        let mut n = 0;
        for tile in tiles.map(usize::from) {
            if tile != 0 && usize::from(goal_line[tile]) == line {
                places[n] = goal_place[tile];
                n += 1;
            }
        }
        LinearConflict::leaving(&places[..n])
    }

    /// Tiles of one line (given as their goal positions along the line, in current order) that
    /// must leave it: the count minus a longest strictly increasing subsequence.
    fn leaving(positions: &[u8]) -> u32 {
        let mut longest = [0u8; super::MAX_CELLS];
        let mut best = 0;
        for i in 0..positions.len() {
            longest[i] = 1;
            for j in 0..i {
                if positions[j] < positions[i] && longest[j] + 1 > longest[i] {
                    longest[i] = longest[j] + 1;
                }
            }
            best = best.max(longest[i]);
        }
        positions.len() as u32 - u32::from(best)
    }
}

impl Heuristic<Board, u32> for LinearConflict<'_> {
    fn estimate(&self, board: &Board) -> u32 {
        if let Some(lines) = self.lines {
            return lines.estimate(board_bits(board));
        }
        let p = self.manhattan.puzzle;
        let (w, h) = (p.width(), p.height());
        // Decode once; everything below reads this array and the goal tables.
        let tiles = p.decode(*board);
        let tiles = &tiles[..p.cells()];
        let mut extra = 0;
        for row in 0..h {
            extra += self.leaving_row(row, tiles[row * w..(row + 1) * w].iter().copied());
        }
        for column in 0..w {
            extra += self.leaving_column(column, tiles[column..].iter().step_by(w).copied());
        }
        self.manhattan.of_tiles(tiles) + 2 * extra
    }
}

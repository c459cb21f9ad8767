//! Heuristics for the sliding-tile puzzle: misplaced tiles, Manhattan distance, linear conflict.

use super::{Board, SlidingPuzzle};
use crate::Heuristic;
use crate::heuristic::heuristic_by_reference;

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
                let tile = p.tile(*board, cell);
                tile != 0 && p.goal_cell(tile) != cell
            })
            .count() as u32
    }
}

/// The sum over tiles (not the blank) of their row and column distances to their goal cells.
///
/// Admissible and consistent: a move slides one tile one cell, so it changes the sum by exactly
/// one, and every tile must cover its distance. Counting the blank would overestimate.
#[derive(Clone, Debug)]
pub struct Manhattan<'p> {
    puzzle: &'p SlidingPuzzle,
    /// `distance[tile * cells + cell]`: how far `tile` in `cell` is from its goal cell.
    distance: Vec<u8>,
}

impl<'p> Manhattan<'p> {
    /// The Manhattan distance to `puzzle`'s goal.
    pub fn new(puzzle: &'p SlidingPuzzle) -> Self {
        let cells = puzzle.cells();
        let w = puzzle.width();
        let mut distance = vec![0u8; cells * cells];
        for tile in 1..cells {
            let goal = puzzle.goal_cell(tile as u8);
            for cell in 0..cells {
                let d = (cell / w).abs_diff(goal / w) + (cell % w).abs_diff(goal % w);
                distance[tile * cells + cell] = d as u8;
            }
        }
        Manhattan { puzzle, distance }
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
        let tiles = self.puzzle.decode(*board);
        self.of_tiles(&tiles[..self.puzzle.cells()])
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
#[derive(Clone, Debug)]
pub struct LinearConflict<'p> {
    manhattan: Manhattan<'p>,
    /// Each tile's goal row and column.
    goal_row: [u8; super::MAX_CELLS],
    goal_column: [u8; super::MAX_CELLS],
}

impl<'p> LinearConflict<'p> {
    /// Linear conflict to `puzzle`'s goal.
    pub fn new(puzzle: &'p SlidingPuzzle) -> Self {
        let (mut goal_row, mut goal_column) = ([0u8; super::MAX_CELLS], [0u8; super::MAX_CELLS]);
        for tile in 0..puzzle.cells() {
            let cell = puzzle.goal_cell(tile as u8);
            goal_row[tile] = (cell / puzzle.width()) as u8;
            goal_column[tile] = (cell % puzzle.width()) as u8;
        }
        LinearConflict {
            manhattan: Manhattan::new(puzzle),
            goal_row,
            goal_column,
        }
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
        let p = self.manhattan.puzzle;
        let (w, h) = (p.width(), p.height());
        // Decode once; everything below reads this array and the goal tables.
        let tiles = p.decode(*board);
        let tiles = &tiles[..p.cells()];
        let mut extra = 0;
        let mut line = [0u8; super::MAX_CELLS];
        for row in 0..h {
            let mut n = 0;
            for &tile in &tiles[row * w..(row + 1) * w] {
                let tile = usize::from(tile);
                if tile != 0 && usize::from(self.goal_row[tile]) == row {
                    line[n] = self.goal_column[tile];
                    n += 1;
                }
            }
            extra += LinearConflict::leaving(&line[..n]);
        }
        for column in 0..w {
            let mut n = 0;
            for &tile in tiles[column..].iter().step_by(w) {
                let tile = usize::from(tile);
                if tile != 0 && usize::from(self.goal_column[tile]) == column {
                    line[n] = self.goal_row[tile];
                    n += 1;
                }
            }
            extra += LinearConflict::leaving(&line[..n]);
        }
        self.manhattan.of_tiles(tiles) + 2 * extra
    }
}

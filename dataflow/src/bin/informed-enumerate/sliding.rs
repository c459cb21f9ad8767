//! The sliding-tile puzzle of `informed`, with its boards numbered densely so that a
//! breadth-first search can keep a bit map by rank.
//!
//! Shared by the `informed-enumerate` binary and the package's tests.

use informed::SearchProblem;
use informed::puzzle::{Board, PuzzleProblem, SlidingPuzzle};

/// A board's moves, numbered: the rank of its arrangement among all `cells!` (the half that
/// cannot be reached from the start keeps its bits unused).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NumberedPuzzle {
    problem: PuzzleProblem<'static>,
    puzzle: &'static SlidingPuzzle,
    bound: usize,
}

impl NumberedPuzzle {
    /// The puzzle from `start`; `None` if `start` is not one of its boards, or cannot be solved.
    pub(crate) fn new(puzzle: &'static SlidingPuzzle, start: Board) -> Option<Self> {
        let problem = puzzle.problem(start).ok()?;
        let bound = (1..=puzzle.cells()).product();
        Some(NumberedPuzzle {
            problem,
            puzzle,
            bound,
        })
    }
}

impl SearchProblem for NumberedPuzzle {
    type State = Board;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Board> {
        self.problem.starts()
    }

    fn is_goal(&self, board: &Board) -> bool {
        self.problem.is_goal(board)
    }

    fn successors(&self, board: &Board) -> impl IntoIterator<Item = (Board, u32)> {
        self.problem.successors(board)
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.bound)
    }

    /// The rank of the board's tiles, read in row-major order, among all permutations
    /// (Lehmer code).
    fn index(&self, board: &Board) -> usize {
        let cells = self.puzzle.cells();
        let (mut rank, mut used) = (0usize, 0u32);
        for cell in 0..cells {
            let tile = u32::from(self.puzzle.tile(*board, cell).unwrap_or(0));
            let smaller_used = (used & ((1 << tile) - 1)).count_ones();
            rank = rank * (cells - cell) + (tile - smaller_used) as usize;
            used |= 1 << tile;
        }
        rank
    }
}

//! Errors of malformed and unsolvable boards.

use std::fmt;

use super::join;

/// Why a board or a puzzle was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// A puzzle smaller than 2×2, or with more than [`MAX_CELLS`](super::MAX_CELLS) cells.
    BadSize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A token that is not a tile number.
    NotANumber {
        /// The token (its first 80 characters, if longer).
        token: String,
        /// The largest tile of the board.
        largest: u8,
    },
    /// A board with the wrong number of tiles.
    WrongCount {
        /// The puzzle's number of cells.
        expected: usize,
        /// The numbers given.
        found: usize,
    },
    /// A tile number larger than the board allows.
    OutOfRange {
        /// The tile.
        tile: u8,
        /// The largest tile of the board.
        largest: u8,
    },
    /// A tile given twice (so another is missing).
    Duplicate(u8),
    /// A well-formed board that cannot reach the goal.
    Unsolvable {
        /// The board's tiles, row-major.
        board: Vec<u8>,
        /// The goal's tiles, row-major.
        goal: Vec<u8>,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::BadSize { width, height } => write!(
                f,
                "a {width}×{height} puzzle is not supported: sides must be at least 2 and \
                 the board at most {} cells",
                super::MAX_CELLS
            ),
            PuzzleError::NotANumber { token, largest } => write!(
                f,
                "{token:?} is not a tile number: tiles go from 0 (the blank) to {largest}"
            ),
            PuzzleError::WrongCount { expected, found } => {
                write!(f, "{found} tiles given, the board has {expected} cells")
            }
            PuzzleError::OutOfRange { tile, largest } => {
                write!(
                    f,
                    "tile {tile} is out of range: tiles go from 0 (the blank) to {largest}"
                )
            }
            PuzzleError::Duplicate(tile) => write!(f, "tile {tile} appears more than once"),
            PuzzleError::Unsolvable { board, goal } => write!(
                f,
                "board {} is unsolvable: its permutation parity differs from the goal's ({})",
                join(board),
                join(goal)
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

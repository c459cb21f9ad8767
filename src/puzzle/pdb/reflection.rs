//! The diagonal reflection: which puzzles have it, and where it sends each cell and tile.

use super::error::PdbFileError;
use crate::puzzle::{MAX_CELLS, SlidingPuzzle};

/// Whether [`AdditivePdb`] also looks the board up reflected about the main diagonal.
///
/// [`AdditivePdb`]: crate::puzzle::AdditivePdb
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reflection {
    /// The sum over the databases only.
    #[default]
    None,
    /// The larger of the sum for the board and the sum for the board mirrored about its main
    /// diagonal (tiles renamed after the mirrored goal): the same tables, twice the lookups, a
    /// stronger estimate. Needs a square board whose goal has the blank on the diagonal.
    Diagonal,
}

/// `mirror_cell[c]`: the cell mirrored about the main diagonal; `mirror_tile[t]`: the tile whose
/// goal cell mirrors t's. All zero on a board that is not square, which has no reflection.
pub(super) fn mirrors(puzzle: &SlidingPuzzle) -> ([u8; MAX_CELLS], [u8; MAX_CELLS]) {
    let mut mirror_cell = [0u8; MAX_CELLS];
    let mut mirror_tile = [0u8; MAX_CELLS];
    let (w, h) = (puzzle.width(), puzzle.height());
    if w == h {
        for (cell, mirror) in mirror_cell.iter_mut().enumerate().take(puzzle.cells()) {
            *mirror = ((cell % w) * w + cell / w) as u8;
        }
        let goal = puzzle.tiles(puzzle.goal());
        for tile in 0..puzzle.cells() {
            let cell = puzzle.goal_of(tile as u8);
            mirror_tile[tile] = goal[usize::from(mirror_cell[cell])];
        }
    }
    (mirror_cell, mirror_tile)
}

/// Whether `reflection` can be used with `puzzle`: [`PdbFileError::NoReflection`] for
/// [`Reflection::Diagonal`] on a board that is not square or whose goal's blank is not on the
/// main diagonal (the mirrored goal would not be the goal).
pub(super) fn check(puzzle: &SlidingPuzzle, reflection: Reflection) -> Result<(), PdbFileError> {
    if reflection == Reflection::Diagonal {
        let blank = puzzle.goal_of(0);
        let (width, height) = (puzzle.width(), puzzle.height());
        if width != height || blank % width != blank / width {
            return Err(PdbFileError::NoReflection {
                width,
                height,
                blank,
            });
        }
    }
    Ok(())
}

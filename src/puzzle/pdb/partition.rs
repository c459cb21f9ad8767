//! The groups of tiles, one pattern database each.

use std::fmt;

use super::MAX_PATTERN_ENTRIES;
use super::error::PdbFileError;
use crate::pdb::Placements;
use crate::puzzle::{MAX_CELLS, SlidingPuzzle};

/// Disjoint groups of tiles, one pattern database each.
///
/// Each group's database counts only the moves of its own tiles, so the databases of disjoint
/// groups add up to an admissible estimate. Tiles left out of every group are not counted;
/// the blank (0) is never in a group.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    pub(super) groups: Vec<Vec<u8>>,
}

impl Partition {
    /// The groups as given, after checking them against `puzzle`.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::BadPartition`] for an empty group, the blank, a tile out of range or a
    /// tile in two groups; [`PdbFileError::PatternTooLarge`] for a group with more than
    /// [`MAX_PATTERN_ENTRIES`] placements.
    pub fn new(puzzle: &SlidingPuzzle, groups: Vec<Vec<u8>>) -> Result<Self, PdbFileError> {
        let cells = puzzle.cells();
        let bad = |reason: String| Err(PdbFileError::BadPartition { reason });
        if groups.is_empty() {
            return bad("no groups".into());
        }
        let mut seen = [false; MAX_CELLS];
        for group in &groups {
            if group.is_empty() {
                return bad("an empty group".into());
            }
            for &tile in group {
                if tile == 0 {
                    return bad("the blank (0) is in a group; groups hold tiles only".into());
                }
                if usize::from(tile) >= cells {
                    return bad(format!(
                        "tile {tile} is out of range: tiles go from 1 to {}",
                        cells - 1
                    ));
                }
                if std::mem::replace(&mut seen[usize::from(tile)], true) {
                    return bad(format!("tile {tile} is in two groups"));
                }
            }
            let entries = Placements::new(cells, group.len())
                .ok()
                .map(|p| p.count())
                .filter(|&n| n <= MAX_PATTERN_ENTRIES);
            if entries.is_none() {
                return Err(PdbFileError::PatternTooLarge {
                    tiles: group.len(),
                    cells,
                });
            }
        }
        Ok(Partition { groups })
    }

    /// Reads groups written `1,2,3/4,5,6`: tiles separated by commas (or spaces), groups by `/`.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::BadPartition`] for a token that is no number, and as for
    /// [`new`](Self::new).
    pub fn parse(puzzle: &SlidingPuzzle, text: &str) -> Result<Self, PdbFileError> {
        let mut groups = Vec::new();
        for part in text.split('/') {
            let mut group = Vec::new();
            for token in part
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
            {
                let tile = token
                    .parse::<u8>()
                    .map_err(|_| PdbFileError::BadPartition {
                        reason: format!(
                            "{:?} is not a tile number",
                            crate::location::excerpt(token)
                        ),
                    })?;
                group.push(tile);
                if group.len() > MAX_CELLS {
                    break; // `new` refuses it as a duplicate or out of range
                }
            }
            groups.push(group);
            if groups.len() > MAX_CELLS {
                break;
            }
        }
        Partition::new(puzzle, groups)
    }

    /// The usual partition for `puzzle`'s size, by the order of the tiles in the goal
    /// (row-major, skipping the blank; with the blank first or last that is 1, 2, 3, …):
    ///
    /// - 4×4: 7-8, the first seven tiles and the other eight (1–7 and 8–15);
    /// - 5×5: 6-6-6-6 as Korf and Felner (2002) chose it for the goal with the blank
    ///   top-left: 1 2 5 6 7 12 / 3 4 8 9 13 14 / 10 11 15 16 20 21 / 17 18 19 22 23 24 (for
    ///   another goal, the tiles in those places of the goal order);
    /// - any other size: the tiles in goal order, cut into as few groups as there can be
    ///   of at most 8 tiles each and at most [`MAX_PATTERN_ENTRIES`] placements each, as
    ///   equal as can be (one group of all the tiles for the 8-puzzle and the 2×4 board:
    ///   the exact distances; 5-6-6-6 on the 24-cell boards, where 7 tiles would have 1.7 G
    ///   placements).
    ///
    /// [`Partition::new`] accepts every standard partition, and [`AdditivePdb::build`] builds
    /// it (given the memory).
    ///
    /// [`AdditivePdb::build`]: crate::puzzle::AdditivePdb::build
    pub fn standard(puzzle: &SlidingPuzzle) -> Self {
        let tiles = puzzle.cells() - 1;
        // The tiles in goal order, row-major, skipping the blank.
        let order: Vec<u8> = puzzle
            .tiles(puzzle.goal())
            .into_iter()
            .filter(|&t| t != 0)
            .collect();
        let positions: Vec<Vec<usize>> = match (puzzle.width(), puzzle.height()) {
            (4, 4) => vec![(0..7).collect(), (7..15).collect()],
            (5, 5) => vec![
                vec![0, 1, 4, 5, 6, 11],
                vec![2, 3, 7, 8, 12, 13],
                vec![9, 10, 14, 15, 19, 20],
                vec![16, 17, 18, 21, 22, 23],
            ],
            _ => {
                // The largest group whose table `new` accepts; 1 tile always fits.
                let most = (1..=8)
                    .rev()
                    .find(|&k| {
                        Placements::new(puzzle.cells(), k)
                            .is_ok_and(|p| p.count() <= MAX_PATTERN_ENTRIES)
                    })
                    .unwrap_or(1);
                let count = tiles.div_ceil(most);
                (0..count)
                    .map(|g| (g * tiles / count..(g + 1) * tiles / count).collect())
                    .collect()
            }
        };
        let groups = positions
            .into_iter()
            .map(|group| group.into_iter().map(|i| order[i]).collect())
            .collect();
        Partition { groups }
    }

    /// The groups.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }
}

/// Prints `1,2,3/4,5,6`, as [`Partition::parse`] reads it.
impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (g, group) in self.groups.iter().enumerate() {
            if g > 0 {
                f.write_str("/")?;
            }
            for (i, tile) in group.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{tile}")?;
            }
        }
        Ok(())
    }
}

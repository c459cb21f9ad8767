//! The sliding puzzle's additive pattern databases, built over a cluster: the abstraction
//! `AdditivePdb` floods for one group of tiles, and the file it saves.

use std::fmt;
use std::io::{self, Write};
use std::sync::Arc;

use informed::pdb::{Abstraction, Placements};
use informed::puzzle::{FORMAT_VERSION, MAGIC, MAX_CELLS, Partition, SlidingPuzzle};

use crate::cluster::Cluster;
use crate::error::DataflowError;
use crate::pdb::{DistributedPdb, PdbProgress};

/// One group of a sliding puzzle's tiles, abstracted as [`AdditivePdb`] floods it: where the
/// group's tiles and the blank are, the other tiles not told apart. A move of one of the
/// group's tiles costs 1; a move of another tile costs 0.
///
/// An abstract state is the cells of the group's tiles, in the group's order, then the cell
/// of the blank, in the first `tiles + 1` entries of the array; ranked by [`Placements`] of
/// `tiles + 1` items in the puzzle's cells. The least distance over the blank's cells, for
/// each placement of the tiles, is the group's table in [`AdditivePdb`]
/// ([`AdditiveTables`] takes it).
///
/// [`AdditivePdb`]: informed::puzzle::AdditivePdb
///
/// # Example
///
/// See [`DistributedPdb`].
#[derive(Clone)]
pub struct PuzzlePattern {
    tiles: Vec<u8>,
    placements: Placements,
    /// The goal: each tile's goal cell, then the blank's.
    goal: [u8; MAX_CELLS],
    /// `neighbours[cell]`: the cells next to it, `count[cell]` of them.
    neighbours: [[u8; 4]; MAX_CELLS],
    count: [u8; MAX_CELLS],
}

impl fmt::Debug for PuzzlePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuzzlePattern")
            .field("tiles", &self.tiles)
            .field("entries", &self.placements.count())
            .finish()
    }
}

impl PuzzlePattern {
    /// The abstraction of `tiles` (the blank, 0, is not one) of `puzzle` towards its goal.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadOptions`] for no tiles, a repeated tile, the blank or a tile out of
    /// range; [`DataflowError::Pdb`] if the placements of the tiles and the blank are more
    /// than [`MAX_ENTRIES`](informed::pdb::MAX_ENTRIES).
    pub fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> Result<Self, DataflowError> {
        Partition::new(puzzle, vec![tiles.to_vec()]).map_err(|error| {
            DataflowError::BadOptions {
                reason: error.to_string(),
            }
        })?;
        let cells = puzzle.cells();
        let placements = Placements::new(cells, tiles.len() + 1)?;
        let mut goal = [0u8; MAX_CELLS];
        for (slot, &tile) in tiles.iter().chain(&[0]).enumerate() {
            goal[slot] = puzzle.goal_cell(tile) as u8;
        }
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut neighbours = [[0u8; 4]; MAX_CELLS];
        let mut count = [0u8; MAX_CELLS];
        for cell in 0..cells {
            let (row, column) = (cell / width, cell % width);
            let next = [
                (row > 0).then(|| cell - width),
                (column > 0).then(|| cell - 1),
                (column + 1 < width).then(|| cell + 1),
                (row + 1 < height).then(|| cell + width),
            ];
            for other in next.into_iter().flatten() {
                neighbours[cell][usize::from(count[cell])] = other as u8;
                count[cell] += 1;
            }
        }
        Ok(PuzzlePattern {
            tiles: tiles.to_vec(),
            placements,
            goal,
            neighbours,
            count,
        })
    }

    /// The group's tiles.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }
}

impl Abstraction for PuzzlePattern {
    type State = [u8; MAX_CELLS];

    fn size(&self) -> usize {
        self.placements.count()
    }

    fn rank(&self, cells: &[u8; MAX_CELLS]) -> usize {
        self.placements.rank(&cells[..=self.tiles.len()])
    }

    fn unrank(&self, rank: usize) -> [u8; MAX_CELLS] {
        let mut cells = [0u8; MAX_CELLS];
        self.placements
            .unrank(rank, &mut cells[..=self.tiles.len()]);
        cells
    }

    fn goals(&self) -> impl IntoIterator<Item = [u8; MAX_CELLS]> {
        [self.goal]
    }

    /// Moves are their own inverses: the predecessors are the blank's moves.
    fn predecessors(
        &self,
        cells: &[u8; MAX_CELLS],
    ) -> impl IntoIterator<Item = ([u8; MAX_CELLS], u32)> {
        let k = self.tiles.len();
        let blank = usize::from(cells[k]);
        let cells = *cells;
        self.neighbours[blank][..usize::from(self.count[blank])]
            .iter()
            .map(move |&next| {
                let mut moved = cells;
                moved[k] = next;
                match cells[..k].iter().position(|&cell| cell == next) {
                    // One of the group's tiles slides into the blank.
                    Some(tile) => {
                        moved[tile] = blank as u8;
                        (moved, 1)
                    }
                    // Another tile does, at no cost.
                    None => (moved, 0),
                }
            })
    }
}

/// The tables of a sliding puzzle's additive pattern databases, built over a cluster:
/// byte for byte those of [`AdditivePdb::build`](informed::puzzle::AdditivePdb::build),
/// saved in the file format [`AdditivePdb::load`](informed::puzzle::AdditivePdb::load)
/// reads.
///
/// # Example
///
/// ```
/// use informed::puzzle::{AdditivePdb, Partition, SlidingPuzzle};
/// use informed_dataflow::{AdditiveTables, Cluster};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let partition = Partition::parse(&puzzle, "1,2,3,4/5,6,7,8")?;
/// let tables = AdditiveTables::build(&Cluster::threads(2)?, &puzzle, &partition)?
///     .expect("worker 0 is in this process");
/// let mut file = Vec::new();
/// tables.save(&mut file)?;
/// let loaded = AdditivePdb::load(&puzzle, &mut file.as_slice())?;
/// assert_eq!(loaded, AdditivePdb::build(&puzzle, &partition)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct AdditiveTables {
    puzzle: SlidingPuzzle,
    partition: Partition,
    tables: Vec<Vec<u8>>,
}

impl fmt::Debug for AdditiveTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AdditiveTables")
            .field("width", &self.puzzle.width())
            .field("height", &self.puzzle.height())
            .field("partition", &self.partition.to_string())
            .finish_non_exhaustive()
    }
}

impl AdditiveTables {
    /// Builds the table of each group of `partition` over the workers of `cluster`, one
    /// group after the other, with [`DistributedPdb`] on the group's [`PuzzlePattern`]; each
    /// table is the least distance over the blank's cells. Every process makes the same call.
    ///
    /// # Returns
    ///
    /// `Some` tables on the process of worker 0; `None` on the others.
    ///
    /// # Errors
    ///
    /// As for [`DistributedPdb`]; [`DataflowError::BadOptions`] if `partition` does not fit
    /// `puzzle`.
    pub fn build(
        cluster: &Cluster,
        puzzle: &SlidingPuzzle,
        partition: &Partition,
    ) -> Result<Option<Self>, DataflowError> {
        AdditiveTables::build_with(cluster, puzzle, partition, |_, _| {})
    }

    /// As [`build`](Self::build), calling `report` with the group's index and the progress
    /// of its flood after each distance, in each process.
    ///
    /// # Errors
    ///
    /// As for [`build`](Self::build).
    pub fn build_with(
        cluster: &Cluster,
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        report: impl Fn(usize, &PdbProgress) + Send + Sync + 'static,
    ) -> Result<Option<Self>, DataflowError> {
        let partition = Partition::new(puzzle, partition.groups().to_vec()).map_err(|error| {
            DataflowError::BadOptions {
                reason: error.to_string(),
            }
        })?;
        let report = Arc::new(report);
        let mut tables = Vec::new();
        for (group, tiles) in partition.groups().iter().enumerate() {
            let pattern = PuzzlePattern::new(puzzle, tiles)?;
            let report = Arc::clone(&report);
            let built = DistributedPdb::new(move || pattern.clone())
                .on_distance(move |progress| report(group, progress))
                .build(cluster)?;
            let Some(db) = built else {
                continue;
            };
            // Ranks of the tiles and the blank are the tiles' rank × (cells − k) plus the
            // blank's place among the free cells: the blank's cells are consecutive.
            let free = puzzle.cells() - tiles.len();
            tables.push(
                db.as_bytes()
                    .chunks(free)
                    .map(|blanks| blanks.iter().copied().min().unwrap_or(u8::MAX))
                    .collect(),
            );
        }
        Ok(
            (tables.len() == partition.groups().len()).then(|| AdditiveTables {
                puzzle: puzzle.clone(),
                partition,
                tables,
            }),
        )
    }

    /// The table of group `group`, as [`AdditivePdb::table`](informed::puzzle::AdditivePdb::table)
    /// gives it; `None` past the last group.
    pub fn table(&self, group: usize) -> Option<&[u8]> {
        self.tables.get(group).map(Vec::as_slice)
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// Writes the tables in the file format of
    /// [`AdditivePdb::save`](informed::puzzle::AdditivePdb::save), byte for byte what it writes
    /// for the same databases.
    ///
    /// # Errors
    ///
    /// Any error of `out`.
    pub fn save<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut header = Vec::new();
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&[self.puzzle.width() as u8, self.puzzle.height() as u8]);
        header.extend_from_slice(&self.puzzle.tiles(self.puzzle.goal()));
        header.push(self.tables.len() as u8);
        for tiles in self.partition.groups() {
            header.push(tiles.len() as u8);
            header.extend_from_slice(tiles);
        }
        for table in &self.tables {
            header.extend_from_slice(&(table.len() as u64).to_le_bytes());
        }
        let mut checksum = Checksum::default();
        checksum.absorb(&header);
        out.write_all(&header)?;
        for table in &self.tables {
            checksum.absorb(table);
            out.write_all(table)?;
        }
        out.write_all(&checksum.finish().to_le_bytes())?;
        out.flush()
    }
}

/// The file's checksum: FNV-1a over little-endian 64-bit words, the last padded with zeros,
/// then the length in bytes (as `AdditivePdb::save` documents it).
struct Checksum {
    hash: u64,
    length: u64,
    word: [u8; 8],
    filled: usize,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum {
            hash: 0xcbf2_9ce4_8422_2325,
            length: 0,
            word: [0; 8],
            filled: 0,
        }
    }
}

impl Checksum {
    fn absorb(&mut self, bytes: &[u8]) {
        self.length += bytes.len() as u64;
        for &byte in bytes {
            self.word[self.filled] = byte;
            self.filled += 1;
            if self.filled == 8 {
                self.fold(u64::from_le_bytes(self.word));
                self.filled = 0;
            }
        }
    }

    fn fold(&mut self, word: u64) {
        self.hash = (self.hash ^ word).wrapping_mul(0x0000_0100_0000_01b3);
    }

    fn finish(mut self) -> u64 {
        if self.filled > 0 {
            self.word[self.filled..].fill(0);
            self.fold(u64::from_le_bytes(self.word));
        }
        self.fold(self.length);
        self.hash
    }
}

//! Disjoint additive pattern databases for the sliding-tile puzzle: build, look up, save, load.
//!
//! The file format is described on [`AdditivePdb::save`].

// Cells and tiles index several parallel arrays at once here; ranges read more plainly.
#![allow(clippy::needless_range_loop)]

use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{Board, MAX_CELLS, Slide, SlidingPuzzle};
use crate::heuristic::{Heuristic, IncrementalHeuristic, heuristic_by_reference};
use crate::pdb::{Placements, UNREACHABLE};

heuristic_by_reference!([] AdditivePdb);

/// The most abstract states one pattern may have: 2³⁰ (1 GiB of table, and 4 GiB of work space
/// while it is built). Eight tiles of the 15-puzzle (519 M) fit; seven of the 24-puzzle
/// (2.4 G) do not.
pub const MAX_PATTERN_ENTRIES: usize = 1 << 30;

/// The first bytes of a saved [`AdditivePdb`].
pub const MAGIC: [u8; 8] = *b"INFRMPDB";

/// The version of the file format that [`AdditivePdb::save`] writes.
pub const FORMAT_VERSION: u32 = 1;

/// Disjoint groups of tiles, one pattern database each.
///
/// Each group's database counts only the moves of its own tiles, so the databases of disjoint
/// groups add up to an admissible estimate. Tiles left out of every group are not counted;
/// the blank (0) is never in a group.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    groups: Vec<Vec<u8>>,
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

/// Whether [`AdditivePdb`] also looks the board up reflected about the main diagonal.
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

/// Where [`AdditivePdb::load_or_build`] got its databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Read from the file.
    Loaded,
    /// Built, then saved to the file.
    Built,
}

/// How [`AdditivePdb::build_with`] runs.
pub struct BuildOptions<'a> {
    threads: usize,
    progress: Option<&'a mut dyn FnMut(&BuildProgress)>,
}

impl fmt::Debug for BuildOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BuildOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Default for BuildOptions<'_> {
    fn default() -> Self {
        BuildOptions {
            threads: cores(),
            progress: None,
        }
    }
}

/// The cores this process may use, 1 if the platform cannot tell: the most build threads.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl<'a> BuildOptions<'a> {
    /// All the machine's cores, no progress report.
    pub fn new() -> Self {
        BuildOptions::default()
    }

    /// Builds with `threads` threads: at least 1, and at most the cores
    /// [`std::thread::available_parallelism`] reports (1 where it cannot tell), since more
    /// threads than cores only wait for one another. A table too small to split uses fewer.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, cores());
        self
    }

    /// Calls `report` after each breadth-first layer of each database.
    pub fn on_progress(mut self, report: &'a mut dyn FnMut(&BuildProgress)) -> Self {
        self.progress = Some(report);
        self
    }
}

/// Where a build is, as [`BuildOptions::on_progress`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The group being built (0-based).
    pub group: usize,
    /// The layer just finished: the number of moves of the group's tiles.
    pub depth: u8,
    /// Entries of this group's table filled so far.
    pub filled: usize,
    /// Entries of this group's table.
    pub entries: usize,
    /// Time since the build began.
    pub elapsed: Duration,
}

/// Why a pattern database could not be made, saved or loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdbFileError {
    /// A partition that is no set of disjoint groups of the puzzle's tiles.
    BadPartition {
        /// What is wrong.
        reason: String,
    },
    /// A group too large for a table (more than [`MAX_PATTERN_ENTRIES`] placements).
    PatternTooLarge {
        /// Tiles in the group.
        tiles: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// [`Reflection::Diagonal`] on a board that is not square or whose goal blank is off the
    /// diagonal.
    NoReflection {
        /// Width of the board.
        width: usize,
        /// Height of the board.
        height: usize,
        /// The goal's blank cell.
        blank: usize,
    },
    /// Reading or writing failed.
    Io {
        /// The kind of failure.
        kind: io::ErrorKind,
        /// The message.
        message: String,
    },
    /// The file does not start with [`MAGIC`]: not a saved pattern database.
    BadMagic,
    /// A format version this crate does not read.
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// A header field that makes no sense.
    BadHeader {
        /// What is wrong.
        reason: String,
    },
    /// The file is for another puzzle or partition than the one asked for.
    Mismatch {
        /// Which field differs: "size", "goal" or "partition".
        field: &'static str,
        /// What the file has.
        file: String,
        /// What was asked for.
        expected: String,
    },
    /// The file ends before the data its header announces.
    Truncated {
        /// Bytes of table expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The file goes on after the checksum.
    TrailingData,
    /// The checksum does not match the data: the file is corrupt.
    Checksum {
        /// The checksum stored in the file.
        stored: u64,
        /// The checksum of the data read.
        computed: u64,
    },
    /// A table whose checksum matches but which no build computes: the file was edited (or
    /// written by something else) and its checksum recomputed. See [`AdditivePdb::load`] for
    /// what loading checks.
    Implausible {
        /// The group whose table it is (0-based).
        group: usize,
        /// The placement rank where the table fails the check.
        rank: usize,
        /// The entry at that rank.
        entry: u8,
        /// What a built table would have there.
        reason: &'static str,
    },
    /// The memory to build a group's table could not be allocated: the group is too large for
    /// this machine (or for the process's memory limit).
    OutOfMemory {
        /// The group (0-based).
        group: usize,
        /// The bytes its build needs at once: table and work space.
        bytes: usize,
    },
}

impl fmt::Display for PdbFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbFileError::BadPartition { reason } => write!(f, "bad partition: {reason}"),
            PdbFileError::PatternTooLarge { tiles, cells } => write!(
                f,
                "a group of {tiles} tiles on {cells} cells has too many placements for a table \
                 (at most {MAX_PATTERN_ENTRIES})"
            ),
            PdbFileError::NoReflection {
                width,
                height,
                blank,
            } => write!(
                f,
                "no diagonal reflection on a {width}×{height} board whose goal blank is in cell \
                 {blank}: the board must be square and the blank on the main diagonal"
            ),
            PdbFileError::Io { kind, message } => write!(f, "i/o error ({kind:?}): {message}"),
            PdbFileError::BadMagic => f.write_str("not a pattern database file (bad magic bytes)"),
            PdbFileError::UnsupportedVersion { found } => write!(
                f,
                "pattern database format version {found} is not supported (this crate reads \
                 version {FORMAT_VERSION})"
            ),
            PdbFileError::BadHeader { reason } => {
                write!(f, "bad pattern database header: {reason}")
            }
            PdbFileError::Mismatch {
                field,
                file,
                expected,
            } => write!(
                f,
                "pattern database file is for another puzzle: its {field} is {file}, expected \
                 {expected}"
            ),
            PdbFileError::Truncated { expected, found } => write!(
                f,
                "pattern database file is truncated: {found} bytes of table where the header \
                 announces {expected}"
            ),
            PdbFileError::TrailingData => {
                f.write_str("pattern database file has data after its checksum")
            }
            PdbFileError::Checksum { stored, computed } => write!(
                f,
                "pattern database file is corrupt: checksum {computed:#018x} of the data, \
                 {stored:#018x} stored"
            ),
            PdbFileError::Implausible {
                group,
                rank,
                entry,
                reason,
            } => write!(
                f,
                "pattern database file has a table no build computes: group {group}, rank \
                 {rank} holds {entry}, but {reason}"
            ),
            PdbFileError::OutOfMemory { group, bytes } => write!(
                f,
                "could not allocate the {bytes} bytes of memory that building the table of \
                 group {group} needs"
            ),
        }
    }
}

impl std::error::Error for PdbFileError {}

impl From<io::Error> for PdbFileError {
    fn from(error: io::Error) -> Self {
        PdbFileError::Io {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}

/// One group's table and how to rank a board's placement of its tiles.
#[derive(Clone, PartialEq, Eq)]
struct Table {
    tiles: Vec<u8>,
    placements: Placements,
    entries: Vec<u8>,
}

/// Disjoint additive pattern databases for a sliding-tile puzzle: for each group of a
/// [`Partition`], the least number of moves *of that group's tiles* that bring them to their
/// goal cells, the other tiles being free to move at no cost. Their sum is admissible; with
/// [`Reflection::Diagonal`] the larger of the sums for the board and its mirror image.
///
/// **It is not always consistent.** Each entry is the least cost over the blank's cells, and a
/// group's tiles can wall the blank into a part of the board from which its tiles need more
/// moves than from another part: one move of a tile can then lower the estimate by more than
/// 1 (on the 8-puzzle with the groups 1–4 and 5–8, 18,852 of the 483,840 moves do). IDA*
/// does not need consistency; A* stays optimal but may reopen boards. A group of one tile, or
/// one holding every tile, is consistent.
///
/// Build once with [`build`](Self::build) (seconds for the 8-puzzle, minutes for the 15-puzzle's
/// 7-8 partition), [`save`](Self::save) and [`load`](Self::load) afterwards. It is a
/// [`Heuristic`] for boards of its puzzle; stack it with others through [`Max`](crate::Max).
///
/// # Example
///
/// ```
/// use informed::puzzle::{AdditivePdb, Partition, Reflection, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let partition = Partition::parse(&puzzle, "1,2,3,4/5,6,7,8")?;
/// let pdb = AdditivePdb::build(&puzzle, &partition)?.with_reflection(Reflection::Diagonal)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let solution = informed::idastar_with(&problem, &pdb)?;
/// assert_eq!(solution.cost(), 31);
///
/// let mut file = Vec::new();
/// pdb.save(&mut file)?;
/// let loaded = AdditivePdb::load(&puzzle, &mut file.as_slice())?;
/// assert_eq!(loaded.partition(), &partition);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf and A. Felner, "Disjoint pattern database heuristics", *Artificial Intelligence*
/// 134 (2002), 9–22; A. Felner, R. E. Korf and S. Hanan, "Additive pattern database
/// heuristics", *JAIR* 22 (2004), 279–318.
#[derive(Clone)]
pub struct AdditivePdb {
    puzzle: SlidingPuzzle,
    partition: Partition,
    tables: Vec<Table>,
    reflection: Reflection,
    /// `mirror_cell[c]`: the cell mirrored about the diagonal; `mirror_tile[t]`: the tile whose
    /// goal cell mirrors t's.
    mirror_cell: [u8; MAX_CELLS],
    mirror_tile: [u8; MAX_CELLS],
    /// `group_of[t]`: the group of tile t, [`NO_GROUP`] for the blank.
    group_of: [u8; MAX_CELLS],
}

/// The group of a tile in no group (the blank).
const NO_GROUP: u8 = u8::MAX;

impl fmt::Debug for AdditivePdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AdditivePdb")
            .field("width", &self.puzzle.width())
            .field("height", &self.puzzle.height())
            .field("partition", &self.partition.to_string())
            .field("entries", &self.entries())
            .field("reflection", &self.reflection)
            .finish()
    }
}

impl PartialEq for AdditivePdb {
    fn eq(&self, other: &Self) -> bool {
        (&self.puzzle, &self.partition, &self.tables, self.reflection)
            == (
                &other.puzzle,
                &other.partition,
                &other.tables,
                other.reflection,
            )
    }
}

impl Eq for AdditivePdb {}

impl AdditivePdb {
    /// Builds the databases of `partition` for `puzzle` and its goal, with every core.
    ///
    /// # Errors
    ///
    /// As for [`build_with`](Self::build_with).
    pub fn build(puzzle: &SlidingPuzzle, partition: &Partition) -> Result<Self, PdbFileError> {
        AdditivePdb::build_with(puzzle, partition, BuildOptions::new())
    }

    /// Builds the databases of `partition` for `puzzle` and its goal.
    ///
    /// Each group's table comes from a 0-1 breadth-first search backwards from the goal over
    /// the cells of the group's tiles and of the blank, where a move of one of the group's
    /// tiles costs 1 and a move of any other tile costs 0 (the other tiles are not told apart,
    /// so the blank roams freely among them). The table keeps, for each placement of the
    /// group's tiles, the least cost over the blank's cells.
    ///
    /// # Arguments
    ///
    /// - `puzzle`: the board size and the goal.
    /// - `partition`: the groups, checked against `puzzle` by [`Partition::new`].
    /// - `options`: threads and a progress report.
    ///
    /// # Returns
    ///
    /// The databases, without reflection (see [`with_reflection`](Self::with_reflection)).
    ///
    /// # Errors
    ///
    /// [`PdbFileError::BadPartition`] or [`PdbFileError::PatternTooLarge`] if `partition` was
    /// made for another puzzle and does not fit this one; [`PdbFileError::OutOfMemory`] if a
    /// group's table and work space cannot be allocated (memory is asked for fallibly, before
    /// the group's build starts, so a process short of memory gets this error rather than an
    /// abort).
    ///
    /// # Complexity
    ///
    /// For a group of k tiles on n cells, P = n!/(n − k)! placements: **O(P · k · n)** time
    /// (each placement is expanded once per layer in which its blank gains a region), split
    /// over the threads; memory P bytes of table, plus while it is built 4 bytes of work
    /// space a placement on boards of up to 16 cells (8 above) and two bits. The 15-puzzle's
    /// 8-tile group: 519 M placements, about 2.7 GB while it is built, 519 MB kept.
    pub fn build_with(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        mut options: BuildOptions<'_>,
    ) -> Result<Self, PdbFileError> {
        let partition = Partition::new(puzzle, partition.groups.clone())?;
        let started = Instant::now();
        let mut tables = Vec::with_capacity(partition.groups.len());
        for (group, tiles) in partition.groups.iter().enumerate() {
            let placements = Placements::new(puzzle.cells(), tiles.len()).map_err(|_| {
                PdbFileError::PatternTooLarge {
                    tiles: tiles.len(),
                    cells: puzzle.cells(),
                }
            })?;
            let entries = flood(
                puzzle,
                tiles,
                &placements,
                options.threads,
                &mut |depth, filled| {
                    if let Some(report) = options.progress.as_mut() {
                        report(&BuildProgress {
                            group,
                            depth,
                            filled,
                            entries: placements.count(),
                            elapsed: started.elapsed(),
                        });
                    }
                },
            )
            .map_err(|bytes| PdbFileError::OutOfMemory { group, bytes })?;
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                entries,
            });
        }
        Ok(AdditivePdb::assemble(puzzle, partition, tables))
    }

    fn assemble(puzzle: &SlidingPuzzle, partition: Partition, tables: Vec<Table>) -> Self {
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
        let mut group_of = [NO_GROUP; MAX_CELLS];
        for (group, tiles) in partition.groups().iter().enumerate() {
            for &tile in tiles {
                group_of[usize::from(tile) % MAX_CELLS] = group as u8;
            }
        }
        AdditivePdb {
            puzzle: puzzle.clone(),
            partition,
            tables,
            reflection: Reflection::None,
            mirror_cell,
            mirror_tile,
            group_of,
        }
    }

    /// The same databases, looked up with or without the diagonal reflection.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::NoReflection`] for [`Reflection::Diagonal`] on a board that is not
    /// square or whose goal's blank is not on the main diagonal (the mirrored goal would not be
    /// the goal).
    pub fn with_reflection(mut self, reflection: Reflection) -> Result<Self, PdbFileError> {
        if reflection == Reflection::Diagonal {
            let blank = self.puzzle.goal_of(0);
            let (width, height) = (self.puzzle.width(), self.puzzle.height());
            if width != height || blank % width != blank / width {
                return Err(PdbFileError::NoReflection {
                    width,
                    height,
                    blank,
                });
            }
        }
        self.reflection = reflection;
        Ok(self)
    }

    /// The reflection in use.
    pub fn reflection(&self) -> Reflection {
        self.reflection
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The puzzle the databases were built for.
    pub fn puzzle(&self) -> &SlidingPuzzle {
        &self.puzzle
    }

    /// The number of entries (bytes of table) over all groups.
    pub fn entries(&self) -> usize {
        self.tables.iter().map(|t| t.entries.len()).sum()
    }

    /// The table of group `group`: one byte per placement of its tiles (in the order of
    /// [`Placements`] with item i the group's i-th tile), [`UNREACHABLE`] for placements no
    /// board has; `None` past the last group.
    pub fn table(&self, group: usize) -> Option<&[u8]> {
        self.tables.get(group).map(|t| t.entries.as_slice())
    }

    /// The estimate of each group for `board` (no reflection), in partition order.
    pub fn group_estimates(&self, board: Board) -> Vec<u32> {
        let cell_of = self.cells_of_tiles(board);
        self.tables
            .iter()
            .map(|table| lookup(table, &cell_of))
            .collect()
    }

    /// `cell_of[t]`: the cell of tile t on `board`.
    #[inline]
    fn cells_of_tiles(&self, board: Board) -> [u8; MAX_CELLS] {
        let tiles = self.puzzle.decode(board);
        let mut cell_of = [0u8; MAX_CELLS];
        for (cell, &tile) in tiles.iter().enumerate().take(self.puzzle.cells()) {
            cell_of[usize::from(tile) % MAX_CELLS] = cell as u8;
        }
        cell_of
    }

    /// Writes the databases to `out` (the reflection is not saved: it is a way of reading
    /// them).
    ///
    /// # The file format (version 1)
    ///
    /// All numbers little-endian.
    ///
    /// | bytes | field |
    /// |---|---|
    /// | 8 | magic, [`MAGIC`] (`INFRMPDB`) |
    /// | 4 | format version, [`FORMAT_VERSION`] (1) |
    /// | 1, 1 | width, height |
    /// | width × height | the goal, row-major, 0 for the blank |
    /// | 1 | the number of groups G |
    /// | per group: 1 + k | its number of tiles k, then the tiles |
    /// | per group: 8 | its table's length in bytes, n!/(n − k)! for n cells |
    /// | the lengths' sum | the tables, in group order: one byte per placement rank ([`Placements`]), 255 where no board has it |
    /// | 8 | checksum of every byte before it |
    ///
    /// The checksum is FNV-1a over 64-bit words: the bytes read as little-endian words (the last
    /// one padded with zeros), each folded in as `h = (h ^ word) × 0x100000001b3` from
    /// `h = 0xcbf29ce484222325`, then `h = (h ^ length in bytes) × 0x100000001b3`.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::Io`] if writing fails.
    pub fn save<W: Write>(&self, out: &mut W) -> Result<(), PdbFileError> {
        let mut out = Checksummed::new(out);
        out.write_all(&MAGIC)?;
        out.write_all(&FORMAT_VERSION.to_le_bytes())?;
        out.write_all(&[self.puzzle.width() as u8, self.puzzle.height() as u8])?;
        out.write_all(&self.puzzle.tiles(self.puzzle.goal()))?;
        out.write_all(&[self.tables.len() as u8])?;
        for table in &self.tables {
            out.write_all(&[table.tiles.len() as u8])?;
            out.write_all(&table.tiles)?;
        }
        for table in &self.tables {
            out.write_all(&(table.entries.len() as u64).to_le_bytes())?;
        }
        for table in &self.tables {
            out.write_all(&table.entries)?;
        }
        let sum = out.finish();
        out.inner.write_all(&sum.to_le_bytes())?;
        out.inner.flush()?;
        Ok(())
    }

    /// Reads databases that [`save`](Self::save) wrote, for `puzzle` (whose size and goal the
    /// file must have), whatever their partition.
    ///
    /// Memory grows with the bytes actually read: a header's lengths are checked against the
    /// sizes its partition implies before any table is read, and a table is read in pieces, so
    /// a short or lying file costs no more than its own length.
    ///
    /// # What a loaded file is trusted for
    ///
    /// The checksum catches accidents (a bad disk, a copy cut short), not edits: anyone can
    /// recompute it. So each table is also checked for what every built table has, at the
    /// cost of one pass over its bytes and a few thousand lookups: the goal's entry is 0 and
    /// no other is, the placements one move from the goal are at 1, every 1 is one move from
    /// the goal, and a sample of the other entries each have a neighbour one lower or less.
    /// This refuses a shuffled, shifted or raised table with near certainty, but a table
    /// edited with care can pass, and an entry set too high makes the estimate inadmissible:
    /// A* and IDA* may then return a path that is not the shortest. A loaded table never
    /// makes a lookup panic. Load files that you or this crate wrote; to trust any other,
    /// rebuild and compare, at the cost of a build:
    /// `AdditivePdb::build(&puzzle, loaded.partition())? == loaded`.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::BadMagic`], [`UnsupportedVersion`](PdbFileError::UnsupportedVersion),
    /// [`BadHeader`](PdbFileError::BadHeader) for a malformed header;
    /// [`Mismatch`](PdbFileError::Mismatch) for another size or goal;
    /// [`Truncated`](PdbFileError::Truncated), [`TrailingData`](PdbFileError::TrailingData),
    /// [`Checksum`](PdbFileError::Checksum) for a file cut short, too long or corrupt;
    /// [`Implausible`](PdbFileError::Implausible) for a table that fails the checks above;
    /// [`Io`](PdbFileError::Io) if reading fails.
    pub fn load<R: Read>(puzzle: &SlidingPuzzle, input: &mut R) -> Result<Self, PdbFileError> {
        AdditivePdb::read(puzzle, None, input)
    }

    /// As [`load`](Self::load), and the file must hold exactly `partition`'s groups.
    ///
    /// # Errors
    ///
    /// As for [`load`](Self::load); [`Mismatch`](PdbFileError::Mismatch) naming the partition
    /// if the file's differs (checked before any table is read).
    pub fn load_expecting<R: Read>(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        input: &mut R,
    ) -> Result<Self, PdbFileError> {
        AdditivePdb::read(puzzle, Some(partition), input)
    }

    fn read<R: Read>(
        puzzle: &SlidingPuzzle,
        expected: Option<&Partition>,
        input: &mut R,
    ) -> Result<Self, PdbFileError> {
        let mut input = Checksummed::new(input);
        let bad = |reason: String| PdbFileError::BadHeader { reason };
        let magic: [u8; 8] = input.array()?;
        if magic != MAGIC {
            return Err(PdbFileError::BadMagic);
        }
        let version = u32::from_le_bytes(input.array()?);
        if version != FORMAT_VERSION {
            return Err(PdbFileError::UnsupportedVersion { found: version });
        }
        let [width, height] = input.array()?;
        let (width, height) = (usize::from(width), usize::from(height));
        if (width, height) != (puzzle.width(), puzzle.height()) {
            return Err(PdbFileError::Mismatch {
                field: "size",
                file: format!("{width}×{height}"),
                expected: format!("{}×{}", puzzle.width(), puzzle.height()),
            });
        }
        let mut goal = vec![0u8; puzzle.cells()];
        input.fill(&mut goal)?;
        let wanted = puzzle.tiles(puzzle.goal());
        if goal != wanted {
            return Err(PdbFileError::Mismatch {
                field: "goal",
                file: super::join(&goal),
                expected: super::join(&wanted),
            });
        }
        let [count] = input.array()?;
        if count == 0 || usize::from(count) >= puzzle.cells() {
            return Err(bad(format!(
                "{count} groups on a board of {} tiles",
                puzzle.cells() - 1
            )));
        }
        let mut groups = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            let [len] = input.array()?;
            if len == 0 || usize::from(len) >= puzzle.cells() {
                return Err(bad(format!(
                    "a group of {len} tiles on a board of {} tiles",
                    puzzle.cells() - 1
                )));
            }
            let mut tiles = vec![0u8; usize::from(len)];
            input.fill(&mut tiles)?;
            groups.push(tiles);
        }
        let partition = Partition::new(puzzle, groups).map_err(|e| bad(e.to_string()))?;
        if let Some(expected) = expected {
            if *expected != partition {
                return Err(PdbFileError::Mismatch {
                    field: "partition",
                    file: partition.to_string(),
                    expected: expected.to_string(),
                });
            }
        }
        let mut placements = Vec::with_capacity(partition.groups.len());
        for tiles in &partition.groups {
            let length = u64::from_le_bytes(input.array()?);
            let ranks =
                Placements::new(puzzle.cells(), tiles.len()).map_err(|e| bad(e.to_string()))?;
            if length != ranks.count() as u64 {
                return Err(bad(format!(
                    "a table of {length} bytes for a group of {} tiles, which has {} placements",
                    tiles.len(),
                    ranks.count()
                )));
            }
            placements.push(ranks);
        }
        let mut tables = Vec::with_capacity(placements.len());
        for (tiles, placements) in partition.groups.iter().zip(placements) {
            let expected = placements.count() as u64;
            let mut entries = Vec::new();
            // Grows with what the file holds, whatever the header says.
            let found = (&mut input).take(expected).read_to_end(&mut entries)? as u64;
            if found != expected {
                return Err(PdbFileError::Truncated { expected, found });
            }
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                entries,
            });
        }
        let computed = input.finish();
        let mut stored = [0u8; 8];
        let found = read_full(input.inner, &mut stored)?;
        if found < 8 {
            return Err(PdbFileError::Truncated {
                expected: 8,
                found: found as u64,
            });
        }
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Err(PdbFileError::Checksum { stored, computed });
        }
        if read_full(input.inner, &mut [0u8; 1])? != 0 {
            return Err(PdbFileError::TrailingData);
        }
        for (group, table) in tables.iter().enumerate() {
            check_plausible(puzzle, group, table)?;
        }
        Ok(AdditivePdb::assemble(puzzle, partition, tables))
    }

    /// The file name under which [`load_or_build`](Self::load_or_build) keeps the databases
    /// of `partition` for `puzzle`: the size, a hash of the goal and the partition, such as
    /// `4x4-g1a2b3c4d-1_2_3_4_5_6_7-8_9_10_11_12_13_14_15.pdb`.
    pub fn file_name(puzzle: &SlidingPuzzle, partition: &Partition) -> String {
        let mut goal = Checksummed::new(());
        goal.absorb(&puzzle.tiles(puzzle.goal()));
        let groups: Vec<String> = partition
            .groups
            .iter()
            .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join("_"))
            .collect();
        format!(
            "{}x{}-g{:08x}-{}.pdb",
            puzzle.width(),
            puzzle.height(),
            goal.finish() as u32,
            groups.join("-")
        )
    }

    /// Loads the databases of `partition` for `puzzle` from
    /// [`file_name`](Self::file_name) in `dir`, or, if there is no such file, builds them and
    /// saves them there.
    ///
    /// Saving goes through a temporary file of this call's own (named after the process, the
    /// call and the thread), flushed to disk and then renamed over the name: an interrupted
    /// build leaves no partial file under the name, a reader sees either no file or a whole
    /// one, and calls racing from several threads or processes each build and save, the last
    /// rename winning (they all write the same databases). A call that finds the file saved
    /// by another while its own save fails returns its databases all the same.
    ///
    /// # Returns
    ///
    /// The databases (without reflection) and whether they were loaded or built.
    ///
    /// # Errors
    ///
    /// As for [`load_expecting`](Self::load_expecting) for a file that exists but is damaged
    /// or for another puzzle (it is not replaced); as for [`build_with`](Self::build_with);
    /// [`PdbFileError::Io`] if the directory or the file cannot be written.
    pub fn load_or_build(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        dir: &std::path::Path,
        options: BuildOptions<'_>,
    ) -> Result<(Self, Origin), PdbFileError> {
        let path = dir.join(AdditivePdb::file_name(puzzle, partition));
        match std::fs::File::open(&path) {
            Ok(file) => {
                let mut input = io::BufReader::with_capacity(1 << 20, file);
                let pdb = AdditivePdb::load_expecting(puzzle, partition, &mut input)?;
                return Ok((pdb, Origin::Loaded));
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(error.into()),
        }
        let pdb = AdditivePdb::build_with(puzzle, partition, options)?;
        std::fs::create_dir_all(dir)?;
        let (partial, file) = create_partial(&path)?;
        let saved = (|| {
            let mut out = io::BufWriter::with_capacity(1 << 20, file);
            pdb.save(&mut out)?;
            let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
            // On disk before it takes the name: a crash must not leave a named file whose
            // data never arrived (a damaged file is refused, and not replaced).
            file.sync_all()?;
            drop(file);
            // Atomic: a reader sees no file or the whole of one.
            std::fs::rename(&partial, &path)?;
            Ok::<(), PdbFileError>(())
        })();
        if let Err(error) = saved {
            // Best effort: the error that matters is the one that stopped the save.
            let _ = std::fs::remove_file(&partial);
            // Another writer got there first (where a rename cannot replace a file that is in
            // use): its file holds the same databases, which is all this call had to do.
            if !path.is_file() {
                return Err(error);
            }
        }
        Ok((pdb, Origin::Built))
    }

    /// The sum over the groups for the board whose tile t is in cell `cell_of[t]`.
    #[inline]
    fn sum(&self, cell_of: &[u8; MAX_CELLS]) -> u32 {
        self.tables.iter().map(|table| lookup(table, cell_of)).sum()
    }
}

/// The placements [`check_plausible`] tests for a smaller neighbour, spread evenly over a table.
const DESCENT_SAMPLES: usize = 4096;

/// Checks, at the cost of one pass over the bytes and a few thousand lookups, properties every
/// built table has (see [`AdditivePdb::load`]):
///
/// - the goal placement's entry is 0, and no other is (the other tiles' moves, which are
///   free, never move the group's tiles);
/// - a placement one move of a group tile from the goal, into a cell the goal's blank reaches
///   through the other tiles, has entry 1 (that tile moves back, then the blank returns);
/// - a placement of finite entry d > 0 has a neighbour (a tile of the group moved one cell into
///   a cell none of the group holds) with an entry below d (the first move of the group on a
///   shortest path leads to one): tested on every entry 1 and on a sample of the rest.
///
/// A shuffled, shifted or uniformly raised table fails one of these with near certainty.
fn check_plausible(
    puzzle: &SlidingPuzzle,
    group: usize,
    table: &Table,
) -> Result<(), PdbFileError> {
    let geometry = Geometry::new(puzzle);
    let (entries, placements, k) = (&table.entries, &table.placements, table.tiles.len());
    let implausible = |rank: usize, reason: &'static str| PdbFileError::Implausible {
        group,
        rank,
        entry: entries[rank],
        reason,
    };
    // Whether some placement one move of a group tile away from `rank` has an entry below
    // `entry`.
    let descends = |rank: usize, entry: u8| {
        let mut slots = [0u8; MAX_CELLS];
        placements.unrank(rank, &mut slots);
        let occupied = slots[..k].iter().fold(0u32, |m, &c| m | 1 << c);
        (0..k).any(|i| {
            let mut into = geometry.neighbours[usize::from(slots[i])] & !occupied;
            let mut moved = slots;
            while into != 0 {
                moved[i] = into.trailing_zeros() as u8;
                into &= into - 1;
                if entries[placements.rank(&moved[..k])] < entry {
                    return true;
                }
            }
            false
        })
    };

    let mut goal = [0u8; MAX_CELLS];
    for (slot, &tile) in goal.iter_mut().zip(&table.tiles) {
        *slot = puzzle.goal_of(tile) as u8;
    }
    let goal_rank = placements.rank(&goal[..k]);
    if entries[goal_rank] != 0 {
        return Err(implausible(goal_rank, "the goal placement's entry is 0"));
    }
    let occupied = goal[..k].iter().fold(0u32, |m, &c| m | 1 << c);
    let roams = geometry.region(geometry.full & !occupied, puzzle.goal_of(0));
    for i in 0..k {
        let mut into = geometry.neighbours[usize::from(goal[i])] & roams;
        let mut moved = goal;
        while into != 0 {
            moved[i] = into.trailing_zeros() as u8;
            into &= into - 1;
            let rank = placements.rank(&moved[..k]);
            if entries[rank] != 1 {
                return Err(implausible(
                    rank,
                    "a placement one move from the goal, into a cell the goal's blank reaches, \
                     has entry 1",
                ));
            }
        }
    }
    for (rank, &entry) in entries.iter().enumerate() {
        if entry <= 1 && rank != goal_rank {
            if entry == 0 {
                return Err(implausible(rank, "only the goal placement has entry 0"));
            }
            if !descends(rank, entry) {
                return Err(implausible(
                    rank,
                    "an entry of 1 belongs to a placement one move from the goal",
                ));
            }
        }
    }
    let step = (entries.len() / DESCENT_SAMPLES).max(1);
    for rank in (0..entries.len()).step_by(step) {
        let entry = entries[rank];
        if entry != 0 && entry != UNREACHABLE && !descends(rank, entry) {
            return Err(implausible(
                rank,
                "a placement with a finite entry d > 0 has a neighbour (one tile of the group \
                 moved one cell) with an entry below d",
            ));
        }
    }
    Ok(())
}

/// Creates a new file beside `path` to save into, named after this process, this call (a
/// count of the calls in the process) and this thread: no other writer, in this process or
/// another, can open the same one, so racing builds never write into one another's file.
fn create_partial(path: &Path) -> io::Result<(PathBuf, std::fs::File)> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    let mut attempts = 0;
    loop {
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        let name = format!("pdb.{}-{call}-{thread}.part", std::process::id());
        let partial = path.with_extension(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)
        {
            Ok(file) => return Ok((partial, file)),
            // Left by a killed process that had this one's id: take the next number, a few
            // times, rather than write into it.
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempts < 16 => {
                attempts += 1;
            }
            Err(error) => return Err(error),
        }
    }
}

/// The entry of `table` for the board whose tile t is in cell `cell_of[t]` (0 for a placement
/// no board has).
#[inline]
fn lookup(table: &Table, cell_of: &[u8; MAX_CELLS]) -> u32 {
    let mut slots = [0u8; MAX_CELLS];
    for (slot, &tile) in slots.iter_mut().zip(&table.tiles) {
        *slot = cell_of[usize::from(tile) % MAX_CELLS];
    }
    let rank = table.placements.rank(&slots);
    match table.entries.get(rank) {
        Some(&d) if d != UNREACHABLE => u32::from(d),
        _ => 0,
    }
}

impl Heuristic<Board, u32> for AdditivePdb {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        let cell_of = self.cells_of_tiles(*board);
        let direct = self.sum(&cell_of);
        if self.reflection == Reflection::None {
            return direct;
        }
        let mut mirrored = [0u8; MAX_CELLS];
        for tile in 0..self.puzzle.cells() {
            let to = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            mirrored[to] = self.mirror_cell[usize::from(cell_of[tile]) % MAX_CELLS];
        }
        direct.max(self.sum(&mirrored))
    }
}

/// What an [`AdditivePdb`] keeps beside each board of an in-place search
/// ([`idastar_in_place_with`](crate::idastar_in_place_with)): where each tile is, on the board
/// and on its mirror image, and each group's value for both, so that a move looks up only the
/// moved tile's group (and, with the reflection, its mirror's).
#[derive(Clone, Copy, Debug)]
pub struct PdbContext {
    cell_of: [u8; MAX_CELLS],
    mirrored: [u8; MAX_CELLS],
    direct: [u8; MAX_CELLS],
    reflected: [u8; MAX_CELLS],
    direct_sum: u32,
    reflected_sum: u32,
}

impl AdditivePdb {
    /// The value of each group for `cell_of`, and their sum.
    fn groups_of(&self, cell_of: &[u8; MAX_CELLS]) -> ([u8; MAX_CELLS], u32) {
        let mut values = [0u8; MAX_CELLS];
        let mut sum = 0;
        for (value, table) in values.iter_mut().zip(&self.tables) {
            let entry = lookup(table, cell_of);
            *value = entry as u8;
            sum += entry;
        }
        (values, sum)
    }

    /// The estimate a context holds: its direct sum, or the larger of the two sums with the
    /// reflection.
    #[inline(always)]
    fn of_context(&self, context: &PdbContext) -> u32 {
        if self.reflection == Reflection::None {
            context.direct_sum
        } else {
            context.direct_sum.max(context.reflected_sum)
        }
    }
}

/// Updated by the slide: only the moved tile's group is looked up again (and, with the
/// reflection, the group of its mirror image); the blank is in no group.
impl IncrementalHeuristic<Board, Slide, u32> for AdditivePdb {
    type Context = PdbContext;

    fn begin(&self, board: &Board) -> (u32, PdbContext) {
        let cell_of = self.cells_of_tiles(*board);
        let mut mirrored = [0u8; MAX_CELLS];
        for tile in 0..self.puzzle.cells() {
            let to = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            mirrored[to] = self.mirror_cell[usize::from(cell_of[tile]) % MAX_CELLS];
        }
        let (direct, direct_sum) = self.groups_of(&cell_of);
        let (reflected, reflected_sum) = if self.reflection == Reflection::None {
            ([0; MAX_CELLS], 0)
        } else {
            self.groups_of(&mirrored)
        };
        let context = PdbContext {
            cell_of,
            mirrored,
            direct,
            reflected,
            direct_sum,
            reflected_sum,
        };
        (self.of_context(&context), context)
    }

    #[inline]
    fn update(&self, board: &Board, slide: Slide, _: u32, context: &mut PdbContext) -> u32 {
        let tile = usize::from(self.puzzle.tile_at(*board, slide.to())) % MAX_CELLS;
        let to = slide.to() % MAX_CELLS;
        context.cell_of[tile] = to as u8;
        if let Some(table) = self.tables.get(usize::from(self.group_of[tile])) {
            let group = usize::from(self.group_of[tile]);
            let value = lookup(table, &context.cell_of);
            context.direct_sum = context.direct_sum + value - u32::from(context.direct[group]);
            context.direct[group] = value as u8;
        }
        if self.reflection != Reflection::None {
            let mirror = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            context.mirrored[mirror] = self.mirror_cell[to];
            if let Some(table) = self.tables.get(usize::from(self.group_of[mirror])) {
                let group = usize::from(self.group_of[mirror]);
                let value = lookup(table, &context.mirrored);
                context.reflected_sum =
                    context.reflected_sum + value - u32::from(context.reflected[group]);
                context.reflected[group] = value as u8;
            }
        }
        self.of_context(context)
    }
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_full<R: Read + ?Sized>(input: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        match input.read(&mut buf[done..]) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// A reader or writer that checksums what passes through it (see [`AdditivePdb::save`]).
struct Checksummed<T> {
    inner: T,
    hash: u64,
    length: u64,
    word: [u8; 8],
    filled: usize,
}

impl<T> Checksummed<T> {
    fn new(inner: T) -> Self {
        Checksummed {
            inner,
            hash: FNV_OFFSET,
            length: 0,
            word: [0; 8],
            filled: 0,
        }
    }

    fn absorb(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        while self.filled > 0 && !bytes.is_empty() {
            self.word[self.filled] = bytes[0];
            self.filled = (self.filled + 1) % 8;
            bytes = &bytes[1..];
            if self.filled == 0 {
                self.fold(u64::from_le_bytes(self.word));
            }
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            self.fold(u64::from_le_bytes(w));
        }
        for &byte in words.remainder() {
            self.word[self.filled] = byte;
            self.filled += 1;
        }
    }

    #[inline]
    fn fold(&mut self, word: u64) {
        self.hash = (self.hash ^ word).wrapping_mul(FNV_PRIME);
    }

    /// The checksum of everything so far.
    fn finish(&mut self) -> u64 {
        if self.filled > 0 {
            self.word[self.filled..].fill(0);
            self.fold(u64::from_le_bytes(self.word));
            self.filled = 0;
        }
        self.fold(self.length);
        self.hash
    }
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.absorb(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Checksummed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.absorb(&buf[..n]);
        Ok(n)
    }
}

impl<R: Read> Checksummed<R> {
    /// Fills `buf` or reports the header as cut short.
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbFileError> {
        let found = read_full(self, buf)?;
        if found < buf.len() {
            return Err(PdbFileError::BadHeader {
                reason: "the file ends inside its header".into(),
            });
        }
        Ok(())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], PdbFileError> {
        let mut buf = [0u8; N];
        self.fill(&mut buf)?;
        Ok(buf)
    }
}

/// The blank's regions of one placement, in one atomic word so that a check touches one
/// cache line: the low half holds the cells reached in the layers expanded so far, the high
/// half those reached in the layer being built. `u32` for boards of up to 16 cells, `u64` up
/// to 32.
trait Regions: Sync + Send {
    fn zero() -> Self;
    /// (reached, being reached).
    fn load(&self) -> (u32, u32);
    /// Adds `region` to the cells being reached; whether none were before.
    fn add_pending(&self, region: u32) -> bool;
    /// Moves the cells being reached to the reached ones (no other thread touches the word).
    fn merge(&self);
    /// Marks `region` as reached.
    fn add_reached(&self, region: u32);
}

impl Regions for AtomicU32 {
    fn zero() -> Self {
        AtomicU32::new(0)
    }
    #[inline]
    fn load(&self) -> (u32, u32) {
        let w = AtomicU32::load(self, Ordering::Relaxed);
        (w & 0xffff, w >> 16)
    }
    #[inline]
    fn add_pending(&self, region: u32) -> bool {
        AtomicU32::fetch_or(self, region << 16, Ordering::Relaxed) >> 16 == 0
    }
    #[inline]
    fn merge(&self) {
        let w = AtomicU32::load(self, Ordering::Relaxed);
        self.store((w & 0xffff) | (w >> 16), Ordering::Relaxed);
    }
    fn add_reached(&self, region: u32) {
        AtomicU32::fetch_or(self, region, Ordering::Relaxed);
    }
}

impl Regions for AtomicU64 {
    fn zero() -> Self {
        AtomicU64::new(0)
    }
    #[inline]
    fn load(&self) -> (u32, u32) {
        let w = AtomicU64::load(self, Ordering::Relaxed);
        (w as u32, (w >> 32) as u32)
    }
    #[inline]
    fn add_pending(&self, region: u32) -> bool {
        AtomicU64::fetch_or(self, u64::from(region) << 32, Ordering::Relaxed) >> 32 == 0
    }
    #[inline]
    fn merge(&self) {
        let w = AtomicU64::load(self, Ordering::Relaxed);
        self.store((w & 0xffff_ffff) | (w >> 32), Ordering::Relaxed);
    }
    fn add_reached(&self, region: u32) {
        AtomicU64::fetch_or(self, u64::from(region), Ordering::Relaxed);
    }
}

/// The table of one group (see [`AdditivePdb::build_with`]), or the bytes of memory its build
/// needs if they could not be allocated.
fn flood(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    placements: &Placements,
    threads: usize,
    progress: &mut dyn FnMut(u8, usize),
) -> Result<Vec<u8>, usize> {
    if puzzle.cells() <= 16 {
        flood_with::<AtomicU32>(puzzle, tiles, placements, threads, progress)
    } else {
        flood_with::<AtomicU64>(puzzle, tiles, placements, threads, progress)
    }
}

/// The board's geometry as bit masks over cells.
struct Geometry {
    width: usize,
    full: u32,
    /// Cells not in the first column, not in the last column.
    not_first: u32,
    not_last: u32,
    /// `neighbours[c]`: the cells one move from c.
    neighbours: [u32; MAX_CELLS],
}

impl Geometry {
    fn new(puzzle: &SlidingPuzzle) -> Self {
        let (width, cells) = (puzzle.width(), puzzle.cells());
        let full = if cells == 32 {
            u32::MAX
        } else {
            (1u32 << cells) - 1
        };
        let mut first = 0u32;
        let mut last = 0u32;
        let mut neighbours = [0u32; MAX_CELLS];
        for cell in 0..cells {
            let column = cell % width;
            if column == 0 {
                first |= 1 << cell;
            }
            if column == width - 1 {
                last |= 1 << cell;
            }
            let mut near = 0u32;
            if cell >= width {
                near |= 1 << (cell - width);
            }
            if cell + width < cells {
                near |= 1 << (cell + width);
            }
            if column > 0 {
                near |= 1 << (cell - 1);
            }
            if column + 1 < width {
                near |= 1 << (cell + 1);
            }
            neighbours[cell] = near;
        }
        Geometry {
            width,
            full,
            not_first: full & !first,
            not_last: full & !last,
            neighbours,
        }
    }

    /// The cells the blank reaches from `start` through the cells of `free`.
    #[inline]
    fn region(&self, free: u32, start: usize) -> u32 {
        let mut region = 1u32 << start;
        loop {
            let grown = (region
                | ((region & self.not_first) >> 1)
                | ((region & self.not_last) << 1)
                | (region >> self.width)
                | (region << self.width))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

fn flood_with<M: Regions>(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    placements: &Placements,
    threads: usize,
    progress: &mut dyn FnMut(u8, usize),
) -> Result<Vec<u8>, usize> {
    let geometry = Geometry::new(puzzle);
    let count = placements.count();
    let k = tiles.len();
    let words = count.div_ceil(64);
    // Everything the build holds at once; asked for fallibly, all of it before any is
    // written to, so that a machine short of memory gets an error at once, not an abort
    // (nor a long wait to be refused the last piece).
    let needed = count
        .saturating_mul(1 + size_of::<M>())
        .saturating_add(words.saturating_mul(2 * size_of::<AtomicU64>()));
    let mut table: Vec<AtomicU8> = Vec::new();
    let mut regions: Vec<M> = Vec::new();
    let mut layer: Vec<AtomicU64> = Vec::new();
    let mut next: Vec<AtomicU64> = Vec::new();
    (|| {
        table.try_reserve_exact(count).ok()?;
        regions.try_reserve_exact(count).ok()?;
        layer.try_reserve_exact(words).ok()?;
        next.try_reserve_exact(words).ok()
    })()
    .ok_or(needed)?;
    table.resize_with(count, || AtomicU8::new(UNREACHABLE));
    // regions[p]: the blank cells reached with the tiles at placement p (whole regions), in the
    // layers expanded so far and in the layer being built; the second are merged into the
    // first once the layer is complete, so that a layer expands only what is at its depth.
    regions.resize_with(count, M::zero);
    // Placements that gained a region in the layer being expanded, and in the next one.
    layer.resize_with(words, || AtomicU64::new(0));
    next.resize_with(words, || AtomicU64::new(0));

    let mut goal = [0u8; MAX_CELLS];
    for (slot, &tile) in goal.iter_mut().zip(tiles) {
        *slot = puzzle.goal_of(tile) as u8;
    }
    let occupied = goal[..k].iter().fold(0u32, |m, &c| m | 1 << c);
    let start = placements.rank(&goal[..k]);
    let region = geometry.region(geometry.full & !occupied, puzzle.goal_of(0));
    regions[start].add_reached(region);
    table[start].store(0, Ordering::Relaxed);
    layer[start / 64].fetch_or(1 << (start % 64), Ordering::Relaxed);
    let mut filled = 1usize;
    progress(0, filled);

    const CHUNK: usize = 256; // words of a bit map a thread takes at a time
    // Runs `work` on every set bit of `bits` (clearing them), split over the threads.
    let sweep = |bits: &[AtomicU64], work: &(dyn Fn(usize) -> usize + Sync)| -> usize {
        let cursor = AtomicUsize::new(0);
        let total = AtomicUsize::new(0);
        let run = || {
            let mut sum = 0usize;
            loop {
                let first = cursor.fetch_add(CHUNK, Ordering::Relaxed);
                if first >= words {
                    break;
                }
                for w in first..(first + CHUNK).min(words) {
                    let mut set = bits[w].swap(0, Ordering::Relaxed);
                    while set != 0 {
                        sum += work(w * 64 + set.trailing_zeros() as usize);
                        set &= set - 1;
                    }
                }
            }
            total.fetch_add(sum, Ordering::Relaxed);
        };
        // No more threads than pieces of work: a small table is one piece.
        let workers = threads.min(words.div_ceil(CHUNK));
        std::thread::scope(|scope| {
            for _ in 1..workers {
                // A thread the system refuses leaves its share to the others, which take the
                // pieces from one cursor: fewer threads, the same table, and no panic.
                if std::thread::Builder::new()
                    .spawn_scoped(scope, run)
                    .is_err()
                {
                    break;
                }
            }
            run();
        });
        total.load(Ordering::Relaxed)
    };
    let mut depth = 0u8;
    loop {
        let expand = |p: usize| -> usize {
            let mut slots = [0u8; MAX_CELLS];
            placements.unrank(p, &mut slots);
            let occupied = slots[..k].iter().fold(0u32, |m, &c| m | 1 << c);
            let blank = regions[p].load().0;
            let mut gained = 0;
            for i in 0..k {
                let from = usize::from(slots[i]);
                // The blank beside the tile, in a region reached: the tile slides.
                let mut into = geometry.neighbours[from] & blank;
                while into != 0 {
                    let to = into.trailing_zeros() as usize;
                    into &= into - 1;
                    slots[i] = to as u8;
                    let q = placements.rank(&slots[..k]);
                    slots[i] = from as u8;
                    // Now the blank is where the tile was.
                    let (reached, reaching) = regions[q].load();
                    if (reached | reaching) & (1 << from) != 0 {
                        continue;
                    }
                    let free = geometry.full & !(occupied ^ (1 << from) ^ (1 << to));
                    let region = geometry.region(free, from);
                    if regions[q].add_pending(region) {
                        next[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
                        gained += 1;
                    }
                }
            }
            gained
        };
        sweep(&layer, &expand);
        let reached = depth + 1;
        let mut marked: Vec<AtomicU64> = Vec::new();
        std::mem::swap(&mut marked, &mut next);
        // `next` is empty until the merge hands the marks back.
        let merge = |q: usize| -> usize {
            regions[q].merge();
            layer[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
            usize::from(
                table[q]
                    .compare_exchange(UNREACHABLE, reached, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok(),
            )
        };
        let new = sweep(&marked, &merge);
        next = marked; // all zero again
        let any = layer.iter().any(|w| w.load(Ordering::Relaxed) != 0);
        if !any || reached == UNREACHABLE {
            break;
        }
        depth = reached;
        filled += new;
        progress(depth, filled);
    }
    drop(regions);
    drop(layer);
    drop(next);
    // A copy rather than a collect in place, which std does not promise: with the work space
    // gone it stays below the peak, and it is asked for fallibly like the rest.
    let mut entries = Vec::new();
    entries.try_reserve_exact(count).map_err(|_| needed)?;
    entries.extend(table.iter().map(|entry| entry.load(Ordering::Relaxed)));
    Ok(entries)
}

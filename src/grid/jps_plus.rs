//! JPS+: jump point search whose jumps are read from a table built once for a map.
//!
//! For every cell and each of the eight directions the [`JumpTable`] holds how far a jump goes
//! (Rabin, "JPS+: An Extreme A* Speed Optimization for Static Uniform Cost Grids", Game AI Pro
//! 2, 2015, with the rules of movement without corner cutting): a positive distance to the next
//! jump point, or zero or a negative one, minus the free cells before a wall. The goal, which
//! the table cannot know, is found as the search goes: a straight jump whose line holds the goal
//! within reach stops there, and a diagonal jump whose reach covers the goal's row or column
//! stops where it meets it.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::Path;

use super::DIAGONAL;
use super::jump::{BitGrid, DX, DY, Jumper, components, goal_ahead};
use super::sealed::Goals;
use super::{Cell, Grid};

/// The first bytes of a saved [`JumpTable`].
const MAGIC: [u8; 8] = *b"JPSPLUS\0";

/// The version of the file format [`JumpTable::write`] writes and [`JumpTable::read`] reads.
pub const JUMP_TABLE_VERSION: u32 = 1;

/// The bytes of the header: magic, version, width, height, the grid's fingerprint.
const HEADER: usize = 8 + 4 + 4 + 4 + 8;

/// Cells a chunk when reading the distances: memory grows with the bytes read.
const CHUNK_CELLS: usize = 4096;

/// What went wrong making, loading or using a [`JumpTable`].
#[derive(Debug)]
#[non_exhaustive]
pub enum JumpTableError {
    /// The file could not be read or written.
    Io(io::Error),
    /// The file does not start as a jump table does.
    NotATable,
    /// The file is of a format version this crate does not read.
    Version {
        /// The version the file gives.
        found: u32,
        /// The version this crate reads ([`JUMP_TABLE_VERSION`]).
        supported: u32,
    },
    /// The table was made for another map: its size or its fingerprint (a hash of every cell)
    /// differs from the grid's.
    OtherMap {
        /// The width, height and fingerprint the table names.
        table: (u32, u32, u64),
        /// Those of the grid it was given with.
        grid: (u32, u32, u64),
    },
    /// The file ends before the table does.
    Truncated,
    /// The distances do not match their checksum, or one leads off the grid.
    Corrupt,
    /// The grid is too large for a table: more than 32,767 cells a side, or a table that does
    /// not fit in memory.
    TooLarge {
        /// The grid's width.
        width: u32,
        /// The grid's height.
        height: u32,
    },
}

impl fmt::Display for JumpTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpTableError::Io(error) => write!(f, "jump table: {error}"),
            JumpTableError::NotATable => f.write_str("not a jump table file"),
            JumpTableError::Version { found, supported } => write!(
                f,
                "jump table format version {found}, but this version of informed reads version {supported}"
            ),
            JumpTableError::OtherMap { table, grid } => write!(
                f,
                "the jump table is for a {}×{} map with fingerprint {:016x}, not this {}×{} one with fingerprint {:016x}",
                table.0, table.1, table.2, grid.0, grid.1, grid.2
            ),
            JumpTableError::Truncated => f.write_str("the jump table file is truncated"),
            JumpTableError::Corrupt => f.write_str("the jump table file is corrupt"),
            JumpTableError::TooLarge { width, height } => {
                write!(f, "a jump table for a {width}×{height} grid does not fit")
            }
        }
    }
}

impl std::error::Error for JumpTableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JumpTableError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for JumpTableError {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::UnexpectedEof {
            JumpTableError::Truncated
        } else {
            JumpTableError::Io(error)
        }
    }
}

/// FNV-1a, 64 bits, continued from `hash` over `bytes`.
fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The cells of a grid as a table keeps and hashes them: a row after another, each in
/// `width / 64 + 1` words, a bit set for a free cell, the first cell of a word at its highest
/// bit (so that the fingerprint of saved tables stays what it was).
#[derive(Clone, PartialEq, Eq)]
struct Cells {
    width: u32,
    height: u32,
    words: Vec<u64>,
}

impl Cells {
    /// The cells of `grid`.
    fn of(grid: &Grid) -> Cells {
        let (width, height) = (grid.width(), grid.height());
        let mut words = Vec::with_capacity((width as usize / 64 + 1) * height as usize);
        for y in 0..height {
            let mut word = 0u64;
            for x in 0..width {
                word = (word << 1) | u64::from(grid.is_free(Cell::new(x, y)));
                if x % 64 == 63 {
                    words.push(word);
                    word = 0;
                }
            }
            words.push(word);
        }
        Cells {
            width,
            height,
            words,
        }
    }

    /// The word and the bit of `cell`.
    fn bit(&self, cell: Cell) -> (usize, u32) {
        let row = self.width as usize / 64 + 1;
        let in_word = if cell.x / 64 < self.width / 64 {
            64
        } else {
            self.width % 64
        };
        (
            cell.y as usize * row + cell.x as usize / 64,
            in_word - 1 - cell.x % 64,
        )
    }

    fn is_free(&self, cell: Cell) -> bool {
        let (word, bit) = self.bit(cell);
        self.words[word] >> bit & 1 != 0
    }

    fn set_free(&mut self, cell: Cell, free: bool) {
        let (word, bit) = self.bit(cell);
        if free {
            self.words[word] |= 1 << bit;
        } else {
            self.words[word] &= !(1 << bit);
        }
    }

    /// A hash of the size and every cell: what a saved table names its map by.
    fn fingerprint(&self) -> u64 {
        let mut hash = fnv(FNV_START, &self.width.to_le_bytes());
        hash = fnv(hash, &self.height.to_le_bytes());
        for word in &self.words {
            hash = fnv(hash, &word.to_le_bytes());
        }
        hash
    }
}

/// The jump distances of JPS+ for one map: for every cell and direction, 1 byte where every
/// distance of the map fits in one (no jump or wall more than 127 cells away), else 2.
///
/// The eight distances of a cell lie together, so that a jump point's jumps read one cache
/// line; a map of small rooms or many walls takes 8 bytes a cell (a 512 × 512 map, 2 MiB), a
/// map with longer jumps 16. Distances are at most 16-bit, so a table serves grids of up to
/// 32,767 cells a side; JPS ([`JumpPointSearcher::new`](super::JumpPointSearcher::new)) has no
/// such limit.
///
/// Build it once with [`build`](Self::build) (**O(width × height)**; 20 to 40 ms on a
/// 512 × 512 map), or save it with [`write`](Self::write) and load it with
/// [`read`](Self::read), then search with [`JumpPointSearcher::with_table`], which owns it
/// (each thread's searcher owns a clone). When a cell of the map changes,
/// [`update`](Self::update) repairs the table around it, at a small fraction of a build; a
/// searcher holding the table does that itself for the cells its grid reports changed.
///
/// A saved table starts with a versioned header naming its map by size and by a fingerprint
/// of every cell; loading it for another map is [`JumpTableError::OtherMap`].
///
/// [`JumpPointSearcher::with_table`]: super::JumpPointSearcher::with_table
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, JumpTableError, Movement};
///
/// let grid = Grid::from_ascii("........\n..##....\n..##..#.\n........")?;
/// let table = JumpTable::build(&grid)?;
/// let mut file = Vec::new();
/// table.write(&mut file)?;
/// let loaded = JumpTable::read(file.as_slice(), &grid)?;
/// assert_eq!(loaded, table);
///
/// let mut jps = JumpPointSearcher::with_table(&grid, loaded.clone())?;
/// let problem = grid.problem(Cell::new(0, 2), Cell::new(7, 3), Movement::Eight)?;
/// assert_eq!(jps.search(&problem)?.cost(), informed::astar_with(&problem, problem.octile())?.cost());
///
/// let other = Grid::from_ascii("........\n........\n........\n........")?;
/// assert!(matches!(JumpTable::read(file.as_slice(), &other), Err(JumpTableError::OtherMap { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct JumpTable {
    width: u32,
    height: u32,
    /// The cells the distances are for.
    cells: Cells,
    distances: Distances,
    /// How many distances do not fit in a byte: while none does, they are kept in bytes.
    wide: usize,
}

/// The distances of a [`JumpTable`]: `[8 × (y × width + x) + d]`, directions as in `jps` (0
/// east, then clockwise), a byte each where all fit in one.
#[derive(Clone, PartialEq, Eq)]
enum Distances {
    Narrow(Vec<i8>),
    Wide(Vec<i16>),
}

/// Whether a distance does not fit in a byte.
fn is_wide(distance: i16) -> bool {
    i8::try_from(distance).is_err()
}

impl Distances {
    /// The distances in bytes if they all fit, else as they are; and how many do not fit.
    fn new(wide: Vec<i16>) -> (Self, usize) {
        let count = wide.iter().filter(|&&d| is_wide(d)).count();
        if count == 0 {
            (
                Distances::Narrow(wide.into_iter().map(|d| d as i8).collect()),
                0,
            )
        } else {
            (Distances::Wide(wide), count)
        }
    }

    /// Sets distance `i`, moving every distance to two bytes if this one needs them.
    fn set(&mut self, i: usize, value: i16) {
        match self {
            Distances::Narrow(distances) => match i8::try_from(value) {
                Ok(value) => distances[i] = value,
                Err(_) => {
                    let mut wide: Vec<i16> = distances.iter().map(|&d| i16::from(d)).collect();
                    wide[i] = value;
                    *self = Distances::Wide(wide);
                }
            },
            Distances::Wide(distances) => distances[i] = value,
        }
    }

    /// Moves the distances to a byte each (they must all fit).
    fn narrow(&mut self) {
        if let Distances::Wide(wide) = self {
            *self = Distances::Narrow(wide.iter().map(|&d| d as i8).collect());
        }
    }

    fn len(&self) -> usize {
        match self {
            Distances::Narrow(d) => d.len(),
            Distances::Wide(d) => d.len(),
        }
    }

    /// The bytes a distance takes.
    fn width(&self) -> usize {
        match self {
            Distances::Narrow(_) => 1,
            Distances::Wide(_) => 2,
        }
    }

    #[inline]
    fn get(&self, i: usize) -> i16 {
        match self {
            Distances::Narrow(d) => i16::from(d[i]),
            Distances::Wide(d) => d[i],
        }
    }
}

impl fmt::Debug for JumpTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JumpTable")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("fingerprint", &format_args!("{:016x}", self.fingerprint()))
            .finish_non_exhaustive()
    }
}

/// The distance entry of the free cell `(x, y)` in direction `d`, from the cells around it
/// (`blocked`, true off the grid) and the entries of the cell after it (`distance`): what
/// [`JumpTable::build`] and [`JumpTable::update`] both compute, so that they agree.
#[inline(always)]
fn entry(
    blocked: impl Fn(i64, i64) -> bool,
    distance: impl Fn(i64, i64, usize) -> i16,
    x: i64,
    y: i64,
    d: usize,
) -> i16 {
    let (dx, dy) = (DX[d], DY[d]);
    let (nx, ny) = (x + dx, y + dy);
    if d % 2 == 0 {
        let enterable = !blocked(nx, ny);
        let jump_point = enterable
            && [(d + 2) % 8, (d + 6) % 8].into_iter().any(|side| {
                !blocked(nx + DX[side], ny + DY[side]) && blocked(x + DX[side], y + DY[side])
            });
        let next = if enterable { distance(nx, ny, d) } else { 0 };
        extend(enterable, jump_point, next)
    } else {
        // The step of `BitGrid::diagonal_step`: its target and both cells beside it free.
        let enterable = !(blocked(nx, y) || blocked(x, ny) || blocked(nx, ny));
        let (next, jump_point) = if enterable {
            let (horizontal, vertical) = components(d);
            (
                distance(nx, ny, d),
                distance(nx, ny, horizontal) > 0 || distance(nx, ny, vertical) > 0,
            )
        } else {
            (0, false)
        };
        extend(enterable, jump_point, next)
    }
}

/// The distance a jump from a cell goes, given the cell after it: 0 if that one cannot be
/// entered, 1 if it is a jump point, else one more step than from there.
#[inline]
fn extend(enterable: bool, jump_point: bool, next: i16) -> i16 {
    if !enterable {
        0
    } else if jump_point {
        1
    } else if next > 0 {
        next + 1
    } else {
        next - 1
    }
}

impl JumpTable {
    /// The table of `grid`.
    ///
    /// # Errors
    ///
    /// [`JumpTableError::TooLarge`] if the table (16 bytes a cell) does not fit in memory, or a
    /// side of the grid exceeds 32,767 cells.
    ///
    /// # Complexity
    ///
    /// **O(width × height)** time; 8 or 16 bytes a cell (see [`JumpTable`]), and 16 a cell
    /// while it is built.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Grid, JumpTable};
    ///
    /// let table = JumpTable::build(&Grid::new(64, 64))?;
    /// // Every jump of a 64 × 64 map fits in a byte: 8 bytes a cell.
    /// assert_eq!(table.bytes(), 64 * 64 * 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(grid: &Grid) -> Result<JumpTable, JumpTableError> {
        let (width, height) = (grid.width(), grid.height());
        let too_large = || JumpTableError::TooLarge { width, height };
        if i16::try_from(width).is_err() || i16::try_from(height).is_err() {
            return Err(too_large());
        }
        let cells = width as usize * height as usize;
        let entries = cells.checked_mul(8).ok_or_else(too_large)?;
        let mut distances = Vec::new();
        distances
            .try_reserve_exact(entries)
            .map_err(|_| too_large())?;
        distances.resize(entries, 0);
        let bits = BitGrid::new(grid);
        let at = |x: i64, y: i64, d: usize| 8 * (y as usize * width as usize + x as usize) + d;
        // Straight directions first (the diagonals read them), each in the order that visits
        // the cell a jump enters before the cell it leaves.
        for d in [0, 2, 4, 6, 1, 3, 5, 7] {
            let (dx, dy) = (DX[d], DY[d]);
            for row in 0..i64::from(height) {
                let y = if dy > 0 {
                    i64::from(height) - 1 - row
                } else {
                    row
                };
                for column in 0..i64::from(width) {
                    let x = if dx > 0 {
                        i64::from(width) - 1 - column
                    } else {
                        column
                    };
                    if bits.blocked(x, y) {
                        continue;
                    }
                    let value = entry(
                        |x, y| bits.blocked(x, y),
                        |x, y, d| distances[at(x, y, d)],
                        x,
                        y,
                        d,
                    );
                    distances[at(x, y, d)] = value;
                }
            }
        }
        let (distances, wide) = Distances::new(distances);
        Ok(JumpTable {
            width,
            height,
            cells: Cells::of(grid),
            distances,
            wide,
        })
    }

    /// Repairs the table after `cell` of `grid` changed (blocked or freed by
    /// [`Grid::set_free`]): recomputes only the distances the cell can change, along the rows,
    /// columns and diagonals through it and beside it, each as far as its distances change.
    ///
    /// After every changed cell of the grid has been given here, in any order, the table is
    /// the one [`build`](Self::build) makes for the changed grid, byte for byte. A cell the
    /// table already has as the grid has it is no change: nothing is done. A
    /// [`JumpPointSearcher`](super::JumpPointSearcher) holding a table calls this itself for
    /// the cells its grid reports changed ([`Grid::changes_since`]).
    ///
    /// # Arguments
    ///
    /// - `grid`: the grid the table was built for, after the change.
    /// - `cell`: the cell that changed.
    ///
    /// # Errors
    ///
    /// [`JumpTableError::OtherMap`] if `grid` is not of the table's size (the table is left as
    /// it was).
    ///
    /// # Complexity
    ///
    /// **O(L)** for L distances that change, plus a few dozen cells around `cell`: a
    /// straight distance changes back to the previous wall or jump point on its line, a
    /// diagonal one back along its diagonal. Typically a few hundred entries; at worst (a
    /// change that turns every jump of an open map) O(width × height). If a distance comes to
    /// need two bytes, or the last one needing them goes, the table changes width
    /// (**O(width × height)**, once).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpTable};
    ///
    /// let mut grid = Grid::from_ascii("........\n........\n........")?;
    /// let mut table = JumpTable::build(&grid)?;
    /// grid.set_free(Cell::new(4, 1), false);
    /// table.update(&grid, Cell::new(4, 1))?;
    /// assert_eq!(table, JumpTable::build(&grid)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update(&mut self, grid: &Grid, cell: Cell) -> Result<(), JumpTableError> {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(JumpTableError::OtherMap {
                table: (self.width, self.height, self.fingerprint()),
                grid: (grid.width(), grid.height(), Cells::of(grid).fingerprint()),
            });
        }
        if !grid.contains(cell) || self.cells.is_free(cell) == grid.is_free(cell) {
            return Ok(());
        }
        self.cells.set_free(cell, grid.is_free(cell));
        let (cx, cy) = (i64::from(cell.x), i64::from(cell.y));
        // The straight entries that became or stopped being jumps to a jump point: the
        // diagonals entering their cells read that.
        let mut turned = Vec::new();
        for d in [0, 2, 4, 6] {
            let (dx, dy) = (DX[d], DY[d]);
            // The entries whose cell, next cell or the cells beside either are `cell`.
            for (sx, sy) in [(0, 0), (DX[(d + 2) % 8], DY[(d + 2) % 8])]
                .into_iter()
                .chain([(DX[(d + 6) % 8], DY[(d + 6) % 8])])
            {
                for back in [0, 1] {
                    let (x, y) = (cx - sx - back * dx, cy - sy - back * dy);
                    self.walk(grid, x, y, d, &mut turned);
                }
            }
        }
        for d in [1, 3, 5, 7] {
            let (dx, dy) = (DX[d], DY[d]);
            let (horizontal, vertical) = components(d);
            // The entries whose diagonal step `cell` takes part in.
            for (x, y) in [(cx, cy), (cx - dx, cy), (cx, cy - dy), (cx - dx, cy - dy)] {
                self.walk(grid, x, y, d, &mut Vec::new());
            }
            // Those whose next cell's straight entries changed sign.
            for &(x, y, e) in &turned {
                if e == horizontal || e == vertical {
                    self.walk(grid, x - dx, y - dy, d, &mut Vec::new());
                }
            }
        }
        if self.wide == 0 {
            self.distances.narrow();
        }
        Ok(())
    }

    /// Recomputes the entries in direction `d` from `(x, y)` backward along the line, as long
    /// as they change; pushes onto `turned` the straight ones whose sign changed.
    fn walk(
        &mut self,
        grid: &Grid,
        mut x: i64,
        mut y: i64,
        d: usize,
        turned: &mut Vec<(i64, i64, usize)>,
    ) {
        let blocked =
            |x: i64, y: i64| x < 0 || y < 0 || !grid.is_free(Cell::new(x as u32, y as u32));
        let (width, height) = (i64::from(self.width), i64::from(self.height));
        let at = |x: i64, y: i64, d: usize| 8 * (y as usize * width as usize + x as usize) + d;
        while (0..width).contains(&x) && (0..height).contains(&y) {
            let value = if blocked(x, y) {
                0
            } else {
                entry(blocked, |x, y, d| self.distances.get(at(x, y, d)), x, y, d)
            };
            let i = at(x, y, d);
            let old = self.distances.get(i);
            if value == old {
                return;
            }
            self.wide = self.wide + usize::from(is_wide(value)) - usize::from(is_wide(old));
            self.distances.set(i, value);
            if d % 2 == 0 && (value > 0) != (old > 0) {
                turned.push((x, y, d));
            }
            x -= DX[d];
            y -= DY[d];
        }
    }

    /// The bytes the distances take: 1 or 2 a cell and direction (see [`JumpTable`]).
    pub fn bytes(&self) -> usize {
        self.distances.len() * self.distances.width()
    }

    /// The width of the table's map.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height of the table's map.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The fingerprint of the table's map: a hash of its size and every cell, which a saved
    /// table is checked against when loaded.
    ///
    /// # Complexity
    ///
    /// **O(width × height / 64)**: it hashes the cells the table keeps, a bit a cell.
    pub fn fingerprint(&self) -> u64 {
        self.cells.fingerprint()
    }

    /// Refuses a grid other than the table's: one of another size, or whose cells differ from
    /// those the table was built or updated for.
    pub(super) fn check_grid(&self, grid: &Grid) -> Result<(), JumpTableError> {
        let cells = Cells::of(grid);
        if cells != self.cells {
            return Err(JumpTableError::OtherMap {
                table: (self.width, self.height, self.fingerprint()),
                grid: (grid.width(), grid.height(), cells.fingerprint()),
            });
        }
        Ok(())
    }

    /// Writes the table: a header (magic bytes, [`JUMP_TABLE_VERSION`], the map's width,
    /// height and fingerprint), the distances, and their checksum, all little-endian.
    ///
    /// # Errors
    ///
    /// [`JumpTableError::Io`] if `writer` fails.
    pub fn write(&self, mut writer: impl Write) -> Result<(), JumpTableError> {
        let mut header = Vec::with_capacity(HEADER);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&JUMP_TABLE_VERSION.to_le_bytes());
        header.extend_from_slice(&self.width.to_le_bytes());
        header.extend_from_slice(&self.height.to_le_bytes());
        header.extend_from_slice(&self.fingerprint().to_le_bytes());
        writer.write_all(&header)?;
        let mut checksum = FNV_START;
        let mut chunk = Vec::with_capacity(CHUNK_CELLS * 16);
        for first in (0..self.distances.len()).step_by(CHUNK_CELLS * 8) {
            chunk.clear();
            let end = (first + CHUNK_CELLS * 8).min(self.distances.len());
            for i in first..end {
                chunk.extend_from_slice(&self.distances.get(i).to_le_bytes());
            }
            checksum = fnv(checksum, &chunk);
            writer.write_all(&chunk)?;
        }
        writer.write_all(&checksum.to_le_bytes())?;
        writer.flush()?;
        Ok(())
    }

    /// Reads a table written by [`write`](Self::write) for `grid`.
    ///
    /// The header's numbers are compared with the grid before anything is allocated, and the
    /// distances are read in chunks, so memory grows with the bytes read (and never beyond the
    /// table of `grid`): a header promising a huge map costs nothing. The checksum catches a
    /// damaged file, and every jump is checked to end on the grid, so no file makes a search
    /// panic; a file altered on purpose, with its checksum recomputed, can still make JPS+
    /// return wrong paths. Build the table from the grid where the file is not trusted.
    ///
    /// # Errors
    ///
    /// [`JumpTableError::NotATable`], [`JumpTableError::Version`] for a header that is not
    /// this crate's; [`JumpTableError::OtherMap`] for a table of another map;
    /// [`JumpTableError::Truncated`] for a file that ends early; [`JumpTableError::Corrupt`]
    /// if the checksum does not match or a distance leads off the grid;
    /// [`JumpTableError::Io`] if `reader` fails.
    ///
    /// # Complexity
    ///
    /// **O(width × height)**: the fingerprint of `grid`, and the distances.
    pub fn read(mut reader: impl Read, grid: &Grid) -> Result<JumpTable, JumpTableError> {
        let mut header = [0u8; HEADER];
        reader.read_exact(&mut header).map_err(|error| {
            if error.kind() == io::ErrorKind::UnexpectedEof {
                JumpTableError::NotATable
            } else {
                JumpTableError::Io(error)
            }
        })?;
        if header[..8] != MAGIC {
            return Err(JumpTableError::NotATable);
        }
        let word = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().expect("4"));
        let version = word(8);
        if version != JUMP_TABLE_VERSION {
            return Err(JumpTableError::Version {
                found: version,
                supported: JUMP_TABLE_VERSION,
            });
        }
        let (width, height) = (word(12), word(16));
        let print = u64::from_le_bytes(header[20..28].try_into().expect("8"));
        let cells = Cells::of(grid);
        let grid_print = cells.fingerprint();
        if (width, height, print) != (grid.width(), grid.height(), grid_print) {
            return Err(JumpTableError::OtherMap {
                table: (width, height, print),
                grid: (grid.width(), grid.height(), grid_print),
            });
        }
        let entries = grid.width() as usize * grid.height() as usize * 8;
        let mut distances = Vec::new();
        let mut checksum = FNV_START;
        let mut chunk = vec![0u8; CHUNK_CELLS * 16];
        while distances.len() < entries {
            let count = (entries - distances.len()).min(CHUNK_CELLS * 8);
            let bytes = &mut chunk[..count * 2];
            reader.read_exact(bytes)?;
            checksum = fnv(checksum, bytes);
            distances
                .try_reserve(count)
                .map_err(|_| JumpTableError::TooLarge { width, height })?;
            distances.extend(
                bytes
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes(b.try_into().expect("2"))),
            );
        }
        let mut stored = [0u8; 8];
        reader.read_exact(&mut stored)?;
        if u64::from_le_bytes(stored) != checksum {
            return Err(JumpTableError::Corrupt);
        }
        let (distances, wide) = Distances::new(distances);
        let table = JumpTable {
            width,
            height,
            cells,
            distances,
            wide,
        };
        if !table.in_bounds() {
            return Err(JumpTableError::Corrupt);
        }
        Ok(table)
    }

    /// [`write`](Self::write) to a file at `path`.
    ///
    /// # Errors
    ///
    /// [`JumpTableError::Io`] if the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), JumpTableError> {
        let file = std::fs::File::create(path)?;
        self.write(io::BufWriter::new(file))
    }

    /// [`read`](Self::read) from the file at `path`.
    ///
    /// # Errors
    ///
    /// As [`read`](Self::read).
    pub fn load(path: impl AsRef<Path>, grid: &Grid) -> Result<JumpTable, JumpTableError> {
        let file = std::fs::File::open(path).map_err(JumpTableError::Io)?;
        JumpTable::read(io::BufReader::new(file), grid)
    }

    /// Whether every jump, wherever it starts, ends on the grid: what a search relies on to
    /// never index outside it.
    fn in_bounds(&self) -> bool {
        let (width, height) = (i64::from(self.width), i64::from(self.height));
        (0..self.distances.len() / 8).all(|i| {
            let (x, y) = ((i as i64) % width.max(1), (i as i64) / width.max(1));
            (0..8).all(|d| {
                let reach = i64::from(self.distances.get(8 * i + d).unsigned_abs());
                let (tx, ty) = (x + DX[d] * reach, y + DY[d] * reach);
                (0..width).contains(&tx) && (0..height).contains(&ty)
            })
        })
    }

    /// The jumps of this table, read from its bytes or from its 16-bit distances.
    pub(super) fn jumper(&self) -> Jumps<'_> {
        let width = self.width as usize;
        match &self.distances {
            Distances::Narrow(distances) => Jumps::Narrow(TableJumps { distances, width }),
            Distances::Wide(distances) => Jumps::Wide(TableJumps { distances, width }),
        }
    }
}

/// The jumps of a [`JumpTable`], of either width of distance.
pub(super) enum Jumps<'t> {
    Narrow(TableJumps<'t, i8>),
    Wide(TableJumps<'t, i16>),
}

/// The jumps of JPS+: table lookups.
pub(super) struct TableJumps<'t, T> {
    distances: &'t [T],
    width: usize,
}

impl<T: Copy + Into<i16>> TableJumps<'_, T> {
    /// The distance entry of `cell` in direction `d`.
    #[inline(always)]
    fn distance(&self, cell: Cell, d: usize) -> i16 {
        self.distances[8 * (cell.y as usize * self.width + cell.x as usize) + d].into()
    }

    /// A straight jump from `cell` in direction `d` (even): the nearest goal if one lies ahead
    /// on the line within reach, else the jump point the table gives, if any; and its distance.
    #[inline(always)]
    fn straight<G: Goals>(&self, cell: Cell, d: usize, goals: &G) -> Option<(Cell, u32)> {
        let distance = self.distance(cell, d);
        let steps = match goal_ahead(goals, cell, d) {
            Some(along) if along <= i64::from(distance.unsigned_abs()) => along as u32,
            _ if distance > 0 => distance as u32,
            _ => return None,
        };
        Some((step(cell, d, steps), steps))
    }
}

/// The cell `steps` steps from `cell` in direction `d` (on the grid, as the table was checked).
#[inline(always)]
fn step(cell: Cell, d: usize, steps: u32) -> Cell {
    let x = i64::from(cell.x) + DX[d] * i64::from(steps);
    let y = i64::from(cell.y) + DY[d] * i64::from(steps);
    Cell::new(x as u32, y as u32)
}

impl<T: Copy + Into<i16>> Jumper for TableJumps<'_, T> {
    #[inline]
    fn jump<G: Goals, E, F>(&self, cell: Cell, d: usize, goals: &G, mut found: F) -> Result<(), E>
    where
        F: FnMut(Cell, f64, usize) -> Result<(), E>,
    {
        if d % 2 == 0 {
            if let Some((next, steps)) = self.straight(cell, d, goals) {
                found(next, f64::from(steps), d)?;
            }
            return Ok(());
        }
        let (horizontal, vertical) = components(d);
        let (mut at, mut steps) = (cell, 0u32);
        loop {
            let distance = self.distance(at, d);
            // A goal's row or column, met within reach: a jump point there, from which a
            // straight jump reaches the goal.
            let mut met = false;
            for goal in goals.cells() {
                let ax = (i64::from(goal.x) - i64::from(at.x)) * DX[d];
                let ay = (i64::from(goal.y) - i64::from(at.y)) * DY[d];
                let meet = ax.min(ay);
                if ax > 0 && ay > 0 && meet <= i64::from(distance.unsigned_abs()) {
                    let total = steps + meet as u32;
                    found(step(at, d, meet as u32), f64::from(total) * DIAGONAL, d)?;
                    met = true;
                }
            }
            if (met && G::ONE) || distance <= 0 {
                return Ok(());
            }
            at = step(at, d, distance as u32);
            steps += distance as u32;
            let diagonal = f64::from(steps) * DIAGONAL;
            for side in [horizontal, vertical] {
                if let Some((next, straight)) = self.straight(at, side, goals) {
                    found(next, diagonal + f64::from(straight), side)?;
                }
            }
        }
    }
}

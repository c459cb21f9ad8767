//! The file format: save, load (with the checks of a loaded table), and a cache directory.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::build::{BuildOptions, Geometry};
use super::error::PdbFileError;
use super::partition::Partition;
use super::table::{AdditivePdb, Table};
use super::{FORMAT_VERSION, MAGIC};
use crate::checksum::{Checksummed, Reading, Trailer};
use crate::pdb::{Placements, UNREACHABLE};
use crate::puzzle::{MAX_CELLS, SlidingPuzzle};

/// Where [`AdditivePdb::load_or_build`] got its databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Read from the file.
    Loaded,
    /// Built, then saved to the file.
    Built,
}

impl AdditivePdb {
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
                file: crate::puzzle::join(&goal),
                expected: crate::puzzle::join(&wanted),
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
            // Grows with what the file holds, whatever the header says.
            let entries = match input.table(expected)? {
                Reading::Read(entries) => entries,
                Reading::Short { expected, found } => {
                    return Err(PdbFileError::Truncated { expected, found });
                }
            };
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                entries,
            });
        }
        match input.trailer()? {
            Trailer::Sound => {}
            Trailer::Short { found } => {
                return Err(PdbFileError::Truncated { expected: 8, found });
            }
            Trailer::Mismatch { stored, computed } => {
                return Err(PdbFileError::Checksum { stored, computed });
            }
            Trailer::Trailing => return Err(PdbFileError::TrailingData),
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

impl<R: Read> Checksummed<R> {
    /// Fills `buf` or reports the header as cut short.
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbFileError> {
        match self.header_into(buf)? {
            Reading::Read(()) => Ok(()),
            Reading::Short { .. } => Err(ends_in_header()),
        }
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], PdbFileError> {
        match self.header()? {
            Reading::Read(bytes) => Ok(bytes),
            Reading::Short { .. } => Err(ends_in_header()),
        }
    }
}

fn ends_in_header() -> PdbFileError {
    PdbFileError::BadHeader {
        reason: "the file ends inside its header".into(),
    }
}

//! Building the tables: a 0-1 breadth-first search backwards from the goal, over threads.

use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::error::PdbFileError;
use super::partition::Partition;
use super::table::{AdditivePdb, Table};
use crate::pdb::{Placements, UNREACHABLE};
use crate::puzzle::{MAX_CELLS, SlidingPuzzle};

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
pub(super) struct Geometry {
    width: usize,
    pub(super) full: u32,
    /// Cells not in the first column, not in the last column.
    not_first: u32,
    not_last: u32,
    /// `neighbours[c]`: the cells one move from c.
    pub(super) neighbours: [u32; MAX_CELLS],
}

impl Geometry {
    pub(super) fn new(puzzle: &SlidingPuzzle) -> Self {
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
    pub(super) fn region(&self, free: u32, start: usize) -> u32 {
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

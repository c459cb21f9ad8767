//! Pattern databases: exact distances in an abstraction of a state space, stored in a table
//! indexed by rank, as a heuristic for the real space.
//!
//! An *abstraction* maps every state onto a smaller abstract state (a 15-puzzle board onto the
//! cells of seven of its tiles; a stack of pancakes onto the positions of the four smallest) so
//! that every step of the real space is a step of the abstract one, at no higher cost. The exact
//! distance from an abstract state to the nearest abstract goal then never exceeds the real
//! distance: an admissible and consistent heuristic. [`PatternDatabase::build`] computes every
//! such distance once, by a flood backwards from the abstract goals, into one byte per abstract
//! state; a lookup is then a rank and an array index, **O(1)** and no hashing.
//!
//! You describe the abstraction with [`Abstraction`]: how many abstract states there are, a
//! perfect rank (a bijection onto `0..size`) and its inverse, the abstract goals and the
//! abstract predecessors. [`Placements`] ranks the most common kind of abstract state, k distinct
//! items placed in n slots. The sliding-tile puzzle's additive databases are ready-made in
//! [`puzzle::AdditivePdb`](crate::puzzle::AdditivePdb); TopSpin's and the pocket cube's in
//! [`topspin`](crate::topspin) and [`cube`](crate::cube), and the pancake puzzle below is
//! ready-made in [`pancake`](crate::pancake) with the gap heuristic.
//!
//! A database is saved and loaded in a checked file format ([`PatternDatabase::save`],
//! [`PatternDatabase::load`], [`PatternDatabase::load_for`]). [`PdbHeuristic`] borrows its
//! table, so references and clones of it combine with [`Max`](crate::Max); [`DeadEnds`] says
//! what it estimates where no abstract goal can be reached.
//!
//! # Example: the pancake puzzle
//!
//! A stack of 8 pancakes, sizes 0 (smallest) to 7; a step flips the top k ≥ 2 of them. The
//! abstraction keeps where the four smallest pancakes are and forgets which of the others is
//! where.
//!
//! ```
//! use informed::pdb::{Abstraction, PatternDatabase, Placements};
//! use informed::SearchProblem;
//!
//! const N: usize = 8; // pancakes
//! const K: usize = 4; // pancakes the abstraction keeps: 0, 1, 2, 3
//!
//! /// Abstract state: `slot[i]` is where pancake i lies (0 = top).
//! struct SmallestFour(Placements);
//!
//! impl Abstraction for SmallestFour {
//!     type State = [u8; K];
//!     fn size(&self) -> usize { self.0.count() }
//!     fn rank(&self, slots: &[u8; K]) -> usize { self.0.rank(slots) }
//!     fn unrank(&self, rank: usize) -> [u8; K] {
//!         let mut slots = [0; K];
//!         self.0.unrank(rank, &mut slots);
//!         slots
//!     }
//!     fn goals(&self) -> impl IntoIterator<Item = [u8; K]> { [[0, 1, 2, 3]] }
//!     fn predecessors(&self, slots: &[u8; K]) -> impl IntoIterator<Item = ([u8; K], u32)> {
//!         // A flip is its own inverse: predecessors are successors.
//!         (2..=N as u8).map(|k| (slots.map(|s| if s < k { k - 1 - s } else { s }), 1))
//!     }
//! }
//!
//! /// The real puzzle: `stack[i]` is the pancake in slot i.
//! struct Pancakes([u8; N]);
//!
//! impl SearchProblem for Pancakes {
//!     type State = [u8; N];
//!     type Cost = u32;
//!     fn starts(&self) -> impl IntoIterator<Item = [u8; N]> { [self.0] }
//!     fn is_goal(&self, stack: &[u8; N]) -> bool { stack.is_sorted() }
//!     fn successors(&self, stack: &[u8; N]) -> impl IntoIterator<Item = ([u8; N], u32)> {
//!         (2..=N).map(|k| {
//!             let mut next = *stack;
//!             next[..k].reverse();
//!             (next, 1)
//!         })
//!     }
//! }
//!
//! let abstraction = SmallestFour(Placements::new(N, K)?);
//! let db = PatternDatabase::build(&abstraction)?;
//! assert_eq!(db.len(), 8 * 7 * 6 * 5);
//!
//! let project = |stack: &[u8; N]| {
//!     let mut slots = [0u8; K];
//!     for (slot, &pancake) in stack.iter().enumerate() {
//!         if usize::from(pancake) < K {
//!             slots[usize::from(pancake)] = slot as u8;
//!         }
//!     }
//!     abstraction.rank(&slots)
//! };
//! let problem = Pancakes([3, 6, 0, 7, 1, 5, 2, 4]);
//! let with_pdb = informed::astar_with(&problem, db.heuristic(project))?;
//! let blind = informed::bfs(&problem)?;
//! assert_eq!(with_pdb.cost(), blind.steps() as u32);
//! assert!(with_pdb.stats().expanded < blind.stats().expanded);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reference
//!
//! J. C. Culberson and J. Schaeffer, "Pattern databases", *Computational Intelligence* 14(3)
//! (1998), 318–334.

use std::fmt;
use std::io::{self, Read, Write};

use crate::checksum::{Checksummed, Reading, Trailer};
use crate::cost::Cost;
use crate::heuristic::{Heuristic, heuristic_by_reference};

/// The largest abstraction [`PatternDatabase::build`] accepts: 2³² abstract states (4 GiB of
/// table; less on 32-bit targets).
pub const MAX_ENTRIES: usize = (u32::MAX as usize).saturating_add(1);

/// The table value of an abstract state no abstract goal can be reached from.
pub const UNREACHABLE: u8 = u8::MAX;

/// The first bytes of a file [`PatternDatabase::save`] writes.
pub const MAGIC: [u8; 8] = *b"INFRMGPD";

/// The version of the file format [`PatternDatabase::save`] writes.
pub const FORMAT_VERSION: u32 = 1;

/// The ranks of a saved table that [`PatternDatabase::load_for`] checks against the
/// abstraction's steps, spread evenly over the table.
const STEP_SAMPLES: usize = 4096;

/// What a [`PdbHeuristic`] estimates for a state whose abstract state reaches no abstract goal:
/// a *proven dead end*, since every path of the real space maps onto a path of the abstract
/// one, so no real goal can be reached from it either.
///
/// # Example
///
/// ```
/// use informed::pdb::{DeadEnds, PatternDatabase, UNREACHABLE};
///
/// // Rank 2 reaches no goal.
/// let db = PatternDatabase::from_table(vec![0, 1, UNREACHABLE]);
/// let rank = |&state: &usize| state;
/// let zero = db.heuristic(rank);
/// let pruning = db.heuristic(rank).dead_ends(DeadEnds::Infinite);
/// assert_eq!(informed::Heuristic::<usize, f64>::estimate(&zero, &2), 0.0);
/// assert_eq!(informed::Heuristic::<usize, f64>::estimate(&pruning, &2), f64::INFINITY);
/// // Integers have no infinity: the estimate stays 0.
/// assert_eq!(informed::Heuristic::<usize, u32>::estimate(&pruning, &2), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeadEnds {
    /// Estimate 0, the default: admissible with any cost type, and the search finds out for
    /// itself that no goal lies beyond (by expanding what it reaches from there).
    #[default]
    Zero,
    /// Estimate infinity, so that the search prunes the state at once, never storing or
    /// expanding it (see "States with an infinite f" in the guide to choosing an algorithm).
    /// Still admissible: the true distance is infinite too. Needs a cost type with an infinity
    /// (`f32`, `f64`); an integer cost has none, and there the estimate stays 0, as with
    /// [`Zero`](Self::Zero) (the crate's other tables of distances, the landmarks', do the
    /// same).
    Infinite,
}

/// An abstraction of a state space, as [`PatternDatabase::build`] needs it.
///
/// Every step s → t of the real space must map to a path from the abstraction of s to that of
/// t costing at most the real step (usually one abstract step of the same cost, or staying in
/// place), and every real goal to an abstract goal; otherwise the database is not admissible.
pub trait Abstraction {
    /// An abstract state.
    type State;

    /// The number of abstract states: ranks run over `0..size()`.
    fn size(&self) -> usize;

    /// The rank of `state`: a distinct number below [`size`](Self::size) for each abstract state.
    fn rank(&self, state: &Self::State) -> usize;

    /// The abstract state of rank `rank` (the inverse of [`rank`](Self::rank)).
    fn unrank(&self, rank: usize) -> Self::State;

    /// The abstract goals, where the flood starts at distance 0.
    fn goals(&self) -> impl IntoIterator<Item = Self::State>;

    /// The abstract states with a step *into* `state`, with that step's cost (0 to 254).
    fn predecessors(&self, state: &Self::State) -> impl IntoIterator<Item = (Self::State, u32)>;
}

/// Why a pattern database could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdbError {
    /// The abstraction has more states than [`MAX_ENTRIES`].
    TooLarge {
        /// The abstraction's size.
        size: usize,
    },
    /// [`Abstraction::rank`] returned a rank of `size()` or above.
    RankOutOfRange {
        /// The rank.
        rank: usize,
        /// The abstraction's size.
        size: usize,
    },
    /// A step cost of 255 or more: the distances would not fit a byte.
    CostTooLarge {
        /// The cost.
        cost: u32,
    },
    /// An abstract state is 255 or more from the goals (by its shortest path, not merely the
    /// first path the flood found): its distance does not fit a byte.
    DistanceTooLarge {
        /// The rank of the state.
        rank: usize,
    },
    /// Memory for the table or the flood's queue could not be allocated: the abstraction is too
    /// large for this machine (or for the process's memory limit).
    OutOfMemory {
        /// The bytes asked for when the allocation failed.
        bytes: usize,
    },
    /// Bad arguments to [`Placements::new`].
    BadPlacements {
        /// Slots asked for.
        slots: usize,
        /// Items asked for.
        items: usize,
    },
    /// Reading or writing a database file failed.
    Io {
        /// The kind of failure.
        kind: io::ErrorKind,
        /// The message.
        message: String,
    },
    /// The file does not start with [`MAGIC`]: not a saved [`PatternDatabase`].
    BadMagic {
        /// The first bytes of the file.
        found: [u8; 8],
    },
    /// A format version this crate does not read.
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// The file ends before what its header announces (or inside its header or checksum).
    Truncated {
        /// What was being read: "header", "table" or "checksum".
        part: &'static str,
        /// Bytes of it expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The file goes on after its checksum.
    TrailingData,
    /// The checksum does not match the data: the file is corrupt.
    Checksum {
        /// The checksum stored in the file.
        stored: u64,
        /// The checksum of the data read.
        computed: u64,
    },
    /// The file's table is for another abstraction than the one it was loaded for.
    Mismatch {
        /// What the file's table fails: its size, a goal's entry, …
        reason: String,
    },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::TooLarge { size } => write!(
                f,
                "abstraction of {size} states is too large for a pattern database (at most \
                 {MAX_ENTRIES})"
            ),
            PdbError::RankOutOfRange { rank, size } => write!(
                f,
                "abstraction returned rank {rank}, outside 0..{size}: its rank is not perfect"
            ),
            PdbError::CostTooLarge { cost } => write!(
                f,
                "abstract step cost {cost} does not fit a pattern database (at most 254)"
            ),
            PdbError::DistanceTooLarge { rank } => write!(
                f,
                "abstract state of rank {rank} is 255 or more from the goals: distances do not \
                 fit a byte"
            ),
            PdbError::OutOfMemory { bytes } => write!(
                f,
                "could not allocate {bytes} bytes of memory for a pattern database: the \
                 abstraction is too large for the memory available"
            ),
            PdbError::BadPlacements { slots, items } => write!(
                f,
                "cannot place {items} items in {slots} slots: need 1 ≤ items ≤ slots ≤ 64"
            ),
            PdbError::Io { kind, message } => write!(f, "i/o error ({kind:?}): {message}"),
            PdbError::BadMagic { found } => write!(
                f,
                "not a pattern database file: it starts with {found:02x?}, not {MAGIC:02x?} \
                 (\"INFRMGPD\")"
            ),
            PdbError::UnsupportedVersion { found } => write!(
                f,
                "pattern database format version {found} is not supported (this crate reads \
                 version {FORMAT_VERSION})"
            ),
            PdbError::Truncated {
                part,
                expected,
                found,
            } => write!(
                f,
                "pattern database file is truncated: {found} bytes of its {part} where it needs \
                 {expected}"
            ),
            PdbError::TrailingData => {
                f.write_str("pattern database file has data after its checksum")
            }
            PdbError::Checksum { stored, computed } => write!(
                f,
                "pattern database file is corrupt: checksum {computed:#018x} of the data, \
                 {stored:#018x} stored"
            ),
            PdbError::Mismatch { reason } => write!(
                f,
                "pattern database file is not for this abstraction: {reason}"
            ),
        }
    }
}

impl std::error::Error for PdbError {}

impl From<io::Error> for PdbError {
    fn from(error: io::Error) -> Self {
        PdbError::Io {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}

/// Ranks of k distinct items placed in n slots (k-permutations of n): `slots[i]` is where item
/// i is; there are n! / (n − k)! placements, ranked `0..count()` in lexicographic order.
///
/// Rank and unrank take **O(k)** time (a bit mask of the slots taken and a population count).
///
/// # Example
///
/// ```
/// use informed::pdb::Placements;
///
/// let placements = Placements::new(16, 7)?;
/// assert_eq!(placements.count(), 57_657_600);
/// let rank = placements.rank(&[0, 15, 3, 4, 9, 1, 2]);
/// let mut back = [0u8; 7];
/// placements.unrank(rank, &mut back);
/// assert_eq!(back, [0, 15, 3, 4, 9, 1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placements {
    slots: usize,
    /// `weights[i]` = (n − 1 − i)! / (n − k)!: the placements of the items after i.
    weights: Vec<usize>,
    count: usize,
}

impl Placements {
    /// Placements of `items` distinct items in `slots` slots.
    ///
    /// # Errors
    ///
    /// [`PdbError::BadPlacements`] unless 1 ≤ `items` ≤ `slots` ≤ 64;
    /// [`PdbError::TooLarge`] if there are more than [`MAX_ENTRIES`] placements.
    pub fn new(slots: usize, items: usize) -> Result<Self, PdbError> {
        if items == 0 || items > slots || slots > 64 {
            return Err(PdbError::BadPlacements { slots, items });
        }
        let mut weights = vec![1usize; items];
        let mut count = 1u128;
        for i in (0..items).rev() {
            weights[i] = count as usize;
            count *= (slots - i) as u128;
            if count > MAX_ENTRIES as u128 {
                let size = usize::try_from(count).unwrap_or(usize::MAX);
                return Err(PdbError::TooLarge { size });
            }
        }
        let count = count as usize;
        Ok(Placements {
            slots,
            weights,
            count,
        })
    }

    /// The number of placements, n! / (n − k)!.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The number of slots n.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The number of items k.
    pub fn items(&self) -> usize {
        self.weights.len()
    }

    /// The rank of a placement: `slots[i]` is the slot of item i.
    ///
    /// Only the first [`items`](Self::items) entries are read. Slots must be distinct and below
    /// [`slots`](Self::slots) (a placement this type would [`unrank`](Self::unrank)); otherwise
    /// the rank is some number, not necessarily below [`count`](Self::count).
    #[inline]
    pub fn rank(&self, slots: &[u8]) -> usize {
        let mut taken = 0u64;
        let mut rank = 0usize;
        for (&slot, &weight) in slots.iter().zip(&self.weights) {
            let bit = 1u64 << (slot & 63);
            let before = (taken & (bit - 1)).count_ones() as usize;
            rank += (usize::from(slot) - before) * weight;
            taken |= bit;
        }
        rank
    }

    /// Writes the placement of rank `rank` into the first [`items`](Self::items) entries of
    /// `slots`.
    ///
    /// # Panics
    ///
    /// Panics if `slots` is shorter than [`items`](Self::items); a rank of
    /// [`count`](Self::count) or above yields some placement, not an error.
    #[inline]
    pub fn unrank(&self, mut rank: usize, slots: &mut [u8]) {
        let mut free = if self.slots == 64 {
            u64::MAX
        } else {
            (1u64 << self.slots) - 1
        };
        for (slot, &weight) in slots.iter_mut().zip(&self.weights) {
            let mut skip = (rank / weight) as u32;
            rank %= weight;
            let mut bits = free;
            while skip > 0 && bits != 0 {
                bits &= bits - 1;
                skip -= 1;
            }
            let chosen = bits.trailing_zeros().min(63);
            *slot = chosen as u8;
            free &= !(1u64 << chosen);
        }
    }
}

/// Exact abstract distances, one byte per abstract state, indexed by rank.
///
/// Built by [`build`](Self::build); [`distance`](Self::distance) reads one entry and
/// [`heuristic`](Self::heuristic) turns the table and a projection into a
/// [`Heuristic`].
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    table: Vec<u8>,
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("entries", &self.table.len())
            .field("max", &self.max_distance())
            .finish()
    }
}

impl PatternDatabase {
    /// Floods the abstraction backwards from its goals and stores every abstract state's exact
    /// distance to the nearest goal ([`UNREACHABLE`] where there is none).
    ///
    /// Unit and small integer step costs are handled alike by a bucket queue (Dial's variant of
    /// Dijkstra's algorithm; with unit costs it is breadth-first search, and 0-cost steps stay
    /// in their bucket).
    ///
    /// # Arguments
    ///
    /// - `abstraction`: the abstract space; its rank must be perfect and its predecessors those
    ///   of the real space's steps (see [`Abstraction`]).
    ///
    /// # Returns
    ///
    /// The database, with [`size()`](Abstraction::size) entries.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooLarge`] above [`MAX_ENTRIES`] states; [`PdbError::RankOutOfRange`] for a
    /// rank outside `0..size()`; [`PdbError::CostTooLarge`] for a step cost above 254;
    /// [`PdbError::DistanceTooLarge`] for a state whose shortest distance is 255 or more (a
    /// state first reached by a longer path is judged by its shortest);
    /// [`PdbError::OutOfMemory`] if the table or the queue cannot be allocated (memory is
    /// asked for fallibly, so a process short of memory gets this error rather than an
    /// abort).
    ///
    /// # Complexity
    ///
    /// **O(V + E)** time for V abstract states and E abstract steps (each state is expanded
    /// once, plus stale queue entries when costs differ); V bytes of table plus the queue, at
    /// most one entry (8 bytes) per abstract step.
    ///
    /// # Example
    ///
    /// See the [module documentation](self).
    pub fn build<A: Abstraction>(abstraction: &A) -> Result<Self, PdbError> {
        let size = abstraction.size();
        if size > MAX_ENTRIES {
            return Err(PdbError::TooLarge { size });
        }
        let checked = |rank: usize| {
            if rank < size {
                Ok(rank)
            } else {
                Err(PdbError::RankOutOfRange { rank, size })
            }
        };
        // Fallible: near MAX_ENTRIES the table is 4 GiB, and a process that cannot have it
        // must hear so as an error rather than die in the allocator.
        let mut table = Vec::new();
        table
            .try_reserve_exact(size)
            .map_err(|_| PdbError::OutOfMemory { bytes: size })?;
        table.resize(size, UNREACHABLE);
        // buckets[d % 256]: ranks reached at tentative distance d. Step costs are below 255, so
        // the tentative distances pending at any time span fewer than 256 values.
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 256];
        for goal in abstraction.goals() {
            let rank = checked(abstraction.rank(&goal))?;
            table[rank] = 0;
            push(&mut buckets[0], rank)?;
        }
        let mut pending = buckets[0].len();
        let mut distance = 0usize;
        while pending > 0 {
            let slot = distance % 256;
            while let Some(rank) = buckets[slot].pop() {
                pending -= 1;
                if distance >= usize::from(UNREACHABLE) {
                    // Every distance below 255 is final by now: a state queued at 255 or more
                    // that no cheaper path has reached since is truly that far. One first
                    // reached at 255 or more and later by a cheaper path is not.
                    if table[rank] == UNREACHABLE {
                        return Err(PdbError::DistanceTooLarge { rank });
                    }
                    continue;
                }
                if usize::from(table[rank]) != distance {
                    continue; // reached again at a smaller distance
                }
                let state = abstraction.unrank(rank);
                for (before, cost) in abstraction.predecessors(&state) {
                    if cost >= u32::from(UNREACHABLE) {
                        return Err(PdbError::CostTooLarge { cost });
                    }
                    let before = checked(abstraction.rank(&before))?;
                    let reached = distance + cost as usize;
                    if reached < usize::from(table[before]) {
                        table[before] = reached as u8;
                        push(&mut buckets[reached % 256], before)?;
                        pending += 1;
                    } else if table[before] == UNREACHABLE {
                        // 255 or more so far, which a byte cannot hold: queued without a
                        // table entry, and judged when the flood gets there (above).
                        push(&mut buckets[reached % 256], before)?;
                        pending += 1;
                    }
                }
            }
            distance += 1;
        }
        Ok(PatternDatabase { table })
    }

    /// A database from a table of distances indexed by rank ([`UNREACHABLE`] for no path), such
    /// as one saved with [`as_bytes`](Self::as_bytes).
    pub fn from_table(table: Vec<u8>) -> Self {
        PatternDatabase { table }
    }

    /// The number of entries (abstract states).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The distance of the abstract state of rank `rank` to the nearest abstract goal; `None`
    /// if no goal can be reached from it or `rank` is out of range.
    ///
    /// Computes in **O(1)** time.
    #[inline]
    pub fn distance(&self, rank: usize) -> Option<u8> {
        self.table.get(rank).copied().filter(|&d| d != UNREACHABLE)
    }

    /// The largest finite distance in the table (0 for an empty table).
    pub fn max_distance(&self) -> u8 {
        self.table
            .iter()
            .copied()
            .filter(|&d| d != UNREACHABLE)
            .max()
            .unwrap_or(0)
    }

    /// The table: one byte per rank, [`UNREACHABLE`] where there is no path.
    pub fn as_bytes(&self) -> &[u8] {
        &self.table
    }

    /// The heuristic that estimates a state by the distance of its abstract state: `rank`
    /// maps a real state to its abstract state's rank.
    ///
    /// A state whose abstract state cannot reach a goal is estimated 0 ([`DeadEnds::Zero`]):
    /// admissible, and the search finds out the rest; [`PdbHeuristic::dead_ends`] with
    /// [`DeadEnds::Infinite`] prunes such states instead. A rank out of the table's range is
    /// estimated 0 whatever the option (it proves nothing).
    ///
    /// The heuristic borrows the table; `&PdbHeuristic` is a heuristic too, and so is a
    /// clone where the projection `F` is [`Clone`], so several databases combine with
    /// [`Max`](crate::Max) without copying a table.
    pub fn heuristic<F>(&self, rank: F) -> PdbHeuristic<'_, F> {
        PdbHeuristic {
            db: self,
            rank,
            dead_ends: DeadEnds::Zero,
        }
    }

    /// Writes the table to `out`, checksummed, for [`load`](Self::load) to read back.
    ///
    /// # The file format (version 1)
    ///
    /// All numbers little-endian.
    ///
    /// | bytes | field |
    /// |---|---|
    /// | 8 | magic, [`MAGIC`] (`INFRMGPD`) |
    /// | 4 | format version, [`FORMAT_VERSION`] (1) |
    /// | 8 | the number of entries N |
    /// | N | the table, one byte per rank, [`UNREACHABLE`] where no goal is reached |
    /// | 8 | checksum of every byte before it |
    ///
    /// The checksum is the one the sliding puzzle's databases use (see
    /// [`AdditivePdb::save`](crate::puzzle::AdditivePdb::save)).
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if writing fails.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::pdb::PatternDatabase;
    ///
    /// let db = PatternDatabase::from_table(vec![0, 1, 2, 1]);
    /// let mut file = Vec::new();
    /// db.save(&mut file)?;
    /// assert_eq!(file.len(), 8 + 4 + 8 + 4 + 8);
    /// assert_eq!(PatternDatabase::load(&mut file.as_slice())?, db);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save<W: Write>(&self, out: &mut W) -> Result<(), PdbError> {
        let mut out = Checksummed::new(out);
        out.write_all(&MAGIC)?;
        out.write_all(&FORMAT_VERSION.to_le_bytes())?;
        out.write_all(&(self.table.len() as u64).to_le_bytes())?;
        out.write_all(&self.table)?;
        let sum = out.finish();
        out.inner.write_all(&sum.to_le_bytes())?;
        out.inner.flush()?;
        Ok(())
    }

    /// Reads a table that [`save`](Self::save) wrote.
    ///
    /// Memory grows with the bytes actually read, never with the entry count in the header:
    /// a short file claiming billions of entries costs no more than its own length.
    ///
    /// The checksum catches accidents (a file cut short, a flipped bit), not edits: anyone can
    /// recompute it, and an entry raised by hand makes the estimate inadmissible.
    /// [`load_for`](Self::load_for) also checks the table against its abstraction.
    ///
    /// # Errors
    ///
    /// [`PdbError::BadMagic`], [`UnsupportedVersion`](PdbError::UnsupportedVersion) for a
    /// file of another kind or version; [`TooLarge`](PdbError::TooLarge) for an entry count
    /// above [`MAX_ENTRIES`]; [`Truncated`](PdbError::Truncated),
    /// [`TrailingData`](PdbError::TrailingData), [`Checksum`](PdbError::Checksum) for a file
    /// cut short, too long or corrupt; [`Io`](PdbError::Io) if reading fails.
    ///
    /// # Complexity
    ///
    /// **O(N)** time and memory for N entries.
    pub fn load<R: Read>(input: &mut R) -> Result<Self, PdbError> {
        let mut input = Checksummed::new(input);
        let magic: [u8; 8] = header(&mut input)?;
        if magic != MAGIC {
            return Err(PdbError::BadMagic { found: magic });
        }
        let version = u32::from_le_bytes(header(&mut input)?);
        if version != FORMAT_VERSION {
            return Err(PdbError::UnsupportedVersion { found: version });
        }
        let count = u64::from_le_bytes(header(&mut input)?);
        if count > MAX_ENTRIES as u64 {
            return Err(PdbError::TooLarge {
                size: usize::try_from(count).unwrap_or(usize::MAX),
            });
        }
        let table = match input.table(count)? {
            Reading::Read(table) => table,
            Reading::Short { expected, found } => {
                return Err(PdbError::Truncated {
                    part: "table",
                    expected,
                    found,
                });
            }
        };
        match input.trailer()? {
            Trailer::Sound => Ok(PatternDatabase { table }),
            Trailer::Short { found } => Err(PdbError::Truncated {
                part: "checksum",
                expected: 8,
                found,
            }),
            Trailer::Mismatch { stored, computed } => Err(PdbError::Checksum { stored, computed }),
            Trailer::Trailing => Err(PdbError::TrailingData),
        }
    }

    /// As [`load`](Self::load), then checks the table against `abstraction`, at the cost of
    /// the steps of a few thousand states: it has [`size()`](Abstraction::size) entries, every
    /// abstract goal's entry is 0, and for a sample of states spread over the table, no
    /// predecessor's entry exceeds the state's plus the step's cost (and none is
    /// [`UNREACHABLE`] where the state is not), as in every table [`build`](Self::build)
    /// computes (on tables of up to 4,096 entries every state is checked).
    ///
    /// This refuses a table saved for another abstraction, or shuffled or shifted, with near
    /// certainty; a table edited with care can pass. To trust a file fully, rebuild and
    /// compare.
    ///
    /// # Errors
    ///
    /// As for [`load`](Self::load); [`PdbError::Mismatch`] for a table that fails a check
    /// above; as for [`build`](Self::build) if the abstraction ranks a state out of range or
    /// has a step cost above 254.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::pdb::{Abstraction, PatternDatabase, PdbError};
    ///
    /// /// A line of 5 cells, the goal at 0.
    /// struct Line(usize);
    /// impl Abstraction for Line {
    ///     type State = usize;
    ///     fn size(&self) -> usize { self.0 }
    ///     fn rank(&self, &cell: &usize) -> usize { cell }
    ///     fn unrank(&self, rank: usize) -> usize { rank }
    ///     fn goals(&self) -> impl IntoIterator<Item = usize> { [0] }
    ///     fn predecessors(&self, &cell: &usize) -> impl IntoIterator<Item = (usize, u32)> {
    ///         [cell.checked_sub(1), Some(cell + 1).filter(|&c| c < self.0)]
    ///             .into_iter()
    ///             .flatten()
    ///             .map(|c| (c, 1))
    ///     }
    /// }
    ///
    /// let mut file = Vec::new();
    /// PatternDatabase::build(&Line(5))?.save(&mut file)?;
    /// assert!(PatternDatabase::load_for(&Line(5), &mut file.as_slice()).is_ok());
    /// let wrong = PatternDatabase::load_for(&Line(6), &mut file.as_slice());
    /// assert!(matches!(wrong, Err(PdbError::Mismatch { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_for<A: Abstraction, R: Read>(
        abstraction: &A,
        input: &mut R,
    ) -> Result<Self, PdbError> {
        let db = PatternDatabase::load(input)?;
        let table = &db.table;
        let size = abstraction.size();
        let mismatch = |reason: String| Err(PdbError::Mismatch { reason });
        if table.len() != size {
            return mismatch(format!(
                "its table has {} entries, the abstraction {size} states",
                table.len()
            ));
        }
        let checked = |rank: usize| {
            if rank < size {
                Ok(rank)
            } else {
                Err(PdbError::RankOutOfRange { rank, size })
            }
        };
        for goal in abstraction.goals() {
            let rank = checked(abstraction.rank(&goal))?;
            if table[rank] != 0 {
                return mismatch(format!(
                    "the goal of rank {rank} has entry {}, not 0",
                    table[rank]
                ));
            }
        }
        let step = (size / STEP_SAMPLES).max(1);
        for rank in (0..size).step_by(step) {
            let entry = table[rank];
            for (before, cost) in abstraction.predecessors(&abstraction.unrank(rank)) {
                if cost >= u32::from(UNREACHABLE) {
                    return Err(PdbError::CostTooLarge { cost });
                }
                let before = checked(abstraction.rank(&before))?;
                let bound = if entry == UNREACHABLE {
                    u32::MAX
                } else {
                    u32::from(entry) + cost
                };
                let found = table[before];
                let found = if found == UNREACHABLE {
                    u32::MAX
                } else {
                    u32::from(found)
                };
                if found > bound {
                    return mismatch(format!(
                        "rank {before} has entry {} but a step of cost {cost} to rank {rank}, \
                         whose entry is {entry}",
                        table[before]
                    ));
                }
            }
        }
        Ok(db)
    }
}

/// Reads `N` bytes of a header, or reports the file as cut short there.
fn header<R: Read, const N: usize>(input: &mut Checksummed<R>) -> Result<[u8; N], PdbError> {
    match input.header()? {
        Reading::Read(bytes) => Ok(bytes),
        Reading::Short { expected, found } => Err(PdbError::Truncated {
            part: "header",
            expected,
            found,
        }),
    }
}

/// Appends `rank` to one of the flood's queues, growing it fallibly: the queues grow with the
/// abstract steps, and running out of memory must be an error, not an abort.
fn push(queue: &mut Vec<usize>, rank: usize) -> Result<(), PdbError> {
    if queue.len() == queue.capacity() {
        let more = queue.capacity().max(64);
        queue
            .try_reserve_exact(more)
            .map_err(|_| PdbError::OutOfMemory {
                bytes: (queue.capacity() + more).saturating_mul(size_of::<usize>()),
            })?;
    }
    queue.push(rank);
    Ok(())
}

/// A [`PatternDatabase`] read through a projection of real states onto ranks; made by
/// [`PatternDatabase::heuristic`].
///
/// It borrows the table: clones (where the projection is [`Clone`]) and references
/// (`&PdbHeuristic` is a [`Heuristic`] too) share it.
///
/// # Example: the larger of two databases
///
/// ```
/// use informed::Max;
/// use informed::pdb::PatternDatabase;
///
/// // Two tables over the same 4 states, each a lower bound on the distance.
/// let a = PatternDatabase::from_table(vec![0, 1, 1, 2]);
/// let b = PatternDatabase::from_table(vec![0, 0, 2, 3]);
/// let (ha, hb) = (a.heuristic(|&s: &usize| s), b.heuristic(|&s: &usize| s));
/// let both = Max::new(&ha, &hb);
/// assert_eq!(informed::Heuristic::<usize, u32>::estimate(&both, &2), 2);
/// assert_eq!(informed::Heuristic::<usize, u32>::estimate(&both, &1), 1);
/// ```
pub struct PdbHeuristic<'d, F> {
    db: &'d PatternDatabase,
    rank: F,
    dead_ends: DeadEnds,
}

impl<'d, F> PdbHeuristic<'d, F> {
    /// What to estimate for a proven dead end, a state whose abstract state reaches no goal:
    /// [`DeadEnds::Zero`] (the default) or [`DeadEnds::Infinite`] (the search prunes it;
    /// float costs only).
    pub fn dead_ends(mut self, dead_ends: DeadEnds) -> Self {
        self.dead_ends = dead_ends;
        self
    }

    /// The database read.
    pub fn database(&self) -> &'d PatternDatabase {
        self.db
    }
}

impl<F: Clone> Clone for PdbHeuristic<'_, F> {
    fn clone(&self) -> Self {
        PdbHeuristic {
            db: self.db,
            rank: self.rank.clone(),
            dead_ends: self.dead_ends,
        }
    }
}

impl<F: Copy> Copy for PdbHeuristic<'_, F> {}

impl<F> fmt::Debug for PdbHeuristic<'_, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdbHeuristic")
            .field("db", self.db)
            .field("dead_ends", &self.dead_ends)
            .finish_non_exhaustive()
    }
}

impl<S, C: Cost + From<u8>, F: Fn(&S) -> usize> Heuristic<S, C> for PdbHeuristic<'_, F> {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        match self.db.table.get((self.rank)(state)).copied() {
            Some(UNREACHABLE) if self.dead_ends == DeadEnds::Infinite && !C::EXACT => {
                // Infinity for floats; an integer's greatest value is no infinity (g + h
                // would overflow), so integers keep 0, below.
                C::UNREACHED
            }
            Some(UNREACHABLE) | None => C::ZERO,
            Some(distance) => C::from(distance),
        }
    }
}

heuristic_by_reference!(['d, F,] PdbHeuristic<'d, F>);

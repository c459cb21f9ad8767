//! Pattern databases built over the workers of a cluster: the backward flood of
//! [`PatternDatabase::build`], each worker owning the ranks `rank % workers` gives it, one
//! round of the cluster per distance, and the table gathered on worker 0.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use informed::pdb::{Abstraction, MAX_ENTRIES, PatternDatabase, PdbError, UNREACHABLE};
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::cluster::Cluster;
use crate::engine::execute;
use crate::engine::failure::Failure;
use crate::engine::rounds::{Report, Rounds};
use crate::engine::visited::Workers;
use crate::error::DataflowError;

/// Bytes of table a worker sends worker 0 in one round of the gathering.
const GATHER_BYTES: usize = 16 << 20;

/// A rank reached at a tentative distance, as one word: the rank in the low 32 bits (ranks
/// are below [`MAX_ENTRIES`] = 2³²), the distance (at most 254 + 254) above.
#[inline]
fn pack(rank: u64, distance: u64) -> u64 {
    (distance << 32) | rank
}

/// What a worker reports after the distance its round expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PdbProgress {
    /// The distance whose abstract states were just expanded.
    pub distance: u8,
    /// The abstract states set to that distance, over all workers (a state set to a
    /// distance and later to a smaller one counts at both).
    pub states: u64,
    /// The time since every worker had started (the end of the first round).
    pub elapsed: Duration,
    /// The index of the process reporting (each process's first worker reports).
    pub process: usize,
}

/// The callback of [`DistributedPdb::on_distance`].
type OnDistance = Arc<dyn Fn(&PdbProgress) + Send + Sync>;

/// [`PatternDatabase::build`] over the workers of a [`Cluster`]: the same table, byte for byte,
/// with each worker holding the distances of the abstract states it owns (one byte each)
/// and its queues, and the whole table assembled at the end on worker 0 only.
///
/// Worker `w` owns the ranks `r` with `r % workers == w`. Distance by distance (Dial's
/// buckets, as the single-process build; one round of the cluster per distance, more where
/// steps cost 0), each owner expands its states at the distance, sends every predecessor's
/// rank with its tentative distance to the predecessor's owner, and the owner keeps it where
/// it is smaller than what it has.
///
/// # Arguments
///
/// - `make`: builds the abstraction; every worker calls it once, in its own thread and
///   process. Every call must build the same abstraction.
///
/// # Returns
///
/// On the process of worker 0 (process 0), `Some` database, identical to what
/// [`PatternDatabase::build`] makes of the abstraction; `None` on the other processes.
///
/// # Errors
///
/// [`DataflowError::Pdb`] for the errors of [`PatternDatabase::build`] (a size above
/// [`MAX_ENTRIES`], a rank out of range, a step cost above 254, a state 255 or more from the
/// goals, memory that could not be allocated); [`DataflowError::WorkerFailed`] and
/// [`DataflowError::Network`] as for [`LayeredBfs`](crate::LayeredBfs).
///
/// # Complexity
///
/// The work of [`PatternDatabase::build`], **O(V + E)**, split over the workers; E messages
/// of 8 bytes. Each worker holds V / workers bytes of table and its share of the queues (4
/// bytes an entry); worker 0 also holds the whole table, V bytes, for the whole build.
///
/// # Example
///
/// ```
/// use informed::pdb::PatternDatabase;
/// use informed::puzzle::SlidingPuzzle;
/// use informed_dataflow::{Cluster, DistributedPdb, PuzzlePattern};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let pattern = PuzzlePattern::new(&puzzle, &[1, 2, 3, 4])?;
/// let db = DistributedPdb::new(move || pattern.clone())
///     .build(&Cluster::threads(2)?)?
///     .expect("worker 0 is in this process");
/// let single = PatternDatabase::build(&PuzzlePattern::new(&puzzle, &[1, 2, 3, 4])?)?;
/// assert_eq!(db.as_bytes(), single.as_bytes());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DistributedPdb<F> {
    make: F,
    on_distance: Option<OnDistance>,
}

impl<F> fmt::Debug for DistributedPdb<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistributedPdb").finish_non_exhaustive()
    }
}

impl<A, F> DistributedPdb<F>
where
    A: Abstraction + 'static,
    F: Fn() -> A + Send + Sync + 'static,
{
    /// A build of the abstraction `make` builds (see [`DistributedPdb`]).
    pub fn new(make: F) -> Self {
        DistributedPdb {
            make,
            on_distance: None,
        }
    }

    /// Calls `report` after each distance, in each process (by its first worker).
    pub fn on_distance(mut self, report: impl Fn(&PdbProgress) + Send + Sync + 'static) -> Self {
        self.on_distance = Some(Arc::new(report));
        self
    }

    /// Runs the build on `cluster`; every process of the cluster makes the same call.
    ///
    /// # Errors
    ///
    /// See [`DistributedPdb`].
    pub fn build(self, cluster: &Cluster) -> Result<Option<PatternDatabase>, DataflowError> {
        let threads = cluster.threads_per_process();
        let plan = Arc::new(self);
        let mut table = None;
        for outcome in execute(cluster, move |worker, failure| {
            flood(worker, failure, &plan, threads)
        })? {
            if let Some(built) = outcome? {
                table = Some(built);
            }
        }
        Ok(table.map(PatternDatabase::from_table))
    }
}

/// A fault found by a worker, reported to all.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Fault {
    TooLarge { size: u64 },
    RankOutOfRange { rank: u64, size: u64 },
    CostTooLarge { cost: u32 },
    DistanceTooLarge { rank: u64 },
    OutOfMemory { bytes: u64 },
}

impl From<Fault> for PdbError {
    fn from(fault: Fault) -> Self {
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        match fault {
            Fault::TooLarge { size: n } => PdbError::TooLarge { size: size(n) },
            Fault::RankOutOfRange { rank, size: n } => PdbError::RankOutOfRange {
                rank: size(rank),
                size: size(n),
            },
            Fault::CostTooLarge { cost } => PdbError::CostTooLarge { cost },
            Fault::DistanceTooLarge { rank } => PdbError::DistanceTooLarge { rank: size(rank) },
            Fault::OutOfMemory { bytes } => PdbError::OutOfMemory { bytes: size(bytes) },
        }
    }
}

/// The owners' report on a round: how many ranks each got at each tentative distance, and
/// a fault.
#[derive(Clone, Default, Serialize, Deserialize)]
struct FloodReport {
    /// (distance, ranks set to it), a distance at most once.
    set: Vec<(u16, u64)>,
    fault: Option<Fault>,
}

impl FloodReport {
    fn count(&mut self, distance: u16, by: u64) {
        match self.set.iter_mut().find(|(d, _)| *d == distance) {
            Some((_, count)) => *count += by,
            None => self.set.push((distance, by)),
        }
    }
}

impl Report for FloodReport {
    fn merge(&mut self, other: Self) {
        for (distance, count) in other.set {
            self.count(distance, count);
        }
        if self.fault.is_none() {
            self.fault = other.fault;
        }
    }
}

/// Nothing to report: the rounds that gather the table.
#[derive(Clone, Copy, Default, Serialize, Deserialize)]
struct Nothing;

impl Report for Nothing {
    fn merge(&mut self, _: Self) {}
}

/// What one worker owns: its distances, its buckets, and ranks reached only at 255 or more.
struct Owned {
    table: Vec<u8>,
    /// `buckets[d % 256]`: local slots set to tentative distance d.
    buckets: Vec<Vec<u32>>,
    far: Vec<u32>,
}

impl Owned {
    /// Keeps `rank` at tentative distance `reached` if that is less than it has.
    #[inline]
    fn receive(&mut self, workers: Workers, rank: u64, reached: u64, report: &mut FloodReport) {
        let slot = workers.slot(rank) as usize;
        if reached >= u64::from(UNREACHABLE) {
            if self.table[slot] == UNREACHABLE {
                self.far.push(slot as u32);
            }
        } else if reached < u64::from(self.table[slot]) {
            self.table[slot] = reached as u8;
            self.buckets[(reached % 256) as usize].push(slot as u32);
            report.count(reached as u16, 1);
        }
    }
}

/// Tries to allocate `len` copies of `value`.
fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).ok()?;
    vec.resize(len, value);
    Some(vec)
}

/// One worker's part of the flood, in step with the others; worker 0 returns the table.
fn flood<A, F>(
    worker: &mut Worker,
    failure: &Failure,
    plan: &DistributedPdb<F>,
    threads: usize,
) -> Result<Option<Vec<u8>>, DataflowError>
where
    A: Abstraction + 'static,
    F: Fn() -> A,
{
    let (index, workers) = (worker.index() as u64, Workers::new(worker.peers()));
    let abstraction = (plan.make)();
    let size = abstraction.size();
    if size > MAX_ENTRIES {
        // Every worker sees the same size: they all stop here.
        return Err(PdbError::TooLarge { size }.into());
    }
    let size = size as u64;
    let count = workers.count();
    let owned_count = (size / count + u64::from(size % count > index)) as usize;
    let owned = Rc::new(RefCell::new(Owned {
        table: Vec::new(),
        buckets: vec![Vec::new(); 256],
        far: Vec::new(),
    }));
    let mut rounds = {
        let owned = Rc::clone(&owned);
        Rounds::new(
            worker,
            move |_, messages: &mut Vec<u64>, report: &mut FloodReport| {
                let mut owned = owned.borrow_mut();
                for message in messages.drain(..) {
                    owned.receive(workers, message & 0xffff_ffff, message >> 32, report);
                }
            },
        )
    };
    // A fault goes into this worker's own report on the round, which every worker hears.
    let fault = |rounds: &mut Rounds<u64, FloodReport>, fault: Fault| {
        rounds.report_locally(|report| {
            report.fault.get_or_insert(fault);
        });
    };

    // The setup round: memory, and the goals, which every worker ranks and each owner keeps.
    let mut set = vec![0u64; 512];
    let mut whole = None;
    match filled(owned_count, UNREACHABLE) {
        Some(table) => owned.borrow_mut().table = table,
        None => {
            let bytes = owned_count as u64;
            fault(&mut rounds, Fault::OutOfMemory { bytes });
        }
    }
    if index == 0 {
        whole = filled(size as usize, UNREACHABLE);
        if whole.is_none() {
            fault(&mut rounds, Fault::OutOfMemory { bytes: size });
        }
    }
    let mut goals: Vec<u64> = Vec::new();
    for goal in abstraction.goals() {
        let rank = abstraction.rank(&goal) as u64;
        if rank >= size {
            fault(&mut rounds, Fault::RankOutOfRange { rank, size });
            break;
        }
        goals.push(rank);
    }
    goals.sort_unstable();
    goals.dedup();
    set[0] = goals.len() as u64;
    {
        let mut owned = owned.borrow_mut();
        if owned.table.len() == owned_count {
            for &rank in goals
                .iter()
                .filter(|&&rank| workers.owner(rank) == index as usize)
            {
                let slot = workers.slot(rank) as usize;
                owned.table[slot] = 0;
                owned.buckets[0].push(slot as u32);
            }
        }
    }
    if let Some(fault) = rounds.finish(worker, failure).fault {
        return Err(PdbError::from(fault).into());
    }
    // Every worker has started once the setup round ends.
    let started = Instant::now();

    let report = |distance: u64, states: u64| {
        if let (true, Some(on_distance)) = (index as usize % threads == 0, &plan.on_distance) {
            on_distance(&PdbProgress {
                distance: distance as u8,
                states,
                elapsed: started.elapsed(),
                process: index as usize / threads,
            });
        }
    };
    for distance in 0..u64::from(UNREACHABLE) {
        if set[distance as usize] == 0 {
            if set[distance as usize..].iter().all(|&count| count == 0) {
                break;
            }
            continue;
        }
        // Rounds at this distance until none sets a state to it (steps of cost 0).
        loop {
            let work = std::mem::take(&mut owned.borrow_mut().buckets[(distance % 256) as usize]);
            let mut mine = FloodReport::default();
            'expand: for &slot in &work {
                if u64::from(owned.borrow().table[slot as usize]) != distance {
                    continue; // reached again at a smaller distance
                }
                let rank = u64::from(slot) * count + index;
                let state = abstraction.unrank(rank as usize);
                for (before, cost) in abstraction.predecessors(&state) {
                    if cost >= u32::from(UNREACHABLE) {
                        fault(&mut rounds, Fault::CostTooLarge { cost });
                        break 'expand;
                    }
                    let before = abstraction.rank(&before) as u64;
                    if before >= size {
                        let rank = before;
                        fault(&mut rounds, Fault::RankOutOfRange { rank, size });
                        break 'expand;
                    }
                    let reached = distance + u64::from(cost);
                    let owner = workers.owner(before);
                    if owner == index as usize {
                        owned
                            .borrow_mut()
                            .receive(workers, before, reached, &mut mine);
                    } else {
                        rounds.send(worker, owner, pack(before, reached));
                    }
                }
            }
            drop(work);
            rounds.report_locally(|report| report.merge(mine));
            let round = rounds.finish(worker, failure);
            if let Some(fault) = round.fault {
                return Err(PdbError::from(fault).into());
            }
            let mut again = 0;
            for (reached, count) in round.set {
                set[usize::from(reached)] += count;
                if u64::from(reached) == distance {
                    again = count;
                }
            }
            if again == 0 {
                break;
            }
        }
        report(distance, set[distance as usize]);
    }

    // States reached only at 255 or more, if no smaller distance reached them since. Every
    // worker takes part in the check, whether or not it has such states.
    let mut owned_ref = owned.borrow_mut();
    let too_far = owned_ref
        .far
        .iter()
        .find(|&&slot| owned_ref.table[slot as usize] == UNREACHABLE)
        .map(|&slot| u64::from(slot) * count + index);
    owned_ref.far = Vec::new();
    drop(owned_ref);
    if let Some(rank) = too_far {
        fault(&mut rounds, Fault::DistanceTooLarge { rank });
    }
    if let Some(fault) = rounds.finish(worker, failure).fault {
        return Err(PdbError::from(fault).into());
    }
    drop(rounds);

    // The table, gathered on worker 0 in pieces of a bounded size a round.
    let whole = Rc::new(RefCell::new(whole));
    let mut gather = {
        let whole = Rc::clone(&whole);
        Rounds::new(
            worker,
            move |_, pieces: &mut Vec<(u64, u64, Vec<u8>)>, _: &mut Nothing| {
                let mut whole = whole.borrow_mut();
                let Some(whole) = whole.as_mut() else { return };
                for (from, offset, bytes) in pieces.drain(..) {
                    for (i, byte) in bytes.into_iter().enumerate() {
                        whole[((offset + i as u64) * count + from) as usize] = byte;
                    }
                }
            },
        )
    };
    let most_owned = size.div_ceil(count) as usize;
    let table = std::mem::take(&mut owned.borrow_mut().table);
    for start in (0..most_owned.max(1)).step_by(GATHER_BYTES) {
        if start < table.len() {
            let end = (start + GATHER_BYTES).min(table.len());
            gather.send(worker, 0, (index, start as u64, table[start..end].to_vec()));
        }
        gather.finish(worker, failure);
    }
    drop(gather);
    let whole = whole.borrow_mut().take();
    Ok(whole)
}

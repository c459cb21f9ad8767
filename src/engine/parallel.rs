//! Parallel IDA* on the in-place engine (the `rayon` feature), behind
//! [`par_idastar_in_place`](crate::par_idastar_in_place): each iteration's tree split at a
//! shallow depth into subtrees that the threads of rayon's pool search at once, and the last of
//! an iteration's work shared out by stealing on the tree, so that no thread idles while
//! another still has nodes to expand.
//!
//! An iteration (one bound) runs in three phases:
//!
//! 1. **Split**, on the calling thread: a [`Walker`] that
//!    [hands over](Walker::splitting) every node it enters at the split depth instead of
//!    expanding it sweeps the starts within the bound. It expands what sequential IDA* expands
//!    above that depth, with the same checks and counts, and lists the subtrees below it (the
//!    moves from a start to each subtree's root) in depth-first order. The split depth is
//!    chosen afresh each iteration: from 1, deepened (the split made again, its counts
//!    dropped) while there are fewer than [`SUBTREES_PER_THREAD`] subtrees a thread.
//! 2. **Search**, on the pool: one worker a thread, each with one walker (one mutable state)
//!    that it reuses, takes the next subtree in depth-first order, puts the path from the start
//!    back as it was ([`Walker::probe_subtree`]: the state at the split point is a copy of the
//!    start with the prefix's moves applied), and searches it within the same bound. A thread
//!    that finishes a small subtree takes the next.
//! 3. **Stealing**, once no subtree is left: a worker with nothing to search counts itself
//!    hungry and sleeps until it is given work. Every [`SHARE_INTERVAL`] expansions, each
//!    searching worker reads whether a worker is hungry with no piece queued for it; if one
//!    is, it [gives away](Walker::sharing) the untried moves of the shallowest node of its
//!    path that has any (a [`Piece`]: the moves from the start to that node, and the node's
//!    moves it had not tried), the largest piece of what it has left, and never tries them
//!    itself. The hungry worker puts that path back ([`Walker::probe_piece`]) and tries the
//!    moves as the giver would have, giving pieces of its own away in turn when asked. The
//!    iteration ends when every worker is hungry and no piece is left. A worker that nobody
//!    asks pays a countdown an expansion and one read of a shared counter every
//!    [`SHARE_INTERVAL`] expansions; the sequential searches never share (their loop without
//!    limits is compiled without either).
//!
//! Every subtree and piece has a key, its place in depth-first order ([`Key`]): subtree `i` is
//! `[i]`, and the `n`-th piece (from 0) given away by the worker that searches the piece keyed
//! `k` is `k` followed by `usize::MAX - n`. Keys compare lexicographically: a piece given away
//! comes after all that its giver keeps (the nodes below the giver's path, which depth-first
//! order reaches first), after the pieces its giver gives later (from deeper levels of the same
//! path, so before it in depth-first order), and before every key after `k`. Hungry workers
//! take the least key first.
//!
//! The outcome is the one sequential IDA* reaches, in its order: the subtrees and pieces are
//! ordered by their keys, and the first that found a goal or failed (a bad step cost or
//! estimate, the path cap) decides, after the split's own goal or error, which comes after
//! every subtree it listed. So that the first is known, a piece that ends that way stops those
//! after it (each walker asks its cancel callback every [`SHARE_INTERVAL`] expansions, or
//! before every one under an expansion cap; the keys are compared only when the least deciding
//! key has changed), and those before it run to their
//! end, with every piece given away from them (a piece is dropped unsearched only when one
//! before it has decided). The path returned is therefore the path sequential IDA* returns,
//! whatever the number of threads and however the work was shared. A limit that ends the
//! search (the expansion cap, the deadline) stops every piece.
//!
//! The expansion cap is shared: each worker claims expansions from one pool in runs of up to
//! [`CLAIM`], and never more than a share of what is left (half of it over the workers), so
//! that the last of it is claimed one by one (the split phase spends from it first); a worker
//! gives back what it did not use, and the worker that finds the pool empty stops the search.
//! Without a cap, a worker asks its limits and its cancel callback only every
//! [`SHARE_INTERVAL`] expansions, and searches below its piece with the lean loop of the
//! sequential search (the fast one where it applies), which asks nothing; with one, the claims
//! being counted expansion by expansion, it runs the loop that asks before every expansion,
//! and reads the deadline every [`POLL_INTERVAL`](crate::engine::depth_first::POLL_INTERVAL).
//!
//! The counts are the sums of the split's and the workers' (`expanded`, `generated`,
//! `pruned`), the largest of theirs (`stored`: the longest path held, prefix included;
//! `max_open`: the most moves waiting on one walker's stack), and the iterations counted here.
//! A piece's node was expanded, and its moves counted as generated, by the worker that gave the
//! piece away; the worker that takes it counts what it tries (a move refused as pruned) and
//! expands, so that every iteration but the last expands and generates exactly what sequential
//! IDA* does. The last one may count more: the split phase has expanded every node above the
//! split depth within the bound, and the pieces after the goal's may have been searched in part
//! before the goal was found.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::engine::control::{Control, Setup};
use crate::engine::depth_first::{Bound, Probe, Sweeps, cut_in_sweep, deepen};
use crate::engine::in_place::{Answers, Frontier, Piece, SHARE_INTERVAL, Share, Walker, answers};
use crate::engine::options::Options;
use crate::error::{Limit, SearchError};
use crate::heuristic::IncrementalHeuristic;
use crate::in_place::{InPlace, InPlaceProblem};
use crate::observer::{Event, NoObserver, Observer};
use crate::progress::{Partial, Stats};
use crate::solution::Solution;

/// How many subtrees a thread an iteration is split into, at least (where the tree within the
/// bound is that wide): enough that the threads seldom need to take work from each other.
pub(crate) const SUBTREES_PER_THREAD: usize = 64;

/// The deepest split: beyond it an iteration is split into however many subtrees there are.
const MAX_SPLIT_DEPTH: usize = 48;

/// The most expansions a worker claims from the shared cap at once.
pub(crate) const CLAIM: u64 = 4096;

type State<P> = <P as InPlaceProblem>::State;
type CostOf<P> = <P as InPlaceProblem>::Cost;
type Failure<P> = SearchError<State<P>, CostOf<P>>;
type Outcome<P> = Result<Solution<State<P>, CostOf<P>>, Failure<P>>;
/// The path a search held when a limit stopped it, if it held one.
type Best<P> = Option<Partial<State<P>, CostOf<P>>>;

/// The place of a piece of an iteration in depth-first order, compared lexicographically (a
/// key before every key it is a prefix of). Subtree `i` of the split is `[i]`. The `n`-th
/// piece (from 0) a worker gives away while it searches the piece keyed `k` is keyed `k` then
/// `usize::MAX - n`: after `k` (what the worker keeps comes before what it gives away), after
/// every piece given away after it (each lies deeper on the worker's path, so comes before it),
/// and before every key after `k` that `k` is not a prefix of.
type Key = Vec<usize>;

/// How the search of one subtree ended.
enum End<P: InPlaceProblem> {
    /// A goal: the path from the start.
    Found(Vec<State<P>>, CostOf<P>),
    /// The bound cut nodes off, the least f among them.
    Cut(Option<CostOf<P>>),
    /// Nothing found, nothing cut off.
    Exhausted,
    /// An error of the problem or heuristic, or a limit of this subtree's own.
    Failed(Failure<P>),
    /// Stopped from outside: by a subtree before it that decided, or by the search's end.
    Stopped,
}

/// What one worker searches: a subtree of the split, or a piece another worker gave away.
enum Unit<M> {
    /// Subtree `i` of the frontier.
    Subtree(usize),
    /// A piece, its key and the index of its start.
    Piece(Key, usize, Piece<M>),
}

/// The pieces given away and not yet taken, and who could still give some.
struct Queue<M> {
    /// Each with its key and the index of its start.
    pieces: Vec<(Key, usize, Piece<M>)>,
    /// How many workers are searching (rather than waiting for a piece, or done): while one
    /// is, a piece may still come.
    busy: usize,
}

/// How an iteration's work is shared out: the defaults, or settings that make the tests
/// share work on small trees.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// At least this many subtrees a thread (see [`SUBTREES_PER_THREAD`]).
    subtrees_per_thread: usize,
    /// Each worker asks whether another waits for work every this many expansions.
    share_every: u32,
    /// Give work away whenever asked, whether or not a worker waits for it.
    eager: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            subtrees_per_thread: SUBTREES_PER_THREAD,
            share_every: SHARE_INTERVAL,
            eager: false,
        }
    }
}

/// What every worker of one iteration shares.
struct Job<'a, P: InPlaceProblem, H> {
    problem: &'a InPlace<P>,
    heuristic: &'a H,
    options: Options<CostOf<P>>,
    answers: Answers<CostOf<P>>,
    starts: &'a [State<P>],
    frontier: &'a Frontier<P::Move>,
    bound: Bound<CostOf<P>>,
    tuning: Tuning,
    /// The next subtree to take.
    next: AtomicUsize,
    /// The least key known to decide the outcome; the empty key stops everything.
    first: Mutex<Option<Key>>,
    /// How many times `first` has changed: read by every worker whenever it asks its cancel
    /// callback, so that keys are compared only after a change.
    changes: AtomicUsize,
    /// The pieces given away.
    queue: Mutex<Queue<P::Move>>,
    /// Wakes the workers that wait for a piece.
    wake: Condvar,
    /// How many workers wait for a piece.
    hungry: AtomicUsize,
    /// How many pieces the queue holds.
    queued: AtomicUsize,
    /// How many pieces were given away.
    given: AtomicUsize,
    /// The expansions left under the cap, if there is one.
    pool: Option<AtomicU64>,
    /// Twice the number of workers: a worker claims at most this fraction of what is left.
    claimants: u64,
    /// The path held by the worker that found `pool` empty, once one did.
    capped: Mutex<Option<Best<P>>>,
    /// Each worker's counts and the ends of the subtrees and pieces it searched.
    ends: Mutex<Vec<(Key, End<P>)>>,
    stats: Mutex<Vec<Stats>>,
}

/// The value behind a mutex, whether or not a thread panicked while holding it (every
/// structure here is left whole between two statements).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl<P: InPlaceProblem, H> Job<'_, P, H> {
    /// Records that the piece keyed `key` decides the outcome, unless one before it does.
    fn decide(&self, key: &[usize]) {
        let mut first = lock(&self.first);
        if first.as_ref().is_none_or(|first| key < first.as_slice()) {
            *first = Some(key.to_vec());
            self.changes.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Stops every piece.
    fn halt(&self) {
        self.decide(&[]);
    }

    /// Whether the piece keyed `key` is not needed: one before it decides.
    fn after_first(&self, key: &[usize]) -> bool {
        self.changes.load(Ordering::Relaxed) != 0
            && lock(&self.first)
                .as_ref()
                .is_some_and(|first| first.as_slice() < key)
    }

    /// The next piece of work for a worker that has finished its last: the next subtree of
    /// the split while one is left and needed, then the first needed piece given away,
    /// waiting for one while another worker searches. `None` once nothing is left.
    fn next_unit(&self) -> Option<Unit<P::Move>> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        if i < self.frontier.len() && !self.after_first(&[i]) {
            return Some(Unit::Subtree(i));
        }
        let mut queue = lock(&self.queue);
        // (Saturating: a worker that panicked has set it to 0, see `Unwind`.)
        queue.busy = queue.busy.saturating_sub(1);
        loop {
            let first = lock(&self.first).clone();
            queue
                .pieces
                .retain(|(key, ..)| first.as_ref().is_none_or(|first| first >= key));
            // The first in depth-first order: its goal, if it has one, is the one that counts.
            let least =
                (0..queue.pieces.len()).min_by(|&a, &b| queue.pieces[a].0.cmp(&queue.pieces[b].0));
            if let Some(at) = least {
                let (key, start, piece) = queue.pieces.swap_remove(at);
                self.queued.store(queue.pieces.len(), Ordering::Relaxed);
                queue.busy += 1;
                return Some(Unit::Piece(key, start, piece));
            }
            self.queued.store(0, Ordering::Relaxed);
            if queue.busy == 0 {
                drop(queue);
                self.wake.notify_all();
                return None;
            }
            self.hungry.fetch_add(1, Ordering::Relaxed);
            queue = self.wake.wait(queue).unwrap_or_else(|e| e.into_inner());
            self.hungry.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// Ends the iteration if the worker holding it panics (in the problem's or the heuristic's
/// code): the others stop, and those that wait for a piece stop waiting, so that the panic
/// reaches the caller rather than leave them waiting for it.
struct Unwind<'j, 'a, P: InPlaceProblem, H>(&'j Job<'a, P, H>);

impl<P: InPlaceProblem, H> Drop for Unwind<'_, '_, P, H> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let job = self.0;
            job.halt();
            lock(&job.queue).busy = 0;
            job.wake.notify_all();
        }
    }
}

/// What one worker keeps of the piece it searches, read by its cancel callback and by its
/// walker when it gives work away.
struct Worker<'j, 'a, P: InPlaceProblem, H> {
    job: &'j Job<'a, P, H>,
    /// The key of the piece being searched.
    key: RefCell<Key>,
    /// The index of its start.
    start: Cell<usize>,
    /// How many pieces of it were given away.
    given: Cell<usize>,
    /// `job.changes` when the key was last compared with the first.
    seen: Cell<usize>,
    /// Whether the piece is not needed (a piece before it decided).
    stopped: Cell<bool>,
    /// The expansions claimed from the cap and not yet spent.
    left: Cell<u64>,
    /// Whether this worker found the cap spent.
    spent: Cell<bool>,
}

impl<P: InPlaceProblem, H> Worker<'_, '_, P, H> {
    /// Begins the piece keyed `key`, from start `start`.
    fn begin(&self, key: Key, start: usize) {
        *self.key.borrow_mut() = key;
        self.start.set(start);
        self.given.set(0);
        self.seen.set(usize::MAX);
        self.stopped.set(false);
    }

    /// The cancel callback of the worker's walker: whether to stop before the next expansion,
    /// because a piece before this one decided, or the cap is spent.
    fn stop(&self) -> bool {
        let job = self.job;
        let changes = job.changes.load(Ordering::Relaxed);
        if changes != self.seen.get() {
            self.seen.set(changes);
            self.stopped.set(job.after_first(&self.key.borrow()));
        }
        if self.stopped.get() {
            return true;
        }
        if let Some(pool) = &job.pool {
            if self.left.get() == 0 {
                // A share of what is left (so that no thread holds much of the last of it
                // while another finds the pool empty), at most `CLAIM`, at least one.
                let share = |n: u64| (n / job.claimants).clamp(1, CLAIM).min(n);
                let claimed = pool
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                        (n > 0).then(|| n - share(n))
                    })
                    .map_or(0, share);
                if claimed == 0 {
                    self.spent.set(true);
                    job.halt();
                    return true;
                }
                self.left.set(claimed);
            }
            self.left.set(self.left.get() - 1);
        }
        false
    }
}

impl<P: InPlaceProblem, H> Share<P::Move> for Worker<'_, '_, P, H> {
    fn wanted(&self) -> bool {
        let job = self.job;
        job.tuning.eager || job.hungry.load(Ordering::Relaxed) > job.queued.load(Ordering::Relaxed)
    }

    fn give(&self, piece: Piece<P::Move>) {
        let job = self.job;
        let mut key = self.key.borrow().clone();
        key.push(usize::MAX - self.given.get());
        self.given.set(self.given.get() + 1);
        let mut queue = lock(&job.queue);
        queue.pieces.push((key, self.start.get(), piece));
        job.queued.store(queue.pieces.len(), Ordering::Relaxed);
        drop(queue);
        job.given.fetch_add(1, Ordering::Relaxed);
        job.wake.notify_one();
    }
}

/// Parallel IDA*, as a [`Sweeps`] for the shared deepening loop: each sweep splits the tree
/// and searches the subtrees on the pool.
pub(crate) struct Split<'a, P: InPlaceProblem, H, O> {
    problem: &'a InPlace<P>,
    heuristic: H,
    observer: O,
    options: Options<CostOf<P>>,
    answers: Answers<CostOf<P>>,
    tuning: Tuning,
    /// The counts of every iteration so far.
    total: Stats,
    /// How many pieces the workers gave away, over every iteration so far (read by the
    /// tests, which check that they do).
    #[cfg_attr(not(test), allow(dead_code))]
    given: usize,
    /// The solution, once a sweep found it.
    found: Option<Solution<State<P>, CostOf<P>>>,
}

impl<'a, P, H, O> Split<'a, P, H, O>
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
    O: Observer<P::State, P::Cost>,
{
    /// Parallel IDA* of a search whose options are checked, and whose cancel callback was
    /// refused (the threads could not share it).
    pub(crate) fn new(setup: Setup<'a, InPlace<P>, O>, heuristic: H) -> Self {
        Self::tuned(setup, heuristic, Tuning::default())
    }

    /// [`new`](Self::new), with the work shared out as `tuning` says.
    pub(crate) fn tuned(setup: Setup<'a, InPlace<P>, O>, heuristic: H, tuning: Tuning) -> Self {
        let Setup {
            problem,
            options,
            observer,
            ..
        } = setup;
        let answers = answers(problem.get());
        Split {
            problem,
            heuristic,
            observer,
            options,
            answers,
            tuning,
            total: Stats::default(),
            given: 0,
            found: None,
        }
    }

    /// A walker of this search with `options`, observed by no one.
    fn walker<'w>(&'w self, options: Options<CostOf<P>>) -> Walker<'w, P, &'w H, NoObserver> {
        Walker::with_answers(
            Setup {
                problem: self.problem,
                options,
                control: Control::new(&options, None),
                observer: NoObserver,
            },
            &self.heuristic,
            self.answers,
        )
    }

    /// Runs parallel IDA* to its end.
    pub(crate) fn run(mut self) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.get().starts().into_iter().collect();
        let first = self.walker(self.options).least_start_estimate()?;
        match first {
            None => deepen(&mut self, &starts, Bound::Depth(0), |_, _| None),
            Some(first) => deepen(&mut self, &starts, Bound::Cost(first), |_, least| {
                least.map(Bound::Cost)
            }),
        }
    }

    /// The options of the split phase: the expansions left under the cap.
    fn options_left(&self) -> Options<CostOf<P>> {
        let mut options = self.options;
        options.max_expansions = options
            .max_expansions
            .map(|limit| limit.saturating_sub(self.total.expanded));
        options
    }

    /// An error of this search, with its counts so far and the cap as it was set.
    fn failure(&self, error: Failure<P>) -> Failure<P> {
        let error = error.with_stats(self.total);
        match (error, self.options.max_expansions) {
            (
                SearchError::LimitReached {
                    limit: Limit::Expansions(_),
                    stats,
                    best,
                },
                Some(cap),
            ) => SearchError::LimitReached {
                limit: Limit::Expansions(cap),
                stats,
                best,
            },
            (error, _) => error,
        }
    }

    /// Adds the counts of one phase to the search's.
    fn add(&mut self, stats: Stats) {
        let total = &mut self.total;
        total.expanded += stats.expanded;
        total.generated += stats.generated;
        total.pruned += stats.pruned;
        total.stored = total.stored.max(stats.stored);
        total.max_open = total.max_open.max(stats.max_open);
    }

    /// One iteration within `bound`: split, then search the subtrees on the pool.
    fn split_and_search(
        &mut self,
        starts: &[P::State],
        bound: Bound<CostOf<P>>,
    ) -> Result<Probe<CostOf<P>>, Failure<P>> {
        let threads = rayon::current_num_threads().max(1);
        let wanted = threads.saturating_mul(self.tuning.subtrees_per_thread);
        // The split phase: made again one level deeper (and its counts dropped) while it lists
        // too few subtrees. From depth 1 each iteration: the first iterations' trees, thin
        // (few nodes have f within the first bounds), would otherwise leave the split too deep
        // for the later ones, whose split phase would then do their work on one thread.
        let mut depth = 1;
        let (split_stats, split_end, frontier) = loop {
            let mut walker = self.walker(self.options_left()).splitting(depth);
            let end: End<P> = match walker.sweep::<false>(starts, bound) {
                Ok(Probe::Found) => match walker.solution() {
                    Ok(solution) => {
                        let (path, cost, _) = solution.into_parts();
                        End::Found(path, cost)
                    }
                    Err(error) => End::Failed(error),
                },
                Ok(Probe::CutOff(least)) => End::Cut(least),
                Ok(Probe::Exhausted) => End::Exhausted,
                Err(error) => End::Failed(error),
            };
            let stats = walker.stats();
            let frontier = walker.into_frontier();
            let deeper = matches!(end, End::Cut(_) | End::Exhausted)
                && (1..wanted).contains(&frontier.len())
                && depth < MAX_SPLIT_DEPTH;
            if !deeper {
                break (stats, end, frontier);
            }
            depth += 1;
        };
        self.add(split_stats);
        let (mut ends, halted, mut capped) = if frontier.len() == 0 {
            (Vec::new(), false, None)
        } else {
            self.search_subtrees(starts, &frontier, bound, threads)
        };
        // The outcome, in the order of the sequential search: the subtrees and pieces by their
        // keys, then what the split phase found after listing them. Every piece before the
        // first that decided ran to its end (none was stopped, none was dropped), unless a
        // limit of the whole search stopped them.
        ends.sort_by(|a, b| a.0.cmp(&b.0));
        let mut swept = Probe::Exhausted;
        for (_, end) in ends {
            match end {
                End::Cut(least) => swept = cut_in_sweep(&swept, least),
                End::Exhausted => {}
                End::Found(path, cost) => {
                    self.found = Some(Solution::new(path, cost, self.total));
                    return Ok(Probe::Found);
                }
                End::Failed(error) => return Err(self.failure(error)),
                // Only a limit of the whole search stops a piece no earlier one decided.
                End::Stopped => return Err(self.capped(capped.take())),
            }
        }
        if halted {
            // Stopped before some pieces were taken.
            return Err(self.capped(capped.take()));
        }
        match split_end {
            End::Cut(least) => swept = cut_in_sweep(&swept, least),
            End::Exhausted => {}
            End::Found(path, cost) => {
                self.found = Some(Solution::new(path, cost, self.total));
                return Ok(Probe::Found);
            }
            End::Failed(error) => return Err(self.failure(error)),
            End::Stopped => return Err(self.capped(capped.take())),
        }
        Ok(swept)
    }

    /// The error of the expansion cap, found spent by a worker holding the path `best`.
    fn capped(&self, best: Best<P>) -> Failure<P> {
        SearchError::LimitReached {
            limit: self
                .options
                .max_expansions
                .map_or(Limit::Cancelled, Limit::Expansions),
            stats: self.total,
            best,
        }
    }

    /// Searches the subtrees of `frontier` on `threads` workers, which share out the last of
    /// the work by giving each other pieces; returns the end of each subtree and piece
    /// searched, with its key, whether a limit of the whole search stopped them, and the path
    /// held by the worker that found the expansion cap spent, if one did.
    #[allow(clippy::type_complexity)]
    fn search_subtrees(
        &mut self,
        starts: &[P::State],
        frontier: &Frontier<P::Move>,
        bound: Bound<CostOf<P>>,
        threads: usize,
    ) -> (Vec<(Key, End<P>)>, bool, Best<P>) {
        let mut options = self.options_left();
        let pool = options.max_expansions.take().map(AtomicU64::new);
        let job = Job {
            claimants: 2 * threads as u64,
            problem: self.problem,
            heuristic: &self.heuristic,
            options,
            answers: self.answers,
            starts,
            frontier,
            bound,
            tuning: self.tuning,
            next: AtomicUsize::new(0),
            first: Mutex::new(None),
            changes: AtomicUsize::new(0),
            queue: Mutex::new(Queue {
                pieces: Vec::new(),
                busy: threads,
            }),
            wake: Condvar::new(),
            hungry: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            given: AtomicUsize::new(0),
            pool,
            capped: Mutex::new(None),
            ends: Mutex::new(Vec::new()),
            stats: Mutex::new(Vec::new()),
        };
        rayon::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| work(&job));
            }
        });
        let Job {
            ends,
            stats,
            capped,
            first,
            given,
            ..
        } = job;
        for stats in stats.into_inner().unwrap_or_else(|e| e.into_inner()) {
            self.add(stats);
        }
        self.given += given.into_inner();
        let halted = first
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .is_some_and(|first| first.is_empty());
        let ends = ends.into_inner().unwrap_or_else(|e| e.into_inner());
        let capped = capped.into_inner().unwrap_or_else(|e| e.into_inner());
        (ends, halted, capped.flatten())
    }
}

/// One worker: takes the subtrees in order, then the pieces the others give away, until none
/// is left or the ones left are not needed, and searches each with one walker, which gives
/// pieces of its own away when another worker waits for work.
fn work<P, H>(job: &Job<'_, P, H>)
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
{
    let _unwind = Unwind(job);
    let worker = Worker {
        job,
        key: RefCell::new(Vec::new()),
        start: Cell::new(0),
        given: Cell::new(0),
        seen: Cell::new(usize::MAX),
        stopped: Cell::new(false),
        left: Cell::new(0),
        spent: Cell::new(false),
    };
    let mut walker = Walker::with_answers(
        Setup {
            problem: job.problem,
            options: job.options,
            control: Control::new(&job.options, Some(Box::new(|| worker.stop()))),
            observer: NoObserver,
        },
        job.heuristic,
        job.answers,
    )
    // Without an expansion cap, whose claims are counted expansion by expansion, the walker
    // asks its cancel callback (which stops it for a piece before it that decided) only every
    // `share_every` expansions, and runs the sequential search's lean loop in between.
    .sharing(&worker, job.tuning.share_every, job.pool.is_none());
    let mut ends = Vec::new();
    while let Some(unit) = job.next_unit() {
        let probed = match &unit {
            Unit::Subtree(i) => {
                let (start, moves) = job.frontier.get(*i);
                worker.begin(vec![*i], start);
                walker.probe_subtree(&job.starts[start], moves, job.bound)
            }
            Unit::Piece(key, start, piece) => {
                worker.begin(key.clone(), *start);
                walker.probe_piece(&job.starts[*start], piece, job.bound)
            }
        };
        let key = worker.key.borrow().clone();
        let end = match probed {
            Ok(Probe::Found) => {
                job.decide(&key);
                match walker.solution() {
                    Ok(solution) => {
                        let (path, cost, _) = solution.into_parts();
                        End::Found(path, cost)
                    }
                    Err(error) => End::Failed(error),
                }
            }
            Ok(Probe::CutOff(least)) => End::Cut(least),
            Ok(Probe::Exhausted) => End::Exhausted,
            Err(SearchError::LimitReached {
                limit: Limit::Cancelled,
                best,
                ..
            }) => {
                if worker.spent.get() {
                    worker.spent.set(false);
                    *lock(&job.capped) = Some(best);
                }
                End::Stopped
            }
            Err(error) => {
                job.decide(&key);
                End::Failed(error)
            }
        };
        ends.push((key, end));
    }
    let stats = walker.stats();
    drop(walker);
    if let Some(pool) = &job.pool {
        pool.fetch_add(worker.left.get(), Ordering::Relaxed);
    }
    lock(&job.ends).extend(ends);
    lock(&job.stats).push(stats);
}

impl<P, H, O> Sweeps<P::State, P::Cost> for Split<'_, P, H, O>
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
    O: Observer<P::State, P::Cost>,
{
    /// Parallel IDA* deepens: it never keeps a held path, whatever `HOLD`.
    fn sweep<const HOLD: bool>(
        &mut self,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        self.split_and_search(starts, bound)
    }

    fn solution(&self) -> Result<Solution<P::State, P::Cost>, Failure<P>> {
        Ok(self
            .found
            .clone()
            .expect("a sweep that found a goal keeps its solution"))
    }

    fn no_path(&mut self) -> Failure<P> {
        SearchError::NoPath {
            cost_bound: self.options.cost_bound,
            stats: self.total,
        }
    }

    fn depth_reached(&self, bound: Bound<P::Cost>) -> Failure<P> {
        SearchError::LimitReached {
            limit: Limit::Depth(match bound {
                Bound::Depth(d) => d,
                Bound::Cost(_) => 0,
            }),
            stats: self.total,
            best: None,
        }
    }

    fn begin_iteration(&mut self) {
        self.total.expanded_before_last_layer = self.total.expanded;
        self.total.iterations += 1;
        self.observer.observe(Event::Iteration {
            number: self.total.iterations,
        });
    }

    fn stats(&self) -> Stats {
        self.total
    }

    fn tell(&mut self, event: Event<'_, P::State, P::Cost>) {
        self.observer.observe(event);
    }
}

#[cfg(test)]
mod tests {
    //! Parallel IDA* against the sequential walker iteration by iteration, with the work shared
    //! out eagerly (every worker gives a piece away at every expansion), so that pieces are
    //! given, split again and searched out of order on every tree, however small.

    use super::{Split, Tuning};
    use crate::engine::depth_first::{Bound, Probe, Sweeps};
    use crate::engine::in_place::Walker;
    use crate::engine::options::CycleCheck;
    use crate::error::SearchError;
    use crate::heuristic::Afresh;
    use crate::in_place::{InPlace, InPlaceProblem, Moves};
    use crate::search::Search;
    use proptest::prelude::*;

    /// A digraph moved in place: a move is (from, to, cost); its moves listed, or kept in a
    /// table; each move's inverse named (the edge back at the same cost) or not.
    #[derive(Debug)]
    struct Graph {
        moves: Vec<Vec<(usize, usize, u64)>>,
        goals: Vec<bool>,
        starts: Vec<usize>,
        table: bool,
        inverses: bool,
    }

    impl InPlaceProblem for Graph {
        type State = usize;
        type Move = (usize, usize, u64);
        type Cost = u64;

        fn starts(&self) -> impl IntoIterator<Item = usize> {
            self.starts.clone()
        }

        fn is_goal(&self, &node: &usize) -> bool {
            self.goals[node]
        }

        fn moves(&self, &node: &usize, out: &mut Moves<'_, (usize, usize, u64)>) {
            out.extend(self.moves[node].iter().copied());
        }

        fn apply(&self, node: &mut usize, (_, to, cost): (usize, usize, u64)) -> u64 {
            *node = to;
            cost
        }

        fn undo(&self, node: &mut usize, (from, _, _): (usize, usize, u64)) {
            *node = from;
        }

        fn inverse(&self, (from, to, cost): (usize, usize, u64)) -> Option<(usize, usize, u64)> {
            self.inverses.then_some((to, from, cost))
        }

        fn move_table(&self, &node: &usize) -> Option<&[(usize, usize, u64)]> {
            self.table.then(|| &self.moves[node][..])
        }
    }

    /// How one iteration ended, with the counts that must agree (expanded, generated,
    /// pruned, summed over the iterations so far), or the error's kind and limit.
    #[derive(Debug, PartialEq)]
    enum Iteration {
        Found(Vec<usize>, u64, [u64; 3]),
        Cut(Option<u64>, [u64; 3]),
        Exhausted([u64; 3]),
        Failed(String),
    }

    fn counts(stats: crate::Stats) -> [u64; 3] {
        [stats.expanded, stats.generated, stats.pruned]
    }

    /// Runs the iterations of one search, at most 20 of them and none after the counts pass
    /// `most` expansions.
    fn iterations<E: Sweeps<usize, u64>>(
        engine: &mut E,
        starts: &[usize],
        first: u64,
        most: u64,
        stats: impl Fn(&E) -> crate::Stats,
    ) -> Vec<Iteration> {
        let mut bound = Bound::Cost(first);
        let mut ends = Vec::new();
        for _ in 0..20 {
            let end = match engine.sweep::<false>(starts, bound) {
                Ok(Probe::Found) => match engine.solution() {
                    Ok(solution) => {
                        let (path, cost, _) = solution.into_parts();
                        Iteration::Found(path, cost, counts(stats(engine)))
                    }
                    Err(error) => Iteration::Failed(kind(&error)),
                },
                Ok(Probe::CutOff(least)) => {
                    bound = Bound::Cost(least.unwrap_or(u64::MAX));
                    Iteration::Cut(least, counts(stats(engine)))
                }
                Ok(Probe::Exhausted) => Iteration::Exhausted(counts(stats(engine))),
                Err(error) => Iteration::Failed(kind(&error)),
            };
            let last = !matches!(end, Iteration::Cut(Some(_), _));
            ends.push(end);
            if last || stats(engine).expanded > most {
                break;
            }
        }
        ends
    }

    fn kind(error: &SearchError<usize, u64>) -> String {
        format!("{:?} {:?}", std::mem::discriminant(error), error.limit())
    }

    /// The iterations of sequential IDA* and of parallel IDA* on `threads` threads with the
    /// work shared out by `tuning`: the same, but for the counts of a last iteration that
    /// found a goal (the parallel one counts no fewer). Returns how many pieces were given.
    fn same_iterations(
        graph: &Graph,
        h: &[u64],
        check: CycleCheck,
        threads: usize,
        tuning: Tuning,
    ) -> Result<usize, TestCaseError> {
        let most = if tuning.eager { 20_000 } else { 1_000_000 };
        let view = InPlace::new(graph);
        let heuristic = Afresh(|&v: &usize| h[v]);
        let search = || Search::new(&view).cycle_check(check).into_setup().unwrap();
        let mut walker = Walker::new(search(), &heuristic);
        let Some(first) = walker.least_start_estimate().unwrap() else {
            return Ok(0);
        };
        let sequential = iterations(&mut walker, &graph.starts, first, most, |w| w.stats());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (parallel, given) = pool.install(|| {
            let mut split = Split::tuned(search(), &heuristic, tuning);
            let ends = iterations(&mut split, &graph.starts, first, most, |s| s.total);
            (ends, split.given)
        });
        prop_assert_eq!(parallel.len(), sequential.len());
        for (i, (p, s)) in parallel.iter().zip(&sequential).enumerate() {
            match (p, s) {
                (Iteration::Found(pp, pc, pn), Iteration::Found(sp, sc, sn))
                    if i + 1 == sequential.len() =>
                {
                    prop_assert_eq!(pp, sp);
                    prop_assert_eq!(pc, sc);
                    prop_assert!(pn.iter().zip(sn).all(|(p, s)| p >= s), "{:?} {:?}", pn, sn);
                }
                _ => prop_assert_eq!(p, s, "iteration {} of {:?}", i + 1, sequential),
            }
        }
        Ok(given)
    }

    /// A random digraph of up to 8 nodes, costs 0 to 3, its moves listed or in a table, with
    /// inverses or not, and a random estimate (not always admissible: the two searches must
    /// agree whatever the estimate).
    fn graph() -> impl Strategy<Value = (Graph, Vec<u64>)> {
        (1..=8usize).prop_flat_map(|n| {
            (
                prop::collection::vec((0..n, 0..n, 0..4u64), 0..=3 * n),
                prop::collection::vec(0..n, 1..=3),
                prop::collection::vec(any::<bool>(), n),
                prop::collection::vec(0..3u64, n),
                any::<bool>(),
                any::<bool>(),
            )
                .prop_map(move |(edges, starts, goals, h, table, inverses)| {
                    let mut moves = vec![Vec::new(); n];
                    for (from, to, cost) in edges {
                        moves[from].push((from, to, cost));
                    }
                    let graph = Graph {
                        moves,
                        goals,
                        starts,
                        table,
                        inverses,
                    };
                    (graph, h)
                })
        })
    }

    /// Work given away at every expansion, the split as shallow as it goes.
    const EAGER: Tuning = Tuning {
        subtrees_per_thread: 1,
        share_every: 1,
        eager: true,
    };

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x57ea1),
            cases: 128,
            ..ProptestConfig::default()
        })]

        /// With pieces given away at every expansion, on 1, 2 and 4 threads: every iteration
        /// ends as the sequential one, with the same counts, the last one's goal the same path.
        #[test]
        fn shared_pieces_keep_the_sequential_iterations(
            (graph, h) in graph(),
            check in 0..3usize,
        ) {
            let check = [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path][check];
            for threads in [1, 2, 4] {
                same_iterations(&graph, &h, check, threads, EAGER)?;
            }
        }
    }

    /// A complete binary tree of depth `depth` (node n's children 2n+1 and 2n+2), its goal at
    /// `goal`, unit costs: so wide that every worker has pieces to give.
    fn binary_tree(depth: u32, goal: Option<usize>, table: bool) -> Graph {
        let n = (1 << (depth + 1)) - 1;
        Graph {
            moves: (0..n)
                .map(|v| {
                    [2 * v + 1, 2 * v + 2]
                        .into_iter()
                        .filter(|&c| c < n)
                        .map(|c| (v, c, 1))
                        .collect()
                })
                .collect(),
            goals: (0..n).map(|v| Some(v) == goal).collect(),
            starts: vec![0],
            table,
            inverses: false,
        }
    }

    /// On a binary tree whose goal is the last leaf, the first, a middle one, or none:
    /// pieces are given away (and taken), and every iteration is the sequential one.
    #[test]
    fn pieces_are_given_away_and_the_iterations_kept() -> Result<(), TestCaseError> {
        let n = (1 << 11) - 1;
        for goal in [Some(n - 1), Some(n / 2), Some(1 << 10), None] {
            for table in [false, true] {
                let graph = binary_tree(10, goal, table);
                let h = vec![0; n];
                for threads in [1, 2, 4] {
                    let given = same_iterations(&graph, &h, CycleCheck::Off, threads, EAGER)?;
                    assert!(given > 0, "{goal:?} on {threads}");
                }
            }
        }
        Ok(())
    }

    /// With the default sharing and a single subtree (the split finds one node at every
    /// depth it tries, a chain of 50 above a binary tree of depth 15), the second thread waits
    /// for work until the first gives it some: within a few runs, it does, and the iterations
    /// stay the sequential ones.
    #[test]
    fn a_waiting_thread_is_given_work() -> Result<(), TestCaseError> {
        let tree = binary_tree(15, None, false);
        let chain = 50;
        // The tree's nodes renumbered after the chain's.
        let mut moves: Vec<Vec<(usize, usize, u64)>> =
            (0..chain).map(|v| vec![(v, v + 1, 1)]).collect();
        moves.extend(tree.moves.iter().map(|edges| {
            edges
                .iter()
                .map(|&(from, to, cost)| (from + chain, to + chain, cost))
                .collect()
        }));
        let n = moves.len();
        let graph = Graph {
            moves,
            goals: vec![false; n],
            starts: vec![0],
            table: false,
            inverses: false,
        };
        // An estimate that lets the first iterations through the chain at once.
        let h: Vec<u64> = (0..n).map(|v| (chain - v.min(chain)) as u64).collect();
        let mut given = 0;
        for _ in 0..5 {
            given += same_iterations(&graph, &h, CycleCheck::Off, 2, Tuning::default())?;
            if given > 0 {
                break;
            }
        }
        assert!(given > 0, "no piece was given away in five runs");
        Ok(())
    }
}

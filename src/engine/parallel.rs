//! Parallel IDA* on the in-place engine (the `rayon` feature), behind
//! [`par_idastar_in_place`](crate::par_idastar_in_place): each iteration's tree split at a
//! shallow depth into subtrees that the threads of rayon's pool search at once.
//!
//! An iteration (one bound) runs in two phases:
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
//!    start with the prefix's moves applied), and searches it within the same bound. Taking
//!    the subtrees in order is the load balancing: a thread that finishes a small subtree takes
//!    the next, so the threads end an iteration within one subtree of each other.
//!
//! The outcome is the one sequential IDA* reaches, in its order: the subtrees are walked in
//! depth-first order, and the first that found a goal or failed (a bad step cost or estimate,
//! the path cap) decides, after the split's own goal or error, which comes after every subtree
//! it listed. So that the first is known, a subtree that ends that way stops the subtrees after
//! it (each walker asks before every expansion, through its cancel callback), and those before
//! it run to their end. The path returned is therefore the path sequential IDA* returns. A
//! limit that ends the search (the expansion cap, the deadline) stops every subtree.
//!
//! The expansion cap is shared: each worker claims expansions from one pool in runs of up to
//! [`CLAIM`], and never more than a share of what is left (half of it over the workers), so
//! that the last of it is claimed one by one (the split phase spends from it first); a worker
//! gives back what it did not use, and the worker that finds the pool empty stops the search. The deadline is read every
//! [`POLL_INTERVAL`](crate::engine::depth_first::POLL_INTERVAL) expansions by each worker.
//!
//! The counts are the sums of the split's and the workers' (`expanded`, `generated`,
//! `pruned`), the largest of theirs (`stored`: the longest path held, prefix included;
//! `max_open`: the most moves waiting on one walker's stack), and the iterations counted here.
//! Every iteration but the last expands and generates exactly what sequential IDA* does. The
//! last one may count more: the split phase has expanded every node above the split depth
//! within the bound, and the subtrees after the goal's may have been searched in part before
//! the goal was found.

use std::cell::Cell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::engine::control::{Control, Setup};
use crate::engine::depth_first::{Bound, Probe, Sweeps, cut_in_sweep, deepen};
use crate::engine::in_place::{Answers, Frontier, Walker, answers};
use crate::engine::options::Options;
use crate::error::{Limit, SearchError};
use crate::heuristic::IncrementalHeuristic;
use crate::in_place::{InPlace, InPlaceProblem};
use crate::observer::{Event, NoObserver, Observer};
use crate::progress::{Partial, Stats};
use crate::solution::Solution;

/// How many subtrees a thread an iteration is split into, at least (where the tree within the
/// bound is that wide): enough that the threads end an iteration close together.
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

/// What every worker of one iteration shares.
struct Job<'a, P: InPlaceProblem, H> {
    problem: &'a InPlace<P>,
    heuristic: &'a H,
    options: Options<CostOf<P>>,
    answers: Answers<CostOf<P>>,
    starts: &'a [State<P>],
    frontier: &'a Frontier<P::Move>,
    bound: Bound<CostOf<P>>,
    /// The next subtree to take.
    next: AtomicUsize,
    /// The first subtree (in order) known to decide the outcome; 0 to stop every subtree.
    first: AtomicUsize,
    /// The expansions left under the cap, if there is one.
    pool: Option<AtomicU64>,
    /// Twice the number of workers: a worker claims at most this fraction of what is left.
    claimants: u64,
    /// The path held by the worker that found `pool` empty, once one did.
    capped: Mutex<Option<Best<P>>>,
    /// Each worker's counts and the ends of the subtrees it searched.
    ends: Mutex<Vec<(usize, End<P>)>>,
    stats: Mutex<Vec<Stats>>,
}

/// Parallel IDA*, as a [`Sweeps`] for the shared deepening loop: each sweep splits the tree
/// and searches the subtrees on the pool.
pub(crate) struct Split<'a, P: InPlaceProblem, H, O> {
    problem: &'a InPlace<P>,
    heuristic: H,
    observer: O,
    options: Options<CostOf<P>>,
    answers: Answers<CostOf<P>>,
    /// The counts of every iteration so far.
    total: Stats,
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
            total: Stats::default(),
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
        let wanted = threads.saturating_mul(SUBTREES_PER_THREAD);
        // The split phase: made again one level deeper (and its counts dropped) while it lists
        // too few subtrees. From depth 1 each iteration: the first iterations' trees, thin
        // (few nodes have f within the first bounds), would otherwise leave the split too deep
        // for the later ones, whose split phase would then do their work on one thread.
        let mut depth = 1;
        let (split_stats, split_end, frontier) = loop {
            let mut walker = self.walker(self.options_left()).splitting(depth);
            let end = match walker.sweep::<false>(starts, bound) {
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
        let (ends, mut capped) = if frontier.len() == 0 {
            (Vec::new(), None)
        } else {
            self.search_subtrees(starts, &frontier, bound, threads)
        };
        // The outcome, in the order of the sequential search: the subtrees, then what the
        // split phase found after listing them.
        let mut swept = Probe::Exhausted;
        for end in ends.into_iter().chain([Some(split_end)]) {
            match end {
                Some(End::Cut(least)) => swept = cut_in_sweep(&swept, least),
                Some(End::Exhausted) => {}
                Some(End::Found(path, cost)) => {
                    self.found = Some(Solution::new(path, cost, self.total));
                    return Ok(Probe::Found);
                }
                Some(End::Failed(error)) => return Err(self.failure(error)),
                // Only a limit of the whole search stops a subtree no earlier one decided.
                Some(End::Stopped) | None => return Err(self.capped(capped.take())),
            }
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

    /// Searches the subtrees of `frontier` on `threads` workers; returns the end of each (in
    /// order; `None` for a subtree not taken), and the path held by the worker that found the
    /// expansion cap spent, if one did.
    fn search_subtrees(
        &mut self,
        starts: &[P::State],
        frontier: &Frontier<P::Move>,
        bound: Bound<CostOf<P>>,
        threads: usize,
    ) -> (Vec<Option<End<P>>>, Best<P>) {
        let mut options = self.options_left();
        let pool = options.max_expansions.take().map(AtomicU64::new);
        let workers = threads.min(frontier.len());
        let job = Job {
            claimants: 2 * workers as u64,
            problem: self.problem,
            heuristic: &self.heuristic,
            options,
            answers: self.answers,
            starts,
            frontier,
            bound,
            next: AtomicUsize::new(0),
            first: AtomicUsize::new(usize::MAX),
            pool,
            capped: Mutex::new(None),
            ends: Mutex::new(Vec::new()),
            stats: Mutex::new(Vec::new()),
        };
        rayon::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|_| work(&job));
            }
        });
        let Job {
            ends,
            stats,
            capped,
            ..
        } = job;
        for stats in stats.into_inner().unwrap_or_else(|e| e.into_inner()) {
            self.add(stats);
        }
        let mut ordered: Vec<Option<End<P>>> = (0..frontier.len()).map(|_| None).collect();
        for (i, end) in ends.into_inner().unwrap_or_else(|e| e.into_inner()) {
            ordered[i] = Some(end);
        }
        let capped = capped.into_inner().unwrap_or_else(|e| e.into_inner());
        (ordered, capped.flatten())
    }
}

/// One worker: takes the subtrees in order until none is left or the ones left are not
/// needed, and searches each with one walker.
fn work<P, H>(job: &Job<'_, P, H>)
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
{
    // The subtree being searched, and the expansions claimed and not yet spent.
    let current = Cell::new(0usize);
    let left = Cell::new(0u64);
    let spent = Cell::new(false);
    let stop = || {
        if job.first.load(Ordering::Relaxed) <= current.get() {
            return true;
        }
        if let Some(pool) = &job.pool {
            if left.get() == 0 {
                // A share of what is left (so that no thread holds much of the last of it
                // while another finds the pool empty), at most `CLAIM`, at least one.
                let share = |n: u64| (n / job.claimants).clamp(1, CLAIM).min(n);
                let claimed = pool
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                        (n > 0).then(|| n - share(n))
                    })
                    .map_or(0, share);
                if claimed == 0 {
                    spent.set(true);
                    job.first.store(0, Ordering::Relaxed);
                    return true;
                }
                left.set(claimed);
            }
            left.set(left.get() - 1);
        }
        false
    };
    let mut walker = Walker::with_answers(
        Setup {
            problem: job.problem,
            options: job.options,
            control: Control::new(&job.options, Some(Box::new(stop))),
            observer: NoObserver,
        },
        job.heuristic,
        job.answers,
    );
    let mut ends = Vec::new();
    loop {
        let i = job.next.fetch_add(1, Ordering::Relaxed);
        if i >= job.frontier.len() || job.first.load(Ordering::Relaxed) <= i {
            break;
        }
        current.set(i);
        let (start, moves) = job.frontier.get(i);
        let end = match walker.probe_subtree(&job.starts[start], moves, job.bound) {
            Ok(Probe::Found) => {
                job.first.fetch_min(i, Ordering::Relaxed);
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
                if spent.get() {
                    spent.set(false);
                    *job.capped.lock().unwrap_or_else(|e| e.into_inner()) = Some(best);
                }
                End::Stopped
            }
            Err(error) => {
                job.first.fetch_min(i, Ordering::Relaxed);
                End::Failed(error)
            }
        };
        ends.push((i, end));
    }
    let stats = walker.stats();
    drop(walker);
    if let Some(pool) = &job.pool {
        pool.fetch_add(left.get(), Ordering::Relaxed);
    }
    job.ends
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(ends);
    job.stats
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(stats);
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

//! Parallel IDA* on a problem that moves in place, over rayon's thread pool (the `rayon`
//! feature).

use crate::engine::parallel::Split;
use crate::heuristic::{Afresh, HeuristicFn, IncrementalHeuristic};
use crate::in_place::{InPlace, InPlaceProblem};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Parallel IDA* on a problem that moves in place: each iteration's tree is split at a shallow
/// depth into subtrees, which the threads of rayon's pool search at once, each changing one
/// state of its own in place; once no subtree is left, a thread that has finished takes work
/// from another (work stealing on the tree: the untried moves of the shallowest node of the
/// other's path), so that every thread stays busy to the end of each iteration. Only with the
/// `rayon` feature.
///
/// The same iterations, bounds and answer as [`idastar_in_place`](crate::idastar_in_place): a
/// least-cost path, given an admissible heuristic, and the **same path**, on any number of
/// threads. Every subtree, and every piece of one a thread gives away, keeps its place in
/// depth-first order: one that finds a goal (or fails) stops those after it, and those before
/// it finish, with every piece given away from them, so the first goal in depth-first order is
/// returned, as is the first error. `docs/benchmarks.md` ("Parallel IDA*") has the speed-ups
/// and how evenly the threads share each iteration.
///
/// It runs on the current rayon pool: the global one (as many threads as cores, or
/// `RAYON_NUM_THREADS`), or one you enter with `rayon::ThreadPool::install` to choose the
/// number of threads. The splitting runs on the calling thread.
///
/// # Arguments
///
/// - `problem`: the state space, shared by the threads (so `Sync`, as are its states and
///   moves); step costs must be non-negative (zero-cost cycles are handled as by
///   [`idastar`](crate::idastar)). Each thread clones the start and applies the moves that
///   lead to its subtree, so `apply` and `undo` must depend only on the state and the move.
/// - `heuristic`: an admissible estimate, as for [`idastar`](crate::idastar), shared by the
///   threads (so `Sync`). For an estimate updated by the move, call
///   [`par_idastar_in_place_with`].
///
/// # Returns
///
/// The [`Solution`](crate::Solution): the path sequential IDA* in place returns, its cost, and
/// the [`Stats`](crate::Stats) of all threads: `expanded`, `generated` and `pruned` are sums,
/// `iterations` counts the iterations, `stored` is the longest path one thread held and
/// `max_open` the most moves waiting on one thread's stack. Every iteration but the last
/// counts exactly what the sequential search counts. **The last iteration may count more**,
/// and the count varies from run to run: the splitting expands every node above the split
/// depth within the bound before any subtree is searched (the sequential search stops at the
/// goal), and the threads may have searched part of the subtrees after the goal's before it
/// was found.
///
/// # Errors
///
/// As for [`idastar`](crate::idastar): the error sequential IDA* meets first, in its order, for
/// a bad step cost or estimate and for [`max_stored`](crate::Search::max_stored) (each thread's
/// path, from the start, is held to it). The limits of a [`Search`]:
///
/// - [`max_expansions`](crate::Search::max_expansions) counts the expansions of all threads:
///   they claim them from one budget, each at most 4,096 at a time and a share of what is left
///   (what is left over twice the threads), so the search stops with
///   [`Limit::Expansions`](crate::Limit::Expansions) having expanded **at most** the limit,
///   less by what the other threads had claimed and not spent (on 2 threads, at most 4,096 and
///   at most a quarter of the limit).
/// - [`deadline`](crate::Search::deadline) is read by each thread every 256 expansions (every
///   4,096 with an expansion cap, a cap on stored states, or a cycle check that compares
///   states).
/// - [`cancel_when`](crate::Search::cancel_when) is refused with
///   [`SearchError::Unsupported`](crate::SearchError::Unsupported): its callback is `FnMut`,
///   and cannot be shared by the threads. Use a deadline.
/// - [`pathmax`](crate::Search::pathmax) other than [`Pathmax::Off`](crate::Pathmax::Off) is
///   refused with [`SearchError::Unsupported`](crate::SearchError::Unsupported): the threads
///   search subtrees whose paths from the start are put back without the estimates pathmax
///   raised along them. Use [`idastar_in_place`](crate::idastar_in_place).
/// - An observer is told of the beginning and the end of each iteration
///   ([`Event::Iteration`](crate::Event::Iteration) and
///   [`Event::IterationEnd`](crate::Event::IterationEnd), on the calling thread) and of nothing
///   else: the expansions happen on the pool's threads, which do not share it. The end of
///   every iteration but the last carries the sequential search's counts; the last one's count
///   what the threads did, which may reach past the goal.
///
/// # Complexity
///
/// The work of [`idastar_in_place`](crate::idastar_in_place), spread over the pool's threads,
/// and in the last iteration the nodes above the split depth and what the other threads search
/// after the goal's subtree while it is searched (on Korf's 15-puzzles, up to 12% more
/// expansions on 2 threads). A thread that takes work from another replays the path to it
/// (one `apply` and heuristic update a level), and a thread asks whether another waits for work
/// every 256 expansions. Memory: one path, move stack and state a thread, as for
/// [`idastar_in_place`](crate::idastar_in_place), the moves to each subtree's root (at least 64
/// subtrees a thread where the tree is that wide; the split depth is that of the shallowest
/// level wide enough), and the pieces given away and not yet taken (a path and one node's moves
/// each, at most one a waiting thread but for a moment).
///
/// # Example
///
/// The pancake puzzle of [`InPlaceProblem`]'s example, on every core:
///
/// ```
/// use informed::{InPlaceProblem, Moves};
///
/// struct Pancakes([u8; 8]);
///
/// impl InPlaceProblem for Pancakes {
///     type State = [u8; 8];
///     type Move = u8;
///     type Cost = u32;
///     fn starts(&self) -> impl IntoIterator<Item = [u8; 8]> { [self.0] }
///     fn is_goal(&self, s: &[u8; 8]) -> bool { s.is_sorted() }
///     fn moves(&self, _: &[u8; 8], out: &mut Moves<'_, u8>) { out.extend(2..=8) }
///     fn apply(&self, s: &mut [u8; 8], k: u8) -> u32 { s[..usize::from(k)].reverse(); 1 }
///     fn undo(&self, s: &mut [u8; 8], k: u8) { s[..usize::from(k)].reverse() }
/// }
///
/// let gaps = |s: &[u8; 8]| {
///     let below = s.iter().skip(1).copied().chain([8]);
///     s.iter().zip(below).filter(|&(&a, b)| a.abs_diff(b) != 1).count() as u32
/// };
/// let problem = Pancakes([3, 7, 0, 5, 1, 6, 2, 4]);
/// let parallel = informed::par_idastar_in_place(&problem, gaps)?;
/// let sequential = informed::idastar_in_place(&problem, gaps)?;
/// assert_eq!(parallel.path(), sequential.path());
/// assert_eq!(parallel.stats().iterations, sequential.stats().iterations);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// V. N. Rao, V. Kumar and K. Ramesh, "A parallel implementation of Iterative-Deepening-A*",
/// AAAI 1987.
pub fn par_idastar_in_place<P, F>(problem: &P, heuristic: F) -> SearchResult<InPlace<&P>>
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    F: HeuristicFn<P::State, P::Cost> + Sync,
{
    Search::new(&InPlace::new(problem)).par_idastar_in_place(heuristic)
}

/// [`par_idastar_in_place`] with an [`IncrementalHeuristic`] (the puzzle's
/// [`Manhattan`](crate::puzzle::Manhattan) and pattern databases), shared by the threads.
///
/// # Arguments
///
/// - `problem`: the state space, as for [`par_idastar_in_place`].
/// - `heuristic`: the estimate, as for [`idastar_in_place_with`](crate::idastar_in_place_with);
///   each thread keeps its own contexts.
///
/// # Returns
///
/// As for [`par_idastar_in_place`].
///
/// # Errors
///
/// As for [`par_idastar_in_place`].
///
/// # Complexity
///
/// As for [`par_idastar_in_place`].
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::{CycleCheck, InPlace, Search};
///
/// let puzzle = SlidingPuzzle::new(4, 4)?;
/// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
/// // Korf's setting: Manhattan updated by each slide, no slide back.
/// let solution = Search::new(&InPlace::new(problem))
///     .cycle_check(CycleCheck::Parent)
///     .max_expansions(1_000_000)
///     .par_idastar_in_place_with(puzzle.manhattan())?;
/// assert_eq!(solution.cost(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn par_idastar_in_place_with<P, H>(problem: &P, heuristic: H) -> SearchResult<InPlace<&P>>
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
{
    Search::new(&InPlace::new(problem)).par_idastar_in_place_with(heuristic)
}

impl<P, O> Search<'_, InPlace<P>, O>
where
    P: InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
    O: Observer<P::State, P::Cost>,
{
    /// Runs [`par_idastar_in_place`](crate::par_idastar_in_place) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`par_idastar_in_place`](crate::par_idastar_in_place).
    pub fn par_idastar_in_place<F>(self, heuristic: F) -> SearchResult<InPlace<P>>
    where
        F: HeuristicFn<P::State, P::Cost> + Sync,
    {
        self.par_idastar_in_place_with(Afresh(heuristic))
    }

    /// Runs [`par_idastar_in_place_with`](crate::par_idastar_in_place_with) with this search's
    /// options (the cost bound prunes as well; `max_stored` bounds each thread's path; an
    /// observer sees the iterations only; `cancel_when` is refused).
    ///
    /// # Errors
    ///
    /// As for [`par_idastar_in_place`](crate::par_idastar_in_place).
    pub fn par_idastar_in_place_with<H>(self, heuristic: H) -> SearchResult<InPlace<P>>
    where
        H: IncrementalHeuristic<P::State, P::Move, P::Cost> + Sync,
    {
        self.refuse_cancel("par_idastar_in_place")?;
        self.refuse_pathmax("par_idastar_in_place")?;
        Split::new(self.into_setup()?, heuristic).run()
    }
}

/// Parallel IDA* through `Search::new(&problem)` for a problem that is both a
/// [`SearchProblem`] and an [`InPlaceProblem`] with the same states and costs (see
/// [`Search::idastar_in_place_with`]).
impl<P, O> Search<'_, P, O>
where
    P: SearchProblem
        + InPlaceProblem<State = <P as SearchProblem>::State, Cost = <P as SearchProblem>::Cost>
        + Sync,
    <P as SearchProblem>::State: Send + Sync,
    <P as InPlaceProblem>::Move: Send + Sync,
    <P as SearchProblem>::Cost: Send + Sync,
    O: Observer<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
{
    /// Runs [`par_idastar_in_place`](crate::par_idastar_in_place) with this search's options,
    /// on a problem that is also a [`SearchProblem`].
    ///
    /// # Errors
    ///
    /// As for [`par_idastar_in_place`](crate::par_idastar_in_place).
    pub fn par_idastar_in_place<F>(self, heuristic: F) -> SearchResult<P>
    where
        F: HeuristicFn<<P as SearchProblem>::State, <P as SearchProblem>::Cost> + Sync,
    {
        self.par_idastar_in_place_with(Afresh(heuristic))
    }

    /// Runs [`par_idastar_in_place_with`](crate::par_idastar_in_place_with) with this search's
    /// options, on a problem that is also a [`SearchProblem`].
    ///
    /// # Errors
    ///
    /// As for [`par_idastar_in_place`](crate::par_idastar_in_place).
    pub fn par_idastar_in_place_with<H>(self, heuristic: H) -> SearchResult<P>
    where
        H: IncrementalHeuristic<
                <P as SearchProblem>::State,
                <P as InPlaceProblem>::Move,
                <P as SearchProblem>::Cost,
            > + Sync,
    {
        let view = InPlace::new(self.problem());
        self.on(&view).par_idastar_in_place_with(heuristic)
    }
}

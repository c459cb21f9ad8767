//! The `Search` builder: options, limits and an observer for any algorithm.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::control::{Cancel, Control, Setup};
use crate::engine::options::{
    CycleCheck, EstimateTie, Hashing, NodeTable, OpenSet, Options, Pathmax, Reopening, TieBreak,
};
use crate::error::SearchError;
use crate::observer::{Event, FnObserver, NoObserver, Observer};
use crate::problem::SearchProblem;

/// A search with options: limits, tie-breaking, data structures and an observer.
///
/// Every algorithm has a free function ([`astar`](crate::astar), [`dijkstra`](crate::dijkstra),
/// …) that runs with the defaults, and a method of the same name here that runs with this
/// search's options:
///
/// - [`max_expansions`](Self::max_expansions): stop after expanding that many nodes.
/// - [`max_stored`](Self::max_stored): stop before storing more states than that (a memory bound).
/// - [`cost_bound`](Self::cost_bound): prune what costs more than the bound.
/// - [`time_limit`](Self::time_limit): stop once a span of time has passed since the search
///   started.
/// - [`deadline`](Self::deadline) and [`cancel_when`](Self::cancel_when): stop from outside.
///
/// Every count a search limits is a `u64` (the type of the counts of work in
/// [`Stats`](crate::Stats)), and the [`Limit`](crate::Limit) a search stopped by a limit reports
/// holds the value that was set.
/// - [`tie_break`](Self::tie_break): the order among equal priorities;
///   [`estimate_tie`](Self::estimate_tie): the smaller or the larger h first among equal f.
/// - [`node_table`](Self::node_table), [`hashing`](Self::hashing),
///   [`open_set`](Self::open_set): the data structures (the same results with each).
/// - [`cycle_check`](Self::cycle_check): which cycles the depth-first searches cut (the others
///   ignore it).
/// - [`reopening`](Self::reopening): whether weighted A* reopens closed states (the others
///   ignore it).
/// - [`observer`](Self::observer) / [`on_event`](Self::on_event): watch every step.
///
/// A search stopped by a limit returns [`SearchError::LimitReached`] with the statistics of the
/// work done and a partial path ([`SearchError::best`]). The options may be set in any order,
/// before or after the observer.
///
/// # Which options each algorithm takes
///
/// Every limit is honoured by every algorithm, or refused before searching with
/// [`SearchError::Unsupported`]; never silently dropped. The tuning options are used where the
/// algorithm has the data structure they choose, and ignored (as marked) where it has none.
///
/// | algorithm | `max_expansions`, `deadline`, `time_limit`, `cancel_when` | `max_stored` | `cost_bound` | `tie_break` | `node_table`, `hashing` | `open_set` |
/// |---|---|---|---|---|---|---|
/// | [`bfs`](Self::bfs) | yes | yes | prunes g > bound | ignored: first in, first out | yes | ignored: the table is the queue |
/// | [`dijkstra`](Self::dijkstra), [`astar`](Self::astar), [`weighted_astar`](Self::weighted_astar), [`greedy`](Self::greedy) | yes | yes | prunes g + h > bound | yes | yes | yes |
/// | [`anytime_astar`](Self::anytime_astar) | yes: returns the best so far | yes | prunes g + h > bound | yes | yes | yes |
/// | [`stepper`](Self::stepper) | yes | yes | prunes g + h > bound | yes | yes | yes |
/// | [`reachable`](Self::reachable) | yes | yes | the greatest cost reported | yes | yes | yes |
/// | [`idastar`](Self::idastar), [`iddfs`](Self::iddfs), [`depth_first`](Self::depth_first), and in place (of an [`InPlace`](crate::InPlace) problem) [`idastar_in_place`](Self::idastar_in_place), [`iddfs_in_place`](Self::iddfs_in_place), [`depth_first_in_place`](Self::depth_first_in_place) | yes | the longest path held | prunes g + h > bound | ignored | ignored: no table | ignored: no open set |
/// | `par_idastar_in_place` (feature `rayon`) | over all threads, at most the cap; each thread reads the deadline; `cancel_when` refused | each thread's path | prunes g + h > bound | ignored | ignored: no table | ignored: no open set |
/// | [`bidirectional_dijkstra`](Self::bidirectional_dijkstra) | yes | both sides together | prunes g > bound on either side, and longer paths | yes | yes | yes |
/// | [`bidirectional_bfs`](Self::bidirectional_bfs) | yes | both sides together | prunes g > bound on either side, and dearer paths | ignored | yes | ignored |
/// | [`nbs`](Self::nbs), [`nbs_with`](Self::nbs_with) | yes | both sides together | prunes g + h > bound on either side, and dearer paths | among equal keys in each queue | ignored: hashed tables | ignored: its own two queues a side |
/// | [`k_shortest_paths`](Self::k_shortest_paths) | yes, over all its searches | per search | no path dearer than the bound | yes | yes | yes |
/// | [`optimal_paths`](Self::optimal_paths) | yes | yes | prunes g > bound | yes | yes | yes |
/// | [`hill_climbing`](Self::hill_climbing) | yes | the longest walk | no step to g + h > bound | ignored | ignored: no table | ignored |
/// | [`beam_search`](Self::beam_search) | yes | yes | prunes g + h > bound | orders ties in a layer | yes | ignored: layers, no open set |
/// | [`audit`](Self::audit) | yes: stops enumerating | the most states enumerated | refused | ignored | yes | ignored |
/// | [`theta_star`](Self::theta_star), [`theta_star_with`](Self::theta_star_with) | yes | yes | prunes g + h > bound | yes | yes | ignored: an indexed heap |
/// | [`jps_in`](Self::jps_in), [`jps`](Self::jps) (grids) | yes, counting jump points | jump points stored | prunes g + h > bound | among jump points of equal f and h | ignored: a dense table | ignored: a 4-ary heap |
///
/// [`estimate_tie`](Self::estimate_tie) orders the searches that rank by f with a heuristic,
/// [`astar`](Self::astar), [`weighted_astar`](Self::weighted_astar),
/// [`anytime_astar`](Self::anytime_astar) and [`stepper`](Self::stepper); the others ignore it:
/// Dijkstra's h is 0, greedy search ranks by h first, and the depth-first, breadth-first,
/// bidirectional, NBS, beam and JPS searches order their states otherwise.
///
/// The depth-first searches ([`idastar`](Self::idastar), [`iddfs`](Self::iddfs),
/// [`depth_first`](Self::depth_first)) count expansions exactly and call `cancel_when` before
/// every expansion, but read the clock for `deadline` and `time_limit` only before their first expansion and
/// then once every 4,096 expansions, so that their tight loop does not pay for a clock read
/// per node.
///
/// In the weighted searches h is the unweighted estimate, so that the bound keeps every path
/// that costs at most the bound.
///
/// # Example
///
/// ```
/// use informed::{Limit, Search, SearchError, TieBreak};
///
/// // An endless line: only a limit ends a search for a goal that is not there.
/// let problem = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |_| false);
/// let outcome = Search::new(&problem)
///     .max_expansions(1_000)
///     .tie_break(TieBreak::Lifo)
///     .dijkstra();
/// match outcome {
///     Err(SearchError::LimitReached { limit, stats, .. }) => {
///         assert_eq!(limit, Limit::Expansions(1_000));
///         assert_eq!(stats.expanded, 1_000);
///     }
///     other => panic!("expected the limit, got {other:?}"),
/// }
/// ```
pub struct Search<'a, P: SearchProblem, O = NoObserver> {
    problem: &'a P,
    options: Options<P::Cost>,
    cancel: Option<Cancel<'a>>,
    observer: O,
}

impl<P: SearchProblem, O> fmt::Debug for Search<'_, P, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("max_expansions", &self.options.max_expansions)
            .field("max_stored", &self.options.max_stored)
            .field("cost_bound", &self.options.cost_bound)
            .field("deadline", &self.options.deadline)
            .field("time_limit", &self.options.time_limit)
            .field("tie_break", &self.options.tie_break)
            .field("estimate_tie", &self.options.estimate_tie)
            .field("hashing", &self.options.hashing)
            .field("open_set", &self.options.open_set)
            .field("node_table", &self.options.node_table)
            .field("cycle_check", &self.options.cycle_check)
            .field("reopening", &self.options.reopening)
            .field("cancel_when", &self.cancel.is_some())
            .finish_non_exhaustive()
    }
}

impl<'a, P: SearchProblem> Search<'a, P> {
    /// A search of `problem` with no limits, FIFO tie-breaking, the default data structures and
    /// no observer.
    pub fn new(problem: &'a P) -> Self {
        Search {
            problem,
            options: Options::default(),
            cancel: None,
            observer: NoObserver,
        }
    }
}

impl<'a, P: SearchProblem, O> Search<'a, P, O> {
    /// The problem searched.
    pub(crate) fn problem(&self) -> &'a P {
        self.problem
    }

    /// The options set so far.
    pub(crate) fn options(&self) -> &Options<P::Cost> {
        &self.options
    }

    /// This search's options, cancel callback and observer, set on `problem` in place of its
    /// own: for a problem searched through a view of itself (an [`InPlace`](crate::InPlace)
    /// view of a problem that moves in place).
    pub(crate) fn on<'b, Q>(self, problem: &'b Q) -> Search<'b, Q, O>
    where
        'a: 'b,
        Q: SearchProblem<Cost = P::Cost>,
    {
        Search {
            problem,
            options: self.options,
            cancel: self.cancel.map(|cancel| cancel as Cancel<'b>),
            observer: self.observer,
        }
    }

    /// The search made ready to run: its options checked and its limits in a [`Control`].
    ///
    /// # Errors
    ///
    /// [`SearchError::InvalidCostBound`] for a NaN cost bound.
    pub(crate) fn into_setup(self) -> Result<Setup<'a, P, O>, SearchError<P::State, P::Cost>> {
        self.options.check()?;
        Ok(self.into_setup_unchecked())
    }

    /// The search made ready to run, for a caller that has checked its options (with
    /// `Options::check`) and reports their error itself.
    pub(crate) fn into_setup_unchecked(self) -> Setup<'a, P, O> {
        let Search {
            problem,
            mut options,
            cancel,
            observer,
        } = self;
        options.start_clock(Instant::now());
        Setup {
            problem,
            control: Control::new(&options, cancel),
            options,
            observer,
        }
    }

    /// Refuses `option` for `algorithm` if it was set: for the few pairs that cannot go
    /// together (see the table in the type's docs).
    pub(crate) fn refuse_cost_bound(
        &self,
        algorithm: &'static str,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        match self.options.cost_bound {
            Some(_) => Err(SearchError::Unsupported {
                option: "cost_bound",
                algorithm,
            }),
            None => Ok(()),
        }
    }

    /// Refuses [`cancel_when`](Self::cancel_when) for `algorithm`, if it was set: for the
    /// searches on several threads, which cannot share its callback.
    #[cfg(feature = "rayon")]
    pub(crate) fn refuse_cancel(
        &self,
        algorithm: &'static str,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        match self.cancel {
            Some(_) => Err(SearchError::Unsupported {
                option: "cancel_when",
                algorithm,
            }),
            None => Ok(()),
        }
    }

    /// Refuses [`pathmax`](Self::pathmax), if set to anything but [`Pathmax::Off`]: for
    /// parallel IDA*, whose threads do not carry the estimates it raises.
    #[cfg(feature = "rayon")]
    pub(crate) fn refuse_pathmax(
        &self,
        algorithm: &'static str,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        match self.options.pathmax {
            Pathmax::Off => Ok(()),
            _ => Err(SearchError::Unsupported {
                option: "pathmax",
                algorithm,
            }),
        }
    }

    /// The same search, options, cancel callback and observer, of another problem with the
    /// same states and costs: for the searches that run on a view of the problem (the
    /// problem seen backward).
    pub(crate) fn of<'b, Q>(self, problem: &'b Q) -> Search<'b, Q, O>
    where
        'a: 'b,
        Q: SearchProblem<State = P::State, Cost = P::Cost>,
    {
        Search {
            problem,
            options: self.options,
            cancel: self.cancel,
            observer: self.observer,
        }
    }

    /// The same search with another observer.
    fn with_observer<O2>(self, observer: O2) -> Search<'a, P, O2> {
        Search {
            problem: self.problem,
            options: self.options,
            cancel: self.cancel,
            observer,
        }
    }

    /// Stops the search with [`Limit::Expansions`](crate::Limit::Expansions)`(limit)` once it
    /// has expanded `limit` nodes and would expand one more. A search that needs exactly `limit`
    /// expansions still succeeds.
    ///
    /// # Arguments
    ///
    /// - `limit`: the most expansions, counted as [`Stats::expanded`](crate::Stats::expanded)
    ///   counts them. Every count a [`Search`] limits is a `u64`, the type of the counts of
    ///   work in [`Stats`](crate::Stats), so that a budget held in one variable sets any of them.
    ///
    /// # Returns
    ///
    /// This search, with the cap (replacing any set before).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Limit, Search};
    ///
    /// let endless = informed::from_fn_unit(0u64, |&n: &u64| [n + 1], |_| false);
    /// let error = Search::new(&endless).max_expansions(50).bfs().unwrap_err();
    /// assert_eq!(error.limit(), Some(Limit::Expansions(50)));
    /// assert_eq!(error.stats().expanded, 50);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_expansions(mut self, limit: u64) -> Self {
        self.options.max_expansions = Some(limit);
        self
    }

    /// Stops the search with [`Limit::StoredStates`](crate::Limit::StoredStates)`(limit)` when
    /// storing one more state would make more than `limit`: a bound on memory, since every
    /// stored state costs the same. The depth-first searches and hill climbing store only their
    /// current path, so for them this bounds its length.
    ///
    /// # Arguments
    ///
    /// - `limit`: the most states held at once, counted as
    ///   [`Stats::stored`](crate::Stats::stored) counts them. A `u64`, as every count a
    ///   [`Search`] limits (see [`max_expansions`](Self::max_expansions)); an integer literal
    ///   needs no suffix, and a `usize` converts with `as u64`, which never truncates.
    ///
    /// # Returns
    ///
    /// This search, with the cap (replacing any set before).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Limit, Search};
    ///
    /// let endless = informed::from_fn_unit(0u64, |&n: &u64| [n + 1], |_| false);
    /// let error = Search::new(&endless).max_stored(20).bfs().unwrap_err();
    /// assert_eq!(error.limit(), Some(Limit::StoredStates(20)));
    /// assert_eq!(error.stats().stored, 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_stored(mut self, limit: u64) -> Self {
        self.options.max_stored = Some(limit);
        self
    }

    /// Prunes every state whose f = g + h exceeds `bound` (for the searches without a heuristic,
    /// whose g exceeds it; in the weighted searches h is unweighted). With an admissible
    /// heuristic this loses no path of cost at most `bound`; if none exists the search ends with
    /// [`SearchError::NoPath`]. A NaN bound is refused with [`SearchError::InvalidCostBound`].
    pub fn cost_bound(mut self, bound: P::Cost) -> Self {
        self.options.cost_bound = Some(bound);
        self
    }

    /// Stops the search with [`Limit::Deadline`](crate::Limit::Deadline) at the first expansion
    /// at or after the instant `deadline` (the depth-first searches: within 4,096 expansions of
    /// it). For a span of time counted from when the search starts, see
    /// [`time_limit`](Self::time_limit).
    ///
    /// An expansion under way is finished first, so the search returns after the deadline by
    /// up to one expansion's time: microseconds, but for the expansion that grows the node
    /// table, which moves it (measured up to about 1 s of processor time at 16 M stored states
    /// in the hashed table; the [`guide`](crate::guide), "Limits"). A
    /// [`max_stored`](Self::max_stored) cap bounds that.
    ///
    /// # Arguments
    ///
    /// - `deadline`: when the search must stop. One already past stops it before its first
    ///   expansion.
    ///
    /// # Returns
    ///
    /// This search, with the deadline (replacing any set before). With a
    /// [`time_limit`](Self::time_limit) too, whichever passes first stops the search, and the
    /// [`Limit`](crate::Limit) says which.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Instant;
    /// use informed::{Limit, Search};
    ///
    /// let endless = informed::from_fn_unit(0u64, |&n: &u64| [n + 1], |_| false);
    /// let error = Search::new(&endless).deadline(Instant::now()).bfs().unwrap_err();
    /// assert_eq!(error.limit(), Some(Limit::Deadline));
    /// assert_eq!(error.stats().expanded, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.options.deadline = Some(deadline);
        self
    }

    /// Stops the search with [`Limit::Time`](crate::Limit::Time)`(limit)` at the first
    /// expansion once `limit` has passed since the search started (the depth-first searches:
    /// within 4,096 expansions of it).
    ///
    /// The time is counted from when the search starts — when an algorithm's method is called
    /// on this `Search` (for [`stepper`](Self::stepper), when the stepper is made, so that the
    /// time between its steps counts) — not from when this setter is called: a `Search` set up
    /// ahead of time gets all of `limit`. [`deadline`](Self::deadline) takes an instant instead.
    ///
    /// # Arguments
    ///
    /// - `limit`: how long the search may run. Zero stops it before its first expansion; a
    ///   limit too long for the clock to count to (`Duration::MAX`) never passes.
    ///
    /// # Returns
    ///
    /// This search, with the time limit (replacing any set before). With a
    /// [`deadline`](Self::deadline) too, whichever passes first stops the search, and the
    /// [`Limit`](crate::Limit) says which.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use informed::{Limit, Search};
    ///
    /// let endless = informed::from_fn_unit(0u64, |&n: &u64| [n + 1], |_| false);
    /// let search = Search::new(&endless).time_limit(Duration::from_millis(20));
    /// let error = search.bfs().unwrap_err();
    /// assert_eq!(error.limit(), Some(Limit::Time(Duration::from_millis(20))));
    ///
    /// // A generous limit lets a search that ends finish.
    /// let line = informed::from_fn_unit(0u64, |&n: &u64| [n + 1], |&n| n == 100);
    /// let solution = Search::new(&line).time_limit(Duration::from_secs(60)).bfs()?;
    /// assert_eq!(solution.steps(), 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.options.time_limit = Some(limit);
        self
    }

    /// Stops the search with [`Limit::Cancelled`](crate::Limit::Cancelled) as soon as `cancel`
    /// returns `true`. It is called once before every expansion, so keep it cheap (reading an
    /// `AtomicBool`, say).
    pub fn cancel_when(mut self, cancel: impl FnMut() -> bool + 'a) -> Self {
        self.cancel = Some(Box::new(cancel));
        self
    }

    /// Sets the order among states of equal priority (default [`TieBreak::Fifo`]).
    pub fn tie_break(mut self, tie_break: TieBreak) -> Self {
        self.options.tie_break = tie_break;
        self
    }

    /// Sets which estimate goes first among states of equal f in A* and weighted A* (default
    /// [`EstimateTie::Smaller`]); the ties left go by [`tie_break`](Self::tie_break).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{EstimateTie, Search, TieBreak};
    ///
    /// // A line of states 0..=6; the goal is 6, and the estimate is exact from 3 on but 0
    /// // before, so states 0, 1 and 2 tie with 3 on f = 6.
    /// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 6);
    /// let h = |&n: &u32| if n >= 3 { 6 - n } else { 0 };
    /// let smaller = Search::new(&problem).astar(h)?;
    /// let larger = Search::new(&problem)
    ///     .estimate_tie(EstimateTie::Larger)
    ///     .tie_break(TieBreak::Random { seed: 7 })
    ///     .astar(h)?;
    /// assert_eq!(smaller.cost(), larger.cost());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate_tie(mut self, estimate_tie: EstimateTie) -> Self {
        self.options.estimate_tie = estimate_tie;
        self
    }

    /// Chooses how the node table hashes states (default [`Hashing::Fast`]).
    pub fn hashing(mut self, hashing: Hashing) -> Self {
        self.options.hashing = hashing;
        self
    }

    /// Chooses the open set's data structure (default [`OpenSet::Auto`]: the lazy heap for
    /// Dijkstra, and for the searches with an estimate on a hashed table with costs of 32 bits
    /// or fewer; the 4-ary heap with decrease-key for the other searches with an estimate; see
    /// [`OpenSet`] for the measurements behind that choice). Every choice gives the same results.
    pub fn open_set(mut self, open_set: OpenSet) -> Self {
        self.options.open_set = open_set;
        self
    }

    /// Chooses which cycles the depth-first searches cut (default [`CycleCheck::Path`]: every
    /// state on the current path; [`CycleCheck::Parent`] is what a tuned IDA* for the sliding
    /// puzzle does). The other searches keep a node table, and ignore it.
    ///
    /// ```
    /// use informed::{CycleCheck, Search};
    /// use informed::puzzle::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(4, 4)?;
    /// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
    /// let solution = Search::new(&problem)
    ///     .cycle_check(CycleCheck::Parent)
    ///     .idastar_with(puzzle.manhattan())?;
    /// assert_eq!(solution.cost(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cycle_check(mut self, cycle_check: CycleCheck) -> Self {
        self.options.cycle_check = cycle_check;
        self
    }

    /// Chooses whether weighted A* reopens closed states reached by a cheaper path (default
    /// [`Reopening::Always`], which keeps its bound for any admissible heuristic).
    /// [`Reopening::Never`] declares the heuristic consistent, with which the bound holds
    /// without reopening and fewer states are expanded. The other searches ignore it (see
    /// [`Reopening`]).
    ///
    /// ```
    /// use informed::{Reopening, Search};
    /// use informed::puzzle::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
    /// // Manhattan distance is consistent: each move changes it by exactly 1.
    /// let solution = Search::new(&problem)
    ///     .reopening(Reopening::Never)
    ///     .weighted_astar_with(puzzle.manhattan(), 2.0)?;
    /// assert_eq!(solution.stats().reopened, 0);
    /// assert!(solution.cost() <= 2 * 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reopening(mut self, reopening: Reopening) -> Self {
        self.options.reopening = reopening;
        self
    }

    /// Chooses whether A* and IDA* raise inconsistent estimates along their paths (default
    /// [`Pathmax::Off`]): pathmax or bidirectional pathmax (BPMX), which keep an admissible
    /// heuristic admissible and the solution's cost optimal, and expand fewer states where the
    /// heuristic is inconsistent. BPMX needs every step to be one that can be taken back at no
    /// greater cost. The other searches ignore it (see [`Pathmax`] for which read it and what
    /// exactly each does).
    ///
    /// # Example
    ///
    /// A* with BPMX on a heuristic that is admissible but not consistent (the start's estimate
    /// is 0, its neighbour 6's is 6): the same cost, fewer expansions.
    ///
    /// ```
    /// use informed::{Pathmax, Search};
    ///
    /// // A dead-end chain 1 – 2 – 3 – 4 off the start 0; the goal 5, one step of 5 away.
    /// let steps = |&n: &u32| -> Vec<(u32, u32)> {
    ///     match n {
    ///         0 => vec![(1, 1), (5, 5), (6, 1)],
    ///         1 => vec![(0, 1), (2, 1)],
    ///         2 => vec![(1, 1), (3, 1)],
    ///         3 => vec![(2, 1), (4, 1)],
    ///         4 => vec![(3, 1)],
    ///         5 => vec![(0, 5)],
    ///         _ => vec![(0, 1)],
    ///     }
    /// };
    /// let problem = informed::from_fn(0u32, steps, |&n| n == 5);
    /// let h = |&n: &u32| if n == 6 { 6 } else { 0 };
    /// let plain = Search::new(&problem).astar(h)?;
    /// let bpmx = Search::new(&problem).pathmax(Pathmax::Bidirectional).astar(h)?;
    /// assert_eq!(bpmx.cost(), plain.cost());
    /// assert!(bpmx.stats().expanded < plain.stats().expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pathmax(mut self, pathmax: Pathmax) -> Self {
        self.options.pathmax = pathmax;
        self
    }

    /// Chooses the node table (default [`NodeTable::Auto`]: without hashing where the problem
    /// numbers its states, see [`SearchProblem::index_bound`]). Every choice gives the same
    /// results.
    pub fn node_table(mut self, node_table: NodeTable) -> Self {
        self.options.node_table = node_table;
        self
    }

    /// Sends every event of the search to `observer` (usually `&mut your_observer`, so that you
    /// keep it afterwards), in place of any observer set before.
    pub fn observer<O2: Observer<P::State, P::Cost>>(self, observer: O2) -> Search<'a, P, O2> {
        self.with_observer(observer)
    }

    /// Sends every event of the search to the closure `on_event`, in place of any observer set
    /// before.
    ///
    /// ```
    /// use informed::{Event, Search};
    ///
    /// let problem = informed::from_fn(0u8, |&n: &u8| [(n + 1, 1u8)], |&n| n == 2);
    /// let mut expanded = Vec::new();
    /// Search::new(&problem)
    ///     .on_event(|event| {
    ///         if let Event::Expand { state, g, .. } = event {
    ///             expanded.push((*state, g));
    ///         }
    ///     })
    ///     .astar(|&n: &u8| 2 - n)?;
    /// assert_eq!(expanded, [(0, 0), (1, 1), (2, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_event<F>(self, on_event: F) -> Search<'a, P, FnObserver<F>>
    where
        F: FnMut(Event<'_, P::State, P::Cost>),
    {
        self.with_observer(FnObserver(on_event))
    }
}

//! A* that spans frames: run for a budget of expansions or time per call, with a partial path
//! after every call.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::best_first::{ErasedEngine, Ranking};
use crate::engine::suspended::{Stepped, Suspended};
use crate::error::{InvalidWeight, SearchError};
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{NoObserver, Observer};
use crate::problem::SearchProblem;
use crate::progress::{Partial, Stats};
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// How many expansions a call of [`Resumable::run`] makes between two readings of the clock,
/// when its [`Budget`] has a time: reading it costs about as much as a cheap expansion.
pub(crate) const CLOCK_POLL: u64 = 8;

/// How much one call of [`Resumable::run`] may do before it returns: a number of expansions, a
/// time, a deadline, or any of them together (the call returns at the first one reached).
/// [`Budget::unlimited`], the default, runs the search to its end.
///
/// Expansions are counted as [`Stats::expanded`] counts them (the goal's included). The clock is
/// read before the first expansion of a call and then once every 8 expansions, so a call can
/// run up to 8 expansions past its time; a call whose time has already passed expands nothing.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use informed::Budget;
///
/// // A frame of a game: 200 expansions, and never more than 2 ms.
/// let frame = Budget::expansions(200).time_limit(Duration::from_millis(2));
/// assert_eq!(frame, Budget::time(Duration::from_millis(2)).max_expansions(200));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Budget {
    expansions: Option<u64>,
    time: Option<Duration>,
    deadline: Option<Instant>,
}

impl Budget {
    /// No bound: the call runs the search to its end.
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// At most `limit` expansions.
    pub fn expansions(limit: u64) -> Self {
        Budget::unlimited().max_expansions(limit)
    }

    /// At most `limit` of time, counted from the start of the call.
    pub fn time(limit: Duration) -> Self {
        Budget::unlimited().time_limit(limit)
    }

    /// Until `deadline`.
    pub fn until(deadline: Instant) -> Self {
        Budget::unlimited().deadline(deadline)
    }

    /// This budget, with at most `limit` expansions (replacing any cap set before).
    pub fn max_expansions(mut self, limit: u64) -> Self {
        self.expansions = Some(limit);
        self
    }

    /// This budget, with at most `limit` of time from the start of the call (replacing any time
    /// set before).
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time = Some(limit);
        self
    }

    /// This budget, ending at `deadline` (replacing any deadline set before).
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The cap on expansions, if the budget has one.
    pub(crate) fn expansion_cap(&self) -> Option<u64> {
        self.expansions
    }

    /// When a call that starts now must stop, if it has a time or a deadline. A time that
    /// reaches past the end of `Instant`'s range never passes.
    pub(crate) fn stop_at(&self) -> Option<Instant> {
        let by_time = self
            .time
            .and_then(|limit| Instant::now().checked_add(limit));
        match (self.deadline, by_time) {
            (Some(deadline), Some(by_time)) => Some(deadline.min(by_time)),
            (deadline, by_time) => deadline.or(by_time),
        }
    }
}

/// Which stored state the partial path of a [`Resumable`] search (or of a jump point search
/// spread over calls, [`JumpPointQuery`](crate::grid::JumpPointQuery), which says what it
/// guarantees there) leads to.
///
/// Measured on 200 scenarios each of Moving AI's `arena2` and `8room_000` (`docs/benchmarks.md`,
/// "Grids for games"): following the partial path after one call of 100 or 1,000 expansions,
/// and then the rest of the way optimally, costs on average 1.072 and 1.082 times the optimum on
/// arena2 with [`LeastF`](Self::LeastF), 1.124 and 1.158 with
/// [`LeastEstimate`](Self::LeastEstimate), whose state runs further ahead and into the rooms'
/// pockets; on 8room_000, 1.017 and 1.028 against 1.025 and 1.027. `LeastF` is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PartialTarget {
    /// The state A* expands next: the open state of least f = g + h, ties to the smaller h (the
    /// deepest), then by the search's [`TieBreak`](crate::TieBreak). The default.
    ///
    /// What it guarantees, for step costs that are not negative:
    ///
    /// - with an admissible h, its f = g + h is at most the cost of an optimal solution: a lower
    ///   bound on the cost of every path to a goal;
    /// - with a consistent h, its g is the least cost of reaching it, so the partial path is a
    ///   least-cost path to its last state, and f does not decrease from one call to the next.
    ///
    /// It does not guarantee that the state lies on an optimal solution: going on from it can
    /// cost more than the optimum, by an amount nothing bounds. With h = 0 (Dijkstra's
    /// algorithm) it is the open state nearest the starts.
    ///
    /// Costs nothing per expansion; the path is rebuilt at the end of each call.
    #[default]
    LeastF,
    /// The stored state of least h (ties: the smaller g, then the one stored first): the state
    /// the search has come nearest the goal by its own estimate, the one
    /// [`SearchError::best`] leads to. Where every stored h is 0 (no heuristic), the state
    /// stored last.
    ///
    /// It guarantees nothing about the path: a state of small h can lie in a pocket that the way
    /// to the goal must leave by where it came in, and its g need not be the least cost of
    /// reaching it.
    ///
    /// Costs a comparison for each state stored or reached by a cheaper path.
    LeastEstimate,
}

/// What a call of [`Resumable::run`] left: a search still running, with its partial path, or
/// the search's outcome.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress<S, C> {
    /// The budget ran out before the search ended; the next call goes on from here.
    Running {
        /// The path from a start to the state the [`PartialTarget`] chooses.
        partial: Partial<S, C>,
        /// The work done so far, over every call.
        stats: Stats,
    },
    /// The search ended, with what [`astar`](crate::astar) returns for the same problem,
    /// heuristic and options.
    Done(Result<Solution<S, C>, SearchError<S, C>>),
}

impl<S, C: Copy> Progress<S, C> {
    /// Whether the search ended.
    pub fn is_done(&self) -> bool {
        matches!(self, Progress::Done(_))
    }

    /// The work done so far, over every call.
    pub fn stats(&self) -> Stats {
        match self {
            Progress::Running { stats, .. } => *stats,
            Progress::Done(Ok(solution)) => solution.stats(),
            Progress::Done(Err(error)) => error.stats(),
        }
    }
}

/// An A* search that runs for a [`Budget`] per call of [`run`](Self::run) and goes on where it
/// stopped at the next call: for games, which have a few milliseconds a frame for all their
/// units' searches, and for any program that must stay responsive while it searches.
///
/// After each call that leaves the search running it gives a partial path, to the state its
/// [`PartialTarget`] chooses, so that a unit can start moving at once. The search is the one
/// [`astar`](crate::astar) runs, with every option of the [`Search`] it was made from (limits
/// over the whole search, tie-breaking, node table, open set, observer): the same expansions in
/// the same order, and at the end the same solution (or error) with the same [`Stats`],
/// however the work is split into calls. With [`Zero`](crate::Zero) as the heuristic it is
/// Dijkstra's algorithm; [`Search::resumable_weighted`] makes a weighted A* search.
///
/// It owns its node table and open set, and borrows the problem: keep it beside the map it
/// searches (or in a scope that holds the map) for as many frames as the search takes. The
/// limits of the [`Search`] bound the whole search; a time limit is counted from when the
/// `Resumable` was made. It stays on the thread that made it: like a [`Search`] and a
/// [`Stepper`](crate::Stepper) it is not [`Send`] (it may hold a cancel callback, and its data
/// structures are chosen at run time behind a trait object). Made by [`resumable`],
/// [`resumable_with`], [`Search::resumable`] or [`Search::resumable_with`].
///
/// # Example: a game loop
///
/// Each frame the search gets 200 expansions, and the unit takes a step along the partial path
/// while that path still goes through where the unit stands.
///
/// ```
/// use informed::grid::{Cell, Grid, Movement, Octile};
/// use informed::{Budget, Progress};
///
/// // A room whose way out is at its top left corner: the octile distance draws the search
/// // into the room, toward the goal beyond its right wall, before it finds the way round.
/// let mut rows = vec![".".repeat(40), format!(".{}....", "#".repeat(35))];
/// rows.extend((0..8).map(|_| format!("{}#....", ".".repeat(35))));
/// let grid = Grid::from_ascii(&rows.join("\n"))?;
/// let (start, goal) = (Cell::new(0, 9), Cell::new(39, 9));
/// let problem = grid.problem(start, goal, Movement::Eight)?;
/// let mut search = informed::resumable_with(&problem, Octile::to(goal));
///
/// // The cells the unit has walked through, from the start.
/// let mut walked = vec![start];
/// let mut frames = 0;
/// let solution = loop {
///     frames += 1;
///     match search.run(Budget::expansions(200)) {
///         Progress::Running { partial, .. } => {
///             let path = partial.path();
///             if path.len() > walked.len() && path.starts_with(&walked) {
///                 walked.push(path[walked.len()]);
///             }
///         }
///         Progress::Done(outcome) => break outcome?,
///     }
/// };
/// // From here the unit walks back to where its steps left the solution's path, if they did,
/// // and then along the rest of the solution.
/// let shared = walked.iter().zip(solution.path()).take_while(|(a, b)| a == b).count();
/// let back = &walked[shared..];
/// let on = &solution.path()[shared..];
/// assert!(frames > 1);
/// assert_eq!(solution, informed::astar_with(&problem, Octile::to(goal))?);
/// # let _ = (back, on);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Resumable<'a, P: SearchProblem, H, O = NoObserver> {
    search: Suspended<'a, P, H, O>,
    target: PartialTarget,
    least: LeastEstimate,
    /// The search's outcome, once it has ended: every later call returns it again.
    outcome: Option<SearchResult<P>>,
}

impl<'a, P, H, O> Resumable<'a, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    /// A search ranked by g + `weight`·h (A* for `None`); a refused weight or option is
    /// reported by the first call.
    fn new(search: Search<'a, P, O>, heuristic: H, weight: Option<f64>) -> Self {
        let (ranking, refused) = match weight.map(InvalidWeight::check) {
            None => (Ranking::Cost, None),
            Some(Ok(weight)) => (Ranking::Weighted(weight, search.options().reopening), None),
            Some(Err(error)) => (Ranking::Cost, Some(SearchError::from(error))),
        };
        let refused = refused.or_else(|| search.options().check().err());
        let setup = search.into_setup_unchecked();
        Resumable {
            search: Suspended::new(setup, refused, heuristic, ranking),
            target: PartialTarget::default(),
            least: LeastEstimate::default(),
            outcome: None,
        }
    }

    /// This search, with its partial paths leading to the state `target` chooses from now on
    /// (see [`PartialTarget`]). It can be changed between any two calls; the expansions are the
    /// same whatever it is.
    pub fn partial_target(mut self, target: PartialTarget) -> Self {
        if target != self.target {
            // Kept only while it is the target: found again from the whole table if it
            // becomes the target again.
            self.least = LeastEstimate::default();
            self.target = target;
        }
        self
    }

    /// Runs the search until it ends or `budget` runs out.
    ///
    /// # Arguments
    ///
    /// - `budget`: how many expansions, or how much time, this call may spend (see [`Budget`]).
    ///
    /// # Returns
    ///
    /// [`Progress::Running`] with the partial path and the statistics so far if the budget ran
    /// out first; [`Progress::Done`] with [`astar`](crate::astar)'s outcome once the search
    /// ended, in this call or an earlier one (every call after the end returns it again).
    ///
    /// # Errors
    ///
    /// None of its own: [`Progress::Done`] carries those of [`astar`](crate::astar), which
    /// include the limits of the [`Search`] it was made from. A budget that runs out is no
    /// error.
    ///
    /// # Complexity
    ///
    /// The expansions it makes cost what they cost in [`astar`](crate::astar); a call that
    /// returns [`Progress::Running`] then rebuilds the partial path, in O(its length), and with
    /// [`PartialTarget::LeastEstimate`] compares each state stored or improved by the call with
    /// the best so far. It allocates the path it returns. Measured (callgrind,
    /// `docs/benchmarks.md`): Moving AI searches split into calls of 100 expansions take 1.029×
    /// (arena2) and 1.062× (8room_000, longer paths) the instructions of one
    /// [`astar`](crate::astar) call each with [`PartialTarget::LeastF`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Budget, Progress};
    ///
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 10);
    /// let mut search = informed::resumable(&line, |&n: &u32| 10 - n.min(10));
    /// match search.run(Budget::expansions(4)) {
    ///     Progress::Running { partial, stats } => {
    ///         assert_eq!(stats.expanded, 4);
    ///         assert_eq!(partial.path(), [0, 1, 2, 3, 4]);
    ///     }
    ///     Progress::Done(_) => unreachable!("a goal 11 expansions away"),
    /// }
    /// let Progress::Done(outcome) = search.run(Budget::unlimited()) else {
    ///     unreachable!("an unlimited budget ends the search");
    /// };
    /// assert_eq!(outcome?.stats().expanded, 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&mut self, budget: Budget) -> Progress<P::State, P::Cost> {
        if let Some(outcome) = &self.outcome {
            return Progress::Done(outcome.clone());
        }
        if let Some(error) = self.search.begin() {
            return self.finish(Err(error));
        }
        let stop_at = budget.stop_at();
        let mut left = budget.expansions.unwrap_or(u64::MAX);
        let noting = self.target == PartialTarget::LeastEstimate;
        // An empty open set ends the search at the next expansion whatever the budget: the
        // budget is asked only while there is something to expand.
        while self.search.engine().open_len() > 0 {
            if left == 0 {
                break;
            }
            // The expansions until the clock is read again.
            let chunk = match stop_at {
                Some(at) if Instant::now() >= at => break,
                Some(_) => left.min(CLOCK_POLL),
                None => left,
            };
            let improved = noting.then_some(&mut self.least.improved);
            match self.search.advance(chunk, improved) {
                Some(Ok(Stepped::Expanded(_))) => {}
                Some(Ok(Stepped::Found(solution))) => return self.finish(Ok(solution)),
                Some(Err(error)) => return self.finish(Err(error)),
                None => unreachable!("a search that has not returned its outcome goes on"),
            }
            if noting {
                self.least.catch_up(self.search.engine());
            }
            left -= chunk;
        }
        if self.search.engine().open_len() == 0 {
            // Nothing left to expand: the next expansion reports it.
            return match self.search.advance(1, None) {
                Some(Err(error)) => self.finish(Err(error)),
                Some(Ok(Stepped::Found(solution))) => self.finish(Ok(solution)),
                _ => unreachable!("a search with an empty open set ends at its next expansion"),
            };
        }
        let partial = self
            .partial()
            .expect("a search with states to expand has stored one");
        Progress::Running {
            partial,
            stats: self.search.stats(),
        }
    }

    /// Keeps `outcome` for the calls to come, and returns it.
    fn finish(&mut self, outcome: SearchResult<P>) -> Progress<P::State, P::Cost> {
        self.outcome = Some(outcome.clone());
        self.least = LeastEstimate::default();
        Progress::Done(outcome)
    }

    /// The partial path the search would return now (see [`PartialTarget`]): `None` before the
    /// first call and after the search ended.
    ///
    /// # Complexity
    ///
    /// O(the path's length), and with [`PartialTarget::LeastEstimate`] a comparison for each
    /// state stored since the last call (of every stored state, the first time after the
    /// target changed).
    pub fn partial(&mut self) -> Option<Partial<P::State, P::Cost>> {
        if self.outcome.is_some() || !self.search.is_started() {
            return None;
        }
        let index = match self.target {
            PartialTarget::LeastF => self.search.engine_mut().peek()?,
            PartialTarget::LeastEstimate => {
                self.least.catch_up(self.search.engine());
                self.least.target(self.search.engine())?
            }
        };
        let engine = self.search.engine();
        let (_, node) = engine.entry(index);
        Some(Partial {
            path: engine.path(index),
            cost: node.g,
            estimate: node.h,
        })
    }

    /// The statistics so far, over every call.
    pub fn stats(&self) -> Stats {
        match &self.outcome {
            Some(Ok(solution)) => solution.stats(),
            Some(Err(error)) => error.stats(),
            None => self.search.stats(),
        }
    }

    /// Whether the search ended (its outcome was returned).
    pub fn is_done(&self) -> bool {
        self.outcome.is_some()
    }
}

impl<P: SearchProblem, H, O> fmt::Debug for Resumable<'_, P, H, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resumable")
            .field("target", &self.target)
            .field("started", &self.search.is_started())
            .field("done", &self.outcome.is_some())
            .finish_non_exhaustive()
    }
}

/// The stored state of least h (ties: less g, then stored first), kept up to date as states are
/// stored and improved, rather than found by a scan of the whole table on every call.
///
/// A state's key (h, g) only ever decreases (h is fixed when it is stored, g only improves), and
/// every decrease is looked at after it happens (a new state by the scan of the states stored
/// since the last one, an improved one through `improved`), so the best so far, compared by its
/// current key, stays the least of all.
#[derive(Default)]
struct LeastEstimate {
    best: Option<usize>,
    /// The states before this index have been looked at.
    seen: usize,
    /// Whether some stored state has an h other than 0.
    informed: bool,
    /// States reached by a cheaper path since they were last looked at.
    improved: Vec<usize>,
}

impl LeastEstimate {
    /// Looks at the states stored or improved since the last time.
    fn catch_up<P: SearchProblem, H, O>(&mut self, engine: &dyn ErasedEngine<P, H, O>) {
        let (best, informed) = engine.least_estimate(self.best, &self.improved, self.seen);
        self.best = best;
        self.informed |= informed;
        self.improved.clear();
        self.seen = engine.len();
    }

    /// The state the partial path leads to: the best, or where no state has an h other than 0,
    /// the last stored (as for [`SearchError::best`]).
    fn target<P: SearchProblem, H, O>(&self, engine: &dyn ErasedEngine<P, H, O>) -> Option<usize> {
        if self.informed {
            self.best
        } else {
            engine.len().checked_sub(1)
        }
    }
}

/// An A* search of `problem` with `heuristic`, to run for a budget at a time (see
/// [`Resumable`]).
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: a closure, as for [`astar`](crate::astar) (`|_| 0` runs Dijkstra's
///   algorithm); [`resumable_with`] takes a heuristic that is a type.
///
/// # Returns
///
/// A [`Resumable`] search that has not stored anything yet; its partial paths lead to the
/// default [`PartialTarget`].
///
/// # Errors
///
/// None here: [`Resumable::run`] returns those of [`astar`](crate::astar) when the search ends.
///
/// # Complexity
///
/// As for [`astar`](crate::astar), spread over the calls (see [`Resumable::run`]).
///
/// # Example
///
/// ```
/// use informed::{Budget, Progress};
///
/// let ring = informed::from_fn(0u8, |&n: &u8| [((n + 1) % 20, 1u32), ((n + 19) % 20, 1)], |&n| n == 10);
/// let mut search = informed::resumable(&ring, |_| 0);
/// let mut calls = 0;
/// let solution = loop {
///     calls += 1;
///     if let Progress::Done(outcome) = search.run(Budget::expansions(5)) {
///         break outcome?;
///     }
/// };
/// assert_eq!((solution.cost(), calls), (10, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resumable<P, F>(problem: &P, heuristic: F) -> Resumable<'_, P, F>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).resumable_with(heuristic)
}

/// [`resumable`] with a heuristic of any type that implements [`Heuristic`] (the ready-made
/// ones, [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why
/// the closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`resumable`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// See [`Resumable`].
pub fn resumable_with<P, H>(problem: &P, heuristic: H) -> Resumable<'_, P, H>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).resumable_with(heuristic)
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// An A* search with this search's options and a closure heuristic, to run for a budget at
    /// a time (see [`Resumable`]). A NaN cost bound is reported by the first call.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Budget, Limit, Progress, Search};
    ///
    /// // The search's own limits bound the whole search, whatever the budgets.
    /// let endless = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u32)], |_| false);
    /// let mut search = Search::new(&endless).max_expansions(25).resumable(|_| 0);
    /// assert!(!search.run(Budget::expansions(20)).is_done());
    /// let Progress::Done(Err(error)) = search.run(Budget::expansions(20)) else {
    ///     unreachable!("the cap ends the search");
    /// };
    /// assert_eq!((error.limit(), error.stats().expanded), (Some(Limit::Expansions(25)), 25));
    /// ```
    pub fn resumable<F: HeuristicFn<P::State, P::Cost>>(
        self,
        heuristic: F,
    ) -> Resumable<'a, P, F, O> {
        self.resumable_with(heuristic)
    }

    /// An A* search with this search's options, to run for a budget at a time (see
    /// [`Resumable`]). A NaN cost bound is reported by the first call.
    pub fn resumable_with<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
    ) -> Resumable<'a, P, H, O> {
        Resumable::new(self, heuristic, None)
    }

    /// A weighted A* search ([`weighted_astar`](crate::weighted_astar)) with this search's
    /// options and a closure heuristic, to run for a budget at a time (see [`Resumable`]): it
    /// expands by g + `weight`·h, and ends with what [`Search::weighted_astar`] returns. Its
    /// [`PartialTarget::LeastF`] is the state it expands next, the least g + `weight`·h; the
    /// guarantees stated there hold for a weight of at most 1 with g + `weight`·h in place of f
    /// (`weight`·h is then admissible, or consistent, where h is), and for none above 1.
    ///
    /// # Errors
    ///
    /// A negative, NaN or infinite weight ([`SearchError::InvalidWeight`]) and a NaN cost bound
    /// are reported by the first call, as [`Progress::Done`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Budget, Progress, Search};
    ///
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n.saturating_sub(1), 1)], |&n| n == 30);
    /// let h = |&n: &u32| 30 - n.min(30);
    /// let mut search = Search::new(&line).resumable_weighted(h, 2.0);
    /// let outcome = loop {
    ///     if let Progress::Done(outcome) = search.run(Budget::expansions(10)) {
    ///         break outcome;
    ///     }
    /// };
    /// assert_eq!(outcome, Search::new(&line).weighted_astar(h, 2.0));
    /// ```
    pub fn resumable_weighted<F: HeuristicFn<P::State, P::Cost>>(
        self,
        heuristic: F,
        weight: f64,
    ) -> Resumable<'a, P, F, O> {
        self.resumable_weighted_with(heuristic, weight)
    }

    /// [`resumable_weighted`](Self::resumable_weighted) with a heuristic of any
    /// [`Heuristic`] type.
    ///
    /// # Errors
    ///
    /// As for [`resumable_weighted`](Self::resumable_weighted).
    pub fn resumable_weighted_with<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
        weight: f64,
    ) -> Resumable<'a, P, H, O> {
        Resumable::new(self, heuristic, Some(weight))
    }
}

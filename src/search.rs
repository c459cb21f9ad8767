//! The `Search` builder: options, limits and an observer for any algorithm.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use crate::{
    Cost, FnObserver, Heuristic, Limit, NoObserver, Observer, SearchError, SearchProblem, Solution,
    Stats,
};

/// What every algorithm returns: a [`Solution`], or a [`SearchError`] saying why there is none.
pub type SearchResult<P> = Result<SolutionOf<P>, ErrorOf<P>>;

/// The [`Solution`] type of a problem `P`.
pub type SolutionOf<P> = Solution<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// The [`SearchError`] type of a problem `P`.
pub type ErrorOf<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// How a search orders states whose priorities are equal in every other respect.
///
/// Best-first searches first rank by their priority (f = g + h for A*), then prefer the smaller h
/// (the state with more of its cost already measured, so nearer the goal). This option breaks the
/// ties that remain, by the order in which states were first stored (first generated); a
/// cheaper path found later does not change a state's place.
///
/// Neither order is better in general. On the workloads of `docs/benchmarks.md` the two expand
/// within 0.5% of each other, except on a 512² grid with 25% walls, where A* with Manhattan
/// expands 8,646 states with FIFO and 15,332 with LIFO; and FIFO is cheaper on plateaus, where a
/// new state joins the back of its tie instead of climbing past it in the heap. So FIFO is the
/// default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// The state stored most recently first: depth-first order among ties.
    Lifo,
    /// The state stored first, first: breadth-first order among ties. The default.
    #[default]
    Fifo,
}

/// Which node table a best-first search keeps its states in.
///
/// Both give the same results (the same expansions in the same order); they differ in speed and
/// memory (see `docs/benchmarks.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeTable {
    /// Vectors indexed by the problem's dense numbering of states where it has one
    /// ([`SearchProblem::index_bound`] is `Some`: grids, graphs), a hash map otherwise. The
    /// default.
    #[default]
    Auto,
    /// A hash map from state to node, even where the problem numbers its states.
    Hashed,
}

/// How a node table hashes states (when it hashes them; see [`NodeTable`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Hashing {
    /// [`FastHasher`](crate::FastHasher): a multiply-and-add hash of the state's words. Much
    /// faster than SipHash on the small states searches usually have, but not resistant to
    /// inputs crafted to collide.
    #[default]
    Fast,
    /// The standard library's `RandomState` (SipHash-1-3 with random keys): slower, and
    /// resistant to hash flooding, for states that come from untrusted input.
    Std,
}

/// The data structure holding the open set of a best-first search.
///
/// All give the same results (the same expansions in the same order); they differ in speed and
/// memory (see `docs/benchmarks.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpenSet {
    /// A binary heap with decrease-key: each state is queued once, and a cheaper path moves it
    /// up in place.
    BinaryHeap,
    /// A 4-ary heap with decrease-key, the default: as the binary heap, but half as deep, with
    /// the four children of a node side by side in memory. Faster on the benchmarks.
    #[default]
    QuaternaryHeap,
    /// A binary heap with lazy deletion: a cheaper path pushes the state again, and outdated
    /// entries are skipped when they reach the top. Its size can exceed the open set's.
    LazyHeap,
}

/// A search algorithm chosen at run time, for programs that take it as an option.
///
/// Parses from `bfs`, `dijkstra`, `greedy`, `astar`, `wastar:W` (weighted A* with weight W),
/// `idastar`, `iddfs`, `dfs:D` (depth-first to depth D), `hill` (hill climbing) and `beam:W`
/// (beam search of width W).
///
/// # Example
///
/// ```
/// use informed::{Algorithm, Search};
///
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n + 1, 1), (n - 1, 1)], |&n| n == 5);
/// let algorithm: Algorithm = "astar".parse()?;
/// let solution = Search::new(&problem).run(algorithm, |&n: &i32| (5 - n).abs())?;
/// assert_eq!(solution.cost(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Algorithm {
    /// Breadth-first search ([`bfs`](crate::bfs)); ignores the heuristic.
    Bfs,
    /// Dijkstra's algorithm ([`dijkstra`](crate::dijkstra)); ignores the heuristic.
    Dijkstra,
    /// Greedy best-first search ([`greedy`](crate::greedy)).
    Greedy,
    /// A* ([`astar`](crate::astar)).
    AStar,
    /// Weighted A* ([`weighted_astar`](crate::weighted_astar)) with this weight.
    WeightedAStar(f64),
    /// IDA* ([`idastar`](crate::idastar)).
    IdaStar,
    /// Iterative deepening ([`iddfs`](crate::iddfs)); ignores the heuristic.
    Iddfs,
    /// Depth-first search to this depth ([`depth_first`](crate::depth_first)); ignores the
    /// heuristic.
    DepthFirst(usize),
    /// Hill climbing on the heuristic ([`hill_climbing`](crate::hill_climbing)), without
    /// restarts.
    HillClimbing,
    /// Beam search of this width ([`beam_search`](crate::beam_search)).
    BeamSearch(usize),
}

impl Algorithm {
    /// Every algorithm's name, as [`FromStr`] accepts it.
    pub const NAMES: &'static [&'static str] = &[
        "bfs", "dijkstra", "greedy", "astar", "wastar:W", "idastar", "iddfs", "dfs:D", "hill",
        "beam:W",
    ];
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Bfs => f.write_str("bfs"),
            Algorithm::Dijkstra => f.write_str("dijkstra"),
            Algorithm::Greedy => f.write_str("greedy"),
            Algorithm::AStar => f.write_str("astar"),
            Algorithm::WeightedAStar(w) => write!(f, "wastar:{w}"),
            Algorithm::IdaStar => f.write_str("idastar"),
            Algorithm::Iddfs => f.write_str("iddfs"),
            Algorithm::DepthFirst(depth) => write!(f, "dfs:{depth}"),
            Algorithm::HillClimbing => f.write_str("hill"),
            Algorithm::BeamSearch(width) => write!(f, "beam:{width}"),
        }
    }
}

/// The error of parsing an [`Algorithm`]: the text that named none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm {:?}: expected one of {}",
            self.name,
            Algorithm::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownAlgorithm { name: s.to_owned() };
        Ok(match s.to_ascii_lowercase().as_str() {
            "bfs" => Algorithm::Bfs,
            "dijkstra" => Algorithm::Dijkstra,
            "greedy" => Algorithm::Greedy,
            "astar" | "a*" => Algorithm::AStar,
            "idastar" | "ida*" => Algorithm::IdaStar,
            "iddfs" => Algorithm::Iddfs,
            "hill" | "hill-climbing" => Algorithm::HillClimbing,
            other => {
                if let Some(depth) = other.strip_prefix("dfs:") {
                    Algorithm::DepthFirst(depth.parse().map_err(|_| unknown())?)
                } else if let Some(width) = other.strip_prefix("beam:") {
                    Algorithm::BeamSearch(width.parse().map_err(|_| unknown())?)
                } else {
                    let weight = other
                        .strip_prefix("wastar:")
                        .ok_or_else(unknown)?
                        .parse::<f64>()
                        .map_err(|_| unknown())?;
                    Algorithm::WeightedAStar(weight)
                }
            }
        })
    }
}

/// A search with options: limits, tie-breaking and an observer.
///
/// The free functions ([`astar`](crate::astar), [`dijkstra`](crate::dijkstra), …) run with the
/// defaults; `Search` sets options first and then runs any algorithm:
///
/// - [`max_expansions`](Self::max_expansions): stop after expanding that many nodes.
/// - [`max_stored`](Self::max_stored): stop before storing more states than that (a memory bound).
/// - [`cost_bound`](Self::cost_bound): prune successors whose f = g + h exceeds the bound.
/// - [`deadline`](Self::deadline) and [`cancel_when`](Self::cancel_when): stop from outside.
/// - [`tie_break`](Self::tie_break): the order among equal priorities.
/// - [`observer`](Self::observer) / [`on_event`](Self::on_event): watch every step.
///
/// A search stopped by a limit returns [`SearchError::LimitReached`] with the statistics of the
/// work done and its most promising partial path.
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
    pub(crate) problem: &'a P,
    pub(crate) options: Options<P::Cost>,
    pub(crate) cancel: Option<Box<dyn FnMut() -> bool + 'a>>,
    pub(crate) observer: O,
}

impl<P: SearchProblem, O> fmt::Debug for Search<'_, P, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("max_expansions", &self.options.max_expansions)
            .field("max_stored", &self.options.max_stored)
            .field("cost_bound", &self.options.cost_bound)
            .field("deadline", &self.options.deadline)
            .field("tie_break", &self.options.tie_break)
            .field("hashing", &self.options.hashing)
            .field("open_set", &self.options.open_set)
            .field("node_table", &self.options.node_table)
            .field("cancel_when", &self.cancel.is_some())
            .finish_non_exhaustive()
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Options<C> {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) max_stored: Option<usize>,
    pub(crate) cost_bound: Option<C>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) tie_break: TieBreak,
    pub(crate) hashing: Hashing,
    pub(crate) open_set: OpenSet,
    pub(crate) node_table: NodeTable,
}

impl<'a, P: SearchProblem> Search<'a, P> {
    /// A search of `problem` with no limits, FIFO tie-breaking and no observer.
    pub fn new(problem: &'a P) -> Self {
        Search {
            problem,
            options: Options {
                max_expansions: None,
                max_stored: None,
                cost_bound: None,
                deadline: None,
                tie_break: TieBreak::default(),
                hashing: Hashing::default(),
                open_set: OpenSet::default(),
                node_table: NodeTable::default(),
            },
            cancel: None,
            observer: NoObserver,
        }
    }
}

impl<'a, P: SearchProblem, O> Search<'a, P, O> {
    /// The search taken apart for an algorithm to run: the problem, the limits and options as a
    /// [`Control`], and the observer.
    pub(crate) fn into_parts(self) -> (&'a P, Control<'a, P::Cost>, O) {
        let Search {
            problem,
            options,
            cancel,
            observer,
        } = self;
        (problem, Control::new(options, cancel), observer)
    }
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// Stops the search with [`Limit::Expansions`] once it has expanded `limit` nodes and would
    /// expand one more. A search that needs exactly `limit` expansions still succeeds.
    pub fn max_expansions(mut self, limit: u64) -> Self {
        self.options.max_expansions = Some(limit);
        self
    }

    /// Stops the search with [`Limit::StoredStates`] when storing one more state would make more
    /// than `limit`: a bound on memory, since every stored state costs the same.
    pub fn max_stored(mut self, limit: usize) -> Self {
        self.options.max_stored = Some(limit);
        self
    }

    /// Prunes every successor whose f = g + h exceeds `bound` (for [`bfs`](crate::bfs) and
    /// [`dijkstra`](crate::dijkstra), whose g exceeds it). With an admissible heuristic this
    /// loses no path of cost at most `bound`; if none exists the search ends with
    /// [`SearchError::NoPath`].
    pub fn cost_bound(mut self, bound: P::Cost) -> Self {
        self.options.cost_bound = Some(bound);
        self
    }

    /// Stops the search with [`Limit::Deadline`] at the first expansion after `deadline`.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.options.deadline = Some(deadline);
        self
    }

    /// Stops the search with [`Limit::Cancelled`] as soon as `cancel` returns `true`. It is called
    /// once before every expansion, so keep it cheap (reading an `AtomicBool`, say).
    pub fn cancel_when(mut self, cancel: impl FnMut() -> bool + 'a) -> Self {
        self.cancel = Some(Box::new(cancel));
        self
    }

    /// Sets the order among states of equal priority (default [`TieBreak::Fifo`]).
    pub fn tie_break(mut self, tie_break: TieBreak) -> Self {
        self.options.tie_break = tie_break;
        self
    }

    /// Chooses how the node table hashes states (default [`Hashing::Fast`]).
    pub fn hashing(mut self, hashing: Hashing) -> Self {
        self.options.hashing = hashing;
        self
    }

    /// Chooses the open set's data structure (default [`OpenSet::QuaternaryHeap`]). Every choice
    /// gives the same results.
    pub fn open_set(mut self, open_set: OpenSet) -> Self {
        self.options.open_set = open_set;
        self
    }

    /// The bound of the problem's dense numbering, where the node table is to use it.
    pub(crate) fn dense_bound(&self) -> Option<usize> {
        match self.options.node_table {
            NodeTable::Auto => self.problem.index_bound(),
            NodeTable::Hashed => None,
        }
    }

    /// Chooses the node table (default [`NodeTable::Auto`]: without hashing where the problem
    /// numbers its states, see [`SearchProblem::index_bound`]). Every choice gives the same
    /// results.
    pub fn node_table(mut self, node_table: NodeTable) -> Self {
        self.options.node_table = node_table;
        self
    }

    /// Sends every event of the search to `observer` (usually `&mut your_observer`, so that you
    /// keep it afterwards).
    pub fn observer<O2: Observer<P::State, P::Cost>>(self, observer: O2) -> Search<'a, P, O2> {
        Search {
            problem: self.problem,
            options: self.options,
            cancel: self.cancel,
            observer,
        }
    }

    /// Sends every event of the search to the closure `on_event`.
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
        F: FnMut(crate::Event<'_, P::State, P::Cost>),
    {
        self.observer(FnObserver(on_event))
    }

    /// Runs `algorithm`, chosen at run time. `heuristic` is ignored by
    /// [`Algorithm::Bfs`] and [`Algorithm::Dijkstra`].
    ///
    /// # Errors
    ///
    /// Those of the algorithm run.
    pub fn run<H>(self, algorithm: Algorithm, heuristic: H) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        match algorithm {
            Algorithm::Bfs => self.bfs(),
            Algorithm::Dijkstra => self.dijkstra(),
            Algorithm::Greedy => self.greedy(heuristic),
            Algorithm::AStar => self.astar(heuristic),
            Algorithm::WeightedAStar(weight) => self.weighted_astar(heuristic, weight),
            Algorithm::IdaStar => self.idastar(heuristic),
            Algorithm::Iddfs => self.iddfs(),
            Algorithm::DepthFirst(depth) => self.depth_first(depth),
            Algorithm::HillClimbing => self.hill_climbing(heuristic, 0, |_| {
                unreachable!("hill climbing without restarts asks for no random start")
            }),
            Algorithm::BeamSearch(width) => self.beam_search(heuristic, width),
        }
    }
}

/// The per-expansion checks shared by every algorithm: caps, deadline and cancellation.
pub(crate) struct Control<'a, C> {
    options: Options<C>,
    cancel: Option<Box<dyn FnMut() -> bool + 'a>>,
}

impl<'a, C: Cost> Control<'a, C> {
    pub(crate) fn new(options: Options<C>, cancel: Option<Box<dyn FnMut() -> bool + 'a>>) -> Self {
        Control { options, cancel }
    }

    /// The limit that forbids the next expansion, if any. Checked before every expansion.
    #[inline]
    pub(crate) fn before_expansion(&mut self, stats: &Stats) -> Option<Limit> {
        if let Some(limit) = self.options.max_expansions
            && stats.expanded >= limit
        {
            return Some(Limit::Expansions(limit));
        }
        if let Some(deadline) = self.options.deadline
            && Instant::now() >= deadline
        {
            return Some(Limit::Deadline);
        }
        if let Some(cancel) = self.cancel.as_mut()
            && cancel()
        {
            return Some(Limit::Cancelled);
        }
        None
    }

    /// The limit that forbids storing one more state, if any.
    #[inline]
    pub(crate) fn before_storing(&self, stored: usize) -> Option<Limit> {
        match self.options.max_stored {
            Some(limit) if stored >= limit => Some(Limit::StoredStates(limit)),
            _ => None,
        }
    }

    /// Whether a state with priority `f` falls outside the cost bound.
    #[inline]
    pub(crate) fn exceeds_bound(&self, f: C) -> bool {
        self.options
            .cost_bound
            .is_some_and(|bound| f.order(bound).is_gt())
    }

    pub(crate) fn tie_break(&self) -> TieBreak {
        self.options.tie_break
    }
}
